// Analysis: what kind of maze this is. Judges whether the maze is perfect -- every cell
// that is not left out reachable from the entrance, the exit there and reachable, no loop
// -- and says why not; counts every cell's passages to its neighbours (the entrance and
// the exit openings are not passages, so a dead end next to the border stays a dead end)
// and measures the longest path and the solution.
//
//   Verdict v = judge(maze);             // the play screen's flaw notice
//   v.perfect(), v.reason()             // false, "exit unreachable, 32 walled off"
//   MazeStats s = analyze(maze, &mask);  // the verdict plus the shapes (stats, gen --stats)
//   s.perfect, s.share(s.dead_ends), s.longest_path, s.solution_length
//   format_stats(s)  -> "perfect yes  cells 400  left out 0  loops 0  dead ends 41 (10.3%)  ..."
//   stats_json(s) in core/json.hpp -> {"width":20,...,"perfect":true,...}
// Left out cells are the mask's (a --mask: cut out on purpose, not a flaw); without a mask
// no cell is left out, and a cell that cannot be reached from the entrance is walled off
// (a flaw), whether it has passages or not. Uses O(cells) scratch while it runs: analysis
// is not a generator and is not bound by the 4-bits-a-cell store.
#pragma once

#include <cstddef>
#include <string>

#include "core/generators/generator.hpp"
#include "core/mask.hpp"
#include "core/maze.hpp"

namespace amazing::core {

// Whether a maze is perfect, and what is wrong with it when it is not.
struct Verdict {
  bool has_entrance = false;    // a top-row cell open upward
  bool has_exit = false;        // a bottom-row cell open downward
  bool exit_reachable = false;  // ... that can be reached from the entrance
  std::size_t open_cells = 0;   // cells not left out
  std::size_t reachable = 0;    // open cells reachable from the entrance (0 without one)
  std::size_t walled_off = 0;   // open_cells - reachable: cells the player never reaches
  std::size_t passages = 0;     // open walls between two open cells
  std::size_t loops = 0;        // passages beyond a forest's: 0 means no loop anywhere
  // The first open cell in reading order the entrance does not reach, and a cell on a
  // loop (the cell whose passage, right or down, closes the first loop found in reading
  // order); 0-based, {-1, -1} when there is none.
  CellPos first_walled_off{-1, -1};
  CellPos loop_cell{-1, -1};

