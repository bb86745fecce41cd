#include "core/c64_rnd.hpp"


namespace amazing::core {

namespace {
// The ROM's two constants (the fifth byte of each is the 00 that follows it in the ROM).
const C64Float kMultiplier = C64Float::unpack({0x98, 0x35, 0x44, 0x7A, 0x00});  // 11879546
const C64Float kAddend = C64Float::unpack({0x68, 0x28, 0xB1, 0x46, 0x00});  // 3.915255772E-08
const C64Float kOne = C64Float::from_int(1);
}  // namespace

C64Float C64Rnd::scramble(const C64Float& f) {
  C64Float r;
  const uint32_t m = f.mantissa;  // bytes 1<->4 and 2<->3
  r.mantissa = (m >> 24) | ((m >> 8) & 0xFF00u) | ((m << 8) & 0xFF0000u) | (m << 24);
  r.negative = false;
  r.rounding = f.exponent;
  r.exponent = 0x80;
  r = r.normalized();
  seed_ = r.rounded();
  ++calls_;
  return seed_;
}

C64Cia1 C64Cia1::at(uint64_t cycles) {
  C64Cia1 cia;
  const uint64_t period = uint64_t{kNtscTimerLatch} + 1;  // the count includes 0
  cia.timer_a = static_cast<uint16_t>(kNtscTimerLatch - cycles % period);
  return cia;
}

C64Float C64Rnd::from_cia(const C64Cia1& cia) {
  C64Float r;
  r.mantissa = (uint32_t{static_cast<uint8_t>(cia.timer_a & 0xFF)} << 24) |
               (uint32_t{cia.tod_tenths} << 16) | (uint32_t{static_cast<uint8_t>(cia.timer_a >> 8)} << 8) |
               cia.tod_seconds;
  r.exponent = 0x80;
  r.rounding = 0;  // the exponent of the argument, 0
  seed_ = r.normalized().rounded();
  ++calls_;
  return seed_;
}

C64Float C64Rnd::next() {
  const C64Float product = C64Float::multiply(kMultiplier, seed_);
  return scramble(C64Float::add(kAddend, product));
}

C64Float C64Rnd::reseed(const C64Float& x) {
  if (x.is_zero() || !x.negative) return next();
  return scramble(x);
}

bool C64Rnd::seed_statement(int64_t n) {
  if (n == 0) return false;
  reseed(C64Float::from_int(n).negated());
  return true;
}

int C64Rnd::draw(int k) {
  const C64Float r = next();
  const C64Float product = C64Float::multiply(r, C64Float::from_int(k));
  const C64Float sum = C64Float::add(product.rounded(), kOne);
  return static_cast<int>(sum.to_int());
}

}  // namespace amazing::core
