// The C64's 5-byte arithmetic: packing, the ROM's quirks, INT and PRINT's number text
// (programs/numbers.bas and .out in shared/c64: the values computable here).
#include "core/c64_float.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "c64_oracle.hpp"

namespace amazing::core {
namespace {

C64Float num(int64_t v) { return C64Float::from_int(v); }
C64Float div(int64_t a, int64_t b) { return C64Float::divide(num(a), num(b)); }

TEST(C64Float, IntegersPackAsTheRomStoresThem) {
  EXPECT_EQ(num(1).pack_rounded(), (C64Float::Packed{0x81, 0x00, 0x00, 0x00, 0x00}));
  EXPECT_EQ(num(10).pack_rounded(), (C64Float::Packed{0x84, 0x20, 0x00, 0x00, 0x00}));
  EXPECT_EQ(num(-1).pack_rounded(), (C64Float::Packed{0x81, 0x80, 0x00, 0x00, 0x00}));
  EXPECT_EQ(num(11879546).pack_rounded(), (C64Float::Packed{0x98, 0x35, 0x44, 0x7A, 0x00}));
  EXPECT_EQ(num(1000000000).pack_rounded(), (C64Float::Packed{0x9E, 0x6E, 0x6B, 0x28, 0x00}));
  EXPECT_TRUE(num(0).is_zero());
  EXPECT_EQ(C64Float::unpack(num(-32768).pack_rounded()).to_double(), -32768.0);
}

TEST(C64Float, ArithmeticOnExactValues) {
  EXPECT_EQ(C64Float::add(num(2), num(3)).to_double(), 5.0);
  EXPECT_EQ(C64Float::subtract(num(2), num(3)).to_double(), -1.0);
  EXPECT_EQ(C64Float::multiply(num(-7), num(300)).to_double(), -2100.0);
  EXPECT_EQ(C64Float::divide(num(-7), num(2)).to_double(), -3.5);
  EXPECT_EQ(C64Float::subtract(num(5), num(5)).is_zero(), true);
}

TEST(C64Float, AdditionWithEqualExponentsAddsOneToTheRoundingByte) {
  // 2 + 3 with a rounding byte of 01 on the 3: both exponents are 0x82 and the ROM's carry
  // is still set when the bytes are added, so the rounding byte sums to 02 (not 01) before
  // the overflowing sum is shifted right: 01 instead of 00.
  C64Float three = num(3);
  three.rounding = 0x01;
  const C64Float sum = C64Float::add(num(2), three);
  EXPECT_EQ(sum.mantissa, 0xA0000000u);
  EXPECT_EQ(sum.rounding, 0x01);
  // 4 + 3: the 3 is shifted right once to 4's exponent; its rounding bit falls off.
  EXPECT_EQ(C64Float::add(num(4), three).rounding, 0x00);
}

TEST(C64Float, MultiplierWithTwoZeroBytesAfterANonZeroOneShiftsOneBitTooFar) {
  // The multiplier (the accumulator) is read rounding byte first, then the mantissa from
  // its low byte. With bytes FF 00 00 80 80 the second zero byte comes with the carry
  // clear and shifts the partial product one bit further.
  C64Float fac;
  fac.exponent = 0x81;
  fac.mantissa = 0x80800000u;
  fac.rounding = 0xFF;
  C64Float arg;
  arg.exponent = 0x81;
  arg.mantissa = 0xFFFFFFFFu;
  const C64Float p = C64Float::multiply(arg, fac);
  EXPECT_EQ(p.exponent, 0x82);
  EXPECT_EQ(p.mantissa, 0x807FFFFFu);  // the exact product's top 40 bits: 80800000 7E
  EXPECT_EQ(p.rounding, 0xFE);
  // Bytes 00 01 00 80 80: each zero byte follows a non-zero one (or is the first): exact.
  fac.mantissa = 0x80800001u;
  fac.rounding = 0x00;
  EXPECT_EQ(C64Float::multiply(C64Float::from_int(1), fac), fac);
}

TEST(C64Float, IntIsFloor) {
  EXPECT_EQ(div(-5, 2).floor().to_double(), -3.0);
  EXPECT_EQ(div(5, 2).floor().to_double(), 2.0);
  EXPECT_EQ(div(-1, 3).floor().to_double(), -1.0);
  EXPECT_EQ(num(-4).floor().to_double(), -4.0);
  EXPECT_EQ(div(1, 3).floor().is_zero(), true);
}

TEST(C64Float, CompareCountsTheRoundingByte) {
  const C64Float three = num(3);
  EXPECT_EQ(C64Float::compare(num(2).pack_rounded(), three), -1);
  EXPECT_EQ(C64Float::compare(num(3).pack_rounded(), three), 0);
  EXPECT_EQ(C64Float::compare(num(-4).pack_rounded(), three), -1);
  EXPECT_EQ(C64Float::compare(num(4).pack_rounded(), num(-3)), 1);
  C64Float up = three;
  up.rounding = 0x80;
  EXPECT_EQ(C64Float::compare(num(3).pack_rounded(), up), -1);
}

TEST(C64Float, CompareDoesNotCarryTheRoundingHalfIntoTheByteAbove) {
  // In memory 12 34 56 00; the accumulator 12 34 56 FF with a rounding byte of a half:
  // its lowest byte plus the half is 100, which the ROM compares as 00: equal.
  const C64Float::Packed packed = {0x90, 0x12, 0x34, 0x56, 0x00};
  C64Float fac = C64Float::unpack({0x90, 0x12, 0x34, 0x56, 0xFF});
  EXPECT_EQ(C64Float::compare(packed, fac), -1);
  fac.rounding = 0x80;
  EXPECT_EQ(C64Float::compare(packed, fac), 0);
  // A zero accumulator with its sign set is below a negative number in memory.
  C64Float minus_zero;
  minus_zero.negative = true;
  EXPECT_EQ(C64Float::compare(num(-5).pack_rounded(), minus_zero), 1);
  EXPECT_EQ(C64Float::compare(num(0).pack_rounded(), minus_zero), 0);
}

TEST(C64Float, PrintingAddsNoHalfToTheTopOfTheNineDigitRange) {
  // 999999999.25 (9E 6E 6B 27 FD, the ROM's constant) is the top of the range the digits
  // are taken from: a value equal to it in compare's terms is cut without the half the
  // others get; above it, by the rounding byte's half alone, it is divided by ten and
  // rounds to 1E+09. (cbmbasic, the values POKEd into a variable: ...27 FE prints 1E+09,
  // ...27 FD and ...27 FC 999999999; ...27 FD plus .125 1E+09.)
  C64Float top = C64Float::unpack({0x9E, 0x6E, 0x6B, 0x27, 0xFD});
  EXPECT_EQ(top.to_string(), " 999999999");
  top.rounding = 0x7F;
  EXPECT_EQ(top.to_string(), " 999999999");
  top.rounding = 0x80;
  EXPECT_EQ(top.to_string(), " 1E+09");
  EXPECT_EQ(C64Float::unpack({0x9E, 0x6E, 0x6B, 0x27, 0xFE}).to_string(), " 1E+09");
  EXPECT_EQ(C64Float::unpack({0x9E, 0x6E, 0x6B, 0x27, 0xFC}).to_string(), " 999999999");
  // Below 1 the same after the multiplication by 1E9: .99999999942 (FFFFFFFD and a
  // rounding byte of 80, SIN(X)*SIN(X)+COS(X)*COS(X) for X=5/7) prints 1.
  C64Float almost_one;
  almost_one.exponent = 0x80;
  almost_one.mantissa = 0xFFFFFFFDu;
  almost_one.rounding = 0x80;
  EXPECT_EQ(almost_one.to_string(), " 1");
  EXPECT_EQ(C64Float::unpack({0x9B, 0x3E, 0xBC, 0x1F, 0xFD}).to_string(), " 99999999.9");
  EXPECT_EQ(C64Float::unpack({0x9B, 0x3E, 0xBC, 0x1F, 0xFE}).to_string(), " 100000000");
  EXPECT_EQ(C64Float::unpack({0x81, 0x80, 0x00, 0x00, 0x00}).to_string(), "-1");
  EXPECT_EQ(div(1, 100).to_string(), " .01");
  EXPECT_EQ(div(3, 100).to_string(), " .03");
  EXPECT_EQ(div(3, 1000).to_string(), " 3E-03");
  EXPECT_EQ(num(123456789).to_string(), " 123456789");
  EXPECT_EQ(C64Float::unpack({0xFF, 0x7F, 0xFF, 0xFF, 0xFF}).to_string(), " 1.70141183E+38");
  EXPECT_EQ(C64Float::unpack({0x01, 0x00, 0x00, 0x00, 0x00}).to_string(), " 2.93873588E-39");
}

// numbers.bas lines 20 and 30 and 40, and those of lines 50-80 made of integers and
// divisions (the others need the ROM's number parser or SQR, not emulated here).
TEST(C64Float, PrintsNumbersAsTheC64) {
  const std::vector<std::pair<C64Float, std::string>> cases = {
      {num(1), " 1"}, {num(-1), "-1"}, {num(0), " 0"}, {num(10), " 10"},
      {num(100), " 100"}, {num(1000), " 1000"}, {num(32767), " 32767"},
      {num(-32768), "-32768"},
      {div(1, 3), " .333333333"}, {div(2, 3), " .666666667"}, {div(-1, 3), "-.333333333"},
      {div(1, 7), " .142857143"}, {div(22, 7), " 3.14285714"},
      {num(123456789), " 123456789"}, {num(1234567890), " 1.23456789E+09"},
      {num(999999999), " 999999999"},
      {div(1, 10), " .1"}, {div(1, 100), " .01"}, {div(1, 1000), " 1E-03"},
      {div(1, 10000), " 1E-04"}, {div(1, 100000), " 1E-05"},
      {num(1000000000), " 1E+09"}, {div(-5, 200000), "-2.5E-05"},
      {num(-7), "-7"}, {num(300), " 300"}, {num(-2100), "-2100"}, {div(-7, 2), "-3.5"},
      {div(-5, 2).floor(), "-3"},
  };
  for (const auto& [value, text] : cases) EXPECT_EQ(value.to_string(), text) << value.to_double();
}

// X=A/B:Y=X+C/D:Z=X*Y:W=X-C:V=INT(Y):PRINT X;Y;Z;W;V;X+Y;X*C/D as the C64 ROM (cbmbasic)
// printed it for these A, B, C, D (300 such rows agreed when this was written).
TEST(C64Float, ExpressionsPrintAsTheRomPrintedThem) {
  struct Case {
    int64_t a, b, c, d;
    const char* printed[7];
  };
  const Case cases[] = {
      {-28751552, -876, 97, -9,
       {" 32821.4064", " 32810.6286", " 1.07689098E+09", " 32724.4064", " 32810", " 65632.035",
        "-353741.825"}},
      {670, 65, 10948589, 9870089,
       {" 10.3076923", " 11.4169618", " 117.68253", "-10948578.7", " 11", " 21.7246541",
        " 11.434009"}},
      {9333599, 99352, -2, 7,
       {" 93.944752", " 93.6590378", " 8798.77507", " 95.944752", " 93", " 187.60379",
        "-26.8413577"}},
      {3, -3, 5, -78812,
       {"-1", "-1.00006344", " 1.00006344", "-6", "-2", "-2.00006344", " 6.34421154E-05"}},
  };
  for (const Case& k : cases) {
    const C64Float a = num(k.a), b = num(k.b), c = num(k.c), d = num(k.d);
    // Each statement stores its result rounded; PRINT of an expression prints the
    // accumulator as it is.
    const C64Float x = C64Float::divide(a, b).rounded();
    const C64Float y = C64Float::add(x, C64Float::divide(c, d)).rounded();
    const C64Float z = C64Float::multiply(x, y).rounded();
    const C64Float w = C64Float::subtract(x, c).rounded();
    const C64Float v = y.floor();
    const C64Float x_plus_y = C64Float::add(x, y);
    const C64Float xcd = C64Float::divide(C64Float::multiply(x, c).rounded(), d);
    const C64Float values[7] = {x, y, z, w, v, x_plus_y, xcd};
    for (int i = 0; i < 7; ++i) EXPECT_EQ(values[i].to_string(), k.printed[i]) << k.a << " item " << i;
  }
}

TEST(C64Float, NumbersRecordingHasTheTextsAbove) {
  // The recording itself, so a change in shared/c64 does not go unnoticed.
  const auto path = c64_oracle::dir() / "programs" / "numbers.out";
  C64_ORACLE_OR_SKIP(path);
  const std::string out = c64_oracle::read(path);
  const std::string cr = "\x1b[C";
  EXPECT_NE(out.find(" 1" + cr + "-1" + cr + " 0" + cr + " 10" + cr), std::string::npos);
  EXPECT_NE(out.find(" .333333333" + cr + " .666666667" + cr + "-.333333333" + cr +
                     " .142857143" + cr + " 3.14285714" + cr),
            std::string::npos);
  EXPECT_NE(out.find(" 123456789" + cr + " 1.23456789E+09" + cr + " 999999999" + cr),
            std::string::npos);
  EXPECT_NE(out.find(" .1" + cr + " .01" + cr + " 1E-03" + cr + " 1E-04" + cr + " 1E-05"),
            std::string::npos);
  EXPECT_NE(out.find("-7" + cr + " 300" + cr + "-2100" + cr + "-3.5" + cr), std::string::npos);
  EXPECT_NE(out.find("-2.5E-05"), std::string::npos);
}

}  // namespace
}  // namespace amazing::core
