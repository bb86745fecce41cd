// The recursive-division generator (twin of scripts/generators/recursive-division.lua); see algorithm.hpp.

#include <vector>

#include "core/generators/algorithm.hpp"

namespace amazing::core {
namespace {

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
        if (bits) nib_.set_bits(static_cast<std::size_t>(row) * width_ + col, bits);
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
        if (col != gap) nib_.clear_bits(base + col, kDownOpen);
      push({c.x, c.y + k, c.w, c.h - k});
      push({c.x, c.y, c.w, k});
    } else {
      int k = pick(c.w - 1);
      int gap = c.y + pick(c.h) - 1;
      int col = c.x + k - 1;
      for (int row = c.y; row < c.y + c.h; ++row)
        if (row != gap) nib_.clear_bits(static_cast<std::size_t>(row) * width_ + col, kRightOpen);
      push({c.x + k, c.y, c.w - k, c.h});
      push({c.x, c.y, k, c.h});
    }
  }
  std::vector<Chamber> stack_;
};

}  // namespace

std::unique_ptr<Generator> make_recursive_division(Maze& maze, GwRnd& rnd, const GeneratorOptions& options) {
  return std::make_unique<RecursiveDivision>(maze, rnd, options);
}

}  // namespace amazing::core
