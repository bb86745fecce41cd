// End to end: watching a maze being made (play --watch, and r in the play screen) in a
// real terminal, a detached tmux session with a server of its own. Skips when tmux is
// missing. Checked as text: the maze appears step by step (fewer walls in each capture),
// + doubles the speed, a key finishes it and the maze in play is the one made.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/amazing_walk.hpp"
#include "core/c64_rnd.hpp"
#include "core/ram.hpp"
#include "core/render.hpp"
#include "core/rnd.hpp"
#include "settle.hpp"

namespace {

using namespace std::chrono_literals;

std::string sh(const std::string& command, int* status = nullptr) {
  std::string out;
  FILE* p = popen((command + " 2>&1").c_str(), "r");
  if (!p) return out;
  char buf[4096];
  std::size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  const int st = pclose(p);
  if (status) *status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return out;
}

std::string quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// One tmux server a test: the command in an 80x30 xterm; the shell around it reports
// whether the terminal settings came back (TTY-RESTORED) and the exit status.
class Pane {
 public:
  explicit Pane(const std::string& command) {
    static int n = 0;
    socket_ = "amazing-watch-" + std::to_string(getpid()) + "-" + std::to_string(++n);
    const std::string inner = "trap : INT; s=$(stty -g); env TERM=xterm-256color LANG=C.UTF-8 " +
                              command +
                              "; st=$?; if [ \"$(stty -g)\" = \"$s\" ]; then echo TTY-RESTORED;"
                              " else echo TTY-CHANGED; fi; echo EXIT=$st; sleep 600";
    int status = -1;
    const std::string out = sh("LANG=C.UTF-8 tmux -u -L " + socket_ +
                                   " -f /dev/null new-session -d -x 80 -y 30 " + quoted(inner),
                               &status);
    ok_ = status == 0;
    if (!ok_) ADD_FAILURE() << "tmux new-session failed: " << out;
  }
  ~Pane() {
    sh("tmux -L " + socket_ + " kill-server");
    const char* tmp = std::getenv("TMUX_TMPDIR");
    ::unlink((std::string(tmp && *tmp ? tmp : "/tmp") + "/tmux-" + std::to_string(getuid()) + "/" +
              socket_)
                 .c_str());
  }
  bool ok() const { return ok_; }
  std::string capture() const { return sh("tmux -L " + socket_ + " capture-pane -p"); }
  void keys(const std::string& k) const { sh("tmux -L " + socket_ + " send-keys " + k); }
  // Polls (every 20 ms, at most `limit`) until the pane shows `text`.
  bool wait_for(const std::string& text, std::chrono::milliseconds limit = 10s) {
    const auto end = std::chrono::steady_clock::now() + limit;
    for (;;) {
      last_ = capture();
      if (last_.find(text) != std::string::npos) return true;
      if (std::chrono::steady_clock::now() > end) return false;
      std::this_thread::sleep_for(20ms);
    }
  }
  // Waits for `text` (the play view), then until two captures 50 ms apart agree (1 s at
  // most), so the lines drawn after it are there too on a loaded machine.
  bool wait_for_still(const std::string& text, std::chrono::milliseconds limit = 10s) {
    if (!wait_for(text, limit)) return false;
    amazing::e2e::settle([this] { return capture(); }, last_, text);
    return true;
  }
  const std::string& last() const { return last_; }

 private:
  std::string socket_;
  std::string last_;
  bool ok_ = false;
};

#define REQUIRE_TMUX()                                                  \
  do {                                                                  \
    int st = -1;                                                        \
    sh("tmux -V", &st);                                                 \
    if (st != 0)                                                        \
      GTEST_SKIP() << "tmux is not installed: watch e2e tests skipped " \
                      "(apt-get install tmux)";                         \
  } while (0)

const std::string kBin = AMAZING_BINARY;

std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t nl; (nl = s.find('\n', start)) != std::string::npos; start = nl + 1)
    out.push_back(s.substr(start, nl - start));
  if (start < s.size()) out.push_back(s.substr(start));
  return out;
}

// The walls in the maze window: '-' and 'I' on the 23 lines after the status line (the
// one holding `status`); -1 when the status line is not on the screen.
int walls_shown(const std::string& screen, const std::string& status) {
  const auto lines = lines_of(screen);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].find(status) == std::string::npos) continue;
    int n = 0;
    for (std::size_t j = i + 1; j < lines.size() && j <= i + 23; ++j)
      for (char c : lines[j]) n += c == '-' || c == 'I';
    return n;
  }
  return -1;
}

