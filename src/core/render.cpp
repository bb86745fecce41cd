#include "core/render.hpp"

#include <array>
#include <cstring>
#include <vector>

namespace amazing::core {

void TextRenderer::item(std::string_view text, std::string& out) {
  int len = static_cast<int>(text.size());
  if (wrap_ > 0 && column_ > 0 && column_ + len > wrap_) {
    out += '\n';
    column_ = 0;
  }
  out += text;
  column_ += len;
}

void TextRenderer::end_line(std::string& out) {
  out += '\n';
  column_ = 0;
}

void TextRenderer::top(const Maze& maze, std::string& out) {
  for (int col = 0; col < maze.width(); ++col) item(col == maze.entrance() ? ".  " : ".--", out);
  item(".", out);
  end_line(out);
}

namespace {

// The text of two cells (one byte of the store, any marks ignored), 6 characters for the
// cells' line and 6 for the floor's, kept in 8 bytes so one 8-byte copy writes them (the
// last 2 are overwritten by what comes next).
struct PairText {
  char cells[8];
  char floor[8];
};

constexpr PairText pair_text(unsigned byte) {
  PairText t{};
  for (int k = 0; k < 2; ++k) {
    const unsigned v = (byte >> (4 * k)) & kWallBits;
    t.cells[3 * k] = t.cells[3 * k + 1] = ' ';
    t.cells[3 * k + 2] = v < 2 ? 'I' : ' ';  // line 1013: IF V(I,J)<2, the right wall
    t.floor[3 * k] = ':';
    t.floor[3 * k + 1] = t.floor[3 * k + 2] = (v & kDownOpen) ? ' ' : '-';  // 1045-1050
  }
  return t;
}

constexpr auto kPairText = [] {
  std::array<PairText, 256> table{};
  for (unsigned b = 0; b < 256; ++b) table[b] = pair_text(b);
  return table;
}();

// Writes the cells' line then the floor's of cells [first, first + w) into `at`, which has
// room for both (2 * (3w + 2) bytes): two cells per table look-up. A pair starting on an
// odd cell straddles two bytes of the store and is read as 16 bits shifted by a nibble.
void write_row_text(const uint8_t* bytes, std::size_t first, std::size_t w, char* at) {
  const std::size_t line = 3 * w + 2;
  const std::size_t pairs = w / 2;
  const unsigned shift = (first & 1) * 4;
  const uint8_t* b = bytes + first / 2;
  auto pair = [&](std::size_t k) {
    // Cells first + 2k and first + 2k + 1: bytes b[k] and, when odd, b[k + 1] (which
    // holds cell first + 2k + 1, so it exists).
    unsigned v = b[k];
    if (shift != 0) v = (v | static_cast<unsigned>(b[k + 1]) << 8) >> 4;
    return &kPairText[v & 0xFF];
  };
  // Each copy writes 2 bytes past its 6, which the next copy, or the line ends written
  // after each loop, overwrite: so the cells' line is finished before the floor's.
  char* cells = at;
  *cells++ = 'I';
  for (std::size_t k = 0; k < pairs; ++k, cells += 6) std::memcpy(cells, pair(k)->cells, 8);
  char* floor = at + line;
  for (std::size_t k = 0; k < pairs; ++k, floor += 6) std::memcpy(floor, pair(k)->floor, 8);
  if (w & 1) {
    // The last cell alone: the low half of a pair text is that cell's text.
    const std::size_t i = first + w - 1;
    const unsigned v = (bytes[i / 2] >> ((i & 1) * 4)) & 0xF;
    std::memcpy(cells, kPairText[v].cells, 3);
    std::memcpy(floor, kPairText[v].floor, 3);
    cells += 3;
    floor += 3;
  }
  *cells = '\n';
  floor[0] = '.';
  floor[1] = '\n';
}

}  // namespace

void TextRenderer::unwrapped_row(const Maze& maze, int row, std::string& out) {
  // Unwrapped, the two lines have a fixed length: written in place.
  const std::size_t w = static_cast<std::size_t>(maze.width());
  const std::size_t at = out.size();
  out.resize(at + 2 * (3 * w + 2));
  write_row_text(maze.store().bytes().data(), static_cast<std::size_t>(row) * w, w, &out[at]);
}

void TextRenderer::row(const Maze& maze, int row, std::string& out) {
  if (wrap_ == 0) {
    unwrapped_row(maze, row, out);
    return;
  }
  item("I", out);
  for (int col = 0; col < maze.width(); ++col) {
    // Line 1013: IF V(I,J)<2 THEN 1030 -- right wall closed.
    item(maze.walls(col, row) < 2 ? "  I" : "   ", out);
  }
  end_line(out);
  for (int col = 0; col < maze.width(); ++col) {
    // Lines 1045-1050: V=0 or V=2 means the wall below is closed.
    item((maze.walls(col, row) & kDownOpen) ? ":  " : ":--", out);
  }
  item(".", out);
  end_line(out);
}

void TextRenderer::all(const Maze& maze, std::string& out) {
  top(maze, out);
  for (int r = 0; r < maze.height(); ++r) row(maze, r, out);
}

std::string render_text(const Maze& maze) {
  std::string out;
  out.reserve((static_cast<std::size_t>(maze.width()) * 3 + 2) *
              (2 * static_cast<std::size_t>(maze.height()) + 1));
  TextRenderer().all(maze, out);
  return out;
}

namespace {

// The lines of `text` (LF ends; a last line without one counts).
std::vector<std::string_view> text_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    std::size_t end = text.find('\n');
    lines.push_back(text.substr(0, end));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
}

Error not_maze_text(std::size_t line, std::string_view why) {
  return Error{"line " + std::to_string(line + 1) + " is not the maze text the listing prints: " +
               std::string(why)};
}

}  // namespace

