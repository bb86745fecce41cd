// amazing run FILE --watch: the files a run depends on, polled for changes (size and
// modification time, at most every kPollMs), a Console that polls them while a game runs
// (the Engine stops on the flag: lua::Engine::stop_when), and the wait between runs.
// Portable and simple: no inotify, a few stat calls four times a second.
//
//   WatchedFiles files(opt.file, {"scripts/lib"});
//   WatchingConsole console(run_console, files);        // machine.set_console(&console)
//   engine.stop_when(&files.changed_flag());
//   ... run ...
//   if (files.changed_flag()) run again; else if (wait_for_change(term, screen, frame, files)) ...
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "machine/console.hpp"
#include "machine/screen.hpp"
#include "tui/terminal.hpp"

namespace amazing::cli {

class WatchedFiles {
 public:
  static constexpr int kPollMs = 250;
  // Modules under a lib folder at most (the rest is not watched; a folder tree that big
  // is not a script's modules).
  static constexpr std::size_t kMaxFiles = 1000;

  // `file` and every *.lua file under each of `lib_dirs` (missing folders are fine: a file
  // that appears there later counts as a change).
  WatchedFiles(std::string file, std::vector<std::string> lib_dirs);

  // Looks at the disk (at most every kPollMs) and raises the flag when
  // anything watched changed since the last look that raised it.
  bool poll();
  bool& changed_flag() { return changed_; }
  // Takes the current state as the new starting point and lowers the flag (before a run).
  void rearm();

 private:
  struct Stamp {
    std::uintmax_t size = 0;
    std::filesystem::file_time_type time{};
    bool operator==(const Stamp&) const = default;
  };
  std::map<std::string, Stamp> snapshot() const;

  std::string file_;
  std::vector<std::string> lib_dirs_;
  std::map<std::string, Stamp> seen_;
  std::chrono::steady_clock::time_point next_look_{};
  bool changed_ = false;
};

// The run's console, polling `files` at each call: a game that sleeps or reads keys
// stops at once when its file changes. sleep(ms) sleeps in steps of kPollMs.
class WatchingConsole : public machine::Console {
 public:
  WatchingConsole(machine::Console& inner, WatchedFiles& files) : inner_(&inner), files_(&files) {}
  std::string inkey() override;
  void show() override;
  void sleep(int ms) override;

 private:
  machine::Console* inner_;
  WatchedFiles* files_;
};

// Between runs: shows `screen` with a hint in `frame` and waits. true: a watched file
// changed (run again); false: the user pressed Esc, q or Ctrl-D (leave).
bool wait_for_change(tui::Terminal& term, const machine::Screen& screen, tui::Frame frame,
                     WatchedFiles& files);
// The same with `message` (a script that cannot be read) on a blank screen.
bool wait_for_change(tui::Terminal& term, const std::string& message, WatchedFiles& files);

}  // namespace amazing::cli
