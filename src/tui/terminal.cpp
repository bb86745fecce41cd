#include "tui/terminal.hpp"

#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <clocale>
#include <csignal>
#include <cstdlib>
#include <exception>
#include <utility>

#include "core/text.hpp"
#include "machine/screen.hpp"
#include "tui/keys.hpp"

// Last: term.h defines macros with common names (lines, columns, newline, ...).
#include <curses.h>
#include <term.h>

namespace amazing::tui {
namespace {

// True while curses owns the terminal; the handlers below restore it only then.
std::atomic<bool> g_curses_active{false};
std::terminate_handler g_previous_terminate = nullptr;

// Bracketed paste was switched on (Terminal::enable_paste): switched off on the way out.
std::atomic<bool> g_paste_on{false};
constexpr int kPasteStartCode = KEY_MAX + 1;
constexpr int kPasteEndCode = KEY_MAX + 2;

void restore_terminal() {
  if (g_curses_active.exchange(false)) {
    if (g_paste_on.exchange(false)) {
      constexpr char kOff[] = "\x1b[?2004l";
      ssize_t ignored = ::write(STDOUT_FILENO, kOff, sizeof kOff - 1);
      (void)ignored;
    }
    endwin();
    std::fflush(stdout);
  }
}

// Restores the terminal, then dies of the same signal (the handler was installed with
// SA_RESETHAND, so re-raising takes the default action: the shell sees the real cause).
void on_fatal_signal(int sig) {
  restore_terminal();
  std::raise(sig);
}

// The signals whose default action ends the process, but for the debugger's and the
// profiler's (SIGTRAP, SIGPROF).
constexpr int kSignals[] = {SIGINT,    SIGTERM, SIGHUP,  SIGQUIT, SIGSEGV, SIGABRT,
                            SIGBUS,    SIGFPE,  SIGILL,  SIGUSR1, SIGUSR2, SIGALRM,
                            SIGVTALRM, SIGXCPU, SIGXFSZ, SIGPIPE, SIGSYS};

void install_handlers() {
  struct sigaction sa {};
  sa.sa_handler = on_fatal_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESETHAND;
  for (int sig : kSignals) sigaction(sig, &sa, nullptr);
  static bool once = false;
  if (!once) {
    once = true;
    std::atexit(restore_terminal);
    g_previous_terminate = std::set_terminate([] {
      restore_terminal();
      if (g_previous_terminate) g_previous_terminate();
      std::abort();
    });
  }
}

void remove_handlers() {
  struct sigaction sa {};
  sa.sa_handler = SIG_DFL;
  sigemptyset(&sa.sa_mask);
  for (int sig : kSignals) sigaction(sig, &sa, nullptr);
}

enum Pair : short {
  kFramePair = 1,
  kPlayerPair = 2,
  kPathPair = 3,
  kTitlePair = 4,
  kMarkPair = 5,
  kPalettePair = 6
};

bool no_color_requested() {
  const char* v = std::getenv("NO_COLOR");
  return v != nullptr && *v != '\0';
}

}  // namespace

std::vector<std::string> wrap_words(std::string_view text, std::size_t width) {
  std::vector<std::string> wrapped(1);
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t end = text.find(' ', i);
    if (end == std::string_view::npos) end = text.size();
    std::string_view word = text.substr(i, std::min(end - i, width));
    i = end + 1;
    if (word.empty()) continue;
    if (!wrapped.back().empty() && wrapped.back().size() + 1 + word.size() > width)
      wrapped.emplace_back();
    if (!wrapped.back().empty()) wrapped.back() += ' ';
    wrapped.back() += word;
  }
  return wrapped;
}

std::vector<std::string> too_small_message(int cols, int rows) {
  const std::string need = std::to_string(kNeedCols) + "x" + std::to_string(kNeedRows);
  const std::string have = std::to_string(cols) + "x" + std::to_string(rows);
  std::vector<std::string> words_lines = {"TERMINAL TOO SMALL", "NEED " + need, "HAVE " + have,
                                          "PLEASE ENLARGE",     "THE WINDOW",   "Q QUITS"};
  // Long lines are split at spaces to fit narrow windows.
  std::vector<std::string> out;
  const std::size_t width = static_cast<std::size_t>(std::max(cols, 1));
  for (const std::string& line : words_lines) {
    auto wrapped = wrap_words(line, width);
    out.insert(out.end(), wrapped.begin(), wrapped.end());
  }
  return out;
}

