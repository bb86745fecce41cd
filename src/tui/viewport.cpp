#include "tui/viewport.hpp"

#include <algorithm>

namespace amazing::tui {

int follow(int content, int view, int focus) {
  if (content <= view) return -((view - content) / 2);
  return std::clamp(focus - view / 2, 0, content - view);
}

Origin maze_view_origin(int width, int height, int view_w, int view_h, int col, int row) {
  // Focus on the middle of the cell's 2-character inside.
  return {follow(maze_text_width(width), view_w, cell_text_x(col) + 1),
          follow(maze_text_height(height), view_h, cell_text_y(row))};
}

}  // namespace amazing::tui
