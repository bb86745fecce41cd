// Graphics: the pc's graphics screen as PC-BASIC 2.0.5 keeps it headless (GW-BASIC's SCREEN
// 1, 2, 7, 8 and 9): a plane of pixels, one colour number each, the viewport (VIEW), the
// logical window (WINDOW), the graphics cursor (the last point referenced) and the drawing
// primitives the BASIC statements share: a pixel, a styled line, a box, a filled box.
// The primitives take physical coordinates relative to the viewport (what WINDOW's mapping,
// physical(), gives); what falls outside the viewport is not drawn. SCREEN 0 (the text
// screen) has no pixels: text() is true and the statements refuse to draw.
//   Graphics g;
//   g.set_mode(1);                      // 320x200, 4 colours, all 0; cursor at (160, 100)
//   g.line(0, 0, 20, 5, 3, 0xFFFF);     // g.pixel(4, 1) == 3
//   g.set_view({10, 10, 50, 50}, false); // (0,0) is now the screen's (10,10)
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "machine/pages.hpp"
#include "machine/palette.hpp"

namespace amazing::machine {

// A graphics mode of PC-BASIC's default (VGA) adapter: its SCREEN number, its pixels, how
// many colours a pixel takes, the colour PSET draws with by default, its text rows' height
// and columns, the modes WIDTH 40 and WIDTH 80 switch it to, and its pages (what PC-BASIC
// 2.0.5 fits in its 256K of video memory: SCREEN's and PCOPY's pages 0..pages - 1).
struct GraphicsMode {
  int number;
  int width, height;
  int colours;
  int foreground;
  int font_height;
  int columns;
  int width40, width80;
  int pages;
};
inline constexpr GraphicsMode kGraphicsModes[] = {
    {1, 320, 200, 4, 3, 8, 40, 1, 2, 8},    {2, 640, 200, 2, 1, 8, 80, 1, 2, 8},
    {7, 320, 200, 16, 15, 8, 40, 7, 8, 32}, {8, 640, 200, 16, 15, 8, 80, 7, 8, 16},
    {9, 640, 350, 16, 15, 14, 80, 1, 9, 8},
};
// The text screen's pages: 8 at 40 columns, 4 at 80.
inline constexpr int text_pages(int columns) {
  return columns == 40 ? 8 : 4;
}
// The mode SCREEN m picks, or null (the text screen, or a number with no graphics mode).
const GraphicsMode* graphics_mode(int number);

// A rectangle, corners included.
struct PixelRect {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

class Graphics {
 public:
  // SCREEN m: the mode starts afresh, the same one too (when SCREEN does that is the
  // caller's rule): the plane, the viewport and the window cleared, the cursor in the middle.
  void set_mode(int number);
  bool text() const { return mode_ == nullptr; }
  const GraphicsMode* mode() const { return mode_; }
  int width() const { return mode_ ? mode_->width : 0; }
  int height() const { return mode_ ? mode_->height : 0; }

  // The colour a statement's colour argument means: -1 (none given) the foreground, 0 the
  // background, others cut to the mode's colours.
  int colour(int index) const;
  // COLOR's foreground in the 16-colour modes: what a colour left out draws with (a new
  // mode sets its own back).
  void set_foreground(int colour) { foreground_ = colour; }
  int foreground() const { return foreground_; }

  // The colours the screen's attributes show in (palette.hpp): a new mode (the text
  // screen too) starts its own defaults.
  Palette& palette() { return palette_; }
  const Palette& palette() const { return palette_; }

  // ---- the viewport (VIEW [SCREEN] (x0,y0)-(x1,y1)) ------------------------------------
  // absolute (VIEW SCREEN): coordinates stay the screen's; otherwise (0,0) is r's corner.
  // Both put the cursor in the viewport's middle and fit the window to it.
  void set_view(PixelRect r, bool absolute);
  void unset_view();
  bool view_active() const { return view_active_; }
  // The viewport in its own coordinates (the whole screen when none is set).
  PixelRect bounds() const;

