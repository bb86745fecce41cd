// The pc's input and output statements and functions beyond PRINT and INPUT (gw_io.hpp),
// each checked against PC-BASIC 2.0.5 (tests/basic/programs/gwio*.bas).

#include "basic/gw_io.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <utility>

#include "basic/gw_graphics.hpp"
#include "basic/runtime.hpp"
#include "machine/input.hpp"

namespace amazing::basic {
namespace {

// n in 0..255 or Illegal function call.
std::optional<int32_t> byte_argument(Runtime& rt, const Expr& e, int32_t lo) {
  int32_t n = rt.eval_int(e);
  if (rt.failed()) return std::nullopt;
  if (n < lo || n > 255) {
    rt.raise(ErrorCode::kIllegalFunctionCall);
    return std::nullopt;
  }
  return n;
}

std::string in_base(Runtime& rt, const Expr& e, int base) {
  Num v = rt.eval_num(*e.args[0]);
  if (rt.failed()) return {};
  std::optional<int32_t> n = unsigned16(rt, v);
  if (!n) return {};
  std::string digits;
  auto u = static_cast<uint32_t>(*n);
  do {
    digits.insert(digits.begin(), "0123456789ABCDEF"[u % static_cast<uint32_t>(base)]);
    u /= static_cast<uint32_t>(base);
  } while (u != 0);
  return digits;
}

}  // namespace

std::optional<int32_t> unsigned16(Runtime& rt, const Num& v) {
  // PC-BASIC takes -65536..65535 (HEX$(-32769) is 7FFF); below that it fails with an
  // error of its own (Python's), here Overflow.
  double r = std::round(v.as_float());
  if (!(r >= -65536.0 && r <= 65535.0)) {
    rt.raise(ErrorCode::kOverflow);
    return std::nullopt;
  }
  auto n = static_cast<int32_t>(r);
  return n < 0 ? n + 65536 : n;
}

std::optional<std::string> next_typed_line(Runtime& rt) {
  if (rt.keys_.empty()) {
    machine::InputSource& in = rt.machine_.input();
    const machine::KeyTraps& traps = rt.events_.key_traps();
    in.hold_trap_keys(traps.on != 0 ? &traps : nullptr);
    std::optional<std::string> line = in.read_line();
    in.hold_trap_keys(nullptr);
    return line;
  }
  std::size_t end = rt.keys_.find('\r');
  std::string line = rt.keys_.substr(0, end);
  rt.keys_.erase(0, end == std::string::npos ? end : end + 1);
  return line;
}

// WRITE a, b$: the values joined by commas, strings in quotes, numbers without PRINT's
// spaces, then a line end. A value that fails leaves what came before it with a comma.
// WRITE #n writes the same to a file, where (PC-BASIC) no width ever breaks it.
namespace {
void write_text(Runtime& rt, const std::string& text) {
  if (rt.printer_.file())
    rt.printer_.write(text);
  else
    rt.printer_.print(text);
}

void write_items(Runtime& rt, const Stmt& s) {
  std::string out;
  for (const ExprPtr& e : s.exprs) {
    std::string item;
    if (e->type == Type::kString) {
      item = "\"" + rt.eval_str(*e) + "\"";
    } else {
      Num v = rt.eval_num(*e);
      if (!rt.failed()) item = rt.dialect_.number_text(rt, v);
      if (!item.empty() && item.front() == ' ') item.erase(0, 1);
    }
    if (rt.failed()) {
      if (!out.empty()) write_text(rt, out + ",");
      return;
    }
    out += (out.empty() ? "" : ",") + item;
  }
  // A WRITE stopped by a bad item or junk after it ends its items with a comma, no line end
  if (!s.newline) return write_text(rt, out + ",");
  write_text(rt, out);
  rt.printer_.newline();
}
}  // namespace

void exec_write(Runtime& rt, const Stmt& s) {
  if (s.file) return to_file(rt, s, write_items);
  write_items(rt, s);
}

// LINE INPUT ["prompt";] A$: the prompt as it is (no "? "), the whole typed line.
void exec_linput(Runtime& rt, const Stmt& s) {
  if (s.file) return exec_linput_file(rt, s);
  rt.printer_.write(s.prompt);
  rt.printer_.flush();
  std::optional<std::string> typed = next_typed_line(rt);
  if (!typed) {
    rt.finish(Outcome::kInputEnded);  // as INPUT: the prompt stays, the run stops
    return;
  }
  std::string line = rt.printer_.typed_line(*typed, rt.machine_.echo());
  if (s.newline) rt.printer_.newline();
  rt.assign_str(s.targets[0], machine::gw_input_text(line), Runtime::Origin::kNew);
}

// MID$(A$, n[, m]) = B$: B$ over A$ from its n-th character, at most m characters, never
// past A$'s end. m is 0..255; n is 1..LEN(A$) unless m is 0 (Illegal function call): with
// m 0 any n that is an integer does (PC-BASIC: MID$(A$,259,0)="X" changes nothing).
// These checks come before the '=' is read: a MID$()= that fails after its numbers makes
// them (kMidCheck: `MID$(V$,256)` is Illegal function call; programs/operand_first2). A
// number in A$'s place is a Type mismatch once n and m are integers, before m's range is
// checked (PC-BASIC: `MID$(V,1,300)="A"` is Type mismatch, `MID$(V X` a Syntax error).
struct MidPlace {
  int32_t start = 0, count = 255;
  std::string text;
  bool in_space = false;
};
std::optional<MidPlace> mid_place(Runtime& rt, const Stmt& s, bool has_count) {
  MidPlace p;
  p.start = rt.eval_int(*s.exprs[0]);
  if (has_count && !rt.failed()) p.count = rt.eval_int(*s.exprs[1]);
  if (!rt.failed() && s.targets[0].type != Type::kString) rt.raise(ErrorCode::kTypeMismatch);
  if (rt.failed()) return std::nullopt;
  p.text = rt.read_str(s.targets[0]);
  if (!rt.failed() && (p.count < 0 || p.count > 255)) rt.raise(ErrorCode::kIllegalFunctionCall);
  if (rt.failed()) return std::nullopt;
  // Changed in place; a literal's text is first copied into string space (PC-BASIC).
  p.in_space = rt.origin_ == Runtime::Origin::kVariable;
  if (p.count > 0 && (p.start < 1 || p.start > static_cast<int32_t>(p.text.size()))) {
    rt.raise(ErrorCode::kIllegalFunctionCall);
    return std::nullopt;
  }
  return p;
}

void exec_midset(Runtime& rt, const Stmt& s) {
  std::optional<MidPlace> p = mid_place(rt, s, s.exprs.size() == 3);
  if (!p) return;
  std::string with = rt.eval_str(*s.exprs.back());
  if (rt.failed() || p->count == 0) return;
  std::size_t at = static_cast<std::size_t>(p->start - 1);
  std::size_t n = std::min({static_cast<std::size_t>(p->count), with.size(), p->text.size() - at});
  p->text.replace(at, n, with, 0, n);
  store_in_place(rt, s.targets[0], std::move(p->text), p->in_space);  // a FIELD variable stays one
}

// The checks alone, of a MID$()= that failed before its value (or, mode 'V', with junk
// after it: the value is evaluated too, and nothing assigned).
void exec_midcheck(Runtime& rt, const Stmt& s) {
  const bool value = s.mode == 'V';
  if (mid_place(rt, s, s.exprs.size() == (value ? 3u : 2u)) && value) rt.eval_str(*s.exprs.back());
}

// LPRINT: PRINT to the line printer, which headless PC-BASIC hands to the host's printer,
// not to standard output: the items are evaluated and laid out on the printer's own line
// (its own column) and the text held for a printer there is not (lpt_held_).
void exec_lprint(Runtime& rt, const Stmt& s) {
  on_line_printer(rt, [&rt, &s] { rt.dialect_.print(rt, s); });
}

void on_line_printer(Runtime& rt, const std::function<void()>& write) {
  std::swap(rt.printer_, rt.lpt_);
  rt.screen_ = &rt.lpt_;
  write();
  rt.screen_ = nullptr;
  std::swap(rt.printer_, rt.lpt_);
  rt.lpt_held_ = rt.lpt_held_ || !rt.lpt_sink_.text().empty();
  rt.lpt_sink_.clear();
}

void on_screen_file(Runtime& rt, const OpenFile& f, const std::function<void()>& write) {
  machine::Printer& screen = rt.printer_;
  machine::OutputSink& shown = screen.sink();
  machine::StringSink hidden(0);
  const int width = screen.width();
  if (rt.machine_.batch()) screen.set_sink(hidden);
  rt.shown_ = &shown;
  if (f.printer.width() > 0 && (width <= 0 || f.printer.width() < width))
    screen.set_width(f.printer.width());
  screen.set_one_line_end(true);
  write();
  screen.set_one_line_end(false);
  rt.shown_ = nullptr;
  screen.set_width(width);
  screen.set_sink(shown);
}

ErrorCode Runtime::close_devices() {
  ErrorCode e = files_.close_all();
  if (!lpt_held_) return e;
  lpt_held_ = false;  // PC-BASIC drops the text it could not print
  return e != ErrorCode::kNone ? e : ErrorCode::kDeviceIoError;
}

// ---- the screen -------------------------------------------------------------------------

void clear_screen(Runtime& rt, bool rows_only) {
  machine::Printer& p = rt.printer_;
  if (!rt.machine_.batch()) {
    machine::Screen& screen = rt.machine_.screen();
    rows_only ? screen.clear_scroll_area() : screen.clear();
  }
  p.clear_page(rows_only ? p.scroll_top() : 0,
               rows_only ? p.scroll_bottom() : machine::TextPage::kRows - 1);
  home_text_cursor(rt);
  if (!rows_only) redraw_key_line(rt);
}

void home_text_cursor(Runtime& rt) {
  machine::Printer& p = rt.printer_;
  p.reset_column();
  p.set_row(p.scroll_top());  // VIEW PRINT's first row
  if (!rt.machine_.batch()) rt.machine_.screen().set_cursor(p.scroll_top(), 0);
}

// The row is cleared in the current attribute; the line's blanks and digits take that
// attribute, the keys' texts the reverse one: in a text mode 7 on 0 (0x70) on a black
// background, else 0x07; in a graphics mode the attribute itself.
void redraw_key_line(Runtime& rt) {
  constexpr int kRow = machine::TextPage::kRows - 1;
  const uint8_t attribute = rt.machine_.text_attribute();
  const uint8_t reverse = display_mode(rt) != 0         ? attribute
                          : ((attribute >> 4) & 7) == 0 ? uint8_t{0x70}
                                                        : uint8_t{0x07};
  const machine::FunctionKeys::Line line = rt.key_line_
                                               ? rt.machine_.function_keys().line(text_columns(rt))
                                               : machine::FunctionKeys::Line{};
  const auto cell = [&](int c) {
    const auto at = static_cast<std::size_t>(c);
    if (at >= line.text.size()) return std::pair<uint8_t, uint8_t>{' ', attribute};
    return std::pair<uint8_t, uint8_t>{static_cast<uint8_t>(line.text[at]),
                                       line.reversed[at] == '1' ? reverse : attribute};
  };
  if (machine::TextPage* page = rt.machine_.text_page()) {
    for (int c = 0; c < page->columns(); ++c) {
      const auto [ch, a] = cell(c);
      page->put(kRow, c, ch);
      page->set_attribute(kRow, c, a);
    }
  }
  if (rt.machine_.batch()) return;
  machine::Screen& screen = rt.machine_.screen();
  for (int c = 0; c < machine::Screen::kColumns; ++c) {
    const auto [ch, a] = cell(c);
    screen.set(kRow, c, static_cast<char>(ch));
    screen.set_cell_attribute(kRow, c, machine::make_attribute(a & 15, (a >> 4) & 7));
  }
}

int text_columns(Runtime& rt) {
  const machine::TextPage* page = rt.machine_.text_page();
  return page ? page->columns() : machine::Screen::kColumns;
}

void set_scroll_area(Runtime& rt, int top, int bottom) {
  rt.printer_.set_scroll_area(top, bottom);
  if (!rt.machine_.batch()) rt.machine_.screen().set_scroll_area(top, bottom);
}

// LOCATE [row][,[col][,[cursor][,[start][,[stop]]]]]: moves the cursor; on standard output
// nothing shows, but POS and CSRLIN (and where the next item breaks) follow it, as in
// PC-BASIC. Its order (display/textscreen.py locate_): every argument made an integer
// first (Overflow), then the place (rows 1..24, 25 while KEY OFF hides the key line, or
// VIEW PRINT's rows; columns 1..width), the move, and only then the cursor's shape
// (cursor 0..1, start and stop 0..31, a stop without a start: Illegal function call).
void exec_locate(Runtime& rt, const Stmt& s) {
  std::optional<int32_t> arg[5];
  for (std::size_t k = 0; k < s.exprs.size() && k < 5; ++k) {
    if (!s.exprs[k]) continue;
    arg[k] = rt.eval_int(*s.exprs[k]);
    if (rt.failed()) return;
  }
  machine::Printer& p = rt.printer_;
  const int width = std::max(p.width(), 1);
  const int first = p.viewed() ? p.scroll_top() + 1 : 1;
  const int last =
      p.viewed() ? p.scroll_bottom() + 1 : machine::Printer::kScrollRows + !rt.key_line_;
  const int32_t row = arg[0] ? *arg[0] : p.row() + 1;
  const int32_t col = arg[1] ? *arg[1] : std::min(p.pos(), width);
  if (row < first || row > last || col < 1 || col > width)
    return rt.raise(ErrorCode::kIllegalFunctionCall);
  if (!rt.machine_.batch()) {
    machine::Screen& screen = rt.machine_.screen();
    screen.set_cursor(std::min(row - 1, machine::Screen::kRows - 1),
                      std::min(col - 1, machine::Screen::kColumns - 1));
  }
  p.set_row(row - 1);
  p.set_column(col - 1);
  const auto outside = [](std::optional<int32_t> v, int hi) { return v && (*v < 0 || *v > hi); };
  if (outside(arg[2], 1) || (!arg[3] && arg[4]) || outside(arg[3], 31) || outside(arg[4], 31))
    rt.raise(ErrorCode::kIllegalFunctionCall);
}

namespace {

// WIDTH 40 or 80 [, 25]: the screen's width; rows, when given, the 25 it has. A new width
// is a new mode (a graphics mode's other width, SCREEN 2's 40 is SCREEN 1), switched to
// with the colour switch off, as PC-BASIC does; the width the screen has changes nothing.
void screen_width(Runtime& rt, int32_t w, std::optional<int32_t> rows = std::nullopt) {
  if ((w != 40 && w != 80) || (rows && *rows != machine::Screen::kRows)) {
    rt.raise(ErrorCode::kIllegalFunctionCall);
    return;
  }
  if (w == display_columns(rt)) return;
  switch_display(rt, graphics_width_mode(rt, w), w, false);
  rt.machine_.set_pages(0, 0);  // PC-BASIC's WIDTH: SCREEN m,0,0,0
}

// What WIDTH "device", n does on each device PC-BASIC 2.0.5 knows (upper case, the colon
// included; any other name, a disk file's too, is a Bad file name): SCRN: is WIDTH n, LPT1:
// sets the line printer's width (0..255), the serial ports take 0..255 and KYBD: nothing.
// LPT2:, LPT3: and CAS1: make PC-BASIC fail (no device behind them): here they take 0..255
// as LPT1: does, and CAS1: nothing, as KYBD:.
enum class WidthOf { kScreen, kPrinter, kPort, kNone };
constexpr std::pair<std::string_view, WidthOf> kWidthDevices[] = {
    {"SCRN:", WidthOf::kScreen}, {"LPT1:", WidthOf::kPrinter}, {"LPT2:", WidthOf::kPort},
    {"LPT3:", WidthOf::kPort},   {"COM1:", WidthOf::kPort},    {"COM2:", WidthOf::kPort},
    {"KYBD:", WidthOf::kNone},   {"CAS1:", WidthOf::kNone}};

void device_width(Runtime& rt, const Stmt& s) {
  std::string name = rt.eval_str(*s.exprs[0]);
  if (rt.failed()) return;
  for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const auto* device = std::find_if(std::begin(kWidthDevices), std::end(kWidthDevices),
                                    [&](const auto& d) { return d.first == name; });
  if (device == std::end(kWidthDevices)) return rt.raise(ErrorCode::kBadFileName);
  if (device->second == WidthOf::kScreen) {
    int32_t w = rt.eval_int(*s.exprs[1]);
    if (!rt.failed()) screen_width(rt, w);
    return;
  }
  std::optional<int32_t> w = line_width(rt, *s.exprs[1]);
  if (!w) return;
  if (device->second == WidthOf::kNone) return rt.raise(ErrorCode::kIllegalFunctionCall);
  if (device->second == WidthOf::kPrinter) rt.lpt_.set_width(*w);
}

}  // namespace

std::optional<int32_t> line_width(Runtime& rt, const Expr& e) {
  int32_t w = rt.eval_int(e);
  if (rt.failed()) return std::nullopt;
  if (w < 0 || w > machine::Printer::kFileWidth) {
    rt.raise(ErrorCode::kIllegalFunctionCall);
    return std::nullopt;
  }
  return w;
}

void exec_width(Runtime& rt, const Stmt& s) {
  if (s.file) return exec_file_width(rt, s);
  if (s.exprs[0]->type == Type::kString) return device_width(rt, s);
  int32_t w = rt.eval_int(*s.exprs[0]);
  std::optional<int32_t> rows;
  if (s.exprs.size() > 1 && !rt.failed()) rows = rt.eval_int(*s.exprs[1]);
  if (!rt.failed()) screen_width(rt, w, rows);
}

// KEY LIST: the function keys' texts (KEY n, "text"), one a line, their control characters
// shown as PC-BASIC shows them (a carriage return as the arrow it writes as ESC).
void exec_key(Runtime& rt, const Stmt& s) {
  const auto form = static_cast<KeyLine>(s.slot);
  if (form != KeyLine::kList) {
    const bool shown = form == KeyLine::kOn;  // nothing shows on standard output
    if (shown == rt.key_line_) return;
    rt.key_line_ = shown;
    return redraw_key_line(rt);
  }
  const machine::FunctionKeys& keys = rt.machine_.function_keys();
  for (int k = 1; k <= machine::FunctionKeys::kCount; ++k) {
    rt.printer_.print("F" + std::to_string(k) + " " + keys.listed(k));
    rt.printer_.newline();
  }
}

void exec_ignored(Runtime& rt, const Stmt& s) {
  for (const ExprPtr& e : s.exprs) {
    if (!e) continue;
    int32_t v = rt.eval_int(*e);
    if (rt.failed()) return;
    if (v < 0 || v > 255) {
      rt.raise(ErrorCode::kIllegalFunctionCall);
      return;
    }
  }
}

std::string fn_hex(Runtime& rt, const Expr& e) {
  return in_base(rt, e, 16);
}
std::string fn_oct(Runtime& rt, const Expr& e) {
  return in_base(rt, e, 8);
}

// INKEY$: the next character typed, "" when none is waiting (headless: at the end of
// standard input). A line's end is CHR$(13); on a live keyboard an extended key (a cursor
// key, F1 with no text) is CHR$(0) and its scan code, both in one INKEY$.
std::string fn_inkey(Runtime& rt, const Expr&) {
  if (!rt.fill_keys() || rt.keys_.empty()) return {};
  const bool extended = rt.keys_[0] == '\0' && rt.keys_.size() > 1 && rt.machine_.input().live();
  std::string key = rt.keys_.substr(0, extended ? 2 : 1);
  rt.keys_.erase(0, key.size());
  return key;
}

// INPUT$(n): the next n characters typed, not echoed, waiting for them (on the terminal
// a break ends the wait). Headless PC-BASIC waits for the keyboard forever here (it does
// not read standard input for INPUT$); this machine reads them from standard input as
// INKEY$ does, and when the input ends first the run stops after the statement, as at an
// INPUT.
std::string fn_input_chars(Runtime& rt, const Expr& e) {
  std::optional<int32_t> n = byte_argument(rt, *e.args[0], 1);
  if (!n) return {};
  if (e.args.size() > 1) return input_chars_from_file(rt, *e.args[1], *n);
  std::string out;
  while (static_cast<int32_t>(out.size()) < *n) {
    if (!rt.fill_keys(true)) {
      if (!rt.machine_.input().live()) rt.finish(Outcome::kInputEnded);
      break;
    }
    std::size_t take = std::min(rt.keys_.size(), static_cast<std::size_t>(*n) - out.size());
    out += rt.keys_.substr(0, take);
    rt.keys_.erase(0, take);
  }
  return out;
}

// INPUT$(n[, [#]f] with no ')': n 1..255, then the file open for input (Bad file mode
// when it is not open at all), before anything is read (PC-BASIC reads the ')' first).
void input_chars_before_close(Runtime& rt, const Expr& e) {
  std::optional<int32_t> n = byte_argument(rt, *e.args[0], 1);
  if (n && e.args.size() > 1) input_chars_from_file(rt, *e.args[1], 0);  // reads nothing
}

std::string fn_date(Runtime& rt, const Expr&) {
  std::array<int, 3> ymd{};
  if (rt.today_) {
    ymd = rt.today_();
  } else {
    std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    ymd = {local.tm_year + 1900, local.tm_mon + 1, local.tm_mday};
  }
  char text[32];
  std::snprintf(text, sizeof text, "%02d-%02d-%04d", std::clamp(ymd[1], 0, 99),
                std::clamp(ymd[2], 0, 99), std::clamp(ymd[0], 0, 9999));
  return text;
}

namespace {

// "mm-dd-yy[yy]" ('/' separates too): a date from 1980 to 2099, as PC-BASIC's DATE$=
// takes it (a year of one or two digits: 1980..2079); nothing for anything else.
std::optional<std::array<int, 3>> pc_date(std::string_view text) {
  int part[3] = {};
  int digits[3] = {};
  int k = 0;
  for (char c : text) {
    if (c == '-' || c == '/') {
      if (++k > 2) return std::nullopt;
    } else if (c >= '0' && c <= '9' && digits[k] < 4) {
      part[k] = part[k] * 10 + (c - '0');
      ++digits[k];
    } else {
      return std::nullopt;
    }
  }
  if (k != 2 || digits[0] == 0 || digits[1] == 0 || digits[2] == 0) return std::nullopt;
  int year = part[2];
  if (digits[2] <= 2) year += year < 80 ? 2000 : 1900;
  static constexpr int kDays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
  const int month = part[0], day = part[1];
  if (year < 1980 || year > 2099 || month < 1 || month > 12 || day < 1) return std::nullopt;
  if (day > kDays[month - 1] || (month == 2 && day == 29 && !leap)) return std::nullopt;
  return std::array<int, 3>{year, month, day};
}

}  // namespace

// DATE$ = "mm-dd-yyyy" (pc): DATE$ reads that date from then on; Illegal function call for
// a text that is no date (pc_date).
void exec_set_date(Runtime& rt, const Stmt& s) {
  std::string text = rt.eval_str(*s.exprs[0]);
  if (rt.failed()) return;
  std::optional<std::array<int, 3>> date = pc_date(text);
  if (!date) return rt.raise(ErrorCode::kIllegalFunctionCall);
  rt.today_ = [ymd = *date] { return ymd; };
}

// CSRLIN: the cursor's row, 1-based.
Num fn_csrlin(Runtime& rt, const Expr&) {
  return make_int(rt.printer_.row() + 1);
}

}  // namespace amazing::basic
