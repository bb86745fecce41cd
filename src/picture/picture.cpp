#include "picture/picture.hpp"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <png.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>

#include "core/ram.hpp"
#include "core/solve.hpp"
#include "core/text.hpp"

namespace amazing::picture {
namespace {

using core::Error;
using core::Maze;
using core::Status;

// Per-cell marks beside the maze (one byte a cell, only when there is something to draw).
enum OverlayBits : uint8_t {
  kPath = 1,
  kPathRight = 2,  // the path goes on to the cell to the right
  kPathDown = 4,   // ... to the cell below
  kStart = 8,
  kEnd = 16,
};

using Rgb = Colour;
constexpr Rgb kWhite{1, 1, 1};
constexpr Rgb kMaskColour{0.78, 0.78, 0.78};
constexpr Rgb kStartColour{0.95, 0.55, 0.0};
constexpr Rgb kEndColour{0.55, 0.25, 0.68};

// What one picture draws: the maze, its layout and the overlay.
struct Scene {
  explicit Scene(const Maze& m) : maze(m) {}
  const Maze& maze;
  Layout L;
  const core::Mask* mask = nullptr;
  Style style;
  std::vector<uint8_t> overlay;  // empty: nothing but walls and mask
  bool strokes = false;          // walls as stroked lines (SVG, PDF: half the points of a box)
  bool path_in = false;          // the path starts at the entrance (draw it in from the top)
  int exit_col = -1;             // the path leaves here (draw it out at the bottom)

