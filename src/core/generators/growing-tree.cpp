// The growing-tree generator (twin of scripts/generators/growing-tree.lua); see algorithm.hpp.

#include <cstdint>
#include <vector>

#include "core/generators/algorithm.hpp"

namespace amazing::core {
namespace {

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

}  // namespace

std::unique_ptr<Generator> make_growing_tree(Maze& maze, GwRnd& rnd, const GeneratorOptions& options) {
  return std::make_unique<GrowingTree>(maze, rnd, options);
}

}  // namespace amazing::core
