#include "core/render.hpp"

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

void TextRenderer::row(const Maze& maze, int row, std::string& out) {
  if (wrap_ == 0) {
    // Unwrapped, the two lines have a fixed length: write them in place, two cells (one
    // byte of the store) at a time when the row starts on a byte boundary.
    const std::size_t w = static_cast<std::size_t>(maze.width());
    const std::size_t line = 3 * w + 2;  // "I" or "." at one end, '\n' at the other
    std::size_t at = out.size();
    out.resize(at + 2 * line);
    char* cells = &out[at];
    char* floor = cells + line;
    *cells++ = 'I';
    auto put = [&](unsigned v) {
      cells[0] = ' ';
      cells[1] = ' ';
      cells[2] = v < 2 ? 'I' : ' ';  // line 1013
      floor[0] = ':';
      floor[1] = floor[2] = (v & kDownOpen) ? ' ' : '-';  // lines 1045-1050
      cells += 3;
      floor += 3;
    };
    std::size_t first = static_cast<std::size_t>(row) * w;
    std::size_t col = 0;
    if ((first & 1) == 0) {
      const uint8_t* bytes = maze.store().bytes().data() + first / 2;
      for (; col + 2 <= w; col += 2, ++bytes) {
        put(*bytes & kWallBits);
        put((*bytes >> 4) & kWallBits);
      }
    }
    for (; col < w; ++col) put(maze.walls(static_cast<int>(col), row));
    *cells = '\n';
    floor[0] = '.';
    floor[1] = '\n';
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
