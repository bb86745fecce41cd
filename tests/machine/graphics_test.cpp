// The pc's graphics screen (machine/graphics.hpp): the pixels PC-BASIC 2.0.5 draws, as
// its runs of tests/basic/programs/graphics_*.bas show them.
#include "machine/graphics.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace amazing::machine {
namespace {

// Rows y0..y1 of columns 0..w-1 as digits, '/' between rows.
std::string dump(const Graphics& g, int w, int y0, int y1) {
  std::string out;
  for (int y = y0; y <= y1; ++y) {
    for (int x = 0; x < w; ++x) out += static_cast<char>('0' + g.pixel(x, y));
    out += '/';
  }
  return out;
}

TEST(Graphics, ModesHaveTheirSizesAndAClearPlane) {
  Graphics g;
  EXPECT_TRUE(g.text());
  g.set_mode(1);
  EXPECT_EQ(g.width(), 320);
  EXPECT_EQ(g.height(), 200);
  EXPECT_EQ(g.last(), (std::pair<int, int>{160, 100}));  // one past half the span
  g.plot(1, 1, 3);
  g.set_mode(1);  // the same mode starts afresh too
  EXPECT_EQ(g.pixel(1, 1), 0);
  g.plot(1, 1, 3);
  g.set_mode(9);
  EXPECT_EQ(g.height(), 350);
  EXPECT_EQ(g.pixel(1, 1), 0);
  EXPECT_EQ(g.pixel(640, 0), -1);
  g.set_mode(0);
  EXPECT_TRUE(g.text());
  EXPECT_EQ(graphics_mode(3), nullptr);
}

TEST(Graphics, ColoursAreCutToTheMode) {
  Graphics g;
  g.set_mode(1);
  EXPECT_EQ(g.colour(-1), 3);
  EXPECT_EQ(g.colour(0), 0);
  EXPECT_EQ(g.colour(5), 3);
  g.set_mode(2);
  EXPECT_EQ(g.colour(-1), 1);
  EXPECT_EQ(g.colour(7), 1);
}

TEST(Graphics, LinesAreDrawnFromTheirTopEnd) {
  Graphics g;
  g.set_mode(1);
  g.line(0, 0, 20, 5, 3, 0xFFFF);  // PC-BASIC: POINT(4,1) is 0, the run steps at 2.5
  EXPECT_EQ(dump(g, 22, 0, 5),
            "3330000000000000000000/0003333000000000000000/0000000333300000000000/"
            "0000000000033330000000/0000000000000003333000/0000000000000000000330/");
  g.clear();
  // From (25,15) up to (12,20): the style starts at the top end.
  g.line(12, 20, 25, 15, 3, 0xF0F0);
  EXPECT_EQ(g.pixel(25, 15), 3);
  EXPECT_EQ(g.pixel(24, 15), 3);
  EXPECT_EQ(g.pixel(21, 16), 0);
}

TEST(Graphics, BoxesAndStyles) {
  Graphics g;
  g.set_mode(1);
  g.box(2, 1, 6, 4, 1, 0xFFFF);
  g.fill_box(3, 2, 5, 3, 2);
  EXPECT_EQ(dump(g, 8, 0, 5), "00000000/00111110/00122210/00122210/00111110/00000000/");
  g.clear();
  g.line(0, 0, 9, 0, 3, 0xAAAA);  // at one height from its second end
  EXPECT_EQ(dump(g, 10, 0, 0), "0303030303/");
}

TEST(Graphics, FarPointsAreCutOffOnePixelPastTheScreen) {
  Graphics g;
  g.set_mode(1);
  g.line(-1000, 100, 1000, 100, 3, 0xFFFF);
  EXPECT_EQ(g.pixel(0, 100), 3);
  EXPECT_EQ(g.pixel(319, 100), 3);
  g.line(-5, -5, 5, 5, 2, 0xFFFF);
  EXPECT_EQ(g.pixel(0, 0), 2);
  EXPECT_EQ(g.pixel(5, 5), 2);
}

TEST(Graphics, ViewportsMoveAndClip) {
  Graphics g;
  g.set_mode(1);
  g.set_view({20, 15, 5, 5}, false);  // corners in any order
  EXPECT_EQ(g.last(), (std::pair<int, int>{8, 6}));
  g.plot(0, 0, 2);
  g.plot(-1, 0, 2);  // outside the viewport: not drawn
  EXPECT_EQ(g.pixel(0, 0), 2);
  g.unset_view();
  EXPECT_EQ(g.pixel(5, 5), 2);
  EXPECT_EQ(g.pixel(4, 5), 0);
  g.set_view({25, 5, 35, 20}, true);
  g.plot(24, 6, 1);
  g.plot(26, 6, 1);
  EXPECT_EQ(g.pixel(24, 6), 0);
  EXPECT_EQ(g.pixel(26, 6), 1);
  EXPECT_EQ(g.last(), (std::pair<int, int>{31, 13}));
}

TEST(Graphics, WindowsRoundHalvesToEven) {
  Graphics g;
  g.set_mode(1);
  EXPECT_EQ(g.physical(3.5, 2.5, false), (std::pair<int, int>{4, 2}));
  EXPECT_EQ(g.physical(-0.5, 4.5, false), (std::pair<int, int>{0, 4}));
  EXPECT_EQ(g.physical(40000, 0, false), std::nullopt);
  g.set_window(0, 0, 100, 100, true);  // y upwards: 0 at the bottom
  EXPECT_EQ(g.physical(50, 50, false), (std::pair<int, int>{160, 100}));
  EXPECT_EQ(g.physical(0, 0, false), (std::pair<int, int>{0, 199}));
  auto [x, y] = g.logical(160, 100);
  EXPECT_NEAR(x, 50.15674, 1e-4);
  EXPECT_NEAR(y, 49.74874, 1e-4);
  g.set_view({100, 100, 199, 149}, false);  // the window follows the viewport
  EXPECT_EQ(g.physical(100, 0, false), (std::pair<int, int>{99, 49}));
}

TEST(Graphics, PaintFillsUpToTheBorderAndStopsOnRunsAlreadyPainted) {
  Graphics g;
  g.set_mode(1);
  g.box(0, 0, 6, 4, 3, 0xFFFF);
  g.line(3, 0, 3, 2, 3, 0xFFFF);
  EXPECT_TRUE(g.paint(1, 1, 1, 3));
  EXPECT_EQ(dump(g, 8, 0, 4), "33333330/31131130/31131130/31111130/33333330/");
  EXPECT_EQ(g.pixel(7, 1), 0);       // outside the border
  EXPECT_TRUE(g.paint(3, 0, 2, 3));  // on the border: nothing
  EXPECT_EQ(g.pixel(3, 0), 3);
  // A whole screen fills, bounded (no stack of its own to overflow).
  g.set_mode(9);
  EXPECT_TRUE(g.paint(320, 175, 5, 15));
  EXPECT_EQ(g.pixel(639, 349), 5);
}

TEST(Graphics, TilesAreReadAsTheModeKeepsPixels) {
  Graphics g;
  EXPECT_TRUE(g.tile("\x1b").rows.empty());  // the text screen has no pixels
  EXPECT_TRUE(g.paint(0, 0, g.tile("\x1b"), 3));
  g.set_mode(1);  // a byte a row, 4 pixels of 2 bits from the high ones
  Graphics::PaintTile t = g.tile("\x1b\xe4");
  EXPECT_EQ(t.width, 4);
  EXPECT_EQ(t.rows, (std::vector<uint8_t>{0, 1, 2, 3, 3, 2, 1, 0}));
  EXPECT_EQ(t.at(5, 3), 2);  // laid over the plane from (0,0)
  g.set_mode(2);             // a byte a row, 8 pixels of 1 bit
  EXPECT_EQ(g.tile("\xa5").rows, (std::vector<uint8_t>{1, 0, 1, 0, 0, 1, 0, 1}));
  g.set_mode(7);  // four bytes a row: bit 0 to bit 3; a short last row padded with 0
  t = g.tile(std::string("\xf0\x3c\x0f\x81\x18", 5));
  EXPECT_EQ(t.height(), 2);
  EXPECT_EQ(t.rows, (std::vector<uint8_t>{9, 1, 3, 3, 6, 6, 4, 12,  //
                                          0, 0, 0, 1, 1, 0, 0, 0}));
  EXPECT_FALSE(Graphics::solid_tile(3).rows.empty());
  EXPECT_TRUE(Graphics::solid_tile(3).solid);
}

TEST(Graphics, TileClashesWithTheBackgroundInThreeRowsInARow) {
  Graphics g;
  g.set_mode(1);
  const Graphics::PaintTile back = g.tile("\x01\x05");  // only its first row counts
  EXPECT_TRUE(Graphics::tile_clashes(g.tile("\x01"), back));
  EXPECT_FALSE(Graphics::tile_clashes(g.tile("\x01\x01\x02"), back));
  EXPECT_TRUE(Graphics::tile_clashes(g.tile("\x02\x01\x01\x01"), back));
  EXPECT_FALSE(Graphics::tile_clashes(g.tile("\x01\x01\x02\x01\x01"), back));
  EXPECT_TRUE(Graphics::tile_clashes(g.tile("\x01\x01"), back));  // all its rows
  g.set_mode(7);  // rows of four bytes; three bytes are padded with a 0
  EXPECT_TRUE(
      Graphics::tile_clashes(g.tile("\x01\x02\x03"), g.tile(std::string("\x01\x02\x03\x00", 4))));
  EXPECT_FALSE(Graphics::tile_clashes(g.tile("\x01\x02\x03"), g.tile("\x01\x02\x03\x09")));
}

TEST(Graphics, PaintLaysATileAndStopsOnRunsShowingIt) {
  Graphics g;
  g.set_mode(1);
  g.box(0, 0, 9, 5, 3, 0xFFFF);
  const Graphics::PaintTile t = g.tile("\x1b\xe4");
  g.set_attr(1);
  EXPECT_TRUE(g.paint(1, 1, t, 3));
  EXPECT_EQ(dump(g, 10, 0, 5),
            "3333333333/3210321033/3123012303/3210321033/3123012303/3333333333/");
  EXPECT_EQ(g.attr(), 3);  // the foreground
  // A run showing its row of the tile is not entered: the row beyond it stays.
  g.line(1, 2, 8, 2, 1, 0xFFFF);
  g.plot(5, 4, 0);
  EXPECT_TRUE(g.paint(4, 2, t, 3));
  EXPECT_EQ(dump(g, 10, 2, 4), "3123012303/3210321033/3123002303/");
  // Unless that row is all 0: a tiled fill goes through it.
  g.set_mode(1);
  g.box(0, 0, 9, 5, 3, 0xFFFF);
  const Graphics::PaintTile z = g.tile(std::string("\x1b\x00", 2));
  EXPECT_TRUE(g.paint(1, 1, z, 3));
  g.line(1, 2, 8, 2, 1, 0xFFFF);
  g.plot(4, 4, 2);
  EXPECT_TRUE(g.paint(4, 2, z, 3));
  EXPECT_EQ(dump(g, 10, 2, 4), "3123012303/3000000003/3123012303/");
  // In a viewport the tile starts at the viewport's corner.
  g.set_mode(1);
  g.set_view({3, 3, 8, 5}, false);
  EXPECT_TRUE(g.paint(0, 0, t, 3));
  EXPECT_EQ(g.pixel(0, 0), 0);
  EXPECT_EQ(g.pixel(1, 1), 2);
}

TEST(Graphics, PaintGoesOverTheBackgroundTilesFirstRow) {
  Graphics g;
  const Graphics::PaintTile t = [&] {
    g.set_mode(1);
    return g.tile("\x55\xaa");
  }();
  for (const bool with_background : {false, true}) {
    g.set_mode(1);
    g.box(0, 0, 9, 6, 3, 0xFFFF);
    g.fill_box(1, 1, 8, 5, 1);  // already the tile's first row, everywhere
    const Graphics::PaintTile back = g.tile("\x55");
    EXPECT_TRUE(g.paint(2, 2, t, 3, with_background ? &back : nullptr));
    // Row 4 shows the tile: only the background lets the fill on to row 5.
    EXPECT_EQ(dump(g, 10, 1, 5), with_background
                                     ? "3222222223/3111111113/3222222223/3111111113/3222222223/"
                                     : "3222222223/3111111113/3222222223/3111111113/3111111113/");
  }
}

TEST(Graphics, CirclesAndEllipses) {
  Graphics g;
  g.set_mode(1);
  g.circle(10, 10, 3, 1, {}, {});  // rows 6..8: nothing, the top (9..11), its sides
  EXPECT_EQ(dump(g, 15, 6, 14).substr(0, 16 * 3),
            "000000000000000/000000000111000/000000001000100/");
  // Past 2 pi an angle is refused; a negative one draws a line to the centre.
  EXPECT_EQ(Graphics::arc_end(7, 3, 3), std::nullopt);
  EXPECT_TRUE(Graphics::arc_end(-1, 3, 3)->line);
  g.clear();
  g.ellipse(20, 20, 5, 2, 2, {}, {});
  EXPECT_EQ(g.pixel(25, 20), 2);
  EXPECT_EQ(g.pixel(20, 18), 2);
  EXPECT_EQ(g.pixel(20, 19), 0);
}

}  // namespace
}  // namespace amazing::machine
