#include "core/ram.hpp"

#include <gtest/gtest.h>

namespace amazing::core {
namespace {

TEST(Ram, AllocatesWithinBudgetAndFrees) {
  Ram ram(1000);
  {
    auto a = ram.allocate(600, "a block");
    ASSERT_TRUE(a.ok());
    EXPECT_EQ(a->address(), 0u);
    EXPECT_EQ(ram.used(), 600u);
    auto b = ram.allocate(500, "a 20x50 maze");
    ASSERT_FALSE(b.ok());
    const std::string& m = b.error().message;
    EXPECT_NE(m.find("OUT OF MEMORY"), std::string::npos) << m;
    EXPECT_NE(m.find("500 bytes"), std::string::npos) << m;
    EXPECT_NE(m.find("--ram 2K"), std::string::npos) << m;
    auto c = ram.allocate(400, "rest");
    ASSERT_TRUE(c.ok());
    EXPECT_EQ(c->address(), 600u);
  }
  EXPECT_EQ(ram.used(), 0u);
}

TEST(Ram, ReusesFreedGaps) {
  Ram ram(100);
  auto a = ram.allocate(40, "a");
  auto b = ram.allocate(40, "b");
  ASSERT_TRUE(a.ok() && b.ok());
  { RamBlock gone = std::move(a).value(); }
  auto c = ram.allocate(30, "c");
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(c->address(), 0u);
}

TEST(Ram, PeekPokeByAddress) {
  Ram ram(kDefaultRam);
  auto a = ram.allocate(10, "a");
  auto b = ram.allocate(10, "b");
  ASSERT_TRUE(a.ok() && b.ok());
  ram.poke(b->address() + 3, 0x41);
  EXPECT_EQ(ram.peek(b->address() + 3), 0x41);
  EXPECT_EQ(b->bytes()[3], 0x41);
  EXPECT_EQ(ram.peek(40000), 0);  // unmapped reads as 0
  ram.poke(40000, 7);             // and ignores writes
  EXPECT_EQ(ram.peek(40000), 0);
  EXPECT_EQ(a->bytes()[0], 0);    // blocks start zeroed
}

TEST(Ram, UnlimitedHasNoCeiling) {
  Ram ram(kUnlimited);
  auto a = ram.allocate(64u << 20, "big");
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->size(), 64u << 20);
}

TEST(Ram, ParseAndFormatSizes) {
  EXPECT_EQ(*parse_ram_size("48K"), 49152u);
  EXPECT_EQ(*parse_ram_size("64k"), 65536u);
  EXPECT_EQ(*parse_ram_size("8M"), 8u << 20);
  EXPECT_EQ(*parse_ram_size("1G"), 1u << 30);
  EXPECT_EQ(*parse_ram_size("5000"), 5000u);
  EXPECT_EQ(*parse_ram_size("unlimited"), kUnlimited);
  for (const char* bad : {"", "K", "abc", "-5K", "12Q", "0", "1.5M"}) {
    EXPECT_FALSE(parse_ram_size(bad).ok()) << bad;
  }
  EXPECT_EQ(format_ram_size(49152), "48K");
  EXPECT_EQ(format_ram_size(8u << 20), "8M");
  EXPECT_EQ(format_ram_size(1000), "1000");
  EXPECT_EQ(format_ram_size(kUnlimited), "unlimited");
}

}  // namespace
}  // namespace amazing::core
