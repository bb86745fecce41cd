// The basic engine: the listing itself (roms/, or --rom FILE) on the built-in BASIC
// interpreter (basic_transcript); the host reads the maze it prints
// back into the nibble store when gen wants another form.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>

#include "basic/listing.hpp"
#include "basic/program.hpp"
#include "basic/run.hpp"
#include "cli/commands.hpp"
#include "cli/ctrl_c.hpp"
#include "cli/engine.hpp"
#include "cli/job.hpp"
#include "cli/make_mazes.hpp"
#include "cli/output.hpp"
#include "cli/pace.hpp"
#include "core/amazing_walk.hpp"
#include "core/ram.hpp"
#include "core/render.hpp"
#include "machine/machine.hpp"

namespace amazing::cli {
namespace {

// The output of gen/compare is held in memory: at most this, or what the maze itself
// prints at its size (about 6 bytes a cell) with a wide margin.
constexpr std::size_t kMinHeldOutput = 16u << 20;
constexpr std::size_t kMaxHeldOutput = 1u << 30;

// The BASIC error that ended a listing's run (basic_transcript), if one did.
struct BasicStop {
  std::string error;  // "Subscript out of range in 195"; empty: the listing ended normally
  int line = -1;
  // The c64 listing ran out of the C64's memory (?OUT OF MEMORY, printed in the
  // transcript as the C64 printed it); `error` says what did not fit.
  bool out_of_memory = false;
};
// Where the maze alone starts in what the listing printed for `answer`: after the echoed
// answer and the four PRINTs of lines 120-150 (on the C64 the answer is not echoed: what
// follows the prompt's cursor-right). npos while the answer has not been echoed.
std::size_t maze_start(const std::string& printed, bool c64, const std::string& answer) {
  const std::string echo = c64 ? "?\x1b[C\n" : "? " + answer + "\n";
  const std::size_t at = printed.rfind(echo);
  if (at == std::string::npos) return at;
  std::size_t pos = at + echo.size();
  for (int blank = 0; blank < 4 && pos < printed.size() && printed[pos] == '\n'; ++blank) ++pos;
  return pos;
}

// --speed original: what the listing prints is written as it runs (gen), from the start
// of the part the job wants (the maze alone starts once the answer is echoed and a
// character follows the blank lines).
struct PacedStream {
  std::function<bool(std::string_view)> write;
  std::size_t written = 0;  // bytes of the wanted part written so far
  std::optional<std::size_t> from;
  bool ok = true;
  void show(const std::string& printed, bool whole, bool c64, const std::string& answer) {
    if (!from) {
      const std::size_t at = whole ? 0 : maze_start(printed, c64, answer);
      if (at == std::string::npos || (!whole && at >= printed.size())) return;
      from = at;
    }
    if (ok && printed.size() > *from + written) {
      ok = write(std::string_view(printed).substr(*from + written));
      written = printed.size() - *from;
    }
  }
};

// The job's listing: --rom FILE, or the --variant listing found in roms/. `note` (when
// given) gets a line for stderr when it is not one of the known listings, else "".
Result<basic::Listing> job_listing(const Job& job, std::string* note) {
  Result<basic::Listing> listing =
      job.rom.empty() ? basic::find_listing(job.variant) : basic::load_listing(job.rom);
  if (listing && note)
    *note = listing->variant
                ? ""
                : listing->path + " is not one of the known AMAZING listings (sha256 " +
                      listing->sha256 + "); running it anyway";
  return listing;
}

// What the listing prints for W,L typed at its prompt: the whole transcript (80 columns)
// or the maze alone (unwrapped). `note` gets a line for stderr when the listing is not a
// known one.
// A listing that stops on a BASIC error gives its output (the error line in a transcript)
// and fills *stop; the step limit and the output cap are errors.
// `typed`: the lines typed at the listing's prompts (empty: the job's "W,L").
// `stream`: with --speed original, the output so far is written there as the listing runs;
// the text returned is still all of it.
Result<std::string> basic_transcript(const Job& job, const std::vector<std::string>& typed,
                                     std::string* listing_note, BasicStop* stop = nullptr,
                                     PacedStream* stream = nullptr) {
  const bool c64 = job.machine == MachineKind::kC64;
  const int width = job.size.width, length = job.size.length;
  Result<basic::Listing> listing = job_listing(job, listing_note);
  if (!listing) return listing.error();
  basic::BatchOptions options;
  options.seed = job.seed;
  options.input =
      typed.empty() ? std::vector<std::string>{std::to_string(width) + "," + std::to_string(length)}
                    : typed;
  options.width = job.transcript ? 80 : 0;
  options.ram = basic_ram(job);
  options.gw_memory = !job.has("--ram");
  if (c64) options.dialect = basic::Dialect::kC64;
  options.max_steps =
      job.lua.max_steps_given ? job.lua.limits.max_steps : basic_default_steps(width, length);
  uint64_t cells = static_cast<uint64_t>(std::max(width, 0) + 1) *
                   static_cast<uint64_t>(std::max(length, 0) + 1);
  Pacer pacer(host_pace_clock(), &g_break);  // --speed original: the machine's own pace
  if (job.speed == Speed::kOriginal)
    options.pace = [&](double seconds, const std::string& printed) {
      if (stream) stream->show(printed, job.transcript, c64, options.input[0]);
      pacer.pace(seconds);
    };
  options.max_output = static_cast<std::size_t>(
      std::clamp<uint64_t>(cells * 16 + (1u << 20), kMinHeldOutput, kMaxHeldOutput));
  basic::BatchRun run = basic::run_batch(listing->text, options);
  if (!run.parsed) return Error{listing->path + ": " + run.load_error};
  if (run.result.outcome == basic::Outcome::kError &&
      run.result.error.code == basic::ErrorCode::kOutOfMemory && !run.result.detail.empty()) {
    if (!c64) return Error{run.result.detail, core::ErrorKind::kOutOfMemory};
    // The C64 prints ?OUT OF MEMORY  ERROR IN 110 itself: its transcript shows it.
    if (stop) *stop = BasicStop{run.result.detail, run.result.error.line, true};
    return job.transcript ? run.output : std::string();
  }
  if (run.result.outcome == basic::Outcome::kStepLimit) {
    return Error{"the listing ran past the step limit (" + std::to_string(options.max_steps) +
                     " statements) without finishing; raise it with --max-steps N, or 0 for none",
                 core::ErrorKind::kLimit};
  }
  if (run.output_limited) {
    return Error{"the listing printed more than " + std::to_string(options.max_output >> 20) +
                     " MB, more than any maze of this size; stopped",
                 core::ErrorKind::kLimit};
  }
  if (stop && run.result.outcome == basic::Outcome::kError) {
    stop->error = run.result.error.text();
    stop->line = run.result.error.line;
  }
  if (job.transcript) return run.output;
  const std::size_t pos = maze_start(run.output, c64, options.input[0]);
  return pos == std::string::npos ? run.output : run.output.substr(pos);
}

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
  // What the listing printed: its bytes, or made visible on a terminal; with --speed
  // original written as it is printed.
  machine::ProgramStdout out;
  PacedStream stream;
  stream.write = [&out](std::string_view t) { return out.write(t) && std::fflush(stdout) == 0; };
  auto text =
      basic_transcript(job, {}, &note, &stop, job.speed == Speed::kOriginal ? &stream : nullptr);
  const int width = job.size.width;
  if (!note.empty()) print_error("gen", note);
  if (!text) {
    print_error("gen", text.error().message);
    return exit_status(ending_of(text.error()));
  }
  const std::string_view rest =
      std::string_view(*text).substr(std::min(stream.written, text->size()));
  if (!stream.ok || !out.write(rest) || !out.finish() || std::fflush(stdout) != 0) {
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

// The bare command without a terminal, --engine basic: the listing itself on the
// interpreter, each INPUT reading a line of standard input, as `amazing basic LISTING`
// runs it in batch; with --speed original at the machine's pace.
int run_basic_dialogue(const Job& job) {
  std::string note;
  Result<basic::Listing> listing = job_listing(job, &note);
  if (!listing) {
    print_error("", listing.error().message);
    return kExitUsage;
  }
  if (!note.empty()) print_error("", note);
  auto program = basic::parse_program(listing->text, job.machine);
  if (!program) {
    print_error("", listing->path + ": " + program.error().message);
    return kExitUsage;
  }
  StdioRun how;
  how.command = "";
  how.max_steps = basic_steps_for_ram(job.has("--ram") ? job.ram : 0);
  how.steps_option = false;
  how.width = job.machine == MachineKind::kC64 ? 0 : 80;
  // A terminal echoes what is typed by itself.
  how.echo = !isatty(STDIN_FILENO) && machine::describe(job.machine).echoes_typed;
  return run_program_on_stdio(job, listing->text, std::move(*program), how);
}

}  // namespace

EngineInfo basic_engine() {
  EngineInfo e{EngineKind::kBasic,
               "basic",
               "the original listing on the built-in BASIC interpreter",
               true,
               true,
               refuse_basic};
  e.make_mazes = make_basic;
  e.print_session = run_basic_gen;
  e.transcript = basic_engine_transcript;
  e.dialogue = run_basic_dialogue;
  e.dialogue_on = machine_bit(MachineKind::kPc) | machine_bit(MachineKind::kC64);
  return e;
}

}  // namespace amazing::cli
