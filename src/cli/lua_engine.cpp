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
  if (result.exit_code() != lua::kExitOutOfRam) return m;
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

int run_lua_gen(const Job& job) {
  const bool c64 = job.machine == MachineKind::kC64;
  auto script = load_script(job.lua, "amazing.lua");
  if (!script) {
    print_error("gen", script.error().message);
    return kExitUsage;
  }
  // The transcript is the dialogue with W,L typed at the prompt (echoed, as PC-BASIC
  // shows it); the maze alone skips the dialogue and hands the size over in amazing.args.
  machine::ScriptedInput typed(
      {std::to_string(job.size.width) + "," + std::to_string(job.size.length)});
  machine::MachineConfig config;
  config.ram = c64 ? kC64FreeBytes : job.ram;
  config.batch = true;
  config.batch_width = job.transcript && !c64 ? 80 : 0;
  config.input = &typed;
  config.echo = !c64;  // the C64's recordings: the typed line came from a pipe
  if (c64) config.rules = machine::Rules::kC64;  // its INPUT and screen rules
  core::C64Rnd c64_rnd;
  if (c64 && job.seed && !c64_rnd.seed_statement(*job.seed)) {
    print_error("gen", "--seed 0 on the c64 machine would be X=RND(-(0)), which reads the "
                       "C64's clock; give a seed other than 0");
    return kExitUsage;
  }
  auto made = machine::Machine::create(config);
  if (!made) {
    print_error("gen", made.error().message);
    return kExitOutOfMemory;
  }
  machine::Machine& machine = **made;
  if (job.seed && !c64) machine.rnd().randomize(*job.seed);

  lua::ScriptArgs args;
  args.width = job.size.width;
  args.length = job.size.length;
  args.seed = job.seed;
  args.variant = std::string(core::variant_name(job.variant));
  args.maze_only = !job.transcript;
  args.arg = job.lua.script_args;
  const lua::Limits limits = limits_for_maze(
      job.lua, static_cast<uint64_t>(job.size.width) * static_cast<uint64_t>(job.size.length));
  lua::RunResult result;
  {
    lua::Engine engine(machine, limits);
    if (c64) engine.use_c64(&c64_rnd);
    result = engine.run(script->source, script->name, args);
  }
  bool wrote = machine.flush();
  if (!result.ok() && c64 && result.exit_code() == lua::kExitOutOfRam) {
    print_error("gen", c64_too_big(job.size.width, job.size.length));
    return result.exit_code();
  }
  if (!result.ok()) {
    print_error("gen", lua_failure_text(result));
    return result.exit_code();
  }
  if (!wrote) {
    std::fprintf(stderr, "amazing gen: write error: could not write the maze to standard output\n");
    return kExitIo;
  }
  return kExitOk;
}

}  // namespace amazing::cli
