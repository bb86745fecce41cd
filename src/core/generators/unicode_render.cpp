#include "core/generators/unicode_render.hpp"

#include <optional>

namespace amazing::core {
namespace {

// Box characters by the wall segments meeting at a corner: 1 up, 2 right, 4 down, 8 left.
constexpr const char* kCorner[16] = {" ", "╵", "╶", "└", "╷", "│", "┌", "├",
                                     "╴", "┘", "─", "┴", "┐", "┤", "┬", "┼"};

}  // namespace

std::string render_unicode(const Maze& m, const Markers& markers) {
  const int w = m.width(), h = m.height();
  const std::optional<int> exit = m.exit();
  // Wall above cell (c, r), r in 0..h (r == h: below the last row).
  auto wall_above = [&](int c, int r) {
    if (r == 0) return c != m.entrance();
    if (r == h) return !(exit && *exit == c);
    return (m.walls(c, r - 1) & kDownOpen) == 0;
  };
  // Wall left of cell (c, r), c in 0..w (c == w: the right border).
  auto wall_left = [&](int c, int r) {
    if (c == 0 || c == w) return true;
    return (m.walls(c - 1, r) & kRightOpen) == 0;
  };
  auto left_out = [&](int c, int r) {
    bool any = (r == 0 && c == m.entrance()) || (r + 1 == h && exit && *exit == c);
    return !any && wall_above(c, r) && wall_above(c, r + 1) && wall_left(c, r) && wall_left(c + 1, r);
  };
  auto marker = [&](int c, int r) -> const char* {
    for (auto& p : markers.starts)
      if (p.col == c && p.row == r) return "S ";
    for (auto& p : markers.ends)
      if (p.col == c && p.row == r) return "E ";
    return nullptr;
  };
  std::string out;
  for (int y = 0; y <= h; ++y) {
    // The corner line above row y (or below the last row).
    for (int x = 0; x <= w; ++x) {
      unsigned k = 0;
      if (y > 0 && wall_left(x, y - 1)) k |= 1;
      if (x < w && wall_above(x, y)) k |= 2;
      if (y < h && wall_left(x, y)) k |= 4;
      if (x > 0 && wall_above(x - 1, y)) k |= 8;
      out += kCorner[k];
      if (x < w) out += wall_above(x, y) ? "──" : "  ";
    }
    out += '\n';
    if (y == h) break;
    for (int x = 0; x <= w; ++x) {
      out += wall_left(x, y) ? "│" : " ";
      if (x == w) break;
      if (const char* mk = marker(x, y)) {
        out += mk;
      } else {
        out += left_out(x, y) ? "░░" : "  ";
      }
    }
    out += '\n';
  }
  return out;
}

}  // namespace amazing::core
