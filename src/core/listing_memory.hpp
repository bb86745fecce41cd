// Where the 1978 listing runs out of the PC's memory, for the engines that do not run the
// listing itself (native, Lua): GW-BASIC's memory as PC-BASIC has it (src/basic/FACTS.md,
// "The pc's memory").
//
//   gw_out_of_memory_line(Variant::kBook, 84, 84, std::nullopt) == 160  // Q=0 has no room
//   gw_out_of_memory_line(Variant::kBook, 84, 84, 5) == 110             // the seed line's
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "core/amazing_walk.hpp"

namespace amazing::core {

// The bytes the line "5 S%=N:RANDOMIZE S%" takes in GW-BASIC's memory (the line PC-BASIC
// runs before the listing for --seed N): its link, number, tokens and closing zero.
std::size_t gw_seed_line_bytes(int16_t seed);

// The line where the listing stops with "Out of memory" at width x height, or 0 when it
// does not. GW-BASIC has 60300 bytes for program and variables; the listing takes 2454
// (2544 in fixed-exit), a seed its line and S%'s 6 bytes, H and V 8 each at line 100. Line
// 110's DIM W(H,V),V(H,V) takes 11 bytes and 4 an element for each array; then each new
// variable takes 8 bytes: lines 160 (Q, Z, X), 165 (I), 195 (C), 200 (R, S) and 1010 (J;
// 1015 in fixed-exit). GW-BASIC wants more bytes free than it takes.
int gw_out_of_memory_line(Variant variant, int width, int height, std::optional<int16_t> seed);

}  // namespace amazing::core
