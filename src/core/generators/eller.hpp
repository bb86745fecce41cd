// EllerRows: Eller's algorithm, one row at a time, remembering only the current row's
// sets (O(width) memory, nothing per row made), so it can stream a maze of any length.
//
//   EllerRows rows(width, rnd);
//   std::vector<uint8_t> walls(width);
//   rows.next_row(walls.data(), /*last=*/false);  // walls[c]: kRightOpen | kDownOpen bits
//   ...                                           // one call per row, last=true at the end
// RND order for a row that is not the last:
//   1. left to right, for each pair (c, c+1) in different sets: pick(2), 1 = join them
//      (open the wall between), 2 = keep the wall;
//   2. left to right, for each cell: if it is its set's last cell in the row and no cell
//      of the set has gone down yet, it goes down with no draw; otherwise pick(2),
//      1 = open the wall below, 2 = keep it.
// The last row joins every neighbouring pair in different sets and draws nothing.
// pick(k) draws only when k >= 2 (see generator.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/rnd.hpp"

namespace amazing::core {

class EllerRows {
 public:
  EllerRows(int width, GwRnd& rnd);

  int width() const { return width_; }
  // Makes the next row into out[0..width): passage bits kRightOpen and kDownOpen.
  void next_row(uint8_t* out, bool last);
  // The bytes it keeps, whatever the number of rows.
  std::size_t memory_bytes() const;

 private:
  int32_t find(int32_t x) {
    while (parent_[x] != x) {
      parent_[x] = parent_[parent_[x]];
      x = parent_[x];
    }
    return x;
  }

  int width_;
  GwRnd& rnd_;
  std::vector<int32_t> label_;   // each cell's set in this row
  std::vector<int32_t> parent_;  // union-find over the labels, reset every row
  std::vector<int32_t> count_;   // cells of each set not yet decided (vertical pass)
  std::vector<uint8_t> has_down_;
  std::vector<uint8_t> used_;
};

}  // namespace amazing::core
