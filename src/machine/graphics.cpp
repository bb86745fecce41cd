// The pc's graphics screen (graphics.hpp), its rules as PC-BASIC 2.0.5 draws.
#include "machine/graphics.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <tuple>

namespace amazing::machine {

const GraphicsMode* graphics_mode(int number) {
  for (const GraphicsMode& m : kGraphicsModes)
    if (m.number == number) return &m;
  return nullptr;
}

void Graphics::set_mode(int number) {
  const GraphicsMode* m = graphics_mode(number);
  mode_ = m;
  ++version_;
  pixels_.assign(m ? static_cast<std::size_t>(m->width) * static_cast<std::size_t>(m->height) : 0,
                 0);
  pages_.reset();
  view_ = {0, 0, width() - 1, height() - 1};
  view_active_ = view_absolute_ = false;
  window_.reset();
  foreground_ = m ? m->foreground : 0;
  palette_.set_mode(m ? m->number : 0);
  reset();
}

int Graphics::colour(int index) const {
  if (!mode_) return 0;
  if (index == -1) return foreground_;
  if (index == 0) return 0;
  return std::clamp(index, 0, mode_->colours - 1);
}

void Graphics::set_view(PixelRect r, bool absolute) {
  view_ = {std::min(r.x0, r.x1), std::min(r.y0, r.y1), std::max(r.x0, r.x1), std::max(r.y0, r.y1)};
  view_active_ = true;
  view_absolute_ = absolute;
  reset();
  if (window_) fit_window(window_->x0, window_->y0, window_->x1, window_->y1, window_->cartesian);
}

void Graphics::unset_view() {
  view_ = {0, 0, width() - 1, height() - 1};
  view_active_ = view_absolute_ = false;
  reset();
  if (window_) fit_window(window_->x0, window_->y0, window_->x1, window_->y1, window_->cartesian);
}

PixelRect Graphics::bounds() const {
  if (view_absolute_) return view_;
  return {0, 0, view_.x1 - view_.x0, view_.y1 - view_.y0};
}

void Graphics::set_window(double x0, double y0, double x1, double y1, bool cartesian) {
  if (y0 > y1) std::swap(y0, y1);
  if (x0 > x1) std::swap(x0, x1);
  if (cartesian) std::swap(y0, y1);
  fit_window(x0, y0, x1, y1, cartesian);
}

// The window's corners (already ordered) onto the viewport's pixels: its left edge at 0, its
// right at the viewport's width - 1 (PC-BASIC's scale and offset, in doubles).
void Graphics::fit_window(double x0, double y0, double x1, double y1, bool cartesian) {
  const double w = view_.x1 - view_.x0, h = view_.y1 - view_.y0;
  Window win{};
  win.scale_x = w / (x1 - x0);
  win.scale_y = h / (y1 - y0);
  win.offset_x = 0.0 - x0 * win.scale_x;
  win.offset_y = 0.0 - y0 * win.scale_y;
  win.x0 = x0, win.y0 = y0, win.x1 = x1, win.y1 = y1;
  win.cartesian = cartesian;
  window_ = win;
}

namespace {
// Python's round(): halves to the even neighbour (the default rounding mode).
std::optional<int> rounded16(double v) {
  const double r = std::nearbyint(v);
  if (!(r >= -32768.0 && r <= 32767.0)) return std::nullopt;
  return static_cast<int>(r);
}
}  // namespace

std::optional<std::pair<int, int>> Graphics::physical(double x, double y, bool step) const {
  double px = 0, py = 0;
  if (window_) {
    auto [lx, ly] = step ? logical(last_.first, last_.second) : std::pair<double, double>{0, 0};
    px = std::nearbyint(window_->offset_x + (lx + x) * window_->scale_x);
    py = std::nearbyint(window_->offset_y + (ly + y) * window_->scale_y);
  } else {
    // Rounded first, then the cursor added (1e30 stays out of range either way).
    px = std::nearbyint(x) + (step ? last_.first : 0);
    py = std::nearbyint(y) + (step ? last_.second : 0);
  }
  std::optional<int> ix = rounded16(px), iy = rounded16(py);
  if (!ix || !iy) return std::nullopt;
  return std::pair<int, int>{*ix, *iy};
}

std::optional<std::pair<int, int>> Graphics::scale(double x, double y) const {
  std::optional<int> ix = rounded16(window_ ? x * window_->scale_x : x);
  std::optional<int> iy = rounded16(window_ ? y * window_->scale_y : y);
  if (!ix || !iy) return std::nullopt;
  return std::pair<int, int>{*ix, *iy};
}

std::pair<double, double> Graphics::logical(int x, int y) const {
  if (!window_) return {x, y};
  return {(x - window_->offset_x) / window_->scale_x, (y - window_->offset_y) / window_->scale_y};
}

void Graphics::reset() {
  attr_ = mode_ ? mode_->foreground : 0;
  draw_scale = 4;
  draw_angle = 0;
  const PixelRect b = bounds();
  // The middle as GW-BASIC has it: one past half the span.
  last_ = {(b.x1 - b.x0) / 2 + 1 + (view_absolute_ ? b.x0 : 0),
           (b.y1 - b.y0) / 2 + 1 + (view_absolute_ ? b.y0 : 0)};
}

std::pair<int, int> Graphics::to_screen(int x, int y) const {
  if (view_absolute_) return {x, y};
  return {x + view_.x0, y + view_.y0};
}

bool Graphics::contains(int x, int y) const {
  const PixelRect b = bounds();
  return x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1;
}

int Graphics::pixel(int x, int y) const {
  auto [sx, sy] = to_screen(x, y);
  if (sx < 0 || sy < 0 || sx >= width() || sy >= height()) return -1;
  return pixels_[static_cast<std::size_t>(sy) * static_cast<std::size_t>(width()) +
                 static_cast<std::size_t>(sx)];
}

void Graphics::plot(int x, int y, int colour) {
  if (!mode_ || !contains(x, y)) return;
  auto [sx, sy] = to_screen(x, y);
  uint8_t& p = pixels_[static_cast<std::size_t>(sy) * static_cast<std::size_t>(width()) +
                       static_cast<std::size_t>(sx)];
  if (p == static_cast<uint8_t>(colour)) return;
  p = static_cast<uint8_t>(colour);
  ++version_;
}

std::pair<int, int> Graphics::cut_off(int x, int y) const {
  auto [sx, sy] = to_screen(x, y);
  const int cx = std::clamp(sx, -1, width()), cy = std::clamp(sy, -1, height());
  return {cx + (x - sx), cy + (y - sy)};
}

void Graphics::line(int x0, int y0, int x1, int y1, int colour, uint16_t style) {
  std::tie(x0, y0) = cut_off(x0, y0);
  std::tie(x1, y1) = cut_off(x1, y1);
  // From the top end down; at one height from the second point (the style starts there).
  if (y1 <= y0) std::swap(x0, x1), std::swap(y0, y1);
  int dx = std::abs(x1 - x0), dy = std::abs(y1 - y0);
  const bool steep = dy > dx;
  if (steep) std::swap(x0, y0), std::swap(x1, y1), std::swap(dx, dy);
  const int sx = x1 > x0 ? 1 : -1, sy = y1 > y0 ? 1 : -1;
  uint16_t mask = 0x8000;
  int error = dx / 2;
  for (int x = x0, y = y0;; x += sx) {
    if (style & mask) steep ? plot(y, x, colour) : plot(x, y, colour);
    mask = mask == 1 ? 0x8000 : static_cast<uint16_t>(mask >> 1);
    error -= dy;
    if (error < 0) y += sy, error += dx;
    if (x == x1) break;
  }
}

uint16_t Graphics::straight(int x0, int y0, int x1, int y1, int colour, uint16_t style,
                            uint16_t mask) {
  const bool vertical = x0 == x1;
  const int p0 = vertical ? y0 : x0, p1 = vertical ? y1 : x1, q = vertical ? x0 : y0;
  const int sp = p1 > p0 ? 1 : -1;
  for (int p = p0;; p += sp) {
    if (style & mask) vertical ? plot(q, p, colour) : plot(p, q, colour);
    mask = mask == 1 ? 0x8000 : static_cast<uint16_t>(mask >> 1);
    if (p == p1) break;
  }
  return mask;
}

void Graphics::box(int x0, int y0, int x1, int y1, int colour, uint16_t style) {
  std::tie(x0, y0) = cut_off(x0, y0);
  std::tie(x1, y1) = cut_off(x1, y1);
  uint16_t mask = 0x8000;
  mask = straight(x1, y1, x0, y1, colour, style, mask);
  mask = straight(x1, y0, x0, y0, colour, style, mask);
  // The sides from the bottom up.
  if (y0 < y1) std::swap(y0, y1);
  mask = straight(x1, y1, x1, y0, colour, style, mask);
  straight(x0, y1, x0, y0, colour, style, mask);
}

void Graphics::fill_box(int x0, int y0, int x1, int y1, int colour) {
  if (!mode_) return;
  std::tie(x0, y0) = cut_off(x0, y0);
  std::tie(x1, y1) = cut_off(x1, y1);
  const PixelRect b = bounds();
  const int left = std::max(std::min(x0, x1), b.x0), right = std::min(std::max(x0, x1), b.x1);
  const int top = std::max(std::min(y0, y1), b.y0), bottom = std::min(std::max(y0, y1), b.y1);
  for (int y = top; y <= bottom; ++y)
    for (int x = left; x <= right; ++x) plot(x, y, colour);
}

// ---- CIRCLE ----------------------------------------------------------------------------

namespace {

constexpr double kPi = 3.14159265358979323846;

// Whether part p of an arc from (p0, c0) to (p1, c1) is left out at `cur` (a place on the
// curve, compared by `gt`/`gte`: further along the curve than), as PC-BASIC decides it: a
// part before the start's or after the stop's is hidden, and within those two parts the
// points before the start or after the stop.
template <typename Pos, typename Gt, typename Gte>
bool arc_skips(int p, int p0, int p1, const Pos& c0, const Pos& c1, const Pos& cur, Gt gt,
               Gte gte) {
  if (p0 != -1) {
    const bool forward = p0 < p1 || (p0 == p1 && gte(p0, c1, c0));
    if (forward ? (p < p0 || p > p1) : (p > p1 && p < p0)) return true;
  }
  if (p0 != p1) return (p == p0 && gt(p0, c0, cur)) || (p == p1 && gt(p1, cur, c1));
  if (p != p0) return false;
  if (gte(p0, c1, c0)) return gt(p0, cur, c1) || gt(p0, c0, cur);
  return gt(p0, cur, c1) && gt(p0, c0, cur);
}

// An octant's point (x, y) of a circle round (cx, cy): octant 0 from the right going up
// (y is its running coordinate), 1 from the top down to it (x)...
std::pair<int, int> octant_point(int octant, int cx, int cy, int x, int y) {
  static constexpr int kSigns[8][3] = {
      // dx from x or y (0: x, 1: y), sign x, sign y
      {0, 1, -1}, {1, 1, -1}, {1, -1, -1}, {0, -1, -1},
      {0, -1, 1}, {1, -1, 1}, {1, 1, 1},   {0, 1, 1},
  };
  const int* k = kSigns[octant];
  return k[0] == 0 ? std::pair<int, int>{cx + k[1] * x, cy + k[2] * y}
                   : std::pair<int, int>{cx + k[1] * y, cy + k[2] * x};
}
bool octant_gt(int octant, int a, int b) {
  return octant % 2 == 1 ? a < b : a > b;
}
bool octant_gte(int octant, int a, int b) {
  return octant % 2 == 1 ? a <= b : a >= b;
}

// A quadrant's point of an ellipse: 0 upper right, 1 upper left, 2 lower left, 3 lower right.
std::pair<int, int> quadrant_point(int quadrant, int cx, int cy, int x, int y) {
  const int sx = quadrant == 0 || quadrant == 3 ? 1 : -1, sy = quadrant < 2 ? -1 : 1;
  return {cx + sx * x, cy + sy * y};
}
using XY = std::pair<int, int>;
bool quadrant_gt(int quadrant, const XY& a, const XY& b) {
  if (a.second != b.second) return quadrant % 2 == 0 ? a.second > b.second : a.second < b.second;
  return quadrant % 2 == 0 ? a.first < b.first : a.first > b.first;
}
bool quadrant_gte(int quadrant, const XY& a, const XY& b) {
  if (a.second != b.second) return quadrant % 2 == 0 ? a.second > b.second : a.second < b.second;
  return quadrant % 2 == 0 ? a.first <= b.first : a.first >= b.first;
}

int round_even(double v) {
  return static_cast<int>(std::clamp(std::nearbyint(v), -2147483647.0, 2147483647.0));
}

}  // namespace

std::optional<Graphics::ArcEnd> Graphics::arc_end(double angle, int rx, int ry) {
  ArcEnd end;
  end.line = angle < 0;
  const double f = std::fabs(angle);
  end.part = 0;
  for (double edge = kPi / 4; f > edge; edge += kPi / 4)
    if (++end.part >= 8) return std::nullopt;
  const bool runs_on_y = end.part == 0 || end.part == 3 || end.part == 4 || end.part == 7;
  end.coord = std::abs(runs_on_y ? round_even(ry * std::sin(f)) : round_even(rx * std::cos(f)));
  end.x = std::abs(round_even(rx * std::cos(angle)));
  end.y = std::abs(round_even(ry * std::sin(angle)));
  return end;
}

void Graphics::circle(int cx, int cy, int r, int colour, const ArcEnd& start, const ArcEnd& stop) {
  const int p0 = start.part, p1 = stop.part;
  std::optional<int> x_at_start, x_at_stop;
  int x = r, y = 0, error = 1 - r;
  while (x >= y) {
    for (int octant = 0; octant < 8; ++octant) {
      if (arc_skips(octant, p0, p1, start.coord, stop.coord, y, octant_gt, octant_gte)) continue;
      auto [px, py] = octant_point(octant, cx, cy, x, y);
      plot(px, py, colour);
    }
    if (y == start.coord) x_at_start = x;
    if (y == stop.coord) x_at_stop = x;
    ++y;
    if (error < 0) {
      error += 2 * y + 1;
    } else {
      --x;
      error += 2 * (y - x + 1);
    }
  }
  // The pie's sides (PC-BASIC fails when the end's coordinate was never reached: none here).
  if (start.line && x_at_start) {
    auto [ex, ey] = octant_point(p0, cx, cy, *x_at_start, start.coord);
    line(cx, cy, ex, ey, colour, 0xFFFF);
  }
  if (stop.line && x_at_stop) {
    auto [ex, ey] = octant_point(p1, cx, cy, *x_at_stop, stop.coord);
    line(cx, cy, ex, ey, colour, 0xFFFF);
  }
}

void Graphics::ellipse(int cx, int cy, int rx, int ry, int colour, ArcEnd start, ArcEnd stop) {
  // Quadrants from octants (-1 stays -1).
  const int q0 = start.part < 0 ? -1 : start.part / 2, q1 = stop.part < 0 ? -1 : stop.part / 2;
  const XY c0{start.x, start.y}, c1{stop.x, stop.y};
  const int64_t rx2 = int64_t{rx} * rx, ry2 = int64_t{ry} * ry;
  int64_t dx = 16 * (1 - 2 * int64_t{rx}) * ry2, dy = 16 * rx2;
  const int64_t ddy = 32 * rx2, ddx = 32 * ry2;
  int64_t error = dx + dy;
  int x = rx, y = 0;
  while (true) {
    for (int q = 0; q < 4; ++q) {
      if (arc_skips(q, q0, q1, c0, c1, XY{x, y}, quadrant_gt, quadrant_gte)) continue;
      auto [px, py] = quadrant_point(q, cx, cy, x, y);
      plot(px, py, colour);
    }
    const int64_t e2 = 2 * error;
    if (e2 <= dy) ++y, dy += ddy, error += dy;
    if (e2 >= dx || e2 > dy) --x, dx += ddx, error += dx;
    if (x < 0) break;
  }
  // A flat ellipse's tips, which the steps above stop short of.
  for (; y < ry; ++y) plot(cx, cy + y, colour), plot(cx, cy - y, colour);
  if (start.line) {
    auto [ex, ey] = quadrant_point(q0, cx, cy, c0.first, c0.second);
    line(cx, cy, ex, ey, colour, 0xFFFF);
  }
  if (stop.line) {
    auto [ex, ey] = quadrant_point(q1, cx, cy, c1.first, c1.second);
    line(cx, cy, ex, ey, colour, 0xFFFF);
  }
}

// ---- PAINT -----------------------------------------------------------------------------

namespace {
// Bits a pixel, and whether they lie in planes (the 16-colour modes) or packed.
int pixel_bits(const GraphicsMode& m) {
  return m.colours == 4 ? 2 : m.colours == 2 ? 1 : 4;
}
}  // namespace

int Graphics::run_length(int y, int x, int end, int border) const {
  const int step = end > x ? 1 : -1;
  int n = 0;
  for (int at = x; at != end && pixel(at, y) != border; at += step) ++n;
  return n;
}

namespace {
int floor_mod(int a, int m) {
  return ((a % m) + m) % m;
}
}  // namespace

int Graphics::PaintTile::at(int x, int y) const {
  return rows[static_cast<std::size_t>(floor_mod(y, height()) * width + floor_mod(x, width))];
}

Graphics::PaintTile Graphics::solid_tile(int colour) {
  return {8, std::vector<uint8_t>(8, static_cast<uint8_t>(colour)), true};
}

Graphics::PaintTile Graphics::tile(const std::string& bytes) const {
  if (!mode_) return {};
  const int bits = pixel_bits(*mode_);
  const int planes = bits == 4 ? 4 : 1;
  PaintTile t{planes == 4 ? 8 : 8 / bits, {}, false};
  const std::size_t height = (bytes.size() + planes - 1) / planes;
  t.rows.assign(height * static_cast<std::size_t>(t.width), 0);
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const auto byte = static_cast<uint8_t>(bytes[i]);
    const std::size_t row = i / planes;
    const int plane = static_cast<int>(i % planes);
    for (int p = 0; p < t.width; ++p) {
      const int size = planes == 4 ? 1 : bits;  // from the byte's highest bits
      const int value = (byte >> (8 - size - p * size)) & ((1 << size) - 1);
      t.rows[row * static_cast<std::size_t>(t.width) + static_cast<std::size_t>(p)] |=
          static_cast<uint8_t>(value << plane);
    }
  }
  return t;
}

