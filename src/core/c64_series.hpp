// The pieces the C64 ROM's functions (c64_math.hpp) are made of: its arithmetic steps,
// each checked for ?OVERFLOW, and its two polynomial routines. Used by c64_trig.cpp and
// c64_exp_log.cpp only.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "core/c64_float.hpp"
#include "core/c64_math.hpp"

namespace amazing::core::c64_series {

using Packed = C64Float::Packed;

// One ROM routine's run: the operations as C64Float does them, the first error kept (the
// ROM stops there, so what is computed after it does not matter). A constant from the ROM
// is always the ARG (loaded from memory) and the running value the FAC.
class Rom {
 public:
  C64Float add(const C64Float& arg, const C64Float& fac) { return check(C64Float::add(arg, fac)); }
  C64Float subtract(const C64Float& arg, const C64Float& fac) {
    return check(C64Float::subtract(arg, fac));
  }
  C64Float multiply(const C64Float& arg, const C64Float& fac) {
    return check(C64Float::multiply(arg, fac));
  }
  // FDIVT: ?DIVISION BY ZERO for a zero divisor.
  C64Float divide(const C64Float& arg, const C64Float& fac);
  // ROUND_FAC, as a store to memory or a copy to ARG does it (the rounding byte becomes 0).
  C64Float rounded(const C64Float& fac) { return check(fac.rounded()); }
  C64Float exponent_added(const C64Float& fac, uint8_t a) { return check(fac.exponent_added(a)); }
  // INT: the largest integer not above fac. Below 2^31 in size (exponent under $A0) the
  // ROM leaves that integer's lowest byte in CHARAC ($07), kept here for the result;
  // from 2^31 on INT returns at once and CHARAC keeps what it held.
  C64Float floor(const C64Float& fac) {
    if (fac.exponent < 0xA0) charac_ = static_cast<uint8_t>(fac.to_int());
    return fac.floor();
  }
  // CHARAC as the last INT left it (nullopt: no INT has run).
  std::optional<uint8_t> charac() const { return charac_; }

  void fail(C64Error e) {
    if (error_ == C64Error::kNone) error_ = e;
  }
  bool failed() const { return error_ != C64Error::kNone; }
  C64Result result(const C64Float& fac) const {
    return {failed() ? C64Float{} : fac, error_, charac_};
  }

 private:
  C64Float check(const C64Float& v) {
    if (v.overflowed()) fail(C64Error::kOverflow);
    return v;
  }
  C64Error error_ = C64Error::kNone;
  std::optional<uint8_t> charac_;
};

inline C64Float constant(const Packed& p) {
  return C64Float::unpack(p);
}

// Constants of the ROM that more than one function uses.
constexpr Packed kOne = {0x81, 0x00, 0x00, 0x00, 0x00};
constexpr Packed kHalf = {0x80, 0x00, 0x00, 0x00, 0x00};

// POLYNOMIAL: c[0]*x^n + c[1]*x^(n-1) + ... + c[n] by Horner's rule, x rounded first.
C64Float polynomial(Rom& rom, const C64Float& x, std::span<const Packed> coefficients);
// POLYNOMIAL_ODD: x * P(x^2), x rounded first.
C64Float polynomial_odd(Rom& rom, const C64Float& x, std::span<const Packed> coefficients);

}  // namespace amazing::core::c64_series
