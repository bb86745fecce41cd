// amazing run FILE.lua: runs any Lua program on the machine (scripts/README.md has the
// calls). Without --batch, on a terminal, the program prints on the 40x25 screen drawn by
// the terminal view (src/tui) and reads the keyboard there; without a terminal (or with
// one too small) the screen's text is copied to standard output instead.

#include <unistd.h>

#include <cstdio>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/args.hpp"
#include "cli/cli11_help.hpp"
#include "cli/commands.hpp"
#include "cli/job.hpp"
#include "cli/lua_engine.hpp"
#include "cli/output.hpp"
#include "core/c64_rnd.hpp"
#include "lua/embedded_scripts.hpp"
#include "machine/machine.hpp"
#include "tui/run_console.hpp"
#include "tui/session.hpp"
#include "tui/terminal.hpp"

namespace amazing::cli {
namespace {

// The rows of the screen a run-time error may take (the whole message goes to stderr).
constexpr int kErrorRows = 5;

// A failed run's message as the screen shows it: without the traceback, printable.
std::string screen_error(const lua::RunResult& result) {
  return shown(result.message.substr(0, result.message.find("\nstack traceback")));
}

constexpr const char* kRunUsage = "amazing run FILE.lua [options] [ARG...]";

constexpr const char* kRunIntro =
    "Runs a Lua 5.4 program on the emulated 48K computer: PRINT-style output on its 40x25 "
    "screen (drawn in the terminal; without one, copied to standard output), INPUT, the "
    "GW-BASIC RND, a maze store in its RAM (scripts/README.md), and for games LOCATE, COLOR, "
    "INKEY$, a sleep and the machine's own characters (CP437) in colour. A program that read "
    "keys (a game) gives the terminal back as it ends; others wait for a key so their output "
    "can be read. Without a terminal, or with --batch, no key is ever pressed and sleep "
    "returns at once.\nThe program is sandboxed: it cannot read or write files or start "
    "processes. FILE may also name a built-in script, such as amazing.lua.";

constexpr const char* kRunFooter =
    "ARG... are given to the program as amazing.args.extra (after -- they may start with "
    "-).\nExit status: 0 done, 2 bad option, 3 a maze did not fit in --ram, 65 the program "
    "has a syntax error, 70 it failed at run time or passed a limit.";

struct RunOptions {
  std::string file;
  std::optional<Size> size;
  std::optional<int16_t> seed;
  core::Variant variant = core::Variant::kBook;
  bool batch = false;
  std::size_t ram = core::kDefaultRam;
  LuaOptions lua;
  std::vector<std::string> extra;
  MachineKind machine = MachineKind::kPc;  // --machine
};

// The machine's memory and rules for --machine: the C64's 38911 bytes and rules, or --ram.
void configure_machine(const RunOptions& opt, machine::MachineConfig& config) {
  if (opt.machine != MachineKind::kC64) return;
  config.ram = kC64FreeBytes;
  config.rules = machine::Rules::kC64;
}

// The program's text: a file on disk, or a built-in script of that name.
Result<LoadedScript> load_program(const RunOptions& opt) {
  LuaOptions from_file = opt.lua;
  from_file.script_file = opt.file;
  from_file.scripts_dir.reset();
  auto loaded = load_script(from_file, opt.file);
  if (!loaded && access(opt.file.c_str(), F_OK) != 0 && lua::embedded_script(opt.file)) {
    LuaOptions built_in = opt.lua;
    built_in.script_file.reset();
    return load_script(built_in, opt.file);
  }
  return loaded;
}

// Lines typed ahead (--size) and then the keyboard; a typed-ahead line is shown on the
// screen as if it had been typed there.
class TypedAhead : public machine::InputSource {
 public:
  TypedAhead(machine::ScriptedInput& typed, machine::InputSource& keyboard,
             machine::Printer& printer)
      : typed_(&typed), keyboard_(&keyboard), printer_(&printer) {}
  std::optional<std::string> read_line() override {
    if (auto line = typed_->read_line()) {
      printer_->write(*line);
      return line;
    }
    return keyboard_->read_line();
  }

