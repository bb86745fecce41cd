// GW-BASIC's single-precision numbers, computed as GW-BASIC computes them.
//
// Design. All single arithmetic goes through one value type, Wide: a sign, an unsigned
// significand and a power of two (value = sig * 2^pow). A single widens exactly into a Wide
// whose significand has 32 bits: the 24 bits of the MBF mantissa and a guard byte of zeros
// below them. Each operation (add, multiply, long division) builds an unrounded Wide in
// that 32-bit frame, leaving in the guard byte exactly the bits GW-BASIC keeps, and one
// rounding function, round_guard, turns the guard byte into a rounded 24-bit mantissa:
// results round half to even, the decimal routine's intermediate steps half up. Decimal
// text is read and written by scaling by ten in the same frame (x10 is the addition of 8x
// and 2x, /10 the long division by ten), so the guard byte carries the truncations GW-BASIC
// makes along the way; printing ends with a 7-digit integer laid out by lay_out, which also
// lays out doubles. The arithmetic facts each step reproduces are stated where the step is
// and summarised in src/basic/FACTS.md ("Numbers"); they were established from PC-BASIC's
// outputs (the recorded conformance runs, tests/basic/programs/arith.bas, the RND tables).
//
// A single's exponent byte is pow + 160 for a significand with bit 31 on top: 1..255 are
// GW-BASIC's singles (2^-128 <= |x| < 2^127), 0 and below underflow to zero, above 255
// overflows.

