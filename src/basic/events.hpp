// GW-BASIC's event traps (pc), as PC-BASIC 2.0.5 runs them (FACTS.md "Events"): ON TIMER(n),
// ON KEY(n), ON PLAY(n), ON COM(n), ON PEN and ON STRIG(n) GOSUB line name a handler; the
// switches (TIMER ON, KEY(n) STOP, ...) arm it. One table of trap kinds, one row of state a
// trap; the statement loop asks before each statement (Runtime::execute) and runs the
// handler as a GOSUB there.
//
//   Events ev;
//   int t = Events::trap(Keyword::kTimer, 0);
//   ev.set_line(t, 100);  ev.set_timer(1000, now_ms);  ev.switch_trap(t, 'N');
//   ev.poll_timer(now_ms + 1000);     // a second later: triggered
//   ev.take() == t;                   // GOSUB 100 now; the trap stopped until its RETURN
//   ev.returned(t);
//
// A trap that is on (or stopped) notes its event (triggered); it fires when it is on, not
// stopped, has a line, no error handler runs (suspended) and the statement next is in a
// program line (never in a typed line). Firing stops it; the handler's RETURN (RETURN n
// too) starts it again. STOP keeps a trigger for ON; OFF stops noting new ones (one noted
// before stays, as in PC-BASIC).
#pragma once

#include <array>
#include <cstdint>

#include "basic/scanner.hpp"
#include "machine/pc_keyboard.hpp"

namespace amazing::basic {

// One row per kind of trap: its keyword and the numbers it takes (first, first + step, ...,
// `count` of them). Its traps are numbered on from the rows before it.
struct TrapKind {
  Keyword keyword;
  uint8_t first, count, step;
};
inline constexpr TrapKind kTrapKinds[] = {
    {Keyword::kTimer, 0, 1, 1},  // ON TIMER(seconds)
    {Keyword::kKey, 1, 20, 1},   // ON KEY(1..20): F1..F10, the cursor keys, KEY 15..20's
    {Keyword::kPlay, 0, 1, 1},   // ON PLAY(notes)
    {Keyword::kCom, 1, 2, 1},    // ON COM(1..2)
    {Keyword::kPen, 0, 1, 1},    // ON PEN
    {Keyword::kStrig, 0, 4, 2},  // ON STRIG(0, 2, 4, 6)
};
inline constexpr int kTraps = [] {  // 29: every kind's traps
  int n = 0;
  for (const TrapKind& k : kTrapKinds) n += k.count;
  return n;
}();
static_assert(kTraps <= 32, "the traps' switches and events are bits of a 32-bit mask");

class Events {
 public:
  // The trap of keyword k numbered n (KEY(n), COM(n), STRIG(n); any n for the others), or -1
  // when there is none (KEY(0), KEY(21), COM(0), STRIG(1): their switches do nothing).
  static int trap(Keyword k, int n);
  // KEY(1)'s trap (KEY(k + 1) is key_trap + k), and ON PLAY's.
  static int key_trap();
  static int play_trap();

  // ON ... GOSUB line (0: none; the trap notes its event but runs nothing).
  void set_line(int t, int32_t line) { traps_[static_cast<std::size_t>(t)].line = line; }
  int32_t line(int t) const { return traps_[static_cast<std::size_t>(t)].line; }
  // ON TIMER(n): every `period_ms` from now.
  void set_timer(uint64_t period_ms, uint32_t now_ms) {
    period_ms_ = period_ms;
    start_ms_ = now_ms;
    quiet_until = 0;
  }
  // The switch: 'N' (ON), 'F' (OFF), 'S' (STOP).
  void switch_trap(int t, char how);
  // True while some trap is on or stopped: only then is there anything to do.
  bool armed() const { return on_ != 0; }
  bool on(int t) const { return (on_ >> t & 1u) != 0; }
  // The key traps on (bit k: KEY(k + 1); kept in step by switch_trap) and KEY 15..20's
  // keys, for the keyboard to match.
  const machine::KeyTraps& key_traps() const { return keys_; }
  // KEY n, s for n 15..20 (s two characters): the key KEY(n) traps.
  void define_key(int n, std::string_view two) {
    keys_.defined[static_cast<std::size_t>(n - 15)] = machine::KeyTraps::from_definition(two);
  }
  // The timer's event: noted when its period has passed since it was set or last noted
  // (the clock's milliseconds since midnight).
  void poll_timer(uint32_t now_ms);
  // The milliseconds from now_ms before the timer's period can pass (none while it is off).
  uint64_t timer_wait_ms(uint32_t now_ms) const;
  // The statement loop's shortcut: the clock's cycle count before which poll_timer has
  // nothing to note (0: ask now). Setting the timer or the time (TIME$=) makes it 0.
  uint64_t quiet_until = 0;
  // Trap t's event happened (noted if t is on).
  void trigger(int t) {
    if (on(t)) triggered_ |= 1u << t;
  }
  // The trap whose handler runs now (in PC-BASIC's order: TIMER, KEY(11..20), KEY(1..10),
  // PLAY, COM, PEN, STRIG), its event taken and the trap stopped; -1 when none.
  int take();
  // The handler of trap t returned: t runs again.
  void returned(int t) { traps_[static_cast<std::size_t>(t)].stopped = false; }
  // While an error handler runs (ON ERROR GOTO's, until RESUME) no trap fires.
  bool suspended = false;
  // CLEAR, RUN, NEW, CHAIN: every trap off, without a line.
  void reset() { *this = Events(); }

 private:
  struct Trap {
    int32_t line = 0;
    bool stopped = false;
  };
  std::array<Trap, kTraps> traps_{};
  uint32_t on_ = 0;         // bit t: trap t is on (or stopped)
  uint32_t triggered_ = 0;  // bit t: trap t's event came and has not fired yet
  uint64_t period_ms_ = 0;
  uint64_t start_ms_ = 0;
  machine::KeyTraps keys_;
};

}  // namespace amazing::basic
