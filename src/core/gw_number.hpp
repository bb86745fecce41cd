// GW-BASIC numbers (Microsoft Binary Format, as PC-BASIC 2.0.5 computes them): how singles
// and doubles print, how decimal text becomes one, and their arithmetic.
//
// GW-BASIC keeps singles in Microsoft Binary Format (a 24-bit mantissa and an 8-bit
// exponent) and converts them to decimal with its own routine: the value is divided or
// multiplied by ten in a 32-bit working mantissa (8 guard bits) until it lies between
// 999999.9 and 9999999, rounding the guard byte at two points, then rounded to a 7-digit
// integer. That routine is why .7297625 prints where printf's %.7g says .7297624. The same
// working arithmetic reads decimal text (program literals, INPUT, VAL), so 0.1 becomes the
// value GW-BASIC stores, and the four operations run as MBF arithmetic does (mbf_add ...).
// A single is carried in a double (Single), which holds every MBF single exactly: an IEEE
// float cannot, as under 2^-126 it has fewer than 24 bits where MBF goes on to 2^-128.
// Doubles (56-bit mantissa, the same exponent byte) are carried in a long double and
// computed by the same routines in a wider frame (mbf_double_add ...).
//   format_number(0.05028856f)  -> " 5.028856E-02"   (PRINT adds the trailing space)
//   format_integer(-5)          -> "-5"
//   parse_decimal("1.5e1")      -> 15.0f
// Facts checked against PC-BASIC are in src/basic/FACTS.md. Pure computation: the BASIC
// interpreter, INPUT (src/machine/input), the plain dialogue and Lua's print all use these.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace amazing::core {

// A GW-BASIC single: 0 or exactly an MBF single (a 24-bit mantissa, 2^-128 <= |x| <
// 2^127, 2.938736E-39 to 1.701412E+38), held in a double.
using Single = double;
// The largest single (MBF exponent byte 255, mantissa all ones), exact in a float too.
constexpr Single kMaxSingleValue = 1.70141173319264429905e38;
// The smallest positive single (exponent byte 1): 2^-128, prints 2.938736E-39.
constexpr Single kMinSingleValue = 0x1p-128;

// A single as PRINT and STR$ show it: a leading space or '-', up to 7 significant digits,
// E notation when the exponent is above 6 or more than 7 digits would follow the point.
std::string format_number(Single value);
// An integer (a % value): " 5", "-5".
std::string format_integer(int value);
// Any number as PRINT shows it, with PRINT's trailing space: a whole number from -32768
// to 32767 as an integer (" 5 "), others as the single GW-BASIC would hold
// (print_number(1e7) -> " 1E+07 ", print_number(0.1) -> " .1 "); beyond a single's range
// as a double (" 1D+39 "). Lua's amazing.print and print use it.
std::string print_number(double value);
// GW-BASIC's double has a 56-bit mantissa (MBF); doubles are carried in long double (64
// bits on x86). A value from elsewhere (the host's arithmetic) is rounded to 56 bits.
long double round_double(long double value);
// A double as PRINT shows it: up to 16 significant digits (GW-BASIC's decimal routine in
// the double's frame, bounds just under 10^15 and 10^16), the same layout rules as a
// single with 16 for 7, and D for E: format_double(123456789) -> " 123456789",
// format_double(1e20) -> " 1D+20".
std::string format_double(long double value);

// |value| as GW-BASIC's decimal routine scales it to `digits` significant digits (1..7):
// mantissa * 10^exp10, the mantissa rounded half up from the working value and holding
// `digits` digits, or one more when the rounding carries (9.96 to 2 digits: 100, -1).
// PRINT USING lays its fields out from these. {0, 0} for zero or digits outside 1..7.
struct DecimalDigits {
  uint64_t mantissa = 0;
  int exp10 = 0;
};
DecimalDigits decimal_digits(Single value, int digits);
// The same for a double, to 1..16 digits: |value| rounded to `digits` significant digits
// (the mantissa is 10^digits with the lower power when the rounding carries, as above).
DecimalDigits decimal_digits(long double value, int digits);

