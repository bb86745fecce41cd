// Solvers the play screen can run on the maze in play, each drawn as it goes. Each is a
// pure computation (one file each) that returns the whole run as a list of steps: a step
// puts one mark on one cell, in the order the solver did it, so a viewer can play the
// steps forward and back (tui/solver_watch.hpp).
//
//   const SolverInfo* s = find_solver("tremaux");
//   SolverRun run = s->run(maze, start, kMaxSolverSteps);
//   run.steps[i].cell, run.steps[i].mark   // what step i marks
//   run.solved                             // the exit was found; the kPath steps are its route
//
// The walkers (wall follower, Pledge, Tremaux) walk from `start`, a step a cell entered;
// dead-end filling fills the maze's dead ends one cell a step; the flood numbers the cells
// by their distance from `start`. Every run that finds the exit ends with the route it
// found, a kPath step a cell from `start` to the exit cell. The walker stays inside the
// maze (up from the entrance is a wall); the exit is the first bottom-row cell open below
// (Maze::exit()).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/maze.hpp"
#include "core/solve.hpp"

namespace amazing::core {

enum class Mark : uint8_t {
  kNone,     // untouched
  kVisited,  // a walker has been here
  kDead,     // a walker turned back out of here (walked twice), or a filled dead end
  kFlood,    // reached by the flood; the step's value is its distance from the start
  kPath,     // on the route found
};

struct SolverStep {
  Cell cell;
  Mark mark = Mark::kNone;
  uint32_t value = 0;  // kFlood: the distance from the start
};

struct SolverRun {
  std::vector<SolverStep> steps;
  bool solved = false;
  bool stopped = false;  // gave up after max_steps
  // In plain words, capitals as the play screen shows them: "FOUND THE EXIT: 34 MOVES".
  std::string outcome;
};

// The most steps a run records (a bigger maze's run is cut there and says so).
inline constexpr std::size_t kMaxSolverSteps = std::size_t{1} << 21;

using SolverFn = SolverRun (*)(const Maze& maze, Cell start, std::size_t max_steps);

struct SolverInfo {
  std::string_view name;   // "wall-follower"
  std::string_view title;  // "WALL FOLLOWER"
  SolverFn run;
};

// In the order the play screen's menu lists them.
std::span<const SolverInfo> solvers();
const SolverInfo* find_solver(std::string_view name);

SolverRun solve_wall_follower(const Maze& maze, Cell start, std::size_t max_steps);
SolverRun solve_pledge(const Maze& maze, Cell start, std::size_t max_steps);
SolverRun solve_tremaux(const Maze& maze, Cell start, std::size_t max_steps);
SolverRun solve_dead_end_filling(const Maze& maze, Cell start, std::size_t max_steps);
SolverRun solve_flood(const Maze& maze, Cell start, std::size_t max_steps);

// Shared by the solvers ---------------------------------------------------------------

// A walk's route without its excursions: walking back onto the cell before the last
// takes the last one off (what remains goes from the first cell to the last).
std::vector<Cell> route_of(const std::vector<Cell>& walk);

// Ends `run`: the route as kPath steps and the outcome's words, or why it failed.
void finish_run(SolverRun& run, const std::vector<Cell>& route, bool found);

// A walker's steps: enter(c) marks c visited; walking back onto the cell before the last
// marks the last one dead and takes it off the route. False once max_steps are recorded.
struct WalkRecorder {
  SolverRun& run;
  std::size_t max_steps;
  std::vector<Cell> route;
  bool enter(Cell c);
};

// Why a solver cannot start (no exit, start outside the grid), or empty.
std::string cannot_solve(const Maze& maze, Cell start);

}  // namespace amazing::core
