#include "lua/engine.hpp"

extern "C" {
#include <lualib.h>
}

#include <time.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "core/gw_number.hpp"
#include "core/ram.hpp"
#include "core/text.hpp"
#include "lua/embedded_scripts.hpp"
#include "lua/host.hpp"
#include "machine/user_file.hpp"

namespace amazing::lua {

namespace {

using Host = Engine::Host;

// ---- limits ---------------------------------------------------------------------------

// Raises `message` with the position of the running Lua function (level 0 in a hook).
[[noreturn]] void raise_here(lua_State* L, const char* message) {
  luaL_where(L, 0);
  lua_pushstring(L, message);
  lua_concat(L, 2);
  lua_error(L);
  __builtin_unreachable();
}

constexpr const char* kMemoryStop =
    "script stopped: it ran out of its Lua memory (raise --lua-mem)";

void stop_hook(lua_State* L, lua_Debug*) {
  raise_here(L, kMemoryStop);
}

void count_hook(lua_State* L, lua_Debug*);

// A byte allocated costs this many steps' worth of work (filling and copying it):
// big:upper() or big .. big are one instruction but megabytes of work.
constexpr std::size_t kBytesPerStep = 8;
// The CPU time a step may take on average before the budget counts as spent, and the
// least CPU time any budget allows (a script of a few steps still gets it).
constexpr double kSecondsPerStep = 200e-9;
constexpr double kMinCpuSeconds = 2.0;

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// Moves whole periods of C work into the period count.
void fold_work(Host& host) {
  if (host.work >= static_cast<uint64_t>(kHookPeriod)) {
    host.periods += host.work / kHookPeriod;
    host.work %= kHookPeriod;
  }
}

// Whether the step budget (or the CPU time it allows) is spent; sets the flags.
bool budget_spent(Host& host) {
  if (host.step_limit_hit) return true;
  if (host.stop_flag != nullptr && *host.stop_flag) {
    host.step_limit_hit = true;
    host.stop_asked = true;
    return true;
  }
  fold_work(host);
  if (host.periods > host.max_periods) {
    host.step_limit_hit = true;
    return true;
  }
  if (host.cpu_budget > 0) {
    auto now = std::chrono::steady_clock::now();
    if (now >= host.next_clock_check) {
      host.next_clock_check = now + std::chrono::milliseconds(5);
      if (thread_cpu_seconds() - host.cpu_start > host.cpu_budget) {
        host.step_limit_hit = true;
        host.time_limit_hit = true;
        return true;
      }
    }
  }
  return false;
}

// Stops the script for good: from now on every instruction raises (so neither pcall nor
// a message handler can swallow it). `level` 0 in a hook, 1 in a C function.
[[noreturn]] void stop_for_steps(lua_State* L, int level) {
  Host& host = host_of(L);
  lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
  char message[200];
  if (host.stop_asked) {
    std::snprintf(message, sizeof message, "script stopped by its host");
  } else if (host.time_limit_hit) {
    std::snprintf(message, sizeof message,
                  "script stopped: it used more than the %.0f s of CPU time its instruction "
                  "budget allows (raise --max-steps)",
                  host.cpu_budget);
  } else {
    std::snprintf(message, sizeof message,
                  "script stopped: it ran more than its instruction budget of %llu steps "
                  "(work inside library calls counts too; raise --max-steps)",
                  static_cast<unsigned long long>(host.limits.max_steps));
  }
  luaL_where(L, level);
  lua_pushstring(L, message);
  lua_concat(L, 2);
  if (host.stop_message[0] == '\0')
    std::snprintf(host.stop_message, sizeof host.stop_message, "%s", lua_tostring(L, -1));
  lua_error(L);
  __builtin_unreachable();
}

void* capped_alloc(void* ud, void* ptr, std::size_t osize, std::size_t nsize) {
  Host& host = *static_cast<Host*>(ud);
  std::size_t old = ptr != nullptr ? osize : 0;
  if (nsize == 0) {
    std::free(ptr);
    host.heap_used -= old;
    return nullptr;
  }
  if (nsize > old && host.heap_used - old + nsize > host.heap_cap) {
    if (!host.memory_limit_hit && host.L != nullptr) {
      // Stop the script for good: from now on every instruction raises (so a pcall loop
      // cannot swallow the error), and a little headroom lets the traceback be built.
      host.memory_limit_hit = true;
      host.heap_cap += std::size_t{1} << 20;
      if (host.stop_message[0] == '\0')
        std::snprintf(host.stop_message, sizeof host.stop_message, "%s", kMemoryStop);
      lua_sethook(host.L, stop_hook, LUA_MASKCOUNT, 1);
    }
    return nullptr;
  }
  void* p = std::realloc(ptr, nsize);
  if (p == nullptr) return nullptr;
  host.heap_used = host.heap_used - old + nsize;
  if (nsize > old) {
    // Allocation is work too; when it spends the budget the next instruction stops.
    host.work += (nsize - old) / kBytesPerStep;
    fold_work(host);
    if (host.periods > host.max_periods && !host.step_limit_hit && !host.memory_limit_hit &&
        host.L != nullptr)
      lua_sethook(host.L, count_hook, LUA_MASKCOUNT, 1);
  }
  return p;
}

[[noreturn]] void raise_stop(lua_State* L);
[[noreturn]] void stop_for_interrupt(lua_State* L);

void count_hook(lua_State* L, lua_Debug*) {
  Host& host = host_of(L);
  // Coroutines carry their own copy of this hook: after a memory stop each one, when it
  // next gets here, raises on every instruction from then on, as the main thread does.
  if (host.memory_limit_hit) {
    lua_sethook(L, stop_hook, LUA_MASKCOUNT, 1);
    stop_hook(L, nullptr);
  }
  if (host.refused) raise_stop(L);  // amazing.refuse ended the run
  if (host.interrupted) raise_stop(L);
  if (host.interrupt != nullptr && *host.interrupt != 0) stop_for_interrupt(L);
  ++host.periods;
  if (budget_spent(host)) stop_for_steps(L, 0);
  // A thread left hooked at every instruction by an interrupt that is over (the next run
  // started): back to the hook period.
  if (lua_gethookcount(L) == 1) lua_sethook(L, count_hook, LUA_MASKCOUNT, kHookPeriod);
}

bool stopped(const Host& host) {
  return host.step_limit_hit || host.memory_limit_hit || host.refused || host.interrupted;
}

// Ctrl-C (Engine::set_interrupt): the running chunk stops as at a limit (no pcall catches
// it), until the next run.
[[noreturn]] void stop_for_interrupt(lua_State* L) {
  Host& host = host_of(L);
  host.interrupted = true;
  lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
  luaL_where(L, 0);
  lua_pushliteral(L, "interrupted (Ctrl-C)");
  lua_concat(L, 2);
  std::snprintf(host.stop_message, sizeof host.stop_message, "%s", lua_tostring(L, -1));
  lua_error(L);
  __builtin_unreachable();
}

// Raises the stop again in L, a thread that a library call returns into after a stop in
// another thread or under a pcall (Host::stop_message); from now on L raises at each of
// its instructions too.
[[noreturn]] void raise_stop(lua_State* L) {
  Host& host = host_of(L);
  lua_sethook(L, host.memory_limit_hit ? stop_hook : count_hook, LUA_MASKCOUNT, 1);
  lua_pushstring(L, host.stop_message[0] != '\0' ? host.stop_message : "script stopped");
  lua_error(L);
  __builtin_unreachable();
}

void check_stop(lua_State* L) {
  if (stopped(host_of(L))) raise_stop(L);
}

// ---- sandbox --------------------------------------------------------------------------

// A function that refuses: upvalue 1 names it, upvalue 2 says why.
int refuse(lua_State* L) {
  return luaL_error(L, "%s is not available in the sandbox: %s",
                    lua_tostring(L, lua_upvalueindex(1)), lua_tostring(L, lua_upvalueindex(2)));
}

// __index of a refused library table: upvalue 1 is the library name, 2 the reason.
int refuse_index(lua_State* L) {
  const char* key = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : "?";
  return luaL_error(L, "%s.%s is not available in the sandbox: %s",
                    lua_tostring(L, lua_upvalueindex(1)), key,
                    lua_tostring(L, lua_upvalueindex(2)));
}

void push_refusal(lua_State* L, const char* name, const char* why) {
  lua_pushstring(L, name);
  lua_pushstring(L, why);
  lua_pushcclosure(L, refuse, 2);
}

// Leaves a table on the stack whose every missing field refuses.
void push_refusing_table(lua_State* L, const char* lib, const char* why) {
  lua_newtable(L);
  lua_newtable(L);
  lua_pushstring(L, lib);
  lua_pushstring(L, why);
  lua_pushcclosure(L, refuse_index, 2);
  lua_setfield(L, -2, "__index");
  lua_pushstring(L, "locked");
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
}

constexpr const char* kNoFiles = "scripts cannot read or write files";
constexpr const char* kNoProcesses = "scripts cannot start processes or touch files";

// load(chunk [, chunkname [, mode [, env]]]) for text only: bytecode is refused.
int safe_load(lua_State* L) {
  if (lua_type(L, 1) == LUA_TSTRING) {
    std::size_t len = 0;
    const char* s = lua_tolstring(L, 1, &len);
    if (len > 0 && s[0] == LUA_SIGNATURE[0]) {
      luaL_pushfail(L);
      lua_pushstring(L,
                     "load: binary chunks (bytecode) are not allowed in the sandbox; "
                     "pass Lua source text");
      return 2;
    }
  }
  int top = lua_gettop(L);
  lua_pushvalue(L, lua_upvalueindex(1));  // the real load
  lua_pushvalue(L, 1);
  if (top >= 2)
    lua_pushvalue(L, 2);
  else
    lua_pushnil(L);
  lua_pushliteral(L, "t");  // whatever the caller asked: text only
  int nargs = 3;
  if (top >= 4) {
    lua_pushvalue(L, 4);
    ++nargs;
  }
  lua_call(L, nargs, LUA_MULTRET);
  charge(L, 0);  // compiling a long text is one call
  return lua_gettop(L) - top;
}

// setmetatable refuses a metatable with __gc: Lua runs finalisers with hooks off, so a
// finaliser that loops (in a collection, or when the state is closed) could not be
// stopped. Upvalue 1 is the real setmetatable (a C function without upvalues).
int safe_setmetatable(lua_State* L) {
  if (lua_type(L, 2) == LUA_TTABLE) {
    lua_pushliteral(L, "__gc");
    bool has_gc = lua_rawget(L, 2) != LUA_TNIL;
    lua_pop(L, 1);
    if (has_gc)
      return luaL_error(L,
                        "__gc finalisers are not available in the sandbox: they run where the "
                        "step limit cannot stop them");
  }
  return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

// The message handler xpcall gets: runs the script's handler (upvalue 1) in a new
// coroutine. Lua calls a handler before it unwinds, so for an error raised by the count
// hook the handler would run with hooks off; a new coroutine has its own, on.
int handler_in_coroutine(lua_State* L) {
  lua_settop(L, 1);
  if (stopped(host_of(L))) return 1;  // a stop is not handled: xpcall raises it again
  charge(L, kThreadSteps);
  lua_State* co = lua_newthread(L);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushvalue(L, 1);
  lua_xmove(L, co, 2);
  int nres = 0;
  int status = lua_resume(co, L, 1, &nres);
  if ((status == LUA_OK && nres >= 1) || (status != LUA_OK && status != LUA_YIELD)) {
    lua_xmove(co, L, 1);  // the handler's first result, or its own error
    return 1;
  }
  lua_pushvalue(L, 1);
  return 1;
}

// xpcall(f, msgh, ...): the real xpcall (upvalue 1) with msgh run in a coroutine.
// A stop it caught is raised again in the caller, as stop_passing_call does.
int safe_xpcall(lua_State* L) {
  check_stop(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 2);
  lua_pushcclosure(L, handler_in_coroutine, 1);
  lua_replace(L, 2);
  int n = lua_tocfunction(L, lua_upvalueindex(1))(L);
  check_stop(L);
  return n;
}

// ---- coroutines and pcall: the stop is never caught, every thread counts ---------------

// pcall, coroutine.resume and coroutine.close: upvalue 1 is the real function (a C
// function without upvalues), run in this frame so that its results and errors are as
// before. After a stop nothing is called, and a stop the call caught (in a coroutine, or
// under the pcall) is raised again here, in the caller.
int stop_passing_call(lua_State* L) {
  check_stop(L);
  int n = lua_tocfunction(L, lua_upvalueindex(1))(L);
  check_stop(L);
  return n;
}

// coroutine.create: upvalue 1 is the real one. The new thread is charged the hook period
// its own count may end short of (kThreadSteps).
int charged_create(lua_State* L) {
  check_stop(L);
  charge(L, kThreadSteps);
  return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

// The function coroutine.wrap returns: upvalue 1 is the coroutine and upvalue 2 the C
// function of the real wrap's result, which reads its coroutine from upvalue 1; called in
// this frame, so its errors name the caller's line as before.
int wrapped_resume(lua_State* L) {
  check_stop(L);
  int n = lua_tocfunction(L, lua_upvalueindex(2))(L);
  check_stop(L);
  return n;
}

// coroutine.wrap: upvalue 1 is the real one; charged as coroutine.create.
int charged_wrap(lua_State* L) {
  check_stop(L);
  charge(L, kThreadSteps);
  lua_tocfunction(L, lua_upvalueindex(1))(L);  // the real wrapped function, on top
  lua_CFunction resume = lua_tocfunction(L, -1);
  if (resume == nullptr || lua_getupvalue(L, -1, 1) == nullptr)
    return luaL_error(L, "coroutine.wrap: unexpected result");
  lua_pushcfunction(L, resume);
  lua_pushcclosure(L, wrapped_resume, 2);
  return 1;
}

// Replaces field `name` of the table on top of the stack by `wrapper` with the real
// function as its upvalue 1.
void wrap_field(lua_State* L, const char* name, lua_CFunction wrapper) {
  lua_getfield(L, -1, name);
  lua_pushcclosure(L, wrapper, 1);
  lua_setfield(L, -2, name);
}

// How a counted library function charges its work before it runs (what it allocates is
// charged by the allocator, and everything is checked when it returns).
enum class Cost { kNone, kInsert, kRemove, kSort, kMove, kUnpack, kConcat, kRep, kScan, kCollect };

uint64_t clamp_span(lua_Integer from, lua_Integer to) {
  if (to < from) return 0;
  lua_Unsigned span = static_cast<lua_Unsigned>(to) - static_cast<lua_Unsigned>(from);
  return span > (lua_Unsigned{1} << 48) ? (uint64_t{1} << 48) : static_cast<uint64_t>(span);
}

// Argument `i` as an integer, `otherwise` when absent (never raises: the real function
// checks its arguments).
lua_Integer integer_or(lua_State* L, int i, lua_Integer otherwise) {
  return lua_isnoneornil(L, i) ? otherwise : lua_tointeger(L, i);
}

// The __len of a length proxy: upvalue 1 is the length.
int fixed_length(lua_State* L) {
  lua_pushvalue(L, lua_upvalueindex(1));
  return 1;
}

// The length table.insert, remove, sort, concat and unpack will see for argument 1: #t
// with its __len, as they take it. A __len (a Lua function may answer differently each
// time) is called once, here, and argument 1 becomes a proxy whose __len gives that
// length and whose reads and writes go to the table as regular accesses (its __index
// and __newindex still apply): the function works with the length it was charged for.
lua_Integer length_seen(lua_State* L) {
  if (lua_type(L, 1) != LUA_TTABLE) return 0;  // the real function refuses it
  if (luaL_getmetafield(L, 1, "__len") == LUA_TNIL)
    return static_cast<lua_Integer>(lua_rawlen(L, 1));
  lua_pop(L, 1);
  lua_Integer n = luaL_len(L, 1);
  lua_createtable(L, 0, 0);  // the proxy
  lua_createtable(L, 0, 3);  // its metatable
  lua_pushinteger(L, n);
  lua_pushcclosure(L, fixed_length, 1);
  lua_setfield(L, -2, "__len");
  lua_pushvalue(L, 1);
  lua_setfield(L, -2, "__index");
  lua_pushvalue(L, 1);
  lua_setfield(L, -2, "__newindex");
  lua_setmetatable(L, -2);
  lua_replace(L, 1);
  return n;
}

uint64_t upfront_cost(lua_State* L, Cost cost) {
  switch (cost) {
    case Cost::kNone:
      return 0;
    case Cost::kInsert: {  // table.insert(t, pos, v) moves #t - pos elements up
      lua_Integer n = length_seen(L);
      return lua_gettop(L) == 3 ? clamp_span(lua_tointeger(L, 2), n) : 0;
    }
    case Cost::kRemove: {  // table.remove(t, pos) moves #t - pos elements down
      lua_Integer n = length_seen(L);
      return lua_gettop(L) >= 2 ? clamp_span(lua_tointeger(L, 2), n) : 0;
    }
    case Cost::kSort: {
      lua_Integer len = length_seen(L);
      uint64_t n = len > 0 ? clamp_span(0, len) : 0;
      uint64_t log = 1;
      while ((uint64_t{1} << log) < n && log < 63) ++log;
      return n * log;
    }
    case Cost::kMove:  // table.move(a1, f, e, t): no length, the range given
      return clamp_span(lua_tointeger(L, 2), lua_tointeger(L, 3));
    case Cost::kUnpack: {  // table.unpack(t, i, j), j = #t by default
      lua_Integer first = integer_or(L, 2, 1);
      if (!lua_isnoneornil(L, 3)) return clamp_span(first, lua_tointeger(L, 3));
      return clamp_span(first, length_seen(L));
    }
    case Cost::kConcat: {  // table.concat(t, sep, i, j): one element a step, and its bytes
      lua_Integer n = length_seen(L);
      return clamp_span(integer_or(L, 3, 1), integer_or(L, 4, n));
    }
    case Cost::kRep: {  // string.rep(s, n, sep): n copies, even of nothing
      lua_Integer n = lua_tointeger(L, 2);
      return n > 0 ? clamp_span(0, n) / kBytesPerStep : 0;
    }
    case Cost::kScan:  // utf8.len, utf8.offset: a walk over the string
      return lua_type(L, 1) == LUA_TSTRING ? lua_rawlen(L, 1) / kBytesPerStep : 0;
    case Cost::kCollect: {  // a collection (or a change of mode): a walk over the heap
      const char* opt = luaL_optstring(L, 1, "collect");
      if (std::strcmp(opt, "collect") != 0 && std::strcmp(opt, "step") != 0 &&
          std::strcmp(opt, "generational") != 0 && std::strcmp(opt, "incremental") != 0)
        return 0;
      return host_of(L).heap_used / (4 * kBytesPerStep);
    }
  }
  return 0;
}

// A library function that counts: upvalue 1 is the real one (a C function that does not
// use upvalues), called in this same call frame so its errors name it as before;
// upvalue 2 is its Cost.
int counted_call(lua_State* L) {
  lua_CFunction real = lua_tocfunction(L, lua_upvalueindex(1));
  auto cost = static_cast<Cost>(lua_tointeger(L, lua_upvalueindex(2)));
  charge(L, upfront_cost(L, cost));
  int n = real(L);
  charge(L, 0);
  return n;
}

// Replaces field `name` of the table on top of the stack with a counted version.
void count_field(lua_State* L, const char* name, Cost cost) {
  if (lua_getfield(L, -1, name) != LUA_TFUNCTION || !lua_iscfunction(L, -1)) {
    lua_pop(L, 1);
    return;
  }
  lua_pushinteger(L, static_cast<lua_Integer>(cost));
  lua_pushcclosure(L, counted_call, 2);
  lua_setfield(L, -2, name);
}

struct Counted {
  const char* name;
  Cost cost;
};

// The C functions of the standard libraries a script has (dump stays refused; find,
// match, gmatch and gsub are replaced by counted matchers).
constexpr Counted kStringCounted[] = {
    {"byte", Cost::kNone},    {"char", Cost::kNone},     {"format", Cost::kNone},
    {"len", Cost::kNone},     {"lower", Cost::kNone},    {"rep", Cost::kRep},
    {"reverse", Cost::kNone}, {"sub", Cost::kNone},      {"upper", Cost::kNone},
    {"pack", Cost::kNone},    {"packsize", Cost::kNone}, {"unpack", Cost::kNone}};
constexpr Counted kTableCounted[] = {{"concat", Cost::kConcat}, {"insert", Cost::kInsert},
                                     {"move", Cost::kMove},     {"pack", Cost::kNone},
                                     {"remove", Cost::kRemove}, {"sort", Cost::kSort},
                                     {"unpack", Cost::kUnpack}};
constexpr Counted kUtf8Counted[] = {{"char", Cost::kNone},
                                    {"codes", Cost::kNone},
                                    {"codepoint", Cost::kNone},
                                    {"len", Cost::kScan},
                                    {"offset", Cost::kScan}};

template <std::size_t N>
void count_library(lua_State* L, const Counted (&fns)[N]) {
  for (const Counted& f : fns) count_field(L, f.name, f.cost);
}

// ---- require --------------------------------------------------------------------------

// require(NAME) loads only LIB/NAME.lua of a lib/ folder: each of Limits::lib_dirs in
// turn (the script FILE's own lib/, --scripts DIR/lib) where that file exists, else
// scripts/lib/NAME.lua built into the binary as lib/NAME.lua. A name is parts of letters, digits, '_' and '-' joined by single dots (a dot is
// a folder: a.b is lib/a/b.lua), so it cannot climb out of lib/. Text only, run under the
// script's own limits; each module runs once (its value is cached in the registry), and a
// module that requires itself, directly or not, is refused.
constexpr const char* kModulesKey = "amazing.modules";  // name -> the module's value
constexpr const char* kLoadingKey = "amazing.loading";  // name -> true while it runs
constexpr std::size_t kMaxModuleName = 100;

bool module_name_ok(const char* s, std::size_t len) {
  if (len == 0 || len > kMaxModuleName) return false;
  bool part_start = true;
  for (std::size_t i = 0; i < len; ++i) {
    char c = s[i];
    if (c == '.') {
      if (part_start) return false;  // "", ".x", "a..b"
      part_start = true;
      continue;
    }
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '-';
    if (!ok) return false;
    part_start = false;
  }
  return !part_start;  // not "x."
}

// Leaves the registry table `key` on the stack, made on first use.
void push_registry_table(lua_State* L, const char* key) {
  if (lua_getfield(L, LUA_REGISTRYINDEX, key) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, key);
  }
}

// What finding a module on disk came to (C values only: they live across Lua calls).
enum class DiskModule { kNone, kRead, kFailed };

// Reads module `slashed` ("a/b") from folder `lib` (a lib/ folder on disk) into
// host.scratch, host.scratch_name its printable path: LIB/a/b.lua is read from LIB's
// parent (opened as the user named it) as lib/a/b.lua, following no symbolic link, a
// plain file only (machine::read_file_in_folder). kFailed: host.scratch says why.
DiskModule read_module(Host& host, std::string lib, const char* slashed) {
  while (lib.size() > 1 && lib.back() == '/') lib.pop_back();
  std::size_t cut = lib.rfind('/');
  std::string folder = cut == std::string::npos ? "." : lib.substr(0, cut == 0 ? 1 : cut);
  std::string relative = cut == std::string::npos ? lib : lib.substr(cut + 1);
  relative += "/" + std::string(slashed) + ".lua";
  host.scratch_name = core::printable(lib + "/" + slashed + ".lua");
  auto read = machine::read_file_in_folder(folder, relative, machine::kMaxProgramBytes,
                                           "modules must be plain files inside " +
                                               core::printable(lib));
  if (!read) {
    host.scratch = "require: " + read.error().message;
    return DiskModule::kFailed;
  }
  if (!read->has_value()) return DiskModule::kNone;
  host.scratch = std::move(**read);
  return DiskModule::kRead;
}

int safe_require(lua_State* L) {
  std::size_t len = 0;
  const char* name = luaL_checklstring(L, 1, &len);
  lua_settop(L, 1);
  if (!module_name_ok(name, len)) {
    Host& host = host_of(L);
    guarded(L, [&] {
      host.scratch = "require: '" + core::printable(std::string_view(name, len).substr(0, 200)) +
                     "' is not a module name: give NAME for scripts/lib/NAME.lua (letters, "
                     "digits, '_' and '-'; a dot for a folder, as in a.b_c)";
    });
    raise_scratch(L);
  }
  push_registry_table(L, kModulesKey);  // 2
  if (lua_getfield(L, 2, name) != LUA_TNIL) return 1;
  lua_pop(L, 1);
  push_registry_table(L, kLoadingKey);  // 3
  if (lua_getfield(L, 3, name) != LUA_TNIL)
    return luaL_error(L,
                      "require: module '%s' is already being loaded: modules require each "
                      "other in a cycle",
                      name);
  lua_pop(L, 1);

  const char* slashed = luaL_gsub(L, name, ".", "/");                // 4
  const char* built_in = lua_pushfstring(L, "lib/%s.lua", slashed);  // 5
  Host& host = host_of(L);
  bool from_disk = !host.limits.lib_dirs.empty();
  DiskModule disk = DiskModule::kNone;
  if (from_disk) {
    // Each folder in turn; the first that has the module (or refuses it) decides.
    if (!guarded(L, [&] {
          std::string looked;
          for (const std::string& lib : host.limits.lib_dirs) {
            disk = read_module(host, lib, slashed);
            if (disk != DiskModule::kNone) return;
            looked += (looked.empty() ? "" : ", no ") + host.scratch_name;
          }
          host.scratch_name = looked;  // for the message below: where it looked
        }))
      raise_scratch(L);
    if (disk == DiskModule::kFailed) raise_scratch(L);
  }
  const char* text = nullptr;
  std::size_t text_len = 0;
  const char* chunk_path = nullptr;
  if (disk == DiskModule::kRead) {
    lua_pushlstring(L, host.scratch.data(), host.scratch.size());  // 6
    host.scratch.clear();
    text = lua_tolstring(L, -1, &text_len);
    chunk_path = lua_pushstring(L, host.scratch_name.c_str());  // 7
  } else {
    std::optional<std::string_view> found = embedded_script(built_in);
    if (!found) {
      if (from_disk)
        return luaL_error(L,
                          "require: no module '%s': there is no %s and no built-in %s "
                          "(scripts/lib/%s.lua)",
                          name, host.scratch_name.c_str(), built_in, slashed);
      return luaL_error(L,
                        "require: no module '%s': there is no built-in %s (scripts/lib/%s.lua; "
                        "a script FILE's own lib/ and --scripts DIR/lib are looked in first)",
                        name, built_in, slashed);
    }
    text = found->data();
    text_len = found->size();
    chunk_path = built_in;
  }
  if (text_len > 0 && text[0] == LUA_SIGNATURE[0])
    return luaL_error(L, "require: %s is bytecode; modules must be Lua source text", chunk_path);
  charge(L, text_len / kBytesPerStep);  // reading and compiling it
  const char* chunkname = lua_pushfstring(L, "@%s", chunk_path);
  if (luaL_loadbufferx(L, text, text_len, chunkname, "t") != LUA_OK) lua_error(L);
  lua_pushboolean(L, 1);
  lua_setfield(L, 3, name);
  lua_pushvalue(L, 1);
  int status = lua_pcall(L, 1, 1, 0);
  check_stop(L);  // a stop the module caught is not a module's value
  lua_pushnil(L);
  lua_setfield(L, 3, name);
  if (status != LUA_OK) lua_error(L);  // the module's error, as it was
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_pushboolean(L, 1);
  }
  lua_pushvalue(L, -1);
  lua_setfield(L, 2, name);
  return 1;
}

int open_sandbox(lua_State* L) {
  luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
  lua_getfield(L, -1, "setmetatable");
  lua_pushcclosure(L, safe_setmetatable, 1);
  lua_setfield(L, -2, "setmetatable");
  lua_getfield(L, -1, "xpcall");
  lua_pushcclosure(L, safe_xpcall, 1);
  lua_setfield(L, -2, "xpcall");
  wrap_field(L, "pcall", stop_passing_call);
  count_field(L, "collectgarbage", Cost::kCollect);
  lua_pop(L, 1);
  luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
  // The strings' metatable is locked too: getmetatable("") gives a string.
  lua_pushliteral(L, "");
  if (lua_getmetatable(L, -1)) {
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  lua_pushnil(L);
  lua_setfield(L, -2, "dump");
  push_refusal(L, "string.dump", "bytecode cannot be made or loaded");
  lua_setfield(L, -2, "dump");
  count_library(L, kStringCounted);
  install_counted_patterns(L);
  lua_pop(L, 1);
  luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
  count_library(L, kTableCounted);
  lua_pop(L, 1);
  luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
  lua_pop(L, 1);
  luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
  count_library(L, kUtf8Counted);
  lua_pop(L, 1);
  luaL_requiref(L, LUA_COLIBNAME, luaopen_coroutine, 1);
  wrap_field(L, "create", charged_create);
  wrap_field(L, "wrap", charged_wrap);
  wrap_field(L, "resume", stop_passing_call);
  wrap_field(L, "close", stop_passing_call);
  lua_pop(L, 1);

  // os: only the clocks; every other field refuses.
  luaL_requiref(L, LUA_OSLIBNAME, luaopen_os, 0);
  push_refusing_table(L, "os", kNoProcesses);
  lua_getfield(L, -2, "clock");
  lua_setfield(L, -2, "clock");
  lua_getfield(L, -2, "time");
  lua_setfield(L, -2, "time");
  lua_setglobal(L, "os");
  lua_pop(L, 1);
  // The real os library stays reachable through package.loaded in the registry only.
  lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  lua_pushnil(L);
  lua_setfield(L, -2, LUA_OSLIBNAME);
  lua_pop(L, 1);

  push_refusing_table(L, "io", kNoFiles);
  lua_setglobal(L, "io");
  push_refusing_table(L, "debug", "it can break the sandbox and the limits");
  lua_setglobal(L, "debug");
  push_refusing_table(L, "package",
                      "require(NAME) loads modules from lib/ folders only (the script's own, "
                      "--scripts DIR/lib, the built-in scripts/lib); there is no search path");
  lua_setglobal(L, "package");
  lua_pushcfunction(L, safe_require);
  lua_setglobal(L, "require");
  push_refusal(L, "dofile", kNoFiles);
  lua_setglobal(L, "dofile");
  push_refusal(L, "loadfile", kNoFiles);
  lua_setglobal(L, "loadfile");
  lua_getglobal(L, "load");
  lua_pushcclosure(L, safe_load, 1);
  lua_setglobal(L, "load");

  return open_amazing(L);
}

// The message handler of a run: the error's text and where the script was. A string (or
// number) is the text; any other value gets a sentence naming its type. A __tostring of
// the script's is not called: it would be script code running inside the error handler,
// where the step limit is at its weakest.
int traceback(lua_State* L) {
  const char* text = lua_type(L, 1) == LUA_TSTRING || lua_type(L, 1) == LUA_TNUMBER
                         ? lua_tostring(L, 1)
                         : lua_pushfstring(L, "the script raised an error without a message "
                                              "(error(...) was given a %s)",
                                           luaL_typename(L, 1));
  luaL_traceback(L, L, text, 1);
  return 1;
}

// What push_args reads: the run's ScriptArgs and the script's name (arg[0]).
struct RunArgs {
  const ScriptArgs* args;
  std::string_view name;
};

// Sets the global arg (Lua's standard table: arg[0] the script's name, arg[1..] its
// arguments) and returns the arguments, for the main chunk's `...`.
int push_arg_table(lua_State* L, const RunArgs& run) {
  const std::vector<std::string>& list = run.args->arg;
  luaL_checkstack(L, static_cast<int>(std::min<std::size_t>(list.size(), 1'000'000)) + 2,
                  "too many arguments after --");
  lua_createtable(L, static_cast<int>(list.size()), 1);
  lua_pushlstring(L, run.name.data(), run.name.size());
  lua_rawseti(L, -2, 0);
  for (std::size_t i = 0; i < list.size(); ++i) {
    lua_pushlstring(L, list[i].data(), list[i].size());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  lua_setglobal(L, "arg");
  for (const std::string& a : list) lua_pushlstring(L, a.data(), a.size());
  return static_cast<int>(list.size());
}

// Pushes amazing.args from the ScriptArgs in upvalue-free form, and arg (called
// protected); returns the arguments of the main chunk.
int push_args(lua_State* L) {
  const RunArgs& run = *static_cast<const RunArgs*>(lua_touserdata(L, 1));
  const ScriptArgs* args = run.args;
  lua_getglobal(L, "amazing");
  lua_createtable(L, 0, 8);
  if (args->width) {
    lua_pushinteger(L, *args->width);
    lua_setfield(L, -2, "width");
  }
  if (args->length) {
    lua_pushinteger(L, *args->length);
    lua_setfield(L, -2, "length");
  }
  if (args->seed) {
    lua_pushinteger(L, *args->seed);
    lua_setfield(L, -2, "seed");
  }
  lua_pushlstring(L, args->variant.data(), args->variant.size());
  lua_setfield(L, -2, "variant");
  lua_pushboolean(L, args->maze_only);
  lua_setfield(L, -2, "maze_only");
  lua_pushboolean(L, host_of(L).machine->batch());
  lua_setfield(L, -2, "batch");
  if (host_of(L).c64_rnd != nullptr) {
    lua_pushliteral(L, "c64");
    lua_setfield(L, -3, "machine");  // amazing.machine (the table under args)
  }
  lua_createtable(L, static_cast<int>(args->extra.size()), 0);
  for (std::size_t i = 0; i < args->extra.size(); ++i) {
    lua_pushlstring(L, args->extra[i].data(), args->extra[i].size());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  lua_setfield(L, -2, "extra");
  lua_pushinteger(L, args->starts);
  lua_setfield(L, -2, "starts");
  if (const core::Mask* mask = args->mask) {
    lua_createtable(L, 0, 3);
    lua_pushinteger(L, mask->width());
    lua_setfield(L, -2, "width");
    lua_pushinteger(L, mask->height());
    lua_setfield(L, -2, "height");
    lua_pushinteger(L, static_cast<lua_Integer>(mask->masked_count()));
    lua_setfield(L, -2, "masked");
    lua_setfield(L, -2, "mask");
  }
  lua_setfield(L, -2, "args");
  lua_settop(L, 1);
  return push_arg_table(L, run);
}

// Drops what amazing.publish got (called protected: the registry key may allocate).
int forget_published(lua_State* L) {
  lua_pushnil(L);
  lua_setfield(L, LUA_REGISTRYINDEX, kPublishedKey);
  return 0;
}

std::string memory_message(const Limits& limits) {
  return "script stopped: it needs more than " + core::format_ram_size(limits.memory) +
         " of Lua memory (raise --lua-mem)";
}

}  // namespace

void end_run(lua_State* L) {
  Host& host = host_of(L);
  host.refused = true;
  if (host.stop_message[0] == '\0')
    std::snprintf(host.stop_message, sizeof host.stop_message, "%s",
                  "script ended by amazing.refuse");
  raise_stop(L);
}

void charge(lua_State* L, uint64_t steps) {
  Host& host = host_of(L);
  if (host.memory_limit_hit) raise_stop(L);
  host.work += steps;
  if (budget_spent(host)) stop_for_steps(L, 1);
}

Engine::Engine(machine::Machine& machine, const Limits& limits) : host_(std::make_unique<Host>()) {
  host_->machine = &machine;
  host_->limits = limits;
  host_->heap_cap = limits.memory;
  // No step limit still keeps the hook: it is how coroutines learn of a memory stop.
  host_->max_periods = limits.max_steps == 0 ? UINT64_MAX : limits.max_steps / kHookPeriod;
  if (limits.max_steps != 0)
    host_->cpu_budget =
        std::max(kMinCpuSeconds, static_cast<double>(limits.max_steps) * kSecondsPerStep);
  lua_State* L = lua_newstate(capped_alloc, host_.get());
  if (L == nullptr) return;
  *static_cast<Host**>(lua_getextraspace(L)) = host_.get();
  host_->L = L;
  lua_sethook(L, count_hook, LUA_MASKCOUNT, kHookPeriod);
}

Engine::~Engine() {
  if (host_->L != nullptr) lua_close(host_->L);
}

void Engine::use_c64(core::C64Rnd* rnd) {
  host_->c64_rnd = rnd;
}

void Engine::use_store(SaveStore* store) {
  host_->store = store;
}

void Engine::stop_when(const bool* flag) {
  host_->stop_flag = flag;
}

uint64_t Engine::steps() const {
  return host_->periods * kHookPeriod;
}

namespace {

// The Lua prompt (Engine::run_typed): pushes the compiled chunk, as Lua's own prompt
// compiles a line: first as `return LINE` (an expression shows its value), else as it
// stands. A chunk that fails only because its text ended too soon ("<eof>" ends the
// message) is incomplete: nothing is pushed and the prompt asks for more.
int load_typed(lua_State* L, std::string_view text, TypedResult& typed) {
  std::string with_return = "return ";
  with_return += text;
  with_return += ';';
  if (luaL_loadbufferx(L, with_return.data(), with_return.size(), "=stdin", "t") == LUA_OK)
    return LUA_OK;
  lua_pop(L, 1);
  int status = luaL_loadbufferx(L, text.data(), text.size(), "=stdin", "t");
  if (status == LUA_ERRSYNTAX) {
    std::size_t len = 0;
    const char* message = lua_tolstring(L, -1, &len);
    constexpr std::string_view kEof = "<eof>";
    std::string_view said(message != nullptr ? message : "", message != nullptr ? len : 0);
    if (said.size() >= kEof.size() && said.substr(said.size() - kEof.size()) == kEof) {
      lua_pop(L, 1);
      typed.incomplete = true;
    }
  }
  return status;
}

// tostring of each argument (its __tostring too), joined by tabs (called protected).
int join_values(lua_State* L) {
  int n = lua_gettop(L);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  for (int i = 1; i <= n; ++i) {
    if (i > 1) luaL_addchar(&b, '\t');
    luaL_tolstring(L, i, nullptr);
    luaL_addvalue(&b);
  }
  luaL_pushresult(&b);
  return 1;
}

}  // namespace

RunResult Engine::run(std::string_view source, std::string_view name, const ScriptArgs& args) {
  return run_chunk(source, name, args, nullptr);
}

TypedResult Engine::run_typed(std::string_view chunk, const ScriptArgs& args) {
  TypedResult typed;
  typed.run = run_chunk(chunk, "stdin", args, &typed);
  return typed;
}

void Engine::set_interrupt(volatile std::sig_atomic_t* flag) {
  host_->interrupt = flag;
}

bool Engine::stopped_at_limit() const {
  return host_->L == nullptr || host_->step_limit_hit || host_->memory_limit_hit ||
         host_->refused;
}

RunResult Engine::run_chunk(std::string_view source, std::string_view name, const ScriptArgs& args,
                            TypedResult* typed) {
  RunResult result;
  lua_State* L = host_->L;
  // A limit or amazing.refuse ends the Engine; a Ctrl-C only the run it stopped.
  if (L == nullptr || host_->step_limit_hit || host_->memory_limit_hit || host_->refused) {
    result.outcome = Outcome::kRuntimeError;
    result.message = L == nullptr ? "cannot start Lua: " + memory_message(host_->limits)
                                  : "this Lua engine stopped its last script at a limit or "
                                    "amazing.refuse; run again with a new engine";
    return result;
  }
  if (host_->interrupted) {  // a Ctrl-C stopped the last run: this one starts afresh
    host_->interrupted = false;
    host_->stop_message[0] = '\0';
    lua_sethook(L, count_hook, LUA_MASKCOUNT, kHookPeriod);
  }
  // Each run gets the whole step budget; what the last one published is dropped.
  host_->periods = 0;
  host_->work = 0;
  host_->out_of_ram = false;
  host_->program_error.reset();
  host_->cpu_start = thread_cpu_seconds();
  host_->next_clock_check = {};
  host_->started = std::chrono::steady_clock::now();
  host_->unslept = {};
  host_->mask = args.mask;
  host_->markers = core::Markers{};
  host_->request = core::MazeRequest{args.width.value_or(0), args.length.value_or(0), args.mask,
                                     args.starts};
  host_->marker_key.clear();
  host_->machine_memory = args.machine_memory;
  lua_pushcfunction(L, forget_published);
  if (lua_pcall(L, 0, 0, 0) != LUA_OK) lua_pop(L, 1);

  auto fail_from_stack = [&](Outcome outcome) {
    const char* msg = lua_tostring(L, -1);
    result.outcome = outcome;
    result.message = msg != nullptr ? msg : "(error without a message)";
    lua_pop(L, 1);
    if (host_->interrupted) {
      result.outcome = Outcome::kInterrupted;
      result.message = host_->stop_message;
    } else if (host_->refused && !host_->memory_limit_hit && !host_->step_limit_hit) {
      result.outcome = Outcome::kRefused;
      result.message = host_->refusal;
    } else if (host_->memory_limit_hit) {
      result.outcome = Outcome::kMemoryLimit;
      // Lua's own text is "not enough memory"; say which limit and what to do.
      std::size_t nl = result.message.find('\n');
      std::string trace = nl == std::string::npos ? "" : result.message.substr(nl);
      result.message = name.empty() ? memory_message(host_->limits)
                                    : std::string(name) + ": " + memory_message(host_->limits);
      result.message += trace;
    } else if (host_->step_limit_hit) {
      result.outcome = Outcome::kStepLimit;
      // The stop where it happened (raised again in a caller, it may carry the caller's
      // place in front), then the traceback.
      std::size_t trace = result.message.find("\nstack traceback");
      if (host_->stop_message[0] != '\0')
        result.message =
            host_->stop_message +
            (trace == std::string::npos ? std::string() : result.message.substr(trace));
    } else if (host_->out_of_ram && outcome == Outcome::kRuntimeError) {
      result.outcome = Outcome::kOutOfRam;
    }
  };

  if (!host_->opened) {
    lua_pushcfunction(L, open_sandbox);
    if (lua_pcall(L, 0, 0, 0) != LUA_OK) {
      fail_from_stack(Outcome::kRuntimeError);
      return result;
    }
    host_->opened = true;
  }
  lua_pushcfunction(L, traceback);
  const int handler = lua_gettop(L);
  RunArgs run_args{&args, name};
  lua_pushcfunction(L, push_args);
  lua_pushlightuserdata(L, &run_args);
  if (lua_pcall(L, 1, LUA_MULTRET, 0) != LUA_OK) {
    fail_from_stack(Outcome::kRuntimeError);
    lua_settop(L, handler - 1);
    return result;
  }
  const int nargs = lua_gettop(L) - handler;  // the main chunk's ..., above the handler

  // A first line starting with '#' (#!/usr/bin/env ...) is skipped, as lua does; its
  // newline stays so line numbers do not move.
  std::string_view text = source;
  std::string chunkname(1, '@');
  chunkname += name;
  if (typed == nullptr && !text.empty() && text[0] == '#') {
    std::size_t nl = text.find('\n');
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl);
  }
  int status = typed != nullptr
                   ? load_typed(L, text, *typed)
                   : luaL_loadbufferx(L, text.data(), text.size(), chunkname.c_str(), "t");
  if (typed != nullptr && typed->incomplete) {
    lua_settop(L, handler - 1);
    return result;
  }
  if (status != LUA_OK) {
    fail_from_stack(status == LUA_ERRSYNTAX ? Outcome::kSyntaxError : Outcome::kRuntimeError);
    lua_settop(L, handler - 1);
    return result;
  }
  lua_rotate(L, handler + 1, 1);  // the chunk below its arguments
  status = lua_pcall(L, nargs, typed != nullptr ? LUA_MULTRET : 0, handler);
  if (status == LUA_OK && typed != nullptr && lua_gettop(L) > handler) {
    // The chunk's values, as Lua's own prompt shows them: one text, tab-separated.
    int n = lua_gettop(L) - handler;
    lua_pushcfunction(L, join_values);
    lua_insert(L, handler + 1);
    status = lua_pcall(L, n, 1, handler);
    if (status == LUA_OK) {
      std::size_t len = 0;
      const char* s = lua_tolstring(L, -1, &len);
      typed->values = std::string(s, len);
      lua_pop(L, 1);
    }
  }
  if (status != LUA_OK) {
    fail_from_stack(Outcome::kRuntimeError);
  } else if (stopped(*host_)) {
    // A stop never ends a run well, whatever caught it.
    lua_pushstring(L, host_->stop_message);
    fail_from_stack(Outcome::kRuntimeError);
  }
  result.program_error = host_->program_error;
  lua_settop(L, handler - 1);  // the handler (and any values left)
  return result;
}

namespace {

// Moves the published maze out of its userdata (called protected: the registry lookup
// may allocate).
int take_published(lua_State* L) {
  auto* out = static_cast<std::optional<core::Maze>*>(lua_touserdata(L, 1));
  lua_getfield(L, LUA_REGISTRYINDEX, kPublishedKey);
  auto* box = static_cast<MazeBox*>(luaL_testudata(L, -1, kMazeMeta));
  if (box != nullptr && box->maze.cells() != 0) {
    out->emplace(std::move(box->maze));  // a move: no allocation, cannot throw
    box->maze = core::Maze();
  }
  return forget_published(L);
}

}  // namespace

core::Markers Engine::take_markers() {
  core::Markers markers = std::move(host_->markers);
  host_->markers = core::Markers{};
  return markers;
}

std::optional<core::Maze> Engine::take_maze() {
  std::optional<core::Maze> maze;
  lua_State* L = host_->L;
  if (L == nullptr) return maze;
  lua_pushcfunction(L, take_published);
  lua_pushlightuserdata(L, &maze);
  if (lua_pcall(L, 1, 0, 0) != LUA_OK) lua_pop(L, 1);
  return maze;
}

std::string basic_number(double value) {
  return core::print_number(value);
}

}  // namespace amazing::lua