#include "core/gw_number.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace amazing::core {
namespace {

constexpr uint64_t kCarry = uint64_t{1} << 32;  // one past a 32-bit significand
constexpr uint64_t kGuard = 0xff;               // the guard byte under the 24 mantissa bits
constexpr uint64_t kHalf = 0x80;                // half a unit of the mantissa's last bit
constexpr int kByteOffset = 160;                // exponent byte = pow + 160 when normal

struct Wide {
  uint64_t sig = 0;  // 0 is the value zero
  int pow = 0;
  bool neg = false;
};

int exponent_byte(const Wide& w) {
  return w.pow + kByteOffset;
}

Wide normalised(Wide w) {
  if (w.sig == 0) return w;
  int lead = std::countl_zero(w.sig) - 32;  // zero bits above bit 31
  if (lead > 0) {
    w.sig <<= lead;
    w.pow -= lead;
  }
  return w;
}

Wide widen(float value) {
  Wide w;
  if (value == 0) return w;
  int e = 0;
  float m = std::frexp(std::fabs(value), &e);  // 0.5 <= m < 1, at most 24 bits
  w.sig = static_cast<uint64_t>(std::ldexp(m, 32));
  w.pow = e - 32;
  w.neg = value < 0;
  return w;
}

// Magnitude order of two normal Wides.
bool larger(const Wide& a, const Wide& b) {
  return a.pow != b.pow ? a.pow > b.pow : a.sig > b.sig;
}

enum class Tie { kEven, kUp };

// The one rounding step: normalises, rounds the guard byte into the mantissa (above half
// up, below half down, exactly half by `tie`) and clears it. The result is normal.
Wide round_guard(Wide w, Tie tie) {
  w = normalised(w);
  uint64_t guard = w.sig & kGuard;
  bool odd = (w.sig & (kGuard + 1)) != 0;
  bool up = guard > kHalf || (guard == kHalf && (tie == Tie::kUp || odd));
  w.sig = (w.sig & ~kGuard) + (up ? kGuard + 1 : 0);
  if (w.sig >= kCarry) {
    w.sig >>= 1;
    ++w.pow;
  }
  return w;
}

// A rounded Wide as a float: nullopt past the largest single, zero below the smallest.
// Values under 2^-126 become IEEE denormals (the nearest one, as ldexp gives).
std::optional<float> to_single(const Wide& rounded) {
  if (rounded.sig == 0) return 0.0f;
  int byte = exponent_byte(rounded);
  if (byte > 255) return std::nullopt;
  if (byte <= 0) return 0.0f;
  float v = std::ldexp(static_cast<float>(rounded.sig >> 8), rounded.pow + 8);
  return rounded.neg ? -v : v;
}

// An operation's result, rounded. GW-BASIC judges underflow before it normalises: a result
// whose frame already puts it at exponent byte 0 or below is 0 (a quotient of dividend
// byte - divisor byte + 129 <= 0, for one).
std::optional<float> result(const Wide& unrounded) {
  if (exponent_byte(unrounded) <= 0) return 0.0f;
  return to_single(round_guard(unrounded, Tie::kEven));
}

// ---- addition ----------------------------------------------------------------------------

// The smaller operand on the larger one's grid: its bits below the guard byte are dropped,
// `cut` says whether any of them was set.
struct OnGrid {
  uint64_t sig = 0;
  bool cut = false;
};

OnGrid on_grid(const Wide& small, int pow) {
  int drop = pow - small.pow;
  if (drop >= 64) return {0, small.sig != 0};
  uint64_t dropped = small.sig & ((uint64_t{1} << drop) - 1);
  return {small.sig >> drop, dropped != 0};
}

// Same signs: a carry out of bit 31 shifts the sum right and its lowest bit is lost
// unremarked; then a cut operand sets the lowest guard bit (sticky), so that an exact half
// in the guard byte means exactly half.
Wide add_magnitudes(const Wide& big, OnGrid small) {
  Wide sum{big.sig + small.sig, big.pow, big.neg};
  if (sum.sig >= kCarry) {
    sum.sig >>= 1;
    ++sum.pow;
  }
  if (small.cut) sum.sig |= 1;
  return sum;
}

// GW-BASIC's subtraction drops a half in one pattern (measured): when the difference's last
// mantissa bit is 0 and its guard byte reads 10?x xxxx with some x set (above half, but
// not by the 0x20 bit alone), the guard's top bit is lost and it rounds down, not up.
uint64_t drop_subtraction_half(uint64_t difference) {
  uint64_t low = difference & 0x1ff;  // the last mantissa bit and the guard byte
  bool pattern = (low & 0x1c0) == kHalf && (low & 0x1f) != 0;
  return pattern ? difference & ~kHalf : difference;
}

// Different signs. The smaller operand, cut to the grid, is subtracted as cut (no sticky
// bit). When it is at most half a unit of the larger's last bit, the larger is the result
// as it stands.
Wide subtract_magnitudes(const Wide& big, OnGrid small) {
  if (small.sig < kHalf || (small.sig == kHalf && !small.cut)) return big;
  return Wide{drop_subtraction_half(big.sig - small.sig), big.pow, big.neg};
}

// a + b, unrounded. On equal magnitudes the second operand counts as the larger.
Wide add(const Wide& a, const Wide& b) {
  if (b.sig == 0) return a;
  if (a.sig == 0) return b;
  const Wide& big = larger(a, b) ? a : b;
  const Wide& small = larger(a, b) ? b : a;
  OnGrid aligned = on_grid(small, big.pow);
  return a.neg == b.neg ? add_magnitudes(big, aligned) : subtract_magnitudes(big, aligned);
}

// An addend of exponent byte 0 is zero, as MBF reads that byte. (No GW-BASIC value has it:
// only an IEEE float just under the smallest single, from a double stored in a single.)
Wide addend(float value) {
  Wide w = widen(value);
  return exponent_byte(w) == 0 ? Wide{} : w;
}

// 10x as GW-BASIC's decimal routine makes it: 8x + 2x with the addition above.
Wide times_ten(const Wide& w) {
  return add(Wide{w.sig, w.pow + 3, w.neg}, Wide{w.sig, w.pow + 1, w.neg});
}

// ---- multiplication and division ---------------------------------------------------------

// The product is cut (not rounded) to 28 bits: the mantissa and a guard nibble. A nibble
// of 9 (1001) counts as exactly half (1000), so it rounds to even.
Wide multiply(const Wide& a, const Wide& b) {
  uint64_t product = a.sig * b.sig;  // both below 2^32
  int drop = std::bit_width(product) - 28;
  uint64_t kept = product >> drop;
  if ((kept & 0xf) == 0x9) kept &= ~uint64_t{1};
  return Wide{kept, a.pow + b.pow + drop, a.neg != b.neg};
}

// Bit-serial division as GW-BASIC does it: 32 quotient bits, the divisor moving one bit to
// the right per step and losing the bits that fall off its end, and a partial remainder
// equal to the (moved) divisor not counting as a fit. Not normalised: the top quotient bit
// is 0 when the dividend's significand is not above the divisor's.
Wide long_divide(const Wide& dividend, const Wide& divisor) {
  uint64_t rest = dividend.sig;
  uint64_t quotient = 0;
  for (int step = 0; step < 32; ++step) {
    uint64_t part = divisor.sig >> step;
    bool fits = rest > part;
    if (fits) rest -= part;
    quotient = (quotient << 1) | (fits ? 1 : 0);
  }
  return Wide{quotient, dividend.pow - divisor.pow - 31, dividend.neg != divisor.neg};
}

constexpr Wide kTen{0xA0000000u, -28, false};  // 10 in the 32-bit frame

Wide divided_by_ten(const Wide& w) {
  return normalised(long_divide(w, kTen));
}

// ---- decimal -----------------------------------------------------------------------------

// A decimal mantissa as the routine starts from it: cut (not rounded) to 24 bits.
Wide from_digits(uint64_t mantissa, bool neg) {
  Wide w{mantissa, 0, neg};
  int excess = std::bit_width(mantissa) - 24;
  if (excess > 0) {
    w.sig >>= excess;
    w.pow += excess;
  }
  return normalised(w);
}

// The value scaled by ten until it lies between the singles just under 10^(digits-1) and
// 10^digits, as an integer of `digits` digits (one more when rounding carries) and the
// power of ten it was scaled by. The working value is rounded (half up) after the divisions
// and after the multiplications, then rounded half up to an integer from the 8 bits below
// its point. With 7 digits the bounds are 999999.9375 and 9999999 (PRINT's).
struct Decimal {
  uint64_t digits = 0;
  int exp10 = 0;
};

Decimal to_decimal(float value, int digits = 7) {
  constexpr float kPowers[] = {1, 10, 100, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f};  // exact singles
  const Wide highest = widen(std::nextafter(kPowers[digits], 0.0f));
  const Wide lowest = widen(std::nextafter(kPowers[digits - 1], 0.0f));
  Decimal out;
  Wide w = widen(std::fabs(value));
  for (; larger(w, highest); ++out.exp10) w = divided_by_ten(w);
  w = round_guard(w, Tie::kUp);
  for (; larger(lowest, w); --out.exp10) w = times_ten(w);
  w = round_guard(w, Tie::kUp);
  int point = -(w.pow + 8);  // fraction bits of value * 256; w is below 2^24
  uint64_t fixed = point >= 0 ? w.sig >> point : w.sig << -point;
  out.digits = (fixed + kHalf) >> 8;
  return out;
}

// Significant digits whose first digit stands for 10^lead, laid out as PRINT shows a number
// of `width` significant digits: E (or D) notation when lead >= width or when more than
// `width` digits would follow the point, else plain. No trailing zeros in `digits`.
std::string lay_out(bool negative, const std::string& digits, int lead, int width, char e) {
  std::string out = negative ? "-" : " ";
  int count = static_cast<int>(digits.size());
  if (lead >= width || count - lead - 1 > width) {
    out += digits[0];
    if (count > 1) out.append(1, '.').append(digits, 1);
    char exponent[16];
    std::snprintf(exponent, sizeof exponent, "%c%c%02d", e, lead < 0 ? '-' : '+', std::abs(lead));
    return out + exponent;
  }
  int whole = lead + 1;  // digits before the point
  if (whole >= count)
    return out + digits + std::string(static_cast<std::size_t>(whole - count), '0');
  if (whole > 0) return out.append(digits, 0, whole).append(1, '.').append(digits, whole);
  return out.append(1, '.').append(static_cast<std::size_t>(-whole), '0').append(digits);
}

std::string without_trailing_zeros(std::string digits) {
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  return digits;
}

}  // namespace

