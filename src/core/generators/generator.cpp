#include "core/generators/generator.hpp"

namespace amazing::core {

Generator::Generator(Maze& maze, GwRnd& rnd, const GeneratorOptions& options,
                     std::string_view name, bool /*supports_mask*/)
    : maze_(maze),
      store_(maze.store()),
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

void Generator::mark_longest_path(std::vector<uint32_t>& stack) {
  // In a tree, a depth-first walk's stack depth is the path length from its root, so two
  // walks find the longest path: the deepest cell from the entrance, then the deepest
  // from there. kVisited marks the cells seen.
  auto passage = [this](std::size_t i, int col, int row, int d) -> std::size_t {
    switch (d) {
      case 0: return row > 0 && store_.test(i - width_, kDownOpen) ? i - width_ : kNone;
      case 1: return col + 1 < width_ && store_.test(i, kRightOpen) ? i + 1 : kNone;
      case 2: return row + 1 < height_ && store_.test(i, kDownOpen) ? i + width_ : kNone;
      default: return col > 0 && store_.test(i - 1, kRightOpen) ? i - 1 : kNone;
    }
  };
  // Stack entries are cell * 4 + the next direction to try, so a cell is not rescanned.
  auto deepest_from = [&](std::size_t root) {
    store_.clear_all(kVisited);
    stack.clear();
    stack.push_back(static_cast<uint32_t>(root << 2));
    store_.set_bits(root, kVisited);
    std::size_t best = root, best_depth = 1;
    while (!stack.empty()) {
      uint32_t top = stack.back();
      std::size_t i = top >> 2;
      int d = static_cast<int>(top & 3);
      int col, row;
      split(i, col, row);
      std::size_t next = kNone;
      for (; d < 4; ++d) {
        std::size_t j = passage(i, col, row, d);
        if (j != kNone && !store_.test(j, kVisited)) {
          next = j;
          break;
        }
      }
      if (next == kNone) {
        stack.pop_back();
        continue;
      }
      stack.back() = static_cast<uint32_t>((i << 2) | static_cast<std::size_t>(d < 3 ? d + 1 : 3));
      store_.set_bits(next, kVisited);
      stack.push_back(static_cast<uint32_t>(next << 2));
      note_scratch(stack.capacity() * sizeof(uint32_t));
      if (stack.size() > best_depth) best_depth = stack.size(), best = next;
    }
    return best;
  };
  std::size_t a = deepest_from(start_);
  std::size_t b = deepest_from(a);
  markers_.starts.push_back({col_of(a), row_of(a)});
  markers_.ends.push_back({col_of(b), row_of(b)});
}

}  // namespace amazing::core
