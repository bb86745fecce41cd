// Where the 1978 listing runs out of GW-BASIC's memory (core/listing_memory.hpp): the lines
// PC-BASIC stopped at (tests/conformance/oracle.py MEMORY_CASES, recorded in
// tests/conformance/recorded), and the seed line's bytes.

#include "core/listing_memory.hpp"

#include <gtest/gtest.h>

namespace amazing::core {
namespace {

struct Edge {
  Variant variant;
  int width, height;
  std::optional<int16_t> seed;
  int line;  // where PC-BASIC 2.0.5 says "Out of memory in N" (0: it runs to the end)
};

TEST(GwOutOfMemoryLine, WherePcBasicStops) {
  const Edge edges[] = {
      {Variant::kBook, 84, 84, std::nullopt, 160}, {Variant::kBook, 84, 84, 5, 110},
      {Variant::kBook, 22, 313, std::nullopt, 165}, {Variant::kBook, 28, 248, std::nullopt, 195},
      {Variant::kBook, 18, 379, std::nullopt, 200}, {Variant::kBook, 75, 94, 5, 165},
      {Variant::kFixedExit, 26, 266, std::nullopt, 200}, {Variant::kBook, 78, 78, std::nullopt, 0},
      {Variant::kBook, 100, 100, std::nullopt, 110}, {Variant::kBook, 32767, 2, std::nullopt, 110},
      {Variant::kBook, 2, 2, std::nullopt, 0},     {Variant::kBook, 26, 40, -28202, 0},
      {Variant::kBook, 21, 327, 5, 1010},          {Variant::kFixedExit, 54, 130, 5, 1015},
  };
  for (const Edge& e : edges)
    EXPECT_EQ(gw_out_of_memory_line(e.variant, e.width, e.height, e.seed), e.line)
        << e.width << "x" << e.height << " seed " << (e.seed ? *e.seed : 99999);
}

TEST(GwOutOfMemoryLine, LargestSquareMazeOfEachListing) {
  // Both arrays take 8 bytes a cell of (H+1)(V+1): 83x83 is the largest square that runs
  // to the end without a seed.
  EXPECT_EQ(gw_out_of_memory_line(Variant::kBook, 83, 83, std::nullopt), 0);
  EXPECT_NE(gw_out_of_memory_line(Variant::kBook, 84, 84, std::nullopt), 0);
  EXPECT_EQ(gw_out_of_memory_line(Variant::kFixedExit, 83, 83, std::nullopt), 0);
}

TEST(GwSeedLineBytes, NumberTokens) {
  // "5 S%=N:RANDOMIZE S%": 13 bytes and N's: 0-9 one, 10-255 two, to 32767 three, 32768 a
  // single's five, a minus sign one more (tests/basic checks these against the tokeniser;
  // PC-BASIC 2.0.5: `PRINT 10` leaves one byte less of FRE(0) than `PRINT 9`).
  EXPECT_EQ(gw_seed_line_bytes(0), 14u);
  EXPECT_EQ(gw_seed_line_bytes(9), 14u);
  EXPECT_EQ(gw_seed_line_bytes(10), 15u);
  EXPECT_EQ(gw_seed_line_bytes(11), 15u);
  EXPECT_EQ(gw_seed_line_bytes(255), 15u);
  EXPECT_EQ(gw_seed_line_bytes(256), 16u);
  EXPECT_EQ(gw_seed_line_bytes(32767), 16u);
  EXPECT_EQ(gw_seed_line_bytes(-1), 15u);
  EXPECT_EQ(gw_seed_line_bytes(-32768), 19u);
}

}  // namespace
}  // namespace amazing::core
