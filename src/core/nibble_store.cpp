#include "core/nibble_store.hpp"

#include <bit>
#include <string>

static_assert(std::endian::native == std::endian::little, "find_next reads words little-endian");

namespace amazing::core {

Result<NibbleStore> NibbleStore::create(Ram& ram, int width, int height, std::string_view what) {
  if (width < 1 || height < 1 || width > kMaxDimension || height > kMaxDimension) {
    return Error{"a maze must be 1 to " + std::to_string(kMaxDimension) +
                 " cells in each direction, not " + std::to_string(width) + "x" +
                 std::to_string(height)};
  }
  std::size_t cells = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  if (cells > kMaxCells) {
    return Error{"a " + std::to_string(width) + "x" + std::to_string(height) +
                 " maze has more cells than this program can hold (" +
                 std::to_string(kMaxCells) + " at most)"};
  }
  auto block = ram.allocate(bytes_for(cells), what);
  if (!block) return block.error();
  NibbleStore store;
  store.block_ = std::move(block).value();
  store.width_ = width;
  store.height_ = height;
  store.cells_ = cells;
  return store;
}

std::size_t NibbleStore::find_next(std::size_t from, uint8_t mask) const {
  if (from >= cells_) return cells_;
  // Replicate the nibble mask over a word: 0x8 -> 0x8888888888888888.
  const uint64_t word_mask = 0x1111111111111111ull * (mask & 0xF);
  const uint8_t* bytes = data();
  const std::size_t nbytes = block_.size();
  std::size_t byte = from >> 1;
  // First partial word: drop the cells before `from`.
  while (byte < nbytes) {
    uint64_t word = 0;
    std::size_t take = nbytes - byte < 8 ? nbytes - byte : 8;
    std::memcpy(&word, bytes + byte, take);  // little-endian: byte j -> bits 8j..8j+7
    word &= word_mask;
    std::size_t first_cell = byte * 2;
    if (first_cell < from) word &= ~uint64_t{0} << ((from - first_cell) * 4);
    if (word != 0) {
      std::size_t cell = first_cell + static_cast<std::size_t>(std::countr_zero(word)) / 4;
      return cell < cells_ ? cell : cells_;
    }
    byte += take;
  }
  return cells_;
}

void NibbleStore::clear_all(uint8_t mask) {
  uint8_t both = static_cast<uint8_t>((mask & 0xF) | ((mask & 0xF) << 4));
  for (uint8_t& b : block_.bytes()) b &= static_cast<uint8_t>(~both);
}

}  // namespace amazing::core
