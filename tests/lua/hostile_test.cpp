// What a hostile script tries: reaching host finalisers and metatables, slipping past the
// step limit in places the count hook does not see, and filling the machine's RAM with
// mazes it has dropped. Each test here failed before the fix it guards.
#include <gtest/gtest.h>

#include "lua_test_util.hpp"

namespace amazing::lua {
namespace {

using testing::run_lua;

// ---- host objects are out of reach ---------------------------------------------------

TEST(LuaHostile, MazeMetatableIsLocked) {
  auto run = run_lua(R"(
    local m = amazing.maze(10, 10)
    amazing.print(type(getmetatable(m)))
    amazing.print(getmetatable(m))
    local ok, err = pcall(setmetatable, m, {})
    amazing.print(ok)
    -- nor through the methods table or the strings' metatable
    amazing.print(m.__gc == nil and m.__index == nil and m.__metatable == nil)
    amazing.print(type(getmetatable("").__index))
  )");
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out, "string\namazing.Maze\nfalse\ntrue\nnil\n");
}

TEST(LuaHostile, FinaliserCannotBeCalledTwice) {
  // The reported use after free: __gc called by hand, twice.
  auto run = run_lua(R"(
    local m = amazing.maze(10, 10)
    getmetatable(m).__gc(m)
    getmetatable(m).__gc(m)
  )");
  EXPECT_EQ(run.result.outcome, Outcome::kRuntimeError);
  EXPECT_NE(run.result.message.find("test.lua:3:"), std::string::npos) << run.result.message;
}

TEST(LuaHostile, StringMetatableIsLocked) {
  auto run = run_lua(R"(
    amazing.print(type(getmetatable("")))
    local ok = pcall(setmetatable, "", {})
    amazing.print(ok)
  )");
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out, "string\nfalse\n");
}

TEST(LuaHostile, NoDebugLibrary) {
  auto run =
      run_lua("local ok = pcall(function() return debug.getmetatable end) amazing.print(ok)");
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out, "false\n");
}

// ---- RAM comes back --------------------------------------------------------------------

TEST(LuaHostile, DroppedMazesGiveTheirRamBack) {
  auto run = run_lua(R"(
    for i = 1, 100 do local m = amazing.maze(60, 60) end
    amazing.print("made 100")
  )");
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out, "made 100\n");
}

TEST(LuaHostile, LiveMazesStillRunOutOfRam) {
  auto run = run_lua(R"(
    local keep = {}
    for i = 1, 100 do keep[i] = amazing.maze(60, 60) end
  )");
  EXPECT_EQ(run.result.outcome, Outcome::kOutOfRam) << run.result.message;
}

// ---- limits that could be slipped --------------------------------------------------------

namespace more {

Limits small_budget() {
  Limits limits;
  limits.max_steps = 1'000'000;
  return limits;
}

// The script prints, then runs away in `runaway`; it must stop at the step limit with the
// print kept.
void expect_stopped(const std::string& runaway, const char* where = "test.lua:") {
  auto run = run_lua("amazing.print('before')\n" + runaway, small_budget());
  EXPECT_EQ(run.result.outcome, Outcome::kStepLimit) << runaway << "\n" << run.result.message;
  EXPECT_NE(run.result.message.find("script stopped"), std::string::npos) << run.result.message;
  EXPECT_NE(run.result.message.find("--max-steps"), std::string::npos) << run.result.message;
  EXPECT_EQ(run.result.message.rfind(where, 0), 0u) << run.result.message;
  EXPECT_EQ(run.out, "before\n");
}

}  // namespace more

TEST(LuaHostile, LoopingFinaliserIsRefused) {
  // Lua runs __gc with hooks off: a looping finaliser could never be stopped, in a
  // collection or when the state is closed.
  auto run = run_lua(
      "amazing.print('before')\n"
      "setmetatable({}, {__gc = function() while true do end end})",
      more::small_budget());
  EXPECT_EQ(run.result.outcome, Outcome::kRuntimeError) << run.result.message;
  EXPECT_NE(run.result.message.find("test.lua:2: __gc finalisers are not available"),
            std::string::npos)
      << run.result.message;
  EXPECT_EQ(run.out, "before\n");
}

