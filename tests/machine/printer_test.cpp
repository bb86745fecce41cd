#include "machine/printer.hpp"

#include <gtest/gtest.h>

#include "machine/screen.hpp"

namespace amazing::machine {
namespace {

// The file rules (PRINT #, PC-BASIC's; tests/basic/programs/files_width.bas and
// files_crlf.bas hold the recorded runs).
Printer file_printer(StringSink& sink, int width) {
  return Printer(sink, width, Rules::kPc, Printer::Medium::kFile);
}

TEST(Printer, FileLinesBreakBeforeAnItemPastTheWidthAndEndOnce) {
  StringSink sink;
  Printer p = file_printer(sink, 10);
  p.print("0123456789");  // fills the line: the next item breaks it, even one character
  p.print("Z");
  p.end_print();
  p.print("0123456789");  // a full line ends with one CR LF, no empty line
  p.end_print();
  p.print("ABCDEFGHIJKLMNOP");  // longer than the line: written whole, never wrapped
  p.tab(4);                     // the column (16) is past TAB's: a new line
  p.print("T");
  EXPECT_EQ(sink.text(), "0123456789\r\nZ\r\n0123456789\r\nABCDEFGHIJKLMNOP\r\n   T");
}

TEST(Printer, FileColumnCountsPrintingBytesModulo256) {
  StringSink sink;
  Printer p = file_printer(sink, Printer::kFileWidth);
  p.print("AB\x07\x08\n");  // control bytes do not move the column; the item never breaks
  EXPECT_EQ(p.column(), 2);
  p.print("C\rD");
  EXPECT_EQ(p.column(), 1);
  p.print(std::string(255, 'x'));  // width 255: no break; 256 columns are column 0 again
  EXPECT_EQ(p.column(), 0);
  p.comma();  // and a comma never ends a line
  EXPECT_EQ(p.column(), 14);
  p.spc(300);  // SPC and TAB count modulo 255
  EXPECT_EQ(p.column(), 14 + 45);
}

TEST(Printer, FileCommaEndsALineOnlyFromWidth14Up) {
  StringSink narrow, wide;
  Printer n = file_printer(narrow, 10), w = file_printer(wide, 20);
  for (Printer* p : {&n, &w}) {
    p->print("A");
    p->comma();
    p->print("B");
  }
  EXPECT_EQ(narrow.text(), "A             \r\nB");
  EXPECT_EQ(wide.text(), "A\r\nB");
}

TEST(Printer, TabMovesToOneBasedColumn) {
  StringSink sink;
  Printer p(sink, 80);
  p.tab(28);
  p.print("AMAZING PROGRAM");
  p.newline();
  EXPECT_EQ(sink.text(), std::string(27, ' ') + "AMAZING PROGRAM\n");
}

TEST(Printer, TabBehindTheCursorStartsANewLine) {
  StringSink sink;
  Printer p(sink, 80);
  p.print("HELLO");
  p.tab(3);
  p.print("X");
  EXPECT_EQ(sink.text(), "HELLO\n  X");
}

TEST(Printer, TabBeyondWidthCountsModuloWidth) {
  StringSink sink;
  Printer p(sink, 40);
  p.tab(45);
  p.print("X");
  EXPECT_EQ(sink.text(), "    X");
}

TEST(Printer, CommaMovesToFourteenColumnZones) {
  StringSink sink;
  Printer p(sink, 80);
  p.print("A");
  p.comma();
  p.print("B");
  p.comma();
  p.print("C");
  EXPECT_EQ(sink.text(), std::string("A").append(13, ' ').append("B").append(13, ' ').append("C"));
  EXPECT_EQ(p.column(), 29);
}

TEST(Printer, CommaInTheLastZoneStartsANewLine) {
  StringSink sink;
  Printer p(sink, 40);  // zones at 0 and 14 only
  p.print("A");
  p.comma();
  p.print("B");
  p.comma();
  p.print("C");
  EXPECT_EQ(sink.text(), std::string("A").append(13, ' ').append("B\nC"));
}

TEST(Printer, UnlimitedWidthNeverBreaks) {
  StringSink sink;
  Printer p(sink, 0);
  for (int i = 0; i < 30; ++i) p.print(".--");
  EXPECT_EQ(sink.text().find('\n'), std::string::npos);
  p.comma();
  EXPECT_EQ(p.column(), 98);
}

TEST(Printer, ItemThatDoesNotFitStartsANewLine) {
  StringSink sink;
  Printer p(sink, 10);
  p.print("ABCDEFG");
  p.print("HIJK");
  EXPECT_EQ(sink.text(), "ABCDEFG\nHIJK");
}

TEST(Printer, LongItemIsWrittenWholeAndTheColumnWraps) {
  // PC-BASIC's standard output shows a 100-character item unbroken; the screen wraps it,
  // so the cursor ends in column 20 of the next line.
  StringSink sink;
  Printer p(sink, 80);
  p.print(std::string(100, 'A'));
  EXPECT_EQ(p.column(), 20);
  p.newline();
  p.print("XY");
  p.print(std::string(79, 'B'));  // does not fit after XY: a new line first
  p.newline();
  EXPECT_EQ(sink.text(), std::string(100, 'A') + "\nXY\n" + std::string(79, 'B') + "\n");
}

TEST(Printer, LongItemWrapsOnTheScreen) {
  core::Ram ram;
  auto screen = Screen::create(ram);
  ScreenSink sink(*screen);
  Printer p(sink, Screen::kColumns);
  p.print("0123456789012345678901234567890123456789ABCDE");
  EXPECT_EQ(p.column(), 5);
  EXPECT_EQ(screen->line(0), "0123456789012345678901234567890123456789");
  EXPECT_EQ(screen->line(1).substr(0, 6), "ABCDE ");
  EXPECT_EQ(screen->col(), p.column());
}

TEST(Printer, ExactlyFullLineThenNewlineHasNoBlankLine) {
  StringSink sink;
  Printer p(sink, 10);
  p.print("0123456789");
  p.newline();
  p.print("X");
  EXPECT_EQ(sink.text(), "0123456789\nX");
}

TEST(Printer, MazeRowsWrapLikeGwBasicAtEighty) {
  // A 27-wide maze row is 82 characters of 3-character items: the item that would pass
  // column 80 starts a new line (what PC-BASIC prints).
  StringSink sink;
  Printer p(sink, 80);
  for (int i = 0; i < 27; ++i) p.print(".--");
  p.print(".");
  p.newline();
  EXPECT_EQ(
      sink.text(), std::string() + [] {
        std::string s;
        for (int i = 0; i < 26; ++i) s += ".--";
        return s;
      }() + "\n.--.\n");
}

TEST(Printer, PrintEndAfterAFullLineLeavesAnEmptyLine) {
  // PC-BASIC: PRINT A$+"BCDE" (80 characters) then PRINT "X" gives the line, an empty
  // line, then X; the plain newline() (INPUT, the fit rule) does not.
  StringSink sink;
  Printer p(sink, 10);
  p.print("0123456789");
  p.end_print();
  p.print("X");
  p.end_print();
  p.print("0123456789");
  p.newline();
  EXPECT_EQ(sink.text(), "0123456789\n\nX\n0123456789\n");
}

TEST(Printer, SpcWritesSpaces) {
  StringSink sink;
  Printer p(sink, 40);
  p.print("A");
  p.spc(3);
  p.print("B");
  EXPECT_EQ(sink.text(), "A   B");
}

TEST(Printer, OnTheScreen) {
  core::Ram ram;
  auto screen = Screen::create(ram);
  ScreenSink sink(*screen);
  Printer p(sink, Screen::kColumns);
  p.tab(15);
  p.print("CREATIVE COMPUTING  MORRISTOWN, NEW JERSEY");
  p.newline();
  // The 42-character item does not fit after column 14, so it starts on a new line and
  // wraps after 40 characters.
  EXPECT_EQ(screen->line(0), std::string(40, ' ').replace(0, 14, std::string(14, ' ')));
  EXPECT_EQ(screen->line(1), "CREATIVE COMPUTING  MORRISTOWN, NEW JERS");
  EXPECT_EQ(screen->line(2).substr(0, 3), "EY ");
}

// The line-end rules PC-BASIC shows (src/basic/FACTS.md, "PRINT at the line end"), with
// A$ = 76 characters and a line 80 wide.
std::string full_line() { return std::string(76, 'A') + "BCDE"; }

TEST(Printer, AfterAFullLineAOneCharacterItemStillGoesOn) {
  // PRINT A$;"BCDE";"F";"G" is one line on standard output.
  StringSink sink;
  Printer p(sink, 80);
  p.print(std::string(76, 'A'));
  p.print("BCDE");
  EXPECT_EQ(p.column(), 80);
  EXPECT_EQ(p.pos(), 1);
  p.print("F");
  EXPECT_EQ(p.column(), 1);
  p.print("G");
  p.end_print();
  EXPECT_EQ(sink.text(), full_line() + "FG\n");
}

TEST(Printer, AfterAFullLineALongerItemStartsANewLine) {
  // PRINT A$;"BCDE";"FGH";"I": FGH on a new line, I after it; a number (` 1 `) too.
  StringSink sink;
  Printer p(sink, 80);
  p.print(full_line());
  p.print("FGH");
  p.print("I");
  p.end_print();
  p.print(full_line());
  p.print(" 1 ");
  p.end_print();
  EXPECT_EQ(sink.text(), full_line() + "\nFGHI\n" + full_line() + "\n 1 \n");
}

TEST(Printer, AnItemEndingExactlyAtTheWidthFitsThenThePrintEndAddsAnEmptyLine) {
  // PRINT A$;"B";1 (77 + 3 characters) then PRINT "X".
  StringSink sink;
  Printer p(sink, 80);
  p.print(std::string(76, 'A'));
  p.print("B");
  p.print(" 1 ");
  p.end_print();
  p.print("X");
  p.end_print();
  EXPECT_EQ(sink.text(), std::string(76, 'A') + "B 1 \n\nX\n");
}

TEST(Printer, AnOpenFullLineContinuesInTheNextPrint) {
  // PRINT A$;"BCDE"; : PRINT "Y"   ->  ...BCDEY ; PRINT A$;"BCDE"; : PRINT  -> empty line.
  StringSink sink;
  Printer p(sink, 80);
  p.print(full_line());
  p.print("Y");
  p.end_print();
  p.print(full_line());
  p.end_print();
  EXPECT_EQ(sink.text(), full_line() + "Y\n" + full_line() + "\n\n");
}

TEST(Printer, CommaTabAndSpcAfterAFullLine) {
  StringSink sink;
  Printer p(sink, 80);
  p.print(full_line());
  p.comma();  // one line end
  p.print("Q");
  p.end_print();
  p.print(full_line());
  p.tab(5);  // a line end, then 4 spaces
  p.print("Q");
  p.end_print();
  p.print(full_line());
  p.tab(80);  // the cursor counts as on column 80: nothing
  p.print("Q");
  p.end_print();
  p.print(full_line());
  p.tab(79);
  p.print("Q");
  p.end_print();
  p.print(full_line());
  p.spc(2);  // never a line end: the spaces wrap on the screen
  p.print("Q");
  p.end_print();
  EXPECT_EQ(sink.text(), full_line() + "\nQ\n" + full_line() + "\n    Q\n" + full_line() +
                             "Q\n" + full_line() + "\n" + std::string(78, ' ') + "Q\n" +
                             full_line() + "  Q\n");
}

TEST(Printer, TabToTheLastColumnThenAnItem) {
  // PRINT A$;"BCD"; : PRINT TAB(80);"Q"  ->  ...BCDQ, then an empty line (Q filled it).
  StringSink sink;
  Printer p(sink, 80);
  p.print(std::string(76, 'A') + "BCD");
  p.tab(80);
  p.print("Q");
  p.end_print();
  EXPECT_EQ(sink.text(), std::string(76, 'A') + "BCDQ\n\n");
}

TEST(Printer, TheScreenFollowsTheSameRulesAtForty) {
  // PC-BASIC with WIDTH 40 shows the same: a 1-character item goes on, the print end after
  // a full line leaves an empty line; on the screen the F lands on the next row.
  core::Ram ram;
  auto screen = Screen::create(ram);
  ScreenSink sink(*screen);
  Printer p(sink, Screen::kColumns);
  std::string full = std::string(36, 'A') + "BCDE";
  p.print(full);
  p.print("F");
  p.print("G");
  p.end_print();
  p.print(full);
  p.end_print();
  p.print("X");
  p.end_print();
  p.print(full);
  p.print("FG");
  p.end_print();
  EXPECT_EQ(screen->line(0), full);
  EXPECT_EQ(screen->line(1).substr(0, 3), "FG ");
  EXPECT_EQ(screen->line(2), full);
  EXPECT_EQ(screen->line(3), std::string(40, ' '));
  EXPECT_EQ(screen->line(4).substr(0, 2), "X ");
  EXPECT_EQ(screen->line(5), full);
  EXPECT_EQ(screen->line(6).substr(0, 3), "FG ");
  EXPECT_EQ(screen->line(7), std::string(40, ' '));
  EXPECT_EQ(screen->row(), 7);
}

TEST(Printer, TypingPastAFullLineReadsFromItsLastColumn) {
  // PC-BASIC: PRINT A$;"B";:INPUT "P";X$ typed QQ echoes `P?  QQ` (the line read is " QQ");
  // PRINT A$;"BCD";:INPUT "P",X$ typed RR reads "PRR". Elsewhere the typed text as it is.
  StringSink sink;
  Printer p(sink, 80);
  p.print(std::string(76, 'A') + "B");
  p.write("P? ");
  EXPECT_EQ(p.typed_line("QQ", true), " QQ");
  p.newline();
  p.print(std::string(76, 'A') + "BCD");
  p.write("P");
  EXPECT_EQ(p.typed_line("RR", false), "PRR");
  p.newline();
  p.write("P? ");
  EXPECT_EQ(p.typed_line("SS", true), "SS");
  p.newline();
  EXPECT_EQ(sink.text(), std::string(76, 'A') + "BP?  QQ\n" + std::string(76, 'A') +
                             "BCDP\nP? SS\n");
}

}  // namespace
}  // namespace amazing::machine
