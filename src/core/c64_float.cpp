#include "core/c64_float.hpp"

#include <bit>
#include <charconv>
#include <cstdint>
#include <iterator>
#include <cmath>
#include <algorithm>
#include <string_view>
#include <string>
#include <optional>

// How the ROM computes (Microsoft 6502 BASIC, as in the C64's BASIC V2), in the terms
// used here. Mantissa and rounding byte together are a 40-bit number, "wide".
//
// Normalising (NORMALIZE_FAC2) shifts wide left until its top bit is set, lowering the
// exponent; a mantissa of zero (even with rounding bits) or a shift count reaching the
// exponent gives zero.
//
// Addition (FADDT) aligns the operand with the smaller exponent by shifting its 40 bits
// right; what falls off is lost. The operand that came from memory (ARG) has a rounding
// byte of 0; the accumulator keeps its own. Equal exponents leave the 6502's carry set,
// so the sum gets one more in its rounding byte. A sum that overflows 40 bits is shifted
// back right once (no other normalising); a difference is negated when it went below
// zero (the sign flips) and normalised.
//
// Multiplication (FMULTT) takes the accumulator's five bytes as the multiplier, rounding
// byte first, then the mantissa from its lowest byte. For each non-zero byte it adds the
// other mantissa into a 32-bit partial product once per set bit, shifting product and
// rounding byte right one bit per bit. A zero byte shifts the product right a whole byte
// (its low byte becomes the rounding byte), and when the carry was clear on entry (after
// a previous zero byte, or at the start when the exponents' sum carried) the shift
// routine goes on one bit further in the 32-bit product, without updating the rounding
// byte. The exponents add (minus the bias 128); below range gives zero.
//
// Division (FDIVT) rounds the divisor, then divides the 32-bit mantissas bit by bit into
// 34 quotient bits: 32 for the mantissa, 2 for the top of the rounding byte.