std::string expected_picture(int w, int h, int16_t seed, amazing::core::Variant v) {
  amazing::core::Ram ram(amazing::core::kUnlimited);
  amazing::core::GwRnd rnd;
  rnd.randomize(seed);
  auto maze = amazing::core::generate_amazing(ram, w, h, v, rnd);
  return maze ? amazing::core::render_text(*maze) : std::string();
}

// The maze lines of the picture on the screen, but for the player's row (the player
// stands in the entrance: "<>" there).
void expect_maze_on_screen(const std::string& picture, const std::string& screen) {
  const auto lines = lines_of(picture);
  ASSERT_GT(lines.size(), 2u);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i == 1) continue;
    EXPECT_NE(screen.find(lines[i]), std::string::npos)
        << "missing maze line '" << lines[i] << "' in\n"
        << screen;
  }
}

// Captures while the making goes on; returns the wall counts seen, in order.
std::vector<int> watch_counts(Pane& t, int captures) {
  std::vector<int> seen;
  for (int i = 0; i < captures; ++i) {
    const int n = walls_shown(t.capture(), "MAKING");
    if (n < 0) break;
    if (seen.empty() || seen.back() != n) seen.push_back(n);
    std::this_thread::sleep_for(150ms);
  }
  return seen;
}

TEST(WatchE2E, PlayWatchShowsTheMazeStepByStepAndAKeyFinishesIt) {
  REQUIRE_TMUX();
  const std::string picture = expected_picture(12, 10, 7, amazing::core::Variant::kFixedExit);
  Pane t(kBin + " play --size 12x10 --seed 7 --variant fixed-exit --watch");
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(t.wait_for("MAKING 12X10 FIXED-EXIT")) << t.last();
  EXPECT_NE(t.last().find("SPEED X1"), std::string::npos) << t.last();
  EXPECT_NE(t.last().find("ANY OTHER KEY: DONE"), std::string::npos) << t.last();
  // Step by step: walls go, a few at a time (the default pace takes seconds).
  const std::vector<int> seen = watch_counts(t, 8);
  ASSERT_GE(seen.size(), 3u) << "the maze did not appear step by step; last screen:\n"
                             << t.capture();
  for (std::size_t i = 1; i < seen.size(); ++i) EXPECT_LT(seen[i], seen[i - 1]);
  // + doubles the speed; any other key finishes at once: back to the maze in play.
  t.keys("+");
  ASSERT_TRUE(t.wait_for("SPEED X2", 3s)) << t.last();
  t.keys("x");
  ASSERT_TRUE(t.wait_for_still("MOVES 0", 3s)) << t.last();
  EXPECT_EQ(t.last().find("MAKING"), std::string::npos) << t.last();
  EXPECT_NE(t.last().find("<>"), std::string::npos) << t.last();
  EXPECT_LT(walls_shown(t.last(), "MOVES 0"), seen.back());
  expect_maze_on_screen(picture, t.last());
  t.keys("q");
  ASSERT_TRUE(t.wait_for("EXIT=")) << t.last();
  EXPECT_NE(t.last().find("TTY-RESTORED"), std::string::npos) << t.last();
  EXPECT_NE(t.last().find("EXIT=0"), std::string::npos) << t.last();
}

// The C64's maze is replayed on the C64's RND (X=RND(-(7))), not the pc's: the watch ends
// in the maze the C64 walk makes, and the screen stays light blue on blue.
TEST(WatchE2E, PlayWatchOnTheC64ReplaysTheC64Maze) {
  REQUIRE_TMUX();
  amazing::core::Ram ram(38911);
  amazing::core::C64Rnd rnd;
  rnd.seed_statement(7);
  auto run = amazing::core::run_amazing(ram, 12, 10, amazing::core::Variant::kFixedExit, rnd);
  ASSERT_TRUE(run.ok());
  const std::string picture = amazing::core::render_text(run->maze);
  ASSERT_NE(picture, expected_picture(12, 10, 7, amazing::core::Variant::kFixedExit));
  Pane t(kBin + " play --machine c64 --size 12x10 --seed 7 --variant fixed-exit --watch");
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(t.wait_for("MAKING 12X10 FIXED-EXIT")) << t.last();
  const std::vector<int> seen = watch_counts(t, 6);
  ASSERT_GE(seen.size(), 2u) << t.capture();
  for (std::size_t i = 1; i < seen.size(); ++i) EXPECT_LT(seen[i], seen[i - 1]);
  t.keys("x");
  ASSERT_TRUE(t.wait_for_still("MOVES 0", 3s)) << t.last();
  EXPECT_EQ(t.last().find("CANNOT BE REPLAYED"), std::string::npos) << t.last();
  expect_maze_on_screen(picture, t.last());
  EXPECT_NE(t.last().find("SEED 7"), std::string::npos) << t.last();
  // r again from the play screen, then back.
  t.keys("r");
  ASSERT_TRUE(t.wait_for("MAKING 12X10 FIXED-EXIT", 3s)) << t.last();
  t.keys("x");
  ASSERT_TRUE(t.wait_for_still("MOVES 0", 3s)) << t.last();
  t.keys("q");
  ASSERT_TRUE(t.wait_for("EXIT=")) << t.last();
  EXPECT_NE(t.last().find("TTY-RESTORED"), std::string::npos) << t.last();
  EXPECT_NE(t.last().find("EXIT=0"), std::string::npos) << t.last();
}

