// GW-BASIC's decimal conversions, modelled on its working format: a value is
// man * 2^(exp - 160) with man a 32-bit mantissa whose top bit is set (24 bits of the
// single and 8 guard bits) and exp the MBF exponent byte. See number.hpp.

#include "core/gw_number.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace amazing::core {
namespace {

constexpr int kBias = 152;  // MBF exponent bias plus the 24 mantissa bits
constexpr uint64_t kTopBit = 0x80000000u;
constexpr uint64_t kOverTop = 0x100000000u;

struct Work {
  int exp = 0;       // 0 means the value is zero
  uint64_t man = 0;  // in [2^31, 2^32) unless zero
  bool neg = false;
};

Work from_float(float value) {
  Work w;
  if (value == 0) return w;
  int e = 0;
  float m = std::frexp(std::fabs(value), &e);  // m in [0.5, 1)
  w.man = static_cast<uint64_t>(static_cast<uint32_t>(std::ldexp(m, 24))) << 8;
  w.exp = e + 128;
  w.neg = value < 0;
  return w;
}

// Rounds the guard byte half to even and packs; nullopt on overflow. Like GW-BASIC's
// normaliser, an exponent at or below 0 on entry is zero at once.
std::optional<float> to_float(Work w) {
  if (w.man == 0 || w.exp <= 0) return 0.0f;
  while (w.man < kTopBit - 1) {
    --w.exp;
    w.man <<= 1;
  }
  uint64_t low = w.man & 0xff;
  bool up = low > 0x80 || (low == 0x80 && (w.man & 0x100) != 0);
  w.man = (w.man & ~uint64_t{0xff}) + (up ? 0x100 : 0);
  if (w.man >= kOverTop) {
    ++w.exp;
    w.man >>= 1;
  }
  if (w.exp > 255) return std::nullopt;
  if (w.exp <= 0) return 0.0f;
  float v = std::ldexp(static_cast<float>(w.man >> 8), w.exp - kBias);
  return w.neg ? -v : v;
}

Work from_integer(uint64_t m, bool neg) {
  Work w;
  if (m == 0) return w;
  int exp = kBias;
  while (m <= 0x7fffff) {
    --exp;
    m <<= 1;
  }
  while (m > 0xffffff) {  // GW-BASIC drops the extra low bits here, it does not round
    ++exp;
    m >>= 1;
  }
  w.exp = exp;
  w.man = m << 8;
  w.neg = neg;
  return w;
}

bool magnitude_above(const Work& a, const Work& b) {
  if (a.exp != b.exp) return a.exp > b.exp;
  return a.man > b.man;
}

// Rounds the guard byte away (half up) and clears it.
Work apply_carry(Work w) {
  if ((w.man & 0xff) > 0x7f) w.man += 0x100;
  if (w.man >= kOverTop) {
    ++w.exp;
    w.man >>= 1;
  }
  w.man &= ~uint64_t{0xff};
  return w;
}

// Division by ten the way the working routine does it: the divisor is shifted right one
// bit per quotient bit, and a remainder equal to the divisor does not count.
Work divide_by_ten(Work w) {
  if (w.exp == 0) return w;
  constexpr uint64_t kTenMan = 0xA0000000u;
  constexpr int kTenExp = 132;
  int exp = w.exp - (kTenExp - kBias - 8) + 1;
  uint64_t rest = w.man;
  uint64_t divisor = kTenMan;
  uint64_t q = 0;
  while (divisor > 0) {
    q <<= 1;
    --exp;
    if (rest > divisor) {
      rest -= divisor;
      q += 1;
    }
    divisor >>= 1;
  }
  if (q == 0) return Work{};
  while (q < kTopBit) {
    --exp;
    q <<= 1;
  }
  return Work{exp, q, w.neg};
}

// 10x = 2x + 8x, added with a sticky bit for the two bits that 2x loses in alignment.
Work multiply_by_ten(Work w) {
  if (w.exp == 0) return w;
  bool exact = (w.man & 3) == 0;
  uint64_t sum = (w.man >> 2) + w.man;
  int exp = w.exp + 3;
  if (sum >= kOverTop) {
    ++exp;
    sum >>= 1;
  }
  if (!exact) sum |= 1;
  return Work{exp, sum, w.neg};
}

// Addition of two working values as the MBF routine does it (see mbf_add).
Work add_work(Work l, Work r) {
  if (r.exp == 0) return l;
  if (l.exp == 0) return r;
  // The right operand is the larger in magnitude.
  if (l.exp > r.exp || (l.exp == r.exp && l.man > r.man)) std::swap(l, r);
  int shift = r.exp - l.exp;
  // Set when no bit is lost by aligning the smaller operand.
  bool exact = shift >= 40 ? l.man == 0 : (l.man & ((uint64_t{1} << shift) - 1)) == 0;
  bool subtract = l.neg != r.neg;
  uint64_t lman = shift >= 40 ? 0 : l.man >> shift;
  if (subtract && (lman < 0x80 || (lman == 0x80 && exact))) return r;
  Work out;
  out.exp = r.exp;
  if (!subtract) {
    out.man = lman + r.man;
    out.neg = l.neg;
    if (out.man >= kOverTop) {
      ++out.exp;
      out.man >>= 1;
    }
  } else {
    out.man = r.man - lman;
    out.neg = r.neg;
  }
  if (!exact && !subtract) out.man |= 1;
  if (subtract && (out.man & 0x1c0) == 0x80 && (out.man & 0x1df) != 0x80) out.man &= 0xFFFFFF7Fu;
  return out;
}

// The value as a 7-digit integer (1000000..9999999) and the power of ten it is scaled by.
void to_decimal(float value, int64_t& digits, int& exp10) {
  static const Work kTop = from_float(9999999.0f);
  static const Work kBottom = from_float(999999.9375f);  // the single just under 1E6
  Work w = from_float(value);
  exp10 = 0;
  while (magnitude_above(w, kTop)) {
    w = divide_by_ten(w);
    ++exp10;
  }
  w = apply_carry(w);
  while (magnitude_above(kBottom, w)) {
    w = multiply_by_ten(w);
    --exp10;
  }
  w = apply_carry(w);
  int shift = w.exp - kBias;
  uint64_t m = shift > 0 ? (w.man << shift) : (w.man >> -shift);
  if (m & 0x80) m += 0x80;
  digits = static_cast<int64_t>(m >> 8);
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
  std::string out = value < 0 ? "-" : " ";
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.15Le", std::fabs(value));
  // d.ddddddddddddddde[+-]x: 16 digits and the exponent of the first.
  std::string digits;
  const char* p = buf;
  for (; *p != 'e'; ++p) {
    if (*p != '.') digits += *p;
  }
  int exp10 = std::atoi(p + 1);
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  int n = static_cast<int>(digits.size());
  auto exponent_form = [&] {
    std::string s = out + digits.substr(0, 1);
    if (n > 1) s.append(1, '.').append(digits, 1);
    char e[16];
    std::snprintf(e, sizeof e, "D%c%02d", exp10 < 0 ? '-' : '+', exp10 < 0 ? -exp10 : exp10);
    return s + e;
  };
  if (exp10 >= 16) return exponent_form();
  if (exp10 >= 0) {
    if (n <= exp10 + 1)
      return out + digits + std::string(static_cast<std::size_t>(exp10 + 1 - n), '0');
    const auto whole = static_cast<std::size_t>(exp10 + 1);
    return out.append(digits, 0, whole).append(1, '.').append(digits, whole);
  }
  // Below 1: plain while at most 16 digits follow the point (.0000000000000001).
  if (-exp10 - 1 + n > 16) return exponent_form();
  return out.append(1, '.').append(static_cast<std::size_t>(-exp10 - 1), '0').append(digits);
}

std::string format_number(float value) {
  if (value == 0) return " 0";
  int64_t mantissa = 0;
  int exp10 = 0;
  to_decimal(value, mantissa, exp10);
  std::string digits = std::to_string(mantissa);
  while (digits.size() < 7) digits.insert(digits.begin(), '0');
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  int point = exp10 + 6;  // the power of ten of the first digit
  int len = static_cast<int>(digits.size());
  std::string out = value < 0 ? "-" : " ";
  if (point > 6 || len - point > 8) {
    out += digits[0];
    if (len > 1) out.append(1, '.').append(digits, 1);
    out += point < 0 ? "E-" : "E+";
    int e = std::abs(point);
    if (e < 10) out += '0';
    out += std::to_string(e);
  } else {
    int before = point + 1;  // digits before the decimal point
    if (before >= len) {
      out += digits + std::string(before - len, '0');
    } else if (before > 0) {
      out.append(digits, 0, before).append(1, '.').append(digits, before);
    } else {
      out.append(1, '.').append(-before, '0').append(digits);
    }
  }
  return out;
}

uint32_t to_mbf(float value) {
  Work w = from_float(value);
  if (w.exp <= 0) return 0;
  if (w.exp > 255) w.exp = 255;
  uint32_t m24 = static_cast<uint32_t>(w.man >> 8) & 0x7fffff;
  if (w.neg) m24 |= 0x800000;
  return m24 | (static_cast<uint32_t>(w.exp) << 24);
}

std::optional<float> mbf_add(float a, float b) {
  Work w = add_work(from_float(a), from_float(b));
  if (w.exp == 0) return 0.0f;
  return to_float(w);
}

std::optional<float> mbf_sub(float a, float b) {
  return mbf_add(a, -b);
}

std::optional<float> mbf_mul(float a, float b) {
  if (a == 0 || b == 0) return 0.0f;
  Work l = from_float(a), r = from_float(b);
  long exp = static_cast<long>(l.exp) + r.exp - kBias - 8;
  bool neg = l.neg != r.neg;
  uint64_t man = l.man * r.man;  // both below 2^32: the product fits
  if (exp < -31) return 0.0f;
  // Keep 28 bits (cut, not rounded), then the low-nibble quirk, then round as usual.
  while (man <= 0x08000000u) {
    --exp;
    man <<= 1;
  }
  while (man > 0x10000000u) {
    ++exp;
    man >>= 1;
  }
  uint64_t m = man;
  if ((m & 0xf) == 0x9) m &= 0xFFFFFFFEu;
  Work w;
  w.exp = static_cast<int>(exp);
  w.man = m;
  w.neg = neg;
  if (w.exp > 300) return std::nullopt;
  if (w.exp < -300) return 0.0f;
  return to_float(w);
}

std::optional<float> mbf_div(float a, float b) {
  if (a == 0) return 0.0f;
  Work l = from_float(a), r = from_float(b);
  long exp = static_cast<long>(l.exp) - (r.exp - kBias - 8) + 1;
  uint64_t rest = l.man, divisor = r.man, q = 0;
  while (divisor > 0) {
    q <<= 1;
    --exp;
    if (rest > divisor) {
      rest -= divisor;
      q += 1;
    }
    divisor >>= 1;
  }
  Work w;
  w.exp = static_cast<int>(exp);
  w.man = q;
  w.neg = l.neg != r.neg;
  return to_float(w);
}

std::optional<float> from_decimal(int64_t mantissa, int exp10, bool negative) {
  Work w = from_integer(static_cast<uint64_t>(mantissa < 0 ? -mantissa : mantissa), negative);
  if (w.exp == 0) return 0.0f;
  for (; exp10 < 0; ++exp10) {
    w = divide_by_ten(w);
    if (w.exp <= 0) return 0.0f;
  }
  for (; exp10 > 0; --exp10) {
    w = multiply_by_ten(w);
    if (w.exp > 256) return std::nullopt;
  }
  return to_float(w);
}

namespace {

// &H1F (hex), &O17 or &17 (octal): a 16-bit integer, &HFFFF is -1.
std::optional<ParsedNumber> parse_radix(std::string_view text, bool strict) {
  std::string t;
  for (char c : text) {
    if (c != ' ' && c != '\0' && c != '\n' && c != '\t')
      t += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  std::size_t i = 1;
  int base = 8;
  if (i < t.size() && t[i] == 'H')
    base = 16, ++i;
  else if (i < t.size() && t[i] == 'O')
    ++i;
  long v = 0;
  for (; i < t.size(); ++i) {
    char c = t[i];
    int d = c >= '0' && c <= '9'                   ? c - '0'
            : (base == 16 && c >= 'A' && c <= 'F') ? c - 'A' + 10
                                                   : -1;
    if (d < 0 || d >= base) {
      if (strict) return std::nullopt;
      break;
    }
    v = v * base + d;
    if (v > 0xFFFF) {
      ParsedNumber over;
      over.overflow = true;
      over.radix = true;
      return over;
    }
  }
  ParsedNumber out;
  out.is_integer = true;
  out.radix = true;
  out.value = static_cast<float>(v >= 0x8000 ? v - 0x10000 : v);
  return out;
}

}  // namespace

std::optional<ParsedNumber> parse_decimal(std::string_view text, bool strict) {
  std::size_t first = text.find_first_not_of(" \n\t");
  if (first != std::string_view::npos && text[first] == '&')
    return parse_radix(text.substr(first), strict);
  bool seen_sign = false, neg = false, seen_point = false, seen_exp = false;
  bool seen_exp_sign = false, exp_neg = false, any_digit = false, plain = true;
  int64_t mantissa = 0;
  int exp10 = 0, exponent = 0;
  for (char c : text) {
    if (c == ' ' || c == '\0' || c == '\n' || c == '\t') continue;
    if (!seen_sign) {
      seen_sign = true;
      if (c == '+' || c == '-') {
        neg = c == '-';
        continue;
      }
    }
    if (!seen_exp) {
      if (c >= '0' && c <= '9') {
        any_digit = true;
        if (mantissa < 100000000000000000LL) {
          mantissa = mantissa * 10 + (c - '0');
          if (seen_point) --exp10;
        } else if (!seen_point) {
          ++exp10;  // digits beyond what the mantissa can hold only scale it
        }
        continue;
      }
      if (c == '.') {
        seen_point = true;
        plain = false;
        continue;
      }
      if (c == 'e' || c == 'E' || c == 'd' || c == 'D') {
        seen_exp = true;
        plain = false;
        continue;
      }
      if (c == '!' || c == '#') {
        plain = false;
        break;
      }
      if (strict) return std::nullopt;
      break;
    }
    if (!seen_exp_sign) {
      seen_exp_sign = true;
      if (c == '+' || c == '-') {
        exp_neg = c == '-';
        continue;
      }
    }
    if (c >= '0' && c <= '9') {
      if (exponent < 10000) exponent = exponent * 10 + (c - '0');
      continue;
    }
    if (strict) return std::nullopt;
    break;
  }
  (void)any_digit;
  exp10 += exp_neg ? -exponent : exponent;
  ParsedNumber out;
  int64_t signed_mantissa = neg ? -mantissa : mantissa;
  if (plain && signed_mantissa >= -32768 && signed_mantissa <= 32767) {
    out.is_integer = true;
    out.value = static_cast<float>(signed_mantissa);
    return out;
  }
  auto v = from_decimal(mantissa, exp10, neg);
  if (!v) {
    out.overflow = true;
    out.value = neg ? -1.70141183e38f : 1.70141183e38f;
  } else {
    out.value = *v;
  }
  return out;
}

}  // namespace amazing::core
