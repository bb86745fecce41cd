#include "cli/lua_engine.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/job.hpp"
#include "cli/output.hpp"
#include "lua/embedded_scripts.hpp"
#include "core/text.hpp"
#include "machine/machine.hpp"
#include "machine/user_file.hpp"

namespace amazing::cli {

namespace {

// Capped, and a folder or an endless device is an error (machine/user_file.hpp).
Result<std::string> read_file(const std::string& path) {
  return machine::read_user_file(path, machine::kMaxProgramBytes, "the script");
}

}  // namespace

std::string lib_beside(std::string_view file) {
  std::size_t slash = file.rfind('/');
  if (slash == std::string_view::npos) return "lib";
  return std::string(file.substr(0, slash + 1)) + "lib";
}

std::string path_in_scripts_dir(std::string_view name) {
  if (name == "amazing.lua") return std::string(name);
  return "generators/" + std::string(name);
}

Result<LoadedScript> load_script(const LuaOptions& options, std::string_view name) {
  std::string path;
  const std::string in_dir = path_in_scripts_dir(name);
  if (options.script_file)
    path = *options.script_file;
  else if (options.scripts_dir)
    path = *options.scripts_dir + "/" + in_dir;
  if (options.scripts_dir && !options.script_file) {
    // A downloaded folder's scripts may be links to any file the user can read: read
    // them inside the folder only, as require reads DIR/lib.
    auto text = machine::read_file_in_folder(*options.scripts_dir, in_dir,
                                             machine::kMaxProgramBytes,
                                             "scripts must be plain files inside DIR");
    if (!text) return text.error();
    if (*text) return LoadedScript{std::move(**text), path};
    return read_file(path).error();  // not there: the missing-file message
  }
  if (!path.empty()) {
    auto text = read_file(path);
    if (!text) return text.error();
    return LoadedScript{std::move(text).value(), path};
  }
  if (auto text = lua::embedded_script(name))
    return LoadedScript{std::string(*text), std::string(name)};
  return Error{"there is no built-in script '" + core::printable(name) +
               "'; give one with --script FILE"};
}

std::string lua_failure_text(const lua::RunResult& result) {
  const std::string& m = result.message;
  if (result.outcome == lua::Outcome::kRefused) return m;  // the script's one line
  if (result.outcome != lua::Outcome::kOutOfRam) return m;
  // "amazing.lua:224: ?OUT OF MEMORY ERROR: ..." -> from "?OUT OF MEMORY"; another
  // message of the maze store loses its "chunk:line: " place the same way.
  auto from = m.find("?OUT OF MEMORY");
  if (from == std::string::npos) {
    auto colon = m.find(": ");
    auto line_end = m.find('\n');
    bool placed = colon != std::string::npos && colon < line_end && colon > 0 &&
                  std::isdigit(static_cast<unsigned char>(m[colon - 1]));
    from = placed ? colon + 2 : 0;
  }
  auto to = m.find("\nstack traceback", from);
  return m.substr(from, to == std::string::npos ? std::string::npos : to - from);
}

Result<uint64_t> parse_max_steps(std::string_view text) {
  uint64_t n = 0;
  std::string_view digits = text;
  uint64_t scale = 1;
  if (!digits.empty()) {
    char last = digits.back();
    if (last == 'k' || last == 'K')
      scale = 1'000;
    else if (last == 'm' || last == 'M')
      scale = 1'000'000;
    else if (last == 'g' || last == 'G')
      scale = 1'000'000'000;
    if (scale != 1) digits.remove_suffix(1);
  }
  auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  if (digits.empty() || ec != std::errc() || ptr != digits.data() + digits.size() ||
      n > UINT64_MAX / scale) {
    return Error{
        "--max-steps: '" + std::string(text) +
        "' is not a step count; give a whole number such as 5000000000 or 5G (0 = no limit)"};
  }
  return n * scale;
}

Result<std::size_t> parse_lua_mem(std::string_view text) {
  auto bytes = core::parse_ram_size(text);
  if (!bytes || *bytes == core::kUnlimited || *bytes < (std::size_t{64} << 10)) {
    return Error{"--lua-mem: '" + std::string(text) +
                 "' is not a usable memory size; give at least 64K, for example 64M or 256M"};
  }
  return *bytes;
}

lua::Limits limits_for_maze(const LuaOptions& options, uint64_t cells) {
  // The walk costs about 200 Lua instructions a cell. The generators' tables take 40 to
  // 96 bytes a cell at most (kruskal and recursive-division the most; measured where a
  // table has just outgrown a power of two: arrays grow by doubling, and the old one is
  // alive while the new one fills), so 128 leaves a margin.
  lua::Limits limits = options.limits;
  const uint64_t cap = UINT64_MAX / kLuaStepsPerCell;
  if (!options.max_steps_given)
    limits.max_steps = std::max(limits.max_steps, std::min(cells, cap) * kLuaStepsPerCell);
  if (!options.memory_given) {
    const uint64_t bytes = std::min(cells, cap) * kLuaBytesPerCell;
    limits.memory = static_cast<std::size_t>(
        std::max<uint64_t>(limits.memory, std::min<uint64_t>(bytes, SIZE_MAX)));
  }
  return limits;
}

std::string program_stop_text(const Job& job, const lua::ProgramError& stop) {
  const int width = job.size.width;
  const std::string size = std::to_string(width) + "x" + std::to_string(job.size.length);
  const std::string line = std::to_string(stop.line);
  if (job.machine == MachineKind::kC64) {
    if (stop.out_of_memory)
      return "the 1978 listing runs out of the C64's memory at " + size +
             ": ?OUT OF MEMORY  ERROR IN " + line + "; use --machine pc for bigger mazes";
    if (stop.line == 195 || stop.line == 1012)
      return "the listing stops at line " + line + " with ?BAD SUBSCRIPT ERROR: INT(RND(1)*" +
             std::to_string(width) + "+1) came out " + std::to_string(width + 1) +
             ", outside DIM W(" + std::to_string(width) + ",...)";
  } else if (stop.line == 195 || stop.line == 1012) {
    return core::explain_stop(stop.line, width);
  }
  return "the listing stopped with a BASIC error: " + stop.message;
}

}  // namespace amazing::cli
