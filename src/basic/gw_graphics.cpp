// GW-BASIC's graphics statements (gw_graphics.hpp) as PC-BASIC 2.0.5 runs them headless.
#include "basic/gw_graphics.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "basic/gw_io.hpp"
#include "basic/macro_text.hpp"
#include "basic/music.hpp"
#include "basic/runtime.hpp"
#include "machine/graphics.hpp"
#include "machine/text_page.hpp"

namespace amazing::basic {
namespace {

using machine::Graphics;
using Point = std::pair<int, int>;

Graphics& plane(Runtime& rt) {
  return rt.machine_.graphics();
}

// A coordinate: any number, made a single (PC-BASIC reads them so).
std::optional<double> coordinate(Runtime& rt, const Expr& e) {
  const Num n = rt.eval_num(e);
  if (rt.failed()) return std::nullopt;
  const double v = gw_single(rt, n);
  if (rt.failed()) return std::nullopt;
  return v;
}

// Two coordinates, exprs[i] and exprs[i + 1], as they were written (logical).
std::optional<std::pair<double, double>> coordinates(Runtime& rt, const Stmt& s, std::size_t i) {
  std::optional<double> x = coordinate(rt, *s.exprs[i]);
  std::optional<double> y = x ? coordinate(rt, *s.exprs[i + 1]) : std::nullopt;
  if (!y) return std::nullopt;
  return std::pair<double, double>{*x, *y};
}

// A logical point made physical (the window's mapping, STEP from the cursor): Overflow
// past -32768..32767.
std::optional<Point> physical(Runtime& rt, std::pair<double, double> p, bool step) {
  std::optional<Point> at = plane(rt).physical(p.first, p.second, step);
  if (!at) rt.raise(ErrorCode::kOverflow);
  return at;
}

// An integer argument (CINT's rounding) in lo..hi, else Illegal function call; `absent`
// when left out.
std::optional<int> ranged(Runtime& rt, const ExprPtr& e, int lo, int hi, int absent) {
  if (!e) return absent;
  const int32_t n = rt.eval_int(*e);
  if (rt.failed()) return std::nullopt;
  if (n < lo || n > hi) return rt.raise(ErrorCode::kIllegalFunctionCall), std::nullopt;
  return n;
}

// PSET, PRESET [STEP] (x, y) [, colour]: PRESET's colour left out is the background.
void exec_pset(Runtime& rt, const Stmt& s, int absent) {
  auto p = coordinates(rt, s, 0);
  std::optional<int> c = p ? ranged(rt, s.exprs[2], 0, 255, absent) : std::nullopt;
  std::optional<Point> at = c ? physical(rt, *p, (s.graphics & kGraphicsStep) != 0) : std::nullopt;
  if (!at) return;
  Graphics& g = plane(rt);
  g.set_last(at->first, at->second);
  g.set_attr(g.colour(*c));
  g.plot(at->first, at->second, g.attr());
}

void exec_line(Runtime& rt, const Stmt& s) {
  std::optional<std::pair<double, double>> from;
  if (s.exprs[0] && !(from = coordinates(rt, s, 0))) return;
  auto to = coordinates(rt, s, 2);
  if (!to) return;
  std::optional<int> c = ranged(rt, s.exprs[4], 0, 255, -1);
  if (!c) return;
  int32_t style = 0xFFFF;
  if (s.exprs[5]) {
    style = rt.eval_int(*s.exprs[5]);
    if (rt.failed()) return;
  }
  Graphics& g = plane(rt);
  std::optional<Point> a = from ? physical(rt, *from, (s.graphics & kGraphicsStep) != 0) : g.last();
  std::optional<Point> b = a ? physical(rt, *to, (s.graphics & kGraphicsStep2) != 0) : std::nullopt;
  if (!b) return;
  const int colour = g.colour(*c);
  const auto bits = static_cast<uint16_t>(style & 0xFFFF);
  if (s.graphics & kGraphicsFill)
    g.fill_box(a->first, a->second, b->first, b->second, colour);
  else if (s.graphics & kGraphicsBox)
    g.box(a->first, a->second, b->first, b->second, colour, bits);
  else
    g.line(a->first, a->second, b->first, b->second, colour, bits);
  g.set_last(b->first, b->second);
  g.set_attr(colour);
}

// VIEW [SCREEN] (x0, y0) - (x1, y1) [, fill [, border]]: the corners on the screen, apart;
// the area is filled and a border drawn round it, each in colour 0 when left out (PC-BASIC
// 2.0.5 draws both always).
void exec_view(Runtime& rt, const Stmt& s) {
  Graphics& g = plane(rt);
  if (s.exprs.empty()) return g.unset_view();
  std::array<int, 4> at{};
  for (std::size_t i = 0; i < at.size(); ++i) {
    at[i] = rt.eval_int(*s.exprs[i]);
    if (rt.failed()) return;
  }
  const bool outside = at[0] < 0 || at[2] < 0 || at[0] >= g.width() || at[2] >= g.width() ||
                       at[1] < 0 || at[3] < 0 || at[1] >= g.height() || at[3] >= g.height();
  if (outside || at[0] == at[2] || at[1] == at[3]) return rt.raise(ErrorCode::kIllegalFunctionCall);
  std::optional<int> fill = ranged(rt, s.exprs[4], 0, 255, 0);
  std::optional<int> border = fill ? ranged(rt, s.exprs[5], 0, 255, 0) : std::nullopt;
  if (!border) return;
  g.unset_view();
  g.fill_box(at[0], at[1], at[2], at[3], g.colour(*fill));
  g.box(at[0] - 1, at[1] - 1, at[2] + 1, at[3] + 1, g.colour(*border), 0xFFFF);
  g.set_attr(g.colour(*border));
  g.set_view({at[0], at[1], at[2], at[3]}, (s.graphics & kGraphicsScreen) != 0);
}

// WINDOW [SCREEN] (x0, y0) - (x1, y1): corners apart (else Illegal function call).
void exec_window(Runtime& rt, const Stmt& s) {
  Graphics& g = plane(rt);
  if (s.exprs.empty()) return g.unset_window();
  auto a = coordinates(rt, s, 0);
  auto b = a ? coordinates(rt, s, 2) : std::nullopt;
  if (!b) return;
  if (a->first == b->first || a->second == b->second)
    return rt.raise(ErrorCode::kIllegalFunctionCall);
  g.set_window(a->first, a->second, b->first, b->second, (s.graphics & kGraphicsScreen) == 0);
}

// An optional single argument: nullopt for an error, *absent for one left out.
bool optional_single(Runtime& rt, const ExprPtr& e, std::optional<double>& out) {
  if (!e) return true;
  out = coordinate(rt, *e);
  return out.has_value();
}

// A radius of the ellipse's other axis (r * aspect or r / aspect), held to +-65535: PC-BASIC
// would step through a larger one for hours; nothing of it nearer the centre changes.
int other_radius(double v) {
  return static_cast<int>(std::clamp(std::nearbyint(v), -65535.0, 65535.0));
}

// CIRCLE [STEP] (x, y), r [, colour [, start [, end [, aspect]]]]: read in PC-BASIC's order
// (a negative radius Illegal function call, the centre, then the colour's range). The
// aspect is the pixels' by default (4:3 over the mode's pixels): only an aspect of exactly
// 1 draws the circle's octants; any other an ellipse, its longer radius r.
void exec_circle(Runtime& rt, const Stmt& s) {
  auto centre = coordinates(rt, s, 0);
  std::optional<double> r = centre ? coordinate(rt, *s.exprs[2]) : std::nullopt;
  if (!r) return;
  if (*r < 0) return rt.raise(ErrorCode::kIllegalFunctionCall);
  std::optional<int32_t> colour;
  if (s.exprs[3]) {
    colour = rt.eval_int(*s.exprs[3]);
    if (rt.failed()) return;
  }
  std::optional<double> start, stop, aspect;
  if (!optional_single(rt, s.exprs[4], start) || !optional_single(rt, s.exprs[5], stop) ||
      !optional_single(rt, s.exprs[6], aspect))
    return;
  std::optional<Point> at = physical(rt, *centre, (s.graphics & kGraphicsStep) != 0);
  if (!at) return;
  if (colour && (*colour < 0 || *colour > 255)) return rt.raise(ErrorCode::kIllegalFunctionCall);
  Graphics& g = plane(rt);
  const double a = aspect ? *aspect : g.height() * 4.0 / (g.width() * 3.0);
  std::optional<Point> radii = a > 1 ? g.scale(0, *r) : g.scale(*r, 0);
  if (!radii) return rt.raise(ErrorCode::kOverflow);
  const int rx = a == 1 ? radii->first : a > 1 ? other_radius(*r / a) : radii->first;
  const int ry = a == 1 ? radii->first : a > 1 ? radii->second : other_radius(*r * a);
  Graphics::ArcEnd from, to;
  for (auto [angle, end] : {std::pair{start, &from}, std::pair{stop, &to}}) {
    if (!angle) continue;
    std::optional<Graphics::ArcEnd> e = Graphics::arc_end(*angle, rx, ry);
    if (!e) return rt.raise(ErrorCode::kIllegalFunctionCall);
    *end = *e;
  }
  const int c = g.colour(colour ? *colour : -1);
  if (a == 1)
    g.circle(at->first, at->second, rx, c, from, to);
  else
    g.ellipse(at->first, at->second, rx, ry, c, from, to);
  g.set_last(at->first, at->second);
  g.set_attr(c);
}

// PAINT's paint argument: a colour 0..255 (`fill`), or a tile string (`tile`, the fill
// then -1: the foreground); an empty tile is Illegal function call. False after an error.
bool paint_argument(Runtime& rt, const ExprPtr& e, int& fill, std::string& tile) {
  if (!e || e->type != Type::kString) {
    const std::optional<int> c = ranged(rt, e, 0, 255, -1);
    fill = c.value_or(-1);
    return c.has_value();
  }
  tile = rt.eval_str(*e);
  if (rt.failed()) return false;
  if (tile.empty()) return rt.raise(ErrorCode::kIllegalFunctionCall), false;
  return true;
}

// PAINT [STEP] (x, y) [, paint [, border [, background]]]: paint a colour 0..255 or a tile
// (a string: rows of pixel bits as Graphics::tile reads them, any length), the border the
// paint colour unless given (a tile's: the foreground). The background is a string (else
// Illegal function call), a tile whose first row a tile fill may paint over; it counts
// only with a tile, and refuses one that shows it (Graphics::tile_clashes) before the
// point is worked out (PC-BASIC's order).
void exec_paint(Runtime& rt, const Stmt& s) {
  auto p = coordinates(rt, s, 0);
  if (!p) return;
  int fill = -1;
  std::string tile_bytes, background_bytes;
  if (!paint_argument(rt, s.exprs[2], fill, tile_bytes)) return;
  if (const ExprPtr& e = s.exprs[3]; e && e->type == Type::kString) {
    rt.eval_str(*e);
    if (!rt.failed()) rt.raise(ErrorCode::kTypeMismatch);
    return;
  }
  std::optional<int> border = ranged(rt, s.exprs[3], 0, 255, fill);
  if (!border) return;
  if (const ExprPtr& background = s.exprs[4]) {
    if (background->type != Type::kString) return rt.raise(ErrorCode::kIllegalFunctionCall);
    background_bytes = rt.eval_str(*background);
    if (rt.failed()) return;
  }
  Graphics& g = plane(rt);
  const Graphics::PaintTile tile =
      tile_bytes.empty() ? Graphics::solid_tile(g.colour(fill)) : g.tile(tile_bytes);
  std::optional<Graphics::PaintTile> background;
  if (!tile.solid && !background_bytes.empty()) {
    background = g.tile(background_bytes);
    if (Graphics::tile_clashes(tile, *background)) return rt.raise(ErrorCode::kIllegalFunctionCall);
  }
  std::optional<Point> at = physical(rt, *p, (s.graphics & kGraphicsStep) != 0);
  if (!at) return;
  const machine::PixelRect b = g.bounds();
  if (at->first >= b.x0 && at->first <= b.x1 && at->second >= b.y0 && at->second <= b.y1)
    g.set_last(at->first, at->second);
  if (!g.paint(at->first, at->second, tile, g.colour(*border), background ? &*background : nullptr))
    rt.raise(ErrorCode::kOutOfMemory);
}

// DRAW's macro language (PC-BASIC 2.0.5's): U D L R E F G H n move (n 1 when left out) by
// n times the scale over 4 along the turned axes, M x,y to a point (M+x,y or M-x,y: by an
// offset, turned and scaled too), B before a move: no line, N: the cursor comes back; C
// colour, S scale 1..255, A 0..3 quarter turns, TA -360..360 degrees, P paint,border (a
// fill from the cursor), X a string's commands (B and N stay with the text they are in).
class DrawText : MacroText {
 public:
  DrawText(Runtime& rt, std::string text) : MacroText(rt, std::move(text)), g_(plane(rt)) {}
  void run() {
    while (!rt_.failed()) {
      // Back from an X's text: the flags of the text around it again.
      while (!splices_left_.empty() && text_.size() - at_ <= splices_left_.back().rest) {
        std::tie(plot_, back_) = splices_left_.back().flags;
        splices_left_.pop_back();
      }
      const int c = upper_next();
      if (c < 0) return;
      command(static_cast<char>(c));
    }
  }

