// The JSON maze format: one object per maze, on one line.
//   {"algorithm":"wilson","width":W,"height":L,"seed":7,"cells":[...],
//    "starts":[[col,row],...],"ends":[[col,row],...],"mask":[[col,row],...]}
// `cells` is row-major, each cell's open sides as bits 1 up, 2 right, 4 down, 8 left; the
// entrance is the top-row cell with its up bit, the exit the bottom-row cell with its
// down bit; a masked (left out) cell is 0, and "mask" (written only for a maze made with
// --mask) lists the masked cells, so a reader knows them from cells closed by a flaw.
// Columns and rows count from 0. "seed" is null
// when the RND was in its power-on state. Readers ignore other keys (gen --stats adds
// "stats"; gen --count K adds "index", 0..K-1: "seed" stays the seed given, and the
// maze is the index-th one made from it, the RND running on between mazes).
// Pure string functions over nlohmann-json: the caller does the reading and writing.
//   std::string line = maze_to_json(maze, "wilson", 7, markers);
//   auto rec = parse_maze_json(line);            // Result<MazeRecord>
//   auto maze = maze_from_record(*rec, ram);     // Result<Maze>, checked for consistency
//   std::string s = stats_json(analyze(*maze));  // {"width":W,...,"dead_ends":0.103000,...}
// The reader is strict JSON (RFC 8259: no trailing commas, comments or other text, UTF-8
// strings) and reads the cells straight into bytes, so its memory is the maze's, not a
// tree of values; nesting deeper than kMaxJsonDepth is refused where it starts.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/analysis.hpp"
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
  // "mask": the cells left out on purpose; none when the key is missing.
  std::optional<std::vector<CellPos>> mask;
};

// What gen adds after "ends": "mask" (--mask: the masked cells, in reading order), "index" (--count K: which maze of the K, 0..K-1) and
// "stats" (--stats: stats_json of the maze), in that order, each only when given.
struct JsonExtras {
  std::optional<int> index;
  const MazeStats* stats = nullptr;
  const Mask* mask = nullptr;  // --mask: written as "mask", right after "ends"
};

// The maze's object on one line (no line end).
std::string maze_to_json(const Maze& maze, std::string_view algorithm, std::optional<int> seed,
                         const Markers& markers, const JsonExtras& extras = {});

// Arrays and objects inside one another (the maze object itself is level 1); deeper
// input is refused as soon as it goes past this.
inline constexpr int kMaxJsonDepth = 64;

// One object; errors say what is wrong and, for text that is not JSON, at which character.
Result<MazeRecord> parse_maze_json(std::string_view text);

// Builds the maze (store from `ram`), checking that neighbours agree on every wall, that
// there is at most one entrance and one exit, and that each "mask" cell is on the grid
// and closed on every side.
Result<Maze> maze_from_record(const MazeRecord& record, Ram& ram);

// The statistics as one JSON object, in this order: width, height, perfect, reason,
// connected, acyclic, exit_reachable, cells, left_out, walled_off, passages, the five
// shares (dead_ends ... crossroads, fractions with six decimals), longest_path,
// solution_length.
std::string stats_json(const MazeStats& s);

// The JSON bits of one cell of a maze.
uint8_t json_cell(const Maze& maze, int col, int row);

// The record's "mask" as a Mask of its size (after maze_from_record accepted it); none
// without the key.
std::optional<Mask> record_mask(const MazeRecord& record);

}  // namespace amazing::core
