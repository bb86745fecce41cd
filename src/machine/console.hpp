// Console: the machine's live keyboard and display, for programs that run like games
// (INKEY$, SLEEP, a screen that shows at once). The front end that owns the terminal
// implements it (tui::RunConsole); a machine without one is in batch mode: no key is ever
// pressed, sleeping returns at once and showing does nothing.
//
//   machine::ScriptedConsole console({"right", "q"});  // tests: keys pressed in turn
//   machine.set_console(console);
//   ... a Lua script calls amazing.inkey() -> "right", then "q", then nil ...
//   console.shows() == how often the script asked to show the screen
//   console.slept_ms() == the total it asked to sleep (a ScriptedConsole never sleeps)
// Keys are named as amazing.inkey() returns them: a printable character as itself ("a",
// "Q", " ", "é" as its UTF-8), the special keys as words ("up", "down", "left", "right",
// "home", "end", "pageup", "pagedown", "insert", "delete", "f1".."f12", "enter",
// "backspace", "escape", "tab"; tui/keys.hpp).
#pragma once

#include <cstddef>
#include <deque>
#include <string>
#include <vector>

namespace amazing::machine {

class Console {
 public:
  static constexpr int kMaxSleepMs = 10'000;  // one sleep(ms) call at most
  virtual ~Console() = default;
  // The next key pressed, or "" when none is waiting; never waits.
  virtual std::string inkey() = 0;
  // Shows the screen as it is now.
  virtual void show() = 0;
  // Shows the screen, then waits `ms` milliseconds (0..kMaxSleepMs); keys pressed
  // meanwhile are kept for inkey().
  virtual void sleep(int ms) = 0;
};

// Keys given up front; sleeping and showing are counted, never done.
class ScriptedConsole : public Console {
 public:
  explicit ScriptedConsole(std::vector<std::string> keys = {}) : keys_(keys.begin(), keys.end()) {}
  std::string inkey() override;
  void show() override { ++shows_; }
  void sleep(int ms) override {
    slept_ms_ += ms;
    ++sleeps_;
  }
  void press(std::string key) { keys_.push_back(std::move(key)); }
  std::size_t shows() const { return shows_; }
  std::size_t sleeps() const { return sleeps_; }
  long long slept_ms() const { return slept_ms_; }

 private:
  std::deque<std::string> keys_;
  std::size_t shows_ = 0;
  std::size_t sleeps_ = 0;
  long long slept_ms_ = 0;
};

}  // namespace amazing::machine
