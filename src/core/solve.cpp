#include "core/solve.hpp"

#include <algorithm>
#include <cstdint>

namespace amazing::core {
namespace {

// marks[i]: 0 not reached; kStart the start cell; otherwise 1 + the direction the search
// moved in to reach cell i (so walking back takes the opposite direction).
constexpr uint8_t kStart = 5;

constexpr Direction kDirections[] = {Direction::kUp, Direction::kRight, Direction::kDown,
                                     Direction::kLeft};

Cell step(Cell c, Direction d) {
  switch (d) {
    case Direction::kUp:
      return {c.col, c.row - 1};
    case Direction::kRight:
      return {c.col + 1, c.row};
    case Direction::kDown:
      return {c.col, c.row + 1};
    case Direction::kLeft:
      return {c.col - 1, c.row};
  }
  return c;
}

Direction opposite(Direction d) {
  return static_cast<Direction>((static_cast<int>(d) + 2) % 4);
}

bool is_exit(const Maze& maze, Cell c) {
  return c.row == maze.height() - 1 && (maze.walls(c.col, c.row) & kDownOpen) != 0;
}

struct Search {
  std::vector<uint8_t> marks;
  std::size_t reachable = 0;
  std::optional<Cell> exit;  // the nearest exit cell reached
};

// Layer by layer, so the queue holds one frontier at a time (small for a maze).
Search search(const Maze& maze, std::optional<Cell> start) {
  Search s;
  s.marks.assign(maze.cells(), 0);
  if (!start) return s;
  const NibbleStore& store = maze.store();
  std::vector<Cell> frontier{*start}, next;
  s.marks[store.index(start->col, start->row)] = kStart;
  s.reachable = 1;
  while (!frontier.empty()) {
    next.clear();
    for (Cell c : frontier) {
      if (!s.exit && is_exit(maze, c)) s.exit = c;
      for (Direction d : kDirections) {
        Cell n = step(c, d);
        // Up from the entrance leads out of the top; the search stays inside.
        if (n.row < 0 || n.row >= maze.height() || !maze.open(c.col, c.row, d)) continue;
        uint8_t& m = s.marks[store.index(n.col, n.row)];
        if (m != 0) continue;
        m = static_cast<uint8_t>(1 + static_cast<int>(d));
        ++s.reachable;
        next.push_back(n);
      }
    }
    std::swap(frontier, next);
  }
  return s;
}

std::optional<Cell> entrance_cell(const Maze& maze) {
  if (maze.entrance() < 0 || maze.entrance() >= maze.width() || maze.height() < 1)
    return std::nullopt;
  return Cell{maze.entrance(), 0};
}

}  // namespace

Solution solve(const Maze& maze, std::optional<Cell> start) {
  if (!start) start = entrance_cell(maze);
  Solution sol;
  sol.has_exit = maze.exit().has_value();
  Search s = search(maze, start);
  sol.reachable = s.reachable;
  sol.unreachable = maze.cells() - s.reachable;
  for (int row = 0; row < maze.height(); ++row) {
    for (int col = 0; col < maze.width(); ++col) {
      uint8_t w = maze.walls(col, row);
      if ((w & kRightOpen) && col + 1 < maze.width()) ++sol.passages;
      if ((w & kDownOpen) && row + 1 < maze.height()) ++sol.passages;
    }
  }
  if (s.exit) {
    const NibbleStore& store = maze.store();
    for (Cell c = *s.exit;;) {
      sol.path.push_back(c);
      uint8_t m = s.marks[store.index(c.col, c.row)];
      if (m == kStart) break;
      c = step(c, opposite(static_cast<Direction>(m - 1)));
    }
    std::reverse(sol.path.begin(), sol.path.end());
  }
  return sol;
}

std::vector<bool> reachable_cells(const Maze& maze) {
  Search s = search(maze, entrance_cell(maze));
  std::vector<bool> out(s.marks.size());
  for (std::size_t i = 0; i < s.marks.size(); ++i) out[i] = s.marks[i] != 0;
  return out;
}

WayOut::WayOut(const Maze& maze) : maze_(&maze), toward_(maze.cells(), 0) {
  constexpr uint8_t kExitHere = kStart;
  const NibbleStore& store = maze.store();
  std::vector<Cell> frontier, next;
  for (int col = 0; col < maze.width(); ++col) {
    Cell c{col, maze.height() - 1};
    if (is_exit(maze, c)) {
      toward_[store.index(c.col, c.row)] = kExitHere;
      frontier.push_back(c);
    }
  }
  // Walls are shared by the two cells they separate, so the search can run backwards:
  // a neighbour reached from c through d goes back the opposite way to get out.
  while (!frontier.empty()) {
    next.clear();
    for (Cell c : frontier) {
      for (Direction d : kDirections) {
        Cell n = step(c, d);
        if (n.row < 0 || n.row >= maze.height() || !maze.open(c.col, c.row, d)) continue;
        uint8_t& m = toward_[store.index(n.col, n.row)];
        if (m != 0) continue;
        m = static_cast<uint8_t>(1 + static_cast<int>(opposite(d)));
        next.push_back(n);
      }
    }
    std::swap(frontier, next);
  }
}

std::vector<Cell> WayOut::path_from(Cell from) const {
  std::vector<Cell> path;
  const NibbleStore& store = maze_->store();
  if (from.col < 0 || from.row < 0 || from.col >= maze_->width() || from.row >= maze_->height())
    return path;
  for (Cell c = from;;) {
    uint8_t m = toward_[store.index(c.col, c.row)];
    if (m == 0) return {};
    path.push_back(c);
    if (m == kStart) return path;
    c = step(c, static_cast<Direction>(m - 1));
  }
}

}  // namespace amazing::core
