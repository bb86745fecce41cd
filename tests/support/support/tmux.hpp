// A terminal for end-to-end tests: a detached tmux session on a server of its own (its
// own -L socket, no user config), driven by send-keys and read with capture-pane, every
// wait bounded; the server is killed when the object goes.
//
// The program runs under a shell that records the terminal settings (stty -g) before and
// compares them after, printing TTY-RESTORED or TTY-CHANGED and EXIT=<status>, then stays
// so the pane can still be read. The shell traps SIGINT (it outlives a Ctrl-C and
// reports); the program it starts gets the default action back.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "support/files.hpp"

namespace amazing::test {

// True when tmux can be run.
bool have_tmux();

#define AMAZING_REQUIRE_TMUX()                                                             \
  do {                                                                                     \
    if (!::amazing::test::have_tmux())                                                     \
      GTEST_SKIP() << "tmux is not installed: end-to-end tests skipped (apt-get install tmux)"; \
  } while (0)

class TmuxSession {
 public:
  struct Options {
    int cols = 80, rows = 30;
    std::string term = "xterm-256color";
    // NAME=VALUE for the program. LANG=C.UTF-8 is set, and XDG_DATA_HOME to a folder of
    // the session's own (data_folder()), so records and saves never reach the user's home.
    std::vector<std::string> env;
  };
  // Starts `argv` (each word quoted for the pane's shell). ok() says whether tmux started.
  explicit TmuxSession(const std::vector<std::string>& argv, const Options& options);
  explicit TmuxSession(const std::vector<std::string>& argv) : TmuxSession(argv, Options{}) {}
  ~TmuxSession();
  TmuxSession(const TmuxSession&) = delete;
  TmuxSession& operator=(const TmuxSession&) = delete;

  bool ok() const { return ok_; }
  const std::string& socket() const { return socket_; }
  // The program's XDG_DATA_HOME (unless Options::env sets another): removed with the
  // session.
  const std::filesystem::path& data_folder() const { return data_.path(); }

  // The pane as text (with its colours as escapes when `escapes`).
  std::string capture(bool escapes = false) const;
  // Keys by tmux name (Enter, BSpace, C-c, Down, or several separated by spaces).
  void keys(const std::string& names) const;
  // Literal text, typed as it is (no key names).
  void type(const std::string& text) const;
  void resize(int cols, int rows) const;

  // Polls the pane (every 20 ms, at most `limit`) until it shows `text`; then, unless
  // `settle` is false, until two captures 50 ms apart agree (1 s at most), since the rest
  // of a frame may still be on its way on a loaded machine. last() is the newest capture.
  bool wait_for(const std::string& text, std::chrono::milliseconds limit = std::chrono::seconds(10),
                bool settle = true);
  // Waits for the shell's EXIT=<status> line; the status, or nothing after `limit`.
  std::optional<int> wait_exit(std::chrono::milliseconds limit = std::chrono::seconds(10));
  const std::string& last() const { return last_; }

 private:
  std::string tmux(const std::vector<std::string>& args, int* status = nullptr) const;
  TempDir data_{"amazing-e2e-data"};
  std::string socket_;
  std::string last_;
  bool ok_ = false;
};

// `s` as one word for sh.
std::string shell_quote(const std::string& s);

// `amazing ARGS` (an option list written in the test, or "" for the bare command; words())
// on a cols x rows terminal of type `term`, `env` (NAME=VALUE) added.
TmuxSession amazing_on(const std::string& args, int cols = 80, int rows = 30,
                       const std::string& term = "xterm-256color",
                       const std::vector<std::string>& env = {});

}  // namespace amazing::test
