// The pc's input and output statements where PC-BASIC cannot be recorded headless
// (src/basic/gw_io.hpp; the recorded ones are tests/basic/programs/gwio*.bas): INPUT$,
// which PC-BASIC only reads from a keyboard, and LPRINT, which goes to the host printer.

#include <gtest/gtest.h>

#include "basic/interpreter.hpp"
#include "basic/run.hpp"
#include "machine/machine.hpp"

namespace amazing::basic {
namespace {

BatchRun run(std::string_view program, std::vector<std::string> input = {}) {
  BatchOptions o;
  o.input = std::move(input);
  o.max_steps = 100'000;
  return run_batch(program, o);
}

TEST(GwIo, InputCharsReadsTypedCharactersWithTheirLineEnds) {
  auto r =
      run("10 X$=INPUT$(4):PRINT \"(\";X$;\")\";LEN(X$)\n20 INPUT A$:PRINT A$\n", {"ABC", "DEF"});
  // The line end is a CR, which PRINT shows as a line end.
  EXPECT_EQ(r.output, "(ABC\n) 4 \n? DEF\nDEF\n");
  EXPECT_EQ(r.result.outcome, Outcome::kEnded);
}

TEST(GwIo, InputReadsWhatInputCharsLeftOfALine) {
  auto r = run("10 X$=INPUT$(2):PRINT X$\n20 LINE INPUT A$:PRINT \"[\";A$;\"]\"\n", {"ABC"});
  EXPECT_EQ(r.output, "AB\nC\n[C]\n");
}

TEST(GwIo, InputCharsStopsTheRunWhenInputEnds) {
  auto r = run("10 X$=INPUT$(9)\n20 PRINT \"NOT HERE\"\n", {"AB"});
  EXPECT_EQ(r.output, "");
  EXPECT_EQ(r.result.outcome, Outcome::kInputEnded);
}

TEST(GwIo, InputCharsCountIsOneTo255) {
  EXPECT_EQ(run("10 X$=INPUT$(0)\n").result.error.code, ErrorCode::kIllegalFunctionCall);
  EXPECT_EQ(run("10 X$=INPUT$(256)\n").result.error.code, ErrorCode::kIllegalFunctionCall);
}

TEST(GwIo, InkeyIsEmptyAtTheEndOfInput) {
  auto r = run("10 K$=INKEY$:PRINT LEN(K$);\n20 K$=INKEY$:PRINT ASC(K$);LEN(INKEY$)\n", {"Z"});
  EXPECT_EQ(r.output, " 1  13  0 \n");
}

// The text waits for a printer headless PC-BASIC has not got: running off the last line
// says so, with no line number.
TEST(GwIo, LprintShowsNothingAndKeepsTheScreenColumn) {
  auto r = run("10 PRINT \"AB\";:LPRINT \"TO PRINTER\";1/3;TAB(60);\"X\"\n20 PRINT POS(0)\n");
  EXPECT_EQ(r.output, "AB 3 \nDevice I/O error\xFF\n");
  EXPECT_EQ(r.result.outcome, Outcome::kError);
  EXPECT_EQ(r.result.error.code, ErrorCode::kDeviceIoError);
  EXPECT_EQ(r.result.error.line, -1);
}

TEST(GwIo, EndRefusesTheHeldPrinterTextOnce) {
  auto r =
      run("10 ON ERROR GOTO 100\n20 LPRINT 1\n30 END\n40 END\n100 PRINT ERR;ERL:RESUME NEXT\n");
  EXPECT_EQ(r.output, " 57  30 \n");
  EXPECT_EQ(r.result.outcome, Outcome::kEnded);
}

TEST(GwIo, LprintErrorsStillStopTheProgram) {
  auto r = run("10 LPRINT \"A\";HEX$(70000)\n");
  EXPECT_EQ(r.result.error.code, ErrorCode::kOverflow);
}

TEST(GwIo, CsrlinCountsLinesUpToTheScrollingRow) {
  auto r = run("10 FOR I=1 TO 30:PRINT:NEXT:PRINT CSRLIN\n20 CLS:PRINT CSRLIN\n");
  EXPECT_EQ(r.output, std::string(30, '\n') + " 24 \n 1 \n");
}

TEST(GwIo, DateIsMonthDayYearOfTheInjectedDay) {
  BatchOptions o;
  o.today = [] { return std::array<int, 3>{2026, 3, 7}; };
  auto r = run_batch("10 PRINT DATE$;LEN(DATE$)\n", o);
  EXPECT_EQ(r.output, "03-07-2026 10 \n");
}

TEST(GwIo, DateWithoutAnInjectedDayIsTheHostsInTheSameLayout) {
  auto r = run("10 D$=DATE$:PRINT LEN(D$);MID$(D$,3,1);MID$(D$,6,1)\n");
  EXPECT_EQ(r.output, " 10 --\n");
}

// A program on the terminal's screen (no batch output): GW-BASIC's scrolling rows are 1..24
// or VIEW PRINT's, row 25 stays (PC-BASIC's text screen, display/textscreen.py); CLS alone
// clears VIEW PRINT's rows while they are set, CLS 1 no text at all.
machine::Screen& screen_after(machine::Machine& m, std::string_view text) {
  Program program = std::move(parse_program(text, Dialect::kPc)).value();
  Interpreter basic(program, m, Dialect::kPc);
  RunOptions o;
  o.max_steps = 100'000;
  EXPECT_EQ(basic.run(o).outcome, Outcome::kEnded);
  return m.screen();
}

TEST(GwIo, TheScreenScrollsRowsOneTo24OrViewPrintsAndClsClearsThem) {
  const std::string blank(40, ' ');
  machine::Machine m;
  machine::Screen& s = screen_after(
      m, "10 LOCATE 25,1: PRINT \"ROW 25\";\n20 LOCATE 1,1: FOR I=1 TO 30: PRINT I: NEXT\n");
  EXPECT_EQ(s.line(0).substr(0, 3), " 8 ");
  EXPECT_EQ(s.line(22).substr(0, 3), " 30");
  EXPECT_EQ(s.line(23), blank);
  EXPECT_EQ(s.line(24).substr(0, 6), "ROW 25");

  machine::Machine v;
  machine::Screen& t =
      screen_after(v, "10 PRINT \"TOP\": VIEW PRINT 3 TO 5: FOR I=1 TO 9: PRINT I: NEXT\n");
  EXPECT_EQ(t.line(0).substr(0, 3), "TOP");
  EXPECT_EQ(t.line(1), blank);
  EXPECT_EQ(t.line(2).substr(0, 3), " 8 ");
  EXPECT_EQ(t.line(3).substr(0, 3), " 9 ");
  EXPECT_EQ(t.line(4), blank);
  EXPECT_EQ(t.line(5), blank);
  machine::Machine c;
  machine::Screen& u = screen_after(
      c, "10 PRINT \"TOP\": VIEW PRINT 3 TO 5: PRINT \"IN\": CLS 1: PRINT \"ON\": CLS\n");
  EXPECT_EQ(u.line(0).substr(0, 3), "TOP");  // CLS with VIEW PRINT's rows: only those
  EXPECT_EQ(u.line(2), blank);
  EXPECT_EQ(u.row(), 2);
  machine::Machine d;
  machine::Screen& w = screen_after(d, "10 PRINT \"TOP\": VIEW PRINT 3 TO 5: CLS 0\n");
  EXPECT_EQ(w.line(0), blank);  // CLS 0: the whole screen, the cursor on VIEW PRINT's first row
  EXPECT_EQ(w.row(), 2);
}

// SCREEN 0 at power-on turns the colour switch off: the terminal's screen starts afresh
// (VIEW PRINT undone, every row blank, the cursor home, COLOR's attribute 7); a second
// SCREEN 0 changes nothing (programs/screen_reset.bas for the batch page).
TEST(GwIo, ScreenZeroStartsTheTerminalScreenAfreshOnce) {
  const std::string blank(40, ' ');
  machine::Machine m;
  machine::Screen& s = screen_after(
      m,
      "10 PRINT \"TOP\": COLOR 14,1: VIEW PRINT 3 TO 5: SCREEN 0: LOCATE 20,1: PRINT \"Q\"\n"
      "20 LOCATE 2,1: PRINT \"KEPT\": SCREEN 0\n");
  EXPECT_EQ(s.line(0), blank);
  EXPECT_EQ(s.line(1).substr(0, 4), "KEPT");
  EXPECT_EQ(s.line(19).substr(0, 1), "Q");
  EXPECT_EQ(s.attribute_at(19, 0), machine::make_attribute(7, 0));
  EXPECT_EQ(s.row(), 2);
}

// COLOR on the terminal's screen: what is printed next shows in those colours (blink
// aside); the page of batch mode keeps GW-BASIC's byte (programs/color_page.bas).
TEST(GwIo, ColorColoursWhatIsPrintedNextOnTheScreen) {
  machine::Machine m;
  machine::Screen& s = screen_after(m, "10 PRINT \"A\";: COLOR 30,1: PRINT \"B\";: COLOR ,2\n");
  EXPECT_EQ(s.attribute_at(0, 0), machine::make_attribute(7, 0));
  EXPECT_EQ(s.attribute_at(0, 1), machine::make_attribute(14, 1));
  EXPECT_EQ(s.attribute(), machine::make_attribute(14, 2));
  EXPECT_EQ(m.text_attribute(), 0x80 | 0x2E);
}

// SCREEN's pages on the terminal's screen: the monitor shows the visual page (what the
// terminal draws, Screen::shown_line) while PRINT, CLS and SCREEN() work on the active one;
// PCOPY copies a page there (the real machine; batch runs keep PC-BASIC 2.0.5's no-op,
// programs/screen_pages_text.bas); WIDTH and a new mode make every page blank.
TEST(GwIo, TheTerminalShowsTheVisualPage) {
  const std::string blank(40, ' ');
  const auto text = [](std::string s) { return s.append(40 - s.size(), ' '); };
  machine::Machine m;
  machine::Screen& s =
      screen_after(m,
                   "10 PRINT \"ON PAGE 0\"\n20 SCREEN 0,1,1,0: PRINT \"ON PAGE 1\": X=SCREEN(2,1)\n"
                   "30 LOCATE 1,1: PRINT CHR$(X)\n");
  EXPECT_EQ(s.shown_line(0), text("ON PAGE 0"));
  EXPECT_EQ(s.shown_line(1), blank);
  EXPECT_EQ(s.line(0), text("O"));  // SCREEN(2,1) read the active page
  EXPECT_EQ(s.line(1), text("ON PAGE 1"));
  screen_after(m, "10 SCREEN 0,1,1,1\n");  // the flip
  EXPECT_EQ(s.shown_line(0), text("O"));
  EXPECT_EQ(s.shown_line(1), text("ON PAGE 1"));
  screen_after(m, "10 SCREEN 0,1,0,0: PCOPY 1,0\n");
  EXPECT_EQ(s.shown_line(1), text("ON PAGE 1"));
  screen_after(m, "10 SCREEN 0,1,2,0: PRINT \"TWO\": PCOPY 2,0\n");
  EXPECT_EQ(s.shown_line(0), blank);        // page 2 copied onto page 0, the one shown
  EXPECT_EQ(s.shown_line(1), text("TWO"));  // the cursor's row, shared by the pages
  screen_after(m, "10 SCREEN 0,1,1,0: WIDTH 80: SCREEN 0,0,1,1\n");
  EXPECT_EQ(s.shown_line(1), blank);  // WIDTH: every page blank, page 0 active and shown
  screen_after(m, "10 PRINT \"ON PAGE 1\": SCREEN 1,0,1,1\n");
  EXPECT_EQ(s.shown_line(0), blank);  // a new mode: every page blank
  EXPECT_EQ(m.active_page(), 1);
}

// CLS 1 clears a graphics viewport; in a text mode it leaves the cursor where it is (PC-BASIC
// 2.0.5 printed " 3 " here).
TEST(GwIo, ClsOneInATextModeDoesNothing) {
  EXPECT_EQ(run("10 PRINT \"AB\";: CLS 1: PRINT POS(0)\n").output, "AB 3 \n");
}

}  // namespace
}  // namespace amazing::basic