 private:
  struct Spliced {
    std::size_t rest;  // the text's length after the X's text
    std::pair<bool, bool> flags;
  };

  // A number, or 0 when a ';' follows at once (C; A; TA;).
  std::optional<long> ranged_or_zero(long lo, long hi) {
    if (skip_blanks() == ';') return 0;
    return ranged(lo, hi);
  }

  // A move by (dx, dy) before scale and turn, from the cursor.
  void step(long dx, long dy) {
    const auto [x0, y0] = g_.last();
    const machine::GraphicsMode& m = *g_.mode();
    const double yfac = (m.width * 3.0) / (m.height * 4.0);
    long x = static_cast<long>(std::trunc(g_.draw_scale * static_cast<double>(dx) / 4.0));
    long y = static_cast<long>(std::trunc(g_.draw_scale * static_cast<double>(dy) / 4.0));
    const int turn = g_.draw_angle;
    if (turn == 90 || turn == 270) {
      const long nx = static_cast<long>(y * yfac), ny = static_cast<long>(std::floor(x / yfac));
      x = turn == 90 ? nx : -nx;
      y = turn == 90 ? -ny : ny;
    } else if (turn == 180) {
      x = -x, y = -y;
    } else if (turn != 0 && turn != 360) {
      const double phi = turn * 3.14159265358979323846 / 180.0;
      const double fx = static_cast<double>(x), fy = static_cast<double>(y);
      x = static_cast<long>(std::nearbyint(std::cos(phi) * fx + std::sin(phi) * fy * yfac));
      y = static_cast<long>(std::nearbyint(std::cos(phi) * fy - std::sin(phi) * fx / yfac));
    }
    move_to(x0 + x, y0 + y);
  }
  void move_to(long x, long y) {
    // Held far past the screen (a cursor that runs off for good stays there).
    constexpr long kFar = 1L << 30;
    x = std::clamp(x, -kFar, kFar), y = std::clamp(y, -kFar, kFar);
    const auto [x0, y0] = g_.last();
    if (plot_) g_.line(x0, y0, static_cast<int>(x), static_cast<int>(y), g_.attr(), 0xFFFF);
    g_.set_last(static_cast<int>(x), static_cast<int>(y));
    if (back_) g_.set_last(x0, y0);
    plot_ = true;
    back_ = false;
  }

