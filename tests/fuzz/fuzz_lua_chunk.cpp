// Fuzz target: a fuzzed Lua chunk run in the sandbox (src/lua) on a fresh machine and
// engine, with a small instruction budget and heap cap.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "lua_harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  if (size > 16384) return 0;
  amazing::fuzz::run_lua(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
