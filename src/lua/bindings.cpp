// The `amazing` table: what a script can do on the machine (documented, with an example
// per call, in scripts/README.md). Every function follows the rules in host.hpp.

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "core/c64_float.hpp"
#include "core/listing_memory.hpp"
#include "core/nibble_store.hpp"
#include "lua/host.hpp"

namespace amazing::lua {

namespace {

using Host = Engine::Host;

machine::Machine& machine_of(lua_State* L) {
  return *host_of(L).machine;
}

// ---- output ---------------------------------------------------------------------------

// The C64's cursor-right (CHR$(29)), as its recordings show it.
constexpr std::string_view kC64Right = "\x1b[C";

// A number as the C64's PRINT shows it: rounded to its 5-byte numbers, FOUT's text
// (" 10000000", " .333333333", "-5"), then the cursor-right PRINT gives every number.
// Past its range (1.70141183E+38) the C64 stops with ?OVERFLOW ERROR; so does the script.
void print_c64_number(lua_State* L, double value) {
  machine::Printer& printer = machine_of(L).printer();
  bool fits = false;
  if (!guarded(L, [&] {
        auto c64 = core::c64_from_double(value);
        if (!c64) return;
        fits = true;
        printer.print(c64->to_string());
        printer.sink().put(kC64Right);
      }))
    raise_scratch(L);
  if (!fits) luaL_error(L, "?OVERFLOW  ERROR: %f is past the C64's numbers (1.70141183E+38)", value);
}

// Prints argument `i` as one PRINT item: strings as they are, numbers as PRINT shows them
// (on the machine's BASIC: GW-BASIC's, or the C64's), anything else through tostring.
void print_item(lua_State* L, int i) {
  machine::Printer& printer = machine_of(L).printer();
  int type = lua_type(L, i);
  if (type == LUA_TNUMBER) {
    double value = lua_tonumber(L, i);
    if (host_of(L).c64_rnd != nullptr) return print_c64_number(L, value);
    if (!guarded(L, [&] { printer.print(basic_number(value)); })) raise_scratch(L);
    return;
  }
  std::size_t len = 0;
  const char* s = type == LUA_TSTRING ? lua_tolstring(L, i, &len) : luaL_tolstring(L, i, &len);
  if (!guarded(L, [&] { printer.print(std::string_view(s, len)); })) raise_scratch(L);
  if (type != LUA_TSTRING) lua_pop(L, 1);
}

void print_items(lua_State* L) {
  int n = lua_gettop(L);
  for (int i = 1; i <= n; ++i) print_item(L, i);
}

// PRINT's own line end (an exactly full line gets an empty line after it, as in GW-BASIC).
void newline(lua_State* L) {
  machine::Printer& printer = machine_of(L).printer();
  if (!guarded(L, [&] { printer.end_print(); })) raise_scratch(L);
}

// amazing.write(...): PRINT a; b;   (the line stays open)
int l_write(lua_State* L) {
  print_items(L);
  return 0;
}

// amazing.print(...): PRINT a; b   (then a new line)
int l_print(lua_State* L) {
  print_items(L);
  newline(L);
  return 0;
}

// print(...) (global): Lua's print on the machine: tostring of each value, values in
// 14-column zones as PRINT a, b does, then a new line.
int l_global_print(lua_State* L) {
  int n = lua_gettop(L);
  machine::Printer& printer = machine_of(L).printer();
  for (int i = 1; i <= n; ++i) {
    if (i > 1 && !guarded(L, [&] { printer.comma(); })) raise_scratch(L);
    std::size_t len = 0;
    const char* s = luaL_tolstring(L, i, &len);
    if (!guarded(L, [&] { printer.print(std::string_view(s, len)); })) raise_scratch(L);
    lua_pop(L, 1);
  }
  newline(L);
  return 0;
}

// n cursor-rights straight to the output, as the C64 moves the cursor for TAB and SPC.
void c64_rights(lua_State* L, lua_Integer n) {
  machine::Printer& printer = machine_of(L).printer();
  if (!guarded(L, [&] {
        for (lua_Integer k = 0; k < n; ++k) printer.sink().put(kC64Right);
      }))
    raise_scratch(L);
}

int l_tab(lua_State* L) {
  lua_Integer n = luaL_checkinteger(L, 1);
  luaL_argcheck(L, n >= 0 && n <= 255, 1, "TAB takes 0 to 255");
  machine::Printer& printer = machine_of(L).printer();
  if (host_of(L).c64_rnd != nullptr) {
    // The C64's TAB(n): cursor-rights up to column n (0-based) when left of it. The
    // column is the printed text's (cursor-rights already given are not counted).
    // column() is 0-based on either printer (pos() is 1-based on the pc's, 0-based on a
    // machine with the C64's rules).
    lua_Integer col = printer.column();
    if (col < n) c64_rights(L, n - col);
    return 0;
  }
  if (!guarded(L, [&] { printer.tab(static_cast<int>(n)); })) raise_scratch(L);
  return 0;
}

int l_spc(lua_State* L) {
  lua_Integer n = luaL_checkinteger(L, 1);
  luaL_argcheck(L, n >= 0 && n <= 255, 1, "SPC takes 0 to 255");
  if (host_of(L).c64_rnd != nullptr) {
    c64_rights(L, n);
    return 0;
  }
  machine::Printer& printer = machine_of(L).printer();
  if (!guarded(L, [&] { printer.spc(static_cast<int>(n)); })) raise_scratch(L);
  return 0;
}

int l_comma(lua_State* L) {
  machine::Printer& printer = machine_of(L).printer();
  if (!guarded(L, [&] { printer.comma(); })) raise_scratch(L);
  return 0;
}

int l_column(lua_State* L) {
  // POS(0): 1-based; 1 past the end of a full line (the Printer's rule).
  lua_pushinteger(L, machine_of(L).printer().pos());
  return 1;
}

int l_cls(lua_State* L) {
  machine::Machine& m = machine_of(L);
  m.screen().clear();
  if (!m.batch()) m.printer().reset_column();
  return 0;
}

// ---- input ----------------------------------------------------------------------------

// amazing.input(prompt [, kinds]): INPUT prompt; A, B$ ... kinds is a string of 'n'
// (number) and 's' (string), default "n". Returns the values, or nil when input ended.
int l_input(lua_State* L) {
  std::size_t prompt_len = 0;
  const char* prompt = luaL_optlstring(L, 1, "", &prompt_len);
  std::size_t kinds_len = 0;
  const char* kinds = luaL_optlstring(L, 2, "n", &kinds_len);
  luaL_argcheck(L, kinds_len >= 1 && kinds_len <= 64, 2, "give 1 to 64 field kinds, like \"nn\"");
  for (std::size_t i = 0; i < kinds_len; ++i) {
    luaL_argcheck(L, kinds[i] == 'n' || kinds[i] == 's', 2,
                  "field kinds are 'n' (number) and 's' (string), like \"ns\"");
  }
  Host& host = host_of(L);
  bool got = false;
  if (!guarded(L, [&] {
        host.input_kinds.clear();
        for (std::size_t i = 0; i < kinds_len; ++i)
          host.input_kinds.push_back(kinds[i] == 'n' ? machine::FieldKind::kNumber
                                                     : machine::FieldKind::kString);
        // The C64 prints "?" and a cursor-right after the prompt (GW-BASIC: "? ").
        auto values =
            host.c64_rnd != nullptr
                ? host.machine->input_fields(std::string(prompt, prompt_len) + "?\x1b[C",
                                             host.input_kinds, false)
                : host.machine->input_fields(std::string_view(prompt, prompt_len),
                                             host.input_kinds);
        got = values.has_value();
        if (got) host.input_values = std::move(*values);
      }))
    raise_scratch(L);
  if (!got) {
    lua_pushnil(L);
    if (!host.machine->input_overflowed()) return 1;
    lua_pushliteral(L, "overflow");  // the C64's ?OVERFLOW: the script words it
    return 2;
  }
  int n = static_cast<int>(host.input_values.size());
  luaL_checkstack(L, n, "too many input fields");
  for (int i = 0; i < n; ++i) {
    const machine::InputValue& v = host.input_values[static_cast<std::size_t>(i)];
    if (v.kind == machine::FieldKind::kNumber) {
      double d = v.number;
      if (d == std::floor(d) && std::fabs(d) < 9.0e15)
        lua_pushinteger(L, static_cast<lua_Integer>(d));
      else
        lua_pushnumber(L, d);
    } else {
      lua_pushlstring(L, v.text.data(), v.text.size());
    }
  }
  return n;
}

// amazing.input_line([prompt]): LINE INPUT; the whole line, or nil when input ended.
int l_input_line(lua_State* L) {
  std::size_t prompt_len = 0;
  const char* prompt = luaL_optlstring(L, 1, "", &prompt_len);
  Host& host = host_of(L);
  bool got = false;
  if (!guarded(L, [&] {
        auto line = host.machine->input_line(std::string_view(prompt, prompt_len));
        got = line.has_value();
        if (got) host.scratch = std::move(*line);
      }))
    raise_scratch(L);
  if (!got) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushlstring(L, host.scratch.data(), host.scratch.size());
  return 1;
}

// ---- RND ------------------------------------------------------------------------------

// amazing.rnd([x]): RND(x) of GW-BASIC, default RND(1). On the c64 machine the C64's:
// x > 0 the next value, x < 0 (a whole number) RND(x), the seed made from x's bytes.
int l_rnd(lua_State* L) {
  double x = luaL_optnumber(L, 1, 1.0);
  if (core::C64Rnd* c64 = host_of(L).c64_rnd) {
    if (x > 0) {
      lua_pushnumber(L, c64->next().to_double());
      return 1;
    }
    luaL_argcheck(L, x < 0, 1, "RND(0) reads the C64's clock: give a number other than 0");
    luaL_argcheck(L, x == std::floor(x) && x >= -2147483648.0, 1,
                  "on the c64 machine a negative RND argument is a whole number");
    c64->seed_statement(static_cast<int64_t>(-x));
    lua_pushnumber(L, c64->value().to_double());
    return 1;
  }
  lua_pushnumber(L, static_cast<double>(machine_of(L).rnd().rnd(static_cast<float>(x))));
  return 1;
}

// amazing.randomize(n): N%=n: RANDOMIZE N%
int l_randomize(lua_State* L) {
  lua_Integer n = luaL_checkinteger(L, 1);
  if (host_of(L).c64_rnd != nullptr)
    return luaL_error(L, "the C64 has no RANDOMIZE: seed it with amazing.rnd(-n)");
  luaL_argcheck(L, n >= -32768 && n <= 32767, 1, "RANDOMIZE takes -32768 to 32767");
  machine_of(L).rnd().randomize(static_cast<int16_t>(n));
  return 0;
}

// amazing.single(x): x rounded to IEEE single precision, as GW-BASIC's arithmetic does.
// On the c64 machine: x rounded to the C64's 32-bit mantissa (to nearest).
int l_single(lua_State* L) {
  double x = luaL_checknumber(L, 1);
  if (host_of(L).c64_rnd != nullptr) {
    int exp = 0;
    double m = std::frexp(x, &exp);  // 0.5 <= |m| < 1
    lua_pushnumber(L, std::ldexp(std::round(std::ldexp(m, 32)), exp - 32));
    return 1;
  }
  lua_pushnumber(L, static_cast<double>(static_cast<float>(x)));
  return 1;
}

// amazing.draw(k): X=INT(RND(1)*K+1), 1..k, in the machine's arithmetic (GW-BASIC's
// single precision, or the C64's 5-byte floats).
int l_draw(lua_State* L) {
  lua_Integer k = luaL_checkinteger(L, 1);
  luaL_argcheck(L, k >= 1 && k <= 2147483647, 1, "draw takes 1 to 2147483647");
  if (core::C64Rnd* c64 = host_of(L).c64_rnd)
    lua_pushinteger(L, c64->draw(static_cast<int>(k)));
  else
    lua_pushinteger(L, machine_of(L).rnd().draw(static_cast<int>(k)));
  return 1;
}

// ---- memory ---------------------------------------------------------------------------

std::size_t check_address(lua_State* L, int i) {
  lua_Integer a = luaL_checkinteger(L, i);
  std::size_t capacity = machine_of(L).ram().capacity();
  luaL_argcheck(L, a >= 0 && static_cast<uint64_t>(a) < capacity, i,
                "address outside the machine's RAM");
  return static_cast<std::size_t>(a);
}

int l_peek(lua_State* L) {
  std::size_t a = check_address(L, 1);
  lua_pushinteger(L, machine_of(L).peek(a));
  return 1;
}

int l_poke(lua_State* L) {
  std::size_t a = check_address(L, 1);
  lua_Integer v = luaL_checkinteger(L, 2);
  luaL_argcheck(L, v >= 0 && v <= 255, 2, "a byte is 0 to 255");
  machine_of(L).poke(a, static_cast<uint8_t>(v));
  return 0;
}

int l_screen_address(lua_State* L) {
  lua_pushinteger(L, static_cast<lua_Integer>(machine_of(L).screen().address()));
  return 1;
}

// amazing.out_of_memory_line(width, length, variant [, seed]): the line where the 1978
// listing runs out of the machine's memory at that size (core/listing_memory.hpp,
// core::c64_out_of_memory_line), or nil when it does not, or when the machine's memory is
// a --ram size of the user's own.
int l_out_of_memory_line(lua_State* L) {
  lua_Integer width = luaL_checkinteger(L, 1);
  lua_Integer length = luaL_checkinteger(L, 2);
  auto variant = core::parse_variant(luaL_checkstring(L, 3));
  if (!variant) return luaL_argerror(L, 3, "book, fixed or fixed-exit");
  std::optional<int16_t> seed;
  if (!lua_isnoneornil(L, 4)) {
    lua_Integer n = luaL_checkinteger(L, 4);
    luaL_argcheck(L, n >= -32768 && n <= 32767, 4, "a seed is -32768..32767");
    seed = static_cast<int16_t>(n);
  }
  luaL_argcheck(L, width >= 0 && width <= 32767, 1, "0..32767");
  luaL_argcheck(L, length >= 0 && length <= 32767, 2, "0..32767");
  const Engine::Host& host = host_of(L);
  int line = 0;
  const int w = static_cast<int>(width), h = static_cast<int>(length);
  if (host.c64_rnd != nullptr)
    line = core::c64_out_of_memory_line(*variant, w, h, seed);
  else if (host.machine_memory)
    line = core::gw_out_of_memory_line(*variant, w, h, seed);
  if (line == 0)
    lua_pushnil(L);
  else
    lua_pushinteger(L, line);
  return 1;
}

int l_ram_size(lua_State* L) {
  const core::Ram& ram = machine_of(L).ram();
  if (ram.unlimited())
    lua_pushnumber(L, HUGE_VAL);
  else
    lua_pushinteger(L, static_cast<lua_Integer>(ram.capacity()));
  return 1;
}

int l_ram_used(lua_State* L) {
  lua_pushinteger(L, static_cast<lua_Integer>(machine_of(L).ram().used()));
  return 1;
}

// ---- the maze store -------------------------------------------------------------------

MazeBox& check_maze(lua_State* L) {
  // The maze methods hold the metatable as upvalue 1: comparing with it is much cheaper
  // than luaL_checkudata's registry lookup, and the walk calls these millions of times.
  // Anything else (and functions without the upvalue) takes the checked path, which
  // also words the error.
  auto* box = static_cast<MazeBox*>(lua_touserdata(L, 1));
  bool fast = false;
  if (box != nullptr && lua_getmetatable(L, 1)) {
    fast = lua_rawequal(L, -1, lua_upvalueindex(1));
    lua_pop(L, 1);
  }
  if (!fast) box = static_cast<MazeBox*>(luaL_checkudata(L, 1, kMazeMeta));
  if (box->freed) luaL_error(L, "this maze was garbage collected and is gone");
  if (box->maze.cells() == 0) luaL_error(L, "this maze was handed to the host and is gone");
  return *box;
}

// Arguments i, i+1: a 1-based column and row inside the maze; returns them 0-based.
void check_cell(lua_State* L, const core::Maze& maze, int i, int& col, int& row) {
  lua_Integer c = luaL_checkinteger(L, i);
  lua_Integer r = luaL_checkinteger(L, i + 1);
  if (c < 1 || c > maze.width())
    luaL_argerror(L, i,
                  lua_pushfstring(L, "column %d is outside the maze (1..%d)", static_cast<int>(c),
                                  maze.width()));
  if (r < 1 || r > maze.height())
    luaL_argerror(L, i + 1,
                  lua_pushfstring(L, "row %d is outside the maze (1..%d)", static_cast<int>(r),
                                  maze.height()));
  col = static_cast<int>(c - 1);
  row = static_cast<int>(r - 1);
}

constexpr const char* kDirections[] = {"up", "right", "down", "left", nullptr};

core::Direction check_direction(lua_State* L, int i) {
  // Same order as core::Direction.
  return static_cast<core::Direction>(luaL_checkoption(L, i, nullptr, kDirections));
}

// Makes the maze in `memory` (raw userdata, not yet a MazeBox); false with the reason in
// host.scratch (or host.failure) when it does not fit.
bool make_maze(lua_State* L, void* memory, lua_Integer w, lua_Integer h) {
  Host& host = host_of(L);
  bool made = false;
  if (!guarded(L, [&] {
        auto maze =
            core::Maze::create(host.machine->ram(), static_cast<int>(w), static_cast<int>(h));
        if (!maze) {
          host.scratch = maze.error().message;
          return;
        }
        new (memory) MazeBox{std::move(maze).value()};
        made = true;
      }))
    raise_scratch(L);
  return made;
}

// amazing.maze(width, height): a maze with every wall closed, in the machine's RAM.
int l_maze(lua_State* L) {
  lua_Integer w = luaL_checkinteger(L, 1);
  lua_Integer h = luaL_checkinteger(L, 2);
  constexpr lua_Integer kMax = core::NibbleStore::kMaxDimension;
  luaL_argcheck(L, w >= 1 && w <= kMax, 1, "width must be 1 to 1000000");
  luaL_argcheck(L, h >= 1 && h <= kMax, 2, "height must be 1 to 1000000");
  // The new userdata is on the stack (so it is not garbage) and has no metatable yet (so
  // no finaliser); no pointer into another maze is held here.
  void* memory = lua_newuserdatauv(L, sizeof(MazeBox), 0);
  if (!make_maze(L, memory, w, h)) {
    // Mazes the script dropped still hold RAM until the collector finalises them: collect
    // (twice: the first cycle may only queue finalisers) and try once more. Inside a
    // finaliser lua_gc does nothing, and then the retry fails as the first try did.
    lua_gc(L, LUA_GCCOLLECT);
    lua_gc(L, LUA_GCCOLLECT);
    if (!make_maze(L, memory, w, h)) {
      host_of(L).out_of_ram = true;
      raise_scratch(L);
    }
  }
  luaL_setmetatable(L, kMazeMeta);
  return 1;
}

// The finaliser: gives the maze's RAM back, once.
int m_gc(lua_State* L) {
  auto* box = static_cast<MazeBox*>(luaL_testudata(L, 1, kMazeMeta));
  if (box != nullptr && !box->freed) {
    box->maze = core::Maze();  // a move of an empty maze: frees the RAM, cannot throw
    box->freed = true;
  }
  return 0;
}

int m_width(lua_State* L) {
  lua_pushinteger(L, check_maze(L).maze.width());
  return 1;
}

int m_height(lua_State* L) {
  lua_pushinteger(L, check_maze(L).maze.height());
  return 1;
}

int m_tostring(lua_State* L) {
  auto* box = static_cast<MazeBox*>(luaL_checkudata(L, 1, kMazeMeta));
  lua_pushfstring(L, "maze %dx%d at address %d", box->maze.width(), box->maze.height(),
                  static_cast<int>(box->maze.cells() ? box->maze.store().address() : 0));
  return 1;
}

// m:walls(c, r): the listing's V(c,r): 0 closed, 1 floor open, 2 right open, 3 both.
int m_walls(lua_State* L) {
  MazeBox& box = check_maze(L);
  int c, r;
  check_cell(L, box.maze, 2, c, r);
  lua_pushinteger(L, box.maze.walls(c, r));
  return 1;
}

int m_set_walls(lua_State* L) {
  MazeBox& box = check_maze(L);
  int c, r;
  check_cell(L, box.maze, 2, c, r);
  lua_Integer v = luaL_checkinteger(L, 4);
  luaL_argcheck(L, v >= 0 && v <= 3, 4, "walls are 0 to 3");
  box.maze.set_walls(c, r, static_cast<uint8_t>(v));
  return 0;
}

int m_visited(lua_State* L) {
  MazeBox& box = check_maze(L);
  int c, r;
  check_cell(L, box.maze, 2, c, r);
  const core::NibbleStore& s = box.maze.store();
  lua_pushboolean(L, s.test(s.index(c, r), core::kVisited));
  return 1;
}

// m:visit(c, r): marks the cell visited and puts it on the scan list.
int m_visit(lua_State* L) {
  MazeBox& box = check_maze(L);
  int c, r;
  check_cell(L, box.maze, 2, c, r);
  core::NibbleStore& s = box.maze.store();
  s.set_bits(s.index(c, r), core::kVisited | core::kLive);
  return 0;
}

// m:retire(c, r): takes the cell off the scan list (it has no move left).
int m_retire(lua_State* L) {
  MazeBox& box = check_maze(L);
  int c, r;
  check_cell(L, box.maze, 2, c, r);
  core::NibbleStore& s = box.maze.store();
  s.clear_bits(s.index(c, r), core::kLive);
  return 0;
}

// m:scan(c, r): the first cell on the scan list at or after (c, r) in reading order
// (row by row); returns its column and row, or nil after the last cell.
int m_scan(lua_State* L) {
  MazeBox& box = check_maze(L);
  int c, r;
  check_cell(L, box.maze, 2, c, r);
  const core::NibbleStore& s = box.maze.store();
  std::size_t i = s.find_next(s.index(c, r), core::kLive);
  if (i >= s.cells()) {
    lua_pushnil(L);
    return 1;
  }
  std::size_t w = static_cast<std::size_t>(box.maze.width());
  lua_pushinteger(L, static_cast<lua_Integer>(i % w) + 1);
  lua_pushinteger(L, static_cast<lua_Integer>(i / w) + 1);
  return 2;
}

// m:open(c, r, dir): can the player pass from (c, r) towards dir ("up", "right", "down",
// "left")? Up from the entrance and down from the exit count as open.
int m_open(lua_State* L) {
  MazeBox& box = check_maze(L);
  int c, r;
  check_cell(L, box.maze, 2, c, r);
  core::Direction d = check_direction(L, 4);
  lua_pushboolean(L, box.maze.open(c, r, d));
  return 1;
}

// m:carve(c, r, dir): opens the wall on that side; down on the last row is the exit, up
// on the first row makes (c, 1) the entrance.
int m_carve(lua_State* L) {
  MazeBox& box = check_maze(L);
  int c, r;
  check_cell(L, box.maze, 2, c, r);
  core::Direction d = check_direction(L, 4);
  core::Maze& m = box.maze;
  auto open_bit = [&](int cc, int rr, uint8_t bit) {
    m.set_walls(cc, rr, static_cast<uint8_t>(m.walls(cc, rr) | bit));
  };
  switch (d) {
    case core::Direction::kUp:
      if (r == 0)
        m.set_entrance(c);
      else
        open_bit(c, r - 1, core::kDownOpen);
      break;
    case core::Direction::kDown:
      open_bit(c, r, core::kDownOpen);
      break;
    case core::Direction::kLeft:
      if (c == 0) return luaL_error(L, "there is no wall to open left of column 1");
      open_bit(c - 1, r, core::kRightOpen);
      break;
    case core::Direction::kRight:
      if (c + 1 == m.width())
        return luaL_error(L, "the outer wall right of column %d cannot be opened", c + 1);
      open_bit(c, r, core::kRightOpen);
      break;
  }
  return 0;
}

int m_entrance(lua_State* L) {
  MazeBox& box = check_maze(L);
  if (box.maze.entrance() < 0)
    lua_pushnil(L);
  else
    lua_pushinteger(L, box.maze.entrance() + 1);
  return 1;
}

int m_set_entrance(lua_State* L) {
  MazeBox& box = check_maze(L);
  lua_Integer c = luaL_checkinteger(L, 2);
  luaL_argcheck(L, c >= 1 && c <= box.maze.width(), 2, "column outside the maze");
  box.maze.set_entrance(static_cast<int>(c - 1));
  return 0;
}

// m:exit(): the first bottom-row column whose floor is open, or nil.
int m_exit(lua_State* L) {
  MazeBox& box = check_maze(L);
  auto e = box.maze.exit();
  if (e)
    lua_pushinteger(L, *e + 1);
  else
    lua_pushnil(L);
  return 1;
}

int m_address(lua_State* L) {
  MazeBox& box = check_maze(L);
  lua_pushinteger(L, static_cast<lua_Integer>(box.maze.store().address()));
  return 1;
}

int m_bytes(lua_State* L) {
  MazeBox& box = check_maze(L);
  lua_pushinteger(L, static_cast<lua_Integer>(box.maze.store().byte_size()));
  return 1;
}

// The most start or end markers amazing.publish takes (each list): more than any
// --starts the host allows for the largest maze a list of 32-bit cells holds.
constexpr lua_Integer kMaxMarkers = lua_Integer{1} << 24;

// Checks markers[key] (argument 2 of publish): nil, or a list of {col, row} pairs inside
// the maze; returns how many. Raw access only: a marker table's metamethods never run.
lua_Integer check_marker_list(lua_State* L, const core::Maze& maze, const char* key,
                              const char* fn) {
  lua_pushstring(L, key);
  int type = lua_rawget(L, 2);
  if (type == LUA_TNIL) {
    lua_pop(L, 1);
    return 0;
  }
  if (type != LUA_TTABLE)
    return luaL_error(L, "bad markers to '%s': markers.%s must be a list of {col, row} "
                      "pairs (got %s)", fn, key, luaL_typename(L, -1));
  lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, -1));
  if (n > kMaxMarkers || n > static_cast<lua_Integer>(maze.cells()))
    return luaL_error(L, "bad markers to '%s': %d %s markers, more than the maze's %d "
                      "cells", fn, static_cast<int>(std::min<lua_Integer>(n, INT32_MAX)), key,
                      static_cast<int>(std::min<std::size_t>(maze.cells(), INT32_MAX)));
  for (lua_Integer k = 1; k <= n; ++k) {
    if (lua_rawgeti(L, -1, k) != LUA_TTABLE)
      return luaL_error(L, "bad markers to '%s': markers.%s[%d] must be a {col, row} "
                        "pair (got %s)", fn, key, static_cast<int>(k), luaL_typename(L, -1));
    int isnum_c = 0, isnum_r = 0;
    lua_rawgeti(L, -1, 1);
    lua_Integer c = lua_tointegerx(L, -1, &isnum_c);
    lua_rawgeti(L, -2, 2);
    lua_Integer r = lua_tointegerx(L, -1, &isnum_r);
    if (!isnum_c || !isnum_r || lua_type(L, -1) != LUA_TNUMBER ||
        lua_type(L, -2) != LUA_TNUMBER)
      return luaL_error(L, "bad markers to '%s': markers.%s[%d] must hold two whole "
                        "numbers, a column and a row", fn, key, static_cast<int>(k));
    if (c < 1 || c > maze.width() || r < 1 || r > maze.height())
      return luaL_error(L, "bad markers to '%s': markers.%s[%d] = {%d, %d} is off the "
                        "%dx%d maze (columns 1..%d, rows 1..%d)", fn, key, static_cast<int>(k),
                        static_cast<int>(std::clamp<lua_Integer>(c, INT32_MIN, INT32_MAX)),
                        static_cast<int>(std::clamp<lua_Integer>(r, INT32_MIN, INT32_MAX)),
                        maze.width(), maze.height(), maze.width(), maze.height());
    lua_pop(L, 3);
  }
  lua_pop(L, 1);
  charge(L, static_cast<uint64_t>(n));
  return n;
}

