// Every way out of the sandbox is refused with an error that says so; limits stop
// runaway scripts and leave the host healthy.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "lua/embedded_scripts.hpp"
#include "lua_test_util.hpp"

namespace amazing::lua {
namespace {

using testing::run_lua;

void expect_refused(const std::string& code, const std::string& what) {
  auto run = run_lua(code);
  EXPECT_EQ(run.result.outcome, Outcome::kRuntimeError) << code;
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
  EXPECT_EQ(run.result.message.rfind("test.lua:1:", 0), 0u) << run.result.message;
}

TEST(LuaErrors, RuntimeErrorHasATraceback) {
  auto run = run_lua("amazing.print('half')\nlocal function f() error('boom') end\nf()");
  EXPECT_EQ(run.result.outcome, Outcome::kRuntimeError);
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
  EXPECT_NE(run.result.message.find("without a message (error(...) was given a table)"),
            std::string::npos)
      << run.result.message;
  // A __tostring of the script's is not run by the handler (a loop there would run where
  // the step limit is weakest); the value is named by its type.
  auto looping = run_lua(
      "error(setmetatable({}, {__tostring = function() while true do end end}))");
  EXPECT_EQ(looping.result.outcome, Outcome::kRuntimeError);
  EXPECT_NE(looping.result.message.find("was given a table"), std::string::npos)
      << looping.result.message;
}

// ---- require: modules from scripts/lib only ------------------------------------------

// A folder DIR with DIR/lib for Limits::lib_dirs, and a file outside lib that no module
// name may reach; removed at the end.
class LuaRequire : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/amazing_require_XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
    std::filesystem::create_directories(dir_ / "lib" / "sub");
    write("secret.lua", "amazing.print('SECRET READ') return {}");
    limits_.lib_dirs = {(dir_ / "lib").string()};
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  void write(const std::string& rel, const std::string& text) {
    std::ofstream(dir_ / rel, std::ios::binary) << text;
  }
  std::filesystem::path dir_;
  Limits limits_;
};

// say(...): the values as tostring gives them, one space apart, on a line.
constexpr const char* kSay =
    "local function say(...) local t = {} for i = 1, select('#', ...) do "
    "t[i] = tostring((select(i, ...))) end amazing.print(table.concat(t, ' ')) end ";

TEST_F(LuaRequire, BuiltInGeneratorModuleLoads) {
  auto run = run_lua(std::string(kSay) +
                     "local g = require('generator')\n"
                     "say(type(g.new), type(g.pick), g.UP, g.RIGHT, g.DOWN, g.LEFT)");
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out, "function function 0 1 2 3\n");
  EXPECT_TRUE(embedded_script("lib/generator.lua").has_value());
}

TEST_F(LuaRequire, EmbeddedGeneratorScriptRunsWithTheSharedModule) {
  auto source = embedded_script("backtracker.lua");
  ASSERT_TRUE(source.has_value());
  EXPECT_NE(source->find("require(\"generator\")"), std::string_view::npos);
  machine::StringSink sink;
  machine::MachineConfig cfg;
  cfg.batch = true;
  cfg.batch_width = 0;
  cfg.output = &sink;
  machine::Machine m(cfg);
  m.rnd().randomize(3);
  std::optional<core::Maze> maze;
  {
    Engine engine(m, Limits{});
    ScriptArgs args;
    args.width = 5;
    args.length = 4;
    args.maze_only = true;
    RunResult r = engine.run(*source, "backtracker.lua", args);
    ASSERT_TRUE(r.ok()) << r.message;
    maze = engine.take_maze();
    ASSERT_TRUE(maze.has_value());
    EXPECT_EQ(maze->width(), 5);
    maze.reset();
  }
  EXPECT_EQ(std::count(sink.text().begin(), sink.text().end(), '\n'), 9);
}

TEST_F(LuaRequire, ModuleRunsOnceAndIsCached) {
  write("lib/counter.lua", "runs = (runs or 0) + 1\nreturn {id = {}}");
  write("lib/nothing.lua", "runs2 = (runs2 or 0) + 1");
  auto run = run_lua(std::string(kSay) +
                         "local a = require('counter') local b = require('counter')\n"
                         "local c = require('nothing') local d = require('nothing')\n"
                         "say(runs, a == b, runs2, c, d)",
                     limits_);
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out, "1 true 1 true true\n");
}

TEST_F(LuaRequire, DiskLibComesFirstThenTheBuiltIns) {
  write("lib/generator.lua", "return 'mine'");
  write("lib/sub/deep.lua", "return 'deep ' .. ...");
  auto run = run_lua(std::string(kSay) + "say(require('generator'), require('sub.deep'))", limits_);
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out, "mine deep sub.deep\n");
  // Without the folder the built-in one is there.
  run = run_lua("amazing.print(type(require('generator')))", Limits{});
  EXPECT_EQ(run.out, "table\n");
}

