#include "core/c64_float.hpp"

#include <bit>
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
C64Float overflowed(bool negative) {
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

// FADD2 onwards: arg_exponent may differ from arg.exponent (MUL10 adds 2 to it).
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
      if (r.exponent == 0xFF) return overflowed(r.negative);
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
const C64Float::Packed kNines = {0x9E, 0x6E, 0x6B, 0x27, 0xFE};         // 999999999
const C64Float::Packed kNinesPoint9 = {0x9B, 0x3E, 0xBC, 0x1F, 0xFD};   // 99999999.9
const C64Float::Packed kHalf = {0x80, 0x00, 0x00, 0x00, 0x00};          // .5
const C64Float::Packed kTen = {0x84, 0x20, 0x00, 0x00, 0x00};           // 10

// MUL10 (the accumulator is rounded, then x*4 + x, then doubled).
C64Float mul10(const C64Float& x) {
  C64Float f = x.rounded();
  if (f.exponent == 0) return f;
  if (f.exponent + 2 > 0xFF) return overflowed(f.negative);
  C64Float r = add_aligned(f, f.exponent + 2, f, false);
  if (r.exponent == 0xFF) return overflowed(r.negative);
  ++r.exponent;
  return r;
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
    if (f.exponent == 0xFF) return overflowed(f.negative);
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
  if (mag == 0 || mag > 0xFFFFFFFFu) return mag == 0 ? zero() : overflowed(f.negative);
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
    case ExpSum::kOverflow: return overflowed(arg.negative != fac.negative);
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
    case ExpSum::kOverflow: return overflowed(arg.negative != fac.negative);
    case ExpSum::kOk: break;
  }
  r.negative = r.exponent != 0 && arg.negative != fac.negative;
  if (r.exponent == 0xFF) return overflowed(r.negative);
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
  // FCOMP answers 1 when the packed number is below the accumulator; here -1.
  auto below_if = [&](bool packed_magnitude_below) {
    const bool fac_negative = fac.exponent != 0 && fac.negative;
    // Below in magnitude is below for positive numbers, above for negative ones.
    return packed_magnitude_below != fac_negative ? -1 : 1;
  };
  if (packed[0] == 0) {
    if (fac.exponent == 0) return 0;
    return fac.negative ? 1 : -1;
  }
  const bool packed_negative = (packed[1] & 0x80) != 0;
  if (packed_negative != fac.negative) return fac.negative ? 1 : -1;
  if (packed[0] != fac.exponent) return below_if(packed[0] < fac.exponent);
  const uint8_t fac_bytes[4] = {static_cast<uint8_t>(fac.mantissa >> 24),
                                static_cast<uint8_t>(fac.mantissa >> 16),
                                static_cast<uint8_t>(fac.mantissa >> 8),
                                static_cast<uint8_t>(fac.mantissa)};
  const uint8_t p1 = static_cast<uint8_t>(packed[1] | 0x80);
  if (p1 != fac_bytes[0]) return below_if(p1 < fac_bytes[0]);
  if (packed[2] != fac_bytes[1]) return below_if(packed[2] < fac_bytes[1]);
  if (packed[3] != fac_bytes[2]) return below_if(packed[3] < fac_bytes[2]);
  // The last byte is subtracted with the rounding byte's top bit as the borrow; a zero
  // difference (modulo 256) counts as equal.
  const int last = packed[4] - fac_bytes[3] - ((fac.rounding & 0x80) ? 1 : 0);
  if ((last & 0xFF) == 0) return 0;
  return below_if(last < 0);
}

