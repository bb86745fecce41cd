// --speed original's pacing against an injected clock: it sleeps until the host's time
// catches up with the emulated clock, never longer than a slice at a time, stops waiting
// at Ctrl-C, and --speed takes only original or warp.
#include <gtest/gtest.h>

#include <vector>

#include "cli/pace.hpp"

namespace amazing::cli {
namespace {

struct FakeHost {
  double now = 100.0;
  std::vector<double> sleeps;
  volatile std::sig_atomic_t interrupt = 0;
  int interrupt_after = -1;  // sets the interrupt after this many sleeps
  PaceClock clock() {
    return {[this] { return now; },
            [this](double s) {
              sleeps.push_back(s);
              now += s;
              if (static_cast<int>(sleeps.size()) == interrupt_after) interrupt = 1;
            }};
  }
};

TEST(Pace, WaitsForTheEmulatedClockInSlices) {
  FakeHost host;
  Pacer pacer(host.clock(), &host.interrupt);
  pacer.pace(5.0);  // the start: nothing to wait for
  EXPECT_TRUE(host.sleeps.empty());
  pacer.pace(5.3);  // 0.3 emulated seconds later
  EXPECT_NEAR(host.now, 100.3, Pacer::kCloseEnough);
  for (double s : host.sleeps) EXPECT_LE(s, Pacer::kSlice + 1e-12);
  EXPECT_GE(host.sleeps.size(), 6u);
}

TEST(Pace, NeverWaitsWhenTheHostIsBehind) {
  FakeHost host;
  Pacer pacer(host.clock(), &host.interrupt);
  pacer.pace(0);
  host.now += 2.0;  // the host took longer than the machine would have
  pacer.pace(1.0);
  EXPECT_TRUE(host.sleeps.empty());
}

TEST(Pace, TimeSpentWaitingIsNotMadeUpByRunningFast) {
  FakeHost host;
  Pacer pacer(host.clock(), &host.interrupt);
  pacer.pace(0);
  host.now += 10.0;  // ten seconds at an INPUT: the emulated clock stood still
  pacer.pace(0.01);
  pacer.pace(0.31);  // 0.3 emulated seconds after the wait still take 0.3 s of the host's
  EXPECT_NEAR(host.now, 110.3, Pacer::kCloseEnough);
}

TEST(Pace, RestartForgetsTheStart) {
  FakeHost host;
  Pacer pacer(host.clock(), &host.interrupt);
  pacer.pace(0);
  pacer.restart();  // warp ran the clock on 0.09 s ahead of the host, then original again
  pacer.pace(0.09);
  EXPECT_TRUE(host.sleeps.empty());
  pacer.pace(0.19);
  EXPECT_NEAR(host.now, 100.1, Pacer::kCloseEnough);
}

TEST(Pace, CtrlCStopsTheWaitAtOnce) {
  FakeHost host;
  host.interrupt_after = 2;
  Pacer pacer(host.clock(), &host.interrupt);
  pacer.pace(0);
  pacer.pace(60.0);
  EXPECT_EQ(host.sleeps.size(), 2u);
}

TEST(Pace, SpeedNames) {
  EXPECT_EQ(*parse_speed("original"), Speed::kOriginal);
  EXPECT_EQ(*parse_speed("warp"), Speed::kWarp);
  EXPECT_FALSE(parse_speed("fast"));
}

}  // namespace
}  // namespace amazing::cli