bool Graphics::tile_clashes(const PaintTile& tile, const PaintTile& background) {
  const int h = tile.height();
  if (h == 0 || background.rows.empty() || background.width != tile.width) return false;
  const auto background_row = [&](int row) {
    for (int x = 0; x < tile.width; ++x)
      if (tile.at(x, row) != background.at(x, 0)) return false;
    return true;
  };
  // PC-BASIC compares windows of three rows from each row but the last two (one window,
  // the whole tile, when it has three rows or fewer).
  for (int first = 0; first < std::max(1, h - 2); ++first) {
    bool all = true;
    for (int row = first; all && row < std::min(h, first + 3); ++row) all = background_row(row);
    if (all) return true;
  }
  return false;
}

bool Graphics::painted(int x, int n, int y, const PaintTile& tile,
                       const PaintTile* background) const {
  const auto shows = [&](const PaintTile& t, int row) {
    for (int at = x; at < x + n; ++at)
      if (pixel(at, y) != t.at(at, row)) return false;
    return true;
  };
  if (n <= 0) return false;
  // A row of the tile all 0 never stops a tiled fill (PC-BASIC: lest it break off there).
  if (!tile.solid) {
    bool blank = true;
    for (int at = 0; blank && at < tile.width; ++at) blank = tile.at(at, y) == 0;
    if (blank) return false;
  }
  if (!shows(tile, y)) return false;
  // The background's first row, shown over a tile's width or more, is painted over.
  return !background || n < background->width || !shows(*background, 0);
}

