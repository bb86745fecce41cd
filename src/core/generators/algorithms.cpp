// The algorithms behind make_generator(). Each class comment gives the RND calls of one
// carving move, in order; together with generator.hpp's contract (entrance first, exit
// and markers last, pick(k) draws only when k >= 2, neighbours up, right, down, left)
// that is what a Lua version must reproduce.

#include <algorithm>
#include <array>
#include <bit>
#include <string>

#include "core/generators/eller.hpp"
#include "core/generators/generator.hpp"

namespace amazing::core {
namespace {

constexpr int kUp = 0, kRight = 1, kDown = 2, kLeft = 3;

// Shared by the algorithms that grow one tree outward from visited cells.
class TreeGenerator : public Generator {
 protected:
  using Generator::Generator;

  bool visited(std::size_t i) const { return store_.test(i, kVisited); }
  void visit(std::size_t i) {
    store_.set_bits(i, kVisited);
    ++visited_count_;
  }
  // The neighbours of i with the given visited state, up, right, down, left order.
  int neighbours(std::size_t i, bool want_visited, std::array<std::size_t, 4>& out,
                 std::array<int, 4>& dirs) const {
    int col, row, n = 0;
    split(i, col, row);
    for (int d = 0; d < 4; ++d) {
      std::size_t j = neighbour(i, col, row, d);
      if (j != kNone && visited(j) == want_visited) out[n] = j, dirs[n] = d, ++n;
    }
    return n;
  }
  bool has_unvisited_neighbour(std::size_t i) const {
    int col, row;
    split(i, col, row);
    for (int d = 0; d < 4; ++d) {
      std::size_t j = neighbour(i, col, row, d);
      if (j != kNone && !visited(j)) return true;
    }
    return false;
  }
  // One move of a random walk to an unvisited neighbour: pick(n); returns the new cell
  // or kNone when there is none (no draw then).
  std::size_t walk_from(std::size_t i) {
    std::array<std::size_t, 4> to;
    std::array<int, 4> dirs;
    int n = neighbours(i, false, to, dirs);
    if (n == 0) return kNone;
    int k = pick(n) - 1;
    open_between(i, dirs[k]);
    visit(to[k]);
    return to[k];
  }
  bool all_visited() const { return visited_count_ == open_cells_; }
  // After a stall the random walks finish as hunt-and-kill does (the RND has gone round
  // its period, so a walk may be looping): rescue() is the hunt -- the first cell in
  // row-major order that is not visited and has m visited neighbours joins one of them,
  // pick(m) -- and hunt_move() walks to one of n unvisited neighbours, pick(n), or hunts
  // when there is none. Both return the new current cell.
  std::size_t rescue() {
    std::array<std::size_t, 4> to;
    std::array<int, 4> dirs;
    while (hunt_from_ < cells_ && (masked(hunt_from_) || visited(hunt_from_))) ++hunt_from_;
    for (std::size_t i = hunt_from_; i < cells_; ++i) {
      if (masked(i) || visited(i)) continue;
      int m = neighbours(i, true, to, dirs);
      if (m == 0) continue;
      int k = pick(m) - 1;
      // Its own passage bits may hold a walk's scratch (wilson): start them afresh.
      store_.set(i, 0);
      open_between(i, dirs[k]);
      visit(i);
      return i;
    }
    return kNone;  // not reached while cells remain outside the tree (the mask is connected)
  }
  std::size_t hunt_move(std::size_t cur) {
    std::array<std::size_t, 4> to;
    std::array<int, 4> dirs;
    int n = neighbours(cur, false, to, dirs);
    if (n == 0) return rescue();
    int k = pick(n) - 1;
    store_.set(to[k], 0);  // wilson keeps scratch in cells outside the tree
    open_between(cur, dirs[k]);
    visit(to[k]);
    return to[k];
  }
  std::size_t hunt_from_ = 0;
  bool stalled_ = false;

  std::size_t visited_count_ = 0;
};

// backtracker: depth-first with an explicit stack. A move at the stack's top cell: with
// n unvisited neighbours, pick(n) and push that one; with none, pop (no draw). Markers:
// the two ends of the longest path (no draw).
class Backtracker final : public TreeGenerator {
 public:
  Backtracker(Maze& m, GwRnd& r, const GeneratorOptions& o) : TreeGenerator(m, r, o, "backtracker") {
    // Masked cells count as visited, so the hot loop needs no mask test.
    if (mask_ != nullptr)
      for (std::size_t i = 0; i < cells_; ++i)
        if (masked(i)) store_.set_bits(i, kVisited);
    visit(start_);
    stack_.push_back(static_cast<uint32_t>(start_ << 2));
    deepest_ = cur_ = start_;
    col_ = static_cast<int>(start_);
    row_ = 0;
  }
  CellPos cursor() const override { return stack_.empty() ? CellPos{-1, -1} : CellPos{col_, row_}; }