std::optional<std::string> Terminal::unusable() {
  if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
    return "the screen needs a terminal on standard input and output (without "
           "one, 'amazing' runs the plain dialogue and 'amazing gen' prints a maze)";
  const char* term_name = std::getenv("TERM");
  if (term_name == nullptr || *term_name == '\0')
    return "TERM is not set; set it to your terminal type (for example TERM=xterm-256color)";
  // A terminal that cannot move its cursor (TERM=dumb) would get the screen as a stream
  // of garbage: refuse it before curses starts.
  int err = 0;
  if (setupterm(term_name, STDOUT_FILENO, &err) != OK)
    return "cannot use the terminal type TERM=" + core::printable(term_name) +
           "; try TERM=xterm or TERM=vt100";
  const char* cup = tigetstr(const_cast<char*>("cup"));
  const bool addressable = cup != nullptr && cup != reinterpret_cast<char*>(-1) && *cup != '\0';
  del_curterm(cur_term);
  if (!addressable)
    return "the terminal type TERM=" + core::printable(term_name) +
           " cannot move the cursor, which the 40x25 screen needs; use a terminal such as "
           "TERM=xterm or TERM=vt100";
  return std::nullopt;
}

core::Result<std::unique_ptr<Terminal>> Terminal::open() {
  if (auto why = unusable()) return core::Error{*why};
  std::setlocale(LC_ALL, "");
  const char* term_name = std::getenv("TERM");
  set_escdelay(25);
  // newterm, unlike initscr, returns an error instead of exiting when TERM is unknown.
  SCREEN* screen = newterm(nullptr, stdout, stdin);
  if (screen == nullptr)
    return core::Error{std::string("cannot use the terminal type TERM=") +
                       core::printable(term_name) + "; try TERM=xterm or TERM=vt100"};
  std::unique_ptr<Terminal> t(new Terminal());
  t->active_ = true;
  g_curses_active = true;
  install_handlers();
  cbreak();  // Ctrl-C still raises SIGINT, which the handler turns into a clean exit
  noecho();
  keypad(stdscr, TRUE);
  curs_set(0);
  const char* acsc = tigetstr(const_cast<char*>("acsc"));
  t->acs_ = acsc != nullptr && acsc != reinterpret_cast<char*>(-1) && *acsc != '\0';
  if (has_colors() && !no_color_requested()) {
    start_color();
    use_default_colors();
    init_pair(kFramePair, COLOR_CYAN, -1);
    init_pair(kPlayerPair, COLOR_YELLOW, -1);
    init_pair(kPathPair, COLOR_GREEN, -1);
    init_pair(kTitlePair, COLOR_WHITE, -1);
    init_pair(kMarkPair, COLOR_RED, -1);  // reversed: a red block
    t->color_ = true;
  }
  // Home and End as the common terminals send them, whatever TERM says (tmux and screen
  // send ESC [1~ and ESC [4~ where xterm's description says ESC O H and ESC O F).
  static constexpr std::pair<const char*, int> kHomeEnd[] = {
      {"\x1b[1~", KEY_HOME}, {"\x1b[H", KEY_HOME}, {"\x1bOH", KEY_HOME}, {"\x1b[7~", KEY_HOME},
      {"\x1b[4~", KEY_END},  {"\x1b[F", KEY_END},  {"\x1bOF", KEY_END},  {"\x1b[8~", KEY_END}};
  for (const auto& [seq, code] : kHomeEnd)
    if (key_defined(seq) == 0) define_key(seq, code);
  // Shift and Ctrl with an arrow, as xterm-like terminals send them (extended terminfo
  // names; a terminal without them simply sends none of these keys).
  static constexpr std::pair<const char*, int> kNamed[] = {
      {"kUP", kKeyShiftUp},  {"kDN", kKeyShiftDown},  {"kUP5", kKeyCtrlUp},
      {"kDN5", kKeyCtrlDown}, {"kLFT5", kKeyCtrlLeft}, {"kRIT5", kKeyCtrlRight}};
  for (const auto& [name, ours] : kNamed) {
    const char* seq = tigetstr(const_cast<char*>(name));
    if (seq == nullptr || seq == reinterpret_cast<char*>(-1) || *seq == '\0') continue;
    const int code = key_defined(seq);
    if (code > 0) t->named_keys_.emplace_back(code, ours);
  }
  return t;
}

