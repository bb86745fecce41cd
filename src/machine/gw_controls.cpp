#include "machine/gw_controls.hpp"

#include <algorithm>

namespace amazing::machine {

namespace {

struct ControlByte {
  char byte;
  GwControl control;
};
constexpr ControlByte kControls[] = {
    {'\a', GwControl::kBell},    {'\t', GwControl::kTab},     {'\x0B', GwControl::kHome},
    {'\x0C', GwControl::kClear}, {'\x1C', GwControl::kRight}, {'\x1D', GwControl::kLeft},
    {'\x1E', GwControl::kUp},    {'\x1F', GwControl::kDown},
};

}  // namespace

GwControl gw_control(char c) {
  if (static_cast<unsigned char>(c) >= 0x20) return GwControl::kNone;  // the common case
  for (const ControlByte& k : kControls)
    if (k.byte == c) return k.control;
  return GwControl::kNone;
}

int gw_tab_blanks(GwCursor at, int width) {
  constexpr int kTabStop = 8;
  const int col = std::min(at.col, width - 1);  // past the end: on the last column
  return kTabStop - col % kTabStop;
}

void gw_move(GwControl control, GwCursor& at, const GwArea& area) {
  const bool key_row = gw_key_row(at.row, area);  // nothing leaves it sideways
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
