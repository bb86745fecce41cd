// Ram: the machine's memory as a budget of bytes with addresses, from which the maze
// store (and, in src/machine, the screen) is allocated.
//
// The capacity is fixed when the machine is built: 48K = 49152 bytes by default, like the
// computers AMAZING was written for; kUnlimited lifts the limit. Each allocation gets an
// address range inside [0, capacity) and its own zeroed bytes, so a 48K machine costs
// 48K at most and an unlimited one costs only what is allocated.
//   Ram ram(49152);
//   auto block = ram.allocate(1000, "screen");  // Result<RamBlock>; RAII, frees on scope exit
//   ram.poke(block->address(), 65); ram.peek(block->address()) == 65
// An allocation that does not fit fails with an Error whose message contains
// "OUT OF MEMORY", the bytes needed and a --ram value that would fit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"

namespace amazing::core {

inline constexpr std::size_t kDefaultRam = 48 * 1024;
inline constexpr std::size_t kUnlimited = static_cast<std::size_t>(-1);

class Ram;

// A range of the machine's memory; releases itself when destroyed.
class RamBlock {
 public:
  RamBlock() = default;
  RamBlock(RamBlock&& other) noexcept;
  RamBlock& operator=(RamBlock&& other) noexcept;
  RamBlock(const RamBlock&) = delete;
  RamBlock& operator=(const RamBlock&) = delete;
  ~RamBlock();

  std::size_t address() const { return address_; }
  std::size_t size() const { return bytes_.size(); }
  std::span<uint8_t> bytes() const { return bytes_; }
  uint8_t* data() const { return bytes_.data(); }

 private:
  friend class Ram;
  RamBlock(Ram* ram, std::size_t address, std::span<uint8_t> bytes)
      : ram_(ram), address_(address), bytes_(bytes) {}
  void reset();

  Ram* ram_ = nullptr;
  std::size_t address_ = 0;
  std::span<uint8_t> bytes_;
};

class Ram {
 public:
  explicit Ram(std::size_t capacity = kDefaultRam) : capacity_(capacity) {}
  Ram(const Ram&) = delete;
  Ram& operator=(const Ram&) = delete;

  std::size_t capacity() const { return capacity_; }
  bool unlimited() const { return capacity_ == kUnlimited; }
  std::size_t used() const;

  // Allocates `bytes` zeroed bytes at the lowest free address. `what` names the use in
  // the OUT OF MEMORY message ("a 400x400 maze").
  Result<RamBlock> allocate(std::size_t bytes, std::string_view what);

  // Bytes at an address; reading unmapped memory gives 0 and writing it does nothing,
  // like an empty socket on the bus.
  uint8_t peek(std::size_t address) const;
  void poke(std::size_t address, uint8_t value);

  // The smallest --ram value (as the user would type it) that fits `needed` more bytes on
  // top of what is in use now.
  std::string ram_option_for(std::size_t needed) const;

 private:
  friend class RamBlock;
  struct Region {
    std::size_t address;
    std::size_t size;
    std::unique_ptr<uint8_t[]> data;
  };
  void release(std::size_t address);
  const Region* find(std::size_t address) const;

  std::size_t capacity_;
  std::vector<Region> regions_;  // sorted by address
};

// "48K", "64K", "8M", "1G", "unlimited" or a plain byte count; K = 1024 bytes.
Result<std::size_t> parse_ram_size(std::string_view text);
// The inverse for messages: 49152 -> "48K", 8388608 -> "8M", kUnlimited -> "unlimited".
std::string format_ram_size(std::size_t bytes);

}  // namespace amazing::core
