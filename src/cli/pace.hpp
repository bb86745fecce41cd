// --speed original: the host's wall time paced to the emulated clock (basic/clock.hpp), so
// a listing prints as fast as the real machine printed it. The host calls pace() with the
// emulated seconds as the program runs (the interpreter's tick); it sleeps until the wall
// time since the first call has caught up, in slices of at most kSlice so a Ctrl-C (the
// interrupt flag) is seen at once. --speed warp (the default) never calls it. Time the
// host spent elsewhere (a wait for the keyboard, a slow host) is never made up by running
// fast: the real machine would not have either.
//   Pacer pacer(host_pace_clock(), &g_break);
//   pacer.pace(interpreter.emulated_seconds());
#pragma once

#include <csignal>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "core/result.hpp"

namespace amazing::cli {

enum class Speed { kWarp, kOriginal };
// "original" or "warp"; anything else is an error naming the two.
core::Result<Speed> parse_speed(std::string_view text);

// The host's clock as the pacer sees it (tests give their own).
struct PaceClock {
  std::function<double()> now;        // seconds, monotonic
  std::function<void(double)> sleep;  // for about this many seconds
};
PaceClock host_pace_clock();

class Pacer {
 public:
  static constexpr double kSlice = 0.05;  // the longest single sleep, in seconds
  // Behind by less than this is caught up: no sleep too short to move the host's clock.
  static constexpr double kCloseEnough = 0.001;
  // The host more than this behind the emulated clock (it waited for a key, or it is
  // slower than the machine) starts the pacing afresh from here.
  static constexpr double kMostBehind = 0.1;
  Pacer(PaceClock clock, const volatile std::sig_atomic_t* interrupt)
      : clock_(std::move(clock)), interrupt_(interrupt) {}
  // Waits until the host's time since the first call is `emulated` seconds since then.
  void pace(double emulated);
  // Forget the start: the next pace() starts afresh (after a switch from warp).
  void restart() { host_start_.reset(); }

 private:
  PaceClock clock_;
  const volatile std::sig_atomic_t* interrupt_;
  std::optional<double> host_start_, emulated_start_;
};

}  // namespace amazing::cli
