// amazing.refuse, amazing.log, Lua's arg table, and require over several lib/ folders
// (the script's own lib/ before --scripts DIR/lib before the built-in modules).
#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "lua/engine.hpp"
#include "lua_test_util.hpp"
#include "machine/log.hpp"
#include "machine/machine.hpp"

namespace amazing::lua {
namespace {

using testing::run_lua;

struct Ran {
  std::vector<RunResult> results;
  std::string out;
};

// Runs `source` once for each entry of `args_each`, on one engine, as "my.lua".
Ran run_with_args(const std::string& source, const std::vector<std::vector<std::string>>& args_each,
                  Limits limits = {}) {
  machine::StringSink sink;
  machine::ScriptedInput in({});
  machine::MachineConfig cfg;
  cfg.batch = true;
  cfg.output = &sink;
  cfg.input = &in;
  machine::Machine m(cfg);
  Ran ran;
  {
    Engine engine(m, limits);
    for (const auto& a : args_each) {
      ScriptArgs args;
      args.arg = a;
      ran.results.push_back(engine.run(source, "my.lua", args));
    }
  }
  ran.out = sink.text();
  return ran;
}

TEST(LuaScriptApi, RefuseEndsTheRunWithItsMessageAloneAndExit2) {
  auto r = run_lua("amazing.print('before')\n"
                   "local ok = pcall(amazing.refuse, 'size must be even\\27[2J')\n"
                   "amazing.print('after', ok)\n");
  EXPECT_EQ(r.result.outcome, Outcome::kRefused);
  EXPECT_EQ(r.result.message, "size must be even\\x1b[2J");
  EXPECT_EQ(r.out, "before\n");
}

TEST(LuaScriptApi, RefuseIsNotCaughtInACoroutineOrAnXpcallHandler) {
  for (const char* src :
       {"pcall(coroutine.wrap(function() amazing.refuse('no') end)) amazing.print('on')",
        "xpcall(error, function() amazing.refuse('no') end) amazing.print('on')",
        "local co = coroutine.create(function() amazing.refuse('no') end)\n"
        "coroutine.resume(co) amazing.print('on')"}) {
    auto r = run_lua(src);
    EXPECT_EQ(r.result.outcome, Outcome::kRefused) << src << ": " << r.result.message;
    EXPECT_EQ(r.result.message, "no") << src;
    EXPECT_EQ(r.out, "") << src;
  }
}

TEST(LuaScriptApi, RefusalIsOneBoundedLine) {
  auto r = run_lua("amazing.refuse('one\\ntwo ' .. string.rep('\\u{e9}', 1000))");
  ASSERT_EQ(r.result.outcome, Outcome::kRefused);
  EXPECT_EQ(r.result.message.find('\n'), std::string::npos);
  EXPECT_EQ(r.result.message.rfind("one\\ntwo ", 0), 0u) << r.result.message;
  EXPECT_LE(r.result.message.size(), 310u);
  EXPECT_TRUE(r.result.message.ends_with("\u00e9...")) << r.result.message;  // cut at a character
}

TEST(LuaScriptApi, RefuseWantsAMessage) {
  for (const char* src : {"amazing.refuse()", "amazing.refuse('')", "amazing.refuse({})"}) {
    auto r = run_lua(src);
    EXPECT_EQ(r.result.outcome, Outcome::kRuntimeError) << src;
    EXPECT_NE(r.result.message.find("refuse"), std::string::npos) << r.result.message;
  }
}

TEST(LuaScriptApi, AnEngineThatRefusedRunsNoMore) {
  auto ran = run_with_args("amazing.refuse('stop')", {{}, {}});
  EXPECT_EQ(ran.results[0].outcome, Outcome::kRefused);
  EXPECT_EQ(ran.results[1].outcome, Outcome::kRuntimeError);
  EXPECT_NE(ran.results[1].message.find("new engine"), std::string::npos);
}

TEST(LuaScriptApi, LogWritesOneEscapedLineToStandardError) {
  ::testing::internal::CaptureStderr();
  auto r = run_lua("amazing.log('size', 10, 'x', 1.5, true, nil, '\\27]0;t\\7')\n"
                   "amazing.log()\n"
                   "amazing.log('two\\nlines')\n");
  std::string err = ::testing::internal::GetCapturedStderr();
  ASSERT_TRUE(r.result.ok()) << r.result.message;
  EXPECT_EQ(err, "size 10 x 1.5 true nil \\x1b]0;t\\x07\n\ntwo\\nlines\n");
  EXPECT_EQ(r.out, "");  // the machine's output is the program's, not the log's
}

TEST(LuaScriptApi, LogLinesAreBounded) {
  ::testing::internal::CaptureStderr();
  auto r = run_lua("amazing.log(string.rep('y', 100000), string.rep('z', 100000))\n"
                   "local many = {} for i = 1, 5000 do many[i] = 'w' end\n"
                   "amazing.log(table.unpack(many))\n");
  std::string err = ::testing::internal::GetCapturedStderr();
  ASSERT_TRUE(r.result.ok()) << r.result.message;
  auto nl = err.find('\n');
  ASSERT_NE(nl, std::string::npos);
  EXPECT_EQ(err.substr(0, nl), std::string(1000, 'y') + "...");
  std::string second = err.substr(nl + 1);
  EXPECT_LE(second.size(), 1005u);
  EXPECT_TRUE(second.ends_with("...\n")) << second;
}

TEST(LuaScriptApi, LogHoldWritesThroughWhenStandardErrorIsNoTerminal) {
  ::testing::internal::CaptureStderr();
  {
    machine::LogHold hold;
    machine::log_line("while held");
  }
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "while held\n");
}

TEST(LuaScriptApi, ArgIsLuasStandardTableAndTheChunksVarargs) {
  auto ran = run_with_args(
      "local n = select('#', ...)\n"
      "amazing.print(table.concat({arg[0], tostring(arg[1]), tostring(arg[2]), #arg, n, "
      "tostring((...))}, ','))\n",
      {{"A", "B"}, {}, {"--seed", ""}});
  ASSERT_EQ(ran.results.size(), 3u);
  for (const auto& r : ran.results) EXPECT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(ran.out, "my.lua,A,B,2,2,A\nmy.lua,nil,nil,0,0,nil\nmy.lua,--seed,,2,2,--seed\n");
}

// Two lib/ folders: the first that has the module wins; a missing one names them all.
class LuaRequireFolders : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/amazing_libs_XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
    std::filesystem::create_directories(dir_ / "own" / "lib");
    std::filesystem::create_directories(dir_ / "dir" / "lib");
    write("own/lib/both.lua", "return 'own'");
    write("dir/lib/both.lua", "return 'dir'");
    write("dir/lib/only_dir.lua", "return 'only dir'");
    write("own/lib/generator.lua", "return 'own generator'");
    limits_.lib_dirs = {(dir_ / "own" / "lib").string(), (dir_ / "dir" / "lib").string()};
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  void write(const std::string& rel, const std::string& text) {
    std::ofstream(dir_ / rel, std::ios::binary) << text;
  }
  std::filesystem::path dir_;
  Limits limits_;
};

