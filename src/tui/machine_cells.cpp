// Terminal::draw_machine_cells: the machine's screen in its own characters and colours
// (amazing run). Each byte is shown as the nearest Unicode character of the machine's
// character set (machine/charset.hpp); without a UTF-8 locale, codes outside ASCII show as
// '#'. Each cell's colours are mapped to the nearest of the terminal's ANSI colours (16 on
// terminals that have them, else 8 with bold for the bright foregrounds). Until the program
// sets colours other than the power-on ones (Screen::coloured), the screen is drawn in the
// terminal's own colours, so a program that never calls color() looks like the other
// screens; from then on every cell in its colours. Colour pairs are made as they are first needed,
// as many as the terminal has.
#include <langinfo.h>

#include <climits>
#include <cstring>
#include <map>
#include <utility>

#include "machine/charset.hpp"
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

// The curses attribute for machine colours fg/bg, or A_NORMAL when out of pairs.
attr_t cell_attr(machine::Rules rules, uint8_t attribute) {
  int fg = machine::ansi_colour(rules, machine::attribute_fg(attribute));
  int bg = machine::ansi_colour(rules, machine::attribute_bg(attribute));
  attr_t extra = A_NORMAL;
  if (COLORS < 16) {
    if (fg >= 8) extra = A_BOLD;
    fg &= 7;
    bg &= 7;
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

bool utf8_locale() {
  const char* set = nl_langinfo(CODESET);
  return set != nullptr && std::strcmp(set, "UTF-8") == 0;
}

}  // namespace

void Terminal::draw_machine_cells(const machine::Screen& screen, int top, int left) {
  const machine::Rules rules = screen.rules();
  const machine::Charset set = machine::charset_of(rules);
  const bool coloured = color_ && screen.coloured();
  const bool unicode = utf8_locale();
  for (int r = 0; r < machine::Screen::kRows; ++r) {
    for (int c = 0; c < machine::Screen::kColumns; ++c) {
      auto code = static_cast<uint8_t>(screen.at(r, c));
      uint8_t a = screen.attribute_at(r, c);
      attr_t attr = coloured ? cell_attr(rules, a) : A_NORMAL;
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
