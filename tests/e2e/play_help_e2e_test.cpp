// End to end: the play screen's walking helps in a real terminal (a detached tmux session
// with a server of its own a test): the run keys (g then a move key, Shift and Ctrl with
// an arrow), the trail (t), a mouse click (an xterm SGR mouse report), --fog, a solver
// (m) paused and stepped, and the maze's making paused, stepped and jumped. Skips when
// tmux is missing. Checked as text.
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
#include "core/ram.hpp"
#include "core/rnd.hpp"
#include "core/solve.hpp"
#include "core/walking.hpp"
#include "support/run.hpp"
#include "support/tmux.hpp"

namespace {

using namespace std::chrono_literals;
using amazing::core::Cell;
using amazing::core::Direction;

// A play screen in a tmux session of its own (tests/support): the command's words, keys,
// literal text (an SGR mouse report) and the pane as text.
class Pane {
 public:
  explicit Pane(const std::string& command) : session_(amazing::test::words(command)) {
    if (!session_.ok()) ADD_FAILURE() << "tmux new-session failed";
  }
  bool ok() const { return session_.ok(); }
  std::string capture() const { return session_.capture(); }
  void keys(const std::string& k) const { session_.keys(k); }
  void literal(const std::string& text) const { session_.type(text); }
  bool wait_for(const std::string& text, std::chrono::milliseconds limit = 10s) {
    return session_.wait_for(text, limit);
  }
  const std::string& last() const { return session_.last(); }

 private:
  amazing::test::TmuxSession session_;
};

#define REQUIRE_TMUX()                                                                    \
  do {                                                                                    \
    if (amazing::test::find_in_path("tmux").empty())                                      \
      GTEST_SKIP() << "tmux is not installed: play e2e tests skipped (apt-get install tmux)"; \
  } while (0)

const std::string kBin = AMAZING_BINARY;

// The maze play --size WxL --seed N --variant fixed-exit walks, kept alive with its RAM.
struct Maze {
  amazing::core::Ram ram{amazing::core::kUnlimited};
  std::optional<amazing::core::Maze> maze;
  Maze(int w, int h, int16_t seed) {
    amazing::core::GwRnd rnd;
    rnd.randomize(seed);
    auto m = amazing::core::generate_amazing(ram, w, h, amazing::core::Variant::kFixedExit, rnd);
    if (m) maze.emplace(std::move(m).value());
  }
};

std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t nl; (nl = s.find('\n', start)) != std::string::npos; start = nl + 1)
    out.push_back(s.substr(start, nl - start));
  if (start < s.size()) out.push_back(s.substr(start));
  return out;
}

// Where the player's "<>" is on the pane: (row, column) from 0, or (-1, -1).
std::pair<int, int> player_at(const std::string& screen) {
  const auto lines = lines_of(screen);
  for (std::size_t r = 0; r < lines.size(); ++r)
    if (auto c = lines[r].find("<>"); c != std::string::npos)
      return {static_cast<int>(r), static_cast<int>(c)};
  return {-1, -1};
}

int count_of(const std::string& screen, const std::string& text) {
  int n = 0;
  for (std::size_t at = screen.find(text); at != std::string::npos; at = screen.find(text, at + 1))
    ++n;
  return n;
}

int walls_of(const std::string& screen) {
  int n = 0;
  for (char c : screen) n += c == '-' || c == 'I' || c == ':';
  return n;
}

void quit_cleanly(Pane& t) {
  t.keys("q");
  ASSERT_TRUE(t.wait_for("EXIT=")) << t.last();
  EXPECT_NE(t.last().find("TTY-RESTORED"), std::string::npos) << t.last();
  EXPECT_NE(t.last().find("EXIT=0"), std::string::npos) << t.last();
}

