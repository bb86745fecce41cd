#include "machine/screen.hpp"

#include "machine/charset.hpp"
#include "machine/gw_controls.hpp"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <vector>

namespace amazing::machine {

core::Result<Screen> Screen::create(core::Ram& ram, Rules rules) {
  auto block = ram.allocate(kBytes, "the 40x25 screen");
  if (!block) return block.error();
  return Screen(std::move(block).value(), rules);
}

Screen::Screen(core::RamBlock memory, Rules rules)
    : memory_(std::move(memory)),
      scroll_bottom_(rules == Rules::kC64 ? kRows - 1 : kRows - 2),
      rules_(rules),
      attribute_(default_attribute(rules)) {
  std::memset(cells(), kBlank, kBytes);
  attributes_.fill(attribute_);
}

void Screen::set_scroll_area(int top, int bottom) {
  assert(0 <= top && top <= bottom && bottom < kRows);
  scroll_top_ = top;
  scroll_bottom_ = bottom;
}

void Screen::scroll() {
  const std::size_t top = static_cast<std::size_t>(scroll_top_) * kColumns;
  const std::size_t bottom = static_cast<std::size_t>(scroll_bottom_) * kColumns;
  std::memmove(cells() + top, cells() + top + kColumns, bottom - top);
  std::memset(cells() + bottom, kBlank, kColumns);
  std::memmove(attributes_.data() + top, attributes_.data() + top + kColumns, bottom - top);
  std::memset(attributes_.data() + bottom, attribute_, kColumns);
  std::memmove(reversed_.data() + top, reversed_.data() + top + kColumns, bottom - top);
  std::memset(reversed_.data() + bottom, 0, kColumns);
  for (int r = scroll_top_; r < scroll_bottom_; ++r) links_[r] = links_[r + 1];
  links_[static_cast<std::size_t>(scroll_bottom_)] = false;
  ++scrolls_;
  ++version_;
}

void Screen::newline() {
  col_ = 0;
  if (row_ < scroll_bottom_) {
    ++row_;
  } else {
    scroll();
    row_ = scroll_bottom_;  // from below the scrolling rows too (the pc's row 24)
  }
  ++version_;
}

void Screen::put(std::string_view text) {
  if (cells() == nullptr) return;
  if (rules_ == Rules::kC64) {
    put_c64(text);
    return;
  }
  const GwArea area{scroll_top_, scroll_bottom_, kColumns};
  for (char ch : text) {
    const GwControl control = gw_control(ch);
    if (ch == '\n') {
      newline();
      links_[static_cast<std::size_t>(row_)] = false;
    } else if (ch == '\r') {
      col_ = 0;
    } else if (control == GwControl::kTab) {
      put(std::string(static_cast<std::size_t>(gw_tab_blanks({row_, col_}, kColumns)), ' '));
    } else if (control != GwControl::kNone) {
      if (control == GwControl::kClear) clear_scroll_area();
      GwCursor at{row_, col_};
      gw_move(control, at, area);
      row_ = at.row;
      col_ = at.col;
    } else {
      // The cursor past the end of a line wraps before the next character lands; the
      // row it wraps to continues the logical line (what the screen editor reads). On the
      // last row, below the scrolling rows (GW-BASIC's 25th), nothing wraps: the next
      // character takes the last column again (PC-BASIC's text screen).
      if (col_ >= kColumns && gw_key_row(row_, area)) {
        col_ = kColumns - 1;
      } else if (col_ >= kColumns) {
        newline();
        links_[static_cast<std::size_t>(row_)] = true;
      }
      cells()[row_ * kColumns + col_] = static_cast<uint8_t>(ch);
      attributes_[static_cast<std::size_t>(row_ * kColumns + col_)] = attribute_;
      ++col_;  // (the pc has no reverse cells: its reverse video is an attribute)
    }
  }
  ++version_;
}

void Screen::clear() {
  if (cells() != nullptr) std::memset(cells(), kBlank, kBytes);
  attributes_.fill(attribute_);
  reversed_.fill(0);
  row_ = 0;
  col_ = 0;
  links_ = {};
  escape_ = 0;
  after_cr_ = false;
  quote_ = false;
  ++version_;
}

void Screen::clear_scroll_area() {
  const std::size_t top = static_cast<std::size_t>(scroll_top_) * kColumns;
  const std::size_t end = static_cast<std::size_t>(scroll_bottom_ + 1) * kColumns;
  if (cells() != nullptr) std::memset(cells() + top, kBlank, end - top);
  std::fill(attributes_.begin() + static_cast<std::ptrdiff_t>(top),
            attributes_.begin() + static_cast<std::ptrdiff_t>(end), attribute_);
  std::fill(reversed_.begin() + static_cast<std::ptrdiff_t>(top),
            reversed_.begin() + static_cast<std::ptrdiff_t>(end), 0);
  std::fill(links_.begin() + scroll_top_, links_.begin() + scroll_bottom_ + 1, false);
  row_ = scroll_top_;
  col_ = 0;
  ++version_;
}

void Screen::show_message(std::string_view text, int max_rows) {
  if (cells() == nullptr) return;
  const std::size_t most = static_cast<std::size_t>(std::clamp(max_rows, 1, kRows));
  while (!text.empty() && text.back() == '\n') text.remove_suffix(1);
  struct Row {
    std::string_view text;
    bool continued;  // wrapped from the row above
  };
  std::vector<Row> rows;
  for (std::size_t start = 0; start <= text.size() && rows.size() < most;) {
    std::size_t end = std::min(text.find('\n', start), text.size());
    std::string_view line = text.substr(start, end - start);
    bool continued = false;
    do {
      rows.push_back({line.substr(0, kColumns), continued});
      line.remove_prefix(std::min<std::size_t>(line.size(), kColumns));
      continued = true;
    } while (!line.empty() && rows.size() < most);
    start = end + 1;
  }
  // What the program printed last (the cursor's row, the one above when the cursor is at
  // the start of a line) stays in sight: the screen scrolls up when the message would
  // cover it.
  const int first = kRows - static_cast<int>(rows.size());
  const int last_used = col_ > 0 ? row_ : row_ - 1;
  for (int n = last_used - first + 1; n > 0; --n) scroll();
  const uint8_t fixed = default_attribute(rules_);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const int r = first + static_cast<int>(i);
    uint8_t* row = cells() + r * kColumns;
    std::memset(row, kBlank, kColumns);
    std::memcpy(row, rows[i].text.data(), rows[i].text.size());
    std::memset(attributes_.data() + r * kColumns, fixed, kColumns);
    std::memset(reversed_.data() + r * kColumns, 0, kColumns);
    links_[static_cast<std::size_t>(r)] = rows[i].continued;
  }
  row_ = kRows - 1;
  const int end_col = static_cast<int>(rows.back().text.size());
  col_ = std::min(end_col, rules_ == Rules::kC64 ? kColumns - 1 : kColumns);
  ++version_;
}

