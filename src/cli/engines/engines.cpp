// The engine table: one row per file of this folder, as Lua's linit.c lists its libraries.
// A new engine is a file NAME_engine.cpp that returns its EngineInfo, and a row here.
#include "cli/engine.hpp"

namespace amazing::cli {

const std::vector<EngineInfo>& engines() {
  static const std::vector<EngineInfo> table = {
      native_engine(),   // built-in C++
      lua_engine(),      // the Lua scripts
      basic_engine(),    // the listing on the built-in BASIC interpreter
      pcbasic_engine(),  // the listing on PC-BASIC (outside)
      cbmbasic_engine(), // the listing on the C64's ROM (outside)
  };
  return table;
}

const EngineInfo& engine_info(EngineKind kind) {
  for (const auto& e : engines())
    if (e.kind == kind) return e;
  return engines().front();
}

std::string engine_names(const std::vector<EngineKind>& kinds) {
  std::string s;
  for (std::size_t i = 0; i < kinds.size(); ++i) {
    if (i > 0) s += i + 1 == kinds.size() ? " or " : ", ";
    s += engine_info(kinds[i]).name;
  }
  return s;
}

Result<EngineKind> engine_from(std::string_view name, const std::vector<EngineKind>& offered,
                               std::string_view option) {
  for (auto kind : offered)
    if (engine_info(kind).name == name) return kind;
  return Error{std::string(option) + ": '" + std::string(name) + "' is not an engine; use " +
               engine_names(offered)};
}

std::string machine_refusal(EngineKind kind, MachineKind machine) {
  const EngineInfo& e = engine_info(kind);
  const bool c64 = machine == MachineKind::kC64;
  if (c64 ? e.on_c64 : e.on_pc) return "";
  return std::string(e.name) + " runs " +
         (c64 ? "GW-BASIC, not the c64 machine; use cbmbasic"
              : "the Commodore 64's BASIC; use it with --machine c64");
}

}  // namespace amazing::cli