void Graphics::seed_runs(std::vector<Run>& runs, int x0, int x1, int y, int dir,
                         const PaintTile& tile, const PaintTile* background, int border) const {
  for (int x = x0; x <= x1;) {
    const int n = run_length(y, x, x1 + 1, border);
    if (n > 0 && !painted(x, n, y, tile, background)) runs.push_back({x, x + n - 1, y, dir});
    x += n + 1;
  }
}

bool Graphics::paint(int x, int y, const PaintTile& tile, int border, const PaintTile* background) {
  const PixelRect b = bounds();
  if (!mode_ || tile.rows.empty() || x < b.x0 || x > b.x1 || y < b.y0 || y > b.y1 ||
      pixel(x, y) == border)
    return true;
  std::vector<Run> runs{{x, x, y, 0}};
  for (long done = 0; !runs.empty(); ++done) {
    if (done >= kMaxPaintRuns) return false;
    const Run r = runs.back();
    runs.pop_back();
    // The run grown left and right up to the border or the viewport's edge.
    const int left = r.x0 - run_length(r.y, r.x0 - 1, b.x0 - 1, border);
    const int right = r.x1 + run_length(r.y, r.x1 + 1, b.x1 + 1, border);
    const auto inside = [&](int row) { return row >= b.y0 && row <= b.y1; };
    const auto seed = [&](int x0, int x1, int row, int dir) {
      if (inside(row)) seed_runs(runs, x0, x1, row, dir, tile, background, border);
    };
    if (r.dir == 0) {
      seed(left, right, r.y + 1, 1);
      seed(left, right, r.y - 1, -1);
    } else {
      seed(left, right, r.y + r.dir, r.dir);
      // Round corners: the parts the run grew by, one row back.
      seed(left, r.x0 - 1, r.y - r.dir, -r.dir);
      seed(r.x1 + 1, right, r.y - r.dir, -r.dir);
    }
    for (int at = left; at <= right; ++at) plot(at, r.y, tile.at(at, r.y));
  }
  attr_ = tile.solid ? tile.rows[0] : foreground_;
  return true;
}

