// Engine: runs Lua 5.4 programs on the machine, sandboxed and limited.
//
// A script sees the safe parts of Lua (base without dofile/loadfile and with text-only
// load, string without dump, table, math, utf8, coroutine, os.clock/os.time) and the
// `amazing` table of the machine (scripts/README.md): PRINT-style output, INPUT, the
// GW-BASIC RND, a maze store in the machine's RAM, PEEK/POKE. Everything else (files,
// processes, debug, bytecode) is refused with an error that says so; require(NAME) loads
// only modules of a lib/ folder: the ones in Limits::lib_dirs (the script's own lib/,
// --scripts DIR/lib), then the built-in scripts/lib. amazing.refuse(message) ends the
// run (Outcome::kRefused, exit 2) and amazing.log(...) writes a line to standard error
// (machine/log.hpp).
// Limits: an instruction budget (a count hook) and a memory cap (the allocator); either
// stops the script with a clear message, and the host carries on. Work done in C counts
// against the budget too (bytes allocated, pattern matching, table shifts and sorts,
// collectgarbage), and the budget allows a CPU time (200 ns a step, at least 2 s) as a
// backstop. What the hook could not stop is refused or moved: setmetatable refuses a
// __gc finaliser (Lua runs those with hooks off) and xpcall runs its message handler in
// a coroutine. Host metatables (mazes, strings) are locked.
//
//   machine::Machine m(cfg);
//   lua::Engine engine(m, lua::Limits{});
//   lua::ScriptArgs args; args.width = 10; args.length = 12; args.maze_only = true;
//   lua::RunResult r = engine.run(source, "amazing.lua", args);
//   if (!r.ok()) { print r.message; ... }   // r.outcome says how (cli/exit_status.hpp)
//   std::optional<core::Maze> maze = engine.take_maze();        // what amazing.publish got
//   core::Markers markers = engine.take_markers();              // its markers (0-based)
// The same Engine may run() again (gen --count K): the Lua state, its globals and the
// require cache stay, the machine's RND continues, amazing.args is made afresh, the step
// budget starts again, and what the last run published is dropped unless taken.
// Destroy the Engine before the Machine: its mazes live in the machine's RAM.
#pragma once

#include <csignal>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/analysis.hpp"
#include "core/c64_rnd.hpp"
#include "core/generators/generator.hpp"
#include "core/mask.hpp"
#include "core/maze.hpp"
#include "core/result.hpp"
#include "machine/machine.hpp"

namespace amazing::lua {

struct Limits {
  // Lua VM instructions a script may run; 0 = no limit. The default is 100 times what the
  // 1978 program needs for the largest maze 48K holds, and stops a runaway loop in seconds.
  static constexpr uint64_t kDefaultMaxSteps = 2'000'000'000;
  static constexpr std::size_t kDefaultMemory = std::size_t{64} << 20;
  uint64_t max_steps = kDefaultMaxSteps;
  // Bytes the Lua heap may hold (the maze store is machine RAM, counted by --ram instead).
  std::size_t memory = kDefaultMemory;
  // Where require(NAME) looks before the built-in scripts/lib, in order: FILE's own lib/
  // for a script FILE on disk, DIR/lib for --scripts DIR (FOLDER/NAME.lua when it exists,
  // read inside FOLDER only). Empty: the built-in modules only.
  std::vector<std::string> lib_dirs;
};

// What the host tells a script (amazing.args in Lua).
struct ScriptArgs {
  std::optional<int> width;   // --size W
  std::optional<int> length;  // --size L
  std::optional<int16_t> seed;
  std::string variant = "book";
  // gen without --transcript: print the maze only (no banner, no prompt).
  bool maze_only = false;
  // Positional arguments after the script name (amazing run FILE.lua a b c).
  std::vector<std::string> extra;
  // Lua's standard arg table: arg[0] is the script's name (run's `name`), arg[1..] these
  // (the arguments after --); the main chunk gets them as ... too.
  std::vector<std::string> arg;
  // --mask: cells left out (owned by the caller, alive during run()). Scripts see
  // amazing.args.mask = {width=, height=, masked=} (nil without) and amazing.masked(c, r).
  const core::Mask* mask = nullptr;
  // --starts N: amazing.args.starts (0 without): N start and N end markers.
  int starts = 0;
  // The real machine's memory bounds the 1978 program (amazing.out_of_memory_line): the
  // C64's, or GW-BASIC's on the pc unless the machine was given a --ram size of its own.
  bool machine_memory = true;
};

// The host's side of amazing.save / amazing.load: where one script's store is kept (the
// CLI keeps it in a file of the user's data folder; tests in memory). The engine reads it
// once, at the first save or load, and checks and encodes every value itself
// (core/save_data.hpp), so a store only moves text.
class SaveStore {
 public:
  virtual ~SaveStore() = default;
  // The text last kept ("" when there is none yet), or why it cannot be read.
  virtual core::Result<std::string> read() = 0;
  // Keeps `text` in place of the old text, whole or not at all (the old text stays when
  // this fails).
  virtual core::Status write(std::string_view text) = 0;
  // The kept text could not be used (`why`: unreadable, damaged); the script starts
  // from an empty store, and its next save replaces the text.
  virtual void warn(std::string_view why) = 0;
};


// kInterrupted: Ctrl-C (Engine::set_interrupt) stopped it.
enum class Outcome {
  kOk,
  kSyntaxError,
  kRuntimeError,
  kStepLimit,
  kMemoryLimit,
  kOutOfRam,
  kRefused,  // amazing.refuse(message): message is that text alone, bounded and printable
  kInterrupted,
};

// The program a script emulates stopped on its own error (amazing.basic_error): the
// listing's message as the machine words it, its line, and whether it is out of memory.
// The script printed the message itself; the run goes on until the script returns.
struct ProgramError {
  std::string message;  // "Subscript out of range in 195", "?OUT OF MEMORY  ERROR IN 110"
  int line = -1;
  bool out_of_memory = false;
};

// How a run ended, as data: the host words it and picks the exit status (the CLI's one
// table, cli/exit_status.hpp).
struct RunResult {
  Outcome outcome = Outcome::kOk;
  // file:line: message, then "stack traceback:" lines (runtime errors).
  std::string message;
  // Set when the script said its program stopped on a BASIC error (any outcome).
  std::optional<ProgramError> program_error;
  bool ok() const { return outcome == Outcome::kOk; }
};

// What one chunk typed at the Lua prompt did (Engine::run_typed).
struct TypedResult {
  // The chunk ends too soon ("for i=1,3 do"): nothing ran; type more and give it all again.
  bool incomplete = false;
  // The values an expression gave, as Lua's prompt shows them: tostring of each, joined by
  // tabs ("2", "1\t2\tx", "nil"); nullopt when there were none (a statement).
  std::optional<std::string> values;
  RunResult run;  // errors name the chunk "stdin", as lua5.4 does
};


class Engine {
 public:
  Engine(machine::Machine& machine, const Limits& limits);
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Runs one chunk of Lua source text; `name` is what errors call it ("amazing.lua").
  // May be called again after a run that ended normally or with a script error; after a
  // run stopped by the step or memory limit, or by amazing.refuse, the Engine refuses
  // further runs.
  RunResult run(std::string_view source, std::string_view name, const ScriptArgs& args);

