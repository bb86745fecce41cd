// amazing run FILE.lua: runs any Lua program on the machine (scripts/README.md has the
// calls). Without --batch, on a terminal, the program prints on the 40x25 screen drawn by
// the terminal view (src/tui) and reads the keyboard there; without a terminal (or with
// one too small) the screen's text is copied to standard output instead.

#include <unistd.h>

#include <cstdio>
#include <string>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "cli/lua_engine.hpp"
#include "lua/embedded_scripts.hpp"
#include "core/c64_rnd.hpp"
#include "machine/machine.hpp"
#include "tui/run_console.hpp"
#include "tui/session.hpp"
#include "tui/terminal.hpp"

namespace amazing::cli {
namespace {

constexpr const char* kRunHelp = R"(usage: amazing run FILE.lua [options] [ARG...]

Runs a Lua 5.4 program on the emulated 48K computer: PRINT-style output on its
40x25 screen (drawn in the terminal; without one, copied to standard output), INPUT,
the GW-BASIC RND, a maze store in its RAM (scripts/README.md), and for games
LOCATE, COLOR, INKEY$, a sleep and the machine's own characters (CP437) in colour.
A program that read keys (a game) gives the terminal back as it ends; others
wait for a key so their output can be read. Without a terminal, or with --batch,
no key is ever pressed and sleep returns at once.
The program is sandboxed: it cannot read or write files or start processes.
FILE may also name a built-in script, such as amazing.lua.

  --size WxL        type WIDTH,LENGTH at the program's first question, and give
                    it as amazing.args.width/length
  --seed N          run N%=N: RANDOMIZE N% first (-32768..32767)
  --variant V       amazing.args.variant: book (default), fixed or fixed-exit
  --batch           print to standard output at 80 columns instead of the screen;
                    errors go to standard error
  --ram SIZE        the machine's memory: 48K (default), 64K, 8M, unlimited, ...
  --machine pc|c64  pc (default): the GW-BASIC machine above. c64: a Commodore 64:
                    amazing.rnd is its RND (--seed N is X=RND(-(N)), not 0; randomize
                    is refused), amazing.draw and single its 5-byte arithmetic, TAB and
                    SPC print cursor-rights, INPUT is its (?REDO FROM START, ??, ?EXTRA
                    IGNORED), its screen wraps 80-character logical lines, its memory is
                    38911 bytes (--ram refused), and --batch echoes nothing typed and
                    breaks no line; amazing.machine is "c64"
  --max-steps N     stop the program after N Lua instructions (default 2G; 0 = no limit)
  --lua-mem SIZE    stop the program when its Lua memory passes SIZE (default 64M)
  -h, --help        this help

ARG... are given to the program as amazing.args.extra.
Exit status: 0 done, 2 bad option, 3 a maze did not fit in --ram, 65 the program
has a syntax error, 70 it failed at run time or passed a limit.
)";

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
    // On the screen's last lines first (the message without the traceback), then in full
    // on stderr once the terminal is given back.
    machine::Printer& p = machine.printer();
    if (p.column() > 0) p.newline();
    machine.output().put(
        shown(result.message.substr(0, result.message.find("\nstack traceback"))) + "\n");
    p.reset_column();
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
    std::fprintf(stderr, "amazing run: %s; printing to standard output instead\n",
                 term.error().message.c_str());
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
      machine::Screen& screen = machine.screen();
      if (screen.col() != 0) screen.newline();
      screen.put(shown_message(result.message) + "\n");
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
  ArgScanner args(argc, argv, 2, "run");
  RunOptions opt;
  bool ram_given = false;
  while (args.next()) {
    if (args.is("--help")) {
      std::fputs(kRunHelp, stdout);
      return kExitOk;
    } else if (args.option("--size", parse_size, opt.size)) {
    } else if (args.option("--seed", parse_seed, opt.seed)) {
    } else if (args.option("--variant", parse_variant_option, opt.variant)) {
    } else if (args.option("--ram", core::parse_ram_size, opt.ram)) {
      ram_given = true;
    } else if (args.option("--machine", parse_machine_kind, opt.machine)) {
    } else if (args.is("--batch")) {
      opt.batch = true;
    } else if (args.is("--script") || args.is("--scripts")) {
      args.fail(std::string(args.current()) +
                " is for 'amazing gen'; give the program as FILE.lua");
    } else if (!scan_lua_option(args, opt.lua)) {
      args.unknown();
    }
  }
  if (!args.failed() && args.positional().empty())
    args.fail("give the Lua program to run, for example: amazing run maze.lua");
  if (!args.failed() && opt.machine == MachineKind::kC64) {
    if (ram_given)
      args.fail("--ram is not available with --machine c64 (a Commodore 64 has its 38911 "
                "BASIC bytes); use --machine pc");
    else if (opt.seed && *opt.seed == 0)
      args.fail("--seed 0 on the c64 machine would be X=RND(-(0)), which reads the C64's "
                "clock; give a seed other than 0");
  }
  if (args.failed()) {
    print_error("run", args.error());
    return kExitUsage;
  }
  opt.file = args.positional().front();
  opt.extra.assign(args.positional().begin() + 1, args.positional().end());
  return run_program(opt);
}

}  // namespace amazing::cli
