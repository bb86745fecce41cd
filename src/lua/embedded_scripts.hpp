// Scripts built into the binary (scripts/*.lua at build time), so `amazing` runs from any
// directory; a file on disk (--script FILE, --scripts DIR) takes precedence over them.
//   auto src = lua::embedded_script("amazing.lua");   // std::optional<std::string_view>
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace amazing::lua {

std::optional<std::string_view> embedded_script(std::string_view name);
std::vector<std::string_view> embedded_script_names();

}  // namespace amazing::lua
