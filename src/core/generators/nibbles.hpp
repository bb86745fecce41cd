// Nibbles: the one way the generators reach a cell's four bits. Cell i sits in byte i/2 of
// the store, in the high nibble when i is odd (see nibble_store.hpp).
//   Nibbles cells(store);            // or Generator::cells()
//   cells.get(i); cells.set_bits(i, kRightOpen); cells.put(i, kLive | d);
//   cells.replace(i, 0xC, bits, when)   // the bits under 0xC become `bits` if `when`
// A plain pointer: hot loops copy it into a local, so that a store through the bytes (which
// may alias anything) does not make the compiler reload members around every cell.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/nibble_store.hpp"

namespace amazing::core {

class Nibbles {
 public:
  explicit Nibbles(const NibbleStore& store) : bytes_(store.bytes().data()) {}

  unsigned get(std::size_t i) const { return (bytes_[i >> 1] >> shift(i)) & 0xFu; }
  bool test(std::size_t i, unsigned bits) const { return (get(i) & bits) != 0; }
  void set_bits(std::size_t i, unsigned bits) const {
    bytes_[i >> 1] = static_cast<uint8_t>(bytes_[i >> 1] | (bits << shift(i)));
  }
  void clear_bits(std::size_t i, unsigned bits) const {
    bytes_[i >> 1] = static_cast<uint8_t>(bytes_[i >> 1] & ~(bits << shift(i)));
  }
  // The bits under `mask` become `bits` (which lie within the mask) when `when`; written
  // as a select, not a branch, for loops where `when` is as random as the maze.
  void replace(std::size_t i, unsigned mask, unsigned bits, bool when = true) const {
    uint8_t& byte = bytes_[i >> 1];
    const uint8_t changed =
        static_cast<uint8_t>((byte & ~(mask << shift(i))) | (bits << shift(i)));
    byte = when ? changed : byte;
  }
  void put(std::size_t i, unsigned nibble) const { replace(i, 0xFu, nibble); }

 private:
  static unsigned shift(std::size_t i) { return static_cast<unsigned>(i & 1) * 4; }
  uint8_t* bytes_;
};

}  // namespace amazing::core
