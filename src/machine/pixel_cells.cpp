// The graphics screen as Braille cells (pixel_cells.hpp).
#include "machine/pixel_cells.hpp"

#include <algorithm>
#include <array>
#include <cstddef>

namespace amazing::machine {
namespace {

// The Braille bit of the dot in row dy (0..3), column dx (0..1): dots 1-3 and 7 down the
// left, 4-6 and 8 down the right.
constexpr uint8_t kDotBit[4][2] = {{0x01, 0x08}, {0x02, 0x10}, {0x04, 0x20}, {0x40, 0x80}};

}  // namespace

PixelCell pixel_cell(const Graphics& g, int row, int col) {
  const GraphicsMode* m = g.mode();
  if (m == nullptr || row < 0 || row >= kCellRows || col < 0 || col >= kCellColumns) return {};
  const int cw = 8 * m->columns / kCellColumns, ch = m->font_height;
  const int x0 = col * cw, y0 = row * ch;
  if (x0 + cw > g.width() || y0 + ch > g.height()) return {};
  const std::vector<uint8_t>& pixels = g.shown_pixels();
  unsigned dots = 0;
  std::array<int, 16> counts{};
  for (int y = 0; y < ch; ++y) {
    const uint8_t* line = pixels.data() + static_cast<std::size_t>(y0 + y) * g.width() + x0;
    const int dy = y * 4 / ch;
    for (int x = 0; x < cw; ++x) {
      if (line[x] == 0) continue;
      dots |= kDotBit[dy][x * 2 / cw];
      ++counts[std::min<std::size_t>(line[x], 15)];
    }
  }
  if (dots == 0) return {};
  // The first of the largest counts: the lower colour wins a tie.
  const auto most = std::max_element(counts.begin() + 1, counts.end());
  return {kBrailleBlank + dots, g.palette().shown(static_cast<int>(most - counts.begin()))};
}

char ascii_cell(char32_t glyph) {
  const unsigned dots = glyph - kBrailleBlank;
  if (glyph < kBrailleBlank || dots == 0 || dots > 0xFF) return ' ';
  if (dots == 0xFF) return '#';
  for (int dx = 0; dx < 2; ++dx) {
    unsigned column = 0;
    for (const auto& row : kDotBit) column |= row[dx];
    if (dots == column) return '|';
  }
  if ((dots & (dots - 1)) == 0) return '.';
  for (const auto& row : kDotBit)
    if ((dots & ~static_cast<unsigned>(row[0] | row[1])) == 0) return '-';
  return '+';
}

}  // namespace amazing::machine
