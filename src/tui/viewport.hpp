// Viewport arithmetic: which part of a large picture a small window shows.
//
// The play view draws the maze as the listing prints it (3 characters a cell across, 2
// lines a cell down) and shows a 40-column window of it that follows the player. Along
// each axis independently:
//   follow(content, view, focus)  -> the content coordinate at the window's first cell
// Content that fits is centred (the origin is then <= 0: the window starts before the
// content). Content that does not fit keeps the focus in the middle of the window, but
// never scrolls past either edge, so the border stays put near the corners.
#pragma once

namespace amazing::tui {

int follow(int content, int view, int focus);

struct Origin {
  int x = 0;
  int y = 0;
  friend bool operator==(const Origin&, const Origin&) = default;
};

// The maze picture of a width x height maze: 3*width+1 columns, 2*height+1 lines.
inline int maze_text_width(int width) {
  return 3 * width + 1;
}
inline int maze_text_height(int height) {
  return 2 * height + 1;
}
// Where cell (col, row)'s inside starts in the picture (2 characters wide).
inline int cell_text_x(int col) {
  return 3 * col + 1;
}
inline int cell_text_y(int row) {
  return 2 * row + 1;
}

// The window origin for a maze of width x height cells shown in view_w x view_h
// characters with the player on (col, row).
Origin maze_view_origin(int width, int height, int view_w, int view_h, int col, int row);

}  // namespace amazing::tui
