// Pictures of mazes, drawn with cairo: PNG, SVG and PDF, written to a byte sink (never a
// file name: where the bytes go is the caller's business). The only part that includes
// cairo (and libpng, which streams PNG rows out so a big maze never sits in memory whole).
//
//   picture::PictureOptions opt;                 // cell 0: 10 px, smaller for big mazes
//   opt.solution = true;                         // the shortest way in red
//   opt.markers = &gen->markers();               // --starts starts/ends, longest-path ends
//   auto st = picture::write_png(maze, opt, [&](const void* p, size_t n) {
//     return std::fwrite(p, 1, n, f) == n; });   // Status: false from the sink = error
//   picture::PdfWriter pdf(sink);                // one A4 page per add_page()
//   pdf.add_page(maze, opt); pdf.add_page(maze2, opt); pdf.finish();
//   picture::PdfBook book(sink, {.answers = true, .per_page = 4, .title = "Mazes"});
//   book.add(maze, opt); ...; book.finish();     // maze pages, then the answer pages
//
// The picture shows exactly the walls of the text form (core/render.hpp): the top border
// open at the entrance, a wall right of a cell when walls < 2, a floor when the down bit
// is clear (the bottom row's open floor is the exit), and the left border. Geometry
// (Layout): cell c px, walls t px thick, a margin of m px; the wall left of column col
// covers x in [m + col*c, m + col*c + t), likewise rows. Walls are near-black on an
// opaque white ground; masked-out cells light grey; the entrance marker green, the exit
// blue, --starts starts orange squares, ends purple squares; the solution a red line
// (Style changes the walls' width and the colours; Marks::kShapes draws the entrance as
// a triangle pointing in and the exit as a disc, so a grey printout still tells them
// apart).
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/generators/generator.hpp"
#include "core/mask.hpp"
#include "core/maze.hpp"
#include "core/result.hpp"

namespace amazing::picture {

// Receives the picture's bytes in order; returns false when it could not write them
// (the writer then stops and returns an error).
using Sink = std::function<bool(const void* data, std::size_t size)>;

struct Colour {
  double r = 0, g = 0, b = 0;  // 0..1 each
  bool operator==(const Colour&) const = default;
};
inline constexpr Colour kDefaultWall{0.08, 0.08, 0.08};
inline constexpr Colour kDefaultEntrance{0.10, 0.62, 0.18};
inline constexpr Colour kDefaultExit{0.12, 0.35, 0.85};
inline constexpr Colour kDefaultSolution{0.86, 0.12, 0.12};

// "#rgb", "#rrggbb" or a name of kColourNames, any case. The error says what is taken.
core::Result<Colour> parse_colour(std::string_view text);
// The names parse_colour takes, for help and messages: "black, white, ...".
std::string colour_names();

// How the entrance and the exit are marked: squares in their colours (the pictures as
// they always were), or shapes in their colours: a triangle pointing into the maze at
// the entrance, a disc at the exit.
enum class Marks { kSquares, kShapes };

struct Style {
  int wall_width = 0;  // the walls' thickness in the cell's pixels; 0: a fifth of the cell
  Colour wall = kDefaultWall;
  Colour entrance = kDefaultEntrance;
  Colour exit = kDefaultExit;
  Colour solution = kDefaultSolution;
  Marks marks = Marks::kSquares;
};
inline constexpr int kMaxWallWidth = 50;  // and never more than half the cell

struct PictureOptions {
  int cell = 0;                               // px a cell; 0: kDefaultCell, or smaller to fit
  bool solution = false;                      // draw the shortest way from entrance to exit
  const core::Mask* mask = nullptr;           // cells to shade (must match the maze size)
  const core::Markers* markers = nullptr;     // starts and ends to mark
  Style style;
};

inline constexpr int kDefaultCell = 10;
inline constexpr int kMaxCell = 100;           // --cell is refused above this
inline constexpr int kMinCell = 2;             // never smaller: a wall and a pixel of room
inline constexpr int kFitPixels = 4000;        // the default cell keeps pictures within this
inline constexpr int kMaxPixels = 32000;       // a side longer than this is refused
// SVG and PDF keep a page's drawing in memory until it ends (about 25 bytes a cell):
// mazes of more cells are refused (2048x2048; a 2000x2000 SVG peaks near 100 MB).
inline constexpr std::size_t kMaxVectorCells = std::size_t{1} << 22;

// Where things are in the picture, in pixels (PNG) or user units (SVG, and PDF before
// the page's scale).
struct Layout {
  int cell = 0;    // c
  int wall = 0;    // t
  int margin = 0;  // m
  int width = 0;   // the picture, px
  int height = 0;
  // The left (top) edge of the wall line before column `col` (row `row`).
  int x(int col) const { return margin + col * cell; }
  int y(int row) const { return margin + row * cell; }
};

// The layout for a width x height maze; `cell` 0 picks the default (10 px, smaller so the
// picture stays within kFitPixels, never below kMinCell); `wall` 0 a fifth of the cell
// (at least 1). Errors: a cell outside kMinCell..kMaxCell, a wall thicker than half the
// cell (or kMaxWallWidth), or a picture side above kMaxPixels.
core::Result<Layout> layout_for(int width, int height, int cell, int wall = 0);
// What write_svg and PdfWriter::add_page refuse beyond layout_for: more than
// kMaxVectorCells cells.
core::Status check_vector_size(int width, int height);

core::Status write_png(const core::Maze& maze, const PictureOptions& options, const Sink& sink);
core::Status write_svg(const core::Maze& maze, const PictureOptions& options, const Sink& sink);

// A4 portrait pages (595.28 x 841.89 pt), one maze a page, fitted inside a 36 pt margin
// and centred. finish() ends the document (the destructor finishes too, ignoring errors).
// A page of several mazes (a puzzle book's): each with a caption above it ("Maze 3"),
// in a grid of per_page slots, under the title line when there is one.
struct PageItem {
  const core::Maze* maze = nullptr;
  PictureOptions options;
  std::string caption;
};
struct PageFrame {
  int per_page = 1;   // the grid's slots (the page may fill fewer)
  std::string title;  // "" for none; as given (clean it with book_title first)
};

class PdfWriter {
 public:
  // `title`: the document's title in its metadata.
  explicit PdfWriter(Sink sink, std::string title = "AMAZING");
  ~PdfWriter();
  PdfWriter(const PdfWriter&) = delete;
  PdfWriter& operator=(const PdfWriter&) = delete;

