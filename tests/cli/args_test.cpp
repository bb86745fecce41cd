// The value parsers every command's options share (src/cli/args): what they take, and
// that a bad value is named with what to write instead.
#include "cli/args.hpp"

#include <gtest/gtest.h>

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

TEST(ArgParsers, VariantAndMachineByName) {
  EXPECT_EQ(*parse_variant_option("fixed-exit"), amazing::core::Variant::kFixedExit);
  EXPECT_FALSE(parse_variant_option("bok").ok());
  EXPECT_EQ(*parse_machine_kind("c64"), MachineKind::kC64);
  EXPECT_EQ(parse_machine_kind("vic20").error().message,
            "--machine: 'vic20' is not a machine; use pc or c64");
}

}  // namespace
