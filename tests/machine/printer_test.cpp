#include "machine/printer.hpp"

#include <gtest/gtest.h>

#include "machine/screen.hpp"

namespace amazing::machine {
namespace {

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
  EXPECT_EQ(sink.text(), "A" + std::string(13, ' ') + "B" + std::string(13, ' ') + "C");
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
  EXPECT_EQ(sink.text(), "A" + std::string(13, ' ') + "B\nC");
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

}  // namespace
}  // namespace amazing::machine
