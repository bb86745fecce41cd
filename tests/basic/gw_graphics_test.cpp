// The graphics statements' bounds and the cases PC-BASIC 2.0.5 cannot judge (it fails or
// runs for good on them): src/basic/gw_graphics.hpp, FACTS.md "Devices". The pixels
// themselves are judged by the recorded programs/graphics_*.bas.

#include <gtest/gtest.h>

#include <string>

#include "basic/interpreter.hpp"
#include "basic/run.hpp"
#include "machine/machine.hpp"

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

// The palette a program leaves (what the terminal shows; stdout shows only the errors:
// programs/screen_palette.bas).
const machine::Palette& palette_after(machine::Machine& m, std::string_view text) {
  Program program = std::move(parse_program(text, Dialect::kPc)).value();
  Interpreter basic(program, m, Dialect::kPc);
  RunOptions o;
  o.max_steps = 100'000;
  EXPECT_EQ(basic.run(o).outcome, Outcome::kEnded);
  return m.graphics().palette();
}

TEST(GwGraphics, PaletteSetsAnEntryAndAloneTheDefaults) {
  machine::Machine m;
  const machine::Palette& p = palette_after(m, "10 PALETTE 1,60: PALETTE 2,256: PALETTE 3,255\n");
  EXPECT_EQ(p.at(1), 60);
  EXPECT_EQ(p.at(2), 0);  // 256 is 0
  EXPECT_EQ(p.at(3), 3);  // 255 is -1: as it was
  palette_after(m, "10 PALETTE\n");
  EXPECT_EQ(p.at(1), 1);
  EXPECT_EQ(p.at(2), 2);
}

TEST(GwGraphics, ColorInScreenOneChoosesItsPaletteAndBackground) {
  machine::Machine m;
  const machine::Palette& p = palette_after(m, "10 SCREEN 1: COLOR 17,0\n");
  EXPECT_EQ(p.at(0), 1);
  EXPECT_EQ(p.at(3), 14);             // palette 0: yellow
  palette_after(m, "10 COLOR ,3\n");  // palette 1 (the number's lowest bit)
  EXPECT_EQ(p.at(0), 1);
  EXPECT_EQ(p.at(3), 15);
  palette_after(m, "10 COLOR 2,0,1: PALETTE 1,4\n");  // a third argument replaces the second
  EXPECT_EQ(p.at(0), 2);
  EXPECT_EQ(p.at(1), 4);
  EXPECT_EQ(p.at(2), 13);
  palette_after(m, "10 SCREEN 1: COLOR ,0: SCREEN 1\n");  // SCREEN resets: palette 0 kept
  EXPECT_EQ(p.at(0), 0);
  EXPECT_EQ(p.at(1), 10);
}

TEST(GwGraphics, ColorsBackgroundIsAttributeZerosColour) {
  machine::Machine m;
  const machine::Palette& p = palette_after(m, "10 SCREEN 7: COLOR 4,12\n");
  EXPECT_EQ(p.at(0), 4);  // SCREEN 7 and 8: the low three bits
  EXPECT_EQ(m.graphics().foreground(), 4);
  EXPECT_EQ(m.text_attribute(), 4);  // text prints in the foreground too
  palette_after(m, "10 SCREEN 9: COLOR 14,60\n");
  EXPECT_EQ(p.at(0), 60);  // SCREEN 9: all 64
  EXPECT_EQ(p.shown(0), 12);
  palette_after(m, "10 SCREEN 0\n");  // a new mode: its own defaults
  EXPECT_EQ(p.at(0), 0);
  EXPECT_EQ(p.at(6), 20);
}

TEST(GwGraphics, PaletteUsingSetsAnEntryForEachAttribute) {
  machine::Machine m;
  const machine::Palette& p = palette_after(
      m, "10 SCREEN 1: DIM A%(5): A%(1)=1: A%(2)=-1: A%(3)=2: A%(4)=9: PALETTE USING A%(1)\n");
  EXPECT_EQ(p.at(0), 1);
  EXPECT_EQ(p.at(1), 11);  // -1: as it was
  EXPECT_EQ(p.at(2), 2);
  EXPECT_EQ(p.at(3), 9);
}

}  // namespace
}  // namespace amazing::basic
