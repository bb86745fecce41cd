#include "tui/keys.hpp"

namespace amazing::tui {

Action play_action(int key) {
  switch (key) {
    case kKeyUp:
    case 'k':
    case 'K':
    case 'w':
    case 'W':
      return Action::kUp;
    case kKeyDown:
    case 'j':
    case 'J':
    case 'S':
      return Action::kDown;
    case kKeyLeft:
    case 'h':
    case 'H':
    case 'a':
    case 'A':
      return Action::kLeft;
    case kKeyRight:
    case 'l':
    case 'L':
    case 'd':
    case 'D':
      return Action::kRight;
    case '?':
      return Action::kHelp;
    case 's':
      return Action::kToggleSolution;
    case 'n':
    case 'N':
      return Action::kNewMaze;
    case 'f':
    case 'F':
      return Action::kFixedExit;
    case 'q':
    case 'Q':
    case kKeyCtrlC:
      return Action::kQuit;
    case 'r':
    case 'R':
      return Action::kReplay;
    case 27:
      return Action::kClose;
    case kKeyEnter:
    case ' ':
      return Action::kConfirm;
    default:
      return Action::kNone;
  }
}

std::string_view action_name(Action a) {
  switch (a) {
    case Action::kNone:
      return "none";
    case Action::kUp:
      return "up";
    case Action::kDown:
      return "down";
    case Action::kLeft:
      return "left";
    case Action::kRight:
      return "right";
    case Action::kHelp:
      return "help";
    case Action::kToggleSolution:
      return "solution";
    case Action::kNewMaze:
      return "new maze";
    case Action::kFixedExit:
      return "fixed-exit";
    case Action::kQuit:
      return "quit";
    case Action::kClose:
      return "close";
    case Action::kConfirm:
      return "confirm";
    case Action::kReplay:
      return "replay";
  }
  return "?";
}

}  // namespace amazing::tui
