// Tests for core/walking: the run along a corridor, the way to a clicked cell, and what
// a walker in the fog sees, on hand-built mazes and on every generator's mazes.
#include "core/walking.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>

#include "core/amazing_walk.hpp"
#include "core/generators/generator.hpp"
#include "core/ram.hpp"
#include "core/rnd.hpp"

namespace amazing::core {
namespace {

Maze closed_maze(Ram& ram, int w, int h, int entrance) {
  auto m = Maze::create(ram, w, h);
  EXPECT_TRUE(m.ok());
  Maze maze = std::move(m).value();
  maze.set_entrance(entrance);
  return maze;
}

// 4x3:  (0,0)-(1,0)   (2,0)         a corridor from (0,0) with two bends to the
//              |        |          junction (2,1) (up, left, down); (2,2) is the exit;
//             (1,1)-(2,1)  (3,1)    (3,0)-(3,1) a dead-end pair off to the side.
//                      |
//                     (2,2)  exit
Maze bent_corridor(Ram& ram) {
  Maze m = closed_maze(ram, 4, 3, 0);
  m.set_walls(0, 0, kRightOpen);
  m.set_walls(1, 0, kDownOpen);
  m.set_walls(1, 1, kRightOpen);
  m.set_walls(2, 0, kDownOpen);
  m.set_walls(2, 1, kDownOpen);
  m.set_walls(2, 2, kDownOpen);
  m.set_walls(3, 0, kDownOpen);
  return m;
}

bool joined(const Maze& m, Cell a, Cell b) {
  for (Direction d : {Direction::kUp, Direction::kRight, Direction::kDown, Direction::kLeft})
    if (neighbour(a, d) == b) return passage(m, a, d);
  return false;
}

std::vector<Maze> sample_mazes(Ram& ram) {
  std::vector<Maze> out;
  GwRnd rnd;
  rnd.randomize(11);
  for (int i = 0; i < 6; ++i) {
    auto m = generate_amazing(ram, 9 + i, 7 + i, Variant::kFixedExit, rnd);
    EXPECT_TRUE(m.ok());
    out.push_back(std::move(m).value());
  }
  for (auto name : generator_names()) {
    auto m = Maze::create(ram, 13, 9);
    EXPECT_TRUE(m.ok());
    auto gen = make_generator(name, *m, rnd, {});
    EXPECT_TRUE(gen.ok()) << name;
    (*gen)->run();
    out.push_back(std::move(m).value());
  }
  return out;
}

TEST(RunAlong, FollowsTheBendsAndStopsAtTheJunction) {
  Ram ram;
  Maze m = bent_corridor(ram);
  EXPECT_EQ(run_along(m, {0, 0}, Direction::kRight),
            (std::vector<Cell>{{1, 0}, {1, 1}, {2, 1}}));
  // From the junction up: a dead end after one cell; down: the exit cell stops it.
  EXPECT_EQ(run_along(m, {2, 1}, Direction::kUp), (std::vector<Cell>{{2, 0}}));
  EXPECT_EQ(run_along(m, {2, 1}, Direction::kDown), (std::vector<Cell>{{2, 2}}));
  // Back the way it came: round both bends to the dead end at the entrance.
  EXPECT_EQ(run_along(m, {2, 1}, Direction::kLeft),
            (std::vector<Cell>{{1, 1}, {1, 0}, {0, 0}}));
  EXPECT_EQ(run_along(m, {3, 0}, Direction::kDown), (std::vector<Cell>{{3, 1}}));
}

TEST(RunAlong, AClosedWayRunsNowhereAndUpFromTheEntranceIsAWall) {
  Ram ram;
  Maze m = bent_corridor(ram);
  EXPECT_TRUE(run_along(m, {0, 0}, Direction::kDown).empty());
  EXPECT_TRUE(run_along(m, {0, 0}, Direction::kUp).empty());    // the entrance
  EXPECT_TRUE(run_along(m, {2, 2}, Direction::kDown).empty());  // out is play's own move
  EXPECT_TRUE(run_along(m, {9, 9}, Direction::kDown).empty());
}

TEST(RunAlong, ACorridorThatClosesOnItselfStopsWhereItBegan) {
  Ram ram;
  Maze m = closed_maze(ram, 2, 2, 0);
  m.set_walls(0, 0, kRightOpen | kDownOpen);
  m.set_walls(1, 0, kDownOpen);
  m.set_walls(0, 1, kRightOpen);
  EXPECT_EQ(run_along(m, {0, 0}, Direction::kRight),
            (std::vector<Cell>{{1, 0}, {1, 1}, {0, 1}, {0, 0}}));
}

TEST(RunAlong, OnEveryMakersMazesRunsPassOnlyCorridorCells) {
  Ram ram(kUnlimited);
  for (const Maze& m : sample_mazes(ram))
    for (int row = 0; row < m.height(); ++row)
      for (int col = 0; col < m.width(); ++col)
        for (Direction d :
             {Direction::kUp, Direction::kRight, Direction::kDown, Direction::kLeft}) {
          const Cell from{col, row};
          auto run = run_along(m, from, d);
          ASSERT_EQ(run.empty(), !passage(m, from, d));
          Cell before = from;
          for (std::size_t i = 0; i < run.size(); ++i) {
            ASSERT_TRUE(joined(m, before, run[i]));
            if (i + 1 < run.size()) {
              EXPECT_EQ(ways(m, run[i]), 2);
              EXPECT_FALSE(is_exit_cell(m, run[i]));
            }
            before = run[i];
          }
          if (!run.empty() && !(run.back() == from)) {
            EXPECT_TRUE(ways(m, run.back()) != 2 || is_exit_cell(m, run.back()));
          }
        }
}

TEST(PathBetween, IsTheShortestWayAndKeepsToTheAllowedCells) {
  Ram ram(kUnlimited);
  for (const Maze& m : sample_mazes(ram)) {
    const Cell start{m.entrance(), 0};
    auto exit = m.exit();
    ASSERT_TRUE(exit);
    const Cell out{*exit, m.height() - 1};
    auto p = path_between(m, start, out);
    EXPECT_EQ(p, solve(m).path);
    for (std::size_t i = 1; i < p.size(); ++i) EXPECT_TRUE(joined(m, p[i - 1], p[i]));
    // Backwards: the same cells reversed (one way only in a perfect maze).
    auto back = path_between(m, out, start);
    std::reverse(back.begin(), back.end());
    EXPECT_EQ(back, p);
    // Not through a cell of the way: nowhere (a perfect maze has one way).
    if (p.size() > 2) {
      std::vector<bool> allowed(m.cells(), true);
      allowed[cell_index(m, p[p.size() / 2])] = false;
      EXPECT_TRUE(path_between(m, start, out, &allowed).empty());
    }
  }
  Ram small;
  Maze m = bent_corridor(small);
  EXPECT_EQ(path_between(m, {0, 0}, {0, 0}), (std::vector<Cell>{{0, 0}}));
  EXPECT_TRUE(path_between(m, {0, 0}, {0, 1}).empty());   // walled off
  EXPECT_TRUE(path_between(m, {0, 0}, {4, 0}).empty());   // outside
}

TEST(Sight, SeesStraightAlongCorridorsNotRoundBendsAndRemembers) {
  Ram ram;
  Maze m = bent_corridor(ram);
  Sight s(m);
  EXPECT_EQ(s.count(), 0u);
  s.look_from({2, 1});
  // Up (2,0), down (2,2), left (1,1); not (1,0) round the bend, nor (3,1) behind a wall.
  for (Cell c : {Cell{2, 1}, Cell{2, 0}, Cell{2, 2}, Cell{1, 1}}) EXPECT_TRUE(s.seen(c));
  for (Cell c : {Cell{1, 0}, Cell{0, 0}, Cell{3, 1}, Cell{3, 0}}) EXPECT_FALSE(s.seen(c));
  EXPECT_EQ(s.count(), 4u);
  s.look_from({0, 0});
  EXPECT_TRUE(s.seen(1, 0));
  EXPECT_TRUE(s.seen(2, 0) && s.seen(2, 2));  // still seen
  EXPECT_EQ(s.count(), 6u);
  EXPECT_FALSE(s.seen(-1, 0));
}

TEST(Sight, AStraightCorridorIsSeenToItsEnd) {
  Ram ram;
  Maze m = closed_maze(ram, 6, 1, 0);
  for (int c = 0; c < 5; ++c) m.set_walls(c, 0, kRightOpen);
  Sight s(m);
  s.look_from({2, 0});
  EXPECT_EQ(s.count(), 6u);
}

}  // namespace
}  // namespace amazing::core