  uint8_t at(int col, int row) const {
    return overlay.empty() ? 0 : overlay[static_cast<std::size_t>(row) * maze.width() + col];
  }
};

Status make_scene(const Maze& maze, const PictureOptions& opt, Scene& scene) {
  auto L = layout_for(maze.width(), maze.height(), opt.cell, opt.style.wall_width);
  if (!L) return L.error();
  scene.L = *L;
  scene.style = opt.style;
  if (opt.mask && (opt.mask->width() != maze.width() || opt.mask->height() != maze.height()))
    return Error{"the mask's size is not the maze's"};
  scene.mask = opt.mask;
  const bool markers = opt.markers && (!opt.markers->starts.empty() || !opt.markers->ends.empty());
  if (!opt.solution && !markers) return core::Ok{};
  const std::size_t w = static_cast<std::size_t>(maze.width());
  scene.overlay.assign(maze.cells(), 0);
  auto inside = [&](int col, int row) {
    return col >= 0 && row >= 0 && col < maze.width() && row < maze.height();
  };
  if (opt.solution) {
    core::Solution s = core::solve(maze);
    for (std::size_t i = 0; i < s.path.size(); ++i) {
      const core::Cell a = s.path[i];
      scene.overlay[a.row * w + a.col] |= kPath;
      if (i + 1 == s.path.size()) break;
      const core::Cell b = s.path[i + 1];
      if (b.row == a.row && b.col == a.col + 1) scene.overlay[a.row * w + a.col] |= kPathRight;
      if (b.row == a.row && b.col + 1 == a.col) scene.overlay[b.row * w + b.col] |= kPathRight;
      if (b.col == a.col && b.row == a.row + 1) scene.overlay[a.row * w + a.col] |= kPathDown;
      if (b.col == a.col && b.row + 1 == a.row) scene.overlay[b.row * w + b.col] |= kPathDown;
    }
    if (!s.path.empty()) {
      scene.path_in = true;
      scene.exit_col = s.path.back().col;
    }
  }
  if (markers) {
    for (auto p : opt.markers->starts)
      if (inside(p.col, p.row)) scene.overlay[p.row * w + p.col] |= kStart;
    for (auto p : opt.markers->ends)
      if (inside(p.col, p.row)) scene.overlay[p.row * w + p.col] |= kEnd;
  }
  return core::Ok{};
}

void fill(cairo_t* cr, Rgb c) {
  cairo_set_source_rgb(cr, c.r, c.g, c.b);
  cairo_fill(cr);
}

// Draws maze rows [r0, r1) onto a white ground: shading, solution, markers, walls, each
// kind gathered into one path of rectangles and filled once.
void draw_rows(cairo_t* cr, const Scene& s, int r0, int r1) {
  const Maze& maze = s.maze;
  const Layout& L = s.L;
  const int c = L.cell, t = L.wall, W = maze.width();
  const int room = c - t;  // the inside of a cell, between its walls
  auto rect = [&](double x, double y, double w, double h) { cairo_rectangle(cr, x, y, w, h); };

  if (s.mask) {
    for (int r = r0; r < r1; ++r)
      for (int a = 0; a < W;) {
        if (!s.mask->masked(a, r)) { ++a; continue; }
        int b = a;
        while (b < W && s.mask->masked(b, r)) ++b;
        rect(L.x(a) + t, L.y(r) + t, (b - a) * c - t, room);
        a = b;
      }
    fill(cr, kMaskColour);
  }

  if (!s.overlay.empty()) {
    const int pw = std::max(1, room / 3);           // the path's width
    const int off = t + (room - pw) / 2;            // from the cell's corner to the path
    bool any = false;
    for (int r = r0; r < r1; ++r)
      for (int col = 0; col < W; ++col) {
        uint8_t o = s.at(col, r);
        if (!(o & kPath)) continue;
        any = true;
        const int x = L.x(col) + off, y = L.y(r) + off;
        rect(x, y, pw, pw);
        if (o & kPathRight) rect(x, y, c + pw, pw);
        if (o & kPathDown) rect(x, y, pw, c + pw);
        if (r == 0 && col == maze.entrance() && s.path_in) rect(x, L.y(0), pw, off + pw);
        if (r + 1 == maze.height() && col == s.exit_col) rect(x, y, pw, c - off + t);
      }
    if (any) fill(cr, s.style.solution);
    // Markers: squares inside the cell, clear of its walls.
    auto marker = [&](int col, int r, int inset, Rgb colour) {
      rect(L.x(col) + t + inset, L.y(r) + t + inset, room - 2 * inset, room - 2 * inset);
      fill(cr, colour);
    };
    const int small = room >= 6 ? room / 4 : 0;
    // The entrance's and exit's marks cover a square marker in their cell; a shape would
    // leave its corners showing, so there the marker is left out.
    const bool shapes = s.style.marks == Marks::kShapes;
    const std::optional<int> exit = maze.exit();
    auto end_cell = [&](int col, int r) {
      return (r == 0 && col == maze.entrance()) || (r + 1 == maze.height() && exit == col);
    };
    for (int r = r0; r < r1; ++r)
      for (int col = 0; col < W; ++col) {
        uint8_t o = s.at(col, r);
        if (shapes && end_cell(col, r)) continue;
        if (o & kStart) marker(col, r, small, kStartColour);
        if (o & kEnd) marker(col, r, small, kEndColour);
      }
  }
  // The entrance and exit, whenever they are in these rows: squares, or shapes that a
  // grey printout tells apart (a triangle pointing in, a disc).
  {
    const bool shapes = s.style.marks == Marks::kShapes;
    const int inset = shapes ? room / 8 : room >= 8 ? room / 5 : (room >= 4 ? 1 : 0);
    const double side = room - 2 * inset;
    auto corner = [&](int col, int r) {
      return std::pair<double, double>{L.x(col) + t + inset, L.y(r) + t + inset};
    };
    auto square = [&](int col, int r, Rgb colour) {
      auto [x, y] = corner(col, r);
      rect(x, y, side, side);
      fill(cr, colour);
    };
    auto triangle = [&](int col, int r, Rgb colour) {
      auto [x, y] = corner(col, r);
      cairo_move_to(cr, x, y);
      cairo_line_to(cr, x + side, y);
      cairo_line_to(cr, x + side / 2, y + side);
      cairo_close_path(cr);
      fill(cr, colour);
    };
    auto disc = [&](int col, int r, Rgb colour) {
      auto [x, y] = corner(col, r);
      cairo_new_sub_path(cr);
      cairo_arc(cr, x + side / 2, y + side / 2, side / 2, 0, 2 * 3.14159265358979323846);
      fill(cr, colour);
    };
    if (r0 == 0 && maze.entrance() >= 0 && maze.entrance() < W) {
      if (shapes)
        triangle(maze.entrance(), 0, s.style.entrance);
      else
        square(maze.entrance(), 0, s.style.entrance);
    }
    if (r1 == maze.height()) {
      if (auto e = maze.exit()) {
        if (shapes)
          disc(*e, maze.height() - 1, s.style.exit);
        else
          square(*e, maze.height() - 1, s.style.exit);
      }
    }
  }

  // Walls: the top border (open at the entrance), the left border, and each cell's right
  // wall and floor as the text form has them. Runs are merged: fewer rectangles. As
  // strokes, a box of w x h becomes its centre line drawn t wide with butt ends: the same
  // area.
  auto wall = [&](double x, double y, double w, double h) {
    if (!s.strokes) return rect(x, y, w, h);
    if (h == t) {
      cairo_move_to(cr, x, y + t / 2.0);
      cairo_line_to(cr, x + w, y + t / 2.0);
    } else {
      cairo_move_to(cr, x + t / 2.0, y);
      cairo_line_to(cr, x + t / 2.0, y + h);
    }
  };
  if (r0 == 0) {
    for (int a = 0; a < W;) {
      if (a == maze.entrance()) { ++a; continue; }
      int b = a;
      while (b < W && b != maze.entrance()) ++b;
      wall(L.x(a), L.y(0), (b - a) * c + t, t);
      a = b;
    }
  }
  wall(L.x(0), L.y(r0), t, (r1 - r0) * c + t);
  for (int col = 0; col < W; ++col) {
    for (int a = r0; a < r1;) {
      if (maze.walls(col, a) >= 2) { ++a; continue; }
      int b = a;
      while (b < r1 && maze.walls(col, b) < 2) ++b;
      wall(L.x(col + 1), L.y(a), t, (b - a) * c + t);
      a = b;
    }
  }
  for (int r = r0; r < r1; ++r)
    for (int a = 0; a < W;) {
      if (maze.walls(a, r) & core::kDownOpen) { ++a; continue; }
      int b = a;
      while (b < W && !(maze.walls(b, r) & core::kDownOpen)) ++b;
      wall(L.x(a), L.y(r + 1), (b - a) * c + t, t);
      a = b;
    }
  if (s.strokes) {
    cairo_set_line_width(cr, t);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    cairo_set_source_rgb(cr, s.style.wall.r, s.style.wall.g, s.style.wall.b);
    cairo_stroke(cr);
  } else {
    fill(cr, s.style.wall);
  }
}

// Rows at a time for the vector surfaces: one fill per kind per band.
void draw_all(cairo_t* cr, const Scene& s) {
  cairo_set_source_rgb(cr, kWhite.r, kWhite.g, kWhite.b);
  cairo_rectangle(cr, 0, 0, s.L.width, s.L.height);
  cairo_fill(cr);
  constexpr int kBand = 64;
  for (int r = 0; r < s.maze.height(); r += kBand)
    draw_rows(cr, s, r, std::min(s.maze.height(), r + kBand));
}

Status cairo_error(const char* what, cairo_status_t st) {
  return Error{std::string("cairo could not ") + what + ": " + cairo_status_to_string(st)};
}

// ---- PNG: strips drawn by cairo, rows streamed out by libpng -------------------------

struct PngOut {
  png_structp png = nullptr;
  png_infop info = nullptr;
  const Sink* sink = nullptr;
  bool sink_failed = false;
  char message[200] = "";
};

void png_on_error(png_structp png, png_const_charp msg) {
  auto* out = static_cast<PngOut*>(png_get_error_ptr(png));
  std::snprintf(out->message, sizeof out->message, "%s", msg);
  png_longjmp(png, 1);
}
void png_on_warning(png_structp, png_const_charp) {}
void png_on_write(png_structp png, png_bytep data, png_size_t n) {
  auto* out = static_cast<PngOut*>(png_get_io_ptr(png));
  if (!(*out->sink)(data, n)) {
    out->sink_failed = true;
    png_error(png, "write failed");
  }
}
void png_on_flush(png_structp) {}

// Each libpng call sits alone behind its own setjmp, in a function without C++ objects,
// so the longjmp of an error skips no destructor.
bool png_begin(PngOut& o, int w, int h) {
  if (setjmp(png_jmpbuf(o.png))) return false;
  png_set_write_fn(o.png, &o, png_on_write, png_on_flush);
  png_set_IHDR(o.png, o.info, static_cast<png_uint_32>(w), static_cast<png_uint_32>(h), 8,
               PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  // Mazes are long runs of one colour: the Sub filter and a fast level compress them well.
  png_set_filter(o.png, 0, PNG_FILTER_SUB);
  png_set_compression_level(o.png, 3);
  png_write_info(o.png, o.info);
  return true;
}
bool png_row(PngOut& o, png_bytep row) {
  if (setjmp(png_jmpbuf(o.png))) return false;
  png_write_row(o.png, row);
  return true;
}
bool png_end(PngOut& o) {
  if (setjmp(png_jmpbuf(o.png))) return false;
  png_write_end(o.png, nullptr);
  return true;
}

struct PngGuard {
  PngOut& o;
  ~PngGuard() { png_destroy_write_struct(&o.png, &o.info); }
};

Status png_failure(const PngOut& o) {
  if (o.sink_failed) return Error{"write error: could not write the picture"};
  return Error{std::string("libpng: ") + o.message};
}

// Streams an image drawn strip by strip: draw(cr, y0) paints rows y0.. of the picture
// onto a strip surface already translated so that picture row y0 is its first row.
template <typename Draw>
Status stream_png(int width, int height, const Sink& sink, Draw draw) {
  PngOut o;
  o.sink = &sink;
  o.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &o, png_on_error, png_on_warning);
  if (!o.png) return Error{"libpng: out of memory"};
  o.info = png_create_info_struct(o.png);
  PngGuard guard{o};
  if (!o.info) return Error{"libpng: out of memory"};
  // About 4 MiB of strip whatever the width.
  const int strip = std::clamp((4 << 20) / (width * 4), 16, 1024);
  cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, strip);
  std::unique_ptr<cairo_surface_t, void (*)(cairo_surface_t*)> surface_guard(
      surface, cairo_surface_destroy);
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS)
    return cairo_error("make the picture's strip", cairo_surface_status(surface));
  if (!png_begin(o, width, height)) return png_failure(o);
  std::vector<png_byte> rgb(static_cast<std::size_t>(width) * 3);
  for (int y0 = 0; y0 < height; y0 += strip) {
    cairo_t* cr = cairo_create(surface);
    cairo_translate(cr, 0, -y0);
    cairo_set_source_rgb(cr, kWhite.r, kWhite.g, kWhite.b);
    cairo_paint(cr);
    draw(cr, y0, std::min(height, y0 + strip));
    cairo_status_t st = cairo_status(cr);
    cairo_destroy(cr);
    if (st != CAIRO_STATUS_SUCCESS) return cairo_error("draw the picture", st);
    cairo_surface_flush(surface);
    const unsigned char* data = cairo_image_surface_get_data(surface);
    const int stride = cairo_image_surface_get_stride(surface);
    for (int y = y0; y < std::min(height, y0 + strip); ++y) {
      const auto* px = reinterpret_cast<const uint32_t*>(data + static_cast<std::size_t>(y - y0) * stride);
      for (int x = 0; x < width; ++x) {
        rgb[3 * x] = static_cast<png_byte>(px[x] >> 16);
        rgb[3 * x + 1] = static_cast<png_byte>(px[x] >> 8);
        rgb[3 * x + 2] = static_cast<png_byte>(px[x]);
      }
      if (!png_row(o, rgb.data())) return png_failure(o);
    }
  }
  if (!png_end(o)) return png_failure(o);
  return core::Ok{};
}

