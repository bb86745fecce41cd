// Ctrl-C at a screen prompt (amazing basic, the Lua prompt of amazing run): instead of
// the Terminal's own handler, which ends the program, SIGINT sets g_break, and the prompt
// breaks what runs (basic::PromptOptions::interrupt, lua::Engine::set_interrupt) or drops
// the line being typed (tui::ScreenKeyboard).
#pragma once

#include <signal.h>
#include <unistd.h>

#include <csignal>
#include <cstring>

#include "cli/exit_status.hpp"

namespace amazing::cli {

inline volatile std::sig_atomic_t g_break = 0;

inline void on_break(int) {
  g_break = 1;
}

inline void break_on_ctrl_c() {
  struct sigaction sa {};
  sa.sa_handler = on_break;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;  // a line being read goes on being read
  sigaction(SIGINT, &sa, nullptr);
}

// A run without a prompt to return to (run FILE --batch, basic FILE, the Lua prompt on
// standard input): Ctrl-C ends it with `message` (one line, from a string literal) on
// standard error and exit status 130 (exit_status.hpp), as gen ends. An inherited SIG_IGN
// stays (a background job's Ctrl-C is not its own).
inline const char* g_interrupt_message = "";

inline void on_interrupt(int) {
  const char* m = g_interrupt_message;
  [[maybe_unused]] ssize_t w = write(STDERR_FILENO, m, std::strlen(m));
  _exit(exit_status(Ending::kInterrupted));
}

inline void stop_on_ctrl_c(const char* message) {
  struct sigaction old {};
  if (sigaction(SIGINT, nullptr, &old) != 0) return;
  if ((old.sa_flags & SA_SIGINFO) == 0 && old.sa_handler == SIG_IGN) return;
  g_interrupt_message = message;
  struct sigaction sa {};
  sa.sa_handler = on_interrupt;
  sigfillset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
}

}  // namespace amazing::cli
