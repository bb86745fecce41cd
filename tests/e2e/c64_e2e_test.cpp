// End to end: `amazing --machine c64` on a real terminal (a detached tmux session), as a
// user sees it: the Commodore 64's banner in light blue on blue, the listing's question,
// a bad answer answered as the C64 does, 5,4 typed, the maze the C64 prints, a step
// walked, q. The tmux helpers are those of tmux_e2e_test.cpp (each e2e program is built
// and run on its own).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "core/amazing_walk.hpp"
#include "core/c64_rnd.hpp"
#include "core/ram.hpp"
#include "core/render.hpp"
#include "core/solve.hpp"
#include "settle.hpp"

namespace {

using namespace std::chrono_literals;

struct Shell {
  int status = -1;
  std::string out;
};

Shell run(const std::string& command) {
  Shell r;
  FILE* p = popen((command + " 2>&1").c_str(), "r");
  if (!p) return r;
  char buf[4096];
  std::size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  int st = pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

std::string quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  return out + "'";
}

bool have_tmux() {
  return run("tmux -V").status == 0;
}

class Tmux {
 public:
  // Starts `command` (run by sh) in a cols x rows terminal of type `term`.
  Tmux(const std::string& command, int cols, int rows, const std::string& term = "xterm-256color",
       const std::string& env = "") {
    static int counter = 0;
    socket_ = "amazing-e2e-" + std::to_string(getpid()) + "-" + std::to_string(++counter);
    // The shell traps SIGINT (so it outlives a Ctrl-C and reports), which resets it to
    // the default action in the program it starts.
    std::string inner = "trap : INT; s=$(stty -g); env TERM=" + term + " LANG=C.UTF-8 " + env +
                        " " + command + "; st=$?; if [ \"$(stty -g)\" = \"$s\" ]; then echo " +
                        "TTY-RESTORED; else echo TTY-CHANGED; fi; echo EXIT=$st; sleep 600";
    Shell r = run("LANG=C.UTF-8 tmux -u -L " + socket_ + " -f /dev/null new-session -d -x " +
                  std::to_string(cols) + " -y " + std::to_string(rows) + " " + quote(inner));
    ok_ = r.status == 0;
    if (!ok_) ADD_FAILURE() << "tmux new-session failed: " << r.out;
  }
  ~Tmux() {
    run("tmux -L " + socket_ + " kill-server");
    // tmux may leave the socket file behind; -L names live in $TMUX_TMPDIR/tmux-UID.
    const char* tmp = std::getenv("TMUX_TMPDIR");
    std::string dir = std::string(tmp && *tmp ? tmp : "/tmp") + "/tmux-" + std::to_string(getuid());
    ::unlink((dir + "/" + socket_).c_str());
  }

  std::string capture(bool escapes = false) const {
    return run("tmux -L " + socket_ + " capture-pane -p" + (escapes ? " -e" : "")).out;
  }
  // Keys by tmux name (Enter, BSpace, C-c, Down) or literal text with literal = true.
  void keys(const std::string& keys, bool literal = false) const {
    run("tmux -L " + socket_ + " send-keys " + (literal ? "-l " + quote(keys) : keys));
  }
  void resize(int cols, int rows) const {
    run("tmux -L " + socket_ + " resize-window -x " + std::to_string(cols) + " -y " +
        std::to_string(rows));
  }
  // Polls the pane until it shows `text` (at most `limit`); the last capture is kept.
  bool wait_for(const std::string& text, std::chrono::milliseconds limit = 10s) {
    auto end = std::chrono::steady_clock::now() + limit;
    for (;;) {
      last_ = capture();
      if (last_.find(text) != std::string::npos) {
        amazing::e2e::settle([this] { return capture(); }, last_, text);
        return true;
      }
      if (std::chrono::steady_clock::now() > end) return false;
      std::this_thread::sleep_for(50ms);
    }
  }
  const std::string& last() const { return last_; }
  bool ok() const { return ok_; }

 private:
  std::string socket_;
  std::string last_;
  bool ok_ = false;
};

#define REQUIRE_TMUX()                                                   \
  do {                                                                   \
    if (!have_tmux())                                                    \
      GTEST_SKIP() << "tmux is not installed: end-to-end tests skipped " \
                      "(apt-get install tmux)";                          \
  } while (0)

const std::string kBin = AMAZING_BINARY;

std::vector<std::string> split_lines(const std::string& s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t nl; (nl = s.find('\n', start)) != std::string::npos; start = nl + 1)
    out.push_back(s.substr(start, nl - start));
  if (start < s.size()) out.push_back(s.substr(start));
  return out;
}

