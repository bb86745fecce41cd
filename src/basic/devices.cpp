// GW-BASIC's device statements (devices.hpp) as PC-BASIC 2.0.5 runs them headless.
#include "basic/devices.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>
#include <string_view>

#include "basic/gw_graphics.hpp"
#include "basic/gw_io.hpp"
#include "basic/music.hpp"
#include "basic/runtime.hpp"

namespace amazing::basic {
namespace {

bool refused(const DeviceArgRule& rule, double v) {
  // A number kept as it is (kNum) may have a fraction: SOUND 440,.5, ON TIMER(.5).
  return v < rule.lo || v > rule.hi || (v >= rule.gap_lo && v <= rule.gap_hi) ||
         (rule.step > 1 && std::fmod(v - rule.lo, rule.step) != 0);
}

// One argument read and checked; its value (0 for a line or one left out; a string's
// text goes to `text`).
std::optional<double> device_argument(Runtime& rt, const DeviceArgRule& rule, const Expr* e,
                                      std::string& text) {
  if (!e || rule.kind == DeviceArg::kNone) return 0.0;
  double v = 0;
  switch (rule.kind) {
    case DeviceArg::kText:
      text = rt.eval_str(*e);
      return rt.failed() ? std::nullopt : std::optional<double>(0.0);
    case DeviceArg::kPort: {
      Num n = rt.eval_num(*e);
      if (rt.failed()) return std::nullopt;
      std::optional<int32_t> port = unsigned16(rt, n);
      if (!port) return std::nullopt;
      return static_cast<double>(*port);
    }
    case DeviceArg::kInt:
      v = rt.eval_int(*e);
      break;
    case DeviceArg::kPage: {  // PCOPY's: the mode's pages
      const int32_t page = rt.eval_int(*e);
      if (rt.failed()) return std::nullopt;
      if (page < 0 || page >= display_pages(rt))
        return rt.raise(ErrorCode::kIllegalFunctionCall), std::nullopt;
      return static_cast<double>(page);
    }
    default:
      v = static_cast<double>(rt.eval_num(*e).as_double());
      break;
  }
  if (rt.failed()) return std::nullopt;
  if (refused(rule, v)) {
    rt.raise(ErrorCode::kIllegalFunctionCall);
    return std::nullopt;
  }
  return v;
}

// PALETTE USING a%(i): an entry for each of the mode's attributes from i (fewer left:
// Illegal function call), each -1 (the entry stays) or one of the mode's colours (else
// Illegal function call, and no entry changes).
void palette_using(Runtime& rt, const Target& t) {
  const long first = rt.element(t.slot, t.subscripts);
  if (rt.failed()) return;
  machine::Palette& p = rt.machine_.graphics().palette();
  const ArrayData& a = rt.arrays_[static_cast<std::size_t>(t.slot)];
  const long n = p.attributes();
  if (first < 0 || static_cast<std::size_t>(first + n) > a.count)
    return rt.raise(ErrorCode::kIllegalFunctionCall);
  int32_t colours[machine::Palette::kEntries] = {};
  for (long k = 0; k < n; ++k) {
    colours[k] = rt.to_int(rt.load_element(Type::kInteger, t.slot, first + k));
    if (rt.failed()) return;
    if (colours[k] < -1 || colours[k] >= p.colours())
      return rt.raise(ErrorCode::kIllegalFunctionCall);
  }
  for (int k = 0; k < n; ++k)
    if (colours[k] >= 0) p.set(k, colours[k]);
}

// PALETTE attribute, colour: the attribute one of the mode's, the colour taken modulo 256
// as -1..254 (PALETTE 1,255 and 1,-1 leave it; 256 is 0), then one of the mode's colours
// (else Illegal function call). PALETTE alone: the mode's defaults again.
void palette_entry(Runtime& rt, bool whole, const double* values) {
  machine::Palette& p = rt.machine_.graphics().palette();
  if (whole) return p.reset();
  const auto attribute = static_cast<int>(values[0]);
  const int colour = (static_cast<int>(values[1]) + 1) % 256;
  const int wrapped = (colour < 0 ? colour + 256 : colour) - 1;
  if (attribute < 0 || attribute >= p.attributes() || wrapped >= p.colours())
    return rt.raise(ErrorCode::kIllegalFunctionCall);
  if (wrapped >= 0) p.set(attribute, wrapped);
}

// What a statement checks once its arguments are read: KEY 11..20 takes a scan code (two
// characters), VIEW PRINT's first row is not past its last.
void check_values(Runtime& rt, const DeviceStatement& rule, const double* values,
                  const std::string& text) {
  if (rule.keyword == Keyword::kKey && rule.form == DeviceForm::kNumbers && values[0] > 10 &&
      text.size() != 2)
    return rt.raise(ErrorCode::kIllegalFunctionCall);
  if (rule.form == DeviceForm::kRange && values[0] > values[1])
    return rt.raise(ErrorCode::kIllegalFunctionCall);
}

// KEY n, text: F1..F10's texts (kept by the machine through RUN and NEW), KEY 15..20's
// keys to trap; KEY 11..14 keep the cursor keys.
void define_key(Runtime& rt, int n, const std::string& text) {
  if (n <= machine::FunctionKeys::kCount) {
    rt.machine_.function_keys().set(n, text);
    return redraw_key_line(rt);
  }
  if (n >= 15 && n <= 20) rt.events_.define_key(n, text);
}

// VIEW PRINT [a TO b]: rows a..b scroll and the cursor goes to a's first column; alone, all
// the rows scroll again and the cursor stays.
void view_print(Runtime& rt, bool whole, const double* values) {
  if (whole) return set_scroll_area(rt, 0, machine::Printer::kScrollRows - 1);
  const int top = static_cast<int>(values[0]) - 1, bottom = static_cast<int>(values[1]) - 1;
  set_scroll_area(rt, top, bottom);
  rt.printer_.set_row(top);
  rt.printer_.reset_column();
  if (!rt.machine_.batch()) rt.machine_.screen().set_cursor(top, 0);
}

// An event's switch (KEY(n) ON, TIMER STOP) or trap (ON TIMER(n) GOSUB l), its arguments
// checked: the trap's state (events.hpp). A number no trap has (KEY(0), KEY(21..255),
// STRIG(1), COM(0)) does nothing. ON TIMER(n) counts n seconds (a single) in whole
// milliseconds from now; ON PLAY(n) keeps its n (music.hpp).
void set_event(Runtime& rt, const Stmt& s, const DeviceStatement& rule, double n) {
  const bool numbered = !s.exprs.empty();
  const int t = Events::trap(rule.keyword, numbered ? static_cast<int>(n) : 0);
  if (t < 0) return;
  if (rule.form == DeviceForm::kSwitch) return rt.events_.switch_trap(t, s.mode);
  rt.events_.set_line(t, s.lines[0]);
  if (rule.keyword == Keyword::kPlay) rt.music_.trap_below = static_cast<int>(n);
  if (rule.keyword != Keyword::kTimer) return;
  constexpr double kLongest = 1e15;  // milliseconds; far past a day, which never comes
  const double ms = std::nearbyint(static_cast<double>(static_cast<float>(n)) * 1000);
  rt.events_.set_timer(static_cast<uint64_t>(std::min(ms, kLongest)), rt.clock_.day_ms());
}

// SCREEN [m] [,c [,a [,v]]]: the palette back to its defaults first (whatever follows);
// m left out keeps the mode, SCREEN 0 keeps the text screen's width (40 after SCREEN 1);
// c left out is 0, the colour switch off (switch_display); the active page a left out
// stays, the visual page v left out is a; a page past the new mode's is Illegal function
// call, and nothing changes.
void screen_mode(Runtime& rt, const Stmt& s, const double* values) {
  rt.machine_.graphics().palette().reset();
  const int mode = s.exprs[0] ? static_cast<int>(values[0]) : display_mode(rt);
  const machine::GraphicsMode* m = machine::graphics_mode(mode);
  const int columns = m ? m->columns : text_columns(rt);
  const bool colour_switch = s.exprs.size() > 1 && s.exprs[1] && values[1] != 0;
  auto given = [&](std::size_t i) { return s.exprs.size() > i && s.exprs[i] != nullptr; };
  const int active = given(2) ? static_cast<int>(values[2]) : rt.machine_.active_page();
  const int visual = given(3) ? static_cast<int>(values[3]) : active;
  const int pages = m ? m->pages : machine::text_pages(columns);
  if (active >= pages || visual >= pages) return rt.raise(ErrorCode::kIllegalFunctionCall);
  switch_display(rt, mode, columns, colour_switch);
  rt.machine_.set_pages(active, visual);
}

// PCOPY from,to (pages the arguments' check kept to the mode's). On the terminal the real
// machine's copy of the page's text and attributes, which shows at once when `to` is the
// visual page. In batch mode PC-BASIC 2.0.5, the judge of that output, copies the page onto
// itself and changes nothing (programs/screen_pages_text.bas): so does this.
void copy_page(Runtime& rt, const double* values) {
  if (rt.machine_.batch()) return;
  rt.machine_.copy_page(static_cast<int>(values[0]), static_cast<int>(values[1]));
}

// SOUND f,d: f an integer and d in its range before junk after them is met; a comma
// after them (the PCjr's third argument's) needs d above 0 (parse_sound).
void sound_statement(Runtime& rt, const Stmt& s, const double* values) {
  if (s.error != ErrorCode::kNone) return rt.raise(s.error);
  if (s.mode == ',' && !(values[1] > 0)) return rt.raise(ErrorCode::kSyntax);
  sound(rt, static_cast<int>(values[0]), values[1]);
}

}  // namespace

int device_port(int32_t port) {
  return port == kGamePort ? kGamePortIdle : 0;
}

void exec_device(Runtime& rt, const Stmt& s) {
  const DeviceStatement& rule = kDeviceStatements[s.slot];
  // A trap's line is looked for first (ON KEY(0) GOSUB 999 is Undefined line number, with
  // junk after it too); line 0 turns the trap off.
  if (!s.lines.empty() && s.lines[0] != 0 && rt.program_.find_line(s.lines[0]) < 0)
    return rt.raise(ErrorCode::kUndefinedLine);
  if (s.error != ErrorCode::kNone && rule.keyword != Keyword::kSound)
    return rt.raise(s.error);  // junk after a trap's line
  if (rule.form == DeviceForm::kUsing) return palette_using(rt, s.targets[0]);
  double values[std::tuple_size_v<decltype(rule.args)>] = {};
  std::string text;
  for (std::size_t i = 0; i < s.exprs.size() && i < std::size(values); ++i) {
    std::optional<double> v = device_argument(rt, rule.args[i], s.exprs[i].get(), text);
    if (!v) return;
    values[i] = *v;
  }
  check_values(rt, rule, values, text);
  if (rt.failed()) return;
  if (rule.form == DeviceForm::kSwitch || rule.form == DeviceForm::kTrap)
    return set_event(rt, s, rule, values[0]);
  if (rule.form == DeviceForm::kRange) return view_print(rt, s.exprs.empty(), values);
  if (rule.keyword == Keyword::kScreen) return screen_mode(rt, s, values);
  if (rule.keyword == Keyword::kPcopy) return copy_page(rt, values);
  if (rule.keyword == Keyword::kPalette) return palette_entry(rt, s.exprs.empty(), values);
  if (rule.keyword == Keyword::kSound) return sound_statement(rt, s, values);
  if (rule.keyword == Keyword::kPlay && rule.form == DeviceForm::kNumbers)
    return play_music(rt, text);
  if (rule.keyword == Keyword::kKey) return define_key(rt, static_cast<int>(values[0]), text);
  if (rule.form != DeviceForm::kWait) return;
  // WAIT p, a, x goes on when (INP(p) XOR x) AND a is not 0.
  const auto mask = static_cast<int>(values[1]), flip = static_cast<int>(values[2]);
  if (((device_port(static_cast<int32_t>(values[0])) ^ flip) & mask) != 0) return;
  rt.next_line_ = rt.line_;
  rt.next_stmt_ = rt.stmt_;
}

// ---- the device functions --------------------------------------------------------------

namespace {

// Argument i of a device function, lo..hi (else Illegal function call).
std::optional<int32_t> ranged_argument(Runtime& rt, const Expr& e, std::size_t i, int lo, int hi) {
  const int32_t n = rt.eval_int(*e.args[i]);
  if (rt.failed()) return std::nullopt;
  if (n < lo || n > hi) return rt.raise(ErrorCode::kIllegalFunctionCall), std::nullopt;
  return n;
}

// NAME(n), n lo..hi: what the device reads there.
template <int Lo, int Hi, int (*Value)(int32_t)>
Num ranged(Runtime& rt, const Expr& e) {
  std::optional<int32_t> n = ranged_argument(rt, e, 0, Lo, Hi);
  return make_int(n ? Value(*n) : 0);
}
int nothing(int32_t) {
  return 0;
}
// The light pen: PEN(6) to PEN(9), the character row and column it was last at, read 1.
int pen_value(int32_t n) {
  return n >= 6 ? 1 : 0;
}

// The environment's entry for a name (upper case), or end().
std::vector<std::string>::iterator environment_entry(Runtime& rt, std::string_view name) {
  return std::find_if(rt.environment_.begin(), rt.environment_.end(), [&](const std::string& x) {
    return x.size() > name.size() && x[name.size()] == '=' && x.compare(0, name.size(), name) == 0;
  });
}
std::string upper_text(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}
// The environment's bytes at most (GW-BASIC's is as small: past it Out of memory).
constexpr std::size_t kEnvironmentBytes = 4096;

}  // namespace

Num fn_pen(Runtime& rt, const Expr& e) {
  return ranged<0, 9, pen_value>(rt, e);
}
Num fn_stick(Runtime& rt, const Expr& e) {
  return ranged<0, 3, nothing>(rt, e);
}
Num fn_strig(Runtime& rt, const Expr& e) {
  return ranged<0, 7, nothing>(rt, e);
}
Num fn_play(Runtime& rt, const Expr& e) {  // the tones waiting to play
  return make_int(ranged_argument(rt, e, 0, 0, 255) ? music_waiting(rt) : 0);
}
Num fn_exterr(Runtime& rt, const Expr& e) {  // DOS's extended error: none
  return ranged<0, 3, nothing>(rt, e);
}
Num fn_inp(Runtime& rt, const Expr& e) {
  Num n = rt.eval_num(*e.args[0]);
  if (rt.failed()) return make_int(0);
  std::optional<int32_t> port = unsigned16(rt, n);
  return make_int(port ? device_port(*port) : 0);
}
Num fn_erdev(Runtime&, const Expr&) {  // no device error happened
  return make_int(0);
}
std::string fn_erdev_str(Runtime&, const Expr&) {
  return {};
}
// SCREEN(row, col [, z]): the character on the text screen there, its attribute when z is
// not 0 (0 in a graphics mode). PC-BASIC's order: the three made integers (Overflow), z
// 0..255, row 0..25, col 0..the screen's width (a 0 is 1, but not both), then VIEW PRINT's
// rows while it holds some; each refusal Illegal function call.
Num fn_screen(Runtime& rt, const Expr& e) {
  int32_t n[3] = {0, 0, 0};
  for (std::size_t i = 0; i < e.args.size() && i < 3; ++i) {
    if (!e.args[i]) continue;
    n[i] = rt.eval_int(*e.args[i]);
    if (rt.failed()) return make_int(0);
  }
  const int32_t row = n[0], col = n[1], z = n[2];
  const machine::Printer& p = rt.printer_;
  const int width = p.width() > 0 ? p.width() : machine::TextPage::kMaxColumns;
  const bool refused = z < 0 || z > 255 || row < 0 || row > machine::TextPage::kRows || col < 0 ||
                       col > width || (row == 0 && col == 0) ||
                       (p.viewed() && (std::max(row, 1) - 1 < p.scroll_top() ||
                                       std::max(row, 1) - 1 > p.scroll_bottom()));
  if (refused) return rt.raise(ErrorCode::kIllegalFunctionCall), make_int(0);
  if (z != 0 && !rt.machine_.graphics().text()) return make_int(0);  // a graphics mode
  return make_int(gw_screen_cell(rt, std::max(row, 1) - 1, std::max(col, 1) - 1, z != 0));
}
// ENVIRON$(name): its value ("" when none); ENVIRON$(n): the n-th entry (1..255), "" past
// the last.
std::string fn_environ(Runtime& rt, const Expr& e) {
  if (e.args[0]->type != Type::kString) {
    std::optional<int32_t> n = ranged_argument(rt, e, 0, 1, 255);
    if (!n || static_cast<std::size_t>(*n) > rt.environment_.size()) return {};
    return rt.environment_[static_cast<std::size_t>(*n - 1)];
  }
  const std::string name = upper_text(rt.eval_str(*e.args[0]));
  if (rt.failed()) return {};
  if (name.empty()) return rt.raise(ErrorCode::kIllegalFunctionCall), std::string();
  auto it = environment_entry(rt, name);
  return it == rt.environment_.end() ? std::string() : it->substr(name.size() + 1);
}

void exec_environ(Runtime& rt, const Stmt& s) {
  const std::string text = rt.eval_str(*s.exprs[0]);
  if (rt.failed()) return;
  const std::size_t equals = text.find('=');
  if (equals == std::string::npos || equals == 0) return rt.raise(ErrorCode::kIllegalFunctionCall);
  const std::string entry = upper_text(text.substr(0, equals)) + text.substr(equals);
  auto it = environment_entry(rt, entry.substr(0, equals));
  std::size_t bytes = entry.size();
  for (const std::string& x : rt.environment_) bytes += x.size() + 1;
  if (it != rt.environment_.end()) bytes -= it->size();
  if (bytes > kEnvironmentBytes) return rt.raise(ErrorCode::kOutOfMemory);
  if (it != rt.environment_.end())
    *it = entry;
  else
    rt.environment_.push_back(entry);
}

}  // namespace amazing::basic
