#include "core/generators/generator.hpp"

#include <array>
#include <bit>
#include <string>

#include "core/generators/algorithm.hpp"

namespace amazing::core {

Generator::Generator(Maze& maze, GwRnd& rnd, const GeneratorOptions& options,
                     std::string_view name, bool /*supports_mask*/)
    : maze_(maze),
      store_(maze.store()),
      nib_(maze.store()),
      rnd_(rnd),
      mask_(options.mask),
      width_(maze.width()),
      height_(maze.height()),
      cells_(maze.cells()),
      stall_limit_(options.stall_limit),
      name_(name),
      starts_(options.starts) {
  open_cells_ = cells_ - (mask_ ? mask_->masked_count() : 0);
  // (1) The entrance: pick(n) over the open cells of the top row, left to right.
  int open_top = 0;
  for (int c = 0; c < width_; ++c) open_top += !masked(static_cast<std::size_t>(c));
  int k = pick(open_top);
  int col = 0;
  for (;; ++col) {
    if (masked(static_cast<std::size_t>(col))) continue;
    if (--k == 0) break;
  }
  maze_.set_entrance(col);
  start_ = static_cast<std::size_t>(col);
}

void Generator::step() {
  if (phase_ == Phase::kDone) return;
  ++steps_;
  if (!carving_done()) {
    carve_step();
  } else {
    finish();
  }
}

void Generator::run() {
  if (phase_ == Phase::kDone) return;
  carve_all();
  finish();
}

void Generator::finish() {
  store_.clear_all(kVisited | kLive);
  // (3) The exit: pick(n) over the open cells of the bottom row.
  const std::size_t last_row = static_cast<std::size_t>(height_ - 1) * width_;
  int open_bottom = 0;
  for (int c = 0; c < width_; ++c) open_bottom += !masked(last_row + c);
  int k = pick(open_bottom);
  int col = 0;
  for (;; ++col) {
    if (masked(last_row + col)) continue;
    if (--k == 0) break;
  }
  open_down(last_row + col);
  // (4) Markers.
  if (starts_ > 0) {
    place_markers(starts_);
  } else {
    default_markers();
  }
  store_.clear_all(kVisited | kLive);
  phase_ = Phase::kDone;
}

void Generator::place_markers(int n) {
  auto nth_open = [this](std::size_t k) {  // k from 1
    if (mask_ == nullptr) return k - 1;
    for (std::size_t i = 0;; ++i) {
      if (!masked(i) && --k == 0) return i;
    }
  };
  auto pos = [this](std::size_t i) { return CellPos{col_of(i), row_of(i)}; };
  auto taken = [this](CellPos p) {
    for (auto& s : markers_.starts)
      if (s == p) return true;
    for (auto& e : markers_.ends)
      if (e == p) return true;
    return false;
  };
  markers_.starts.push_back(pos(nth_open(1)));
  markers_.ends.push_back(pos(nth_open(open_cells_)));
  // The other markers: pick(open cells) for each, drawing again while the cell already
  // holds a marker; all the starts first, then all the ends.
  for (auto* list : {&markers_.starts, &markers_.ends}) {
    for (int m = 1; m < n; ++m) {
      CellPos p;
      do {
        p = pos(nth_open(static_cast<std::size_t>(pick(static_cast<int>(open_cells_)))));
      } while (taken(p));
      list->push_back(p);
    }
  }
}

void Generator::mark_longest_path(std::size_t first_end) {
  // The longest path of a tree runs between the deepest cell from any cell (here the
  // entrance) and the deepest cell from that one. Each depth-first walk keeps no stack:
  // the two mark bits of each cell hold the direction back to its parent, so the walk
  // climbs back by itself. O(1) memory besides the store.
  const std::ptrdiff_t step[4] = {-static_cast<std::ptrdiff_t>(width_), 1,
                                  static_cast<std::ptrdiff_t>(width_), -1};
  // The cells and the sizes as locals: a store through the bytes may alias any member,
  // so nib_.get/set would reload them at every step.
  const Nibbles cells = nib_;
  const int width = width_, height = height_;
  auto get = [cells](std::size_t i) { return cells.get(i); };
  // Passages as bits 1 up, 2 right, 4 down, 8 left, without branching on the maze.
  auto links = [&](std::size_t i, int col, int row) {
    unsigned here = get(i), m = 0;
    if (row > 0) m |= get(i - width) & kDownOpen;
    if (col + 1 < width) m |= here & kRightOpen;
    if (row + 1 < height) m |= (here & kDownOpen) << 2;
    if (col > 0) m |= (get(i - 1) & kRightOpen) << 2;
    return m;
  };
  auto parent_dir = [&](std::size_t i) { return (get(i) >> 2) & 3; };
  auto deepest_from = [&](std::size_t root) {
    std::size_t i = root, best = root;
    int col, row;
    split(root, col, row);
    std::size_t depth = 1, best_depth = 1;
    int d = 0;
    for (;;) {
      // One step down into the next child (from direction d on) or back up to the parent,
      // chosen by selects rather than a branch: which one comes next is as random as the
      // maze, so a branch would mispredict often.
      const unsigned pd = parent_dir(i);
      unsigned m = links(i, col, row) & (0xFu << d) & 0xFu;
      m &= ~(static_cast<unsigned>(i != root) << pd);  // the root has no parent
      const bool down = m != 0;
      if (!down && i == root) break;
      const int dd = down ? std::countr_zero(m) : static_cast<int>(pd);
      i = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(i) + step[dd]);
      col += kDc[dd];
      row += kDr[dd];
      // Going down: the parent direction in the new cell's mark bits (passages stay).
      cells.replace(i, 0xCu, static_cast<unsigned>((dd + 2) & 3) << 2, down);
      depth = down ? depth + 1 : depth - 1;
      d = down ? 0 : ((static_cast<int>(pd) + 2) & 3) + 1;
      if (depth > best_depth) best_depth = depth, best = i;  // only ever after going down
    }
    return best;
  };
  std::size_t a = first_end != kNone ? first_end : deepest_from(start_);
  std::size_t b = deepest_from(a);
  markers_.starts.push_back({col_of(a), row_of(a)});
  markers_.ends.push_back({col_of(b), row_of(b)});
}