// Copies the checked list markers[key] into `out` (0-based); no Lua error can be raised
// here once `out` has its size.
void copy_marker_list(lua_State* L, const char* key, std::vector<core::CellPos>& out) {
  lua_pushstring(L, key);
  lua_rawget(L, 2);
  for (std::size_t k = 0; k < out.size(); ++k) {
    lua_rawgeti(L, -1, static_cast<lua_Integer>(k + 1));
    lua_rawgeti(L, -1, 1);
    lua_rawgeti(L, -2, 2);
    out[k] = core::CellPos{static_cast<int>(lua_tointeger(L, -2) - 1),
                           static_cast<int>(lua_tointeger(L, -1) - 1)};
    lua_pop(L, 3);
  }
  lua_pop(L, 1);
}

// The key of markers table 2 other than starts and ends that shows first in byte order,
// as the messages show it ("markers.start", "markers[1]", "markers[a boolean]"), into
// `out` ("" when none). Raw traversal, no allocation: a key's text is cut short and its
// control characters are escaped later, where the message is printed.
void unknown_marker_key(lua_State* L, char* out, std::size_t size) {
  out[0] = '\0';
  char shown[80];
  uint64_t keys = 0;
  lua_pushnil(L);
  while (lua_next(L, 2) != 0) {
    lua_pop(L, 1);  // the value
    ++keys;
    const int type = lua_type(L, -1);
    if (type == LUA_TSTRING) {
      std::size_t len = 0;
      const char* k = lua_tolstring(L, -1, &len);  // a string key: no conversion
      const std::string_view name(k, len);
      if (name == "starts" || name == "ends") continue;
      std::snprintf(shown, sizeof shown, "markers.%.*s%s",
                    static_cast<int>(std::min<std::size_t>(len, 40)), k, len > 40 ? "..." : "");
    } else if (type == LUA_TNUMBER && lua_isinteger(L, -1)) {
      std::snprintf(shown, sizeof shown, "markers[%lld]",
                    static_cast<long long>(lua_tointeger(L, -1)));
    } else {
      std::snprintf(shown, sizeof shown, "markers[a %s]", lua_typename(L, type));
    }
    if (out[0] == '\0' || std::strcmp(shown, out) < 0) std::snprintf(out, size, "%s", shown);
  }
  charge(L, keys);
}

