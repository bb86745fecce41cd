#include "core/render.hpp"

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

}  // namespace amazing::core
