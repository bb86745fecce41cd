// The C64 ROM's SIN, COS, TAN, ATN, EXP, LOG, SQR and ^ (core/c64_math.hpp) and its
// reading of decimal text (c64_from_text) against what the ROM computed, byte for byte:
// c64_math.txt and c64_fin.txt, recorded with cbmbasic by record_c64_math.py (it says
// what each line means).
#include "core/c64_math.hpp"
#include "core/c64_float.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace amazing::core {
namespace {

using Packed = C64Float::Packed;

std::optional<Packed> hex_bytes(const std::string& text) {
  if (text.size() != 10) return std::nullopt;
  Packed p{};
  for (std::size_t i = 0; i < 5; ++i)
    p[i] = static_cast<uint8_t>(std::stoul(text.substr(2 * i, 2), nullptr, 16));
  return p;
}

C64Float value(const Packed& p) {
  return C64Float::unpack(p);
}

std::string hex(const Packed& p) {
  char out[11];
  std::snprintf(out, sizeof out, "%02X%02X%02X%02X%02X", p[0], p[1], p[2], p[3], p[4]);
  return out;
}

// What a variable holds of a result: zero as five zero bytes (the ROM leaves the mantissa
// bytes of a zero as they were; only the exponent byte says zero).
std::string stored(const Packed& p) {
  return p[0] == 0 ? "0000000000" : hex(p);
}

std::string error_text(C64Error e) {
  switch (e) {
    case C64Error::kIllegalQuantity:
      return "?ILLEGAL QUANTITY";
    case C64Error::kOverflow:
      return "?OVERFLOW";
    case C64Error::kDivisionByZero:
      return "?DIVISION BY ZERO";
    case C64Error::kNone:
      break;
  }
  return "";
}

C64Result call(const std::string& function, const C64Float& x) {
  static const std::map<std::string, C64Result (*)(const C64Float&)> kUnary = {
      {"SIN", c64_sin}, {"COS", c64_cos}, {"TAN", c64_tan}, {"ATN", c64_atn},
      {"EXP", c64_exp}, {"LOG", c64_log}, {"SQR", c64_sqr}};
  return kUnary.at(function)(x);
}

// One recorded line's result as this machine computes it: "A B TEXT" or the error.
std::string computed(const std::string& function, int mode, const Packed& x, const Packed& y,
                     const Packed& z) {
  C64Result r;
  if (function == "POW") {
    r = c64_power(value(x), mode ? C64Float::multiply(value(z), value(y)) : value(y));
  } else {
    r = call(function, mode ? C64Float::multiply(value(y), value(x)) : value(x));
  }
  if (r.error != C64Error::kNone) return error_text(r.error);
  const Packed a = r.value.pack_rounded();
  // C: A less 2 in its last byte, the borrow taken from the bytes above (not the exponent),
  // as the recording program POKEs it.
  Packed c = a;
  for (int k = 4, borrow = 2; k > 0 && borrow != 0; --k) {
    const int v = c[k] - borrow;
    borrow = v < 0 ? 1 : 0;
    c[k] = static_cast<uint8_t>(v + 256 * borrow);
  }
  const Packed b = C64Float::add(value(c).negated(), r.value).pack_rounded();
  return stored(a) + " " + stored(b) + " " + r.value.to_string();
}

struct Recorded {
  std::string line, function, want;
  int mode = 0;
  Packed x{}, y{}, z{};
};

std::vector<Recorded> recorded() {
  std::ifstream in(AMAZING_CORE_TESTS_DIR "/c64_math.txt");
  std::vector<Recorded> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream s(line);
    Recorded r;
    std::string x, y, z, arrow;
    s >> r.function >> r.mode >> x >> y >> z >> arrow;
    std::getline(s, r.want);
    r.want.erase(0, r.want.find_first_not_of(' '));
    if (r.want[0] != '?') {  // A B TEXT: the zeros' left-over mantissa bytes dropped
      auto a = hex_bytes(r.want.substr(0, 10)), b = hex_bytes(r.want.substr(11, 10));
      if (!a || !b || r.want.size() < 23) continue;
      r.want = stored(*a) + " " + stored(*b) + r.want.substr(21);
    }
    r.line = line;
    auto px = hex_bytes(x), py = hex_bytes(y), pz = hex_bytes(z);
    if (!px || !py || !pz || arrow != "->") continue;
    r.x = *px, r.y = *py, r.z = *pz;
    out.push_back(r);
  }
  return out;
}