cairo_status_t cairo_to_sink(void* closure, const unsigned char* data, unsigned int length) {
  auto* sink = static_cast<const Sink*>(closure);
  return (*sink)(data, length) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

// UTF-8 to code points, one a screen cell; a bad byte is one cell of '?'.
std::vector<std::string> cells_of(const std::string& line, std::size_t max) {
  std::vector<std::string> cells;
  for (std::size_t i = 0; i < line.size() && cells.size() < max;) {
    unsigned char b = static_cast<unsigned char>(line[i]);
    std::size_t n = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 0;
    bool ok = n > 0 && i + n <= line.size();
    for (std::size_t k = 1; ok && k < n; ++k)
      ok = (static_cast<unsigned char>(line[i + k]) & 0xC0) == 0x80;
    if (!ok) {
      cells.emplace_back("?");
      ++i;
      continue;
    }
    const bool control = n == 1 && (b < 0x20 || b == 0x7F);  // shown as a blank cell
    cells.push_back(control ? std::string(1, ' ') : line.substr(i, n));
    i += n;
  }
  return cells;
}

}  // namespace

core::Result<Layout> layout_for(int width, int height, int cell, int wall) {
  if (width < 1 || height < 1) return Error{"a picture needs a maze of at least one cell"};
  if (cell != 0 && (cell < kMinCell || cell > kMaxCell))
    return Error{"the cell size must be " + std::to_string(kMinCell) + ".." +
                 std::to_string(kMaxCell) + " pixels, not " + std::to_string(cell)};
  if (wall < 0 || wall > kMaxWallWidth)
    return Error{"the wall width must be 1.." + std::to_string(kMaxWallWidth) +
                 " pixels, not " + std::to_string(wall)};
  auto make = [&](int c) {
    Layout L;
    L.cell = c;
    L.wall = wall > 0 ? wall : std::max(1, c / 5);
    L.margin = std::max(4, c);
    const int64_t w = 2 * int64_t{L.margin} + int64_t{width} * c + L.wall;
    const int64_t h = 2 * int64_t{L.margin} + int64_t{height} * c + L.wall;
    L.width = static_cast<int>(std::min<int64_t>(w, INT32_MAX));
    L.height = static_cast<int>(std::min<int64_t>(h, INT32_MAX));
    return L;
  };
  Layout L;
  if (cell > 0) {
    L = make(cell);
  } else {
    int c = kDefaultCell;
    L = make(c);
    while (c > kMinCell && (L.width > kFitPixels || L.height > kFitPixels)) L = make(--c);
  }
  if (2 * L.wall > L.cell)
    return Error{"walls " + std::to_string(L.wall) + " pixels wide leave no room in cells of " +
                 std::to_string(L.cell) + " pixels (a wall is at most half the cell); give " +
                 "a thinner --wall-width or a --cell of at least " + std::to_string(2 * L.wall)};
  if (L.width > kMaxPixels || L.height > kMaxPixels)
    return Error{"the picture would be " + std::to_string(L.width) + "x" +
                 std::to_string(L.height) + " pixels, more than " + std::to_string(kMaxPixels) +
                 " a side; use a smaller --cell or a smaller maze"};
  return L;
}

