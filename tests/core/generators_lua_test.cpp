// Native equals Lua: every generator in src/core/generators and its Lua version in
// scripts/generators make the same maze (walls, entrance, exit) and leave the RND in the
// same state, for the same seed, over many sizes and seeds.

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "core/generators/generator.hpp"
#include "core/render.hpp"
#include "lua/engine.hpp"
#include "machine/machine.hpp"

namespace amazing::core {
namespace {

std::string read_script(std::string_view algo) {
  std::string path = std::string(AMAZING_GENERATOR_SCRIPTS) + "/" + std::string(algo) + ".lua";
  std::ifstream f(path, std::ios::binary);
  EXPECT_TRUE(f.good()) << "missing " << path;
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

struct Case {
  int width, height;
  int16_t seed;
};

TEST(GeneratorsLua, EveryAlgorithmMakesTheNativeMaze) {
  std::mt19937 gen(2026);
  std::uniform_int_distribution<int> size(2, 24);
  std::uniform_int_distribution<int> seed(-32768, 32767);
  std::vector<Case> cases = {{2, 2, 0}, {1, 5, 1}, {5, 1, 2}, {3, 3, -7}, {30, 20, 1978}};
  for (int i = 0; i < 12; ++i)
    cases.push_back({size(gen), size(gen), static_cast<int16_t>(seed(gen))});
  for (auto algo : generator_names()) {
    std::string source = read_script(algo);
    ASSERT_FALSE(source.empty());
    for (const Case& c : cases) {
      const std::string what = std::string(algo) + " " + std::to_string(c.width) + "x" +
                               std::to_string(c.height) + " seed " + std::to_string(c.seed);
      Ram ram(kUnlimited);
      GwRnd rnd;
      rnd.randomize(c.seed);
      auto maze = Maze::create(ram, c.width, c.height);
      auto g = make_generator(algo, *maze, rnd, {});
      ASSERT_TRUE(g.ok()) << what;
      (*g)->run();

      machine::StringSink sink;
      machine::MachineConfig cfg;
      cfg.ram = kUnlimited;
      cfg.batch = true;
      cfg.batch_width = 0;
      cfg.output = &sink;
      machine::Machine m(cfg);
      m.rnd().randomize(c.seed);
      std::optional<Maze> lua_maze;
      {
        lua::Engine engine(m, lua::Limits{});
        lua::ScriptArgs args;
        args.width = c.width;
        args.length = c.height;
        args.seed = c.seed;
        args.maze_only = true;
        lua::RunResult r = engine.run(source, std::string(algo) + ".lua", args);
        ASSERT_TRUE(r.ok()) << what << ": " << r.message;
        lua_maze = engine.take_maze();
        ASSERT_TRUE(lua_maze.has_value()) << what << ": the script published no maze";
        EXPECT_EQ(render_text(*maze), render_text(*lua_maze)) << what;
        EXPECT_EQ(sink.text(), render_text(*maze)) << what << ": printed text";
        lua_maze.reset();
      }
      EXPECT_EQ(rnd.state(), m.rnd().state()) << what << ": RND states differ afterwards";
    }
  }
}

TEST(GeneratorsLua, StallRescueOfTheRandomWalksMatches) {
  // The rescue normally starts after 2^24 idle moves; a limit of 20 (native option, Lua
  // first extra argument) makes it run often on a small maze.
  for (auto algo : {"aldous-broder", "wilson"}) {
    std::string source = read_script(algo);
    for (int16_t seed : {1, 2, 3, 4, 5}) {
      Ram ram(kUnlimited);
      GwRnd rnd;
      rnd.randomize(seed);
      auto maze = Maze::create(ram, 15, 11);
      GeneratorOptions opt;
      opt.stall_limit = 20;
      auto g = make_generator(algo, *maze, rnd, opt);
      ASSERT_TRUE(g.ok());
      (*g)->run();

      machine::StringSink sink;
      machine::MachineConfig cfg;
      cfg.ram = kUnlimited;
      cfg.batch = true;
      cfg.batch_width = 0;
      cfg.output = &sink;
      machine::Machine m(cfg);
      m.rnd().randomize(seed);
      {
        lua::Engine engine(m, lua::Limits{});
        lua::ScriptArgs args;
        args.width = 15;
        args.length = 11;
        args.seed = seed;
        args.maze_only = true;
        args.extra = {"20"};
        lua::RunResult r = engine.run(source, std::string(algo) + ".lua", args);
        ASSERT_TRUE(r.ok()) << algo << ": " << r.message;
        auto lua_maze = engine.take_maze();
        ASSERT_TRUE(lua_maze.has_value());
        EXPECT_EQ(render_text(*maze), render_text(*lua_maze)) << algo << " seed " << seed;
      }
      EXPECT_EQ(rnd.state(), m.rnd().state()) << algo << " seed " << seed;
    }
  }
}

}  // namespace
}  // namespace amazing::core
