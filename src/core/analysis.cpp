#include "core/analysis.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace amazing::core {
namespace {

// The cells left out (none without a mask, or with one of another size).
struct LeftOut {
  const Mask* mask;
  LeftOut(const Maze& m, const Mask* k)
      : mask(k != nullptr && k->width() == m.width() && k->height() == m.height() ? k : nullptr) {}
  bool operator()(std::size_t i) const { return mask != nullptr && mask->masked(i); }
};

// Passages of cell (col, row) to cells not left out, as direction bits 1 up, 2 right,
// 4 down, 8 left.
unsigned links(const Maze& m, const LeftOut& out, int col, int row) {
  const std::size_t i = static_cast<std::size_t>(row) * m.width() + col;
  const std::size_t w = static_cast<std::size_t>(m.width());
  unsigned v = 0;
  uint8_t here = m.walls(col, row);
  if (row > 0 && (m.walls(col, row - 1) & kDownOpen) && !out(i - w)) v |= 1;
  if (col + 1 < m.width() && (here & kRightOpen) && !out(i + 1)) v |= 2;
  if (row + 1 < m.height() && (here & kDownOpen) && !out(i + w)) v |= 4;
  if (col > 0 && (m.walls(col - 1, row) & kRightOpen) && !out(i - 1)) v |= 8;
  return v;
}

// Breadth-first distances from `from` over the passages (dist -1: not reached); returns
// the farthest cell and, in *reached, how many cells were reached.
std::size_t bfs(const Maze& m, const LeftOut& out, std::size_t from, std::vector<int32_t>& dist,
                std::size_t* reached) {
  const std::size_t w = static_cast<std::size_t>(m.width());
  std::fill(dist.begin(), dist.end(), -1);
  std::vector<std::size_t> queue;
  queue.reserve(1024);
  queue.push_back(from);
  dist[from] = 0;
  std::size_t far = from;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    std::size_t i = queue[head];
    int col = static_cast<int>(i % w), row = static_cast<int>(i / w);
    unsigned l = links(m, out, col, row);
    std::size_t next[4] = {i - w, i + 1, i + w, i - 1};
    for (int d = 0; d < 4; ++d) {
      if (!(l & (1u << d)) || dist[next[d]] >= 0) continue;
      dist[next[d]] = dist[i] + 1;
      if (dist[next[d]] > dist[far]) far = next[d];
      queue.push_back(next[d]);
    }
  }
  if (reached) *reached = queue.size();
  return far;
}

std::size_t exit_index(const Maze& m) {
  return static_cast<std::size_t>(m.height() - 1) * m.width() + static_cast<std::size_t>(*m.exit());
}

}  // namespace

std::string Verdict::reason() const {
  if (perfect()) return "";
  std::string out;
  auto add = [&out](const std::string& what) { out += (out.empty() ? "" : ", ") + what; };
  if (open_cells == 0) add("no cells");
  if (!has_entrance) add("no entrance");
  if (!has_exit) add("no exit");
  else if (has_entrance && !exit_reachable) add("exit unreachable");
  if (walled_off > 0 && has_entrance) add(std::to_string(walled_off) + " walled off");
  if (loops > 0) add(std::to_string(loops) + (loops == 1 ? " loop" : " loops"));
  return out;
}

