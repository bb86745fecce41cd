// amazing.save(key, value) and amazing.load(key): a script's values kept between runs in
// the host's SaveStore (engine.hpp), one store a script. The values are checked here and
// kept as core::SaveData (core/save_data.hpp): strings, numbers, booleans and flat tables
// (keys strings or whole numbers, values strings, numbers or booleans); a key is 1 to 64
// printable characters, data inside the store and never a file name. The store is read
// once, at the first call; a save that would make its text larger than 64 KB, or that the
// host cannot write, is an error and the old data stays. Every function follows the rules
// in host.hpp: the Lua value is checked (and any error raised) before C++ work starts.

#include <string>
#include <utility>
#include <variant>

#include "core/save_data.hpp"
#include "lua/host.hpp"

namespace amazing::lua {
namespace {

// Bytes a string or number value takes in the store's text at least (its token's prefix
// and separators), to refuse an oversized table before copying it.
constexpr std::size_t kEntryBytes = 6;

// Argument 1 as a store key (raises unless it is one).
const char* check_key(lua_State* L, std::size_t& len) {
  luaL_checktype(L, 1, LUA_TSTRING);
  const char* key = lua_tolstring(L, 1, &len);
  luaL_argcheck(L, core::save_key_ok(std::string_view(key, len)), 1,
                "a key is 1 to 64 printable ASCII characters");
  return key;
}

void check_store(lua_State* L, const char* fn) {
  if (host_of(L).store == nullptr)
    luaL_error(L,
               "amazing.%s: this run keeps no saves (only `amazing run` gives a script "
               "its store)",
               fn);
}

bool scalar_type(int type) {
  return type == LUA_TSTRING || type == LUA_TNUMBER || type == LUA_TBOOLEAN;
}

// The least number of bytes the value at `i` (a scalar) takes in the text.
std::size_t scalar_bytes(lua_State* L, int i) {
  std::size_t len = 1;
  if (lua_type(L, i) == LUA_TSTRING) lua_tolstring(L, i, &len);
  return kEntryBytes + len;
}

[[noreturn]] void too_big(lua_State* L, const char* key, std::size_t bytes) {
  luaL_error(L,
             "amazing.save: '%s' would make this script's store %d bytes, more than its "
             "64 KB (%d bytes); the old data is kept (save less, or remove keys with "
             "amazing.save(key, nil))",
             key, static_cast<int>(bytes), static_cast<int>(core::kMaxSaveBytes));
  __builtin_unreachable();
}

// Raises unless the value at 2 can be kept; returns how many table entries it has.
std::size_t check_value(lua_State* L, const char* key) {
  int type = lua_type(L, 2);
  if (scalar_type(type) && scalar_bytes(L, 2) > core::kMaxSaveBytes)
    too_big(L, key, scalar_bytes(L, 2));  // refused before any copy of a huge string
  if (type == LUA_TNIL || scalar_type(type)) return 0;
  if (type != LUA_TTABLE)
    luaL_error(L,
               "amazing.save: '%s' cannot keep a %s (give a string, number, boolean or a "
               "flat table of them)",
               key, luaL_typename(L, 2));
  std::size_t entries = 0, bytes = 0;
  lua_pushnil(L);
  while (lua_next(L, 2) != 0) {  // raw: a metatable's __pairs is not asked
    int ktype = lua_type(L, -2);
    if (!(ktype == LUA_TSTRING || (ktype == LUA_TNUMBER && lua_isinteger(L, -2))))
      luaL_error(L,
                 "amazing.save: '%s': a saved table's keys are strings or whole numbers "
                 "(got a %s key)",
                 key, ktype == LUA_TNUMBER ? "fractional" : lua_typename(L, ktype));
    int vtype = lua_type(L, -1);
    if (vtype == LUA_TTABLE)
      luaL_error(L,
                 "amazing.save: '%s': nested tables are not kept (give a flat table whose "
                 "values are strings, numbers or booleans)",
                 key);
    if (!scalar_type(vtype))
      luaL_error(L,
                 "amazing.save: '%s': a saved table cannot hold a %s (its values are "
                 "strings, numbers or booleans)",
                 key, lua_typename(L, vtype));
    bytes += scalar_bytes(L, -1) + scalar_bytes(L, -2);
    ++entries;
    if (bytes > core::kMaxSaveBytes) too_big(L, key, bytes);
    lua_pop(L, 1);
  }
  return entries;
}

core::SaveScalar to_scalar(lua_State* L, int i) {
  switch (lua_type(L, i)) {
    case LUA_TBOOLEAN:
      return core::SaveScalar{lua_toboolean(L, i) != 0};
    case LUA_TNUMBER:
      if (lua_isinteger(L, i)) return core::SaveScalar{int64_t{lua_tointeger(L, i)}};
      return core::SaveScalar{double{lua_tonumber(L, i)}};
    default: {
      std::size_t len = 0;
      const char* s = lua_tolstring(L, i, &len);  // a string: no conversion, no allocation
      return core::SaveScalar{std::string(s, len)};
    }
  }
}

// The checked value at 2 as SaveData's value (C++ only; the Lua calls here cannot raise).
core::SaveValue to_value(lua_State* L) {
  if (lua_type(L, 2) != LUA_TTABLE)
    return std::visit([](auto&& v) -> core::SaveValue { return core::SaveValue(std::move(v)); },
                      to_scalar(L, 2));
  core::SaveTable table;
  lua_pushnil(L);
  while (lua_next(L, 2) != 0) {
    core::SaveTableKey k = lua_type(L, -2) == LUA_TSTRING
                               ? core::SaveTableKey{std::get<std::string>(to_scalar(L, -2))}
                               : core::SaveTableKey{int64_t{lua_tointeger(L, -2)}};
    table.entries.emplace_back(std::move(k), to_scalar(L, -1));
    lua_pop(L, 1);
  }
  return core::SaveValue{std::move(table)};
}

// Reads the store the first time (C++ only): a store that cannot be read or decoded is
// empty, and the host is told why.
void read_store(Engine::Host& host) {
  if (host.store_read) return;
  host.store_read = true;
  auto text = host.store->read();
  if (!text) {
    host.store->warn("the saved data could not be read (" + text.error().message +
                     "); the script starts without it");
    return;
  }
  auto data = core::decode_save(*text);
  if (!data) {
    host.store->warn("the saved data is damaged (" + data.error().message +
                     "); the script starts without it and its next save replaces it");
    return;
  }
  host.saved = std::move(*data);
}

// amazing.save(key, value): keeps value under key (nil removes the key).
int l_save(lua_State* L) {
  std::size_t key_len = 0;
  const char* key = check_key(L, key_len);
  luaL_checkany(L, 2);
  check_store(L, "save");
  lua_settop(L, 2);
  std::size_t entries = check_value(L, key);
  charge(L, entries + 1);
  Engine::Host& host = host_of(L);
  std::size_t bytes = 0;  // the text's size when it was too big
  bool refused = false;   // the host could not write it (host.scratch says why)
  if (!guarded(L, [&] {
        read_store(host);
        core::SaveData next = host.saved;
        std::string name(key, key_len);
        if (lua_isnil(L, 2))
          next.erase(name);
        else
          next.insert_or_assign(name, to_value(L));
        std::string text = core::encode_save(next);
        if (text.size() > core::kMaxSaveBytes) {
          bytes = text.size();
          return;
        }
        auto written = host.store->write(text);
        if (!written) {
          host.scratch = "amazing.save: '" + name + "' was not kept (" + written.error().message +
                         "); the old data is kept";
          refused = true;
          return;
        }
        host.saved = std::move(next);
      }))
    raise_scratch(L);
  if (bytes > 0) too_big(L, key, bytes);
  if (refused) raise_scratch(L);
  return 0;
}

// Pushes a kept value straight from the store (no C++ copy is alive if a push raises).
struct Pusher {
  lua_State* L;
  void operator()(bool b) const { lua_pushboolean(L, b ? 1 : 0); }
  void operator()(int64_t i) const { lua_pushinteger(L, static_cast<lua_Integer>(i)); }
  void operator()(double d) const { lua_pushnumber(L, static_cast<lua_Number>(d)); }
  void operator()(const std::string& s) const { lua_pushlstring(L, s.data(), s.size()); }
  void operator()(const core::SaveTable& table) const {
    lua_createtable(L, 0, static_cast<int>(table.entries.size()));
    for (const auto& [key, value] : table.entries) {
      std::visit(*this, key);
      std::visit(*this, value);
      lua_rawset(L, -3);
    }
  }
};

// amazing.load(key): the value saved under key (a table is a new copy), or nil.
int l_load(lua_State* L) {
  std::size_t key_len = 0;
  const char* key = check_key(L, key_len);
  check_store(L, "load");
  Engine::Host& host = host_of(L);
  const core::SaveValue* found = nullptr;  // in host.saved, which outlives this call
  if (!guarded(L, [&] {
        read_store(host);
        auto it = host.saved.find(std::string(key, key_len));
        if (it != host.saved.end()) found = &it->second;
      }))
    raise_scratch(L);
  if (found == nullptr) {
    lua_pushnil(L);
    return 1;
  }
  if (const auto* table = std::get_if<core::SaveTable>(found)) charge(L, table->entries.size());
  std::visit(Pusher{L}, *found);
  return 1;
}

constexpr luaL_Reg kStoreApi[] = {{"save", l_save}, {"load", l_load}, {nullptr, nullptr}};

}  // namespace

void open_store_api(lua_State* L) {
  luaL_setfuncs(L, kStoreApi, 0);
}

}  // namespace amazing::lua