Terminal::~Terminal() {
  reset();
}

void Terminal::reset() {
  if (!active_) return;
  active_ = false;
  restore_terminal();
  remove_handlers();
}

bool Terminal::too_small() const {
  return COLS < kNeedCols || LINES < kNeedRows;
}

void Terminal::draw(const machine::Screen& screen, const Frame& frame) {
  std::vector<std::string> text;
  text.reserve(machine::Screen::kRows);
  for (int r = 0; r < machine::Screen::kRows; ++r) text.push_back(screen.shown_line(r));
  Frame f = frame;
  f.c64_text = screen.rules() == machine::Rules::kC64;
  // The cursor is on the active page: none shows while another page is (PC-BASIC).
  if (!screen.shows_active()) f.cursor.reset();
  draw(text, f);
}

void Terminal::draw(const std::vector<std::string>& text, const Frame& frame) {
  erase();
  if (too_small()) {
    curs_set(0);
    auto msg = too_small_message(COLS, LINES);
    int top = std::max(0, (LINES - static_cast<int>(msg.size())) / 2);
    for (std::size_t i = 0; i < msg.size() && top + static_cast<int>(i) < LINES; ++i) {
      int left = std::max(0, (COLS - static_cast<int>(msg[i].size())) / 2);
      mvaddnstr(top + static_cast<int>(i), left, msg[i].c_str(), COLS - left);
    }
    refresh();
    return;
  }
  const int top = (LINES - kNeedRows) / 2;
  const int left = (COLS - kNeedCols) / 2;
  // A palette (the C64's light blue on blue) colours the frame and every cell.
  const bool paletted = color_ && frame.palette.has_value();
  if (paletted) {
    const Palette& p = *frame.palette;
    init_pair(kPalettePair, static_cast<short>(COLORS >= 16 && p.text16 >= 0 ? p.text16 : p.text),
              static_cast<short>(p.background));
  }
  const chtype frame_attr = paletted ? COLOR_PAIR(kPalettePair)
                            : color_ ? COLOR_PAIR(kFramePair)
                                     : A_NORMAL;
  const chtype hl = acs_ ? ACS_HLINE : '-';
  const chtype vl = acs_ ? ACS_VLINE : '|';
  attron(frame_attr);
  mvaddch(top, left, acs_ ? ACS_ULCORNER : '+');
  mvaddch(top, left + kNeedCols - 1, acs_ ? ACS_URCORNER : '+');
  mvaddch(top + kNeedRows - 1, left, acs_ ? ACS_LLCORNER : '+');
  mvaddch(top + kNeedRows - 1, left + kNeedCols - 1, acs_ ? ACS_LRCORNER : '+');
  mvhline(top, left + 1, hl, kNeedCols - 2);
  mvhline(top + kNeedRows - 1, left + 1, hl, kNeedCols - 2);
  mvvline(top + 1, left, vl, kNeedRows - 2);
  mvvline(top + 1, left + kNeedCols - 1, vl, kNeedRows - 2);
  attroff(frame_attr);
  auto label = [&](int row, const std::string& words) {
    if (words.empty()) return;
    std::string t = " " + words + " ";
    for (char& c : t) {
      auto u = static_cast<unsigned char>(c);
      if (u < 32 || u > 126) c = '?';  // titles and hints may carry outside text
    }
    if (static_cast<int>(t.size()) > kNeedCols - 4) t.resize(kNeedCols - 4);
    const chtype label_attr = A_BOLD | (paletted ? COLOR_PAIR(kPalettePair) : A_NORMAL);
    attron(label_attr);
    mvaddstr(row, left + (kNeedCols - static_cast<int>(t.size())) / 2, t.c_str());
    attroff(label_attr);
  };
  label(top, frame.title);
  label(top + kNeedRows - 1, frame.hint);

  for (int r = 0; r < 25 && r < static_cast<int>(text.size()); ++r) {
    move(top + 1 + r, left + 1);
    const std::string& line = text[r];
    for (int c = 0; c < 40; ++c) {
      unsigned char ch = c < static_cast<int>(line.size()) ? line[c] : ' ';
      chtype attr = paletted ? COLOR_PAIR(kPalettePair) : A_NORMAL;
      if (frame.c64_text && machine::is_petscii_control(ch)) {
        ch = machine::c64_quoted_glyph(ch);  // put in quote mode: shown reversed
        attr |= A_REVERSE;
      }
      if (ch < 32 || ch > 126) ch = ' ';  // the machine's memory may hold any byte
      if (frame.play) {
        if (ch == '<' || ch == '>')
          attr = A_BOLD | (color_ ? COLOR_PAIR(kPlayerPair) : A_REVERSE);
        else if (ch == '*')
          attr = color_ ? COLOR_PAIR(kPathPair) | A_BOLD : A_BOLD;
      }
      const auto& h = frame.highlight;
      if (h && r == h->row && c >= h->col && c < h->col + h->length)
        attr = A_REVERSE | A_BOLD | (color_ ? COLOR_PAIR(kMarkPair) : A_NORMAL);
      addch(ch | attr);
    }
  }
  if (frame.machine_screen != nullptr)
    draw_machine_cells(*frame.machine_screen, frame.machine_graphics, top, left,
                       paletted ? kPalettePair : 0);
  if (frame.cursor) {
    move(top + 1 + frame.cursor->first, left + 1 + std::min(frame.cursor->second, 39));
    curs_set(1);
  } else {
    curs_set(0);
  }
  refresh();
}