// Argument 2 of publish and check (`fn`): nil or a markers table {starts = {{col, row},
// ...}, ends = {...}}, 1-based, into `out` (0-based) and its first other key into `key`.
// Every Lua error is raised before `out` and `key` (Host members) change.
void read_markers(lua_State* L, const core::Maze& maze, const char* fn, core::Markers& out,
                  std::string& key) {
  if (!lua_isnoneornil(L, 2) && !lua_istable(L, 2))
    luaL_error(L, "bad markers to '%s': give a table {starts = {{col, row}, ...}, "
               "ends = {...}} or nothing (got %s)", fn, luaL_typename(L, 2));
  lua_settop(L, 2);
  lua_Integer starts = 0, ends = 0;
  char other[80] = "";
  if (lua_istable(L, 2)) {
    starts = check_marker_list(L, maze, "starts", fn);
    ends = check_marker_list(L, maze, "ends", fn);
    unknown_marker_key(L, other, sizeof other);
  }
  if (!guarded(L, [&] {
        out.starts.assign(static_cast<std::size_t>(starts), core::CellPos{});
        out.ends.assign(static_cast<std::size_t>(ends), core::CellPos{});
        key = other;
      }))
    raise_scratch(L);
  if (starts > 0) copy_marker_list(L, "starts", out.starts);
  if (ends > 0) copy_marker_list(L, "ends", out.ends);
}

