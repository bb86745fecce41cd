// End to end: watching a maze being made (play --watch, and r in the play screen) in a
// real terminal, a detached tmux session with a server of its own. Skips when tmux is
// missing. Checked as text: the maze appears step by step (fewer walls in each capture),
// + doubles the speed, a key finishes it and the maze in play is the one made.
#include <gtest/gtest.h>

#include <chrono>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/amazing_walk.hpp"
#include "core/c64_rnd.hpp"
#include "core/ram.hpp"
#include "core/render.hpp"
#include "core/rnd.hpp"
#include "support/files.hpp"
#include "support/run.hpp"
#include "support/tmux.hpp"

namespace {

using namespace std::chrono_literals;

using amazing::test::lines_of;
using amazing::test::TmuxSession;
using amazing::test::words;

using amazing::test::amazing_on;  // in an 80x30 xterm on a tmux server of its own

#define REQUIRE_TMUX() AMAZING_REQUIRE_TMUX()

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
std::vector<int> watch_counts(TmuxSession& t, int captures) {
  std::vector<int> seen;
  for (int i = 0; i < captures; ++i) {
    const int n = walls_shown(t.capture(), "MAKING");
    if (n < 0) break;
    if (seen.empty() || seen.back() != n) seen.push_back(n);
    std::this_thread::sleep_for(150ms);
  }
  return seen;
}

// The walls go as the maze is made: more of the counts seen fall than rise. (A capture
// can land while the terminal is half redrawn on a loaded machine and count a wall too
// few, so one rise among the falls is no failure; a maze that grows walls is.)
testing::AssertionResult mostly_falling(const std::vector<int>& seen) {
  int falls = 0, rises = 0;
  for (std::size_t i = 1; i < seen.size(); ++i) (seen[i] < seen[i - 1] ? falls : rises)++;
  if (falls > rises) return testing::AssertionSuccess();
  testing::AssertionResult r = testing::AssertionFailure() << "wall counts seen:";
  for (int n : seen) r << ' ' << n;
  return r;
}

TEST(WatchE2E, PlayWatchShowsTheMazeStepByStepAndAKeyFinishesIt) {
  REQUIRE_TMUX();
  const std::string picture = expected_picture(12, 10, 7, amazing::core::Variant::kFixedExit);
  TmuxSession t = amazing_on("play --size 12x10 --seed 7 --variant fixed-exit --watch");
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(t.wait_for("MAKING 12X10 FIXED-EXIT", 10s, false)) << t.last();
  EXPECT_NE(t.last().find("SPEED X1"), std::string::npos) << t.last();
  EXPECT_NE(t.last().find("ANY OTHER KEY: DONE"), std::string::npos) << t.last();
  // Step by step: walls go, a few at a time (the default pace takes seconds).
  const std::vector<int> seen = watch_counts(t, 8);
  ASSERT_GE(seen.size(), 3u) << "the maze did not appear step by step; last screen:\n"
                             << t.capture();
  EXPECT_TRUE(mostly_falling(seen));
  // + doubles the speed; any other key finishes at once: back to the maze in play.
  t.keys("+");
  ASSERT_TRUE(t.wait_for("SPEED X2", 3s, false)) << t.last();
  t.keys("x");
  ASSERT_TRUE(t.wait_for("MOVES 0", 3s)) << t.last();
  EXPECT_EQ(t.last().find("MAKING"), std::string::npos) << t.last();
  EXPECT_NE(t.last().find("<>"), std::string::npos) << t.last();
  EXPECT_LT(walls_shown(t.last(), "MOVES 0"), seen.back());
  expect_maze_on_screen(picture, t.last());
  t.keys("q");
  ASSERT_TRUE(t.wait_for("EXIT=", 10s, false)) << t.last();
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
  TmuxSession t = amazing_on("play --machine c64 --size 12x10 --seed 7 --variant fixed-exit --watch");
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(t.wait_for("MAKING 12X10 FIXED-EXIT", 10s, false)) << t.last();
  const std::vector<int> seen = watch_counts(t, 6);
  ASSERT_GE(seen.size(), 2u) << t.capture();
  EXPECT_TRUE(mostly_falling(seen));
  t.keys("x");
  ASSERT_TRUE(t.wait_for("MOVES 0", 3s)) << t.last();
  EXPECT_EQ(t.last().find("CANNOT BE REPLAYED"), std::string::npos) << t.last();
  expect_maze_on_screen(picture, t.last());
  EXPECT_NE(t.last().find("SEED 7"), std::string::npos) << t.last();
  // r again from the play screen, then back.
  t.keys("r");
  ASSERT_TRUE(t.wait_for("MAKING 12X10 FIXED-EXIT", 3s, false)) << t.last();
  t.keys("x");
  ASSERT_TRUE(t.wait_for("MOVES 0", 3s)) << t.last();
  t.keys("q");
  ASSERT_TRUE(t.wait_for("EXIT=", 10s, false)) << t.last();
  EXPECT_NE(t.last().find("TTY-RESTORED"), std::string::npos) << t.last();
  EXPECT_NE(t.last().find("EXIT=0"), std::string::npos) << t.last();
}

TEST(WatchE2E, RInThePlayScreenReplaysAndPlayGoesOnWhereItWas) {
  REQUIRE_TMUX();
  TmuxSession t = amazing_on("play --size 12x10 --seed 7 --variant fixed-exit --algorithm backtracker");
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
  const int finished = walls_shown(t.last(), "MOVES 0");
  const std::string before = t.last();
  t.keys("r");
  ASSERT_TRUE(t.wait_for("MAKING 12X10 BACKTRACKER", 10s, false)) << t.last();
  const std::vector<int> seen = watch_counts(t, 6);
  ASSERT_GE(seen.size(), 2u) << t.capture();
  EXPECT_GT(seen.front(), finished);
  t.keys("Enter");  // any key but the controls (Space pauses: issue 23) finishes it
  ASSERT_TRUE(t.wait_for("MOVES 0", 3s)) << t.last();
  // The same screen as before r: the maze, the player (the status line's clock aside).
  auto without_status = [](const std::string& screen) {
    std::string out;
    for (const std::string& line : lines_of(screen))
      if (line.find("MOVES 0") == std::string::npos) out += line + "\n";
    return out;
  };
  EXPECT_EQ(without_status(t.last()), without_status(before));
  t.keys("q");
  ASSERT_TRUE(t.wait_for("EXIT=0", 10s, false)) << t.last();
}

TEST(WatchE2E, ABigMazeIsFollowedAndCtrlCStillEndsTheProgram) {
  REQUIRE_TMUX();
  TmuxSession t = amazing_on("play --size 100x100 --seed 3 --watch");
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(t.wait_for("MAKING 100X100 BOOK", 10s, false)) << t.last();
  t.keys("+");
  t.keys("+");
  t.keys("+");
  t.keys("+");
  ASSERT_TRUE(t.wait_for("SPEED X16", 3s, false)) << t.last();
  const std::vector<int> seen = watch_counts(t, 6);
  ASSERT_GE(seen.size(), 2u) << t.capture();
  t.keys("C-c");
  ASSERT_TRUE(t.wait_for("EXIT=", 10s, false)) << t.last();
  EXPECT_NE(t.last().find("TTY-RESTORED"), std::string::npos) << t.last();
  EXPECT_NE(t.last().find("EXIT=130"), std::string::npos) << t.last();
}

TEST(WatchE2E, AScriptsMazeSaysItCannotBeReplayed) {
  REQUIRE_TMUX();
  const amazing::test::TempDir dir("amazing-watch-e2e");
  // A script that hands over a maze of its own (amazing.publish), made without the walk.
  const std::string script = amazing::test::write_file(
      dir / "mine.lua",
      "local W, L = amazing.args.width, amazing.args.length\n"
      "local m = amazing.maze(W, L)\n"
      "m:set_entrance(1)\n"
      "for c = 1, W - 1 do m:carve(c, 1, 'right') end\n"
      "for c = 1, W do for r = 1, L - 1 do m:carve(c, r, 'down') end end\n"
      "m:carve(1, L, 'down')\n"
      "amazing.publish(m)\n");
  TmuxSession t(std::vector<std::string>{amazing::test::amazing_binary(), "play", "--size", "6x5",
                                         "--script", script});
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
  t.keys("r");
  ASSERT_TRUE(t.wait_for("CAN BE WATCHED", 3s, false)) << t.last();
  EXPECT_NE(t.last().find("MAKING CANNOT BE"), std::string::npos) << t.last();
  EXPECT_NE(t.last().find("MINE.LUA"), std::string::npos) << t.last();
  t.keys("q");
  ASSERT_TRUE(t.wait_for("EXIT=0", 10s, false)) << t.last();
}

}  // namespace
