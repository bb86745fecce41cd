// A program's debug lines (amazing.log): standard error, one line each, written at once.
// While a full-screen view owns the terminal (a LogHold lives) and standard error is that
// terminal, the lines wait instead (at most kHeldBytes of them; past that they are
// counted) and are written when the hold ends, so they never land on the screen.
//   machine::log_line("size 10 x 12");           // "size 10 x 12\n" on stderr
//   { machine::LogHold hold; ... curses ...; term.reset(); hold.release(); }
#pragma once

#include <cstddef>
#include <string_view>

namespace amazing::machine {

inline constexpr std::size_t kHeldBytes = 64 * 1024;

// Writes `line` (printable text, no line end) and a line end to standard error, or keeps
// it while a LogHold lives.
void log_line(std::string_view line);

class LogHold {
 public:
  LogHold();
  ~LogHold();
  LogHold(const LogHold&) = delete;
  LogHold& operator=(const LogHold&) = delete;
  // Ends the hold now (the terminal is given back): what was kept is written, with a
  // line saying how many lines did not fit. Later calls do nothing.
  void release();

 private:
  bool active_ = true;
};

}  // namespace amazing::machine
