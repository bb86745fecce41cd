#include "cli/lua_engine.hpp"

#include <charconv>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "cli/commands.hpp"
#include "lua/embedded_scripts.hpp"
#include "machine/machine.hpp"

namespace amazing::cli {

namespace {

Result<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{"cannot read the script '" + path + "': no such file, or not readable"};
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return Error{"cannot read the script '" + path + "'"};
  return text.str();
}

}  // namespace

Result<LoadedScript> load_script(const LuaOptions& options, std::string_view name) {
  std::string path;
  if (options.script_file)
    path = *options.script_file;
  else if (options.scripts_dir)
    path = *options.scripts_dir + "/" + std::string(name);
  if (!path.empty()) {
    auto text = read_file(path);
    if (!text) return text.error();
    return LoadedScript{std::move(text).value(), path};
  }
  if (auto text = lua::embedded_script(name))
    return LoadedScript{std::string(*text), std::string(name)};
  return Error{"there is no built-in script '" + std::string(name) +
               "'; give one with --script FILE"};
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

bool scan_lua_option(ArgScanner& args, LuaOptions& options) {
  if (args.is("--script")) {
    if (auto v = args.value()) options.script_file = *v;
  } else if (args.is("--scripts")) {
    if (auto v = args.value()) options.scripts_dir = *v;
  } else if (args.is("--max-steps")) {
    if (auto v = args.value()) {
      auto n = parse_max_steps(*v);
      if (!n)
        args.fail(n.error().message);
      else
        options.limits.max_steps = *n, options.max_steps_given = true;
    }
  } else if (args.is("--lua-mem")) {
    if (auto v = args.value()) {
      auto n = parse_lua_mem(*v);
      if (!n)
        args.fail(n.error().message);
      else
        options.limits.memory = *n;
    }
  } else {
    return false;
  }
  return true;
}

int run_lua_gen(const LuaGenRequest& request) {
  auto script = load_script(request.lua, request.script);
  if (!script) {
    std::fprintf(stderr, "amazing gen: %s\n", script.error().message.c_str());
    return kExitUsage;
  }
  // The transcript is the dialogue with W,L typed at the prompt (echoed, as PC-BASIC
  // shows it); the maze alone skips the dialogue and hands the size over in amazing.args.
  machine::ScriptedInput typed(
      {std::to_string(request.size.width) + "," + std::to_string(request.size.length)});
  machine::MachineConfig config;
  config.ram = request.ram;
  config.batch = true;
  config.batch_width = request.transcript ? 80 : 0;
  config.input = &typed;
  config.echo = true;
  auto made = machine::Machine::create(config);
  if (!made) {
    std::fprintf(stderr, "amazing gen: %s\n", made.error().message.c_str());
    return kExitOutOfMemory;
  }
  machine::Machine& machine = **made;
  if (request.seed) machine.rnd().randomize(*request.seed);

  lua::ScriptArgs args;
  args.width = request.size.width;
  args.length = request.size.length;
  args.seed = request.seed;
  args.variant = std::string(core::variant_name(request.variant));
  args.maze_only = !request.transcript;
  // The walk costs about 200 Lua instructions a cell: a maze bigger than 48K holds gets a
  // budget that grows with it, unless --max-steps says otherwise.
  lua::Limits limits = request.lua.limits;
  uint64_t cells =
      static_cast<uint64_t>(request.size.width) * static_cast<uint64_t>(request.size.length);
  if (!request.lua.max_steps_given && limits.max_steps < cells * 1000)
    limits.max_steps = cells * 1000;
  lua::RunResult result;
  {
    lua::Engine engine(machine, limits);
    result = engine.run(script->source, script->name, args);
  }
  bool wrote = machine.flush();
  if (!result.ok()) {
    std::fprintf(stderr, "amazing gen: %s\n", result.message.c_str());
    return result.exit_code();
  }
  if (!wrote) {
    std::fprintf(stderr, "amazing gen: could not write the maze to standard output\n");
    return kExitIo;
  }
  return kExitOk;
}

}  // namespace amazing::cli
