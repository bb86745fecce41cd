// The restart generator (twin of scripts/generators/restart.lua); see algorithm.hpp.

#include "core/generators/algorithm.hpp"

namespace amazing::core {
namespace {

// restart: the 48K-era method, no memory besides the maze. Walk to a random unvisited
// neighbour (pick(n)); when stuck, pick(width * height) over all cells (masked ones
// included) until the cell drawn is visited and has an unvisited neighbour.
class Restart final : public Walker<Restart> {
  friend Walker;

 public:
  Restart(Maze& m, GwRnd& r, const GeneratorOptions& o) : Walker(m, r, o, "restart") {
    visit(start_);
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
};

}  // namespace

std::unique_ptr<Generator> make_restart(Maze& maze, GwRnd& rnd, const GeneratorOptions& options) {
  return std::make_unique<Restart>(maze, rnd, options);
}

}  // namespace amazing::core