 protected:
  bool carving_done() const override { return stack_.empty(); }
  void carve_step() override { move(); }
  void carve_all() override {
    // move() on locals: the store's bytes may alias every member (and rnd_), so the
    // member version reloads them around each store. The same draws and moves; the draw
    // over the open neighbours is made without branches (see move()).
    if (stack_.empty()) return;
    uint8_t* const bytes = store_.bytes().data();
    auto get = [bytes](std::size_t i) -> unsigned {
      return (bytes[i >> 1] >> ((i & 1) * 4)) & 0xFu;
    };
    auto set = [bytes](std::size_t i, unsigned bits) {
      bytes[i >> 1] = static_cast<uint8_t>(bytes[i >> 1] | (bits << ((i & 1) * 4)));
    };
    const int width = width_, height = height_;
    const std::ptrdiff_t step[4] = {-static_cast<std::ptrdiff_t>(width), 1,
                                    static_cast<std::ptrdiff_t>(width), -1};
    // The owner cell (offset from i) and bit of the wall towards each direction.
    const std::ptrdiff_t owner[4] = {-static_cast<std::ptrdiff_t>(width), 0, 0, -1};
    static constexpr uint8_t kWall[4] = {kDownOpen, kRightOpen, kDownOpen, kRightOpen};
    static constexpr uint8_t kBits[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
    // kNth[m][k-1]: the direction of the k-th set bit of m, in the order up, right, down, left.
    static constexpr auto kNth = [] {
      std::array<std::array<uint8_t, 4>, 16> t{};
      for (unsigned m = 0; m < 16; ++m) {
        unsigned k = 0;
        for (unsigned d = 0; d < 4; ++d)
          if (m & (1u << d)) t[m][k++] = static_cast<uint8_t>(d);
      }
      return t;
    }();
    uint32_t s = rnd_.state();
    uint64_t draws = 0;
    std::size_t i = cur_;
    int col = col_, row = row_;
    std::size_t deepest = deepest_, deepest_depth = deepest_depth_;
    std::vector<uint32_t>& stack = stack_;
    for (;;) {
      unsigned m = 0;
      if (row > 0) m |= (~get(i - width) >> 2) & 1u;
      if (col + 1 < width) m |= ((~get(i + 1) >> 2) & 1u) << 1;
      if (row + 1 < height) m |= ((~get(i + width) >> 2) & 1u) << 2;
      if (col > 0) m |= ((~get(i - 1) >> 2) & 1u) << 3;
      if (m == 0) {  // back to the cell we came from
        const int d = static_cast<int>(stack.back() & 3);
        stack.pop_back();
        if (stack.empty()) break;
        i = stack.back() >> 2;
        col -= kDc[d];
        row -= kDr[d];
        continue;
      }
      // pick(n): the step is kept only when n >= 2; a forced move draws nothing.
      const int n = kBits[m];
      const uint32_t s1 = GwRnd::next_state(s);
      const uint32_t drew = n >= 2;
      const uint32_t keep = 0u - drew;
      s = (s1 & keep) | (s & ~keep);
      draws += drew;
      // The next cell depends on the pick, so its float arithmetic would sit on the
      // loop's critical path. For two and four open sides pick(k) is the state's top bit
      // or two bits plus one (s/2^23 + 1 and s/2^22 + 1 are exact in float32, and draw(4)
      // can only round up to 5, which pick clamps); generators_test checks every state.
      // Three open sides are rare: only they take the float path.
      int k;
      if (n == 3) [[unlikely]] {
        const int v = GwRnd::draw_at(s1, 3);
        k = v > 3 ? 3 : v;
      } else {
        k = n == 4 ? static_cast<int>(s1 >> 22) + 1 : n == 2 ? static_cast<int>(s1 >> 23) + 1 : 1;
      }
      const int d = kNth[m][k - 1];
      set(static_cast<std::size_t>(static_cast<std::ptrdiff_t>(i) + owner[d]), kWall[d]);
      const std::size_t next = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(i) + step[d]);
      set(next, kVisited);
      stack.push_back(static_cast<uint32_t>((next << 2) | static_cast<unsigned>(d)));
      i = next;
      col += kDc[d];
      row += kDr[d];
      if (stack.size() > deepest_depth) deepest_depth = stack.size(), deepest = next;
    }
    note_scratch(stack.capacity() * sizeof(uint32_t));
    rnd_.advance_to(s, draws);
    cur_ = i;
    col_ = col;
    row_ = row;
    deepest_ = deepest;
    deepest_depth_ = deepest_depth;
  }
  // The stack is the path from the entrance, so its deepest cell is one end of the
  // longest path already.
  void default_markers() override { mark_longest_path(deepest_); }