TEST(PlayHelpE2E, GThenAMoveKeyAndShiftOrCtrlArrowsRunToTheNextJunction) {
  REQUIRE_TMUX();
  Maze m(12, 10, 7);
  ASSERT_TRUE(m.maze);
  // Three runs, one for each way of asking: g then a move key, Shift and Ctrl with an
  // arrow; each the longest run open from where the one before stopped.
  const Direction kDirs[] = {Direction::kUp, Direction::kRight, Direction::kDown,
                             Direction::kLeft};
  const char* kVi[] = {"k", "l", "j", "h"};
  const char* kArrow[] = {"Up", "Right", "Down", "Left"};
  Cell at{m.maze->entrance(), 0};
  int moves = 0;
  std::vector<std::string> keys;
  std::vector<int> after;
  for (int i = 0; i < 3; ++i) {
    std::size_t best = 0;
    int pick = 0;
    for (int d = 0; d < 4; ++d) {
      const auto run = amazing::core::run_along(*m.maze, at, kDirs[d]);
      if (run.size() > best) best = run.size(), pick = d;
    }
    ASSERT_GT(best, 0u);
    at = amazing::core::run_along(*m.maze, at, kDirs[pick]).back();
    moves += static_cast<int>(best);
    after.push_back(moves);
    keys.push_back(i == 0 ? std::string(kVi[pick])
                          : std::string(i == 1 ? "S-" : "C-") + kArrow[pick]);
  }
  Pane t(kBin + " play --size 12x10 --seed 7 --variant fixed-exit");
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
  t.keys("g");
  ASSERT_TRUE(t.wait_for("RUN WHICH WAY?")) << t.last();
  for (int i = 0; i < 3; ++i) {
    t.keys(keys[i]);
    ASSERT_TRUE(t.wait_for("MOVES " + std::to_string(after[i]) + " ")) << keys[i] << t.last();
  }
  // t shows the trail: a mark on each other cell walked.
  EXPECT_EQ(count_of(t.last(), ".."), 0) << t.last();
  t.keys("t");
  ASSERT_TRUE(t.wait_for("..")) << t.last();
  EXPECT_GE(count_of(t.last(), ".."), after[0]) << t.last();
  quit_cleanly(t);
}

TEST(PlayHelpE2E, AMouseClickWalksToTheCellAlongTheOpenWay) {
  REQUIRE_TMUX();
  Maze m(12, 10, 7);
  ASSERT_TRUE(m.maze);
  const auto way = amazing::core::solve(*m.maze).path;
  ASSERT_GT(way.size(), 6u);
  Pane t(kBin + " play --size 12x10 --seed 7 --variant fixed-exit");
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(t.wait_for("<>")) << t.last();
  const auto [row, col] = player_at(t.last());
  ASSERT_GE(row, 0);
  // The sixth cell of the way out: 3 columns a cell across, 2 lines a cell down from the
  // player in the entrance; an SGR report counts from 1.
  const Cell c = way[6];
  const int x = col + 3 * (c.col - way[0].col) + 1, y = row + 2 * c.row + 1;
  t.literal("\x1b[<0;" + std::to_string(x) + ";" + std::to_string(y) + "M");
  t.literal("\x1b[<0;" + std::to_string(x) + ";" + std::to_string(y) + "m");
  ASSERT_TRUE(t.wait_for("MOVES 6 ")) << t.last();
  EXPECT_EQ(player_at(t.last()), std::make_pair(y - 1, x - 1)) << t.last();
  quit_cleanly(t);
}

TEST(PlayHelpE2E, FogShowsTheOutlineAndWhatWasSeen) {
  REQUIRE_TMUX();
  Pane clear(kBin + " play --size 12x10 --seed 7 --variant fixed-exit");
  Pane fog(kBin + " play --size 12x10 --seed 7 --variant fixed-exit --fog");
  ASSERT_TRUE(clear.ok() && fog.ok());
  ASSERT_TRUE(clear.wait_for("<>")) << clear.last();
  ASSERT_TRUE(fog.wait_for("<>")) << fog.last();
  const auto a = lines_of(clear.last()), b = lines_of(fog.last());
  EXPECT_LT(walls_of(fog.last()), walls_of(clear.last()) / 2) << fog.last();
  // The top line of the maze (with the entrance gap) and the bottom line are whole.
  const int row = player_at(clear.last()).first;
  EXPECT_EQ(b[row - 1], a[row - 1]);
  EXPECT_EQ(b[row + 19], a[row + 19]);
  quit_cleanly(fog);
  quit_cleanly(clear);
}

