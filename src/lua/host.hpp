// Internal to src/lua: the state shared by the engine and the bindings, reachable from any
// lua_State through its extra space (one pointer).
//
// Rules for every lua_CFunction here (Lua errors unwind with longjmp):
// - read arguments with luaL_check* first, while no C++ object is alive;
// - do the C++ work inside guarded(), which turns any C++ exception into a Lua error
//   raised after the C++ frame is gone;
// - keep strings that must outlive a Lua call in Host members, never in locals.
#pragma once

extern "C" {
#include <lauxlib.h>
#include <lua.h>
}

#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "core/save_data.hpp"
#include "lua/engine.hpp"
#include "machine/input.hpp"
#include "machine/machine.hpp"

namespace amazing::lua {

struct Engine::Host {
  machine::Machine* machine = nullptr;
  lua_State* L = nullptr;
  Limits limits;
  // Count hook bookkeeping: instructions run, in hook periods.
  uint64_t periods = 0;
  uint64_t max_periods = 0;
  bool step_limit_hit = false;
  // Work done by C code (bytes allocated, elements moved, pattern steps), in steps, not
  // yet folded into `periods` (see charge()).
  uint64_t work = 0;
  // The CPU time the step budget allows (seconds; 0 = none): a backstop for C calls
  // whose work is not counted. Read at most every few milliseconds of wall time.
  double cpu_budget = 0;
  double cpu_start = 0;
  std::chrono::steady_clock::time_point next_clock_check{};
  bool time_limit_hit = false;
  // Engine::set_interrupt: the flag Ctrl-C sets (null: none), and whether it stopped the
  // running chunk (a stop like the limits', but only until the next run).
  volatile std::sig_atomic_t* interrupt = nullptr;
  bool interrupted = false;
  // Engine::stop_when: the host's flag, and whether it stopped the script.
  const bool* stop_flag = nullptr;
  bool stop_asked = false;
  // amazing.time(): when the run started on the monotonic clock, and the sleep asked for
  // but not spent (batch mode's sleep returns at once), which the clock counts as passed.
  std::chrono::steady_clock::time_point started{};
  std::chrono::steady_clock::duration unslept{};
  // The stop's first message ("test.lua:3: script stopped: ..."): after a stop every
  // library call that returns into a caller (pcall, xpcall, coroutine.resume, close, a
  // wrapped coroutine) raises it again there, so no thread can catch the stop (a fixed
  // buffer: no allocation when memory ran out).
  char stop_message[320] = {};
  // Allocator bookkeeping.
  std::size_t heap_used = 0;
  std::size_t heap_cap = 0;
  bool memory_limit_hit = false;
  // A maze that did not fit the machine's RAM (the script got a Lua error).
  bool out_of_ram = false;
  // amazing.refuse ended the run: `refusal` is its message (bounded, printable); the
  // run stops as at a limit (stop_message), so no pcall carries on.
  bool refused = false;
  std::string refusal;
  // amazing.basic_error: the emulated program stopped on its own error (RunResult).
  std::optional<ProgramError> program_error;
  bool opened = false;  // the sandbox and the amazing table are set up (first run)
  // The run's --mask (ScriptArgs::mask; null without) and the markers of the last
  // amazing.publish (0-based; generator_api.cpp, bindings.cpp).
  const core::Mask* mask = nullptr;
  core::Markers markers;
  // What the run asked for (ScriptArgs: --size, --mask, --starts), which the published
  // maze is held to, and a key of the last publish's markers table other than starts
  // and ends, as shown ("markers.start"; empty when none).
  core::MazeRequest request;
  std::string marker_key;
  // amazing.check's markers and key (read as publish reads its own).
  core::Markers check_markers;
  std::string check_key;
  // Message storage that must outlive a luaL_error call.
  std::string scratch;
  std::string scratch_name;  // require: the module's path on disk, printable
  // What guarded() caught (a fixed buffer: no allocation while handling bad_alloc).
  char failure[256] = {};
  std::vector<machine::InputValue> input_values;
  std::vector<machine::FieldKind> input_kinds;
  // Engine::use_c64: the Commodore 64's RND (owned by the caller); null on the pc machine.
  core::C64Rnd* c64_rnd = nullptr;
  // ScriptArgs::machine_memory of the run.
  bool machine_memory = true;
  // Engine::use_store: where amazing.save keeps the script's values (null: nowhere), and
  // what it holds, read at the first save or load (store_api.cpp).
  SaveStore* store = nullptr;
  bool store_read = false;
  core::SaveData saved;
};

// The userdata behind a Lua maze object: a core::Maze whose cells are machine RAM.
// The finaliser empties `maze` (giving its RAM back) and sets `freed`; it is never run
// twice, and the methods refuse a freed maze (a finaliser of another object may still
// hold it). The C++ destructor is never called: an empty Maze owns nothing.
struct MazeBox {
  core::Maze maze;
  bool freed = false;
};

inline constexpr int kHookPeriod = 1000;
// What a new thread (coroutine.create, coroutine.wrap, an xpcall handler) is charged: each
// Lua thread has its own hook count, started afresh, so a thread that ends before it
// reaches the hook period ran instructions the hook never saw; at most a period of them.
inline constexpr uint64_t kThreadSteps = kHookPeriod;
inline constexpr const char* kMazeMeta = "amazing.Maze";
inline constexpr const char* kPublishedKey = "amazing.published";

inline Engine::Host& host_of(lua_State* L) {
  return **static_cast<Engine::Host**>(lua_getextraspace(L));
}

// Counts `steps` of work done by C code against the step budget, and raises the limit's
// error (at the position of the calling Lua function) when the budget or the CPU time it
// allows is spent. charge(L, 0) only checks. Call it with no C++ object alive.
void charge(lua_State* L, uint64_t steps);

// Replaces string.find, match, gmatch and gsub with versions whose matching charges
// its steps (patterns.cpp): Lua's own matcher can backtrack for hours in one call.
void install_counted_patterns(lua_State* L);

// Installs the `amazing` table and the global print (bindings.cpp).
int open_amazing(lua_State* L);
// The verdict on a maze and its markers against host.request (core::check_maze), a
// markers table key other than starts and ends (`marker_key`, empty when none) first
// among the marker faults. Engine::check_published and amazing.check (bindings.cpp).
core::MazeCheck check_against_request(const Engine::Host& host, const core::Maze& maze,
                                      const core::Markers& markers,
                                      const std::string& marker_key, bool proper = true,
                                      bool loops = false);

// Adds the generator helpers to the `amazing` table on top of the stack
// (generator_api.cpp): masked, pick, and the cell accessors the generator scripts use.
void open_generator_api(lua_State* L);
// Adds refuse and log to the `amazing` table on top of the stack (script_api.cpp).
void open_script_api(lua_State* L);
// Ends the run for good after amazing.refuse (host.refused and host.refusal set): raises
// now, and every instruction and library call that would carry on raises again.
[[noreturn]] void end_run(lua_State* L);

// Adds locate, color, inkey, sleep, show, chr, glyph and keyboard to the `amazing` table on top of
// the stack (screen_api.cpp).
void open_screen_api(lua_State* L);
// Adds save and load to the `amazing` table on top of the stack (store_api.cpp).
void open_store_api(lua_State* L);

// Runs `fn` (C++ work, no Lua calls that can raise) and returns its result; a C++
// exception becomes a Lua error after the try block is left.
template <typename Fn>
bool guarded(lua_State* L, Fn&& fn) {
  Engine::Host& host = host_of(L);
  host.failure[0] = '\0';
  try {
    fn();
    return true;
  } catch (const std::bad_alloc&) {
    std::snprintf(host.failure, sizeof host.failure, "out of host memory");
  } catch (const std::exception& e) {
    std::snprintf(host.failure, sizeof host.failure, "%s", e.what());
  } catch (...) {
    std::snprintf(host.failure, sizeof host.failure, "internal error");
  }
  return false;
}

// Raises the failure guarded() caught, or else host.scratch, as a Lua error with the
// caller's position.
[[noreturn]] inline void raise_scratch(lua_State* L) {
  Engine::Host& host = host_of(L);
  if (host.failure[0] != '\0') luaL_error(L, "%s", host.failure);
  luaL_error(L, "%s", host.scratch.c_str());
  __builtin_unreachable();
}

}  // namespace amazing::lua
