// The prim generator (twin of scripts/generators/prim.lua); see algorithm.hpp.

#include <array>
#include <cstdint>
#include <vector>

#include "core/generators/algorithm.hpp"

namespace amazing::core {
namespace {

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
      if (j == kNone || nib_.test(j, kVisited | kLive)) continue;
      nib_.set_bits(j, kLive);
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
    nib_.clear_bits(c, kLive);
    visit(c);
    last_ = c;
    add_frontier(c);
  }
  std::vector<uint32_t> frontier_;
  std::size_t last_ = 0;
};

}  // namespace

std::unique_ptr<Generator> make_prim(Maze& maze, GwRnd& rnd, const GeneratorOptions& options) {
  return std::make_unique<Prim>(maze, rnd, options);
}

}  // namespace amazing::core