  void move(char c) {
    std::optional<long> n = ranged(-99999, 99999, 1);
    if (!n) return;
    const long up = c == 'U' || c == 'E' || c == 'H', down = c == 'D' || c == 'F' || c == 'G';
    const long left = c == 'L' || c == 'G' || c == 'H', right = c == 'R' || c == 'E' || c == 'F';
    step((right - left) * *n, (down - up) * *n);
  }
  void move_m() {
    const bool relative = skip_blanks() == '+' || skip_blanks() == '-';
    std::optional<long> x = ranged(-9999, 9999);
    if (!x) return;
    if (!accept(",")) return refuse();
    std::optional<long> y = ranged(-9999, 9999);
    if (!y) return;
    if (relative) return step(*x, *y);
    move_to(*x, *y);
  }
  void paint() {
    std::optional<long> fill = ranged(0, 9999);
    if (!fill) return;
    if (!accept(",")) return refuse();
    std::optional<long> border = ranged(0, 9999);
    if (!border) return;
    const auto [x, y] = g_.last();
    if (!g_.paint(x, y, g_.colour(static_cast<int>(*fill)), g_.colour(static_cast<int>(*border))))
      rt_.raise(ErrorCode::kOutOfMemory);
  }
  void execute() {
    const int count = splices_;
    splice();
    if (rt_.failed() || splices_ == count) return;
    // The X's text runs with fresh flags; the rest after it with these again.
    splices_left_.push_back({rest_after_splice_, {plot_, back_}});
    plot_ = true;
    back_ = false;
  }

