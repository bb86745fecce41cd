// EXP, LOG, ^ and SQR as the C64 BASIC ROM computes them (c64_math.hpp). The constants
// are the ROM's own bytes (Microsoft 6502 BASIC's 9-digit tables).

#include <array>

#include "core/c64_math.hpp"
#include "core/c64_series.hpp"

namespace amazing::core {
namespace {

using namespace c64_series;

constexpr Packed kSqrtHalf = {0x80, 0x35, 0x04, 0xF3, 0x34};  // sqrt(1/2)
constexpr Packed kSqrtTwo = {0x81, 0x35, 0x04, 0xF3, 0x34};   // sqrt(2)
constexpr Packed kNegativeHalf = {0x80, 0x80, 0x00, 0x00, 0x00};
constexpr Packed kLn2 = {0x80, 0x31, 0x72, 0x17, 0xF8};    // ln 2
constexpr Packed kLog2E = {0x81, 0x38, 0xAA, 0x3B, 0x29};  // 1 / ln 2

// log2((1+z)/(1-z)) for small z: z times a polynomial in z^2.
constexpr std::array<Packed, 4> kLogSeries = {{
    {0x7F, 0x5E, 0x56, 0xCB, 0x79},  // 0.434255942
    {0x80, 0x13, 0x9B, 0x0B, 0x64},  // 0.576584541
    {0x80, 0x76, 0x38, 0x93, 0x16},  // 0.961800759
    {0x82, 0x38, 0xAA, 0x3B, 0x20},  // 2.88539007
}};

// 2^t for t in 0..1, a polynomial in t.
constexpr std::array<Packed, 8> kExpSeries = {{
    {0x71, 0x34, 0x58, 0x3E, 0x56},
    {0x74, 0x16, 0x7E, 0xB3, 0x1B},
    {0x77, 0x2F, 0xEE, 0xE3, 0x85},
    {0x7A, 0x1D, 0x84, 0x1C, 0x2A},
    {0x7C, 0x63, 0x59, 0x58, 0x0A},
    {0x7E, 0x75, 0xFD, 0xE7, 0xC6},
    {0x80, 0x31, 0x72, 0x18, 0x10},
    {0x81, 0x00, 0x00, 0x00, 0x00},
}};

// EXP: y = x * log2(e). y's rounding byte plus 0x50, when it carries, rounds y's mantissa
// up, and the byte's new value stays as y's rounding byte for the subtraction below. Out
// of range: y of 128 or more in size, or an INT(y) of 127: ?OVERFLOW when positive, 0
// when negative. Otherwise 2^(y - INT(y)) by the series, its exponent raised by INT(y).
C64Float exponential(Rom& rom, const C64Float& x) {
  C64Float y = rom.multiply(constant(kLog2E), x);
  const unsigned rounding = y.rounding + 0x50u;
  y.rounding = rounding > 0xFF ? 0x80 : 0x00;
  y = rom.rounded(y);
  const auto out_of_range = [&rom](const C64Float& sign) {
    if (!sign.negative) rom.fail(C64Error::kOverflow);
    return C64Float{};
  };
  if (y.exponent >= 0x88) return out_of_range(y);
  const C64Float whole = rom.floor(y);
  const uint8_t low = rom.charac().value_or(0);  // EXP reads INT(y) back from CHARAC
  if (low == 0x7F) return out_of_range(whole);
  y.rounding = static_cast<uint8_t>(rounding);
  const C64Float fraction = rom.subtract(whole, y).negated();
  const C64Float power = polynomial(rom, fraction, kExpSeries);
  return rom.exponent_added(power, static_cast<uint8_t>(low + 0x80));
}

// LOG: ?ILLEGAL QUANTITY for 0 or less. The mantissa m (0.5..1) gives
// z = 1 - sqrt(2) / (m + sqrt(1/2)), then the series, less 1/2, plus the binary exponent
// (the sum's left side rounded, as the ROM adds a small integer), times ln 2.
C64Float logarithm(Rom& rom, const C64Float& x) {
  if (x.is_zero() || x.negative) {
    rom.fail(C64Error::kIllegalQuantity);
    return {};
  }
  const int binary_exponent = x.exponent - 0x80;
  C64Float m = x;
  m.exponent = 0x80;
  m = rom.add(constant(kSqrtHalf), m);
  m = rom.divide(constant(kSqrtTwo), m);
  m = rom.subtract(constant(kOne), m);
  m = polynomial_odd(rom, m, kLogSeries);
  m = rom.add(constant(kNegativeHalf), m);
  m = rom.add(rom.rounded(m), C64Float::from_int(binary_exponent));
  return rom.multiply(constant(kLn2), m);
}

}  // namespace

C64Result c64_exp(const C64Float& x) {
  Rom rom;
  const C64Float v = exponential(rom, x);
  return rom.result(v);
}

C64Result c64_log(const C64Float& x) {
  Rom rom;
  const C64Float v = logarithm(rom, x);
  return rom.result(v);
}

// The exponent is rounded (kept in memory). A negative base needs an exponent equal to
// its INT (else ?ILLEGAL QUANTITY, from LOG of the still negative base); the base is
// then made positive and an odd exponent negates the result.
C64Result c64_power(const C64Float& base, const C64Float& exponent, uint8_t charac) {
  Rom rom;
  if (exponent.is_zero()) return rom.result(exponential(rom, exponent));
  if (base.is_zero()) return {};
  const C64Float y = rom.rounded(exponent);
  C64Float b = base;
  bool odd = false;
  if (base.negative && C64Float::compare(y.pack_rounded(), rom.floor(y)) == 0) {
    b.negative = false;
    odd = (rom.charac().value_or(charac) & 1) != 0;
  }
  C64Float v = logarithm(rom, b);
  v = exponential(rom, rom.multiply(y, v));
  return rom.result(odd ? v.negated() : v);
}

C64Result c64_sqr(const C64Float& x) {
  Rom rom;
  const C64Float base = rom.rounded(x);
  if (rom.failed()) return rom.result(base);
  return c64_power(base, constant(kHalf), 0);  // a positive base: CHARAC is not read
}

}  // namespace amazing::core
