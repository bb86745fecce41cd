// scripts/amazing.lua on the machine against PC-BASIC running the three listings: every
// maze case as the maze alone and as the whole transcript, plus every dialogue case, bad
// answers included.
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
  ASSERT_GE(cases.size(), 200u / oracle_every()) << "too few oracle cases for " << listing;
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

// Every dialogue case, bad answers included: MEANINGLESS DIMENSIONS and ?Redo from start
// before a good answer, and the answers the 1978 program stops on with a BASIC error
// (Subscript out of range in 195 for 0,5 or ,12; in 400 or 700 for fractions; Overflow
// and Illegal function call in 110) or that end the input: the same transcript.
TEST(LuaConformance, Dialogues) {
  const auto& all = oracle_cases_or_skip();
  if (all.empty()) return;
  int checked = 0;
  for (const char* listing : {"book", "fixed", "fixed-exit"}) {
    for (const OracleCase* c : oracle_cases(all, listing, "dialogue")) {
      Output out = run_script(*c, false);
      // Input that ends at the question: the same output, and a silent stop (no error).
      EXPECT_EQ(out.result.message.find("the input ended"), std::string::npos)
          << c->id << ": " << out.result.message;
      std::string diff = first_difference(c->transcript, out.text);
      EXPECT_EQ(diff, "") << c->id << ": " << diff;
      ++checked;
    }
  }
  std::printf("lua dialogues: %d compared\n", checked);
  EXPECT_GE(checked, 72);  // 24 dialogues x 3 listings
}

// The edges of GW-BASIC's memory (oracle.py MEMORY_CASES): the transcript stops where
// PC-BASIC's does, Out of memory in 110, 160, 165, 195 or 200.
TEST(LuaConformance, MemoryEdges) {
  const auto& all = oracle_cases_or_skip();
  if (all.empty()) return;
  int checked = 0;
  for (const char* listing : {"book", "fixed", "fixed-exit"}) {
    for (const OracleCase* c : oracle_cases(all, listing, "memory")) {
      Output out = run_script(*c, false);
      EXPECT_TRUE(out.result.ok()) << c->id << ": " << out.result.message;
      std::string diff = first_difference(c->transcript, out.text);
      EXPECT_EQ(diff, "") << c->id << ": " << diff;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 12);  // oracle.py's MEMORY_CASES
}

}  // namespace
}  // namespace amazing::testing
