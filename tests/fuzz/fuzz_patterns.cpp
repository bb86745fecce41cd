// Fuzz target: the sandbox's string.find, match, gmatch and gsub (src/lua/patterns.cpp)
// against the stock string library of liblua5.4, on the same input in two lua_States of
// this process (tests/lua/patterns_diff_test.cpp does the same on generated cases). Any
// difference in results, captures, replacement calls or error messages aborts.
//
// Input: byte 0 picks the call (f find, p plain find, m match, g gmatch, s gsub with a
// string, t gsub with a table, u gsub with a function; other bytes: by value), byte 1 is
// init (gsub: the count n; 0: not given), then the pattern up to the first '\n', the
// subject up to the next, and gsub's replacement string after it. The stock matcher
// backtracks without bound, so inputs stay small: a pattern of at most 40 bytes with at
// most 3 of "*+-?", a subject of at most 64.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

extern "C" {
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
}

#include "lua/host.hpp"

namespace {

using amazing::lua::Engine;

constexpr std::size_t kMaxPattern = 40;
constexpr std::size_t kMaxSubject = 64;
constexpr int kMaxRepetitions = 3;

// Lua code both states run: run_case(op, subject, pattern, init, repl) returns the
// outcome as one string.
constexpr const char* kHarness = R"lua(
local string, select, type, tostring, pcall = string, select, type, tostring, pcall
local concat, unpack, pack, mtype, format = table.concat, table.unpack, table.pack, math.type, string.format
local log

local function show(v)
  local t = type(v)
  if t == "string" then return format("%q", v) end
  if t == "number" then return mtype(v) .. ":" .. format("%.17g", v) end
  return t .. ":" .. tostring(v)
end

local function outcome(ok, ...)
  local out = {ok and "ok" or "error"}
  for i = 1, select("#", ...) do out[#out + 1] = show((select(i, ...))) end
  return concat(out, " ")
end

local repl_table = {a = "<A>", b = false, ab = 7, ["1"] = "one", [1] = "pos1", [2] = 2.5,
                    aa = {}, [4] = true}

local function repl_function(...)
  log[#log + 1] = outcome(true, ...)
  local k = #tostring((...)) % 5
  if k == 0 then return nil
  elseif k == 1 then return false
  elseif k == 2 then return "[" .. tostring((...)) .. "]"
  elseif k == 3 then return #log
  else return 0.5 end
end

local function gmatch_all(s, p, init)
  local it = string.gmatch(s, p, init)
  local out = {}
  for _ = 1, 100 do
    local r = pack(it())
    out[#out + 1] = outcome(true, unpack(r, 1, r.n))
    if r.n == 0 then break end
  end
  return concat(out, " | ")
end

function run_case(op, s, p, init, repl)
  log = {}
  local r
  if op == "f" then r = outcome(pcall(string.find, s, p, init))
  elseif op == "p" then r = outcome(pcall(string.find, s, p, init, true))
  elseif op == "m" then r = outcome(pcall(string.match, s, p, init))
  elseif op == "g" then r = outcome(pcall(gmatch_all, s, p, init))
  elseif op == "s" then r = outcome(pcall(string.gsub, s, p, repl, init))
  elseif op == "t" then r = outcome(pcall(string.gsub, s, p, repl_table, init))
  else r = outcome(pcall(string.gsub, s, p, repl_function, init)) end
  return r .. " calls: " .. concat(log, " / ")
end
)lua";

lua_State* new_state(Engine::Host* host) {
  lua_State* L = luaL_newstate();
  if (L == nullptr) std::abort();
  if (host != nullptr) {
    *static_cast<Engine::Host**>(lua_getextraspace(L)) = host;
    host->L = L;
  }
  luaL_openlibs(L);
  if (host != nullptr) {
    lua_getglobal(L, "string");
    amazing::lua::install_counted_patterns(L);
    lua_pop(L, 1);
  }
  if (luaL_dostring(L, kHarness) != LUA_OK) std::abort();
  return L;
}

struct Input {
  char op;
  int init;  // 0: not given
  std::string_view pattern, subject, repl;
};

std::string run(lua_State* L, const Input& in) {
  lua_getglobal(L, "run_case");
  lua_pushlstring(L, &in.op, 1);
  lua_pushlstring(L, in.subject.data(), in.subject.size());
  lua_pushlstring(L, in.pattern.data(), in.pattern.size());
  if (in.init == 0)
    lua_pushnil(L);
  else
    lua_pushinteger(L, in.init);
  lua_pushlstring(L, in.repl.data(), in.repl.size());
  if (lua_pcall(L, 5, 1, 0) != LUA_OK) std::abort();
  std::size_t len = 0;
  const char* text = lua_tolstring(L, -1, &len);
  std::string out(text, len);
  lua_pop(L, 1);
  return out;
}

std::string_view take_line(std::string_view& rest) {
  std::size_t nl = rest.find('\n');
  std::string_view line = rest.substr(0, nl);
  rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);
  return line;
}

bool small_enough(const Input& in) {
  if (in.pattern.size() > kMaxPattern || in.subject.size() > kMaxSubject) return false;
  int repetitions = 0;
  for (char c : in.pattern)
    if (std::strchr("*+-?", c) != nullptr && c != '\0') ++repetitions;
  return repetitions <= kMaxRepetitions;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  std::string_view rest(reinterpret_cast<const char*>(data) + 2, size - 2);
  Input in;
  in.op = static_cast<char>(data[0]);
  if (std::strchr("fpmgstu", in.op) == nullptr || in.op == '\0') in.op = "fpmgstu"[data[0] % 7];
  in.init = static_cast<int8_t>(data[1]);
  in.pattern = take_line(rest);
  in.subject = take_line(rest);
  in.repl = rest;
  if (!small_enough(in)) return 0;

  static Engine::Host host;
  static lua_State* stock = new_state(nullptr);
  static lua_State* ours = new_state(&host);
  host.periods = 0;
  host.work = 0;
  host.max_periods = 500'000'000 / amazing::lua::kHookPeriod;
  std::string want = run(stock, in);
  std::string got = run(ours, in);
  if (want != got) {
    std::fprintf(stderr, "pattern %.*s\nstock: %s\nours:  %s\n",
                 static_cast<int>(in.pattern.size()), in.pattern.data(), want.c_str(), got.c_str());
    std::abort();
  }
  lua_gc(ours, LUA_GCSTEP, 0);
  lua_gc(stock, LUA_GCSTEP, 0);
  return 0;
}
