// The breadth-first flood: from the start, the cells one move away, then two, ... each
// numbered with its distance, until the flood reaches the exit cell; the route is then
// traced back from the exit, the fewest moves there are.
#include <algorithm>

#include "core/solvers/solver.hpp"
#include "core/walking.hpp"

namespace amazing::core {
namespace {

constexpr Direction kWays[] = {Direction::kUp, Direction::kRight, Direction::kDown,
                               Direction::kLeft};

}  // namespace

SolverRun solve_flood(const Maze& maze, Cell start, std::size_t max_steps) {
  SolverRun run;
  if (run.outcome = cannot_solve(maze, start); !run.outcome.empty()) return run;
  // came[i]: 0 not reached, 5 the start, else 1 + the direction moved to reach cell i.
  constexpr uint8_t kStart = 5;
  std::vector<uint8_t> came(maze.cells(), 0);
  came[cell_index(maze, start)] = kStart;
  std::vector<Cell> frontier{start}, next;
  std::optional<Cell> exit;
  uint32_t distance = 0;
  run.steps.push_back({start, Mark::kFlood, 0});
  if (is_exit_cell(maze, start)) exit = start;
  while (!exit && !frontier.empty() && !run.stopped) {
    ++distance;
    next.clear();
    for (Cell c : frontier) {
      for (Direction d : kWays) {
        const Cell n = neighbour(c, d);
        if (!passage(maze, c, d) || came[cell_index(maze, n)] != 0) continue;
        if (run.steps.size() + 1 > max_steps) {
          run.stopped = true;
          break;
        }
        came[cell_index(maze, n)] = static_cast<uint8_t>(1 + static_cast<int>(d));
        run.steps.push_back({n, Mark::kFlood, distance});
        next.push_back(n);
        if (!exit && is_exit_cell(maze, n)) exit = n;
      }
      if (exit || run.stopped) break;
    }
    std::swap(frontier, next);
  }
  std::vector<Cell> route;
  if (exit) {
    for (Cell c = *exit;;) {
      route.push_back(c);
      const uint8_t m = came[cell_index(maze, c)];
      if (m == kStart) break;
      c = neighbour(c, opposite(static_cast<Direction>(m - 1)));
    }
    std::reverse(route.begin(), route.end());
  }
  finish_run(run, route, exit.has_value());
  return run;
}

}  // namespace amazing::core
