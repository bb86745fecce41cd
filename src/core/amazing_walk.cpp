#include "core/amazing_walk.hpp"

namespace amazing::core {

std::optional<Variant> parse_variant(std::string_view name) {
  if (name == "book") return Variant::kBook;
  if (name == "fixed") return Variant::kFixed;
  if (name == "fixed-exit") return Variant::kFixedExit;
  return std::nullopt;
}

std::string_view variant_name(Variant v) {
  switch (v) {
    case Variant::kBook: return "book";
    case Variant::kFixed: return "fixed";
    case Variant::kFixedExit: return "fixed-exit";
  }
  return "?";
}

AmazingWalk::AmazingWalk(Maze& maze, GwRnd& rnd, Variant variant)
    : maze_(maze), rnd_(rnd), variant_(variant) {
  // Line 160: X=INT(RND(1)*H+1), the entrance column. Line 195 visits it.
  col_ = rnd_.draw(maze_.width()) - 1;
  row_ = 0;
  maze_.set_entrance(col_);
  visit(col_, row_);
  finish_if_full();
}

void AmazingWalk::visit(int col, int row) {
  // W(R,S)=C: C=C+1. A visited cell joins the scan index until it has no move left.
  maze_.store().set_bits(maze_.store().index(col, row), kVisited | kLive);
  ++count_;
}

void AmazingWalk::finish_if_full() {
  // Lines 810, 840, 900, 950: IF C=H*V+1 THEN 1010.
  if (count_ < maze_.cells()) return;
  done_ = true;
  if (variant_ == Variant::kFixedExit && !exit_made_) {
    // Lines 1010-1014: no exit yet, so open one in a random column of the last row.
    int col = rnd_.draw(maze_.width()) - 1;
    int row = maze_.height() - 1;
    maze_.set_walls(col, row, maze_.walls(col, row) == 0 ? 1 : 3);
    stats_.exit_added = true;
  }
}

int AmazingWalk::options(Move out[4]) const {
  const int w = maze_.width();
  const int h = maze_.height();
  int n = 0;
  bool left = col_ > 0 && !visited(col_ - 1, row_);
  bool up = row_ > 0 && !visited(col_, row_ - 1);
  bool right = col_ + 1 < w && !visited(col_ + 1, row_);
  // On the last row, "down" is the exit, offered while none exists (lines 330-338: Q=1).
  bool down = row_ + 1 == h ? !exit_made_ : !visited(col_, row_ + 1);
  if (left) out[n++] = Move::kLeft;
  if (up) out[n++] = Move::kUp;
  if (right) out[n++] = Move::kRight;
  // Lines 260-320: with left, up and right all open the listing draws among those three
  // and never looks down.
  if (down && n < 3) out[n++] = Move::kDown;
  return n;
}

void AmazingWalk::step() {
  if (done_) return;
  Move choices[4];
  int n = options(choices);
  if (n == 0) {
    // Lines 780/1000 -> 210: stuck, scan on from the next cell.
    ++stats_.scans;
    std::size_t here = maze_.store().index(col_, row_);
    scan_from(here + 1 == maze_.cells() ? 0 : here + 1);
    return;
  }
  if (variant_ == Variant::kBook && n == 2 && choices[0] == Move::kRight &&
      row_ + 1 == maze_.height()) {
    // Line 695 of the book listing: on the last row with only right and the exit open it
    // jumps to 830, the middle of the "move up" code: it counts a visit, opens the bottom
    // of the cell above (V(R,S-1)=1, replacing what was there) and stands there. No RND.
    ++stats_.line_695_bugs;
    ++count_;
    maze_.set_walls(col_, row_ - 1, 1);
    --row_;
    finish_if_full();
    return;
  }
  Move m = choices[0];
  if (n > 1) {
    ++stats_.decisions;
    m = choices[rnd_.draw(n) - 1];
  }
  move(m);
}

void AmazingWalk::move(Move m) {
  switch (m) {
    case Move::kLeft:  // lines 790-815
      visit(col_ - 1, row_);
      maze_.set_walls(col_ - 1, row_, 2);
      --col_;
      break;
    case Move::kUp:  // lines 820-850
      visit(col_, row_ - 1);
      maze_.set_walls(col_, row_ - 1, 1);
      --row_;
      break;
    case Move::kRight:  // lines 860-905
      visit(col_ + 1, row_);
      maze_.set_walls(col_, row_, maze_.walls(col_, row_) == 0 ? 2 : 3);
      ++col_;
      break;
    case Move::kDown:
      if (row_ + 1 == maze_.height()) {
        // Lines 960-980: the exit. Z=1 and no move. If the cell was closed the listing
        // restarts the scan at (1,1), looking at (1,1) itself first; otherwise it scans on
        // from here.
        exit_made_ = true;
        stats_.exit_by_walk = true;
        if (maze_.walls(col_, row_) == 0) {
          maze_.set_walls(col_, row_, 1);
          scan_from(0);
        } else {
          maze_.set_walls(col_, row_, 3);
          std::size_t here = maze_.store().index(col_, row_);
          scan_from(here + 1 == maze_.cells() ? 0 : here + 1);
        }
        return;
      }
      // Lines 910-955.
      visit(col_, row_ + 1);
      maze_.set_walls(col_, row_, maze_.walls(col_, row_) == 0 ? 1 : 3);
      ++row_;
      break;
  }
  finish_if_full();
}

void AmazingWalk::scan_from(std::size_t start) {
  NibbleStore& store = maze_.store();
  const std::size_t cells = store.cells();
  const std::size_t w = static_cast<std::size_t>(maze_.width());
  // Two passes: [start, end) then [0, end). A cell found with no move is dropped
  // from the index for good: cells only ever lose moves (neighbours get visited; the exit
  // option goes once Z=1), so it would never stop the listing's scan again.
  std::size_t i = start;
  for (int pass = 0; pass < 2; ++pass) {
    for (i = store.find_next(i, kLive); i < cells; i = store.find_next(i + 1, kLive)) {
      col_ = static_cast<int>(i % w);
      row_ = static_cast<int>(i / w);
      Move unused[4];
      if (options(unused) > 0) return;
      store.clear_bits(i, kLive);
    }
    i = 0;
  }
  // Every visited cell is stuck yet cells remain: the listing would scan forever. It
  // cannot happen on a connected grid; stop rather than hang.
  assert(false && "AMAZING walk: no visited cell has a move left");
  done_ = true;
}

Result<Maze> generate_amazing(Ram& ram, int width, int height, Variant variant, GwRnd& rnd,
                              WalkStats* stats) {
  auto maze = Maze::create(ram, width, height);
  if (!maze) return maze.error();
  AmazingWalk walk(*maze, rnd, variant);
  walk.run();
  if (stats) *stats = walk.stats();
  return std::move(maze).value();
}

}  // namespace amazing::core
