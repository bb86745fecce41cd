// AmazingWalk: the maze walk of the 1978 AMAZING listing, as structured C++.
//
// It draws from GwRnd exactly when and how the listing does, so the maze (and the printed
// text) is byte-identical to the original for the same RND state. Given a C64Rnd instead
// it draws INT(RND(1)*K+1) as Commodore 64 BASIC computes it, and the maze is the one the
// listing makes on a C64 (shared/c64/amazing). Three revisions exist
// (shared/roms/README.md): kBook as printed in 1978 (with the line 695 bug), kFixed (line
// 695 corrected) and kFixedExit (fixed, plus an exit opened at the end when the walk made
// none). Drive it all at once or one decision at a time:
//   AmazingWalk walk(maze, rnd, Variant::kBook);  // draws the entrance (line 160)
//   while (!walk.done()) walk.step();             // or walk.run()
// The listing's dead-end scan (lines 210-250) looks at every cell after the current one
// until it finds a visited one with a move left. The walk keeps a bitset of visited cells,
// one bit a cell, with a set border around the grid so a neighbour off the grid reads as
// visited (W/4 more bytes); whether a cell has a move is then a few word operations on
// three rows of it, so the scan takes 64 cells a step and skips exactly the cells where
// the listing would decide nothing and scan on. The maze's nibbles get only the walls.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/c64_rnd.hpp"
#include "core/maze.hpp"
#include "core/rnd.hpp"

namespace amazing::core {

enum class Variant { kBook, kFixed, kFixedExit };

std::optional<Variant> parse_variant(std::string_view name);
std::string_view variant_name(Variant v);

struct WalkStats {
  uint64_t decisions = 0;      // times the walk chose among 2 or 3 directions (one RND each)
  uint64_t scans = 0;          // times it was stuck and scanned for a visited cell
  uint64_t line_695_bugs = 0;  // book only: jumps from line 695 into line 830
  bool exit_by_walk = false;   // the walk itself opened the bottom border (Z=1)
  bool exit_added = false;     // fixed-exit opened one at the end (lines 1010-1014)
  // 0 when the walk ran to the end; otherwise the listing line where the 1978 program
  // stops with "Subscript out of range": RND at state 0xFFFFFF makes INT(RND(1)*H+1)
  // H+1 when H is a power of two, and W(H+1,1) (line 195, the entrance) or V(H+1,V)
  // (line 1012, fixed-exit's added exit) is outside DIM W(H,V).
  int stopped_at_line = 0;
};

class AmazingWalk {
 public:
  // `maze` must be freshly created (all walls closed, no marks). Draws the entrance.
  AmazingWalk(Maze& maze, GwRnd& rnd, Variant variant);
  // The same walk on the C64's RND (every decision goes through step(): no fast path).
  AmazingWalk(Maze& maze, C64Rnd& rnd, Variant variant);

  bool done() const { return done_; }
  // One decision: a move to a new cell, the exit, or a scan to the next live cell.
  void step();
  // The same decisions as step() until done; the moves off the last row run on locals.
  void run() {
    if (c64_ != nullptr) {
      while (!done_) step();
      return;
    }
    while (!done_) {
      run_moves();
      if (!done_) step();
    }
  }

  int col() const { return col_; }
  int row() const { return row_; }
  const WalkStats& stats() const { return stats_; }

 private:
  // Both public constructors: exactly one of gw and c64 is set.
  AmazingWalk(Maze& maze, GwRnd* gw, C64Rnd* c64, Variant variant);
  // The directions the listing may take, one bit each, in the order it offers them.
  enum MoveBit : unsigned { kLeft = 1, kUp = 2, kRight = 4, kDown = 8 };

