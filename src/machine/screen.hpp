// Screen: the machine's 40x25 text screen. Its character memory is a 1000-byte block of the
// machine's core::Ram, so PEEK and POKE at address() + row * 40 + col read and change what
// is shown, and the screen counts against the 48K like everything else.
//
//   core::Ram ram;
//   auto screen = Screen::create(ram);    // Result<Screen>: OUT OF MEMORY if it does not fit
//   screen->put("HELLO\n");               // 40-column wrap, scrolls at the bottom
//   screen->line(0) == "HELLO" + 35 spaces; screen->at(0, 0) == 'H'
//   ram.poke(screen->address() + 41, 'X'); screen->at(1, 1) == 'X'
// The cursor moves like GW-BASIC's: writing the 40th character of a line leaves it "past
// the end" (column 40); the next character goes to the start of the next line, and a '\n'
// there just moves down once, so a full 40-character line prints no blank line after it.
// version() changes on every change the screen knows of (put, clear, scroll), so a viewer
// redraws when it moves; a POKE bypasses the screen object, so viewers should also compare
// the memory (or call touch() after poking, as the Lua and BASIC bindings do).
// Screen::create(ram, Rules::kC64) follows the Commodore 64's rules instead (logical lines
// of two linked rows, scrolling a linked line out whole, ESC [ C as cursor-right): see
// c64_screen.hpp, where those rules are written down and implemented.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/ram.hpp"
#include "core/result.hpp"
#include "machine/charset.hpp"
#include "machine/output.hpp"
#include "machine/pages.hpp"
#include "machine/rules.hpp"

namespace amazing::machine {

class Screen {
 public:
  static constexpr int kColumns = 40;
  static constexpr int kRows = 25;
  static constexpr std::size_t kBytes = kColumns * kRows;
  static constexpr uint8_t kBlank = ' ';

  // Allocates the character memory from `ram` (filled with blanks).
  static core::Result<Screen> create(core::Ram& ram, Rules rules = Rules::kPc);

  Screen() = default;
  Screen(Screen&&) noexcept = default;
  Screen& operator=(Screen&&) noexcept = default;

  // The RAM address of row 0, column 0; row r, column c is at address() + r * 40 + c.
  std::size_t address() const { return memory_.address(); }

  // Writes text at the cursor: printable bytes are stored as they are, '\n' moves to the
  // start of the next line, '\r' to the start of this one; the screen scrolls up one line
  // when the cursor leaves the last row.
  void put(std::string_view text);
  void newline();
  // Blanks the screen and homes the cursor.
  void clear();
  // A message on the last rows, in the power-on colours whatever the program set (a
  // run-time error, readable on any screen a game painted): its lines wrapped at 40
  // columns, the first `max_rows` rows of them, each row blanked first. The screen first
  // scrolls up as far as needed to keep the cursor's row (what was printed last) above
  // it. The cursor ends after it; the attribute for what is printed next stays.
  void show_message(std::string_view text, int max_rows);
  // Scrolls the scrolling rows up one line (the top one is lost, the bottom one blank).
  void scroll();
  // The rows that scroll (0-based, both included): the whole screen on the c64; on the pc
  // rows 0..23, or VIEW PRINT's. GW-BASIC keeps its 25th row (the function-key line's) out
  // of scrolling even with the key line off, as PC-BASIC's text screen does: a line end
  // on the bottom scrolling row, or on row 24 (LOCATE 25), scrolls the rows and leaves
  // the cursor on the bottom scrolling row.
  void set_scroll_area(int top, int bottom);
  int scroll_top() const { return scroll_top_; }
  int scroll_bottom() const { return scroll_bottom_; }
  // Blanks the scrolling rows and puts the cursor at the first's start (CLS with VIEW
  // PRINT's rows set).
  void clear_scroll_area();

  Rules rules() const { return rules_; }
  // The c64's quote mode (its KERNAL's QTSW): on after an odd number of quotes put on the
  // line, off at a line end (c64_screen.hpp).
  bool quote_mode() const { return quote_; }
  // True when `row` continues the row above it (one logical line, as the screen editors
  // read it): on the c64 two rows at most (c64_screen.hpp); on the pc any number, linked
  // where printing or typing wrapped past the 40th column.
  bool linked(int row) const { return links_[static_cast<std::size_t>(row)]; }

  int row() const { return row_; }
  // 0..40; 40 means "past the end of the line" (the next character wraps). On the c64
  // 0..39: the cursor never stays past the end.
  int col() const { return col_; }
  void set_cursor(int row, int col);

  char at(int row, int col) const;
  // Writes one cell (with the current attribute) without moving the cursor: the screen
  // editor's insert and delete.
  void set(int row, int col, char ch);
  // Opens a blank row under `row` (the rows below move down, the bottom one is lost): the
  // screen editor's logical line growing into the next row when `linked`.
  void insert_row_below(int row, bool linked = false) {
    c64_insert_below(row);
    if (row + 1 < kRows) links_[static_cast<std::size_t>(row + 1)] = linked;
    ++version_;
  }
  // How often the screen has scrolled: an editor keeps its rows in step.
  uint64_t scrolls() const { return scrolls_; }
  // One row, 40 characters, trailing spaces kept.
  std::string line(int row) const;
  // The 25 lines joined by '\n' (no '\n' after the last).
  std::string text() const;

  uint64_t version() const { return version_; }
  // Records a change made behind the screen's back (a POKE into its memory).
  void touch() { ++version_; }

