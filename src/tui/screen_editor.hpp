// The screen editor of both machines: the 40x25 screen is where lines are typed. The
// cursor keys go anywhere, typing overwrites what is there, and Enter reads the logical
// line under the cursor (the rows printing or typing joined by wrapping: two at most on
// the c64, machine::Screen::linked), so a LISTed line is changed in place and re-entered.
//
//   ScreenEditor editor(machine.screen());
//   editor.begin();                          // a line is wanted; the cursor is where it starts
//   editor.key('L'); ... editor.key(kKeyUp); // keys.hpp codes
//   std::optional<std::string> line = editor.key(kKeyEnter);   // the logical line
//
// Keys, as on the machines (the pc's GW-BASIC and the C64's KERNAL editor):
//   arrows move (Down on the bottom row scrolls); Home goes to the top left; Ctrl-L clears
//   the screen; End (pc) goes to the end of the logical line;
//   Backspace rubs out the character before the cursor and Delete the one under it, the
//   rest of the logical line closing up;
//   Insert: pc toggles insert mode (typing then pushes the rest of the line right); c64
//   opens one blank under the cursor (its INST);
//   Esc (pc) blanks the logical line and puts the cursor at its start;
//   letters typed on the c64 are its capitals;
//   c64 quote mode: after an odd number of quotes typed on the line the cursor keys, Home,
//   CLR (Ctrl-L), Insert and F1..F8 type their PETSCII code, shown reversed (the line then
//   holds the byte); Backspace, Delete and Enter still act.
// Enter returns the logical line, trailing blanks dropped; on the row where begin() was
// called only what lies right of that column (an INPUT's prompt is not the answer, and on
// the pc Backspace stops there). A logical line takes what the machine reads at most: 255
// characters on the pc, two rows on the c64; Insert grows it into a new row as needed.
// Insert mode (pc) ends on Enter and on the keys that move the cursor, as in GW-BASIC.
// Cursor-down on the bottom row scrolls on the c64 and stays on the pc. The
// cursor is left at the end of the line's last row, so the newline the machine prints
// next goes to the row below it.
//
// ScreenKeyboard is the machine's keyboard on a Terminal: it draws the screen, reads
// keys into the editor, keeps what is typed while a program runs (poll()) for the next
// read, and takes pasted text (bracketed paste) as typed at full speed.
#pragma once

#include <csignal>
#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "machine/input.hpp"
#include "machine/screen.hpp"
#include "tui/keys.hpp"
#include "tui/line_history.hpp"
#include "tui/terminal.hpp"

namespace amazing::tui {

class ScreenEditor {
 public:
  explicit ScreenEditor(machine::Screen& screen) : screen_(&screen) {}
  // A line is wanted from here: the cursor's position is where its answer starts.
  void begin();
  // One key; the logical line under the cursor when it was Enter.
  std::optional<std::string> key(int key);
  bool inserting() const { return inserting_; }
  // What Enter would read now.
  std::string pending() const;
  // What was typed since begin() becomes `text` (a line recalled from a history), the
  // cursor after it.
  void replace(std::string_view text);

 private:
  bool c64() const { return screen_->rules() == machine::Rules::kC64; }
  char quoted_code(int key) const;
  int first_row(int row) const;
  int last_row(int row) const;
  // The cursor's column (0..39: the pc's "past the end" 40 counts as 39).
  int col() const;
  void type(char ch);
  void move_left();
  void move_right();
  void move_down();
  void delete_at(int row, int col);  // the rest of the logical line closes up
  // A blank there, the rest moving right; the line grows a row when its last cell is taken
  // (false: it cannot, and nothing changed).
  bool open_at(int row, int col);
  bool grow_line(int& row);
  int begin_row() const;
  void erase_line();
  void to_line_end();
  std::string read_line();

