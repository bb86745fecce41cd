// SIN, COS, TAN and ATN as the C64 BASIC ROM computes them (c64_math.hpp). The constants
// are the ROM's own bytes (Microsoft 6502 BASIC's 9-digit tables).

#include <array>

#include "core/c64_math.hpp"
#include "core/c64_series.hpp"

namespace amazing::core {
namespace {

using namespace c64_series;

constexpr Packed kPiHalf = {0x81, 0x49, 0x0F, 0xDA, 0xA2};  // pi/2
constexpr Packed kTwoPi = {0x83, 0x49, 0x0F, 0xDA, 0xA2};   // 2*pi
constexpr Packed kQuarter = {0x7F, 0x00, 0x00, 0x00, 0x00};

// sin(2*pi*x) for x in -1/4..1/4: x times a polynomial in x^2, highest power first.
constexpr std::array<Packed, 6> kSinSeries = {{
    {0x84, 0xE6, 0x1A, 0x2D, 0x1B},  // -14.3813907
    {0x86, 0x28, 0x07, 0xFB, 0xF8},  //  42.0077971
    {0x87, 0x99, 0x68, 0x89, 0x01},  // -76.7041703
    {0x87, 0x23, 0x35, 0xDF, 0xE1},  //  81.6052237
    {0x86, 0xA5, 0x5D, 0xE7, 0x28},  // -41.3417021
    {0x83, 0x49, 0x0F, 0xDA, 0xA2},  //   6.28318531
}};

// atan(x) for x in 0..1, x times a polynomial in x^2.
constexpr std::array<Packed, 12> kAtnSeries = {{
    {0x76, 0xB3, 0x83, 0xBD, 0xD3},
    {0x79, 0x1E, 0xF4, 0xA6, 0xF5},
    {0x7B, 0x83, 0xFC, 0xB0, 0x10},
    {0x7C, 0x0C, 0x1F, 0x67, 0xCA},
    {0x7C, 0xDE, 0x53, 0xCB, 0xC1},
    {0x7D, 0x14, 0x64, 0x70, 0x4C},
    {0x7D, 0xB7, 0xEA, 0x51, 0x7A},
    {0x7D, 0x63, 0x30, 0x88, 0x7E},
    {0x7E, 0x92, 0x44, 0x99, 0x3A},
    {0x7E, 0x4C, 0xCC, 0x91, 0xC7},
    {0x7F, 0xAA, 0xAA, 0xAA, 0x13},
    {0x81, 0x00, 0x00, 0x00, 0x00},
}};

// The ROM's last folding steps: negated, plus 1/4, negated again when `negate_after`.
C64Float quarter_less(Rom& rom, const C64Float& f, bool negate_after) {
  C64Float r = rom.add(constant(kQuarter), f.negated());
  return negate_after ? r.negated() : r;
}

// SIN's range reduction: x / (2*pi) (x rounded first), less its INT: the fraction of a
// turn t in 0..1; then 1/4 - t, and for t above 1/4, 3/4 - t (a half added), and so on,
// into -1/4..1/4 with the sine's sign. `upper_half` tells TAN the cosine's sign: set for
// t in 1/4..3/4 (the ROM flips a flag byte there).
C64Float fold(Rom& rom, const C64Float& x, bool& upper_half) {
  const C64Float turns = rom.rounded(rom.divide(rom.rounded(x), constant(kTwoPi)));
  C64Float f = rom.subtract(turns, rom.floor(turns));
  f = rom.subtract(constant(kQuarter), f);
  const bool past_quarter = f.negative;
  upper_half = false;
  if (past_quarter) {
    f = rom.add(constant(kHalf), f);
    if (f.negative) return rom.add(constant(kQuarter), f).negated();  // t above 3/4
    upper_half = true;
  }
  return quarter_less(rom, f, past_quarter);
}

C64Result sine(const C64Float& x) {
  Rom rom;
  bool upper_half = false;
  const C64Float folded = fold(rom, x, upper_half);
  return rom.result(polynomial_odd(rom, folded, kSinSeries));
}

}  // namespace

C64Result c64_sin(const C64Float& x) {
  return sine(x);
}

C64Result c64_cos(const C64Float& x) {
  Rom rom;
  const C64Float shifted = rom.add(constant(kPiHalf), x);
  if (rom.failed()) return rom.result(shifted);
  return sine(shifted);
}

// The ROM's TAN rounds x, takes SIN of it and keeps that (rounded); the folded value SIN
// left in memory (rounded), made positive and folded once more, less 1/4, gives the
// cosine, negative when SIN's fold passed through 1/4..3/4. Then sine / cosine.
C64Result c64_tan(const C64Float& x) {
  Rom rom;
  bool upper_half = false;
  const C64Float folded = fold(rom, rom.rounded(x), upper_half);
  const C64Float sine_value = rom.rounded(polynomial_odd(rom, folded, kSinSeries));
  C64Float magnitude = rom.rounded(folded);
  magnitude.negative = false;
  const C64Float cosine = polynomial_odd(rom, quarter_less(rom, magnitude, upper_half), kSinSeries);
  if (rom.failed()) return rom.result(cosine);
  return rom.result(rom.divide(sine_value, cosine));
}

// ATN: of |x|, through 1/|x| when |x| >= 1 (exponent 0x81 or more): pi/2 less the series
// there; the sign of x put back.
C64Result c64_atn(const C64Float& x) {
  Rom rom;
  C64Float f = x;
  f.negative = false;
  const bool inverted = x.exponent >= 0x81;
  if (inverted) f = rom.divide(constant(kOne), f);
  f = polynomial_odd(rom, f, kAtnSeries);
  if (inverted) f = rom.subtract(constant(kPiHalf), f);
  return rom.result(x.negative ? f.negated() : f);
}

}  // namespace amazing::core