// ---- GET and PUT -----------------------------------------------------------------------

std::vector<uint8_t> Graphics::get_block(PixelRect r) const {
  const int bits = pixel_bits(*mode_);
  const bool planes = bits == 4;
  const int w = r.x1 - r.x0 + 1, h = r.y1 - r.y0 + 1;
  const int head_width = planes ? w : w * bits;
  std::vector<uint8_t> out{static_cast<uint8_t>(head_width & 0xFF),
                           static_cast<uint8_t>(head_width >> 8), static_cast<uint8_t>(h & 0xFF),
                           static_cast<uint8_t>(h >> 8)};
  const int row_bytes = planes ? (w + 7) / 8 : (w * bits + 7) / 8;
  for (int y = r.y0; y <= r.y1; ++y) {
    for (int plane = 0; plane < (planes ? 4 : 1); ++plane) {
      const std::size_t at = out.size();
      out.resize(at + static_cast<std::size_t>(row_bytes), 0);
      for (int i = 0; i < w; ++i) {
        const int p = pixel(r.x0 + i, y);
        const int value = planes ? (p >> plane) & 1 : p;
        const int bit = planes ? i : i * bits;  // from the byte's highest bit
        out[at + static_cast<std::size_t>(bit / 8)] |=
            static_cast<uint8_t>(value << (8 - (planes ? 1 : bits) - bit % 8));
      }
    }
  }
  return out;
}