 private:
  // Stack entries are cell * 4 + the direction the cell was entered by, so the current
  // cell's column and row follow each move without a division.
  void move() {
    const std::size_t i = cur_;
    const int col = col_, row = row_;
    // Unvisited neighbours as bits 1 up, 2 right, 4 down, 8 left, without branching on
    // the maze's (random) contents.
    unsigned m = 0;
    if (row > 0) m |= (~store_.get(i - width_) >> 2) & 1u;
    if (col + 1 < width_) m |= ((~store_.get(i + 1) >> 2) & 1u) << 1;
    if (row + 1 < height_) m |= ((~store_.get(i + width_) >> 2) & 1u) << 2;
    if (col > 0) m |= ((~store_.get(i - 1) >> 2) & 1u) << 3;
    if (m == 0) {  // back to the cell we came from
      const int d = static_cast<int>(stack_.back() & 3);
      stack_.pop_back();
      if (stack_.empty()) return;
      cur_ = stack_.back() >> 2;
      col_ -= kDc[d];
      row_ -= kDr[d];
      return;
    }
    static constexpr uint8_t kBits[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
    for (int k = pick(kBits[m]); k > 1; --k) m &= m - 1;  // the k-th, in order
    const int d = std::countr_zero(m);
    open_between(i, d);
    const std::ptrdiff_t step[4] = {-static_cast<std::ptrdiff_t>(width_), 1,
                                    static_cast<std::ptrdiff_t>(width_), -1};
    const std::size_t next = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(i) + step[d]);
    store_.set_bits(next, kVisited);
    stack_.push_back(static_cast<uint32_t>((next << 2) | static_cast<unsigned>(d)));
    note_scratch(stack_.capacity() * sizeof(uint32_t));
    cur_ = next;
    col_ += kDc[d];
    row_ += kDr[d];
    if (stack_.size() > deepest_depth_) deepest_depth_ = stack_.size(), deepest_ = next;
  }
  static constexpr int kDc[4] = {0, 1, 0, -1}, kDr[4] = {-1, 0, 1, 0};
  std::vector<uint32_t> stack_;
  std::size_t cur_ = 0, deepest_ = 0, deepest_depth_ = 1;
  int col_ = 0, row_ = 0;
};

// hunt-and-kill: walk to a random unvisited neighbour (pick(n)); when stuck, hunt in
// row-major order for the first unvisited cell with a visited neighbour, join it to one
// of its m visited neighbours (pick(m)) and walk on from it. Stuck + hunt is one move.
// kLive marks the cells not yet visited so the hunt skips visited stretches 16 at a time.
class HuntAndKill final : public TreeGenerator {
 public:
  HuntAndKill(Maze& m, GwRnd& r, const GeneratorOptions& o) : TreeGenerator(m, r, o, "hunt-and-kill") {
    for (std::size_t i = 0; i < cells_; ++i)
      if (!masked(i)) store_.set_bits(i, kLive);
    enter(start_);
    cur_ = start_;
  }
  CellPos cursor() const override { return {col_of(cur_), row_of(cur_)}; }

 protected:
  bool carving_done() const override { return all_visited(); }
  void carve_step() override { move(); }
  void carve_all() override {
    while (!all_visited()) move();
  }

 private:
  void enter(std::size_t i) {
    visit(i);
    store_.clear_bits(i, kLive);
  }
  void move() {
    std::array<std::size_t, 4> to;
    std::array<int, 4> dirs;
    int n = neighbours(cur_, false, to, dirs);
    if (n > 0) {
      int k = pick(n) - 1;
      open_between(cur_, dirs[k]);
      enter(to[k]);
      cur_ = to[k];
      return;
    }
    // Hunt. Cells before hunt_from_ are all visited (or masked).
    for (std::size_t i = store_.find_next(hunt_from_, kLive); i < cells_;
         i = store_.find_next(i + 1, kLive)) {
      if (i < hunt_from_) break;
      int m = neighbours(i, true, to, dirs);
      if (m == 0) continue;
      int k = pick(m) - 1;
      open_between(i, dirs[k]);
      enter(i);
      cur_ = i;
      hunt_from_ = store_.find_next(hunt_from_, kLive);
      return;
    }
  }
  std::size_t cur_;
  std::size_t hunt_from_ = 0;
};

// aldous-broder: a random walk over all open cells: pick(n) among the n neighbours
// (visited or not); a passage is opened when the walk enters a cell for the first time.
// Stall: when stall_limit moves in a row entered no new cell (the RND has gone round its
// whole 2^24 period, so the walk may be looping), this and every later move is a
// hunt-and-kill move, hunt_move(), from the walk's cell. Mazes under about 100,000 cells
// never stall; larger ones are then no longer exactly uniform.
class AldousBroder final : public TreeGenerator {
 public:
  AldousBroder(Maze& m, GwRnd& r, const GeneratorOptions& o) : TreeGenerator(m, r, o, "aldous-broder") {
    visit(start_);
    cur_ = start_;
  }
  CellPos cursor() const override { return {col_of(cur_), row_of(cur_)}; }

 protected:
  bool carving_done() const override { return all_visited(); }
  void carve_step() override { move(); }
  void carve_all() override {
    while (!all_visited()) move();
  }

