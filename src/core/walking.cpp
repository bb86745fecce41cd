#include "core/walking.hpp"

#include <algorithm>
#include <cstdint>

namespace amazing::core {
namespace {

constexpr Direction kWays[] = {Direction::kUp, Direction::kRight, Direction::kDown,
                               Direction::kLeft};

}  // namespace

Cell neighbour(Cell c, Direction d) {
  static constexpr int kCol[] = {0, 1, 0, -1};  // up, right, down, left
  static constexpr int kRow[] = {-1, 0, 1, 0};
  const int i = static_cast<int>(d);
  return {c.col + kCol[i], c.row + kRow[i]};
}

Direction opposite(Direction d) {
  return turned(d, 2);
}

Direction turned(Direction d, int quarters) {
  return static_cast<Direction>(((static_cast<int>(d) + quarters) % 4 + 4) % 4);
}

bool inside(const Maze& maze, Cell c) {
  return c.col >= 0 && c.row >= 0 && c.col < maze.width() && c.row < maze.height();
}

std::size_t cell_index(const Maze& maze, Cell c) {
  return static_cast<std::size_t>(c.row) * static_cast<std::size_t>(maze.width()) +
         static_cast<std::size_t>(c.col);
}

bool passage(const Maze& maze, Cell c, Direction d) {
  return inside(maze, neighbour(c, d)) && maze.open(c.col, c.row, d);
}

int ways(const Maze& maze, Cell c) {
  int n = 0;
  for (Direction d : kWays) n += passage(maze, c, d) ? 1 : 0;
  return n;
}

bool is_exit_cell(const Maze& maze, Cell c) {
  return inside(maze, c) && c.row == maze.height() - 1 &&
         (maze.walls(c.col, c.row) & kDownOpen) != 0;
}

std::vector<Cell> run_along(const Maze& maze, Cell from, Direction d) {
  std::vector<Cell> cells;
  if (!inside(maze, from) || !passage(maze, from, d)) return cells;
  Cell at = neighbour(from, d);
  // Each cell is passed at most once before the run must have stopped or closed a loop.
  for (std::size_t left = maze.cells(); left > 0; --left) {
    cells.push_back(at);
    if (at == from || ways(maze, at) != 2 || is_exit_cell(maze, at)) break;
    // A corridor cell: on through its other way.
    const Direction back = opposite(d);
    for (Direction w : kWays)
      if (w != back && passage(maze, at, w)) {
        d = w;
        break;
      }
    at = neighbour(at, d);
  }
  return cells;
}

std::vector<Cell> path_between(const Maze& maze, Cell from, Cell to,
                               const std::vector<bool>* allowed) {
  if (!inside(maze, from) || !inside(maze, to)) return {};
  auto ok = [&](Cell c) { return !allowed || (*allowed)[cell_index(maze, c)]; };
  if (!ok(from) || !ok(to)) return {};
  // came[i]: 0 not reached, 5 the start, else 1 + the direction moved to reach cell i.
  constexpr uint8_t kStart = 5;
  std::vector<uint8_t> came(maze.cells(), 0);
  came[cell_index(maze, from)] = kStart;
  std::vector<Cell> frontier{from}, next;
  bool found = from == to;
  while (!found && !frontier.empty()) {
    next.clear();
    for (Cell c : frontier) {
      for (Direction d : kWays) {
        const Cell n = neighbour(c, d);
        if (!passage(maze, c, d) || !ok(n)) continue;
        uint8_t& m = came[cell_index(maze, n)];
        if (m != 0) continue;
        m = static_cast<uint8_t>(1 + static_cast<int>(d));
        next.push_back(n);
        found = found || n == to;
      }
    }
    std::swap(frontier, next);
  }
  if (!found) return {};
  std::vector<Cell> path;
  for (Cell c = to;;) {
    path.push_back(c);
    const uint8_t m = came[cell_index(maze, c)];
    if (m == kStart) break;
    c = neighbour(c, opposite(static_cast<Direction>(m - 1)));
  }
  std::reverse(path.begin(), path.end());
  return path;
}

Sight::Sight(const Maze& maze) : maze_(&maze), seen_(maze.cells(), false) {}

void Sight::see(Cell c) {
  auto ref = seen_[cell_index(*maze_, c)];
  if (!ref) {
    ref = true;
    ++count_;
  }
}

void Sight::look_from(Cell c) {
  if (!inside(*maze_, c)) return;
  see(c);
  for (Direction d : kWays)
    for (Cell at = c; passage(*maze_, at, d);) {
      at = neighbour(at, d);
      see(at);
    }
}

bool Sight::seen(int col, int row) const {
  const Cell c{col, row};
  return inside(*maze_, c) && seen_[cell_index(*maze_, c)];
}

}  // namespace amazing::core
