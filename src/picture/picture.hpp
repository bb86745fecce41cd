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
//
// The picture shows exactly the walls of the text form (core/render.hpp): the top border
// open at the entrance, a wall right of a cell when walls < 2, a floor when the down bit
// is clear (the bottom row's open floor is the exit), and the left border. Geometry
// (Layout): cell c px, walls t px thick, a margin of m px; the wall left of column col
// covers x in [m + col*c, m + col*c + t), likewise rows. Walls are near-black on an
// opaque white ground; masked-out cells light grey; the entrance marker green, the exit
// red, --starts starts green squares, ends blue squares; the solution a red line.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "core/generators/generator.hpp"
#include "core/mask.hpp"
#include "core/maze.hpp"
#include "core/result.hpp"

namespace amazing::picture {

// Receives the picture's bytes in order; returns false when it could not write them
// (the writer then stops and returns an error).
using Sink = std::function<bool(const void* data, std::size_t size)>;

struct PictureOptions {
  int cell = 0;                               // px a cell; 0: kDefaultCell, or smaller to fit
  bool solution = false;                      // draw the shortest way from entrance to exit
  const core::Mask* mask = nullptr;           // cells to shade (must match the maze size)
  const core::Markers* markers = nullptr;     // starts and ends to mark
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
// picture stays within kFitPixels, never below kMinCell). Errors: a cell outside
// kMinCell..kMaxCell, or a picture side above kMaxPixels.
core::Result<Layout> layout_for(int width, int height, int cell);
// What write_svg and PdfWriter::add_page refuse beyond layout_for: more than
// kMaxVectorCells cells.
core::Status check_vector_size(int width, int height);

core::Status write_png(const core::Maze& maze, const PictureOptions& options, const Sink& sink);
core::Status write_svg(const core::Maze& maze, const PictureOptions& options, const Sink& sink);

// A4 portrait pages (595.28 x 841.89 pt), one maze a page, fitted inside a 36 pt margin
// and centred. finish() ends the document (the destructor finishes too, ignoring errors).
class PdfWriter {
 public:
  explicit PdfWriter(Sink sink);
  ~PdfWriter();
  PdfWriter(const PdfWriter&) = delete;
  PdfWriter& operator=(const PdfWriter&) = delete;

  core::Status add_page(const core::Maze& maze, const PictureOptions& options);
  core::Status finish();
  int pages() const { return pages_; }

  static constexpr double kPageWidth = 595.28, kPageHeight = 841.89, kPageMargin = 36;

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

// The machine's 40x25 screen (25 lines of 40 characters, UTF-8, as PlayGame::render gives
// them) as a PNG: DejaVu Sans Mono, light characters on the machine's blue. `play`: the
// colours the terminal gives the play screen, the player's < and > yellow and the
// solution's * green.
inline constexpr int kScreenCellWidth = 12, kScreenCellHeight = 24, kScreenBorder = 12;
core::Status write_screen_png(const std::vector<std::string>& lines, const Sink& sink,
                              bool play = false);

}  // namespace amazing::picture