Status check_vector_size(int width, int height) {
  if (static_cast<std::size_t>(width) * static_cast<std::size_t>(height) > kMaxVectorCells)
    return Error{"an SVG or PDF holds at most " + std::to_string(kMaxVectorCells) +
                 " cells (2048x2048), and this maze has " +
                 std::to_string(static_cast<std::size_t>(width) * height) +
                 "; use --format png for bigger mazes"};
  return core::Ok{};
}

namespace {

struct NamedColour {
  std::string_view name;
  Colour colour;
};
constexpr NamedColour kColourNames[] = {
    {"black", {0, 0, 0}},          {"white", {1, 1, 1}},
    {"grey", {0.5, 0.5, 0.5}},     {"gray", {0.5, 0.5, 0.5}},
    {"red", kDefaultSolution},     {"green", kDefaultEntrance},
    {"blue", kDefaultExit},        {"orange", {0.95, 0.55, 0.0}},
    {"purple", {0.55, 0.25, 0.68}}, {"yellow", {0.95, 0.80, 0.10}},
    {"brown", {0.55, 0.33, 0.14}}, {"navy", {0.0, 0.0, 0.5}},
    {"teal", {0.0, 0.5, 0.5}},     {"pink", {0.95, 0.45, 0.65}},
};

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string colour_names() {
  std::string s;
  for (const auto& n : kColourNames) s += (s.empty() ? "" : ", ") + std::string(n.name);
  return s;
}

core::Result<Colour> parse_colour(std::string_view text) {
  if ((text.size() == 4 || text.size() == 7) && text[0] == '#') {
    const std::string_view digits = text.substr(1);
    std::vector<int> v;
    for (char c : digits) v.push_back(hex_digit(c));
    if (std::find(v.begin(), v.end(), -1) == v.end()) {
      auto channel = [&](int i) {
        return digits.size() == 3 ? (v[i] * 17) / 255.0 : (v[2 * i] * 16 + v[2 * i + 1]) / 255.0;
      };
      return Colour{channel(0), channel(1), channel(2)};
    }
  }
  std::string lower(text.substr(0, 16));
  for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  for (const auto& n : kColourNames)
    if (text.size() <= 16 && lower == n.name) return n.colour;
  const std::string shown_text = text.size() > 40 ? std::string(text.substr(0, 40)) + "..." : std::string(text);
  return Error{"a colour is #rgb, #rrggbb (#1a6b2e) or one of " + colour_names() + ", not '" +
               shown_text + "'"};
}

Status write_png(const Maze& maze, const PictureOptions& options, const Sink& sink) {
  Scene scene(maze);
  if (auto st = make_scene(maze, options, scene); !st) return st;
  const Layout& L = scene.L;
  return stream_png(L.width, L.height, sink, [&](cairo_t* cr, int y0, int y1) {
    // The maze rows whose cells or walls reach into picture rows [y0, y1).
    int r0 = std::max(0, (y0 - L.margin) / L.cell - 1);
    int r1 = std::min(maze.height(), (y1 - L.margin) / L.cell + 1);
    if (r0 < r1) draw_rows(cr, scene, r0, r1);
  });
}

Status write_svg(const Maze& maze, const PictureOptions& options, const Sink& sink) {
  Scene scene(maze);
  if (auto st = check_vector_size(maze.width(), maze.height()); !st) return st;
  if (auto st = make_scene(maze, options, scene); !st) return st;
  scene.strokes = true;
  cairo_surface_t* surface = cairo_svg_surface_create_for_stream(
      cairo_to_sink, const_cast<Sink*>(&sink), scene.L.width, scene.L.height);
  cairo_t* cr = cairo_create(surface);
  draw_all(cr, scene);
  cairo_status_t st = cairo_status(cr);
  cairo_destroy(cr);
  cairo_surface_finish(surface);
  if (st == CAIRO_STATUS_SUCCESS) st = cairo_surface_status(surface);
  cairo_surface_destroy(surface);
  if (st == CAIRO_STATUS_WRITE_ERROR) return Error{"write error: could not write the picture"};
  if (st != CAIRO_STATUS_SUCCESS) return cairo_error("draw the SVG", st);
  return core::Ok{};
}

PageFit fit_to_page(int w, int h) {
  const double aw = PdfWriter::kPageWidth - 2 * PdfWriter::kPageMargin;
  const double ah = PdfWriter::kPageHeight - 2 * PdfWriter::kPageMargin;
  const double scale = std::min(aw / w, ah / h);
  return {scale, (PdfWriter::kPageWidth - w * scale) / 2, (PdfWriter::kPageHeight - h * scale) / 2};
}

namespace {

// A grid page: per_page slots of slot_w x slot_h points, row by row from (x0, y0), each a
// caption band above its picture.
struct Grid {
  int cols = 1;
  double x0 = 0, y0 = 0, slot_w = 0, slot_h = 0, caption = 0;
};

// The columns (and so rows) that draw w x h pictures largest.
Grid choose_grid(int w, int h, int per_page, bool titled) {
  using P = PdfWriter;
  const double top = P::kPageMargin + (titled ? P::kTitleBand : 0);
  const double aw = P::kPageWidth - 2 * P::kPageMargin;
  const double ah = P::kPageHeight - P::kPageMargin - top;
  Grid best;
  double best_scale = -1;
  for (int cols = 1; cols <= per_page; ++cols) {
    const int rows = (per_page + cols - 1) / cols;
    Grid g;
    g.cols = cols;
    g.x0 = P::kPageMargin;
    g.y0 = top;
    g.slot_w = (aw - (cols - 1) * P::kGap) / cols;
    g.slot_h = (ah - (rows - 1) * P::kGap) / rows;
    g.caption = std::min(16.0, g.slot_h / 5);
    const double scale = std::min(g.slot_w / w, (g.slot_h - g.caption) / h);
    if (scale > best_scale * (1 + 1e-9)) best_scale = scale, best = g;
  }
  return best;
}

// A picture centred in its slot below the caption band (the caption goes just above it).
PageFit fit_in_slot(const Grid& g, int w, int h, int slot) {
  const int col = slot % g.cols, row = slot / g.cols;
  const double sx = g.x0 + col * (g.slot_w + PdfWriter::kGap);
  const double sy = g.y0 + row * (g.slot_h + PdfWriter::kGap);
  const double scale = std::min(g.slot_w / w, (g.slot_h - g.caption) / h);
  return {scale, sx + (g.slot_w - w * scale) / 2,
          sy + g.caption + (g.slot_h - g.caption - h * scale) / 2};
}

// One line of black text centred on cx, its baseline at y: `size` points, smaller when it
// would be wider than `width`. `text` must be UTF-8 (cairo refuses anything else).
void centred_text(cairo_t* cr, const std::string& text, double cx, double y, double size,
                  double width, bool bold) {
  cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                         bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, size);
  cairo_text_extents_t e;
  cairo_text_extents(cr, text.c_str(), &e);
  if (e.x_advance > width) {
    cairo_set_font_size(cr, size * width / e.x_advance);
    cairo_text_extents(cr, text.c_str(), &e);
  }
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_move_to(cr, cx - e.x_advance / 2, y);
  cairo_show_text(cr, text.c_str());
}

}  // namespace