TEST(LuaHostile, MetatableWithoutGcStillWorks) {
  auto run = run_lua(R"(
    local t = setmetatable({}, {__index = function(_, k) return k .. "!" end})
    amazing.print(t.hi)
  )");
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out, "hi!\n");
}

TEST(LuaHostile, XpcallHandlerThatLoopsIsStopped) {
  more::expect_stopped("local function loop() while true do end end\nxpcall(loop, loop)");
}

TEST(LuaHostile, XpcallHandlerStillHandles) {
  auto run = run_lua(R"(
    local ok, m = xpcall(function() error("boom", 0) end, function(m) return "handled " .. m end)
    amazing.print(tostring(ok) .. " " .. m)
    amazing.print(select("#", xpcall(function(a, b) return a, b end, print, 1, 2)))
    amazing.print(select(2, pcall(xpcall, print, nil)))
  )");
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out,
            "false handled boom\n 3 \n"
            "bad argument #2 to 'xpcall' (function expected, got nil)\n");
}

TEST(LuaHostile, PathologicalPatternIsStopped) {
  more::expect_stopped("local s = ('a'):rep(40):find(('a*'):rep(30) .. 'b')", "test.lua:2:");
}

TEST(LuaHostile, LongCCallRepeatedIsStopped) {
  more::expect_stopped("local big = ('x'):rep(1 << 20)\nfor i = 1, 1e6 do big:upper() end",
                       "test.lua:3:");
}

TEST(LuaHostile, TableShiftRepeatedIsStopped) {
  more::expect_stopped(
      "local t = table.pack(('x'):rep(30000):byte(1, -1))\n"
      "for i = 1, 1e6 do table.insert(t, 1, 0) end",
      "test.lua:3:");
}

TEST(LuaHostile, CollectgarbageRepeatedIsStopped) {
  more::expect_stopped(
      "local keep = {} for i = 1, 50000 do keep[i] = {} end\n"
      "for i = 1, 1e6 do collectgarbage() end",
      "test.lua:3:");
}

TEST(LuaHostile, UncountedOperatorWorkMeetsTheCpuBackstop) {
  // Comparing two long equal strings is one instruction but a memcmp of a megabyte; the
  // CPU time the budget allows stops it. The budget is 20M steps (4 s of CPU at 200 ns a
  // step), which the loop, at microseconds a step, cannot spend in that time on any
  // machine: with 1M steps the 2 s floor left it a race a fast machine lost (CI, 1.9 s).
  Limits limits = more::small_budget();
  limits.max_steps = 20'000'000;
  auto run = run_lua(
      "amazing.print('before')\n"
      "local a, b = ('x'):rep(1 << 20), ('x'):rep(1 << 20)\n"
      "for i = 1, 1e9 do local _ = a == b end",
      limits);
  EXPECT_EQ(run.result.outcome, Outcome::kStepLimit) << run.result.message;
  EXPECT_NE(run.result.message.find("CPU time"), std::string::npos) << run.result.message;
  EXPECT_EQ(run.out, "before\n");
}

// ---- coroutines: every thread counts, and none catches the stop ----------------------

namespace more {

// The number the script printed last (it prints its progress), or -1.
long last_number(const std::string& out) {
  std::size_t end = out.find_last_of("0123456789");
  if (end == std::string::npos) return -1;
  std::size_t start = out.find_last_not_of("0123456789", end);
  start = start == std::string::npos ? 0 : start + 1;
  return std::stol(out.substr(start, end - start + 1));
}

}  // namespace more

TEST(LuaHostile, ATreeOfTinyCoroutinesIsStopped) {
  // Each coroutine runs far fewer instructions than the hook period and the main thread
  // waits in one call: the hook never saw the work (100% CPU until killed). Depth 20 is a
  // million coroutines; the budget of 1e6 steps must stop it within a few thousand.
  auto run = run_lua(R"(
    local made = 0
    local function tree(depth)
      made = made + 1
      if made % 1000 == 0 then amazing.print(made) end
      if depth == 0 then return end
      for i = 1, 2 do coroutine.wrap(tree)(depth - 1) end
    end
    coroutine.wrap(tree)(20)
    amazing.print("after")
  )",
                     more::small_budget());
  EXPECT_EQ(run.result.outcome, Outcome::kStepLimit) << run.result.message;
  EXPECT_EQ(run.out.find("after"), std::string::npos);
  EXPECT_LE(more::last_number(run.out), 5000) << run.out.substr(run.out.size() - 40);
}