std::string format_integer(int value) {
  std::string s = std::to_string(value);
  return value < 0 ? s : " " + s;
}

std::string print_number(double value) {
  if (!std::isfinite(value)) return std::isnan(value) ? " NAN " : value < 0 ? "-INF " : " INF ";
  if (value == std::floor(value) && value >= -32768 && value <= 32767)
    return format_integer(static_cast<int>(value)) + " ";
  if (std::fabs(value) <= 1.70141173e38) return format_number(static_cast<float>(value)) + " ";
  return format_double(static_cast<long double>(value)) + " ";
}

long double round_double(long double value) {
  if (value == 0 || !std::isfinite(value)) return value;
  int exp = 0;
  long double m = std::frexp(value, &exp);
  return std::ldexp(std::round(std::ldexp(m, 56)), exp - 56);
}

std::string format_double(long double value) {
  if (value == 0) return " 0";
  char text[48];
  std::snprintf(text, sizeof text, "%.15Le", std::fabs(value));  // d.ddddddddddddddde+x
  std::string digits(1, text[0]);
  const char* e = text + 2;
  for (; *e != 'e'; ++e) digits += *e;
  return lay_out(value < 0, without_trailing_zeros(digits), std::atoi(e + 1), 16, 'D');
}

std::string format_number(float value) {
  if (value == 0) return " 0";
  Decimal d = to_decimal(value);
  std::string digits = std::to_string(d.digits);
  if (digits.size() < 7) digits.insert(0, 7 - digits.size(), '0');
  return lay_out(value < 0, without_trailing_zeros(digits), d.exp10 + 6, 7, 'E');
}

