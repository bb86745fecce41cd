// The screen and keyboard calls of the `amazing` table, what the machine's BASIC had for
// games: locate (LOCATE), color (COLOR), inkey (INKEY$), sleep, show, chr (CHR$), glyph,
// keyboard and a clock (time)
// (scripts/README.md, "Games: the screen and the keyboard"). The keyboard and the display
// are the machine's Console (machine/console.hpp); without one (batch mode, or standard
// output not a terminal) inkey gives nil, sleep returns at once and show does nothing.
// sleep, inkey and show each count kConsoleSteps against the step budget, so a script
// that sleeps or polls for ever in a loop still ends when its budget is spent; the time
// slept is not CPU time and does not count against the CPU-time backstop.
// Every function follows the rules in host.hpp.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>

#include "lua/host.hpp"
#include "machine/charset.hpp"
#include "machine/console.hpp"

namespace amazing::lua {
namespace {

constexpr uint64_t kConsoleSteps = 1000;

machine::Machine& machine_of(lua_State* L) {
  return *host_of(L).machine;
}

// amazing.locate(row [, col]): moves the cursor to row 1..25, column 1..40 (nil keeps the
// current one), as LOCATE does; the next write prints there.
int l_locate(lua_State* L) {
  machine::Screen& screen = machine_of(L).screen();
  lua_Integer row = luaL_optinteger(L, 1, screen.row() + 1);
  lua_Integer col =
      luaL_optinteger(L, 2, std::min(screen.col(), machine::Screen::kColumns - 1) + 1);
  luaL_argcheck(L, row >= 1 && row <= machine::Screen::kRows, 1, "the row is 1 to 25");
  luaL_argcheck(L, col >= 1 && col <= machine::Screen::kColumns, 2, "the column is 1 to 40");
  screen.set_cursor(static_cast<int>(row - 1), static_cast<int>(col - 1));
  machine::Machine& m = machine_of(L);
  // In batch mode the printer writes a stream that cannot go back: only the screen moves.
  if (!m.batch()) m.printer().set_column(static_cast<int>(col - 1));
  return 0;
}

// amazing.color(fg [, bg]): the colours (0..15, the machine's: charset.hpp) of what is
// printed and cleared from now on; nil keeps one. Returns the colours now in use.
int l_color(lua_State* L) {
  machine::Screen& screen = machine_of(L).screen();
  uint8_t a = screen.attribute();
  lua_Integer fg = luaL_optinteger(L, 1, machine::attribute_fg(a));
  lua_Integer bg = luaL_optinteger(L, 2, machine::attribute_bg(a));
  luaL_argcheck(L, fg >= 0 && fg < machine::kColours, 1, "a colour is 0 to 15");
  luaL_argcheck(L, bg >= 0 && bg < machine::kColours, 2, "a colour is 0 to 15");
  screen.set_attribute(machine::make_attribute(static_cast<int>(fg), static_cast<int>(bg)));
  lua_pushinteger(L, fg);
  lua_pushinteger(L, bg);
  return 2;
}

// amazing.inkey(): the next key pressed ("a", "up", "enter", ...), or nil; never waits.
int l_inkey(lua_State* L) {
  charge(L, kConsoleSteps);
  Engine::Host& host = host_of(L);
  machine::Console* console = host.machine->console();
  if (console == nullptr) {
    lua_pushnil(L);
    return 1;
  }
  if (!guarded(L, [&] { host.scratch = console->inkey(); })) raise_scratch(L);
  if (host.scratch.empty())
    lua_pushnil(L);
  else
    lua_pushlstring(L, host.scratch.data(), host.scratch.size());
  return 1;
}

// amazing.sleep(ms): shows the screen and waits ms milliseconds (0 to 10000); keys pressed
// meanwhile wait for inkey. Without a console it returns at once; amazing.time() counts
// the time asked for as passed all the same.
int l_sleep(lua_State* L) {
  using Clock = std::chrono::steady_clock;
  lua_Number ms = luaL_checknumber(L, 1);
  luaL_argcheck(L, ms >= 0 && ms <= machine::Console::kMaxSleepMs, 1,
                "sleep takes 0 to 10000 milliseconds; loop for longer");
  charge(L, kConsoleSteps);
  Engine::Host& host = host_of(L);
  machine::Console* console = host.machine->console();
  int whole = static_cast<int>(std::lround(ms));
  const Clock::time_point before = Clock::now();
  if (console != nullptr && !guarded(L, [&] { console->sleep(whole); })) raise_scratch(L);
  const Clock::duration asked = std::chrono::milliseconds(whole);
  const Clock::duration spent = Clock::now() - before;
  if (spent < asked) host.unslept += asked - spent;
  return 0;
}

// amazing.time(): seconds since the script started (millisecond resolution), on the
// monotonic clock plus what sleep skipped, so it moves across every sleep.
int l_time(lua_State* L) {
  const Engine::Host& host = host_of(L);
  auto passed = std::chrono::steady_clock::now() - host.started + host.unslept;
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(passed).count();
  lua_pushnumber(L, static_cast<lua_Number>(ms) / 1000);
  return 1;
}

// amazing.show(): shows the screen now (else it shows when the program waits for a key,
// a line or the time, or ends).
int l_show(lua_State* L) {
  charge(L, kConsoleSteps);
  machine::Console* console = machine_of(L).console();
  if (console == nullptr) return 0;
  if (!guarded(L, [&] { console->show(); })) raise_scratch(L);
  return 0;
}

// amazing.keyboard(): true when keys can be pressed (a terminal: inkey can answer), false
// in batch mode or without a terminal, where inkey is always nil.
int l_keyboard(lua_State* L) {
  lua_pushboolean(L, machine_of(L).console() != nullptr);
  return 1;
}

uint8_t check_code(lua_State* L) {
  lua_Integer n = luaL_checkinteger(L, 1);
  luaL_argcheck(L, n >= 0 && n <= 255, 1, "a character code is 0 to 255");
  return static_cast<uint8_t>(n);
}

// amazing.chr(n): CHR$(n), the one-byte string of the machine's character n (CP437 on the
// pc, PETSCII on the c64): printed or poked, the screen shows that character.
int l_chr(lua_State* L) {
  char byte = static_cast<char>(check_code(L));
  lua_pushlstring(L, &byte, 1);
  return 1;
}

// amazing.glyph(n): the Unicode character (UTF-8) the screen shows for code n.
int l_glyph(lua_State* L) {
  uint8_t code = check_code(L);
  machine::Rules rules =
      host_of(L).c64_rnd != nullptr ? machine::Rules::kC64 : machine_of(L).screen().rules();
  char buf[8] = {};
  std::size_t n = 0;
  {
    // Short strings live inside the object: no allocation, and it is gone before
    // anything below can raise.
    std::string text = machine::glyph_utf8(machine::charset_of(rules), code);
    n = text.copy(buf, sizeof buf);
  }
  lua_pushlstring(L, buf, n);
  return 1;
}

constexpr luaL_Reg kScreenApi[] = {
    {"locate", l_locate}, {"color", l_color},       {"inkey", l_inkey},
    {"sleep", l_sleep},   {"show", l_show},         {"chr", l_chr},
    {"glyph", l_glyph},   {"keyboard", l_keyboard}, {"time", l_time},
    {nullptr, nullptr}};

}  // namespace

void open_screen_api(lua_State* L) {
  luaL_setfuncs(L, kScreenApi, 0);
}

}  // namespace amazing::lua