PageFit fit_in_grid(int w, int h, int per_page, bool titled, int slot) {
  return fit_in_slot(choose_grid(w, h, per_page, titled), w, h, slot);
}

struct PdfWriter::State {
  Sink sink;
  std::string title;
  cairo_surface_t* surface = nullptr;
  bool finished = false;

  // One page: white, then draw(cr).
  template <typename Draw>
  Status page(Draw draw) {
    if (!surface) {
      surface = cairo_pdf_surface_create_for_stream(cairo_to_sink, &sink, kPageWidth, kPageHeight);
      cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title.c_str());
    }
    cairo_t* cr = cairo_create(surface);
    cairo_set_source_rgb(cr, kWhite.r, kWhite.g, kWhite.b);
    cairo_paint(cr);
    draw(cr);
    cairo_show_page(cr);
    cairo_status_t st = cairo_status(cr);
    cairo_destroy(cr);
    if (st == CAIRO_STATUS_SUCCESS) st = cairo_surface_status(surface);
    if (st == CAIRO_STATUS_WRITE_ERROR) return Error{"write error: could not write the picture"};
    if (st != CAIRO_STATUS_SUCCESS) return cairo_error("draw the PDF page", st);
    return core::Ok{};
  }
};

PdfWriter::PdfWriter(Sink sink, std::string title)
    : state_(new State{std::move(sink), core::visible_only(title)}) {}

