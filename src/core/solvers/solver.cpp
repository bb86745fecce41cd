#include "core/solvers/solver.hpp"

#include "core/walking.hpp"

namespace amazing::core {
namespace {

constexpr SolverInfo kSolvers[] = {
    {"wall-follower", "WALL FOLLOWER", solve_wall_follower},
    {"pledge", "PLEDGE", solve_pledge},
    {"tremaux", "TREMAUX", solve_tremaux},
    {"dead-end-filling", "DEAD-END FILLING", solve_dead_end_filling},
    {"flood", "BREADTH-FIRST FLOOD", solve_flood},
};

}  // namespace

std::span<const SolverInfo> solvers() {
  return kSolvers;
}

const SolverInfo* find_solver(std::string_view name) {
  for (const SolverInfo& s : kSolvers)
    if (s.name == name) return &s;
  return nullptr;
}

std::vector<Cell> route_of(const std::vector<Cell>& walk) {
  std::vector<Cell> route;
  for (Cell c : walk) {
    if (route.size() >= 2 && route[route.size() - 2] == c)
      route.pop_back();
    else if (route.empty() || !(route.back() == c))
      route.push_back(c);
  }
  return route;
}

void finish_run(SolverRun& run, const std::vector<Cell>& route, bool found) {
  run.solved = found && !route.empty();
  if (run.solved) {
    for (Cell c : route) run.steps.push_back({c, Mark::kPath, 0});
    // One move a cell of the route, and one more out through the exit.
    run.outcome = "FOUND THE EXIT: " + std::to_string(route.size()) + " MOVES";
  } else if (run.stopped) {
    run.outcome = "STOPPED AFTER " + std::to_string(run.steps.size()) + " STEPS";
  } else {
    run.outcome = "NO WAY OUT FROM HERE";
  }
}

bool WalkRecorder::enter(Cell c) {
  if (run.steps.size() + 2 > max_steps) {
    run.stopped = true;
    return false;
  }
  if (route.size() >= 2 && route[route.size() - 2] == c) {
    run.steps.push_back({route.back(), Mark::kDead, 0});
    route.pop_back();
  } else {
    route.push_back(c);
  }
  run.steps.push_back({c, Mark::kVisited, 0});
  return true;
}

std::string cannot_solve(const Maze& maze, Cell start) {
  if (!inside(maze, start)) return "THE START IS OUTSIDE THE MAZE";
  if (!maze.exit()) return "THIS MAZE HAS NO EXIT";
  return {};
}

}  // namespace amazing::core
