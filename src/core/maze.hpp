// Maze: a width x height grid of cells in a NibbleStore, with an entrance in the top row
// and (usually) an exit in the bottom row.
//
// Each cell's nibble keeps the two passages the cell owns plus two marks for generators:
//   bit 0 (1) kDownOpen   the wall below is open (on the bottom row: the exit)
//   bit 1 (2) kRightOpen  the wall to the right is open
//   bit 2 (4) kVisited    a generator has been here
//   bit 3 (8) kLive       a generator may come back here (index for the dead-end scan)
// The low two bits are exactly the listing's V(R,S): 0 closed, 1 down open, 2 right
// open, 3 both. Up and left are the neighbour's down and right; the entrance is the
// column stored here. Columns and rows count from 0 here (the listing counts from 1).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "core/nibble_store.hpp"

namespace amazing::core {

enum CellBits : uint8_t { kDownOpen = 1, kRightOpen = 2, kVisited = 4, kLive = 8 };
inline constexpr uint8_t kWallBits = kDownOpen | kRightOpen;

enum class Direction { kUp, kRight, kDown, kLeft };

class Maze {
 public:
  // A maze with every wall closed and no entrance yet.
  static Result<Maze> create(Ram& ram, int width, int height);
  // The RAM a width x height maze needs (what --ram must leave free for it).
  static std::size_t bytes_for(int width, int height) {
    return NibbleStore::bytes_for(static_cast<std::size_t>(width) *
                                  static_cast<std::size_t>(height));
  }

  Maze() = default;

  int width() const { return cells_.width(); }
  int height() const { return cells_.height(); }
  std::size_t cells() const { return cells_.cells(); }

  // The listing's V(R,S) for 0-based (col, row): 0..3.
  uint8_t walls(int col, int row) const { return cells_.get(cells_.index(col, row)) & kWallBits; }
  void set_walls(int col, int row, uint8_t v) {
    std::size_t i = cells_.index(col, row);
    cells_.set(i, static_cast<uint8_t>((cells_.get(i) & ~kWallBits) | (v & kWallBits)));
  }

  // Whether the player can pass from (col, row) in direction d. Up from the entrance and
  // down from the exit lead out of the maze and count as open.
  bool open(int col, int row, Direction d) const;

  int entrance() const { return entrance_; }  // column in the top row, -1 if none
  void set_entrance(int col) { entrance_ = col; }
  // The first bottom-row column whose down wall is open, if any.
  std::optional<int> exit() const;

  NibbleStore& store() { return cells_; }
  const NibbleStore& store() const { return cells_; }

 private:
  NibbleStore cells_;
  int entrance_ = -1;
};

}  // namespace amazing::core
