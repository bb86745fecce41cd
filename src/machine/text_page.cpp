#include "machine/text_page.hpp"

#include <algorithm>

namespace amazing::machine {

void TextPage::resize(int columns) {
  columns_ = std::clamp(columns, 1, kMaxColumns);
  chars_.assign(static_cast<std::size_t>(kRows * columns_), kBlank);
  attributes_.assign(chars_.size(), attribute_);
}

uint8_t TextPage::at(int row, int col) const {
  return inside(row, col) ? chars_[index(row, col)] : kBlank;
}

uint8_t TextPage::attribute_at(int row, int col) const {
  return inside(row, col) ? attributes_[index(row, col)] : kAttribute;
}

void TextPage::put(int row, int col, uint8_t ch) {
  if (!inside(row, col)) return;
  chars_[index(row, col)] = ch;
  attributes_[index(row, col)] = attribute_;
}

void TextPage::set_attribute(int row, int col, uint8_t a) {
  if (inside(row, col)) attributes_[index(row, col)] = a;
}

void TextPage::scroll(int top, int bottom) {
  top = std::max(top, 0);
  bottom = std::min(bottom, kRows - 1);
  if (top >= bottom) return fill_rows(top, bottom, attribute_);
  const auto from = static_cast<std::ptrdiff_t>(index(top + 1, 0));
  const auto to = static_cast<std::ptrdiff_t>(index(bottom + 1, 0));
  const auto at = static_cast<std::ptrdiff_t>(index(top, 0));
  std::copy(chars_.begin() + from, chars_.begin() + to, chars_.begin() + at);
  std::copy(attributes_.begin() + from, attributes_.begin() + to, attributes_.begin() + at);
  fill_rows(bottom, bottom, attribute_);
}

void TextPage::clear(int top, int bottom) {
  fill_rows(top, bottom, static_cast<uint8_t>((attribute_ & 0x70) | kAttribute));
}

void TextPage::fill_rows(int top, int bottom, uint8_t attribute) {
  top = std::max(top, 0);
  bottom = std::min(bottom, kRows - 1);
  if (top > bottom) return;
  const auto from = static_cast<std::ptrdiff_t>(index(top, 0));
  const auto to = static_cast<std::ptrdiff_t>(index(bottom + 1, 0));
  std::fill(chars_.begin() + from, chars_.begin() + to, kBlank);
  std::fill(attributes_.begin() + from, attributes_.begin() + to, attribute);
}

}  // namespace amazing::machine