  machine::Screen* screen_;
  int begin_row_ = 0;
  int begin_col_ = 0;
  uint64_t begin_scrolls_ = 0;  // the screen's scrolls() at begin(): begin_row_ moves up
  bool inserting_ = false;
};

class ScreenKeyboard : public machine::InputSource {
 public:
  // The type-ahead kept while a program runs, at most (the rest is dropped).
  static constexpr std::size_t kMaxTypeAhead = 1 << 16;
  // `interrupt`: set by the host's SIGINT handler (Ctrl-C); on the c64 Esc (RUN/STOP) sets
  // it too while a program runs.
  ScreenKeyboard(Terminal& term, machine::Screen& screen, Frame frame,
                 volatile std::sig_atomic_t* interrupt);

  // The next line typed (Enter). nullopt when Ctrl-C came (interrupted(); the flag stays
  // set, so an INPUT breaks) or when the user left with Ctrl-D (left()).
  std::optional<std::string> read_line() override;
  // While a program runs (RunOptions::tick): redraws what changed now and then, keeps the
  // keys typed meanwhile, and turns the c64's Esc into RUN/STOP.
  void poll();
  // A GW-BASIC program's trapped key (ON KEY(n)): the first key typed ahead while it runs
  // that one of `traps` takes, taken out (machine::InputSource).
  int take_trap_key(const machine::KeyTraps& traps) override;
  void hold_trap_keys(const machine::KeyTraps* traps) override { held_traps_ = traps; }
  // The keyboard is live (machine::InputSource): INKEY$, INPUT$ and GET take the keys as
  // they are typed, in the machine's bytes (machine_keys.hpp), not echoed.
  bool live() const override { return true; }
  std::optional<std::string> take_key(bool wait) override;
  // The pc's function keys: F1..F10 type their texts at the prompt and at INPUT (null: the
  // keys do nothing there, as on the c64).
  void set_function_keys(const machine::FunctionKeys* keys) { function_keys_ = keys; }
  // Keys typed ahead, as if typed now ('\n' is Enter).
  void type(std::string_view keys);
  void redraw();
  // Up and Down recall the lines of `history` (kept by the caller) instead of moving the
  // cursor; the caller adds the lines entered. Null: the arrows move, as on the machines.
  void set_history(LineHistory* history) { history_ = history; }
  // `key` is the host's, not the machine's: typed at the prompt or while a program runs
  // it calls `action` (F12 toggles --speed) and is not typed.
  void set_host_key(int key, std::function<void()> action) {
    host_key_ = key;
    host_action_ = std::move(action);
  }

  bool interrupted() const { return interrupted_; }
  // The Ctrl-C that interrupted came right after another one, no key between: leave.
  bool second_ctrl_c() const { return second_ctrl_c_; }
  bool left() const { return left_; }
  Frame& frame() { return frame_; }

 private:
  int next_key();
  void keep(int key);
  void running_key(int key);
  void redraw_changed();
  bool type_function_key(int key);
  // The graphics screen's version() (0 without one): pixels drawn since redraw() show.
  uint64_t pixels_version() const;

  Terminal* term_;
  machine::Screen* screen_;
  Frame frame_;
  std::string hint_;  // frame_.hint as given (insert mode adds to it)
  volatile std::sig_atomic_t* interrupt_;
  LineHistory* history_ = nullptr;
  int host_key_ = kKeyNone;
  std::function<void()> host_action_;
  ScreenEditor editor_;
  std::deque<int> ahead_;
  // Keys a trap took while a line was typed (hold_trap_keys), for take_trap_key.
  const machine::KeyTraps* held_traps_ = nullptr;
  std::deque<int> trapped_;
  const machine::FunctionKeys* function_keys_ = nullptr;
  bool pasting_ = false;
  bool interrupted_ = false;
  bool ctrl_c_armed_ = false;  // a Ctrl-C ended the last read and no key came since
  bool second_ctrl_c_ = false;
  bool left_ = false;
  double last_poll_ = 0;
  uint64_t drawn_version_ = ~uint64_t{0};
  uint64_t drawn_pixels_ = ~uint64_t{0};
};

}  // namespace amazing::tui
