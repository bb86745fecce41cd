// The engines: what runs the 1978 program (or a maze maker) for a command. Each engine is
// one file in src/cli/engines/ that fills one EngineInfo row -- its name, what it refuses,
// and what it can do -- and engines() lists the rows (engines/engines.cpp), as Lua's
// linit.c lists its libraries. Commands reach an engine only through its row:
//
//   const EngineInfo& e = engine_info(job.engine);
//   if (auto why = e.refuse(job); !why.empty()) ...        // an option it cannot honour
//   e.make_mazes(job, mask, out);                          // gen: mazes into the nibble store
//   e.print_session(job);                                  // gen: what the program printed
//   e.transcript({job, typed, seconds});                   // compare: the whole session
//   e.dialogue(job);                                       // the bare command, no terminal
//   tui::PlayGame game(e.play_mazes({job, script}), config);  // play: the game's mazes
//
// A function an engine does not have is null (pcbasic makes no mazes for gen). Adding an
// engine is a new file in engines/ and a row in engines().
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cli/args.hpp"
#include "core/mask.hpp"
#include "core/result.hpp"
#include "tui/play.hpp"

namespace amazing::cli {

enum class EngineKind { kNative, kLua, kBasic, kPcBasic, kCbmBasic };

struct Job;        // job.hpp: the description of a run
class MazeOutput;  // make_mazes.hpp: the host's rendering of mazes
struct PlayMazes;  // play_mazes.hpp: what play asks for its game's mazes

// What compare asks of an engine: the session for the lines typed at the program's
// prompts, on job.machine; an outside interpreter may run `judge_seconds` (0: no limit).
struct TranscriptRequest {
  const Job& job;
  const std::vector<std::string>& typed;
  unsigned judge_seconds = 0;
};

// A row of the engine table.
struct EngineInfo {
  EngineKind kind;
  std::string_view name;     // as --engine takes it
  std::string_view summary;  // for help
  bool on_pc;                // runs the pc machine's program
  bool on_c64;               // runs the c64 machine's program
  // Why this engine cannot run `job` as given ("" when it can): names the option.
  std::string (*refuse)(const Job& job);
  // gen: job.count mazes into the nibble store, each handed to `out`; the exit status.
  int (*make_mazes)(const Job& job, const core::Mask* mask, MazeOutput& out) = nullptr;
  // gen's session road (--transcript, the c64 machine, the listing's text): what the
  // program prints for the job's W,L, on standard output; the exit status.
  int (*print_session)(const Job& job) = nullptr;
  // compare: the whole session as the machine prints it.
  Result<std::string> (*transcript)(const TranscriptRequest& request) = nullptr;
  // Why the engine cannot run here ("" when it can: an outside program on the PATH).
  std::string (*unavailable)() = nullptr;
  // The bare command without a terminal: the program's dialogue on standard input and
  // output, for the machines in `dialogue_on` (one bit a MachineKind); the exit status.
  int (*dialogue)(const Job& job) = nullptr;
  unsigned dialogue_on = 0;
  // play: the factory of the game's mazes -- the first (unless the boot dialogue made it)
  // and each new one (n, f) -- for the job's size, machine and maker.
  tui::MazeFactory (*play_mazes)(const PlayMazes& request) = nullptr;
};

constexpr unsigned machine_bit(MachineKind m) {
  return 1u << static_cast<unsigned>(m);
}

// The rows, one per file of engines/ (engines/engines.cpp).
const std::vector<EngineInfo>& engines();
const EngineInfo& engine_info(EngineKind kind);
// The names --engine takes in a command that offers `kinds`, for messages: "native, lua or basic".
std::string engine_names(const std::vector<EngineKind>& kinds);
// The engine called `name` among `offered`; the error names them all.
Result<EngineKind> engine_from(std::string_view name, const std::vector<EngineKind>& offered,
                               std::string_view option = "--engine");
// Why engine `kind` cannot run `machine`'s program ("" when it can).
std::string machine_refusal(EngineKind kind, MachineKind machine);

// Each engine's row (engines/NAME_engine.cpp).
EngineInfo native_engine();
EngineInfo lua_engine();
EngineInfo basic_engine();
EngineInfo pcbasic_engine();
EngineInfo cbmbasic_engine();

}  // namespace amazing::cli
