#include "tui/session.hpp"

#include <thread>

#include "tui/keys.hpp"

namespace amazing::tui {

double now_seconds() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

core::Result<int> parse_baud(std::string_view text) {
  if (text == "instant" || text == "0") return 0;
  int v = 0;
  for (char c : text) {
    if (c < '0' || c > '9' || v > 10'000'000)
      return core::Error{
          "--baud wants 'instant' or a rate in bits per second such as 300, "
          "1200 or 9600 (got '" +
          std::string(text) + "')"};
    v = v * 10 + (c - '0');
  }
  if (text.empty() || v < 50)
    return core::Error{"--baud wants 'instant' or a rate of at least 50 bits per second (got '" +
                       std::string(text) + "')"};
  return v;
}

void ScreenView::put(std::string_view text) {
  if (baud_ <= 0) return;  // instant: drawn when the program waits for input or ends
  debt_ += static_cast<double>(text.size()) * 10.0 / baud_;
  redraw();
  if (debt_ >= 0.015) {
    std::this_thread::sleep_for(std::chrono::duration<double>(debt_));
    debt_ = 0;
  }
}

std::optional<std::string> ScreenLineInput::read_line() {
  std::string line;
  for (;;) {
    Frame f = frame_;
    f.cursor = std::make_pair(screen_->row(), std::min(screen_->col(), 39));
    term_->draw(*screen_, f);
    int key = term_->read_key(-1);
    if (key == kKeyNone || key == kKeyResize) continue;
    if (term_->too_small()) continue;  // typing blind would surprise; the message says why
    if (key == kKeyEnter) return line;
    if ((key == 4 && line.empty()) || key == 27) {  // Ctrl-D, Esc
      ended_ = true;
      return std::nullopt;
    }
    if (key == kKeyBackspace) {
      if (line.empty()) continue;
      line.pop_back();
      // Step the cursor back one place (to the end of the line above after a wrap) and
      // rub the character out.
      int row = screen_->row(), col = screen_->col();
      if (col == 0 && row > 0) row -= 1, col = machine::Screen::kColumns;
      if (col > 0) col -= 1;
      screen_->set_cursor(row, col);
      screen_->put(" ");
      screen_->set_cursor(row, col);
      continue;
    }
    if (key >= 32 && key <= 126 && line.size() < kMaxLine) {
      if (screen_->rules() == machine::Rules::kC64) {
        // The C64's keyboard types capitals, and its screen editor reads at most one
        // logical line (80 characters): the last cell of a linked second row is the end.
        if (screen_->linked(screen_->row()) && screen_->col() == machine::Screen::kColumns - 1)
          continue;
        if (key >= 'a' && key <= 'z') key -= 'a' - 'A';
      }
      line.push_back(static_cast<char>(key));
      screen_->put(std::string(1, static_cast<char>(key)));
    }
  }
}

int wait_key(Terminal& term, const machine::Screen& screen, const Frame& frame) {
  for (;;) {
    term.draw(screen, frame);
    int key = term.read_key(-1);
    if (key != kKeyNone && key != kKeyResize) return key;
  }
}

Frame play_frame(std::optional<Palette> palette) {
  Frame frame{.title = "AMAZING",
              .hint = "ARROWS, HJKL OR W A D SHIFT-S MOVE",
              .play = true,
              .cursor = std::nullopt};
  frame.palette = palette;
  return frame;
}

core::Status run_play(Terminal& term, PlayGame& game, std::optional<Palette> palette) {
  const Frame frame = play_frame(palette);
  term.enable_mouse(true);  // a click walks to a cell
  core::Status result = core::Ok{};
  while (!game.quit()) {
    if (Watch* watch = game.watching()) {  // r, or play --watch
      run_watch(term, *watch, palette);
      game.end_watch(now_seconds());
    }
    if (SolverWatch* solver = game.solving()) {  // m
      run_stepper(term, *solver, "SPACE PAUSES, ARROWS STEP, HOME/END", palette);
      game.end_solving(now_seconds());
    }
    term.draw(game.render(now_seconds()), frame);
    // A timeout keeps the clock on the status line running.
    int key = term.read_key(250);
    if (key == kKeyNone || key == kKeyResize) continue;
    Action a = play_action(key);
    if (term.too_small() && a != Action::kQuit) continue;  // nothing to see while too small
    const auto [row, col] = term.last_click();
    auto status = key == kKeyMouse ? game.click(row, col, now_seconds())
                                   : game.handle(a, now_seconds());
    if (!status) {
      result = status;
      break;
    }
  }
  term.enable_mouse(false);
  return result;
}

}  // namespace amazing::tui
