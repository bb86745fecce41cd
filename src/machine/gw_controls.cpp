#include "machine/gw_controls.hpp"

#include <algorithm>

namespace amazing::machine {

GwControl gw_control(char c) {
  switch (c) {
    case '\a':
      return GwControl::kBell;
    case '\t':
      return GwControl::kTab;
    case '\x0B':
      return GwControl::kHome;
    case '\x0C':
      return GwControl::kClear;
    case '\x1C':
      return GwControl::kRight;
    case '\x1D':
      return GwControl::kLeft;
    case '\x1E':
      return GwControl::kUp;
    case '\x1F':
      return GwControl::kDown;
    default:
      return GwControl::kNone;
  }
}

int gw_tab_blanks(GwCursor at, int width) {
  constexpr int kTabStop = 8;
  const int col = std::min(at.col, width - 1);  // past the end: on the last column
  return kTabStop - col % kTabStop;
}

void gw_move(GwControl control, GwCursor& at, const GwArea& area) {
  const bool key_row = at.row > area.bottom;  // the 25th row: nothing leaves it sideways
  switch (control) {
    case GwControl::kHome:
    case GwControl::kClear:
      at = {area.top, 0};
      break;
    case GwControl::kRight:
      if (at.col + 1 < area.width)
        ++at.col;
      else if (!key_row && at.row < area.bottom)
        at = {at.row + 1, 0};
      else
        at.col = std::max(at.col, area.width - 1);
      break;
    case GwControl::kLeft:
      if (at.col >= area.width)
        at.col = area.width - 2;  // from past the end: the column before the last
      else if (at.col > 0)
        --at.col;
      else if (!key_row && at.row > area.top)
        at = {at.row - 1, area.width - 1};
      break;
    case GwControl::kUp:
      at.row = std::max(std::min(at.row - 1, area.bottom), area.top);
      break;
    case GwControl::kDown:
      at.row = std::min(at.row + 1, area.bottom);
      break;
    default:
      break;
  }
}

}  // namespace amazing::machine