void Screen::set_attribute(uint8_t a) {
  attribute_ = a;
  if (a != default_attribute(rules_)) coloured_ = true;
}

void Screen::set_cell_attribute(int row, int col, uint8_t a) {
  attributes_[static_cast<std::size_t>(row * kColumns + col)] = a;
  coloured_ = true;
  ++version_;
}

void Screen::set_c64_frame_colour(int which, int colour) {
  frame_[static_cast<std::size_t>(which)] = colour;
  if (which == 0) return;
  for (uint8_t& a : attributes_) a = make_attribute(attribute_fg(a), colour);
  set_attribute(make_attribute(attribute_fg(attribute_), colour));
  coloured_ = true;
  ++version_;
}

void Screen::set_cursor(int row, int col) {
  assert(row >= 0 && row < kRows && col >= 0 && col <= kColumns);
  row_ = row;
  col_ = col;
  ++version_;
}

char Screen::at(int row, int col) const {
  assert(row >= 0 && row < kRows && col >= 0 && col < kColumns);
  if (cells() == nullptr) return ' ';
  return static_cast<char>(cells()[row * kColumns + col]);
}

void Screen::set(int row, int col, char ch) {
  assert(row >= 0 && row < kRows && col >= 0 && col < kColumns);
  if (cells() == nullptr) return;
  cells()[row * kColumns + col] = static_cast<uint8_t>(ch);
  attributes_[static_cast<std::size_t>(row * kColumns + col)] = attribute_;
  reversed_[static_cast<std::size_t>(row * kColumns + col)] = 0;
  ++version_;
}

