#include "machine/input.hpp"

#include <gtest/gtest.h>

namespace amazing::machine {
namespace {

constexpr FieldKind kNum = FieldKind::kNumber;
constexpr FieldKind kStr = FieldKind::kString;

TEST(Input, PromptEchoAndTwoNumbers) {
  StringSink sink;
  Printer p(sink, 80);
  ScriptedInput in({"10,12"});
  auto v = basic_input(p, in, "WHAT ARE YOUR WIDTH AND LENGTH", {kNum, kNum}, true);
  ASSERT_TRUE(v);
  EXPECT_EQ((*v)[0].number, 10);
  EXPECT_EQ((*v)[1].number, 12);
  EXPECT_EQ(sink.text(), "WHAT ARE YOUR WIDTH AND LENGTH? 10,12\n");
}

TEST(Input, BadNumberAsksAgainWithRedoFromStart) {
  StringSink sink;
  Printer p(sink, 80);
  ScriptedInput in({"TEN,12", "5", "5,6,7", "5,6"});
  auto v = basic_input(p, in, "W", {kNum, kNum}, true);
  ASSERT_TRUE(v);
  EXPECT_EQ((*v)[0].number, 5);
  EXPECT_EQ((*v)[1].number, 6);
  EXPECT_EQ(sink.text(),
            "W? TEN,12\n?Redo from start\nW? 5\n?Redo from start\nW? 5,6,7\n?Redo from start\n"
            "W? 5,6\n");
}

// PC-BASIC 2.0.5 (INPUT A,B): "Overflow" for each number past a single's range as the
// fields are read, also on a line it then redoes; a double (1D39) warns once more as it
// is stored in the single. Fields past the last variable are not read.
TEST(Input, OverflowIsPrintedAlsoBeforeRedoFromStart) {
  StringSink sink;
  Printer p(sink, 80);
  ScriptedInput in({"1E39", "X,1E39", "1E39,1E39,1E39", "1E39,X,1E39", "1D39,-5"});
  auto v = basic_input(p, in, "W", {kNum, kNum}, true);
  ASSERT_TRUE(v);
  EXPECT_FLOAT_EQ(static_cast<float>((*v)[0].number), 1.70141183e38f);
  EXPECT_EQ((*v)[1].number, -5);
  EXPECT_EQ(sink.text(),
            "W? 1E39\nOverflow\n?Redo from start\n"
            "W? X,1E39\nOverflow\n?Redo from start\n"
            "W? 1E39,1E39,1E39\nOverflow\nOverflow\n?Redo from start\n"
            "W? 1E39,X,1E39\nOverflow\n?Redo from start\n"
            "W? 1D39,-5\nOverflow\nOverflow\n");
  EXPECT_TRUE(typed_as_double("1D39"));
  EXPECT_TRUE(typed_as_double("123456789"));
  EXPECT_TRUE(typed_as_double("1#"));
  EXPECT_FALSE(typed_as_double("1E39"));
  EXPECT_FALSE(typed_as_double("1234567"));
  EXPECT_FALSE(typed_as_double("0.0000001"));
}

TEST(Input, NoEchoOnATerminal) {
  StringSink sink;
  Printer p(sink, 80);
  ScriptedInput in({"3,4"});
  auto v = basic_input(p, in, "W", {kNum, kNum}, false);
  ASSERT_TRUE(v);
  EXPECT_EQ(sink.text(), "W? \n");
}

TEST(Input, EndOfInputGivesNullopt) {
  StringSink sink;
  Printer p(sink, 80);
  ScriptedInput in({"X"});
  EXPECT_FALSE(basic_input(p, in, "W", {kNum}, true));
}

TEST(Input, GwBasicNumbers) {
  EXPECT_EQ(parse_basic_number("  42 "), 42);
  EXPECT_EQ(parse_basic_number("1 0"), 10);  // spaces inside numbers are ignored
  EXPECT_EQ(parse_basic_number("-2.5"), -2.5);
  EXPECT_EQ(parse_basic_number("1E3"), 1000);
  EXPECT_EQ(parse_basic_number("1D2"), 100);
  EXPECT_EQ(parse_basic_number("&HFF"), 255);
  EXPECT_EQ(parse_basic_number("&O17"), 15);
  EXPECT_EQ(parse_basic_number(".5"), 0.5);
  EXPECT_EQ(parse_basic_number(""), 0);
  EXPECT_FALSE(parse_basic_number("abc"));
  // As PC-BASIC's INPUT reads them (and the interpreter, which shares core::parse_decimal):
  // a second point ends the digits, a lone point is 0.
  EXPECT_EQ(parse_basic_number("1.2.3"), static_cast<double>(1.23f));
  EXPECT_FALSE(parse_basic_number("12x"));
  EXPECT_EQ(parse_basic_number("."), 0);
  EXPECT_EQ(parse_basic_number("0.1"), static_cast<double>(0.1f));  // a single
}

TEST(Input, EmptyLastFieldIsZeroButMissingCommaIsTooFew) {
  std::vector<FieldKind> two{kNum, kNum};
  auto v = parse_input_line("7,", two);
  ASSERT_TRUE(v);
  EXPECT_EQ((*v)[1].number, 0);
  EXPECT_FALSE(parse_input_line("7", two));
  EXPECT_FALSE(parse_input_line("7,8,", two));
}

TEST(Input, QuotedStringsHoldCommas) {
  std::vector<FieldKind> f{kStr, kNum};
  auto v = parse_input_line("\"A, B\" ,3", f);
  ASSERT_TRUE(v);
  EXPECT_EQ((*v)[0].text, "A, B");
  EXPECT_EQ((*v)[1].number, 3);
  auto u = parse_input_line("  plain text  ,4", f);
  ASSERT_TRUE(u);
  EXPECT_EQ((*u)[0].text, "plain text");
}

TEST(Input, LongEchoIsWrittenWhole) {
  // PC-BASIC writes the prompt and the typed line as they are: no new line before a
  // typed line that runs past column 80.
  StringSink sink;
  Printer p(sink, 80);
  std::string typed(90, 'Z');
  ScriptedInput in({typed});
  auto v = basic_input(p, in, "Q", {kStr}, true);
  ASSERT_TRUE(v);
  EXPECT_EQ(sink.text(), "Q? " + typed + "\n");
}

TEST(Input, LineInput) {
  StringSink sink;
  Printer p(sink, 80);
  ScriptedInput in({"anything, at all"});
  auto line = line_input(p, in, "NAME? ", true);
  ASSERT_TRUE(line);
  EXPECT_EQ(*line, "anything, at all");
  EXPECT_EQ(sink.text(), "NAME? anything, at all\n");
}

TEST(Input, ChainedInputReadsQueuedLinesFirst) {
  ScriptedInput first({"a"});
  ScriptedInput then({"b"});
  ChainedInput in(first, then);
  EXPECT_EQ(in.read_line(), "a");
  EXPECT_EQ(in.read_line(), "b");
  EXPECT_EQ(in.read_line(), std::nullopt);
}

}  // namespace
}  // namespace amazing::machine