DecimalDigits decimal_digits(float value, int digits) {
  if (digits <= 0 || digits > 7 || value == 0) return {};
  Decimal d = to_decimal(value, digits);
  return {d.digits, d.exp10};
}

DecimalDigits decimal_digits(long double value, int digits) {
  if (digits <= 0 || digits > 16 || value == 0 || !std::isfinite(value)) return {};
  char text[64];
  // d.ddd...e+x, rounded; and with every digit, to tell a carry (9.96 -> 1.0e+01).
  std::snprintf(text, sizeof text, "%.*Le", digits - 1, std::fabs(value));
  char exact[64];
  std::snprintf(exact, sizeof exact, "%.20Le", std::fabs(value));
  int lead = std::atoi(std::strchr(exact, 'e') + 1);
  DecimalDigits out;
  for (const char* c = text; *c != 'e'; ++c) {
    if (*c != '.') out.mantissa = out.mantissa * 10 + static_cast<uint64_t>(*c - '0');
  }
  if (std::atoi(std::strchr(text, 'e') + 1) > lead) out.mantissa *= 10;
  out.exp10 = lead - (digits - 1);
  return out;
}

uint32_t to_mbf(float value) {
  Wide w = widen(value);
  int byte = exponent_byte(w);
  if (w.sig == 0 || byte <= 0) return 0;
  uint32_t bits = static_cast<uint32_t>(w.sig >> 8) & 0x7fffff;  // the hidden bit dropped
  if (w.neg) bits |= 0x800000;
  return bits | static_cast<uint32_t>(std::min(byte, 255)) << 24;
}

std::optional<float> mbf_add(float a, float b) {
  return result(add(addend(a), addend(b)));
}

std::optional<float> mbf_sub(float a, float b) {
  return mbf_add(a, -b);
}

// A product whose exponent bytes sum to 128 or less is 0 before the mantissas are looked at
// (its exponent byte, before normalising, would be 0 or less).
std::optional<float> mbf_mul(float a, float b) {
  Wide l = widen(a), r = widen(b);
  if (l.sig == 0 || r.sig == 0) return 0.0f;
  if (exponent_byte(l) + exponent_byte(r) <= 128) return 0.0f;
  return result(multiply(l, r));
}

std::optional<float> mbf_div(float a, float b) {
  Wide l = widen(a), r = widen(b);
  if (l.sig == 0) return 0.0f;
  return result(long_divide(l, r));
}

// The mantissa cut to 24 bits, then scaled step by step: each division by ten leaves a
// value under the smallest single as 0 at once; the result is rounded half to even once.
std::optional<float> from_decimal(int64_t mantissa, int exp10, bool negative) {
  uint64_t magnitude = mantissa < 0 ? 0 - static_cast<uint64_t>(mantissa) : mantissa;
  Wide w = from_digits(magnitude, negative);
  if (w.sig == 0) return 0.0f;
  for (; exp10 < 0; ++exp10) {
    w = divided_by_ten(w);
    if (exponent_byte(w) <= 0) return 0.0f;
  }
  for (; exp10 > 0; --exp10) {
    w = times_ten(w);
    if (exponent_byte(w) > 256) return std::nullopt;  // past any rounding back
  }
  return result(w);
}

// ---- reading numbers ---------------------------------------------------------------------

