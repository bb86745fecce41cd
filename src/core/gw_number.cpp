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
#include <type_traits>

namespace amazing::core {
namespace {

__extension__ typedef unsigned __int128 U128;  // a double's frame with its carry, a product

// The two MBF formats differ only in the frame every operation works in: the mantissa
// (24 or 56 bits) and the guard byte below it. Sig holds a frame, its carry and (single)
// a product of two frames.
struct SingleFrame {
  using Sig = uint64_t;
  static constexpr int kBits = 32;
};
struct DoubleFrame {
  using Sig = U128;
  static constexpr int kBits = 64;
};

constexpr unsigned kGuard = 0xff;  // the guard byte under the mantissa bits
constexpr unsigned kHalf = 0x80;   // half a unit of the mantissa's last bit

template <class F>
struct Wide {
  typename F::Sig sig = 0;  // 0 is the value zero
  int pow = 0;
  bool neg = false;
};

int bit_width(uint64_t v) {
  return std::bit_width(v);
}
int bit_width(U128 v) {
  auto high = static_cast<uint64_t>(v >> 64);
  return high ? 64 + std::bit_width(high) : std::bit_width(static_cast<uint64_t>(v));
}

// The MBF exponent byte of a Wide whose significand fills its frame (top bit on top):
// value = 0.1mmm * 2^(byte - 128).
template <class F>
int exponent_byte(const Wide<F>& w) {
  return w.pow + 128 + F::kBits;
}

template <class F>
Wide<F> normalised(Wide<F> w) {
  if (w.sig == 0) return w;
  int lead = F::kBits - bit_width(w.sig);  // zero bits above the frame's top bit
  if (lead > 0) {
    w.sig <<= lead;
    w.pow -= lead;
  }
  return w;
}

constexpr uint64_t kDoubleMantissa = (uint64_t{1} << 52) - 1;  // a double's stored bits
// A double's biased exponent less this is the pow of its 24 top bits in the single's frame.
constexpr int kSingleBitsBias = 1023 + 31;

// A carrier value (a Single, or an MBF double in a long double) in its frame, guard byte 0.
template <class F, class T>
Wide<F> widen_as(T value) {
  Wide<F> w;
  if (value == 0) return w;
  int e = 0;
  T m = std::frexp(std::fabs(value), &e);  // 0.5 <= m < 1, with the mantissa's bits
  w.sig = static_cast<uint64_t>(std::ldexp(m, F::kBits));
  w.pow = e - F::kBits;
  w.neg = value < 0;
  return w;
}
// A Single straight from its bits (every single is a normal double whose low 29 mantissa
// bits are 0): the interpreter widens two operands an operation, so no frexp here.
Wide<SingleFrame> widen(Single value) {
  if (value == 0) return {};
  auto bits = std::bit_cast<uint64_t>(value);
  uint64_t mantissa = ((bits & kDoubleMantissa) | (kDoubleMantissa + 1)) >> 29;  // 24 bits
  return {mantissa << 8, static_cast<int>((bits >> 52) & 0x7ff) - kSingleBitsBias,
          (bits >> 63) != 0};
}
Wide<DoubleFrame> widen_double(long double value) {
  return widen_as<DoubleFrame>(value);
}

// Magnitude order of two normal Wides.
template <class F>
bool larger(const Wide<F>& a, const Wide<F>& b) {
  return a.pow != b.pow ? a.pow > b.pow : a.sig > b.sig;
}

enum class Tie { kEven, kUp };

// The one rounding step: normalises, rounds the guard byte into the mantissa (above half
// up, below half down, exactly half by `tie`) and clears it. The result is normal.
template <class F>
Wide<F> round_guard(Wide<F> w, Tie tie) {
  using Sig = typename F::Sig;
  w = normalised(w);
  unsigned guard = static_cast<unsigned>(w.sig & kGuard);
  bool odd = (w.sig & (kGuard + 1)) != 0;
  bool up = guard > kHalf || (guard == kHalf && (tie == Tie::kUp || odd));
  w.sig = (w.sig & ~Sig{kGuard}) + (up ? Sig{kGuard + 1} : Sig{0});
  if (w.sig >> F::kBits) {
    w.sig >>= 1;
    ++w.pow;
  }
  return w;
}

// A rounded Wide as its carrier: nullopt past the largest value, zero below the smallest.
template <class F, class T>
std::optional<T> to_carrier(const Wide<F>& rounded) {
  if (rounded.sig == 0) return T{0};
  int byte = exponent_byte(rounded);
  if (byte > 255) return std::nullopt;
  if (byte <= 0) return T{0};
  auto mantissa = static_cast<uint64_t>(rounded.sig >> 8);
  if constexpr (std::is_same_v<T, Single>) {  // widen's bits backwards, no ldexp
    uint64_t bits = uint64_t{rounded.neg} << 63 |
                    static_cast<uint64_t>(rounded.pow + kSingleBitsBias) << 52 |
                    (mantissa << 29 & kDoubleMantissa);
    return std::bit_cast<Single>(bits);
  }
  T v = std::ldexp(static_cast<T>(mantissa), rounded.pow + 8);
  return rounded.neg ? -v : v;
}
// Singles are carried in a Single, doubles in a long double.
template <class F>
using Carrier = std::conditional_t<std::is_same_v<F, SingleFrame>, Single, long double>;

// An operation's result, rounded. GW-BASIC judges underflow before it normalises: a result
// whose frame already puts it at exponent byte 0 or below is 0 (a quotient of dividend
// byte - divisor byte + 129 <= 0, for one).
template <class F>
std::optional<Carrier<F>> result(const Wide<F>& unrounded) {
  if (exponent_byte(unrounded) <= 0) return Carrier<F>{0};
  return to_carrier<F, Carrier<F>>(round_guard(unrounded, Tie::kEven));
}

// ---- addition ----------------------------------------------------------------------------

// The smaller operand on the larger one's grid: its bits below the guard byte are dropped,
// `cut` says whether any of them was set.
template <class F>
struct OnGrid {
  typename F::Sig sig = 0;
  bool cut = false;
};

template <class F>
OnGrid<F> on_grid(const Wide<F>& small, int pow) {
  using Sig = typename F::Sig;
  int drop = pow - small.pow;
  if (drop >= F::kBits) return {0, small.sig != 0};
  Sig dropped = small.sig & ((Sig{1} << drop) - 1);
  return {small.sig >> drop, dropped != 0};
}

// Same signs: a carry out of the frame shifts the sum right and its lowest bit is lost
// unremarked; then a cut operand sets the lowest guard bit (sticky), so that an exact half
// in the guard byte means exactly half.
template <class F>
Wide<F> add_magnitudes(const Wide<F>& big, OnGrid<F> small) {
  Wide<F> sum{big.sig + small.sig, big.pow, big.neg};
  if (sum.sig >> F::kBits) {
    sum.sig >>= 1;
    ++sum.pow;
  }
  if (small.cut) sum.sig |= 1;
  return sum;
}

// GW-BASIC's subtraction drops a half in one pattern (measured): when the difference's last
// mantissa bit is 0 and its guard byte reads 10?x xxxx with some x set (above half, but
// not by the 0x20 bit alone), the guard's top bit is lost and it rounds down, not up.
template <class Sig>
Sig drop_subtraction_half(Sig difference) {
  auto low = static_cast<unsigned>(difference & 0x1ff);  // the last mantissa bit, the guard
  bool pattern = (low & 0x1c0) == kHalf && (low & 0x1f) != 0;
  return pattern ? difference & ~Sig{kHalf} : difference;
}

// Different signs. The smaller operand, cut to the grid, is subtracted as cut (no sticky
// bit). When it is at most half a unit of the larger's last bit, the larger is the result
// as it stands.
template <class F>
Wide<F> subtract_magnitudes(const Wide<F>& big, OnGrid<F> small) {
  if (small.sig < kHalf || (small.sig == kHalf && !small.cut)) return big;
  return Wide<F>{drop_subtraction_half(big.sig - small.sig), big.pow, big.neg};
}

// a + b, unrounded. On equal magnitudes the second operand counts as the larger.
template <class F>
Wide<F> add(const Wide<F>& a, const Wide<F>& b) {
  if (b.sig == 0) return a;
  if (a.sig == 0) return b;
  const Wide<F>& big = larger(a, b) ? a : b;
  const Wide<F>& small = larger(a, b) ? b : a;
  OnGrid<F> aligned = on_grid(small, big.pow);
  return a.neg == b.neg ? add_magnitudes(big, aligned) : subtract_magnitudes(big, aligned);
}

// 10x as GW-BASIC's decimal routine makes it: 8x + 2x with the addition above.
template <class F>
Wide<F> times_ten(const Wide<F>& w) {
  return add(Wide<F>{w.sig, w.pow + 3, w.neg}, Wide<F>{w.sig, w.pow + 1, w.neg});
}

// ---- multiplication and division ---------------------------------------------------------

// The product is cut (not rounded) to the mantissa and a guard nibble (28 or 60 bits). A
// nibble of 9 (1001) counts as exactly half (1000), so it rounds to even. It is 0 before
// the mantissas are looked at when the exponent bytes sum to 128 + (frame bits - 32) or
// less: 128 for a single, 160 for a double (PC-BASIC's double products under about 2^-98
// are 0).
template <class F>
Wide<F> multiply(const Wide<F>& a, const Wide<F>& b) {
  using Sig = typename F::Sig;
  if (a.sig == 0 || b.sig == 0) return {};
  if (exponent_byte(a) + exponent_byte(b) <= 128 + F::kBits - 32) return {};
  Sig product = a.sig * b.sig;  // both below 2^(frame bits): fits Sig
  int drop = bit_width(product) - (F::kBits - 4);
  Sig kept = product >> drop;
  if ((kept & 0xf) == 0x9) kept &= ~Sig{1};
  return Wide<F>{kept, a.pow + b.pow + drop, a.neg != b.neg};
}

// Bit-serial division as GW-BASIC does it: one quotient bit per frame bit, the divisor
// moving one bit to the right per step and losing the bits that fall off its end, and a
// partial remainder equal to the (moved) divisor not counting as a fit. Not normalised:
// the top quotient bit is 0 when the dividend's significand is not above the divisor's.
template <class F>
Wide<F> long_divide(const Wide<F>& dividend, const Wide<F>& divisor) {
  using Sig = typename F::Sig;
  Sig rest = dividend.sig;
  Sig quotient = 0;
  for (int step = 0; step < F::kBits; ++step) {
    Sig part = divisor.sig >> step;
    bool fits = rest > part;
    if (fits) rest -= part;
    quotient = (quotient << 1) | Sig{fits ? 1u : 0u};
  }
  return Wide<F>{quotient, dividend.pow - divisor.pow - (F::kBits - 1),
                 dividend.neg != divisor.neg};
}

// An integer as a Wide, cut (not rounded) to the mantissa's bits.
template <class F>
Wide<F> from_integer(U128 magnitude, bool neg) {
  int excess = std::max(bit_width(magnitude) - (F::kBits - 8), 0);
  Wide<F> w{static_cast<typename F::Sig>(magnitude >> excess), excess, neg};
  return normalised(w);
}

template <class F>
Wide<F> divided_by_ten(const Wide<F>& w) {
  return normalised(long_divide(w, from_integer<F>(10, false)));
}

// ---- decimal -----------------------------------------------------------------------------

// The value scaled by ten until it lies between the values just under 10^(digits-1) and
// 10^digits, as an integer of `digits` digits (one more when rounding carries) and the
// power of ten it was scaled by. The working value is rounded (half up) after the divisions
// and after the multiplications, then rounded half up to an integer from the 8 bits below
// its point. With 7 digits the bounds are 999999.9375 and 9999999 (PRINT's).
struct Decimal {
  uint64_t digits = 0;
  int exp10 = 0;
};

// The largest value under 10^n (n <= 16: 10^n is exact in either mantissa).
template <class F>
Wide<F> just_under_power_of_ten(int n) {
  uint64_t power = 1;
  for (int k = 0; k < n; ++k) power *= 10;
  Wide<F> w = from_integer<F>(power, false);
  w.sig -= kGuard + 1;  // one unit of the mantissa's last bit less
  return normalised(w);
}

template <class F>
Decimal to_decimal(Wide<F> w, int digits) {
  const Wide<F> highest = just_under_power_of_ten<F>(digits);
  const Wide<F> lowest = just_under_power_of_ten<F>(digits - 1);
  Decimal out;
  w.neg = false;
  for (; larger(w, highest); ++out.exp10) w = divided_by_ten(w);
  w = round_guard(w, Tie::kUp);
  for (; larger(lowest, w); --out.exp10) w = times_ten(w);
  w = round_guard(w, Tie::kUp);
  int point = -(w.pow + 8);  // fraction bits of value * 256; w is below 2^(digits*3.33)
  auto fixed = static_cast<uint64_t>(point >= 0 ? w.sig >> point : w.sig << -point);
  out.digits = (fixed + kHalf) >> 8;
  return out;
}

// mantissa * 10^exp10 by the decimal routine: the mantissa cut to the frame's mantissa
// bits, then scaled step by step: each division by ten leaves a value under the smallest
// as 0 at once; the result is rounded half to even once.
template <class F>
std::optional<Carrier<F>> decimal_value(U128 magnitude, int exp10, bool negative) {
  Wide<F> w = from_integer<F>(magnitude, negative);
  if (w.sig == 0) return Carrier<F>{0};
  for (; exp10 < 0; ++exp10) {
    w = divided_by_ten(w);
    if (exponent_byte(w) <= 0) return Carrier<F>{0};
  }
  for (; exp10 > 0; --exp10) {
    w = times_ten(w);
    if (exponent_byte(w) > 256) return std::nullopt;  // past any rounding back
  }
  return result(w);
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
  if (std::fabs(value) <= kMaxSingleValue) return format_number(static_cast<float>(value)) + " ";
  return format_double(static_cast<long double>(value)) + " ";
}

long double round_double(long double value) {
  if (value == 0 || !std::isfinite(value)) return value;
  int exp = 0;
  long double m = std::frexp(value, &exp);
  return std::ldexp(std::round(std::ldexp(m, 56)), exp - 56);
}

// A double's significant digits: GW-BASIC's decimal routine in the double's frame, 16
// digits (PC-BASIC's Double.to_decimal).
std::string format_double(long double value) {
  if (value == 0) return " 0";
  Decimal d = to_decimal(widen_double(value), 16);
  std::string digits = std::to_string(d.digits);
  if (digits.size() < 16) digits.insert(0, 16 - digits.size(), '0');
  return lay_out(value < 0, without_trailing_zeros(digits), d.exp10 + 15, 16, 'D');
}

std::string format_number(Single value) {
  if (value == 0) return " 0";
  Decimal d = to_decimal(widen(value), 7);
  std::string digits = std::to_string(d.digits);
  if (digits.size() < 7) digits.insert(0, 7 - digits.size(), '0');
  return lay_out(value < 0, without_trailing_zeros(digits), d.exp10 + 6, 7, 'E');
}

DecimalDigits decimal_digits(Single value, int digits) {
  if (digits <= 0 || digits > 7 || value == 0) return {};
  Decimal d = to_decimal(widen(value), digits);
  return {d.digits, d.exp10};
}

DecimalDigits decimal_digits(long double value, int digits) {
  if (digits <= 0 || digits > 16 || value == 0 || !std::isfinite(value)) return {};
  Decimal d = to_decimal(widen_double(value), digits);
  return {d.digits, d.exp10};
}

// The MBF bytes and a double's bits hold the same 23 stored mantissa bits; MBF's exponent
// byte is the double's biased exponent less kMbfToDoubleBias (both count 1.m * 2^(e-bias)).
constexpr int kMbfToDoubleBias = 1023 - 129;

uint32_t to_mbf(Single value) {
  auto bits = std::bit_cast<uint64_t>(value);
  int byte = static_cast<int>((bits >> 52) & 0x7ff) - kMbfToDoubleBias;
  if (value == 0 || byte <= 0) return 0;
  uint32_t out = static_cast<uint32_t>(bits >> 29) & 0x7fffff;  // the top 23 bits
  if (bits >> 63) out |= 0x800000;
  return out | static_cast<uint32_t>(std::min(byte, 255)) << 24;
}

Single from_mbf(uint32_t bytes) {
  uint64_t byte = bytes >> 24;
  if (byte == 0) return 0.0;
  uint64_t bits = uint64_t{bytes & 0x800000u} << 40 | (byte + kMbfToDoubleBias) << 52 |
                  uint64_t{bytes & 0x7fffffu} << 29;
  return std::bit_cast<Single>(bits);
}

std::optional<Single> mbf_add(Single a, Single b) {
  return result(add(widen(a), widen(b)));
}

std::optional<Single> mbf_sub(Single a, Single b) {
  return mbf_add(a, -b);
}

std::optional<Single> mbf_mul(Single a, Single b) {
  return result(multiply(widen(a), widen(b)));
}

// A zero divided is the dividend itself, its sign too (PC-BASIC: PRINT USING "##";-0/3 and
// -0/-3 show -0, 0/-3 shows 0).
std::optional<Single> mbf_div(Single a, Single b) {
  Wide l = widen(a), r = widen(b);
  if (l.sig == 0) return a;
  return result(long_divide(l, r));
}

std::optional<Single> from_decimal(int64_t mantissa, int exp10, bool negative) {
  uint64_t magnitude = mantissa < 0 ? 0 - static_cast<uint64_t>(mantissa) : mantissa;
  return decimal_value<SingleFrame>(magnitude, exp10, negative);
}

std::optional<long double> mbf_double_add(long double a, long double b) {
  return result(add(widen_double(a), widen_double(b)));
}

std::optional<long double> mbf_double_sub(long double a, long double b) {
  return mbf_double_add(a, -b);
}

std::optional<long double> mbf_double_mul(long double a, long double b) {
  return result(multiply(widen_double(a), widen_double(b)));
}

std::optional<long double> mbf_double_div(long double a, long double b) {  // as mbf_div
  Wide l = widen_double(a), r = widen_double(b);
  if (l.sig == 0) return a;
  return result(long_divide(l, r));
}

std::optional<long double> from_decimal_double(int64_t mantissa, int exp10, bool negative) {
  uint64_t magnitude = mantissa < 0 ? 0 - static_cast<uint64_t>(mantissa) : mantissa;
  return decimal_value<DoubleFrame>(magnitude, exp10, negative);
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
  out.value = static_cast<Single>(value >= 0x8000 ? value - 0x10000 : value);
  return out;
}

// [sign] {digit | .} [(E|D) [sign] {digit}] or [sign] {digit | .} (!|#) ...
// Digits are collected while the number collected is below 10^36 (37 significant digits):
// PC-BASIC reads them all, so the 19th and 20th count (2.914327433533686536# is not
// 2.91432743353368653#, programs/fuzz_types.bas); later ones before the point multiply by ten,
// later ones after it are dropped. Every point counts as the point. The exponent keeps at most 5
// digits.
struct DecimalText {
  bool negative = false;
  U128 mantissa = 0;  // the digits' magnitude, all of them up to 37 (as PC-BASIC reads them)
  int exp10 = 0;
  bool plain = true;  // no sign, no point, no exponent, no ! or # suffix
  // PC-BASIC's precision count: the digits from the first non-zero one, less the zeros
  // that end the digits after the point (1.0000000 has 1, 123456780 has 9).
  int digits = 0;
  int trailing_zeros = 0;
  char type = 0;  // '!' or '#' suffix, 'D' exponent
};

constexpr U128 collect_below() {
  U128 v = 1;
  for (int k = 0; k < 36; ++k) v *= 10;
  return v;
}
constexpr U128 kCollectBelow = collect_below();

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
  // A sign makes a single, never an integer: PC-BASIC's VAL("-300") is a single (its
  // integer reader takes digits only), so 2^VAL("-300") is 0, not Overflow.
  if (in.take('+', '-')) number.plain = false;
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

// A number read as a double: the decimal routine in the double's frame (PC-BASIC's
// Double.from_decimal). The single beside it is the double rounded (double_to_single), as
// READ and INPUT store it in a single variable.
ParsedNumber& as_double(const DecimalText& number, ParsedNumber& out) {
  auto d = decimal_value<DoubleFrame>(number.mantissa, number.exp10, false);
  out.overflow = !d;
  out.dvalue = number.negative ? -d.value_or(kMaxDoubleValue) : d.value_or(kMaxDoubleValue);
  auto single = double_to_single(out.dvalue);
  out.value = single ? *single : number.negative ? -kMaxSingleValue : kMaxSingleValue;
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
  if (number->plain && number->mantissa <= 32767u) {  // (plain: no sign)
    out.is_integer = true;
    out.value = static_cast<Single>(number->mantissa);
    return out;
  }
  out.is_double = number->type == '#' || number->type == 'D' ||
                  (number->type != '!' && number->digits - number->trailing_zeros > 7);
  if (out.is_double) return as_double(*number, out);
  auto value = decimal_value<SingleFrame>(number->mantissa, number->exp10, number->negative);
  out.overflow = !value;
  out.value = value ? *value : number->negative ? -kMaxSingleValue : kMaxSingleValue;
  return out;
}

std::optional<Single> double_to_single(long double value) {
  if (value == 0 || std::isnan(value)) return 0.0;
  int exp = 0;
  long double m = std::frexp(std::fabs(value), &exp);  // 0.5 <= m < 1
  // The top 24 bits of the 56 and the byte below them as the guard; the lower bits are
  // not looked at. Half rounds to an even last bit.
  auto bits = static_cast<uint64_t>(std::ldexp(m, 32));
  uint64_t kept = bits >> 8, guard = bits & 0xFF;
  if (guard > 0x80 || (guard == 0x80 && (kept & 1))) ++kept;
  int byte = exp + 128 + static_cast<int>(kept >> 24);  // the MBF exponent byte
  if (byte > 255) return std::nullopt;
  if (byte <= 0) return 0.0;
  Single v = std::ldexp(static_cast<Single>(kept), exp - 24);
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
