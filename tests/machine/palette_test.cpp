// The pc's palette (machine/palette.hpp): each mode's attributes, colours and defaults as
// PC-BASIC 2.0.5's VGA colour maps give them, and the EGA's 64 colours as the nearest of the
// 16 a terminal shows.
#include "machine/palette.hpp"

#include <gtest/gtest.h>

#include "machine/charset.hpp"

namespace amazing::machine {
namespace {

TEST(Palette, EachModeHasItsAttributesColoursAndDefaults) {
  Palette p;  // the text screen
  EXPECT_EQ(p.attributes(), 16);
  EXPECT_EQ(p.colours(), 64);
  EXPECT_EQ(p.at(6), 20);
  EXPECT_EQ(p.at(8), 56);
  for (int a = 0; a < 16; ++a) EXPECT_EQ(p.shown(a), a) << a;  // the 16 text colours
  p.set_mode(1);
  EXPECT_EQ(p.attributes(), 4);
  EXPECT_EQ(p.colours(), 16);
  EXPECT_EQ(p.at(1), 11);
  EXPECT_EQ(p.at(3), 15);
  p.set_mode(2);
  EXPECT_EQ(p.attributes(), 2);
  EXPECT_EQ(p.at(1), 15);
  p.set_mode(7);
  EXPECT_EQ(p.colours(), 16);
  EXPECT_EQ(p.at(6), 6);
  p.set_mode(9);
  EXPECT_EQ(p.colours(), 64);
  EXPECT_EQ(p.at(15), 63);
  EXPECT_FALSE(p.changed());
}

TEST(Palette, ScreenOnesPaletteNumberSurvivesAResetNotANewMode) {
  Palette p;
  p.set_mode(1);
  p.set_cga(0, 17);  // COLOR 17,0: the background's low four bits
  EXPECT_EQ(p.at(0), 1);
  EXPECT_EQ(p.at(1), 10);
  EXPECT_EQ(p.at(3), 14);
  EXPECT_TRUE(p.changed());
  p.reset();  // PALETTE alone, or SCREEN 1 again: palette 0's defaults
  EXPECT_EQ(p.at(0), 0);
  EXPECT_EQ(p.at(2), 12);
  p.set_mode(1);  // a new mode: palette 1
  EXPECT_EQ(p.at(2), 13);
  EXPECT_FALSE(p.changed());
}

TEST(Palette, SetChangesOneEntryAndResetBringsTheDefaultsBack) {
  Palette p;
  p.set(1, 60);
  EXPECT_EQ(p.at(1), 60);
  EXPECT_EQ(p.shown(1), 12);  // light red
  EXPECT_TRUE(p.changed());
  const uint64_t v = p.version();
  p.reset();
  EXPECT_NE(p.version(), v);
  EXPECT_EQ(p.at(1), 1);
  EXPECT_FALSE(p.changed());
  p.set(16, 3);  // no such attribute: nothing
  EXPECT_FALSE(p.changed());
}

TEST(Palette, EgaColoursAsTheNearestPcColour) {
  EXPECT_EQ(pc_colour_of_ega(0), 0);
  EXPECT_EQ(pc_colour_of_ega(7), 7);
  EXPECT_EQ(pc_colour_of_ega(20), 6);      // brown
  EXPECT_EQ(pc_colour_of_ega(6), 6);       // dark yellow: brown is the nearest
  EXPECT_EQ(pc_colour_of_ega(56), 8);      // dark grey
  EXPECT_EQ(pc_colour_of_ega(63), 15);     // white
  EXPECT_EQ(pc_colour_of_ega(36), 4);      // pure red at full strength: red is nearest
  EXPECT_EQ(pc_colour_of_ega(8), 0);       // blue at 1/3: black is nearer than blue
  EXPECT_EQ(pc_colour_of_ega(64 + 7), 7);  // only the low six bits count
}

}  // namespace
}  // namespace amazing::machine
