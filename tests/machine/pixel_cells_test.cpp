// The graphics screen as the terminal's Braille cells (machine/pixel_cells.hpp).
#include "machine/pixel_cells.hpp"

#include <gtest/gtest.h>

namespace amazing::machine {
namespace {

TEST(PixelCells, AFullCellLightsEveryDot) {
  Graphics g;
  g.set_mode(1);
  g.fill_box(8, 0, 15, 7, 3);  // the cell at row 0, column 1
  EXPECT_EQ(pixel_cell(g, 0, 1), (PixelCell{U'\u28FF', 15}));
  EXPECT_FALSE(pixel_cell(g, 0, 0).lit());
  EXPECT_FALSE(pixel_cell(g, 0, 2).lit());
  EXPECT_FALSE(pixel_cell(g, 1, 1).lit());
}

TEST(PixelCells, AnEmptyCellIsBlank) {
  Graphics g;
  g.set_mode(7);
  EXPECT_EQ(pixel_cell(g, 12, 20), (PixelCell{kBrailleBlank, 0}));
  EXPECT_EQ(pixel_cell(g, 24, 39), PixelCell{});
}

TEST(PixelCells, OnePixelLightsTheDotOfItsBlock) {
  Graphics g;
  g.set_mode(1);
  g.plot(0, 0, 1);
  EXPECT_EQ(pixel_cell(g, 0, 0).glyph, U'\u2801');  // dot 1: top left
  g.set_mode(2);
  g.plot(1, 1, 1);
  EXPECT_EQ(pixel_cell(g, 0, 0).glyph, U'\u2801');
  // SCREEN 1's 8x8 cell: blocks of 4x2.
  g.set_mode(1);
  g.plot(4, 0, 1);
  EXPECT_EQ(pixel_cell(g, 0, 0).glyph, U'\u2808');  // dot 4: top right
  g.plot(3, 2, 1);
  EXPECT_EQ(pixel_cell(g, 0, 0).glyph, U'\u280A');  // and dot 2
  g.plot(7, 7, 1);
  EXPECT_EQ(pixel_cell(g, 0, 0).glyph, U'\u288A');  // and dot 8: bottom right
  g.plot(0, 6, 1);
  EXPECT_EQ(pixel_cell(g, 0, 0).glyph, U'\u28CA');  // and dot 7: bottom left
  g.plot(39 * 8 + 1, 24 * 8 + 4, 2);                // the last cell's dot 3
  EXPECT_EQ(pixel_cell(g, 24, 39).glyph, U'\u2804');
}

TEST(PixelCells, EightyColumnModesPutTwoTextColumnsInACell) {
  Graphics g;
  g.set_mode(2);  // 640x200: a cell is 16x8
  g.plot(15, 0, 1);
  EXPECT_EQ(pixel_cell(g, 0, 0).glyph, U'\u2808');  // its right half's top
  g.plot(16, 0, 1);
  EXPECT_EQ(pixel_cell(g, 0, 1).glyph, U'\u2801');  // the next cell's left
  g.plot(639, 199, 1);
  EXPECT_EQ(pixel_cell(g, 24, 39).glyph, U'\u2880');
  g.set_mode(9);  // 640x350: 16x14, dot rows of 4, 3, 4 and 3 pixels
  g.plot(0, 3, 1);
  EXPECT_EQ(pixel_cell(g, 0, 0).glyph, U'\u2801');
  g.plot(0, 4, 1);
  EXPECT_EQ(pixel_cell(g, 0, 0).glyph, U'\u2803');
  g.plot(8, 13, 1);
  EXPECT_EQ(pixel_cell(g, 0, 0).glyph, U'\u2883');
  g.plot(0, 14, 1);
  EXPECT_EQ(pixel_cell(g, 1, 0).glyph, U'\u2801');
  g.plot(639, 349, 1);
  EXPECT_EQ(pixel_cell(g, 24, 39).glyph, U'\u2880');
}

TEST(PixelCells, TheCellTakesItsMostFrequentColour) {
  Graphics g;
  g.set_mode(7);
  g.line(0, 0, 2, 0, 4, 0xFFFF);  // 3 pixels red
  g.line(0, 7, 1, 7, 9, 0xFFFF);  // 2 light blue
  EXPECT_EQ(pixel_cell(g, 0, 0).colour, 4);
  g.plot(2, 7, 9);
  g.plot(3, 7, 9);
  EXPECT_EQ(pixel_cell(g, 0, 0).colour, 9);
  g.plot(2, 0, 0);  // 2 red and 2 light blue: a tie, the lower colour
  g.plot(3, 7, 0);
  g.plot(2, 7, 0);
  EXPECT_EQ(pixel_cell(g, 0, 0).colour, 4);
}

TEST(PixelCells, ColoursAreTheModesDefaultPalette) {
  Graphics g;
  g.set_mode(1);
  for (int c = 1; c <= 3; ++c) g.plot(8 * c, 0, c);
  EXPECT_EQ(pixel_cell(g, 0, 1).colour, 11);  // light cyan
  EXPECT_EQ(pixel_cell(g, 0, 2).colour, 13);  // light magenta
  EXPECT_EQ(pixel_cell(g, 0, 3).colour, 15);  // bright white
  g.set_mode(2);
  g.plot(0, 0, 1);
  EXPECT_EQ(pixel_cell(g, 0, 0).colour, 15);
  g.set_mode(8);
  g.plot(0, 0, 14);
  EXPECT_EQ(pixel_cell(g, 0, 0).colour, 14);
  EXPECT_EQ(g.palette().shown(5), 5);
  g.set_mode(1);
  EXPECT_EQ(g.palette().shown(200), 15);  // held to the palette, never past it
}

TEST(PixelCells, ColoursAreThePalettes) {
  Graphics g;
  g.set_mode(1);
  g.plot(0, 0, 3);
  g.plot(8, 0, 1);
  const uint64_t drawn = g.version();
  g.palette().set_cga(0, 1);      // COLOR 1,0: green, red, yellow
  EXPECT_NE(g.version(), drawn);  // a viewer redraws
  EXPECT_EQ(pixel_cell(g, 0, 0).colour, 14);
  EXPECT_EQ(pixel_cell(g, 0, 1).colour, 10);
  g.palette().set(3, 4);  // PALETTE 3,4: red
  EXPECT_EQ(pixel_cell(g, 0, 0).colour, 4);
  g.set_mode(9);
  g.plot(0, 0, 2);
  g.palette().set(2, 60);  // EGA 60: light red
  EXPECT_EQ(pixel_cell(g, 0, 0).colour, 12);
  g.palette().set(2, 20);  // EGA 20: the CGA's brown
  EXPECT_EQ(pixel_cell(g, 0, 0).colour, 6);
}

TEST(PixelCells, TheTextScreenAndCellsOffTheGridAreBlank) {
  Graphics g;
  EXPECT_FALSE(pixel_cell(g, 0, 0).lit());
  g.set_mode(1);
  g.fill_box(0, 0, 319, 199, 3);
  EXPECT_TRUE(pixel_cell(g, 0, 0).lit());
  EXPECT_FALSE(pixel_cell(g, -1, 0).lit());
  EXPECT_FALSE(pixel_cell(g, 25, 0).lit());
  EXPECT_FALSE(pixel_cell(g, 0, 40).lit());
}

TEST(PixelCells, PlainAsciiForTerminalsWithoutUnicode) {
  EXPECT_EQ(ascii_cell(kBrailleBlank), ' ');
  EXPECT_EQ(ascii_cell(U'\u28FF'), '#');
  EXPECT_EQ(ascii_cell(U'\u2847'), '|');  // the left column
  EXPECT_EQ(ascii_cell(U'\u28B8'), '|');  // the right column
  EXPECT_EQ(ascii_cell(U'\u2809'), '-');  // the top row
  EXPECT_EQ(ascii_cell(U'\u2880'), '.');  // one dot
  EXPECT_EQ(ascii_cell(U'\u2811'), '+');  // a diagonal
  EXPECT_EQ(ascii_cell(U'A'), ' ');
}

TEST(PixelCells, TheVersionMovesWithEveryPixelChanged) {
  Graphics g;
  g.set_mode(1);
  uint64_t v = g.version();
  g.plot(1, 1, 3);
  EXPECT_NE(g.version(), v);
  v = g.version();
  g.plot(1, 1, 3);  // no change
  EXPECT_EQ(g.version(), v);
  g.plot(400, 1, 3);  // off the screen
  EXPECT_EQ(g.version(), v);
  g.clear();
  EXPECT_NE(g.version(), v);
  v = g.version();
  g.clear_rows(0, 7);
  EXPECT_NE(g.version(), v);
  v = g.version();
  g.set_mode(0);
  EXPECT_NE(g.version(), v);
}

}  // namespace
}  // namespace amazing::machine
