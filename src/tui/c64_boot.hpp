// The Commodore 64 on the terminal (amazing --machine c64, play --machine c64): its
// power-on screen on the machine's 40x25 screen and its colours, without curses, so tests
// read the screen as text and the palette as values.
//
//   machine::MachineConfig mc; mc.rules = machine::Rules::kC64; mc.ram = 38911;
//   machine::Machine m(mc);
//   c64_power_on(m);                        // banner, READY., RUN typed under it
//   ScreenView view(term, m.screen(), 0, c64_frame());   // light blue on blue
// The banner sits where a real C64 puts it (machine::c64_banner: an empty row, the title,
// an empty row, the memory line, an empty row, READY.); RUN is typed under READY. as a
// user starts the program, so the program's first line comes on the row after it.
#pragma once

#include <string>

#include "machine/machine.hpp"
#include "tui/terminal.hpp"

namespace amazing::tui {

// The C64's power-on colours for the terminal: light blue text (curses cyan, or bright
// blue where the terminal has 16 colours) on blue (machine::kC64Text, kC64Background).
Palette c64_palette();

// The frame of the C64 screen: its title and the palette; `hint` in the bottom border.
Frame c64_frame(std::string hint = "");

// Clears the screen, shows the C64's power-on banner (BASIC bytes free: `bytes_free`) and
// RUN under READY.; the printer's column is 0 after it.
void c64_power_on(
    machine::Machine& machine,
    long bytes_free = static_cast<long>(machine::describe(machine::Kind::kC64).basic_bytes));

}  // namespace amazing::tui
