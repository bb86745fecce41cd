// TextPage: the pc's text screen in batch mode, where no Screen is shown: what PRINT put
// where, so SCREEN(row, col) and PEEK of &HB800 read back what a program printed, as
// PC-BASIC's headless screen (80x25) has it. The Printer writes into it as it moves its
// cursor (printer.hpp: the rows that scroll, row 25, the control characters); a
// program's POKE into the text memory writes a cell. Its columns are the printer's width
// (80, or 40 after WIDTH 40): PEEK's layout is two bytes a cell, `columns` cells a row.
#pragma once

#include <cstdint>
#include <vector>

namespace amazing::machine {

class TextPage {
 public:
  static constexpr int kRows = 25;
  static constexpr int kMaxColumns = 80;
  static constexpr uint8_t kBlank = ' ';
  static constexpr uint8_t kAttribute = 7;  // light grey on black: GW-BASIC's power-on one

  explicit TextPage(int columns = kMaxColumns) { resize(columns); }

  int columns() const { return columns_; }
  // A new mode (WIDTH, SCREEN): the page starts blank, every cell in the current attribute,
  // blink and all (PC-BASIC makes its new pages so; CLS keeps only the background).
  void resize(int columns);
  // The cell's character or attribute; a cell outside the page is a blank.
  uint8_t at(int row, int col) const;
  uint8_t attribute_at(int row, int col) const;
  // Writes a character in the current attribute.
  void put(int row, int col, uint8_t ch);
  void set_attribute(int row, int col, uint8_t a);
  // COLOR's attribute (GW-BASIC's byte: blink in bit 7, the background in 4..6, the
  // foreground in 0..3), which printed characters and a scrolled-in row take.
  uint8_t attribute() const { return attribute_; }
  void set_attribute(uint8_t a) { attribute_ = a; }
  // Rows top..bottom (0-based, both included) move up one; the bottom one is blank, in
  // the current attribute.
  void scroll(int top, int bottom);
  // Rows top..bottom become blank: the current background, foreground 7 (as PC-BASIC's
  // CLS leaves them).
  void clear(int top, int bottom);

 private:
  bool inside(int row, int col) const {
    return row >= 0 && row < kRows && col >= 0 && col < columns_;
  }
  std::size_t index(int row, int col) const {
    return static_cast<std::size_t>(row * columns_ + col);
  }
  void fill_rows(int top, int bottom, uint8_t attribute);
  int columns_ = kMaxColumns;
  uint8_t attribute_ = kAttribute;
  std::vector<uint8_t> chars_;
  std::vector<uint8_t> attributes_;
};

}  // namespace amazing::machine
