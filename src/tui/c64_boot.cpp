#include "tui/c64_boot.hpp"

#include "machine/c64_screen.hpp"

namespace amazing::tui {

Palette c64_palette() {
  // Curses colour 12 is the bright blue of a 16-colour terminal, the nearest to the
  // VIC-II's light blue (kC64Text's RGB); eight-colour terminals get kC64Text.curses.
  return Palette{
      .text = machine::kC64Text.curses, .background = machine::kC64Background.curses, .text16 = 12};
}

Frame c64_frame(std::string hint) {
  Frame frame{
      .title = std::string(machine::describe(machine::Kind::kC64).title), .hint = std::move(hint), .play = false, .cursor = std::nullopt};
  frame.palette = c64_palette();
  return frame;
}

void c64_power_on(machine::Machine& machine, long bytes_free) {
  machine::show_c64_banner(machine.screen(), bytes_free);
  // The user types RUN after READY. (the screen editor ends the row on Return).
  machine.screen().put("RUN\n");
  machine.printer().reset_column();
}

}  // namespace amazing::tui
