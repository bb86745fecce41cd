#include "cli/make_mazes.hpp"

#include <cstdio>
#include <string>

#include "cli/commands.hpp"
#include "cli/picture_output.hpp"
#include "core/analysis.hpp"
#include "core/generators/unicode_render.hpp"
#include "core/json.hpp"
#include "core/render.hpp"
#include "machine/user_file.hpp"

namespace amazing::cli {

// ---- The host's side: rendering ----

MazeOutput::MazeOutput(const Job& job, const core::Mask* mask, std::string algorithm)
    : job_(job), mask_(mask), algorithm_(std::move(algorithm)) {
  if (is_picture_format(job.format))
    pictures_ = std::make_unique<MazePictures>(job);
}

MazeOutput::~MazeOutput() = default;

core::Status MazeOutput::add(const core::Maze& maze, const core::Markers& markers, int n) {
  if (pictures_) return pictures_->add(maze, markers, mask_);
  const std::string& format = job_.format;
  if (n > 0 && format != "json") out_.write("\n");
  std::optional<core::MazeStats> stats;
  if (job_.stats) stats = core::analyze(maze, mask_);
  if (format == "json") {
    // "seed" is the --seed given, the same on every line; with --count K, "index" says
    // which maze this is (0..K-1): maze n is the one made after the n before it drew
    // their numbers, so (seed, index) is what reproduces it.
    core::JsonExtras extras;
    extras.mask = mask_;
    if (job_.count > 1) extras.index = n;
    if (stats) extras.stats = &*stats;
    std::optional<int> seed;
    if (job_.seed) seed = *job_.seed;
    out_.write(core::maze_to_json(maze, algorithm_, seed, markers, extras));
    out_.write("\n");
  } else if (format == "unicode") {
    out_.write(core::render_unicode(maze, markers));
  } else {
    core::TextRenderer renderer;
    renderer.top(maze, out_.buffer());
    for (int r = 0; r < maze.height(); ++r) {
      renderer.row(maze, r, out_.buffer());
      out_.maybe_flush();
    }
  }
  if (stats && format != "json") out_.write(core::format_stats(*stats) + "\n");
  out_.maybe_flush();
  return core::Ok{};
}

void MazeOutput::stopped(const core::Maze& maze) {
  if (job_.format == "text") core::TextRenderer(0).top(maze, out_.buffer());
}

core::Status MazeOutput::finish() {
  if (pictures_) {
    if (auto st = pictures_->finish(); !st) return st;
  }
  if (!out_.flush())
    return Error{"write error: could not write the maze to standard output", core::ErrorKind::kWrite};
  return core::Ok{};
}

// How an engine's run ended, for the exit status.
int report(const core::Status& st) {
  if (st) return kExitOk;
  print_error("gen", st.error().message);
  return exit_status(ending_of(st.error()));
}

// A 1978 walk that stopped: what the listing printed stays, the reason goes to stderr.
int report_stop(MazeOutput& out, const core::Maze& maze, int n, int line, int width) {
  out.stopped(maze);
  if (auto st = out.finish(); !st) return report(st);
  std::fprintf(stderr, "amazing gen: maze %d: %s\n", n + 1,
               core::explain_stop(line, width).c_str());
  return kExitProgramStopped;
}

int make_mazes(const Job& job) {
  std::optional<core::Mask> mask;
  Job sized = job;
  if (!job.mask_file.empty()) {
    // Capped, and a folder or an endless device is an error (machine/user_file.hpp).
    auto text = machine::read_user_file(job.mask_file, machine::kMaxMaskBytes, "the mask file");
    if (!text) {
      print_error("gen", text.error().message);
      return kExitUsage;
    }
    auto parsed = core::parse_mask(*text);
    if (!parsed) {
      print_error("gen", job.mask_file + ": " + parsed.error().message);
      return kExitUsage;
    }
    mask = std::move(parsed).value();
    if (sized.size.width == 0) sized.size = Size{mask->width(), mask->height()};
    if (mask->width() != sized.size.width || mask->height() != sized.size.length) {
      print_error("gen", "the mask is " + std::to_string(mask->width()) + "x" +
                             std::to_string(mask->height()) + " but --size is " +
                             std::to_string(sized.size.width) + "x" +
                             std::to_string(sized.size.length) +
                             "; make them agree or leave out --size");
      return kExitUsage;
    }
  }
  if (is_picture_format(job.format)) {
    if (auto st = check_picture_request(job, sized.size.width, sized.size.length);
        !st) {
      print_error("gen", st.error().message);
      return kExitUsage;
    }
  }
  std::string algorithm = job.algorithm;
  if (job.lua.script_file && job.engine == EngineKind::kLua) {
    // The json "algorithm" of a script's maze: the file's name without folder and ".lua".
    algorithm = *job.lua.script_file;
    if (auto slash = algorithm.rfind('/'); slash != std::string::npos) algorithm.erase(0, slash + 1);
    if (algorithm.size() > 4 && algorithm.ends_with(".lua")) algorithm.resize(algorithm.size() - 4);
  }
  MazeOutput out(sized, mask ? &*mask : nullptr, algorithm);
  const EngineInfo& engine = engine_info(job.engine);
  if (!engine.make_mazes) {  // refusal() keeps such a job from here
    print_error("gen", std::string(engine.name) + " makes no mazes for gen");
    return kExitUsage;
  }
  return engine.make_mazes(sized, mask ? &*mask : nullptr, out);
}

}  // namespace amazing::cli