// amazing.publish(maze [, markers]): hands the maze to the host (gen prints it, play walks
// it); markers = {starts = {{col, row}, ...}, ends = {{col, row}, ...}}, 1-based, as
// --starts and the backtracker's longest path show them (Engine::take_markers). What the
// host asked for is checked when it takes the maze (Engine::check_published).
int l_publish(lua_State* L) {
  MazeBox& box = check_maze(L);
  Host& host = host_of(L);
  read_markers(L, box.maze, "publish", host.markers, host.marker_key);
  lua_pushvalue(L, 1);
  lua_setfield(L, LUA_REGISTRYINDEX, kPublishedKey);
  return 0;
}

// amazing.check(maze [, markers]): the verdict the host gives a published maze, as a
// value: true, or false and the message (Engine::check_published's words).
int l_check(lua_State* L) {
  MazeBox& box = check_maze(L);
  Host& host = host_of(L);
  read_markers(L, box.maze, "check", host.check_markers, host.check_key);
  charge(L, box.maze.cells());
  bool ok = false;
  if (!guarded(L, [&] {
        const core::MazeCheck verdict =
            check_against_request(host, box.maze, host.check_markers, host.check_key);
        ok = verdict.ok();
        host.scratch = verdict.message();
      }))
    raise_scratch(L);
  lua_pushboolean(L, ok);
  if (ok) return 1;
  lua_pushlstring(L, host.scratch.data(), host.scratch.size());
  return 2;
}

