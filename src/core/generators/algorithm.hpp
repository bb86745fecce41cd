// What the generator files share (not part of the interface: see generator.hpp): the
// directions, the base of the algorithms that grow one tree, and each algorithm's maker,
// which make_generator() finds by name. One file an algorithm, named as its Lua twin
// (prim.cpp and scripts/generators/prim.lua); each class comment gives the RND calls of one
// carving move, in order, which together with generator.hpp's contract is what the Lua
// version must reproduce.
#pragma once

#include <array>
#include <cstddef>
#include <memory>

#include "core/generators/generator.hpp"

namespace amazing::core {

constexpr int kUp = 0, kRight = 1, kDown = 2, kLeft = 3;
// Column and row steps of the four directions.
constexpr int kDc[4] = {0, 1, 0, -1}, kDr[4] = {-1, 0, 1, 0};

// Shared by the algorithms that grow one tree outward from visited cells.
class TreeGenerator : public Generator {
 protected:
  using Generator::Generator;

  bool visited(std::size_t i) const { return nib_.test(i, kVisited); }
  void visit(std::size_t i) {
    nib_.set_bits(i, kVisited);
    ++visited_count_;
  }
  // The neighbours of i with the given visited state, up, right, down, left order.
  int neighbours(std::size_t i, bool want_visited, std::array<std::size_t, 4>& out,
                 std::array<int, 4>& dirs) const {
    int col, row, n = 0;
    split(i, col, row);
    for (int d = 0; d < 4; ++d) {
      std::size_t j = neighbour(i, col, row, d);
      if (j != kNone && visited(j) == want_visited) out[n] = j, dirs[n] = d, ++n;
    }
    return n;
  }
  bool has_unvisited_neighbour(std::size_t i) const {
    int col, row;
    split(i, col, row);
    for (int d = 0; d < 4; ++d) {
      std::size_t j = neighbour(i, col, row, d);
      if (j != kNone && !visited(j)) return true;
    }
    return false;
  }
  // One move of a random walk to an unvisited neighbour: pick(n); returns the new cell
  // or kNone when there is none (no draw then).
  std::size_t walk_from(std::size_t i) {
    std::array<std::size_t, 4> to;
    std::array<int, 4> dirs;
    int n = neighbours(i, false, to, dirs);
    if (n == 0) return kNone;
    int k = pick(n) - 1;
    open_between(i, dirs[k]);
    visit(to[k]);
    return to[k];
  }
  bool all_visited() const { return visited_count_ == open_cells_; }
  // After a stall the random walks finish as hunt-and-kill does (the RND has gone round
  // its period, so a walk may be looping): rescue() is the hunt -- the first cell in
  // row-major order that is not visited and has m visited neighbours joins one of them,
  // pick(m) -- and hunt_move() walks to one of n unvisited neighbours, pick(n), or hunts
  // when there is none. Both return the new current cell.
  std::size_t rescue() {
    std::array<std::size_t, 4> to;
    std::array<int, 4> dirs;
    while (hunt_from_ < cells_ && (masked(hunt_from_) || visited(hunt_from_))) ++hunt_from_;
    for (std::size_t i = hunt_from_; i < cells_; ++i) {
      if (masked(i) || visited(i)) continue;
      int m = neighbours(i, true, to, dirs);
      if (m == 0) continue;
      int k = pick(m) - 1;
      // Its own passage bits may hold a walk's scratch (wilson): start them afresh.
      nib_.put(i, 0);
      open_between(i, dirs[k]);
      visit(i);
      return i;
    }
    return kNone;  // not reached while cells remain outside the tree (the mask is connected)
  }
  std::size_t hunt_move(std::size_t cur) {
    std::array<std::size_t, 4> to;
    std::array<int, 4> dirs;
    int n = neighbours(cur, false, to, dirs);
    if (n == 0) return rescue();
    int k = pick(n) - 1;
    nib_.put(to[k], 0);  // wilson keeps scratch in cells outside the tree
    open_between(cur, dirs[k]);
    visit(to[k]);
    return to[k];
  }
  std::size_t hunt_from_ = 0;
  bool stalled_ = false;

  std::size_t visited_count_ = 0;
};

// The walkers (whitney, restart, aldous-broder, hunt-and-kill): a current cell, one move()
// at a time, until every open cell is in the tree. Self::move() is called directly (CRTP),
// not through a virtual call, so carve_all's loop is as fast as one written out.
//   class Restart final : public Walker<Restart> { friend Walker; void move(); ... };
template <class Self>
class Walker : public TreeGenerator {
 public:
  CellPos cursor() const override { return {col_of(cur_), row_of(cur_)}; }

 protected:
  Walker(Maze& m, GwRnd& r, const GeneratorOptions& o, const char* name)
      : TreeGenerator(m, r, o, name), cur_(start_) {}
  bool carving_done() const override { return all_visited(); }
  void carve_step() override { self().move(); }
  void carve_all() override {
    while (!all_visited()) self().move();
  }
  std::size_t cur_;

 private:
  Self& self() { return static_cast<Self&>(*this); }
};

using GeneratorMaker = std::unique_ptr<Generator> (*)(Maze&, GwRnd&, const GeneratorOptions&);
std::unique_ptr<Generator> make_whitney(Maze& maze, GwRnd& rnd, const GeneratorOptions& options);
std::unique_ptr<Generator> make_restart(Maze& maze, GwRnd& rnd, const GeneratorOptions& options);
std::unique_ptr<Generator> make_backtracker(Maze& maze, GwRnd& rnd,
                                            const GeneratorOptions& options);
std::unique_ptr<Generator> make_aldous_broder(Maze& maze, GwRnd& rnd,
                                              const GeneratorOptions& options);
std::unique_ptr<Generator> make_wilson(Maze& maze, GwRnd& rnd, const GeneratorOptions& options);
std::unique_ptr<Generator> make_hunt_and_kill(Maze& maze, GwRnd& rnd,
                                              const GeneratorOptions& options);
std::unique_ptr<Generator> make_binary_tree(Maze& maze, GwRnd& rnd,
                                            const GeneratorOptions& options);
std::unique_ptr<Generator> make_sidewinder(Maze& maze, GwRnd& rnd, const GeneratorOptions& options);
std::unique_ptr<Generator> make_eller(Maze& maze, GwRnd& rnd, const GeneratorOptions& options);
std::unique_ptr<Generator> make_kruskal(Maze& maze, GwRnd& rnd, const GeneratorOptions& options);
std::unique_ptr<Generator> make_prim(Maze& maze, GwRnd& rnd, const GeneratorOptions& options);
std::unique_ptr<Generator> make_growing_tree(Maze& maze, GwRnd& rnd,
                                             const GeneratorOptions& options);
std::unique_ptr<Generator> make_recursive_division(Maze& maze, GwRnd& rnd,
                                                   const GeneratorOptions& options);

}  // namespace amazing::core
