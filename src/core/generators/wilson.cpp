// The wilson generator (twin of scripts/generators/wilson.lua); see algorithm.hpp.

#include <array>
#include <cstdint>

#include "core/generators/algorithm.hpp"

namespace amazing::core {
namespace {

// wilson: loop-erased random walks. The tree starts as the entrance cell. A walk starts
// at the first open cell (row-major) not in the tree (no draw) -- that is one move; each
// walk move is pick(n) among the n neighbours; when the walk reaches the tree, the
// loop-erased path joins it in the same move. The walk's last exit from each cell is kept
// in that cell's two passage bits, which are free while a cell is outside the tree; kLive
// marks the cells outside the tree. Stall: a walk that has made stall_limit moves is
// dropped (a walk longer than the RND's period may loop); that move is rescue() and every
// later one hunt_move() from the cell it returned: the rest is made as hunt-and-kill.
class Wilson final : public TreeGenerator {
 public:
  Wilson(Maze& m, GwRnd& r, const GeneratorOptions& o) : TreeGenerator(m, r, o, "wilson") {
    for (std::size_t i = 0; i < cells_; ++i)
      if (!masked(i)) nib_.set_bits(i, kLive);
    nib_.put(start_, kVisited);
    ++visited_count_;
  }
  CellPos cursor() const override {
    return walking_ ? CellPos{col_of(cur_), row_of(cur_)} : CellPos{-1, -1};
  }

 protected:
  bool carving_done() const override { return all_visited(); }
  // A move of the walk inside the grid is walk_inside()'s, every other move move()'s.
  void carve_step() override {
    if (!(walking_ && !stalled_ && mask_ == nullptr && walk_inside(1) == 1)) move();
  }
  void carve_all() override {
    while (!all_visited()) {
      if (walking_ && !stalled_ && mask_ == nullptr) walk_inside(UINT32_MAX);
      if (!all_visited()) move();
    }
  }

 private:
  // Up to `budget` moves of the walk inside the grid (all four neighbours there, no
  // mask: pick(4) is the direction itself), on locals: a store to the store's bytes would
  // make the compiler reload members around it. Returns the moves made: it stops with
  // the walk joined to the tree, or at a move that move() must make (the border, or the
  // stall limit).
  uint32_t walk_inside(uint32_t budget) {
    const Nibbles cells = nib_;
    const int width = width_, height = height_;
    const std::ptrdiff_t step[4] = {-static_cast<std::ptrdiff_t>(width), 1,
                                    static_cast<std::ptrdiff_t>(width), -1};
    uint32_t s = rnd_.state();
    uint64_t draws = 0;
    std::size_t cur = cur_;
    int col = col_, row = row_;
    uint32_t len = walk_len_;
    const uint32_t limit = stall_limit_;
    bool joined = false;
    uint32_t moves = 0;
    while (moves != budget && len != limit && col > 0 && row > 0 && col + 1 < width &&
           row + 1 < height) {
      ++len;
      ++moves;
      s = GwRnd::next_state(s);
      ++draws;
      int v = GwRnd::draw_at(s, 4);
      const int d = (v > 4 ? 4 : v) - 1;  // pick(4): the direction itself
      const std::size_t next = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(cur) + step[d]);
      cells.put(cur, kLive | static_cast<unsigned>(d));  // outside the tree, the walk's exit
      if (cells.test(next, kVisited)) {
        joined = true;
        break;
      }
      cur = next;
      col += kDc[d];
      row += kDr[d];
    }
    rnd_.advance_to(s, draws);
    cur_ = cur;
    col_ = col;
    row_ = row;
    walk_len_ = len;
    if (joined) {
      join_path();
      walking_ = false;
    }
    return moves;
  }

  void move() {
    if (stalled_) {
      cur_ = hunt_move(cur_);
      return;
    }
    if (!walking_) {
      walk_start_ = cur_ = store_.find_next(walk_start_, kLive);
      walking_ = true;
      walk_len_ = 0;
      split(cur_, col_, row_);
      return;
    }
    if (walk_len_ == stall_limit_) {
      stalled_ = true;
      walking_ = false;
      cur_ = rescue();
      return;
    }
    ++walk_len_;
    // A walk move on the border or around a mask: pick(n) over the neighbours there.
    std::array<std::size_t, 4> to;
    std::array<int, 4> dirs;
    int n = 0;
    for (int e = 0; e < 4; ++e) {
      std::size_t j = neighbour(cur_, col_, row_, e);
      if (j != kNone) to[n] = j, dirs[n] = e, ++n;
    }
    const int k = pick(n) - 1;
    const int d = dirs[k];
    const std::size_t next = to[k];
    nib_.put(cur_, static_cast<uint8_t>(kLive | d));
    if (visited(next)) {
      join_path();
      walking_ = false;
    } else {
      cur_ = next;
      col_ += kDc[d];
      row_ += kDr[d];
    }
  }
  int col_ = 0, row_ = 0;
  // Follows the kept exits from the walk's start to the tree, opening the passages.
  void join_path() {
    std::size_t i = walk_start_;
    int d = nib_.get(i) & 3;
    uint8_t pending = 0;  // a passage bit the previous cell opened into this one
    static constexpr uint8_t kOwn[4] = {0, kRightOpen, kDownOpen, 0};
    static constexpr uint8_t kInto[4] = {kDownOpen, 0, 0, kRightOpen};
    const std::ptrdiff_t step[4] = {-static_cast<std::ptrdiff_t>(width_), 1,
                                    static_cast<std::ptrdiff_t>(width_), -1};
    for (;;) {
      const std::size_t j = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(i) + step[d]);
      const uint8_t own = kOwn[d], into = kInto[d];
      nib_.put(i, static_cast<uint8_t>(own | pending | kVisited));
      ++visited_count_;
      if (visited(j)) {
        nib_.set_bits(j, into);
        return;
      }
      d = nib_.get(j) & 3;
      pending = into;
      i = j;
    }
  }
  bool walking_ = false;
  uint32_t walk_len_ = 0;
  std::size_t walk_start_ = 0;
  std::size_t cur_ = 0;
};

}  // namespace

std::unique_ptr<Generator> make_wilson(Maze& maze, GwRnd& rnd, const GeneratorOptions& options) {
  return std::make_unique<Wilson>(maze, rnd, options);
}

}  // namespace amazing::core