std::string Screen::line(int row) const {
  assert(row >= 0 && row < kRows);
  if (cells() == nullptr) return std::string(kColumns, ' ');
  return std::string(reinterpret_cast<const char*>(cells() + row * kColumns), kColumns);
}

Screen::Page Screen::take_page() const {
  Page page{};
  if (cells() != nullptr) std::memcpy(page.cells.data(), cells(), kBytes);
  page.attributes = attributes_;
  page.links = links_;
  page.reversed = reversed_;
  return page;
}

void Screen::put_page(const Page& page) {
  if (cells() != nullptr) std::memcpy(cells(), page.cells.data(), kBytes);
  attributes_ = page.attributes;
  links_ = page.links;
  reversed_ = page.reversed;
  ++version_;
}

Screen::Page Screen::blank_page() const {
  Page page{};
  page.cells.fill(kBlank);
  page.attributes.fill(attribute_);
  return page;
}

void Screen::set_pages(int active, int visual) {
  if (active == pages_.active() && visual == pages_.visual()) return;
  Page live = take_page();
  pages_.select(live, active, visual, [this] { return blank_page(); });
  put_page(live);
}

void Screen::copy_page(int from, int to) {
  Page live = take_page();
  pages_.copy(live, from, to, [this] { return blank_page(); });
  put_page(live);
}

char Screen::shown_at(int row, int col) const {
  const Page* page = pages_.shown();
  if (page == nullptr) return at(row, col);
  return static_cast<char>(page->cells[static_cast<std::size_t>(row * kColumns + col)]);
}

uint8_t Screen::shown_attribute_at(int row, int col) const {
  const Page* page = pages_.shown();
  if (page == nullptr) return attribute_at(row, col);
  return page->attributes[static_cast<std::size_t>(row * kColumns + col)];
}

uint8_t Screen::page_byte(int page, int row, int col, bool attribute) const {
  const std::size_t at = static_cast<std::size_t>(row * kColumns + col);
  if (page == active_page())
    return attribute ? attribute_at(row, col) : static_cast<uint8_t>(this->at(row, col));
  const Page* kept = pages_.stored(page);
  if (kept == nullptr) return attribute ? attribute_ : kBlank;
  return attribute ? kept->attributes[at] : kept->cells[at];
}

void Screen::set_page_byte(int page, int row, int col, bool attribute, uint8_t v) {
  const std::size_t at = static_cast<std::size_t>(row * kColumns + col);
  if (page == active_page()) {
    if (attribute) return set_cell_attribute(row, col, v);
    if (cells() != nullptr) cells()[at] = v;
  } else {
    Page& kept = pages_.stored_or_blank(page, [this] { return blank_page(); });
    (attribute ? kept.attributes : kept.cells)[at] = v;
  }
  ++version_;
}

bool Screen::shown_reversed_at(int row, int col) const {
  const Page* page = pages_.shown();
  if (page == nullptr) return reversed_at(row, col);
  return page->reversed[static_cast<std::size_t>(row * kColumns + col)] != 0;
}

std::string Screen::shown_line(int row) const {
  const Page* page = pages_.shown();
  if (page == nullptr) return line(row);
  assert(row >= 0 && row < kRows);
  return std::string(reinterpret_cast<const char*>(page->cells.data() + row * kColumns), kColumns);
}

std::string Screen::text() const {
  std::string out;
  out.reserve(kRows * (kColumns + 1));
  for (int r = 0; r < kRows; ++r) {
    if (r > 0) out += '\n';
    out += line(r);
  }
  return out;
}

}  // namespace amazing::machine
