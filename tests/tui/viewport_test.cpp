// Viewport arithmetic: small pictures are centred, large ones follow the focus without
// scrolling past an edge.
#include "tui/viewport.hpp"

#include <gtest/gtest.h>

namespace amazing::tui {
namespace {

TEST(Viewport, ContentThatFitsIsCentred) {
  EXPECT_EQ(follow(10, 40, 0), -15);
  EXPECT_EQ(follow(10, 40, 9), -15);  // the focus does not matter
  EXPECT_EQ(follow(40, 40, 39), 0);
  EXPECT_EQ(follow(11, 40, 5), -14);  // odd leftover: one more column on the right
}

TEST(Viewport, LargeContentKeepsTheFocusInTheMiddle) {
  EXPECT_EQ(follow(100, 40, 50), 30);
  EXPECT_EQ(follow(100, 40, 21), 1);
  EXPECT_EQ(follow(100, 23, 50), 39);  // 23 lines: the focus on the 12th (index 11)
}

TEST(Viewport, NeverScrollsPastAnEdge) {
  EXPECT_EQ(follow(100, 40, 0), 0);
  EXPECT_EQ(follow(100, 40, 19), 0);
  EXPECT_EQ(follow(100, 40, 99), 60);
  EXPECT_EQ(follow(100, 40, 85), 60);
  EXPECT_EQ(follow(41, 40, 40), 1);
}

TEST(Viewport, FocusStaysInsideTheWindow) {
  for (int content : {5, 40, 41, 77, 301})
    for (int focus = 0; focus < content; ++focus) {
      int o = follow(content, 40, focus);
      EXPECT_GE(focus - o, 0);
      EXPECT_LT(focus - o, 40);
    }
}

TEST(Viewport, MazePictureGeometry) {
  EXPECT_EQ(maze_text_width(13), 40);  // 13 cells across fill 40 columns
  EXPECT_EQ(maze_text_height(11), 23);
  EXPECT_EQ(cell_text_x(0), 1);
  EXPECT_EQ(cell_text_x(4), 13);
  EXPECT_EQ(cell_text_y(0), 1);
  EXPECT_EQ(cell_text_y(3), 7);
}

TEST(Viewport, MazeOrigin) {
  // 10x8 fits a 40x23 window: centred both ways.
  EXPECT_EQ(maze_view_origin(10, 8, 40, 23, 3, 0), (Origin{-4, -3}));
  // 30x30: the picture is 91x61; the player in the top-left corner keeps it at 0,0.
  EXPECT_EQ(maze_view_origin(30, 30, 40, 23, 0, 0), (Origin{0, 0}));
  // In the middle, cell (15,15) is at (46,31) and its inside's middle at x 47.
  EXPECT_EQ(maze_view_origin(30, 30, 40, 23, 15, 15), (Origin{27, 20}));
  // The bottom-right corner shows the last 40 columns and 23 lines.
  EXPECT_EQ(maze_view_origin(30, 30, 40, 23, 29, 29), (Origin{51, 38}));
}

}  // namespace
}  // namespace amazing::tui