TEST(LuaHostile, TinyCoroutinesInALoopAreCharged) {
  // A loop of short coroutines, by create/resume/close and by wrap: each ran 300-odd
  // instructions the hook never counted, so the budget allowed about 7 times its work.
  for (const char* make :
       {"local co = coroutine.create(f) coroutine.resume(co) coroutine.close(co)",
        "coroutine.wrap(f)()"}) {
    SCOPED_TRACE(make);
    auto run = run_lua(std::string(R"(
      local function f() local x = 0 for j = 1, 80 do x = x + j end end
      for i = 1, 1e7 do
        if i % 100 == 0 then amazing.print(i) end
        )") + make + "\nend",
                       more::small_budget());
    EXPECT_EQ(run.result.outcome, Outcome::kStepLimit) << run.result.message;
    EXPECT_LE(more::last_number(run.out), 3000);
  }
}

TEST(LuaHostile, NormalCoroutinesCostLittle) {
  auto run = run_lua(R"(
    local gen = coroutine.wrap(function() for i = 1, 20000 do coroutine.yield(i) end end)
    local sum = 0
    for i = 1, 20000 do sum = sum + gen() end
    for i = 1, 100 do coroutine.resume(coroutine.create(function() end)) end
    amazing.print(sum == 200010000 and "ok" or sum)
  )",
                     more::small_budget());
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out, "ok\n");
}

TEST(LuaHostile, NoThreadCatchesTheStop) {
  // Each catches the stop and goes on to print "after": the run ended with exit 0 after
  // "script stopped" (coroutine.resume returned false and the message).
  for (const char* code : {
           "amazing.print(coroutine.resume(coroutine.create(function() while true do end end)))",
           "amazing.print(pcall(coroutine.wrap(function() while true do end end)))",
           "local co = coroutine.wrap(function()\n"
           "  amazing.print(coroutine.resume(coroutine.create(function() while true do end end)))\n"
           "  amazing.print('inner after')\n"
           "end)\n"
           "co()",
           "local co = coroutine.create(function()\n"
           "  amazing.print(pcall(function() while true do end end))\n"
           "  amazing.print('inner after')\n"
           "end)\n"
           "amazing.print(coroutine.resume(co))",
           "amazing.print(xpcall(coroutine.wrap(function() while true do end end), "
           "function(m) return 'handled ' .. m end))",
           "local co = coroutine.create(function()\n"
           "  local x <close> = setmetatable({}, {__close = function() while true do end end})\n"
           "  coroutine.yield()\n"
           "end)\n"
           "coroutine.resume(co)\n"
           "amazing.print(coroutine.close(co))",
       }) {
    SCOPED_TRACE(code);
    auto run = run_lua(std::string("amazing.print('before')\n") + code + "\namazing.print('after')",
                       more::small_budget());
    EXPECT_EQ(run.result.outcome, Outcome::kStepLimit) << run.result.message;
    EXPECT_EQ(run.out, "before\n");
    EXPECT_EQ(run.result.message.rfind("test.lua:", 0), 0u) << run.result.message;
    EXPECT_NE(run.result.message.find("script stopped"), std::string::npos) << run.result.message;
  }
}

TEST(LuaHostile, AfterTheStopNoOtherCoroutineRuns) {
  // A suspended coroutine resumed after the stop (caught in a coroutine) would have run on
  // to its next hook; it raises at once.
  auto run = run_lua(R"(
    amazing.print('before')
    local other = coroutine.create(function() coroutine.yield() amazing.print('other ran') end)
    coroutine.resume(other)
    local stopper = coroutine.create(function() while true do end end)
    local ok = coroutine.resume(stopper)
    coroutine.resume(other)
  )",
                     more::small_budget());
  EXPECT_EQ(run.result.outcome, Outcome::kStepLimit) << run.result.message;
  EXPECT_EQ(run.out, "before\n");
}

TEST(LuaHostile, TheMemoryStopIsNotCaughtByACoroutine) {
  Limits limits;
  limits.memory = 8 << 20;
  auto run = run_lua(R"(
    amazing.print('before')
    local keep = {}
    amazing.print(coroutine.resume(coroutine.create(function()
      while true do keep[#keep + 1] = string.rep("z", 1 << 20) end
    end)))
    keep = nil
    amazing.print('after')
  )",
                     limits);
  EXPECT_EQ(run.result.outcome, Outcome::kMemoryLimit) << run.result.message;
  EXPECT_EQ(run.out, "before\n");
}

