#include "core/braid.hpp"

#include <string>

#include "core/analysis.hpp"

namespace amazing::core {
namespace {

// pick(n): 1..n, drawing only when n >= 2 (the generators' contract, generator.hpp).
int pick(GwRnd& rnd, std::size_t n) {
  if (n <= 1) return 1;
  const int k = static_cast<int>(n);
  const int v = rnd.draw(k);
  return v > k ? k : v;
}

// The cell one step from (col, row) in direction d (0 up, 1 right, 2 down, 3 left), or
// false when it is off the grid.
bool step(const Maze& m, int col, int row, int d, int& c, int& r) {
  static constexpr int kDc[4] = {0, 1, 0, -1}, kDr[4] = {-1, 0, 1, 0};
  c = col + kDc[d];
  r = row + kDr[d];
  return c >= 0 && r >= 0 && c < m.width() && r < m.height();
}

// Opens the wall between (col, row) and its neighbour in direction d.
void open_wall(Maze& m, int col, int row, int d) {
  static constexpr int kDc[4] = {0, 0, 0, -1}, kDr[4] = {-1, 0, 0, 0};
  static constexpr uint8_t kBit[4] = {kDownOpen, kRightOpen, kDownOpen, kRightOpen};
  const int c = col + kDc[d], r = row + kDr[d];
  m.set_walls(c, r, static_cast<uint8_t>(m.walls(c, r) | kBit[d]));
}

}  // namespace

BraidReport braid(Maze& maze, int share, GwRnd& rnd, const Mask* mask) {
  BraidReport report;
  const Mask* out = mask != nullptr && mask->width() == maze.width() &&
                            mask->height() == maze.height()
                        ? mask
                        : nullptr;
  auto left_out = [out](int c, int r) { return out != nullptr && out->masked(c, r); };
  const int w = maze.width(), h = maze.height();
  std::size_t dead = 0;
  for (int r = 0; r < h; ++r)
    for (int c = 0; c < w; ++c)
      if (!left_out(c, r) && is_dead_end(cell_passages(maze, out, c, r))) ++dead;
  report.dead_ends_before = dead;
  if (share < 0) share = 0;
  if (share > kBraidWhole) share = kBraidWhole;
  const std::size_t to_go =
      (dead * static_cast<std::size_t>(share) + kBraidWhole / 2) / kBraidWhole;
  const std::size_t keep = dead - to_go;
  std::size_t unvisited = dead;
  for (int r = 0; r < h && dead > keep; ++r) {
    for (int c = 0; c < w && dead > keep; ++c) {
      if (left_out(c, r)) continue;
      const unsigned here = cell_passages(maze, out, c, r);
      if (!is_dead_end(here)) continue;
      const std::size_t need = dead - keep, left = unvisited--;
      if (need < left && static_cast<std::size_t>(pick(rnd, left)) > need) continue;
      // The neighbours it may open to, dead ends first (bit d of the masks).
      unsigned ends = 0, others = 0;
      for (int d = 0; d < 4; ++d) {
        int nc = 0, nr = 0;
        if ((here & (1u << d)) || !step(maze, c, r, d, nc, nr) || left_out(nc, nr)) continue;
        const unsigned there = cell_passages(maze, out, nc, nr);
        if (there == 0) continue;
        (is_dead_end(there) ? ends : others) |= 1u << d;
      }
      const unsigned from = ends != 0 ? ends : others;
      if (from == 0) continue;
      std::size_t n = 0;
      for (int d = 0; d < 4; ++d) n += (from >> d) & 1u;
      std::size_t k = static_cast<std::size_t>(pick(rnd, n));
      int d = 0;
      for (; d < 4; ++d)
        if (((from >> d) & 1u) && --k == 0) break;
      open_wall(maze, c, r, d);
      ++report.walls_opened;
      --dead;
      if (ends != 0) {
        --dead;
        if (d == 1 || d == 2) --unvisited;  // a dead end still ahead in reading order
      }
    }
  }
  report.dead_ends_after = dead;
  report.removed = report.dead_ends_before - dead;
  return report;
}

Result<int> parse_braid_share(std::string_view text) {
  auto bad = [text]() -> Result<int> {
    return Error{"--braid takes a share of dead ends to remove from 0 to 1 (0.25, .5, 1), "
                 "with at most 4 digits after the point, not '" + std::string(text) + "'"};
  };
  if (text.empty() || text.size() > 16) return bad();
  std::size_t i = 0;
  int whole = 0;
  if (text[0] == '0' || text[0] == '1') {
    whole = text[0] - '0';
    i = 1;
  }
  int fraction = 0, digits = 0;
  if (i < text.size()) {
    if (text[i] != '.') return bad();
    for (++i; i < text.size(); ++i, ++digits) {
      if (text[i] < '0' || text[i] > '9' || digits == 4) return bad();
      fraction = fraction * 10 + (text[i] - '0');
    }
    if (digits == 0 && (i == 1 || text.size() == 1)) return bad();  // "." alone
  } else if (i == 0) {
    return bad();
  }
  for (int d = digits; d < 4; ++d) fraction *= 10;
  const int share = whole * kBraidWhole + fraction;
  if (share > kBraidWhole) return bad();
  return share;
}

}  // namespace amazing::core
