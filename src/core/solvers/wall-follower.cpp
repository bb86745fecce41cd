// The wall follower: the right hand on the wall, from the start, facing down into the
// maze. At each cell it turns right if it can, else goes straight, else left, else back.
// In a maze without loops round the walker this reaches the exit; when it comes back to a
// cell facing the way it once faced there, it is going round for ever: no way out.
#include "core/solvers/solver.hpp"
#include "core/walking.hpp"

namespace amazing::core {

SolverRun solve_wall_follower(const Maze& maze, Cell start, std::size_t max_steps) {
  SolverRun run;
  if (run.outcome = cannot_solve(maze, start); !run.outcome.empty()) return run;
  WalkRecorder walk{run, max_steps, {}};
  std::vector<bool> faced(maze.cells() * 4, false);  // (cell, heading) seen
  Direction heading = Direction::kDown;
  bool found = false;
  for (Cell at = start; walk.enter(at);) {
    if (is_exit_cell(maze, at)) {
      found = true;
      break;
    }
    auto state = faced[cell_index(maze, at) * 4 + static_cast<std::size_t>(heading)];
    if (state) break;  // round and round
    state = true;
    bool moved = false;
    for (int turn : {1, 0, -1, 2}) {
      const Direction d = turned(heading, turn);
      if (!passage(maze, at, d)) continue;
      heading = d;
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
