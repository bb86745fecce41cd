// The JSON maze format: one object per maze, on one line.
//   {"algorithm":"wilson","width":W,"height":L,"seed":7,"cells":[...],
//    "starts":[[col,row],...],"ends":[[col,row],...]}
// `cells` is row-major, each cell's open sides as bits 1 up, 2 right, 4 down, 8 left; the
// entrance is the top-row cell with its up bit, the exit the bottom-row cell with its
// down bit; a masked (left out) cell is 0. Columns and rows count from 0. "seed" is null
// when the RND was in its power-on state. Readers ignore other keys (gen --stats adds
// "stats"; gen --count K adds "index", 0..K-1: "seed" stays the seed given, and the
// maze is the index-th one made from it, the RND running on between mazes). Pure string functions: the caller does the reading and writing.
//   std::string line = maze_to_json(maze, "wilson", 7, markers);
//   auto rec = parse_maze_json(line);            // Result<MazeRecord>
//   auto maze = maze_from_record(*rec, ram);     // Result<Maze>, checked for consistency
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/generators/generator.hpp"
#include "core/maze.hpp"
#include "core/ram.hpp"
#include "core/result.hpp"

namespace amazing::core {

enum JsonCellBits : uint8_t { kJsonUp = 1, kJsonRight = 2, kJsonDown = 4, kJsonLeft = 8 };

struct MazeRecord {
  std::string algorithm;
  int width = 0;
  int height = 0;
  std::optional<int> seed;
  std::vector<uint8_t> cells;  // the JSON bits above
  Markers markers;
};

// `extra` (if not empty) is appended inside the object as raw JSON members, e.g.
// "\"stats\":{...}".
std::string maze_to_json(const Maze& maze, std::string_view algorithm, std::optional<int> seed,
                         const Markers& markers, std::string_view extra = {});

// One object; errors say where in the text it went wrong.
Result<MazeRecord> parse_maze_json(std::string_view text);

// Builds the maze (store from `ram`), checking that neighbours agree on every wall and
// that there is at most one entrance and one exit.
Result<Maze> maze_from_record(const MazeRecord& record, Ram& ram);

// The JSON bits of one cell of a maze.
uint8_t json_cell(const Maze& maze, int col, int row);

}  // namespace amazing::core
