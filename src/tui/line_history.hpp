// LineHistory: the lines typed at a prompt, recalled with the arrow keys (the Lua prompt's
// ScreenKeyboard::set_history). Up gives the line before the one shown, Down the one after
// it, and past the newest the line that was being typed when Up was first pressed.
//
//   LineHistory h;  h.add("1+1");  h.add("x=2");
//   h.start();                 // a new line is being typed
//   h.older("pri") == "x=2";  h.older("") == "1+1";  h.older("") == nullopt (the oldest)
//   h.newer() == "x=2";  h.newer() == "pri";  h.newer() == nullopt
#pragma once

#include <cstddef>
#include <deque>
#include <optional>
#include <string>

namespace amazing::tui {

class LineHistory {
 public:
  static constexpr std::size_t kMaxLines = 500;  // the oldest go first
  // A line that was entered; blank lines and a repeat of the newest are not kept.
  void add(const std::string& line);
  // A new line is being typed: Up starts from the newest line again.
  void start();
  // The line before the one shown; `typed` is what is on the line now (Down comes back to
  // it). nullopt at the oldest.
  std::optional<std::string> older(const std::string& typed);
  // The line after the one shown; nullopt when the line being typed is shown.
  std::optional<std::string> newer();
  std::size_t size() const { return lines_.size(); }

 private:
  std::deque<std::string> lines_;
  std::size_t at_ = 0;  // lines_.size(): the line being typed is shown
  std::string typed_;
};

}  // namespace amazing::tui