 private:
  void move() {
    if (stalled_ || idle_ == stall_limit_) {
      stalled_ = true;
      cur_ = hunt_move(cur_);
      return;
    }
    int col, row;
    split(cur_, col, row);
    std::array<std::size_t, 4> to;
    std::array<int, 4> dirs;
    int n = 0;
    for (int d = 0; d < 4; ++d) {
      std::size_t j = neighbour(cur_, col, row, d);
      if (j != kNone) to[n] = j, dirs[n] = d, ++n;
    }
    int k = pick(n) - 1;
    if (!visited(to[k])) {
      open_between(cur_, dirs[k]);
      visit(to[k]);
      idle_ = 0;
    } else {
      ++idle_;
    }
    cur_ = to[k];
  }
  std::size_t cur_;
  uint32_t idle_ = 0;
};

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
      if (!masked(i)) store_.set_bits(i, kLive);
    store_.set(start_, kVisited);
    ++visited_count_;
  }
  CellPos cursor() const override {
    return walking_ ? CellPos{col_of(cur_), row_of(cur_)} : CellPos{-1, -1};
  }

 protected:
  bool carving_done() const override { return all_visited(); }
  void carve_step() override { move(); }
  void carve_all() override {
    while (!all_visited()) {
      if (walking_ && !stalled_ && mask_ == nullptr) walk_inside();
      if (!all_visited()) move();
    }
  }

 private:
  // The walk's moves inside the grid (all four neighbours there, no mask) on locals: the
  // same draws and marks as move(), without reloading members around every store to the
  // store's bytes. Returns with the walk joined to the tree, or at a move that move()
  // must make (the border, or the stall limit).
  void walk_inside() {
    uint8_t* const bytes = store_.bytes().data();
    const int width = width_, height = height_;
    const std::ptrdiff_t step[4] = {-static_cast<std::ptrdiff_t>(width), 1,
                                    static_cast<std::ptrdiff_t>(width), -1};
    static constexpr int kDc[4] = {0, 1, 0, -1}, kDr[4] = {-1, 0, 1, 0};
    uint32_t s = rnd_.state();
    uint64_t draws = 0;
    std::size_t cur = cur_;
    int col = col_, row = row_;
    uint32_t len = walk_len_;
    const uint32_t limit = stall_limit_;
    bool joined = false;
    while (len != limit && col > 0 && row > 0 && col + 1 < width && row + 1 < height) {
      ++len;
      s = GwRnd::next_state(s);
      ++draws;
      int v = GwRnd::draw_at(s, 4);
      const int d = (v > 4 ? 4 : v) - 1;  // pick(4): the direction itself
      const std::size_t next = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(cur) + step[d]);
      {  // the cell's nibble: kLive and the walk's exit
        const unsigned shift = (cur & 1) * 4;
        uint8_t& byte = bytes[cur >> 1];
        byte = static_cast<uint8_t>((byte & ~(0xFu << shift)) | ((kLive | d) << shift));
      }
      if ((bytes[next >> 1] >> ((next & 1) * 4)) & kVisited) {
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
    static constexpr int kDc[4] = {0, 1, 0, -1}, kDr[4] = {-1, 0, 1, 0};
    int d;
    std::size_t next;
    if (mask_ == nullptr && col_ > 0 && row_ > 0 && col_ + 1 < width_ && row_ + 1 < height_) {
      // Inside the grid all four neighbours are there: pick(4) is the direction itself.
      d = pick(4) - 1;
      const std::ptrdiff_t step[4] = {-static_cast<std::ptrdiff_t>(width_), 1,
                                      static_cast<std::ptrdiff_t>(width_), -1};
      next = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(cur_) + step[d]);
    } else {
      std::array<std::size_t, 4> to;
      std::array<int, 4> dirs;
      int n = 0;
      for (int e = 0; e < 4; ++e) {
        std::size_t j = neighbour(cur_, col_, row_, e);
        if (j != kNone) to[n] = j, dirs[n] = e, ++n;
      }
      int k = pick(n) - 1;
      d = dirs[k];
      next = to[k];
    }
    store_.set(cur_, static_cast<uint8_t>(kLive | d));
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
    int d = store_.get(i) & 3;
    uint8_t pending = 0;  // a passage bit the previous cell opened into this one
    static constexpr uint8_t kOwn[4] = {0, kRightOpen, kDownOpen, 0};
    static constexpr uint8_t kInto[4] = {kDownOpen, 0, 0, kRightOpen};
    const std::ptrdiff_t step[4] = {-static_cast<std::ptrdiff_t>(width_), 1,
                                    static_cast<std::ptrdiff_t>(width_), -1};
    for (;;) {
      const std::size_t j = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(i) + step[d]);
      const uint8_t own = kOwn[d], into = kInto[d];
      store_.set(i, static_cast<uint8_t>(own | pending | kVisited));
      ++visited_count_;
      if (visited(j)) {
        store_.set_bits(j, into);
        return;
      }
      d = store_.get(j) & 3;
      pending = into;
      i = j;
    }
  }
  bool walking_ = false;
  uint32_t walk_len_ = 0;
  std::size_t walk_start_ = 0;
  std::size_t cur_ = 0;
};

// whitney: the JavaScript redesign of AMAZING. Walk to a random unvisited neighbour
// (pick(n)); at a dead end, restart at a random visited cell that still has an unvisited
// neighbour: pick(size) over the list of visited cells (in the order they were visited,
// except that a cell found with no unvisited neighbour is replaced by the list's last
// cell), drawing again until the cell drawn has a move. Dead end + restart is one move.
class Whitney final : public TreeGenerator {
 public:
  Whitney(Maze& m, GwRnd& r, const GeneratorOptions& o) : TreeGenerator(m, r, o, "whitney") {
    visit(start_);
    cur_ = start_;
    list_.push_back(static_cast<uint32_t>(start_));
  }
  CellPos cursor() const override { return {col_of(cur_), row_of(cur_)}; }

