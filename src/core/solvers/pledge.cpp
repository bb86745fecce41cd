// The Pledge algorithm: it heads down (the exit is in the bottom wall) until a wall
// stops it, then follows the wall with its right hand, counting its turns (right +1, left
// -1), and heads down again once the count is back to 0 (it then faces down). Unlike the
// plain wall follower it gets away from walls that loop round it. It stops at the exit,
// or when it is back in a state it was in (cell, heading, count): then no way out.
#include <set>
#include <tuple>

#include "core/solvers/solver.hpp"
#include "core/walking.hpp"

namespace amazing::core {

SolverRun solve_pledge(const Maze& maze, Cell start, std::size_t max_steps) {
  SolverRun run;
  if (run.outcome = cannot_solve(maze, start); !run.outcome.empty()) return run;
  constexpr Direction kPreferred = Direction::kDown;
  WalkRecorder walk{run, max_steps, {}};
  std::set<std::tuple<std::size_t, int, long>> states;
  Direction heading = kPreferred;
  long count = 0;  // quarter turns, right positive
  bool found = false;
  for (Cell at = start; walk.enter(at);) {
    if (is_exit_cell(maze, at)) {
      found = true;
      break;
    }
    if (!states.emplace(cell_index(maze, at), static_cast<int>(heading), count).second) break;
    if (count == 0 && passage(maze, at, kPreferred)) {
      at = neighbour(at, kPreferred);  // free: straight on down
      continue;
    }
    if (count == 0) {
      heading = turned(heading, -1);  // a wall ahead: turn so that it is on the right
      count = -1;
    }
    // Following: the right hand on the wall.
    bool moved = false;
    for (int turn : {1, 0, -1, 2}) {
      const Direction d = turned(heading, turn);
      if (!passage(maze, at, d)) continue;
      heading = d;
      count += turn;
      at = neighbour(at, d);
      moved = true;
      break;
    }
    if (!moved) break;  // a closed cell
  }
  finish_run(run, walk.route, found);
  return run;
}

}  // namespace amazing::core
