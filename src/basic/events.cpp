// GW-BASIC's event traps (events.hpp).
#include "basic/events.hpp"

namespace amazing::basic {
namespace {

// The traps in the order a statement boundary looks at them (PC-BASIC's): TIMER, then
// KEY(11..20) before KEY(1..10), then PLAY, COM(1..2), PEN and STRIG.
constexpr std::array<uint8_t, kTraps> kOrder = [] {
  std::array<uint8_t, kTraps> order{};
  std::size_t k = 0;
  order[k++] = 0;
  for (int key = 11; key <= 20; ++key) order[k++] = static_cast<uint8_t>(key);
  for (int key = 1; key <= 10; ++key) order[k++] = static_cast<uint8_t>(key);
  for (int t = 21; t < kTraps; ++t) order[k++] = static_cast<uint8_t>(t);
  return order;
}();

constexpr int kTimerTrap = 0;

}  // namespace

int Events::trap(Keyword k, int n) {
  int first_trap = 0;
  for (const TrapKind& kind : kTrapKinds) {
    if (kind.keyword == k) {
      if (kind.count == 1) return first_trap;  // TIMER's, PLAY's number is no trap's
      const int offset = n - kind.first;
      if (offset < 0 || offset % kind.step != 0 || offset / kind.step >= kind.count) return -1;
      return first_trap + offset / kind.step;
    }
    first_trap += kind.count;
  }
  return -1;
}

int Events::key_trap() {
  return trap(Keyword::kKey, 1);
}

int Events::play_trap() {
  return trap(Keyword::kPlay, 0);
}

void Events::switch_trap(int t, char how) {
  Trap& trap = traps_[static_cast<std::size_t>(t)];
  quiet_until = 0;
  if (how == 'N') {
    on_ |= 1u << t;
    trap.stopped = false;
  } else if (how == 'F') {
    on_ &= ~(1u << t);
  } else {
    trap.stopped = true;
  }
  keys_.on = on_ >> key_trap() & 0xFFFFFu;
}

void Events::poll_timer(uint32_t now_ms) {
  if (!on(kTimerTrap) || now_ms < start_ms_ + period_ms_) return;
  start_ms_ = now_ms;
  triggered_ |= 1u << kTimerTrap;
}

uint64_t Events::timer_wait_ms(uint32_t now_ms) const {
  if (!on(kTimerTrap)) return UINT32_MAX;  // more than a day: TIMER ON asks again
  const uint64_t due = start_ms_ + period_ms_;
  return due > now_ms ? due - now_ms : 0;
}

int Events::take() {
  if (suspended || (triggered_ & on_) == 0) return -1;
  for (uint8_t t : kOrder) {
    Trap& trap = traps_[t];
    if (!on(t) || (triggered_ >> t & 1u) == 0 || trap.stopped || trap.line == 0) continue;
    triggered_ &= ~(1u << t);
    trap.stopped = true;
    return t;
  }
  return -1;
}

}  // namespace amazing::basic
