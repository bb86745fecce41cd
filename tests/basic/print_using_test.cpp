// PRINT USING's format rules (src/basic/print_using.hpp) on their own. Every expected text
// is what PC-BASIC 2.0.5 printed for the same format and value (PRINT USING runs recorded
// in tests/basic/programs/using*.bas, whose outputs the programs test checks as a whole).

#include "basic/print_using.hpp"

#include <gtest/gtest.h>

namespace amazing::basic {
namespace {

// The first field of `format` applied to a number.
std::string number(std::string_view format, float value) {
  UsingFormat walk(format);
  UsingStep step = walk.next();
  if (!step.field) return "<no field>";
  return format_field(*step.field, value).value_or("<illegal>");
}

std::string text(std::string_view format, std::string_view value) {
  UsingFormat walk(format);
  UsingStep step = walk.next();
  if (!step.field) return "<no field>";
  return format_field(*step.field, value);
}

TEST(PrintUsing, DigitsAndPoint) {
  EXPECT_EQ(number("##.##", 1.234f), " 1.23");
  EXPECT_EQ(number("##.##", -1.5f), "-1.50");
  EXPECT_EQ(number("##.##", 123.456f), "%123.46");
  EXPECT_EQ(number("##.##", .005f), " 0.00");  // rounded at 7 significant digits first
  EXPECT_EQ(number("##.##", -.001f), "-0.00");
  EXPECT_EQ(number("##.##", 9.996f), "10.00");
  EXPECT_EQ(number("##.##", 99.996f), "%100.00");
  EXPECT_EQ(number("###", 1.5f), "  2");
  EXPECT_EQ(number("###", 2.5f), "  3");
  EXPECT_EQ(number("###", 0.5f), "  0");
  EXPECT_EQ(number("###", -0.5f), " -0");
  EXPECT_EQ(number(".##", .555f), ".56");
  EXPECT_EQ(number(".##", 1.5f), "%1.50");
  EXPECT_EQ(number("##.", 3.7f), " 4.");
  EXPECT_EQ(number("#.###", .0005f), "0.000");
  EXPECT_EQ(number("#.###", 0.0f), "0.000");
  EXPECT_EQ(number("#.###", -0.0f), "-.000");  // a negated zero keeps its sign
  EXPECT_EQ(number("###", 32767), "%32767");
  EXPECT_EQ(number("##.##", 1e20f), "%100000000000000000000.00");
  EXPECT_EQ(number("##########.##", 1234567.8f), "   1234568.00");  // 7 digits of a single
}

TEST(PrintUsing, Signs) {
  EXPECT_EQ(number("+##.##", 1.5f), " +1.50");
  EXPECT_EQ(number("+##.##", -1.5f), " -1.50");
  EXPECT_EQ(number("##.##-", 1.5f), " 1.50 ");
  EXPECT_EQ(number("##.##-", -1.5f), " 1.50-");
  EXPECT_EQ(number("##.##+", 1.5f), " 1.50+");
  EXPECT_EQ(number("+.##", -.5f), "-.50");
}

TEST(PrintUsing, StarsDollarsCommas) {
  EXPECT_EQ(number("**##.#", 1.5f), "***1.5");
  EXPECT_EQ(number("**##.#", -12.25f), "*-12.3");
  EXPECT_EQ(number("$$##.##", -12.25f), "-$12.25");
  EXPECT_EQ(number("**$##.##", 1.5f), "***$1.50");
  EXPECT_EQ(number("$$", 55), "%$55");
  EXPECT_EQ(number("**", 5), "*5");
  EXPECT_EQ(number("+$$#", 7), " +$7");
  EXPECT_EQ(number("$###.##", -5.5f), " -5.50");               // one `$` is text before the field
  EXPECT_EQ(number("#,###.##", 1234567.8f), "%1,234,568.00");  // the single
  EXPECT_EQ(number("##,.##", 1234.5f), "%1,234.50");
}

TEST(PrintUsing, ENotation) {
  EXPECT_EQ(number("##.##^^^^", 1234.5f), " 1.23E+03");
  EXPECT_EQ(number("##.##^^^^", -.000123f), "-1.23E-04");
  EXPECT_EQ(number("#^^^^", 1), "%.1E+01");
  EXPECT_EQ(number("###.##^^^^-", -1234.5f), "123.45E+01-");
  EXPECT_EQ(number("+##^^^^", 0), "  +E+00");
  EXPECT_EQ(number("+##^^^^", 5), "+50E-01");
  EXPECT_EQ(number(".##^^^^", 0), ".00E+00");
  EXPECT_EQ(number("#.#^^^^", 9.96f), "0.1E+01");
  EXPECT_EQ(number("#.##^^^^", -1e38f), "-.10E+39");
}

TEST(PrintUsing, DoublesKeepSixteenDigitsAndWriteD) {
  UsingFormat fixed("###.#####");
  UsingField f = *fixed.next().field;
  EXPECT_EQ(format_field_double(f, 2.0L / 3, true), "  0.66667");
  EXPECT_EQ(format_field_double(f, 123456789.0L, true), "%123456789.00000");
  UsingFormat grouped("#,###.##");
  // 1234567.8 is a double literal (8 digits): as a single it would be 1,234,568.00.
  EXPECT_EQ(format_field_double(*grouped.next().field, 1234567.8L, true), "%1,234,567.80");
  UsingFormat e("##.##^^^^");
  UsingField ef = *e.next().field;
  EXPECT_EQ(format_field_double(ef, 1234567.89L, true), " 1.23D+06");
  EXPECT_EQ(format_field_double(ef, 0.0L, true), " 0.00D+00");
  UsingFormat bare("#^^^^");
  EXPECT_EQ(format_field_double(*bare.next().field, 0.0L, true), "0D+00");
}

TEST(PrintUsing, TooManyDigitPlaces) {
  EXPECT_EQ(number("############.############", 1), "           1.000000000000");
  EXPECT_EQ(number("#############.############", 1), "<illegal>");
}

TEST(PrintUsing, StringFields) {
  EXPECT_EQ(text("!", "HELLO"), "H");
  EXPECT_EQ(text("&", "HELLO"), "HELLO");
  EXPECT_EQ(text("\\  \\", "HELLO"), "HELL");
  EXPECT_EQ(text("\\  \\", "AB"), "AB  ");
  EXPECT_EQ(text("\\\\", "ABCDEF"), "AB");
  EXPECT_EQ(text("!", ""), " ");
}

TEST(PrintUsing, WalkLiteralsAndCycles) {
  UsingFormat walk("A## B");
  UsingStep s = walk.next();
  EXPECT_EQ(s.pending, "A");  // a pass's opening text waits for a value
  EXPECT_EQ(s.trailing, "");
  ASSERT_TRUE(s.field);
  EXPECT_EQ(s.field->text, "##");
  s = walk.next();  // " B" follows the field at once; then the format starts again
  EXPECT_EQ(s.trailing, " B");
  EXPECT_EQ(s.pending, "A");
  ASSERT_TRUE(s.field);

  UsingFormat escaped("_##_!##");
  s = escaped.next();
  EXPECT_EQ(s.pending, "#");
  EXPECT_EQ(s.field->text, "#");
  s = escaped.next();
  EXPECT_EQ(s.trailing, "!");
  EXPECT_EQ(s.field->text, "##");

  UsingFormat none("\\ X_");  // no closing backslash: no field at all
  s = none.next();
  EXPECT_FALSE(s.field);
  EXPECT_EQ(s.pending, "\\ X_");

  UsingFormat spaced("# # #");  // three one-digit fields
  EXPECT_EQ(spaced.next().field->text, "#");
  EXPECT_EQ(spaced.next().trailing, " ");
}

}  // namespace
}  // namespace amazing::basic
