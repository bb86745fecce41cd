// Trémaux's algorithm: the walker marks each passage as it goes through it (at most
// twice). Coming by a new passage into a cell it has seen before, it turns straight back;
// otherwise it takes a passage with no mark if there is one, else one marked once (the
// way it came), never one marked twice. It finds the exit whenever the exit can be
// reached, loops or not; back at the start with every passage marked twice, there is no
// way out. The route is the passages marked once.
#include "core/solvers/solver.hpp"
#include "core/walking.hpp"

namespace amazing::core {
namespace {

constexpr Direction kWays[] = {Direction::kUp, Direction::kRight, Direction::kDown,
                               Direction::kLeft};

// The marks of the passages: each cell keeps those of its right and lower walls.
class PassageMarks {
 public:
  explicit PassageMarks(const Maze& maze) : maze_(&maze), marks_(maze.cells() * 2, 0) {}
  uint8_t& at(Cell c, Direction d) {
    if (d == Direction::kUp || d == Direction::kLeft) {
      c = neighbour(c, d);
      d = opposite(d);
    }
    return marks_[cell_index(*maze_, c) * 2 + (d == Direction::kDown ? 1 : 0)];
  }

 private:
  const Maze* maze_;
  std::vector<uint8_t> marks_;
};

}  // namespace

SolverRun solve_tremaux(const Maze& maze, Cell start, std::size_t max_steps) {
  SolverRun run;
  if (run.outcome = cannot_solve(maze, start); !run.outcome.empty()) return run;
  WalkRecorder walk{run, max_steps, {}};
  PassageMarks marks(maze);
  std::vector<bool> been(maze.cells(), false);
  std::optional<Direction> came;  // the way back through the passage just taken
  bool found = false;
  for (Cell at = start; walk.enter(at);) {
    if (is_exit_cell(maze, at)) {
      found = true;
      break;
    }
    auto here = been[cell_index(maze, at)];
    const bool seen_before = here;
    here = true;
    std::optional<Direction> go;
    if (came && seen_before && marks.at(at, *came) == 1) {
      go = came;  // a new passage into a known cell: straight back
    } else {
      for (uint8_t want : {uint8_t{0}, uint8_t{1}}) {
        for (Direction d : kWays)
          if (passage(maze, at, d) && marks.at(at, d) == want && !(want == 0 && d == came)) {
            go = d;
            break;
          }
        if (go) break;
      }
    }
    if (!go) break;  // every passage marked twice: no way out
    ++marks.at(at, *go);
    at = neighbour(at, *go);
    came = opposite(*go);
  }
  finish_run(run, walk.route, found);
  return run;
}

}  // namespace amazing::core