constexpr luaL_Reg kMazeMethods[] = {
    {"width", m_width},         {"height", m_height},     {"walls", m_walls},
    {"set_walls", m_set_walls}, {"visited", m_visited},   {"visit", m_visit},
    {"retire", m_retire},       {"scan", m_scan},         {"open", m_open},
    {"carve", m_carve},         {"entrance", m_entrance}, {"set_entrance", m_set_entrance},
    {"exit", m_exit},           {"address", m_address},   {"bytes", m_bytes},
    {nullptr, nullptr}};

constexpr luaL_Reg kAmazing[] = {
    {"write", l_write},       {"print", l_print},         {"tab", l_tab},
    {"spc", l_spc},           {"comma", l_comma},         {"column", l_column},
    {"cls", l_cls},           {"input", l_input},         {"input_line", l_input_line},
    {"rnd", l_rnd},           {"randomize", l_randomize}, {"single", l_single},
    {"draw", l_draw},
    {"peek", l_peek},         {"poke", l_poke},           {"screen_address", l_screen_address},
    {"out_of_memory_line", l_out_of_memory_line},
    {"ram_size", l_ram_size}, {"ram_used", l_ram_used},   {"maze", l_maze},
    {"publish", l_publish},   {"check", l_check},         {nullptr, nullptr}};

}  // namespace

