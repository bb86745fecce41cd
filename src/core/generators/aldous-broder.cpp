// The aldous-broder generator (twin of scripts/generators/aldous-broder.lua); see algorithm.hpp.

#include <array>
#include <cstdint>

#include "core/generators/algorithm.hpp"

namespace amazing::core {
namespace {

// aldous-broder: a random walk over all open cells: pick(n) among the n neighbours
// (visited or not); a passage is opened when the walk enters a cell for the first time.
// Stall: when stall_limit moves in a row entered no new cell (the RND has gone round its
// whole 2^24 period, so the walk may be looping), this and every later move is a
// hunt-and-kill move, hunt_move(), from the walk's cell. Mazes under about 100,000 cells
// never stall; larger ones are then no longer exactly uniform.
class AldousBroder final : public Walker<AldousBroder> {
  friend Walker;

 public:
  AldousBroder(Maze& m, GwRnd& r, const GeneratorOptions& o) : Walker(m, r, o, "aldous-broder") {
    visit(start_);
  }

 private:
  void move() {
    if (stalled_ || idle_ == stall_limit_) {
      stalled_ = true;
      cur_ = hunt_move(cur_);
      return;
    }
    int col, row;
    split(cur_, col, row);
    std::array<std::size_t, 4> to;
    std::array<int, 4> dirs;
    int n = 0;
    for (int d = 0; d < 4; ++d) {
      std::size_t j = neighbour(cur_, col, row, d);
      if (j != kNone) to[n] = j, dirs[n] = d, ++n;
    }
    int k = pick(n) - 1;
    if (!visited(to[k])) {
      open_between(cur_, dirs[k]);
      visit(to[k]);
      idle_ = 0;
    } else {
      ++idle_;
    }
    cur_ = to[k];
  }
  uint32_t idle_ = 0;
};

}  // namespace

std::unique_ptr<Generator> make_aldous_broder(Maze& maze, GwRnd& rnd,
                                              const GeneratorOptions& options) {
  return std::make_unique<AldousBroder>(maze, rnd, options);
}

}  // namespace amazing::core
