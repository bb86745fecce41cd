// Dead-end filling: every dead end (a cell with one way, or none) but the start and the
// exit cell is filled, and the filling goes on up its corridor while the next cell has
// become a dead end too; the cells are looked at in reading order. What stays unfilled
// holds the ways from the start to the exit (the only one in a maze without loops); the
// route is the shortest way through it.
#include "core/solvers/solver.hpp"
#include "core/walking.hpp"

namespace amazing::core {
namespace {

constexpr Direction kWays[] = {Direction::kUp, Direction::kRight, Direction::kDown,
                               Direction::kLeft};

}  // namespace

SolverRun solve_dead_end_filling(const Maze& maze, Cell start, std::size_t max_steps) {
  SolverRun run;
  if (run.outcome = cannot_solve(maze, start); !run.outcome.empty()) return run;
  const Cell exit{*maze.exit(), maze.height() - 1};
  std::vector<bool> open(maze.cells(), true);  // not filled
  std::vector<uint8_t> left(maze.cells(), 0);  // ways to cells not filled
  for (int row = 0; row < maze.height(); ++row)
    for (int col = 0; col < maze.width(); ++col)
      left[cell_index(maze, {col, row})] = static_cast<uint8_t>(ways(maze, {col, row}));
  auto fillable = [&](Cell c) {
    const std::size_t i = cell_index(maze, c);
    return open[i] && left[i] <= 1 && !(c == start) && !(c == exit);
  };
  for (int row = 0; row < maze.height() && !run.stopped; ++row)
    for (int col = 0; col < maze.width() && !run.stopped; ++col) {
      for (Cell c{col, row}; fillable(c);) {
        if (run.steps.size() + 1 > max_steps) {
          run.stopped = true;
          break;
        }
        open[cell_index(maze, c)] = false;
        run.steps.push_back({c, Mark::kDead, 0});
        Cell next = c;
        for (Direction d : kWays) {
          const Cell n = neighbour(c, d);
          if (!passage(maze, c, d) || !open[cell_index(maze, n)]) continue;
          --left[cell_index(maze, n)];
          next = n;
        }
        if (next == c) break;
        c = next;
      }
    }
  std::vector<Cell> route;
  if (!run.stopped) route = path_between(maze, start, exit, &open);
  finish_run(run, route, !route.empty());
  return run;
}

}  // namespace amazing::core
