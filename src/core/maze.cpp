#include "core/maze.hpp"

#include <string>

namespace amazing::core {

Result<Maze> Maze::create(Ram& ram, int width, int height) {
  auto store = NibbleStore::create(
      ram, width, height, "a " + std::to_string(width) + "x" + std::to_string(height) + " maze");
  if (!store) return store.error();
  Maze maze;
  maze.cells_ = std::move(store).value();
  return maze;
}

bool Maze::open(int col, int row, Direction d) const {
  switch (d) {
    case Direction::kUp:
      return row == 0 ? col == entrance_ : (walls(col, row - 1) & kDownOpen) != 0;
    case Direction::kDown:
      return (walls(col, row) & kDownOpen) != 0;
    case Direction::kLeft:
      return col > 0 && (walls(col - 1, row) & kRightOpen) != 0;
    case Direction::kRight:
      return col + 1 < width() && (walls(col, row) & kRightOpen) != 0;
  }
  return false;
}

std::optional<int> Maze::exit() const {
  for (int col = 0; col < width(); ++col) {
    if (walls(col, height() - 1) & kDownOpen) return col;
  }
  return std::nullopt;
}

}  // namespace amazing::core
