// The C64 machine's number conversions (Commodore 64 BASIC V2). GW-BASIC's are in
// src/core/gw_number.cpp. See number.hpp.

#include "basic/number.hpp"

#include <cmath>
#include <cstdint>
#include <string>

namespace amazing::basic {

}  // namespace amazing::basic
