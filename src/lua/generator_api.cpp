// The generator helpers of the `amazing` table (scripts/lib/generator.lua uses them; see
// scripts/README.md): the run's --mask, the exact pick(k) draw of
// src/core/generators/generator.hpp, and bulk copies between a Lua table of cell bits and
// a maze. The algorithms themselves stay in Lua; these only take the per-call overhead
// out of their innermost loops. Every function follows the rules in host.hpp.

#include <cstddef>
#include <cstdint>

#include "core/generators/nibbles.hpp"
#include "core/nibble_store.hpp"
#include "lua/host.hpp"

namespace amazing::lua {

namespace {

using Host = Engine::Host;

// amazing.masked(col, row): whether --mask leaves the cell out (1-based; false without a
// mask). A cell outside the mask's grid is an error.
int l_masked(lua_State* L) {
  lua_Integer c = luaL_checkinteger(L, 1);
  lua_Integer r = luaL_checkinteger(L, 2);
  const core::Mask* mask = host_of(L).mask;
  if (mask == nullptr) {
    lua_pushboolean(L, 0);
    return 1;
  }
  luaL_argcheck(L, c >= 1 && c <= mask->width(), 1, "column outside the mask");
  luaL_argcheck(L, r >= 1 && r <= mask->height(), 2, "row outside the mask");
  lua_pushboolean(L, mask->masked(static_cast<int>(c - 1), static_cast<int>(r - 1)));
  return 1;
}

// amazing.mask_check(): nil when the mask can be carved around (core::Mask::check: two
// open cells or more, one in the top and one in the bottom row, all connected), else the
// reason. nil without a mask.
int l_mask_check(lua_State* L) {
  Host& host = host_of(L);
  if (host.mask == nullptr) {
    lua_pushnil(L);
    return 1;
  }
  bool ok = true;
  if (!guarded(L, [&] {
        core::Status status = host.mask->check();
        ok = static_cast<bool>(status);
        if (!ok) host.scratch = status.error().message;
      }))
    raise_scratch(L);
  charge(L, host.mask->cells() / 8);
  if (ok) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushlstring(L, host.scratch.data(), host.scratch.size());
  return 1;
}

// amazing.mask_cells(): the masked cells as a list of 0-based row-major indexes, in
// order ({} without a mask).
int l_mask_cells(lua_State* L) {
  const core::Mask* mask = host_of(L).mask;
  const std::size_t n = mask != nullptr ? mask->masked_count() : 0;
  charge(L, mask != nullptr ? mask->cells() / 8 + n : 0);
  lua_createtable(L, static_cast<int>(n < INT32_MAX ? n : 0), 0);
  if (mask == nullptr) return 1;
  lua_Integer k = 0;
  for (std::size_t i = 0, cells = mask->cells(); i < cells; ++i) {
    if (!mask->masked(i)) continue;
    lua_pushinteger(L, static_cast<lua_Integer>(i));
    lua_rawseti(L, -2, ++k);
  }
  return 1;
}

// amazing.pick(k): the generators' pick(k) (generator.hpp): 1 for k <= 1 without a draw,
// else INT(RND(1)*k+1) in the machine's arithmetic, never above k.
int l_pick(lua_State* L) {
  lua_Integer k = luaL_checkinteger(L, 1);
  if (k <= 1) {
    lua_pushinteger(L, 1);
    return 1;
  }
  luaL_argcheck(L, k <= 2147483647, 1, "pick takes up to 2147483647");
  Host& host = host_of(L);
  lua_Integer v = host.c64_rnd != nullptr ? host.c64_rnd->draw(static_cast<int>(k))
                                          : host.machine->rnd().draw(static_cast<int>(k));
  lua_pushinteger(L, v > k ? k : v);
  return 1;
}

// amazing.rnd_state(): the GW-BASIC RND's 24-bit state x (RND(1) is x / 2^24 after the
// step x = (x * 214013 + 2531011) % 2^24). With amazing.set_rnd_state a hot loop can step
// the generator in Lua, as the native generators step it in a register, and hand the
// state back before anything else draws. Not on the c64 machine (another generator).
core::GwRnd& check_gw_rnd(lua_State* L) {
  Host& host = host_of(L);
  if (host.c64_rnd != nullptr)
    luaL_error(L, "the C64's RND has no GW-BASIC state: use amazing.rnd or amazing.pick");
  return host.machine->rnd();
}

int l_rnd_state(lua_State* L) {
  lua_pushinteger(L, check_gw_rnd(L).state());
  return 1;
}

// amazing.set_rnd_state(x [, draws]): the RND continues from state x; `draws` (default 0)
// is how many draws the script made to get there (counted as RND calls).
int l_set_rnd_state(lua_State* L) {
  lua_Integer x = luaL_checkinteger(L, 1);
  lua_Integer draws = luaL_optinteger(L, 2, 0);
  luaL_argcheck(L, x >= 0 && x < core::GwRnd::kModulus, 1, "an RND state is 0 to 16777215");
  luaL_argcheck(L, draws >= 0, 2, "draws cannot be negative");
  core::GwRnd& rnd = check_gw_rnd(L);
  rnd.advance_to(static_cast<uint32_t>(x), static_cast<uint64_t>(draws));
  return 0;
}

MazeBox& check_maze_arg(lua_State* L, int i) {
  auto* box = static_cast<MazeBox*>(luaL_checkudata(L, i, kMazeMeta));
  if (box->freed) luaL_error(L, "this maze was garbage collected and is gone");
  if (box->maze.cells() == 0) luaL_error(L, "this maze was handed to the host and is gone");
  return *box;
}

// amazing.store_cells(maze, t [, pitch [, first]]): the cell at 0-based (col, row) gets
// the walls value t[first + row * pitch + col] & 3 (1 floor open, 2 right wall open); a
// missing or non-integer entry is 0. pitch defaults to the width, first to 1 (t a plain
// row-major list); scripts/lib/generator.lua passes its bordered grid. One call for the
// whole maze instead of a set_walls per cell.
int l_store_cells(lua_State* L) {
  MazeBox& box = check_maze_arg(L, 1);
  luaL_checktype(L, 2, LUA_TTABLE);
  const lua_Integer width = box.maze.width(), height = box.maze.height();
  const lua_Integer pitch = luaL_optinteger(L, 3, width);
  const lua_Integer first = luaL_optinteger(L, 4, 1);
  luaL_argcheck(L, pitch >= width && pitch <= (lua_Integer{1} << 40), 3,
                "the pitch must be at least the maze's width");
  luaL_argcheck(L, first >= -(lua_Integer{1} << 40) && first <= (lua_Integer{1} << 40), 4,
                "first is out of range");
  charge(L, box.maze.cells());
  const core::Nibbles nib(box.maze.store());
  std::size_t i = 0;
  for (lua_Integer r = 0; r < height; ++r) {
    const lua_Integer base = first + r * pitch;
    for (lua_Integer c = 0; c < width; ++c, ++i) {
      lua_Integer v = 0;
      if (lua_rawgeti(L, 2, base + c) == LUA_TNUMBER) v = lua_tointeger(L, -1);
      lua_pop(L, 1);
      nib.replace(i, core::kDownOpen | core::kRightOpen,
                  static_cast<unsigned>(v) & (core::kDownOpen | core::kRightOpen));
    }
  }
  return 0;
}

constexpr luaL_Reg kGeneratorApi[] = {{"masked", l_masked},
                                      {"mask_check", l_mask_check},
                                      {"mask_cells", l_mask_cells},
                                      {"pick", l_pick},
                                      {"rnd_state", l_rnd_state},
                                      {"set_rnd_state", l_set_rnd_state},
                                      {"store_cells", l_store_cells},
                                      {nullptr, nullptr}};

}  // namespace

void open_generator_api(lua_State* L) { luaL_setfuncs(L, kGeneratorApi, 0); }

}  // namespace amazing::lua
