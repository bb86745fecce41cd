#include "core/rnd.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace amazing::core {
namespace {

TEST(GwRnd, PowerOnStateAndFirstFiveValues) {
  GwRnd r;
  EXPECT_EQ(r.state(), 0x4FC752u);
  const uint32_t states[] = {2035917, 10936412, 14577071, 12243382, 13402529};
  const float values[] = {.1213501f, .651861f, .8688611f, .7297625f, .798853f};
  for (int i = 0; i < 5; ++i) {
    float v = r.rnd(1);
    EXPECT_EQ(r.state(), states[i]) << "call " << i + 1;
    EXPECT_NEAR(v, values[i], 1e-7) << "call " << i + 1;
    EXPECT_EQ(v, static_cast<float>(states[i]) / 16777216.0f);
  }
  EXPECT_EQ(r.calls(), 5u);
}

TEST(GwRnd, RndZeroRepeatsWithoutStepping) {
  GwRnd r;
  float a = r.rnd(1);
  EXPECT_EQ(r.rnd(0), a);
  EXPECT_EQ(r.rnd(0), a);
  EXPECT_EQ(r.state(), 2035917u);
  EXPECT_EQ(r.calls(), 1u);
}

TEST(GwRnd, RandomizeMatchesPcBasic) {
  // PC-BASIC: PRINT RND(1);RND(1) then S%=7:RANDOMIZE S%:PRINT RND(1) gives .7077745,
  // then S%=-2:RANDOMIZE S%:PRINT RND(1) gives .7869091.
  GwRnd r;
  r.rnd(1);
  r.rnd(1);
  r.randomize(7);
  EXPECT_EQ(r.state(), 3078319u);  // step((0x5C) | (7 << 8)), randomize steps once
  EXPECT_NEAR(r.rnd(1), .7077745f, 1e-7);
  r.randomize(-2);
  EXPECT_NEAR(r.rnd(1), .7869091f, 1e-7);
}

TEST(GwRnd, NegativeArgumentReseedsFromMantissa) {
  // PC-BASIC: after the sequence above, RND(-3) prints .90086 and RND(1) .9045178.
  GwRnd r;
  float first = r.rnd(-3);
  EXPECT_NEAR(first, .90086f, 5e-7);
  EXPECT_NEAR(r.rnd(1), .9045178f, 1e-7);
  // The same negative argument always gives the same value, whatever the state was.
  GwRnd other(12345);
  EXPECT_EQ(other.rnd(-3), first);
}

TEST(GwRnd, DrawIsComputedInSinglePrecision) {
  // State 12750684 with K=25: exact math gives 19, GW-BASIC's float32 gives 20.
  // draw() steps first, so start from the state before it.
  uint32_t target = 12750684;
  // Find the predecessor: step is a bijection mod 2^24 (214013 is odd).
  uint32_t pred = 0;
  for (uint32_t x = 0; x < (1u << 24); ++x) {
    if (((x * 214013u + 2531011u) & 0xFFFFFF) == target) {
      pred = x;
      break;
    }
  }
  GwRnd r(pred);
  EXPECT_EQ(r.draw(25), 20);
  double exact = std::floor(static_cast<double>(target) / 16777216.0 * 25 + 1);
  EXPECT_EQ(exact, 19.0);
}

TEST(GwRnd, DrawStaysInRangeExceptAtTheTopState) {
  GwRnd r;
  for (int k = 1; k <= 40; ++k) {
    for (int i = 0; i < 2000; ++i) {
      int d = r.draw(k);
      ASSERT_GE(d, 1);
      ASSERT_LE(d, k);
    }
  }
  // Every state below the top one, for the sizes the listing draws most.
  for (int k : {2, 3, 4, 64}) {
    for (uint32_t s = 0xFFF000; s < 0xFFFFFF; ++s) ASSERT_LE(GwRnd::draw_at(s, k), k) << s;
  }
  // At 0xFFFFFF (1 - 2^-24), r*k+1 rounds up to k+1 in float32 when k is a power of two,
  // exactly as in GW-BASIC (see FACTS.md): the 1978 listing meets this and stops.
  for (int k = 1; k <= 64; ++k) {
    bool power_of_two = (k & (k - 1)) == 0;
    EXPECT_EQ(GwRnd::draw_at(0xFFFFFF, k), power_of_two ? k + 1 : k) << k;
  }
}

TEST(GwRnd, TwoAndThreeWayDrawsAreStateComparisons) {
  // The walk draws INT(RND(1)*k+1) for k = 2 and 3 as comparisons with two thresholds
  // (first_state_drawing); here draw_at's float32 result for every one of the 2^24 states.
  for (int k : {2, 3}) {
    const uint32_t second = GwRnd::first_state_drawing(k, 2);
    const uint32_t third = GwRnd::first_state_drawing(k, 3);
    ASSERT_EQ(GwRnd::first_state_drawing(k, 4), GwRnd::kModulus) << k;
    for (uint32_t s = 0; s < GwRnd::kModulus; ++s) {
      const int x = 1 + (s >= second) + (s >= third);
      if (x != GwRnd::draw_at(s, k)) FAIL() << "k=" << k << " state " << s;
    }
  }
  // k = 2 splits at the top bit; only the top state gives 3 (see above).
  EXPECT_EQ(GwRnd::first_state_drawing(2, 2), 1u << 23);
  EXPECT_EQ(GwRnd::first_state_drawing(2, 3), GwRnd::kModulus - 1);
}

TEST(GwRnd, PreviousStateUndoesOneStep) {
  for (uint32_t s : {0u, 1u, 0x4FC752u, 0xFFFFFFu, 0x123456u}) {
    EXPECT_EQ(GwRnd::next_state(GwRnd::previous_state(s)), s);
    EXPECT_EQ(GwRnd::previous_state(GwRnd::next_state(s)), s);
  }
  GwRnd r(GwRnd::previous_state(0xFFFFFF));
  EXPECT_EQ(r.draw(2), 3);
  EXPECT_EQ(r.state(), 0xFFFFFFu);
}

}  // namespace
}  // namespace amazing::core