 private:
  machine::ScriptedInput* typed_;
  machine::InputSource* keyboard_;
  machine::Printer* printer_;
};

// The program on the terminal's 40x25 screen; the terminal is restored before returning.
int run_on_terminal(const RunOptions& opt, const LoadedScript& script, tui::Terminal& term) {
  machine::MachineConfig config;
  config.ram = opt.ram;
  config.echo = false;  // the keyboard shows what is typed
  configure_machine(opt, config);
  auto made = machine::Machine::create(config);
  if (!made) {
    term.reset();
    print_error("run", made.error().message);
    return kExitOutOfMemory;
  }
  machine::Machine& machine = **made;
  core::C64Rnd c64_rnd;  // --machine c64: its RND (0 was refused with the options)
  if (opt.seed && opt.machine == MachineKind::kC64) c64_rnd.seed_statement(*opt.seed);
  if (opt.seed && opt.machine == MachineKind::kPc) machine.rnd().randomize(*opt.seed);
  tui::Frame frame{.title = "AMAZING RUN", .hint = "", .play = false, .cursor = std::nullopt};
  frame.machine_screen = &machine.screen();  // its character set and colours
  tui::ScreenView view(term, machine.screen(), 0, frame);
  machine::ScreenSink screen_sink(machine.screen());
  machine::TeeSink tee(screen_sink, view);
  machine.printer().set_sink(tee);
  tui::ScreenLineInput keyboard(term, machine.screen(), frame);
  machine::ScriptedInput typed({});
  if (opt.size)
    typed.push(std::to_string(opt.size->width) + "," + std::to_string(opt.size->length));
  TypedAhead input(typed, keyboard, machine.printer());
  machine.set_input(input);
  // inkey, sleep and show (scripts/README.md, "Games: the screen and the keyboard").
  tui::RunConsole console(term, machine.screen(), frame);
  machine.set_console(&console);

  lua::ScriptArgs args;
  if (opt.size) args.width = opt.size->width, args.length = opt.size->length;
  args.seed = opt.seed;
  args.variant = std::string(core::variant_name(opt.variant));
  args.extra = opt.extra;
  lua::RunResult result;
  {
    lua::Engine engine(machine, opt.lua.limits);
    if (opt.machine == MachineKind::kC64) engine.use_c64(&c64_rnd);
    result = engine.run(script.source, script.name, args);
  }
  machine.set_console(nullptr);
  if (keyboard.ended() || (result.ok() && console.read_keys())) {
    // The user ended the input (Ctrl-D or Esc), or a program that read keys with inkey
    // (a game) ended as its user asked: the terminal comes back at once.
    term.reset();
    return kExitOk;
  }
  if (!result.ok()) {
    // On the screen's last lines in the power-on colours first (the message without the
    // traceback), then in full on stderr once the terminal is given back.
    machine.screen().show_message(screen_error(result), kErrorRows);
  }
  view.frame().hint = "PRESS A KEY";
  tui::wait_key(term, machine.screen(), view.frame());
  term.reset();
  if (!result.ok()) {
    print_error("run", lua_failure_text(result));
    return result.exit_code();
  }
  return kExitOk;
}

int run_program(const RunOptions& opt) {
  auto script = load_program(opt);
  if (!script) {
    print_error("run", script.error().message);
    return kExitUsage;
  }
  if (!opt.batch && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
    auto term = tui::Terminal::open();
    if (term) return run_on_terminal(opt, *script, **term);
    print_error("run", term.error().message + "; printing to standard output instead");
  }
  machine::StdinSource keyboard;
  machine::ScriptedInput typed({});
  if (opt.size)
    typed.push(std::to_string(opt.size->width) + "," + std::to_string(opt.size->length));
  machine::ChainedInput input(typed, keyboard);
  machine::StdoutSink stdout_copy;

  machine::MachineConfig config;
  config.ram = opt.ram;
  config.batch = opt.batch;
  config.input = &input;
  // PC-BASIC's transcript shows typed lines; a terminal shows them by itself.
  config.echo = opt.batch || !isatty(STDIN_FILENO) || opt.size.has_value();
  if (!opt.batch) config.output = &stdout_copy;  // the screen, copied to stdout for now
  configure_machine(opt, config);
  if (opt.machine == MachineKind::kC64) {
    config.batch_width = 0;  // the C64 writes no line break of its own
    if (opt.batch) config.echo = false;  // as its recordings: nothing typed is shown
  }
  auto made = machine::Machine::create(config);
  if (!made) {
    print_error("run", made.error().message);
    return kExitOutOfMemory;
  }
  machine::Machine& machine = **made;
  core::C64Rnd c64_rnd;  // --machine c64: its RND (0 was refused with the options)
  if (opt.seed && opt.machine == MachineKind::kC64) c64_rnd.seed_statement(*opt.seed);
  if (opt.seed && opt.machine == MachineKind::kPc) machine.rnd().randomize(*opt.seed);

  lua::ScriptArgs args;
  if (opt.size) args.width = opt.size->width, args.length = opt.size->length;
  args.seed = opt.seed;
  args.variant = std::string(core::variant_name(opt.variant));
  args.extra = opt.extra;
  lua::RunResult result;
  {
    lua::Engine engine(machine, opt.lua.limits);
    if (opt.machine == MachineKind::kC64) engine.use_c64(&c64_rnd);
    result = engine.run(script->source, script->name, args);
  }
  bool wrote = machine.flush();
  stdout_copy.flush();
  if (!result.ok()) {
    if (!machine.batch()) {
      // The error on the screen's last lines, where the program's user is looking.
      machine.screen().show_message(screen_error(result), kErrorRows);
    }
    print_error("run", lua_failure_text(result));
    return result.exit_code();
  }
  if (!wrote || !stdout_copy.ok()) {
    std::fprintf(stderr, "amazing run: write error: could not write to standard output\n");
    return kExitIo;
  }
  if (keyboard.overlong()) return kExitUsage;  // StdinSource said why
  return kExitOk;
}

}  // namespace

int run_command(int argc, char** argv) {
  // The job's options (job.hpp: one parser and one message each for every command),
  // worded here for a Lua program; --batch is run's own.
  Job job;
  bool batch = false;
  CLI::App app;
  use_help_layout(app, "run", {kRunUsage, kRunIntro, kRunFooter});
  auto job_option = [&](unsigned which, const char* name, const char* text) {
    add_job_options(app, job, which);
    app.get_option(name)->description(text);
  };
  job_option(kOptSize, "--size",
             "type WIDTH,LENGTH at the program's first question, and give it as "
             "amazing.args.width/length");
  job_option(kOptSeed, "--seed", "run N%=N: RANDOMIZE N% first (-32768..32767)");
  job_option(kOptVariant, "--variant", "amazing.args.variant: book (default), fixed or fixed-exit");
  app.add_flag("--batch", batch,
               "print to standard output at 80 columns instead of the screen; errors go to "
               "standard error");
  add_job_options(app, job, kOptRam);
  job_option(kOptMachine, "--machine",
             "pc (default): the GW-BASIC machine above. c64: a Commodore 64: amazing.rnd is "
             "its RND (--seed N is X=RND(-(N)), not 0; randomize is refused), amazing.draw "
             "and single its 5-byte arithmetic, TAB and SPC print cursor-rights, INPUT is its "
             "(?REDO FROM START, ??, ?EXTRA IGNORED), its screen wraps 80-character logical "
             "lines, its memory is 38911 bytes (--ram refused), and --batch echoes nothing "
             "typed and breaks no line; amazing.machine is \"c64\"");
  app.get_option("--machine")->type_name("pc|c64");
  add_job_options(app, job, kOptLuaLimits);
  app.get_option("--max-steps")
      ->description("stop the program after N Lua instructions (default 2G; 0 = no limit)");
  app.get_option("--lua-mem")
      ->description("stop the program when its Lua memory passes SIZE (default 64M)");
  std::vector<std::string> arguments;
  if (auto code = parse_command_line(app, "run", argc, argv, 2, arguments)) return *code;
  std::string why;
  if (arguments.empty())
    why = "give the Lua program to run, for example: amazing run maze.lua";
  else if (job.machine == MachineKind::kC64 && job.has("--ram"))
    why =
        "--ram is not available with --machine c64 (a Commodore 64 has its 38911 BASIC "
        "bytes); use --machine pc";
  else if (job.machine == MachineKind::kC64 && job.seed && *job.seed == 0)
    why =
        "--seed 0 on the c64 machine would be X=RND(-(0)), which reads the C64's clock; "
        "give a seed other than 0";
  if (!why.empty()) {
    print_error("run", why);
    return kExitUsage;
  }
  RunOptions opt;
  opt.file = arguments.front();
  opt.extra.assign(arguments.begin() + 1, arguments.end());
  if (job.has("--size")) opt.size = job.size;
  opt.seed = job.seed;
  opt.variant = job.variant;
  opt.batch = batch;
  opt.ram = job.ram;
  opt.lua = job.lua;
  opt.machine = job.machine;
  return run_program(opt);
}

}  // namespace amazing::cli
