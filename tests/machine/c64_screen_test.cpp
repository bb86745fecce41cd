// The C64's screen and PRINT rules (Rules::kC64), cases derived from the rules in
// ../shared/c64/README.md ("Known limits of the recorder") and c64_screen.hpp.
#include "machine/c64_screen.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "machine/machine.hpp"
#include "machine/printer.hpp"

namespace amazing::machine {
namespace {

// "L<i>\n", built by appending (GCC 12 warns falsely about a literal + a temporary).
std::string numbered_line(int i) {
  std::string s = "L";
  s += std::to_string(i);
  s += '\n';
  return s;
}

std::string row_text(std::string s) {
  s.resize(Screen::kColumns, ' ');
  return s;
}

struct C64 {
  core::Ram ram;
  Screen screen = std::move(Screen::create(ram, Rules::kC64)).value();
};

TEST(C64Screen, ALineLongerThan40ContinuesOnALinkedRow) {
  C64 c;
  c.screen.put(std::string(45, 'A'));
  EXPECT_EQ(c.screen.line(0), std::string(40, 'A'));
  EXPECT_EQ(c.screen.line(1), row_text("AAAAA"));
  EXPECT_TRUE(c.screen.linked(1));
  EXPECT_FALSE(c.screen.linked(0));
  EXPECT_EQ(c.screen.row(), 1);
  EXPECT_EQ(c.screen.col(), 5);
  c.screen.put("\nB");  // the line end goes past the whole logical line
  EXPECT_EQ(c.screen.line(2), row_text("B"));
  EXPECT_FALSE(c.screen.linked(2));
  // Also from the logical line's first row.
  c.screen.set_cursor(0, 3);
  c.screen.put("\n");
  EXPECT_EQ(c.screen.row(), 2);
}

TEST(C64Screen, ALineEndAfterExactly40CharactersLeavesAnEmptyRow) {
  C64 c;
  c.screen.put(std::string(40, 'X') + "\nNEXT\n");
  EXPECT_EQ(c.screen.line(0), std::string(40, 'X'));
  EXPECT_EQ(c.screen.line(1), row_text(""));
  EXPECT_EQ(c.screen.line(2), row_text("NEXT"));
  EXPECT_EQ(c.screen.row(), 3);
  // 39 characters leave none.
  C64 d;
  d.screen.put(std::string(39, 'X') + "\nNEXT");
  EXPECT_EQ(d.screen.line(1), row_text("NEXT"));
}

TEST(C64Screen, ALogicalLineHoldsAtMost80Characters) {
  C64 c;
  c.screen.put(std::string(80, 'L') + std::string(5, 'M'));
  EXPECT_EQ(c.screen.line(0), std::string(40, 'L'));
  EXPECT_EQ(c.screen.line(1), std::string(40, 'L'));
  EXPECT_EQ(c.screen.line(2), row_text("MMMMM"));
  EXPECT_TRUE(c.screen.linked(1));
  EXPECT_FALSE(c.screen.linked(2));  // the 81st character starts a new logical line
  C64 d;
  d.screen.put(std::string(80, 'L') + "\nN");
  EXPECT_EQ(d.screen.line(2), row_text(""));
  EXPECT_EQ(d.screen.line(3), row_text("N"));
}

TEST(C64Screen, PrintingPastRow25ScrollsUpOneRow) {
  C64 c;
  for (int i = 0; i < 25; ++i) c.screen.put(numbered_line(i));
  EXPECT_EQ(c.screen.line(0), row_text("L1"));
  EXPECT_EQ(c.screen.line(23), row_text("L24"));
  EXPECT_EQ(c.screen.line(24), row_text(""));
  EXPECT_EQ(c.screen.row(), 24);
  EXPECT_EQ(c.screen.col(), 0);
}

TEST(C64Screen, ALinkedLogicalLineScrollsOutWhole) {
  C64 c;
  c.screen.put(std::string(50, 'W') + "\n");  // rows 0 and 1, linked
  for (int i = 2; i < 25; ++i) c.screen.put(numbered_line(i));
  // The line end on row 24 scrolls; the top line is two rows: both leave.
  EXPECT_EQ(c.screen.line(0), row_text("L2"));
  EXPECT_EQ(c.screen.line(22), row_text("L24"));
  EXPECT_EQ(c.screen.row(), 23);
  EXPECT_FALSE(c.screen.linked(0));
  c.screen.put("END");
  EXPECT_EQ(c.screen.line(23), row_text("END"));
  EXPECT_EQ(c.screen.line(24), row_text(""));
}

TEST(C64Screen, ALongLineOnTheBottomRowScrollsToMakeItsSecondRow) {
  C64 c;
  for (int i = 0; i < 24; ++i) c.screen.put(numbered_line(i));
  c.screen.put(std::string(42, 'Z'));
  EXPECT_EQ(c.screen.line(0), row_text("L1"));
  EXPECT_EQ(c.screen.line(23), std::string(40, 'Z'));
  EXPECT_EQ(c.screen.line(24), row_text("ZZ"));
  EXPECT_TRUE(c.screen.linked(24));
}

TEST(C64Screen, ALongLineAboveOtherRowsOpensARowForItsContinuation) {
  C64 c;
  c.screen.put("\nBELOW");
  c.screen.set_cursor(0, 0);
  c.screen.put(std::string(41, 'A'));
  EXPECT_EQ(c.screen.line(1), row_text("A"));
  EXPECT_EQ(c.screen.line(2), row_text("BELOW"));
}

// PETSCII's cursor, home, clear and colour codes as the recordings write them
// (basic/c64_dialect.cpp kPetsciiControls): moves, a clear, and colours not shown.
TEST(C64Screen, TheRecordersCursorAndClearSequencesMoveAndClear) {
  C64 c;
  c.screen.put("ABC\x1b[D\x1b[DX");  // cursor left twice
  EXPECT_EQ(c.screen.line(0), row_text("AXC"));
  c.screen.put("\n\x1b[AY");  // down a row, then up again: Y over A
  EXPECT_EQ(c.screen.line(0), row_text("YXC"));
  c.screen.put("\x1b[B\x1b[1;32;40mZ\x1b[0m");  // down; a colour is no text
  EXPECT_EQ(c.screen.line(1), row_text(" Z"));
  c.screen.put("\x1b[0;0fH");  // home
  EXPECT_EQ(c.screen.line(0), row_text("HXC"));
  c.screen.put("\x1b[2J\x1b[;HQ");  // clear, home
  EXPECT_EQ(c.screen.line(0), row_text("Q"));
  EXPECT_EQ(c.screen.line(1), row_text(""));
}

TEST(C64Screen, CursorRightMovesWithoutOverwriting) {
  C64 c;
  c.screen.put("HELLO");
  c.screen.set_cursor(0, 0);
  c.screen.put("\x1b[C\x1b[CX");
  EXPECT_EQ(c.screen.line(0), row_text("HEXLO"));
  EXPECT_EQ(c.screen.col(), 3);
  // Split across writes, and past column 39 it wraps like a character.
  C64 d;
  d.screen.put(std::string(39, '.') + "\x1b");
  d.screen.put("[");
  d.screen.put("CY");
  EXPECT_EQ(d.screen.line(0), std::string(39, '.') + " ");
  EXPECT_EQ(d.screen.line(1), row_text("Y"));
  EXPECT_TRUE(d.screen.linked(1));
}

TEST(C64Screen, CrLfIsOneLineEnd) {
  C64 c;
  c.screen.put("A\r");
  c.screen.put("\nB\r\n\r\nC");
  EXPECT_EQ(c.screen.line(0), row_text("A"));
  EXPECT_EQ(c.screen.line(1), row_text("B"));
  EXPECT_EQ(c.screen.line(2), row_text(""));
  EXPECT_EQ(c.screen.line(3), row_text("C"));
}

TEST(C64Screen, TheBootBannerAsTheC64ShowsIt) {
  C64 c;
  c.screen.put("OLD");
  show_c64_banner(c.screen);
  EXPECT_EQ(c.screen.line(0), row_text(""));
  EXPECT_EQ(c.screen.line(1), row_text("    **** COMMODORE 64 BASIC V2 ****"));
  EXPECT_EQ(c.screen.line(2), row_text(""));
  EXPECT_EQ(c.screen.line(3), row_text(" 64K RAM SYSTEM  38911 BASIC BYTES FREE"));
  EXPECT_EQ(c.screen.line(4), row_text(""));
  EXPECT_EQ(c.screen.line(5), row_text("READY."));
  EXPECT_EQ(c.screen.row(), 6);
  EXPECT_EQ(c.screen.col(), 0);
  EXPECT_EQ(kC64Text.number, 14);
  EXPECT_EQ(kC64Background.number, 6);
}

// Quote mode (c64_screen.hpp): the control codes the interpreter sends as bytes after an odd
// number of quotes each take a cell holding the code, which a viewer shows reversed.
TEST(C64Screen, InQuoteModeAControlCodeTakesACellHoldingIt) {
  C64 c;
  c.screen.put(
      "\"A\x93"
      "B\x11"
      "C\x1d\x9d\x05\x12\x94\x85\"");
  EXPECT_EQ(c.screen.line(0), row_text("\"A\x93"
                                       "B\x11"
                                       "C\x1d\x9d\x05\x12\x94\x85\""));
  EXPECT_EQ(c.screen.col(), 13);
  EXPECT_FALSE(c.screen.quote_mode());      // the second quote ends it
  EXPECT_EQ(c64_quoted_glyph(0x93), 0xD3);  // a reverse heart
  EXPECT_EQ(c64_quoted_glyph(0x11), 'Q');
  EXPECT_EQ(c64_quoted_glyph(0x9d), 0xDD);  // a reverse vertical bar
  EXPECT_EQ(c64_screen_code(0x93), c64_screen_code(0xD3) | 128);
}

// RVS ON (CHR$(18), sent as ESC [ 7 m) reverses what is printed after it, until RVS OFF
// (CHR$(146), ESC [ 0 m) or a line end; a colour code's sequence leaves it on. The reverse
// bit scrolls with its cell.
TEST(C64Screen, RvsOnReversesTheCellsPrintedUntilOffOrALineEnd) {
  C64 c;
  c.screen.put("A\x1b[7mBC\x1b[0;31;40mD\x1b[0mE\x1b[7mF\nG");
  EXPECT_EQ(c.screen.line(0), row_text("ABCDEF"));
  const bool expected[] = {false, true, true, true, false, true};
  for (int col = 0; col < 6; ++col) EXPECT_EQ(c.screen.reversed_at(0, col), expected[col]) << col;
  EXPECT_FALSE(c.screen.reversed_at(1, 0));  // the line end turned it off
  EXPECT_FALSE(c.screen.reverse_on());
  c.screen.put("\x1b[7mH");
  for (int i = 0; i < Screen::kRows - 1; ++i) c.screen.put("\n");
  EXPECT_TRUE(c.screen.reversed_at(0, 1));  // row 1's reversed H, scrolled to the top
  EXPECT_FALSE(c.screen.reversed_at(0, 0));
  c.screen.clear();
  EXPECT_FALSE(c.screen.reversed_at(0, 1));
}

TEST(C64Screen, OutOfQuoteModeAControlCodeTakesNoCell) {
  C64 c;
  c.screen.put(
      "A\x93"
      "B\x11"
      "C\x85\x05");  // no ESC [ form: nothing happens
  EXPECT_EQ(c.screen.line(0), row_text("ABC"));
  c.screen.put("\"X\n\x11Y");  // a line end ends quote mode
  EXPECT_FALSE(c.screen.quote_mode());
  EXPECT_EQ(c.screen.line(1), row_text("Y"));
}

// DEL and shifted RETURN act even in quote mode on the C64 (here they are not performed
// on the screen at all: no cell).
TEST(C64Screen, ShiftedCrAndDelAreNotShownInQuoteMode) {
  C64 c;
  c.screen.put(
      "\"A\x14\x8d"
      "B");
  EXPECT_EQ(c.screen.line(0), row_text("\"AB"));
  EXPECT_TRUE(c64_quoted_control(0x11));
  EXPECT_TRUE(c64_quoted_control(0x94));  // INST
  EXPECT_FALSE(c64_quoted_control(13));
  EXPECT_FALSE(c64_quoted_control(20));
  EXPECT_FALSE(c64_quoted_control(141));
  EXPECT_FALSE(c64_quoted_control('A'));
}

TEST(C64Printer, CommaTabAndSpcAreCursorRights) {
  StringSink out;
  Printer p(out, 40, Rules::kC64);
  p.comma();  // from column 0 to 10
  EXPECT_EQ(p.column(), 10);
  p.print("ABC");
  p.comma();  // from 13 to 20
  EXPECT_EQ(p.column(), 20);
  p.tab(5);  // left of the cursor: nothing
  EXPECT_EQ(p.column(), 20);
  p.tab(28);
  EXPECT_EQ(p.column(), 28);
  p.spc(3);
  EXPECT_EQ(p.column(), 31);
  EXPECT_EQ(p.pos(), 31);
  std::string r(Printer::kC64Right);
  std::string want;
  for (int i = 0; i < 10; ++i) want += r;
  want += "ABC";
  for (int i = 0; i < 7 + 8 + 3; ++i) want += r;
  EXPECT_EQ(out.text(), want);
}

TEST(C64Printer, NoLineBreakDecisionsAndOneLineEndAfterAFullLine) {
  StringSink out;
  Printer p(out, 40, Rules::kC64);
  p.print(std::string(38, 'A'));
  p.print("BBBB");  // the PC would start a new line first; the C64 writes it on
  EXPECT_EQ(p.column(), 42);
  p.end_print();
  p.print(std::string(40, 'C'));
  p.end_print();  // one line end: the screen leaves the empty row
  EXPECT_EQ(out.text(), std::string(38, 'A') + "BBBB\n" + std::string(40, 'C') + "\n");
}

TEST(C64Printer, PrintsOnAC64MachineScreen) {
  MachineConfig cfg;
  cfg.rules = Rules::kC64;
  Machine m(cfg);
  EXPECT_EQ(m.screen().rules(), Rules::kC64);
  m.printer().print("AB");
  m.printer().comma();
  m.printer().print("C");
  m.printer().end_print();
  EXPECT_EQ(m.screen().line(0), row_text("AB        C"));
  EXPECT_EQ(m.screen().row(), 1);
  Machine pc;
  EXPECT_EQ(pc.screen().rules(), Rules::kPc);
}

TEST(C64Screen, TheBookListingsRecordedTranscriptEndsOnTheScreenDerivedByHand) {
  namespace fs = std::filesystem;
  fs::path file =
      fs::path(__FILE__).parent_path() / "../../../shared/c64/amazing/book-11x6-poweron.out";
  if (!fs::exists(file)) GTEST_SKIP() << "../shared is missing: no recording at " << file;
  std::ifstream in(file, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  std::string text = bytes.str();
  ASSERT_GT(text.size(), 2u);
  ASSERT_EQ(text.substr(text.size() - 2), "\r\n");
  // Just before the last line end: the scroll after the 12th maze row moved the screen up
  // two rows (the title's linked pair left whole), so the last maze row was written on
  // row 23 and the cursor is at its end, row 24 empty below.
  C64 before;
  before.screen.put(std::string_view(text).substr(0, text.size() - 2));
  EXPECT_EQ(before.screen.row(), 23);
  EXPECT_EQ(before.screen.col(), 34);
  EXPECT_EQ(before.screen.line(0), row_text("               CREATIVE COMPUTING  MORRI"));
  EXPECT_EQ(before.screen.line(23), row_text(":--:--:  :--:--:--:--:--:--:--:--."));
  EXPECT_EQ(before.screen.line(24), row_text(""));
  // The whole transcript: its last line end moves to row 24.
  C64 c;
  c.screen.put(text);
  // By hand: the title (28 cursor-rights + 15 characters) and the credit line (15 + 42)
  // each take two linked rows (0-1, 2-3); four empty rows; the question (row 8); four
  // empty rows; the 13 maze rows from row 13. The line end after the 12th maze row, on
  // row 24, scrolls: the top logical line is two linked rows, so the screen moves up two
  // and the last maze row lands on row 23, row 24 empty below it.
  const char* want[25] = {
      "               CREATIVE COMPUTING  MORRI",
      "STOWN, NEW JERSEY",
      "",
      "",
      "",
      "",
      "WHAT ARE YOUR WIDTH AND LENGTH?",
      "",
      "",
      "",
      "",
      ".--.--.  .--.--.--.--.--.--.--.--.",
      "I           I     I              I",
      ":  :  :--:  :  :  :  :--:--:--:  .",
      "I  I     I     I  I  I           I",
      ":  :--:  :--:  :  :  :--:--:--:  .",
      "I     I     I  I     I        I  I",
      ":--:  :--:  :--:  :--:  :--:  :  .",
      "I  I     I     I     I     I  I  I",
      ":  :  :--:  :  :--:--:--:  :  :--.",
      "I  I  I     I        I     I     I",
      ":  :  :  :  :--:--:  :--:--:  :  .",
      "I     I  I        I           I  I",
      ":--:--:  :--:--:--:--:--:--:--:--.",
      "",
  };
  for (int r = 0; r < Screen::kRows; ++r)
    EXPECT_EQ(c.screen.line(r), row_text(want[r])) << "row " << r;
  EXPECT_EQ(c.screen.row(), 24);
  EXPECT_EQ(c.screen.col(), 0);
}

}  // namespace
}  // namespace amazing::machine
