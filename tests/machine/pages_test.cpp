// The pc's text pages (machine/pages.hpp): the store itself, the terminal's Screen showing
// its visual page, and the batch machine's TextPage kept for each page.
#include "machine/pages.hpp"

#include <gtest/gtest.h>

#include <string>

#include "machine/graphics.hpp"
#include "machine/machine.hpp"
#include "machine/pixel_cells.hpp"
#include "machine/screen.hpp"
#include "machine/text_page.hpp"

namespace amazing::machine {
namespace {

std::string pad(std::string s) {
  s.resize(Screen::kColumns, ' ');
  return s;
}

const std::string kBlankLine(Screen::kColumns, ' ');

// A blank page of the test store, made only when the store needs one.
const auto blank = [] { return std::string(); };

TEST(Pages, KeepEachPageAndShowTheVisualOne) {
  Pages<std::string> pages;
  std::string live = "zero";
  EXPECT_EQ(pages.shown(), nullptr);  // page 0 active and shown: the live one
  pages.select(live, 1, 0, blank);
  EXPECT_EQ(live, "");  // page 1 starts blank
  ASSERT_NE(pages.shown(), nullptr);
  EXPECT_EQ(*pages.shown(), "zero");
  live = "one";
  EXPECT_EQ(*pages.shown(), "zero");  // writing the active page leaves the shown one
  pages.select(live, 1, 1, blank);
  EXPECT_EQ(pages.shown(), nullptr);
  pages.select(live, 0, 1, blank);
  EXPECT_EQ(live, "zero");
  EXPECT_EQ(*pages.shown(), "one");
  EXPECT_EQ(pages.active(), 0);
  EXPECT_EQ(pages.visual(), 1);
}

TEST(Pages, CopyFromAndToTheLivePage) {
  Pages<std::string> pages;
  std::string live = "zero";
  pages.select(live, 1, 2, blank);  // page 2 shown, never written: blank
  EXPECT_EQ(*pages.shown(), "");
  live = "one";
  pages.copy(live, 1, 2, blank);  // from the live page to the shown one
  EXPECT_EQ(*pages.shown(), "one");
  pages.copy(live, 0, 1, blank);  // to the live page
  EXPECT_EQ(live, "zero");
  pages.copy(live, 5, 2, blank);  // a page never written is blank
  EXPECT_EQ(*pages.shown(), "");
  pages.select(live, 0, 0, blank);
  EXPECT_EQ(live, "zero");
}

TEST(Pages, ResetMakesEveryPageBlankAndPageZeroActive) {
  Pages<std::string> pages;
  std::string live = "zero";
  pages.select(live, 3, 0, blank);
  pages.reset();
  EXPECT_EQ(pages.active(), 0);
  EXPECT_EQ(pages.visual(), 0);
  pages.select(live, 1, 1, blank);
  EXPECT_EQ(live, "");
}

TEST(ScreenPages, WritingPageOneWhilePageZeroShowsLeavesTheShownCells) {
  core::Ram ram;
  auto screen = Screen::create(ram);
  screen->put("ON PAGE 0\n");
  screen->set_pages(1, 0);
  EXPECT_EQ(screen->line(0), kBlankLine);  // the active page starts blank
  const uint64_t before = screen->version();
  screen->set_attribute(make_attribute(14, 1));
  screen->put("ON PAGE 1");
  EXPECT_EQ(screen->shown_line(0), pad("ON PAGE 0"));
  EXPECT_EQ(screen->shown_line(1), kBlankLine);
  EXPECT_EQ(screen->shown_at(1, 0), ' ');
  EXPECT_EQ(screen->line(1), pad("ON PAGE 1"));  // the cursor is shared: row 1
  EXPECT_EQ(screen->at(1, 0), 'O');
  EXPECT_NE(screen->shown_attribute_at(1, 0), screen->attribute_at(1, 0));
  EXPECT_FALSE(screen->shows_active());
  EXPECT_GT(screen->version(), before);

  screen->set_pages(1, 1);  // the flip
  EXPECT_TRUE(screen->shows_active());
  EXPECT_EQ(screen->shown_line(0), kBlankLine);
  EXPECT_EQ(screen->shown_line(1), pad("ON PAGE 1"));
  EXPECT_EQ(screen->shown_attribute_at(1, 0), make_attribute(14, 1));

  screen->set_pages(0, 1);  // back to page 0 to print, page 1 still shown
  EXPECT_EQ(screen->line(0), pad("ON PAGE 0"));
  EXPECT_EQ(screen->shown_line(1), pad("ON PAGE 1"));
  // The active page is the one in RAM (PEEK and POKE).
  EXPECT_EQ(ram.peek(screen->address()), 'O');
}

// PEEK and POKE at &HB800 reach every page, not only the active one (page_byte).
TEST(ScreenPages, EveryPagesBytesCanBeReadAndWritten) {
  core::Ram ram;
  auto screen = Screen::create(ram);
  screen->put("A");
  screen->set_pages(1, 0);
  screen->put("B");
  EXPECT_EQ(screen->page_byte(0, 0, 0, false), 'A');  // kept
  EXPECT_EQ(screen->page_byte(1, 0, 1, false), 'B');  // live (the cursor is shared)
  EXPECT_EQ(screen->page_byte(5, 0, 0, false), ' ');  // never written: blank
  screen->set_page_byte(0, 2, 3, false, 'Q');
  screen->set_page_byte(0, 2, 3, true, make_attribute(2, 0));
  screen->set_page_byte(6, 0, 0, false, 'R');
  EXPECT_EQ(screen->at(2, 3), ' ');  // the live page 1 is untouched
  screen->set_pages(0, 0);
  EXPECT_EQ(screen->at(2, 3), 'Q');
  EXPECT_EQ(screen->attribute_at(2, 3), make_attribute(2, 0));
  EXPECT_EQ(screen->page_byte(6, 0, 0, false), 'R');
  EXPECT_EQ(screen->page_byte(1, 0, 1, false), 'B');
}

TEST(ScreenPages, PcopyCopiesTextAttributesAndLinks) {
  core::Ram ram;
  auto screen = Screen::create(ram);
  screen->set_pages(1, 0);
  screen->set_attribute(make_attribute(2, 0));
  screen->put(std::string(45, 'A'));  // wraps: row 1 continues row 0
  screen->copy_page(1, 0);            // onto the shown page
  EXPECT_EQ(screen->shown_line(0), std::string(40, 'A'));
  EXPECT_EQ(screen->shown_line(1), pad("AAAAA"));
  EXPECT_EQ(screen->shown_attribute_at(0, 0), make_attribute(2, 0));
  screen->set_pages(0, 0);
  EXPECT_EQ(screen->line(1), pad("AAAAA"));
  EXPECT_TRUE(screen->linked(1));
  screen->copy_page(3, 0);  // a page never written: blank
  EXPECT_EQ(screen->line(0), kBlankLine);
  EXPECT_FALSE(screen->linked(1));
}

TEST(ScreenPages, ANewModeMakesThePagesBlank) {
  core::Ram ram;
  auto screen = Screen::create(ram);
  screen->set_pages(2, 0);
  screen->put("TWO");
  screen->set_pages(0, 2);
  screen->reset_pages();
  EXPECT_TRUE(screen->shows_active());
  EXPECT_EQ(screen->active_page(), 0);
  screen->set_pages(2, 2);
  EXPECT_EQ(screen->line(0), kBlankLine);
}

TEST(MachinePages, BatchKeepsATextPageForEachPage) {
  MachineConfig cfg;
  cfg.batch = true;
  StringSink out(0);
  cfg.output = &out;
  Machine m(cfg);
  TextPage& page = *m.text_page();
  page.set_attribute(0x1E);
  page.put(0, 0, 'Z');
  m.set_pages(1, 0);
  EXPECT_EQ(m.active_page(), 1);
  EXPECT_EQ(m.visual_page(), 0);
  EXPECT_EQ(page.at(0, 0), ' ');
  EXPECT_EQ(page.attribute(), 0x1E);  // the attribute is the screen's: it stays
  page.put(0, 0, 'O');
  m.copy_page(0, 2);
  m.set_pages(2, 2);
  EXPECT_EQ(page.at(0, 0), 'Z');
  m.set_pages(1, 1);
  EXPECT_EQ(page.at(0, 0), 'O');
  m.reset_pages();
  EXPECT_EQ(m.active_page(), 0);
  m.set_pages(2, 0);
  EXPECT_EQ(page.at(0, 0), ' ');
}

TEST(GraphicsPages, EachPageHasItsPixelsAndTheVisualOneShows) {
  Graphics g;
  g.set_mode(1);
  g.plot(0, 0, 2);
  g.set_pages(1, 0);
  EXPECT_EQ(g.pixel(0, 0), 0);  // page 1 starts blank
  g.plot(8, 0, 3);              // the second cell, drawn on page 1
  EXPECT_EQ(g.shown_pixels()[0], 2);
  EXPECT_EQ(g.shown_pixels()[8], 0);
  EXPECT_EQ(pixel_cell(g, 0, 1).glyph, kBrailleBlank);  // the terminal shows page 0
  EXPECT_NE(pixel_cell(g, 0, 0).glyph, kBrailleBlank);
  g.set_pages(1, 1);  // the flip
  EXPECT_EQ(pixel_cell(g, 0, 0).glyph, kBrailleBlank);
  EXPECT_NE(pixel_cell(g, 0, 1).glyph, kBrailleBlank);
  g.copy_page(0, 1);  // PCOPY 0,1: page 1, active and shown, becomes page 0
  EXPECT_EQ(g.pixel(0, 0), 2);
  EXPECT_EQ(g.pixel(8, 0), 0);
  g.set_pages(2, 1);
  g.set_mode(1);  // a new mode: every page blank, page 0 active and shown
  g.set_pages(1, 1);
  EXPECT_EQ(g.pixel(0, 0), 0);
}

}  // namespace
}  // namespace amazing::machine
