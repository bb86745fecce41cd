// Rules: which computer's screen and PRINT rules a Screen or Printer follows, chosen at
// construction: the machine's Kind (kind.hpp) under the name the screen code reads best
// with. kPc (the default) is the GW-BASIC machine's; kC64 is the Commodore 64's (see
// c64_screen.hpp and ../shared/c64/README.md, "Known limits of the recorder").
#pragma once

#include "machine/kind.hpp"

namespace amazing::machine {

using Rules = Kind;

}  // namespace amazing::machine