namespace {

// Blanks GW-BASIC skips inside a number.
bool blank(char c) {
  return c == ' ' || c == '\0' || c == '\n' || c == '\t';
}

// The text's characters with the blanks skipped.
class Cursor {
 public:
  explicit Cursor(std::string_view text) : text_(text) { skip(); }
  bool done() const { return at_ == text_.size(); }
  char peek() const { return done() ? '\0' : text_[at_]; }
  void next() {
    ++at_;
    skip();
  }
  bool take(char a, char b) {
    if (done() || (peek() != a && peek() != b)) return false;
    next();
    return true;
  }

 private:
  void skip() {
    while (at_ < text_.size() && blank(text_[at_])) ++at_;
  }
  std::string_view text_;
  std::size_t at_ = 0;
};

int digit_value(char c, int base) {
  char u = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  int d = u >= '0' && u <= '9' ? u - '0' : u >= 'A' && u <= 'F' ? u - 'A' + 10 : 99;
  return d < base ? d : -1;
}

// &H1F (hex), &O17 or &17 (octal), the cursor after the &: a 16-bit integer, &HFFFF is -1;
// past 16 bits an overflow, whatever follows.
std::optional<ParsedNumber> read_radix(Cursor& in, bool strict) {
  int base = in.take('H', 'h') ? 16 : 8;
  if (base == 8) in.take('O', 'o');
  long value = 0;
  ParsedNumber out;
  out.radix = true;
  for (; !in.done(); in.next()) {
    int d = digit_value(in.peek(), base);
    if (d < 0) {
      if (strict) return std::nullopt;
      break;
    }
    value = value * base + d;
    if (value > 0xFFFF) {
      out.overflow = true;
      return out;
    }
  }
  out.is_integer = true;
  out.value = static_cast<float>(value >= 0x8000 ? value - 0x10000 : value);
  return out;
}

// [sign] {digit | .} [(E|D) [sign] {digit}] or [sign] {digit | .} (!|#) ...
// Digits are collected while the number collected is below 10^17 (18 significant digits);
// later ones before the point multiply by ten, later ones after it are dropped. Every point
// counts as the point. The exponent keeps at most 5 digits.
struct DecimalText {
  bool negative = false;
  int64_t mantissa = 0;
  int exp10 = 0;
  bool plain = true;  // no point, no exponent, no ! or # suffix
  // PC-BASIC's precision count: the digits from the first non-zero one, less the zeros
  // that end the digits after the point (1.0000000 has 1, 123456780 has 9).
  int digits = 0;
  int trailing_zeros = 0;
  char type = 0;  // '!' or '#' suffix, 'D' exponent
};

constexpr int64_t kCollectBelow = 100000000000000000LL;

// Reads digits and points, up to the first other character.
void read_mantissa(Cursor& in, DecimalText& number) {
  bool after_point = false;
  for (; !in.done(); in.next()) {
    char c = in.peek();
    if (c == '.') {
      after_point = true;
      number.plain = false;
    } else if (c >= '0' && c <= '9') {
      if (number.digits > 0 || c != '0') {
        ++number.digits;
        number.trailing_zeros = after_point && c == '0' ? number.trailing_zeros + 1 : 0;
      }
      if (number.mantissa < kCollectBelow) {
        number.mantissa = number.mantissa * 10 + (c - '0');
        if (after_point) --number.exp10;
      } else if (!after_point) {
        ++number.exp10;
      }
    } else {
      return;
    }
  }
}

// The exponent after E or D; false (strict) at anything but its sign and digits.
bool read_exponent(Cursor& in, DecimalText& number, bool strict) {
  bool negative = in.peek() == '-';
  in.take('+', '-');
  int exponent = 0;
  for (; !in.done(); in.next()) {
    char c = in.peek();
    if (c < '0' || c > '9') {
      if (strict) return false;
      break;
    }
    if (exponent < 10000) exponent = exponent * 10 + (c - '0');
  }
  number.exp10 += negative ? -exponent : exponent;
  return true;
}

// nullopt when strict and something follows the number (anything may follow ! or #).
std::optional<DecimalText> read_decimal(Cursor& in, bool strict) {
  DecimalText number;
  number.negative = in.peek() == '-';
  in.take('+', '-');
  read_mantissa(in, number);
  if (in.done()) return number;
  char c = in.peek();
  if (c == '!' || c == '#') {
    number.plain = false;
    number.type = c;
    return number;
  }
  if (c == 'E' || c == 'e' || c == 'D' || c == 'd') {
    number.plain = false;
    if (c == 'D' || c == 'd') number.type = 'D';
    in.next();
    if (!read_exponent(in, number, strict)) return std::nullopt;
    return number;
  }
  if (strict) return std::nullopt;
  return number;  // VAL stops at the first character that is no part of a number
}

// A number read as a double (digits, the exponent): PC-BASIC builds it from the same
// mantissa and power of ten in 56 bits; here the host's long double, rounded to 56 bits.
// The single beside it is the double rounded (double_to_single), as READ and INPUT store
// it in a single variable.
ParsedNumber& as_double(const DecimalText& number, ParsedNumber& out) {
  std::string text = std::to_string(number.mantissa) + "E" + std::to_string(number.exp10);
  long double d = round_double(std::strtold(text.c_str(), nullptr));
  if (d != 0 && std::fabs(d) < 0x1p-128L) d = 0;  // under MBF's smallest double
  out.overflow = !(d <= kMaxDoubleValue);
  if (out.overflow) d = kMaxDoubleValue;
  out.dvalue = number.negative ? -d : d;
  auto single = double_to_single(out.dvalue);
  out.value = single ? *single : number.negative ? -1.70141183e38f : 1.70141183e38f;
  return out;
}

}  // namespace

