// Terminal: the curses front end, and the only code that includes curses. It shows a
// 40x25 text screen (the machine's, or the play view's lines) centred in the terminal
// inside a frame, and turns key presses into tui key codes (keys.hpp). Nothing else.
//
//   auto term = Terminal::open();              // Result<std::unique_ptr<Terminal>>
//   (*term)->draw(lines, {.title = "AMAZING"}); // 25 strings of 40 characters
//   int key = (*term)->read_key(250);          // kKeyNone after 250 ms without a key
//   term->reset();                             // the terminal is restored (also by ~Terminal)
// The terminal is always given back: by the destructor (errors, script failures unwind
// to it), and by handlers for SIGINT, SIGTERM, SIGHUP, SIGQUIT and the crash signals,
// which restore it and then die of the same signal, and by std::terminate and exit().
// A window smaller than the frame (kNeedCols x kNeedRows) shows a message naming the
// size needed instead; ncurses turns SIGWINCH into kKeyResize and the next draw()
// recovers. NO_COLOR (set and not empty) turns colour off; terminals without line
// drawing characters (no acsc capability) get an ASCII frame.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"

namespace amazing::machine {
class Graphics;
class Screen;
}

namespace amazing::tui {

inline constexpr int kNeedCols = 42;  // 40 columns and the frame
inline constexpr int kNeedRows = 27;  // 25 lines and the frame

// A span of the 40x25 screen drawn reversed (red on a colour terminal): the cell a maze
// maker is working on while it is watched (watch.hpp).
struct Highlight {
  int row = 0;
  int col = 0;
  int length = 0;
  friend bool operator==(const Highlight&, const Highlight&) = default;
};

// Colours for a whole frame (its border and the 40x25 text), as curses colour numbers:
// `text` on `background`, `text16` instead where the terminal has 16 colours. The C64's
// power-on light blue on blue is c64_palette() (c64_boot.hpp).
struct Palette {
  int text = 7;
  int background = 0;
  int text16 = -1;
  friend bool operator==(const Palette&, const Palette&) = default;
};

struct Frame {
  std::string title;                          // shown in the top border
  std::string hint;                           // shown in the bottom border
  bool play = false;                          // colour the player and the path (play view glyphs)
  std::optional<std::pair<int, int>> cursor;  // (row, col) on the 40x25 screen to show
  std::optional<Highlight> highlight = std::nullopt;
  // amazing run and amazing basic: this screen's cells are drawn in the machine's character
  // set (CP437 or PETSCII as the nearest Unicode character) and colours
  // (machine/charset.hpp), the power-on colours in the frame's palette or else the
  // terminal's own (machine_cells.cpp).
  const machine::Screen* machine_screen = nullptr;
  // With machine_screen, the pc's graphics screen: in a graphics mode each blank cell of
  // the text shows the pixels under it as a Braille pattern in their colour
  // (machine/pixel_cells.hpp; '#' and the like without a UTF-8 locale).
  const machine::Graphics* machine_graphics = nullptr;
  // The frame and the text in these colours where the terminal has colour (the C64 boot).
  std::optional<Palette> palette = std::nullopt;
  // The text is a c64 screen's: a control code (0..31, 128..159) in it was put there in
  // quote mode and shows as its character reversed (machine::c64_quoted_glyph). Set by
  // draw(const machine::Screen&, ...).
  bool c64_text = false;
};

// `text` on lines of at most `width` characters, broken at spaces (a longer word is cut).
std::vector<std::string> wrap_words(std::string_view text, std::size_t width);

// The message shown when the window is too small, as lines no wider than `cols`.
std::vector<std::string> too_small_message(int cols, int rows);

class Terminal {
 public:
  // Starts curses on the controlling terminal; fails with a message when TERM is unknown
  // or stdin/stdout are not a terminal.
  static core::Result<std::unique_ptr<Terminal>> open();
  // Why open() would fail without starting curses (no terminal, TERM unset or unknown, a
  // terminal that cannot move its cursor such as TERM=dumb); nullopt when it can draw.
  static std::optional<std::string> unusable();
  ~Terminal();
  Terminal(const Terminal&) = delete;
  Terminal& operator=(const Terminal&) = delete;

  // Gives the terminal back (idempotent).
  void reset();

  void draw(const std::vector<std::string>& lines, const Frame& frame);
  void draw(const machine::Screen& screen, const Frame& frame);
  // The next key as a tui key code, or kKeyNone when none came within timeout_ms
  // (negative: wait for ever).
  int read_key(int timeout_ms);
  bool too_small() const;
  // Ctrl-S, Ctrl-Q and Ctrl-\ come as keys (no flow control, no SIGQUIT): a screen
  // editor where they would freeze the screen or kill the machine with its program.
  void keep_control_keys();
  // Asks the terminal for bracketed paste: pasted text then comes between kKeyPasteStart
  // and kKeyPasteEnd (keys.hpp). Switched off again when the terminal is given back.
  void enable_paste();
  bool color() const { return color_; }
  // Clicks of the first mouse button come as kKeyMouse (the play view); off again with
  // enable_mouse(false) and when the terminal is given back.
  void enable_mouse(bool on);
  // Where the last kKeyMouse was: (row, col) on the 40x25 screen.
  std::pair<int, int> last_click() const { return click_; }

 private:
  Terminal() = default;
  // Draws frame.machine_screen's cells inside the frame at (top, left), the pixels of
  // `graphics` (null: none) in its blank cells (machine_cells.cpp); until the program sets
  // colours, the cells are drawn in colour pair `plain_pair` (0: the terminal's own).
  void draw_machine_cells(const machine::Screen& screen, const machine::Graphics* graphics, int top,
                          int left, short plain_pair);
  bool active_ = false;
  bool color_ = false;
  bool acs_ = false;
  std::pair<int, int> click_{-1, -1};
  // Keys curses knows only by their terminfo names (Ctrl-arrows): its code, our code.
  std::vector<std::pair<int, int>> named_keys_;
};

}  // namespace amazing::tui
