#include "tui/stepper.hpp"

#include <algorithm>
#include <cmath>

#include "tui/keys.hpp"
#include "tui/play.hpp"
#include "tui/session.hpp"

namespace amazing::tui {
namespace {

struct KeyControl {
  int key;
  Control control;
};

constexpr KeyControl kControls[] = {
    {'+', Control::kFaster},      {'=', Control::kFaster},    {'-', Control::kSlower},
    {'_', Control::kSlower},      {' ', Control::kPause},     {kKeyRight, Control::kForward},
    {kKeyLeft, Control::kBack},   {kKeyHome, Control::kStart}, {kKeyEnd, Control::kEnd},
};

}  // namespace

Control control_of(int key) {
  for (const KeyControl& k : kControls)
    if (k.key == key) return k.control;
  return Control::kLeave;
}

void Stepper::set_pace(uint64_t work, int width, int height, double now) {
  const double cells = static_cast<double>(width) * height;
  const double seconds =
      std::clamp(kSmallSeconds * std::sqrt(cells / 120.0), kSmallSeconds, kLargeSeconds);
  base_rate_ = std::max(1.0, static_cast<double>(work) / seconds);
  last_ = now;
}

double Stepper::rate() const {
  return std::ldexp(base_rate_, speed_);
}

double Stepper::wait() const {
  return std::clamp(1.0 / rate(), 0.010, 0.050);
}

void Stepper::tick(double now) {
  if (now > last_ && !paused_) credit_ += (now - last_) * rate();
  last_ = now;
  while (credit_ >= 1 && !done()) credit_ -= forward();
  if (done()) credit_ = 0;
  moved();
}

void Stepper::key(int key) {
  switch (control_of(key)) {
    case Control::kFaster:
      speed_ = std::min(speed_ + 1, kMaxSpeed);
      return;
    case Control::kSlower:
      speed_ = std::max(speed_ - 1, kMinSpeed);
      return;
    case Control::kPause:
      paused_ = !paused_;
      break;
    case Control::kForward:
      paused_ = true;
      forward();
      break;
    case Control::kBack:
      paused_ = true;
      back();
      break;
    case Control::kStart:
      paused_ = true;
      to_start();
      break;
    case Control::kEnd:
      paused_ = true;
      to_end();
      break;
    case Control::kLeave:
      to_end();
      leaving_ = true;
      break;
  }
  credit_ = 0;
  moved();
}

std::string Stepper::speed_text() const {
  if (speed_ >= 0) return "SPEED X" + std::to_string(1 << speed_);
  return "SPEED X1/" + std::to_string(1 << -speed_);
}

std::string Stepper::paused_text() const {
  std::string text = "PAUSED " + std::to_string(position()) + "/" + std::to_string(length());
  if (text.size() + 15 <= static_cast<std::size_t>(kScreenCols)) text += "  SPACE: GO ON";
  text.resize(kScreenCols, ' ');
  return text;
}

void run_stepper(Terminal& term, Stepper& stepper, const std::string& hint,
                 std::optional<Palette> palette) {
  Frame frame{.title = "AMAZING", .hint = hint, .play = true, .cursor = std::nullopt};
  frame.palette = palette;
  for (;;) {
    stepper.tick(now_seconds());
    frame.highlight = stepper.mark();
    term.draw(stepper.render(), frame);
    if (stepper.over()) break;
    const bool still = stepper.paused() || stepper.done();
    const int key = term.read_key(still ? -1 : static_cast<int>(stepper.wait() * 1000));
    if (key == kKeyNone || key == kKeyResize) continue;
    if (term.too_small()) continue;  // nothing to see: keys wait for the window
    stepper.tick(now_seconds());     // the time so far goes at the old speed
    stepper.key(key);
    if (stepper.leaving()) return;  // left by a key: straight back to the maze in play
  }
  // Over by itself: the end a moment before play goes on (a key cuts it short).
  (void)term.read_key(600);
}

}  // namespace amazing::tui
