// The graphics statements' bounds and the cases PC-BASIC 2.0.5 cannot judge (it fails or
// runs for good on them): src/basic/gw_graphics.hpp, FACTS.md "Devices". The pixels
// themselves are judged by the recorded programs/graphics_*.bas.

#include <gtest/gtest.h>

#include <string>

#include "basic/run.hpp"

namespace amazing::basic {
namespace {

BatchRun run_pc(const std::string& listing) {
  BatchOptions o;
  o.max_steps = 1'000'000;
  return run_batch(listing, o);
}

TEST(GwGraphics, ADrawTextThatSplicesItselfStopsWithOutOfMemory) {
  // PC-BASIC recurses until Python gives up; here 4096 splices, then Out of memory.
  BatchRun r = run_pc("10 SCREEN 1: B$=\"R1XB$;\": DRAW B$\n20 PRINT \"not here\"\n");
  EXPECT_EQ(r.output, "Out of memory in 10\xFF\n");
}

TEST(GwGraphics, ADrawNumberFromAStringIsTypeMismatch) {
  // PC-BASIC fails with a Python error on R=Q$;.
  BatchRun r = run_pc("10 SCREEN 1: DRAW \"R=Q$;\"\n");
  EXPECT_EQ(r.output, "Type mismatch in 10\xFF\n");
}

TEST(GwGraphics, BigFillsAndShapesEnd) {
  // The whole SCREEN 9 painted, a circle of the largest radius, a line far off: bounded.
  BatchRun r = run_pc(
      "10 SCREEN 9: PAINT (1,1),4: LINE (-32768,-32768)-(32767,32767),2\n"
      "20 CIRCLE (320,175),32767,1,,,-1E+30: CIRCLE (320,175),32767,3,,,1\n"
      "30 DRAW \"S255 R99999 D99999 L99999 U99999\": PRINT POINT(639,0);POINT(0,0)\n");
  EXPECT_EQ(r.output, " 4  2 \n");
}

TEST(GwGraphics, TheTextScreenRefusesThemWhateverFollows) {
  BatchRun r = run_pc(
      "10 ON ERROR GOTO 90\n20 PSET (1,1) X\n30 DRAW\n40 END\n"
      "90 PRINT ERR;: RESUME NEXT\n");
  EXPECT_EQ(r.output, " 5  5 ");
  r = run_pc(
      "10 ON ERROR GOTO 90\n15 SCREEN 2\n20 PSET (1,1) X\n30 DRAW\n40 END\n"
      "90 PRINT ERR;: RESUME NEXT\n");
  EXPECT_EQ(r.output, " 2  22 ");
}

}  // namespace
}  // namespace amazing::basic
