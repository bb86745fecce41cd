// What a generator script hands the host: amazing.publish(maze, markers) and
// Engine::take_markers (0-based), --mask and --starts in amazing.args and amazing.masked,
// amazing.pick, and one Engine running a script several times (gen --count K).
#include <gtest/gtest.h>

#include <string>

#include "core/mask.hpp"
#include "lua/engine.hpp"
#include "machine/machine.hpp"

namespace amazing::lua {
namespace {

struct Fixture {
  machine::StringSink sink;
  machine::MachineConfig cfg;
  std::unique_ptr<machine::Machine> m;
  std::unique_ptr<Engine> engine;
  Fixture() {
    cfg.ram = core::kUnlimited;
    cfg.batch = true;
    cfg.batch_width = 0;
    cfg.output = &sink;
    m = std::make_unique<machine::Machine>(cfg);
    engine = std::make_unique<Engine>(*m, Limits{});
  }
  ~Fixture() { engine.reset(); }
  RunResult run(const std::string& source, const ScriptArgs& args = {}) {
    return engine->run(source, "t.lua", args);
  }
};

TEST(Publish, MarkersComeBackZeroBased) {
  Fixture f;
  auto r = f.run(
      "local m = amazing.maze(4, 3)\n"
      "amazing.publish(m, {starts = {{1, 1}, {2, 3}}, ends = {{4, 3}}})\n");
  ASSERT_TRUE(r.ok()) << r.message;
  ASSERT_TRUE(f.engine->take_maze().has_value());
  core::Markers mk = f.engine->take_markers();
  ASSERT_EQ(mk.starts.size(), 2u);
  ASSERT_EQ(mk.ends.size(), 1u);
  EXPECT_EQ(mk.starts[0], (core::CellPos{0, 0}));
  EXPECT_EQ(mk.starts[1], (core::CellPos{1, 2}));
  EXPECT_EQ(mk.ends[0], (core::CellPos{3, 2}));
  // Taken once: empty afterwards.
  EXPECT_TRUE(f.engine->take_markers().starts.empty());
  EXPECT_FALSE(f.engine->take_maze().has_value());
}

TEST(Publish, WithoutMarkersGivesNone) {
  Fixture f;
  auto r = f.run("amazing.publish(amazing.maze(2, 2))");
  ASSERT_TRUE(r.ok()) << r.message;
  core::Markers mk = f.engine->take_markers();
  EXPECT_TRUE(mk.starts.empty());
  EXPECT_TRUE(mk.ends.empty());
}

TEST(Publish, BadMarkersAreAClearError) {
  const std::pair<const char*, const char*> cases[] = {
      {"amazing.publish(m, 5)", "give a table"},
      {"amazing.publish(m, {starts = 3})", "markers.starts must be a list"},
      {"amazing.publish(m, {starts = {5}})", "markers.starts[1] must be a {col, row} pair"},
      {"amazing.publish(m, {ends = {{1}}})", "markers.ends[1] must hold two whole numbers"},
      {"amazing.publish(m, {ends = {{1, '2'}}})", "must hold two whole numbers"},
      {"amazing.publish(m, {ends = {{1.5, 2}}})", "must hold two whole numbers"},
      {"amazing.publish(m, {starts = {{5, 1}}})", "markers.starts[1] = {5, 1} is off the 4x3"},
      {"amazing.publish(m, {starts = {{1, 0}}})", "is off the 4x3 maze"},
      {"local t = {} for i = 1, 13 do t[i] = {1, 1} end amazing.publish(m, {starts = t})",
       "13 starts markers, more than the maze's 12 cells"},
  };
  for (auto [code, want] : cases) {
    Fixture f;
    auto r = f.run(std::string("local m = amazing.maze(4, 3)\n") + code);
    EXPECT_EQ(r.outcome, Outcome::kRuntimeError) << code;
    EXPECT_NE(r.message.find(want), std::string::npos) << code << ": " << r.message;
    EXPECT_NE(r.message.find("t.lua:2:"), std::string::npos) << r.message;
    EXPECT_FALSE(f.engine->take_maze().has_value()) << code;
  }
}

TEST(Args, StartsAndMaskReachTheScript) {
  core::Mask mask(4, 3);
  mask.set(1, 1, true);
  mask.set(2, 1, true);
  Fixture f;
  ScriptArgs args;
  args.starts = 3;
  args.mask = &mask;
  auto r = f.run(
      "local a = amazing.args\n"
      "amazing.print(a.starts, a.mask.width, a.mask.height, a.mask.masked)\n"
      "amazing.print(amazing.masked(2, 2), amazing.masked(3, 2), amazing.masked(1, 1))\n"
      "amazing.print(#amazing.mask_cells(), amazing.mask_cells()[1], amazing.mask_cells()[2])\n"
      "amazing.print(amazing.mask_check() == nil)\n"
      "local ok, e = pcall(amazing.masked, 5, 1) amazing.print(e)\n",
      args);
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(f.sink.text(),
            " 3  4  3  2 \ntruetruefalse\n 2  5  6 \ntrue\n"
            "bad argument #1 to '?' (column outside the mask)\n");  // pcall: no name
}

TEST(Args, NoMaskNoStarts) {
  Fixture f;
  auto r = f.run(
      "amazing.print(amazing.args.starts, amazing.args.mask == nil, amazing.masked(3, 9),"
      " #amazing.mask_cells(), amazing.mask_check() == nil)");
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(f.sink.text(), " 0 truefalse 0 true\n");
}

TEST(Args, MaskCheckGivesTheReason) {
  core::Mask mask(3, 3);
  for (int c = 0; c < 3; ++c) mask.set(c, 1, true);  // the bottom row is cut off
  Fixture f;
  ScriptArgs args;
  args.mask = &mask;
  auto r = f.run("amazing.print(amazing.mask_check())", args);
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(f.sink.text(), std::string(mask.check().error().message) + "\n");
}

TEST(Pick, IsTheGeneratorsDraw) {
  Fixture f;
  f.m->rnd().randomize(7);
  core::GwRnd rnd;
  rnd.randomize(7);
  auto r = f.run("for _, k in ipairs({1, 2, 3, 0, 4, 1000, 1}) do amazing.write(amazing.pick(k)) end");
  ASSERT_TRUE(r.ok()) << r.message;
  std::string want;
  for (int k : {1, 2, 3, 0, 4, 1000, 1}) {
    int v = k <= 1 ? 1 : std::min(rnd.draw(k), k);
    if (v >= 0) want += ' ';
    want += std::to_string(v);
    want += ' ';
  }
  EXPECT_EQ(f.sink.text(), want);
  EXPECT_EQ(f.m->rnd().state(), rnd.state());
}

TEST(Engine, RunsTheSameScriptAgainOnTheContinuingRnd) {
  Fixture f;
  f.m->rnd().randomize(3);
  core::GwRnd rnd;
  rnd.randomize(3);
  const std::string script =
      "local g = require('generator')\n"
      "local m = amazing.maze(3, 2)\n"
      "m:set_walls(1, 1, amazing.pick(3))\n"
      "count = (count or 0) + 1\n"  // globals stay from run to run
      "amazing.publish(m, {starts = {{count, 1}}})\n";
  for (int k = 1; k <= 3; ++k) {
    auto r = f.run(script);
    ASSERT_TRUE(r.ok()) << k << ": " << r.message;
    auto maze = f.engine->take_maze();
    ASSERT_TRUE(maze.has_value()) << k;
    EXPECT_EQ(maze->walls(0, 0), rnd.draw(3)) << k;
    core::Markers mk = f.engine->take_markers();
    ASSERT_EQ(mk.starts.size(), 1u);
    EXPECT_EQ(mk.starts[0].col, k - 1);
  }
  EXPECT_EQ(f.m->rnd().state(), rnd.state());
  // A run that publishes nothing leaves nothing from the one before.
  ASSERT_TRUE(f.run("amazing.publish(amazing.maze(1, 1), {ends = {{1, 1}}})").ok());
  ASSERT_TRUE(f.run("local x = 1").ok());
  EXPECT_FALSE(f.engine->take_maze().has_value());
  EXPECT_TRUE(f.engine->take_markers().ends.empty());
  // An error in one run does not stop the next.
  EXPECT_FALSE(f.run("error('once')").ok());
  EXPECT_TRUE(f.run("amazing.publish(amazing.maze(1, 1))").ok());
  EXPECT_TRUE(f.engine->take_maze().has_value());
}

TEST(Engine, EachRunHasItsOwnStepBudgetButALimitStopsTheEngine) {
  machine::StringSink sink;
  machine::MachineConfig cfg;
  cfg.batch = true;
  cfg.output = &sink;
  machine::Machine m(cfg);
  Limits limits;
  limits.max_steps = 200000;
  Engine engine(m, limits);
  // Each run uses most of the budget; together they would exceed it.
  for (int k = 0; k < 5; ++k) {
    auto r = engine.run("local x = 0 for i = 1, 40000 do x = x + i end", "t.lua", {});
    ASSERT_TRUE(r.ok()) << k << ": " << r.message;
  }
  auto r = engine.run("while true do end", "t.lua", {});
  EXPECT_EQ(r.outcome, Outcome::kStepLimit);
  r = engine.run("local x = 1", "t.lua", {});
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.message.find("stopped its last script at a limit"), std::string::npos) << r.message;
}

// A 3x2 perfect maze in Lua (the entrance over (1,1), along the top row, down at (3,1),
// back along the bottom row to the exit under (1,2)) as the local m.
const char* const kSnake =
    "local m = amazing.maze(3, 2)\n"
    "m:set_entrance(1)\n"
    "m:set_walls(1, 1, 2) m:set_walls(2, 1, 2) m:set_walls(3, 1, 1)\n"
    "m:set_walls(1, 2, 3) m:set_walls(2, 2, 2) m:set_walls(3, 2, 0)\n"
    "local function show(ok, why) amazing.print(tostring(ok) .. ' ' .. tostring(why)) end\n";

TEST(Check, AmazingCheckGivesTheHostsVerdictAsAValue) {
  Fixture f;
  auto r = f.run(std::string(kSnake) +
                 "show(amazing.check(m))\n"
                 "show(amazing.check(m, {starts = {{1, 1}}, ends = {{3, 2}}}))\n"
                 "show(select('#', amazing.check(m)))\n"
                 "show(amazing.check(m, {start = {{1, 1}}}))\n"
                 "show(amazing.check(m, {starts = {{1, 1}, {1, 1}}}))\n"
                 "show(amazing.check(m, {{1, 1}}))\n"
                 "m:set_walls(2, 1, 3)\n"
                 "show(amazing.check(m))\n"
                 "m:set_walls(2, 1, 2) m:set_walls(2, 2, 0) m:set_walls(1, 2, 1)\n"
                 "show(amazing.check(m))\n");
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(f.sink.text(),
            "true nil\n"
            "true nil\n"
            "1 nil\n"
            "false markers.start is not a marker list; the keys are starts and ends\n"
            "false two markers on cell (1,1); each marker needs a cell of its own\n"
            "false markers[1] is not a marker list; the keys are starts and ends\n"
            "false cell (2,2) is on a loop (1 loop)\n"
            "false cell (1,2) is walled off: the entrance does not reach it (2 cells walled "
            "off)\n");
}

TEST(Check, AmazingCheckHoldsTheMazeToTheArgs) {
  Fixture f;
  core::Mask mask(3, 2);
  mask.set(2, 0, true);  // (3,1), where the snake turns down
  ScriptArgs args;
  args.width = 3;
  args.length = 2;
  args.starts = 1;
  args.mask = &mask;
  auto r = f.run(std::string(kSnake) +
                 "show(amazing.check(m, {starts = {{1, 1}}, ends = {{3, 2}}}))\n"
                 "show(amazing.check(amazing.maze(2, 2)))\n",
                 args);
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(f.sink.text(),
            "false cell (3,1) is masked by --mask but has a passage down\n"
            "false the maze is 2x2 but --size asked for 3x2\n");
  f.sink.clear();
  args.mask = nullptr;
  r = f.run(std::string(kSnake) + "show(amazing.check(m))\n"
                                  "show(amazing.check(m, {starts = {{1, 1}}, ends = {{3, 2}}}))\n",
            args);
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(f.sink.text(),
            "false --starts 1 asks for 1 start marker but the maze has 0\n"
            "true nil\n");
}

TEST(Check, ThePublishedMazeIsHeldToTheArgsWhenTheHostTakesIt) {
  Fixture f;
  ScriptArgs args;
  args.width = 3;
  args.length = 2;
  args.starts = 1;
  // A misspelt key is kept from publish to the host's check, before the missing starts.
  auto r = f.run(std::string(kSnake) + "amazing.publish(m, {start = {{1, 1}}, ends = {{3, 2}}})\n",
                 args);
  ASSERT_TRUE(r.ok()) << r.message;
  auto maze = f.engine->take_maze();
  ASSERT_TRUE(maze.has_value());
  core::Markers markers = f.engine->take_markers();
  core::MazeCheck check = f.engine->check_published(*maze, markers);
  EXPECT_EQ(check.fault, core::MazeFault::kMarkerKey);
  EXPECT_EQ(check.message(), "markers.start is not a marker list; the keys are starts and ends");
  // The next run starts afresh.
  r = f.run(std::string(kSnake) + "amazing.publish(m, {starts = {{1, 1}}, ends = {{3, 2}}})\n",
            args);
  ASSERT_TRUE(r.ok()) << r.message;
  maze = f.engine->take_maze();
  ASSERT_TRUE(maze.has_value());
  markers = f.engine->take_markers();
  EXPECT_TRUE(f.engine->check_published(*maze, markers).ok())
      << f.engine->check_published(*maze, markers).message();
  // A maze of another size than asked.
  args.width = 12;
  args.length = 6;
  args.starts = 0;
  r = f.run(std::string(kSnake) + "amazing.publish(m)\n", args);
  ASSERT_TRUE(r.ok()) << r.message;
  maze = f.engine->take_maze();
  ASSERT_TRUE(maze.has_value());
  EXPECT_EQ(f.engine->check_published(*maze, {}).message(),
            "the maze is 3x2 but --size asked for 12x6");
}

}  // namespace
}  // namespace amazing::lua