  void command(char c) {
    std::optional<long> v;
    switch (c) {
      case ';':
        return;
      case 'B':
        plot_ = false;
        return;
      case 'N':
        back_ = true;
        return;
      case 'X':
        return execute();
      case 'C':
        if ((v = ranged_or_zero(-99999, 99999))) g_.set_attr(static_cast<int>(*v & 0xFF));
        return;
      case 'S':
        if ((v = ranged(1, 255))) g_.draw_scale = static_cast<int>(*v);
        return;
      case 'A':
        if ((v = ranged_or_zero(0, 3))) g_.draw_angle = static_cast<int>(90 * *v);
        return;
      case 'T':
        // TA: the A at once, no blank between.
        if (peek() < 0 || std::toupper(text_[at_++]) != 'A') return refuse();
        if ((v = ranged_or_zero(-360, 360))) g_.draw_angle = static_cast<int>(*v);
        return;
      case 'M':
        return move_m();
      case 'P':
        return paint();
      default:
        if (std::string_view("UDLREFGH").find(c) != std::string_view::npos) return move(c);
        return refuse();
    }
  }

  Graphics& g_;
  bool plot_ = true, back_ = false;
  std::vector<Spliced> splices_left_;
};

// DRAW text: its commands in turn on the graphics screen ("": nothing).
void exec_draw(Runtime& rt, const Stmt& s) {
  std::string text = rt.eval_str(*s.exprs[0]);
  if (rt.failed()) return;
  DrawText(rt, std::move(text)).run();
}

// The array GET and PUT use: dimensioned (else Illegal function call), not of strings
// (Type mismatch); its element bytes.
ArrayData* block_array(Runtime& rt, const Stmt& s) {
  const Target& t = s.targets[0];
  ArrayData& a = rt.arrays_[static_cast<std::size_t>(t.slot)];
  if (!a.defined) return rt.raise(ErrorCode::kIllegalFunctionCall), nullptr;
  if (t.type == Type::kString) return rt.raise(ErrorCode::kTypeMismatch), nullptr;
  return &a;
}

// GET (x0, y0) - [STEP] (x1, y1), array: the rectangle (inside the viewport, else Illegal
// function call) into the array's bytes (too few: Illegal function call); the cursor to
// the second corner.
void exec_get(Runtime& rt, const Stmt& s) {
  auto a = coordinates(rt, s, 0);
  auto b = a ? coordinates(rt, s, 2) : std::nullopt;
  ArrayData* array = b ? block_array(rt, s) : nullptr;
  if (!array) return;
  std::optional<Point> p0 = physical(rt, *a, false);
  std::optional<Point> p1 = p0 ? physical(rt, *b, (s.graphics & kGraphicsStep2) != 0) : p0;
  if (!p1) return;
  Graphics& g = plane(rt);
  g.set_last(p1->first, p1->second);
  const machine::PixelRect r{std::min(p0->first, p1->first), std::min(p0->second, p1->second),
                             std::max(p0->first, p1->first), std::max(p0->second, p1->second)};
  const machine::PixelRect v = g.bounds();
  if (r.x0 < v.x0 || r.y0 < v.y0 || r.x1 > v.x1 || r.y1 > v.y1)
    return rt.raise(ErrorCode::kIllegalFunctionCall);
  const std::vector<uint8_t> bytes = g.get_block(r);
  if (bytes.size() > array->block.size()) return rt.raise(ErrorCode::kIllegalFunctionCall);
  std::copy(bytes.begin(), bytes.end(), array->block.data());
}

// PUT (x, y), array [, operation]: the block in the array drawn there (all of it inside
// the viewport, else Illegal function call); the cursor to (x, y).
void exec_put(Runtime& rt, const Stmt& s) {
  auto p = coordinates(rt, s, 0);
  ArrayData* array = p ? block_array(rt, s) : nullptr;
  if (!array) return;
  std::optional<Point> at = physical(rt, *p, false);
  if (!at) return;
  Graphics& g = plane(rt);
  g.set_last(at->first, at->second);
  static constexpr std::string_view kModes = "SRAOX";
  const auto op = static_cast<Graphics::PutOp>(kModes.find(s.mode));
  const std::vector<uint8_t> bytes(array->block.data(), array->block.data() + array->block.size());
  if (!g.put_block(at->first, at->second, bytes, op)) rt.raise(ErrorCode::kIllegalFunctionCall);
}

using GraphicsExec = void (*)(Runtime&, const Stmt&);
// By GraphicsStatement.
constexpr GraphicsExec kGraphicsExecs[] = {
    [](Runtime& rt, const Stmt& s) { exec_pset(rt, s, -1); },
    [](Runtime& rt, const Stmt& s) { exec_pset(rt, s, 0); },
    exec_line,
    exec_view,
    exec_window,
    exec_circle,
    exec_paint,
    exec_draw,
    exec_get,
    exec_put,
};

}  // namespace

void exec_graphics(Runtime& rt, const Stmt& s) {
  if (plane(rt).text()) return rt.raise(ErrorCode::kIllegalFunctionCall);
  if (s.error != ErrorCode::kNone) return rt.raise(s.error);
  kGraphicsExecs[s.slot](rt, s);
}

namespace {

// Works out every argument of s (strings too), as PC-BASIC's parser does before the
// statement looks at them; false after an error.
bool evaluate_all(Runtime& rt, const Stmt& s) {
  for (const ExprPtr& e : s.exprs) {
    if (!e) continue;
    if (e->type == Type::kString)
      rt.eval_str(*e);
    else
      rt.eval_num(*e);
    if (rt.failed()) return false;
  }
  return true;
}

// COLOR on the text screen (PC-BASIC's text colour map): the arguments made integers
// (Overflow), then foreground 0..31 (16 up blink), background 0..15, border 0..15. What
// is printed next takes them (one left out stays as it was): GW-BASIC's attribute byte,
// blink, the background's low three bits and the foreground's four (`COLOR 20,2` is 164,
// `COLOR 7,9` 23, as PC-BASIC's SCREEN(r,c,1) reads them; the border is not shown).
void text_color(Runtime& rt, const Stmt& s) {
  static constexpr int kHighest[] = {31, 15, 15};
  int32_t n[3] = {0, 0, 0};
  for (std::size_t i = 0; i < s.exprs.size(); ++i) {
    if (!s.exprs[i]) continue;
    n[i] = rt.eval_int(*s.exprs[i]);
    if (rt.failed()) return;
  }
  for (std::size_t i = 0; i < s.exprs.size(); ++i)
    if (s.exprs[i] && (n[i] < 0 || n[i] > kHighest[i]))
      return rt.raise(ErrorCode::kIllegalFunctionCall);
  const uint8_t was = rt.machine_.text_attribute();
  const int fg = s.exprs.size() > 0 && s.exprs[0] ? n[0] : (was & 15) | ((was & 0x80) >> 3);
  const int bg = s.exprs.size() > 1 && s.exprs[1] ? n[1] : (was >> 4) & 7;
  rt.machine_.set_text_attribute(
      static_cast<uint8_t>((fg & 16 ? 0x80 : 0) | ((bg & 7) << 4) | (fg & 15)));
}

// COLOR background, palette [, palette] in SCREEN 1 (PC-BASIC's CGA colour map): each
// 0..255 (the background left out: attribute 0's colour), a third replaces the second;
// with a palette, palette (its number's lowest bit) with the background's low four bits as
// attribute 0, else only attribute 0.
void cga_color(Runtime& rt, std::optional<int32_t> background, std::optional<int32_t> palette) {
  machine::Palette& p = plane(rt).palette();
  const int32_t back = background.value_or(p.at(0));
  if (back < 0 || back > 255 || (palette && (*palette < 0 || *palette > 255)))
    return rt.raise(ErrorCode::kIllegalFunctionCall);
  if (palette) return p.set_cga(*palette & 1, back & 15);
  p.set(0, back & 15);
}

// COLOR [foreground] [, background [, border]] in SCREEN 7, 8, 9: the border 0..255, the
// foreground 1..15 (left out: the one in use), the background one of the mode's colours
// (left out: attribute 0's), which attribute 0 then shows (7 and 8: its low three bits).
// The foreground is then what is printed and drawn with.
void graphics_color(Runtime& rt, std::optional<int32_t> foreground,
                    std::optional<int32_t> background, int32_t border) {
  Graphics& g = plane(rt);
  machine::Palette& p = g.palette();
  const int32_t fore = foreground.value_or(g.foreground());
  const int32_t back = background.value_or(p.at(0));
  if (border < 0 || border > 255 || fore < 1 || fore > 15 || back < 0 || back > p.colours() - 1)
    return rt.raise(ErrorCode::kIllegalFunctionCall);
  p.set(0, p.colours() == 16 ? back % 8 : back);
  g.set_foreground(fore);
  rt.machine_.set_text_attribute(machine::make_attribute(fore, 0));
}

}  // namespace

// COLOR: PC-BASIC works every argument out first, then refuses a fourth (Illegal function
// call, whatever it is: `COLOR 1,2,3,A$`), then a string (Type mismatch, in every mode);
// then the screen's mode rules the rest. BEEP (the same statement kind, no arguments,
// mode 'B') sounds its tone.
void exec_color(Runtime& rt, const Stmt& s) {
  if (s.mode == 'B') return beep(rt);
  const bool text_given = std::any_of(s.exprs.begin(), s.exprs.end(), [](const ExprPtr& e) {
    return e && e->type == Type::kString;
  });
  if (s.exprs.size() > 3 || text_given) {
    if (evaluate_all(rt, s))
      rt.raise(s.exprs.size() > 3 ? ErrorCode::kIllegalFunctionCall : ErrorCode::kTypeMismatch);
    return;
  }
  Graphics& g = plane(rt);
  if (g.text()) return text_color(rt, s);
  if (g.mode()->colours == 2) return rt.raise(ErrorCode::kIllegalFunctionCall);
  int32_t n[3] = {0, 0, 0};
  for (std::size_t i = 0; i < s.exprs.size(); ++i) {
    if (!s.exprs[i]) continue;
    n[i] = rt.eval_int(*s.exprs[i]);
    if (rt.failed()) return;
  }
  auto given = [&](std::size_t i) { return i < s.exprs.size() && s.exprs[i] != nullptr; };
  auto argument = [&](std::size_t i) {
    return given(i) ? std::optional<int32_t>(n[i]) : std::nullopt;
  };
  if (g.mode()->colours == 4)
    return cga_color(rt, argument(0), given(2) ? argument(2) : argument(1));
  graphics_color(rt, argument(0), argument(1), n[2]);
}

int display_mode(Runtime& rt) {
  const machine::GraphicsMode* m = plane(rt).mode();
  return m ? m->number : 0;
}

int display_columns(Runtime& rt) {
  const machine::GraphicsMode* m = plane(rt).mode();
  return m ? m->columns : text_columns(rt);
}

int display_pages(Runtime& rt) {
  const machine::GraphicsMode* m = plane(rt).mode();
  return m ? m->pages : machine::text_pages(text_columns(rt));
}

void switch_display(Runtime& rt, int mode, int columns, bool colour_switch) {
  const bool same_switch = colour_switch == rt.colour_switch_;
  const int was = display_mode(rt);
  if (mode == was && columns == display_columns(rt) && same_switch) return;
  // A graphics mode prints in its foreground attribute (SCREEN 1: 3) on attribute 0.
  const machine::GraphicsMode* m = machine::graphics_mode(mode);
  if (mode != 0 || was != 0 || !same_switch)
    rt.machine_.set_text_attribute(m ? machine::make_attribute(m->foreground, 0)
                                     : machine::TextPage::kAttribute);
  rt.colour_switch_ = colour_switch;
  rt.machine_.reset_pages();  // a new mode: every page blank, page 0 active and shown
  plane(rt).set_mode(mode);
  set_scroll_area(rt, 0, machine::Printer::kScrollRows - 1);
  clear_screen(rt);
  // The batch page starts afresh in the whole attribute, where CLS keeps the background.
  if (rt.machine_.batch()) rt.printer_.set_screen_width(columns);
  redraw_key_line(rt);
}

int graphics_width_mode(Runtime& rt, int columns) {
  const machine::GraphicsMode* m = plane(rt).mode();
  if (!m) return 0;
  return columns == 40 ? m->width40 : m->width80;
}

bool graphics_cls(Runtime& rt, int n) {
  Graphics& g = plane(rt);
  if (g.text()) return true;
  if (n == 1 || (n < 0 && g.view_active())) {
    g.clear_view();
    g.reset();
    // CLS 1 with no VIEW clears the whole screen's pixels: the cursor goes home, and the
    // key line is drawn again (PC-BASIC).
    if (!g.view_active()) home_text_cursor(rt), redraw_key_line(rt);
    return false;
  }
  const machine::Printer& p = rt.printer_;
  const int font = g.mode()->font_height;
  if (n == 0 || (n < 0 && !p.viewed()))
    g.clear();
  else
    g.clear_rows(p.scroll_top() * font, (p.scroll_bottom() + 1) * font - 1);
  if (n != 2) g.reset();
  return true;
}

Num fn_point(Runtime& rt, const Expr& e) {
  Graphics& g = plane(rt);
  if (e.args.size() < 2 || !e.args[1]) {
    const int32_t n = rt.eval_int(*e.args[0]);
    if (rt.failed()) return make_int(0);
    if (n < 0 || n > 3) return rt.raise(ErrorCode::kIllegalFunctionCall), make_int(0);
    if (g.text()) return make_float(0);
    const Point last = g.last();
    if (n < 2) return make_float(n == 0 ? last.first : last.second);
    const auto [x, y] = g.logical(last.first, last.second);
    return gw_host_result(rt, n == 2 ? x : y);
  }
  std::optional<double> x = coordinate(rt, *e.args[0]);
  std::optional<double> y = x ? coordinate(rt, *e.args[1]) : std::nullopt;
  if (!y) return make_int(0);
  if (g.text()) return rt.raise(ErrorCode::kIllegalFunctionCall), make_int(0);
  std::optional<Point> at = physical(rt, {*x, *y}, false);
  if (!at) return make_int(0);
  // Off the screen (by the viewport's own coordinates): -1.
  if (at->first < 0 || at->second < 0 || at->first >= g.width() || at->second >= g.height())
    return make_int(-1);
  return make_int(g.pixel(at->first, at->second));
}

Num fn_pmap(Runtime& rt, const Expr& e) {
  const Num x = rt.eval_num(*e.args[0]);
  if (rt.failed()) return make_int(0);
  const int32_t n = rt.eval_int(*e.args[1]);
  if (rt.failed()) return make_int(0);
  if (n < 0 || n > 3) return rt.raise(ErrorCode::kIllegalFunctionCall), make_int(0);
  Graphics& g = plane(rt);
  if (n >= 2) {
    const int32_t v = rt.to_int(make_float(gw_single(rt, x)));
    if (rt.failed() || g.text()) return make_float(0);
    const auto [lx, ly] = g.logical(n == 2 ? v : 0, n == 3 ? v : 0);
    return gw_host_result(rt, n == 2 ? lx : ly);
  }
  const double v = gw_single(rt, x);
  if (rt.failed() || g.text()) return make_float(0);
  std::optional<Point> at = physical(rt, {n == 0 ? v : 0.0, n == 1 ? v : 0.0}, false);
  if (!at) return make_int(0);
  return make_float(n == 0 ? at->first : at->second);
}

}  // namespace amazing::basic
