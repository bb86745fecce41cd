// scripts/amazing.lua on the machine prints exactly what the native engine prints, for
// every revision over many sizes and seeds, as the maze alone and as the transcript.
// No oracle needed: the native engine (src/core) is the reference here; the conformance
// test compares both with PC-BASIC.
#include <gtest/gtest.h>

#include <random>

#include "core/amazing_text.hpp"
#include "core/amazing_walk.hpp"
#include "core/render.hpp"
#include "lua/embedded_scripts.hpp"
#include "lua/engine.hpp"
#include "machine/machine.hpp"

namespace amazing::lua {
namespace {

struct Case {
  int width;
  int length;
  std::optional<int16_t> seed;
  core::Variant variant;
  std::optional<uint32_t> state = std::nullopt;  // a raw RND state to start from, instead of a seed
};

// The RND state whose next step is 0xFFFFFF: INT(RND(1)*2+1) there is 3, and
// INT(RND(1)*W+1) is W+1 for W a power of two, where the listing stops at line 195.
uint32_t state_before_ffffff() { return core::GwRnd::previous_state(0xFFFFFF); }

core::GwRnd start_rnd(const Case& c) {
  core::GwRnd rnd;
  if (c.state) rnd.set_state(*c.state);
  if (c.seed) rnd.randomize(*c.seed);
  return rnd;
}

std::string native_text(const Case& c, bool transcript, std::optional<core::Maze>* keep = nullptr,
                        core::Ram* ram = nullptr) {
  core::Ram local(core::kUnlimited);
  core::Ram& r = ram ? *ram : local;
  core::GwRnd rnd = start_rnd(c);
  auto run = core::run_amazing(r, c.width, c.length, c.variant, rnd);
  EXPECT_TRUE(run.ok());
  std::string out;
  if (transcript)
    out = core::transcript_header(std::to_string(c.width) + "," + std::to_string(c.length));
  core::TextRenderer renderer(transcript ? 80 : 0);
  if (int line = run->stats.stopped_at_line) {
    // The listing printed its top border before the walk, then stopped.
    renderer.top(run->maze, out);
    if (transcript) out += core::basic_stop_message(line) + "\n";
    return out;
  }
  renderer.all(run->maze, out);
  if (keep && ram) *keep = std::move(run->maze);
  return out;
}

struct LuaOutput {
  RunResult result;
  std::string text;
  std::optional<core::Maze> maze;
};

LuaOutput lua_text(const Case& c, bool transcript, machine::Machine* keep_machine = nullptr) {
  machine::StringSink sink;
  machine::ScriptedInput typed({std::to_string(c.width) + "," + std::to_string(c.length)});
  machine::MachineConfig cfg;
  cfg.ram = core::kUnlimited;
  cfg.batch = true;
  cfg.batch_width = transcript ? 80 : 0;
  cfg.output = &sink;
  cfg.input = &typed;
  cfg.echo = true;
  machine::Machine local(cfg);
  machine::Machine& m = keep_machine ? *keep_machine : local;
  if (keep_machine) {
    m.printer().set_sink(sink);
    m.printer().set_width(cfg.batch_width);
    m.set_input(typed);
  }
  if (c.state) m.rnd().set_state(*c.state);
  if (c.seed) m.rnd().randomize(*c.seed);
  LuaOutput out;
  {
    Engine engine(m, Limits{});
    ScriptArgs args;
    args.width = c.width;
    args.length = c.length;
    args.seed = c.seed;
    args.variant = std::string(core::variant_name(c.variant));
    args.maze_only = !transcript;
    out.result = engine.run(*embedded_script("amazing.lua"), "amazing.lua", args);
    if (keep_machine) out.maze = engine.take_maze();
  }
  out.text = sink.text();
  return out;
}

std::string describe(const Case& c) {
  return std::string(core::variant_name(c.variant)) + " " + std::to_string(c.width) + "x" +
         std::to_string(c.length) + " seed " + (c.seed ? std::to_string(*c.seed) : "none");
}

// Where two texts first differ, for a readable failure.
std::string first_difference(const std::string& a, const std::string& b) {
  std::size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  return "first difference at byte " + std::to_string(i) + ": native '" + a.substr(i, 20) +
         "' lua '" + b.substr(i, 20) + "'";
}

std::vector<Case> cases(core::Variant v) {
  std::vector<Case> out;
  // Small sizes exhaustively (power-on state and a seed), then random sizes and seeds.
  for (int w = 2; w <= 8; ++w)
    for (int l = 2; l <= 8; ++l) {
      out.push_back({w, l, std::nullopt, v});
      out.push_back({w, l, static_cast<int16_t>(w * 100 + l), v});
    }
  std::mt19937 gen(1978 + static_cast<int>(v));
  std::uniform_int_distribution<int> size(2, 60);
  std::uniform_int_distribution<int> seed(-32768, 32767);
  for (int i = 0; i < 200; ++i)
    out.push_back({size(gen), size(gen), static_cast<int16_t>(seed(gen)), v});
  out.push_back({40, 25, std::nullopt, v});
  out.push_back({27, 3, static_cast<int16_t>(-1), v});  // wraps at 80 in the transcript
  out.push_back({100, 2, static_cast<int16_t>(5), v});
  out.push_back({2, 100, static_cast<int16_t>(5), v});
  // RND state 0xFFFFFF in a two-way choice (seed -28202, 18th draw: these sizes) and
  // as the entrance column (the listing stops at line 195).
  for (auto [w, l] : {std::pair{10, 5}, {13, 6}, {15, 2}, {16, 4}})
    out.push_back({w, l, static_cast<int16_t>(-28202), v});
  for (int w : {2, 4, 16, 64}) out.push_back({w, 3, std::nullopt, v, state_before_ffffff()});
  return out;
}

bool stops(const Case& c) { return c.state == state_before_ffffff(); }

// With amazing.args.maze_only the script ends in an error that says why.
void expect_stop_error(const LuaOutput& lua, const Case& c) {
  EXPECT_FALSE(lua.result.ok()) << describe(c);
  // The script words it itself: the same explanation as the native engine's.
  EXPECT_NE(lua.result.message.find(core::explain_stop(195, c.width)), std::string::npos)
      << lua.result.message;
}

class LuaEqualsNative : public ::testing::TestWithParam<core::Variant> {};

TEST_P(LuaEqualsNative, MazeOnly) {
  int n = 0;
  for (const Case& c : cases(GetParam())) {
    std::string native = native_text(c, false);
    LuaOutput lua = lua_text(c, false);
    if (stops(c))
      expect_stop_error(lua, c);
    else
      ASSERT_TRUE(lua.result.ok()) << describe(c) << ": " << lua.result.message;
    ASSERT_EQ(native, lua.text) << describe(c) << ": " << first_difference(native, lua.text);
    ++n;
  }
  EXPECT_GE(n, 300);
}

TEST_P(LuaEqualsNative, Transcript) {
  for (const Case& c : cases(GetParam())) {
    std::string native = native_text(c, true);
    LuaOutput lua = lua_text(c, true);
    ASSERT_TRUE(lua.result.ok()) << describe(c) << ": " << lua.result.message;
    ASSERT_EQ(native, lua.text) << describe(c) << ": " << first_difference(native, lua.text);
  }
}

TEST_P(LuaEqualsNative, PublishedMazeEqualsTheNativeMaze) {
  for (const Case& c :
       {Case{13, 7, int16_t{3}, GetParam()}, Case{40, 25, std::nullopt, GetParam()}}) {
    core::Ram ram(core::kUnlimited);
    std::optional<core::Maze> native;
    native_text(c, false, &native, &ram);
    machine::MachineConfig cfg;
    cfg.ram = core::kUnlimited;
    cfg.batch = true;
    machine::Machine m(cfg);
    LuaOutput lua = lua_text(c, false, &m);
    ASSERT_TRUE(lua.result.ok()) << lua.result.message;
    ASSERT_TRUE(lua.maze && native);
    EXPECT_EQ(lua.maze->entrance(), native->entrance());
    EXPECT_EQ(lua.maze->exit(), native->exit());
    for (int r = 0; r < c.length; ++r)
      for (int col = 0; col < c.width; ++col)
        ASSERT_EQ(lua.maze->walls(col, r), native->walls(col, r)) << describe(c);
  }
}

INSTANTIATE_TEST_SUITE_P(Variants, LuaEqualsNative,
                         ::testing::Values(core::Variant::kBook, core::Variant::kFixed,
                                           core::Variant::kFixedExit),
                         [](const auto& info) {
                           std::string n(core::variant_name(info.param));
                           for (char& ch : n)
                             if (ch == '-') ch = '_';
                           return n;
                         });

TEST(LuaScript, AsksAgainOnMeaninglessDimensions) {
  machine::StringSink sink;
  machine::ScriptedInput typed({"1,5", "A,B", "3,2"});
  machine::MachineConfig cfg;
  cfg.batch = true;
  cfg.output = &sink;
  cfg.input = &typed;
  machine::Machine m(cfg);
  Engine engine(m, Limits{});
  auto r = engine.run(*embedded_script("amazing.lua"), "amazing.lua", ScriptArgs{});
  ASSERT_TRUE(r.ok()) << r.message;
  const std::string& out = sink.text();
  EXPECT_NE(out.find("LENGTH? 1,5\nMEANINGLESS DIMENSIONS.  TRY AGAIN.\n"
                     "WHAT ARE YOUR WIDTH AND LENGTH? A,B\n?Redo from start\n"
                     "WHAT ARE YOUR WIDTH AND LENGTH? 3,2\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("LENGTH? 3,2\n\n\n\n\n."), std::string::npos) << out;
}

// The input that ends at the question stops the program silently, as PC-BASIC's: nothing
// more is printed after the prompt, and the run ends well (the host picks exit 0).
TEST(LuaScript, InputEndingStopsSilently) {
  machine::StringSink sink;
  machine::ScriptedInput typed({});
  machine::MachineConfig cfg;
  cfg.batch = true;
  cfg.output = &sink;
  cfg.input = &typed;
  machine::Machine m(cfg);
  Engine engine(m, Limits{});
  auto r = engine.run(*embedded_script("amazing.lua"), "amazing.lua", ScriptArgs{});
  EXPECT_EQ(r.outcome, Outcome::kOk) << r.message;
  EXPECT_FALSE(r.program_error.has_value());
  m.flush();
  const std::string prompt = "WHAT ARE YOUR WIDTH AND LENGTH? ";
  ASSERT_GE(sink.text().size(), prompt.size());
  EXPECT_EQ(sink.text().substr(sink.text().size() - prompt.size()), prompt);
}

}  // namespace
}  // namespace amazing::lua
