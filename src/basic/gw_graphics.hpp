// GW-BASIC's graphics statements on the pc as PC-BASIC 2.0.5 runs them (FACTS.md
// "Devices"): PSET, PRESET, LINE (x,y)-(x,y), VIEW [SCREEN], WINDOW [SCREEN], CIRCLE, PAINT, DRAW
// and the functions POINT and PMAP. Each reads its arguments, then draws on the machine's graphics
// screen (machine/graphics.hpp) after SCREEN 1, 2, 7, 8 or 9. On the text screen each is an Illegal
// function call whatever follows; in a graphics mode a statement that did not parse stops with its
// error (Syntax error, Missing operand) when it runs.
//   10 SCREEN 1: PSET (10,10),2: LINE (0,0)-(20,5),3: PRINT POINT(10,10);POINT(4,1)
//   -> " 2  0 "
// The parser keeps a statement as StmtKind::kGraphics: slot its GraphicsStatement, exprs
// its arguments in fixed places (null where left out), graphics its GraphicsFlag bits.
#pragma once

#include <cstdint>

#include "basic/program.hpp"

namespace amazing::basic {

class Runtime;
struct Num;

enum class GraphicsStatement : uint8_t {
  // [STEP] (x, y) [, colour]: exprs x, y, colour
  kPset,
  kPreset,
  // [[STEP] (x0, y0)] - [STEP] (x1, y1) [, [colour] [, [B | BF] [, style]]]: exprs x0, y0
  // (null for the cursor), x1, y1, colour, style
  kLine,
  // VIEW [SCREEN] [(x0, y0) - (x1, y1) [, fill [, border]]]: exprs x0, y0, x1, y1, fill,
  // border (none: the whole screen again)
  kView,
  // WINDOW [SCREEN] [(x0, y0) - (x1, y1)]: exprs the corners (none: no window)
  kWindow,
  // CIRCLE [STEP] (x, y), r [, [colour] [, [start] [, [end] [, aspect]]]]
  kCircle,
  // PAINT [STEP] (x, y) [, [paint] [, [border] [, background]]]: exprs x, y, paint (a
  // colour, or a tile's string), border, background
  kPaint,
  // DRAW text: exprs the text
  kDraw,
  // GET (x0, y0) - [STEP] (x1, y1), array: exprs the corners, targets[0] the array
  kGet,
  // PUT (x, y), array [, PSET | PRESET | AND | OR | XOR]: exprs x, y, targets[0] the
  // array, mode 'S', 'R', 'A', 'O' or 'X' (XOR when left out)
  kPut,
};

// Stmt::graphics: STEP before the first point and before the second, B or BF, SCREEN.
enum GraphicsFlag : uint8_t {
  kGraphicsStep = 1,
  kGraphicsStep2 = 2,
  kGraphicsBox = 4,
  kGraphicsFill = 8,
  kGraphicsScreen = 16,
};

void exec_graphics(Runtime& rt, const Stmt& s);

// SCREEN and WIDTH switch the display as PC-BASIC's display.screen() does: to `mode` (0, the
// text screen `columns` wide, or a graphics mode, with its own columns) and the colour
// switch (SCREEN's second argument; left out, and WIDTH's, it is off; on at power-on). Only
// a new mode, width or switch starts the screen afresh: every row cleared, VIEW PRINT
// undone, the cursor home, the plane cleared; COLOR's attribute back to 7 unless it goes
// from text to text with the switch unchanged. Otherwise nothing happens (`SCREEN 0`
// clears the screen once, a second one does nothing; `SCREEN 0,1` then clears it again).
void switch_display(Runtime& rt, int mode, int columns, bool colour_switch);
// The display's mode (0 the text screen) and its columns (a graphics mode's own).
int display_mode(Runtime& rt);
int display_columns(Runtime& rt);
// The pages of the display's mode (machine::GraphicsMode::pages, machine::text_pages).
int display_pages(Runtime& rt);
// WIDTH 40 or 80 in a graphics mode changes the mode (SCREEN 2's WIDTH 40 is SCREEN 1):
// the mode it picks, 0 on the text screen.
int graphics_width_mode(Runtime& rt, int columns);
// CLS n's graphics part: 0 or none (no viewport) the whole screen and the cursor to the
// middle, 1 (or none with a viewport) the viewport, 2 the text rows that scroll. Returns
// whether CLS also clears the text.
bool graphics_cls(Runtime& rt, int n);

// COLOR (and BEEP, no arguments): on the text screen and in SCREEN 1 (background,
// palette) each argument 0..255 and no pixel changes; SCREEN 2 refuses COLOR (Illegal
// function call); SCREEN 7, 8, 9 take foreground and background 0..15, the foreground
// then what PSET, LINE and CIRCLE draw with when no colour is given.
void exec_color(Runtime& rt, const Stmt& s);

// POINT(x, y): the pixel's colour (-1 off the screen); POINT(n): the cursor (0, 1: the
// physical x, y; 2, 3: the logical). PMAP(x, n): physical from logical (0: x, 1: y) and
// back (2, 3). On the text screen POINT(n) and PMAP are 0, POINT(x, y) Illegal function call.
Num fn_point(Runtime& rt, const Expr& e);
Num fn_pmap(Runtime& rt, const Expr& e);

}  // namespace amazing::basic
