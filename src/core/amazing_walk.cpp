#include "core/amazing_walk.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace amazing::core {

std::optional<Variant> parse_variant(std::string_view name) {
  if (name == "book") return Variant::kBook;
  if (name == "fixed") return Variant::kFixed;
  if (name == "fixed-exit") return Variant::kFixedExit;
  return std::nullopt;
}

std::string_view variant_name(Variant v) {
  switch (v) {
    case Variant::kBook:
      return "book";
    case Variant::kFixed:
      return "fixed";
    case Variant::kFixedExit:
      return "fixed-exit";
  }
  return "?";
}

AmazingWalk::AmazingWalk(Maze& maze, GwRnd& rnd, Variant variant)
    : AmazingWalk(maze, &rnd, nullptr, variant) {}

AmazingWalk::AmazingWalk(Maze& maze, C64Rnd& rnd, Variant variant)
    : AmazingWalk(maze, nullptr, &rnd, variant) {}

AmazingWalk::AmazingWalk(Maze& maze, GwRnd* gw, C64Rnd* c64, Variant variant)
    : maze_(maze),
      variant_(variant),
      cells_(maze.store().bytes().data()),
      width_(static_cast<std::size_t>(maze.width())),
      height_(static_cast<std::size_t>(maze.height())),
      size_(maze.cells()),
      row_bits_((width_ / 64 + 1) * 64),
      gw_(gw),
      c64_(c64) {
  init_seen();
  if (gw_ != nullptr) init_fast_moves();
  start();
}

void AmazingWalk::init_seen() {
  // All set (the border), then the grid's cells cleared: whole words, then the last part.
  seen_.assign((height_ + 2) * row_bits_ / 64, ~uint64_t{0});
  for (std::size_t row = 1; row <= height_; ++row) {
    uint64_t* words = seen_.data() + row * row_bits_ / 64;
    std::fill(words, words + width_ / 64, uint64_t{0});
    words[width_ / 64] = ~uint64_t{0} << (width_ % 64);
  }
}

void AmazingWalk::start() {
  // Line 160: X=INT(RND(1)*H+1), the entrance column. Line 195 visits it.
  int entrance = draw(maze_.width()) - 1;
  if (entrance >= maze_.width()) {
    // X=H+1 (see WalkStats::stopped_at_line): the top border is printed without an
    // entrance, then W(X,1)=C stops the program.
    stats_.stopped_at_line = 195;
    done_ = true;
    return;
  }
  maze_.set_entrance(entrance);
  stand_at(static_cast<std::size_t>(entrance));
  visit();
  finish_if_full();
}

