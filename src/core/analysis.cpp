#include "core/analysis.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace amazing::core {
namespace {

// Passages of cell (col, row) as direction bits 1 up, 2 right, 4 down, 8 left.
unsigned links(const Maze& m, int col, int row) {
  unsigned v = 0;
  uint8_t here = m.walls(col, row);
  if (row > 0 && (m.walls(col, row - 1) & kDownOpen)) v |= 1;
  if (col + 1 < m.width() && (here & kRightOpen)) v |= 2;
  if (row + 1 < m.height() && (here & kDownOpen)) v |= 4;
  if (col > 0 && (m.walls(col - 1, row) & kRightOpen)) v |= 8;
  return v;
}

// Breadth-first distances from `from` over the passages; returns the farthest cell.
std::size_t bfs(const Maze& m, std::size_t from, std::vector<int32_t>& dist, std::size_t* reached) {
  const int w = m.width();
  std::fill(dist.begin(), dist.end(), -1);
  std::vector<std::size_t> queue;
  queue.reserve(1024);
  queue.push_back(from);
  dist[from] = 0;
  std::size_t far = from;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    std::size_t i = queue[head];
    int col = static_cast<int>(i % w), row = static_cast<int>(i / w);
    unsigned l = links(m, col, row);
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

}  // namespace

MazeStats analyze(const Maze& m) {
  MazeStats s;
  s.width = m.width();
  s.height = m.height();
  const int w = m.width(), h = m.height();
  auto exit = m.exit();
  s.has_entrance = m.entrance() >= 0 && m.entrance() < w;
  s.has_exit = exit.has_value();
  std::size_t first_open = m.cells();
  std::size_t link_ends = 0;
  for (int row = 0; row < h; ++row) {
    for (int col = 0; col < w; ++col) {
      unsigned l = links(m, col, row);
      int n = __builtin_popcount(l);
      bool border_open = (row == 0 && col == m.entrance()) || (row + 1 == h && exit && col == *exit);
      if (n == 0 && !border_open) {
        ++s.left_out;
        continue;
      }
      ++s.open_cells;
      if (first_open == m.cells()) first_open = static_cast<std::size_t>(row) * w + col;
      link_ends += n;
      switch (n) {
        case 1: ++s.dead_ends; break;
        case 2: (l == 5 || l == 10) ? ++s.straights : ++s.turns; break;
        case 3: ++s.junctions; break;
        case 4: ++s.crossroads; break;
        default: break;
      }
    }
  }
  s.passages = link_ends / 2;
  if (s.open_cells == 0) return s;
  std::vector<int32_t> dist(m.cells());
  std::size_t reached = 0;
  std::size_t root = s.has_entrance ? static_cast<std::size_t>(m.entrance()) : first_open;
  std::size_t far = bfs(m, root, dist, &reached);
  s.connected = reached == s.open_cells;
  // Connected with one passage fewer than cells is a tree. (A maze cut in parts is not
  // called acyclic here: it is not perfect either way.)
  s.acyclic = s.connected && s.passages + 1 == s.open_cells;
  s.perfect = s.connected && s.acyclic;
  if (s.has_entrance && s.has_exit) {
    std::size_t e = static_cast<std::size_t>(h - 1) * w + *exit;
    s.solution_length = dist[e] >= 0 ? static_cast<std::size_t>(dist[e]) + 1 : 0;
  }
  std::size_t other = bfs(m, far, dist, nullptr);
  s.longest_path = static_cast<std::size_t>(dist[other]) + 1;
  return s;
}

std::string format_stats(const MazeStats& s) {
  char buf[512];
  auto pct = [&](std::size_t n) { return 100.0 * s.share(n); };
  std::snprintf(buf, sizeof buf,
                "%dx%d  perfect %s  cells %zu  left out %zu  dead ends %.1f%%  straights %.1f%%  "
                "turns %.1f%%  junctions %.1f%%  crossroads %.1f%%  longest path %zu  solution %zu",
                s.width, s.height, s.perfect ? "yes" : (s.connected ? "no (loops)" : "no (cut off)"),
                s.open_cells, s.left_out, pct(s.dead_ends), pct(s.straights), pct(s.turns),
                pct(s.junctions), pct(s.crossroads), s.longest_path, s.solution_length);
  return buf;
}

std::string stats_json(const MazeStats& s) {
  char buf[640];
  std::snprintf(buf, sizeof buf,
                "{\"width\":%d,\"height\":%d,\"perfect\":%s,\"connected\":%s,\"acyclic\":%s,"
                "\"cells\":%zu,\"left_out\":%zu,\"passages\":%zu,\"dead_ends\":%.6f,"
                "\"straights\":%.6f,\"turns\":%.6f,\"junctions\":%.6f,\"crossroads\":%.6f,"
                "\"longest_path\":%zu,\"solution_length\":%zu}",
                s.width, s.height, s.perfect ? "true" : "false", s.connected ? "true" : "false",
                s.acyclic ? "true" : "false", s.open_cells, s.left_out, s.passages,
                s.share(s.dead_ends), s.share(s.straights), s.share(s.turns), s.share(s.junctions),
                s.share(s.crossroads), s.longest_path, s.solution_length);
  return buf;
}

}  // namespace amazing::core