  // The hot path reads the nibbles directly: cell i is in byte i/2, high nibble if i is odd.
  // The static forms take the bytes, for loops that keep the pointer in a local.
  static unsigned nibble(const uint8_t* b, std::size_t i) {
    return (b[i >> 1] >> ((i & 1) * 4)) & 0xFu;
  }
  static void set_bits(uint8_t* b, std::size_t i, unsigned bits) {
    b[i >> 1] |= static_cast<uint8_t>(bits << ((i & 1) * 4));
  }
  static void clear_bits(uint8_t* b, std::size_t i, unsigned bits) {
    b[i >> 1] &= static_cast<uint8_t>(~(bits << ((i & 1) * 4)));
  }
  // V(R,S)=v: replaces the walls, keeps the marks.
  static void set_walls(uint8_t* b, std::size_t i, unsigned v) {
    clear_bits(b, i, kWallBits);
    set_bits(b, i, v);
  }
  void set_bits(std::size_t i, unsigned bits) { set_bits(cells_, i, bits); }
  void clear_bits(std::size_t i, unsigned bits) { clear_bits(cells_, i, bits); }
  unsigned walls(std::size_t i) const { return nibble(cells_, i) & kWallBits; }
  void set_walls(std::size_t i, unsigned v) { set_walls(cells_, i, v); }
  // The visited bitset: cell (col, row) is bit (row + 1) * row_bits_ + col; rows -1 and
  // height and the bits from column width on are set (the border: every row has one).
  static void mark(uint64_t* s, std::size_t b) { s[b >> 6] |= uint64_t{1} << (b & 63); }
  // The unvisited neighbours of bit b, as move bits; the border makes the grid's edges
  // read as visited, and the row below a last-row cell is border too. Every neighbour is
  // read at b's own bit position: the words above and below (a row is whole words), and
  // b's word shifted by one with the end bit of the word before or after carried in. One
  // shift count and addresses off one base keep the walk's chain of dependent steps short.
  static unsigned unvisited_around(const uint64_t* s, std::size_t b, std::size_t row_bits) {
    const uint64_t* const w = s + (b >> 6);
    const std::size_t stride = row_bits >> 6;
    const unsigned at = b & 63;
    const uint64_t left = (w[0] << 1) | (w[-1] >> 63), right = (w[0] >> 1) | (w[1] << 63);
    const auto bit = [at](uint64_t word, unsigned move) {
      return static_cast<unsigned>((word >> at) & 1) * move;
    };
    return (kLeft | kUp | kRight | kDown) ^
           (bit(left, kLeft) | bit(*(w - stride), kUp) | bit(right, kRight) | bit(w[stride], kDown));
  }
  std::size_t bit_of(int col, int row) const {
    return (static_cast<std::size_t>(row) + 1) * row_bits_ + static_cast<std::size_t>(col);
  }
  void init_seen();
  // run_moves' table, by mask of unvisited neighbours and draw key (amazing_walk.cpp):
  // where the move goes in the nibbles and the bitset, which wall it opens, and whether
  // the listing drew for it.
  struct FastMove {
    std::ptrdiff_t cell, bit, owner;  // steps to the new cell and to the wall's owner
    unsigned open;                    // the wall bit opened in the owner
    unsigned drew;                    // 1 when the listing drew (2 or 3 moves), else 0
  };
  void init_fast_moves();
  void visit();  // the cell the walk stands on
  void start();  // line 160: the entrance
  // X=INT(RND(1)*n+1) in the RND dialect of this walk.
  int draw(int n) { return c64_ != nullptr ? c64_->draw(n) : gw_->draw(n); }
  // The moves the listing offers at cell i = (col, row): unvisited neighbours, and on the
  // last row the exit while none exists.
  unsigned moves(int col, int row) const;
  void go(unsigned move);
  // step() for moves to a new cell while not on the last row, with the position, count
  // and RND in registers (the nibble stores may alias every member). Returns at a dead
  // end, on the last row or when done; step() takes it from there.
  void run_moves();
  void make_exit();
  void finish_if_full();
  // Scans cyclically from cell `start` (inclusive) to the next cell with a move.
  void scan_from(std::size_t start);
  // The first visited cell at or after `from` with a move (moves() != 0), or size_.
  std::size_t next_live(std::size_t from) const;
  void stand_at(std::size_t i);

  Maze& maze_;
  Variant variant_;
  uint8_t* cells_;                    // the maze's nibbles
  std::size_t width_;                 // H
  std::size_t height_;                // V
  std::size_t size_;                  // H*V
  std::size_t row_bits_;              // bits a row takes in seen_: whole words, more than width_
  std::vector<uint64_t> seen_;        // the visited bitset (see bit_of)
  std::vector<FastMove> fast_moves_;  // GW walks only
  GwRnd* gw_ = nullptr;               // one of the two is set
  C64Rnd* c64_ = nullptr;
  int col_ = 0;
  int row_ = 0;
  std::size_t pos_ = 0;     // row_ * width + col_
  std::size_t count_ = 0;   // the listing's C - 1: cells counted as visited
  bool exit_made_ = false;  // the listing's Z
  bool done_ = false;
  WalkStats stats_;
};

// What the listing prints when it stops at stats.stopped_at_line (GW-BASIC's message;
// PC-BASIC ends it with a 0xFF byte before the line end), without the line end.
std::string basic_stop_message(int line);
// Why a width-wide maze stops at `line`, for a user: names the RND state and the draw.
std::string explain_stop(int line, int width);

struct AmazingRun {
  Maze maze;        // on a stop at line 195: no entrance and nothing carved
  WalkStats stats;  // stats.stopped_at_line: see there
};

// Creates a width x height maze in `ram` and runs the walk to the end, or to where the
// 1978 program stops (the caller prints what it printed up to there).
Result<AmazingRun> run_amazing(Ram& ram, int width, int height, Variant variant, GwRnd& rnd);

// The line where the 1978 listing runs out of a Commodore 64's memory at width x height,
// or 0 when it does not (src/basic/FACTS.md, "The C64's memory"). Line 110's DIM finds
// 36452 bytes free (36361 in fixed-exit), 20 plus the digits of N fewer after the line
// 0 X=RND(-(N)) of a seed; the two arrays take 5 bytes an element and 9 of header each;
// then each variable takes 7 bytes when first assigned: lines 160 (Q, Z, X unless the
// seed's line made it), 165 (I), 195 (C), 200 (R, S) and 1010 (J; 1015 in fixed-exit).
int c64_out_of_memory_line(Variant variant, int width, int height, std::optional<int16_t> seed);
Result<AmazingRun> run_amazing(Ram& ram, int width, int height, Variant variant, C64Rnd& rnd);

// The same for callers that need a whole maze: a stop is an Error that says why.
Result<Maze> generate_amazing(Ram& ram, int width, int height, Variant variant, GwRnd& rnd,
                              WalkStats* stats = nullptr);

}  // namespace amazing::core