bool Graphics::put_block(int x, int y, const std::vector<uint8_t>& bytes, PutOp op) {
  const auto byte = [&](std::size_t i) { return i < bytes.size() ? bytes[i] : 0; };
  const int bits = pixel_bits(*mode_);
  const bool planes = bits == 4;
  const int head_width = byte(0) | byte(1) << 8, h = byte(2) | byte(3) << 8;
  const int w = planes ? head_width : head_width / bits;
  const int row_bytes = planes ? (w + 7) / 8 : (w * bits + 7) / 8;
  if (!contains(x, y) || !contains(x + w - 1, y + h - 1)) return false;
  const int mask = (1 << bits) - 1;
  std::size_t at = 4;
  for (int row = 0; row < h; ++row) {
    for (int i = 0; i < w; ++i) {
      int p = 0;
      for (int plane = 0; plane < (planes ? 4 : 1); ++plane) {
        const int bit = planes ? i : i * bits;
        const int b = byte(at + static_cast<std::size_t>(plane * row_bytes + bit / 8));
        const int size = planes ? 1 : bits;
        p |= ((b >> (8 - size - bit % 8)) & ((1 << size) - 1)) << (planes ? plane : 0);
      }
      const int screen = pixel(x + i, y + row);
      static constexpr int (*kOps[])(int, int, int) = {
          [](int p, int, int) { return p; },       [](int p, int, int m) { return p ^ m; },
          [](int p, int s, int) { return p & s; }, [](int p, int s, int) { return p | s; },
          [](int p, int s, int) { return p ^ s; },
      };
      plot(x + i, y + row, kOps[static_cast<int>(op)](p, screen, mask));
    }
    at += static_cast<std::size_t>(row_bytes * (planes ? 4 : 1));
  }
  return true;
}

void Graphics::clear() {
  std::fill(pixels_.begin(), pixels_.end(), 0);
  ++version_;
}

void Graphics::clear_rows(int first, int last) {
  if (!mode_) return;
  first = std::clamp(first, 0, height());
  last = std::clamp(last, first - 1, height() - 1);
  std::fill(pixels_.begin() + static_cast<long>(first) * width(),
            pixels_.begin() + static_cast<long>(last + 1) * width(), 0);
  ++version_;
}

void Graphics::set_pages(int active, int visual) {
  if (active == pages_.active() && visual == pages_.visual()) return;
  pages_.select(pixels_, active, visual, [this] { return blank_pixels(); });
  ++version_;
}

void Graphics::copy_page(int from, int to) {
  pages_.copy(pixels_, from, to, [this] { return blank_pixels(); });
  ++version_;
}

}  // namespace amazing::machine
