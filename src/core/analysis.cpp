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

// The cell whose passage (right, then down, in reading order) first joins two cells
// already joined: it lies on the loop that passage closes. Union-find over the passages.
CellPos first_loop_cell(const Maze& m, const LeftOut& out) {
  const std::size_t w = static_cast<std::size_t>(m.width());
  std::vector<std::size_t> parent(m.cells());
  for (std::size_t i = 0; i < parent.size(); ++i) parent[i] = i;
  auto root = [&parent](std::size_t i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
  };
  for (int row = 0; row < m.height(); ++row) {
    for (int col = 0; col < m.width(); ++col) {
      const std::size_t i = static_cast<std::size_t>(row) * w + col;
      if (out(i)) continue;
      const unsigned l = links(m, out, col, row);
      for (const std::size_t j : {i + 1, i + w}) {
        if (!(l & (j == i + 1 ? 2u : 4u))) continue;
        const std::size_t a = root(i), b = root(j);
        if (a == b) return CellPos{col, row};
        parent[a] = b;
      }
    }
  }
  return CellPos{-1, -1};
}

std::size_t exit_index(const Maze& m) {
  return static_cast<std::size_t>(m.height() - 1) * m.width() + static_cast<std::size_t>(*m.exit());
}

}  // namespace

unsigned cell_passages(const Maze& maze, const Mask* mask, int col, int row) {
  return links(maze, LeftOut(maze, mask), col, row);
}

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
  for (std::size_t i = 0; i < cells; ++i) {
    if (out(i) || seen[i]) continue;
    if (v.has_entrance && v.first_walled_off.col < 0)
      v.first_walled_off = CellPos{static_cast<int>(i % w), static_cast<int>(i / w)};
    flood(i);
  }
  // A forest of `parts` trees has open_cells - parts passages; each one more closes a loop.
  v.loops = v.passages + parts - v.open_cells;
  if (v.loops > 0) v.loop_cell = first_loop_cell(m, out);
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

namespace {

// "cell (c,r)": a cell as the messages name it, column and row from 1.
std::string cell_name(CellPos p) {
  return "cell (" + std::to_string(p.col + 1) + "," + std::to_string(p.row + 1) + ")";
}

// The first masked cell with an opening, and the side: up, right, down, left.
MazeCheck masked_passage(const Maze& m, const Mask& mask) {
  MazeCheck c;
  const int w = m.width(), h = m.height();
  for (int row = 0; row < h; ++row) {
    for (int col = 0; col < w; ++col) {
      if (!mask.masked(col, row)) continue;
      const bool open[4] = {
          row == 0 ? col == m.entrance() : (m.walls(col, row - 1) & kDownOpen) != 0,
          col + 1 < w && (m.walls(col, row) & kRightOpen) != 0,
          (m.walls(col, row) & kDownOpen) != 0,
          col > 0 && (m.walls(col - 1, row) & kRightOpen) != 0};
      for (int d = 0; d < 4; ++d) {
        if (!open[d]) continue;
        c.fault = MazeFault::kMaskedPassage;
        c.cell = CellPos{col, row};
        c.side = static_cast<Direction>(d);
        if (d == 0 && row == 0) c.detail = "entrance";
        if (d == 2 && row + 1 == h) c.detail = "exit";
        return c;
      }
    }
  }
  return c;
}

// The maze itself: judge's verdict, with the first cell at fault.
MazeCheck shape_fault(const Maze& m, const Mask* mask, bool loops_allowed) {
  MazeCheck c;
  const Verdict v = judge(m, mask);
  auto fault = [&c](MazeFault f, CellPos at, std::size_t got = 0) {
    c.fault = f;
    c.cell = at;
    c.got = got;
    return c;
  };
  if (v.open_cells == 0) return fault(MazeFault::kNoCells, {-1, -1});
  if (!v.has_entrance) return fault(MazeFault::kNoEntrance, {-1, -1});
  if (!v.has_exit) return fault(MazeFault::kNoExit, {-1, -1});
  std::size_t exits = 0;
  CellPos second{-1, -1};
  for (int col = 0; col < m.width(); ++col) {
    if (!(m.walls(col, m.height() - 1) & kDownOpen)) continue;
    if (++exits == 2) second = CellPos{col, m.height() - 1};
  }
  if (exits > 1) return fault(MazeFault::kExits, second, exits);
  if (v.walled_off > 0) {
    if (mask != nullptr) {
      if (Status split = mask->check(); !split) {
        c.detail = split.error().message;
        return fault(MazeFault::kMaskSplits, v.first_walled_off, v.walled_off);
      }
    }
    return fault(MazeFault::kWalledOff, v.first_walled_off, v.walled_off);
  }
  if (!v.exit_reachable) return fault(MazeFault::kExitUnreachable, {*m.exit(), m.height() - 1});
  if (v.loops > 0 && !loops_allowed) return fault(MazeFault::kLoop, v.loop_cell, v.loops);
  return c;
}

// The markers: --starts N of each, no more than the cells, each on an open cell of its
// own (starts first, then ends, in list order).
MazeCheck marker_fault(const Maze& m, const Markers& markers, const MazeRequest& req) {
  MazeCheck c;
  const std::size_t n = static_cast<std::size_t>(req.starts > 0 ? req.starts : 0);
  if (req.starts > 0 && markers.starts.size() != n) {
    c.fault = MazeFault::kStarts;
    c.got = markers.starts.size();
    c.want = n;
    return c;
  }
  if (req.starts > 0 && markers.ends.size() != n) {
    c.fault = MazeFault::kEnds;
    c.got = markers.ends.size();
    c.want = n;
    return c;
  }
  const std::size_t total = markers.starts.size() + markers.ends.size();
  if (total > m.cells()) {
    c.fault = MazeFault::kTooManyMarkers;
    c.got = total;
    c.want = m.cells();
    return c;
  }
  std::vector<uint8_t> taken(total == 0 ? 0 : m.cells(), 0);
  for (const auto* list : {&markers.starts, &markers.ends}) {
    for (const CellPos& p : *list) {
      c.cell = p;
      if (p.col < 0 || p.row < 0 || p.col >= m.width() || p.row >= m.height()) {
        c.fault = MazeFault::kMarkerOff;
        c.want = static_cast<std::size_t>(m.width());
        c.want2 = static_cast<std::size_t>(m.height());
        return c;
      }
      if (req.mask != nullptr && req.mask->masked(p.col, p.row)) {
        c.fault = MazeFault::kMarkerMasked;
        return c;
      }
      uint8_t& seen = taken[static_cast<std::size_t>(p.row) * m.width() + p.col];
      if (seen) {
        c.fault = MazeFault::kSharedCell;
        return c;
      }
      seen = 1;
    }
  }
  return MazeCheck{};
}

}  // namespace

