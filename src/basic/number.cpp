// The C64 machine's number conversions (Commodore 64 BASIC V2). GW-BASIC's are in
// src/core/gw_number.cpp. See number.hpp.

#include "basic/number.hpp"

#include <cmath>
#include <cstdint>
#include <string>

namespace amazing::basic {

std::optional<core::C64Float> c64_from_double(long double value) {
  if (value == 0 || std::isnan(value)) return core::C64Float{};
  if (std::isinf(value)) return std::nullopt;  // 12^23456789: frexp has no exponent for it
  int e = 0;
  long double m = std::frexp(std::fabs(value), &e);  // 0.5 <= m < 1
  auto man = static_cast<uint64_t>(std::nearbyint(std::ldexp(m, 32)));
  if (man >> 32) {
    man >>= 1;
    ++e;
  }
  if (e + 128 > 255) return std::nullopt;
  if (e + 128 < 1) return core::C64Float{};
  core::C64Float f;
  f.exponent = static_cast<uint8_t>(e + 128);
  f.mantissa = static_cast<uint32_t>(man);
  f.negative = value < 0;
  return f;
}

std::optional<core::C64Float> c64_from_text(std::string_view text) {
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
  if (digits.empty()) return core::C64Float{};
  long double v = std::strtold((digits + "e" + std::to_string(exp10)).c_str(), nullptr);
  if (std::isinf(v)) return std::nullopt;
  auto f = c64_from_double(v);
  if (f && negative) f->negative = !f->is_zero();
  return f;
}

}  // namespace amazing::basic
