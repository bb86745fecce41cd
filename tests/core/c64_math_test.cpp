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
    r = c64_power(value(x), mode ? C64Float::multiply(value(z), value(y)) : value(y), 0);
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

// VAL's quirks, as cbmbasic printed them (tests/basic/c64_programs/val_*.out): FIN reads
// a number from the start of the text and stops at the first character it cannot take.
TEST(C64Fin, ReadsAPrefixAsTheRomDoes) {
  struct Case {
    std::string text;
    std::string printed;
    std::size_t end;
  };
  const std::string minus_token(1, '\xAB');
  const std::vector<Case> cases = {
      {"  12", " 12", 4},    {"1E", " 1", 2},        {"1E+", " 1", 3},
      {".", " 0", 1},        {"-", " 0", 1},         {"  -  1", "-1", 6},
      {"1.2.3", " 1.2", 3},  {"&H10", " 0", 0},      {"$", " 0", 0},
      {"1E-39", " 0", 5},    {"1 2 3", " 123", 5},   {"12AB", " 12", 2},
      {"--1", " 0", 1},      {"+-1", " 0", 1},       {"1E--2", " 1", 3},
      {"1e2", " 1", 1},      {"E5", " 0", 2},        {".E5", " 0", 3},
      {"1E-1000", " 0", 7},  {"1.5E3X", " 1500", 5}, {"3:4", " 3", 1},
      {"1E" + minus_token + "2", " .01", 4},         {minus_token + "5", " 0", 0},
      {"1.70141183E38", " 1.70141183E+38", 13},      {"3E-39", " 3.00000001E-39", 5},
      {"", " 0", 0},         {"-.5E+1", "-5", 6},
      // The largest number, FF FFFFFFFF, is a number (2^127 itself is past the range).
      {"1.701411834E38", " 1.70141183E+38", 14},     {"1.7014118345E38", " 1.70141183E+38", 15},
  };
  for (const Case& c : cases) {
    const C64Fin fin = c64_fin(c.text);
    EXPECT_FALSE(fin.overflow) << c.text;
    EXPECT_EQ(fin.value.to_string(), c.printed) << c.text;
    EXPECT_EQ(fin.end, c.end) << c.text;
  }
  // 100 zeros after the point and a 1: INDX is 101, the division by ten 101 times is 0.
  EXPECT_EQ(c64_fin("." + std::string(100, '0') + "1").value.to_string(), " 0");
  EXPECT_EQ(c64_fin(std::string(250, '0') + "12").value.to_string(), " 12");
  EXPECT_EQ(c64_fin(std::string(38, '9')).value.to_string(), " 1E+38");
}

TEST(C64Fin, OverflowWhereTheRomStops) {
  for (const std::string text :
       {"1E39", "1E100", "1.7014118346E38", "170141183460469231731687303715884105727"})
    EXPECT_TRUE(c64_fin(text).overflow) << text;
  // The digits themselves pass the range: 60 after the point, or 1 and 120 zeros.
  EXPECT_TRUE(c64_fin("." + std::string(60, '1')).overflow);
  EXPECT_TRUE(c64_fin("1" + std::string(120, '0') + "E-99").overflow);
  // 201 digits after the point: the count, a signed byte, reads 0 - 201 = +55 (x10 55 times).
  EXPECT_TRUE(c64_fin("." + std::string(200, '0') + "1").overflow);
  // A whole text: overflow and trailing characters are no number.
  EXPECT_FALSE(c64_from_text("1E39"));
  EXPECT_FALSE(c64_from_text("1.2.3"));
  EXPECT_FALSE(c64_from_text("1e2"));
  EXPECT_EQ(c64_from_text(" 1 2 ")->to_string(), " 12");
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
  EXPECT_EQ(c64_power(num(-8), C64Float::divide(num(1), num(3)), 0).error, C64Error::kIllegalQuantity);
  EXPECT_EQ(c64_power(num(10), num(39), 0).error, C64Error::kOverflow);
}

TEST(C64Math, ExactWhereTheSeriesEndInOne) {
  EXPECT_EQ(c64_exp(num(0)).value.to_double(), 1.0);
  EXPECT_EQ(c64_power(num(0), num(0), 0).value.to_double(), 1.0);  // EXP(0)
  EXPECT_TRUE(c64_power(num(0), num(-1), 0).value.is_zero());
  EXPECT_TRUE(c64_sin(num(0)).value.is_zero());
  EXPECT_TRUE(c64_sqr(num(0)).value.is_zero());
  EXPECT_EQ(c64_power(num(-2), num(3), 0).value.to_string(), "-8");
  EXPECT_EQ(c64_power(num(-2), num(2), 0).value.to_string(), " 4");
}

// The sign of a negative base to an integral power comes from CHARAC, where INT left its
// integer's lowest byte (cbmbasic: tests/basic/c64_programs/power_sign.bas). INT does
// nothing from 2^31 on, so there the byte earlier work left decides.
TEST(C64Math, NegativeBaseSignFromCharac) {
  const C64Float minus_one = num(-1);
  const C64Float big = *c64_from_text("1E10");
  EXPECT_EQ(c64_power(minus_one, big, 5).value.to_string(), "-1");
  EXPECT_EQ(c64_power(minus_one, big, 6).value.to_string(), " 1");
  EXPECT_EQ(c64_power(minus_one, big, '"').value.to_string(), " 1");
  // 2^31 and up: CHARAC as it was; below: INT's own byte (2147483647 is ..FF, odd).
  EXPECT_EQ(c64_power(minus_one, num(2147483648), 5).value.to_string(), "-1");
  EXPECT_EQ(c64_power(minus_one, num(2147483649), 6).value.to_string(), " 1");
  EXPECT_EQ(c64_power(minus_one, num(2147483647), 6).value.to_string(), "-1");
  // What each routine leaves there: ^ its EXP's INT(y) (y = 0 here), EXP(1) INT(1.44),
  // SIN(7) INT(7 / 2pi) = 1, SIN(-3) INT(-.48) = -1 (FF), ATN and LOG nothing.
  EXPECT_EQ(c64_power(minus_one, big, 5).charac, std::optional<uint8_t>(0));
  EXPECT_EQ(c64_exp(num(1)).charac, std::optional<uint8_t>(1));
  EXPECT_EQ(c64_sin(num(7)).charac, std::optional<uint8_t>(1));
  EXPECT_EQ(c64_sin(num(-3)).charac, std::optional<uint8_t>(0xFF));
  EXPECT_EQ(c64_cos(num(20)).charac, std::optional<uint8_t>(3));
  EXPECT_FALSE(c64_atn(num(3)).charac);
  EXPECT_FALSE(c64_log(num(3)).charac);
}

}  // namespace
}  // namespace amazing::core
