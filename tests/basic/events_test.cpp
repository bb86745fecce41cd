// The event traps (events.hpp): the table's rules, and what depends on the emulated clock's
// exact pace or on a keyboard with function keys, pinned by hand (the programs
// events_*.bas hold what PC-BASIC 2.0.5 itself prints where the pace does not matter).
#include <gtest/gtest.h>

#include <deque>
#include <memory>
#include <string>

#include "basic/events.hpp"
#include "basic/interpreter.hpp"
#include "basic/run.hpp"
#include "machine/machine.hpp"

namespace amazing::basic {
namespace {

std::string pc_output(const std::string& program) {
  BatchOptions o;
  o.max_steps = 2'000'000;
  return run_batch(program, o).output;
}

TEST(EventTable, TrapsByKeywordAndNumber) {
  EXPECT_EQ(Events::trap(Keyword::kTimer, 0), 0);
  EXPECT_EQ(Events::trap(Keyword::kKey, 1), 1);
  EXPECT_EQ(Events::trap(Keyword::kKey, 20), 20);
  EXPECT_EQ(Events::trap(Keyword::kKey, 0), -1);
  EXPECT_EQ(Events::trap(Keyword::kKey, 21), -1);
  EXPECT_EQ(Events::trap(Keyword::kPlay, 8), 21);  // ON PLAY(8): its number is no trap's
  EXPECT_EQ(Events::trap(Keyword::kCom, 2), 23);
  EXPECT_EQ(Events::trap(Keyword::kCom, 0), -1);
  EXPECT_EQ(Events::trap(Keyword::kPen, 0), 24);
  EXPECT_EQ(Events::trap(Keyword::kStrig, 6), 28);
  EXPECT_EQ(Events::trap(Keyword::kStrig, 1), -1);
  EXPECT_EQ(Events::trap(Keyword::kPrint, 0), -1);
}

TEST(EventTable, TimerFirstThenKeysElevenOn) {
  Events ev;
  for (int t : {Events::trap(Keyword::kKey, 1), Events::trap(Keyword::kKey, 11), 0}) {
    ev.set_line(t, 100);
    ev.switch_trap(t, 'N');
  }
  ev.set_timer(1000, 0);
  ev.trigger(Events::trap(Keyword::kKey, 1));
  ev.trigger(Events::trap(Keyword::kKey, 11));
  ev.poll_timer(999);
  EXPECT_EQ(ev.take(), Events::trap(Keyword::kKey, 11));
  ev.poll_timer(1000);
  EXPECT_EQ(ev.take(), 0);
  EXPECT_EQ(ev.take(), Events::trap(Keyword::kKey, 1));
  EXPECT_EQ(ev.take(), -1);
}

TEST(EventTable, StoppedWhileHandledOffKeepsWhatItNoted) {
  Events ev;
  const int t = Events::trap(Keyword::kKey, 3);
  ev.set_line(t, 10);
  ev.trigger(t);  // off: not noted
  ev.switch_trap(t, 'N');
  EXPECT_EQ(ev.take(), -1);
  ev.trigger(t);
  EXPECT_EQ(ev.take(), t);
  ev.trigger(t);  // noted while its handler runs, fired after the RETURN
  EXPECT_EQ(ev.take(), -1);
  ev.returned(t);
  EXPECT_EQ(ev.take(), t);
  ev.returned(t);
  ev.switch_trap(t, 'S');
  ev.trigger(t);
  ev.switch_trap(t, 'F');
  EXPECT_FALSE(ev.armed());
  ev.switch_trap(t, 'N');
  EXPECT_EQ(ev.take(), t);  // OFF did not forget it (PC-BASIC)
  ev.returned(t);
  ev.suspended = true;
  ev.trigger(t);
  EXPECT_EQ(ev.take(), -1);
  ev.suspended = false;
  ev.set_line(t, 0);
  EXPECT_EQ(ev.take(), -1);  // no line: noted, not run
  ev.set_line(t, 20);
  EXPECT_EQ(ev.take(), t);
  ev.reset();
  EXPECT_FALSE(ev.armed());
}

// The emulated clock's pace: the handler runs at the first statement after each second
// since the ON TIMER; TIMER (1/20 s steps) shows when.
TEST(EventTimer, FiresOnTheEmulatedClock) {
  EXPECT_EQ(pc_output("10 ON TIMER(1) GOSUB 100: TIMER ON\n"
                      "20 IF TIMER<3.5 THEN 20\n"
                      "30 PRINT C: END\n"
                      "100 C=C+1: PRINT TIMER: RETURN\n"),
            " 1 \n 2 \n 3 \n 3 \n");
}

TEST(EventTimer, NeverInATypedLineNorAfterTheRun) {
  // The program ends before its first second: the trap never fires after END.
  EXPECT_EQ(pc_output("10 ON TIMER(1) GOSUB 100: TIMER ON: PRINT \"X\": END\n"
                      "100 PRINT \"T\": RETURN\n"),
            "X\n");
}

// A number the statement keeps as it is takes a fraction (PC-BASIC 2.0.5 prints OK, OK2).
TEST(EventTimer, FractionsOfSecondsTaken) {
  EXPECT_EQ(pc_output("10 SOUND 440,.5: ON TIMER(.5) GOSUB 10: PRINT \"OK\"\n"
                      "20 SOUND 440,-1.5: PRINT \"OK2\"\n"),
            "OK\nOK2\n");
  EXPECT_EQ(pc_output("10 ON TIMER(0) GOSUB 10\n"), "Illegal function call in 10\xFF\n");
}

// A keyboard with function keys: keys queued ahead (F1..F10 are 0..9, Up, Left, Right, Down
// 10..13, as KEY(1..14); a PcKey of its own from 100 on), taken by the traps that want them.
class TrapKeyboard : public machine::InputSource {
 public:
  std::deque<int> keys;  // typed ahead
  // (n, k): key k typed when the interpreter has asked n times (once or more a statement).
  std::deque<std::pair<int, int>> later;
  std::vector<machine::PcKey> own;  // key 100 + i is own[i]
  std::optional<std::string> read_line() override { return std::nullopt; }
  int take_trap_key(const machine::KeyTraps& traps) override {
    for (++asked_; !later.empty() && later.front().first <= asked_; later.pop_front())
      keys.push_back(later.front().second);
    for (auto it = keys.begin(); it != keys.end(); ++it) {
      const int k = traps.match(pc_key(*it));
      if (k < 0) continue;
      keys.erase(it);
      return k;
    }
    return -1;
  }

