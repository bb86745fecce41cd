// Printer: GW-BASIC's PRINT over any OutputSink.
//
// A PRINT statement is a sequence of items and separators; drive the Printer the same way:
//   PRINT TAB(28);"AMAZING PROGRAM"   ->  p.tab(28); p.print("AMAZING PROGRAM"); p.end_print();
//   PRINT "A","B";                    ->  p.print("A"); p.comma(); p.print("B");
// Rules (as GW-BASIC and PC-BASIC apply them, for a line `width` columns wide; the full
// list with the PC-BASIC runs behind it is in src/basic/FACTS.md, "PRINT at the line end"):
// - Writing the width-th character of a line leaves the cursor "past the end"
//   (column() == width): the screen keeps it on that row until the next character, which
//   lands at the start of the next row. For every decision below the cursor past the end
//   counts as being on the last column (width - 1, 0-based), as GW-BASIC's does.
// - print(item): when the cursor is not at column 0 and the item does not fit on the rest
//   of the line, a new line starts first. So after a line filled to exactly the width a
//   1-character item still "fits" (it goes on: the screen wraps it, standard output shows
//   it on the same line), a longer one starts a new line. An item longer than a line is
//   written whole: the screen wraps it, standard output shows it unbroken (as PC-BASIC's
//   does), and column() follows the screen's cursor.
// - comma(): moves to the next 14-column zone; from the last zone (column >= the last
//   zone start, 56 at width 80, 14 at width 40) it starts a new line instead (one line
//   end, even after a full line).
// - tab(n): moves to 1-based column n (after n-1 columns); if the cursor is already past
//   it, a new line starts first. n larger than the width counts modulo the width. After a
//   full line TAB(width) does nothing (the cursor counts as on that column).
// - spc(n): n spaces (modulo the width), never a new line first.
// - end_print(): the line end of a PRINT; after a full line it writes two (an empty line
//   follows), see below. newline() (INPUT, errors, a comma or TAB) always writes one.
// width 0 means unlimited: nothing ever breaks a line (what `gen` prints).
// Numbers are formatted by the caller (BASIC's number format lives in src/basic/core).
//
// Printer(sink, kFileWidth, Rules::kPc, Medium::kFile) prints into a text file by
// GW-BASIC's file rules (PRINT # and WRITE #, as PC-BASIC 2.0.5 writes them; measured in
// tests/basic/programs/files_width*.bas and FACTS.md, "Files: WIDTH # and the file's
// column"): the bytes of an item go as they are (a CHR$(13) or CHR$(10) in it is that one
// byte), a line end is CR LF; the column counts the bytes from 32 up (a CR sets it to 0,
// other control bytes leave it) modulo 256 (GW-BASIC keeps it in a byte) and never wraps
// at the width. WIDTH #n sets the width, 0..255; kFileWidth (255, the default) is
// unlimited: no item breaks a line and a comma never ends one. Otherwise:
// - print(item): a new line first when the column is not 0, the item holds no CR or LF,
//   and the column plus the item's bytes from 32 up passes the width (width 0: any item
//   after column 0). write(text) never starts one (WRITE #).
// - comma(): as on the screen with the column itself (no "past the end"); a width under
//   14 (or 255) only moves to the next zone.
// - tab(n), spc(n): as on the screen, n-1 and n counted modulo the width (255 included);
//   at width 0, where PC-BASIC fails (a division by zero), n as it is.
// - end_print(): one line end, always.
//
// Printer(sink, 40, Rules::kC64) prints by the Commodore 64's rules instead (its screen
// editor wraps; see c64_screen.hpp): no line-break decision of its own (an item is written
// whole, the screen continues it on the next row); column() is the column in the logical
// line (0..79) and pos() is the C64's POS, 0-based; the cursor moves by cursor-rights,
// written as ESC [ C (kC64Right): comma() to the next multiple of 10 (from column 0 to
// 10), tab(n) to column n when left of it (else nothing), spc(n) n of them (n clamped to
// 0..255 as the ROM takes a byte); end_print() writes one line end, always.
#pragma once

