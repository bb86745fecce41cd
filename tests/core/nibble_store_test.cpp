#include "core/nibble_store.hpp"

#include <gtest/gtest.h>

#include <random>

namespace amazing::core {
namespace {

TEST(NibbleStore, TwoCellsPerByte) {
  Ram ram(kDefaultRam);
  auto s = NibbleStore::create(ram, 7, 3, "t");
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->cells(), 21u);
  EXPECT_EQ(s->byte_size(), 11u);
  EXPECT_EQ(ram.used(), 11u);
  s->set(0, 0xA);
  s->set(1, 0x5);
  EXPECT_EQ(ram.peek(s->address()), 0x5A);  // cell 0 low nibble, cell 1 high nibble
  EXPECT_EQ(s->get(0), 0xA);
  EXPECT_EQ(s->get(1), 0x5);
  s->clear_bits(0, 0x2);
  s->set_bits(1, 0x8);
  EXPECT_EQ(s->get(0), 0x8);
  EXPECT_EQ(s->get(1), 0xD);
  EXPECT_TRUE(s->test(1, 0x8));
  EXPECT_FALSE(s->test(0, 0x2));
}

TEST(NibbleStore, SetDoesNotDisturbNeighbours) {
  Ram ram(kDefaultRam);
  auto s = NibbleStore::create(ram, 33, 5, "t");
  ASSERT_TRUE(s.ok());
  std::mt19937 gen(1);
  std::vector<uint8_t> model(s->cells(), 0);
  for (int i = 0; i < 5000; ++i) {
    std::size_t c = gen() % s->cells();
    uint8_t v = gen() % 16;
    s->set(c, v);
    model[c] = v;
  }
  for (std::size_t c = 0; c < s->cells(); ++c) ASSERT_EQ(s->get(c), model[c]) << c;
}

TEST(NibbleStore, RefusesWhatDoesNotFit) {
  Ram ram(kDefaultRam);
  auto big = NibbleStore::create(ram, 400, 400, "a 400x400 maze");
  ASSERT_FALSE(big.ok());
  EXPECT_NE(big.error().message.find("80000 bytes"), std::string::npos) << big.error().message;
  EXPECT_FALSE(NibbleStore::create(ram, 0, 5, "t").ok());
  EXPECT_FALSE(NibbleStore::create(ram, 5, -1, "t").ok());
  // The largest square that fits 48K: 313x313 = 98,069 cells = 49,035 bytes.
  EXPECT_TRUE(NibbleStore::create(ram, 313, 313, "t").ok());
}

TEST(NibbleStore, FindNextMatchesALinearScan) {
  Ram ram(kUnlimited);
  std::mt19937 gen(7);
  for (int w : {1, 2, 3, 15, 16, 17, 31, 64, 100}) {
    auto s = NibbleStore::create(ram, w, 9, "t");
    ASSERT_TRUE(s.ok());
    for (std::size_t c = 0; c < s->cells(); ++c) s->set(c, (gen() % 10 == 0) ? 0x8 : (gen() % 8));
    for (std::size_t from = 0; from <= s->cells(); ++from) {
      std::size_t expect = from;
      while (expect < s->cells() && !s->test(expect, 0x8)) ++expect;
      ASSERT_EQ(s->find_next(from, 0x8), expect) << "w=" << w << " from=" << from;
    }
  }
}

TEST(NibbleStore, FindNextIgnoresPaddingNibble) {
  Ram ram(kDefaultRam);
  auto s = NibbleStore::create(ram, 3, 3, "t");  // 9 cells, 5 bytes: one padding nibble
  ASSERT_TRUE(s.ok());
  ram.poke(s->address() + 4, 0x80);  // bit 3 of the padding nibble (cell 9)
  EXPECT_EQ(s->find_next(0, 0x8), 9u);
}

}  // namespace
}  // namespace amazing::core
