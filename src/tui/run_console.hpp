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
// No curses here: keys are named and UTF-8 characters put together by KeyDecoder
// (keys.hpp), which tests call directly.
#pragma once

#include <cstdint>
#include <deque>
#include <string>

#include "machine/console.hpp"
#include "machine/screen.hpp"
#include "tui/keys.hpp"
#include "tui/terminal.hpp"

namespace amazing::tui {

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
  void queue(std::string key);
  // Reads the rest of a UTF-8 character whose first bytes came (they come together, so
  // kCharacterWaitMs is plenty); what does not come is given as the bytes that did.
  void finish_character();
  static constexpr int kCharacterWaitMs = 50;

  Terminal* term_;
  const machine::Screen* screen_;
  Frame frame_;
  std::deque<std::string> queued_;
  KeyDecoder decoder_;
  uint64_t shown_version_ = UINT64_MAX;
  bool read_keys_ = false;
};

}  // namespace amazing::tui
