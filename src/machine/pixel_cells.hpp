// Pixel cells: the pc's graphics screen (graphics.hpp) as a terminal of 40x25 character
// cells can show it. A cell covers the pixels under one text cell of the mode (SCREEN 1
// and 7: 8x8), or two side by side where the mode has 80 columns (SCREEN 2 and 8: 16x8,
// 9: 16x14). Its pixels become a Unicode Braille pattern (U+2800 plus a bit per dot, 2
// dots across and 4 down), a dot lit when any pixel of its block is not 0: a line one
// pixel thin still shows, where a majority of the block would drop it. The cell takes one
// colour, the most frequent of its pixels that are not 0 (a tie: the lower number), as the
// pc's text colour (0..15, charset.hpp) the screen's palette (palette.hpp) shows it in: by
// default SCREEN 1 black, light cyan, light magenta, bright white (PC-BASIC's VGA: the
// CGA's high-intensity palette 1); SCREEN 2 black, bright white; 7, 8 and 9 the 16 text
// colours; after PALETTE or COLOR what they set. The pixels are the visual page's
// (Graphics::shown_pixels): what the monitor shows.
//
//   Graphics g;
//   g.set_mode(1);
//   g.plot(0, 0, 2);
//   pixel_cell(g, 0, 0)  // {U'\u2801', 13}: the top left dot, light magenta
//   pixel_cell(g, 0, 1)  // {U'\u2800', 0}: blank
//   ascii_cell(U'\u28FF') == '#'
#pragma once

#include <cstdint>

#include "machine/graphics.hpp"

namespace amazing::machine {

inline constexpr char32_t kBrailleBlank = 0x2800;
inline constexpr int kCellColumns = 40;
inline constexpr int kCellRows = 25;

struct PixelCell {
  char32_t glyph = kBrailleBlank;  // U+2800..U+28FF
  int colour = 0;                  // the pc's text colour; 0 when no dot is lit
  bool lit() const { return glyph != kBrailleBlank; }
  friend bool operator==(const PixelCell&, const PixelCell&) = default;
};

// The cell at (row 0..24, col 0..39) of g's mode; blank on the text screen or off the grid.
PixelCell pixel_cell(const Graphics& g, int row, int col);

// A plain ASCII character for a Braille cell, for terminals without Unicode: ' ' none lit,
// '#' all, '.' one dot, '|' one column lit top to bottom, '-' dots in one row only, else
// '+'.
char ascii_cell(char32_t glyph);

}  // namespace amazing::machine
