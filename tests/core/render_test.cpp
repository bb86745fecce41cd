#include "core/render.hpp"

#include "core/amazing_walk.hpp"
#include "core/rnd.hpp"

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

TEST(TextRenderer, UnwrappedRowsAreTheItemByItemText) {
  // The unwrapped renderer writes two cells per table look-up, rows starting on odd cells
  // (odd widths) included, and ignores the marks; a wrap too wide to break any line gives
  // the same text item by item.
  Ram ram(kUnlimited);
  GwRnd rnd;
  for (int w = 1; w <= 11; ++w) {
    for (int h = 1; h <= 4; ++h) {
      auto m = Maze::create(ram, w, h);
      ASSERT_TRUE(m.ok());
      m->set_entrance(rnd.draw(w) - 1);
      for (std::size_t i = 0; i < m->cells(); ++i)
        m->store().set(i, static_cast<uint8_t>((rnd.draw(16) - 1) & 0xF));
      std::string items;
      TextRenderer(1 << 30).all(*m, items);
      ASSERT_EQ(render_text(*m), items) << w << "x" << h;
    }
  }
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

// The listing's printed maze reads back into the same cells (the basic engine's road to
// the host's other forms), for the 1978 walk's mazes of many sizes, flaws included.
TEST(ReadTextMaze, ReadsBackWhatTheRendererWrites) {
  Ram ram(kUnlimited);
  for (int w : {2, 3, 7, 26, 31}) {
    for (int h : {2, 5, 9}) {
      for (int seed : {1, -4, 77}) {
        GwRnd rnd;
        rnd.randomize(static_cast<int16_t>(seed));
        auto run = run_amazing(ram, w, h, Variant::kBook, rnd);
        ASSERT_TRUE(run.ok());
        if (run->stats.stopped_at_line) continue;
        const std::string text = render_text(run->maze);
        auto back = read_text_maze(text, ram);
        ASSERT_TRUE(back.ok()) << back.error().message;
        EXPECT_EQ(back->entrance(), run->maze.entrance());
        EXPECT_EQ(render_text(*back), text);
        for (int r = 0; r < h; ++r)
          for (int c = 0; c < w; ++c) ASSERT_EQ(back->walls(c, r), run->maze.walls(c, r));
      }
    }
  }
}

TEST(ReadTextMaze, NamesTheLineThatIsNotMazeText) {
  Ram ram(kUnlimited);
  auto bad = [&](const std::string& text) {
    auto m = read_text_maze(text, ram);
    EXPECT_FALSE(m.ok()) << text;
    return m.ok() ? std::string() : m.error().message;
  };
  EXPECT_NE(bad("").find("line 1"), std::string::npos);
  EXPECT_NE(bad(".--.  .\nI     I\n").find("two lines"), std::string::npos);
  EXPECT_NE(bad(".--.  .\nI  x  I\n:--:  .\n").find("line 2"), std::string::npos);
  EXPECT_NE(bad(".--.  .\nI     I\n:--:- .\n").find("line 3"), std::string::npos);
  EXPECT_NE(bad(".  .  .\nI     I\n:--:  .\n").find("two entrances"), std::string::npos);
}

}  // namespace
}  // namespace amazing::core
