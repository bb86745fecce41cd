// The C64 BASIC ROM's own SIN, COS, TAN, ATN, EXP, LOG, SQR and ^ (Microsoft 6502 BASIC):
// the ROM's range reductions and polynomial series with its own constants, step by step
// in its 5-byte arithmetic (C64Float), rounding byte included, so each result is the
// C64's to the last bit (measured on cbmbasic, the ROM recompiled:
// tests/core/record_c64_math.py). A double or long double computation rounded into five
// bytes differs from them in the last bits, which PRINT can show.
//
// Each function takes the argument as the accumulator (FAC) holds it, rounding byte and
// all, and leaves the result as the FAC holds it afterwards.
//   C64Result r = c64_sin(x);            // SIN(X)
//   if (r.error == C64Error::kNone) use(r.value);
#pragma once

#include <cstdint>
#include <optional>

#include "core/c64_float.hpp"

namespace amazing::core {

// The errors the ROM stops with: ?ILLEGAL QUANTITY (LOG of 0 or less, a negative number
// to a fractional power), ?OVERFLOW, ?DIVISION BY ZERO (TAN where its cosine is 0).
enum class C64Error : uint8_t { kNone, kIllegalQuantity, kOverflow, kDivisionByZero };

struct C64Result {
  C64Float value;
  C64Error error = C64Error::kNone;
  // The byte the ROM's INT left in CHARAC ($07) last while computing (the lowest byte of
  // INT's integer: SIN, COS and TAN take INT of the turns, EXP of x * log2(e), ^ of a
  // negative base's exponent); nullopt: CHARAC untouched (ATN, LOG, an EXP out of range).
  std::optional<uint8_t> charac;
};

// SIN divides by 2*pi and folds the fraction of a turn into -1/4..1/4 for a series of
// six terms; COS is SIN(X + pi/2); TAN is that sine over the cosine taken from the same
// fold (not SIN/COS).
C64Result c64_sin(const C64Float& x);
C64Result c64_cos(const C64Float& x);
C64Result c64_tan(const C64Float& x);
// ATN: 1/|x| above 1 (then pi/2 less the series), a series of twelve odd terms.
C64Result c64_atn(const C64Float& x);

// EXP: 2^(x * log2(e)), the integer part as the exponent, the fraction by a series of
// eight terms; ?OVERFLOW from x * log2(e) >= 127, 0 below -128.
C64Result c64_exp(const C64Float& x);
// LOG: the binary exponent plus a series in (m - sqrt(1/2)) / (m + sqrt(1/2)), times ln 2.
C64Result c64_log(const C64Float& x);
// base ^ exponent as the ^ operator computes it: EXP(exponent * LOG(base)), with a
// negative base allowed for an integer exponent (odd: the result negative). 0^y is 0,
// x^0 is EXP(0), 1. `base` is ARG (the pushed left operand, rounded), `exponent` the FAC.
// The ROM reads "odd" from CHARAC after taking INT of the exponent; for an exponent of
// 2^31 or more INT does nothing, so the sign comes from `charac`, the byte earlier work
// left there ((-1)^4294967296 is -1 after X=INT(5), 1 after PRINT or a string literal).
C64Result c64_power(const C64Float& base, const C64Float& exponent, uint8_t charac);
// SQR: the argument rounded, to the power 1/2.
C64Result c64_sqr(const C64Float& x);

}  // namespace amazing::core