// The registry: the algorithms by name, each made by its own file.
namespace {

struct Entry {
  std::string_view name;
  bool mask;
  GeneratorMaker make;
};

const std::array<Entry, 13>& entries() {
  static const std::array<Entry, 13> kEntries = {{
      {"whitney", true, make_whitney},
      {"restart", true, make_restart},
      {"backtracker", true, make_backtracker},
      {"aldous-broder", true, make_aldous_broder},
      {"wilson", true, make_wilson},
      {"hunt-and-kill", true, make_hunt_and_kill},
      {"binary-tree", false, make_binary_tree},
      {"sidewinder", false, make_sidewinder},
      {"eller", false, make_eller},
      {"kruskal", true, make_kruskal},
      {"prim", true, make_prim},
      {"growing-tree", true, make_growing_tree},
      {"recursive-division", false, make_recursive_division},
  }};
  return kEntries;
}

const Entry* find_entry(std::string_view name) {
  for (const auto& e : entries())
    if (e.name == name) return &e;
  return nullptr;
}

}  // namespace

const std::vector<std::string_view>& generator_names() {
  static const std::vector<std::string_view> kNames = [] {
    std::vector<std::string_view> v;
    for (const auto& e : entries()) v.push_back(e.name);
    return v;
  }();
  return kNames;
}

bool generator_supports_mask(std::string_view name) {
  const Entry* e = find_entry(name);
  return e != nullptr && e->mask;
}

std::string mask_refusal(std::string_view name) {
  if (generator_supports_mask(name)) return "";
  return "the algorithm '" + std::string(name) +
         "' cannot carve around a mask; use backtracker, wilson, aldous-broder, "
         "hunt-and-kill, kruskal, prim, growing-tree, whitney or restart";
}

Result<std::unique_ptr<Generator>> make_generator(std::string_view name, Maze& maze, GwRnd& rnd,
                                                  const GeneratorOptions& options) {
  const Entry* e = find_entry(name);
  if (e == nullptr) {
    std::string list;
    for (auto n : generator_names()) list += (list.empty() ? "" : ", ") + std::string(n);
    return Error{"unknown algorithm '" + std::string(name) + "'; choose one of: amazing, " + list};
  }
  if (maze.cells() >= (std::size_t{1} << 30)) {
    return Error{"a maze of " + std::to_string(maze.cells()) +
                 " cells is too large for '" + std::string(name) +
                 "' (its cell lists hold fewer than 2^30 cells); use eller with --format text "
                 "for longer mazes"};
  }
  std::size_t open = maze.cells();
  if (options.mask != nullptr) {
    if (!e->mask) return Error{mask_refusal(name)};
    if (options.mask->width() != maze.width() || options.mask->height() != maze.height()) {
      return Error{"the mask is " + std::to_string(options.mask->width()) + "x" +
                   std::to_string(options.mask->height()) + " but the maze is " +
                   std::to_string(maze.width()) + "x" + std::to_string(maze.height()) +
                   "; make them the same size"};
    }
    Status ok = options.mask->check();
    if (!ok) return ok.error();
    open -= options.mask->masked_count();
  }
  if (options.starts < 0 || static_cast<std::size_t>(options.starts) * 2 > open) {
    return Error{"--starts " + std::to_string(options.starts) + " needs " +
                 std::to_string(2 * static_cast<long long>(options.starts)) +
                 " open cells for its markers; the maze has " + std::to_string(open)};
  }
  return e->make(maze, rnd, options);
}

}  // namespace amazing::core
