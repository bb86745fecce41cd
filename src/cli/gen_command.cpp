// amazing gen: one maze to stdout, the maze alone or the whole transcript of the program.

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/args.hpp"
#include "cli/cli11_help.hpp"
#include "cli/job.hpp"
#include "cli/make_mazes.hpp"
#include "cli/commands.hpp"
#include "cli/daily.hpp"
#include "cli/lua_engine.hpp"
#include "cli/output.hpp"
#include "cli/picture_output.hpp"
#include "core/amazing_text.hpp"
#include "core/amazing_walk.hpp"
#include "core/c64_rnd.hpp"
#include "core/generators/generator.hpp"
#include "core/listing_memory.hpp"
#include "core/ram.hpp"
#include "core/render.hpp"

namespace amazing::cli {
namespace {

constexpr const char* kGenIntro =
    "Prints one maze of AMAZING (BASIC Computer Games, 1978), exactly as the original "
    "program prints it for the same random numbers; or mazes of the other algorithms, from "
    "any engine, in text, unicode, json or as pictures.";

constexpr const char* kGenFooter =
    "Output is the maze rows only, top border to last row, LF line ends, never wrapped.\n"
    "Exit status: 0 done, 1 a script published a maze that is not a proper maze or not "
    "the --size, --mask and --starts asked for (the message names the cell), 2 bad option or size, or an option the engine or machine cannot "
    "honour (nothing is written to standard output), 3 the maze does not fit in --ram, 4 "
    "write error, 5 the 1978 program stops with \"Subscript out of range\" for this RND "
    "stream and size (its RND at state 0xFFFFFF picks column W+1; W a power of two): what it "
    "printed up to there is written (the top border; with --transcript the error line too). "
    "Every engine: 5 also for any other BASIC error that stops the listing, 3 when it runs "
    "out of the machine's memory (?OUT OF MEMORY), 6 when --max-steps or --lua-mem stops "
    "the run; a Lua script that fails exits 65 (syntax) or 70 (run-time error); 130 "
    "Ctrl-C. The same statuses on every command: see 'amazing --help'.\n"
    "ARG... after -- go to a Lua script (--engine lua) as its arg table: arg[0] the "
    "script, arg[1] the first ARG; a script refuses what it cannot use with "
    "amazing.refuse (exit 2), and amazing.log writes a line to standard error.\n"
    "--output FILE is written beside FILE first and takes its place when the run ends with "
    "its maze (exit 0, or 5 with what the listing printed); any other end, Ctrl-C or a "
    "signal included, leaves an old FILE exactly as it was. A device or FIFO is written "
    "directly.";

}  // namespace

std::string c64_too_big(int width, int length) {
  return "?OUT OF MEMORY: a " + std::to_string(width) + "x" + std::to_string(length) +
         " maze needs " + std::to_string(core::Maze::bytes_for(width, length)) +
         " bytes for its maze store; the c64 machine has " + std::to_string(kC64FreeBytes) +
         " bytes (the lua engine " + std::to_string(kC64FreeBytes - 1000) +
         " after the 1000 of its screen; see --machine in 'amazing gen --help'); use "
         "--machine pc for bigger mazes";
}

std::string c64_out_of_memory_transcript(int line, const core::Maze* maze) {
  std::string out = c64_transcript_header();
  constexpr std::string_view kLines120To150 = "\n\n\n\n";  // the header's last four lines
  if (line == 110) out.resize(out.size() - kLines120To150.size());
  if (maze != nullptr) core::TextRenderer(0).top(*maze, out);
  return out + "\n?OUT OF MEMORY  ERROR IN " + std::to_string(line);
}

namespace {

// What the pc's listing printed when GW-BASIC's `error` stopped it at `line`.
std::string pc_stopped_transcript(std::string_view typed, std::string_view error, int line,
                                  const core::Maze* maze) {
  std::string out = core::transcript_header(typed);
  constexpr std::string_view kLines120To150 = "\n\n\n\n";  // the header's last four lines
  if (line == 110) out.resize(out.size() - kLines120To150.size());
  if (maze != nullptr) core::TextRenderer(80).top(*maze, out);
  return out + std::string(error) + " in " + std::to_string(line) + "\xFF\n";
}

}  // namespace

std::string pc_out_of_memory_transcript(std::string_view typed, int line, const core::Maze* maze) {
  return pc_stopped_transcript(typed, "Out of memory", line, maze);
}

bool pc_dim_overflows(const Job& job) {
  return job.size.width > 32767 || job.size.length > 32767;
}

std::string pc_overflow_transcript(std::string_view typed) {
  return pc_stopped_transcript(typed, "Overflow", 110, nullptr);
}

int pc_out_of_memory_line(const Job& job) {
  if (job.has("--ram")) return 0;
  return core::gw_out_of_memory_line(job.variant, job.size.width, job.size.length, job.seed);
}

std::string c64_transcript_header() {
  auto rights = [](int n) {
    std::string s;
    for (int i = 0; i < n; ++i) s += "\x1b[C";
    return s;
  };
  return rights(core::kBannerTitleTab) + std::string(core::kBannerTitle) + "\n" +
         rights(core::kBannerCreditTab) + std::string(core::kBannerCredit) + "\n" + "\n\n\n\n" +
         "WHAT ARE YOUR WIDTH AND LENGTH?" + rights(1) + "\n" + "\n\n\n\n";
}

static int run_gen(int argc, char** argv) {
  Job job;
  CLI::App app;
  use_help_layout(app, "gen", {"amazing gen --size WxL [options] [-- ARG...]", kGenIntro, kGenFooter});
  add_job_options(app, job, kGenOptions);
  bool daily = false;
  add_daily_option(app, daily);
  std::vector<std::string> arguments;
  if (auto code = parse_command_line(app, "gen", argc, argv, 2, arguments,
                                     &job.lua.script_args))
    return *code;
  if (daily) {
    if (auto why = apply_daily(job); !why.empty()) {
      print_error("gen", why);
      return kExitUsage;
    }
  }
  // A script of the user's is Lua: --script or --scripts without --engine means --engine lua.
  if (!job.has("--engine") && (job.lua.script_file || job.lua.scripts_dir))
    job.engine = EngineKind::kLua;
  std::string why = refusal(job);
  if (!why.empty() && daily) why = "--daily (" + daily_summary(job, *daily_date()) + "): " + why;
  if (why.empty() && !arguments.empty())
    why = "unexpected argument '" + shown(arguments.front()) + "' (see 'amazing gen --help')";
  if (why.empty() && job.size.width == 0 && job.mask_file.empty())
    why = "--size WxL is required, for example: amazing gen --size 10x12";
  if (!why.empty()) {
    print_error("gen", why);
    return kExitUsage;
  }
  if (!choose_difficulty_seed(job, "gen")) return kExitUsage;
  if (job.output) {
    if (auto st = send_stdout_to(*job.output); !st) {
      print_error("gen", st.error().message);
      return kExitUsage;
    }
  }
  // The program's own session (--transcript, the C64, the listing's text): what the engine
  // printed. Every other run: the engine's mazes, rendered by the host.
  // (The listing's maze in text is what it printed; in another form or with --stats the
  // host reads that text back into the nibble store.)
  const bool session = job.transcript || job.machine == MachineKind::kC64 ||
                       (job.engine == EngineKind::kBasic && job.format == "text" && !job.stats);
  if (!session) return make_mazes(job);
  const EngineInfo& engine = engine_info(job.engine);
  if (!engine.print_session) {  // gen offers only engines that have one
    print_error("gen", std::string(engine.name) + " cannot run gen");
    return kExitUsage;
  }
  return engine.print_session(job);
}

int gen_command(int argc, char** argv) {
  stop_cleanly_on_signals(
      "\namazing gen: stopped (Ctrl-C or a signal); the --output file is left as it was\n");
  int rc = kExitIo;
  try {
    rc = run_gen(argc, argv);
  } catch (...) {  // out of memory (main says so): the old --output file stays
    (void)end_stdout_file(false);
    throw;
  }
  // Only a run that made its output puts it in place of the --output file: done, or the
  // 1978 listing stopped by itself (exit 5) after printing what it printed, which is kept
  // when it is something. Any other end leaves the old file as it was.
  const bool made = rc == kExitOk || (rc == kExitProgramStopped && stdout_file_size() > 0);
  if (auto st = end_stdout_file(made); !st) {
    print_error("gen", st.error().message);
    return kExitIo;
  }
  return rc;
}

}  // namespace amazing::cli
