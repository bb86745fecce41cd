// gen --format png|svg|pdf and play --screenshot: the cli's side of src/picture (where
// the bytes go: standard output, which --output points at a file, or a screenshot file).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cli/commands.hpp"
#include "cli/lua_engine.hpp"
#include "core/generators/generator.hpp"
#include "core/mask.hpp"
#include "core/maze.hpp"
#include "core/result.hpp"
#include "picture/picture.hpp"

namespace amazing::cli {

bool is_picture_format(std::string_view format);  // png, svg or pdf

// --output FILE: standard output goes to FILE from now on (created or truncated).
core::Status send_stdout_to(const std::string& file);
// After a command that failed: the file send_stdout_to opened holds nothing trustworthy
// (an empty or half-written maze), so it goes -- only a plain file, never a device.
void discard_stdout_file();
// Ctrl-C (SIGINT), SIGTERM or SIGHUP from now on: the --output file goes, `message` (a
// string literal) is written to standard error, and the program ends with 128 + the
// signal, as a shell reports it, instead of dying half-way with a half-written file.
void stop_cleanly_on_signals(const char* message);

// --cell PIXELS: picture::kMinCell..kMaxCell.
core::Result<int> parse_cell(std::string_view text);

// What gen refuses before making a maze: PNG or PDF bytes to a terminal, more than one
// maze in a PNG or SVG, --stats in a picture, a picture too big (width and height 0: not
// known yet, a --mask gives them). The message says what to do instead.
core::Status check_picture_request(std::string_view format, int count, bool stats, int width,
                                   int height, int cell);

// The mazes of one gen run as one picture (png, svg) or one page each (pdf), written to
// standard output.
class MazePictures {
 public:
  MazePictures(std::string format, int cell, bool solution);
  ~MazePictures();
  core::Status add(const core::Maze& maze, const core::Markers& markers, const core::Mask* mask);
  core::Status finish();

 private:
  std::string format_;
  picture::PictureOptions options_;
  picture::Sink sink_;
  std::unique_ptr<picture::PdfWriter> pdf_;
};

// play --screenshot FILE: the 40x25 screen as a PNG file.
core::Status write_screenshot(const std::vector<std::string>& screen, const std::string& file);

}  // namespace amazing::cli
