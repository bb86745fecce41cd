// Terminal::draw_machine_cells: the machine's screen in its own characters and colours
// (amazing run). Each byte is shown as the nearest Unicode character of the machine's
// character set (machine/charset.hpp); without a UTF-8 locale, codes outside ASCII show as
// '#'. Each cell's colours are mapped to the nearest of the terminal's ANSI colours (16 on
// terminals that have them, else 8 with bold for the bright foregrounds). Until the program
// sets colours other than the power-on ones (Screen::coloured, or on the pc a PALETTE or
// COLOR that changed the palette), the screen is drawn in the terminal's own colours, so a program
// that never calls color() looks like the other screens (or like its frame: the C64's light blue
// on blue at `amazing basic`); from then on every cell in its colours.
// Colour pairs are made as they are first needed, as many as the terminal has. In a graphics mode
// of the pc, a blank cell shows the pixels under it (machine/pixel_cells.hpp): a Braille pattern in
// the pixels' colour (on the terminal's own background until the program sets colours), a plain
// ASCII character without a UTF-8 locale; a cell holding text shows the text. A c64 cell
// holding a control code (printed or typed in quote mode) shows its character reversed, and so
// does a cell printed under RVS ON (Screen::reversed_at).
#include <langinfo.h>

#include <climits>
#include <cstring>
#include <map>
#include <utility>

#include "machine/charset.hpp"
#include "machine/graphics.hpp"
#include "machine/palette.hpp"
#include "machine/pixel_cells.hpp"
#include "machine/screen.hpp"
#include "tui/terminal.hpp"

// Last: term.h defines macros with common names.
#include <curses.h>

namespace amazing::tui {
namespace {

// Pairs below this are the fixed ones terminal.cpp sets up.
constexpr short kFirstCellPair = 16;
std::map<std::pair<short, short>, short> g_pairs;
short g_next_pair = kFirstCellPair;

// The curses attribute for ANSI colours fg/bg (bg -1: the terminal's own), or A_NORMAL
// when out of pairs.
attr_t pair_attr(int fg, int bg) {
  attr_t extra = A_NORMAL;
  if (COLORS < 16) {
    if (fg >= 8) extra = A_BOLD;
    fg &= 7;
    if (bg > 0) bg &= 7;
  }
  auto key = std::make_pair(static_cast<short>(fg), static_cast<short>(bg));
  auto it = g_pairs.find(key);
  if (it == g_pairs.end()) {
    if (g_next_pair >= COLOR_PAIRS || g_next_pair == SHRT_MAX) return extra;
    if (init_pair(g_next_pair, key.first, key.second) == ERR) return extra;
    it = g_pairs.emplace(key, g_next_pair++).first;
  }
  return COLOR_PAIR(it->second) | extra;
}

// The machine colour (0..15) a cell's attribute number shows in: on the pc through the
// screen's palette (machine/palette.hpp), on the c64 itself.
int shown_colour(const machine::Palette* palette, int attribute) {
  return palette ? palette->shown(attribute) : attribute;
}

// The curses attribute for a cell's attribute byte.
attr_t cell_attr(machine::Rules rules, const machine::Palette* palette, uint8_t attribute) {
  return pair_attr(
      machine::ansi_colour(rules, shown_colour(palette, machine::attribute_fg(attribute))),
      machine::ansi_colour(rules, shown_colour(palette, machine::attribute_bg(attribute))));
}

bool utf8_locale() {
  const char* set = nl_langinfo(CODESET);
  return set != nullptr && std::strcmp(set, "UTF-8") == 0;
}

// The pixels under cell (r, c) of the pc's graphics screen drawn at (y, x): a Braille
// pattern (an ASCII character without `unicode`) in their colour on bg (-1: the terminal's
// own) where the terminal has `color`. False, and nothing drawn, when no dot is lit.
// (pixel_cell gives the colour the palette shows.)
bool draw_pixel_cell(const machine::Graphics& g, int r, int c, int y, int x, bool color, int bg,
                     bool unicode) {
  const machine::PixelCell p = machine::pixel_cell(g, r, c);
  if (!p.lit()) return false;
  const attr_t attr =
      color ? pair_attr(machine::ansi_colour(machine::Rules::kPc, p.colour), bg) : A_NORMAL;
  attron(attr);
  if (unicode)
    mvaddstr(y, x, machine::utf8(p.glyph).c_str());
  else
    mvaddch(y, x, static_cast<chtype>(machine::ascii_cell(p.glyph)));
  attroff(attr);
  return true;
}

}  // namespace

void Terminal::draw_machine_cells(const machine::Screen& screen, const machine::Graphics* graphics,
                                  int top, int left, short plain_pair) {
  const machine::Rules rules = screen.rules();
  const machine::Charset set = machine::charset_of(rules);
  const machine::Palette* palette =
      graphics != nullptr && rules == machine::Rules::kPc ? &graphics->palette() : nullptr;
  const bool coloured = color_ && (screen.coloured() || (palette && palette->changed()));
  const bool unicode = utf8_locale();
  const bool pixels = graphics != nullptr && !graphics->text();
  for (int r = 0; r < machine::Screen::kRows; ++r) {
    for (int c = 0; c < machine::Screen::kColumns; ++c) {
      auto code = static_cast<uint8_t>(screen.shown_at(r, c));
      uint8_t a = screen.shown_attribute_at(r, c);
      if (pixels && code == machine::Screen::kBlank) {
        const int bg =
            coloured ? machine::ansi_colour(rules, shown_colour(palette, machine::attribute_bg(a)))
                     : -1;
        if (draw_pixel_cell(*graphics, r, c, top + 1 + r, left + 1 + c, color_, bg, unicode))
          continue;
      }
      attr_t attr = coloured ? cell_attr(rules, palette, a) : COLOR_PAIR(plain_pair);
      if (rules == machine::Rules::kC64 && machine::is_petscii_control(code)) {
        code = machine::c64_quoted_glyph(code);  // put in quote mode: shown reversed
        attr |= A_REVERSE;
      }
      if (screen.shown_reversed_at(r, c)) attr |= A_REVERSE;  // the c64's RVS ON
      attron(attr);
      char32_t cp = machine::to_unicode(set, code);
      if (cp < 0x80) {
        mvaddch(top + 1 + r, left + 1 + c, static_cast<chtype>(cp));
      } else if (unicode) {
        mvaddstr(top + 1 + r, left + 1 + c, machine::utf8(cp).c_str());
      } else {
        mvaddch(top + 1 + r, left + 1 + c, '#');
      }
      attroff(attr);
    }
  }
}

}  // namespace amazing::tui
