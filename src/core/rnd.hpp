// GwRnd: the GW-BASIC RND generator, bit for bit (see shared/docs/reference-facts.md s.1).
//
// State is one 24-bit integer x, stepped as x = (x * 214013 + 2531011) mod 2^24; a value
// is x / 2^24. Drive it like the BASIC statements it stands for:
//   GwRnd r;                 // power-on state 0x4FC752, as after RUN
//   r.randomize(n);          // N%=n: RANDOMIZE N%
//   float f = r.rnd(1);      // RND(1); rnd(0) repeats, rnd(-x) reseeds from x
//   int k = r.draw(3);       // INT(RND(1)*3+1), computed in float32 as GW-BASIC does
#pragma once

#include <cstdint>

namespace amazing::core {

class GwRnd {
 public:
  static constexpr uint32_t kPowerOnState = 0x4FC752;
  static constexpr uint32_t kModulus = 1u << 24;

  GwRnd() = default;
  explicit GwRnd(uint32_t state) : state_(state & (kModulus - 1)) {}

  // RND(arg): arg > 0 steps and returns the new value; arg == 0 returns the last value
  // without stepping; arg < 0 takes x from the 24-bit mantissa of single(arg), then steps.
  float rnd(float arg = 1.0f);

  // RANDOMIZE n with an integer-typed n: x = step((x & 0xFF) | ((n & 0xFFFF) << 8)).
  void randomize(int16_t n);

  // X = INT(RND(1)*k+1): one step, then r*k and +1 each rounded to float32, then floor.
  // Exact integer arithmetic disagrees about once in 20,000 draws; this does not.
  int draw(int k) {
    step();
    ++calls_;
    float t = value() * static_cast<float>(k);
    t = t + 1.0f;
    return static_cast<int>(t);  // t >= 1, so truncation is floor
  }

  // For hot loops that keep the state in a register and choose without branching (the
  // generators): the state one step after `s`, the draw(k) that state gives, and
  // handing back the state reached and how many draws it took.
  static uint32_t next_state(uint32_t s) { return (s * 214013u + 2531011u) & (kModulus - 1); }
  // The state one step before `s` (next_state run backwards; 214013 is odd, so it has an
  // inverse mod 2^24): lets a test start a stream just before a chosen state.
  static uint32_t previous_state(uint32_t s) { return ((s - 2531011u) * kInverse) & (kModulus - 1); }
  static constexpr int draw_at(uint32_t s, int k) {
    float t = static_cast<float>(s) * (1.0f / kModulus) * static_cast<float>(k);
    t = t + 1.0f;
    return static_cast<int>(t);
  }
  // The smallest state s with draw_at(s, k) >= x, or kModulus when there is none. Each
  // float32 step of draw_at rounds monotonically, so draw_at is non-decreasing in s and
  //   draw_at(s, k) == 1 + (s >= first_state_drawing(k, 2)) + (s >= first_state_drawing(k, 3))
  // for k = 2 and 3 (rnd_test checks all 2^24 states): the walk's draws as two integer
  // comparisons, computed here by bisection at compile time.
  static constexpr uint32_t first_state_drawing(int k, int x) {
    if (draw_at(kModulus - 1, k) < x) return kModulus;
    uint32_t lo = 0, hi = kModulus - 1;  // draw_at(hi, k) >= x
    while (lo < hi) {
      const uint32_t mid = lo + (hi - lo) / 2;
      if (draw_at(mid, k) >= x) hi = mid; else lo = mid + 1;
    }
    return lo;
  }
  void advance_to(uint32_t state, uint64_t draws) {
    state_ = state;
    calls_ += draws;
  }

  uint32_t state() const { return state_; }
  void set_state(uint32_t state) { state_ = state & (kModulus - 1); }
  // The current value, state / 2^24 (exact in float32).
  float value() const { return static_cast<float>(state_) * (1.0f / kModulus); }
  // How many stepping RND calls were made (RND(1), RND(-x), draw): names the RND call
  // behind a difference when two engines disagree.
  uint64_t calls() const { return calls_; }

 private:
  void step() { state_ = (state_ * 214013u + 2531011u) & (kModulus - 1); }

  // 214013^-1 mod 2^32 by Newton's iteration (each step doubles the correct low bits).
  static constexpr uint32_t kInverse = [] {
    uint32_t inv = 1;
    for (int i = 0; i < 5; ++i) inv *= 2 - 214013u * inv;
    return inv;
  }();
  static_assert(214013u * kInverse == 1u);

  uint32_t state_ = kPowerOnState;
  uint64_t calls_ = 0;
};

}  // namespace amazing::core
