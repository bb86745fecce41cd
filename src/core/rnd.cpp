#include "core/rnd.hpp"

#include <bit>

namespace amazing::core {

float GwRnd::rnd(float arg) {
  if (arg == 0.0f) return value();
  if (arg < 0.0f) {
    // The mantissa with its hidden bit: 24 bits, the same width as the state.
    uint32_t bits = std::bit_cast<uint32_t>(arg);
    state_ = (bits & 0x7FFFFFu) | 0x800000u;
  }
  step();
  ++calls_;
  return value();
}

void GwRnd::randomize(int16_t n) {
  uint32_t seed = static_cast<uint16_t>(n);
  state_ = (state_ & 0xFFu) | (seed << 8);
  step();
}

}  // namespace amazing::core
