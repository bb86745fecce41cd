#include "cli/make_mazes.hpp"

#include <cstdio>
#include <vector>

#include "cli/commands.hpp"
#include "cli/lua_engine.hpp"
#include "cli/picture_output.hpp"
#include "core/amazing_walk.hpp"
#include "core/analysis.hpp"
#include "core/braid.hpp"
#include "core/generators/eller.hpp"
#include "core/generators/unicode_render.hpp"
#include "core/json.hpp"
#include "core/ram.hpp"
#include "core/render.hpp"
#include "lua/engine.hpp"
#include "machine/machine.hpp"
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
  if (!out_.flush()) return Error{"write error: could not write the maze to standard output"};
  return core::Ok{};
}

namespace {

// How an engine's run ended, for the exit status.
int report(const core::Status& st) {
  if (st) return kExitOk;
  print_error("gen", st.error().message);
  return st.error().message.find("write error") != std::string::npos ? kExitIo : kExitUsage;
}

// A 1978 walk that stopped: what the listing printed stays, the reason goes to stderr.
int report_stop(MazeOutput& out, const core::Maze& maze, int n, int line, int width) {
  out.stopped(maze);
  if (auto st = out.finish(); !st) return report(st);
  std::fprintf(stderr, "amazing gen: maze %d: %s\n", n + 1,
               core::explain_stop(line, width).c_str());
  return kExitProgramStopped;
}

// Eller for text output, one row in memory at a time: any length fits any --ram. The RND
// calls are the generator's: entrance, rows, exit.
int stream_eller(int width, int height, core::GwRnd& rnd, core::Ram& ram, StdoutWriter& out) {
  auto row = core::Maze::create(ram, width, 1);
  if (!row) {
    print_error("gen", row.error().message);
    return kExitOutOfMemory;
  }
  auto pick = [&](int k) {
    if (k <= 1) return 1;
    int v = rnd.draw(k);
    return v > k ? k : v;
  };
  row->set_entrance(pick(width) - 1);
  core::TextRenderer renderer;
  renderer.top(*row, out.buffer());
  core::EllerRows rows(width, rnd);
  std::vector<uint8_t> walls(static_cast<std::size_t>(width));
  for (int r = 0; r < height; ++r) {
    bool last = r + 1 == height;
    rows.next_row(walls.data(), last);
    for (int c = 0; c < width; ++c) row->set_walls(c, 0, walls[c]);
    if (last) {
      int exit = pick(width) - 1;
      row->set_walls(exit, 0, static_cast<uint8_t>(walls[exit] | core::kDownOpen));
    }
    renderer.row(*row, 0, out.buffer());
    out.maybe_flush();
  }
  return kExitOk;
}

// The native engine: the 1978 walk or a generator, job.count times on one RND stream.
int make_native(const Job& job, const core::Mask* mask, MazeOutput& out) {
  core::Ram ram(job.ram);
  core::GwRnd rnd;
  if (job.seed) rnd.randomize(*job.seed);
  const int width = job.size.width, height = job.size.length;
  for (int n = 0; n < job.count; ++n) {
    if (job.algorithm == "eller" && job.format == "text" && !job.stats && job.starts == 0 &&
        !mask && job.braid == 0) {
      if (n > 0) out.writer().write("\n");
      if (int rc = stream_eller(width, height, rnd, ram, out.writer()); rc != kExitOk) return rc;
      continue;
    }
    core::Markers markers;
    core::Result<core::Maze> maze = core::Error{""};
    if (job.walk()) {
      auto run = core::run_amazing(ram, width, height, job.variant, rnd);
      if (!run) {
        print_error("gen", run.error().message);
        return kExitOutOfMemory;
      }
      if (int line = run->stats.stopped_at_line) return report_stop(out, run->maze, n, line, width);
      maze = std::move(run->maze);
    } else {
      maze = core::Maze::create(ram, width, height);
      if (!maze) {
        print_error("gen", maze.error().message);
        return kExitOutOfMemory;
      }
      core::GeneratorOptions opt;
      opt.mask = mask;
      opt.starts = job.starts;
      auto gen = core::make_generator(job.algorithm, *maze, rnd, opt);
      if (!gen) {
        print_error("gen", gen.error().message);
        return kExitUsage;
      }
      (*gen)->run();
      markers = (*gen)->markers();
    }
    core::braid(*maze, job.braid, rnd, mask);  // --braid: after the maker, on its RND
    if (auto st = out.add(*maze, markers, n); !st) return report(st);
  }
  return report(out.finish());
}

// The script a Lua job runs: --script FILE, amazing.lua for the 1978 walk, else the
// generator's NAME.lua (built in, or DIR/generators/NAME.lua from --scripts DIR).
std::string lua_script_name(const Job& job) {
  return job.algorithm == "amazing" ? "amazing.lua" : job.algorithm + ".lua";
}

// What a script prints while gen makes mazes: not the maze (the host renders what it
// publishes), so it goes nowhere.
class Discard : public machine::OutputSink {
 public:
  void put(std::string_view) override {}
};

// The Lua engine: the script runs job.count times on one machine, its RND stream running
// on; what it prints is not the maze (the host renders what it publishes).
int make_lua(const Job& job, const core::Mask* mask, MazeOutput& out) {
  auto script = load_script(job.lua, lua_script_name(job));
  if (!script) {
    print_error("gen", script.error().message);
    return kExitUsage;
  }
  Discard printed;
  machine::ScriptedInput no_input({});
  machine::MachineConfig config;
  config.ram = job.ram;
  config.batch = true;
  config.batch_width = 0;
  config.output = &printed;
  config.input = &no_input;
  auto made = machine::Machine::create(config);
  if (!made) {
    print_error("gen", made.error().message);
    return kExitOutOfMemory;
  }
  machine::Machine& machine = **made;
  if (job.seed) machine.rnd().randomize(*job.seed);
  lua::ScriptArgs args;
  args.width = job.size.width;
  args.length = job.size.length;
  args.seed = job.seed;
  args.variant = std::string(core::variant_name(job.variant));
  args.maze_only = true;
  args.mask = mask;
  args.starts = job.starts;
  args.arg = job.lua.script_args;
  const lua::Limits limits = limits_for_maze(
      job.lua, static_cast<uint64_t>(job.size.width) * static_cast<uint64_t>(job.size.length));
  lua::Engine engine(machine, limits);  // declared after the machine: the maze is its RAM
  for (int n = 0; n < job.count; ++n) {
    lua::RunResult result = engine.run(script->source, script->name, args);
    std::optional<core::Maze> maze = engine.take_maze();
    core::Markers markers = engine.take_markers();
    if (!result.ok()) {
      // The 1978 walk that stops (Subscript out of range) hands over the maze it made so
      // far, as the listing printed its top border, then ends with the listing's error.
      if (maze && job.walk()) {
        if (auto at = result.message.find("Subscript out of range in "); at != std::string::npos)
          return report_stop(out, *maze, n, std::atoi(result.message.c_str() + at + 26),
                             job.size.width);
      }
      if (auto st = out.finish(); !st) return report(st);
      print_error("gen", lua_failure_text(result));
      return result.exit_code();
    }
    if (!maze) {
      if (auto st = out.finish(); !st) return report(st);
      print_error("gen", script->name +
                             " made no maze: a script run by gen hands each maze to the host "
                             "with amazing.publish(maze) (see scripts/README.md)");
      return kExitUsage;
    }
    // --braid opens walls in what the script made, on the machine's RND as native does;
    // then what it publishes is held to --size, --mask and --starts, and a generator
    // script's maze must be a proper maze (core::check_maze; loops only with --braid); the
    // 1978 walk's flaws are authentic.
    core::braid(*maze, job.braid, machine.rnd(), mask);
    if (core::MazeCheck check = engine.check_published(*maze, markers, !job.walk(), job.braid > 0);
        !check.ok()) {
      if (auto st = out.finish(); !st) return report(st);
      const std::string maze_n = ": maze " + std::to_string(n + 1);
      print_error("gen", check.improper()
                             ? script->name + maze_n + " is not a proper maze: " +
                                   check.message() +
                                   " (every cell reachable from the entrance, one entrance "
                                   "on top, one exit at the bottom, no loop unless --braid)"
                             : script->name + maze_n + " is not what was asked: " +
                                   check.message());
      return 1;
    }
    if (auto st = out.add(*maze, markers, n); !st) return report(st);
  }
  return report(out.finish());
}

// The basic engine: the listing runs once and prints its maze; the host reads that text
// back into the nibble store (core::read_text_maze) and renders it in the job's form.
int make_basic(const Job& job, MazeOutput& out) {
  Job maze_only = job;
  maze_only.transcript = false;
  std::string note;
  BasicStop stop;
  auto text = basic_transcript(maze_only, {}, &note, &stop);
  if (!note.empty()) print_error("gen", note);
  if (!text) {
    print_error("gen", text.error().message);
    bool oom = text.error().message.find("OUT OF MEMORY") != std::string::npos;
    return oom ? kExitOutOfMemory : kExitUsage;
  }
  if (stop.out_of_memory) {
    print_error("gen", stop.error);
    return kExitOutOfMemory;
  }
  core::Ram ram(job.ram);
  if (!stop.error.empty()) {
    // The 1978 program's own stop (RND at 0xFFFFFF): it printed its top border only.
    const bool known = stop.error.rfind("Subscript out of range in ", 0) == 0 &&
                       (stop.line == 195 || stop.line == 1012);
    auto top = core::Maze::create(ram, job.size.width, job.size.length);
    const std::size_t open = text->find(".  ");
    if (top && open != std::string::npos && open < text->find('\n'))
      top->set_entrance(static_cast<int>(open / 3));
    if (known && top) return report_stop(out, *top, 0, stop.line, job.size.width);
    print_error("gen", "the listing stopped with a BASIC error: " + stop.error);
    return kExitProgramStopped;
  }
  auto maze = core::read_text_maze(*text, ram);
  if (!maze) {
    print_error("gen", "the listing printed no maze the host can read: " + maze.error().message);
    return kExitUsage;
  }
  if (auto st = out.add(*maze, core::Markers{}, 0); !st) return report(st);
  return report(out.finish());
}

}  // namespace

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
  if (job.engine == EngineKind::kLua) return make_lua(sized, mask ? &*mask : nullptr, out);
  if (job.engine == EngineKind::kBasic) return make_basic(sized, out);
  return make_native(sized, mask ? &*mask : nullptr, out);
}

}  // namespace amazing::cli
