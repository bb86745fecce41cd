// GW-BASIC's screen control characters: what a PRINTed byte below 32 does to the pc's
// text cursor (PC-BASIC 2.0.5's console write, measured in tests/basic/programs/
// screen_controls.bas). One rule for the terminal's Screen and for the Printer, which
// follows the cursor in batch mode (POS, CSRLIN and where an item breaks):
//   BEL (7)   nothing moves (the machine beeps)
//   TAB (9)   blanks up to the next multiple of 8 (gw_tab_blanks), printed as characters
//   HOME (11) the first row that scrolls, column 1
//   CLS (12)  the rows that scroll are cleared (the caller's part), then HOME
//   28 29 30 31  right, left, up, down; they never scroll: right from the last column goes
//             to the next row's start (stays at the bottom row's end), left from the first
//             column to the row above's end (stays at the top row's start), up and down
//             stop at the rows that scroll
// CR and LF end the line (the callers do that), and every other byte is a character.
// Standard output still gets every byte as it is, as PC-BASIC's does.
#pragma once

namespace amazing::machine {

enum class GwControl { kNone, kBell, kTab, kHome, kClear, kRight, kLeft, kUp, kDown };

// Which control `c` is (kNone: a character, or CR/LF, which end the line).
GwControl gw_control(char c);

// The cursor, 0-based; col == width means "past the end" of a full row (the next character
// goes to the next row), as machine::Printer and machine::Screen keep it.
struct GwCursor {
  int row = 0;
  int col = 0;
};
// The rows that scroll (0-based, both included; VIEW PRINT's) and the row's width. A row
// below `bottom` is GW-BASIC's 25th (LOCATE 25).
struct GwArea {
  int top = 0;
  int bottom = 23;
  int width = 80;
};

// GW-BASIC's 25th row (LOCATE 25), below the rows that scroll: nothing wraps off it and no
// item breaks onto a new line there; the next character takes its last column again.
inline constexpr int kGwRows = 25;
inline bool gw_key_row(int row, const GwArea& area) {
  return row == kGwRows - 1 && row > area.bottom;
}

// The blanks a TAB prints at `at` (1..8).
int gw_tab_blanks(GwCursor at, int width);
// Moves `at` for kHome, kClear, kRight, kLeft, kUp and kDown (the others leave it).
void gw_move(GwControl control, GwCursor& at, const GwArea& area);

}  // namespace amazing::machine
