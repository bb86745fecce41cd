// amazing stats: reads mazes in the JSON form (one object a line, from a file or standard
// input) and prints what kind of mazes they are.

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
    "cells and how many are left out: the cells the JSON's \"mask\" lists (gen writes it "
    "with --mask); without one, cells closed on every side (0 in the JSON) are a --mask's, "
    "left out on purpose, except in mazes of the 1978 walk and of algorithms that take no "
    "mask, where they are walled off. Then the loops (passages beyond a tree's: edges - "
    "cells + 1 in a connected maze; gen --braid makes them on purpose) and the dead ends "
    "(cells with one passage), as a count and a share; then the shares of "
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
  double loops = 0, dead = 0, straight = 0, turn = 0, junction = 0, cross = 0, longest = 0;
  double solution = 0;
  void add(const core::MazeStats& s) {
    ++mazes;
    perfect += s.perfect;
    loops += static_cast<double>(s.verdict.loops);
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
                  "%zu mazes  perfect %zu/%zu  loops %.1f  dead ends %.1f%%  straights %.1f%%  "
                  "turns %.1f%%  "
                  "junctions %.1f%%  crossroads %.1f%%  longest path %.1f  solution %.1f (means)\n",
                  mazes, perfect, mazes, loops / n, 100 * dead / n, 100 * straight / n,
                  100 * turn / n,
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
    // The "mask" gen wrote; without one, closed cells are a mask's unless the maze's
    // maker cannot mask (see the help).
    std::optional<core::Mask> left_out = core::record_mask(*rec);
    if (!left_out && (rec->algorithm.empty() || core::generator_supports_mask(rec->algorithm)))
      left_out = core::closed_cells(*maze);
    core::MazeStats s = core::analyze(*maze, left_out ? &*left_out : nullptr);
    totals.add(s);
    if (json) {
      out.write(core::stats_json(s) + "\n");
    } else {
      out.write(describe(*rec) + "  " + core::format_stats(s) + "\n");
    }
  }
  if (in->bad()) {
    out.flush();
    std::string what = files.empty() || files[0] == "-" ? name : "'" + name + "'";
    std::fprintf(stderr,
                 "amazing stats: cannot read %s (a folder, or a read that failed); "
                 "give a file of JSON lines\n",
                 what.c_str());
    return kExitUsage;
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

}  // namespace amazing::cli