namespace amazing::core {

namespace {

constexpr uint64_t kWideMask = (uint64_t{1} << 40) - 1;

uint64_t wide(const C64Float& f) { return (uint64_t{f.mantissa} << 8) | f.rounding; }

void set_wide(C64Float& f, uint64_t w) {
  f.mantissa = static_cast<uint32_t>(w >> 8);
  f.rounding = static_cast<uint8_t>(w);
}

C64Float zero() { return C64Float{}; }

// ?OVERFLOW ERROR on the C64. The ROM stops the program; here the largest number stands
// in for it (nothing in the emulated RND or AMAZING's draws comes near it).
C64Float overflow_value(bool negative) {
  C64Float f;
  f.exponent = 0xFF;
  f.mantissa = 0xFFFFFFFFu;
  f.negative = negative;
  return f;
}

// NORMALIZE_FAC2.
C64Float normalize(C64Float f) {
  if (f.mantissa == 0) return zero();  // the ROM gives up after four byte shifts
  const uint64_t w = wide(f);
  const int shifts = std::countl_zero(w) - 24;  // leading zeros of the 40 bits
  if (shifts >= f.exponent) return zero();
  f.exponent = static_cast<uint8_t>(f.exponent - shifts);
  set_wide(f, (w << shifts) & kWideMask);
  return f;
}

uint64_t shift_right(uint64_t w, int n) { return n >= 40 ? 0 : w >> n; }

// FADD2 onwards, with ARG aligned as if its exponent were arg_exponent.
C64Float add_aligned(const C64Float& arg, int arg_exponent, const C64Float& fac, bool subtract) {
  if (arg_exponent == 0) return fac;
  const uint64_t a = uint64_t{arg.mantissa} << 8;  // ARG's rounding byte counts as 0
  const uint64_t f = wide(fac);
  C64Float r;
  uint64_t kept, shifted;  // the operand not shifted, and the other one aligned to it
  int carry = 0;
  const int diff = arg_exponent - fac.exponent;
  if (diff == 0) {
    r.exponent = fac.exponent;
    r.negative = fac.negative;
    kept = f;
    shifted = a;
    carry = 1;  // the exponent comparison's carry, still set
  } else if (diff < 0) {
    r.exponent = fac.exponent;
    r.negative = fac.negative;
    kept = f;
    shifted = shift_right(a, -diff);
  } else {
    r.exponent = static_cast<uint8_t>(arg_exponent);
    r.negative = arg.negative;
    kept = a;
    shifted = shift_right(f, diff);
  }
  if (!subtract) {
    uint64_t sum = kept + shifted + static_cast<uint64_t>(carry);
    if (sum > kWideMask) {
      if (r.exponent == 0xFF) return overflow_value(r.negative);
      ++r.exponent;
      sum >>= 1;
    }
    set_wide(r, sum);
    return r;
  }
  uint64_t diff40 = (kept - shifted) & kWideMask;
  if (kept < shifted) {
    r.negative = !r.negative;
    diff40 = (kWideMask + 1 - diff40) & kWideMask;
  }
  set_wide(r, diff40);
  return normalize(r);
}

// ADD_EXPONENTS: the product's (or quotient's) exponent from two exponents. Returns false
// for a result too small (zero). Sets *carry as the 6502's carry is left.
enum class ExpSum { kZero, kOverflow, kOk };
ExpSum add_exponents(int a, int b, uint8_t& exponent, bool& carry) {
  const int sum = a + b;
  if (sum < 256) {
    if (sum < 128) return ExpSum::kZero;
    exponent = static_cast<uint8_t>(sum - 128);
    carry = true;
  } else {
    if (sum - 256 >= 128) return ExpSum::kOverflow;
    exponent = static_cast<uint8_t>(sum - 128);
    carry = false;
  }
  return ExpSum::kOk;
}

const C64Float::Packed kBillion = {0x9E, 0x6E, 0x6B, 0x28, 0x00};       // 1E9
// "999999999" in the C64's ROM is 999999999.25 (9E 6E 6B 27 FD, PEEK(48568)..: cbmbasic);
const C64Float::Packed kNines = {0x9E, 0x6E, 0x6B, 0x27, 0xFD};
const C64Float::Packed kNinesPoint9 = {0x9B, 0x3E, 0xBC, 0x1F, 0xFD};   // 99999999.9
const C64Float::Packed kHalf = {0x80, 0x00, 0x00, 0x00, 0x00};          // .5
const C64Float::Packed kTen = {0x84, 0x20, 0x00, 0x00, 0x00};           // 10

// Ten times x, as the number printing scales by ten: x is rounded to its 32 bits first,
// and then nothing is lost, since five times the mantissa fits the 40 bits. Like a sum,
// the result is not normalised; a carry out of the 40 bits moves it right one place.
// nullopt: past the range (?OVERFLOW). (The largest number itself, FF FFFFFFFF, is a
// result: 1.701411834E38 reads as 1.70141183E+38.)
std::optional<C64Float> times_ten_in_range(const C64Float& x) {
  C64Float f = x.rounded();
  if (f.exponent == 0) return f;
  // 10 * m * 2^e == (5m * 2^6) * 2^(e + 3 - 6): five times the mantissa, placed at bit 6.
  uint64_t w = (uint64_t{f.mantissa} * 5) << 6;
  int e = f.exponent + 3;
  if (w > kWideMask) {
    w >>= 1;
    ++e;
  }
  if (e > 0xFF) return std::nullopt;
  f.exponent = static_cast<uint8_t>(e);
  set_wide(f, w);
  return f;
}
C64Float times_ten(const C64Float& x) {
  return times_ten_in_range(x).value_or(overflow_value(x.negative));
}

}  // namespace

C64Float C64Float::unpack(const Packed& p) {
  C64Float f;
  f.exponent = p[0];
  f.negative = (p[1] & 0x80) != 0;
  f.mantissa = (uint32_t{static_cast<uint8_t>(p[1] | 0x80)} << 24) | (uint32_t{p[2]} << 16) |
               (uint32_t{p[3]} << 8) | p[4];
  return f;
}

C64Float C64Float::normalized() const { return normalize(*this); }

C64Float C64Float::rounded() const {
  C64Float f = *this;
  if (f.exponent == 0) return f;
  const bool up = (f.rounding & 0x80) != 0;
  f.rounding = 0;
  if (up && ++f.mantissa == 0) {
    if (f.exponent == 0xFF) return overflow_value(f.negative);
    ++f.exponent;
    f.mantissa = 0x80000000u;
  }
  return f;
}

C64Float::Packed C64Float::pack_rounded() const {
  const C64Float f = rounded();
  const uint8_t top = static_cast<uint8_t>(f.mantissa >> 24);
  return {f.exponent, static_cast<uint8_t>((f.negative ? 0x80 : 0x00) | (top & 0x7F)),
          static_cast<uint8_t>(f.mantissa >> 16), static_cast<uint8_t>(f.mantissa >> 8),
          static_cast<uint8_t>(f.mantissa)};
}

C64Float C64Float::from_int(int64_t v) {
  C64Float f;
  f.negative = v < 0;
  const uint64_t mag = f.negative ? uint64_t(0) - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  if (mag == 0 || mag > 0xFFFFFFFFu) return mag == 0 ? zero() : overflow_value(f.negative);
  f.exponent = 0xA0;
  f.mantissa = static_cast<uint32_t>(mag);
  return normalize(f);
}

double C64Float::to_double() const {
  if (exponent == 0) return 0.0;
  const double m = static_cast<double>(wide(*this)) / 1099511627776.0;  // 2^40
  const double v = std::ldexp(m, exponent - 128);
  return negative ? -v : v;
}

C64Float C64Float::negated() const {
  C64Float f = *this;
  if (f.exponent != 0) f.negative = !f.negative;  // NEGOP leaves zero alone
  return f;
}

C64Float C64Float::add(const C64Float& arg, const C64Float& fac) {
  if (fac.exponent == 0) {  // COPY_ARG_TO_FAC
    C64Float r = arg;
    r.rounding = 0;
    return r;
  }
  return add_aligned(arg, arg.exponent, fac, arg.negative != fac.negative);
}

C64Float C64Float::subtract(const C64Float& arg, const C64Float& fac) {
  C64Float f = fac;
  f.negative = !f.negative;  // FSUBT flips the sign bit, zero or not
  return add(arg, f);
}

C64Float C64Float::multiply(const C64Float& arg, const C64Float& fac) {
  if (fac.exponent == 0) return fac;
  if (arg.exponent == 0) return zero();
  C64Float r;
  bool carry = false;
  switch (add_exponents(arg.exponent, fac.exponent, r.exponent, carry)) {
    case ExpSum::kZero: return zero();
    case ExpSum::kOverflow:
      return overflow_value(arg.negative != fac.negative);
    case ExpSum::kOk: break;
  }
  r.negative = r.exponent != 0 && arg.negative != fac.negative;
  const uint8_t multiplier[5] = {fac.rounding, static_cast<uint8_t>(fac.mantissa),
                                 static_cast<uint8_t>(fac.mantissa >> 8),
                                 static_cast<uint8_t>(fac.mantissa >> 16),
                                 static_cast<uint8_t>(fac.mantissa >> 24)};
  // The partial product and the rounding byte under it, 40 bits. Eight add-and-shift
  // steps for a byte b come to: drop the low byte, add the other mantissa times b.
  uint64_t acc = 0;
  for (int i = 0; i < 5; ++i) {
    const uint8_t b = multiplier[i];
    if (b == 0 && i < 4) {
      acc >>= 8;
      // the shift routine's extra bit (see the top of the file): the 32-bit product only
      if (!carry) acc = ((acc >> 9) << 8) | (acc & 0xFF);
      carry = false;
      continue;
    }
    acc = (acc >> 8) + uint64_t{arg.mantissa} * b;
    carry = true;
  }
  set_wide(r, acc);
  return normalize(r);
}

C64Float C64Float::divide(const C64Float& arg, const C64Float& divisor) {
  const C64Float fac = divisor.rounded();
  if (fac.exponent == 0 || arg.exponent == 0) return zero();  // caller checks /0
  C64Float r;
  bool carry = false;
  switch (add_exponents(arg.exponent, (256 - fac.exponent) & 0xFF, r.exponent, carry)) {
    case ExpSum::kZero: return zero();
    case ExpSum::kOverflow:
      return overflow_value(arg.negative != fac.negative);
    case ExpSum::kOk: break;
  }
  r.negative = r.exponent != 0 && arg.negative != fac.negative;
  if (r.exponent == 0xFF) return overflow_value(r.negative);
  ++r.exponent;
  uint64_t rest = arg.mantissa;  // up to 33 bits
  const uint64_t d = fac.mantissa;
  uint64_t quotient = 0;
  for (int i = 0; i < 34; ++i) {
    const bool bit = rest >= d;
    if (bit) rest -= d;
    rest <<= 1;
    quotient = (quotient << 1) | (bit ? 1u : 0u);
  }
  r.mantissa = static_cast<uint32_t>(quotient >> 2);
  r.rounding = static_cast<uint8_t>((quotient & 3u) << 6);
  return normalize(r);
}

C64Float C64Float::exponent_added(uint8_t a) const {
  if (a == 0) return zero();
  C64Float r = *this;
  bool carry = false;
  switch (add_exponents(a, exponent, r.exponent, carry)) {
    case ExpSum::kZero:
      return zero();
    case ExpSum::kOverflow:
      return overflow_value(false);
    case ExpSum::kOk:
      break;
  }
  if (r.exponent == 0) return zero();
  r.negative = false;
  return r;
}

int64_t C64Float::to_int() const {
  if (exponent == 0) return 0;
  const int n = 0xA0 - exponent;
  if (n <= 0) return negative ? INT32_MIN : INT32_MAX;  // outside QINT's range
  if (!negative) return n >= 32 ? 0 : static_cast<int64_t>(mantissa >> n);
  // The two's complement of all 40 bits, shifted right with its sign.
  const int64_t neg = -static_cast<int64_t>(wide(*this));
  const int s = n + 8;
  return s >= 63 ? -1 : (neg >> s);
}

C64Float C64Float::floor() const {
  if (exponent >= 0xA0) return *this;
  return from_int(to_int());
}

int C64Float::compare(const Packed& packed, const C64Float& fac) {
  // A zero in memory equals a zero accumulator; otherwise the accumulator's sign decides.
  if (packed[0] == 0) return fac.exponent == 0 ? 0 : fac.negative ? 1 : -1;
  // Each side becomes one signed integer ordered as the numbers are. Magnitude: the
  // exponent, the upper three mantissa bytes, then the lowest byte in 9 bits: the
  // accumulator's gets one more when its rounding byte is a half or more.
  auto magnitude = [](uint8_t exp, uint32_t mantissa, unsigned half) {
    return (int64_t{exp} << 33) | (int64_t{mantissa >> 8} << 9) |
           static_cast<int64_t>((mantissa & 0xFF) + half);
  };
  const C64Float p = unpack(packed);
  const int64_t in_memory = magnitude(p.exponent, p.mantissa, 0);
  int64_t in_fac = magnitude(fac.exponent, fac.mantissa, fac.rounding >> 7);
  // That extra one does not carry into the byte above: a lowest byte of FF plus one
  // against 00 in memory (all else equal) counts as equal, not as above.
  if (in_fac - in_memory == 256) in_fac = in_memory;
  const int64_t key_memory = p.negative ? -in_memory : in_memory;
  // A zero accumulator with its sign set is below every number in memory.
  const int64_t key_fac = fac.exponent == 0 ? (fac.negative ? INT64_MIN : 0)
                          : fac.negative    ? -in_fac
                                            : in_fac;
  return key_memory < key_fac ? -1 : key_memory > key_fac ? 1 : 0;
}

std::string C64Float::to_string() const {
  const char sign = negative && exponent != 0 ? '-' : ' ';
  if (exponent == 0) return {sign, '0'};
  // The magnitude is scaled by tens with the ROM's own arithmetic (the digits depend on
  // its rounding) into nine integer digits: |value| = digits * 10^power.
  C64Float f = *this;
  f.negative = false;
  int power = 0;
  if (f.exponent <= 0x80) {  // below 1: times 1E9 first (a FMULTT, quirks included)
    f = multiply(unpack(kBillion), f);
    power = -9;
  }
  // Too big: divided by ten (rounded first) while above 999999999.25 (kNines' value).
  while (compare(kNines, f) < 0) {
    f = divide(f.rounded(), unpack(kTen));
    ++power;
  }
  // Equal to kNines (compare's equal, the rounding byte's half counted): taken as it is.
  // Otherwise multiplied by ten while not above 99999999.9 (a product never reaches
  // 999999999.25 again), then a half is added, so the cut below rounds.
  if (compare(kNines, f) != 0) {
    while (compare(kNinesPoint9, f) >= 0) {
      f = times_ten(f);
      --power;
    }
    f = add(unpack(kHalf), f);
  }
  // 100000000 .. 999999999 here, nine digits.
  char digits[10];
  const auto value = static_cast<uint32_t>(f.to_int());
  const std::size_t length = static_cast<std::size_t>(
      std::to_chars(std::begin(digits), std::end(digits), value).ptr - digits);
  std::string nine(9 - std::min<std::size_t>(length, 9), '0');
  nine.append(digits, length);

  // The decimal exponent of the first digit. From -2 to 8 the number is written out
  // (.0123, .123, 1.23, 123456789); else one digit, the point, and E with two digits.
  const int first = power + 8;
  const bool plain = first >= -2 && first <= 8;
  std::string body;
  if (!plain) {
    body = nine.substr(0, 1) + "." + nine.substr(1);
  } else if (first >= 0) {
    body = nine.substr(0, static_cast<std::size_t>(first) + 1) + "." +
           nine.substr(static_cast<std::size_t>(first) + 1);
  } else {
    body = (first == -2 ? ".0" : ".") + nine;
  }
  // No trailing zeros, and no point with nothing after it.
  while (body.back() == '0') body.pop_back();
  if (body.back() == '.') body.pop_back();
  std::string out(1, sign);
  out += body;
  if (!plain) {
    const int e = first < 0 ? -first : first;
    out += first < 0 ? "E-" : "E+";
    out += static_cast<char>('0' + e / 10);
    out += static_cast<char>('0' + e % 10);
  }
  return out;
}

std::optional<C64Float> c64_from_double(long double value) {
  if (value == 0 || std::isnan(value)) return C64Float{};
  if (std::isinf(value)) return std::nullopt;  // 12^23456789: frexp has no exponent for it
  int e = 0;
  long double m = std::frexp(std::fabs(value), &e);  // 0.5 <= m < 1
  auto man = static_cast<uint64_t>(std::nearbyint(std::ldexp(m, 32)));
  if (man >> 32) {
    man >>= 1;
    ++e;
  }
  if (e + 128 > 255) return std::nullopt;
  if (e + 128 < 1) return C64Float{};
  C64Float f;
  f.exponent = static_cast<uint8_t>(e + 128);
  f.mantissa = static_cast<uint32_t>(man);
  f.negative = value < 0;
  return f;
}

namespace {

// The ROM's CHRGET: the next character that is not a blank (the end: 0).
struct Chrget {
  std::string_view text;
  std::size_t at = 0;
  unsigned char got() {
    while (at < text.size() && text[at] == ' ') ++at;
    return at < text.size() ? static_cast<unsigned char>(text[at]) : 0;
  }
  unsigned char next() {
    ++at;
    return got();
  }
  static bool digit(unsigned char c) { return c >= '0' && c <= '9'; }
};

// The tokens for + and - (a listing's "1E-5" reaches FIN crunched; VAL's text can hold
// them as CHR$(170) and CHR$(171)): FIN takes them as signs in the exponent only.
constexpr unsigned char kTokenPlus = 0xAA;
constexpr unsigned char kTokenMinus = 0xAB;

// EXPON: after 'E', an optional sign and the digits. Past two digits a further one is
// ?OVERFLOW for a positive exponent and makes a negative one 100. The exponent's value,
// as the signed byte FIN goes on with; nullopt: ?OVERFLOW.
std::optional<uint8_t> read_exponent(Chrget& in) {
  unsigned char c = in.next();
  bool negative = false;
  if (c == '-' || c == kTokenMinus || c == '+' || c == kTokenPlus) {
    negative = c == '-' || c == kTokenMinus;
    c = in.next();
  }
  uint8_t exponent = 0;
  for (; Chrget::digit(c); c = in.next()) {
    if (exponent >= 10) {
      if (!negative) return std::nullopt;
      exponent = 100;
    } else {
      exponent = static_cast<uint8_t>(exponent * 10 + (c - '0'));
    }
  }
  return static_cast<uint8_t>(negative ? 256 - exponent : exponent);
}

}  // namespace

C64Fin c64_fin(std::string_view text) {
  Chrget in{text};
  C64Fin out;
  unsigned char c = in.got();
  // A sign first ('-' or '+', not the tokens); then the digits, one point, 'E'.
  const bool negative = c == '-';
  if (c == '-' || c == '+') c = in.next();
  // FIN: each digit multiplies the FAC by ten (MUL10) and adds the digit (ADDACC: the FAC
  // rounded plus the digit); digits after the point are counted (INDX, a byte).
  C64Float f;
  uint8_t after_point = 0;
  bool point = false;
  uint8_t exponent = 0;
  for (;; c = in.next()) {
    if (Chrget::digit(c)) {
      if (point) ++after_point;
      const auto ten = times_ten_in_range(f);
      if (!ten) return {f, in.at, true};
      f = C64Float::add(ten->rounded(), C64Float::from_int(c - '0'));
    } else if (c == '.' && !point) {
      point = true;
    } else {
      if (c == 'E') {
        auto e = read_exponent(in);
        if (!e) return {f, in.at, true};
        exponent = *e;
      }
      break;
    }
  }
  out.end = in.at;
  // The power of ten left, in the ROM's signed byte (so 200 digits after the point scale
  // the wrong way): divided (DIV10: the FAC rounded over ten) or multiplied by ten that
  // many times.
  auto tens = static_cast<int8_t>(static_cast<uint8_t>(exponent - after_point));
  for (; tens < 0; ++tens) f = C64Float::divide(f.rounded(), C64Float::unpack(kTen));
  for (; tens > 0; --tens) {
    const auto ten = times_ten_in_range(f);
    if (!ten) {
      out.overflow = true;
      break;
    }
    f = *ten;
  }
  out.value = negative ? f.negated() : f;
  return out;
}

std::optional<C64Float> c64_from_text(std::string_view text) {
  const C64Fin fin = c64_fin(text);
  if (fin.overflow) return std::nullopt;
  std::size_t end = fin.end;
  while (end < text.size() && text[end] == ' ') ++end;
  if (end != text.size()) return std::nullopt;
  return fin.value;
}

}  // namespace amazing::core