#include <string>
#include <string_view>
#include <utility>

#include "machine/gw_controls.hpp"
#include "machine/output.hpp"
#include "machine/rules.hpp"
#include "machine/text_page.hpp"

namespace amazing::machine {

class Printer {
 public:
  static constexpr int kZoneWidth = 14;
  static constexpr std::string_view kC64Right = "\x1b[C";  // the C64's CHR$(29)
  static constexpr int kC64ZoneWidth = 10;
  static constexpr int kC64LogicalLine = 80;

  // Where the text goes: a screen (or standard output standing in for it) or a text file.
  enum class Medium { kScreen, kFile };
  static constexpr int kFileWidth = 255;    // a file's width when OPEN makes it: unlimited
  static constexpr int kFileColumns = 256;  // a file's column counts modulo this

  Printer(OutputSink& sink, int width, Rules rules = Rules::kPc, Medium medium = Medium::kScreen)
      : sink_(&sink), width_(width), rules_(rules), medium_(medium) {}
  Rules rules() const { return rules_; }
  bool file() const { return medium_ == Medium::kFile; }

  void print(std::string_view item);
  // Text written as it is, with no new line first however long (INPUT's prompt and the
  // echo of a typed line, which PC-BASIC writes that way).
  void write(std::string_view text) { raw(text); }
  // The line INPUT gets from the typed text, written after the prompt (with no line end;
  // echo: batch output, where the typed text is shown by this echo). When the cursor is
  // past the end of a full line as typing starts (the prompt, or the PRINT before an
  // empty one, ended exactly at the line end), GW-BASIC's screen editor (as PC-BASIC
  // shows) reads the line from that line's last column: the character there comes first
  // (`P? ` ending at column 80, typed QQ: the line is " QQ", the echo `P?  QQ`).
  std::string typed_line(std::string_view typed, bool echo);
  // A tab typed on the pc's screen (PC-BASIC 2.0.5): blanks up to the next multiple of 8
  // on the cursor's row, which the line keeps once something follows (`? AB<tab>CD` reads
  // "AB    CD", `? CD<tab>` reads "CD" and echoes no blanks). A tab that
  // reaches the row's end takes the cursor to the next row, which starts a new logical
  // line: what was typed before it is not read. Typing starts at the cursor's column;
  // other rules (the c64, a file) leave the text as it is.
  std::string expand_typed_tabs(std::string_view typed) const;
  void comma();
  void tab(int n);
  void spc(int n);
  void newline();
  // The line end a PRINT statement writes (one without a trailing ; , TAB or SPC). After
  // a line filled to exactly the width the cursor is "past the end", and GW-BASIC (as
  // PC-BASIC shows) then writes two line ends: an empty line follows the full one.
  // newline() is the plain line end INPUT and the other rules use.
  void end_print() {
    if (rules_ == Rules::kPc && !file() && !one_line_end_ && width_ > 0 && column_ >= width_)
      newline();
    newline();
  }
  // While set, end_print() writes one line end even after a full line: PRINT # to a SCRN:
  // file, which PC-BASIC 2.0.5 ends with the screen's plain line end.
  void set_one_line_end(bool one) { one_line_end_ = one; }

