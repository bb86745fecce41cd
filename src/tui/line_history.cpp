#include "tui/line_history.hpp"

namespace amazing::tui {

void LineHistory::add(const std::string& line) {
  if (line.find_first_not_of(' ') == std::string::npos) return;
  if (!lines_.empty() && lines_.back() == line) return;
  lines_.push_back(line);
  if (lines_.size() > kMaxLines) lines_.pop_front();
  start();
}

void LineHistory::start() {
  at_ = lines_.size();
  typed_.clear();
}

std::optional<std::string> LineHistory::older(const std::string& typed) {
  if (at_ == 0) return std::nullopt;
  if (at_ == lines_.size()) typed_ = typed;
  return lines_[--at_];
}

std::optional<std::string> LineHistory::newer() {
  if (at_ >= lines_.size()) return std::nullopt;
  ++at_;
  return at_ == lines_.size() ? typed_ : lines_[at_];
}

}  // namespace amazing::tui
