// The Lua prompt's side of the engine (Engine::run_typed, set_interrupt): chunks compiled
// as lua5.4's prompt compiles them, their values, unfinished chunks, and Ctrl-C, which
// stops a chunk without ending the engine.
#include <gtest/gtest.h>

#include <csignal>

#include "lua/engine.hpp"
#include "machine/machine.hpp"

namespace amazing::lua {
namespace {

struct Prompt {
  machine::StringSink sink;
  machine::ScriptedInput in{{}};
  machine::Machine m{[this] {
    machine::MachineConfig cfg;
    cfg.batch = true;
    cfg.output = &sink;
    cfg.input = &in;
    return cfg;
  }()};
  Engine engine;
  explicit Prompt(Limits limits = {}) : engine(m, limits) {}
  TypedResult type(const std::string& chunk) { return engine.run_typed(chunk, ScriptArgs{}); }
};

TEST(LuaTyped, AnExpressionGivesItsValuesTabSeparated) {
  Prompt p;
  TypedResult r = p.type("1, 'a', nil, 1/2, 2^53");
  ASSERT_TRUE(r.run.ok()) << r.run.message;
  EXPECT_FALSE(r.incomplete);
  EXPECT_EQ(r.values, "1\ta\tnil\t0.5\t9.007199254741e+15");
}

TEST(LuaTyped, AStatementGivesNoValuesAndGlobalsStay) {
  Prompt p;
  TypedResult r = p.type("x = 6*7");
  ASSERT_TRUE(r.run.ok()) << r.run.message;
  EXPECT_EQ(r.values, std::nullopt);
  EXPECT_EQ(p.type("x").values, "42");
  EXPECT_EQ(p.type("local y = 1").values, std::nullopt);
  EXPECT_EQ(p.type("y").values, "nil");  // a local lasts its chunk, as in lua5.4
}

TEST(LuaTyped, AChunkThatEndsTooSoonIsIncompleteAndNothingRuns) {
  Prompt p;
  TypedResult r = p.type("for i=1,3 do");
  EXPECT_TRUE(r.incomplete);
  EXPECT_TRUE(r.run.ok());
  EXPECT_TRUE(p.type("x =").incomplete);
  EXPECT_TRUE(p.type("s = [[abc").incomplete);  // a long string goes on, as in lua5.4
  ASSERT_TRUE(p.type("s = [[abc\ndef]]").run.ok());
  EXPECT_EQ(p.type("s").values, "abc\ndef");
  r = p.type("for i=1,3 do\namazing.print(i)\nend");
  ASSERT_TRUE(r.run.ok()) << r.run.message;
  EXPECT_EQ(p.sink.text(), " 1 \n 2 \n 3 \n");
}

TEST(LuaTyped, ErrorsNameStdinAndTheEngineGoesOn) {
  Prompt p;
  TypedResult r = p.type("error('boom')");
  EXPECT_EQ(r.run.outcome, Outcome::kRuntimeError);
  EXPECT_EQ(r.run.message.rfind("stdin:1: boom", 0), 0u) << r.run.message;
  r = p.type("x = = 1");
  EXPECT_EQ(r.run.outcome, Outcome::kSyntaxError);
  EXPECT_EQ(p.type("1+1").values, "2");
}

TEST(LuaTyped, ALineStartingWithHashIsNotSkipped) {
  Prompt p;
  EXPECT_EQ(p.type("#'abc'").values, "3");
}

TEST(LuaTyped, CtrlCStopsTheChunkUncaughtAndTheEngineRunsAgain) {
  Prompt p;
  volatile std::sig_atomic_t flag = 0;
  p.engine.set_interrupt(&flag);
  ASSERT_TRUE(p.type("x = 1").run.ok());
  flag = 1;
  TypedResult r = p.type("ok = pcall(function() while true do end end); caught = true");
  EXPECT_EQ(r.run.outcome, Outcome::kInterrupted);
  EXPECT_NE(r.run.message.find("interrupted (Ctrl-C)"), std::string::npos) << r.run.message;
  EXPECT_FALSE(p.engine.stopped_at_limit());
  flag = 0;
  EXPECT_EQ(p.type("caught").values, "nil");  // no pcall caught it
  EXPECT_EQ(p.type("x").values, "1");         // the globals stay
  // The next chunk is counted at the normal hook period again, not at every instruction.
  r = p.type("for i = 1, 100000 do end");
  ASSERT_TRUE(r.run.ok()) << r.run.message;
  EXPECT_LT(p.engine.steps(), 2'000'000u);
}

TEST(LuaTyped, ALimitEndsTheEngine) {
  Limits limits;
  limits.max_steps = 100000;
  Prompt p(limits);
  TypedResult r = p.type("while true do end");
  EXPECT_EQ(r.run.outcome, Outcome::kStepLimit);
  EXPECT_TRUE(p.engine.stopped_at_limit());
}

}  // namespace
}  // namespace amazing::lua