  // ---- the window (WINDOW [SCREEN] (a,b)-(c,d)) ----------------------------------------
  // Logical coordinates mapped onto the viewport; cartesian (no SCREEN): y grows upwards.
  void set_window(double x0, double y0, double x1, double y1, bool cartesian);
  void unset_window() { window_.reset(); }
  // A logical point (relative to the cursor with step) as physical viewport coordinates,
  // rounded half to even; nullopt past -32768..32767 (Overflow).
  std::optional<std::pair<int, int>> physical(double x, double y, bool step) const;
  // A logical length along x and along y in pixels (CIRCLE's radius), rounded half to
  // even; nullopt past -32768..32767 (Overflow).
  std::optional<std::pair<int, int>> scale(double x, double y) const;
  // A physical point as logical coordinates (itself without a window).
  std::pair<double, double> logical(int x, int y) const;

  // ---- the cursor ----------------------------------------------------------------------
  std::pair<int, int> last() const { return last_; }
  void set_last(int x, int y) { last_ = {x, y}; }
  // RUN, CLEAR, CLS: the cursor back in the viewport's middle, DRAW's colour the
  // foreground, its scale 4 and its angle 0.
  void reset();
  // The colour the last statement drew with (PSET, LINE, CIRCLE, VIEW, PAINT, DRAW's C):
  // DRAW draws with it.
  int attr() const { return attr_; }
  void set_attr(int colour) { attr_ = colour; }
  int draw_scale = 4, draw_angle = 0;  // DRAW's S and A/TA

  // ---- pixels (viewport coordinates) ---------------------------------------------------
  // The pixel at (x, y); -1 when that is off the screen.
  int pixel(int x, int y) const;
  void plot(int x, int y, int colour);
  // A line from (x0,y0) to (x1,y1), drawn from its top end, the style's bits from the
  // highest on (a 0 bit skips its pixel).
  void line(int x0, int y0, int x1, int y1, int colour, uint16_t style);
  void box(int x0, int y0, int x1, int y1, int colour, uint16_t style);
  void fill_box(int x0, int y0, int x1, int y1, int colour);
  // CIRCLE: a circle (aspect 1) by its octants, an ellipse by its quadrants; an arc from
  // start to stop (ArcEnd::part -1: that end left out), with a line from the centre to an
  // end whose angle was negative.
  struct ArcEnd {
    int part = -1;       // the octant (0..7) the angle is in
    int coord = -1;      // circle: the octant's running coordinate there
    int x = -1, y = -1;  // ellipse: the point
    bool line = false;
  };
  // An angle's end on a circle or ellipse of radii rx, ry; nullopt past 2 pi (PC-BASIC
  // counts octants of pi/4 up to 8: Illegal function call).
  static std::optional<ArcEnd> arc_end(double angle, int rx, int ry);
  void circle(int cx, int cy, int r, int colour, const ArcEnd& start, const ArcEnd& stop);
  void ellipse(int cx, int cy, int rx, int ry, int colour, ArcEnd start, ArcEnd stop);
  // PAINT: from (x, y) the area bounded by `border` (and by the viewport) filled with
  // `fill`, by PC-BASIC's scanline flood fill (a run already all `fill` is not entered:
  // such runs stop it). Nothing when (x, y) is outside the viewport or on the border.
  // False when it gave up after kMaxPaintRuns runs (a bound; no fill needs as many).
  bool paint(int x, int y, int fill, int border) { return paint(x, y, solid_tile(fill), border); }
  static constexpr long kMaxPaintRuns = 4'000'000;
  // PAINT's tile: rows of `width` pixels laid over the viewport's coordinates from (0,0)
  // (pixel (x, y) takes at(x, y)); solid: a colour's fill (one row of 8).
  struct PaintTile {
    int width = 8;
    std::vector<uint8_t> rows;  // height() rows of width pixels
    bool solid = false;
    int height() const { return static_cast<int>(rows.size()) / width; }
    int at(int x, int y) const;
  };
  static PaintTile solid_tile(int colour);
  // A tile string's bytes as this mode reads them (SCREEN 1: a byte a row, 4 pixels of 2
  // bits from the high ones; 2: a byte a row, 8 pixels of 1 bit; 7, 8, 9: four bytes a row,
  // bit 0 to bit 3 of 8 pixels, the last row padded with 0 bytes). Empty for no bytes (or
  // no mode).
  PaintTile tile(const std::string& bytes) const;
  // PC-BASIC's refusal of a tile with a background tile: all its rows, or three rows in a
  // row, equal to the background's first row (Illegal function call).
  static bool tile_clashes(const PaintTile& tile, const PaintTile& background);
  // PAINT with a tile: a run that already shows the tile is not entered, unless its row of
  // the tile is all 0 (a tiled fill) or it also shows the background's first row over a
  // tile's width or more. The colour the last statement drew with becomes the fill's (a
  // tile's: the foreground).
  bool paint(int x, int y, const PaintTile& tile, int border,
             const PaintTile* background = nullptr);
  // GET and PUT: a block of pixels as GW-BASIC keeps it in an array: a head of two 16-bit
  // numbers low byte first (SCREEN 1 and 2: the row's bits, width times bits a pixel;
  // 7, 8, 9: the width) and the height, then each row from its own byte, pixels from the
  // high bits (SCREEN 1: 2 bits a pixel, 2: 1; 7, 8, 9: a row of bit 0 of each pixel, then
  // bit 1, 2 and 3). get_block reads the rectangle (viewport coordinates, inside it).
  std::vector<uint8_t> get_block(PixelRect r) const;
  enum class PutOp : uint8_t { kPset, kPreset, kAnd, kOr, kXor };
  // The block in `bytes` (missing bytes read 0) put with its corner at (x, y); false (and
  // nothing drawn) when it does not fit in the viewport.
  bool put_block(int x, int y, const std::vector<uint8_t>& bytes, PutOp op);
  // CLS 1: the viewport cleared but for its last column and row (PC-BASIC 2.0.5 clears
  // the slice up to them); clear(): the whole plane; clear_rows: the screen's pixel rows
  // first..last (CLS 2's text rows).
  void clear_view() { fill_box(bounds().x0, bounds().y0, bounds().x1 - 1, bounds().y1 - 1, 0); }
  void clear();
  void clear_rows(int first, int last);

