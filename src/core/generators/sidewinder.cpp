// The sidewinder generator (twin of scripts/generators/sidewinder.lua); see algorithm.hpp.

#include <cstdint>

#include "core/generators/algorithm.hpp"

namespace amazing::core {
namespace {

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
  void carve_step() override { carve(1); }
  void carve_all() override { carve(UINT64_MAX); }

 private:
  // Up to `budget` cells, row by row, on local copies of the RND, the counters and the
  // cells (the store's bytes may alias members and rnd_).
  void carve(uint64_t budget) {
    GwRnd r = rnd_;
    const Nibbles cells = nib_;
    const int w = width_;
    int row = row_, col = col_, run = run_start_;
    while (row < height_ && budget > 0) {
      const std::size_t base = static_cast<std::size_t>(row) * static_cast<std::size_t>(w);
      const std::size_t above = base - static_cast<std::size_t>(w);  // not used in row 0
      // The cells before the last column that the budget allows.
      const int stop = budget < static_cast<uint64_t>(w - 1 - col) ? col + static_cast<int>(budget)
                                                                   : w - 1;
      budget -= static_cast<uint64_t>(stop - col);
      if (row == 0) {
        for (; col < stop; ++col) cells.set_bits(base + col, kRightOpen);  // one corridor
      } else {
        uint32_t s = r.state();
        uint64_t draws = 0;
        for (; col < stop; ++col) {
          // Branch-free (the coin is random, a branch on it mispredicts half the time):
          // the run's pick is always computed, and its step kept only when the coin
          // closed the run and the run has two cells or more (pick(1) draws nothing).
          const uint32_t s1 = GwRnd::next_state(s);
          // draw(2) == 1 exactly when the state is below 2^23 (s/2^23 + 1 is exact in
          // float32 then, and at least 2 otherwise; generators_test checks all 2^24
          // states). The integer test keeps the float work off the state's dependency
          // chain.
          const uint32_t right = s1 < (GwRnd::kModulus >> 1);  // 1: open right
          const int k = col - run + 1;
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
          const std::size_t at = ((base + col) & mr) | (down_at & ~mr);
          cells.set_bits(at, kDownOpen + right);  // right: kRightOpen (2), else kDownOpen (1)
          run = static_cast<int>((static_cast<uint32_t>(run) & (0u - right)) |
                                 (static_cast<uint32_t>(col + 1) & (right - 1u)));
        }
        r.advance_to(s, draws);
      }
      if (budget == 0) break;
      // The last column closes the run: pick(r) over its r cells opens one upward.
      if (row > 0) {
        const int k = w - run;
        int up = 1;
        if (k >= 2) {
          const int v = r.draw(k);
          up = v > k ? k : v;
        }
        cells.set_bits(above + run + up - 1, kDownOpen);
      }
      --budget;
      col = 0;
      run = 0;
      ++row;
    }
    row_ = row;
    col_ = col;
    run_start_ = run;
    rnd_ = r;
  }
  int col_ = 0, row_ = 0, run_start_ = 0;
};

}  // namespace

std::unique_ptr<Generator> make_sidewinder(Maze& maze, GwRnd& rnd, const GeneratorOptions& options) {
  return std::make_unique<Sidewinder>(maze, rnd, options);
}

}  // namespace amazing::core
