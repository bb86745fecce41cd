#include "support/tmux.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <thread>

#include "support/run.hpp"

namespace amazing::test {

namespace {

using namespace std::chrono_literals;

const std::string& tmux_path() {
  static const std::string path = find_in_path("tmux");
  return path;
}

}  // namespace

bool have_tmux() {
  return !tmux_path().empty() && run_program({tmux_path(), "-V"}).code == 0;
}

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string TmuxSession::tmux(const std::vector<std::string>& args, int* status) const {
  std::vector<std::string> argv = {tmux_path(), "-u", "-L", socket_};
  argv.insert(argv.end(), args.begin(), args.end());
  RunOptions options;
  options.env = {"LANG=C.UTF-8"};
  options.merge_stderr = true;
  options.limit = 30s;
  const Ran r = run_program(argv, "", options);
  if (status) *status = r.code;
  return r.out;
}

TmuxSession::TmuxSession(const std::vector<std::string>& argv, const Options& options) {
  static int counter = 0;
  socket_ = "amazing-e2e-" + std::to_string(getpid()) + "-" + std::to_string(++counter);
  std::string command = "env TERM=" + shell_quote(options.term) + " LANG=C.UTF-8 " +
                        shell_quote("XDG_DATA_HOME=" + data_.path().string());
  for (const auto& e : options.env) command += " " + shell_quote(e);
  for (const auto& a : argv) command += " " + shell_quote(a);
  const std::string inner = "trap : INT; s=$(stty -g); " + command +
                            "; st=$?; if [ \"$(stty -g)\" = \"$s\" ]; then echo TTY-RESTORED;"
                            " else echo TTY-CHANGED; fi; echo EXIT=$st; sleep 600";
  int status = -1;
  const std::string out = tmux({"-f", "/dev/null", "new-session", "-d", "-x",
                                std::to_string(options.cols), "-y", std::to_string(options.rows),
                                inner},
                               &status);
  ok_ = status == 0;
  if (!ok_) ADD_FAILURE() << "tmux new-session failed: " << out;
}

TmuxSession::~TmuxSession() {
  tmux({"kill-server"});
  // tmux may leave the socket file behind; -L names live in $TMUX_TMPDIR/tmux-UID.
  const char* tmp = std::getenv("TMUX_TMPDIR");
  const std::string dir =
      std::string(tmp && *tmp ? tmp : "/tmp") + "/tmux-" + std::to_string(getuid());
  ::unlink((dir + "/" + socket_).c_str());
}

std::string TmuxSession::capture(bool escapes) const {
  return escapes ? tmux({"capture-pane", "-p", "-e"}) : tmux({"capture-pane", "-p"});
}

void TmuxSession::keys(const std::string& names) const {
  std::vector<std::string> args = {"send-keys"};
  std::size_t start = 0;
  while (start < names.size()) {
    const std::size_t space = names.find(' ', start);
    const std::size_t end = space == std::string::npos ? names.size() : space;
    if (end > start) args.push_back(names.substr(start, end - start));
    start = end + 1;
  }
  tmux(args);
}

void TmuxSession::type(const std::string& text) const {
  tmux({"send-keys", "-l", "--", text});
}

void TmuxSession::resize(int cols, int rows) const {
  tmux({"resize-window", "-x", std::to_string(cols), "-y", std::to_string(rows)});
}

bool TmuxSession::wait_for(const std::string& text, std::chrono::milliseconds limit,
                           bool settle) {
  const auto end = std::chrono::steady_clock::now() + limit;
  for (;;) {
    last_ = capture();
    if (last_.find(text) != std::string::npos) break;
    if (std::chrono::steady_clock::now() > end) return false;
    std::this_thread::sleep_for(20ms);
  }
  if (!settle) return true;
  for (int k = 0; k < 20; ++k) {
    std::this_thread::sleep_for(50ms);
    std::string now = capture();
    if (now == last_ || now.find(text) == std::string::npos) break;
    last_ = std::move(now);
  }
  return true;
}

std::optional<int> TmuxSession::wait_exit(std::chrono::milliseconds limit) {
  if (!wait_for("EXIT=", limit, false)) return std::nullopt;
  // The first "EXIT=" followed by digits (by hand: <regex> alone costs this file most of
  // its compile time, in every build).
  for (auto at = last_.find("EXIT="); at != std::string::npos; at = last_.find("EXIT=", at + 1)) {
    const auto digits = at + 5;
    const auto end = last_.find_first_not_of("0123456789", digits);
    if (end != digits) return std::stoi(last_.substr(digits, end - digits));
  }
  return std::nullopt;
}

TmuxSession amazing_on(const std::string& args, int cols, int rows, const std::string& term,
                       const std::vector<std::string>& env) {
  std::vector<std::string> argv = {amazing_binary()};
  for (const auto& w : words(args)) argv.push_back(w);
  TmuxSession::Options o;
  o.cols = cols;
  o.rows = rows;
  o.term = term;
  o.env = env;
  return TmuxSession(argv, o);
}

}  // namespace amazing::test
