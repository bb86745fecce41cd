// GW-BASIC number format and decimal reading (src/basic/number.hpp). Expected texts are
// what PC-BASIC prints for the same values.

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "basic/number.hpp"
#include "core/rnd.hpp"

namespace amazing::basic {
namespace {

TEST(NumberFormat, IntegersAndSimpleValues) {
  EXPECT_EQ(format_number(0.0f), " 0");
  EXPECT_EQ(format_number(1.0f), " 1");
  EXPECT_EQ(format_number(-1.0f), "-1");
  EXPECT_EQ(format_number(1.5f), " 1.5");
  EXPECT_EQ(format_number(-0.5f), "-.5");
  EXPECT_EQ(format_number(100000.0f), " 100000");
  EXPECT_EQ(format_number(1000000.0f), " 1000000");
  EXPECT_EQ(format_number(9999999.0f), " 9999999");
  EXPECT_EQ(format_integer(5), " 5");
  EXPECT_EQ(format_integer(-32768), "-32768");
}

TEST(NumberFormat, ExponentNotation) {
  EXPECT_EQ(format_number(1e7f), " 1E+07");
  EXPECT_EQ(format_number(1e38f), " 1E+38");
  EXPECT_EQ(format_number(-1e-10f), "-1E-10");
  EXPECT_EQ(format_number(0.05028856f), " 5.028856E-02");
  // Up to 7 digits after the point stay in decimal notation: .0000123, but .01 stays.
  EXPECT_EQ(format_number(1.23e-5f), " .0000123");
  EXPECT_EQ(format_number(0.01f), " .01");
  EXPECT_EQ(format_number(1.0f / 3.0f), " .3333334");  // PC-BASIC prints 1/3 so too
  EXPECT_EQ(format_number(2.0f / 3.0f), " .6666667");
}

// reference-facts s.1: the fourth RND after power-on prints .7297625 (%.7g: .7297624).
TEST(NumberFormat, GwBasicRoundingNotPrintf) {
  core::GwRnd rnd;
  float v[5];
  for (float& x : v) x = rnd.rnd(1);
  EXPECT_EQ(format_number(v[0]), " .1213501");
  EXPECT_EQ(format_number(v[1]), " .651861");
  EXPECT_EQ(format_number(v[2]), " .8688611");
  EXPECT_EQ(format_number(v[3]), " .7297625");
  EXPECT_EQ(format_number(v[4]), " .798853");
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.7g", static_cast<double>(v[3]));
  EXPECT_STREQ(buf, "0.7297624");  // the difference this routine exists for
}

TEST(NumberParse, ReadsAsGwBasic) {
  auto v = parse_decimal("1.5e1", true);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->value, 15.0f);
  EXPECT_FALSE(v->is_integer);
  v = parse_decimal(" -5 ", true);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->value, -5.0f);
  EXPECT_FALSE(v->is_integer);  // a sign makes a single (PC-BASIC: 2^VAL("-300") is 0)
  v = parse_decimal(" 5 ", true);
  ASSERT_TRUE(v);
  EXPECT_TRUE(v->is_integer);
  v = parse_decimal("1 2 3", true);  // spaces inside numbers are ignored
  ASSERT_TRUE(v);
  EXPECT_EQ(v->value, 123.0f);
  EXPECT_FALSE(parse_decimal("12x", true));
  v = parse_decimal("12x", false);  // VAL stops at the x
  ASSERT_TRUE(v);
  EXPECT_EQ(v->value, 12.0f);
  v = parse_decimal("", true);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->value, 0.0f);
  v = parse_decimal("40000", true);
  ASSERT_TRUE(v);
  EXPECT_FALSE(v->is_integer);
  EXPECT_EQ(v->value, 40000.0f);
  v = parse_decimal("1E39", true);
  ASSERT_TRUE(v);
  EXPECT_TRUE(v->overflow);
}

TEST(NumberParse, HexAndOctalAsPcBasicReadsThemAtInput) {
  auto v = parse_decimal("&H3", true);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->value, 3.0f);
  EXPECT_TRUE(v->is_integer);
  v = parse_decimal("&HFFFF", true);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->value, -1.0f);
  v = parse_decimal("&17", true);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->value, 15.0f);
  EXPECT_FALSE(parse_decimal("&H1G", true));
}

TEST(NumberParse, DecimalLiteralsRoundTrip) {
  for (const char* text : {"0.1", "0.7", "3.141593", "123456.7", "5.5E-08", "1.701411E+38"}) {
    auto v = parse_decimal(text, true);
    ASSERT_TRUE(v) << text;
    auto back = format_number(v->value);
    auto again = parse_decimal(back, true);
    ASSERT_TRUE(again) << back;
    EXPECT_EQ(again->value, v->value) << text << " printed as " << back;
  }
}

TEST(NumberFormat, MbfBytes) {
  // 1.0 in MBF: mantissa 0 (hidden bit), exponent 0x81.
  EXPECT_EQ(to_mbf(1.0f), 0x81000000u);
  EXPECT_EQ(to_mbf(-1.0f), 0x81800000u);
  EXPECT_EQ(to_mbf(0.0f), 0u);
  EXPECT_EQ(to_mbf(10.0f), 0x84200000u);
}

// The MBF bytes (MKS$) PC-BASIC 2.0.5 gives where IEEE single arithmetic differs in the
// last bit (src/basic/FACTS.md, "How a single is computed").
TEST(NumberArithmetic, RoundsAsPcBasic) {
  auto literal = [](const char* text) { return parse_decimal(text, true)->value; };
  float tiny = *mbf_div(1.0f, 16777216.0f);
  EXPECT_EQ(tiny, 1.0f / 16777216.0f);
  EXPECT_EQ(to_mbf(*mbf_sub(1.0f, tiny)), 0x81000000u);               // half a unit: 1 stays 1
  EXPECT_EQ(to_mbf(*mbf_sub(1001.0f, literal(".16"))), 0x8a7a35c2u);  // the lost half
  EXPECT_EQ(to_mbf(*mbf_sub(1001.0f, literal(".17"))), 0x8a7a351eu);
  EXPECT_EQ(to_mbf(*mbf_mul(literal("1.1"), literal("1.6"))), 0x816147aeu);  // nibble 9
  EXPECT_EQ(to_mbf(*mbf_mul(literal("1.1"), literal("1.37"))), 0x8140e560u);
  EXPECT_EQ(to_mbf(*mbf_div(literal("1.4"), literal("3.19"))), 0x7f60b3c3u);
}

// The smallest single (2^-128, exponent byte 1) prints as PC-BASIC prints it, with all
// its 24 bits (a float holds 22 there); half of it is 0.
TEST(NumberFormat, TheSmallestSinglePrints) {
  Single smallest = std::ldexp(1.0, -128);
  EXPECT_EQ(format_number(smallest), " 2.938736E-39");
  EXPECT_EQ(format_number(std::ldexp(16777215.0, -151)), " 5.877472E-39");
  EXPECT_EQ(mbf_add(smallest, smallest), std::ldexp(1.0, -127));
  EXPECT_EQ(mbf_mul(smallest, 0.5), 0.0);
}

}  // namespace
}  // namespace amazing::basic
