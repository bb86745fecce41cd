// The pc's input and output statements where PC-BASIC cannot be recorded headless
// (src/basic/gw_io.hpp; the recorded ones are tests/basic/programs/gwio*.bas): INPUT$,
// which PC-BASIC only reads from a keyboard, and LPRINT, which goes to the host printer.

#include <gtest/gtest.h>

#include "basic/run.hpp"

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

}  // namespace
}  // namespace amazing::basic
