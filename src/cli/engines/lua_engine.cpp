// The Lua engine: scripts/amazing.lua and the generators' scripts (or --script FILE) on
// the emulated machine; the host renders what a script publishes. Also the c64 machine's
// dialogue (amazing.lua as the C64's BASIC prints it).
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/engine.hpp"
#include "cli/job.hpp"
#include "cli/lua_engine.hpp"
#include "cli/make_mazes.hpp"
#include "cli/output.hpp"
#include "cli/play_mazes.hpp"
#include "core/amazing_walk.hpp"
#include "core/braid.hpp"
#include "core/c64_rnd.hpp"
#include "lua/engine.hpp"
#include "machine/machine.hpp"

namespace amazing::cli {
namespace {

std::string refuse_lua(const Job& job) {
  if (job.has("--rom"))
    return "--rom is for --engine basic; --engine lua runs a Lua script (--script FILE)";
  if (job.lua.script_file && job.has("--algorithm"))
    return "--script FILE and --algorithm NAME both say what to run; give one (--algorithm "
           "NAME runs the built-in scripts/generators/NAME.lua)";
  return "";
}

// The script a Lua job runs: --script FILE, amazing.lua for the 1978 walk, else the
// generator's NAME.lua (built in, or DIR/generators/NAME.lua from --scripts DIR).
std::string lua_script_name(const Job& job) {
  return job.algorithm == "amazing" ? "amazing.lua" : job.algorithm + ".lua";
}

// What a script prints while gen makes mazes: not the maze (the host renders what it
// publishes), so it goes nowhere.
class Discard : public machine::OutputSink {
 public:
  void put(std::string_view) override {}
};

// The Lua engine: the script runs job.count times on one machine, its RND stream running
// on; what it prints is not the maze (the host renders what it publishes).
int make_lua(const Job& job, const core::Mask* mask, MazeOutput& out) {
  auto script = load_script(job.lua, lua_script_name(job));
  if (!script) {
    print_error("gen", script.error().message);
    return kExitUsage;
  }
  Discard printed;
  machine::ScriptedInput no_input({});
  machine::MachineConfig config;
  config.ram = job.ram;
  config.batch = true;
  config.batch_width = 0;
  config.output = &printed;
  config.input = &no_input;
  auto made = machine::Machine::create(config);
  if (!made) {
    print_error("gen", made.error().message);
    return kExitOutOfMemory;
  }
  machine::Machine& machine = **made;
  if (job.seed) machine.rnd().randomize(*job.seed);
  lua::ScriptArgs args;
  args.width = job.size.width;
  args.length = job.size.length;
  args.seed = job.seed;
  args.variant = std::string(core::variant_name(job.variant));
  args.maze_only = true;
  args.mask = mask;
  args.starts = job.starts;
  args.arg = job.lua.script_args;
  const lua::Limits limits = limits_for_maze(
      job.lua, static_cast<uint64_t>(job.size.width) * static_cast<uint64_t>(job.size.length));
  lua::Engine engine(machine, limits);  // declared after the machine: the maze is its RAM
  for (int n = 0; n < job.count; ++n) {
    lua::RunResult result = engine.run(script->source, script->name, args);
    std::optional<core::Maze> maze = engine.take_maze();
    core::Markers markers = engine.take_markers();
    if (!result.ok()) {
      // The 1978 walk that stops (Subscript out of range) hands over the maze it made so
      // far, as the listing printed its top border, then ends with the listing's error.
      if (maze && job.walk() && result.program_error)
        return report_stop(out, *maze, n, result.program_error->line, job.size.width);
      if (auto st = out.finish(); !st) return report(st);
      print_error("gen", lua_failure_text(result));
      return exit_status(ending_of(result));
    }
    if (!maze) {
      if (auto st = out.finish(); !st) return report(st);
      print_error("gen", script->name +
                             " made no maze: a script run by gen hands each maze to the host "
                             "with amazing.publish(maze) (see scripts/README.md)");
      return kExitUsage;
    }
    // --braid opens walls in what the script made, on the machine's RND as native does;
    // then what it publishes is held to --size, --mask and --starts, and a generator
    // script's maze must be a proper maze (core::check_maze; loops only with --braid); the
    // 1978 walk's flaws are authentic.
    core::braid(*maze, job.braid, machine.rnd(), mask);
    if (core::MazeCheck check = engine.check_published(*maze, markers, !job.walk(), job.braid > 0);
        !check.ok()) {
      if (auto st = out.finish(); !st) return report(st);
      const std::string maze_n = ": maze " + std::to_string(n + 1);
      print_error("gen", check.improper()
                             ? script->name + maze_n + " is not a proper maze: " +
                                   check.message() +
                                   " (every cell reachable from the entrance, one entrance "
                                   "on top, one exit at the bottom, no loop unless --braid)"
                             : script->name + maze_n + " is not what was asked: " +
                                   check.message());
      return kExitCheckFailed;
    }
    if (auto st = out.add(*maze, markers, n); !st) return report(st);
  }
  return report(out.finish());
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
  args.machine_memory = !job.has("--ram");
  const lua::Limits limits = limits_for_maze(
      job.lua, static_cast<uint64_t>(job.size.width) * static_cast<uint64_t>(job.size.length));
  lua::RunResult result;
  {
    lua::Engine engine(machine, limits);
    if (c64) engine.use_c64(&c64_rnd);
    result = engine.run(script->source, script->name, args);
  }
  bool wrote = machine.flush();
  if (!result.ok() && c64 && result.outcome == lua::Outcome::kOutOfRam) {
    print_error("gen", c64_too_big(job.size.width, job.size.length));
    return kExitOutOfMemory;
  }
  if (!result.ok() && !result.program_error) {
    print_error("gen", lua_failure_text(result));
    return exit_status(ending_of(result));
  }
  if (!wrote) {
    std::fprintf(stderr, "amazing gen: write error: could not write the maze to standard output\n");
    return kExitIo;
  }
  // The listing's own stop, printed in the transcript: why, on standard error.
  if (const auto& stop = result.program_error) print_error("gen", program_stop_text(job, *stop));
  return exit_status(ending_of(result));
}

Result<std::string> lua_transcript(const TranscriptRequest& r) {
  const Job& job = r.job;
  const bool c64 = job.machine == MachineKind::kC64;
  LuaOptions lua;
  auto script = load_script(lua, "amazing.lua");
  if (!script) return script.error();
  machine::StringSink sink;
  machine::ScriptedInput input(r.typed);
  machine::MachineConfig config;
  config.ram = c64 ? kC64FreeBytes : job.ram;
  config.batch = true;
  config.batch_width = c64 ? 0 : 80;
  config.output = &sink;
  config.input = &input;
  config.echo = !c64;
  if (c64) config.rules = machine::Rules::kC64;  // its INPUT, as the c64 dialogue has it
  auto made = machine::Machine::create(config);
  if (!made) return made.error();
  core::C64Rnd c64_rnd;
  if (c64 && job.seed && !c64_rnd.seed_statement(*job.seed))
    return Error{"--seed 0 reads the C64's clock"};
  if (job.seed && !c64) (*made)->rnd().randomize(*job.seed);
  lua::ScriptArgs args;
  args.width = job.size.width;
  args.length = job.size.length;
  args.seed = job.seed;
  args.variant = std::string(core::variant_name(job.variant));
  args.machine_memory = !job.has("--ram");
  lua::RunResult result;
  {
    lua::Engine engine(**made, lua.limits);
    if (c64) engine.use_c64(&c64_rnd);
    result = engine.run(script->source, script->name, args);
  }
  (*made)->flush();
  // Typed lines that run out at the prompt end the transcript there, as PC-BASIC's does.
  if (!result.ok() && result.message.find("the input ended before") == std::string::npos)
    return Error{result.message};
  return sink.text();
}

// The Commodore 64's dialogue: scripts/amazing.lua on the Lua engine as a C64 (as the
// c64 boot screen runs it), on a batch machine with the C64's rules and bytes, reading
// standard input; nothing typed is echoed (the C64's recordings came from a pipe, and a
// terminal shows the typing itself).
int run_c64_dialogue(const Job& job) {
  const core::Variant variant = job.variant;
  const std::optional<int16_t> seed = job.seed;
  auto script = load_script(LuaOptions{}, "amazing.lua");
  if (!script) {
    std::fprintf(stderr, "amazing: %s\n", script.error().message.c_str());
    return kExitUsage;
  }
  machine::MachineConfig config;
  config.ram = kC64FreeBytes;
  config.batch = true;
  config.batch_width = 0;  // the C64's lines are as long as printed (no break written)
  config.rules = machine::Rules::kC64;
  config.echo = false;
  machine::StdoutSink out;
  config.output = &out;
  machine::StdinSource keyboard;  // lines of at most machine::kMaxInputLine
  config.input = &keyboard;
  auto made = machine::Machine::create(config);
  if (!made) {
    std::fprintf(stderr, "amazing: %s\n", made.error().message.c_str());
    return kExitOutOfMemory;
  }
  machine::Machine& m = **made;
  core::C64Rnd rnd;
  if (seed) rnd.seed_statement(*seed);  // 0 was refused with the options
  lua::RunResult result;
  {
    lua::ScriptArgs args;
    args.seed = seed;
    args.variant = std::string(core::variant_name(variant));
    lua::Engine engine(m, lua::Limits{});
    engine.use_c64(&rnd);
    result = engine.run(script->source, script->name, args);
  }
  m.flush();
  out.flush();
  if (!result.ok()) {
    std::fflush(stdout);
    // The message alone, as the pc dialogue says it.
    std::string text = lua_failure_text(result);
    if (result.outcome == lua::Outcome::kRuntimeError)
      text = result.message.substr(0, result.message.find("\nstack traceback"));
    std::fprintf(stderr, "\namazing: %s\n", text.c_str());
    return exit_status(ending_of(result));
  }
  if (!out.ok()) {
    std::fprintf(stderr, "amazing: write error: the dialogue could not be written to standard "
                         "output (disk full, or the output closed?)\n");
    return kExitIo;
  }
  if (keyboard.overlong()) return kExitUsage;  // StdinSource said why
  // The input that ends at the prompt stops the program silently (amazing.lua), as a
  // program that ran to its END. The program's own ends: out of the C64's memory (3), or
  // another BASIC error (5).
  const Ending ending = ending_of(result);
  if (ending == Ending::kOutOfMemory)
    std::fprintf(stderr, "\namazing: the listing's arrays and variables do not fit the "
                         "C64's 38911 bytes (59x59 is about the largest maze); use "
                         "--machine pc for bigger mazes\n");
  else if (ending == Ending::kBasicError)
    std::fprintf(stderr, "\n");
  return exit_status(ending);
}

}  // namespace
// play: mazes made by the Lua script (maze_only: the size comes in amazing.args), each on a
// machine of its own whose output is thrown away.
tui::MazeFactory play_lua(const PlayMazes& request) {
  // What a maze made by the script needs alive: the machine whose RAM holds it and the
  // sink and input it was built with (declared first, so they go last).
  struct Holder {
    machine::StringSink discard;
    machine::ScriptedInput no_input{{}};
    std::unique_ptr<machine::Machine> machine;
  };
  auto state = std::make_shared<SeedStream>(seed_stream(request));
  return [state, job = request.job,
          script = *request.script](const tui::MazeRequest& req) -> core::Result<tui::OwnedMaze> {
    core::GwRnd start = state->begin(req);
    auto holder = std::make_shared<Holder>();
    machine::MachineConfig mc;
    mc.ram = job.ram;
    mc.batch = true;
    mc.batch_width = 0;
    mc.output = &holder->discard;
    mc.input = &holder->no_input;
    auto made = machine::Machine::create(mc);
    if (!made) return made.error();
    holder->machine = std::move(made).value();
    holder->machine->rnd() = start;
    lua::ScriptArgs args;
    args.width = job.size.width;
    args.length = job.size.length;
    args.variant = std::string(core::variant_name(req.variant));
    args.maze_only = true;
    args.arg = job.lua.script_args;
    std::optional<core::Maze> maze;
    lua::RunResult result;
    {
      lua::Engine engine(*holder->machine, job.lua.limits);  // gone before the machine
      result = engine.run(script.source, script.name, args);
      if (result.ok()) maze = engine.take_maze();
    }
    if (!result.ok()) return core::Error{result.message};
    if (!maze)
      return core::Error{script.name +
                         " made no maze to walk: it must hand one over with "
                         "amazing.publish(maze)"};
    core::braid(*maze, job.braid, holder->machine->rnd());
    state->rnd = holder->machine->rnd();
    return tui::OwnedMaze{holder, std::move(*maze), state->current_seed};
  };
}

EngineInfo lua_engine() {
  EngineInfo e{EngineKind::kLua, "lua", "the Lua scripts on the emulated machine", true, true,
               refuse_lua};
  e.make_mazes = make_lua;
  e.print_session = run_lua_gen;
  e.transcript = lua_transcript;
  e.dialogue = run_c64_dialogue;
  e.dialogue_on = machine_bit(MachineKind::kC64);
  e.play_mazes = play_lua;
  return e;
}

}  // namespace amazing::cli
