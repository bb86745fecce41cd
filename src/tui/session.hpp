// Session: the loops that connect the Terminal to the machine and to the play view.
//
//   ScreenView view(term, machine.screen(), baud, frame);   // MachineConfig::output
//   ScreenLineInput keyboard(term, machine.screen(), frame);  // MachineConfig::input
//   ... the program PRINTs and INPUTs on the machine; the terminal follows ...
//   wait_key(term, machine.screen(), frame);                 // "press a key"
//   run_play(term, game);                                    // until q
//   run_play(term, game, c64_palette());                     // the same, light blue on blue
// ScreenView redraws the machine's screen as text arrives; with a baud rate it paces the
// text (10 bits a character) so it comes out as on a serial terminal of that speed;
// baud 0 is instant (drawn when input is asked for). ScreenLineInput is the keyboard of
// the machine: typed characters appear at the cursor, backspace rubs out, Enter ends the
// line, Ctrl-D on an empty line (or Esc) ends the input.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "core/result.hpp"
#include "machine/input.hpp"
#include "machine/output.hpp"
#include "machine/screen.hpp"
#include "tui/play.hpp"
#include "tui/terminal.hpp"

namespace amazing::tui {

double now_seconds();

// "instant", "0", "300", "1200", "9600" ... -> bits per second (0 = instant).
core::Result<int> parse_baud(std::string_view text);

class ScreenView : public machine::OutputSink {
 public:
  ScreenView(Terminal& term, const machine::Screen& screen, int baud, Frame frame)
      : term_(&term), screen_(&screen), baud_(baud), frame_(std::move(frame)) {}
  void put(std::string_view text) override;
  void flush() override { redraw(); }
  void redraw() { term_->draw(*screen_, frame_); }
  Frame& frame() { return frame_; }

 private:
  Terminal* term_;
  const machine::Screen* screen_;
  int baud_;
  Frame frame_;
  double debt_ = 0;  // seconds of pacing not slept yet
};

class ScreenLineInput : public machine::InputSource {
 public:
  static constexpr std::size_t kMaxLine = 255;  // GW-BASIC's line buffer
  ScreenLineInput(Terminal& term, machine::Screen& screen, Frame frame)
      : term_(&term), screen_(&screen), frame_(std::move(frame)) {}
  std::optional<std::string> read_line() override;
  Frame& frame() { return frame_; }
  // The user ended the input (Ctrl-D on an empty line, or Esc).
  bool ended() const { return ended_; }

 private:
  Terminal* term_;
  machine::Screen* screen_;
  Frame frame_;
  bool ended_ = false;
};

// Shows the screen until a key comes (resizes redraw); returns the key.
int wait_key(Terminal& term, const machine::Screen& screen, const Frame& frame);

// The frame of the play screen (and of r's replay): the terminal's own colours, or
// `palette`'s (the C64's light blue on blue after its boot, c64_palette()).
Frame play_frame(std::optional<Palette> palette = std::nullopt);

// Plays until the player quits; an error from making a new maze ends it. `palette`: as
// play_frame.
core::Status run_play(Terminal& term, PlayGame& game,
                      std::optional<Palette> palette = std::nullopt);

}  // namespace amazing::tui
