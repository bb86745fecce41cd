// gen --format png|svg|pdf and play --screenshot: the cli's side of src/picture (where
// the bytes go: standard output, which --output points at a file, or a screenshot file).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cli/atomic_file.hpp"
#include "cli/commands.hpp"
#include "cli/job.hpp"
#include "cli/lua_engine.hpp"
#include "core/generators/generator.hpp"
#include "core/mask.hpp"
#include "core/maze.hpp"
#include "core/result.hpp"
#include "picture/picture.hpp"

namespace amazing::cli {

bool is_picture_format(std::string_view format);  // png, svg or pdf

// --output FILE: standard output goes to FILE from now on -- to a temporary beside it
// when FILE is a plain file or a new one (atomic_file.hpp), so that the old file stays as
// it was until end_stdout_file(true). A folder, or a file that cannot be written, is
// refused with the reason.
core::Status send_stdout_to(const std::string& file);
// The end of a run that sent standard output to a file: `keep` (it made its output) puts
// the new file in place of the old one; otherwise the old file stays as it was and the
// temporary goes, and standard output goes to /dev/null. A failure to write or rename is
// the error returned (the old file then stays). Nothing to do without --output.
core::Status end_stdout_file(bool keep);
// How many bytes standard output's file holds so far (flushed first); 0 without one.
std::uintmax_t stdout_file_size();

// --cell PIXELS: picture::kMinCell..kMaxCell.
core::Result<int> parse_cell(std::string_view text);

// What gen refuses before making a maze: PNG or PDF bytes to a terminal, more than one
// maze in a PNG or SVG, --stats in a picture, a picture too big or walls too thick for
// its cells, more mazes than a book with --answers keeps (width and height 0: not known
// yet, a --mask gives them). The message says what to do instead.
core::Status check_picture_request(const Job& job, int width, int height);

// Whether the job is a puzzle book: --format pdf with --answers, --per-page or --title
// (captions "Maze N", a grid, the entrance and exit as shapes unless --marks says).
bool is_book(const Job& job);

// The mazes of one gen run as one picture (png, svg), one page each (pdf), or a puzzle
// book (is_book), written to standard output.
class MazePictures {
 public:
  explicit MazePictures(const Job& job);
  ~MazePictures();
  core::Status add(const core::Maze& maze, const core::Markers& markers, const core::Mask* mask);
  core::Status finish();

 private:
  std::string format_;
  picture::PictureOptions options_;
  picture::Sink sink_;
  std::unique_ptr<picture::PdfWriter> pdf_;
  std::unique_ptr<picture::PdfBook> book_;
};

// play --screenshot FILE: the 40x25 screen as a PNG file, put in place of the old one only
// once whole (`file` from ReplacedFile::open(FILE, "--screenshot"), which refuses a
// folder before the maze is made).
core::Status write_screenshot(const std::vector<std::string>& screen, ReplacedFile& file);

}  // namespace amazing::cli