std::optional<ParsedNumber> parse_decimal(std::string_view text, bool strict) {
  std::size_t first = text.find_first_not_of(" \n\t");
  if (first != std::string_view::npos && text[first] == '&') {
    Cursor in(text.substr(first + 1));
    return read_radix(in, strict);
  }
  Cursor in(text);
  auto number = read_decimal(in, strict);
  if (!number) return std::nullopt;
  ParsedNumber out;
  int64_t signed_mantissa = number->negative ? -number->mantissa : number->mantissa;
  if (number->plain && signed_mantissa >= -32768 && signed_mantissa <= 32767) {
    out.is_integer = true;
    out.value = static_cast<float>(signed_mantissa);
    return out;
  }
  out.is_double = number->type == '#' || number->type == 'D' ||
                  (number->type != '!' && number->digits - number->trailing_zeros > 7);
  if (out.is_double) return as_double(*number, out);
  auto value = from_decimal(number->mantissa, number->exp10, number->negative);
  out.overflow = !value;
  out.value = value ? *value : number->negative ? -1.70141183e38f : 1.70141183e38f;
  return out;
}

std::optional<float> double_to_single(long double value) {
  if (value == 0 || std::isnan(value)) return 0.0f;
  int exp = 0;
  long double m = std::frexp(std::fabs(value), &exp);  // 0.5 <= m < 1
  // The top 24 bits of the 56 and the byte below them as the guard; the lower bits are
  // not looked at. Half rounds to an even last bit.
  auto bits = static_cast<uint64_t>(std::ldexp(m, 32));
  uint64_t kept = bits >> 8, guard = bits & 0xFF;
  if (guard > 0x80 || (guard == 0x80 && (kept & 1))) ++kept;
  int byte = exp + 128 + static_cast<int>(kept >> 24);  // the MBF exponent byte
  if (byte > 255) return std::nullopt;
  if (byte <= 0) return 0.0f;
  float v = std::ldexp(static_cast<float>(kept), exp - 24);
  return value < 0 ? -v : v;
}

uint64_t to_mbf_double(long double value) {
  if (value == 0) return 0;
  int exp = 0;
  long double m = std::frexp(std::fabs(value), &exp);  // 0.5 <= m < 1
  auto bits = static_cast<uint64_t>(std::ldexp(m, 56)) & ~(uint64_t{1} << 55);
  if (value < 0) bits |= uint64_t{1} << 55;
  return bits | static_cast<uint64_t>(exp + 128) << 56;
}

long double from_mbf_double(uint64_t bytes) {
  int exp = static_cast<int>(bytes >> 56);
  if (exp == 0) return 0;
  bool negative = (bytes >> 55) & 1;
  uint64_t bits = (bytes & ((uint64_t{1} << 55) - 1)) | uint64_t{1} << 55;
  long double v = std::ldexp(static_cast<long double>(bits), exp - 128 - 56);
  return negative ? -v : v;
}

}  // namespace amazing::core
