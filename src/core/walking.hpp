// Walking helps: what the play screen's run key, mouse click and fog compute. Pure
// computation on a Maze; the walker stays inside it (up from the entrance is a wall here,
// as in play; leaving through the exit is the play screen's own last move).
//
//   run_along(maze, {3, 4}, Direction::kRight)   // (4,4) ... the next junction or dead end
//   path_between(maze, {0, 0}, {5, 7})           // (0,0) ... (5,7): the shortest way
//   Sight sight(maze); sight.look_from({3, 4});  // what the walker sees from (3,4)
//   sight.seen(4, 4)                             // seen now or before
#pragma once

#include <cstddef>
#include <vector>

#include "core/maze.hpp"
#include "core/solve.hpp"

namespace amazing::core {

// The cell next to c in direction d (possibly outside the grid).
Cell neighbour(Cell c, Direction d);
Direction opposite(Direction d);
// d turned a quarter clockwise `quarters` times (negative: anticlockwise).
Direction turned(Direction d, int quarters);
// Whether a walker on c (inside the grid) can go d to another cell of the maze.
bool passage(const Maze& maze, Cell c, Direction d);
// How many of the four ways out of c lead to another cell of the maze.
int ways(const Maze& maze, Cell c);
// c is a bottom-row cell whose wall below is open: one more move down leaves the maze.
bool is_exit_cell(const Maze& maze, Cell c);
bool inside(const Maze& maze, Cell c);
// Row-major index of a cell inside the grid.
std::size_t cell_index(const Maze& maze, Cell c);

// A run from `from` in direction d: the cells passed, in order, the last one where it
// stops. It follows the corridor round its bends and stops on the first cell that is a
// junction (three or four ways), a dead end (one way) or an exit cell, or when it comes
// back to `from` (a corridor that closes on itself). Empty when d has no passage.
std::vector<Cell> run_along(const Maze& maze, Cell from, Direction d);

// The shortest way from `from` to `to` through open walls inside the maze, from ... to
// (just {from} when they are the same cell); with `allowed` (one flag a cell, row-major)
// only through allowed cells. Empty when there is none or a cell is outside the grid.
std::vector<Cell> path_between(const Maze& maze, Cell from, Cell to,
                               const std::vector<bool>* allowed = nullptr);

// What a walker has seen (the play screen's --fog): from a cell it sees that cell and,
// along each of the four ways, every cell in a straight line up to the first closed wall
// (a corridor's length, not round its bends). What was seen once stays seen.
class Sight {
 public:
  explicit Sight(const Maze& maze);
  void look_from(Cell c);
  bool seen(int col, int row) const;
  bool seen(Cell c) const { return seen(c.col, c.row); }
  std::size_t count() const { return count_; }
  const std::vector<bool>& cells() const { return seen_; }

 private:
  void see(Cell c);
  const Maze* maze_;
  std::vector<bool> seen_;
  std::size_t count_ = 0;
};

}  // namespace amazing::core
