// Solve: shortest path and reachability on a Maze (breadth-first search). Pure computation.
//
// The player enters at the entrance cell (top row) and leaves through the exit (a bottom-row
// cell whose wall below is open). A move goes from a cell to a neighbour through an open
// wall; leaving through the exit is one more move. So a maze whose shortest path visits k
// cells (entrance and exit included) takes k moves at best.
//   Solution s = solve(maze);           // from the entrance
//   if (!s.has_exit) ...                // book/fixed revisions may make no exit
//   else if (!s.solvable()) ...         // the exit exists but cannot be reached
//   s.path                              // entrance ... exit, row/col from 0
//   s.unreachable                       // cells the player can never visit
//   solve(maze, Cell{3, 4}).path        // the shortest way out from (3,4)
// Memory: one byte per cell plus the search queue, outside the machine's RAM budget.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/maze.hpp"

namespace amazing::core {

struct Cell {
  int col = 0;
  int row = 0;
  friend bool operator==(const Cell&, const Cell&) = default;
};

struct Solution {
  bool has_exit = false;        // some bottom-row cell has its wall below open
  std::vector<Cell> path;       // start ... exit cell; empty when the exit cannot be reached
  std::size_t reachable = 0;    // cells reachable from the start (the start included)
  std::size_t unreachable = 0;  // cells() - reachable
  std::size_t passages = 0;     // open walls between two cells of the maze (whether the
                                // maze is perfect is analysis.hpp's judge())

  bool solvable() const { return !path.empty(); }
  // Moves to walk out from the start: one per cell of the path (the last leaves the maze).
  std::size_t fewest_moves() const { return path.size(); }
};

// Breadth-first search from `start` (default: the entrance cell; a maze with no entrance
// has nothing reachable). Counts passages over the whole maze.
Solution solve(const Maze& maze, std::optional<Cell> start = std::nullopt);

// One flag per cell, row-major (index row * width + col): reachable from the entrance.
std::vector<bool> reachable_cells(const Maze& maze);

// The shortest way out from every cell at once: one search from the exit cells, then
// path_from() follows it in time proportional to the path (what a player who keeps the
// solution shown while walking needs on a big maze). The maze must outlive it and not
// change.
//   WayOut out(maze);
//   out.path_from({3, 4})   // (3,4) ... an exit cell, as solve(maze, Cell{3, 4}).path
class WayOut {
 public:
  explicit WayOut(const Maze& maze);
  // From `from` to the nearest exit cell; empty when no exit can be reached from there.
  std::vector<Cell> path_from(Cell from) const;

 private:
  const Maze* maze_;
  std::vector<uint8_t> toward_;  // per cell: 0 no way out, kExitHere, or 1 + direction
};

}  // namespace amazing::core
