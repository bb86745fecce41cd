// Pacing to the emulated clock: see pace.hpp.

#include "cli/pace.hpp"

#include <algorithm>
#include <chrono>
#include <thread>

namespace amazing::cli {

core::Result<Speed> parse_speed(std::string_view text) {
  if (text == "original") return Speed::kOriginal;
  if (text == "warp") return Speed::kWarp;
  return core::Error{"--speed: '" + std::string(text.substr(0, 40)) +
                     "' is no speed; use original (the real machine's pace) or warp (as fast "
                     "as the host goes)"};
}

PaceClock host_pace_clock() {
  return {
      [] {
        using namespace std::chrono;
        return duration<double>(steady_clock::now().time_since_epoch()).count();
      },
      [](double seconds) { std::this_thread::sleep_for(std::chrono::duration<double>(seconds)); }};
}

void Pacer::pace(double emulated) {
  const double now = clock_.now();
  if (!host_start_ || (now - *host_start_) - (emulated - *emulated_start_) > kMostBehind) {
    host_start_ = now;
    emulated_start_ = emulated;
    return;
  }
  while (interrupt_ == nullptr || *interrupt_ == 0) {
    double behind = (emulated - *emulated_start_) - (clock_.now() - *host_start_);
    if (behind < kCloseEnough) return;
    clock_.sleep(std::min(behind, kSlice));
  }
}

}  // namespace amazing::cli
