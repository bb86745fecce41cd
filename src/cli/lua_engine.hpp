// The Lua engine as the CLI drives it: finds the script (--script FILE, --scripts DIR, or
// the copy built into the binary), builds the machine, runs the script, reports errors.
//   LuaOptions lua;                       // filled from --script/--scripts/--max-steps/--lua-mem
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/args.hpp"
#include "core/amazing_walk.hpp"
#include "core/ram.hpp"
#include "lua/engine.hpp"

namespace amazing::cli {

struct LuaOptions {
  std::optional<std::string> script_file;  // --script FILE
  std::optional<std::string> scripts_dir;  // --scripts DIR
  lua::Limits limits;                      // --max-steps, --lua-mem; lib_dirs (see below)
  bool max_steps_given = false;            // --max-steps was on the command line
  std::vector<std::string> script_args;    // after --: the script's arg[1..]
  bool memory_given = false;               // --lua-mem was on the command line
};

// The defaults of --max-steps and --lua-mem grow with the maze, as its walk and its
// tables do: a maze of `cells` cells gets at least kLuaStepsPerCell steps and
// kLuaBytesPerCell bytes of Lua memory a cell (past the fixed defaults from 2M cells,
// about 1414x1414, and 512K cells, about 724x724). A limit given on the command line is
// kept exactly.
inline constexpr uint64_t kLuaStepsPerCell = 1000;
inline constexpr uint64_t kLuaBytesPerCell = 128;
lua::Limits limits_for_maze(const LuaOptions& options, uint64_t cells);

// --scripts DIR has the layout of the repository's scripts/: DIR/amazing.lua,
// DIR/generators/NAME.lua, modules in DIR/lib. require looks in FILE's own lib/ first
// (lib_beside), then DIR/lib, then the built-in scripts/lib: --script FILE puts
// lib_beside(FILE) first in limits.lib_dirs, --scripts DIR adds DIR/lib after it.
std::string lib_beside(std::string_view file);  // "a/b/my.lua" -> "a/b/lib", "my.lua" -> "lib"
// Where built-in script `name` is in a --scripts DIR: amazing.lua, generators/NAME.lua.
std::string path_in_scripts_dir(std::string_view name);

struct LoadedScript {
  std::string source;
  std::string name;  // what error messages call it: the path, or "amazing.lua" if built in
};

// The source of script `name` ("amazing.lua", "wilson.lua"): --script FILE, else
// DIR/path_in_scripts_dir(name), else the built-in copy. Errors say which file could not be read.
Result<LoadedScript> load_script(const LuaOptions& options, std::string_view name);

// Values of --max-steps (a whole number, 0 = no limit; 1e9 and 2G style accepted) and
// --lua-mem (64M, 512K, a byte count).
Result<uint64_t> parse_max_steps(std::string_view text);
Result<std::size_t> parse_lua_mem(std::string_view text);

struct Job;  // job.hpp


// What to tell the user about a failed run: the whole message with its traceback, except
// when the maze did not fit the machine's RAM (exit code 3): then only the machine's
// "?OUT OF MEMORY ERROR: ..." message, which says what to do; a traceback adds nothing.
std::string lua_failure_text(const lua::RunResult& result);

// Why the 1978 listing stopped on its BASIC error `stop`, for standard error: its own
// stop (RND at 0xFFFFFF, lines 195 and 1012) explained, out of the C64's memory with
// what to do, any other error named.
std::string program_stop_text(const Job& job, const lua::ProgramError& stop);

}  // namespace amazing::cli
