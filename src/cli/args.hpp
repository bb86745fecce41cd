// Parsers for the values users type on the command line (--size 10x12, --seed 7,
// --ram 48K, --variant book, --machine c64). The options themselves are CLI11 definitions
// (job.hpp, cli11_help.hpp); these give every command the same message for a bad value.
//
//   auto size = parse_size("10x12");   // Result<Size>: {10, 12}, or an Error saying why
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/amazing_walk.hpp"
#include "core/result.hpp"
#include "machine/kind.hpp"

namespace amazing::cli {

using core::Error;
using core::Result;

struct Size {
  int width = 0;   // H in the listing
  int length = 0;  // V in the listing
};

// "10x12" (also "10,12" and "10X12"); each number a whole number >= 2.
Result<Size> parse_size(std::string_view text);
// -32768..32767, as N% must be.
Result<int16_t> parse_seed(std::string_view text);
Result<core::Variant> parse_variant_option(std::string_view text);
// A file or folder named by an option (`kind`: "file" or "folder"): any name but the
// empty one, which (an unset shell variable, --rom "$ROM") would otherwise read as the
// option left out.
Result<std::string> parse_path(std::string_view option, std::string_view kind,
                               std::string_view text);

// --machine: the computer the program runs on. pc (default): GW-BASIC, as PC-BASIC shows
// it. c64: Commodore 64 BASIC V2 (its RND and 5-byte arithmetic, cursor-rights, no echo).
// The machine's Kind (machine/kind.hpp).
using MachineKind = machine::Kind;
Result<MachineKind> parse_machine_kind(std::string_view text);
// The BASIC bytes a Commodore 64 has free at power-on: the c64 machine's memory.
inline const std::size_t kC64FreeBytes = machine::describe(machine::Kind::kC64).basic_bytes;

}  // namespace amazing::cli