 private:
  machine::PcKey pc_key(int key) const {
    static constexpr uint8_t kScans[] = {0x3B, 0x3C, 0x3D, 0x3E, 0x3F, 0x40, 0x41,
                                         0x42, 0x43, 0x44, 0x48, 0x4B, 0x4D, 0x50};
    if (key >= 100) return own[static_cast<std::size_t>(key - 100)];
    return machine::PcKey{kScans[key], 0};
  }
  int asked_ = 0;
};

std::string run_with_keys(const std::string& text, TrapKeyboard& keyboard) {
  machine::StringSink out;
  machine::MachineConfig config;
  config.batch = true;
  config.output = &out;
  config.input = &keyboard;
  machine::Machine m(config);
  auto program = parse_program(text, Dialect::kPc);
  EXPECT_TRUE(program.ok());
  Interpreter basic(*program, m, Dialect::kPc);
  RunOptions o;
  o.max_steps = 100'000;
  basic.run(o);
  m.flush();
  return out.text();
}

TEST(EventKeys, FunctionAndCursorKeysFireTheirTraps) {
  TrapKeyboard keyboard;
  // F1 and Down typed ahead; F5 (its trap off: it stays typed) and F1 again later. Two F1s
  // waiting at once are one event.
  keyboard.keys = {0, 13, 0};
  keyboard.later = {{40, 4}, {40, 0}};
  EXPECT_EQ(run_with_keys("10 ON KEY(1) GOSUB 100: ON KEY(14) GOSUB 200: KEY(1) ON: KEY(14) ON\n"
                          "20 FOR I=1 TO 50: NEXT: KEY(1) STOP: PRINT \"END\": END\n"
                          "100 PRINT \"F1\": RETURN\n200 PRINT \"DOWN\": RETURN\n",
                          keyboard),
            "F1\nDOWN\nF1\nEND\n");
  ASSERT_EQ(keyboard.keys.size(), 1u);
  EXPECT_EQ(keyboard.keys.front(), 4);
}

TEST(EventKeys, StoppedKeyTrapTakesTheKeyAndFiresAtOn) {
  TrapKeyboard keyboard;
  keyboard.later = {{2, 10}};  // Up, typed while the trap is stopped
  EXPECT_EQ(run_with_keys("10 ON KEY(11) GOSUB 100: KEY(11) ON: KEY(11) STOP\n"
                          "20 PRINT \"A\": KEY(11) ON: PRINT \"B\": END\n"
                          "100 PRINT \"UP\": RETURN\n",
                          keyboard),
            "A\nUP\nB\n");
  EXPECT_TRUE(keyboard.keys.empty());
}

// KEY 15..20 name a key by its shift keys and scan code: only that key with exactly those
// shift keys fires the trap; KEY 11..14 keep the cursor keys; CLEAR forgets KEY 15's key.
TEST(EventKeys, DefinedKeysFireTheirTraps) {
  TrapKeyboard keyboard;
  keyboard.own = {machine::PcKey{0x1E, 0}, machine::PcKey{0x1E, machine::kCtrlKey},
                  machine::PcKey{0x1E, machine::kShiftKeys}};
  keyboard.keys = {100, 101, 102};  // A, Ctrl-A, Shift-A
  EXPECT_EQ(run_with_keys("10 KEY 15,CHR$(4)+CHR$(30): KEY 16,CHR$(2)+CHR$(30)\n"
                          "20 KEY 11,CHR$(0)+CHR$(30)\n"
                          "30 ON KEY(15) GOSUB 100: ON KEY(16) GOSUB 200: ON KEY(11) GOSUB 300\n"
                          "40 KEY(15) ON: KEY(16) ON: KEY(11) ON\n"
                          "50 FOR I=1 TO 20: NEXT: PRINT \"END\": END\n"
                          "100 PRINT \"CTRL-A\": RETURN\n200 PRINT \"SHIFT-A\": RETURN\n"
                          "300 PRINT \"UP\": RETURN\n",
                          keyboard),
            "CTRL-A\nSHIFT-A\nEND\n");
  ASSERT_EQ(keyboard.keys.size(), 1u);  // a plain A is typed, not trapped
  EXPECT_EQ(keyboard.keys.front(), 100);
  keyboard.keys = {101};
  EXPECT_EQ(run_with_keys("10 KEY 15,CHR$(4)+CHR$(30): CLEAR: ON KEY(15) GOSUB 100: KEY(15) ON\n"
                          "20 FOR I=1 TO 20: NEXT: PRINT \"END\": END\n"
                          "100 PRINT \"CTRL-A\": RETURN\n",
                          keyboard),
            "END\n");
}

}  // namespace
}  // namespace amazing::basic
