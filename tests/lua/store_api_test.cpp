// amazing.save / amazing.load (lua/store_api.cpp) on an in-memory store: every kind comes
// back, what cannot be kept is refused with a clear error, the 64 KB limit keeps the old
// data, a damaged store is read as empty with a warning, a key is only data.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/save_data.hpp"
#include "lua/engine.hpp"
#include "machine/machine.hpp"

namespace {

using amazing::core::Error;
using amazing::core::Ok;
using amazing::core::Result;
using amazing::core::Status;
using amazing::lua::Engine;
using amazing::lua::Limits;
using amazing::lua::Outcome;
using amazing::lua::RunResult;
using amazing::lua::SaveStore;
using amazing::lua::ScriptArgs;

class MemoryStore : public SaveStore {
 public:
  Result<std::string> read() override {
    ++reads;
    if (unreadable) return Error{"cannot read it"};
    return text;
  }
  Status write(std::string_view t) override {
    if (full) return Error{"the disk is full"};
    text = std::string(t);
    ++writes;
    return Ok{};
  }
  void warn(std::string_view why) override { warnings.emplace_back(why); }
  std::string text;
  std::vector<std::string> warnings;
  int reads = 0, writes = 0;
  bool unreadable = false, full = false;
};

struct ScriptRun {
  RunResult result;
  std::string out;
};

ScriptRun run_with(MemoryStore* store, const std::string& source) {
  amazing::machine::StringSink sink;
  amazing::machine::MachineConfig cfg;
  cfg.batch = true;
  cfg.output = &sink;
  amazing::machine::Machine m(cfg);
  ScriptRun run;
  {
    Engine engine(m, Limits{});
    engine.use_store(store);
    run.result = engine.run(source, "game.lua", ScriptArgs{});
  }
  run.out = sink.text();
  return run;
}

TEST(StoreApi, EveryKindComesBackInTheNextRun) {
  MemoryStore store;
  ScriptRun saved = run_with(&store, R"(
    amazing.save("s", "caf\u{e9}\n\t100%")
    amazing.save("i", -42)
    amazing.save("f", 0.1)
    amazing.save("t", true)
    amazing.save("b", false)
    amazing.save("list", {3, 1, 2, "x", true, 2.5})
    amazing.save("map", {name = "ann", moves = 31, [7] = false})
    amazing.save("empty", {})
  )");
  ASSERT_TRUE(saved.result.ok()) << saved.result.message;
  ScriptRun loaded = run_with(&store, R"(
    local s = amazing.load("s")
    assert(s == "caf\u{e9}\n\t100%", s)
    assert(math.type(amazing.load("i")) == "integer" and amazing.load("i") == -42)
    assert(math.type(amazing.load("f")) == "float" and amazing.load("f") == 0.1)
    assert(amazing.load("t") == true and amazing.load("b") == false)
    local l = amazing.load("list")
    assert(#l == 6 and l[1] == 3 and l[2] == 1 and l[3] == 2 and l[4] == "x" and l[5] == true
           and l[6] == 2.5)
    local m = amazing.load("map")
    assert(m.name == "ann" and m.moves == 31 and m[7] == false)
    assert(next(amazing.load("empty")) == nil)
    assert(amazing.load("missing") == nil)
    -- a table is a copy: changing it changes nothing kept
    m.name = "bob"
    assert(amazing.load("map").name == "ann")
    print("ok")
  )");
  ASSERT_TRUE(loaded.result.ok()) << loaded.result.message;
  EXPECT_EQ(loaded.out, "ok\n");
  EXPECT_TRUE(store.warnings.empty());
}

TEST(StoreApi, NilRemovesAKey) {
  MemoryStore store;
  ScriptRun run = run_with(&store, R"(
    amazing.save("a", 1)
    amazing.save("a", nil)
    assert(amazing.load("a") == nil)
  )");
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(store.text, "amazing save 1\n");
}

TEST(StoreApi, WhatCannotBeKeptIsRefused) {
  struct Case {
    const char* code;
    const char* says;
  };
  const Case cases[] = {
      {"amazing.save('k', {{1}})", "nested tables"},
      {"amazing.save('k', {a = {}})", "nested tables"},
      {"amazing.save('k', print)", "function"},
      {"amazing.save('k', {f = print})", "function"},
      {"amazing.save('k', amazing.maze(2, 2))", "userdata"},
      {"amazing.save('k', coroutine.create(print))", "thread"},
      {"amazing.save('k', {[true] = 1})", "keys"},
      {"amazing.save('k', {[1.5] = 1})", "keys"},
      {"amazing.save('', 1)", "1 to 64 printable"},
      {"amazing.save(string.rep('k', 65), 1)", "1 to 64 printable"},
      {"amazing.save('a\\nb', 1)", "1 to 64 printable"},
      {"amazing.save(12, 1)", "string expected"},
      {"amazing.save('k')", "value expected"},
      {"amazing.load('a\\0b')", "1 to 64 printable"},
      {"amazing.load()", "string expected"},
  };
  for (const Case& c : cases) {
    MemoryStore store;
    ScriptRun run = run_with(&store, c.code);
    EXPECT_EQ(run.result.outcome, Outcome::kRuntimeError) << c.code;
    EXPECT_NE(run.result.message.find(c.says), std::string::npos)
        << c.code << " -> " << run.result.message;
    EXPECT_NE(run.result.message.find("game.lua:1:"), std::string::npos) << run.result.message;
    EXPECT_EQ(store.writes, 0) << c.code;
  }
}

TEST(StoreApi, SixtyFourKilobytesAtMostAndTheOldDataKept) {
  MemoryStore store;
  ScriptRun run = run_with(&store, R"(
    amazing.save("a", string.rep("x", 40000))
    local ok, err = pcall(amazing.save, "b", string.rep("y", 30000))
    assert(not ok)
    print(err)
    assert(amazing.load("b") == nil and #amazing.load("a") == 40000)
    local big = {}
    for i = 1, 100000 do big[i] = i end
    ok, err = pcall(amazing.save, "c", big)
    assert(not ok)
    print(err)
    ok, err = pcall(amazing.save, "d", string.rep("z", 1 << 24))
    assert(not ok and err:find("64 KB"), err)
  )");
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_NE(run.out.find("64 KB"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("the old data is kept"), std::string::npos) << run.out;
  EXPECT_EQ(store.writes, 1);
  EXPECT_NE(store.text.find(std::string(40000, 'x')), std::string::npos);
  EXPECT_EQ(store.text.find('y'), std::string::npos);
}

TEST(StoreApi, ADamagedStoreIsReadAsEmptyWithAWarning) {
  const std::string damaged[] = {
      "return os.execute('rm -rf /')\n",
      "amazing save 1\nk\ti:1\nk\ti:2\n",
      "amazing save 1\nk\ts:%zz\n",
      std::string(200000, '\n'),
      std::string("amazing save 1\n\xff\xfe\x00\x01", 19),
  };
  for (const std::string& text : damaged) {
    MemoryStore store;
    store.text = text;
    ScriptRun run = run_with(&store, R"(
      assert(amazing.load("k") == nil)
      amazing.save("k", 5)
      assert(amazing.load("k") == 5)
    )");
    ASSERT_TRUE(run.result.ok()) << run.result.message;
    ASSERT_EQ(store.warnings.size(), 1u);
    EXPECT_EQ(store.text, "amazing save 1\nk\ti:5\n");
    EXPECT_EQ(store.reads, 1);
  }
  MemoryStore unreadable;
  unreadable.unreadable = true;
  ScriptRun run = run_with(&unreadable, "assert(amazing.load('k') == nil)");
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  ASSERT_EQ(unreadable.warnings.size(), 1u);
  EXPECT_NE(unreadable.warnings[0].find("cannot read it"), std::string::npos);
}

TEST(StoreApi, AFailedWriteIsAnErrorAndKeepsTheOldData) {
  MemoryStore store;
  store.full = true;
  ScriptRun run = run_with(&store, R"(
    local ok, err = pcall(amazing.save, "k", 1)
    print(err)
    assert(amazing.load("k") == nil)
  )");
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_NE(run.out.find("the disk is full"), std::string::npos) << run.out;
}

TEST(StoreApi, AKeyIsDataNeverAPath) {
  MemoryStore store;
  ScriptRun run = run_with(&store, R"(
    amazing.save("../x", 1)
    amazing.save("/etc/passwd", "p")
    assert(amazing.load("../x") == 1 and amazing.load("/etc/passwd") == "p")
  )");
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(store.text, "amazing save 1\n../x\ti:1\n/etc/passwd\ts:p\n");
}

TEST(StoreApi, TwoStoresAreSeparate) {
  MemoryStore one, two;
  ASSERT_TRUE(run_with(&one, "amazing.save('best', 1)").result.ok());
  ASSERT_TRUE(run_with(&two, "amazing.save('best', 2)").result.ok());
  ScriptRun a = run_with(&one, "print(amazing.load('best'))");
  ScriptRun b = run_with(&two, "print(amazing.load('best'))");
  EXPECT_EQ(a.out, "1\n");
  EXPECT_EQ(b.out, "2\n");
}

TEST(StoreApi, WithoutAStoreSaveAndLoadSaySo) {
  ScriptRun run = run_with(nullptr, "amazing.save('k', 1)");
  EXPECT_EQ(run.result.outcome, Outcome::kRuntimeError);
  EXPECT_NE(run.result.message.find("keeps no saves"), std::string::npos) << run.result.message;
  run = run_with(nullptr, "amazing.load('k')");
  EXPECT_NE(run.result.message.find("keeps no saves"), std::string::npos) << run.result.message;
}

}  // namespace
