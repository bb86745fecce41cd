#include "tui/run_console.hpp"

#include <chrono>

#include "tui/keys.hpp"

namespace amazing::tui {

void RunConsole::show() {
  term_->draw(*screen_, frame_);
  shown_version_ = screen_->version();
}

void RunConsole::keep(int key) {
  if (key == kKeyResize) {
    show();
    return;
  }
  for (std::string& name : decoder_.feed(key)) queue(std::move(name));
}

void RunConsole::queue(std::string key) {
  if (queued_.size() < kMaxQueued) queued_.push_back(std::move(key));
}

void RunConsole::finish_character() {
  while (decoder_.waiting()) {
    int key = term_->read_key(kCharacterWaitMs);
    if (key == kKeyNone) {
      for (std::string& byte : decoder_.flush()) queue(std::move(byte));
      return;
    }
    keep(key);
  }
}

std::string RunConsole::inkey() {
  read_keys_ = true;
  // The screen as the program left it is what the key answers: show changes first.
  if (screen_->version() != shown_version_) show();
  if (queued_.empty()) {
    // A resize or two may come before a key; never wait.
    for (int i = 0; i < 4 && queued_.empty(); ++i) {
      int key = term_->read_key(0);
      if (key == kKeyNone) break;
      keep(key);
    }
    finish_character();
  }
  if (queued_.empty()) return {};
  std::string key = std::move(queued_.front());
  queued_.pop_front();
  return key;
}

void RunConsole::sleep(int ms) {
  using Clock = std::chrono::steady_clock;
  show();
  const auto end = Clock::now() + std::chrono::milliseconds(ms);
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - Clock::now()).count();
    if (left <= 0) return;
    // curses waits in poll: no CPU time, and Ctrl-C still raises SIGINT.
    int key = term_->read_key(static_cast<int>(left));
    if (key != kKeyNone) keep(key);
  }
}

}  // namespace amazing::tui
