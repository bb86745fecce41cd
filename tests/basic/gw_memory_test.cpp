// GW-BASIC's memory as PC-BASIC has it: 60300 bytes for program, variables and arrays
// (src/basic/FACTS.md, "The pc's memory"). The FRE values are PC-BASIC 2.0.5's.

#include <gtest/gtest.h>

#include <string>

#include "basic/run.hpp"
#include "core/listing_memory.hpp"

namespace amazing::basic {
namespace {

BatchRun run_pc(const std::string& listing, bool gw_memory = true) {
  BatchOptions o;
  o.gw_memory = gw_memory;
  return run_batch(listing, o);
}

TEST(GwMemory, FreeBytesFallAsPcBasicsDo) {
  // An empty program leaves 60300; a one-letter single takes 8, AB% 6, ABC 9, a string
  // variable 7 (a literal's text stays in the program), DIM Q(3,4) 91; reading a variable
  // that was never assigned makes nothing. (PC-BASIC's output for this program.)
  const std::string program =
      "10 PRINT FRE(0)\n20 A=1:PRINT FRE(0)\n30 AB%=1:PRINT FRE(0)\n40 ABC=1:PRINT FRE(0)\n"
      "50 DIM Q(3,4):PRINT FRE(0)\n60 A$=\"X\":PRINT FRE(0)\n80 PRINT Z: PRINT FRE(\"\")\n";
  BatchRun r = run_pc(program);
  EXPECT_EQ(r.output, " 60178 \n 60170 \n 60164 \n 60155 \n 60064 \n 60057 \n 0 \n 60057 \n");
}

// WHILE is stored with a '+' token after it: one byte more than its keyword. ERASE gives an
// array's bytes back. (PC-BASIC's output for these programs.)
TEST(GwMemory, WhileTakesItsPlusTokenAndEraseGivesArraysBack) {
  EXPECT_EQ(run_pc("10 PRINT FRE(0)\n20 WHILE 0:WEND:ERASE A\n").output,
            " 60273 \nIllegal function call in 20\xFF\n");
  EXPECT_EQ(run_pc("10 F=0:DIM A(10),B$(2)\n20 F=FRE(0):ERASE A,B$:PRINT FRE(0)-F\n").output,
            " 71 \n");
  // LET makes F after reading FRE(0): its 8 bytes are not in it.
  EXPECT_EQ(run_pc("10 DIM A(10),B$(2)\n20 F=FRE(0):ERASE A,B$:PRINT FRE(0)-F\n").output, " 63 \n");
}

TEST(GwMemory, ADimThatDoesNotFitIsOutOfMemory) {
  // 60300 - 13 for "10 DIM A(N)" leaves 60287: 9 bytes of record and 4 an element fit up to
  // N = 15068, and GW-BASIC wants more free than it takes.
  EXPECT_EQ(run_pc("10 DIM A(15068)\n").output, "");
  EXPECT_EQ(run_pc("10 DIM A(15069)\n").output, "Out of memory in 10\xFF\n");
  EXPECT_EQ(run_pc("10 DIM A%(30000)\n").output, "");
  EXPECT_EQ(run_pc("10 DIM A%(30200)\n").output, "Out of memory in 10\xFF\n");
}

TEST(GwMemory, ANewVariableAfterTheArraysCanBeOutOfMemory) {
  // The program takes 34 bytes, leaving 60269. DIM A(15059) takes 60249: B takes 8 of the
  // 20 left and C 8 of 12. One element more and C finds 8, which is not more than it needs.
  const std::string line20 = "\n20 B=1:C=1:PRINT \"X\"\n";
  EXPECT_EQ(run_pc("10 DIM A(15059)" + line20).output, "X\n");
  EXPECT_EQ(run_pc("10 DIM A(15060)" + line20).output, "Out of memory in 20\xFF\n");
  EXPECT_EQ(run_pc("10 DIM A(15063)" + line20).output, "Out of memory in 20\xFF\n");
  EXPECT_EQ(run_pc("10 DIM A(15064)" + line20).output, "Out of memory in 10\xFF\n");
}

TEST(GwMemory, ARamSizeOfTheUsersOwnLiftsIt) {
  EXPECT_EQ(run_pc("10 DIM A(20000):PRINT \"OK\"\n", false).output, "OK\n");
  EXPECT_EQ(run_pc("10 DIM A(20000):PRINT \"OK\"\n", true).output, "Out of memory in 10\xFF\n");
}

TEST(GwMemory, TheSeedLineCostsWhatPcBasicsOwnDoes) {
  // oracle.py seeds PC-BASIC with "5 S%=N:RANDOMIZE S%": core's count of its bytes (for the
  // native and Lua engines) is the tokeniser's.
  for (int seed = -32768; seed <= 32767; seed += 251) {
    auto s = static_cast<int16_t>(seed);
    EXPECT_EQ(gw_program_bytes(gw_seed_line(s)) - kGwEmptyProgramBytes,
              core::gw_seed_line_bytes(s))
        << seed;
  }
  for (int seed : {0, 9, 10, 255, 256, 32767, -1, -9, -10, -255, -256, -32767, -32768}) {
    auto s = static_cast<int16_t>(seed);
    EXPECT_EQ(gw_program_bytes(gw_seed_line(s)) - kGwEmptyProgramBytes,
              core::gw_seed_line_bytes(s))
        << seed;
  }
}

}  // namespace
}  // namespace amazing::basic
