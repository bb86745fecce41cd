// C64Rnd: RND of Commodore 64 BASIC V2 (Microsoft 6502 BASIC), byte for byte.
//
// The seed is a packed 5-byte float (C64Float), 80 4F C7 52 58 at power-on. RND(x) with
// x > 0 multiplies the seed by 11879546 and adds 3.915255772E-08 in the ROM's arithmetic,
// reverses the four mantissa bytes, clears the sign, moves the old exponent into the
// rounding byte, sets the exponent to 0x80 and normalises and rounds that into the new
// seed, which is also the value. RND(x) with x < 0 does the byte reversal on x itself.
// RND(0) takes the mantissa from CIA 1's registers instead (from_cia below): on a real C64
// they follow the time since power-on; the interpreter feeds them its emulated clock.
//   C64Rnd r;                    // power-on seed, as after switching the C64 on
//   r.seed_statement(7);         // X=RND(-(7))
//   C64Float v = r.next();       // RND(1)
//   int k = r.draw(3);           // INT(RND(1)*3+1), in the 5-byte arithmetic
#pragma once

#include <cstdint>

#include "core/c64_float.hpp"

namespace amazing::core {

// CIA 1's registers as RND(0) reads them. At power-on the KERNAL sets timer A's latch to
// $4295 on an NTSC C64 (17045 cycles of 1,022,727 Hz: the 60 Hz interrupt) and starts it
// counting down, continuously: $4295, $4294, .. 0, then $4295 again. The time-of-day
// clock stays stopped (a 6526 holds it after a reset until its tenths register is
// written, and the KERNAL never writes it): its tenths and seconds read 0.
struct C64Cia1 {
  static constexpr uint16_t kNtscTimerLatch = 0x4295;

  uint16_t timer_a = kNtscTimerLatch;  // $DC04 (low byte), $DC05 (high byte)
  uint8_t tod_tenths = 0;              // $DC08
  uint8_t tod_seconds = 0;             // $DC09

  // The registers `cycles` CPU cycles after power-on (the timer counts from then).
  static C64Cia1 at(uint64_t cycles);
};

class C64Rnd {
 public:
  static constexpr C64Float::Packed kPowerOnSeed = {0x80, 0x4F, 0xC7, 0x52, 0x58};

  C64Rnd() = default;
  explicit C64Rnd(const C64Float::Packed& seed) : seed_(C64Float::unpack(seed)) {}

  // RND(x) for x > 0.
  C64Float next();
  // RND(x) for x < 0 (x's rounding byte does not matter). x >= 0 is next().
  C64Float reseed(const C64Float& x);
  // RND(0) (BASIC ROM $E0BE): the mantissa's four bytes are $DC04, $DC08, $DC05 and $DC09
  // in that order, the exponent $80 (the argument's exponent, 0, in the rounding byte),
  // the sign cleared; normalised and rounded into the new seed, which is the value.
  C64Float from_cia(const C64Cia1& cia);
  // The statement X=RND(-(n)): n > 0 reseeds from n's bytes; n < 0 makes the argument
  // positive, an ordinary step. n == 0 would read the timers: refused (false, no change).
  bool seed_statement(int64_t n);

  // X=INT(RND(1)*k+1): RND(1) (rounded into the seed) times k, rounded, plus 1, INT.
  // k >= 1 and below 2^31.
  int draw(int k);

  // The seed's five bytes, as PEEK(139)..PEEK(143) shows them.
  C64Float::Packed seed() const { return seed_.pack_rounded(); }
  void set_seed(const C64Float::Packed& seed) { seed_ = C64Float::unpack(seed); }
  // The seed as a number (what RND(1) returned last).
  C64Float value() const { return seed_; }
  // Stepping calls made (next, reseed, draw, seed_statement).
  uint64_t calls() const { return calls_; }

 private:
  C64Float scramble(const C64Float& f);

  C64Float seed_ = C64Float::unpack(kPowerOnSeed);  // kept unpacked, rounding byte 0
  uint64_t calls_ = 0;
};

}  // namespace amazing::core
