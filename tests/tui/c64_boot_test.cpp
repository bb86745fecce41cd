// The Commodore 64's boot on the machine's screen (tui/c64_boot.hpp), without a terminal:
// where the banner's rows fall, the colours the screen model and the frame carry, and how
// the listing's first lines are placed after RUN by the C64's screen rules.
#include <gtest/gtest.h>

#include <string>

#include "machine/c64_screen.hpp"
#include "machine/charset.hpp"
#include "machine/machine.hpp"
#include "tui/c64_boot.hpp"
#include "tui/session.hpp"

namespace {

using amazing::machine::Machine;
using amazing::machine::MachineConfig;
using amazing::machine::Rules;
using amazing::machine::Screen;

std::string row(const Screen& s, int r) {
  std::string line = s.line(r);
  return line.substr(0, line.find_last_not_of(' ') + 1);
}

MachineConfig c64_config() {
  MachineConfig mc;
  mc.rules = Rules::kC64;
  mc.ram = 38911;
  mc.echo = false;
  return mc;
}

TEST(C64Boot, TheBannerSitsWhereTheC64PutsIt) {
  Machine m(c64_config());
  m.screen().put("SOMETHING LEFT OVER\n");
  amazing::tui::c64_power_on(m);
  const Screen& s = m.screen();
  EXPECT_EQ(row(s, 0), "");
  EXPECT_EQ(row(s, 1), "    **** COMMODORE 64 BASIC V2 ****");
  EXPECT_EQ(row(s, 2), "");
  EXPECT_EQ(row(s, 3), " 64K RAM SYSTEM  38911 BASIC BYTES FREE");
  EXPECT_EQ(row(s, 4), "");
  EXPECT_EQ(row(s, 5), "READY.");
  EXPECT_EQ(row(s, 6), "RUN");
  for (int r = 7; r < Screen::kRows; ++r) EXPECT_EQ(row(s, r), "") << "row " << r;
  // The program's output starts under RUN, at column 0.
  EXPECT_EQ(s.row(), 7);
  EXPECT_EQ(s.col(), 0);
  EXPECT_EQ(m.printer().column(), 0);
}

TEST(C64Boot, TheScreenIsLightBlueOnBlue) {
  Machine m(c64_config());
  amazing::tui::c64_power_on(m);
  // Every cell of the screen model, text and blanks, in the C64's power-on colours.
  const auto want = amazing::machine::make_attribute(amazing::machine::kC64Text.number,
                                                     amazing::machine::kC64Background.number);
  for (int r = 0; r < Screen::kRows; ++r)
    for (int c = 0; c < Screen::kColumns; ++c)
      ASSERT_EQ(m.screen().attribute_at(r, c), want) << r << "," << c;
  EXPECT_EQ(amazing::machine::kC64Text.number, 14);       // light blue
  EXPECT_EQ(amazing::machine::kC64Background.number, 6);  // blue
}

TEST(C64Boot, TheFrameCarriesThePalette) {
  amazing::tui::Frame f = amazing::tui::c64_frame("PRESS A KEY");
  EXPECT_EQ(f.title, "COMMODORE 64");
  EXPECT_EQ(f.hint, "PRESS A KEY");
  ASSERT_TRUE(f.palette.has_value());
  // Curses cyan on blue on eight colours; bright blue (12) where there are sixteen.
  EXPECT_EQ(f.palette->text, 6);
  EXPECT_EQ(f.palette->background, 4);
  EXPECT_EQ(f.palette->text16, 12);
  EXPECT_EQ(*f.palette, amazing::tui::c64_palette());
}

TEST(C64Boot, TheListingsFirstLinesWrapAsOnTheC64) {
  Machine m(c64_config());
  amazing::tui::c64_power_on(m);
  // The listing's banner as the C64 prints it: TAB(28) is 28 cursor-rights, so "AMAZING
  // PROGRAM" runs past column 39 into a linked second row.
  std::string rights28, rights15;
  for (int i = 0; i < 28; ++i) rights28 += "\x1b[C";
  for (int i = 0; i < 15; ++i) rights15 += "\x1b[C";
  m.printer().print(rights28 + "AMAZING PROGRAM");
  m.printer().end_print();
  m.printer().print(rights15 + "CREATIVE COMPUTING  MORRISTOWN, NEW JERSEY");
  m.printer().end_print();
  const Screen& s = m.screen();
  EXPECT_EQ(row(s, 7), std::string(28, ' ') + "AMAZING PROG");
  EXPECT_EQ(row(s, 8), "RAM");
  EXPECT_TRUE(s.linked(8));
  EXPECT_EQ(row(s, 9), std::string(15, ' ') + "CREATIVE COMPUTING  MORRI");
  EXPECT_EQ(row(s, 10), "STOWN, NEW JERSEY");
  EXPECT_EQ(s.row(), 11);
  // A line of exactly 40 characters leaves an empty row after it.
  m.printer().print(std::string(40, 'I'));
  m.printer().end_print();
  EXPECT_EQ(row(s, 11), std::string(40, 'I'));
  EXPECT_EQ(row(s, 12), "");
  EXPECT_EQ(s.row(), 13);
  // The banner stays where it was until the screen scrolls.
  EXPECT_EQ(row(s, 1), "    **** COMMODORE 64 BASIC V2 ****");
}

TEST(C64Boot, ScrollingTakesTheBannerAway) {
  Machine m(c64_config());
  amazing::tui::c64_power_on(m);
  for (int i = 0; i < 20; ++i) {
    m.printer().print("LINE " + std::to_string(i));
    m.printer().end_print();
  }
  const Screen& s = m.screen();
  // 7 rows of boot, 20 lines and the cursor's row under them: 28 rows, so three have
  // scrolled off the top (the empty row, the title and the row under it).
  EXPECT_EQ(row(s, 0), " 64K RAM SYSTEM  38911 BASIC BYTES FREE");
  EXPECT_EQ(row(s, 23), "LINE 19");
  EXPECT_EQ(s.row(), 24);
}

// After the C64's boot the maze is walked (and r replayed) in the boot's colours; on the
// pc the play screen keeps the terminal's own.
TEST(C64Boot, ThePlayFrameTakesTheC64sColoursAfterItsBoot) {
  const amazing::tui::Frame c64 = amazing::tui::play_frame(amazing::tui::c64_palette());
  ASSERT_TRUE(c64.palette.has_value());
  EXPECT_EQ(*c64.palette, amazing::tui::c64_palette());
  EXPECT_EQ(c64.palette, amazing::tui::c64_frame().palette);
  EXPECT_TRUE(c64.play);
  const amazing::tui::Frame pc = amazing::tui::play_frame();
  EXPECT_FALSE(pc.palette.has_value());
  EXPECT_TRUE(pc.play);
  EXPECT_EQ(pc.title, c64.title);
}

}  // namespace
