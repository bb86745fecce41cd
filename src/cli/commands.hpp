// The subcommands of the amazing binary; each returns the process exit code.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/exit_status.hpp"
#include "core/amazing_walk.hpp"
#include "core/result.hpp"

namespace amazing::basic {
struct Program;
}

namespace amazing::cli {

struct Job;  // job.hpp: the description of a run

// Exit statuses, from the one table of exit_status.hpp.
inline constexpr int kExitOk = exit_status(Ending::kOk);
inline constexpr int kExitCheckFailed = exit_status(Ending::kCheckFailed);
inline constexpr int kExitUsage = exit_status(Ending::kUsage);
inline constexpr int kExitOutOfMemory = exit_status(Ending::kOutOfMemory);
inline constexpr int kExitIo = exit_status(Ending::kWriteError);
// The program itself stops with a BASIC error on this input (see WalkStats).
inline constexpr int kExitProgramStopped = exit_status(Ending::kBasicError);
inline constexpr int kExitLimit = exit_status(Ending::kLimit);
inline constexpr int kExitInterrupted = exit_status(Ending::kInterrupted);

int gen_command(int argc, char** argv);
// amazing stats: statistics of JSON mazes (stats_command.cpp).
int stats_command(int argc, char** argv);

// amazing run FILE.lua: a Lua program on the machine (run_command.cpp).
int run_command(int argc, char** argv);
int dialogue_command(int argc, char** argv);
// The pc machine's plain dialogue on the native engine: the banner, the prompt, each line
// read from `in` (echoed when `echo`) answered as the 1978 listing answers it, then the
// maze; what it prints goes to `write` as it comes; messages that are not the program's
// (the input ended, out of memory) to `complain`. Returns the exit status.
struct NativeDialogue {
  core::Variant variant = core::Variant::kBook;
  std::optional<int16_t> seed;
  std::size_t ram = 48 * 1024;
  bool echo = true;
  // GW-BASIC's memory bounds the listing's run (core::gw_out_of_memory_line); false when
  // --ram gave the machine a size of its own.
  bool machine_memory = true;
};
int native_dialogue(const NativeDialogue& how, std::istream& in,
                    const std::function<void(std::string_view)>& write,
                    const std::function<void(std::string_view)>& complain);
// The 40x25 screen on the terminal; options start at argv[first].
int play_command(int argc, char** argv, int first);
// The long names play takes ("--baud", ...): the bare `amazing` without a terminal names them.
std::vector<std::string> play_option_names();

// amazing basic FILE.bas, and gen --engine basic (basic_command.cpp).
int basic_command(int argc, char** argv);
// What the c64 listing prints before the maze for W,L typed at its prompt, as the
// recordings show it (LF for CR LF, ESC [ C for each cursor-right): the banner's TABs as
// cursor-rights, four empty lines, the prompt with "?" and a cursor-right, the line end
// of the typed answer (not echoed), four empty lines.
std::string c64_transcript_header();
// What the c64 listing prints when it runs out of memory at `line`
// (core::c64_out_of_memory_line): the dialogue (up to the typed answer for line 110), the
// top border from `maze` for lines 195 on, then the error.
std::string c64_out_of_memory_transcript(int line, const core::Maze* maze);
// The same on the pc (core::gw_out_of_memory_line) for W,L `typed`: the banner, the prompt
// and answer, the four empty lines of 120-150 unless it stopped at 110, the top border
// from `maze` for lines 195 on (80-column wrap), then GW-BASIC's error line.
std::string pc_out_of_memory_transcript(std::string_view typed, int line, const core::Maze* maze);
// A --size past 32767 on the pc: line 110's DIM W(H,V) stops with GW-BASIC's Overflow in
// 110 before any memory is counted (PC-BASIC, and the dialogue, for 65536,2). The
// transcript then: the banner, the prompt and answer, the error line.
bool pc_dim_overflows(const Job& job);
std::string pc_overflow_transcript(std::string_view typed);
// Where the 1978 listing's run stops out of the pc's memory for the job (GW-BASIC's 60300
// bytes, as PC-BASIC has them), or 0: it does not, or --ram gave the machine a size of
// its own.
int pc_out_of_memory_line(const Job& job);
// Why a width x length maze does not fit the c64 machine (whose --ram cannot change).
std::string c64_too_big(int width, int length);
// The statements a listing may run before it is stopped, when --max-steps is not given:
// enough for the biggest maze the 1978 listing makes at this size with a wide margin,
// and no less than the default of `amazing basic`, so a runaway listing stops in seconds.
uint64_t basic_default_steps(int width, int length);
// The same for a run whose maze size is typed later: enough for the largest maze `ram`
// bytes hold (0, no limit, for unlimited memory).
uint64_t basic_steps_for_ram(std::size_t ram);
// The machine's RAM for a BASIC run: the --ram given, or on the pc without it room for
// GW-BASIC's 60300 bytes, which then bound the program themselves (basic::set_memory).
std::size_t basic_ram(const Job& job);
// A listing run on standard input and output (`amazing basic FILE` in batch, and the basic
// engine's dialogue): every INPUT reads a line of standard input, `echo` shows it after the
// prompt as PC-BASIC does when it is no terminal; with job.speed original at the machine's
// pace. The machine is job's (machine, seed, ram); the exit status of the outcome.
struct StdioRun {
  const char* command = "basic";  // named in messages: "amazing basic: ..."
  std::filesystem::path disk;     // a program's OPEN (empty: no disk)
  uint64_t max_steps = 0;         // 0: no limit
  int width = 80;                 // output columns, 0: never broken
  bool echo = false;
  bool steps_option = true;  // the command takes --max-steps (named when the limit stops it)
};
int run_program_on_stdio(const Job& job, std::string_view listing, basic::Program program,
                         const StdioRun& how);
// amazing compare: the engines side by side (compare_command.cpp).
int compare_command(int argc, char** argv);

}  // namespace amazing::cli
