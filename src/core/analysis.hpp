// Analysis: what kind of maze this is. Counts every cell's passages to its neighbours
// (the entrance and the exit openings are not passages, so a dead end next to the border
// stays a dead end), checks the maze is perfect (every open cell reachable, no loops) and
// measures the longest path and the solution.
//
//   MazeStats s = analyze(maze);
//   s.perfect, s.share(s.dead_ends), s.longest_path, s.solution_length
//   format_stats(s)  -> "perfect yes  cells 400  dead ends 10.3%  ..." (one line)
//   stats_json(s)    -> {"perfect":true,...}
// A cell with four borders (no passage, not the entrance or exit cell) is counted as left
// out (masked), not as a disconnected cell. Uses O(cells) scratch (distances) while it
// runs: analysis is not a generator and is not bound by the 4-bits-a-cell store.
#pragma once

#include <cstddef>
#include <string>

#include "core/maze.hpp"

namespace amazing::core {

struct MazeStats {
  int width = 0;
  int height = 0;
  std::size_t open_cells = 0;  // cells in the maze (not left out)
  std::size_t left_out = 0;    // cells with four borders
  std::size_t passages = 0;    // open walls between two cells
  bool connected = false;      // every open cell reachable from every other
  bool acyclic = false;        // no loops (passages == open cells - 1 when connected)
  bool perfect = false;        // connected and acyclic
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

MazeStats analyze(const Maze& maze);

// One line of text: "20x20  perfect yes  dead ends 10.3%  straights 38.0%  turns 40.0%
// junctions 10.0%  crossroads 1.0%  longest path 143  solution 87".
std::string format_stats(const MazeStats& s);
// A JSON object with the same facts (shares as fractions).
std::string stats_json(const MazeStats& s);

}  // namespace amazing::core