PdfWriter::~PdfWriter() {
  (void)finish();
  delete state_;
}

Status PdfWriter::add_page(const Maze& maze, const PictureOptions& options) {
  if (state_->finished) return Error{"the PDF is already finished"};
  Scene scene(maze);
  if (auto st = check_vector_size(maze.width(), maze.height()); !st) return st;
  if (auto st = make_scene(maze, options, scene); !st) return st;
  scene.strokes = true;
  auto st = state_->page([&](cairo_t* cr) {
    const PageFit fit = fit_to_page(scene.L.width, scene.L.height);
    cairo_translate(cr, fit.x, fit.y);
    cairo_scale(cr, fit.scale, fit.scale);
    draw_all(cr, scene);
  });
  if (st) ++pages_;
  return st;
}

Status PdfWriter::add_page(const std::vector<PageItem>& items, const PageFrame& frame) {
  if (state_->finished) return Error{"the PDF is already finished"};
  if (frame.per_page < 1 || frame.per_page > kMaxPerPage)
    return Error{"a page holds 1.." + std::to_string(kMaxPerPage) + " mazes, not " +
                 std::to_string(frame.per_page)};
  if (items.empty() || items.size() > static_cast<std::size_t>(frame.per_page))
    return Error{"a page of " + std::to_string(frame.per_page) + " slots was given " +
                 std::to_string(items.size()) + " mazes"};
  std::vector<std::unique_ptr<Scene>> scenes;
  for (const PageItem& item : items) {
    if (!item.maze) return Error{"a page item without a maze"};
    auto& scene = *scenes.emplace_back(std::make_unique<Scene>(*item.maze));
    if (auto st = check_vector_size(item.maze->width(), item.maze->height()); !st) return st;
    if (auto st = make_scene(*item.maze, item.options, scene); !st) return st;
    scene.strokes = true;
  }
  const std::string title = core::visible_only(frame.title);
  const Grid grid = choose_grid(scenes[0]->L.width, scenes[0]->L.height, frame.per_page,
                                !title.empty());
  auto st = state_->page([&](cairo_t* cr) {
    if (!title.empty())
      centred_text(cr, title, kPageWidth / 2, kPageMargin + kTitleBand * 0.55, 18,
                   kPageWidth - 2 * kPageMargin, true);
    for (std::size_t i = 0; i < scenes.size(); ++i) {
      const Scene& scene = *scenes[i];
      const PageFit fit = fit_in_slot(grid, scene.L.width, scene.L.height, static_cast<int>(i));
      centred_text(cr, core::visible_only(items[i].caption),
                   fit.x + scene.L.width * fit.scale / 2, fit.y - grid.caption * 0.25,
                   grid.caption * 0.75, grid.slot_w, false);
      cairo_save(cr);
      cairo_translate(cr, fit.x, fit.y);
      cairo_scale(cr, fit.scale, fit.scale);
      draw_all(cr, scene);
      cairo_restore(cr);
    }
  });
  if (st) ++pages_;
  return st;
}

