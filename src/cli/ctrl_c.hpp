// Ctrl-C at a screen prompt (amazing basic, the Lua prompt of amazing run): instead of
// the Terminal's own handler, which ends the program, SIGINT sets g_break, and the prompt
// breaks what runs (basic::PromptOptions::interrupt, lua::Engine::set_interrupt) or drops
// the line being typed (tui::ScreenKeyboard).
#pragma once

#include <signal.h>

#include <csignal>

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

}  // namespace amazing::cli
