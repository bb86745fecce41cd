// amazing with no arguments (and stdin/stdout not both a terminal): the original dialogue
// on standard input and output, run by the engine whose row has the machine's dialogue
// (native on the pc, lua on the c64: engine.hpp).

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/args.hpp"
#include "cli/cli11_help.hpp"
#include "cli/commands.hpp"
#include "cli/engine.hpp"
#include "cli/job.hpp"
#include "cli/output.hpp"
#include "core/text.hpp"

namespace amazing::cli {
namespace {

constexpr const char* kDialogueUsage =
    "amazing [--variant V] [--seed N] [--ram SIZE] [--machine M] [--engine E] < answers";

constexpr const char* kDialogueIntro =
    "Without a terminal, amazing runs the 1978 program's dialogue on standard input and "
    "output, exactly as PC-BASIC prints it for the listing: the banner, WHAT ARE YOUR WIDTH "
    "AND LENGTH?, the typed line echoed, and the maze -- or the listing's own message for a "
    "bad answer (?Redo from start, MEANINGLESS DIMENSIONS, Subscript out of range in 195, "
    "...).";

constexpr const char* kDialogueFooter =
    "The play screen's other options (--baud, --algorithm, --script, ...) need a terminal.";

}  // namespace

int dialogue_command(int argc, char** argv) {
  // The job's options (job.hpp), worded for the dialogue.
  Job job;
  CLI::App app;
  use_help_layout(app, "", {kDialogueUsage, kDialogueIntro, kDialogueFooter});
  auto job_option = [&](unsigned which, const char* name, const char* text) {
    add_job_options(app, job, which);
    app.get_option(name)->description(text);
  };
  job_option(kOptVariant, "--variant", "the listing revision: book (default), fixed, fixed-exit");
  job_option(kOptSeed, "--seed",
             "N%=N: RANDOMIZE N% before the program (-32768..32767); without it the RND "
             "starts in its power-on state");
  job_option(kOptRam, "--ram",
             "the machine's memory (default 48K), which decides how large a maze fits");
  job_option(kOptMachine, "--machine",
             "pc (default) or c64: the dialogue as a Commodore 64 printed it (its shared/c64 "
             "recordings): TABs and the space after the prompt's ? as cursor-rights (ESC [ C), "
             "no echo of the answer, its RND (--seed N is X=RND(-(N)), not 0), its INPUT (?REDO "
             "FROM START, ?? for a missing number, ?EXTRA IGNORED) and its 38911 bytes; --ram "
             "is refused");
  job_option(kOptEngine, "--engine",
             "what runs the dialogue: native (the pc's default), lua (the c64's default: "
             "amazing.lua) or basic (the listing itself on the built-in BASIC interpreter, "
             "which --speed original paces to the machine's clock)");
  job_option(kOptRom, "--rom",
             "with --engine basic: run FILE instead of the --variant listing found in roms/");
  job_option(kOptSpeed, "--speed",
             "with --engine basic: warp (default) as fast as the host goes, or original at "
             "the real machine's pace");
  auto refuse = [](const std::string& why) {
    std::fprintf(stderr, "amazing: %s\n", core::printable(why).c_str());
    return kExitUsage;
  };
  // An option of the play screen is named as one, not as unknown: it needs a terminal.
  const std::vector<std::string> play_names = play_option_names();
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--") break;
    const std::string name(arg.substr(0, arg.find('=')));
    if (app.get_option_no_throw(name) == nullptr &&
        std::find(play_names.begin(), play_names.end(), name) != play_names.end())
      return refuse(name +
                    " needs the play screen, which needs a terminal; without one the dialogue "
                    "takes --variant, --seed, --ram, --machine, --engine, --rom and --speed "
                    "(see 'amazing --help')");
  }
  std::vector<std::string> arguments;
  if (auto code = parse_command_line(app, "", argc, argv, 1, arguments)) return *code;
  if (job.machine == MachineKind::kC64 && job.has("--ram"))
    return refuse(
        "--ram is not available with --machine c64 (a Commodore 64 has its 38911 "
        "BASIC bytes); use --machine pc");
  if (job.machine == MachineKind::kC64 && job.seed && *job.seed == 0)
    return refuse(
        "--seed 0 on the c64 machine would be X=RND(-(0)), which reads the C64's "
        "clock; give a seed other than 0");
  if (!arguments.empty())
    return refuse("'" + arguments.front() + "' is not an option of the dialogue");
  // The engine that runs the machine's dialogue: the one named, or the first row that has
  // one for it.
  std::vector<EngineKind> able;
  for (const EngineInfo& e : engines())
    if (e.dialogue && (e.dialogue_on & machine_bit(job.machine)) != 0) able.push_back(e.kind);
  if (able.empty()) return refuse("no engine runs the dialogue of this machine");
  if (!job.has("--engine")) job.engine = able.front();
  if (std::find(able.begin(), able.end(), job.engine) == able.end())
    return refuse("--engine " + std::string(engine_info(job.engine).name) + ": the " +
                  std::string(machine::describe(job.machine).name) +
                  " machine's dialogue is run by " + engine_names(able) +
                  "; leave out --engine or name one of them");
  if (auto why = refusal(job); !why.empty()) return refuse(why);
  return engine_info(job.engine).dialogue(job);
}

}  // namespace amazing::cli
