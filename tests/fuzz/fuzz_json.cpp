// Fuzz target: the JSON maze reader (src/core/json). Anything that parses and builds a
// maze must write back (maze_to_json) to text that parses again to the same maze:
// same size, seed, cells and markers.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/json.hpp"
#include "core/ram.hpp"

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  using namespace amazing::core;
  if (size > 65536) return 0;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto record = parse_maze_json(text);
  if (!record) {
    check(!record.error().message.empty());
    return 0;
  }
  Ram ram(64 * 1024);
  auto maze = maze_from_record(*record, ram);
  if (!maze) {
    check(!maze.error().message.empty());
    return 0;
  }
  std::string again = maze_to_json(*maze, record->algorithm, record->seed, record->markers);
  auto reread = parse_maze_json(again);
  check(reread.ok());
  check(reread->width == record->width && reread->height == record->height);
  check(reread->seed == record->seed);
  check(reread->cells == record->cells);
  check(reread->markers.starts == record->markers.starts);
  check(reread->markers.ends == record->markers.ends);
  Ram ram2(64 * 1024);
  check(maze_from_record(*reread, ram2).ok());
  return 0;
}