// Braided and graded mazes on the play screen: --braid 1 opens a wall at every dead end
// (fewer walls on the screen than the same maze unbraided), and --difficulty shows the
// seed it chose, the one gen --difficulty says on standard error.
TEST(PlayHelpE2E, BraidOpensWallsAndDifficultyShowsItsSeed) {
  REQUIRE_TMUX();
  const std::string maze = " play --size 12x10 --seed 3 --algorithm backtracker";
  Pane plain_maze(kBin + maze);
  Pane braided(kBin + maze + " --braid 1");
  ASSERT_TRUE(plain_maze.ok() && braided.ok());
  ASSERT_TRUE(plain_maze.wait_for("MOVES 0")) << plain_maze.last();
  ASSERT_TRUE(braided.wait_for("MOVES 0")) << braided.last();
  EXPECT_LT(walls_of(braided.last()), walls_of(plain_maze.last())) << braided.last();
  quit_cleanly(braided);
  quit_cleanly(plain_maze);

  const amazing::test::Ran chosen = amazing::test::run_amazing(
      amazing::test::words("gen --size 12x10 --algorithm wilson --difficulty hard"));
  ASSERT_EQ(chosen.code, 0) << chosen.err;
  const std::size_t at = chosen.err.find(": seed ");
  ASSERT_NE(at, std::string::npos) << chosen.err;
  const std::string seed = chosen.err.substr(at + 7, chosen.err.find(' ', at + 7) - at - 7);
  Pane graded(kBin + " play --size 12x10 --algorithm wilson --difficulty hard");
  ASSERT_TRUE(graded.ok());
  ASSERT_TRUE(graded.wait_for("SEED " + seed + " ")) << seed << "\n" << graded.last();
  quit_cleanly(graded);
}

TEST(PlayHelpE2E, ASolverFromTheMenuPausesStepsAndJumps) {
  REQUIRE_TMUX();
  Maze m(12, 10, 7);
  const std::size_t fewest = amazing::core::solve(*m.maze).fewest_moves();
  Pane t(kBin + " play --size 12x10 --seed 7 --variant fixed-exit");
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
  t.keys("m");
  ASSERT_TRUE(t.wait_for("WATCH A SOLVER")) << t.last();
  EXPECT_NE(t.last().find("> WALL FOLLOWER"), std::string::npos) << t.last();
  t.keys("Down Down Down Down");  // the flood
  ASSERT_TRUE(t.wait_for("> BREADTH-FIRST FLOOD")) << t.last();
  t.keys("Enter");
  ASSERT_TRUE(t.wait_for("SOLVING: BREADTH-FIRST FLOOD")) << t.last();
  t.keys("Home");
  ASSERT_TRUE(t.wait_for("PAUSED 0/")) << t.last();
  t.keys("Right Right Right");
  ASSERT_TRUE(t.wait_for("PAUSED 3/")) << t.last();
  t.keys("Left");
  ASSERT_TRUE(t.wait_for("PAUSED 2/")) << t.last();
  t.keys("End");
  ASSERT_TRUE(t.wait_for("FOUND THE EXIT: " + std::to_string(fewest) + " MOVES")) << t.last();
  EXPECT_EQ(count_of(t.last(), "**"), static_cast<int>(fewest)) << t.last();
  t.keys("Escape");
  ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
  EXPECT_EQ(t.last().find("SOLVING"), std::string::npos) << t.last();
  quit_cleanly(t);
}

TEST(PlayHelpE2E, TheMakingPausesStepsBackAndJumpsToItsEnds) {
  REQUIRE_TMUX();
  Pane t(kBin + " play --size 12x10 --seed 7 --variant fixed-exit --watch");
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(t.wait_for("MAKING 12X10 FIXED-EXIT")) << t.last();
  t.keys("Space");
  ASSERT_TRUE(t.wait_for("PAUSED ")) << t.last();
  const std::string paused = t.last();
  std::this_thread::sleep_for(500ms);
  EXPECT_EQ(walls_of(t.capture()), walls_of(paused));  // nothing moves while paused
  t.keys("Home");
  ASSERT_TRUE(t.wait_for("PAUSED 0/")) << t.last();
  const int all = walls_of(t.last());
  t.keys("Right Right");
  ASSERT_TRUE(t.wait_for("PAUSED 2/")) << t.last();
  EXPECT_LT(walls_of(t.last()), all);
  t.keys("Left Left");
  ASSERT_TRUE(t.wait_for("PAUSED 0/")) << t.last();
  EXPECT_EQ(walls_of(t.last()), all);
  t.keys("End");
  ASSERT_TRUE(t.wait_for("PAUSED")) << t.last();
  const auto lines = lines_of(t.last());
  std::string total;
  for (const auto& l : lines)
    if (auto p = l.find("PAUSED "); p != std::string::npos) total = l.substr(p + 7);
  const auto slash = total.find('/');
  ASSERT_NE(slash, std::string::npos) << t.last();
  EXPECT_EQ(total.substr(0, slash), total.substr(slash + 1, total.find(' ') - slash - 1))
      << t.last();
  t.keys("x");  // any other key: back to the maze in play
  ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
  EXPECT_EQ(t.last().find("MAKING"), std::string::npos) << t.last();
  quit_cleanly(t);
}

}  // namespace
