// RunConsole: the live keyboard and display of `amazing run` on a terminal (the machine's
// Console, machine/console.hpp): inkey() reads a key without waiting, show() draws the
// machine's screen now, sleep(ms) shows it and waits, keeping the keys pressed meanwhile
// (up to kMaxQueued) for inkey(). Ctrl-C still ends the program: the Terminal's signal
// handler restores the terminal.
//
//   tui::RunConsole console(term, machine.screen(), frame);
//   machine.set_console(&console);
//   ... the Lua program runs ...
//   if (!console.read_keys()) wait_key(term, machine.screen(), frame);
// No curses here: key names come from key_name(), which tests call directly.
#pragma once

#include <cstdint>
#include <deque>
#include <string>

#include "machine/console.hpp"
#include "machine/screen.hpp"
#include "tui/terminal.hpp"

namespace amazing::tui {

// The name amazing.inkey() gives a tui key code (keys.hpp): printable characters as
// themselves, "up", "down", "left", "right", "enter", "backspace", "escape", "tab", other
// control characters as their byte; "" for none (kKeyNone, kKeyResize).
std::string key_name(int key);

class RunConsole : public machine::Console {
 public:
  static constexpr std::size_t kMaxQueued = 32;
  RunConsole(Terminal& term, const machine::Screen& screen, Frame frame)
      : term_(&term), screen_(&screen), frame_(std::move(frame)) {}
  std::string inkey() override;
  void show() override;
  void sleep(int ms) override;
  // The program asked for keys with inkey(): it handles its own ending.
  bool read_keys() const { return read_keys_; }

 private:
  void keep(int key);

  Terminal* term_;
  const machine::Screen* screen_;
  Frame frame_;
  std::deque<std::string> queued_;
  uint64_t shown_version_ = UINT64_MAX;
  bool read_keys_ = false;
};

}  // namespace amazing::tui
