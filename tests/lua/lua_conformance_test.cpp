// scripts/amazing.lua on the machine against PC-BASIC running the three listings: every
// maze case as the maze alone and as the whole transcript, plus the dialogue cases with
// bad answers that the 1978 program handles itself (MEANINGLESS DIMENSIONS, ?Redo).
// Runs in process (no binary per case); `amazing gen --engine lua` is the same code path
// (cli/lua_engine.cpp), checked against native by the lua_cli tests.
#include <gtest/gtest.h>

#include "conformance/oracle.hpp"
#include "core/amazing_walk.hpp"
#include "lua/embedded_scripts.hpp"
#include "lua/engine.hpp"
#include "machine/machine.hpp"

namespace amazing::testing {
namespace {

struct Output {
  lua::RunResult result;
  std::string text;
};

Output run_script(const OracleCase& c, bool maze_only) {
  machine::StringSink sink;
  machine::ScriptedInput typed(c.input);
  machine::MachineConfig cfg;
  cfg.batch = true;
  cfg.batch_width = maze_only ? 0 : 80;
  cfg.output = &sink;
  cfg.input = &typed;
  cfg.echo = true;
  machine::Machine m(cfg);
  if (c.seed) m.rnd().randomize(*c.seed);
  Output out;
  {
    lua::Engine engine(m, lua::Limits{});
    lua::ScriptArgs args;
    if (c.width) args.width = c.width, args.length = c.length;
    args.seed = c.seed;
    args.variant = c.listing;
    args.maze_only = maze_only;
    out.result = engine.run(*lua::embedded_script("amazing.lua"), "amazing.lua", args);
  }
  out.text = sink.text();
  return out;
}

void check_listing(const std::string& listing) {
  const auto& all = oracle_cases_or_skip();
  if (all.empty()) return;
  auto cases = oracle_cases(all, listing);
  ASSERT_GE(cases.size(), 200u) << "too few oracle cases for " << listing;
  int passed = 0;
  for (const OracleCase* c : cases) {
    Output maze = run_script(*c, true);
    ASSERT_TRUE(maze.result.ok()) << c->id << ": " << maze.result.message;
    std::string diff = first_difference(c->maze(), maze.text);
    EXPECT_EQ(diff, "") << c->id << " (maze only): " << diff;

    Output transcript = run_script(*c, false);
    ASSERT_TRUE(transcript.result.ok()) << c->id << ": " << transcript.result.message;
    std::string tdiff = first_difference(c->transcript, transcript.text);
    EXPECT_EQ(tdiff, "") << c->id << " (transcript): " << tdiff;
    passed += diff.empty() && tdiff.empty();
  }
  std::printf("lua %s: %d of %zu cases byte-identical in both forms\n", listing.c_str(), passed,
              cases.size());
}

TEST(LuaConformance, Book) {
  check_listing("book");
}
TEST(LuaConformance, Fixed) {
  check_listing("fixed");
}
TEST(LuaConformance, FixedExit) {
  check_listing("fixed-exit");
}

// The listing ended normally: its last line is the floor of the last maze row.
bool printed_a_maze(const std::string& transcript) {
  std::size_t end = transcript.find_last_not_of('\n');
  if (end == std::string::npos) return false;
  std::size_t start = transcript.rfind('\n', end);
  start = start == std::string::npos ? 0 : start + 1;
  return transcript[start] == ':' && transcript[end] == '.';
}

// Dialogues with bad answers (MEANINGLESS DIMENSIONS, ?Redo from start) before a good
// one: the same transcript. Answers the 1978 program breaks on with a BASIC error (0,
// negative, fractional or huge sizes) are not reproduced: the script asks again instead
// (as `amazing` with no arguments does), so those cases are counted, not compared.
TEST(LuaConformance, Dialogues) {
  const auto& all = oracle_cases_or_skip();
  if (all.empty()) return;
  int checked = 0, broke = 0;
  for (const char* listing : {"book", "fixed", "fixed-exit"}) {
    for (const OracleCase* c : oracle_cases(all, listing, "dialogue")) {
      if (!printed_a_maze(c->transcript)) {
        ++broke;
        continue;
      }
      Output out = run_script(*c, false);
      EXPECT_TRUE(out.result.ok()) << c->id << ": " << out.result.message;
      std::string diff = first_difference(c->transcript, out.text);
      EXPECT_EQ(diff, "") << c->id << ": " << diff;
      ++checked;
    }
  }
  std::printf("lua dialogues: %d compared, %d where the listing stops with a BASIC error\n",
              checked, broke);
  EXPECT_GT(checked, 10);
}

}  // namespace
}  // namespace amazing::testing
