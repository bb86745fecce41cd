// Renderers: the maze as the 1978 listing prints it (lines 165-190 and 1010-1073).
//
//   .--.  .--.      top border, the entrance column open
//   I  I     I      per row: the cells, I = wall on the right
//   :--:  :  .      then the floor, -- = wall below
// Lines end in '\n'. With wrap = 80 the text is broken the way GW-BASIC's 80-column
// screen breaks it (a PRINT item that would pass column 80 starts a new line), which is
// what PC-BASIC prints for mazes wider than 26; wrap = 0 never breaks.
// Rows render one at a time so a huge maze can stream out without a full copy in memory.
#pragma once

#include <string>
#include <string_view>

#include "core/maze.hpp"
#include "core/ram.hpp"
#include "core/result.hpp"

namespace amazing::core {

class TextRenderer {
 public:
  explicit TextRenderer(int wrap = 0) : wrap_(wrap) {}

  void top(const Maze& maze, std::string& out);            // lines 165-190
  void row(const Maze& maze, int row, std::string& out);   // lines 1011-1071, one J
  // The whole maze.
  void all(const Maze& maze, std::string& out);

 private:
  void unwrapped_row(const Maze& maze, int row, std::string& out);
  void item(std::string_view text, std::string& out);
  void end_line(std::string& out);

  int wrap_;
  int column_ = 0;
};

// The whole maze as text, unwrapped.
std::string render_text(const Maze& maze);

// The maze a listing printed (the unwrapped text form above: the top border, then two lines
// a row) read back into the nibble store, so the host can render it in any form. Errors
// name the line that is not the 1978 program's maze text.
Result<Maze> read_text_maze(std::string_view text, Ram& ram);

}  // namespace amazing::core
