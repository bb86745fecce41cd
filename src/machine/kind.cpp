#include "machine/kind.hpp"

namespace amazing::machine {
namespace {

constexpr Descriptor kMachines[] = {
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
     .program_extension = ".BAS",
     .charset = Charset::kCp437},
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
     .program_extension = ".prg",
     .charset = Charset::kPetscii},
};

}  // namespace

const Descriptor& describe(Kind kind) {
  for (const Descriptor& d : kMachines)
    if (d.kind == kind) return d;
  return kMachines[0];
}

std::span<const Descriptor> machines() {
  return kMachines;
}

std::optional<Kind> kind_named(std::string_view name) {
  for (const Descriptor& d : kMachines)
    if (d.name == name) return d.kind;
  return std::nullopt;
}

}  // namespace amazing::machine