namespace {

// Row and column of cell i. A 32-bit division is several times cheaper than a 64-bit one,
// and every maze below 4 billion cells can use it.
inline void split_index(std::size_t i, std::size_t w, int& col, int& row) {
  if (i <= UINT32_MAX && w <= UINT32_MAX) {
    uint32_t r = static_cast<uint32_t>(i) / static_cast<uint32_t>(w);
    row = static_cast<int>(r);
    col = static_cast<int>(static_cast<uint32_t>(i) - r * static_cast<uint32_t>(w));
  } else {
    row = static_cast<int>(i / w);
    col = static_cast<int>(i % w);
  }
}

// How many directions a move mask offers.
constexpr int kMoveCount[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

// kPick[m][k]: the (k+1)-th direction offered in mask m, in the listing's order (left,
// up, right, down = the mask's bits from the lowest).
constexpr auto kPick = [] {
  std::array<std::array<uint8_t, 4>, 16> pick{};
  for (unsigned m = 0; m < 16; ++m) {
    unsigned rest = m;
    for (int k = 0; k < 4 && rest != 0; ++k) {
      pick[m][k] = static_cast<uint8_t>(rest & -rest);
      rest &= rest - 1;
    }
  }
  return pick;
}();

// run_moves' draw: X=INT(RND(1)*n+1) for n = 2 and for n = 3 from the new state, each as
// two comparisons (GwRnd::first_state_drawing), computed before the moves are known and
// packed as a key: X(n=2) - 1 + 4 * (X(n=3) - 1). X(n=2) is 3 at state 0xFFFFFF.
constexpr uint32_t kDrawFrom[2][2] = {
    {GwRnd::first_state_drawing(2, 2), GwRnd::first_state_drawing(2, 3)},
    {GwRnd::first_state_drawing(3, 2), GwRnd::first_state_drawing(3, 3)}};
constexpr unsigned kDrawKeys = 16;

inline unsigned draw_key(uint32_t s1) {
  return (s1 >= kDrawFrom[0][0]) + (s1 >= kDrawFrom[0][1]) +
         4 * ((s1 >= kDrawFrom[1][0]) + (s1 >= kDrawFrom[1][1]));
}

// The listing's moves for mask m (down included when all of left, up and right are
// open: lines 260-320 then draw among those three and never look down): how many it
// offers, which the listing draws among when there are 2 or 3.
constexpr unsigned listing_mask(unsigned m) {
  return (m & 7) == 7 ? 7 : m;
}

// The direction index (0 left .. 3 down) ON X GOTO takes for mask m and draw key k. X =
// n+1 (n = 2 at state 0xFFFFFF) falls through to the first direction, as in step().
constexpr int direction(unsigned mask, unsigned key) {
  const unsigned m = listing_mask(mask);
  const int n = kMoveCount[m];
  const int x = n == 2 ? 1 + static_cast<int>(key % 4) : n == 3 ? 1 + static_cast<int>(key / 4) : 1;
  return std::countr_zero(static_cast<unsigned>(kPick[m][x > n ? 0 : x - 1]));
}

}  // namespace

void AmazingWalk::init_fast_moves() {
  // go(move) by direction 0 left, 1 up, 2 right, 3 down (the move bit's index): the step
  // in the nibbles and in the bitset, the cell whose wall opens (the new one for left and
  // up) and the wall bit opened.
  const auto w = static_cast<std::ptrdiff_t>(width_), bits = static_cast<std::ptrdiff_t>(row_bits_);
  const std::ptrdiff_t cell_step[4] = {-1, -w, 1, w}, bit_step[4] = {-1, -bits, 1, bits};
  const std::ptrdiff_t owner_step[4] = {-1, -w, 0, 0};
  constexpr unsigned kOpen[4] = {kRightOpen, kDownOpen, kRightOpen, kDownOpen};
  fast_moves_.resize(16 * kDrawKeys);
  for (unsigned m = 1; m < 16; ++m) {
    for (unsigned key = 0; key < kDrawKeys; ++key) {
      const int d = direction(m, key);
      fast_moves_[m * kDrawKeys + key] = {cell_step[d], bit_step[d], owner_step[d], kOpen[d],
                                          kMoveCount[listing_mask(m)] >= 2 ? 1u : 0u};
    }
  }
}

void AmazingWalk::stand_at(std::size_t i) {
  pos_ = i;
  split_index(i, width_, col_, row_);
}

void AmazingWalk::visit() {
  // W(R,S)=C: C=C+1.
  mark(seen_.data(), bit_of(col_, row_));
  ++count_;
}

void AmazingWalk::finish_if_full() {
  // Lines 810, 840, 900, 950: IF C=H*V+1 THEN 1010.
  if (count_ < size_) return;
  done_ = true;
  if (variant_ == Variant::kFixedExit && !exit_made_) {
    // Lines 1010-1014: no exit yet, so open one in a random column of the last row.
    int col = draw(maze_.width()) - 1;
    if (col >= maze_.width()) {
      stats_.stopped_at_line = 1012;  // IF V(X,V)=0 with X=H+1: nothing more is printed
      return;
    }
    int row = maze_.height() - 1;
    maze_.set_walls(col, row, maze_.walls(col, row) == 0 ? 1 : 3);
    stats_.exit_added = true;
  }
}

unsigned AmazingWalk::moves(int col, int row) const {
  unsigned m = unvisited_around(seen_.data(), bit_of(col, row), row_bits_);
  // On the last row, "down" is the exit, offered while none exists (lines 330-338: Q=1);
  // the border below reads as visited.
  if (static_cast<std::size_t>(row) + 1 == height_ && !exit_made_) m |= kDown;
  // Lines 260-320: with left, up and right all open the listing draws among those three
  // and never looks down.
  if ((m & (kLeft | kUp | kRight)) == (kLeft | kUp | kRight)) m = kLeft | kUp | kRight;
  return m;
}

void AmazingWalk::step() {
  if (done_) return;
  unsigned m = moves(col_, row_);
  if (m == 0) {
    // Lines 780/1000 -> 210: stuck, scan on from the next cell.
    ++stats_.scans;
    scan_from(pos_ + 1 == size_ ? 0 : pos_ + 1);
    return;
  }
  const bool last_row = static_cast<std::size_t>(row_) + 1 == height_;
  if (variant_ == Variant::kBook && m == (kRight | kDown) && last_row) {
    // Line 695 of the book listing: on the last row with only right and the exit open it
    // jumps to 830, the middle of the "move up" code: it counts a visit, opens the bottom
    // of the cell above (V(R,S-1)=1, replacing what was there) and stands there. No RND.
    ++stats_.line_695_bugs;
    if (row_ == 0) {
      // One row: the cell above is in row 0 of DIM V(H,V), outside the maze, and the
      // listing walks on there. This walk cannot follow it; it stops (the program's own
      // callers never walk fewer than 2 rows).
      done_ = true;
      return;
    }
    ++count_;
    set_walls(pos_ - width_, 1);
    pos_ -= width_;
    --row_;
    finish_if_full();
    return;
  }
  unsigned move = m;
  if (kMoveCount[m] > 1) {
    // X=INT(RND(1)*n+1): ON X GOTO picks the X-th offered direction. In float32 the
    // state 0xFFFFFF gives X=3 of INT(RND(1)*2+1); ON X GOTO a,b then falls through to
    // the next line, and in each of the six places the listing draws from two (lines
    // 370, 450, 500, 590, 640, 710) the lines after lead to the first direction, a, with
    // no further RND. INT(RND(1)*3+1) never gives 4.
    ++stats_.decisions;
    int n = kMoveCount[m];
    int x = draw(n);
    move = kPick[m][x > n ? 0 : x - 1];
  }
  if (move == kDown && last_row) {
    make_exit();
    return;
  }
  go(move);
}

void AmazingWalk::run_moves() {
  uint8_t* const bytes = cells_;
  uint64_t* const seen = seen_.data();
  const FastMove* const table = fast_moves_.data();
  const std::size_t bits = row_bits_, size = size_;
  const std::size_t last_row_start = (height_ - 1) * width_;
  std::size_t pos = pos_, bit = bit_of(col_, row_), count = count_;
  uint32_t s = gw_->state();
  uint64_t draws = 0;
  while (pos < last_row_start) {
    // moves() off the last row: down is a cell, never the exit; the bitset's border
    // closes the edges.
    const unsigned m = unvisited_around(seen, bit, bits);
    // This cell's own bit, set only now: no check of it reads it, so they need not wait
    // for the store (set again, as step() set it, on the first).
    mark(seen, bit);
    if (m == 0) {
      // Lines 780/1000 -> 210: stuck, scan on from the next cell (this is not the last).
      ++stats_.scans;
      scan_from(pos + 1);
      if (done_) break;
      pos = pos_;
      bit = bit_of(col_, row_);
      continue;
    }
    // X=INT(RND(1)*n+1) when n >= 2, chosen without branching on the (random) count or
    // draw: the step is always computed and kept only when drawn, and the move is one
    // table entry for the mask and the draws.
    const uint32_t s1 = GwRnd::next_state(s);
    const FastMove& move = table[m * kDrawKeys + draw_key(s1)];
    s = move.drew ? s1 : s;
    draws += move.drew;
    // go(move): the wall opened belongs to the cell on the left or above, and OR-ing its
    // bit in is the listing's "IF V=0 THEN v ELSE 3": left and up open a wall of the new
    // cell, which has none yet; right and down one of this cell, whose other wall bit is
    // 0 or already set, never the one opened (that neighbour would be visited).
    set_bits(bytes, pos + static_cast<std::size_t>(move.owner), move.open);
    pos += static_cast<std::size_t>(move.cell);
    bit += static_cast<std::size_t>(move.bit);
    if (++count >= size) break;
  }
  count_ = count;
  stats_.decisions += draws;
  gw_->advance_to(s, draws);
  if (done_) return;
  mark(seen, bit);
  stand_at(pos);
  finish_if_full();
}

void AmazingWalk::make_exit() {
  // Lines 960-980: the exit. Z=1 and no move. If the cell was closed the listing restarts
  // the scan at (1,1), looking at (1,1) itself first; otherwise it scans on from here.
  exit_made_ = true;
  stats_.exit_by_walk = true;
  if (walls(pos_) == 0) {
    set_walls(pos_, 1);
    scan_from(0);
  } else {
    set_walls(pos_, 3);
    scan_from(pos_ + 1 == size_ ? 0 : pos_ + 1);
  }
}

void AmazingWalk::go(unsigned move) {
  // Lines 790-955: visit the neighbour and open the wall between; the wall belongs to the
  // cell on the left or above.
  const std::size_t here = pos_;
  switch (move) {
    case kLeft:  // lines 790-815
      set_walls(here - 1, 2);
      pos_ = here - 1;
      --col_;
      break;
    case kUp:  // lines 820-850
      set_walls(here - width_, 1);
      pos_ = here - width_;
      --row_;
      break;
    case kRight:  // lines 860-905
      set_walls(here, walls(here) == 0 ? 2 : 3);
      pos_ = here + 1;
      ++col_;
      break;
    case kDown:  // lines 910-955 (the exit, on the last row, is make_exit)
      set_walls(here, walls(here) == 0 ? 1 : 3);
      pos_ = here + width_;
      ++row_;
      break;
  }
  visit();
  finish_if_full();
}

std::size_t AmazingWalk::next_live(std::size_t from) const {
  // A visited cell has a move when a neighbour is unvisited, or, on the last row while
  // there is no exit, always (the exit). Word k of a row holds cells 64k..64k+63, so a
  // word's cells with a move are its visited bits whose four neighbours' bits (the words
  // above and below, and the word shifted by one with the neighbouring word's end bit
  // carried in) are not all set. The border keeps every read inside the bitset: a row's
  // word before the first is the previous row's last (its top bit is border), and bits
  // from column width on are border and never candidates.
  if (from >= size_) return size_;
  int col, row;
  split_index(from, width_, col, row);
  const std::size_t stride = row_bits_ / 64, last_word = width_ / 64;
  const uint64_t last_grid_bits = ~(~uint64_t{0} << (width_ % 64));  // 0 if none in it
  const std::size_t grid_words = (width_ + 63) / 64;
  std::size_t k = static_cast<std::size_t>(col) / 64;
  uint64_t first = ~uint64_t{0} << (col % 64);
  for (std::size_t r = static_cast<std::size_t>(row); r < height_; ++r, k = 0) {
    // The row, the rows above and below, and the row shifted by one word either way: the
    // word before a row's first is the border's (indexes stay unsigned and in the store).
    const uint64_t* const w = seen_.data() + (r + 1) * stride;
    const uint64_t *const up = w - stride, *const down = w + stride, *const before = w - 1;
    const bool exit_open = r + 1 == height_ && !exit_made_;
    for (; k < grid_words; ++k, first = ~uint64_t{0}) {
      const uint64_t v = w[k];
      const uint64_t closed = up[k] & down[k] & ((v << 1) | (before[k] >> 63)) &
                              ((v >> 1) | (w[k + 1] << 63));
      uint64_t live = (exit_open ? v : v & ~closed) & first;
      if (k == last_word) live &= last_grid_bits;
      if (live != 0) return r * width_ + k * 64 + static_cast<std::size_t>(std::countr_zero(live));
    }
  }
  return size_;
}

void AmazingWalk::scan_from(std::size_t start) {
  // From `start` to the end, then from the first cell: cells only ever lose moves
  // (neighbours get visited; the exit option goes once Z=1), so a cell the scan passes
  // without a move has none the next time round either.
  std::size_t i = next_live(start);
  if (i == size_) i = next_live(0);
  if (i == size_) {
    // Every visited cell is stuck yet cells remain: the listing would scan forever. It
    // cannot happen on a connected grid; stop rather than hang.
    assert(false && "AMAZING walk: no visited cell has a move left");
    done_ = true;
    return;
  }
  stand_at(i);
}

std::string basic_stop_message(int line) {
  return "Subscript out of range in " + std::to_string(line) + "\xFF";
}

std::string explain_stop(int line, int width) {
  return "the 1978 program stops on this maze: \"Subscript out of range in " +
         std::to_string(line) + "\". Its RND reached state 0xFFFFFF, where INT(RND(1)*" +
         std::to_string(width) + "+1) is " + std::to_string(width + 1) +
         ", a column outside the maze. A different seed or size avoids it";
}

Result<AmazingRun> run_amazing(Ram& ram, int width, int height, Variant variant, GwRnd& rnd) {
  auto maze = Maze::create(ram, width, height);
  if (!maze) return maze.error();
  AmazingWalk walk(*maze, rnd, variant);
  walk.run();
  return AmazingRun{std::move(maze).value(), walk.stats()};
}

Result<AmazingRun> run_amazing(Ram& ram, int width, int height, Variant variant, C64Rnd& rnd) {
  auto maze = Maze::create(ram, width, height);
  if (!maze) return maze.error();
  AmazingWalk walk(*maze, rnd, variant);
  walk.run();
  return AmazingRun{std::move(maze).value(), walk.stats()};
}

Result<Maze> generate_amazing(Ram& ram, int width, int height, Variant variant, GwRnd& rnd,
                              WalkStats* stats) {
  auto run = run_amazing(ram, width, height, variant, rnd);
  if (!run) return run.error();
  if (stats) *stats = run->stats;
  if (int line = run->stats.stopped_at_line) return Error{explain_stop(line, width)};
  return std::move(run->maze);
}

int c64_out_of_memory_line(Variant variant, int width, int height, std::optional<int16_t> seed) {
  constexpr long kVariableBytes = 7;
  long free = variant == Variant::kFixedExit ? 36361 : 36452;
  if (seed) free -= 20 + static_cast<long>(std::to_string(*seed).size());
  free -= 2 * (9 + 5 * (static_cast<long>(width) + 1) * (static_cast<long>(height) + 1));
  if (free < 0) return 110;
  const int j_line = variant == Variant::kFixedExit ? 1015 : 1010;
  std::vector<int> made = {160, 160, 165, 195, 200, 200, j_line};
  if (!seed) made.insert(made.begin(), 160);  // X
  for (int line : made) {
    if (free < kVariableBytes) return line;
    free -= kVariableBytes;
  }
  return 0;
}

}  // namespace amazing::core
