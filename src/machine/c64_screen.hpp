// The Commodore 64 on the machine's 40x25 screen: its screen rules, its boot banner and
// its colours.
//
//   core::Ram ram;
//   auto screen = Screen::create(ram, Rules::kC64);
//   show_c64_banner(*screen);        // the power-on screen; the cursor under READY.
//   screen->put(transcript);         // a recorded transcript, CR LF and ESC [ C as recorded
//
// A Screen made with Rules::kC64 follows the C64's KERNAL screen editor (the rules are the
// ones ../shared/c64/README.md, "Known limits of the recorder", states):
// - The cursor is always on a cell (column 0..39). Writing a character at column 39 moves
//   the cursor to column 0 of the next row. From the first row of a logical line that row
//   is linked to it (one logical line of at most 80 characters); a row is opened for it
//   (the rows below move down one, the bottom one is lost) or, on the bottom row, the
//   screen scrolls first. From the second row of a logical line the next row starts a new
//   logical line.
// - A line end ('\n', '\r', or '\r' '\n' as the recordings end lines) moves to column 0 of
//   the row after the current logical line: after exactly 40 characters the cursor already
//   sits on the linked second row, so an empty row is left.
// - Moving past row 25 scrolls up one row; when the row then on top continues the one that
//   left (a linked logical line), it scrolls again, so the whole logical line leaves; the
//   cursor moves up with the text (after a double scroll it lands on row 24 of 25, the
//   bottom row left empty).
// - ESC [ C (how the recordings carry the C64's cursor-right, CHR$(29)) moves the cursor
//   one cell as a character would, without writing the cell; ESC [ D, A and B move it
//   left, up and down, ESC [ 2J clears and ESC [ H or f goes home (the recorder's forms of
//   PETSCII's cursor codes). Colour and reverse sequences and other control bytes are
//   ignored.
// - Quote mode (the KERNAL's QTSW): each quote put on the screen toggles it, a line end
//   ends it. In it a control code (charset.hpp c64_quoted_control: all of 0..31 and
//   128..159 but CR, shifted CR and DEL) is not performed: its cell holds the code, shown
//   as a reverse character (CHR$(17) a reverse Q), and the cursor moves on one cell. The
//   interpreter sends such codes as bytes only in quote mode (basic/c64_dialect.cpp), so
//   PRINT and LIST show them so; the screen editor types them there too. ESC stays the
//   start of a sequence even in quote mode (the recordings' carrier).
#pragma once

#include <cstdint>
#include <string>

#include "machine/screen.hpp"

namespace amazing::machine {

// The bytes BASIC V2 prints at power-on, as a transcript ('\n' line ends), laid out as the
// C64 shows them on 40 columns: an empty row, the title with four leading spaces, an empty
// row, the memory line with one leading space, an empty row, READY., the cursor below.
std::string c64_banner(long bytes_free = static_cast<long>(describe(Kind::kC64).basic_bytes));
// Clears `screen` and prints c64_banner() on it.
void show_c64_banner(Screen& screen,
                     long bytes_free = static_cast<long>(describe(Kind::kC64).basic_bytes));

// A colour of the C64's VIC-II: its colour number (what POKE 53281 takes), an RGB value
// for true-colour displays and the nearest of curses' eight colours (COLOR_BLUE = 4,
// COLOR_CYAN = 6), so a viewer can pick whichever it can show.
struct C64Colour {
  int number;
  uint8_t red, green, blue;
  int curses;
  const char* name;
};
// Power-on colours: light blue text (14) on a blue screen (6) with a light blue border.
// RGB values: the widely used "Pepto" measurement of the VIC-II palette (given from memory
// of it, so approximate; the colour numbers are the C64's own).
inline constexpr C64Colour kC64Text{14, 0x6C, 0x5E, 0xB5, 6, "light blue"};
inline constexpr C64Colour kC64Background{6, 0x35, 0x28, 0x79, 4, "blue"};
inline constexpr C64Colour kC64Border{14, 0x6C, 0x5E, 0xB5, 6, "light blue"};

}  // namespace amazing::machine