  // Colours (charset.hpp): every cell has an attribute byte (foreground in the low nibble,
  // background in the high), kept beside the RAM as the C64 keeps its colour RAM. Text
  // put on the screen, a clear and a scroll take the current attribute; a POKE keeps the
  // cell's. It starts as default_attribute(rules). coloured() turns true once another
  // attribute is set: until then a viewer may draw the screen in its own colours.
  uint8_t attribute() const { return attribute_; }
  void set_attribute(uint8_t a);
  bool coloured() const { return coloured_; }
  uint8_t attribute_at(int row, int col) const {
    return attributes_[static_cast<std::size_t>(row * kColumns + col)];
  }
  // One cell's attribute (a POKE into the pc's text screen memory), or its foreground
  // colour alone (the C64's colour RAM: POKE 55296 + cell), its background kept.
  void set_cell_attribute(int row, int col, uint8_t a);
  void set_colour(int row, int col, int fg) {
    set_cell_attribute(row, col, make_attribute(fg, attribute_bg(attribute_at(row, col))));
  }
  // The C64's reverse video: RVS ON (CHR$(18), here ESC [ 7 m) makes what is printed after
  // it reversed until RVS OFF (CHR$(146), ESC [ 0 m) or a line end, as the KERNAL's RVS
  // flag; a colour's sequence leaves it. A reversed cell is its screen code plus 128 (PEEK
  // and POKE at 1024; basic/c64_memory.cpp). Always off on the pc.
  bool reversed_at(int row, int col) const {
    return reversed_[static_cast<std::size_t>(row * kColumns + col)] != 0;
  }
  void set_reversed(int row, int col, bool on) {
    reversed_[static_cast<std::size_t>(row * kColumns + col)] = on ? 1 : 0;
    ++version_;
  }
  bool reverse_on() const { return rvs_; }
  // The C64's frame colours (the VIC-II's registers 53280 and 53281): 0 the border, 1 the
  // background, which every cell shows (setting it changes each cell's background and
  // the attribute's).
  int c64_frame_colour(int which) const { return frame_[static_cast<std::size_t>(which)]; }
  void set_c64_frame_colour(int which, int colour);

  // ---- the pc's pages (SCREEN m,c,a,v and PCOPY; pages.hpp) ---------------------------
  // Everything above (put, clear, scroll, at, the memory in RAM, the links) is the active
  // page's; the monitor shows the visual one (shown_at and friends, what a viewer draws).
  // The cursor, the scrolling rows and the attribute are shared by the pages; a viewer
  // shows no cursor while the active page is not the one shown (PC-BASIC 2.0.5 hides it
  // then). Pages are indices the caller has checked against the mode's count.
  struct Page {
    std::array<uint8_t, kBytes> cells;
    std::array<uint8_t, kBytes> attributes;
    std::array<bool, kRows> links;
    std::array<uint8_t, kBytes> reversed;
  };
  int active_page() const { return pages_.active(); }
  int visual_page() const { return pages_.visual(); }
  bool shows_active() const { return pages_.shows_active(); }
  void set_pages(int active, int visual);
  // PCOPY from,to: page `to` takes page `from`'s cells, attributes and links.
  void copy_page(int from, int to);
  // A new mode: the other pages blank, page 0 active and shown (the live page is kept: CLS
  // clears it).
  void reset_pages() {
    pages_.reset();
    ++version_;
  }
  // A byte of page `page`'s memory (PEEK and POKE at &HB800 reach every page): the cell's
  // character, or its attribute; the active page's live cells or a kept page's, a page
  // never written reading as blank.
  uint8_t page_byte(int page, int row, int col, bool attribute) const;
  void set_page_byte(int page, int row, int col, bool attribute, uint8_t v);
  char shown_at(int row, int col) const;
  uint8_t shown_attribute_at(int row, int col) const;
  bool shown_reversed_at(int row, int col) const;
  std::string shown_line(int row) const;

 private:
  Screen(core::RamBlock memory, Rules rules);
  uint8_t* cells() const { return memory_.data(); }
  // The C64's rules (c64_screen.cpp).
  void put_c64(std::string_view text);
  void c64_advance();
  void c64_line_end();
  void c64_sequence(char final);  // ESC [ ... final (c64_screen.hpp)
  int c64_scroll();
  void c64_insert_below(int row);
  // The active page's contents out of the screen and back (the pages' store swaps them).
  Page take_page() const;
  void put_page(const Page& page);
  Page blank_page() const;

  core::RamBlock memory_;
  int row_ = 0;
  int col_ = 0;
  int scroll_top_ = 0;
  int scroll_bottom_ = kRows - 1;
  uint64_t version_ = 0;
  uint64_t scrolls_ = 0;
  Rules rules_ = Rules::kPc;
  std::array<bool, kRows> links_{};  // row r continues row r - 1
  int escape_ = 0;                   // c64: 1 after ESC, 2 after ESC [
  std::string escape_parameters_;    // c64: what came after ESC [ so far
  bool rvs_ = false;                 // c64: RVS ON
  bool after_cr_ = false;            // c64: a '\n' right after '\r' is the same line end
  bool quote_ = false;               // c64: quote mode
  uint8_t attribute_ = 0;
  bool coloured_ = false;
  std::array<uint8_t, kBytes> attributes_{};
  std::array<uint8_t, kBytes> reversed_{};  // 1: the cell shows reversed (the c64's RVS)
  std::array<int, 2> frame_{14, 6};  // c64: light blue border, blue background
  Pages<Page> pages_;
};

// Prints to a Screen.
class ScreenSink : public OutputSink {
 public:
  explicit ScreenSink(Screen& screen) : screen_(&screen) {}
  void put(std::string_view text) override { screen_->put(text); }

 private:
  Screen* screen_;
};

}  // namespace amazing::machine