Status PdfWriter::finish() {
  if (state_->finished) return core::Ok{};
  state_->finished = true;
  if (!state_->surface) return Error{"a PDF needs at least one page"};
  cairo_surface_finish(state_->surface);
  cairo_status_t st = cairo_surface_status(state_->surface);
  cairo_surface_destroy(state_->surface);
  state_->surface = nullptr;
  if (st == CAIRO_STATUS_WRITE_ERROR) return Error{"write error: could not write the picture"};
  if (st != CAIRO_STATUS_SUCCESS) return cairo_error("finish the PDF", st);
  return core::Ok{};
}

// ---- Puzzle books ----------------------------------------------------------------

core::Result<std::string> book_title(std::string_view text) {
  std::string t = core::visible_only(text);
  const auto first = t.find_first_not_of(' ');
  if (first == std::string::npos)
    return Error{"the title has nothing to show; give some text, or leave out --title"};
  t = t.substr(first, t.find_last_not_of(' ') - first + 1);
  std::size_t chars = 0;
  for (unsigned char b : t) chars += (b & 0xC0) != 0x80;
  if (chars > kMaxTitleChars)
    return Error{"the title has " + std::to_string(chars) + " characters; a title line holds " +
                 "at most " + std::to_string(kMaxTitleChars)};
  return t;
}

struct PdfBook::Kept {
  core::Ram ram{core::kUnlimited};  // the copy's own store, freed with it
  core::Maze maze;
  core::Markers markers;
  PictureOptions options;           // markers: &this->markers
};

PdfBook::PdfBook(Sink sink, BookOptions book)
    : book_(std::move(book)), pdf_(std::move(sink), book_.title.empty() ? "AMAZING" : book_.title) {}

