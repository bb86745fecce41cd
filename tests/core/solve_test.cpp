// Tests for core/solve: shortest paths, reachability and passage counts on hand-built
// mazes and on AMAZING walks.
#include "core/solve.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

#include "core/amazing_walk.hpp"
#include "core/analysis.hpp"
#include "core/ram.hpp"
#include "core/rnd.hpp"

namespace amazing::core {
namespace {

// A w x h maze with every wall closed and the entrance at column `entrance`.
Maze closed_maze(Ram& ram, int w, int h, int entrance) {
  auto m = Maze::create(ram, w, h);
  EXPECT_TRUE(m.ok());
  Maze maze = std::move(m).value();
  maze.set_entrance(entrance);
  return maze;
}

TEST(Solve, ClosedMazeHasNoExitAndOnlyTheEntranceReachable) {
  Ram ram;
  Maze maze = closed_maze(ram, 3, 2, 1);
  Solution s = solve(maze);
  EXPECT_FALSE(s.has_exit);
  EXPECT_FALSE(s.solvable());
  EXPECT_EQ(s.reachable, 1u);
  EXPECT_EQ(s.unreachable, 5u);
  EXPECT_EQ(s.passages, 0u);
  EXPECT_EQ(s.fewest_moves(), 0u);
}

TEST(Solve, FindsTheShortestPathThroughALoop) {
  // 3x2 with one loop, entrance at column 0, exit below (2,1). Two routes of 4 cells:
  //   (0,0)->(1,0)->(2,0)->(2,1)  and  (0,0)->(0,1)->(1,1)->(2,1)
  Ram ram;
  Maze maze = closed_maze(ram, 3, 2, 0);
  maze.set_walls(0, 0, kRightOpen | kDownOpen);
  maze.set_walls(1, 0, kRightOpen);
  maze.set_walls(2, 0, kDownOpen);
  maze.set_walls(0, 1, kRightOpen);
  maze.set_walls(1, 1, kRightOpen);
  maze.set_walls(2, 1, kDownOpen);  // the exit
  Solution s = solve(maze);
  ASSERT_TRUE(s.has_exit);
  ASSERT_TRUE(s.solvable());
  EXPECT_EQ(s.path.front(), (Cell{0, 0}));
  EXPECT_EQ(s.path.back(), (Cell{2, 1}));
  EXPECT_EQ(s.path.size(), 4u);
  EXPECT_EQ(s.fewest_moves(), 4u);
  EXPECT_EQ(s.reachable, 6u);
  EXPECT_EQ(s.passages, 6u);  // 6 cells, 6 passages: one loop
  EXPECT_FALSE(judge(maze).perfect());  // the judgement is analysis's
  EXPECT_EQ(judge(maze).loops, 1u);
  // Consecutive path cells are neighbours joined by an open wall.
  for (std::size_t i = 1; i < s.path.size(); ++i) {
    int dc = s.path[i].col - s.path[i - 1].col, dr = s.path[i].row - s.path[i - 1].row;
    EXPECT_EQ(std::abs(dc) + std::abs(dr), 1);
  }
}

TEST(Solve, ExitThatCannotBeReachedAndWalledOffCells) {
  Ram ram;
  Maze maze = closed_maze(ram, 2, 2, 0);
  maze.set_walls(0, 0, kRightOpen);  // (0,0)-(1,0)
  maze.set_walls(1, 1, kDownOpen);   // an exit under (1,1), which is walled off
  Solution s = solve(maze);
  EXPECT_TRUE(s.has_exit);
  EXPECT_FALSE(s.solvable());
  EXPECT_EQ(s.reachable, 2u);
  EXPECT_EQ(s.unreachable, 2u);
  std::vector<bool> r = reachable_cells(maze);
  EXPECT_EQ(r, (std::vector<bool>{true, true, false, false}));
}

TEST(Solve, FromAnotherStartCell) {
  Ram ram;
  Maze maze = closed_maze(ram, 1, 3, 0);
  maze.set_walls(0, 0, kDownOpen);
  maze.set_walls(0, 1, kDownOpen);
  maze.set_walls(0, 2, kDownOpen);
  EXPECT_EQ(solve(maze).fewest_moves(), 3u);
  Solution s = solve(maze, Cell{0, 1});
  EXPECT_EQ(s.fewest_moves(), 2u);
  EXPECT_EQ(s.path.front(), (Cell{0, 1}));
  EXPECT_EQ(s.reachable, 3u);
}

TEST(Solve, RightWallOnTheLastColumnIsNotAPassage) {
  Ram ram;
  Maze maze = closed_maze(ram, 2, 1, 0);
  maze.set_walls(1, 0, kRightOpen);
  Solution s = solve(maze);
  EXPECT_EQ(s.passages, 0u);
  EXPECT_EQ(s.reachable, 1u);
}

// The fixed-exit revision always has an exit; the fixed walk visits every cell, so its
// mazes are perfect and solvable whenever the walk made an exit.
TEST(Solve, FixedExitMazesArePerfectAndSolvable) {
  for (int seed = -20; seed <= 20; ++seed) {
    Ram ram;
    GwRnd rnd;
    rnd.randomize(static_cast<int16_t>(seed));
    auto maze = generate_amazing(ram, 9, 7, Variant::kFixedExit, rnd);
    ASSERT_TRUE(maze.ok());
    Solution s = solve(*maze);
    EXPECT_TRUE(s.has_exit) << "seed " << seed;
    EXPECT_TRUE(s.solvable()) << "seed " << seed;
    EXPECT_TRUE(judge(*maze).perfect()) << "seed " << seed;
    EXPECT_EQ(s.path.front(), (Cell{maze->entrance(), 0}));
    EXPECT_EQ(s.path.back().row, 6);
  }
}

// The book revision's line 695 bug walls cells off in some runs: the solver must see it.
TEST(Solve, BookMazesSometimesHaveUnreachableCellsOrNoExit) {
  int flawed = 0;
  for (int seed = 0; seed < 200; ++seed) {
    Ram ram;
    GwRnd rnd;
    rnd.randomize(static_cast<int16_t>(seed));
    auto maze = generate_amazing(ram, 5, 5, Variant::kBook, rnd);
    ASSERT_TRUE(maze.ok());
    Solution s = solve(*maze);
    if (!s.has_exit || s.unreachable > 0) ++flawed;
    EXPECT_EQ(s.reachable + s.unreachable, maze->cells());
  }
  EXPECT_GT(flawed, 0);
  EXPECT_LT(flawed, 200);
}

// WayOut gives, from every cell, a way out as short as solve() finds from there.
TEST(WayOut, AsShortAsSolvingFromEachCell) {
  for (Variant v : {Variant::kBook, Variant::kFixedExit}) {
    for (int seed = 0; seed < 30; ++seed) {
      Ram ram;
      GwRnd rnd;
      rnd.randomize(static_cast<int16_t>(seed));
      auto maze = generate_amazing(ram, 7, 6, v, rnd);
      ASSERT_TRUE(maze.ok());
      WayOut out(*maze);
      for (int row = 0; row < 6; ++row) {
        for (int col = 0; col < 7; ++col) {
          std::vector<Cell> fast = out.path_from({col, row});
          Solution s = solve(*maze, Cell{col, row});
          ASSERT_EQ(fast.size(), s.path.size()) << "seed " << seed << " at " << col << "," << row;
          if (fast.empty()) continue;
          EXPECT_EQ(fast.front(), (Cell{col, row}));
          EXPECT_EQ(fast.back().row, 5);
          EXPECT_TRUE(maze->walls(fast.back().col, 5) & kDownOpen);
          for (std::size_t i = 1; i < fast.size(); ++i) {
            int dc = fast[i].col - fast[i - 1].col, dr = fast[i].row - fast[i - 1].row;
            Direction d = dr < 0   ? Direction::kUp
                          : dr > 0 ? Direction::kDown
                          : dc < 0 ? Direction::kLeft
                                   : Direction::kRight;
            EXPECT_TRUE(maze->open(fast[i - 1].col, fast[i - 1].row, d));
          }
        }
      }
    }
  }
}

TEST(WayOut, NoExitMeansNoWayOutAndOutsideCellsHaveNone) {
  Ram ram;
  Maze maze = closed_maze(ram, 2, 2, 0);
  maze.set_walls(0, 0, kRightOpen | kDownOpen);
  WayOut out(maze);
  EXPECT_TRUE(out.path_from({0, 0}).empty());
  EXPECT_TRUE(out.path_from({-1, 0}).empty());
  EXPECT_TRUE(out.path_from({0, 2}).empty());
}

}  // namespace
}  // namespace amazing::core
