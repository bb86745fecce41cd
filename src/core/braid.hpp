// Braiding: a post-pass on a finished maze that removes a share of its dead ends by
// opening one more wall at each, so the maze gets loops on purpose (--braid P).
//
//   BraidReport r = braid(maze, 5000, rnd, mask);   // P = 0.5, in ten-thousandths
//   r.dead_ends_before, r.removed, r.dead_ends_after
//
// The rule, exactly (every engine reaches it through this one function):
//  * A dead end is an open cell (not left out by the mask) with exactly one passage, as
//    `stats` counts them (analysis.hpp, cell_passages: the entrance and exit openings are
//    not passages).
//  * D = the dead ends before the pass; k = (D * share + 5000) / 10000 of them are to go
//    (share in ten-thousandths, 0..10000: P rounded half up to a whole count).
//  * The cells are visited once, in reading order (row by row, left to right). At a cell
//    that is a dead end now, with `need` = how many more must go (dead ends now minus
//    D - k) and `left` = the dead ends from this cell on not yet visited (this one
//    included): nothing is done once need <= 0; when need < left it is chosen with
//    pick(left) <= need (selection sampling: exactly enough are chosen, spread over the
//    maze), else it is chosen without a draw. So P = 1 draws nothing to choose.
//  * A chosen dead end opens the wall to one neighbour, up, right, down, left, among those
//    on the grid, not left out, not already joined to it, and with at least one passage
//    (a cell the maker never reached, such as the 1978 walk's walled-off cells, is left
//    alone). Neighbours that are dead ends themselves come first (one opening then
//    removes two); among the preferred ones, pick(n) chooses (no draw when n = 1). A dead
//    end with no such neighbour stays (a maze one cell wide, cells hemmed in by a mask).
//  * pick(n) is the generators' pick: INT(RND(1)*n+1) from GwRnd::draw, only when n >= 2.
// Passages are only ever added, so a cell passed over never becomes a dead end again:
// with share 10000 (P = 1) no dead end is left unless it had no neighbour to open to.
// No scratch memory: the maze's own store is read and written in place.
#pragma once

#include <cstddef>
#include <string_view>

#include "core/mask.hpp"
#include "core/maze.hpp"
#include "core/result.hpp"
#include "core/rnd.hpp"

namespace amazing::core {

inline constexpr int kBraidWhole = 10000;  // share 1.0 in ten-thousandths

struct BraidReport {
  std::size_t dead_ends_before = 0;
  std::size_t removed = 0;  // dead ends gone (an opening between two dead ends removes two)
  std::size_t dead_ends_after = 0;
  std::size_t walls_opened = 0;  // loops added (each opening closes one)
};

// Opens walls of `maze` as described above; `mask` (optional) the cells left out.
BraidReport braid(Maze& maze, int share, GwRnd& rnd, const Mask* mask = nullptr);

// "0", "1", "0.25", ".5", "1.0": a decimal from 0 to 1 with at most 4 digits after the
// point, as ten-thousandths; anything else is an error saying what --braid takes.
Result<int> parse_braid_share(std::string_view text);

}  // namespace amazing::core
