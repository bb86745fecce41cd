// The emulated clock (clock.hpp): our own small timing programs, each a loop of one kind
// of work, timed with the machine's own clock (TI on the c64, TIMER on the pc) and held
// against the rates bench64 publishes for an NTSC C64 (each of its tests runs 60 s there)
// and the IBM PC 5150's overall index of 140 (FACTS.md, "The emulated clock").
#include <gtest/gtest.h>

#include <cmath>
#include <regex>
#include <string>

#include "basic/clock.hpp"
#include "basic/run.hpp"

namespace amazing::basic {
namespace {

// The first number the program printed.
double first_number(const std::string& output) {
  std::smatch m;
  if (!std::regex_search(output, m, std::regex(R"(-?[0-9]+(\.[0-9]+)?)"))) return -1;
  return std::stod(m.str());
}

BatchRun run(const std::string& program, Dialect dialect) {
  BatchOptions o;
  o.dialect = dialect;
  o.max_steps = 50'000'000;
  BatchRun r = run_batch(program, o);
  EXPECT_TRUE(r.parsed) << r.load_error;
  EXPECT_EQ(r.result.outcome, Outcome::kEnded) << r.output;
  return r;
}

// A loop of `body` run `count` times on the c64, timed in jiffies (60 a second).
double c64_jiffies(const std::string& setup, int count, const std::string& body) {
  std::string p = "10 " + setup + "\n20 T0=TI\n30 FOR N=1 TO " + std::to_string(count) + "\n" +
                  body + "NEXT N\n900 PRINT TI-T0\n";
  return first_number(run(p, Dialect::kC64).output);
}

struct Kind {
  const char* name;
  double per_second;  // bench64's rate on an NTSC C64
  const char* setup;
  const char* body;  // lines between the FOR and the NEXT, the NEXT's line number last
};

// The kinds of loop bench64 times, written our own way.
const Kind kKinds[] = {
    {"for", 674.5, "A=0", "40 "},
    {"goto", 442.3, "A=0", "40 GOTO 50\n50 "},
    {"gosub", 350.8, "GOTO 20\n15 RETURN", "40 GOSUB 15\n50 "},
    {"if", 242.9, "A=0", "40 IF N>0 THEN "},
    {"fn", 60.7, "DEF FNQ(V)=2+V-INT(V/10)*10", "40 Z=FNQ(N)\n50 "},
    {"maths", 6.4, "W=1", "40 W=(TAN(ATN(SQR(W*W)))+1)/W\n50 "},
    {"string", 82.2, "S$=\"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ\"",
     "40 S$=RIGHT$(S$,35)+LEFT$(S$,1)\n50 "},
    {"array", 27.9, "DIM B(13):DEF FNQ(V)=2+V-INT(V/10)*10",
     "40 Z=FNQ(N)\n45 B(Z)=(B(Z-1)+B(Z)+B(Z+1))/3\n50 "},
};

// One emulated second of each kind of loop takes one second (60 jiffies) +/- 10%.
TEST(Clock, C64LoopsRunAtTheNtscC64sPace) {
  for (const Kind& k : kKinds) {
    int count = static_cast<int>(std::lround(k.per_second * 10));  // ten seconds' worth
    double jiffies = c64_jiffies(k.setup, count, k.body);
    EXPECT_NEAR(jiffies, 600, 60) << k.name;
  }
}

// The pc runs the same loops as a whole 1.4 times as fast as the C64 (+/- 0.2).
TEST(Clock, PcIsTheIbmPc5150sPaceOverall) {
  double c64 = 0, pc = 0;
  for (const Kind& k : kKinds) {
    int count = static_cast<int>(std::lround(k.per_second * 10));
    std::string body = k.body;
    std::string p = "10 " + std::string(k.setup) + "\n20 T0=TIMER\n30 FOR N=1 TO " +
                    std::to_string(count) + "\n" + body + "NEXT N\n900 PRINT TIMER-T0\n";
    pc += first_number(run(p, Dialect::kPc).output);
    c64 += c64_jiffies(k.setup, count, k.body) / 60;
  }
  EXPECT_NEAR(c64 / pc, 1.4, 0.2) << "c64 " << c64 << " s, pc " << pc << " s";
}

TEST(Clock, PowerOnIsMidnight) {
  EXPECT_EQ(run("10 PRINT TI$\n", Dialect::kC64).output, "000000\n");
  EXPECT_EQ(run("10 PRINT TIMER\n", Dialect::kPc).output, " 0 \n");
  // TIME reads as TI on the C64 (two characters tell names apart).
  EXPECT_EQ(first_number(run("10 PRINT TIME\n", Dialect::kC64).output), 0);
}

TEST(Clock, C64TimeCanBeSet) {
  BatchRun r = run("10 TI$=\"123456\":PRINT TI$:PRINT TI\n", Dialect::kC64);
  EXPECT_EQ(r.output.substr(0, 7), "123456\n");
  double jiffies = ((12 * 60 + 34) * 60 + 56) * 60.0;
  EXPECT_NEAR(first_number(r.output.substr(7)), jiffies, 2);
  BatchOptions o;
  o.dialect = Dialect::kC64;
  EXPECT_NE(run_batch("10 TI$=\"1234\"\n", o).output.find("?ILLEGAL QUANTITY"), std::string::npos);
  EXPECT_NE(run_batch("10 TI$=\"250000\"\n", o).output.find("?ILLEGAL QUANTITY"),
            std::string::npos);
  EXPECT_NE(run_batch("10 TI=5\n", o).output.find("?SYNTAX"), std::string::npos);
}

// TI% and arrays named TI stay variables.
TEST(Clock, C64TiPercentIsAVariable) {
  EXPECT_EQ(first_number(run("10 TI%=7:PRINT TI%\n", Dialect::kC64).output), 7);
}

TEST(Clock, TextsAndWrap) {
  EmulatedClock c(*machine::describe(Dialect::kC64).costs);
  c.cycles = uint64_t{c.cpu_hz()} * (3600 + 61);
  EXPECT_EQ(c.c64_time_text(), "010101");
  EXPECT_EQ(c.pc_time_text(), "01:01:01");
  EXPECT_EQ(c.jiffies(), (3600u + 61) * 60);
  c.cycles += uint64_t{c.cpu_hz()} * 86400;  // a day later: the same time of day
  EXPECT_EQ(c.c64_time_text(), "010101");
  EmulatedClock pc(*machine::describe(Dialect::kPc).costs);
  pc.cycles = pc.cpu_hz() / 20 * 3 + 5;  // TIMER moves in steps of 1/20 s
  EXPECT_FLOAT_EQ(pc.timer(), 0.15f);
}

// The run's result carries the clock; the same program costs the same every time.
TEST(Clock, RunsAreReproducible) {
  BatchRun a = run("10 FOR I=1 TO 100:A=A+I:NEXT\n", Dialect::kC64);
  BatchRun b = run("10 FOR I=1 TO 100:A=A+I:NEXT\n", Dialect::kC64);
  EXPECT_GT(a.result.cycles, 0u);
  EXPECT_EQ(a.result.cycles, b.result.cycles);
}

}  // namespace
}  // namespace amazing::basic
