#include "machine/printer.hpp"

#include <string>

namespace amazing::machine {

void Printer::raw(std::string_view text) {
  if (width_ <= 0) {
    sink_->put(text);
    column_ += static_cast<int>(text.size());
    return;
  }
  // A line that reached the width breaks before its next character, not right away: a
  // full line followed by a newline prints no empty line (GW-BASIC's cursor "past the
  // end").
  while (!text.empty()) {
    if (column_ >= width_) {
      sink_->put("\n");
      column_ = 0;
    }
    std::size_t room = static_cast<std::size_t>(width_ - column_);
    std::string_view part = text.substr(0, room);
    sink_->put(part);
    column_ += static_cast<int>(part.size());
    text.remove_prefix(part.size());
  }
}

void Printer::print(std::string_view item) {
  // Text with its own line ends: each piece is an item of its own.
  for (std::size_t nl; (nl = item.find('\n')) != std::string_view::npos;) {
    print(item.substr(0, nl));
    newline();
    item.remove_prefix(nl + 1);
  }
  if (item.empty()) return;
  int len = static_cast<int>(item.size());
  if (width_ > 0 && column_ > 0 && column_ + len > width_) newline();
  raw(item);
}

void Printer::newline() {
  sink_->put("\n");
  column_ = 0;
}

void Printer::comma() {
  // PC-BASIC: next_zone = column / 14 + 1; from the last zone a new line starts.
  int next_zone = column_ / kZoneWidth + 1;
  if (width_ > 0) {
    int zones = width_ / kZoneWidth > 1 ? width_ / kZoneWidth : 1;
    if (next_zone >= zones && width_ >= kZoneWidth) {
      newline();
      return;
    }
  }
  raw(std::string(static_cast<std::size_t>(next_zone * kZoneWidth - column_), ' '));
}

void Printer::tab(int n) {
  if (width_ > 0 && n > width_) n = (n - 1) % width_ + 1;
  if (n < 1) n = 1;
  int target = n - 1;
  if (column_ > target) newline();
  if (target > column_) raw(std::string(static_cast<std::size_t>(target - column_), ' '));
}

void Printer::spc(int n) {
  if (n < 0) n = 0;
  if (width_ > 0) n %= width_;
  if (n > 0) raw(std::string(static_cast<std::size_t>(n), ' '));
}

}  // namespace amazing::machine