 protected:
  bool carving_done() const override { return all_visited(); }
  void carve_step() override { move(); }
  void carve_all() override {
    while (!all_visited()) move();
  }

 private:
  void move() {
    std::size_t next = walk_from(cur_);
    if (next != kNone) {
      cur_ = next;
      list_.push_back(static_cast<uint32_t>(next));
      note_scratch(list_.capacity() * sizeof(uint32_t));
      return;
    }
    for (;;) {
      std::size_t k = static_cast<std::size_t>(pick(static_cast<int>(list_.size())) - 1);
      std::size_t c = list_[k];
      if (has_unvisited_neighbour(c)) {
        cur_ = c;
        return;
      }
      list_[k] = list_.back();
      list_.pop_back();
    }
  }
  std::size_t cur_;
  std::vector<uint32_t> list_;
};

// restart: the 48K-era method, no memory besides the maze. Walk to a random unvisited
// neighbour (pick(n)); when stuck, pick(width * height) over all cells (masked ones
// included) until the cell drawn is visited and has an unvisited neighbour.
class Restart final : public TreeGenerator {
 public:
  Restart(Maze& m, GwRnd& r, const GeneratorOptions& o) : TreeGenerator(m, r, o, "restart") {
    visit(start_);
    cur_ = start_;
  }
  CellPos cursor() const override { return {col_of(cur_), row_of(cur_)}; }

 protected:
  bool carving_done() const override { return all_visited(); }
  void carve_step() override { move(); }
  void carve_all() override {
    while (!all_visited()) move();
  }

 private:
  void move() {
    std::size_t next = walk_from(cur_);
    if (next != kNone) {
      cur_ = next;
      return;
    }
    const int n = static_cast<int>(cells_);
    for (;;) {
      std::size_t c = static_cast<std::size_t>(pick(n) - 1);
      if (!masked(c) && visited(c) && has_unvisited_neighbour(c)) {
        cur_ = c;
        return;
      }
    }
  }
  std::size_t cur_;
};

// prim: randomized Prim over a frontier list (kLive marks frontier cells). A move:
// pick(size) over the frontier list (the chosen slot gets the list's last cell), then
// pick(m) over that cell's m visited neighbours to join it to, then its unvisited
// neighbours not yet in the frontier are appended, up, right, down, left.
class Prim final : public TreeGenerator {
 public:
  Prim(Maze& m, GwRnd& r, const GeneratorOptions& o) : TreeGenerator(m, r, o, "prim") {
    visit(start_);
    add_frontier(start_);
  }
  CellPos cursor() const override { return {col_of(last_), row_of(last_)}; }

 protected:
  bool carving_done() const override { return frontier_.empty(); }
  void carve_step() override { move(); }
  void carve_all() override {
    while (!frontier_.empty()) move();
  }

 private:
  void add_frontier(std::size_t i) {
    int col, row;
    split(i, col, row);
    for (int d = 0; d < 4; ++d) {
      std::size_t j = neighbour(i, col, row, d);
      if (j == kNone || store_.test(j, kVisited | kLive)) continue;
      store_.set_bits(j, kLive);
      frontier_.push_back(static_cast<uint32_t>(j));
    }
    note_scratch(frontier_.capacity() * sizeof(uint32_t));
  }
  void move() {
    std::size_t k = static_cast<std::size_t>(pick(static_cast<int>(frontier_.size())) - 1);
    std::size_t c = frontier_[k];
    frontier_[k] = frontier_.back();
    frontier_.pop_back();
    std::array<std::size_t, 4> to;
    std::array<int, 4> dirs;
    int m = neighbours(c, true, to, dirs);
    int j = pick(m) - 1;
    open_between(c, dirs[j]);
    store_.clear_bits(c, kLive);
    visit(c);
    last_ = c;
    add_frontier(c);
  }
  std::vector<uint32_t> frontier_;
  std::size_t last_ = 0;
};

// growing-tree: a list of active cells, half newest, half random. A move: pick(2), 1 = the
// list's last cell, 2 = pick(size) over the list; then with n unvisited neighbours,
// pick(n), open, append the new cell; with none, the cell leaves the list (its slot gets
// the list's last cell).
class GrowingTree final : public TreeGenerator {
 public:
  GrowingTree(Maze& m, GwRnd& r, const GeneratorOptions& o) : TreeGenerator(m, r, o, "growing-tree") {
    visit(start_);
    list_.push_back(static_cast<uint32_t>(start_));
  }
  CellPos cursor() const override {
    return list_.empty() ? CellPos{-1, -1} : CellPos{col_of(list_.back()), row_of(list_.back())};
  }

 protected:
  bool carving_done() const override { return list_.empty(); }
  void carve_step() override { move(); }
  void carve_all() override {
    while (!list_.empty()) move();
  }

