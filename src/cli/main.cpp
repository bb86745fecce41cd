// amazing: the AMAZING machine. Dispatches to the subcommands.

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <new>
#include <string>
#include <string_view>

#include "cli/cli11_help.hpp"
#include "cli/commands.hpp"
#include "cli/exit_status.hpp"
#include "cli/records.hpp"
#include "core/text.hpp"
#include "tui/terminal.hpp"

namespace {

constexpr const char* kHelp = R"(usage: amazing [COMMAND] [options]

AMAZING from BASIC Computer Games (1978), on an emulated 48K computer.

commands:
  (none)     on a terminal: the 40x25 screen boots, asks WHAT ARE YOUR WIDTH AND
             LENGTH?, prints the maze and lets you walk it (as 'amazing play');
             otherwise the original dialogue on standard input and output
  play       walk a maze on the terminal (see 'amazing play --help')
  gen        print one maze (see 'amazing gen --help')
  stats      statistics of JSON mazes (see 'amazing stats --help')
  run        run a Lua program on the machine (see 'amazing run --help')
  basic      run a BASIC listing with the built-in interpreter (see 'amazing basic --help')
  compare    run the engines on the same input and compare (see 'amazing compare --help')
  records    the best time and fewest moves of each maze finished in play (see
             'amazing records --help')

options:
  -h, --help     this help
  --baud, --seed, --variant, ...   with no command: the options of 'amazing play' on a
                 terminal; without one the dialogue takes --variant, --seed, --ram,
                 --machine, --engine (native, lua or basic: the listing itself on the
                 interpreter), --rom and --speed (original with --engine basic)
  --machine c64  with no command: a Commodore 64 boots on the terminal (its banner, light
                 blue on blue) and runs the listing as its BASIC V2 did; without a
                 terminal, the dialogue as a C64 printed it (see 'amazing play --help')
  --version      the program's version
)";

}  // namespace

namespace {

int dispatch(int argc, char** argv) {
  using namespace amazing::cli;
  std::string_view cmd = argc < 2 ? "" : argv[1];
  // No command, or only options (`amazing --seed 5`): a person at a terminal gets the
  // screen (play); pipes and files get the plain dialogue, which takes --variant, --seed
  // and --ram.
  if (cmd.empty() ||
      (cmd.size() > 2 && cmd.substr(0, 2) == "--" && cmd != "--help" && cmd != "--version")) {
    // --plain is play in lines of text, on a terminal or not.
    for (int i = 1; i < argc; ++i)
      if (std::string_view(argv[i]) == "--plain") return play_command(argc, argv, 1);
    if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
      auto why = amazing::tui::Terminal::unusable();
      if (!why) return play_command(argc, argv, 1);
      // A terminal that cannot draw the screen (TERM=dumb) still has the dialogue.
      std::fprintf(stderr, "amazing: %s; the plain dialogue instead\n", why->c_str());
    }
    return dialogue_command(argc, argv);
  }
  if (cmd == "-h" || cmd == "--help" || cmd == "help") {
    std::fputs(kHelp, stdout);
    std::fputs("\nexit statuses (every command):\n", stdout);
    for (const auto& row : kEndings) {
      std::string status = std::to_string(row.status);
      status.resize(5, ' ');
      std::fputs(wrap_help("  " + status + std::string(row.meaning), 0, 9).c_str(), stdout);
      std::fputs("\n", stdout);
    }
    return kExitOk;
  }
  if (cmd == "--version") {
    std::puts("amazing 0.1.0");
    return kExitOk;
  }
  if (cmd == "gen") return gen_command(argc, argv);
  if (cmd == "stats") return stats_command(argc, argv);
  if (cmd == "run") return run_command(argc, argv);
  if (cmd == "play") return play_command(argc, argv, 2);
  if (cmd == "basic") return basic_command(argc, argv);
  if (cmd == "compare") return compare_command(argc, argv);
  if (cmd == "records") return records_command(argc, argv);
  std::fprintf(stderr, "amazing: unknown command '%s' (see 'amazing --help')\n",
               amazing::core::printable(argv[1]).c_str());
  return kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace amazing::cli;
  int rc = kExitIo;
  try {
    rc = dispatch(argc, argv);
  } catch (const std::bad_alloc&) {
    std::fflush(stdout);
    std::fprintf(stderr,
                 "amazing: out of memory (the input or the maze is too large for this "
                 "computer); try a smaller size\n");
    return kExitOutOfMemory;
  }
  // Every command: output that did not reach standard output (a full disk, /dev/full, a
  // closed descriptor) is an error, not a silent success. A command that already said so
  // returned kExitIo.
  if ((std::fflush(stdout) != 0 || std::ferror(stdout)) && rc != kExitIo) {
    std::fprintf(stderr, "amazing: write error on standard output: %s\n",
                 errno != 0 ? std::strerror(errno) : "the output was not written");
    return kExitIo;
  }
  return rc;
}
