// The names fuzz_lua_api calls: every function of the `amazing` table and every method of
// a maze. lua_api_names_test compares kFunctions with what the table holds at run time,
// so a function added to bindings.cpp, generator_api.cpp, screen_api.cpp, script_api.cpp or
// store_api.cpp without being added here fails that test instead of going unfuzzed.
#pragma once

namespace amazing::fuzz {

inline constexpr const char* kLuaApiFunctions[] = {
    // bindings.cpp
    "write", "print", "tab", "spc", "comma", "column", "cls", "input", "input_line", "rnd",
    "randomize", "single", "draw", "peek", "poke", "screen_address", "ram_size", "ram_used", "maze",
    "publish", "check", "out_of_memory_line",
    // generator_api.cpp
    "masked", "mask_check", "mask_cells", "pick", "rnd_state", "set_rnd_state", "store_cells",
    // screen_api.cpp
    "locate", "color", "inkey", "sleep", "show", "chr", "glyph", "keyboard", "time",
    // script_api.cpp
    "refuse", "log", "basic_error",
    // store_api.cpp
    "save", "load"};

inline constexpr const char* kLuaApiMethods[] = {
    "width", "height", "walls",    "set_walls",    "visited", "visit",   "retire", "scan",
    "open",  "carve",  "entrance", "set_entrance", "exit",    "address", "bytes"};

}  // namespace amazing::fuzz