 private:
  void move() {
    std::size_t k = list_.size() - 1;
    if (pick(2) == 2) k = static_cast<std::size_t>(pick(static_cast<int>(list_.size())) - 1);
    std::size_t next = walk_from(list_[k]);
    if (next == kNone) {
      list_[k] = list_.back();
      list_.pop_back();
    } else {
      list_.push_back(static_cast<uint32_t>(next));
      note_scratch(list_.capacity() * sizeof(uint32_t));
    }
  }
  std::vector<uint32_t> list_;
};

// kruskal: every wall between two open cells is an edge, listed row-major, for each cell
// its right wall then its down wall. The first move shuffles them: for i from the last
// index down to 1, j = pick(i + 1) - 1, swap. Each later move takes the next edge and
// opens it when its cells are in different sets (no draw). Union-find: 4 bytes a cell.
class Kruskal final : public TreeGenerator {
 public:
  Kruskal(Maze& m, GwRnd& r, const GeneratorOptions& o) : TreeGenerator(m, r, o, "kruskal") {}

 protected:
  bool carving_done() const override { return shuffled_ && joined_ + 1 >= open_cells_; }
  void carve_step() override {
    if (!shuffled_) return shuffle();
    edge();
  }
  void carve_all() override {
    if (!shuffled_) shuffle();
    while (joined_ + 1 < open_cells_) edge();
  }

 private:
  void shuffle() {
    shuffled_ = true;
    parent_.resize(cells_);
    for (std::size_t i = 0; i < cells_; ++i) parent_[i] = static_cast<uint32_t>(i);
    for (std::size_t i = 0; i < cells_; ++i) {
      if (masked(i)) continue;
      int col, row;
    split(i, col, row);
      if (neighbour(i, col, row, kRight) != kNone) edges_.push_back(static_cast<uint32_t>(i * 2));
      if (neighbour(i, col, row, kDown) != kNone) edges_.push_back(static_cast<uint32_t>(i * 2 + 1));
    }
    for (std::size_t i = edges_.size(); i-- > 1;) {
      std::size_t j = static_cast<std::size_t>(pick(static_cast<int>(i + 1)) - 1);
      std::swap(edges_[i], edges_[j]);
    }
    note_scratch(edges_.capacity() * 4 + parent_.capacity() * 4);
  }
  uint32_t find(uint32_t x) {
    while (parent_[x] != x) {
      parent_[x] = parent_[parent_[x]];
      x = parent_[x];
    }
    return x;
  }
  void edge() {
    uint32_t e = edges_[next_++];
    std::size_t a = e >> 1;
    std::size_t b = (e & 1) ? a + width_ : a + 1;
    uint32_t ra = find(static_cast<uint32_t>(a)), rb = find(static_cast<uint32_t>(b));
    if (ra == rb) return;
    parent_[ra] = rb;
    open_between(a, (e & 1) ? kDown : kRight);
    ++joined_;
  }
  bool shuffled_ = false;
  std::vector<uint32_t> edges_;
  std::vector<uint32_t> parent_;
  std::size_t next_ = 0;
  std::size_t joined_ = 0;
};

// binary-tree: each cell in row-major order opens right or down: pick(n) over the walls
// it may open (right unless in the last column, then down unless in the last row), so
// pick(2) with 1 = right, 2 = down; forced cells draw nothing.
class BinaryTree final : public Generator {
 public:
  BinaryTree(Maze& m, GwRnd& r, const GeneratorOptions& o) : Generator(m, r, o, "binary-tree") {}
  CellPos cursor() const override { return {col_, row_}; }

 protected:
  bool carving_done() const override { return row_ >= height_; }
  void carve_step() override {
    cell(static_cast<std::size_t>(row_) * width_ + col_, col_ + 1 < width_, row_ + 1 < height_);
    if (++col_ == width_) col_ = 0, ++row_;
  }
  void carve_all() override {
    // Row by row, the same decisions as carve_step without the per-cell bookkeeping.
    // The rest of a row begun by step() first, then whole rows on local copies: the
    // store's bytes may alias anything, so with members and rnd_ the compiler would load
    // and store them around every cell. The coin is used as a number, not a branch.
    if (col_ != 0) {
      while (col_ != 0) carve_step();
    }
    GwRnd r = rnd_;
    uint8_t* const d = store_.bytes().data();
    const std::size_t w = static_cast<std::size_t>(width_);
    for (int row = row_; row < height_; ++row) {
      std::size_t i = static_cast<std::size_t>(row) * w;
      const std::size_t end = i + w - 1;  // the last column
      if (row + 1 < height_) {
        for (; i < end; ++i) {
          // draw(2) == 1: right (2), else down (1); draw(2) is 1, 2 or (rounding) 3. A
          // table, so that the compiler cannot turn the coin into a branch.
          static constexpr uint8_t kNib[4] = {0, kRightOpen, kDownOpen, kDownOpen};
          const unsigned nib = kNib[r.draw(2) & 3];
          d[i >> 1] |= static_cast<uint8_t>(nib << ((i & 1) * 4));
        }
        d[i >> 1] |= static_cast<uint8_t>(kDownOpen << ((i & 1) * 4));
      } else {
        for (; i < end; ++i) d[i >> 1] |= static_cast<uint8_t>(kRightOpen << ((i & 1) * 4));
      }
    }
    row_ = height_;
    col_ = 0;
    rnd_ = r;
  }