void Terminal::keep_control_keys() {
  if (!active_) return;
  termios mode{};
  if (tcgetattr(STDIN_FILENO, &mode) != 0) return;
  mode.c_iflag &= ~static_cast<tcflag_t>(IXON);  // Ctrl-S and Ctrl-Q: keys, not flow control
  mode.c_cc[VQUIT] = _POSIX_VDISABLE;            // Ctrl-\: a key, not SIGQUIT
  tcsetattr(STDIN_FILENO, TCSANOW, &mode);
  def_prog_mode();  // curses keeps this mode after a suspend; endwin gives the shell's back
}

void Terminal::enable_paste() {
  if (!active_ || g_paste_on.exchange(true)) return;
  define_key("\x1b[200~", kPasteStartCode);
  define_key("\x1b[201~", kPasteEndCode);
  std::fputs("\x1b[?2004h", stdout);
  std::fflush(stdout);
}

void Terminal::enable_mouse(bool on) {
  if (!active_) return;
  mouseinterval(0);  // a press comes at once, not after waiting to see a click
  mousemask(on ? BUTTON1_PRESSED | BUTTON1_CLICKED : 0, nullptr);
}

int Terminal::read_key(int timeout_ms) {
  timeout(timeout_ms);
  int ch = getch();
  if (ch >= KEY_F(1) && ch <= KEY_F(12)) return kKeyF1 + (ch - KEY_F(1));
  for (const auto& [code, ours] : named_keys_)
    if (ch == code) return ours;
  switch (ch) {
    case KEY_MOUSE: {
      MEVENT ev{};
      if (getmouse(&ev) != OK || (ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) == 0)
        return kKeyNone;
      const int top = (LINES - kNeedRows) / 2, left = (COLS - kNeedCols) / 2;
      const int row = ev.y - top - 1, col = ev.x - left - 1;
      if (row < 0 || row >= 25 || col < 0 || col >= 40) return kKeyNone;
      click_ = {row, col};
      return kKeyMouse;
    }
    case KEY_SR:
      return kKeyShiftUp;
    case KEY_SF:
      return kKeyShiftDown;
    case KEY_SLEFT:
      return kKeyShiftLeft;
    case KEY_SRIGHT:
      return kKeyShiftRight;
    case ERR:
      return kKeyNone;
    case KEY_UP:
      return kKeyUp;
    case KEY_DOWN:
      return kKeyDown;
    case KEY_LEFT:
      return kKeyLeft;
    case KEY_RIGHT:
      return kKeyRight;
    case KEY_BACKSPACE:
    case 127:
    case 8:
      return kKeyBackspace;
    case KEY_ENTER:
    case '\n':
    case '\r':
      return kKeyEnter;
    case KEY_RESIZE:
      return kKeyResize;
    case KEY_HOME:
      return kKeyHome;
    case KEY_END:
      return kKeyEnd;
    case KEY_IC:
      return kKeyInsert;
    case KEY_DC:
      return kKeyDelete;
    case KEY_PPAGE:
      return kKeyPageUp;
    case KEY_NPAGE:
      return kKeyPageDown;
    case kPasteStartCode:
      return kKeyPasteStart;
    case kPasteEndCode:
      return kKeyPasteEnd;
    default:
      return ch >= 0 && ch < 256 ? ch : kKeyNone;
  }
}

}  // namespace amazing::tui
