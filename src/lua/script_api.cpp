// amazing.refuse, amazing.log and amazing.basic_error: a script's word to its user (scripts/README.md,
// "Arguments, refusals and log lines").
#include <algorithm>
#include <string>
#include <string_view>

#include "core/text.hpp"
#include "lua/host.hpp"
#include "machine/log.hpp"

namespace amazing::lua {

namespace {

// A refusal is one line of a message; a log line a little longer.
constexpr std::size_t kMaxRefusal = 300;
constexpr std::size_t kMaxLogLine = 1000;

// `text` as one printable line of at most `cap` bytes of it (cut at a character, "..."
// added when cut); control characters become visible escapes (core::printable).
std::string bounded_line(std::string_view text, std::size_t cap) {
  if (text.size() <= cap) return core::printable(text);
  std::size_t cut = cap;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return core::printable(text.substr(0, cut)) + "...";
}

// amazing.refuse(message): ends the run; the host shows message alone, exit 2.
int l_refuse(lua_State* L) {
  std::size_t len = 0;
  const char* text = luaL_checklstring(L, 1, &len);
  luaL_argcheck(L, len > 0, 1, "give the message to show (what was wrong, what to do)");
  Engine::Host& host = host_of(L);
  if (!guarded(L, [&] { host.refusal = bounded_line(std::string_view(text, len), kMaxRefusal); }))
    raise_scratch(L);
  end_run(L);
}

// amazing.basic_error(message, line [, "out of memory"]): the program the script
// emulates stopped on its own BASIC error, which the script printed as the machine does;
// the run goes on (the script returns after it), and the host ends with that outcome.
int l_basic_error(lua_State* L) {
  std::size_t len = 0;
  const char* text = luaL_checklstring(L, 1, &len);
  const lua_Integer line = luaL_checkinteger(L, 2);
  luaL_argcheck(L, line >= -1 && line <= 65535, 2, "a line number, 0..65535");
  const char* kinds[] = {"error", "out of memory", nullptr};
  const int kind = luaL_checkoption(L, 3, "error", kinds);
  Engine::Host& host = host_of(L);
  if (!guarded(L, [&] {
        host.program_error = ProgramError{bounded_line(std::string_view(text, len), kMaxRefusal),
                                          static_cast<int>(line), kind == 1};
      }))
    raise_scratch(L);
  return 0;
}

// amazing.log(...): its arguments as tostring shows them, joined by spaces, as one line
// on standard error (machine::log_line), at most kMaxLogLine bytes of them.
int l_log(lua_State* L) {
  const int n = lua_gettop(L);
  int pieces = 0;
  std::size_t total = 0;
  for (int i = 1; i <= n && total <= kMaxLogLine; ++i) {
    luaL_checkstack(L, 3, "too many values to log");
    if (i > 1) {
      lua_pushliteral(L, " ");
      ++pieces;
      ++total;
    }
    std::size_t len = 0;
    const char* s = luaL_tolstring(L, i, &len);
    if (len > kMaxLogLine + 1) {  // only what can be shown is kept
      lua_pushlstring(L, s, kMaxLogLine + 1);
      lua_replace(L, -2);
      len = kMaxLogLine + 1;
    }
    ++pieces;
    total += len;
  }
  lua_concat(L, pieces);
  std::size_t len = 0;
  const char* line = lua_tolstring(L, -1, &len);
  charge(L, len);
  if (!guarded(L, [&] { machine::log_line(bounded_line(std::string_view(line, len), kMaxLogLine)); }))
    raise_scratch(L);
  return 0;
}

}  // namespace

void open_script_api(lua_State* L) {
  const luaL_Reg functions[] = {{"refuse", l_refuse},
                                 {"log", l_log},
                                 {"basic_error", l_basic_error},
                                 {nullptr, nullptr}};
  luaL_setfuncs(L, functions, 0);
}

}  // namespace amazing::lua
