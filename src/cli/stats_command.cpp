// amazing stats: reads mazes in the JSON form (one object a line, from a file or standard
// input) and prints what kind of mazes they are. Also the generator-algorithm path of
// amazing gen (gen_mazes: --algorithm, --mask, --starts, --format, --count, --stats),
// which shares the JSON and statistics code.

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "cli/args.hpp"
#include "cli/cli11_help.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "cli/picture_output.hpp"
#include "core/amazing_walk.hpp"
#include "core/analysis.hpp"
#include "core/generators/eller.hpp"
#include "core/generators/generator.hpp"
#include "core/generators/unicode_render.hpp"
#include "core/json.hpp"
#include "core/mask.hpp"
#include "core/ram.hpp"
#include "core/render.hpp"
#include "machine/input.hpp"
#include "machine/user_file.hpp"

namespace amazing::cli {
namespace {

// The help: usage, intro and footer; the options' lines come from their definitions.
constexpr const char* kStatsUsage = "amazing stats [FILE] [--json]";
constexpr const char* kStatsIntro =
    "Reads mazes in the JSON form that 'amazing gen --format json' writes (one object per "
    "line; FILE, or standard input when FILE is missing or -) and prints, for each maze: "
    "whether it is perfect -- every cell reachable from the entrance, the exit reachable, "
    "no loop -- and if not, why, as in perfect no (exit unreachable, 32 walled off); the "
    "reasons are no entrance, no exit, exit unreachable, N walled off and N loops. Then the "
    "cells and how many are left out: cells closed on every side (0 in the JSON) are a "
    "--mask's, left out on purpose, except in mazes of the 1978 walk and of algorithms "
    "that take no mask, where they are walled off. Then the shares of dead ends, "
    "straights, turns, junctions and crossroads (passages between cells; the entrance and "
    "exit openings do not count), the longest path and the solution length in cells (0: "
    "no way out). With more than one maze a last line gives the averages.";
constexpr const char* kStatsFooter =
    "A line may hold at most 256 MiB: the JSON of a maze of about 89 million cells "
    "(9000x9000, what 'amazing gen --format json' makes with --ram 42M or less; 48K mazes "
    "are a few hundred kilobytes). Longer lines are refused with a message. The JSON must "
    "be strict (no trailing commas, comments or other text; strings in UTF-8), each key "
    "once, nested at most 64 deep.\n\n"
    "Exit status: 0 done, 2 bad option, unreadable file, bad maze or line too long (the "
    "message names the line), 4 write error.";

// The longest JSON line read: see kStatsHelp.
constexpr std::size_t kMaxJsonLine = std::size_t{256} << 20;

struct Totals {
  std::size_t mazes = 0, perfect = 0;
  double dead = 0, straight = 0, turn = 0, junction = 0, cross = 0, longest = 0, solution = 0;
  void add(const core::MazeStats& s) {
    ++mazes;
    perfect += s.perfect;
    dead += s.share(s.dead_ends);
    straight += s.share(s.straights);
    turn += s.share(s.turns);
    junction += s.share(s.junctions);
    cross += s.share(s.crossroads);
    longest += static_cast<double>(s.longest_path);
    solution += static_cast<double>(s.solution_length);
  }
  std::string summary() const {
    char buf[400];
    double n = static_cast<double>(mazes);
    std::snprintf(buf, sizeof buf,
                  "%zu mazes  perfect %zu/%zu  dead ends %.1f%%  straights %.1f%%  turns %.1f%%  "
                  "junctions %.1f%%  crossroads %.1f%%  longest path %.1f  solution %.1f (means)\n",
                  mazes, perfect, mazes, 100 * dead / n, 100 * straight / n, 100 * turn / n,
                  100 * junction / n, 100 * cross / n, longest / n, solution / n);
    return buf;
  }
};

std::string describe(const core::MazeRecord& r) {
  // The name comes from the file: shown with its control characters escaped.
  std::string out = r.algorithm.empty() ? "maze" : shown(r.algorithm);
  if (r.seed) out += " seed " + std::to_string(*r.seed);
  return out;
}

}  // namespace

int stats_command(int argc, char** argv) {
  CLI::App app;
  use_help_layout(app, "stats", {kStatsUsage, kStatsIntro, kStatsFooter});
  bool json = false;
  app.add_flag("--json", json, "one JSON object of statistics per maze instead of text");
  std::vector<std::string> files;
  if (auto code = parse_command_line(app, "stats", argc, argv, 2, files)) return *code;
  if (files.size() > 1) {
    print_error("stats", "give at most one FILE; see 'amazing stats --help'");
    return kExitUsage;
  }
  std::ifstream file;
  std::istream* in = &std::cin;
  std::string name = "standard input";
  if (!files.empty() && files[0] != "-") {
    name = shown(files[0]);
    std::error_code ec;
    if (std::filesystem::is_directory(files[0], ec)) {
      std::fprintf(stderr, "amazing stats: '%s' is a folder; give a file of JSON lines\n",
                   name.c_str());
      return kExitUsage;
    }
    file.open(files[0], std::ios::binary);
    if (!file) {
      std::fprintf(stderr, "amazing stats: cannot open '%s'; check the file name\n", name.c_str());
      return kExitUsage;
    }
    in = &file;
  } else {
    std::ios::sync_with_stdio(false);  // std::cin in blocks, not a byte per call
  }
  StdoutWriter out;
  Totals totals;
  std::string line;
  std::size_t line_no = 0;
  for (;;) {
    machine::LineRead got = machine::read_capped_line(*in, line, kMaxJsonLine);
    if (got == machine::LineRead::kEnd) break;
    ++line_no;
    if (got == machine::LineRead::kTooLong) {
      out.flush();
      std::fprintf(stderr,
                   "amazing stats: %s, line %zu: longer than %zu MiB without a line end; "
                   "give one JSON maze a line, as 'amazing gen --format json' writes them "
                   "(see 'amazing stats --help')\n",
                   name.c_str(), line_no, kMaxJsonLine >> 20);
      return kExitUsage;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    auto rec = core::parse_maze_json(line);
    core::Ram ram(core::kUnlimited);
    auto maze = rec ? core::maze_from_record(*rec, ram) : core::Result<core::Maze>(rec.error());
    if (!maze) {
      out.flush();
      std::fprintf(stderr, "amazing stats: %s, line %zu: %s\n", name.c_str(), line_no,
                   shown(maze.error().message).c_str());
      return kExitUsage;
    }
    // Closed cells are a mask's unless the maze's maker cannot mask (see the help).
    std::optional<core::Mask> left_out;
    if (rec->algorithm.empty() || core::generator_supports_mask(rec->algorithm))
      left_out = core::closed_cells(*maze);
    core::MazeStats s = core::analyze(*maze, left_out ? &*left_out : nullptr);
    totals.add(s);
    if (json) {
      out.write(core::stats_json(s) + "\n");
    } else {
      out.write(describe(*rec) + "  " + core::format_stats(s) + "\n");
    }
  }
  if (totals.mazes == 0) {
    std::fprintf(stderr, "amazing stats: no maze found in %s; give JSON lines as written by "
                         "'amazing gen --format json'\n", name.c_str());
    return kExitUsage;
  }
  if (!json && totals.mazes > 1) out.write(totals.summary());
  if (!out.flush()) {
    std::fprintf(stderr, "amazing stats: write error: could not write to standard output\n");
    return kExitIo;
  }
  return kExitOk;
}

namespace {

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

}  // namespace

int gen_mazes(const MazeGenRequest& req) {
  const bool amazing = req.algorithm == "amazing";
  if (!amazing) {
    bool known = false;
    for (auto n : core::generator_names()) known |= n == req.algorithm;
    if (!known) {
      std::string list = "amazing";
      for (auto n : core::generator_names()) list += ", " + std::string(n);
      std::fprintf(stderr, "amazing gen: unknown algorithm '%s'; choose one of: %s\n",
                   shown(req.algorithm).c_str(), list.c_str());
      return kExitUsage;
    }
  }
  const bool picture = is_picture_format(req.format);
  if (req.format != "text" && req.format != "unicode" && req.format != "json" && !picture) {
    std::fprintf(stderr, "amazing gen: unknown --format '%s'; use text, unicode, json, png, "
                         "svg or pdf\n", shown(req.format).c_str());
    return kExitUsage;
  }
  if (picture) {
    if (auto st = check_picture_request(req.format, req.count, req.stats, req.width,
                                          req.height, req.cell);
        !st) {
      print_error("gen", st.error().message);
      return kExitUsage;
    }
  } else if (req.cell != 0 || req.solution) {
    print_error("gen", "--cell and --solution are for pictures; add --format png, svg or pdf");
    return kExitUsage;
  }
  if (amazing && (req.starts > 0 || !req.mask_file.empty())) {
    std::fprintf(stderr, "amazing gen: --mask and --starts need a generator other than the "
                         "1978 walk; add --algorithm NAME (for example backtracker)\n");
    return kExitUsage;
  }
  std::optional<core::Mask> mask;
  int width = req.width, height = req.height;
  if (!req.mask_file.empty()) {
    // Capped, and a folder or an endless device is an error (machine/user_file.hpp).
    auto text = machine::read_user_file(req.mask_file, machine::kMaxMaskBytes, "the mask file");
    if (!text) {
      print_error("gen", text.error().message);
      return kExitUsage;
    }
    auto parsed = core::parse_mask(*text);
    if (!parsed) {
      print_error("gen", req.mask_file + ": " + parsed.error().message);
      return kExitUsage;
    }
    mask = std::move(parsed).value();
    if (width == 0) width = mask->width(), height = mask->height();
    if (mask->width() != width || mask->height() != height) {
      std::fprintf(stderr, "amazing gen: the mask is %dx%d but --size is %dx%d; make them agree "
                           "or leave out --size\n", mask->width(), mask->height(), width, height);
      return kExitUsage;
    }
  }
  core::Ram ram(req.ram);
  core::GwRnd rnd;
  if (req.seed) rnd.randomize(*req.seed);
  std::optional<int> seed;
  if (req.seed) seed = *req.seed;
  StdoutWriter out;
  std::optional<MazePictures> pictures;
  if (picture) pictures.emplace(req.format, req.cell, req.solution);
  for (int n = 0; n < req.count; ++n) {
    if (n > 0 && req.format != "json" && !picture) out.write("\n");
    if (req.algorithm == "eller" && req.format == "text" && !req.stats && req.starts == 0 &&
        !mask) {
      int rc = stream_eller(width, height, rnd, ram, out);
      if (rc != kExitOk) return rc;
      continue;
    }
    core::Markers markers;
    core::Result<core::Maze> maze = core::Error{""};
    if (amazing) {
      auto run = core::run_amazing(ram, width, height, req.variant, rnd);
      if (!run) {
        print_error("gen", run.error().message);
        return kExitOutOfMemory;
      }
      if (int line = run->stats.stopped_at_line) {
        // The mazes before it stand; in text, as much of this one as the listing printed.
        if (req.format == "text") core::TextRenderer(0).top(run->maze, out.buffer());
        out.flush();
        std::fprintf(stderr, "amazing gen: maze %d: %s\n", n + 1,
                     core::explain_stop(line, width).c_str());
        return kExitProgramStopped;
      }
      maze = std::move(run->maze);
    } else {
      maze = core::Maze::create(ram, width, height);
      if (!maze) {
        print_error("gen", maze.error().message);
        return kExitOutOfMemory;
      }
      core::GeneratorOptions opt;
      opt.mask = mask ? &*mask : nullptr;
      opt.starts = req.starts;
      auto gen = core::make_generator(req.algorithm, *maze, rnd, opt);
      if (!gen) {
        print_error("gen", gen.error().message);
        return kExitUsage;
      }
      (*gen)->run();
      markers = (*gen)->markers();
    }
    if (pictures) {
      if (auto st = pictures->add(*maze, markers, mask ? &*mask : nullptr); !st) {
        print_error("gen", st.error().message);
        return st.error().message.find("write error") != std::string::npos ? kExitIo
                                                                             : kExitUsage;
      }
      continue;
    }
    std::string stats;
    if (req.stats) {
      core::MazeStats s = core::analyze(*maze, mask ? &*mask : nullptr);
      stats = req.format == "json" ? "\"stats\":" + core::stats_json(s) : core::format_stats(s);
    }
    if (req.format == "json") {
      // "seed" is the --seed given, the same on every line; with --count K, "index" says
      // which maze this is (0..K-1): maze n is the one made after the n before it drew
      // their numbers, so (seed, index) is what reproduces it.
      std::string extra = stats;
      if (req.count > 1)
        extra = "\"index\":" + std::to_string(n) + (stats.empty() ? "" : "," + stats);
      out.write(core::maze_to_json(*maze, req.algorithm, seed, markers, extra));
      out.write("\n");
    } else if (req.format == "unicode") {
      out.write(core::render_unicode(*maze, markers));
    } else {
      core::TextRenderer renderer;
      renderer.top(*maze, out.buffer());
      for (int r = 0; r < maze->height(); ++r) {
        renderer.row(*maze, r, out.buffer());
        out.maybe_flush();
      }
    }
    if (req.stats && req.format != "json") out.write(stats + "\n");
    out.maybe_flush();
  }
  if (pictures) {
    if (auto st = pictures->finish(); !st) {
      print_error("gen", st.error().message);
      return kExitIo;
    }
  }
  if (!out.flush()) {
    std::fprintf(stderr, "amazing gen: write error: could not write the maze to standard output\n");
    return kExitIo;
  }
  return kExitOk;
}

}  // namespace amazing::cli
