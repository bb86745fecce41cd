// Numbers in the BASIC interpreter: GW-BASIC's (printing, MBF arithmetic, reading decimal
// text) live in src/core/gw_number.hpp, shared with INPUT, the plain dialogue and Lua's
// print; the C64 machine's conversions are here.
#pragma once

#include <optional>
#include <string_view>

#include "core/c64_float.hpp"
#include "core/gw_number.hpp"

namespace amazing::basic {

using core::format_double;
using core::format_integer;
using core::format_number;
using core::from_decimal;
using core::mbf_add;
using core::mbf_div;
using core::mbf_mul;
using core::mbf_sub;
using core::parse_decimal;
using core::ParsedNumber;
using core::round_double;
using core::Single;
using core::to_mbf;

// ---- the C64 machine (Commodore 64 BASIC V2) ----------------------------------------------
// c64_from_double and c64_from_text live in core (c64_float.hpp): the machine's INPUT
// reads numbers with them too.
using core::c64_from_double;
using core::c64_from_text;

}  // namespace amazing::basic
