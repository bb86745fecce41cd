// Every way out of the sandbox is refused with an error that says so; limits stop
// runaway scripts and leave the host healthy.
#include <gtest/gtest.h>

#include "lua_test_util.hpp"

namespace amazing::lua {
namespace {

using testing::run_lua;

void expect_refused(const std::string& code, const std::string& what) {
  auto run = run_lua(code);
  EXPECT_EQ(run.result.outcome, Outcome::kRuntimeError) << code;
  EXPECT_EQ(run.result.exit_code(), kExitRuntime) << code;
  EXPECT_NE(run.result.message.find(what), std::string::npos) << code << "\n" << run.result.message;
  EXPECT_NE(run.result.message.find("not available in the sandbox"), std::string::npos)
      << run.result.message;
  // file:line of the offending call, and a traceback.
  EXPECT_EQ(run.result.message.rfind("test.lua:1:", 0), 0u) << run.result.message;
  EXPECT_NE(run.result.message.find("stack traceback:"), std::string::npos);
}

TEST(LuaSandbox, IoOpenRefused) {
  expect_refused("io.open('/etc/passwd')", "io.open");
}
TEST(LuaSandbox, IoLinesRefused) {
  expect_refused("for l in io.lines('/etc/passwd') do end", "io.lines");
}
TEST(LuaSandbox, OsExecuteRefused) {
  expect_refused("os.execute('true')", "os.execute");
}
TEST(LuaSandbox, OsRemoveRefused) {
  expect_refused("os.remove('/tmp/x')", "os.remove");
}
TEST(LuaSandbox, OsGetenvRefused) {
  expect_refused("os.getenv('HOME')", "os.getenv");
}
TEST(LuaSandbox, RequireRefused) {
  expect_refused("require('os')", "require");
}
TEST(LuaSandbox, DofileRefused) {
  expect_refused("dofile('/etc/passwd')", "dofile");
}
TEST(LuaSandbox, LoadfileRefused) {
  expect_refused("loadfile('/etc/passwd')", "loadfile");
}
TEST(LuaSandbox, StringDumpRefused) {
  expect_refused("string.dump(function() end)", "string.dump");
}
TEST(LuaSandbox, StringDumpThroughMethodRefused) {
  expect_refused("local s = 'x'; s.dump(print)", "string.dump");
}
TEST(LuaSandbox, DebugRefused) {
  expect_refused("debug.sethook()", "debug.sethook");
}
TEST(LuaSandbox, DebugGetregistryRefused) {
  expect_refused("debug.getregistry()", "debug.getregistry");
}
TEST(LuaSandbox, PackageLoadlibRefused) {
  expect_refused("package.loadlib('x', 'y')", "package.loadlib");
}

TEST(LuaSandbox, LoadOfBytecodeRefused) {
  // A binary chunk (the signature "\27Lua") is refused even when mode "b" is asked for.
  auto run = run_lua(R"(
    local f, err = load("\27Lua\84\0\25\147\r\n\26\n", "x", "b")
    assert(f == nil)
    amazing.print(err)
  )");
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_NE(run.out.find("binary chunks (bytecode) are not allowed"), std::string::npos) << run.out;
}

TEST(LuaSandbox, LoadOfTextStillWorks) {
  auto run = run_lua("local f = load('return 6 * 7'); amazing.print(f())");
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out, " 42 \n");
}

TEST(LuaSandbox, LoadWithEnvWorks) {
  auto run = run_lua("local f = load('return x', 'c', 't', {x = 5}); amazing.print(f())");
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out, " 5 \n");
}

TEST(LuaSandbox, SafeLibrariesAreThere) {
  auto run = run_lua(R"(
    assert(string.format("%d", 3) == "3")
    assert(table.concat({1, 2}, ",") == "1,2")
    assert(math.floor(2.5) == 2)
    assert(utf8.char(65) == "A")
    assert(coroutine.wrap(function() coroutine.yield(1) end)() == 1)
    assert(type(os.clock()) == "number" and type(os.time()) == "number")
    amazing.print("ok")
  )");
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out, "ok\n");
}

TEST(LuaSandbox, SandboxTablesCannotBeUnlocked) {
  auto run = run_lua("setmetatable(io, nil)");
  EXPECT_EQ(run.result.outcome, Outcome::kRuntimeError);
  EXPECT_NE(run.result.message.find("protected metatable"), std::string::npos)
      << run.result.message;
}

TEST(LuaLimits, RunawayLoopIsStopped) {
  Limits limits;
  limits.max_steps = 1'000'000;
  auto run = run_lua("amazing.print('before')\nwhile true do end", limits);
  EXPECT_EQ(run.result.outcome, Outcome::kStepLimit);
  EXPECT_EQ(run.result.exit_code(), kExitRuntime);
  EXPECT_NE(run.result.message.find("test.lua:2:"), std::string::npos) << run.result.message;
  EXPECT_NE(run.result.message.find("--max-steps"), std::string::npos) << run.result.message;
  EXPECT_EQ(run.out, "before\n");
}

