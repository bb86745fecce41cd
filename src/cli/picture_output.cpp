#include "cli/picture_output.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <optional>

#include "cli/atomic_file.hpp"
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
std::optional<ReplacedFile> stdout_file;  // the file --output sent standard output to
}  // namespace

core::Status send_stdout_to(const std::string& file) {
  auto opened = ReplacedFile::open(file, "--output");
  if (!opened) return opened.error();
  std::fflush(stdout);
  if (dup2(opened->fd(), STDOUT_FILENO) < 0)
    return Error{"--output: cannot write '" + file + "': " + std::strerror(errno)};
  stdout_file = std::move(opened).value();
  return core::Ok{};
}

std::uintmax_t stdout_file_size() {
  struct stat st {};
  if (!stdout_file || std::fflush(stdout) != 0 || fstat(STDOUT_FILENO, &st) != 0) return 0;
  return static_cast<std::uintmax_t>(st.st_size);
}

core::Status end_stdout_file(bool keep) {
  if (!stdout_file) return core::Ok{};
  core::Status st = core::Ok{};
  if (keep) {
    if (std::fflush(stdout) != 0 || std::ferror(stdout))
      st = Error{
          "write error: could not write the --output file; the old file is left as it "
          "was"};
    else
      st = stdout_file->commit();
  }
  if (!keep || !st) {
    std::fflush(stdout);  // what is buffered goes to the temporary, which goes
    std::clearerr(stdout);
    // Standard output stays a valid stream (main checks it after the command): /dev/null,
    // unless it writes to a device, which stays.
    if (!stdout_file->direct()) {
      int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
      if (null >= 0) dup2(null, STDOUT_FILENO), close(null);
    }
    stdout_file->discard();
  }
  stdout_file.reset();
  return st;
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

bool is_book(const Job& job) {
  return job.format == "pdf" && (job.answers || job.has("--per-page") || job.has("--title"));
}

core::Status check_picture_request(const Job& job, int width, int height) {
  const std::string f = job.format;
  if ((f == "png" || f == "pdf") && isatty(STDOUT_FILENO))
    return Error{"a " + f + " picture is binary and standard output is a terminal; add "
                 "--output FILE (or send it to a pipe: amazing gen ... --format " + f +
                 " > maze." + f + ")"};
  if (job.count > 1 && f != "pdf")
    return Error{"a " + f + " picture holds one maze, and --count asks for " +
                 std::to_string(job.count) + "; use --format pdf for one page a maze"};
  if (job.stats) return Error{"--stats prints text; it does not go into a " + f + " picture"};
  if (width > 0 && height > 0) {
    if (auto L = picture::layout_for(width, height, job.cell, job.style.wall_width); !L)
      return L.error();
    if (f != "png") {
      if (auto st = picture::check_vector_size(width, height); !st) return st;
    }
    const auto cells = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    const auto count = static_cast<std::size_t>(job.count);
    if (job.answers && (count > picture::kMaxAnswerMazes ||
                        cells * count > picture::kMaxAnswerCells))
      return Error{"--answers keeps every maze until the answer pages: at most " +
                   std::to_string(picture::kMaxAnswerMazes) + " mazes and " +
                   std::to_string(picture::kMaxAnswerCells) + " cells in all, and --count " +
                   std::to_string(job.count) + " of " + std::to_string(width) + "x" +
                   std::to_string(height) + " is " + std::to_string(cells * count) +
                   " cells; make fewer or smaller mazes, or leave out --answers"};
  }
  return core::Ok{};
}

MazePictures::MazePictures(const Job& job) : format_(job.format) {
  options_.cell = job.cell;
  options_.solution = job.solution;
  options_.style = job.style;
  sink_ = [](const void* data, std::size_t size) {
    return std::fwrite(data, 1, size, stdout) == size;
  };
  if (is_book(job)) {
    // A book is printed: the entrance and exit by shape too, unless --marks says.
    if (!job.has("--marks")) options_.style.marks = picture::Marks::kShapes;
    book_ = std::make_unique<picture::PdfBook>(
        sink_, picture::BookOptions{job.answers, job.per_page, job.title});
  } else if (format_ == "pdf") {
    pdf_ = std::make_unique<picture::PdfWriter>(sink_);
  }
}

MazePictures::~MazePictures() = default;

core::Status MazePictures::add(const core::Maze& maze, const core::Markers& markers,
                               const core::Mask* mask) {
  picture::PictureOptions opt = options_;
  opt.markers = &markers;
  opt.mask = mask;
  if (book_) return book_->add(maze, opt);
  if (pdf_) return pdf_->add_page(maze, opt);
  if (format_ == "svg") return picture::write_svg(maze, opt, sink_);
  return picture::write_png(maze, opt, sink_);
}

core::Status MazePictures::finish() {
  if (book_) {
    auto st = book_->finish();
    if (!st) return st;
  }
  if (pdf_) {
    auto st = pdf_->finish();
    if (!st) return st;
  }
  if (std::fflush(stdout) != 0) return Error{"write error: could not write the picture"};
  return core::Ok{};
}

core::Status write_screenshot(const std::vector<std::string>& screen, ReplacedFile& file) {
  const int fd = file.fd();
  auto st = picture::write_screen_png(
      screen,
      [fd](const void* data, std::size_t size) {
        const char* p = static_cast<const char*>(data);
        while (size > 0) {
          ssize_t n = write(fd, p, size);
          if (n < 0 && errno == EINTR) continue;
          if (n <= 0) return false;
          p += n, size -= static_cast<std::size_t>(n);
        }
        return true;
      },
      /*play=*/true);
  if (!st) {
    // The old file (or none) stays; never a half-written picture.
    file.discard();
    return Error{"--screenshot: could not write the picture: " + st.error().message +
                 "; the old file is left as it was"};
  }
  return file.commit();
}

}  // namespace amazing::cli