  core::Status add_page(const core::Maze& maze, const PictureOptions& options);
  // The items in slots 0, 1, ... of frame.per_page (at most that many items).
  core::Status add_page(const std::vector<PageItem>& items, const PageFrame& frame);
  core::Status finish();
  int pages() const { return pages_; }

  static constexpr double kPageWidth = 595.28, kPageHeight = 841.89, kPageMargin = 36;
  static constexpr double kTitleBand = 32;  // the title line's height (pt) when there is one
  static constexpr double kGap = 14;        // between slots
  static constexpr int kMaxPerPage = 100;

 private:
  struct State;
  State* state_;
  int pages_ = 0;
};

// The page transform PdfWriter uses for a picture of w x h units: the scale and the
// offset of the picture's top-left corner on the page, in points.
struct PageFit {
  double scale, x, y;
};
PageFit fit_to_page(int w, int h);
// Where a grid page puts a picture of w x h units in slot `slot` (0-based, row by row).
// The grid (columns and rows for per_page) is the one that draws w x h pictures largest.
PageFit fit_in_grid(int w, int h, int per_page, bool titled, int slot);

// --title TEXT made fit for a page: tabs and line breaks become spaces, other control
// characters, invisible and reordering characters (core::printable's list) and bytes that
// are not UTF-8 go, spaces at the ends go. Errors: nothing left, or more than
// kMaxTitleChars characters.
inline constexpr std::size_t kMaxTitleChars = 100;
core::Result<std::string> book_title(std::string_view text);

// A puzzle book: the mazes, per_page to a page, each captioned "Maze N" (from 1); with
// `answers`, after the last maze page, the same mazes again with their solutions,
// captioned "Answer N", on as many pages again. The mazes wait in copies until their
// page is full (with answers: until the end; make sure of kMaxAnswerCells first).
struct BookOptions {
  bool answers = false;
  int per_page = 1;
  std::string title;  // from book_title
};
inline constexpr std::size_t kMaxAnswerMazes = 10000;
inline constexpr std::size_t kMaxAnswerCells = std::size_t{1} << 25;
class PdfBook {
 public:
  PdfBook(Sink sink, BookOptions book);
  ~PdfBook();
  PdfBook(const PdfBook&) = delete;
  PdfBook& operator=(const PdfBook&) = delete;

  // The next maze (options.solution is ignored: mazes without, answers with).
  core::Status add(const core::Maze& maze, const PictureOptions& options);
  core::Status finish();
  int pages() const { return pdf_.pages(); }

 private:
  struct Kept;
  core::Status maze_page();  // the mazes made since the last maze page
  core::Status page(std::size_t first, std::size_t end, const char* word, bool solution);
  BookOptions book_;
  PdfWriter pdf_;
  std::vector<std::unique_ptr<Kept>> kept_;  // mazes base_, base_ + 1, ...
  std::size_t base_ = 0;                     // the number (from 0) of kept_[0]
  std::size_t made_ = 0;                     // mazes added
  std::size_t printed_ = 0;                  // mazes on maze pages so far
  std::size_t kept_cells_ = 0;
  bool finished_ = false;
};

// The machine's 40x25 screen (25 lines of 40 characters, UTF-8, as PlayGame::render gives
// them) as a PNG: DejaVu Sans Mono, light characters on the machine's blue. `play`: the
// colours the terminal gives the play screen, the player's < and > yellow and the
// solution's * green.
inline constexpr int kScreenCellWidth = 12, kScreenCellHeight = 24, kScreenBorder = 12;
core::Status write_screen_png(const std::vector<std::string>& lines, const Sink& sink,
                              bool play = false);

}  // namespace amazing::picture
