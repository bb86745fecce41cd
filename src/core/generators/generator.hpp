// Generators: the maze makers of the seed documents besides the 1978 walk, behind one
// interface, each drawing its random numbers from the machine's RND (GwRnd) in a fixed,
// documented order so the Lua versions (scripts/generators/*.lua) can make the same maze.
//
//   Ram ram(kUnlimited);
//   auto maze = Maze::create(ram, 20, 20);
//   GwRnd rnd; rnd.randomize(7);
//   auto gen = make_generator("wilson", *maze, rnd, {});   // Result<unique_ptr<Generator>>
//   while (!(*gen)->done()) (*gen)->step();                // or (*gen)->run()
//   (*gen)->markers().starts ...                           // start/end markers, if any
// Stepping to the end gives exactly the maze (and RND state) that run() gives.
//
// The RND contract shared by every algorithm (what a Lua version must do):
//  * pick(k) = min(INT(RND(1)*k+1), k) computed as GwRnd::draw does, but only when k >= 2:
//    a forced choice (k = 1) draws nothing. The min() only matters for k near 2^24.
//  * Neighbours are always listed in the order up, right, down, left, leaving out cells
//    off the grid and masked cells (and, where the algorithm says so, visited ones).
//  * Call order: (1) the entrance: pick(n) over the open (unmasked) cells of the top row,
//    left to right; the walkers start carving at the entrance cell. (2) the algorithm's
//    own calls (see the class comment in each algorithm's file, e.g. prim.cpp). (3) the exit: pick(n) over the
//    open cells of the bottom row. (4) --starts N markers (see place_markers).
//  * Cells are numbered row-major from 0: index = row * width + col.
// Memory: the store's 4 bits a cell hold the passages (kDownOpen, kRightOpen) and two
// scratch marks (kVisited, kLive), cleared when the maze is done. Extra memory each
// algorithm needs is reported by scratch_bytes() (peak, measured).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/generators/nibbles.hpp"
#include "core/mask.hpp"
#include "core/maze.hpp"
#include "core/result.hpp"
#include "core/rnd.hpp"

namespace amazing::core {

struct CellPos {
  int col = 0;
  int row = 0;
  friend bool operator==(const CellPos&, const CellPos&) = default;
};

// Start and end markers: extra to the entrance and exit (which every maze has).
struct Markers {
  std::vector<CellPos> starts;
  std::vector<CellPos> ends;
};

struct GeneratorOptions {
  const Mask* mask = nullptr;  // must match the maze size and pass Mask::check()
  // N > 0: N start and N end markers; a start at the first open cell (top-left), an end
  // at the last open cell (bottom-right), the others drawn after the exit.
  int starts = 0;
  // The random walks (aldous-broder, wilson) give up a walk after this many moves without
  // progress and join the first cell outside the tree next to it instead (see "stall" in
  // the random walks' files). The GW-BASIC RND repeats after 2^24 draws, so a longer walk could
  // loop forever. Only tests change it.
  uint32_t stall_limit = kRndPeriod;
  static constexpr uint32_t kRndPeriod = GwRnd::kModulus;
};

class Generator {
 public:
  virtual ~Generator() = default;
  Generator(const Generator&) = delete;
  Generator& operator=(const Generator&) = delete;

  std::string_view name() const { return name_; }
  bool done() const { return phase_ == Phase::kDone; }
  // One move (a passage carved, a cell visited or left, a wall placed, a row made, ...);
  // the last step opens the exit and places the markers.
  void step();
  // To the end; the same maze and RND state as stepping.
  void run();

  const Markers& markers() const { return markers_; }
  uint64_t steps() const { return steps_; }
  // Peak bytes used besides the maze store and the mask (stacks, lists, union-find).
  std::size_t scratch_bytes() const { return scratch_peak_; }
  // Where the algorithm is working now, for an animation (-1,-1 when nowhere).
  virtual CellPos cursor() const { return {-1, -1}; }

 protected:
  Generator(Maze& maze, GwRnd& rnd, const GeneratorOptions& options, std::string_view name,
            bool supports_mask = true);

  // One carving move; called only while !carving_done().
  virtual void carve_step() = 0;
  virtual bool carving_done() const = 0;
  // All carving at once; override only with a faster loop that makes the same maze.
  virtual void carve_all() {
    while (!carving_done()) carve_step();
  }
  // The markers when --starts is not given (the backtracker: the longest path's ends).
  virtual void default_markers() {}

