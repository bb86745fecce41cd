// The machines, one description each: what differs between the pc (GW-BASIC, as PC-BASIC
// 2.0.5 runs it) and the Commodore 64 (BASIC V2 in its ROM, as ../shared/c64 records it),
// written down in one table (kMachines, below) that every part reads instead of keeping its own
// constants. Kind is the one name of a machine everywhere: the screen and PRINT rules
// (machine::Rules), the BASIC dialect (basic::Dialect) and --machine (cli::MachineKind) are
// this same type under the names those parts read best with.
//
//   const Descriptor& d = describe(Kind::kC64);
//   d.name == "c64"; d.basic_bytes == 38911; d.ready == "READY."
//   kind_named("pc") == Kind::kPc
//
// What stays per machine elsewhere, because it is behaviour rather than a fact: the
// screen's rules (c64_screen.cpp), the numbers (basic/c64_float, basic/gw_number), RND
// (core/rnd, basic/c64_float), the dialect's statements (basic/dialect_*.cpp), the token
// tables and file formats (basic/saved_program.cpp). A third machine is a new Kind, a row
// of kMachines, and those tables.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "machine/costs.hpp"

namespace amazing::machine {

enum class Kind : uint8_t { kPc, kC64 };

enum class Charset { kCp437, kPetscii };

struct Descriptor {
  Kind kind;
  std::string_view name;   // what --machine takes: "pc", "c64"
  std::string_view title;  // the screen's frame at the prompt: "GW-BASIC", "COMMODORE 64"
  // The memory BASIC has at power-on; 0: --ram says (48K by default).
  std::size_t basic_bytes;
  int max_line_number;         // a program line's number: 0..65529, 0..63999
  std::size_t max_typed_line;  // characters a typed line may have: 255, 88 (the C64's buffer)
  std::string_view ready;      // the prompt: "Ok", "READY."
  bool echoes_typed;           // the transcript shows typed lines (PC-BASIC does; the C64 does not)
  bool capitals;               // typed letters are capitals (the C64's screen editor)
  bool esc_stops;              // Esc is the Break key (the C64's RUN/STOP)
  bool down_scrolls;           // the screen editor's cursor-down on the bottom row scrolls
  std::string_view program_extension;  // of a saved program on the host's disk: ".BAS", ".prg"
  Charset charset;                     // the screen's characters
  // What its BASIC's work costs in CPU cycles, and the CPU's clock (costs.hpp).
  const CostTable* costs;
};

// The table: every machine, in --machine's order.
inline constexpr Descriptor kMachines[] = {
    {.kind = Kind::kPc,
     .name = "pc",
     .title = "GW-BASIC",
     .basic_bytes = 0,
     .max_line_number = 65529,
     .max_typed_line = 255,
     .ready = "Ok",
     .echoes_typed = true,
     .capitals = false,
     .esc_stops = false,
     .down_scrolls = false,
     .program_extension = ".BAS",
     .charset = Charset::kCp437,
     .costs = &kPcCosts},
    {.kind = Kind::kC64,
     .name = "c64",
     .title = "COMMODORE 64",
     .basic_bytes = 38911,  // "38911 BASIC BYTES FREE"
     .max_line_number = 63999,
     .max_typed_line = 88,
     .ready = "READY.",
     .echoes_typed = false,
     .capitals = true,
     .esc_stops = true,
     .down_scrolls = true,
     .program_extension = ".prg",
     .charset = Charset::kPetscii,
     .costs = &kC64Costs},
};

constexpr const Descriptor& describe(Kind kind) {
  for (const Descriptor& d : kMachines)
    if (d.kind == kind) return d;
  return kMachines[0];
}
constexpr std::span<const Descriptor> machines() {
  return kMachines;
}
// The machine --machine NAME means, if any.
constexpr std::optional<Kind> kind_named(std::string_view name) {
  for (const Descriptor& d : kMachines)
    if (d.name == name) return d.kind;
  return std::nullopt;
}

}  // namespace amazing::machine
