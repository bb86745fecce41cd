// The screen editor (tui/screen_editor.hpp) on a machine's screen, keys given in turn:
// what Enter reads, where the cursor goes, what editing does to the cells.
#include "tui/screen_editor.hpp"

#include <gtest/gtest.h>

#include <string>

#include "core/ram.hpp"
#include "machine/screen.hpp"
#include "tui/keys.hpp"

namespace amazing::tui {
namespace {

struct Editing {
  explicit Editing(machine::Rules rules = machine::Rules::kPc)
      : ram(core::kDefaultRam), screen(machine::Screen::create(ram, rules).value()),
        editor(screen) {
    editor.begin();
  }
  // Types `keys` (each character a key) and returns what Enter read, if it came.
  std::optional<std::string> type(const std::string& keys) {
    std::optional<std::string> line;
    for (char c : keys) {
      auto got = editor.key(c == '\n' ? kKeyEnter : static_cast<unsigned char>(c));
      if (got) line = got;
    }
    return line;
  }
  std::optional<std::string> press(int key, int times = 1) {
    std::optional<std::string> line;
    for (int k = 0; k < times; ++k)
      if (auto got = editor.key(key)) line = got;
    return line;
  }
  std::string row(int r) const {
    std::string text = screen.line(r);
    return text.erase(text.find_last_not_of(' ') + 1);
  }
  core::Ram ram;
  machine::Screen screen;
  ScreenEditor editor;
};

TEST(ScreenEditor, EnterReadsTheLineTypedAndLeavesTheCursorAtItsEnd) {
  Editing e;
  EXPECT_EQ(e.type("PRINT 2+2\n"), "PRINT 2+2");
  EXPECT_EQ(e.screen.row(), 0);
  EXPECT_EQ(e.screen.col(), 9);  // the machine's newline goes on from here
}

TEST(ScreenEditor, ALineListedAboveIsChangedInPlaceAndReadWhole) {
  Editing e;
  e.screen.put("10 PRINT \"HELLO\"\n20 GOTO 10\nOk\n");
  e.editor.begin();
  e.press(kKeyUp, 3);  // onto line 10
  e.press(kKeyRight, 10);
  EXPECT_EQ(e.type("WORLD"), std::nullopt);
  EXPECT_EQ(e.row(0), "10 PRINT \"WORLD\"");
  EXPECT_EQ(e.press(kKeyEnter), "10 PRINT \"WORLD\"");  // the whole row, not from the cursor
  EXPECT_EQ(e.screen.row(), 0);
}

TEST(ScreenEditor, BackspaceAndDeleteCloseUpTheLine) {
  Editing e;
  e.type("PRINNT 1");
  e.press(kKeyLeft, 3);  // onto the T
  e.press(kKeyBackspace);  // the N before it goes
  EXPECT_EQ(e.row(0), "PRINT 1");
  e.press(kKeyDelete);  // the T under the cursor goes
  EXPECT_EQ(e.row(0), "PRIN 1");
  EXPECT_EQ(e.screen.col(), 4);
}

TEST(ScreenEditor, BackspaceAtTheStartOfTheLineDoesNothing) {
  Editing e;
  e.screen.put("AB\n");
  e.press(kKeyBackspace);
  EXPECT_EQ(e.row(0), "AB");
  EXPECT_EQ(e.screen.row(), 1);
}

TEST(ScreenEditor, InsertModeOnThePcPushesTheRestRight) {
  Editing e;
  e.type("PRNT");
  e.press(kKeyLeft, 2);
  e.press(kKeyInsert);
  EXPECT_TRUE(e.editor.inserting());
  e.type("I");
  EXPECT_EQ(e.row(0), "PRINT");
  e.press(kKeyInsert);
  e.type("X");  // overwrites again
  EXPECT_EQ(e.row(0), "PRIXT");
}

TEST(ScreenEditor, InsertOnTheC64OpensOneBlank) {
  Editing e(machine::Rules::kC64);
  e.type("PRNT");
  e.press(kKeyLeft, 2);
  e.press(kKeyInsert);
  EXPECT_FALSE(e.editor.inserting());
  EXPECT_EQ(e.row(0), "PR NT");
  e.type("I");
  EXPECT_EQ(e.row(0), "PRINT");
}

TEST(ScreenEditor, TheC64TypesCapitals) {
  Editing e(machine::Rules::kC64);
  EXPECT_EQ(e.type("list 10\n"), "LIST 10");
}

// The C64's quote mode: after an odd number of quotes typed, the cursor keys, Home, CLR and
// Insert type their PETSCII codes (shown reversed); Backspace and Enter still act.
TEST(ScreenEditor, InQuoteModeTheC64sCursorKeysTypeTheirCodes) {
  Editing e(machine::Rules::kC64);
  e.type("10 PRINT \"");
  e.press(kKeyDown);
  e.press(kKeyUp);
  e.press(kKeyRight);
  e.press(kKeyLeft);
  e.press(kKeyHome);
  e.press(12);  // Ctrl-L: CLR
  e.press(kKeyInsert);
  e.type("XY");
  e.press(kKeyBackspace);  // DEL still deletes
  EXPECT_EQ(e.screen.row(), 0);
  EXPECT_EQ(e.press(kKeyEnter), "10 PRINT \"\x11\x91\x1d\x9d\x13\x93\x94X");
}

TEST(ScreenEditor, AClosingQuoteEndsTheC64sQuoteMode) {
  Editing e(machine::Rules::kC64);
  e.type("\"A\"");
  e.press(kKeyLeft);  // moves again
  e.type("B");
  EXPECT_EQ(e.row(0), "\"AB");
  Editing pc;  // the pc has no quote mode
  pc.type("\"A");
  pc.press(kKeyLeft);
  pc.type("B");
  EXPECT_EQ(pc.row(0), "\"B");
}

TEST(ScreenEditor, AnInputPromptIsNotPartOfTheAnswer) {
  Editing e;
  e.screen.put("WHAT ARE YOUR WIDTH AND LENGTH? ");
  e.editor.begin();
  EXPECT_EQ(e.type("5,5\n"), "5,5");
  // Moved off the prompt's row and back onto another row: the whole of that row.
  Editing f;
  f.screen.put("10 REM\n? ");
  f.editor.begin();
  f.press(kKeyUp);
  f.press(kKeyLeft, 2);
  EXPECT_EQ(f.press(kKeyEnter), "10 REM");
}

TEST(ScreenEditor, AWrappedLineIsOneLogicalLineOnThePc) {
  Editing e;
  std::string long_line = "10 PRINT \"" + std::string(40, 'X') + "\"";
  e.type(long_line);
  EXPECT_EQ(e.screen.row(), 1);
  EXPECT_TRUE(e.screen.linked(1));
  e.press(kKeyUp);  // onto the first row: Enter still reads both
  EXPECT_EQ(e.press(kKeyEnter), long_line);
  EXPECT_EQ(e.screen.row(), 1);  // the cursor at the end of the last row
}

TEST(ScreenEditor, TypingPastTheRowOpensANewRowOnThePc) {
  Editing e;
  e.screen.put(std::string(40, 'A'));
  e.screen.put("\n20 GOTO 10\n");
  e.screen.set_cursor(0, 40);
  e.editor.begin();
  e.type("B");
  EXPECT_EQ(e.row(1), "B");
  EXPECT_EQ(e.row(2), "20 GOTO 10");  // moved down, not overwritten
}

TEST(ScreenEditor, TheC64ReadsAtMostTwoRows) {
  Editing e(machine::Rules::kC64);
  std::optional<std::string> line = e.type(std::string(85, 'A') + "\n");
  // The 81st character starts a new logical line: Enter reads that one.
  ASSERT_TRUE(line);
  EXPECT_EQ(*line, std::string(5, 'A'));
  EXPECT_TRUE(e.screen.linked(1));
  EXPECT_FALSE(e.screen.linked(2));
}

TEST(ScreenEditor, EscOnThePcBlanksTheLine) {
  Editing e;
  e.type("GARBAGE");
  e.press(27);
  EXPECT_EQ(e.row(0), "");
  EXPECT_EQ(e.screen.col(), 0);
  Editing c(machine::Rules::kC64);  // the C64's RUN/STOP: nothing at the prompt
  c.type("KEPT");
  c.press(27);
  EXPECT_EQ(c.row(0), "KEPT");
}

TEST(ScreenEditor, CursorKeysStayOnTheScreenAndDownScrollsAtTheBottomOfTheC64Only) {
  for (machine::Rules rules : {machine::Rules::kPc, machine::Rules::kC64}) {
    Editing e(rules);
    e.press(kKeyUp);
    e.press(kKeyLeft);
    EXPECT_EQ(e.screen.row(), 0);
    EXPECT_EQ(e.screen.col(), 0);
    e.type("TOP");
    // GW-BASIC's cursor stays in the rows that scroll, 1..24 (its 25th is the key line's).
    const int bottom = rules == machine::Rules::kC64 ? 24 : 23;
    e.press(kKeyDown, 24);
    EXPECT_EQ(e.screen.row(), bottom);
    e.press(kKeyDown);
    EXPECT_EQ(e.screen.row(), bottom);
    e.press(kKeyRight, 45);
    EXPECT_EQ(e.screen.row(), bottom);
    // The C64 scrolls the screen up under the cursor; GW-BASIC's cursor stays.
    EXPECT_EQ(e.row(0), rules == machine::Rules::kC64 ? "" : "TOP");
    e.press(kKeyHome);
    EXPECT_EQ(e.screen.row(), 0);
    EXPECT_EQ(e.screen.col(), 0);
  }
}

TEST(ScreenEditor, InsertGrowsAFullRowIntoANewOneInsteadOfLosingItsEnd) {
  for (machine::Rules rules : {machine::Rules::kPc, machine::Rules::kC64}) {
    Editing e(rules);
    const std::string full = "10 REM " + std::string(33, 'X');  // 40 characters
    const std::string next = "20 REM NEXT";
    for (int c = 0; c < 40; ++c) e.screen.set(0, c, full[static_cast<std::size_t>(c)]);
    for (int c = 0; c < 11; ++c) e.screen.set(1, c, next[static_cast<std::size_t>(c)]);
    e.press(kKeyRight, 7);
    if (rules == machine::Rules::kPc) {
      e.press(kKeyInsert);  // insert mode
      e.type("AB");
    } else {
      e.press(kKeyInsert, 2);  // two blanks
      e.type("AB");
    }
    EXPECT_EQ(e.press(kKeyEnter), "10 REM AB" + std::string(33, 'X'));
    EXPECT_EQ(e.row(2), "20 REM NEXT");  // moved down, whole
  }
}

TEST(ScreenEditor, InsertModeEndsWhenTheCursorMoves) {
  Editing e;
  e.type("ABCDEF");
  e.press(kKeyInsert);
  e.press(kKeyLeft, 3);
  EXPECT_FALSE(e.editor.inserting());
  e.type("Q");
  EXPECT_EQ(e.row(0), "ABCQEF");
}

TEST(ScreenEditor, BackspaceStopsAtAnInputPromptOnThePc) {
  Editing e;
  e.screen.put("NAME? ");
  e.editor.begin();
  e.type("AB");
  e.press(kKeyBackspace, 6);
  EXPECT_EQ(e.row(0), "NAME?");
  e.type("Z");
  EXPECT_EQ(e.press(kKeyEnter), "Z");
}

TEST(ScreenEditor, APcLineTakesAtMost255Characters) {
  Editing e;
  std::optional<std::string> line = e.type(std::string(300, 'A') + "\n");
  ASSERT_TRUE(line);
  EXPECT_EQ(line->size(), 255u);
  EXPECT_EQ(e.screen.row(), 6);  // seven rows, nothing scrolled away
}

TEST(ScreenEditor, PendingIsWhatEnterWouldRead) {
  Editing e;
  e.screen.put("? ");
  e.editor.begin();
  EXPECT_EQ(e.editor.pending(), "");
  e.type("12");
  EXPECT_EQ(e.editor.pending(), "12");
}

TEST(ScreenEditor, CtrlLClearsTheScreen) {
  Editing e;
  e.screen.put("OLD\nTEXT\n");
  e.press(12);
  EXPECT_EQ(e.row(0), "");
  EXPECT_EQ(e.row(1), "");
  EXPECT_EQ(e.type("NEW\n"), "NEW");
}

TEST(ScreenEditor, EndGoesToTheEndOfTheLogicalLine) {
  Editing e;
  e.screen.put("10 PRINT 1\n");
  e.press(kKeyUp);
  e.press(kKeyEnd);
  EXPECT_EQ(e.screen.col(), 10);
  e.type(":PRINT 2");
  EXPECT_EQ(e.press(kKeyEnter), "10 PRINT 1:PRINT 2");
}

}  // namespace
}  // namespace amazing::tui
