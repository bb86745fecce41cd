#include "machine/screen.hpp"

#include "machine/charset.hpp"

#include <gtest/gtest.h>

namespace amazing::machine {
namespace {

std::string pad(std::string s) {
  s.resize(Screen::kColumns, ' ');
  return s;
}

TEST(Screen, StartsBlankWithCursorHome) {
  core::Ram ram;
  auto screen = Screen::create(ram);
  ASSERT_TRUE(screen.ok());
  EXPECT_EQ(screen->line(0), std::string(40, ' '));
  EXPECT_EQ(screen->row(), 0);
  EXPECT_EQ(screen->col(), 0);
  EXPECT_EQ(ram.used(), Screen::kBytes);
}

TEST(Screen, WrapsAtFortyColumns) {
  core::Ram ram;
  auto screen = Screen::create(ram);
  screen->put(std::string(45, 'A'));
  EXPECT_EQ(screen->line(0), std::string(40, 'A'));
  EXPECT_EQ(screen->line(1), pad("AAAAA"));
  EXPECT_EQ(screen->row(), 1);
  EXPECT_EQ(screen->col(), 5);
}

TEST(Screen, FullLineThenNewlineLeavesNoBlankLine) {
  core::Ram ram;
  auto screen = Screen::create(ram);
  screen->put(std::string(40, 'B') + "\nC");
  EXPECT_EQ(screen->line(0), std::string(40, 'B'));
  EXPECT_EQ(screen->line(1), pad("C"));
}

// GW-BASIC scrolls rows 1..24: its 25th, the function-key line's, stays out of it even
// with the key line off (PC-BASIC's text screen; the C64 scrolls all 25).
TEST(Screen, ScrollsWhenLeavingTheLastRow) {
  core::Ram ram;
  auto screen = Screen::create(ram);
  screen->set_cursor(24, 0);
  screen->put("ROW 25");
  screen->set_cursor(0, 0);
  for (int i = 0; i < 26; ++i) screen->put("LINE " + std::to_string(i) + "\n");
  // 26 lines and a final newline: lines 0 to 2 scrolled away, the cursor on a blank row.
  EXPECT_EQ(screen->line(0), pad("LINE 3"));
  EXPECT_EQ(screen->line(22), pad("LINE 25"));
  EXPECT_EQ(screen->line(23), std::string(40, ' '));
  EXPECT_EQ(screen->line(24), pad("ROW 25"));
  EXPECT_EQ(screen->row(), 23);

  auto c64 = Screen::create(ram, Rules::kC64);
  for (int i = 0; i < 26; ++i) c64->put("LINE " + std::to_string(i) + "\n");
  EXPECT_EQ(c64->line(0), pad("LINE 2"));
  EXPECT_EQ(c64->line(23), pad("LINE 25"));
  EXPECT_EQ(c64->row(), 24);
}

// The 25th row never wraps (the next character takes the last column again); a line end
// there scrolls rows 1..24 and leaves the cursor on the 24th.
TEST(Screen, TheLastRowKeepsItsTextAndALineEndThereScrollsTheRowsAbove) {
  core::Ram ram;
  auto screen = Screen::create(ram);
  screen->put("TOP\n");
  screen->set_cursor(23, 0);
  screen->put(std::string(41, 'Z'));
  EXPECT_EQ(screen->line(22), std::string(40, 'Z'));
  EXPECT_EQ(screen->line(23), pad("Z"));
  screen->set_cursor(24, 38);
  screen->put("ABCD");
  EXPECT_EQ(screen->line(24), std::string(38, ' ') + "AD");
  EXPECT_EQ(screen->row(), 24);
  screen->put("\nNEXT");
  EXPECT_EQ(screen->line(0), std::string(40, ' '));  // TOP scrolled away
  EXPECT_EQ(screen->line(23), pad("NEXT"));
  EXPECT_EQ(screen->line(24), std::string(38, ' ') + "AD");
}

// VIEW PRINT's rows: only they scroll, and clear_scroll_area blanks only them.
TEST(Screen, AScrollAreaScrollsAndClearsOnlyItsRows) {
  core::Ram ram;
  auto screen = Screen::create(ram);
  for (int i = 0; i < 10; ++i) screen->put("LINE " + std::to_string(i) + "\n");
  screen->set_scroll_area(2, 4);
  screen->set_cursor(4, 0);
  screen->put("A\nB");
  EXPECT_EQ(screen->line(1), pad("LINE 1"));
  EXPECT_EQ(screen->line(2), pad("LINE 3"));
  EXPECT_EQ(screen->line(3), pad("AINE 4"));  // A written over LINE 4, then scrolled
  EXPECT_EQ(screen->line(4), pad("B"));
  EXPECT_EQ(screen->line(5), pad("LINE 5"));
  screen->clear_scroll_area();
  EXPECT_EQ(screen->line(1), pad("LINE 1"));
  EXPECT_EQ(screen->line(2), std::string(40, ' '));
  EXPECT_EQ(screen->line(4), std::string(40, ' '));
  EXPECT_EQ(screen->line(5), pad("LINE 5"));
  EXPECT_EQ(screen->row(), 2);
}

// A run-time error over a game's screen (amazing run): on the last rows, in the power-on
// colours, whatever colours and cursor the program left.
TEST(Screen, ShowMessageTakesTheLastRowsInThePowerOnColours) {
  core::Ram ram;
  auto screen = Screen::create(ram);
  screen->set_attribute(make_attribute(4, 4));  // red on red
  screen->clear();
  screen->put("GAME");
  screen->set_cursor(10, 5);
  screen->show_message("game.lua:3: boom\n" + std::string(45, 'x') + "\n", 5);
  EXPECT_EQ(screen->line(0), pad("GAME"));
  EXPECT_EQ(screen->line(21), std::string(40, ' '));
  EXPECT_EQ(screen->line(22), pad("game.lua:3: boom"));
  EXPECT_EQ(screen->line(23), std::string(40, 'x'));
  EXPECT_EQ(screen->line(24), pad("xxxxx"));  // wrapped
  const uint8_t fixed = default_attribute(Rules::kPc);
  for (int col = 0; col < Screen::kColumns; ++col) {
    EXPECT_EQ(screen->attribute_at(22, col), fixed) << col;
    EXPECT_EQ(screen->attribute_at(24, col), fixed) << col;
  }
  EXPECT_EQ(screen->attribute_at(21, 0), make_attribute(4, 4));
  EXPECT_EQ(screen->attribute(), make_attribute(4, 4));  // what prints next is unchanged
  EXPECT_EQ(screen->row(), 24);
  EXPECT_EQ(screen->col(), 5);
}

TEST(Screen, ShowMessageScrollsToKeepWhatWasPrintedLastInSight) {
  core::Ram ram;
  auto screen = Screen::create(ram);
  // 24 lines: the pc's rows 1..24 have scrolled once, the cursor at the start of row 24.
  for (int i = 0; i < 24; ++i) screen->put("LINE " + std::to_string(i) + "\n");
  screen->show_message("a\nb", 5);  // on rows 24 and 25: LINE 23 stays
  EXPECT_EQ(screen->line(22), pad("LINE 23"));
  EXPECT_EQ(screen->line(23), pad("a"));
  EXPECT_EQ(screen->line(24), pad("b"));
  EXPECT_EQ(screen->line(0), pad("LINE 1"));
}

TEST(Screen, ShowMessageKeepsItsFirstRowsAndTheC64sColours) {
  core::Ram ram;
  auto screen = Screen::create(ram, Rules::kC64);
  screen->show_message("one\ntwo\nthree\nfour", 2);
  EXPECT_EQ(screen->line(23), pad("one"));
  EXPECT_EQ(screen->line(24), pad("two"));
  EXPECT_EQ(screen->attribute_at(24, 39), default_attribute(Rules::kC64));
  EXPECT_EQ(screen->line(22), std::string(40, ' '));
}

TEST(Screen, PokeIntoScreenMemoryShows) {
  core::Ram ram;
  auto screen = Screen::create(ram);
  ram.poke(screen->address() + 1 * 40 + 1, 'X');
  EXPECT_EQ(screen->at(1, 1), 'X');
  screen->put("HI");
  EXPECT_EQ(ram.peek(screen->address()), 'H');
  EXPECT_EQ(ram.peek(screen->address() + 1), 'I');
}

TEST(Screen, VersionMovesOnChange) {
  core::Ram ram;
  auto screen = Screen::create(ram);
  auto v = screen->version();
  screen->put("A");
  EXPECT_NE(screen->version(), v);
  v = screen->version();
  screen->clear();
  EXPECT_NE(screen->version(), v);
  EXPECT_EQ(screen->at(0, 0), ' ');
}

TEST(Screen, TextJoinsTwentyFiveLines) {
  core::Ram ram;
  auto screen = Screen::create(ram);
  screen->put("TOP");
  std::string text = screen->text();
  EXPECT_EQ(text.size(), 25u * 40u + 24u);
  EXPECT_EQ(text.substr(0, 41), pad("TOP") + "\n");
}

TEST(Screen, DoesNotFitInTooLittleRam) {
  core::Ram ram(999);
  auto screen = Screen::create(ram);
  ASSERT_FALSE(screen.ok());
  EXPECT_NE(screen.error().message.find("OUT OF MEMORY"), std::string::npos);
}

TEST(Screen, SharesTheBudgetWithAMaze) {
  core::Ram ram(2000);
  auto screen = Screen::create(ram);
  ASSERT_TRUE(screen.ok());
  // 1000 bytes remain: 2000 cells fit, 2002 do not.
  auto fits = ram.allocate(1000, "a maze");
  EXPECT_TRUE(fits.ok());
  auto too_big = ram.allocate(1, "a maze");
  EXPECT_FALSE(too_big.ok());
}

// GW-BASIC's control characters move the terminal's cursor as they move the Printer's
// (gw_controls.hpp): CHR$(12) clears the rows that scroll, CHR$(11) goes home, 28..31 move,
// a TAB blanks to the next multiple of 8, BEL does nothing.
TEST(Screen, GwControlCharactersMoveTheCursor) {
  core::Ram ram;
  auto screen = Screen::create(ram);
  screen->set_cursor(24, 0);
  screen->put("KEYS");
  screen->set_cursor(0, 0);
  screen->put("ABC\x1d\x1dX\a\tY");
  EXPECT_EQ(screen->line(0), pad("AX      Y"));  // the TAB blanks over C
  screen->put("\x1f\x1fZ\x1e\x1c\x1cW\x0bH");
  EXPECT_EQ(screen->line(0), pad("HX      Y"));
  EXPECT_EQ(screen->line(1), pad("            W"));
  EXPECT_EQ(screen->line(2), pad("         Z"));
  screen->put("\x0c");
  EXPECT_EQ(screen->line(0), std::string(40, ' '));
  EXPECT_EQ(screen->line(24), pad("KEYS"));  // the 25th row is no row that scrolls
  EXPECT_EQ(screen->row(), 0);
  screen->put("\x1d\x1e");  // nothing above or left of the top row's start
  EXPECT_EQ(screen->row(), 0);
  EXPECT_EQ(screen->col(), 0);
}

}  // namespace
}  // namespace amazing::machine
