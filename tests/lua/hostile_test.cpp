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
  )");
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out, "string\namazing.Maze\nfalse\n");
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
  auto run = run_lua("local ok = pcall(function() return debug.getmetatable end) amazing.print(ok)");
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

}  // namespace
}  // namespace amazing::lua