core::MazeCheck check_against_request(const Engine::Host& host, const core::Maze& maze,
                                      const core::Markers& markers,
                                      const std::string& marker_key, bool proper, bool loops) {
  core::MazeRequest request = host.request;
  request.proper = proper;
  request.loops = loops;
  core::MazeCheck verdict = core::check_maze(maze, markers, request);
  if (marker_key.empty() || (!verdict.ok() && verdict.fault < core::MazeFault::kMarkerKey))
    return verdict;
  verdict = core::MazeCheck{};
  verdict.fault = core::MazeFault::kMarkerKey;
  verdict.detail = marker_key;
  return verdict;
}

core::MazeCheck Engine::check_published(const core::Maze& maze, const core::Markers& markers,
                                        bool proper, bool loops) const {
  return check_against_request(*host_, maze, markers, host_->marker_key, proper, loops);
}

int open_amazing(lua_State* L) {
  luaL_newmetatable(L, kMazeMeta);
  luaL_newlibtable(L, kMazeMethods);
  lua_pushvalue(L, -2);
  luaL_setfuncs(L, kMazeMethods, 1);  // each method gets the metatable as upvalue 1
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, m_gc);
  lua_setfield(L, -2, "__gc");
  lua_pushcfunction(L, m_tostring);
  lua_setfield(L, -2, "__tostring");
  lua_pushliteral(L, "amazing.Maze");
  lua_setfield(L, -2, "__name");
  // getmetatable(maze) gives this string: a script never reaches __gc (calling it twice
  // would free the RAM twice) nor the method table.
  lua_pushliteral(L, "amazing.Maze");
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 1);

  luaL_newlib(L, kAmazing);
  lua_pushinteger(L, core::NibbleStore::kMaxDimension);
  lua_setfield(L, -2, "max_dimension");
  lua_pushliteral(L, "pc");  // Engine::use_c64 makes it "c64"
  lua_setfield(L, -2, "machine");
  open_generator_api(L);
  open_screen_api(L);
  open_script_api(L);
  open_store_api(L);
  lua_setglobal(L, "amazing");

  lua_pushcfunction(L, l_global_print);
  lua_setglobal(L, "print");
  return 0;
}

}  // namespace amazing::lua
