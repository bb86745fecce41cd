// The basic engine: the listing itself (roms/, or --rom FILE) on the built-in BASIC
// interpreter (basic_transcript, basic_command.cpp); the host reads the maze it prints
// back into the nibble store when gen wants another form.
#include <cstdio>
#include <string>

#include "cli/commands.hpp"
#include "cli/engine.hpp"
#include "cli/job.hpp"
#include "cli/make_mazes.hpp"
#include "cli/output.hpp"
#include "core/amazing_walk.hpp"
#include "core/ram.hpp"
#include "core/render.hpp"
#include "machine/machine.hpp"

namespace amazing::cli {
namespace {

std::string refuse_basic(const Job& job) {
  if (auto o = first_given(job, {"--script", "--scripts", "--lua-mem"}); !o.empty())
    return o + " is for --engine lua; --engine basic runs a listing (--rom FILE)";
  if (job.algorithm != "amazing")
    return "--algorithm " + job.algorithm +
           ": --engine basic runs the 1978 listing only; use --engine native or lua";
  if (job.has("--braid"))
    return "--braid: --engine basic prints the listing's maze as the listing makes it, from "
           "its own RND, so no wall can be opened in it; use --engine native or lua (the same "
           "maze, then braided)";
  if (job.has("--count") && job.count != 1)
    return "--count: --engine basic runs the listing once (its RND cannot run on into a "
           "second run); use --engine native or lua, which make the same mazes";
  return "";
}

// The basic engine: the listing runs once and prints its maze; the host reads that text
// back into the nibble store (core::read_text_maze) and renders it in the job's form.
int make_basic(const Job& job, const core::Mask* /*mask: refused*/, MazeOutput& out) {
  Job maze_only = job;
  maze_only.transcript = false;
  std::string note;
  BasicStop stop;
  auto text = basic_transcript(maze_only, {}, &note, &stop);
  if (!note.empty()) print_error("gen", note);
  if (!text) {
    print_error("gen", text.error().message);
    return exit_status(ending_of(text.error()));
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

int run_basic_gen(const Job& job) {
  std::string note;
  BasicStop stop;
  auto text = basic_transcript(job, {}, &note, &stop);
  const int width = job.size.width;
  if (!note.empty()) print_error("gen", note);
  if (!text) {
    print_error("gen", text.error().message);
    return exit_status(ending_of(text.error()));
  }
  // What the listing printed: its bytes, or made visible on a terminal.
  machine::ProgramStdout out;
  if (!out.write(*text) || !out.finish() || std::fflush(stdout) != 0) {
    std::fprintf(stderr, "amazing gen: write error: could not write the maze to standard output\n");
    return kExitIo;
  }
  if (stop.out_of_memory) {
    print_error("gen", stop.error);
    return kExitOutOfMemory;
  }
  if (!stop.error.empty()) {
    // What it printed is out; the exit status says the listing did not finish. Lines 195
    // and 1012 are the 1978 program's own stop (RND at 0xFFFFFF), as the other engines
    // explain it.
    bool known = stop.error.rfind("Subscript out of range in ", 0) == 0 &&
                 (stop.line == 195 || stop.line == 1012);
    std::string why = known ? core::explain_stop(stop.line, width)
                            : "the listing stopped with a BASIC error: " + stop.error;
    print_error("gen", why);
    return kExitProgramStopped;
  }
  return kExitOk;
}

Result<std::string> basic_engine_transcript(const TranscriptRequest& r) {
  Job job = r.job;
  job.transcript = true;
  std::string note;
  auto text = basic_transcript(job, r.typed, &note);
  if (!note.empty()) print_error("compare", note);
  return text;
}

}  // namespace

EngineInfo basic_engine() {
  EngineInfo e{EngineKind::kBasic, "basic", "the original listing on the built-in BASIC interpreter",
               true, true, refuse_basic};
  e.make_mazes = make_basic;
  e.print_session = run_basic_gen;
  e.transcript = basic_engine_transcript;
  return e;
}

}  // namespace amazing::cli
