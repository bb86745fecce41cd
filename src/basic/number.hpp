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
using core::to_mbf;

// ---- the C64 machine (Commodore 64 BASIC V2) ----------------------------------------------
// A value rounded to the nearest 5-byte number (32-bit mantissa); nullopt past the C64's
// range (1.70141183E+38), 0 below it.
std::optional<core::C64Float> c64_from_double(long double value);
// Decimal text as the C64 reads a typed number or a literal: spaces ignored, optional sign,
// digits with one point, an E exponent; empty text is 0. nullopt: not a number (INPUT says
// ?REDO FROM START) or beyond the range. Rounded to nearest (the ROM's FIN can differ in
// the last bit for long fractions).
std::optional<core::C64Float> c64_from_text(std::string_view text);

}  // namespace amazing::basic
