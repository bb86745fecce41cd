// The Lua prompt: `amazing run` without FILE (run_command.cpp). On a terminal the
// machine's 40x25 screen with a line editor (Up and Down recall earlier lines); otherwise,
// or with --batch, lines from standard input and no prompt. A line runs at once, an
// expression prints its value as lua5.4's prompt does, an unfinished chunk ("for i=1,3
// do") goes on on the next line; an error prints its message and the prompt goes on.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "lua/engine.hpp"

namespace amazing::cli {

struct LuaPromptOptions {
  std::size_t ram = 0;          // the machine's memory (--ram)
  std::optional<int16_t> seed;  // RANDOMIZE it first (--seed)
  // --max-steps is each chunk's budget; --lua-mem is the session's Lua heap. A chunk that
  // passes either ends the session's Lua state: the prompt starts a new one and says so.
  lua::Limits limits;
  lua::ScriptArgs args;  // amazing.args for every chunk
  bool batch = false;    // --batch: standard input and output even on a terminal
};

// Runs the prompt until Ctrl-D (or the end of the input). Returns the exit status: on the
// terminal 0; from standard input 0 when every chunk ran, else that of the last that
// failed (65 syntax, 70 run time, 6 a limit, 3 a maze did not fit --ram), 65 when the
// input ended inside an unfinished chunk, 4 when standard output failed.
int lua_prompt(const LuaPromptOptions& options);

}  // namespace amazing::cli
