// C64Float: the 5-byte floating point of Microsoft 6502 BASIC (Commodore 64 BASIC V2), as
// its floating-point accumulator (FAC) holds a number while the ROM computes.
//
// A value is mantissa * 2^(exponent - 160) with the mantissa's top bit set (0.5 <= m < 1
// times 2^(exponent-128)); exponent 0 means zero. Besides the 32 mantissa bits the FAC
// keeps a rounding byte (the "extension") of 8 more bits below them; storing a number in
// a variable rounds it away (round_fac). Packed in memory a number is 5 bytes: exponent,
// then the mantissa with the sign in the top bit of its first byte (the top bit itself is
// always 1, so it is not stored).
//
// The operations reproduce the ROM's byte routines, quirks included (see the .cpp): the
// right shift of the smaller operand in an addition loses the bits it shifts out (no
// sticky bit); an addition of two numbers with the same exponent adds one to the rounding
// byte (a carry left set); a multiplication whose multiplier has two zero bytes in a row
// after a non-zero one shifts its partial product one bit too far (a carry left clear).
// A float or double computation does not reproduce C64 results; these do.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <optional>

namespace amazing::core {

struct C64Float {
  uint8_t exponent = 0;   // 0: the number is zero
  uint32_t mantissa = 0;  // top bit set when normalised
  bool negative = false;
  uint8_t rounding = 0;   // the FAC's extension byte

  using Packed = std::array<uint8_t, 5>;

  // A packed 5-byte number as LOAD_FAC_FROM_YA unpacks it (rounding byte 0).
  static C64Float unpack(const Packed& p);
  // The value rounded (round_fac) and packed as STORE_FAC_AT_YX_ROUNDED writes it.
  Packed pack_rounded() const;

  // An integer, exactly (|v| < 2^32), as the ROM floats a line number or an integer variable.
  static C64Float from_int(int64_t v);

  bool is_zero() const { return exponent == 0; }
  // The exact value, mantissa and rounding byte (for tests and diagnostics).
  double to_double() const;

  // NORMALIZE_FAC2: shifts mantissa and rounding byte left until the top bit is set.
  C64Float normalized() const;
  // ROUND_FAC: the rounding byte's top bit rounds the mantissa up; the byte becomes 0.
  C64Float rounded() const;

  // The ROM's operations. In each, `fac` is the number already in the accumulator and
  // `arg` the other operand (ARG): as BASIC evaluates `a OP b`, arg is a (rounded when it
  // was pushed) and fac is b. The results can depend on which is which.
  static C64Float add(const C64Float& arg, const C64Float& fac);       // FADDT: arg + fac
  static C64Float subtract(const C64Float& arg, const C64Float& fac);  // FSUBT: arg - fac
  static C64Float multiply(const C64Float& arg, const C64Float& fac);  // FMULTT: arg * fac
  // FDIVT: arg / fac (the divisor is rounded first). fac must not be zero.
  static C64Float divide(const C64Float& arg, const C64Float& fac);
  C64Float negated() const;

  // ADD_EXPONENTS1 as EXP ends: the exponent plus `a` less the bias 128, the sign made
  // positive, mantissa and rounding byte kept. a == 0, or a sum below the range, is zero.
  C64Float exponent_added(uint8_t a) const;
  // The stand-in for ?OVERFLOW ERROR that the operations give past the range (the ROM
  // stops the program there; callers raise the error when they see it).
  bool overflowed() const { return exponent == 0xFF && mantissa == 0xFFFFFFFFu; }

  // INT: the largest integer not above the value (rounding byte included).
  C64Float floor() const;
  // QINT: that integer as a 32-bit two's complement number (exponent below 160).
  int64_t to_int() const;
  // FCOMP: -1, 0 or 1 as this packed number is below, equal to or above `fac` (the
  // accumulator's rounding byte counts as a half in its last mantissa byte).
  static int compare(const Packed& packed, const C64Float& fac);

  // FOUT: the number as PRINT and STR$ show it: a leading space or '-', up to nine
  // significant digits, E-notation outside 0.01 .. 999999999 (e.g. " 1E-03", "-2.5E-05",
  // " 1.23456789E+09"). PRINT then moves the cursor right once (not part of this text).
  std::string to_string() const;

  friend bool operator==(const C64Float&, const C64Float&) = default;
};

// A value rounded to the nearest 5-byte number (32-bit mantissa); nullopt past the C64's
// range (1.70141183E+38), 0 below it.
std::optional<C64Float> c64_from_double(long double value);
// What the ROM's FIN reads from the start of a text (VAL, INPUT, READ and a listing's
// literals all go through it): blanks skipped anywhere; a '-' or '+' first; digits with
// one point, each digit multiplying the FAC by ten and adding itself; an 'E' (capital
// only), a sign (also the + and - tokens, CHR$(170)/CHR$(171)) and up to two digits
// (a third: ?OVERFLOW, or 100 for a negative exponent); then a division (or
// multiplication) by ten for each digit after the point less the exponent, counted in a
// signed byte. Reading stops at the first character that fits none of this.
//   c64_fin("1.2.3") -> 1.2, end 3;  c64_fin("&H10") -> 0, end 0;  c64_fin("1E39") overflow
struct C64Fin {
  C64Float value;        // as the FAC holds it, rounding byte and all
  std::size_t end = 0;   // where reading stopped
  bool overflow = false; // ?OVERFLOW: a digit, the exponent or the scaling passed the range
};
C64Fin c64_fin(std::string_view text);
// A whole text as one number (a typed INPUT field, a DATA item): c64_fin, then only blanks
// may follow. nullopt: not a number (INPUT says ?REDO FROM START) or ?OVERFLOW (tell
// them apart with c64_fin).
std::optional<C64Float> c64_from_text(std::string_view text);

}  // namespace amazing::core