Verdict judge(const Maze& m, const Mask* mask) {
  Verdict v;
  const LeftOut out(m, mask);
  const int w = m.width(), h = m.height();
  const std::size_t cells = m.cells();
  for (int row = 0; row < h; ++row) {
    for (int col = 0; col < w; ++col) {
      const std::size_t i = static_cast<std::size_t>(row) * w + col;
      if (out(i)) continue;
      ++v.open_cells;
      v.passages += std::popcount(links(m, out, col, row) & 6u);  // right and down: once each
    }
  }
  const std::size_t entrance = static_cast<std::size_t>(m.entrance());
  v.has_entrance = m.entrance() >= 0 && m.entrance() < w && !out(entrance);
  v.has_exit = m.exit().has_value() && !out(exit_index(m));
  if (v.open_cells == 0) return v;
  // Every part of the maze flooded once, the entrance's part first; O(cells) in all.
  std::vector<uint8_t> seen(cells, 0);
  std::vector<std::size_t> queue;
  std::size_t parts = 0;
  auto flood = [&](std::size_t from) {
    const std::size_t uw = static_cast<std::size_t>(w);
    queue.assign(1, from);
    seen[from] = 1;
    for (std::size_t head = 0; head < queue.size(); ++head) {
      const std::size_t i = queue[head];
      const unsigned l = links(m, out, static_cast<int>(i % uw), static_cast<int>(i / uw));
      const std::size_t next[4] = {i - uw, i + 1, i + uw, i - 1};
      for (int d = 0; d < 4; ++d) {
        if (!(l & (1u << d)) || seen[next[d]]) continue;
        seen[next[d]] = 1;
        queue.push_back(next[d]);
      }
    }
    ++parts;
    return queue.size();
  };
  if (v.has_entrance) {
    v.reachable = flood(entrance);
    v.exit_reachable = v.has_exit && seen[exit_index(m)];
  }
  v.walled_off = v.open_cells - v.reachable;
  for (std::size_t i = 0; i < cells; ++i)
    if (!out(i) && !seen[i]) flood(i);
  // A forest of `parts` trees has open_cells - parts passages; each one more closes a loop.
  v.loops = v.passages + parts - v.open_cells;
  return v;
}

Mask closed_cells(const Maze& m) {
  Mask mask(m.width(), m.height());
  const LeftOut none(m, nullptr);
  const auto exit = m.exit();
  for (int row = 0; row < m.height(); ++row) {
    for (int col = 0; col < m.width(); ++col) {
      const bool border_open =
          (row == 0 && col == m.entrance()) || (row + 1 == m.height() && exit && col == *exit);
      if (!border_open && links(m, none, col, row) == 0) mask.set(col, row, true);
    }
  }
  return mask;
}

MazeStats analyze(const Maze& m, const Mask* mask) {
  MazeStats s;
  s.width = m.width();
  s.height = m.height();
  s.verdict = judge(m, mask);
  const Verdict& v = s.verdict;
  const LeftOut out(m, mask);
  const int w = m.width(), h = m.height();
  s.has_entrance = v.has_entrance;
  s.has_exit = v.has_exit;
  s.open_cells = v.open_cells;
  s.left_out = m.cells() - v.open_cells;
  s.walled_off = v.walled_off;
  s.passages = v.passages;
  s.connected = v.has_entrance && v.walled_off == 0;
  s.acyclic = v.loops == 0;
  s.perfect = v.perfect();
  std::size_t first_open = m.cells();
  for (int row = 0; row < h; ++row) {
    for (int col = 0; col < w; ++col) {
      const std::size_t i = static_cast<std::size_t>(row) * w + col;
      if (out(i)) continue;
      if (first_open == m.cells()) first_open = i;
      unsigned l = links(m, out, col, row);
      switch (std::popcount(l)) {
        case 1: ++s.dead_ends; break;
        case 2: (l == 5 || l == 10) ? ++s.straights : ++s.turns; break;
        case 3: ++s.junctions; break;
        case 4: ++s.crossroads; break;
        default: break;
      }
    }
  }
  if (s.open_cells == 0) return s;
  std::vector<int32_t> dist(m.cells());
  std::size_t root = v.has_entrance ? static_cast<std::size_t>(m.entrance()) : first_open;
  std::size_t far = bfs(m, out, root, dist, nullptr);
  if (v.exit_reachable) s.solution_length = static_cast<std::size_t>(dist[exit_index(m)]) + 1;
  std::size_t other = bfs(m, out, far, dist, nullptr);
  s.longest_path = static_cast<std::size_t>(dist[other]) + 1;
  return s;
}

std::string format_stats(const MazeStats& s) {
  char buf[600];
  const std::string perfect = s.perfect ? "yes" : "no (" + s.verdict.reason() + ")";
  auto pct = [&](std::size_t n) { return 100.0 * s.share(n); };
  std::snprintf(buf, sizeof buf,
                "%dx%d  perfect %s  cells %zu  left out %zu  dead ends %.1f%%  straights %.1f%%  "
                "turns %.1f%%  junctions %.1f%%  crossroads %.1f%%  longest path %zu  solution %zu",
                s.width, s.height, perfect.c_str(),
                s.open_cells, s.left_out, pct(s.dead_ends), pct(s.straights), pct(s.turns),
                pct(s.junctions), pct(s.crossroads), s.longest_path, s.solution_length);
  return buf;
}

}  // namespace amazing::core