  bool perfect() const {
    return has_entrance && exit_reachable && walled_off == 0 && loops == 0 && open_cells > 0;
  }
  // Empty when perfect; else what is wrong, most serious first, joined by ", ":
  // "no entrance", "no exit", "exit unreachable", "N walled off", "N loops" (or "1 loop").
  std::string reason() const;
};

// The passages of cell (col, row) to neighbours not left out by `mask` (optional; a mask
// of another size leaves nothing out), as direction bits 1 up, 2 right, 4 down, 8 left.
// The entrance and exit openings are not passages. One passage: a dead end (the rule
// analyze counts and the braid pass removes).
unsigned cell_passages(const Maze& maze, const Mask* mask, int col, int row);
inline bool is_dead_end(unsigned passages) { return passages != 0 && (passages & (passages - 1)) == 0; }

// `mask` (optional) marks the cells left out on purpose; it must match the maze's size.
Verdict judge(const Maze& maze, const Mask* mask = nullptr);

// The cells with no opening at all (no passage, not the entrance or exit cell) as a mask:
// how a maze read from JSON shows its --mask ("a masked cell is 0"). Callers decide whether
// the maze can have a mask at all (the 1978 walk cannot: its closed cells are walled off).
Mask closed_cells(const Maze& maze);

// What the host asked a script for (gen's --size, --mask and --starts): the maze a
// script publishes is held to it by check_maze.
struct MazeRequest {
  int width = 0;   // 0: any size
  int height = 0;
  const Mask* mask = nullptr;
  int starts = 0;  // > 0: exactly this many start markers and as many end markers
  bool proper = true;  // the maze must be a proper maze (false: the 1978 walk's flaws)
  bool loops = false;  // a proper maze may have loops (gen --braid P with P > 0)
};

// The first thing wrong with a published maze, in the order check_maze looks.
enum class MazeFault : uint8_t {
  kNone,
  kSize,            // not the --size asked for
  kMaskedPassage,   // a masked cell has a passage (or is the entrance or exit)
  kNoCells,         // every cell is masked
  kNoEntrance,
  kNoExit,
  kExits,           // more than one exit
  kMaskSplits,      // a cell walled off because --mask cuts it off from the entrance
  kWalledOff,
  kExitUnreachable,
  kLoop,
  kMarkerKey,       // markers has a key other than starts and ends (set by the Lua layer)
  kStarts,          // not --starts N starts
  kEnds,            // not --starts N ends
  kTooManyMarkers,  // more markers than the maze has cells
  kMarkerOff,       // a marker off the grid
  kMarkerMasked,    // a marker on a masked cell
  kSharedCell,      // two markers on one cell
};

// check_maze's verdict: the fault, where, and the numbers its message needs.
struct MazeCheck {
  MazeFault fault = MazeFault::kNone;
  CellPos cell{-1, -1};  // the offending cell, 0-based ({-1, -1}: none)
  std::size_t got = 0;   // kSize: width; kExits, kStarts, kEnds, kTooManyMarkers: count
  std::size_t got2 = 0;  // kSize: height
  std::size_t want = 0;  // kSize, kMarkerOff: width; kStarts, kEnds: N; kTooManyMarkers: cells
  std::size_t want2 = 0;  // kSize, kMarkerOff: height
  Direction side = Direction::kUp;  // kMaskedPassage: the side open
  // kMaskSplits: the mask's own reason; kMarkerKey: the key as shown ("markers.start");
  // kMaskedPassage: "entrance"
  // or "exit" when the opening is one of those.
  std::string detail;
  bool ok() const { return fault == MazeFault::kNone; }
  // Whether the maze itself is not a proper maze (every cell reachable from the
  // entrance, one entrance on top, one exit at the bottom, no loop).
  bool improper() const { return fault >= MazeFault::kNoCells && fault <= MazeFault::kLoop; }
  // What is wrong, naming the cell (column,row from 1) and the option; "" when ok:
  // "cell (3,2) is masked by --mask but has a passage right".
  std::string message() const;
};

// Holds a maze and its markers to what was asked: the size, the mask (a masked cell has
// no passage and no marker), a proper maze (judge; unless !request.proper; loops only
// with request.loops), --starts N
// starts and N ends, no more markers than cells, no two markers on one cell. The first
// fault found, with its cell. O(cells) scratch.
MazeCheck check_maze(const Maze& maze, const Markers& markers, const MazeRequest& request);

struct MazeStats {
  int width = 0;
  int height = 0;
  Verdict verdict;
  std::size_t open_cells = 0;  // cells in the maze (not left out)
  std::size_t left_out = 0;    // cells the mask leaves out
  std::size_t walled_off = 0;  // open cells not reachable from the entrance
  std::size_t passages = 0;    // open walls between two open cells
  bool connected = false;      // every open cell reachable from the entrance
  bool acyclic = false;        // no loops anywhere
  bool perfect = false;        // verdict.perfect(): connected, acyclic, exit reachable
  // Cells by their passages: 1 dead end, 2 straight (opposite sides) or turn, 3 junction,
  // 4 crossroads.
  std::size_t dead_ends = 0, straights = 0, turns = 0, junctions = 0, crossroads = 0;
  bool has_entrance = false;
  bool has_exit = false;
  // Cells on the longest path between two cells (exact for perfect mazes; a lower bound
  // otherwise: the double-sweep estimate).
  std::size_t longest_path = 0;
  // Cells on the shortest path from the entrance to the exit; 0 when there is none.
  std::size_t solution_length = 0;

  double share(std::size_t count) const {
    return open_cells == 0 ? 0.0 : static_cast<double>(count) / static_cast<double>(open_cells);
  }
};

MazeStats analyze(const Maze& maze, const Mask* mask = nullptr);

// One line of text: "20x20  perfect yes  cells 400  left out 0  loops 0  dead ends 41 (10.3%)
// straights 38.0%  turns 40.0%  junctions 10.0%  crossroads 1.0%  longest path 143
// solution 87" (loops: passages beyond a spanning forest's, edges - cells + 1 in a
// connected maze); not perfect:
// "perfect no (exit unreachable, 32 walled off)".
std::string format_stats(const MazeStats& s);

}  // namespace amazing::core
