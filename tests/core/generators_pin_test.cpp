// Pins the exact output of every native generator: an FNV-1a hash of the text listing and
// of the JSON line (cells, entrance, exit, markers) plus the RND state after the maze, for
// a few sizes, seeds, a mask and --starts. Any changed byte fails; the hashes were taken
// before generators were split into one file each and must not move
// when the code is reorganised. A deliberate change of a generator's output must update
// them here (and its Lua twin in scripts/generators).

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <map>
#include <string>

#include "core/generators/generator.hpp"
#include "core/json.hpp"
#include "core/mask.hpp"
#include "core/maze.hpp"
#include "core/ram.hpp"
#include "core/render.hpp"
#include "core/rnd.hpp"

namespace amazing::core {
namespace {

uint64_t fnv1a(const std::string& s, uint64_t h = 1469598103934665603ull) {
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}

// Everything one algorithm makes over the cases, hashed together; `stepped` makes each
// maze with step() instead of run().
uint64_t output_hash(const std::string& algo, bool stepped) {
  struct Case {
    int w, h;
    int seed;  // 0: the power-on RND
    int starts;
    bool masked;
  };
  static const Case kCases[] = {
      {2, 2, 1, 0, false},     {7, 5, 0, 0, false},   {17, 11, 1, 0, false},
      {17, 11, -77, 0, false}, {40, 23, 1978, 0, false}, {64, 64, 5, 0, false},
      {1, 9, 3, 0, false},     {9, 1, 3, 0, false},   {25, 19, 11, 3, false},
      {12, 8, 4, 0, true},     {12, 8, 6, 2, true},
  };
  auto mask = parse_mask(
      "............\n"
      ".##.........\n"
      ".##....###..\n"
      "..........#.\n"
      "...#......#.\n"
      "............\n"
      "......##....\n"
      "............\n");
  EXPECT_TRUE(mask.ok());
  uint64_t h = 1469598103934665603ull;
  for (const Case& c : kCases) {
    if (c.masked && !generator_supports_mask(algo)) continue;
    Ram ram(kUnlimited);
    auto maze = Maze::create(ram, c.w, c.h);
    EXPECT_TRUE(maze.ok());
    GwRnd rnd;
    if (c.seed != 0) rnd.randomize(c.seed);
    GeneratorOptions opt;
    opt.starts = c.starts;
    opt.mask = c.masked ? &*mask : nullptr;
    auto gen = make_generator(algo, *maze, rnd, opt);
    EXPECT_TRUE(gen.ok()) << algo;
    if (!gen.ok()) return 0;
    if (stepped) {
      while (!(*gen)->done()) (*gen)->step();
    } else {
      (*gen)->run();
    }
    h = fnv1a(render_text(*maze), h);
    h = fnv1a(maze_to_json(*maze, algo, c.seed, (*gen)->markers()), h);
    h = fnv1a(std::to_string(rnd.state()), h);
  }
  return h;
}

TEST(GeneratorsPin, OutputBytesAreUnchanged) {
  const std::map<std::string, uint64_t> kPinned = {
      {"whitney", 0xd43e103ebf501779ull},
      {"restart", 0xfd29b0836ace5203ull},
      {"backtracker", 0x524dc80f2efcfc8bull},
      {"aldous-broder", 0x8019f4a8224cdc88ull},
      {"wilson", 0x37c72699e4a4347aull},
      {"hunt-and-kill", 0x483c7ca122eb2368ull},
      {"binary-tree", 0xe36c83dd7c6e8176ull},
      {"sidewinder", 0x73668fd009374d45ull},
      {"eller", 0x1e66c4f8aa3ff044ull},
      {"kruskal", 0x759e8cd71f937c11ull},
      {"prim", 0xd415f0dcac45315aull},
      {"growing-tree", 0x95897a3938673c6full},
      {"recursive-division", 0xa661effadbce8f2cull},
  };
  for (auto name : generator_names()) {
    std::string algo(name);
    uint64_t got = output_hash(algo, false);
    auto it = kPinned.find(algo);
    if (it == kPinned.end() || got != it->second)  // the line to pin, after a deliberate change
      std::printf("      {\"%s\", 0x%016llxull},\n", algo.c_str(), static_cast<unsigned long long>(got));
    EXPECT_TRUE(it != kPinned.end() && got == it->second) << algo << "'s output changed";
    EXPECT_EQ(output_hash(algo, true), got) << algo << ": stepping differs from run()";
  }
  EXPECT_EQ(kPinned.size(), generator_names().size());
}

}  // namespace
}  // namespace amazing::core