PdfBook::~PdfBook() = default;

Status PdfBook::add(const Maze& maze, const PictureOptions& options) {
  if (finished_) return Error{"the book is already finished"};
  if (book_.per_page < 1 || book_.per_page > PdfWriter::kMaxPerPage)
    return Error{"a page holds 1.." + std::to_string(PdfWriter::kMaxPerPage) + " mazes, not " +
                 std::to_string(book_.per_page)};
  kept_cells_ += maze.cells();
  if (book_.answers && (made_ + 1 > kMaxAnswerMazes || kept_cells_ > kMaxAnswerCells))
    return Error{"a book with answers keeps every maze until the answer pages: at most " +
                 std::to_string(kMaxAnswerMazes) + " mazes and " +
                 std::to_string(kMaxAnswerCells) + " cells in all"};
  if (auto st = check_vector_size(maze.width(), maze.height()); !st) return st;
  auto k = std::make_unique<Kept>();
  auto copy = core::Maze::create(k->ram, maze.width(), maze.height());
  if (!copy) return copy.error();
  k->maze = std::move(copy).value();
  const auto from = maze.store().bytes();
  const auto to = k->maze.store().bytes();
  std::copy_n(from.data(), std::min(from.size(), to.size()), to.data());
  k->maze.set_entrance(maze.entrance());
  if (options.markers) k->markers = *options.markers;
  k->options = options;
  k->options.markers = &k->markers;
  kept_.push_back(std::move(k));
  ++made_;
  if (made_ - printed_ == static_cast<std::size_t>(book_.per_page)) return maze_page();
  return core::Ok{};
}

Status PdfBook::maze_page() {
  auto st = page(printed_, made_, "Maze", false);
  printed_ = made_;
  if (!book_.answers) {
    kept_.clear();
    base_ = made_;
    kept_cells_ = 0;
  }
  return st;
}

Status PdfBook::page(std::size_t first, std::size_t end, const char* word, bool solution) {
  std::vector<PageItem> items;
  for (std::size_t i = first; i < end; ++i) {
    const Kept& k = *kept_[i - base_];
    PageItem& item = items.emplace_back(PageItem{&k.maze, k.options, word + (" " + std::to_string(i + 1))});
    item.options.solution = solution;
  }
  return pdf_.add_page(items, PageFrame{book_.per_page, book_.title});
}

Status PdfBook::finish() {
  if (finished_) return core::Ok{};
  finished_ = true;
  if (printed_ < made_) {
    if (auto st = maze_page(); !st) return st;
  }
  if (book_.answers) {
    const std::size_t per = static_cast<std::size_t>(book_.per_page);
    for (std::size_t i = 0; i < made_; i += per)
      if (auto st = page(i, std::min(made_, i + per), "Answer", true); !st) return st;
  }
  kept_.clear();
  return pdf_.finish();
}

Status write_screen_png(const std::vector<std::string>& lines, const Sink& sink, bool play) {
  constexpr int kCols = 40, kRows = 25;
  const int width = 2 * kScreenBorder + kCols * kScreenCellWidth;
  const int height = 2 * kScreenBorder + kRows * kScreenCellHeight;
  std::vector<std::vector<std::string>> cells;
  for (int r = 0; r < kRows && r < static_cast<int>(lines.size()); ++r)
    cells.push_back(cells_of(lines[r], kCols));
  return stream_png(width, height, sink, [&](cairo_t* cr, int, int) {
    // The machine's blue ground (the strip holds the whole screen: it is small).
    cairo_set_source_rgb(cr, 0.0, 0.0, 0.55);
    cairo_paint(cr);
    cairo_select_font_face(cr, "DejaVu Sans Mono", CAIRO_FONT_SLANT_NORMAL,
                           CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, 19.5);
    for (std::size_t r = 0; r < cells.size(); ++r)
      for (std::size_t col = 0; col < cells[r].size(); ++col) {
        const std::string& ch = cells[r][col];
        if (ch == " ") continue;
        if (play && (ch == "<" || ch == ">"))
          cairo_set_source_rgb(cr, 1.0, 0.88, 0.2);
        else if (play && ch == "*")
          cairo_set_source_rgb(cr, 0.35, 0.95, 0.35);
        else
          cairo_set_source_rgb(cr, 0.92, 0.92, 0.92);
        cairo_move_to(cr, kScreenBorder + static_cast<double>(col) * kScreenCellWidth,
                      kScreenBorder + static_cast<double>(r) * kScreenCellHeight + 18);
        cairo_show_text(cr, cells[r][col].c_str());
      }
  });
}

}  // namespace amazing::picture
