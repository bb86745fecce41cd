// Fuzz target: the `amazing` Lua API (src/lua/bindings.cpp). The input is read as a
// program of calls: each call picks a function of the amazing table or a method of a
// maze object, 0 to 4 arguments from a pool of awkward values (NaN, huge numbers, wrong
// types, other mazes), and runs it under pcall; mazes are kept in 4 slots that calls
// fill, drop and collect (so __gc runs while other mazes live). The Lua text is built
// here and run on a fresh machine and engine.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "lua_api_names.hpp"
#include "lua_harness.hpp"

namespace {

// Every function and method (lua_api_names_test keeps the list complete).
constexpr auto& kFunctions = amazing::fuzz::kLuaApiFunctions;
constexpr auto& kMethods = amazing::fuzz::kLuaApiMethods;
// clang-format off
constexpr const char* kValues[] = {
    "0", "1", "-1", "2", "3", "4", "12", "40", "41", "80", "255", "256", "32767", "-32768",
    "65535", "2^31", "-2^31", "2^53", "1e308", "-1e308", "0/0", "1/0", "-1/0", "0.5", "-0.5",
    "math.maxinteger", "math.mininteger", "nil", "true", "'up'", "'right'", "'down'",
    "'left'", "''", "'n'", "'nn'", "'ns'", "'sss'", "'x'", "('A'):rep(300)", "{}",
    "amazing", "print", "M[1]", "M[2]", "M[3]", "M[4]", "amazing.screen_address()",
    "amazing.ram_size()", "'10'", "'1e3'", "'&HFF'",
    // tables of cells (store_cells), a state (set_rnd_state)
    "{1, 2, 15, 16, -1}", "{0/0, 1e308, 'x'}", "{[0] = 3, [2^40] = 1}", "amazing.rnd_state()"};
// clang-format on

template <typename T, std::size_t N>
constexpr std::size_t count(const T (&)[N]) {
  return N;
}

class Bytes {
 public:
  Bytes(const uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  bool more() const { return pos_ < size_; }
  uint8_t next() { return pos_ < size_ ? data_[pos_++] : 0; }

 private:
  const uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

std::string arguments(Bytes& in) {
  std::string out;
  int n = in.next() % 5;
  for (int i = 0; i < n; ++i) {
    if (i) out += ", ";
    uint8_t b = in.next();
    // Half the time a small whole number (cells, columns), else a value from the pool.
    if (b & 1)
      out += std::to_string(static_cast<int>(b >> 1) - 8);
    else
      out += kValues[(b >> 1) % count(kValues)];
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  if (size > 4096) return 0;
  Bytes in(data, size);
  std::string lua = "local M = {}\n";
  while (in.more()) {
    uint8_t op = in.next();
    int slot = 1 + (op & 3);
    switch ((op >> 2) % 6) {
      case 0:  // a new maze into a slot
        lua += "pcall(function() M[" + std::to_string(slot) + "] = amazing.maze(" +
               arguments(in) + ") end)\n";
        break;
      case 1: {  // an amazing.* call
        const char* f = kFunctions[in.next() % count(kFunctions)];
        std::string args = arguments(in);
        lua += "pcall(amazing." + std::string(f) + (args.empty() ? "" : ", " + args) + ")\n";
        break;
      }
      case 2:
      case 3: {  // a method on a slot's maze (or on nil, or through another object)
        const char* m = kMethods[in.next() % count(kMethods)];
        lua += "pcall(function() return M[" + std::to_string(slot) + "]:" + m + "(" +
               arguments(in) + ") end)\n";
        break;
      }
      case 4:  // drop a maze and let the collector run its __gc
        lua += "M[" + std::to_string(slot) + "] = nil collectgarbage()\n";
        break;
      default:  // a method taken from one maze, called on something else
        lua += "pcall(function() local f = M[" + std::to_string(slot) + "]." +
               kMethods[in.next() % count(kMethods)] + " return f(" + arguments(in) +
               ") end)\n";
        break;
    }
  }
  lua += "M = nil collectgarbage()\n";
  // The size the harness gives (10x12) with a few cells out, so the mask calls have one.
  static const auto mask = amazing::core::parse_mask(
      "..........\n.##.......\n.##.......\n..........\n..........\n..........\n"
      "..........\n.....#....\n..........\n..........\n..........\n.........#\n");
  amazing::fuzz::run_lua(lua, mask.ok() ? &*mask : nullptr);
  return 0;
}