void expect_require_error(const std::string& code, const Limits& limits,
                          const std::vector<std::string>& parts) {
  auto run = run_lua(code, limits);
  EXPECT_EQ(run.result.outcome, Outcome::kRuntimeError) << code;
  EXPECT_EQ(run.result.message.rfind("test.lua:1: require: ", 0), 0u) << code << "\n"
                                                                      << run.result.message;
  for (const auto& part : parts)
    EXPECT_NE(run.result.message.find(part), std::string::npos)
        << code << ": no '" << part << "' in\n"
        << run.result.message;
  EXPECT_EQ(run.out.find("SECRET"), std::string::npos) << code;
}

TEST_F(LuaRequire, NamesThatCouldLeaveLibAreRefused) {
  std::string secret = (dir_ / "secret").string();
  for (const std::string& name : std::vector<std::string>{
           "../secret", "/etc/passwd", "..secret", ".secret", "secret.", "a..b", "sub/deep", "",
           "a b", "x\\nline", "..lib.secret", std::string(101, 'a'), secret}) {
    SCOPED_TRACE(name);
    expect_require_error("require('" + name + "')", limits_, {"is not a module name"});
  }
  expect_require_error("require(string.char(0))", limits_, {"'\\x00' is not a module name"});
}

TEST_F(LuaRequire, StandardAndMissingModulesAreCleanErrors) {
  for (const std::string& name :
       std::vector<std::string>{"os", "io", "debug", "package", "secret", "nope.deeper"}) {
    SCOPED_TRACE(name);
    expect_require_error("require('" + name + "')", Limits{},
                         {"no module '" + name + "'", "built-in lib/"});
  }
  // With --scripts DIR the message names both places it looked.
  expect_require_error("require('nope')", limits_,
                       {"no module 'nope'", limits_.lib_dirs[0] + "/nope.lua", "lib/nope.lua"});
  // The library tables are globals, not modules; require did not bring them back.
  auto run = run_lua("pcall(require, 'io') io.open('/etc/passwd')");
  EXPECT_NE(run.result.message.find("not available in the sandbox"), std::string::npos);
}

TEST_F(LuaRequire, ModuleThatLoopsIsStoppedByTheStepLimit) {
  write("lib/loop.lua", "while true do end");
  Limits limits = limits_;
  limits.max_steps = 1'000'000;
  auto run = run_lua("amazing.print('before')\nrequire('loop')", limits);
  EXPECT_EQ(run.result.outcome, Outcome::kStepLimit) << run.result.message;
  EXPECT_NE(run.result.message.find("loop.lua:1:"), std::string::npos) << run.result.message;
  EXPECT_EQ(run.out, "before\n");
  // A pcall around require does not swallow it.
  run = run_lua("pcall(require, 'loop') amazing.print('after')", limits);
  EXPECT_EQ(run.result.outcome, Outcome::kStepLimit) << run.result.message;
  EXPECT_EQ(run.out, "");
}

TEST_F(LuaRequire, ModuleMemoryIsCapped) {
  write("lib/hog.lua", "local t = {} for i = 1, 1e8 do t[i] = i end");
  Limits limits = limits_;
  limits.memory = std::size_t{4} << 20;
  auto run = run_lua("require('hog')", limits);
  EXPECT_EQ(run.result.outcome, Outcome::kMemoryLimit) << run.result.message;
}

TEST_F(LuaRequire, CyclesAreRefused) {
  write("lib/a.lua", "return require('b')");
  write("lib/b.lua", "return require('a')");
  auto run = run_lua("require('a')", limits_);
  EXPECT_EQ(run.result.outcome, Outcome::kRuntimeError);
  EXPECT_NE(run.result.message.find("b.lua:1: require: module 'a' is already being loaded"),
            std::string::npos)
      << run.result.message;
}

TEST_F(LuaRequire, AFailedModuleReportsItsErrorEveryTime) {
  write("lib/bad.lua", "\n\nerror('bad module')");
  auto run = run_lua(std::string(kSay) +
                         "local ok1, e1 = pcall(require, 'bad') local ok2, e2 = pcall(require, "
                         "'bad')\nsay(ok1, e1) say(ok2, e2)",
                     limits_);
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  std::string line = "false " + limits_.lib_dirs[0] + "/bad.lua:3: bad module\n";
  EXPECT_EQ(run.out, line + line);
}

