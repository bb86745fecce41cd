// The kruskal generator (twin of scripts/generators/kruskal.lua); see algorithm.hpp.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/generators/algorithm.hpp"

namespace amazing::core {
namespace {

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

}  // namespace

std::unique_ptr<Generator> make_kruskal(Maze& maze, GwRnd& rnd, const GeneratorOptions& options) {
  return std::make_unique<Kruskal>(maze, rnd, options);
}

}  // namespace amazing::core