// ---- library calls see the length they are charged for ---------------------------------

namespace more {

// The script stops on its step budget, not on the CPU-time backstop (which is what
// stopped an uncounted loop in C before, after seconds of it).
void expect_stopped_by_steps(const std::string& runaway, Limits limits = small_budget()) {
  auto run = run_lua("amazing.print('before')\n" + runaway, limits);
  EXPECT_EQ(run.result.outcome, Outcome::kStepLimit) << runaway << "\n" << run.result.message;
  EXPECT_EQ(run.result.message.find("CPU time"), std::string::npos) << runaway << "\n"
                                                                    << run.result.message;
  EXPECT_EQ(run.out, "before\n");
}

// A table whose # is a million through __len and whose reads and writes are C functions
// (no Lua instruction the hook could count): `type` reads "table", `rawequal` drops writes.
constexpr const char* kLongByLen =
    "local t = setmetatable({}, {__len = function() return 1 << 20 end, __index = type, "
    "__newindex = rawequal})\n";

}  // namespace more

TEST(LuaHostile, LengthFromLenIsCharged) {
  // upfront_cost took lua_rawlen (0 here) but the functions loop to #t, __len's answer.
  for (const char* call :
       {"table.insert(t, 1, 0)", "table.remove(t, 1)", "table.sort(t)", "table.concat(t)"}) {
    SCOPED_TRACE(call);
    more::expect_stopped_by_steps(std::string(more::kLongByLen) + "for i = 1, 1e9 do " + call +
                                  " end");
  }
  // unpack gives at most a million values (Lua's stack); growing the stack once is
  // charged, giving them again and again was not.
  Limits limits;
  limits.max_steps = 10'000'000;
  more::expect_stopped_by_steps(
      "local t = setmetatable({}, {__len = function() return 900000 end, __index = type})\n"
      "for i = 1, 1e9 do table.unpack(t) end",
      limits);
}

TEST(LuaHostile, EmptyStringRepIsCharged) {
  // ("").rep(s, n) allocates nothing but loops n times.
  more::expect_stopped_by_steps("for i = 1, 1e9 do local s = (''):rep(1 << 24) end");
  more::expect_stopped_by_steps("for i = 1, 1e9 do local s = (''):rep(1 << 24, '') end");
}