  // 0-based column of the cursor (pos() minus one). It equals width() right after a full
  // line (the cursor past the end): the next character wraps.
  int column() const { return column_; }
  // POS(0): the 1-based column of the cursor, 1 when it is past the end of a full line
  // (where the next character goes), as GW-BASIC's POS shows it.
  int pos() const {
    if (rules_ == Rules::kC64) return column_;
    return width_ > 0 && column_ >= width_ ? 1 : column_ + 1;
  }
  int width() const { return width_; }
  // The bells (CHR$(7)) printed on the pc since the last look: GW-BASIC beeps for each
  // (basic/music.hpp); the cursor does not move.
  int take_bells() { return std::exchange(bells_, 0); }
  void set_width(int width) { width_ = width; }
  // The screen's mode changes (WIDTH 40 or 80, SCREEN): in batch mode the page starts
  // afresh at that width, blank (a PRINT # to SCRN: only borrows the width: set_width).
  void set_screen_width(int width) {
    if (page_ != nullptr && width > 0) page_->resize(width);
    width_ = width;
  }
  // pc batch mode: the page the printed characters land on (text_page.hpp; not owned).
  void set_page(TextPage* page) { page_ = page; }
  // pc batch mode: the page's rows top..bottom become blank (CLS).
  void clear_page(int top, int bottom) {
    if (page_ != nullptr) page_->clear(top, bottom);
  }
  OutputSink& sink() { return *sink_; }
  // Prints to another sink from now on; the column carries over.
  void set_sink(OutputSink& sink) { sink_ = &sink; }
  // Tells the printer the cursor is at column 0 (after a screen clear, say).
  void reset_column() { column_ = 0; }
  // Tells the printer the cursor was moved to column `column` (0-based; LOCATE).
  void set_column(int column) { column_ = column; }
  // CSRLIN: the 0-based row of the cursor. Each line end and each wrap moves it down to at
  // most the last row of the scrolling area (kScrollRows: GW-BASIC's 25th row holds the
  // function-key line, and PC-BASIC's CSRLIN stays 24 once output scrolls).
  static constexpr int kScrollRows = 24;
  int row() const { return row_; }
  void set_row(int row) { row_ = row; }
  // VIEW PRINT: the rows (0-based, both included) that scroll, all kScrollRows at first.
  void set_scroll_area(int top, int bottom) {
    scroll_top_ = top;
    scroll_bottom_ = bottom;
  }
  int scroll_top() const { return scroll_top_; }
  int scroll_bottom() const { return scroll_bottom_; }
  // VIEW PRINT's rows are set (not all kScrollRows).
  bool viewed() const { return scroll_top_ != 0 || scroll_bottom_ != kScrollRows - 1; }
  void flush() { sink_->flush(); }

 private:
  // Writes text with no line-break decision of its own; keeps column_ as the screen's.
  void raw(std::string_view text);
  // The column the line-end decisions use: the cursor past the end of a full line counts
  // as on the last column.
  // A file's column is its own (file rules above).
  int edge_column() const {
    return !file() && width_ > 0 && column_ >= width_ ? width_ - 1 : column_;
  }
  // file: the item must start a new line first (file rules above).
  bool file_breaks_before(std::string_view item) const;
  // No line is ever ended for the width: a screen's width 0, a file's kFileWidth.
  bool unlimited() const { return file() ? width_ == kFileWidth : width_ <= 0; }
  // The next row: from the last that scrolls, or GW-BASIC's 25th below it (LOCATE 25),
  // the rows scroll and the cursor stays on the last of them.
  void next_row() {
    if (row_ >= scroll_bottom_ && page_ != nullptr) page_->scroll(scroll_top_, scroll_bottom_);
    row_ = row_ < scroll_bottom_ ? row_ + 1 : scroll_bottom_;
  }
  GwArea area() const { return {scroll_top_, scroll_bottom_, width_}; }
  // pc screen: `c` is written at the cursor, which moves on.
  void step(char c);
  // pc screen: the columns an item takes for the line-break decision (PC-BASIC's SCRN:
  // write: only bytes from 32 up count, a backspace counts one less).
  static int shown_width(std::string_view item);
  // c64: n cursor-rights.
  void rights(int n);

  OutputSink* sink_;
  int width_;
  Rules rules_ = Rules::kPc;
  int bells_ = 0;
  Medium medium_ = Medium::kScreen;
  int column_ = 0;
  int row_ = 0;
  int scroll_top_ = 0, scroll_bottom_ = kScrollRows - 1;
  bool one_line_end_ = false;
  char last_ = ' ';  // the last character written (what sits at the cursor's left)
  TextPage* page_ = nullptr;
};

}  // namespace amazing::machine
