// NibbleStore: one maze cell in 4 bits, two cells per byte, in a block of the machine's Ram.
//
// Cells are numbered row-major from 0 (index = row * width + col); cell 2k sits in the low
// nibble of byte k, cell 2k+1 in the high nibble. A width x height store costs
// ceil(width * height / 2) bytes and nothing per cell besides. What the 4 bits mean is the
// maze model's business (see maze.hpp); the store only packs them and finds set bits a
// 64-bit word (16 cells) at a time.
//   auto store = NibbleStore::create(ram, 10, 12, "a 10x12 maze");  // Result<NibbleStore>
//   store->set(5, 0x3); store->get(5) == 0x3
//   store->find_next(0, 0x8)  // first cell at or after 0 with bit 3 set, or cells()
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "core/ram.hpp"
#include "core/result.hpp"

namespace amazing::core {

class NibbleStore {
 public:
  // The largest dimension accepted; larger sizes are refused before any allocation.
  static constexpr int kMaxDimension = 1'000'000;
  static constexpr std::size_t kMaxCells = std::size_t{1} << 36;

  static std::size_t bytes_for(std::size_t cells) { return (cells + 1) / 2; }
  // Allocates the store from `ram`; fails with OUT OF MEMORY when it does not fit.
  static Result<NibbleStore> create(Ram& ram, int width, int height, std::string_view what);

  NibbleStore() = default;

  int width() const { return width_; }
  int height() const { return height_; }
  std::size_t cells() const { return cells_; }
  std::size_t byte_size() const { return block_.size(); }
  std::size_t address() const { return block_.address(); }
  std::size_t index(int col, int row) const {
    return static_cast<std::size_t>(row) * static_cast<std::size_t>(width_) +
           static_cast<std::size_t>(col);
  }

  uint8_t get(std::size_t i) const {
    assert(i < cells_);
    return (data()[i >> 1] >> ((i & 1) * 4)) & 0xF;
  }
  void set(std::size_t i, uint8_t nibble) {
    assert(i < cells_ && nibble <= 0xF);
    uint8_t& byte = data()[i >> 1];
    int shift = (i & 1) * 4;
    byte = static_cast<uint8_t>((byte & ~(0xF << shift)) | (nibble << shift));
  }
  void set_bits(std::size_t i, uint8_t mask) {
    assert(i < cells_);
    data()[i >> 1] |= static_cast<uint8_t>(mask << ((i & 1) * 4));
  }
  void clear_bits(std::size_t i, uint8_t mask) {
    assert(i < cells_);
    data()[i >> 1] &= static_cast<uint8_t>(~(mask << ((i & 1) * 4)));
  }
  bool test(std::size_t i, uint8_t mask) const { return (get(i) & mask) != 0; }

  // The packed bytes, for hot loops that address nibbles themselves (cell i: byte i/2,
  // high nibble when i is odd) and for RAM views.
  std::span<uint8_t> bytes() const { return block_.bytes(); }

  // The first cell in [from, cells()) whose nibble shares a bit with `mask`, or cells()
  // when there is none. Reads 16 cells per step, so long empty stretches cost little.
  std::size_t find_next(std::size_t from, uint8_t mask) const;

  // Clears `mask` in every cell.
  void clear_all(uint8_t mask);

 private:
  uint8_t* data() const { return block_.data(); }

  RamBlock block_;
  int width_ = 0;
  int height_ = 0;
  std::size_t cells_ = 0;
};

}  // namespace amazing::core
