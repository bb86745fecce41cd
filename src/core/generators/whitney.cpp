// The whitney generator (twin of scripts/generators/whitney.lua); see algorithm.hpp.

#include <cstdint>
#include <vector>

#include "core/generators/algorithm.hpp"

namespace amazing::core {
namespace {

// whitney: the JavaScript redesign of AMAZING. Walk to a random unvisited neighbour
// (pick(n)); at a dead end, restart at a random visited cell that still has an unvisited
// neighbour: pick(size) over the list of visited cells (in the order they were visited,
// except that a cell found with no unvisited neighbour is replaced by the list's last
// cell), drawing again until the cell drawn has a move. Dead end + restart is one move.
class Whitney final : public Walker<Whitney> {
  friend Walker;

 public:
  Whitney(Maze& m, GwRnd& r, const GeneratorOptions& o) : Walker(m, r, o, "whitney") {
    visit(start_);
    list_.push_back(static_cast<uint32_t>(start_));
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
  std::vector<uint32_t> list_;
};

}  // namespace

std::unique_ptr<Generator> make_whitney(Maze& maze, GwRnd& rnd, const GeneratorOptions& options) {
  return std::make_unique<Whitney>(maze, rnd, options);
}

}  // namespace amazing::core
