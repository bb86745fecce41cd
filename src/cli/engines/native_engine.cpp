// The native engine: the 1978 walk and the generators in C++ (core), the listing's run
// on sizes that are not a maze's (core::listing_walk), and the pc machine's dialogue.
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/engine.hpp"
#include "cli/job.hpp"
#include "cli/make_mazes.hpp"
#include "cli/output.hpp"
#include "cli/play_mazes.hpp"
#include "core/amazing_text.hpp"
#include "core/amazing_walk.hpp"
#include "core/braid.hpp"
#include "core/c64_rnd.hpp"
#include "core/generators/eller.hpp"
#include "core/generators/generator.hpp"
#include "core/listing_memory.hpp"
#include "core/listing_walk.hpp"
#include "core/maze.hpp"
#include "core/ram.hpp"
#include "core/render.hpp"
#include "core/text.hpp"
#include "machine/input.hpp"
#include "tui/watch.hpp"

namespace amazing::cli {
namespace {

std::string refuse_native(const Job& job) {
  if (auto o = first_given(job, {"--script", "--scripts", "--lua-mem"}); !o.empty())
    return o + " is for --engine lua; the native engine runs the built-in C++ maze makers";
  if (job.has("--rom"))
    return "--rom is for --engine basic; the native engine runs the built-in C++ maze makers";
  if (job.has("--max-steps"))
    return "--max-steps limits --engine lua or basic; the native engine has no steps to "
           "count";
  return "";
}


std::string typed_size(const Job& job) {
  return std::to_string(job.size.width) + "," + std::to_string(job.size.length);
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
    // --braid: after the maker, on its RND. Share 0 opens nothing and draws nothing, so
    // its count of dead ends (a look at every cell, as long as the walk) is skipped.
    if (job.braid > 0) core::braid(*maze, job.braid, rnd, mask);
    if (auto st = out.add(*maze, markers, n); !st) return report(st);
  }
  return report(out.finish());
}

// Prints the 1978 walk's maze as the listing does: `header` (the transcript's dialogue, or
// nothing), the top border, then the rows -- or, when the listing stopped (`stopped` is its
// line), the machine's `stop_text` after the border (transcript only) and `explanation` on
// stderr. `wrap` is the machine's line width (0: never wrapped).
int print_walk(const core::Maze& maze, int stopped, const std::string& header, int wrap,
               const std::string& stop_text, const std::string& explanation) {
  StdoutWriter out(Bytes::kProgram);  // a terminal gets it made visible
  const bool transcript = !header.empty();
  out.write(header);
  core::TextRenderer renderer(wrap);
  renderer.top(maze, out.buffer());  // the listing prints it before the walk
  if (stopped && transcript) out.write(stop_text);
  for (int r = 0; r < maze.height() && !stopped; ++r) {
    renderer.row(maze, r, out.buffer());
    out.maybe_flush();
  }
  if (!out.finish()) {
    std::fprintf(stderr, "amazing gen: write error: could not write the maze to standard output\n");
    return kExitIo;
  }
  if (stopped) {
    print_error("gen", explanation);
    return kExitProgramStopped;
  }
  return kExitOk;
}

// The listing out of the C64's memory at `line` (--transcript): what it printed (stdout),
// and why (stderr), exit 3, as the basic engine ends then.
int c64_out_of_memory(const Job& opt, int line, const core::Maze* maze) {
  StdoutWriter out(Bytes::kProgram);
  out.write(c64_out_of_memory_transcript(line, maze));
  if (!out.finish()) {
    std::fprintf(stderr, "amazing gen: write error: could not write to standard output\n");
    return kExitIo;
  }
  print_error("gen", "the 1978 listing runs out of the C64's memory at " + std::to_string(opt.size.width) +
                         "x" + std::to_string(opt.size.length) + ": ?OUT OF MEMORY  ERROR IN " +
                         std::to_string(line) + "; use --machine pc for bigger mazes");
  return kExitOutOfMemory;
}

// The native engine on the Commodore 64: the walk drawing from C64Rnd, in the C64's memory.
int run_native_c64(const Job& opt) {
  core::Ram ram(kC64FreeBytes);
  core::C64Rnd rnd;
  if (opt.seed && !rnd.seed_statement(*opt.seed)) {
    print_error("gen",
                "--seed 0 on the c64 machine would be X=RND(-(0)), which reads the "
                "C64's clock; give a seed other than 0");
    return kExitUsage;
  }
  // The transcript is the listing's run, which may end out of memory; the maze rows alone
  // are the maze store's (as the lua engine's).
  const int oom = opt.transcript ? core::c64_out_of_memory_line(opt.variant, opt.size.width,
                                                                opt.size.length, opt.seed)
                                 : 0;
  if (oom != 0 && oom < 195) return c64_out_of_memory(opt, oom, nullptr);  // before the border
  auto run = core::run_amazing(ram, opt.size.width, opt.size.length, opt.variant, rnd);
  if (!run) {
    print_error("gen", c64_too_big(opt.size.width, opt.size.length));
    return kExitOutOfMemory;
  }
  const int stopped = run->stats.stopped_at_line;
  // Line 195 makes C before W(X,1)=C can be out of range; the walk's stop at 1012
  // (fixed-exit) comes before J is made at 1015.
  if (oom != 0 && (stopped == 0 || oom <= stopped)) return c64_out_of_memory(opt, oom, &run->maze);
  // The C64's error: a line end first, then the message (no line end after it).
  return print_walk(run->maze, stopped, opt.transcript ? c64_transcript_header() : "", 0,
                    "\n?BAD SUBSCRIPT  ERROR IN " + std::to_string(stopped),
                    "the listing stops at line " + std::to_string(stopped) +
                        " with ?BAD SUBSCRIPT ERROR: INT(RND(1)*" + std::to_string(opt.size.width) +
                        "+1) came out " + std::to_string(opt.size.width + 1) + ", outside DIM W(" +
                        std::to_string(opt.size.width) + ",...)");
}

// The listing's run that stopped (--transcript): what it printed (stdout), then `why`
// (stderr) and `status`, as the basic engine ends then.
int pc_stopped(const std::string& transcript, const std::string& why, int status) {
  StdoutWriter out(Bytes::kProgram);
  out.write(transcript);
  if (!out.finish()) {
    std::fprintf(stderr, "amazing gen: write error: could not write to standard output\n");
    return kExitIo;
  }
  print_error("gen", why);
  return status;
}

// The listing out of GW-BASIC's memory at `line`: exit 3.
int pc_out_of_memory(const Job& opt, int line, const core::Maze* maze) {
  return pc_stopped(pc_out_of_memory_transcript(typed_size(opt), line, maze),
                    "the 1978 listing runs out of GW-BASIC's memory (60300 bytes) at " +
                        std::to_string(opt.size.width) + "x" + std::to_string(opt.size.length) +
                        ": Out of memory in " + std::to_string(line) +
                        "; --ram SIZE gives the machine that much memory instead (--ram 1M)",
                    kExitOutOfMemory);
}

int run_native(const Job& opt) {
  if (opt.machine == MachineKind::kC64) return run_native_c64(opt);
  if (opt.transcript && pc_dim_overflows(opt))
    return pc_stopped(pc_overflow_transcript(typed_size(opt)),
                      "the listing stopped with a BASIC error: Overflow in 110",
                      kExitProgramStopped);
  // The transcript is the listing's run, which may end out of GW-BASIC's memory; the maze
  // rows alone are the maze store's (as on the c64).
  const int oom = opt.transcript ? pc_out_of_memory_line(opt) : 0;
  if (oom != 0 && oom < 195) return pc_out_of_memory(opt, oom, nullptr);  // before the border
  core::Ram ram(opt.ram);
  core::GwRnd rnd;
  if (opt.seed) rnd.randomize(*opt.seed);
  auto run = core::run_amazing(ram, opt.size.width, opt.size.length, opt.variant, rnd);
  if (!run) {
    print_error("gen", run.error().message);
    return kExitOutOfMemory;
  }
  const int stopped = run->stats.stopped_at_line;
  if (oom != 0 && (stopped == 0 || oom <= stopped)) return pc_out_of_memory(opt, oom, &run->maze);
  std::string header;
  if (opt.transcript) {
    header = core::transcript_header(std::to_string(opt.size.width) + "," +
                                     std::to_string(opt.size.length));
  }
  return print_walk(run->maze, stopped, header, opt.transcript ? 80 : 0,
                    core::basic_stop_message(stopped) + "\n",
                    core::explain_stop(stopped, opt.size.width));
}

// compare: the pc machine's dialogue (native_dialogue) with the typed lines.
Result<std::string> native_dialogue_transcript(const TranscriptRequest& r) {
  const Job& job = r.job;
  std::string joined;
  for (const auto& line : r.typed) joined += line + "\n";
  std::istringstream in(joined);
  NativeDialogue how;
  how.variant = job.variant;
  how.seed = job.seed;
  how.ram = job.ram;
  how.machine_memory = !job.has("--ram");
  how.echo = true;  // as PC-BASIC shows typed input
  std::string out, complaint;
  int code = native_dialogue(
      how, in, [&out](std::string_view t) { out += t; },
      [&complaint](std::string_view t) { complaint += t; });
  if (code == kExitOutOfMemory) return Error{complaint};
  return out;  // an input that ends at the prompt ends the transcript there, as PC-BASIC's
}

Result<std::string> native_c64_transcript(const TranscriptRequest& r) {
  const Job& job = r.job;
  core::Ram ram(kC64FreeBytes);
  core::C64Rnd rnd;
  if (job.seed && !rnd.seed_statement(*job.seed)) return Error{"--seed 0 reads the C64's clock"};
  const Size& size = job.size;
  const int oom = core::c64_out_of_memory_line(job.variant, size.width, size.length, job.seed);
  if (oom != 0 && oom < 195) return c64_out_of_memory_transcript(oom, nullptr);
  auto run = core::run_amazing(ram, size.width, size.length, job.variant, rnd);
  if (!run) return run.error();
  const int stopped = run->stats.stopped_at_line;
  if (oom != 0 && (stopped == 0 || oom <= stopped))  // as gen's run_native_c64
    return c64_out_of_memory_transcript(oom, &run->maze);
  std::string out = c64_transcript_header();
  core::TextRenderer renderer(0);
  if (int line = stopped) {
    renderer.top(run->maze, out);
    return out + "\n?BAD SUBSCRIPT  ERROR IN " + std::to_string(line);
  }
  renderer.all(run->maze, out);
  return out;
}

Result<std::string> native_transcript(const TranscriptRequest& r) {
  const Job& job = r.job;
  if (job.machine == MachineKind::kC64) return native_c64_transcript(r);
  if (r.typed.size() != 1 || r.typed[0] != typed_size(job)) return native_dialogue_transcript(r);
  if (pc_dim_overflows(job)) return pc_overflow_transcript(typed_size(job));
  const int oom = pc_out_of_memory_line(job);
  if (oom != 0 && oom < 195) return pc_out_of_memory_transcript(typed_size(job), oom, nullptr);
  core::Ram ram(job.ram);
  core::GwRnd rnd;
  if (job.seed) rnd.randomize(*job.seed);
  auto run = core::run_amazing(ram, job.size.width, job.size.length, job.variant, rnd);
  if (!run) return run.error();
  if (oom != 0 && (run->stats.stopped_at_line == 0 || oom <= run->stats.stopped_at_line))
    return pc_out_of_memory_transcript(typed_size(job), oom, &run->maze);
  std::string out = core::transcript_header(typed_size(job));
  core::TextRenderer renderer(80);
  if (int line = run->stats.stopped_at_line) {
    renderer.top(run->maze, out);
    return out + core::basic_stop_message(line) + "\n";
  }
  renderer.all(run->maze, out);
  return out;
}

// The exit code after the last write: kExitIo, with a message, when standard output did
// not take everything (a full disk, a closed descriptor), otherwise `code`.
int finish(StdoutWriter& writer, int code) {
  if (writer.flush() && std::fflush(stdout) == 0 && !std::ferror(stdout)) return code;
  std::fprintf(stderr, "amazing: write error: the maze could not be written to standard "
                       "output (disk full, or the output closed?)\n");
  return kExitIo;
}


}  // namespace