TEST(WatchE2E, RInThePlayScreenReplaysAndPlayGoesOnWhereItWas) {
  REQUIRE_TMUX();
  Pane t(kBin + " play --size 12x10 --seed 7 --variant fixed-exit --algorithm backtracker");
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(t.wait_for_still("MOVES 0")) << t.last();
  const int finished = walls_shown(t.last(), "MOVES 0");
  const std::string before = t.last();
  t.keys("r");
  ASSERT_TRUE(t.wait_for("MAKING 12X10 BACKTRACKER")) << t.last();
  const std::vector<int> seen = watch_counts(t, 6);
  ASSERT_GE(seen.size(), 2u) << t.capture();
  EXPECT_GT(seen.front(), finished);
  t.keys("Enter");  // any key but the controls (Space pauses: issue 23) finishes it
  ASSERT_TRUE(t.wait_for_still("MOVES 0", 3s)) << t.last();
  // The same screen as before r: the maze, the player (the status line's clock aside).
  auto without_status = [](const std::string& screen) {
    std::string out;
    for (const std::string& line : lines_of(screen))
      if (line.find("MOVES 0") == std::string::npos) out += line + "\n";
    return out;
  };
  EXPECT_EQ(without_status(t.last()), without_status(before));
  t.keys("q");
  ASSERT_TRUE(t.wait_for("EXIT=0")) << t.last();
}

TEST(WatchE2E, ABigMazeIsFollowedAndCtrlCStillEndsTheProgram) {
  REQUIRE_TMUX();
  Pane t(kBin + " play --size 100x100 --seed 3 --watch");
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(t.wait_for("MAKING 100X100 BOOK")) << t.last();
  t.keys("+");
  t.keys("+");
  t.keys("+");
  t.keys("+");
  ASSERT_TRUE(t.wait_for("SPEED X16", 3s)) << t.last();
  const std::vector<int> seen = watch_counts(t, 6);
  ASSERT_GE(seen.size(), 2u) << t.capture();
  t.keys("C-c");
  ASSERT_TRUE(t.wait_for("EXIT=")) << t.last();
  EXPECT_NE(t.last().find("TTY-RESTORED"), std::string::npos) << t.last();
  EXPECT_NE(t.last().find("EXIT=130"), std::string::npos) << t.last();
}

TEST(WatchE2E, AScriptsMazeSaysItCannotBeReplayed) {
  REQUIRE_TMUX();
  const std::string dir = "/tmp/amazing-watch-e2e-" + std::to_string(getpid());
  sh("mkdir -p " + dir);
  // A script that hands over a maze of its own (amazing.publish), made without the walk.
  FILE* f = std::fopen((dir + "/mine.lua").c_str(), "w");
  ASSERT_NE(f, nullptr);
  std::fputs(
      "local W, L = amazing.args.width, amazing.args.length\n"
      "local m = amazing.maze(W, L)\n"
      "m:set_entrance(1)\n"
      "for c = 1, W - 1 do m:carve(c, 1, 'right') end\n"
      "for c = 1, W do for r = 1, L - 1 do m:carve(c, r, 'down') end end\n"
      "m:carve(1, L, 'down')\n"
      "amazing.publish(m)\n",
      f);
  std::fclose(f);
  Pane t(kBin + " play --size 6x5 --script " + dir + "/mine.lua");
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(t.wait_for_still("MOVES 0")) << t.last();
  t.keys("r");
  ASSERT_TRUE(t.wait_for("CAN BE WATCHED", 3s)) << t.last();
  EXPECT_NE(t.last().find("MAKING CANNOT BE"), std::string::npos) << t.last();
  EXPECT_NE(t.last().find("MINE.LUA"), std::string::npos) << t.last();
  t.keys("q");
  ASSERT_TRUE(t.wait_for("EXIT=0")) << t.last();
  sh("rm -rf " + dir);
}

}  // namespace
