// GW-BASIC's doubles in src/core/gw_number.hpp: which text reads as a double, its eight
// MBF bytes, and the single PC-BASIC rounds it to. The expected bytes are PC-BASIC 2.0.5's:
// a program printed, for each text T$ in its DATA, the bytes of MKD$(VAL(T$)) and of
// MKS$(CSNG(VAL(T$))) as hex, exponent byte first (tests/core/gw_double_test.cpp's cases,
// run with `pcbasic PROG.BAS -n -q`).

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "core/gw_number.hpp"

namespace amazing::core {
namespace {

struct Case {
  const char* text;
  uint64_t double_bytes;  // MKD$, exponent byte first
  uint32_t single_bytes;  // MKS$ of CSNG
};

// PC-BASIC's own decimal-to-double steps differ from a correctly rounded reading in the
// last bit now and then (1.00000005960464477539 is 810000007FFFFFFF there, where the
// host reads ...80000000); the interpreter takes PC-BASIC's steps.
constexpr Case kCases[] = {
    {"1.00000005960464477539", 0x810000007FFFFFFF, 0x81000000},
    {"0.333333333333333333", 0x7F2AAAAAAAAAAAAA, 0x7F2AAAAB},
    {"1D-38", 0x0259C7DCED53C722, 0x0259C7DD},
    {"0.548820645", 0x800C7F8281A50634, 0x800C7F83},
    {"1.5#", 0x8140000000000000, 0x81400000},
    {"2.9387358770557188D-39", 0x0100000000000000, 0x01000000},
    // Half of the single's last bit rounds to even, whatever lies further down.
    {"16777217", 0x9900000080000000, 0x99000000},
    {"16777219", 0x9900000180000000, 0x99000002},
    {"33554435", 0x9A000000C0000000, 0x9A000001},
    {"1.0000000596046448", 0x8100000080000001, 0x81000000},
    {"1.00000017881393432617", 0x8100000180000000, 0x81000002},
    {"3.14159265358979", 0x82490FDAA2216888, 0x82490FDB},
    {"-2.718281828459045", 0x82ADF85458A2BB46, 0x82ADF854},
    {"1.2D-38", 0x0302AB1E27FF1115, 0x0302AB1E},
    // Every digit counts, past the 18th too (PC-BASIC reads the digits as one integer;
    // 2.91432743353368653 reads as ...3811).
    {"2.914327433533686536", 0x823A845736373812, 0x823A8457},
    {"9.719840982688382412", 0x841B8477FA6F7942, 0x841B8478},
    {"94870112019305795526", 0xC32492CB079F07A1, 0xC32492CB},
    {"8.369410996506806642", 0x8405E91B814C78D9, 0x8405E91C},
    {"1234567890123456789012345", 0xD102B7079B53221E, 0xD102B708},
};

TEST(GwDouble, TextReadsAsPcBasicDoubleAndSingle) {
  for (const Case& c : kCases) {
    auto parsed = parse_decimal(c.text, false);
    ASSERT_TRUE(parsed) << c.text;
    EXPECT_TRUE(parsed->is_double) << c.text;
    EXPECT_EQ(to_mbf_double(parsed->dvalue), c.double_bytes) << c.text;
    auto single = double_to_single(parsed->dvalue);
    ASSERT_TRUE(single) << c.text;
    EXPECT_EQ(to_mbf(*single), c.single_bytes) << c.text;
    EXPECT_EQ(to_mbf(parsed->value), c.single_bytes) << c.text << " (read into a single)";
    EXPECT_EQ(from_mbf_double(c.double_bytes), parsed->dvalue) << c.text;
  }
}

TEST(GwDouble, PrecisionDigitsDecideTheType) {
  // PC-BASIC counts the digits from the first non-zero one, less the zeros that end the
  // digits after the point: 0.1000000000000 is a single (7D4CCCCD), 100000000 a double.
  EXPECT_FALSE(parse_decimal("0.1000000000000", false)->is_double);
  EXPECT_FALSE(parse_decimal("1.00000000", false)->is_double);
  EXPECT_TRUE(parse_decimal("100000000", false)->is_double);
  EXPECT_TRUE(parse_decimal("1.000000001", false)->is_double);
  EXPECT_FALSE(parse_decimal("1234567", false)->is_double);
  EXPECT_TRUE(parse_decimal("12345678", false)->is_double);
  EXPECT_FALSE(parse_decimal("12345678!", false)->is_double);
  EXPECT_TRUE(parse_decimal("1#", false)->is_double);
  EXPECT_TRUE(parse_decimal("1D2", false)->is_double);
  EXPECT_EQ(to_mbf(parse_decimal("0.1000000000000", false)->value), 0x7D4CCCCDu);
}

TEST(GwDouble, SingleOfTheLargestDoubleOverflows) {
  // PC-BASIC: CSNG(1.701411834604692D+38) is Overflow (the rounding carries past 255).
  long double max = from_mbf_double(0xFF7FFFFFFFFFFFF3);
  EXPECT_FALSE(double_to_single(max));
  EXPECT_EQ(to_mbf_double(max), 0xFF7FFFFFFFFFFFF3u);
}

}  // namespace
}  // namespace amazing::core