std::string C64Float::to_string() const {
  std::string out(1, negative && exponent != 0 ? '-' : ' ');
  if (exponent == 0) return out + "0";
  C64Float f = *this;
  f.negative = false;  // FOUT keeps the sign as a character and works on the magnitude
  int scale = 0;       // the power of ten taken out (INDX)
  if (f.exponent <= 0x80) {
    f = multiply(unpack(kBillion), f);
    scale = -9;
  }
  // Bring the value to 99999999.9 < f <= 999999999, the ROM's way (ROM answers of
  // compare: 1 when the constant is below f).
  enum { kCheckHigh, kCheckLow, kDivide, kAddHalf, kTruncate } at = kCheckHigh;
  while (at != kTruncate) {
    switch (at) {
      case kCheckHigh: {
        const int c = -compare(kNines, f);
        at = c == 0 ? kTruncate : c > 0 ? kDivide : kCheckLow;
        break;
      }
      case kCheckLow:
        if (-compare(kNinesPoint9, f) > 0) {
          at = kAddHalf;
          break;
        }
        f = mul10(f);
        at = --scale != 0 ? kCheckLow : kDivide;
        break;
      case kDivide:
        f = divide(f.rounded(), unpack(kTen));
        f.negative = false;
        at = ++scale != 0 ? kCheckHigh : kAddHalf;
        break;
      case kAddHalf:
        f = add(unpack(kHalf), f);
        at = kTruncate;
        break;
      case kTruncate: break;
    }
  }
  uint32_t v = static_cast<uint32_t>(f.to_int());

  // Where the decimal point goes: digits before it, or E-notation with one digit before.
  int point;     // digits before the point; 0 or -1 write "." or ".0" first
  int exponent10 = 0;
  const int a = scale + 10;
  if (a < 0 || a >= 11) {
    point = 1;
    exponent10 = scale + 8;
  } else {
    point = a - 1;
  }
  if (point <= 0) {
    out += '.';
    if (point != 0) out += '0';
  }
  // Nine digits, by adding -1E8, 1E7, -1E6, ... until the sign of the rest changes, the
  // way the ROM does it (a count kept in the top bit's opposite phase for each power).
  static constexpr int32_t kPowers[9] = {-100000000, 10000000, -1000000, 100000, -10000,
                                         1000,       -100,     10,       -1};
  uint8_t counter = 0x80;
  for (int32_t power : kPowers) {
    bool carry;
    for (;;) {
      const uint64_t s = uint64_t{v} + static_cast<uint32_t>(power);
      carry = (s >> 32) != 0;
      v = static_cast<uint32_t>(s);
      counter = static_cast<uint8_t>(counter + 1);
      const bool counter_negative = (counter & 0x80) != 0;
      if (carry ? !counter_negative : counter_negative) break;
    }
    unsigned ch = counter;
    if (carry) {
      const unsigned t = (0xFFu - counter) + 0x0A + 1;
      ch = (t & 0xFF) + 0x2F + (t > 0xFF ? 1 : 0);
    } else {
      ch = counter + 0x2F;
    }
    ch &= 0xFF;
    out += static_cast<char>(ch & 0x7F);
    if (--point == 0) out += '.';
    counter = static_cast<uint8_t>(~ch & 0x80);
  }
  // Trailing zeros go, then a trailing point.
  while (out.back() == '0') out.pop_back();
  if (out.back() == '.') out.pop_back();
  if (exponent10 != 0) {
    out += 'E';
    out += exponent10 < 0 ? '-' : '+';
    const int e = exponent10 < 0 ? -exponent10 : exponent10;
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

std::optional<C64Float> c64_from_text(std::string_view text) {
  std::string t;
  for (char c : text)
    if (c != ' ') t += c;
  if (t.size() > 255) return std::nullopt;
  std::size_t i = 0;
  bool negative = false;
  if (i < t.size() && (t[i] == '+' || t[i] == '-')) negative = t[i++] == '-';
  std::string digits;
  int exp10 = 0;
  bool point = false;
  for (; i < t.size(); ++i) {
    char c = t[i];
    if (c >= '0' && c <= '9') {
      if (digits.size() < 30) {
        digits += c;
        if (point) --exp10;
      } else if (!point) {
        ++exp10;
      }
    } else if (c == '.' && !point) {
      point = true;
    } else {
      break;
    }
  }
  if (i < t.size() && (t[i] == 'E' || t[i] == 'e')) {
    ++i;
    bool eneg = false;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) eneg = t[i++] == '-';
    int x = 0;
    for (; i < t.size() && t[i] >= '0' && t[i] <= '9'; ++i)
      x = std::min(x * 10 + (t[i] - '0'), 999);
    exp10 += eneg ? -x : x;
  }
  if (i != t.size()) return std::nullopt;
  if (digits.empty()) return C64Float{};
  long double v = std::strtold((digits + "e" + std::to_string(exp10)).c_str(), nullptr);
  if (std::isinf(v)) return std::nullopt;
  auto f = c64_from_double(v);
  if (f && negative) f->negative = !f->is_zero();
  return f;
}

}  // namespace amazing::core