TEST(LuaHostile, LenIsAskedOnceAndItsAnswerIsWhatTheFunctionSees) {
  // A __len that answers small first and huge after cannot be charged for the small one
  // and worked for the huge one: it is asked once, and the function works with that.
  auto run = run_lua(R"(
    local calls, writes = 0, {}
    local t = setmetatable({}, {
      __len = function() calls = calls + 1 return calls == 1 and 2 or 1 << 40 end,
      __index = function(_, k) return "v" .. k end,
      __newindex = function(_, k, v) writes[#writes + 1] = k .. "=" .. tostring(v) end})
    table.insert(t, 1, "x")
    amazing.print(calls, table.concat(writes, " "))
    calls = 0
    amazing.print(table.concat(t, ","), calls)
    calls = 0
    amazing.print(table.unpack(t))
    calls, writes = 0, {}
    amazing.print(table.remove(t, 1), calls, table.concat(writes, " "))
    calls, writes = 0, {}
    table.sort(t, function(a, b) return a > b end)
    amazing.print(calls, table.concat(writes, " "))
  )");
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  // As Lua's own table library gives it (each line checked against lua5.4).
  EXPECT_EQ(run.out, " 1 3=v2 2=v1 1=x\nv1,v2 1 \nv1v2\nv1 1 1=v2 2=nil\n 1 1=v2 2=v1\n");
}

TEST(LuaHostile, CountedPatternsBehaveAsLuas) {
  // Results as Lua 5.4's own string library gives them.
  auto run = run_lua(R"lua(
    local function same(a, b, what) if a ~= b then error(what .. ": " .. tostring(a) .. " vs " .. tostring(b), 2) end end
    same(select(2, ("hello world"):find("o w")), 7, "find plain")
    same(("hello world"):find("l+"), 3, "find l+")
    same(select(2, ("hello world"):find("l+")), 4, "find l+ end")
    same(("hello"):find("l", 1, true), 3, "find plain flag")
    same(("hello"):find("xyz"), nil, "find none")
    same(("hello"):find("", 10), nil, "find past end")
    same(("hello"):find("", 6), 6, "find empty at end")
    same(("a.b"):find(".", 1, true), 2, "plain dot")
    same(("key = value"):match("(%w+)%s*=%s*(%w+)"), "key", "match captures")
    same(select(2, ("key = value"):match("(%w+)%s*=%s*(%w+)")), "value", "match 2nd")
    same(("  trim  "):match("^%s*(.-)%s*$"), "trim", "trim")
    same(("abc"):match("()b()"), 2, "position capture")
    same(("THE (quick) fox"):find("%((%a+)%)"), 5, "escaped parens")
    same(("f(a(b)c)d"):match("%b()"), "(a(b)c)", "balance")
    same(("THE (quick) fox"):gsub("%f[%a]%a+", "W"), "W (W) W", "frontier")
    same(("hello hello"):match("(h%a+) %1"), "hello", "back reference")
    same(("x = 10, y = 20"):gsub("(%w+) = (%w+)", "%2 = %1"), "10 = x, 20 = y", "gsub swap")
    same(select(2, ("abc"):gsub("", "-")), 4, "gsub empty count")
    same(("abc"):gsub("", "-"), "-a-b-c-", "gsub empty")
    same(("hello world"):gsub("o", {o = "0"}), "hell0 w0rld", "gsub table")
    same(("hello world"):gsub("%w+", function(w) return w:upper() end), "HELLO WORLD", "gsub fn")
    same(("hello world"):gsub("%w+", function(w) return nil end), "hello world", "gsub keep")
    same(("aaa"):gsub("a", "b", 2), "bba", "gsub max")
    same(("abc"):gsub("^a", "x"), "xbc", "gsub anchor")
    same(("abc"):gsub("%w", "%0%0"), "aabbcc", "gsub %0")
    same(("a1b22c333"):gsub("%d+", "#"), "a#b#c#", "digits")
    same(("[x]"):match("[%[](.)[%]]"), "x", "set with escapes")
    same(("a-b"):match("[a%-]+"), "a-", "set with dash")
    same(("abc]"):match("[]a]+"), "a", "set starting with ]")
    same(("z"):match("[^a-y]"), "z", "negated range")
    same(("aaab"):match("a-b"), "aaab", "lazy")
    same(("ab"):match("a?b"), "ab", "optional")
    same(("b"):match("a?b"), "b", "optional absent")
    same(("end$"):match("d%$$"), "d$", "dollar")
    local words = {}
    for w in ("one two three"):gmatch("%a+") do words[#words + 1] = w end
    same(table.concat(words, ","), "one,two,three", "gmatch")
    local pairs_ = {}
    for k, v in ("a=1, b=2"):gmatch("(%w+)=(%w+)") do pairs_[#pairs_ + 1] = k .. v end
    same(table.concat(pairs_, ","), "a1,b2", "gmatch captures")
    local n = 0
    for _ in ("abc"):gmatch("") do n = n + 1 end
    same(n, 4, "gmatch empty")
    local from3 = {}
    for w in ("one two three"):gmatch("%a+", 5) do from3[#from3 + 1] = w end
    same(table.concat(from3, ","), "two,three", "gmatch init")
    same(string.gsub("hello", "l", "%%"), "he%%o", "percent in repl")
    same(pcall(string.find, "x", "%"), false, "malformed")
    same(pcall(string.find, "x", "[a"), false, "missing ]")
    same(pcall(string.gsub, "x", "x", "%2"), false, "bad capture index")
    same(pcall(string.match, "x", "(x"), false, "unfinished capture")
    same(pcall(string.rep), false, "counted functions still check arguments")
    amazing.print("ok")
  )lua");
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out, "ok\n");
}

TEST(LuaHostile, CountedFunctionsNameThemselvesInErrors) {
  auto run = run_lua("local s = ('x'):rep({})");
  EXPECT_EQ(run.result.outcome, Outcome::kRuntimeError);
  auto run2 = run_lua("string.upper({})");
  EXPECT_NE(run2.result.message.find("bad argument #1 to 'upper'"), std::string::npos)
      << run2.result.message;
}

}  // namespace
}  // namespace amazing::lua
