// Mask: cells left out of a maze (a "ghost house" in the middle), as a bitset beside the
// maze store: one bit a cell, O(cells / 8) bytes, so the store itself stays at 4 bits a
// cell. A masked cell gets no passages: in the finished maze it is a cell with four
// borders (walls value 0 and no neighbour opening into it), and the JSON form writes 0.
//
// Mask files are text grids, one line per maze row, one character per cell:
//   '#'            masked (left out)
//   '.' or ' '     part of the maze
// Lines may end in LF or CRLF; a short line is padded with open cells; lines starting
// with ';' are comments. The grid's size is the maze size (gen --size must agree).
//   auto mask = parse_mask("....\n.##.\n....\n");  // Result<Mask>, 4x3, 2 cells out
//   mask->masked(1, 1) == true;  mask->check() -> Status (connected, has top and bottom)
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"

namespace amazing::core {

class Mask {
 public:
  Mask() = default;
  Mask(int width, int height);

  int width() const { return width_; }
  int height() const { return height_; }
  std::size_t cells() const { return static_cast<std::size_t>(width_) * height_; }
  std::size_t masked_count() const { return masked_; }
  std::size_t byte_size() const { return bits_.size() * sizeof(uint64_t); }

  bool masked(std::size_t i) const { return (bits_[i >> 6] >> (i & 63)) & 1; }
  bool masked(int col, int row) const {
    return masked(static_cast<std::size_t>(row) * width_ + col);
  }
  void set(int col, int row, bool masked);

  // Whether a maze can be carved around the mask: at least two open cells, one of them in
  // the top row and one in the bottom row, and every open cell reachable from every other
  // through open neighbours. The error says which cell is cut off.
  Status check() const;

 private:
  int width_ = 0;
  int height_ = 0;
  std::size_t masked_ = 0;
  std::vector<uint64_t> bits_;
};

// The most cells a mask file may describe (8192x8192).
inline constexpr std::size_t kMaxMaskCells = std::size_t{1} << 26;

// The text grid described above. Errors name the line and column of a bad character,
// or the size when the grid is bigger than kMaxMaskCells.
Result<Mask> parse_mask(std::string_view text);
// The inverse: '#' and '.', LF line ends.
std::string format_mask(const Mask& mask);

}  // namespace amazing::core