  // The active page's pixels (what is drawn and read back); pixel_cells shows the visual one.
  const std::vector<uint8_t>& pixels() const { return pixels_; }

  // ---- pages (SCREEN m,c,a,v and PCOPY; pages.hpp) --------------------------------------
  // Each page of the mode has its own pixels, as in PC-BASIC: everything above draws on
  // and reads the active page; shown_pixels() is the visual page's, what the monitor shows.
  // A new mode makes every page blank (0) with page 0 active and shown.
  void set_pages(int active, int visual);
  void copy_page(int from, int to);
  const std::vector<uint8_t>& shown_pixels() const {
    const std::vector<uint8_t>* shown = pages_.shown();
    return shown ? *shown : pixels_;
  }
  // Changes with every pixel that changes (and every new mode, clear or palette change): a
  // viewer redraws when it moves.
  uint64_t version() const { return version_ + palette_.version(); }

 private:
  std::pair<int, int> to_screen(int x, int y) const;
  std::vector<uint8_t> blank_pixels() const { return std::vector<uint8_t>(pixels_.size(), 0); }
  bool contains(int x, int y) const;
  // A point held to the screen and one pixel around it (in viewport coordinates).
  std::pair<int, int> cut_off(int x, int y) const;
  // A horizontal or vertical run from (x0,y0) to (x1,y1); the style's mask goes on.
  // The run of non-border pixels of row y from x towards `end` (excluded), its length.
  int run_length(int y, int x, int end, int border) const;
  struct Run {
    int x0, x1, y, dir;
  };
  // Whether row y from x, n pixels, already shows `tile` (PAINT does not enter it).
  bool painted(int x, int n, int y, const PaintTile& tile, const PaintTile* background) const;
  // The runs of row y between x0 and x1 not painted yet, onto `runs`.
  void seed_runs(std::vector<Run>& runs, int x0, int x1, int y, int dir, const PaintTile& tile,
                 const PaintTile* background, int border) const;
  uint16_t straight(int x0, int y0, int x1, int y1, int colour, uint16_t style, uint16_t mask);

  struct Window {
    double scale_x, scale_y, offset_x, offset_y;
    double x0, y0, x1, y1;
    bool cartesian;
  };
  void fit_window(double x0, double y0, double x1, double y1, bool cartesian);

  const GraphicsMode* mode_ = nullptr;
  std::vector<uint8_t> pixels_;
  PixelRect view_;
  bool view_active_ = false, view_absolute_ = false;
  std::optional<Window> window_;
  std::pair<int, int> last_{0, 0};
  int attr_ = 0;
  int foreground_ = 0;
  Palette palette_;
  uint64_t version_ = 0;
  Pages<std::vector<uint8_t>> pages_;
};

}  // namespace amazing::machine