TEST_F(LuaRequireFolders, TheFirstFolderThatHasTheModuleWins) {
  auto r = run_lua("amazing.print(require('both') .. '|' .. require('only_dir') .. '|' .. "
                   "require('generator'))",
                   limits_);
  ASSERT_TRUE(r.result.ok()) << r.result.message;
  EXPECT_EQ(r.out, "own|only dir|own generator\n");
}

TEST_F(LuaRequireFolders, AMissingModuleNamesEveryFolder) {
  auto r = run_lua("require('nowhere')", limits_);
  ASSERT_EQ(r.result.outcome, Outcome::kRuntimeError);
  const std::string& m = r.result.message;
  auto own = m.find(limits_.lib_dirs[0] + "/nowhere.lua");
  auto dir = m.find(limits_.lib_dirs[1] + "/nowhere.lua");
  auto built_in = m.find("no built-in lib/nowhere.lua");
  EXPECT_NE(own, std::string::npos) << m;
  EXPECT_NE(dir, std::string::npos) << m;
  EXPECT_NE(built_in, std::string::npos) << m;
  EXPECT_LT(own, dir);
}

TEST_F(LuaRequireFolders, ALinkInTheFirstFolderIsRefusedNotSkipped) {
  write("secret.txt", "return 'SECRET'");
  std::filesystem::remove(dir_ / "own" / "lib" / "both.lua");
  std::filesystem::create_symlink(dir_ / "secret.txt", dir_ / "own" / "lib" / "both.lua");
  auto r = run_lua("amazing.print(require('both'))", limits_);
  ASSERT_EQ(r.result.outcome, Outcome::kRuntimeError);
  EXPECT_NE(r.result.message.find(limits_.lib_dirs[0] + "/both.lua is a symbolic link"),
            std::string::npos)
      << r.result.message;
  EXPECT_EQ(r.out.find("SECRET"), std::string::npos);
}

}  // namespace
}  // namespace amazing::lua
