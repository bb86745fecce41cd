// The Lua engine as the CLI drives it: finds the script (--script FILE, --scripts DIR, or
// the copy built into the binary), builds the machine, runs the script, reports errors.
//   LuaOptions lua;                       // filled from --script/--scripts/--max-steps/--lua-mem
//   int code = run_lua_gen(request);      // what `amazing gen --engine lua` prints and returns
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "cli/args.hpp"
#include "core/amazing_walk.hpp"
#include "core/ram.hpp"
#include "lua/engine.hpp"

namespace amazing::cli {

struct LuaOptions {
  std::optional<std::string> script_file;  // --script FILE
  std::optional<std::string> scripts_dir;  // --scripts DIR
  lua::Limits limits;                      // --max-steps, --lua-mem
  bool max_steps_given = false;            // --max-steps was on the command line
};

struct LoadedScript {
  std::string source;
  std::string name;  // what error messages call it: the path, or "amazing.lua" if built in
};

// The source of script `name` ("amazing.lua"): --script FILE, else DIR/name, else the
// built-in copy. Errors say which file could not be read.
Result<LoadedScript> load_script(const LuaOptions& options, std::string_view name);

// Values of --max-steps (a whole number, 0 = no limit; 1e9 and 2G style accepted) and
// --lua-mem (64M, 512K, a byte count).
Result<uint64_t> parse_max_steps(std::string_view text);
Result<std::size_t> parse_lua_mem(std::string_view text);

struct LuaGenRequest {
  Size size;
  std::optional<int16_t> seed;
  core::Variant variant = core::Variant::kBook;
  bool transcript = false;
  std::size_t ram = core::kDefaultRam;
  LuaOptions lua;
  // The script to run: amazing.lua, or NAME.lua for gen --engine lua --algorithm NAME
  // (scripts/generators/NAME.lua, built in; DIR/NAME.lua with --scripts DIR).
  std::string script = "amazing.lua";
  // --machine c64: amazing.rnd draws from the C64's RND (X=RND(-(seed)) first), and the
  // script prints as the C64 does (cursor-rights, no echo, no wrap); see lua::Dialect.
  bool c64 = false;
};

// amazing gen --engine lua: the maze (or the transcript) printed by scripts/amazing.lua.
int run_lua_gen(const LuaGenRequest& request);

// What to tell the user about a failed run: the whole message with its traceback, except
// when the maze did not fit the machine's RAM (exit code 3): then only the machine's
// "?OUT OF MEMORY ERROR: ..." message, which says what to do; a traceback adds nothing.
std::string lua_failure_text(const lua::RunResult& result);

}  // namespace amazing::cli
