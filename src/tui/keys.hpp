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

#include <string_view>

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
};

Action play_action(int key);

// "UP", "?", ... for the help text and tests.
std::string_view action_name(Action a);

}  // namespace amazing::tui