  // The Lua prompt: runs `chunk` as typed there, as lua5.4's prompt does: `return CHUNK`
  // when that compiles (the values come back in TypedResult::values), else CHUNK itself;
  // a chunk that ends too soon is reported incomplete, and nothing runs. Otherwise as
  // run(): the same globals from one call to the next, a step budget for each.
  TypedResult run_typed(std::string_view chunk, const ScriptArgs& args);

  // While a chunk runs, a non-zero *flag (a SIGINT handler's) stops it with the message
  // "interrupted (Ctrl-C)" (Outcome::kInterrupted), which no pcall catches; unlike a limit
  // the Engine may run again. The caller clears the flag. Null: no interrupt.
  void set_interrupt(volatile std::sig_atomic_t* flag);

  // A run was stopped at the step or memory limit or by amazing.refuse (or Lua could not
  // start): this Engine refuses to run again.
  bool stopped_at_limit() const;

  // Before run: the machine is a Commodore 64. amazing.rnd draws from `rnd` (kept by the
  // caller, outliving the run): RND(1) for x > 0, RND(x) for x < 0; amazing.single rounds
  // to the C64's 32-bit mantissa; amazing.draw(k) is INT(RND(1)*K+1) in its 5-byte
  // arithmetic; amazing.randomize is refused (the C64 seeds with RND(-N)); amazing.tab
  // and amazing.spc print cursor-rights (ESC [ C) and amazing.input's prompt ends in "?"
  // and a cursor-right; amazing.machine is "c64" (else "pc").
  void use_c64(core::C64Rnd* rnd);

  // Before run: amazing.save and amazing.load keep the script's values in `store` (kept by
  // the caller, outliving the Engine). Without one they raise an error that says this run
  // keeps no saves.
  void use_store(SaveStore* store);

  // Before run: the run stops as a limit stops it (no pcall catches it) at the next
  // instruction period or library call once *flag (kept by the caller) is true; the
  // outcome is kStepLimit and the message says the host stopped it. `amazing run --watch`
  // restarts a script whose file changed this way.
  void stop_when(const bool* flag);

  // The maze the script handed over with amazing.publish, moved out (once).
  std::optional<core::Maze> take_maze();
  // The markers of the last amazing.publish(maze, markers), 0-based columns and rows as
  // core::Markers; empty when it gave none. Moved out (once).
  core::Markers take_markers();
  // The published maze and markers held to what the run's ScriptArgs asked (its size,
  // --mask, --starts) and to the markers table's keys: core::check_maze, the verdict
  // amazing.check gives scripts. `proper` false: any maze the size asked (the 1978 walk);
  // `loops` true: a proper maze may have loops (gen --braid, which the host applied).
  core::MazeCheck check_published(const core::Maze& maze, const core::Markers& markers,
                                  bool proper = true, bool loops = false) const;

  // Instructions run so far (in units of the hook period, so approximate to 1000).
  uint64_t steps() const;

  struct Host;  // the state the bindings share (engine.cpp / bindings.cpp)

 private:
  RunResult run_chunk(std::string_view source, std::string_view name, const ScriptArgs& args,
                      TypedResult* typed);
  std::unique_ptr<Host> host_;
};

// Formats a Lua number the way PRINT shows a number (core::print_number, the one GW-BASIC
// number printer): " 5 ", "-5 ", " .5 ", " 1E+07 ".
std::string basic_number(double value);

}  // namespace amazing::lua
