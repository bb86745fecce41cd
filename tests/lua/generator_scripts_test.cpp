// Every scripts/generators/NAME.lua (as built in) honours --mask and --starts exactly as
// the native generator (src/core/generators/NAME.cpp): the same cells, entrance, exit and
// markers (the backtracker's longest path too), the same RND state afterwards, for sizes
// down to 1 wide and 1 high, masks with holes and masked cells in the top and bottom
// rows; algorithms that cannot carve around a mask refuse it in the native's words; and
// one Engine running a script K times makes the K mazes native makes one after another.
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "core/generators/generator.hpp"
#include "core/mask.hpp"
#include "lua/embedded_scripts.hpp"
#include "lua/engine.hpp"
#include "machine/machine.hpp"

namespace amazing::lua {
namespace {

struct Case {
  int width, height;
  int16_t seed;
  bool mask;
  int starts;
};

std::string describe(std::string_view algo, const Case& c) {
  return std::string(algo) + " " + std::to_string(c.width) + "x" + std::to_string(c.height) +
         " seed " + std::to_string(c.seed) + (c.mask ? " mask" : "") +
         (c.starts ? " starts " + std::to_string(c.starts) : "");
}

// A mask with a hole in the middle and, where the maze is big enough, masked cells in
// the top row (the first) and the bottom row (the last); nullopt when too small.
std::optional<core::Mask> make_mask(int w, int h) {
  if (w < 4 || h < 4) return std::nullopt;
  core::Mask mask(w, h);
  for (int r = 1; r + 1 < h; ++r)
    for (int c = w / 3; c <= w / 2; ++c)
      if (r <= h / 2) mask.set(c, r, true);
  mask.set(0, 0, true);
  mask.set(w - 1, h - 1, true);
  if (!mask.check()) return std::nullopt;
  return mask;
}

struct Made {
  bool ok = false;
  std::string error;
  std::optional<core::Maze> maze;
  core::Markers markers;
  uint32_t rnd_state = 0;
};

// The native generator's maze; `rnd` continues (gen --count).
Made native(std::string_view algo, core::Ram& ram, core::GwRnd& rnd, int w, int h,
            const core::Mask* mask, int starts) {
  Made out;
  auto maze = core::Maze::create(ram, w, h);
  if (!maze) {
    out.error = maze.error().message;
    return out;
  }
  core::GeneratorOptions opt;
  opt.mask = mask;
  opt.starts = starts;
  auto g = core::make_generator(algo, *maze, rnd, opt);
  if (!g) {
    out.error = g.error().message;
    return out;
  }
  (*g)->run();
  out.ok = true;
  out.markers = (*g)->markers();
  out.maze = std::move(maze).value();
  out.rnd_state = rnd.state();
  return out;
}

struct LuaRun {
  machine::StringSink sink;
  std::unique_ptr<machine::Machine> machine;
  std::unique_ptr<Engine> engine;
  std::string source;
  std::string name;
  LuaRun(std::string_view algo, int16_t seed) : name(std::string(algo) + ".lua") {
    machine::MachineConfig cfg;
    cfg.ram = core::kUnlimited;
    cfg.batch = true;
    cfg.batch_width = 0;
    cfg.output = &sink;
    machine = std::make_unique<machine::Machine>(cfg);
    machine->rnd().randomize(seed);
    engine = std::make_unique<Engine>(*machine, Limits{});
    auto text = embedded_script(name);
    EXPECT_TRUE(text.has_value()) << name;
    if (text) source = std::string(*text);
  }
  ~LuaRun() { engine.reset(); }
  Made run(int w, int h, const core::Mask* mask, int starts) {
    ScriptArgs args;
    args.width = w;
    args.length = h;
    args.maze_only = true;
    args.mask = mask;
    args.starts = starts;
    Made out;
    RunResult r = engine->run(source, name, args);
    out.rnd_state = machine->rnd().state();
    if (!r.ok()) {
      out.error = r.message;
      return out;
    }
    out.ok = true;
    out.maze = engine->take_maze();
    out.markers = engine->take_markers();
    return out;
  }
};

std::string cell_text(const core::Maze& m) {
  std::string s = "entrance " + std::to_string(m.entrance()) + " exit " +
                  (m.exit() ? std::to_string(*m.exit()) : "none") + "\n";
  for (int r = 0; r < m.height(); ++r) {
    for (int c = 0; c < m.width(); ++c) s += static_cast<char>('0' + m.walls(c, r));
    s += '\n';
  }
  return s;
}

std::string marker_text(const core::Markers& mk) {
  std::string s;
  for (auto* list : {&mk.starts, &mk.ends}) {
    s += list == &mk.starts ? "starts" : " ends";
    for (const core::CellPos& p : *list)
      s += " (" + std::to_string(p.col) + "," + std::to_string(p.row) + ")";
  }
  return s;
}

void expect_same(const Made& native_made, const Made& lua_made, const std::string& what) {
  if (!native_made.ok) {
    // The native refuses: the script refuses with the same words.
    EXPECT_FALSE(lua_made.ok) << what << ": native refused (" << native_made.error
                              << ") but the script made a maze";
    EXPECT_NE(lua_made.error.find(native_made.error), std::string::npos)
        << what << ": native '" << native_made.error << "', script '" << lua_made.error << "'";
    return;
  }
  ASSERT_TRUE(lua_made.ok) << what << ": " << lua_made.error;
  ASSERT_TRUE(lua_made.maze.has_value()) << what << ": the script published no maze";
  EXPECT_EQ(cell_text(*native_made.maze), cell_text(*lua_made.maze)) << what;
  EXPECT_EQ(marker_text(native_made.markers), marker_text(lua_made.markers)) << what;
  EXPECT_EQ(native_made.rnd_state, lua_made.rnd_state) << what << ": RND states differ";
}

std::vector<Case> cases() {
  std::vector<Case> out;
  const std::pair<int, int> sizes[] = {{1, 1}, {1, 6}, {6, 1}, {2, 2}, {2, 3}, {5, 4},
                                       {9, 7}, {4, 12}, {16, 9}, {23, 17}, {40, 30}};
  const int16_t seeds[] = {1, -77, 1978};
  for (auto [w, h] : sizes)
    for (int16_t seed : seeds)
      for (bool mask : {false, true})
        for (int starts : {0, 1, 3}) out.push_back({w, h, seed, mask, starts});
  return out;
}

class GeneratorScript : public ::testing::TestWithParam<std::string_view> {};

TEST_P(GeneratorScript, MakesTheNativeMazeWithMaskAndStarts) {
  const std::string_view algo = GetParam();
  int compared = 0;
  for (const Case& c : cases()) {
    std::optional<core::Mask> mask;
    if (c.mask) {
      mask = make_mask(c.width, c.height);
      if (!mask) continue;
    }
    const core::Mask* mp = mask ? &*mask : nullptr;
    const std::string what = describe(algo, c);
    core::Ram ram(core::kUnlimited);
    core::GwRnd rnd;
    rnd.randomize(c.seed);
    Made n = native(algo, ram, rnd, c.width, c.height, mp, c.starts);
    LuaRun lua(algo, c.seed);
    Made l = lua.run(c.width, c.height, mp, c.starts);
    expect_same(n, l, what);
    ++compared;
  }
  EXPECT_GE(compared, 60);
}

TEST_P(GeneratorScript, CountRunsContinueTheRnd) {
  // gen --count 3: one Engine, one machine, three runs; native makes three mazes on one
  // GwRnd. With a mask where the algorithm honours one, and --starts 2.
  const std::string_view algo = GetParam();
  std::optional<core::Mask> mask;
  if (core::generator_supports_mask(algo)) mask = make_mask(11, 8);
  const core::Mask* mp = mask ? &*mask : nullptr;
  core::Ram ram(core::kUnlimited);
  core::GwRnd rnd;
  rnd.randomize(42);
  LuaRun lua(algo, 42);
  for (int k = 1; k <= 3; ++k) {
    Made n = native(algo, ram, rnd, 11, 8, mp, 2);
    Made l = lua.run(11, 8, mp, 2);
    expect_same(n, l, std::string(algo) + " run " + std::to_string(k));
  }
}

TEST_P(GeneratorScript, TooManyStartsAreRefusedAsNative) {
  const std::string_view algo = GetParam();
  core::Ram ram(core::kUnlimited);
  core::GwRnd rnd;
  Made n = native(algo, ram, rnd, 3, 2, nullptr, 4);
  ASSERT_FALSE(n.ok);
  LuaRun lua(algo, 0);
  expect_same(n, lua.run(3, 2, nullptr, 4), std::string(algo) + " starts 4 on 3x2");
}

TEST(GeneratorScripts, BacktrackerLongestPathTiesGoAsNative) {
  // The longest path's ends are the first cells (depth-first, up, right, down, left) to
  // reach the greatest depth; ties are common in small mazes.
  std::mt19937 gen(12);
  std::uniform_int_distribution<int> size(1, 14);
  for (int k = 0; k < 120; ++k) {
    const int w = size(gen), h = size(gen);
    const auto seed = static_cast<int16_t>(k * 37 - 2000);
    core::Ram ram(core::kUnlimited);
    core::GwRnd rnd;
    rnd.randomize(seed);
    Made n = native("backtracker", ram, rnd, w, h, nullptr, 0);
    LuaRun lua("backtracker", seed);
    expect_same(n, lua.run(w, h, nullptr, 0),
                "backtracker " + std::to_string(w) + "x" + std::to_string(h) + " seed " +
                    std::to_string(seed));
  }
}

TEST(GeneratorScripts, TheStoreBitsAreNamedAndLongestPathLeavesTheFreeBitsAlone) {
  // A 5x3 snake carved with the helpers, every open cell given the bits the docs call
  // free (32, 64, 256): g.longest_path finds the snake's far end and changes none of them.
  machine::StringSink sink;
  machine::MachineConfig cfg;
  cfg.ram = core::kUnlimited;
  cfg.batch = true;
  cfg.batch_width = 0;
  cfg.output = &sink;
  machine::Machine m(cfg);
  Engine engine(m, Limits{});
  ScriptArgs args;
  args.width = 5;
  args.length = 3;
  const RunResult r = engine.run(
      "local G = require('generator')\n"
      "assert(G.DOWN_OPEN == 1 and G.RIGHT_OPEN == 2 and G.VISITED == 4 and G.MARK == 8\n"
      "       and G.MASKED == 16 and G.INTERIOR == 128)\n"
      "local g = G.new('snake', false)\n"
      "local cell, first, last, WP, W, H = g.cell, g.first, g.last, g.WP, g.W, g.H\n"
      "for r = 0, H - 1 do\n"
      "  local p0 = first + r * WP\n"
      "  for c = 0, W - 2 do cell[p0 + c] = cell[p0 + c] | G.RIGHT_OPEN end\n"
      "  if r < H - 1 then\n"
      "    local p = p0 + ((r % 2 == 0) and W - 1 or 0)\n"
      "    cell[p] = cell[p] | G.DOWN_OPEN\n"
      "  end\n"
      "end\n"
      "local FREE = 32 | 64 | 256\n"
      "for p = first, last do\n"
      "  if cell[p] & G.MASKED == 0 then cell[p] = cell[p] | FREE end\n"
      "end\n"
      "local marks = g.longest_path(first)\n"
      "local changed = 0\n"
      "for p = first, last do\n"
      "  if cell[p] & G.MASKED == 0 and cell[p] & FREE ~= FREE then changed = changed + 1 end\n"
      "end\n"
      "amazing.print(string.format('%d,%d to %d,%d; %d cells changed', marks.starts[1][1],\n"
      "  marks.starts[1][2], marks.ends[1][1], marks.ends[1][2], changed))\n",
      "bits.lua", args);
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(sink.text(), "1,1 to 5,3; 0 cells changed\n");
}

TEST(GeneratorScripts, AMaskOfAnotherSizeOrCutOffIsRefusedAsNative) {
  core::Mask wrong(5, 5);
  core::Mask cut(4, 4);
  for (int c = 0; c < 4; ++c) cut.set(c, 2, true);
  for (const core::Mask* mask : {&wrong, &cut}) {
    core::Ram ram(core::kUnlimited);
    core::GwRnd rnd;
    Made n = native("prim", ram, rnd, 4, 4, mask, 0);
    ASSERT_FALSE(n.ok);
    LuaRun lua("prim", 0);
    expect_same(n, lua.run(4, 4, mask, 0), "prim with a bad mask");
  }
}

std::vector<std::string_view> names() { return core::generator_names(); }

INSTANTIATE_TEST_SUITE_P(Algorithms, GeneratorScript, ::testing::ValuesIn(names()),
                         [](const auto& info) {
                           std::string n(info.param);
                           for (char& ch : n)
                             if (ch == '-') ch = '_';
                           return n;
                         });

}  // namespace
}  // namespace amazing::lua