MazeCheck check_maze(const Maze& m, const Markers& markers, const MazeRequest& req) {
  MazeCheck c;
  const bool mask_fits = req.mask == nullptr ||
                         (req.mask->width() == m.width() && req.mask->height() == m.height());
  if ((req.width > 0 && (m.width() != req.width || m.height() != req.height)) || !mask_fits) {
    c.fault = MazeFault::kSize;
    c.got = static_cast<std::size_t>(m.width());
    c.got2 = static_cast<std::size_t>(m.height());
    c.want = static_cast<std::size_t>(req.width > 0 ? req.width : req.mask->width());
    c.want2 = static_cast<std::size_t>(req.width > 0 ? req.height : req.mask->height());
    return c;
  }
  if (req.mask != nullptr) {
    if (c = masked_passage(m, *req.mask); !c.ok()) return c;
  }
  if (req.proper) {
    if (c = shape_fault(m, req.mask, req.loops); !c.ok()) return c;
  }
  return marker_fault(m, markers, req);
}

std::string MazeCheck::message() const {
  static constexpr const char* kSides[] = {"up", "right", "down", "left"};
  const std::string at = cell.col >= 0 ? cell_name(cell) : "";
  const std::string n = std::to_string(got), want_n = std::to_string(want);
  switch (fault) {
    case MazeFault::kNone: return "";
    case MazeFault::kSize:
      return "the maze is " + n + "x" + std::to_string(got2) + " but --size asked for " +
             want_n + "x" + std::to_string(want2);
    case MazeFault::kMaskedPassage:
      if (!detail.empty()) return at + " is masked by --mask but is the " + detail;
      return at + " is masked by --mask but has a passage " + kSides[static_cast<int>(side)];
    case MazeFault::kNoCells: return "no cell is open (--mask leaves out every cell)";
    case MazeFault::kNoEntrance: return "no entrance (no top-row cell is open upward)";
    case MazeFault::kNoExit: return "no exit (no bottom-row cell is open downward)";
    case MazeFault::kExits: return n + " exits, the second under " + at + "; a maze has one";
    case MazeFault::kMaskSplits:
      return at + " is walled off: --mask splits the maze (" + detail + ")";
    case MazeFault::kWalledOff:
      return at + " is walled off: the entrance does not reach it (" + n +
             (got == 1 ? " cell" : " cells") + " walled off)";
    case MazeFault::kExitUnreachable:
      return "exit unreachable: the entrance does not reach the exit under " + at;
    case MazeFault::kLoop:
      return at + " is on a loop (" + n + (got == 1 ? " loop" : " loops") + ")";
    case MazeFault::kMarkerKey:
      return detail + " is not a marker list; the keys are starts and ends";
    case MazeFault::kStarts:
    case MazeFault::kEnds:
      return "--starts " + want_n + " asks for " + want_n +
             (fault == MazeFault::kStarts ? " start marker" : " end marker") +
             (want == 1 ? "" : "s") + " but the maze has " + n;
    case MazeFault::kTooManyMarkers:
      return n + " markers, more than the maze's " + want_n + " cells";
    case MazeFault::kMarkerOff:
      return "a marker at (" + std::to_string(cell.col + 1) + "," + std::to_string(cell.row + 1) +
             ") is off the " + want_n + "x" + std::to_string(want2) + " maze";
    case MazeFault::kMarkerMasked: return "a marker is on " + at + ", which --mask leaves out";
    case MazeFault::kSharedCell:
      return "two markers on " + at + "; each marker needs a cell of its own";
  }
  return "";
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
      if (is_dead_end(l)) ++s.dead_ends;
      switch (std::popcount(l)) {
        case 1: break;
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
                "%dx%d  perfect %s  cells %zu  left out %zu  loops %zu  dead ends %zu (%.1f%%)  "
                "straights %.1f%%  turns %.1f%%  junctions %.1f%%  crossroads %.1f%%  longest path "
                "%zu  solution %zu",
                s.width, s.height, perfect.c_str(), s.open_cells, s.left_out, s.verdict.loops,
                s.dead_ends, pct(s.dead_ends), pct(s.straights), pct(s.turns),
                pct(s.junctions), pct(s.crossroads), s.longest_path, s.solution_length);
  return buf;
}

}  // namespace amazing::core
