#include "machine/log.hpp"

#include <unistd.h>

#include <cstdio>
#include <string>

namespace amazing::machine {

namespace {

// Standard error is one per process, and so is its hold.
struct Held {
  int holds = 0;
  bool keep = false;  // stderr is a terminal the held view draws on
  std::string lines;
  std::size_t dropped = 0;
};

Held& held() {
  static Held state;
  return state;
}

void write_stderr(std::string_view text) {
  std::fwrite(text.data(), 1, text.size(), stderr);
  std::fflush(stderr);
}

}  // namespace

void log_line(std::string_view line) {
  Held& h = held();
  if (h.holds > 0 && h.keep) {
    if (h.lines.size() + line.size() + 1 > kHeldBytes) {
      ++h.dropped;
      return;
    }
    h.lines.append(line).push_back('\n');
    return;
  }
  std::string text(line);
  text.push_back('\n');
  write_stderr(text);
}

LogHold::LogHold() {
  Held& h = held();
  if (h.holds++ == 0) h.keep = isatty(STDERR_FILENO) != 0;
}

LogHold::~LogHold() {
  release();
}

void LogHold::release() {
  if (!active_) return;
  active_ = false;
  Held& h = held();
  if (--h.holds > 0) return;
  write_stderr(h.lines);
  if (h.dropped > 0)
    write_stderr("(" + std::to_string(h.dropped) +
                 " more lines of amazing.log did not fit while the screen was shown)\n");
  h.lines.clear();
  h.dropped = 0;
}

}  // namespace amazing::machine
