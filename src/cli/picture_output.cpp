#include "cli/picture_output.hpp"

#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "cli/output.hpp"
#include "lua/engine.hpp"
#include "machine/machine.hpp"
#include "machine/output.hpp"

namespace amazing::cli {

using core::Error;

bool is_picture_format(std::string_view format) {
  return format == "png" || format == "svg" || format == "pdf";
}

namespace {
std::string stdout_file;  // the file --output sent standard output to, if any
}  // namespace

// For the signal handler (stop_cleanly_on_signals): plain data only.
static char g_stop_file[4096];
static volatile sig_atomic_t g_stop_has_file = 0;
static const char* volatile g_stop_message = nullptr;

core::Status send_stdout_to(const std::string& file) {
  std::error_code ec;
  if (file.empty()) return Error{"--output needs a file name"};
  if (std::filesystem::is_directory(file, ec))
    return Error{"--output: '" + file + "' is a folder; give a file name"};
  std::fflush(stdout);
  if (!std::freopen(file.c_str(), "wb", stdout))
    return Error{"--output: cannot write '" + file + "': " + std::strerror(errno)};
  stdout_file = file;
  // A signal on the way removes it too (only a plain file, never a device).
  if (std::filesystem::is_regular_file(file, ec) && file.size() < sizeof g_stop_file) {
    std::memcpy(g_stop_file, file.c_str(), file.size() + 1);
    g_stop_has_file = 1;
  }
  return core::Ok{};
}

void stop_cleanly_on_signals(const char* message) {
  g_stop_message = message;
  struct sigaction sa {};
  sa.sa_handler = [](int sig) {
    if (g_stop_has_file) unlink(g_stop_file);
    if (g_stop_message) {
      std::size_t n = 0;
      while (g_stop_message[n] != '\0') ++n;
      [[maybe_unused]] ssize_t w = write(STDERR_FILENO, g_stop_message, n);
    }
    _exit(128 + sig);
  };
  sigemptyset(&sa.sa_mask);
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaction(sig, &sa, nullptr);
}

void discard_stdout_file() {
  std::error_code ec;
  if (stdout_file.empty() || !std::filesystem::is_regular_file(stdout_file, ec)) return;
  // Standard output stays a valid stream (main checks it after the command): /dev/null.
  if (!std::freopen("/dev/null", "wb", stdout)) return;
  g_stop_has_file = 0;
  std::remove(stdout_file.c_str());
  stdout_file.clear();
}

core::Result<int> parse_cell(std::string_view text) {
  int v = 0;
  const char* end = text.data() + text.size();
  auto [stop, ec] = std::from_chars(text.data(), end, v);  // no overflow: ec says so
  const bool ok = !text.empty() && text[0] >= '0' && text[0] <= '9' && ec == std::errc() &&
                  stop == end;
  if (!ok || v < picture::kMinCell || v > picture::kMaxCell)
    return Error{"--cell takes the size of a cell in pixels, " +
                 std::to_string(picture::kMinCell) + ".." +
                 std::to_string(picture::kMaxCell) + ", not '" + std::string(text) + "'"};
  return v;
}

core::Status check_picture_request(std::string_view format, int count, bool stats, int width,
                                   int height, int cell) {
  const std::string f(format);
  if ((format == "png" || format == "pdf") && isatty(STDOUT_FILENO))
    return Error{"a " + f + " picture is binary and standard output is a terminal; add "
                 "--output FILE (or send it to a pipe: amazing gen ... --format " + f +
                 " > maze." + f + ")"};
  if (count > 1 && format != "pdf")
    return Error{"a " + f + " picture holds one maze, and --count asks for " +
                 std::to_string(count) + "; use --format pdf for one page a maze"};
  if (stats) return Error{"--stats prints text; it does not go into a " + f + " picture"};
  if (width > 0 && height > 0) {
    if (auto L = picture::layout_for(width, height, cell); !L) return L.error();
    if (format != "png") return picture::check_vector_size(width, height);
  }
  return core::Ok{};
}

MazePictures::MazePictures(std::string format, int cell, bool solution)
    : format_(std::move(format)) {
  options_.cell = cell;
  options_.solution = solution;
  sink_ = [](const void* data, std::size_t size) {
    return std::fwrite(data, 1, size, stdout) == size;
  };
  if (format_ == "pdf") pdf_ = std::make_unique<picture::PdfWriter>(sink_);
}

MazePictures::~MazePictures() = default;

core::Status MazePictures::add(const core::Maze& maze, const core::Markers& markers,
                               const core::Mask* mask) {
  picture::PictureOptions opt = options_;
  opt.markers = &markers;
  opt.mask = mask;
  if (pdf_) return pdf_->add_page(maze, opt);
  if (format_ == "svg") return picture::write_svg(maze, opt, sink_);
  return picture::write_png(maze, opt, sink_);
}

core::Status MazePictures::finish() {
  if (pdf_) {
    auto st = pdf_->finish();
    if (!st) return st;
  }
  if (std::fflush(stdout) != 0) return Error{"write error: could not write the picture"};
  return core::Ok{};
}

core::Status write_screenshot(const std::vector<std::string>& screen, const std::string& file) {
  std::error_code ec;
  if (file.empty()) return Error{"--screenshot needs a file name"};
  if (std::filesystem::is_directory(file, ec))
    return Error{"--screenshot: '" + file + "' is a folder; give a file name"};
  FILE* f = std::fopen(file.c_str(), "wb");
  if (!f) return Error{"--screenshot: cannot write '" + file + "': " + std::strerror(errno)};
  auto st = picture::write_screen_png(
      screen, [f](const void* data, std::size_t size) {
        return std::fwrite(data, 1, size, f) == size;
      },
      /*play=*/true);
  if (std::fclose(f) != 0 && st) st = Error{"--screenshot: could not write '" + file + "'"};
  // A half-written picture goes, but only a plain file: never a device (/dev/full).
  if (!st && std::filesystem::is_regular_file(file, ec)) std::remove(file.c_str());
  return st;
}

}  // namespace amazing::cli
