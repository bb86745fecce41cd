// The value parsers every command's options share (src/cli/args): what they take, and
// that a bad value is named with what to write instead.
#include "cli/args.hpp"
#include "cli/lua_engine.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace {

using namespace amazing::cli;

TEST(ArgParsers, SizeTakesWidthByLength) {
  auto s = parse_size("10x12");
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->width, 10);
  EXPECT_EQ(s->length, 12);
  EXPECT_TRUE(parse_size("3,4").ok());
  EXPECT_TRUE(parse_size("3X4").ok());
  EXPECT_NE(parse_size("10").error().message.find("--size: '10' is not a size"), std::string::npos);
  EXPECT_FALSE(parse_size("0x5").ok());
  EXPECT_FALSE(parse_size("1x5").ok());
  EXPECT_FALSE(parse_size("5x-3").ok());
}

TEST(ArgParsers, SeedIsAnIntegerOfBasic) {
  EXPECT_EQ(*parse_seed("-32768"), -32768);
  EXPECT_EQ(*parse_seed("+7"), 7);
  EXPECT_NE(parse_seed("32768").error().message.find("out of range"), std::string::npos);
  EXPECT_NE(parse_seed("7.5").error().message.find("not a whole number"), std::string::npos);
}

TEST(ArgParsers, PathIsAnyNameButTheEmptyOne) {
  EXPECT_EQ(*parse_path("--rom", "file", " a b.bas"), " a b.bas");
  EXPECT_EQ(parse_path("--scripts", "folder", "").error().message,
            "--scripts needs a folder name, not an empty one; name the folder or leave out "
            "--scripts");
}

TEST(ArgParsers, VariantAndMachineByName) {
  EXPECT_EQ(*parse_variant_option("fixed-exit"), amazing::core::Variant::kFixedExit);
  EXPECT_FALSE(parse_variant_option("bok").ok());
  EXPECT_EQ(*parse_machine_kind("c64"), MachineKind::kC64);
  EXPECT_EQ(parse_machine_kind("vic20").error().message,
            "--machine: 'vic20' is not a machine; use pc or c64");
}

// --max-steps and --lua-mem by default grow with the maze (gen --engine lua): the
// built-in wilson at 1500x1500 needs about 100M of Lua memory, past the fixed 64M.
TEST(LuaLimits, DefaultsGrowWithTheMaze) {
  using amazing::lua::Limits;
  const LuaOptions defaults;
  const Limits small = limits_for_maze(defaults, 20 * 10);
  EXPECT_EQ(small.memory, Limits::kDefaultMemory);
  EXPECT_EQ(small.max_steps, Limits::kDefaultMaxSteps);
  const uint64_t cells = 1500 * 1500;
  const Limits big = limits_for_maze(defaults, cells);
  EXPECT_EQ(big.memory, cells * kLuaBytesPerCell);
  EXPECT_GE(big.memory, std::size_t{100} << 20);
  EXPECT_EQ(big.max_steps, cells * kLuaStepsPerCell);
  const Limits huge = limits_for_maze(defaults, UINT64_MAX);  // no overflow
  EXPECT_GE(huge.memory, big.memory);
  EXPECT_GE(huge.max_steps, big.max_steps);
}

TEST(LuaLimits, GivenLimitsAreKeptExactly) {
  LuaOptions given;
  given.limits.memory = std::size_t{64} << 20;
  given.memory_given = true;
  given.limits.max_steps = 5000;
  given.max_steps_given = true;
  const auto kept = limits_for_maze(given, 1500 * 1500);
  EXPECT_EQ(kept.memory, std::size_t{64} << 20);
  EXPECT_EQ(kept.max_steps, 5000u);
  given.limits.memory = std::size_t{1} << 30;  // more than the rule: kept too
  EXPECT_EQ(limits_for_maze(given, 100).memory, std::size_t{1} << 30);
}

}  // namespace
