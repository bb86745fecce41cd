// The C64's screen rules for Screen (Rules::kC64), its banner and colours; the rules are
// stated in c64_screen.hpp. How the scroll and the line extension move the cursor and the
// link table follows the logic of the C64 KERNAL's screen editor (Commodore's source, as
// kept in the Commander X16 KERNAL's kernal/editor.2.s: `scrol` scrolls again while the
// top row is a continuation ("double line?"), moving the cursor row with the text;
// `newlin` opens a row under the logical line, or scrolls when it ends on the bottom row);
// read to learn from, written here anew.
#include "machine/c64_screen.hpp"

#include <cstring>

namespace amazing::machine {

int Screen::c64_scroll() {
  // The KERNAL's scroll: up one row, and again while the new top row continues the row
  // that just left, so a linked logical line leaves whole. The cursor moves with the text.
  int rows = 0;
  do {
    scroll();
    ++rows;
  } while (links_[0] && rows < kRows);
  links_[0] = false;
  row_ -= rows;
  return rows;
}

void Screen::c64_insert_below(int row) {
  // Opens an empty row under `row`: the rows below move down one, the bottom one (of the
  // scrolling rows, when `row` is one of them) is lost.
  int from = row + 1;
  const int last = row < scroll_bottom_ ? scroll_bottom_ : kRows - 1;
  if (from > last) return;
  std::memmove(cells() + (from + 1) * kColumns, cells() + from * kColumns,
               static_cast<std::size_t>(last - from) * kColumns);
  std::memset(cells() + from * kColumns, kBlank, kColumns);
  std::memmove(attributes_.data() + (from + 1) * kColumns, attributes_.data() + from * kColumns,
               static_cast<std::size_t>(last - from) * kColumns);
  std::memset(attributes_.data() + from * kColumns, attribute_, kColumns);
  std::memmove(reversed_.data() + (from + 1) * kColumns, reversed_.data() + from * kColumns,
               static_cast<std::size_t>(last - from) * kColumns);
  std::memset(reversed_.data() + from * kColumns, 0, kColumns);
  for (int r = last; r > from; --r) links_[r] = links_[r - 1];
  links_[from] = false;
}

void Screen::c64_advance() {
  if (col_ + 1 < kColumns) {
    ++col_;
    return;
  }
  col_ = 0;
  if (!links_[row_]) {
    // The first row of a logical line: the next row becomes its second (it may be
    // already, when the cursor was put back on a linked line).
    if (row_ + 1 < kRows && links_[row_ + 1]) {
      ++row_;
      return;
    }
    if (row_ == kRows - 1) {
      c64_scroll();
    } else {
      c64_insert_below(row_);
    }
    ++row_;
    links_[row_] = true;
    return;
  }
  // The end of an 80-character logical line: the next row starts a new one.
  ++row_;
  if (row_ >= kRows) {
    row_ = kRows - 1;
    c64_scroll();
    ++row_;
  }
  links_[row_] = false;
}

void Screen::c64_line_end() {
  int next = row_ + 1;
  while (next < kRows && links_[next]) ++next;
  while (next >= kRows) {
    int before = row_;
    c64_scroll();
    next -= before - row_;
  }
  row_ = next;
  col_ = 0;
}

// An ANSI sequence of the recordings' (ESC [ parameters final): the cursor moves, the
// clear and RVS ON and OFF the C64's PETSCII codes make (basic/c64_dialect.cpp writes
// them). A colour's sequence (0;31;40 and the like) leaves RVS as it is, as on the C64.
void Screen::c64_sequence(char final) {
  switch (final) {
    case 'm':
      if (escape_parameters_ == "7") rvs_ = true;
      if (escape_parameters_ == "0") rvs_ = false;
      break;
    case 'C':
      c64_advance();
      break;
    case 'D':
      if (col_ > 0) --col_;
      break;
    case 'A':
      if (row_ > 0) --row_;
      break;
    case 'B':
      if (row_ + 1 < kRows) ++row_;
      break;
    case 'J':
      clear();
      break;
    case 'H':
    case 'f':
      row_ = 0;
      col_ = 0;
      break;
    default:
      break;
  }
}

void Screen::put_c64(std::string_view text) {
  for (char ch : text) {
    auto byte = static_cast<unsigned char>(ch);
    if (escape_ == 1) {
      escape_ = ch == '[' ? 2 : 0;
      escape_parameters_.clear();
      if (escape_ == 2) continue;
    } else if (escape_ == 2) {
      if (byte < 0x40 || byte > 0x7e) {  // the parameters
        if (escape_parameters_.size() < 16) escape_parameters_ += ch;
        continue;
      }
      escape_ = 0;
      after_cr_ = false;
      c64_sequence(ch);
      continue;
    }
    if (ch == '\n' && after_cr_) {
      after_cr_ = false;
      continue;
    }
    after_cr_ = ch == '\r';
    if (byte == 0x1b) {
      escape_ = 1;
    } else if (ch == '\n' || ch == '\r') {
      quote_ = false;
      rvs_ = false;  // the KERNAL's CR turns RVS off too
      c64_line_end();
    } else if ((!is_petscii_control(byte) && byte != 0x7f) ||
               (quote_ && c64_quoted_control(byte))) {
      // In quote mode a control code takes a cell (shown reversed); out of it the codes
      // left here (no ESC [ form) do nothing, as on the C64.
      if (ch == '"') quote_ = !quote_;
      cells()[row_ * kColumns + col_] = byte;
      attributes_[static_cast<std::size_t>(row_ * kColumns + col_)] = attribute_;
      reversed_[static_cast<std::size_t>(row_ * kColumns + col_)] = rvs_ ? 1 : 0;
      c64_advance();
    }
  }
  ++version_;
}

std::string c64_banner(long bytes_free) {
  // The messages of the C64's BASIC ROM ($E45F-$E4AB, with READY. at $A378): clear
  // screen, CR, "    **** COMMODORE 64 BASIC V2 ****", CR CR, " 64K RAM SYSTEM  ", the
  // bytes free, " BASIC BYTES FREE", CR, then CR "READY." CR. Sources: a disassembly of
  // that ROM area (search corpus, "BASIC vectors and startup messages"), and the power-on
  // screen as quoted on 40 columns ("    **** COMMODORE 64 BASIC V2 ****" / " 64K RAM
  // SYSTEM  38911 BASIC BYTES FREE" / "READY.", blank rows between).
  return "\n    **** COMMODORE 64 BASIC V2 ****\n\n 64K RAM SYSTEM  " + std::to_string(bytes_free) +
         " BASIC BYTES FREE\n\nREADY.\n";
}

void show_c64_banner(Screen& screen, long bytes_free) {
  screen.clear();  // (the banner's first line end turns RVS off)
  screen.put(c64_banner(bytes_free));
}

}  // namespace amazing::machine