TEST(LuaLimits, PcallCannotSwallowTheStepLimit) {
  Limits limits;
  limits.max_steps = 1'000'000;
  auto run = run_lua("while true do pcall(function() while true do end end) end", limits);
  EXPECT_EQ(run.result.outcome, Outcome::kStepLimit) << run.result.message;
}

TEST(LuaLimits, RunawayCoroutineIsStopped) {
  Limits limits;
  limits.max_steps = 1'000'000;
  auto run = run_lua("coroutine.wrap(function() while true do end end)()", limits);
  EXPECT_EQ(run.result.outcome, Outcome::kStepLimit) << run.result.message;
}

TEST(LuaLimits, MemoryBombInACoroutineIsStopped) {
  Limits limits;
  limits.memory = 8 << 20;
  auto run = run_lua(R"(
    coroutine.wrap(function()
      local keep = {}
      while true do pcall(function() keep[#keep + 1] = string.rep("z", 1 << 20) end) end
    end)())",
                     limits);
  EXPECT_EQ(run.result.outcome, Outcome::kMemoryLimit) << run.result.message;
}

TEST(LuaLimits, MemoryBombIsStopped) {
  Limits limits;
  limits.memory = 8 << 20;
  auto run = run_lua("local t = {} local s = 'x' for i = 1, 1e9 do t[i] = s .. i end", limits);
  EXPECT_EQ(run.result.outcome, Outcome::kMemoryLimit) << run.result.message;
  EXPECT_EQ(run.result.exit_code(), kExitRuntime);
  EXPECT_NE(run.result.message.find("--lua-mem"), std::string::npos) << run.result.message;
  EXPECT_NE(run.result.message.find("8M"), std::string::npos) << run.result.message;
}

TEST(LuaLimits, StringRepBombIsStopped) {
  Limits limits;
  limits.memory = 8 << 20;
  auto run = run_lua("local s = string.rep('x', 1 << 30)", limits);
  EXPECT_EQ(run.result.outcome, Outcome::kMemoryLimit) << run.result.message;
}

TEST(LuaLimits, PcallCannotSwallowTheMemoryLimit) {
  Limits limits;
  limits.memory = 8 << 20;
  auto run = run_lua(R"(
    local keep = {}
    while true do
      pcall(function() keep[#keep + 1] = string.rep("y", 1 << 20) end)
    end)",
                     limits);
  EXPECT_EQ(run.result.outcome, Outcome::kMemoryLimit) << run.result.message;
}

TEST(LuaLimits, HostIsHealthyAfterALimit) {
  Limits limits;
  limits.max_steps = 100'000;
  EXPECT_EQ(run_lua("while true do end", limits).result.outcome, Outcome::kStepLimit);
  // A fresh engine on a fresh machine runs normally afterwards.
  auto run = run_lua("amazing.print('still here')");
  EXPECT_TRUE(run.result.ok());
  EXPECT_EQ(run.out, "still here\n");
}

TEST(LuaErrors, SyntaxErrorIs65) {
  auto run = run_lua("x = = 1");
  EXPECT_EQ(run.result.outcome, Outcome::kSyntaxError);
  EXPECT_EQ(run.result.exit_code(), kExitSyntax);
  EXPECT_EQ(run.result.message.rfind("test.lua:1:", 0), 0u) << run.result.message;
}

TEST(LuaErrors, RuntimeErrorIs70WithTraceback) {
  auto run = run_lua("amazing.print('half')\nlocal function f() error('boom') end\nf()");
  EXPECT_EQ(run.result.outcome, Outcome::kRuntimeError);
  EXPECT_EQ(run.result.exit_code(), kExitRuntime);
  EXPECT_EQ(run.result.message.rfind("test.lua:2: boom", 0), 0u) << run.result.message;
  EXPECT_NE(run.result.message.find("stack traceback:"), std::string::npos);
  EXPECT_NE(run.result.message.find("test.lua:3:"), std::string::npos) << run.result.message;
  EXPECT_EQ(run.out, "half\n");  // output before the error is kept
}

TEST(LuaErrors, BadArgumentNamesTheFunction) {
  auto run = run_lua("amazing.tab('x')");
  EXPECT_EQ(run.result.outcome, Outcome::kRuntimeError);
  EXPECT_NE(run.result.message.find("bad argument #1 to 'tab'"), std::string::npos)
      << run.result.message;
}

TEST(LuaErrors, ShebangLineIsSkipped) {
  auto run = run_lua("#!/usr/bin/env amazing run\namazing.print('hi')\nerror('x')");
  EXPECT_EQ(run.out, "hi\n");
  EXPECT_EQ(run.result.message.rfind("test.lua:3:", 0), 0u) << run.result.message;
}

TEST(LuaErrors, ErrorWithANonStringValue) {
  auto run = run_lua("error({})");
  EXPECT_EQ(run.result.outcome, Outcome::kRuntimeError);
  EXPECT_NE(run.result.message.find("error object is a table value"), std::string::npos)
      << run.result.message;
}

}  // namespace
}  // namespace amazing::lua
