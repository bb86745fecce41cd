// Rules: which computer's screen and PRINT rules a Screen or Printer follows, chosen at
// construction. kPc (the default) is the GW-BASIC machine's; kC64 is the Commodore 64's
// (see c64_screen.hpp and ../shared/c64/README.md, "Known limits of the recorder").
#pragma once

namespace amazing::machine {

enum class Rules { kPc, kC64 };

}  // namespace amazing::machine
