#include "core/render.hpp"

#include <gtest/gtest.h>

namespace amazing::core {
namespace {

// A hand-made 3x2 maze: entrance at column 1, exit at column 2.
Maze sample(Ram& ram) {
  auto m = Maze::create(ram, 3, 2);
  EXPECT_TRUE(m.ok());
  m->set_entrance(1);
  m->set_walls(0, 0, 1);  // down open
  m->set_walls(1, 0, 3);  // right and down open
  m->set_walls(2, 0, 1);
  m->set_walls(0, 1, 2);  // right open
  m->set_walls(1, 1, 0);
  m->set_walls(2, 1, 1);  // the exit
  return std::move(m).value();
}

TEST(TextRenderer, DrawsTheListingsCharacters) {
  Ram ram;
  Maze m = sample(ram);
  EXPECT_EQ(render_text(m),
            ".--.  .--.\n"
            "I  I     I\n"
            ":  :  :  .\n"
            "I     I  I\n"
            ":--:--:  .\n");
  EXPECT_EQ(m.exit(), 2);
}

TEST(TextRenderer, WrapsLikeAnEightyColumnScreen) {
  // Width 27: the row line is 82 characters. GW-BASIC puts the item that would pass
  // column 80 on a new line: "I" + 26 items = 79, the 27th goes below.
  Ram ram;
  auto m = Maze::create(ram, 27, 1);
  ASSERT_TRUE(m.ok());
  m->set_entrance(0);
  std::string out;
  TextRenderer(80).all(*m, out);
  std::string expect_top = ".  ";
  for (int i = 1; i < 26; ++i) expect_top += ".--";
  expect_top += "\n.--.\n";
  EXPECT_EQ(out.substr(0, expect_top.size()), expect_top);
  std::string row = "I";
  for (int i = 0; i < 26; ++i) row += "  I";
  row += "\n  I\n";
  std::string floor;
  for (int i = 0; i < 26; ++i) floor += ":--";
  floor += "\n:--.\n";
  EXPECT_EQ(out.substr(expect_top.size()), row + floor);
  // Unwrapped, every line is whole.
  std::string flat = render_text(*m);
  EXPECT_EQ(flat.find('\n'), 82u);
}

}  // namespace
}  // namespace amazing::core