 private:
  void cell(std::size_t i, bool right, bool down) {
    if (right && down) {
      // pick(2): 1 = right (bit 2), 2 = down (bit 1); branch-free, the draw is a coin.
      store_.set_bits(i, static_cast<uint8_t>(1 + (rnd_.draw(2) == 1)));
    } else if (right) {
      open_right(i);
    } else if (down) {
      open_down(i);
    }
  }
  int col_ = 0, row_ = 0;
};

// sidewinder: the top row is one corridor (no draw). In each later row, left to right, a
// cell not in the last column draws pick(2): 1 = open right and extend the run, 2 = close
// the run; the last column always closes. Closing a run of r cells draws pick(r) for the
// cell that opens upward (the run's cells counted from the left).
class Sidewinder final : public Generator {
 public:
  Sidewinder(Maze& m, GwRnd& r, const GeneratorOptions& o) : Generator(m, r, o, "sidewinder") {}
  CellPos cursor() const override { return {col_, row_}; }

 protected:
  bool carving_done() const override { return row_ >= height_; }
  void carve_step() override { cell(); }
  void carve_all() override {
    // Row by row with the same draws as cell(); only the bookkeeping is hoisted, and the
    // RND and the counters are local (the store's bytes may alias members and rnd_).
    while (row_ < height_ && (col_ != 0 || row_ == 0)) cell();
    GwRnd r = rnd_;
    auto pick_local = [&r](int k) {
      if (k <= 1) return 1;
      int v = r.draw(k);
      return v > k ? k : v;
    };
    uint8_t* const d = store_.bytes().data();
    auto set = [d](std::size_t i, unsigned bits) {
      d[i >> 1] |= static_cast<uint8_t>(bits << ((i & 1) * 4));
    };
    const int w = width_;
    uint32_t s = r.state();
    uint64_t draws = 0;
    for (int row = row_; row < height_; ++row) {
      const std::size_t base = static_cast<std::size_t>(row) * static_cast<std::size_t>(w);
      const std::size_t above = base - static_cast<std::size_t>(w);
      int run = 0;
      for (int c = 0; c + 1 < w; ++c) {
        // Branch-free (the coin is random, a branch on it mispredicts half the time):
        // the run's pick is always computed, and its step kept only when the coin closed
        // the run and the run has two cells or more (pick(1) draws nothing).
        const uint32_t s1 = GwRnd::next_state(s);
        // draw(2) == 1 exactly when the state is below 2^23 (s/2^23 + 1 is exact in
        // float32 then, and at least 2 otherwise; generators_test checks all 2^24
        // states). The integer test keeps the float work off the state's dependency chain.
        const uint32_t right = s1 < (GwRnd::kModulus >> 1);  // 1: open right
        const int k = c - run + 1;
        const uint32_t s2 = GwRnd::next_state(s1);
        int v = GwRnd::draw_at(s2, k);
        v = v > k ? k : v;
        const uint32_t drew = (right ^ 1u) & static_cast<uint32_t>(k >= 2);
        const uint32_t keep = 0u - drew;  // all ones when the pick drew
        s = (s2 & keep) | (s1 & ~keep);
        draws += 1 + drew;
        const int up = k >= 2 ? v : 1;
        const std::size_t down_at = above + run + up - 1;
        const std::size_t mr = 0 - static_cast<std::size_t>(right);
        const std::size_t at = ((base + c) & mr) | (down_at & ~mr);
        set(at, kDownOpen + right);  // right: kRightOpen (2), else kDownOpen (1)
        run = static_cast<int>((static_cast<uint32_t>(run) & (0u - right)) |
                               (static_cast<uint32_t>(c + 1) & (right - 1u)));
      }
      r.advance_to(s, draws);
      draws = 0;
      set(above + run + pick_local(w - run) - 1, kDownOpen);
      s = r.state();
    }
    row_ = height_;
    col_ = 0;
    rnd_ = r;
  }

 private:
  void cell() {
    const std::size_t row_base = static_cast<std::size_t>(row_) * width_;
    const bool last_col = col_ + 1 == width_;
    if (row_ == 0) {
      if (!last_col) open_right(row_base + col_);
    } else if (!last_col && pick(2) == 1) {
      open_right(row_base + col_);
    } else {
      int up = run_start_ + pick(col_ - run_start_ + 1) - 1;
      open_down(row_base - width_ + up);
      run_start_ = col_ + 1;
    }
    if (++col_ == width_) col_ = 0, run_start_ = 0, ++row_;
  }
  int col_ = 0, row_ = 0, run_start_ = 0;
};

// eller: see eller.hpp for the RND order; one move is one row.
class Eller final : public Generator {
 public:
  Eller(Maze& m, GwRnd& r, const GeneratorOptions& o)
      : Generator(m, r, o, "eller"), rows_(width_, r), buffer_(width_) {
    note_scratch(rows_.memory_bytes() + buffer_.capacity());
  }
  CellPos cursor() const override { return {0, row_}; }

