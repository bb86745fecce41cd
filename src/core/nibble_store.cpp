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
  // Replicate the nibble mask over a word: 0x8 -> 0x8888888888888888. Byte j of a
  // little-endian word holds cells 2j (bits 8j..8j+3) and 2j+1 (bits 8j+4..8j+7).
  const uint64_t word_mask = 0x1111111111111111ull * (mask & 0xF);
  const uint8_t* bytes = data();
  const std::size_t nbytes = block_.size();
  const std::size_t whole = nbytes & ~std::size_t{7};  // bytes in whole 8-byte words
  auto found = [&](std::size_t byte, uint64_t word) {
    std::size_t cell = byte * 2 + static_cast<std::size_t>(std::countr_zero(word)) / 4;
    return cell < cells_ ? cell : cells_;  // a match in the padding nibble is no cell
  };
  std::size_t byte = (from >> 1) & ~std::size_t{7};
  if (byte < whole) {
    // The first word: drop the cells before `from`.
    uint64_t word;
    std::memcpy(&word, bytes + byte, 8);
    word &= word_mask & (~uint64_t{0} << ((from - byte * 2) * 4));
    if (word != 0) return found(byte, word);
    for (byte += 8; byte < whole; byte += 8) {
      std::memcpy(&word, bytes + byte, 8);
      word &= word_mask;
      if (word != 0) return found(byte, word);
    }
  }
  // The last, partial word.
  if (byte < nbytes) {
    uint64_t word = 0;
    std::memcpy(&word, bytes + byte, nbytes - byte);
    word &= word_mask;
    if (byte * 2 < from) word &= ~uint64_t{0} << ((from - byte * 2) * 4);
    if (word != 0) return found(byte, word);
  }
  return cells_;
}

void NibbleStore::clear_all(uint8_t mask) {
  uint8_t both = static_cast<uint8_t>((mask & 0xF) | ((mask & 0xF) << 4));
  for (uint8_t& b : block_.bytes()) b &= static_cast<uint8_t>(~both);
}

}  // namespace amazing::core
