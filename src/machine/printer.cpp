#include "machine/printer.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "core/text.hpp"

namespace amazing::machine {

void Printer::raw(std::string_view text) {
  sink_->put(text);
  if (!text.empty()) last_ = text.back();
  if (file()) {
    // Only the bytes that print move the column; a carriage return takes it back to 0.
    for (char c : text) {
      if (c == '\r') column_ = 0;
      if (static_cast<unsigned char>(c) >= 0x20) column_ = (column_ + 1) % kFileColumns;
    }
    return;
  }
  if (rules_ == Rules::kC64) {
    // The column in the C64's logical line: after 80 characters a new one starts.
    column_ = (column_ + static_cast<int>(text.size())) % kC64LogicalLine;
    return;
  }
  if (width_ <= 0) {
    column_ += static_cast<int>(text.size());
    return;
  }
  // A text longer than the line wraps on the screen (the Screen does that itself); the
  // column follows the cursor there. No line break is written into the text: PC-BASIC's
  // standard output shows a long item unbroken. A line that reached the width leaves the
  // cursor "past the end" (column == width) until the next character. The screen's
  // control characters move the cursor instead (gw_controls.hpp).
  for (char c : text) {
    const GwControl control = gw_control(c);  // the c64 and files returned above
    if (control == GwControl::kNone) {
      step(c);
    } else if (control == GwControl::kTab) {
      for (int n = gw_tab_blanks({row_, column_}, width_); n > 0; --n) step(' ');
    } else if (control == GwControl::kBell) {
      ++bells_;
    } else {
      if (control == GwControl::kClear) clear_page(scroll_top_, scroll_bottom_);
      GwCursor at{row_, column_};
      gw_move(control, at, area());
      row_ = at.row;
      column_ = at.col;
    }
  }
}

void Printer::step(char c) {
  // On GW-BASIC's 25th row (below the rows that scroll) nothing wraps: the character takes
  // the last column again.
  if (column_ >= width_ && !gw_key_row(row_, area())) column_ = 0, next_row();
  if (page_ != nullptr) page_->put(row_, std::min(column_, width_ - 1), static_cast<uint8_t>(c));
  if (column_ < width_) ++column_;
}

int Printer::shown_width(std::string_view item) {
  int n = 0;
  for (char c : item) {
    if (c == '\b') --n;  // PC-BASIC counts a backspace as taking one away
    if (static_cast<unsigned char>(c) >= 0x20) ++n;
  }
  return n;
}

bool Printer::file_breaks_before(std::string_view item) const {
  if (width_ == kFileWidth || column_ == 0) return false;
  if (item.find_first_of("\r\n") != std::string_view::npos) return false;
  const auto shown = std::count_if(item.begin(), item.end(),
                                   [](char c) { return static_cast<unsigned char>(c) >= 0x20; });
  return column_ + shown > width_;
}

void Printer::print(std::string_view item) {
  if (file()) {
    if (file_breaks_before(item)) newline();
    raw(item);  // its CR and LF bytes as they are
    return;
  }
  // Text with its own line ends: each piece is an item of its own. On the pc a carriage
  // return (CHR$(13)) ends the line too: GW-BASIC's screen moves to the next line's start,
  // and PC-BASIC writes CR LF for it.
  const char* line_ends = rules_ == Rules::kPc ? "\r\n" : "\n";
  for (std::size_t nl; (nl = item.find_first_of(line_ends)) != std::string_view::npos;) {
    print(item.substr(0, nl));
    newline();
    item.remove_prefix(nl + 1);
  }
  if (item.empty()) return;
  if (rules_ == Rules::kC64) {
    raw(item);  // the screen editor wraps; no line-break decision here
    return;
  }
  // After a full line edge_column() is width - 1: a 1-character item still goes on. The
  // control characters take no room; nothing breaks on GW-BASIC's 25th row.
  const int len = shown_width(item);
  if (width_ > 0 && column_ > 0 && !gw_key_row(row_, area()) && edge_column() + len > width_)
    newline();
  raw(item);
}

std::string Printer::expand_typed_tabs(std::string_view typed) const {
  if (rules_ != Rules::kPc || file() || typed.find('\t') == std::string_view::npos)
    return std::string(typed);
  constexpr int kTabStop = 8;
  const bool rows = width_ > 0;
  std::string line;
  std::size_t moved = 0;  // blanks a tab moved over: in the line once something follows
  int column = rows ? column_ % width_ : column_;
  for (char c : typed) {
    if (c != '\t') {
      line.append(std::exchange(moved, 0), ' ');
      line += c;
      column = rows ? (column + 1) % width_ : column + 1;
      continue;
    }
    const int stop = (column / kTabStop + 1) * kTabStop;
    if (rows && stop >= width_) {
      line.clear();  // the next row: a new logical line
      moved = 0;
      column = 0;
      continue;
    }
    moved += static_cast<std::size_t>(stop - column);
    column = stop;
  }
  return line;
}

std::string Printer::typed_line(std::string_view typed, bool echo) {
  std::string line;
  if (rules_ == Rules::kPc && width_ > 0 && column_ >= width_) line += last_;
  line += expand_typed_tabs(typed);
  if (echo) {
    // Echoed through core::printable, as every engine echoes: terminal controls (ESC,
    // BEL, a stray byte that is no UTF-8, C1's CSI) show as escapes, so typed input
    // cannot drive the terminal the transcript goes to; the program still gets the bytes
    // as typed.
    raw(core::printable(line));
  }
  return line;
}

void Printer::newline() {
  column_ = 0;
  if (file()) {
    sink_->put("\r\n");  // a DOS text file's line end
    return;
  }
  sink_->put("\n");
  next_row();
}

void Printer::rights(int n) {
  for (int k = 0; k < n; ++k) sink_->put(kC64Right);
  column_ = (column_ + n) % kC64LogicalLine;
}

void Printer::comma() {
  if (rules_ == Rules::kC64) {
    rights(kC64ZoneWidth - column_ % kC64ZoneWidth);
    return;
  }
  // Print zones are 14 columns wide. The comma goes to the start of the next zone if that
  // zone still has its 14 columns before the width; if not (the cursor is in the last
  // full zone or beyond it), it ends the line instead. Lines narrower than one zone, and
  // unlimited ones, never end here.
  const int next_zone_start = (edge_column() / kZoneWidth + 1) * kZoneWidth;
  if (!unlimited() && width_ >= kZoneWidth && next_zone_start > width_ - kZoneWidth) {
    newline();
    return;
  }
  raw(std::string(static_cast<std::size_t>(next_zone_start - column_), ' '));
}

void Printer::tab(int n) {
  if (rules_ == Rules::kC64) {
    if (n > 255) n = 255;
    if (n > column_) rights(n - column_);
    return;
  }
  // TAB(n) aims at the 0-based column n - 1: past the width it counts on around the line
  // (TAB(85) at width 80 is TAB(5)), and below 1 it is the first column.
  int target = n - 1;
  if (width_ > 0 && target >= width_) target %= width_;
  if (target < 0) target = 0;
  // When the cursor is already beyond it, the line ends first. After a full line the
  // cursor counts as on the last column: TAB(width) stays there.
  if (edge_column() > target) newline();
  const int col = edge_column();
  if (target > col) raw(std::string(static_cast<std::size_t>(target - col), ' '));
}

void Printer::spc(int n) {
  if (rules_ == Rules::kC64) {
    rights(n < 0 ? 0 : n > 255 ? 255 : n);
    return;
  }
  // SPC(n): n spaces, less any whole lines in them; none for a negative n.
  const int count = n < 0 ? 0 : width_ > 0 ? n % width_ : n;
  if (count > 0) raw(std::string(static_cast<std::size_t>(count), ' '));
}

}  // namespace amazing::machine
