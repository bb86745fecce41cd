// Tests for core/solvers: each solver finds the exit of every maker's mazes and ends with
// a route that is a real way out; the wall follower circles an island that Pledge and
// Tremaux get away from; the flood numbers cells by distance; runs are bounded.
#include "core/solvers/solver.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string>

#include "core/amazing_walk.hpp"
#include "core/generators/generator.hpp"
#include "core/ram.hpp"
#include "core/rnd.hpp"
#include "core/walking.hpp"

namespace amazing::core {
namespace {

Maze closed_maze(Ram& ram, int w, int h, int entrance) {
  auto m = Maze::create(ram, w, h);
  EXPECT_TRUE(m.ok());
  Maze maze = std::move(m).value();
  maze.set_entrance(entrance);
  return maze;
}

std::vector<Maze> perfect_mazes(Ram& ram) {
  std::vector<Maze> out;
  GwRnd rnd;
  rnd.randomize(5);
  for (int i = 0; i < 5; ++i) {
    auto m = generate_amazing(ram, 8 + 3 * i, 6 + 2 * i, Variant::kFixedExit, rnd);
    EXPECT_TRUE(m.ok());
    out.push_back(std::move(m).value());
  }
  for (auto name : generator_names()) {
    auto m = Maze::create(ram, 15, 11);
    EXPECT_TRUE(m.ok());
    auto gen = make_generator(name, *m, rnd, {});
    EXPECT_TRUE(gen.ok()) << name;
    (*gen)->run();
    out.push_back(std::move(m).value());
  }
  return out;
}

std::vector<Cell> route_steps(const SolverRun& run) {
  std::vector<Cell> route;
  for (const SolverStep& s : run.steps)
    if (s.mark == Mark::kPath) route.push_back(s.cell);
  return route;
}

// A 3x3 room with every inner wall open, entered at the top middle, the exit below the
// bottom middle: a walker with its right hand on a wall goes round the middle for ever.
Maze open_room(Ram& ram) {
  Maze m = closed_maze(ram, 3, 3, 1);
  for (int row = 0; row < 3; ++row)
    for (int col = 0; col < 3; ++col)
      m.set_walls(col, row, static_cast<uint8_t>((col < 2 ? kRightOpen : 0) |
                                                 (row < 2 ? kDownOpen : 0)));
  m.set_walls(1, 2, kRightOpen | kDownOpen);  // the exit
  return m;
}

TEST(Solvers, TheMenuListsFiveByName) {
  ASSERT_EQ(solvers().size(), 5u);
  for (const char* name : {"wall-follower", "pledge", "tremaux", "dead-end-filling", "flood"})
    EXPECT_NE(find_solver(name), nullptr) << name;
  EXPECT_EQ(find_solver("nope"), nullptr);
}

TEST(Solvers, EverySolverFindsTheOneWayOutOfEveryMakersMazeFromAnyCell) {
  Ram ram(kUnlimited);
  for (const Maze& m : perfect_mazes(ram)) {
    for (Cell start : {Cell{m.entrance(), 0}, Cell{m.width() / 2, m.height() / 2},
                       Cell{m.width() - 1, m.height() - 1}}) {
      const std::vector<Cell> one_way = solve(m, start).path;
      ASSERT_FALSE(one_way.empty());
      for (const SolverInfo& s : solvers()) {
        SolverRun run = s.run(m, start, kMaxSolverSteps);
        EXPECT_TRUE(run.solved) << s.name << ": " << run.outcome;
        EXPECT_FALSE(run.stopped);
        // A perfect maze has one way between two cells: every route is that one.
        EXPECT_EQ(route_steps(run), one_way) << s.name;
        EXPECT_EQ(run.outcome, "FOUND THE EXIT: " + std::to_string(one_way.size()) + " MOVES");
        // Every step is on a cell of the maze; a walker's steps go cell to cell.
        for (const SolverStep& step : run.steps) EXPECT_TRUE(inside(m, step.cell));
      }
    }
  }
}

TEST(Solvers, WalkersMoveOneCellAStepAndMarkWhereTheyTurnedBack) {
  Ram ram(kUnlimited);
  for (const Maze& m : perfect_mazes(ram))
    for (const char* name : {"wall-follower", "pledge", "tremaux"}) {
      SolverRun run = find_solver(name)->run(m, {m.entrance(), 0}, kMaxSolverSteps);
      std::optional<Cell> at;
      for (const SolverStep& s : run.steps) {
        if (s.mark != Mark::kVisited) continue;
        if (at && !(*at == s.cell)) {
          const int d = std::abs(at->col - s.cell.col) + std::abs(at->row - s.cell.row);
          EXPECT_EQ(d, 1) << name;
        }
        at = s.cell;
      }
      // The dead-marked cells are exactly the visited cells off the route.
      std::vector<Mark> last(m.cells(), Mark::kNone);
      for (const SolverStep& s : run.steps)
        if (s.mark != Mark::kPath) last[cell_index(m, s.cell)] = s.mark;
      const auto route = route_steps(run);
      for (Cell c : route) EXPECT_EQ(last[cell_index(m, c)], Mark::kVisited) << name;
      EXPECT_EQ(std::count(last.begin(), last.end(), Mark::kVisited),
                static_cast<long>(route.size()))
          << name;
    }
}

TEST(Solvers, TheWallFollowerCirclesAnIslandThatPledgeAndTremauxLeave) {
  Ram ram;
  Maze m = open_room(ram);
  const Cell middle{1, 1};
  SolverRun wall = solve_wall_follower(m, middle, kMaxSolverSteps);
  EXPECT_FALSE(wall.solved);
  EXPECT_FALSE(wall.stopped);  // it saw itself going round, it did not run out of steps
  EXPECT_EQ(wall.outcome, "NO WAY OUT FROM HERE");
  for (SolverFn fn : {solve_pledge, solve_tremaux, solve_dead_end_filling, solve_flood}) {
    SolverRun run = fn(m, middle, kMaxSolverSteps);
    EXPECT_TRUE(run.solved) << run.outcome;
    EXPECT_EQ(route_steps(run).back(), (Cell{1, 2}));
  }
  // Flood and Tremaux from the entrance: the shortest (2 cells down) and a way out.
  EXPECT_EQ(route_steps(solve_flood(m, {1, 0}, kMaxSolverSteps)),
            (std::vector<Cell>{{1, 0}, {1, 1}, {1, 2}}));
}

TEST(Solvers, NoWayOutIsSaidAndAMazeWithoutExitIsRefused) {
  Ram ram;
  Maze m = closed_maze(ram, 3, 2, 0);
  m.set_walls(0, 0, kRightOpen);
  m.set_walls(2, 1, kDownOpen);  // an exit nobody can reach
  for (const SolverInfo& s : solvers()) {
    SolverRun run = s.run(m, {0, 0}, kMaxSolverSteps);
    EXPECT_FALSE(run.solved) << s.name;
    EXPECT_EQ(run.outcome, "NO WAY OUT FROM HERE") << s.name;
  }
  Maze closed = closed_maze(ram, 3, 2, 0);
  for (const SolverInfo& s : solvers()) {
    SolverRun run = s.run(closed, {0, 0}, kMaxSolverSteps);
    EXPECT_TRUE(run.steps.empty());
    EXPECT_EQ(run.outcome, "THIS MAZE HAS NO EXIT");
    EXPECT_EQ(s.run(m, {5, 5}, kMaxSolverSteps).outcome, "THE START IS OUTSIDE THE MAZE");
  }
}

// Tremaux with no way out walks every passage of its region exactly twice, once each way,
// loops or not (turning back where a new passage meets a known cell), and ends where it
// began.
TEST(Solvers, TremauxWalksEveryPassageTwiceWhenThereIsNoWayOut) {
  // The 3x3 room of open_room without its exit, and a fourth column beside it, walled off,
  // with the exit.
  Ram ram;
  Maze wide = closed_maze(ram, 4, 3, 1);
  for (int row = 0; row < 3; ++row)
    for (int col = 0; col < 4; ++col)
      wide.set_walls(col, row, static_cast<uint8_t>((col < 2 ? kRightOpen : 0) |
                                                    (row < 2 && col < 3 ? kDownOpen : 0)));
  wide.set_walls(3, 2, kDownOpen);  // an exit the room cannot reach
  for (Cell start : {Cell{1, 0}, Cell{1, 1}, Cell{0, 2}}) {
    SolverRun run = solve_tremaux(wide, start, kMaxSolverSteps);
    EXPECT_FALSE(run.solved);
    EXPECT_EQ(run.outcome, "NO WAY OUT FROM HERE");
    std::vector<Cell> walk;
    for (const SolverStep& s : run.steps)
      if (s.mark == Mark::kVisited) walk.push_back(s.cell);
    EXPECT_EQ(walk.size(), 2u * 12u + 1u);  // the 3x3 room has 12 passages
    EXPECT_EQ(walk.back(), start);
  }
}

TEST(Solvers, TheFloodNumbersEachCellWithItsDistance) {
  Ram ram(kUnlimited);
  for (const Maze& m : perfect_mazes(ram)) {
    const Cell start{m.entrance(), 0};
    SolverRun run = solve_flood(m, start, kMaxSolverSteps);
    uint32_t before = 0;
    for (const SolverStep& s : run.steps) {
      if (s.mark != Mark::kFlood) continue;
      EXPECT_EQ(s.value + 1, path_between(m, start, s.cell).size());
      EXPECT_GE(s.value, before);  // layer by layer
      before = s.value;
    }
  }
}

TEST(Solvers, DeadEndFillingFillsEveryCellOffTheWay) {
  Ram ram(kUnlimited);
  for (const Maze& m : perfect_mazes(ram)) {
    SolverRun run = solve_dead_end_filling(m, {m.entrance(), 0}, kMaxSolverSteps);
    std::size_t filled = 0;
    for (const SolverStep& s : run.steps) filled += s.mark == Mark::kDead ? 1 : 0;
    EXPECT_EQ(filled + route_steps(run).size(), m.cells());
  }
}

TEST(Solvers, ARunStopsAtItsStepLimitAndSaysSo) {
  Ram ram(kUnlimited);
  const Maze m = std::move(perfect_mazes(ram)[3]);
  for (const SolverInfo& s : solvers()) {
    SolverRun run = s.run(m, {m.entrance(), 0}, 10);
    EXPECT_LE(run.steps.size(), 10u) << s.name;
    EXPECT_TRUE(run.stopped) << s.name;
    EXPECT_FALSE(run.solved) << s.name;
    EXPECT_EQ(run.outcome, "STOPPED AFTER " + std::to_string(run.steps.size()) + " STEPS");
  }
}

TEST(Solvers, RouteOfDropsTheWalksExcursions) {
  EXPECT_EQ(route_of({{0, 0}, {1, 0}, {2, 0}, {1, 0}, {1, 1}}),
            (std::vector<Cell>{{0, 0}, {1, 0}, {1, 1}}));
  EXPECT_TRUE(route_of({}).empty());
}

}  // namespace
}  // namespace amazing::core
