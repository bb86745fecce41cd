// The binary-tree generator (twin of scripts/generators/binary-tree.lua); see algorithm.hpp.

#include <cstdint>

#include "core/generators/algorithm.hpp"

namespace amazing::core {
namespace {

// binary-tree: each cell in row-major order opens right or down: pick(n) over the walls
// it may open (right unless in the last column, then down unless in the last row), so
// pick(2) with 1 = right, 2 = down; forced cells draw nothing.
class BinaryTree final : public Generator {
 public:
  BinaryTree(Maze& m, GwRnd& r, const GeneratorOptions& o) : Generator(m, r, o, "binary-tree") {}
  CellPos cursor() const override { return {col_, row_}; }

 protected:
  bool carving_done() const override { return row_ >= height_; }
  void carve_step() override { carve(1); }
  void carve_all() override { carve(UINT64_MAX); }

 private:
  // Up to `budget` cells, row by row, on local copies: the store's bytes may alias
  // anything, so with members and rnd_ the compiler would load and store them around
  // every cell. The coin is used as a number, not a branch.
  void carve(uint64_t budget) {
    GwRnd r = rnd_;
    const Nibbles cells = nib_;
    const std::size_t w = static_cast<std::size_t>(width_);
    std::size_t col = static_cast<std::size_t>(col_);
    int row = row_;
    while (row < height_ && budget > 0) {
      const std::size_t base = static_cast<std::size_t>(row) * w;
      // The cells before the last column that the budget allows.
      const std::size_t stop = budget < w - 1 - col ? col + budget : w - 1;
      budget -= stop - col;
      if (row + 1 < height_) {
        for (; col < stop; ++col) {
          // pick(2): 1 = right, 2 = down; draw(2) is 1, 2 or (rounding) 3. A table, so
          // that the compiler cannot turn the coin into a branch.
          static constexpr uint8_t kNib[4] = {0, kRightOpen, kDownOpen, kDownOpen};
          cells.set_bits(base + col, kNib[r.draw(2) & 3]);
        }
      } else {
        for (; col < stop; ++col) cells.set_bits(base + col, kRightOpen);  // forced
      }
      if (budget == 0) break;
      // The last column: down unless in the last row (forced, no draw).
      if (row + 1 < height_) cells.set_bits(base + col, kDownOpen);
      --budget;
      col = 0;
      ++row;
    }
    col_ = static_cast<int>(col);
    row_ = row;
    rnd_ = r;
  }
  int col_ = 0, row_ = 0;
};

}  // namespace

std::unique_ptr<Generator> make_binary_tree(Maze& maze, GwRnd& rnd, const GeneratorOptions& options) {
  return std::make_unique<BinaryTree>(maze, rnd, options);
}

}  // namespace amazing::core