 protected:
  bool carving_done() const override { return row_ >= height_; }
  void carve_step() override { row(); }
  void carve_all() override {
    while (row_ < height_) row();
  }

 private:
  void row() {
    rows_.next_row(buffer_.data(), row_ + 1 == height_);
    // Into the store without a branch per cell (OR-ing 0 changes nothing) and on locals
    // (the store's bytes may alias the members).
    const std::size_t base = static_cast<std::size_t>(row_) * width_;
    const uint8_t* const src = buffer_.data();
    uint8_t* const bytes = store_.bytes().data();
    const std::size_t w = static_cast<std::size_t>(width_);
    for (std::size_t c = 0; c < w; ++c) {
      const std::size_t i = base + c;
      bytes[i >> 1] = static_cast<uint8_t>(bytes[i >> 1] | (src[c] << ((i & 1) * 4)));
    }
    ++row_;
  }
  EllerRows rows_;
  std::vector<uint8_t> buffer_;
  int row_ = 0;
};

// recursive-division: starts with every inner wall open and adds walls. A move divides
// the chamber on top of the stack (the whole maze first): orientation pick(2) only when
// the chamber is square (1 = a horizontal wall, 2 = vertical), else across the longer
// side; then the wall's place pick(h-1) (below row k of the chamber) or pick(w-1) (right
// of column k); then the gap pick(w) or pick(h). The two halves are pushed second half
// first, so the top or left half is divided next. Chambers 1 cell thin are not pushed.
class RecursiveDivision final : public Generator {
 public:
  RecursiveDivision(Maze& m, GwRnd& r, const GeneratorOptions& o)
      : Generator(m, r, o, "recursive-division") {
    for (int row = 0; row < height_; ++row) {
      for (int col = 0; col < width_; ++col) {
        uint8_t bits = (col + 1 < width_ ? kRightOpen : 0) | (row + 1 < height_ ? kDownOpen : 0);
        if (bits) store_.set_bits(static_cast<std::size_t>(row) * width_ + col, bits);
      }
    }
    push({0, 0, width_, height_});
  }

 protected:
  bool carving_done() const override { return stack_.empty(); }
  void carve_step() override { divide(); }

 private:
  struct Chamber {
    int x, y, w, h;
  };
  void push(Chamber c) {
    if (c.w < 2 || c.h < 2) return;
    stack_.push_back(c);
    note_scratch(stack_.capacity() * sizeof(Chamber));
  }
  void divide() {
    Chamber c = stack_.back();
    stack_.pop_back();
    bool horizontal = c.w < c.h ? true : c.h < c.w ? false : pick(2) == 1;
    if (horizontal) {
      int k = pick(c.h - 1);
      int gap = c.x + pick(c.w) - 1;
      std::size_t base = static_cast<std::size_t>(c.y + k - 1) * width_;
      for (int col = c.x; col < c.x + c.w; ++col)
        if (col != gap) store_.clear_bits(base + col, kDownOpen);
      push({c.x, c.y + k, c.w, c.h - k});
      push({c.x, c.y, c.w, k});
    } else {
      int k = pick(c.w - 1);
      int gap = c.y + pick(c.h) - 1;
      int col = c.x + k - 1;
      for (int row = c.y; row < c.y + c.h; ++row)
        if (row != gap) store_.clear_bits(static_cast<std::size_t>(row) * width_ + col, kRightOpen);
      push({c.x + k, c.y, c.w - k, c.h});
      push({c.x, c.y, k, c.h});
    }
  }
  std::vector<Chamber> stack_;
};

template <typename T>
std::unique_ptr<Generator> make(Maze& m, GwRnd& r, const GeneratorOptions& o) {
  return std::make_unique<T>(m, r, o);
}

struct Entry {
  std::string_view name;
  bool mask;
  std::unique_ptr<Generator> (*make)(Maze&, GwRnd&, const GeneratorOptions&);
};

const std::array<Entry, 13>& entries() {
  static const std::array<Entry, 13> kEntries = {{
      {"whitney", true, make<Whitney>},
      {"restart", true, make<Restart>},
      {"backtracker", true, make<Backtracker>},
      {"aldous-broder", true, make<AldousBroder>},
      {"wilson", true, make<Wilson>},
      {"hunt-and-kill", true, make<HuntAndKill>},
      {"binary-tree", false, make<BinaryTree>},
      {"sidewinder", false, make<Sidewinder>},
      {"eller", false, make<Eller>},
      {"kruskal", true, make<Kruskal>},
      {"prim", true, make<Prim>},
      {"growing-tree", true, make<GrowingTree>},
      {"recursive-division", false, make<RecursiveDivision>},
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
    if (!e->mask) {
      return Error{"the algorithm '" + std::string(name) +
                   "' cannot carve around a mask; use backtracker, wilson, aldous-broder, "
                   "hunt-and-kill, kruskal, prim, growing-tree, whitney or restart"};
    }
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
