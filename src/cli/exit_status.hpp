// How a run ended, and the one table that gives each ending its exit status. Lower layers
// (core, lua, basic) return what happened as data (lua::RunResult, basic::RunResult,
// core errors); the commands turn that into an Ending here and exit with its status, so
// one outcome has one status on every route (gen with any engine, the dialogue, `amazing
// basic`, `amazing run`, play). README.md, "Exit statuses", shows this table.
//
//   return exit_status(Ending::kBasicError);          // 5 wherever a listing stops so
//   return exit_status(ending_of(lua_result));        // a Lua run's outcome
#pragma once

#include <string_view>

namespace amazing::core {
struct Error;
}
namespace amazing::lua {
struct RunResult;
}
namespace amazing::basic {
struct RunResult;
}

namespace amazing::cli {

enum class Ending {
  kOk,           // the program ended normally, or stopped silently at its prompt when its
                 // input ended (as PC-BASIC's does), or compare: every engine the same
  kCheckFailed,  // compare found a difference; gen refused a script's maze as not proper
  kUsage,        // bad usage: an unknown or bad option, a refusal, a missing file
  kOutOfMemory,  // the maze or the listing does not fit the machine's memory (--ram)
  kWriteError,   // standard output (or --output) did not take what was written
  kBasicError,   // the BASIC program stopped on its own error (the listing's message)
  kLimit,        // --max-steps, --lua-mem or the output cap stopped the run
  kLuaSyntax,    // a Lua script or chunk that does not compile
  kLuaError,     // a Lua script failed at run time (error(), a bad call)
  kInterrupted,  // Ctrl-C (SIGINT)
};

struct EndingRow {
  Ending ending;
  int status;
  std::string_view meaning;  // for README.md and help
};

inline constexpr EndingRow kEndings[] = {
    {Ending::kOk, 0,
     "the program ended normally, or its standard input ended at its prompt, where it stops "
     "silently as PC-BASIC's does (compare: every engine printed the same)"},
    {Ending::kCheckFailed, 1,
     "a check failed: compare found a difference, or a script published a maze that is not "
     "a proper maze or not the one asked for"},
    {Ending::kUsage, 2,
     "bad usage: an unknown or bad option or value, an option refused (the engine or machine "
     "cannot honour it), a file that cannot be read"},
    {Ending::kOutOfMemory, 3,
     "out of memory: the maze or the listing does not fit the machine's memory (--ram; the "
     "C64's 38911 bytes), ?OUT OF MEMORY or Out of memory included"},
    {Ending::kWriteError, 4, "write error: standard output or --output did not take it all"},
    {Ending::kBasicError, 5,
     "a BASIC error stopped the program (Subscript out of range in 195, ?SYNTAX  ERROR, ...): "
     "what it printed up to there, its message included, is written"},
    {Ending::kLimit, 6,
     "a limit stopped the run: the step limit (--max-steps), the Lua memory limit "
     "(--lua-mem) or the cap on what a listing may print"},
    {Ending::kLuaSyntax, 65, "a Lua script with a syntax error"},
    {Ending::kLuaError, 70, "a Lua script failed at run time"},
    {Ending::kInterrupted, 130, "interrupted by Ctrl-C (SIGINT), after one line on standard error"},
};

constexpr int exit_status(Ending e) {
  for (const auto& row : kEndings)
    if (row.ending == e) return row.status;
  return 1;
}

// The ending of a Lua run: its outcome, or the BASIC error its program stopped on
// (amazing.basic_error) when the script ended well.
Ending ending_of(const lua::RunResult& result);
// The ending of an error from a lower layer: by its kind (core::ErrorKind).
Ending ending_of(const core::Error& error);
// The ending of a BASIC run (basic::Interpreter): its error (out of memory or another),
// the step limit or the output cap, or a normal end.
Ending ending_of(const basic::RunResult& result);

}  // namespace amazing::cli