Result<Maze> read_text_maze(std::string_view text, Ram& ram) {
  std::vector<std::string_view> lines = text_lines(text);
  if (lines.empty()) return not_maze_text(0, "no top border");
  const std::string_view top = lines[0];
  if (top.size() < 4 || (top.size() - 1) % 3 != 0 || top.back() != '.')
    return not_maze_text(0, "the top border is .--. or .  . a cell and a last .");
  const int width = static_cast<int>((top.size() - 1) / 3);
  if ((lines.size() - 1) % 2 != 0 || lines.size() < 3)
    return not_maze_text(lines.size() - 1, "each row is two lines, I... and :...");
  const int height = static_cast<int>((lines.size() - 1) / 2);
  auto maze = Maze::create(ram, width, height);
  if (!maze) return maze.error();
  for (int c = 0; c < width; ++c) {
    std::string_view cell = top.substr(static_cast<std::size_t>(c) * 3, 3);
    if (cell == ".  ") {
      if (maze->entrance() >= 0) return not_maze_text(0, "two entrances");
      maze->set_entrance(c);
    } else if (cell != ".--") {
      return not_maze_text(0, "a cell of the top border is .-- or .  ");
    }
  }
  const std::size_t row_size = 1 + static_cast<std::size_t>(width) * 3;
  for (int r = 0; r < height; ++r) {
    const std::size_t at = 1 + static_cast<std::size_t>(r) * 2;
    std::string_view sides = lines[at], floors = lines[at + 1];
    if (sides.size() != row_size || sides[0] != 'I')
      return not_maze_text(at, "a row's walls are I and then   I or    a cell");
    if (floors.size() != row_size || floors.back() != '.')
      return not_maze_text(at + 1, "a row's floors are :-- or :   a cell and a last .");
    for (int c = 0; c < width; ++c) {
      const std::size_t k = static_cast<std::size_t>(c) * 3;
      std::string_view side = sides.substr(k + 1, 3), floor = floors.substr(k, 3);
      uint8_t walls = 0;
      if (side == "   ")
        walls |= kRightOpen;
      else if (side != "  I")
        return not_maze_text(at, "a cell's side is   I or    ");
      if (floor == ":  ")
        walls |= kDownOpen;
      else if (floor != ":--")
        return not_maze_text(at + 1, "a cell's floor is :-- or :  ");
      maze->set_walls(c, r, walls);
    }
  }
  return maze;
}

}  // namespace amazing::core
