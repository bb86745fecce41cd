// For the tmux end-to-end tests: once the awaited text shows, the rest of the frame may
// still be on its way (a loaded machine can capture between the terminal's writes).
#pragma once

#include <chrono>
#include <string>
#include <thread>
#include <utility>

namespace amazing::e2e {

// Captures again every 50 ms (1 s at most) until two captures agree, and leaves in `last`
// the newest one that still shows `text`.
template <class Capture>
void settle(const Capture& capture, std::string& last, const std::string& text) {
  for (int k = 0; k < 20; ++k) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    std::string now = capture();
    if (now == last || now.find(text) == std::string::npos) return;
    last = std::move(now);
  }
}

}  // namespace amazing::e2e
