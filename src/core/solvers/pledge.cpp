// The Pledge algorithm: it heads down (the exit is in the bottom wall) until a wall
// stops it, then follows the wall with its right hand, counting its turns (right +1, left
// -1, turning back at a dead end -2), and heads down again once the count is back to 0
// (it then faces down). Unlike the plain wall follower it gets away from walls that loop
// round it. It stops at the exit, or with no way out when it is back in a state it was in
// (cell, heading, count), or has faced the same way in the same cell kMaxPasses times:
// going round a closed wall changes the count by 4 a lap, so a walker shut in with no
// exit would go round for ever.

#include "core/solvers/solver.hpp"
#include "core/walking.hpp"

namespace amazing::core {

SolverRun solve_pledge(const Maze& maze, Cell start, std::size_t max_steps) {
  SolverRun run;
  if (run.outcome = cannot_solve(maze, start); !run.outcome.empty()) return run;
  constexpr Direction kPreferred = Direction::kDown;
  WalkRecorder walk{run, max_steps, {}};
  constexpr uint8_t kMaxPasses = 16;
  std::vector<uint8_t> passes(maze.cells() * 4, 0);  // per (cell, heading)
  std::vector<long> last_count(maze.cells() * 4, 0);
  Direction heading = kPreferred;
  long count = 0;  // quarter turns, right positive
  bool found = false;
  for (Cell at = start; walk.enter(at);) {
    if (is_exit_cell(maze, at)) {
      found = true;
      break;
    }
    const std::size_t state = cell_index(maze, at) * 4 + static_cast<std::size_t>(heading);
    if (passes[state] > 0 && last_count[state] == count) break;  // the same state again
    if (++passes[state] > kMaxPasses) break;                      // round and round
    last_count[state] = count;
    if (count == 0 && passage(maze, at, kPreferred)) {
      at = neighbour(at, kPreferred);  // free: straight on down
      continue;
    }
    if (count == 0) {
      heading = turned(heading, -1);  // a wall ahead: turn so that it is on the right
      count = -1;
    }
    // Following: the right hand on the wall. Turning back at a dead end is two left
    // turns (-2): the hand goes round the wall's end the long way.
    bool moved = false;
    for (int turn : {1, 0, -1, -2}) {
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
