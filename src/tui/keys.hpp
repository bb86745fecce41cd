// Keys: what the player's key presses mean in the play view, independent of curses.
//
// The curses front end (terminal.cpp) turns its key codes into the codes below (printable
// ASCII stays itself; special keys get kKey* values), so the mapping can be tested
// without a terminal:
//   play_action('h') == Action::kLeft;  play_action(kKeyUp) == Action::kUp
// Movement: arrows, hjkl, and WASD. Lower-case `s` is taken by "show the shortest
// solution" (as the play view's help says), so down on the WASD cluster is upper-case S;
// w, a and d work in either case.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace amazing::tui {

// Special keys, outside the byte range.
inline constexpr int kKeyUp = 0x1000;
inline constexpr int kKeyDown = 0x1001;
inline constexpr int kKeyLeft = 0x1002;
inline constexpr int kKeyRight = 0x1003;
inline constexpr int kKeyBackspace = 0x1004;
inline constexpr int kKeyEnter = 0x1005;
inline constexpr int kKeyResize = 0x1006;  // the window changed size (SIGWINCH)
inline constexpr int kKeyHome = 0x1007;
inline constexpr int kKeyEnd = 0x1008;
inline constexpr int kKeyInsert = 0x1009;
inline constexpr int kKeyDelete = 0x100A;
inline constexpr int kKeyPasteStart = 0x100B;  // bracketed paste: what follows was pasted
inline constexpr int kKeyPasteEnd = 0x100C;
inline constexpr int kKeyPageUp = 0x100D;
inline constexpr int kKeyPageDown = 0x100E;
inline constexpr int kKeyF1 = 0x1010;  // F1..F12 are kKeyF1 + 0..11
inline constexpr int kKeyF12 = kKeyF1 + 11;
// Shift and Ctrl with an arrow (when the terminal tells them apart): the play view runs.
inline constexpr int kKeyShiftUp = 0x1020;
inline constexpr int kKeyShiftDown = 0x1021;
inline constexpr int kKeyShiftLeft = 0x1022;
inline constexpr int kKeyShiftRight = 0x1023;
inline constexpr int kKeyCtrlUp = 0x1024;
inline constexpr int kKeyCtrlDown = 0x1025;
inline constexpr int kKeyCtrlLeft = 0x1026;
inline constexpr int kKeyCtrlRight = 0x1027;
// A click of the first mouse button (Terminal::last_click() says where).
inline constexpr int kKeyMouse = 0x1028;
inline constexpr int kKeyNone = -1;        // nothing pressed before the timeout
inline constexpr int kKeyCtrlC = 3;        // only seen when the terminal is in raw mode

enum class Action {
  kNone,
  kUp,
  kDown,
  kLeft,
  kRight,
  kHelp,            // ? : show or hide the key help
  kToggleSolution,  // s : show or hide the shortest way out
  kNewMaze,         // n : a new maze of the same size and revision
  kFixedExit,       // f : the same maze again from the fixed-exit revision
  kQuit,            // q (and Ctrl-C): quits at once, from anywhere, asking nothing
  kClose,           // Esc: closes a box (help, a notice, the end box); never quits
  kConfirm,         // Enter or space: a box's first choice (after an escape, the next maze)
  kReplay,          // r : watch the making of the maze in play again (watch.hpp)
  kRunUp,           // Shift or Ctrl with an arrow: run along the corridor to the next
  kRunDown,         //   junction or dead end (core/walking.hpp)
  kRunLeft,
  kRunRight,
  kRunPrefix,       // g : the next move key runs
  kTrail,           // t : show or hide the cells walked (the trail)
  kSolvers,         // m : the menu of solvers to watch on this maze (up and down choose,
                    //     Enter runs one)
};

Action play_action(int key);

// "UP", "?", ... for the help text and tests.
std::string_view action_name(Action a);

// The name amazing.inkey() gives a tui key code: printable ASCII as itself, "up", "down",
// "left", "right", "home", "end", "pageup", "pagedown", "insert", "delete", "f1".."f12",
// "enter", "backspace", "escape", "tab", other bytes as themselves; "" for none
// (kKeyNone, kKeyResize, the paste marks, keys without a name).
std::string key_name(int key);

// The keys amazing.inkey() gives, from the tui key codes the terminal reads a byte at a
// time: the bytes of one UTF-8 character are one key ("é" comes as 0xC3 0xA9 and is the
// key "é"), a byte that starts or continues no valid character is a key of its own (a
// Latin-1 0xE9 is the one-byte key "\xE9"), a special key is its key_name.
//   KeyDecoder d;
//   d.feed(0xC3) == {}  (waiting() is true: the rest of the character is due)
//   d.feed(0xA9) == {"é"}
//   d.feed(0xE9) == {};  d.feed('a') == {"\xE9", "a"}
//   d.feed(0xE9) == {};  d.flush() == {"\xE9"}  (nothing more came)
class KeyDecoder {
 public:
  std::vector<std::string> feed(int key);
  // A character cut short: its bytes each as a key.
  std::vector<std::string> flush();
  bool waiting() const { return !held_.empty(); }

 private:
  std::string held_;  // the start of a UTF-8 character
};

}  // namespace amazing::tui