namespace {

using Write = std::function<void(std::string_view)>;

// Lines 100-110: the answers to WHAT ARE YOUR WIDTH AND LENGTH? until the listing goes on
// with a whole size (and where GW-BASIC's memory will stop it), or the exit status of a
// run that ended there (the input ended, a BASIC error, out of memory).
struct SizeAsked {
  int width = 0;
  int length = 0;
  int out_of_memory = 0;  // where the listing's run stops out of GW-BASIC's memory; 0: none
  std::optional<int> ended;
};

SizeAsked ask_size(const NativeDialogue& how, std::istream& in, core::GwRnd& rnd,
                   const Write& write, const Write& complain) {
  const core::Variant variant = how.variant;
  const std::size_t ram_bytes = how.ram;
  int out_of_memory = 0;
  for (;;) {
    write(core::kPrompt);
    std::string line;
    machine::LineRead got = machine::read_capped_line(in, line, machine::kMaxInputLine);
    if (got != machine::LineRead::kLine) {
      // PC-BASIC prints nothing more when the input ends at INPUT: the prompt stays as is.
      if (got == machine::LineRead::kTooLong) {
        complain("\namazing: the answer is longer than " +
                 std::to_string(machine::kMaxInputLine) +
                 " characters without a line end; type the width and length, such as 10,12, "
                 "and Enter\n");
        return SizeAsked{.ended = kExitUsage};
      }
      if (in.bad()) {
        complain("\namazing: " + std::string(machine::kStdinUnreadable) + "\n");
        return SizeAsked{.ended = kExitUsage};
      }
      // The program stops silently, as a program that ran to its END (exit_status.hpp).
      complain("\namazing: the input ended before a width and length were given\n");
      return SizeAsked{.ended = kExitOk};
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    // The typed line shown back: control characters as escapes, never raw to the terminal.
    if (how.echo) write(core::printable(line) + "\n");
    // Line 100: INPUT ...;H,V wants exactly two numbers, read as INPUT reads them.
    static constexpr machine::FieldKind kTwo[] = {machine::FieldKind::kNumber,
                                                  machine::FieldKind::kNumber};
    machine::InputLine read = machine::read_input_line(line, kTwo);
    // A typed number past a single's range: INPUT warns as it reads the field (also when
    // the line is then redone: `1E39` alone), and takes the largest single.
    const int warnings = read.read_overflows + read.assign_overflows();
    for (int k = 0; k < warnings; ++k) write("Overflow\n");
    if (!read.values) {
      write(std::string(core::kRedo) + "\n");
      continue;
    }
    const auto& values = read.values;
    const float h = static_cast<float>((*values)[0].number);
    const float v = static_cast<float>((*values)[1].number);
    // Line 102.
    if (h == 1 || v == 1) {
      write(std::string(core::kMeaningless) + "\n");
      continue;
    }
    // Line 110, DIM W(H,V): the subscripts are rounded to integers.
    const long hn = std::lround(h), vn = std::lround(v);
    if (hn > 32767 || vn > 32767 || hn < -32768 || vn < -32768) {
      write("Overflow in 110\xFF\n");
      return SizeAsked{.ended = kExitProgramStopped};
    }
    if (hn < 0 || vn < 0) {
      write("Illegal function call in 110\xFF\n");
      return SizeAsked{.ended = kExitProgramStopped};
    }
    // GW-BASIC's memory: line 110's arrays, or a variable made after them, may not fit.
    if (how.machine_memory)
      out_of_memory = core::gw_out_of_memory_line(variant, static_cast<int>(hn),
                                                   static_cast<int>(vn), how.seed);
    if (out_of_memory == 110) {
      write("Out of memory in 110\xFF\n");
      return SizeAsked{.ended = kExitOutOfMemory};
    }
    if (h >= 2 && v >= 2 && h == std::floor(h) && v == std::floor(v)) {
      return SizeAsked{.width = static_cast<int>(h),
                       .length = static_cast<int>(v),
                       .out_of_memory = out_of_memory,
                       .ended = std::nullopt};
    }
    out_of_memory = 0;  // a size the listing stops on before it makes a variable
    // Anything else (0, an empty field, a fraction) runs on as the listing runs, to its
    // BASIC error; the arrays are no bigger than the nibble store holds for a real maze.
    // With a --ram of the user's own, whether the machine holds the arrays is decided as
    // for a whole size: by its RAM and the nibble store.
    {
      core::Ram probe_ram(ram_bytes);
      auto probe = core::Maze::create(probe_ram, static_cast<int>(std::max(hn, 2L)),
                                      static_cast<int>(std::max(vn, 2L)));
      if (!probe) {
        complain(probe.error().message + "\n");
        return SizeAsked{.ended = kExitOutOfMemory};
      }
    }
    std::string printed;
    const core::ListingEnd end = core::listing_walk(h, v, variant, rnd, printed);
    write(printed);
    if (end.kind == core::ListingEnd::kEnded) return SizeAsked{.ended = kExitOk};
    if (end.kind == core::ListingEnd::kTooLong) {
      complain("amazing: the 1978 program walks on without end for this size\n");
      return SizeAsked{.ended = kExitLimit};
    }
    write(end.message() + "\xFF\n");
    return SizeAsked{.ended = kExitProgramStopped};
  }
}

// Lines 120 on: the maze for the size asked, from where the RND stands; the exit status.
int print_maze(const NativeDialogue& how, const SizeAsked& size, core::GwRnd& rnd,
               const Write& write, const Write& complain) {
  const int out_of_memory = size.out_of_memory;
  write("\n\n\n\n");
  const std::string memory_error = "Out of memory in " + std::to_string(out_of_memory) + "\xFF\n";
  if (out_of_memory != 0 && out_of_memory < 195) {  // lines 160, 165: before the top border
    write(memory_error);
    return kExitOutOfMemory;
  }

  core::Ram ram(how.ram);
  auto run = core::run_amazing(ram, size.width, size.length, how.variant, rnd);
  if (!run) {
    complain(run.error().message + "\n");
    return kExitOutOfMemory;
  }
  std::string buffer;
  core::TextRenderer renderer(80);
  renderer.top(run->maze, buffer);
  const int stopped = run->stats.stopped_at_line;
  if (out_of_memory != 0 && (stopped == 0 || out_of_memory <= stopped)) {
    write(buffer + memory_error);
    return kExitOutOfMemory;
  }
  if (int line = run->stats.stopped_at_line) {
    // As the 1978 program does (unreachable in 48K from power-on, but not in more RAM).
    write(buffer + core::basic_stop_message(line) + "\n");
    return kExitProgramStopped;
  }
  for (int r = 0; r < run->maze.height(); ++r) {
    renderer.row(run->maze, r, buffer);
    if (buffer.size() >= StdoutWriter::kFlushAt) write(buffer), buffer.clear();
  }
  write(buffer);
  return kExitOk;
}

}  // namespace

int native_dialogue(const NativeDialogue& how, std::istream& in, const Write& write,
                    const Write& complain) {
  std::string out;
  out += std::string(core::kBannerTitleTab - 1, ' ') + std::string(core::kBannerTitle) + "\n";
  out += std::string(core::kBannerCreditTab - 1, ' ') + std::string(core::kBannerCredit) + "\n";
  out += "\n\n\n\n";
  write(out);
  core::GwRnd rnd;
  if (how.seed) rnd.randomize(*how.seed);
  const SizeAsked size = ask_size(how, in, rnd, write, complain);
  if (size.ended) return *size.ended;
  return print_maze(how, size, rnd, write, complain);
}

namespace {

// The plain dialogue on standard input and output; a failed write is an error (exit 4).
int run_dialogue(const Job& job) {
  const core::Variant variant = job.variant;
  const std::optional<int16_t> seed = job.seed;
  const std::size_t ram_bytes = job.ram;
  NativeDialogue how;
  how.variant = variant;
  how.seed = seed;
  how.ram = ram_bytes;
  how.machine_memory = !job.has("--ram");
  how.echo = !isatty(STDIN_FILENO);  // a terminal echoes what is typed by itself
  StdoutWriter writer;
  const int code = native_dialogue(
      how, std::cin,
      [&writer](std::string_view text) {
        writer.write(text);
        writer.flush();  // the prompt shows before the answer is read
      },
      [&writer](std::string_view text) {
        writer.flush();
        std::fputs(std::string(text).c_str(), stderr);
      });
  return finish(writer, code);
}

// play: mazes made by a generator of core/generators (job.algorithm), each in its own RAM.
tui::MazeFactory generator_factory(const PlayMazes& request) {
  auto state = std::make_shared<SeedStream>(seed_stream(request));
  return [state, job = request.job](const tui::MazeRequest& req) -> core::Result<tui::OwnedMaze> {
    core::GwRnd r = state->begin(req);
    const tui::Recipe recipe{.width = job.size.width,
                             .height = job.size.length,
                             .ram = job.ram,
                             .algorithm = job.algorithm,
                             .start = r};
    auto ram = std::make_shared<core::Ram>(job.ram);
    auto maze = core::Maze::create(*ram, job.size.width, job.size.length);
    if (!maze) return maze.error();
    {
      auto gen = core::make_generator(job.algorithm, *maze, r, {});
      if (!gen) return gen.error();
      (*gen)->run();
    }
    core::braid(*maze, job.braid, r);
    state->rnd = r;
    // A braided maze's making is not replayed (the replay ends at the maker's maze).
    return tui::OwnedMaze{ram, std::move(maze).value(), state->current_seed,
                          job.braid > 0 ? std::nullopt : std::optional(recipe)};
  };
}

// play: the native 1978 walk, each maze in its own RAM of the machine's size; "the same
// start" replays the state that made the current maze (its seed in another revision).
tui::MazeFactory walk_factory(const PlayMazes& request) {
  auto state = std::make_shared<SeedStream>(seed_stream(request));
  return [state, job = request.job](const tui::MazeRequest& req) -> core::Result<tui::OwnedMaze> {
    core::GwRnd r = state->begin(req);
    const tui::Recipe recipe{.width = job.size.width,
                             .height = job.size.length,
                             .ram = job.ram,
                             .variant = req.variant,
                             .start = r};
    auto ram = std::make_shared<core::Ram>(job.ram);
    auto maze = core::generate_amazing(*ram, job.size.width, job.size.length, req.variant, r);
    if (!maze) return maze.error();
    core::braid(*maze, job.braid, r);
    state->rnd = r;
    return tui::OwnedMaze{ram, std::move(maze).value(), state->current_seed,
                          job.braid > 0 ? std::nullopt : std::optional(recipe)};
  };
}

// play --machine c64: the native walk on the C64's RND, each maze in the C64's 38911 bytes.
tui::MazeFactory c64_factory(const PlayMazes& request) {
  const PlayStart& s = request.start;
  auto state = std::make_shared<C64SeedStream>(
      C64SeedStream{s.c64_rnd, s.c64_made_from, request.job.seed, s.first});
  return [state,
          size = request.job.size](const tui::MazeRequest& req) -> core::Result<tui::OwnedMaze> {
    core::C64Rnd r = state->begin(req);
    // r and play --watch make it again from this state, on the C64's RND (watch.hpp).
    const tui::Recipe recipe{.width = size.width,
                             .height = size.length,
                             .ram = kC64FreeBytes,
                             .variant = req.variant,
                             .c64_start = r};
    auto ram = std::make_shared<core::Ram>(kC64FreeBytes);
    auto run = core::run_amazing(*ram, size.width, size.length, req.variant, r);
    if (!run) return core::Error{c64_too_big(size.width, size.length)};
    if (int line = run->stats.stopped_at_line)
      return core::Error{"?BAD SUBSCRIPT  ERROR IN " + std::to_string(line) +
                         ": the 1978 program stops on this maze on the C64 (its RND came "
                         "out at the top of its range); another seed avoids it"};
    state->rnd = r;
    return tui::OwnedMaze{ram, std::move(run->maze), state->current_seed, recipe};
  };
}
// play's mazes: the c64 machine's walk, the 1978 walk or another maker on the pc.
tui::MazeFactory play_native(const PlayMazes& request) {
  if (request.job.machine == MachineKind::kC64) return c64_factory(request);
  return request.job.algorithm == "amazing" ? walk_factory(request) : generator_factory(request);
}

}  // namespace


EngineInfo native_engine() {
  EngineInfo e{EngineKind::kNative, "native", "built-in C++, the default", true, true,
               refuse_native};
  e.make_mazes = make_native;
  e.print_session = run_native;
  e.transcript = native_transcript;
  e.dialogue = run_dialogue;
  e.play_mazes = play_native;
  e.dialogue_on = machine_bit(MachineKind::kPc);
  return e;
}

}  // namespace amazing::cli