TEST(C64Math, EveryRecordedResultToTheLastBitAndRoundingByte) {
  const std::vector<Recorded> cases = recorded();
  ASSERT_EQ(cases.size(), 4800u) << "c64_math.txt";
  std::map<std::string, int> wrong;
  int shown = 0;
  for (const Recorded& r : cases) {
    const std::string got = computed(r.function, r.mode, r.x, r.y, r.z);
    if (got == r.want) continue;
    ++wrong[r.function];
    if (++shown <= 12) ADD_FAILURE() << r.line << "\n   computed: " << got;
  }
  for (const auto& [function, n] : wrong) ADD_FAILURE() << function << ": " << n << " differ";
}

// c64_fin.txt: how the ROM reads decimal literals (FIN), its bytes and PRINT's text.
TEST(C64Fin, EveryRecordedLiteralToTheLastBit) {
  std::ifstream in(AMAZING_CORE_TESTS_DIR "/c64_fin.txt");
  std::string line;
  int checked = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const std::size_t arrow = line.find(" -> ");
    ASSERT_NE(arrow, std::string::npos) << line;
    const std::string text = line.substr(0, arrow), want = line.substr(arrow + 4);
    const auto bytes = hex_bytes(want.substr(0, 10));
    ASSERT_TRUE(bytes) << line;
    const std::optional<C64Float> v = c64_from_text(text);
    ASSERT_TRUE(v) << line;
    EXPECT_EQ(stored(v->pack_rounded()) + " " + v->to_string(), stored(*bytes) + want.substr(10))
        << text;
    ++checked;
  }
  EXPECT_EQ(checked, 600);
}

C64Float num(int64_t v) {
  return C64Float::from_int(v);
}

TEST(C64Math, ErrorsAsTheRomStops) {
  EXPECT_EQ(c64_log(num(0)).error, C64Error::kIllegalQuantity);
  EXPECT_EQ(c64_log(num(-1)).error, C64Error::kIllegalQuantity);
  EXPECT_EQ(c64_sqr(num(-4)).error, C64Error::kIllegalQuantity);
  EXPECT_EQ(c64_exp(num(89)).error, C64Error::kOverflow);
  EXPECT_EQ(c64_exp(num(88)).error, C64Error::kNone);
  EXPECT_TRUE(c64_exp(num(-89)).value.is_zero());
  EXPECT_EQ(c64_power(num(-8), C64Float::divide(num(1), num(3))).error, C64Error::kIllegalQuantity);
  EXPECT_EQ(c64_power(num(10), num(39)).error, C64Error::kOverflow);
}

TEST(C64Math, ExactWhereTheSeriesEndInOne) {
  EXPECT_EQ(c64_exp(num(0)).value.to_double(), 1.0);
  EXPECT_EQ(c64_power(num(0), num(0)).value.to_double(), 1.0);  // EXP(0)
  EXPECT_TRUE(c64_power(num(0), num(-1)).value.is_zero());
  EXPECT_TRUE(c64_sin(num(0)).value.is_zero());
  EXPECT_TRUE(c64_sqr(num(0)).value.is_zero());
  EXPECT_EQ(c64_power(num(-2), num(3)).value.to_string(), "-8");
  EXPECT_EQ(c64_power(num(-2), num(2)).value.to_string(), " 4");
}

}  // namespace
}  // namespace amazing::core