TEST_F(LuaRequire, ModulesAreTextOnly) {
  write("lib/bin.lua", std::string("\x1bLua\x54") + std::string(40, '\0'));
  expect_require_error("require('bin')", limits_, {"bytecode"});
  write("lib/syntax.lua", "return +");
  auto run = run_lua("require('syntax')", limits_);
  EXPECT_EQ(run.result.outcome, Outcome::kRuntimeError);
  EXPECT_NE(run.result.message.find("syntax.lua:1:"), std::string::npos) << run.result.message;
}

TEST_F(LuaRequire, AFolderOrUnreadableModuleIsAnError) {
  std::filesystem::create_directories(dir_ / "lib" / "folder.lua");
  expect_require_error("require('folder')", limits_, {"folder.lua"});
}

// The issue's holes: a module must be a plain file inside DIR/lib, reached without a
// symbolic link (a downloaded script folder printed a secrets file through one), and
// never a pipe or a device (a FIFO module waited for ever, past --max-steps).
TEST_F(LuaRequire, ASymbolicLinkIsRefusedWhereverItPoints) {
  write("token.txt", "return 'TOKEN-1234'");
  std::filesystem::create_symlink(dir_ / "token.txt", dir_ / "lib" / "token.lua");
  expect_require_error("require('token')", limits_,
                       {limits_.lib_dirs[0] + "/token.lua is a symbolic link",
                        "modules must be plain files inside " + limits_.lib_dirs[0]});
  auto run = run_lua("amazing.print(require('token'))", limits_);
  EXPECT_EQ(run.out.find("TOKEN"), std::string::npos) << run.out;
  EXPECT_EQ(run.result.message.find("TOKEN"), std::string::npos) << run.result.message;
  // A syntax error shows no line of a file outside lib/ (the issue's /etc/passwd).
  write("outside.txt", "root:x:0:0:SECRET-LINE\n");
  std::filesystem::create_symlink(dir_ / "outside.txt", dir_ / "lib" / "pw.lua");
  expect_require_error("require('pw')", limits_, {"pw.lua is a symbolic link"});
  run = run_lua("require('pw')", limits_);
  EXPECT_EQ(run.result.message.find("SECRET-LINE"), std::string::npos) << run.result.message;
  // Even one that stays inside lib/: the rule is no link at all below DIR/lib.
  write("lib/real.lua", "return 'real'");
  std::filesystem::create_symlink("real.lua", dir_ / "lib" / "alias.lua");
  expect_require_error("require('alias')", limits_, {"alias.lua is a symbolic link"});
}

TEST_F(LuaRequire, ALinkedFolderOnTheWayOrLibItselfIsRefused) {
  // lib/up -> DIR: require('up.secret') would be DIR/secret.lua.
  std::filesystem::create_symlink(dir_, dir_ / "lib" / "up");
  expect_require_error("require('up.secret')", limits_,
                       {limits_.lib_dirs[0] + "/up is a symbolic link"});
  // DIR2/lib -> DIR/lib: lib itself is a link.
  write("lib/real.lua", "return 'real'");
  std::filesystem::path dir2 = dir_ / "other";
  std::filesystem::create_directories(dir2);
  std::filesystem::create_symlink(dir_ / "lib", dir2 / "lib");
  Limits limits = limits_;
  limits.lib_dirs = {(dir2 / "lib").string()};
  expect_require_error("require('real')", limits, {limits.lib_dirs[0] + " is a symbolic link"});
  // The folder DIR itself may be a link (the user named it).
  std::filesystem::create_symlink(dir_, dir_ / "via");
  limits.lib_dirs = {(dir_ / "via" / "lib").string()};
  auto run = run_lua("amazing.print(require('real'))", limits);
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out, "real\n");
}

TEST_F(LuaRequire, APipeOrADeviceIsRefusedWithoutWaiting) {
  // Opening a FIFO with no writer waited for ever, whatever --max-steps said.
  ASSERT_EQ(mkfifo((dir_ / "lib" / "fifo.lua").c_str(), 0600), 0);
  Limits limits = limits_;
  limits.max_steps = 1'000'000;
  expect_require_error(
      "require('fifo')", limits,
      {limits_.lib_dirs[0] + "/fifo.lua is a named pipe (FIFO)", "modules must be plain files inside"});
  if (mknod((dir_ / "lib" / "dev.lua").c_str(), S_IFCHR | 0600, makedev(1, 5)) != 0)
    GTEST_SKIP() << "cannot make a device node here (not root): the device case is untested";
  expect_require_error("require('dev')", limits, {"dev.lua is a device"});
}

}  // namespace
}  // namespace amazing::lua
