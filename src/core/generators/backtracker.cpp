// The backtracker generator (twin of scripts/generators/backtracker.lua); see algorithm.hpp.

#include <array>
#include <cstdint>
#include <vector>

#include "core/generators/algorithm.hpp"

namespace amazing::core {
namespace {

// backtracker: depth-first with an explicit stack. A move at the stack's top cell: with
// n unvisited neighbours, pick(n) and push that one; with none, pop (no draw). Markers:
// the two ends of the longest path (no draw).
class Backtracker final : public TreeGenerator {
 public:
  Backtracker(Maze& m, GwRnd& r, const GeneratorOptions& o) : TreeGenerator(m, r, o, "backtracker") {
    // Masked cells count as visited, so the hot loop needs no mask test.
    if (mask_ != nullptr)
      for (std::size_t i = 0; i < cells_; ++i)
        if (masked(i)) nib_.set_bits(i, kVisited);
    visit(start_);
    stack_.push_back(static_cast<uint32_t>(start_ << 2));
    deepest_ = cur_ = start_;
    col_ = static_cast<int>(start_);
    row_ = 0;
  }
  CellPos cursor() const override { return stack_.empty() ? CellPos{-1, -1} : CellPos{col_, row_}; }

 protected:
  bool carving_done() const override { return stack_.empty(); }
  void carve_step() override { carve(1); }
  void carve_all() override { carve(UINT64_MAX); }
  // The stack is the path from the entrance, so its deepest cell is one end of the
  // longest path already.
  void default_markers() override { mark_longest_path(deepest_); }

 private:
  // Up to `budget` moves (one push or one pop each), on locals: the store's bytes may
  // alias every member (and rnd_), so a member version would reload them around each
  // store. Stack entries are cell * 4 + the direction the cell was entered by, so the
  // current cell's column and row follow each move without a division.
  void carve(uint64_t budget) {
    if (stack_.empty()) return;
    const Nibbles cells = nib_;
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
    for (; budget > 0; --budget) {
      // Unvisited neighbours as bits 1 up, 2 right, 4 down, 8 left, without branching on
      // the maze's (random) contents.
      unsigned m = 0;
      if (row > 0) m |= (~cells.get(i - width) >> 2) & 1u;
      if (col + 1 < width) m |= ((~cells.get(i + 1) >> 2) & 1u) << 1;
      if (row + 1 < height) m |= ((~cells.get(i + width) >> 2) & 1u) << 2;
      if (col > 0) m |= ((~cells.get(i - 1) >> 2) & 1u) << 3;
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
      cells.set_bits(static_cast<std::size_t>(static_cast<std::ptrdiff_t>(i) + owner[d]), kWall[d]);
      const std::size_t next = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(i) + step[d]);
      cells.set_bits(next, kVisited);
      stack.push_back(static_cast<uint32_t>((next << 2) | static_cast<unsigned>(d)));
      i = next;
      col += kDc[d];
      row += kDr[d];
      if (stack.size() > deepest_depth) deepest_depth = stack.size(), deepest = next;
    }
    note_scratch(stack.capacity() * sizeof(uint32_t));  // capacity only grows: the peak
    rnd_.advance_to(s, draws);
    cur_ = i;
    col_ = col;
    row_ = row;
    deepest_ = deepest;
    deepest_depth_ = deepest_depth;
  }
  std::vector<uint32_t> stack_;
  std::size_t cur_ = 0, deepest_ = 0, deepest_depth_ = 1;
  int col_ = 0, row_ = 0;
};

}  // namespace

std::unique_ptr<Generator> make_backtracker(Maze& maze, GwRnd& rnd, const GeneratorOptions& options) {
  return std::make_unique<Backtracker>(maze, rnd, options);
}

}  // namespace amazing::core