  // pick(k): 1..k, drawing only when k >= 2 (see the contract above).
  int pick(int k) {
    if (k <= 1) return 1;
    int v = rnd_.draw(k);
    return v > k ? k : v;
  }
  bool masked(std::size_t i) const { return mask_ != nullptr && mask_->masked(i); }
  void note_scratch(std::size_t bytes) {
    if (bytes > scratch_peak_) scratch_peak_ = bytes;
  }
  // Carving helpers on cell indexes.
  void open_right(std::size_t i) { nib_.set_bits(i, kRightOpen); }
  void open_down(std::size_t i) { nib_.set_bits(i, kDownOpen); }
  // Opens the wall between cell i and its neighbour in direction d (0 up, 1 right,
  // 2 down, 3 left).
  // Table-driven rather than a switch: the direction is random, so a branch on it would
  // mispredict often.
  void open_between(std::size_t i, int d) {
    static constexpr uint8_t kBit[4] = {kDownOpen, kRightOpen, kDownOpen, kRightOpen};
    const std::size_t owner[4] = {i - width_, i, i, i - 1};
    nib_.set_bits(owner[d], kBit[d]);
  }
  // The neighbour of i (at col, row) in direction d, or SIZE_MAX when off the grid/masked.
  std::size_t neighbour(std::size_t i, int col, int row, int d) const {
    std::size_t j;
    switch (d) {
      case 0: if (row == 0) return kNone; j = i - width_; break;
      case 1: if (col + 1 == width_) return kNone; j = i + 1; break;
      case 2: if (row + 1 == height_) return kNone; j = i + width_; break;
      default: if (col == 0) return kNone; j = i - 1; break;
    }
    return masked(j) ? kNone : j;
  }
  // One 32-bit division for both (cell lists are below 2^30 cells; see make_generator).
  void split(std::size_t i, int& col, int& row) const {
    uint32_t r = static_cast<uint32_t>(i) / static_cast<uint32_t>(width_);
    row = static_cast<int>(r);
    col = static_cast<int>(static_cast<uint32_t>(i) - r * static_cast<uint32_t>(width_));
  }
  int col_of(std::size_t i) const { return static_cast<int>(i % width_); }
  int row_of(std::size_t i) const { return static_cast<int>(i / width_); }
  // Marker placement that the backtracker uses: the two ends of the longest path, found
  // with two stackless depth-first passes (parent directions in the two mark bits).
  // `first_end`, when known, is the deepest cell from the entrance (one pass fewer).
  void mark_longest_path(std::size_t first_end = kNone);

  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);

  Maze& maze_;
  NibbleStore& store_;  // for find_next and clear_all; a cell's bits through nib_
  Nibbles nib_;
  GwRnd& rnd_;
  const Mask* mask_;
  int width_;
  int height_;
  std::size_t cells_;
  std::size_t open_cells_;  // cells not masked
  std::size_t start_;       // the entrance cell (row 0), where walkers begin
  uint32_t stall_limit_;
  Markers markers_;

 private:
  enum class Phase { kCarve, kDone };
  void finish();
  void place_markers(int n);

  std::string name_;
  int starts_;
  Phase phase_ = Phase::kCarve;
  uint64_t steps_ = 0;
  std::size_t scratch_peak_ = 0;
};

// The algorithms by name, in the order `gen --help` lists them (without "amazing", the
// 1978 walk, which lives in amazing_walk.hpp).
const std::vector<std::string_view>& generator_names();
// Whether the algorithm can carve around a mask.
bool generator_supports_mask(std::string_view name);
// Why `name` cannot take a mask ("" when it can): what gen says for --mask.
std::string mask_refusal(std::string_view name);

// A generator for `name` on a freshly created maze (all walls closed, no marks). Draws the
// entrance. Fails on an unknown name, a mask the algorithm cannot honour, a mask of the
// wrong size or shape, or a maze too large for the algorithm's 32-bit cell lists (2^30 cells at most).
Result<std::unique_ptr<Generator>> make_generator(std::string_view name, Maze& maze, GwRnd& rnd,
                                                  const GeneratorOptions& options);

}  // namespace amazing::core
