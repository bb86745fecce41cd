// GW-BASIC's MBF arithmetic (src/core/gw_number.hpp) bit for bit against PC-BASIC 2.0.5:
// tests/core/data/mbf_arith.bas prints, for each pair of numbers in its DATA, the MBF
// bytes of A+B, A-B, A*B and A/B in singles and in doubles; mbf_arith.out is what
// PC-BASIC printed (how it was made: the program's REM lines). This test reads both files
// and computes every pair here. Then the range's ends, as PC-BASIC printed them
// (tests/basic/programs/single_range.bas and double_arith.bas have the whole runs).

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/gw_number.hpp"

namespace amazing::core {
namespace {

std::vector<std::string> lines_of(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The DATA items of the program, in pairs, up to the "*" that ends them.
std::vector<std::pair<std::string, std::string>> data_pairs(const std::vector<std::string>& bas) {
  std::vector<std::string> items;
  for (const std::string& line : bas) {
    std::size_t at = line.find(" DATA ");
    if (at == std::string::npos) continue;
    std::stringstream list(line.substr(at + 6));
    for (std::string item; std::getline(list, item, ',');) items.push_back(item);
  }
  std::vector<std::pair<std::string, std::string>> pairs;
  for (std::size_t k = 0; k + 1 < items.size() && items[k] != "*"; k += 2)
    pairs.emplace_back(items[k], items[k + 1]);
  return pairs;
}

std::string hex(uint64_t bytes, int digits) {
  char text[24];
  std::snprintf(text, sizeof text, "%0*llX", digits, static_cast<unsigned long long>(bytes));
  return text;
}

// A result as the program prints it: the bytes, or "Overflow" and then the largest value.
std::string shown(std::optional<Single> v) {
  return v ? hex(to_mbf(*v), 8) : "Overflow\n" + hex(0xFF7FFFFF, 8);
}
std::string shown(std::optional<long double> v) {
  return v ? hex(to_mbf_double(*v), 16) : "Overflow\n" + hex(0xFF7FFFFFFFFFFFFF, 16);
}

// The text read as a double, as the program makes it one: its E made D, or # added.
long double as_double(std::string text) {
  std::size_t e = text.find('E');
  if (e == std::string::npos)
    text += '#';
  else
    text[e] = 'D';
  auto parsed = parse_decimal(text, true);
  EXPECT_TRUE(parsed && parsed->is_double) << text;
  return parsed ? parsed->dvalue : 0;
}

TEST(GwMbf, ArithmeticIsPcBasicsBitForBit) {
  const std::string dir = AMAZING_CORE_DATA_DIR;
  auto pairs = data_pairs(lines_of(dir + "/mbf_arith.bas"));
  std::vector<std::string> out = lines_of(dir + "/mbf_arith.out");
  ASSERT_EQ(pairs.size(), 62u);
  std::string want, got;
  // A result under the smallest value is 0: its exponent byte is 0. PC-BASIC leaves the
  // mantissa bytes as they were (MKS$ shows 0019A2DE for 1.23456E-38/7); only the
  // exponent byte makes the value, so they are read as zeros here.
  for (std::string line : out) {
    if (line.size() >= 8 && line.compare(0, 2, "00") == 0) line.assign(line.size(), '0');
    want += line + "\n";
  }
  for (const auto& [a_text, b_text] : pairs) {
    Single a = parse_decimal(a_text, true)->value, b = parse_decimal(b_text, true)->value;
    long double da = as_double(a_text), db = as_double(b_text);
    std::string lines[] = {
        shown(mbf_add(a, b)),          shown(mbf_sub(a, b)),          shown(mbf_mul(a, b)),
        shown(mbf_div(a, b)),          shown(mbf_double_add(da, db)), shown(mbf_double_sub(da, db)),
        shown(mbf_double_mul(da, db)), shown(mbf_double_div(da, db)),
    };
    for (const std::string& line : lines) got += line + "\n";
  }
  // Line by line, so that a failure names the pair.
  std::stringstream w(want), g(got);
  std::string wl, gl;
  for (int n = 1; std::getline(w, wl); ++n) {
    ASSERT_TRUE(std::getline(g, gl)) << "line " << n;
    EXPECT_EQ(gl, wl) << "line " << n << ": pair " << pairs[(n - 1) / 8].first << ", "
                      << pairs[(n - 1) / 8].second;
  }
}

Single single(const char* text) {
  return parse_decimal(text, true)->value;
}

TEST(GwMbf, SinglesReachDownTo2ToTheMinus128) {
  // PC-BASIC: PRINT 1E-38 shows 1E-38 (a float would keep 23 bits: 9.999999E-39).
  EXPECT_EQ(format_number(single("1E-38")), " 1E-38");
  EXPECT_EQ(format_number(single("2.938736E-39")), " 2.938736E-39");
  EXPECT_EQ(to_mbf(single("2.938736E-39")), 0x01000000u);
  EXPECT_EQ(single("2.938736E-39"), kMinSingleValue);
  EXPECT_EQ(single("2.938735E-39"), 0.0);  // under the smallest: 0, not rounded up
  EXPECT_EQ(format_number(*mbf_div(single("1E-38"), 3)), " 3.333334E-39");
  EXPECT_EQ(*mbf_mul(single("1E-38"), single(".25")), 0.0);  // 2.5E-39
  EXPECT_EQ(format_number(*mbf_mul(single("1E-38"), single(".3"))), " 3E-39");
  EXPECT_EQ(format_number(*mbf_mul(kMinSingleValue, single("1.5"))), " 4.408104E-39");
  EXPECT_EQ(*mbf_div(kMinSingleValue, 2), 0.0);
  EXPECT_EQ(format_number(*mbf_sub(single("1.5E-38"), single("1E-38"))), " 5.000001E-39");
  EXPECT_EQ(*mbf_sub(single("1.23456E-38"), single("1E-38")), 0.0);  // 2.3456E-39
  EXPECT_EQ(format_number(*mbf_div(single("3E-39"), single("1.01"))), " 2.970297E-39");
  // A double under 2^-128 is 0 as a single, also where rounding would reach 2^-128.
  EXPECT_EQ(double_to_single(*from_decimal_double(29387358770557, -52, false)), 0.0);
  // An array keeps its singles as MBF bytes; they come back whole.
  for (uint32_t bytes : {0x01000000u, 0x01FFFFFFu, 0x02800001u, 0xFF7FFFFFu, 0x81000000u})
    EXPECT_EQ(to_mbf(from_mbf(bytes)), bytes) << std::hex << bytes;
  EXPECT_EQ(from_mbf(0), 0.0);
  EXPECT_EQ(from_mbf(0x00123456), 0.0);  // exponent byte 0 is zero
}

TEST(GwMbf, SinglesOverflowPast1Point701412E38) {
  EXPECT_EQ(format_number(kMaxSingleValue), " 1.701412E+38");
  EXPECT_EQ(to_mbf(kMaxSingleValue), 0xFF7FFFFFu);
  EXPECT_FALSE(mbf_mul(kMaxSingleValue, 2));
  EXPECT_FALSE(mbf_add(kMaxSingleValue, single("1E31")));  // one unit of the last bit
  EXPECT_FALSE(from_decimal(1701412, 32, false));          // the literal rounds past it
  EXPECT_EQ(format_number(*mbf_mul(single("1E19"), single("1E19"))), " 1E+38");
}

TEST(GwMbf, DoublesAsPcBasicPrintsThem) {
  auto d = [](const char* text) { return parse_decimal(text, true)->dvalue; };
  EXPECT_EQ(format_double(*mbf_double_add(*mbf_double_div(1, 3), *mbf_double_div(2, 3))), " 1");
  EXPECT_EQ(format_double(*mbf_double_add(d(".1#"), d(".2#"))), " .3");
  EXPECT_EQ(format_double(*mbf_double_sub(*mbf_double_sub(d(".3#"), d(".1#")), d(".2#"))),
            " 3.469446951953614D-18");
  // A product is 0 when the exponent bytes sum to 160 or less.
  EXPECT_EQ(*mbf_double_mul(d("1D-15"), d("1D-15")), 0.0L);
  EXPECT_EQ(format_double(*mbf_double_mul(d("1D-14"), d("1D-15"))), " 1D-29");
  EXPECT_EQ(*mbf_double_mul(d("1D-38"), 1), 0.0L);
  EXPECT_EQ(*mbf_double_div(d("1D-20"), d("1D20")), 0.0L);
  EXPECT_EQ(format_double(*mbf_double_mul(d("123456789012#"), d("987654321098#"))),
            " 1.219326311365859D+23");
  EXPECT_EQ(format_double(*mbf_double_div(d("12345678901234567890#"), 3)),
            " 4.115226300411523D+18");
  EXPECT_FALSE(mbf_double_mul(d("1.7D38"), 10));
  EXPECT_EQ(format_double(kMaxDoubleValue), " 1.701411834604692D+38");
  EXPECT_EQ(format_double(d("999999999999999.9#")), " 999999999999999.9");
  EXPECT_EQ(format_double(d("1D16") - 1), " 9999999999999999");
  EXPECT_EQ(format_double(d("1234567890123456.7#")), " 1234567890123457");
}

}  // namespace
}  // namespace amazing::core