TEST(C64E2E, BootsTypesFiveFourWalksAStepAndQuits) {
  REQUIRE_TMUX();
  // The maze a C64 prints for 5,4 from power-on (the native walk on its RND).
  amazing::core::Ram ram(38911);
  amazing::core::C64Rnd rnd;
  auto run5x4 = amazing::core::run_amazing(ram, 5, 4, amazing::core::Variant::kBook, rnd);
  ASSERT_TRUE(run5x4.ok());
  const std::string picture = amazing::core::render_text(run5x4->maze);
  auto way = amazing::core::solve(run5x4->maze);
  ASSERT_GE(way.path.size(), 2u);
  const auto a = way.path[0], b = way.path[1];
  const std::string first_step = b.row > a.row   ? "j"
                                 : b.row < a.row ? "k"
                                 : b.col > a.col ? "l"
                                                 : "h";

  Tmux t(kBin + " --machine c64", 80, 30);
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(t.wait_for("WHAT ARE YOUR WIDTH AND LENGTH?")) << t.last();
  const std::string boot = t.last();
  for (const char* line : {"COMMODORE 64", "    **** COMMODORE 64 BASIC V2 ****",
                           " 64K RAM SYSTEM  38911 BASIC BYTES FREE", "READY.", "RUN"})
    EXPECT_NE(boot.find(line), std::string::npos) << "missing '" << line << "' in\n" << boot;
  // TAB(28) then 15 characters runs past column 39: the C64 continues on the next row.
  EXPECT_NE(boot.find("AMAZING PROG"), std::string::npos) << boot;
  EXPECT_EQ(boot.find("AMAZING PROGRAM"), std::string::npos) << boot;
  // Light blue (bright blue on a 256-colour terminal) on blue.
  const std::string colours = t.capture(true);
  EXPECT_NE(colours.find("\x1b[44m"), std::string::npos) << "no blue background";
  EXPECT_NE(colours.find("\x1b[94m"), std::string::npos) << "no light blue text";

  // A bad answer, as the C64 answers it; then 5,4, typed in lower case shows as capitals.
  t.keys("x,2", true);
  t.keys("Enter");
  ASSERT_TRUE(t.wait_for("?REDO FROM START")) << t.last();
  EXPECT_NE(t.last().find("LENGTH? X,2"), std::string::npos) << t.last();
  t.keys("5,4", true);
  t.keys("Enter");
  ASSERT_TRUE(t.wait_for("PRESS A KEY TO WALK THE MAZE")) << t.last();
  const std::string printed = t.last();
  for (const std::string& line : split_lines(picture))
    EXPECT_NE(printed.find(line), std::string::npos) << "missing maze line '" << line << "' in\n"
                                                     << printed;
  EXPECT_NE(printed.find("READY."), std::string::npos) << printed;

  t.keys("Enter");
  ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
  // The walk goes on light blue on blue, as the C64 booted; the status line names the
  // maze as the C64 made it (no --seed: the power-on state, NO SEED).
  const std::string walking = t.capture(true);
  EXPECT_NE(walking.find("\x1b[44m"), std::string::npos) << "no blue background while walking";
  EXPECT_NE(walking.find("\x1b[94m"), std::string::npos) << "no light blue text while walking";
  EXPECT_NE(t.last().find("NO SEED"), std::string::npos) << t.last();
  t.keys(first_step, true);
  ASSERT_TRUE(t.wait_for("MOVES 1")) << t.last();
  // r replays the dialogue's maze on the C64's RND (it was refused before).
  t.keys("r");
  ASSERT_TRUE(t.wait_for("MAKING 5X4 BOOK")) << t.last();
  EXPECT_EQ(t.last().find("CANNOT BE REPLAYED"), std::string::npos) << t.last();
  t.keys("x");
  ASSERT_TRUE(t.wait_for("MOVES 1")) << t.last();
  t.keys("q");
  ASSERT_TRUE(t.wait_for("EXIT=0")) << t.last();
  EXPECT_NE(t.last().find("TTY-RESTORED"), std::string::npos) << t.last();
  EXPECT_EQ(t.last().find("MOVES"), std::string::npos) << "the screen was not given back\n"
                                                       << t.last();
}

TEST(C64E2E, OptionsTheC64CannotHonourAreRefusedByName) {
  for (const char* opt :
       {"--algorithm wilson", "--ram 64K", "--seed 0", "--scripts /tmp --size 5x5"}) {
    Shell r = run(kBin + " play --machine c64 " + opt + " </dev/null");
    EXPECT_EQ(r.status, 2) << opt << ": " << r.out;
    std::string name = std::string(opt).substr(0, std::string(opt).find(' '));
    EXPECT_NE(r.out.find(name), std::string::npos) << opt << ": " << r.out;
  }
}

}  // namespace
