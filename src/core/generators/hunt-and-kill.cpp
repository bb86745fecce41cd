// The hunt-and-kill generator (twin of scripts/generators/hunt-and-kill.lua); see algorithm.hpp.

#include <array>

#include "core/generators/algorithm.hpp"

namespace amazing::core {
namespace {

// hunt-and-kill: walk to a random unvisited neighbour (pick(n)); when stuck, hunt in
// row-major order for the first unvisited cell with a visited neighbour, join it to one
// of its m visited neighbours (pick(m)) and walk on from it. Stuck + hunt is one move.
// kLive marks the cells not yet visited so the hunt skips visited stretches 16 at a time.
class HuntAndKill final : public Walker<HuntAndKill> {
  friend Walker;

 public:
  HuntAndKill(Maze& m, GwRnd& r, const GeneratorOptions& o) : Walker(m, r, o, "hunt-and-kill") {
    for (std::size_t i = 0; i < cells_; ++i)
      if (!masked(i)) nib_.set_bits(i, kLive);
    enter(start_);
  }

 private:
  void enter(std::size_t i) {
    visit(i);
    nib_.clear_bits(i, kLive);
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
  std::size_t hunt_from_ = 0;
};

}  // namespace

std::unique_ptr<Generator> make_hunt_and_kill(Maze& maze, GwRnd& rnd,
                                              const GeneratorOptions& options) {
  return std::make_unique<HuntAndKill>(maze, rnd, options);
}

}  // namespace amazing::core
