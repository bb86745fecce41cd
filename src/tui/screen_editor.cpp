#include "tui/screen_editor.hpp"

#include <algorithm>
#include <utility>

#include "machine/graphics.hpp"
#include "tui/keys.hpp"
#include "tui/machine_keys.hpp"
#include "tui/session.hpp"

namespace amazing::tui {
namespace {

constexpr int kCols = machine::Screen::kColumns;
constexpr int kRows = machine::Screen::kRows;
constexpr int kCtrlD = 4;
constexpr int kCtrlL = 12;
constexpr int kEsc = 27;

}  // namespace

// ---- ScreenEditor ---------------------------------------------------------------------

void ScreenEditor::begin() {
  begin_row_ = screen_->row();
  begin_col_ = screen_->col();
  begin_scrolls_ = screen_->scrolls();
}

int ScreenEditor::first_row(int row) const {
  while (row > 0 && screen_->linked(row)) --row;
  return row;
}

int ScreenEditor::last_row(int row) const {
  while (row + 1 < kRows && screen_->linked(row + 1)) ++row;
  return row;
}

int ScreenEditor::col() const {
  return std::min(screen_->col(), kCols - 1);
}

// The C64's quote mode (machine::Screen::quote_mode, after an odd number of quotes typed on
// the line): a key whose PETSCII code is a control code the editor then shows reversed
// (cursor keys, Home, CLR, INST, F1..F8) types that code instead of acting; DEL and
// RETURN still act (KERNAL: they are handled before the test of QTSW). 0: the key acts.
char ScreenEditor::quoted_code(int key) const {
  if (!c64() || !screen_->quote_mode()) return 0;
  const std::string code = machine_key_bytes(key, machine::Rules::kC64, nullptr);
  if (code.size() != 1 || !machine::c64_quoted_control(static_cast<uint8_t>(code[0]))) return 0;
  return code[0];
}

std::optional<std::string> ScreenEditor::key(int key) {
  if (const char code = quoted_code(key); code != 0) {
    type(code);
    return std::nullopt;
  }
  const int row = screen_->row();
  // GW-BASIC leaves insert mode on Enter and on every key that moves the cursor.
  constexpr int kEndsInsert[] = {kKeyEnter, kKeyLeft, kKeyRight, kKeyUp,
                                 kKeyDown,  kKeyHome, kKeyEnd};
  for (int k : kEndsInsert)
    if (key == k) inserting_ = false;
  switch (key) {
    case kKeyEnter:
      return read_line();
    case kKeyLeft:
      move_left();
      break;
    case kKeyRight:
      move_right();
      break;
    case kKeyUp:
      if (row > screen_->scroll_top()) screen_->set_cursor(row - 1, col());
      break;
    case kKeyDown:
      move_down();
      break;
    case kKeyHome:
      screen_->set_cursor(screen_->scroll_top(), 0);
      break;
    case kCtrlL:
      screen_->clear();
      begin();
      break;
    case kKeyEnd:
      to_line_end();
      break;
    case kKeyBackspace: {
      const int first = first_row(row);
      if (row == first && screen_->col() == 0) break;  // the start of the logical line
      if (!c64() && row == begin_row() && screen_->col() <= begin_col_) break;  // the prompt
      if (screen_->col() >= kCols)
        screen_->set_cursor(row, kCols - 1);  // past the end: the last character goes
      else
        move_left();
      delete_at(screen_->row(), screen_->col());
      break;
    }
    case kKeyDelete:
      if (screen_->col() < kCols) delete_at(row, screen_->col());
      break;
    case kKeyInsert:
      if (c64())
        (void)open_at(row, col());
      else
        inserting_ = !inserting_;
      break;
    case kEsc:
      if (!c64()) erase_line();
      break;
    default:
      if (key >= 32 && key <= 126) type(static_cast<char>(key));
      break;
  }
  return std::nullopt;
}

void ScreenEditor::type(char ch) {
  if (machine::describe(screen_->rules()).capitals && ch >= 'a' && ch <= 'z')
    ch = static_cast<char>(ch - 'a' + 'A');
  const int row = screen_->row();
  // A logical line holds what the machine reads at most (GW's 255 characters; the C64's
  // two rows end themselves): the rest is not taken.
  const std::size_t at = static_cast<std::size_t>((row - first_row(row)) * kCols + screen_->col());
  if (at >= machine::describe(screen_->rules()).max_typed_line) return;
  if (!c64() && screen_->col() >= kCols && row < screen_->scroll_bottom() &&
      !screen_->linked(row + 1)) {
    // Typing past the end of a row grows the logical line into a new row under it (GW
    // opens one rather than running into the line below).
    screen_->insert_row_below(row);
  }
  if (inserting_ && screen_->col() < kCols && !open_at(row, screen_->col())) return;
  screen_->put(std::string(1, ch));
}

void ScreenEditor::replace(std::string_view text) {
  inserting_ = false;
  const int row = begin_row();
  screen_->set_cursor(row, begin_col_);
  // The line closes up onto where it began; bounded by what a logical line can hold.
  for (int n = 0; n < kRows * kCols && !pending().empty(); ++n) delete_at(row, begin_col_);
  for (char c : text) type(c);
}

void ScreenEditor::move_left() {
  const int row = screen_->row();
  if (col() > 0)
    screen_->set_cursor(row, col() - 1);
  else if (row > screen_->scroll_top())
    screen_->set_cursor(row - 1, kCols - 1);
}

void ScreenEditor::move_right() {
  const int row = screen_->row();
  if (screen_->col() + 1 < kCols)
    screen_->set_cursor(row, screen_->col() + 1);
  else if (row < screen_->scroll_bottom())
    screen_->set_cursor(row + 1, 0);
}

void ScreenEditor::move_down() {
  const int row = screen_->row();
  const int bottom = screen_->scroll_bottom();
  if (row < bottom) {
    screen_->set_cursor(row + 1, col());
    return;
  }
  if (row > bottom || !machine::describe(screen_->rules()).down_scrolls) return;
  const int c = col();
  screen_->scroll();  // the bottom row: the screen moves up under the cursor
  screen_->set_cursor(bottom, c);
}

// The cells of the logical line after (row, col) move back one; its last cell is blanked.
void ScreenEditor::delete_at(int row, int col) {
  const int last = last_row(row);
  int r = row, c = col;
  while (r < last || c < kCols - 1) {
    int nr = c + 1 < kCols ? r : r + 1;
    int nc = c + 1 < kCols ? c + 1 : 0;
    screen_->set(r, c, screen_->at(nr, nc));
    r = nr;
    c = nc;
  }
  screen_->set(last, kCols - 1, ' ');
}

bool ScreenEditor::open_at(int row, int col) {
  if (screen_->at(last_row(row), kCols - 1) != ' ' && !grow_line(row)) return false;
  const int last = last_row(row);
  int r = last, c = kCols - 1;
  while (r > row || c > col) {
    int pr = c > 0 ? r : r - 1;
    int pc = c > 0 ? c - 1 : kCols - 1;
    screen_->set(r, c, screen_->at(pr, pc));
    r = pr;
    c = pc;
  }
  screen_->set(row, col, ' ');
  return true;
}

// The logical line under `row` takes one more row (its last cell is about to be pushed
// out): pc up to GW's 255 characters, c64 up to its two rows. At the bottom the screen
// scrolls first, and the cursor with it.
bool ScreenEditor::grow_line(int& row) {
  const int first = first_row(row), last = last_row(row);
  const int rows = last - first + 1;
  const bool room = c64() ? rows < 2
                          : static_cast<std::size_t>(rows * kCols) <
                                machine::describe(screen_->rules()).max_typed_line;
  // Below the scrolling rows (the pc's row 24) a line never grows; nor past a full area.
  const int bottom = screen_->scroll_bottom();
  if (!room || last > bottom || (last == bottom && first == screen_->scroll_top())) return false;
  if (last == bottom) {
    const int c = screen_->col();
    screen_->scroll();
    --row;
    screen_->set_cursor(row, c);
    screen_->insert_row_below(last - 1, true);
    return true;
  }
  screen_->insert_row_below(last, true);
  return true;
}

void ScreenEditor::erase_line() {
  const int first = first_row(screen_->row()), last = last_row(screen_->row());
  for (int r = first; r <= last; ++r)
    for (int c = 0; c < kCols; ++c) screen_->set(r, c, ' ');
  screen_->set_cursor(first, 0);
}

void ScreenEditor::to_line_end() {
  const int first = first_row(screen_->row()), last = last_row(screen_->row());
  for (int r = last; r >= first; --r) {
    std::string text = screen_->line(r);
    std::size_t end = text.find_last_not_of(' ');
    if (end == std::string::npos) continue;
    int c = static_cast<int>(end) + 1;
    if (c >= kCols) c = c64() ? kCols - 1 : kCols;
    screen_->set_cursor(r, c);
    return;
  }
  screen_->set_cursor(first, 0);
}

int ScreenEditor::begin_row() const {
  // The row begin() was on has moved up as often as the screen scrolled since.
  return begin_row_ - static_cast<int>(screen_->scrolls() - begin_scrolls_);
}

std::string ScreenEditor::pending() const {
  const int row = screen_->row();
  const int first = first_row(row), last = last_row(row);
  std::string text;
  for (int r = first; r <= last; ++r) text += screen_->line(r);
  if (begin_row() >= first && begin_row() <= last) {
    std::size_t start = static_cast<std::size_t>((begin_row() - first) * kCols + begin_col_);
    text.erase(0, std::min(start, text.size()));
  }
  text.erase(text.find_last_not_of(' ') + 1);
  const std::size_t most = machine::describe(screen_->rules()).max_typed_line;
  if (text.size() > most) text.resize(most);
  return text;
}

std::string ScreenEditor::read_line() {
  std::string text = pending();
  const int last = last_row(screen_->row());
  // The cursor at the end of the last row: the machine's newline goes on from there.
  std::string tail = screen_->line(last);
  std::size_t end = tail.find_last_not_of(' ');
  int c = end == std::string::npos ? 0 : static_cast<int>(end) + 1;
  screen_->set_cursor(last, std::min(c, c64() ? kCols - 1 : kCols));
  return text;
}

// ---- ScreenKeyboard -------------------------------------------------------------------

ScreenKeyboard::ScreenKeyboard(Terminal& term, machine::Screen& screen, Frame frame,
                               volatile std::sig_atomic_t* interrupt)
    : term_(&term),
      screen_(&screen),
      frame_(std::move(frame)),
      hint_(frame_.hint),
      interrupt_(interrupt),
      editor_(screen) {}

void ScreenKeyboard::redraw() {
  Frame f = frame_;
  f.cursor = std::make_pair(screen_->row(), std::min(screen_->col(), kCols - 1));
  if (editor_.inserting()) f.hint = "INSERT  " + hint_;
  term_->draw(*screen_, f);
  drawn_version_ = screen_->version();
  drawn_pixels_ = pixels_version();
}

uint64_t ScreenKeyboard::pixels_version() const {
  return frame_.machine_graphics != nullptr ? frame_.machine_graphics->version() : 0;
}

void ScreenKeyboard::keep(int key) {
  if (ahead_.size() < kMaxTypeAhead) ahead_.push_back(key);
}

void ScreenKeyboard::type(std::string_view keys) {
  for (char c : keys) keep(c == '\n' ? kKeyEnter : static_cast<unsigned char>(c));
}

namespace {
// The trap of `traps` that takes the terminal key `key` (KeyTraps::match), or -1.
int trap_of(const machine::KeyTraps& traps, int key) {
  const std::optional<machine::PcKey> pc = pc_key(key);
  return pc ? traps.match(*pc) : -1;
}
}  // namespace

int ScreenKeyboard::take_trap_key(const machine::KeyTraps& traps) {
  while (!trapped_.empty()) {  // (a trap switched off since then lets its key go)
    const int k = trap_of(traps, trapped_.front());
    trapped_.pop_front();
    if (k >= 0) return k;
  }
  for (auto it = ahead_.begin(); it != ahead_.end(); ++it) {
    const int k = trap_of(traps, *it);
    if (k < 0) continue;
    ahead_.erase(it);
    return k;
  }
  return -1;
}

// F1..F10 with texts (the pc's KEY n, "text"): the key's text is typed instead, a carriage
// return in it as Enter; its other control characters are left out (they are never the
// host's keys: a CHR$(3) in a text is no Ctrl-C). True when it was.
bool ScreenKeyboard::type_function_key(int key) {
  if (function_keys_ == nullptr || key < kKeyF1 || key >= kKeyF1 + machine::FunctionKeys::kCount)
    return false;
  const std::string& text = function_keys_->text(key - kKeyF1 + 1);
  for (auto it = text.rbegin(); it != text.rend(); ++it) {
    const auto c = static_cast<unsigned char>(*it);
    if (c == '\r') ahead_.push_front(kKeyEnter);
    if (c >= ' ') ahead_.push_front(c);
  }
  return true;
}

int ScreenKeyboard::next_key() {
  if (!ahead_.empty()) {
    int key = ahead_.front();
    ahead_.pop_front();
    return key;
  }
  // Pasted text comes at full speed: the screen is drawn when it stops coming.
  if (!pasting_) redraw();
  int key = term_->read_key(pasting_ ? 0 : 100);
  if (key == kKeyNone && pasting_) {
    redraw();
    key = term_->read_key(100);
  }
  return key;
}

std::optional<std::string> ScreenKeyboard::read_line() {
  interrupted_ = false;
  editor_.begin();
  if (history_ != nullptr) history_->start();
  for (;;) {
    if (interrupt_ != nullptr && *interrupt_ != 0) {
      interrupted_ = true;  // the flag stays set: an INPUT breaks
      second_ctrl_c_ = std::exchange(ctrl_c_armed_, true);
      redraw();
      return std::nullopt;
    }
    int key = next_key();
    if (key == kKeyNone || key == kKeyResize) continue;
    if (key == kKeyPasteStart || key == kKeyPasteEnd) {
      pasting_ = key == kKeyPasteStart;
      continue;
    }
    if (key == host_key_ && host_action_) {
      host_action_();
      redraw();
      continue;
    }
    if (term_->too_small()) {          // typing blind would surprise; the message says why
      if (key == 'q' || key == 'Q') {  // as the message offers
        left_ = true;
        return std::nullopt;
      }
      continue;
    }
    if (key == kKeyCtrlC) {  // a terminal in raw mode: no SIGINT came
      if (interrupt_ != nullptr) *interrupt_ = 1;
      continue;
    }
    if (key == kCtrlD && !pasting_) {
      if (!editor_.pending().empty()) continue;  // only an empty line leaves
      left_ = true;
      redraw();
      return std::nullopt;
    }
    ctrl_c_armed_ = false;
    if (history_ != nullptr && (key == kKeyUp || key == kKeyDown)) {
      auto recalled = key == kKeyUp ? history_->older(editor_.pending()) : history_->newer();
      if (recalled) editor_.replace(*recalled);
      continue;
    }
    if (held_traps_ != nullptr && trap_of(*held_traps_, key) >= 0) {
      if (trapped_.size() < kMaxTypeAhead) trapped_.push_back(key);
      continue;
    }
    if (type_function_key(key)) continue;
    if (key == '\t') key = ' ';
    if (auto line = editor_.key(key)) {
      redraw();
      return line;
    }
  }
}

void ScreenKeyboard::poll() {
  const double now = now_seconds();
  if (now - last_poll_ < 0.02) return;
  last_poll_ = now;
  redraw_changed();
  for (int n = 0; n < 4096; ++n) {
    int key = term_->read_key(0);
    if (key == kKeyNone) break;
    running_key(key);
  }
}

void ScreenKeyboard::redraw_changed() {
  if (screen_->version() != drawn_version_ || pixels_version() != drawn_pixels_) redraw();
}

// A key typed while a program runs: Ctrl-C (and Esc, the c64's RUN/STOP) breaks, the host's
// key acts, the rest is kept for the program or the next line.
void ScreenKeyboard::running_key(int key) {
  if (key == kKeyResize) return;
  if (key == kKeyPasteStart || key == kKeyPasteEnd) {
    pasting_ = key == kKeyPasteStart;
    return;
  }
  const bool stop_key = key == kKeyCtrlC ||
                        (key == kEsc && !pasting_ && machine::describe(screen_->rules()).esc_stops);
  if (stop_key) {
    if (interrupt_ != nullptr) *interrupt_ = 1;
    return;
  }
  if (key == host_key_ && host_action_) {
    host_action_();
    redraw();
    return;
  }
  keep(key);
}

std::optional<std::string> ScreenKeyboard::take_key(bool wait) {
  poll();
  for (;;) {
    while (!ahead_.empty()) {
      const int key = ahead_.front();
      ahead_.pop_front();
      std::string bytes = machine_key_bytes(key, screen_->rules(), function_keys_);
      if (!bytes.empty()) return bytes;
    }
    if (!wait) return std::string();
    if (interrupt_ != nullptr && *interrupt_ != 0) return std::nullopt;
    redraw_changed();
    const int key = term_->read_key(100);
    if (key != kKeyNone) running_key(key);
  }
}

}  // namespace amazing::tui