// The four bytes of the value in Microsoft Binary Format, low mantissa byte first and the
// exponent last (what RANDOMIZE reads from a non-integer seed). 0 for zero.
uint32_t to_mbf(Single value);
// The single of four MBF bytes (to_mbf's order); exponent byte 0 is zero.
Single from_mbf(uint32_t bytes);

// Single-precision arithmetic as GW-BASIC (and PC-BASIC, the oracle) does it in Microsoft
// Binary Format: 8 guard bits, a sticky bit when addition drops bits, its subtraction and
// multiplication rounding quirks, and a division that compares strictly. Results that
// pass 1.701412E+38 give nullopt (GW-BASIC: "Overflow"); x / 0 is the caller's case.
std::optional<Single> mbf_add(Single a, Single b);
std::optional<Single> mbf_sub(Single a, Single b);
std::optional<Single> mbf_mul(Single a, Single b);
std::optional<Single> mbf_div(Single a, Single b);  // b != 0

// Builds mantissa * 10^exp10 with GW-BASIC's decimal routine. Overflow (beyond
// 1.701412E+38) gives nullopt.
std::optional<Single> from_decimal(int64_t mantissa, int exp10, bool negative);

// The same routines for doubles, in the double's frame (56 mantissa bits and a guard byte),
// as PC-BASIC computes them (2#/3 prints .6666666666666667, an IEEE double's ...666).
// Operands have at most 56 mantissa bits; nullopt past 1.701411834604692D+38. A product is 0 when
// the operands' exponent bytes sum to 160 or less (PC-BASIC: 1D-15*1D-15 is 0).
std::optional<long double> mbf_double_add(long double a, long double b);
std::optional<long double> mbf_double_sub(long double a, long double b);
std::optional<long double> mbf_double_mul(long double a, long double b);
std::optional<long double> mbf_double_div(long double a, long double b);  // b != 0
std::optional<long double> from_decimal_double(int64_t mantissa, int exp10, bool negative);

// The largest MBF double (1.701411834604692D+38): 56 one bits, 2^127 - 2^71.
constexpr long double kMaxDoubleValue = 0xffffffffffffffp71L;
// A double as PC-BASIC makes a single of it: the top 24 of its 56 mantissa bits rounded
// from the byte below them alone (a half to even), so bits further down never round
// up. nullopt past the largest single; 0 under the smallest.
std::optional<Single> double_to_single(long double value);
// The eight MBF bytes of a double as MKD$ gives them (low mantissa byte first, the sign
// in bit 55, the exponent byte last) and back; value has at most 56 mantissa bits.
uint64_t to_mbf_double(long double value);
long double from_mbf_double(uint64_t bytes);

// What a number typed at INPUT (or given to VAL) reads as. GW-BASIC ignores spaces
// inside numbers. `strict` (INPUT) rejects trailing text; VAL stops at it instead.
struct ParsedNumber {
  Single value = 0;  // a double rounded to a single (double_to_single)
  // PC-BASIC's rule for literals, READ, INPUT and VAL alike: a # suffix, a D exponent or
  // more than 7 digits of precision (from the first non-zero digit, less the zeros ending
  // the digits after the point) make a double; ! keeps a single.
  bool is_double = false;
  long double dvalue = 0;  // is_double: the value in 56 bits

  bool is_integer = false;  // fits a % value: no point, no exponent, -32768..32767
  bool overflow = false;
  bool radix = false;  // &H or &O: past 16 bits it is an Overflow error, not a warning
};
// nullopt when strict and the text is not a number. Empty text reads as 0.
std::optional<ParsedNumber> parse_decimal(std::string_view text, bool strict);

}  // namespace amazing::core
