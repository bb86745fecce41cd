// amazing run FILE.lua: runs any Lua program on the machine (scripts/README.md has the
// calls). Without --batch, on a terminal, the program prints on the 40x25 screen drawn by
// the terminal view (src/tui) and reads the keyboard there; without a terminal (or with
// one too small) the screen's text is copied to standard output instead.
//
// run reaches no engine row (engine.hpp): FILE is any Lua program -- scripts/amazing.lua
// among them, run as any other -- given the screen, the keyboard, amazing.save and its own
// arguments, none of which a row's functions (mazes, a session, the dialogue for a job's
// size) offer. The Lua engine's rows run the 1978 program and the makers for gen, compare,
// play and the dialogue.

#include <algorithm>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/args.hpp"
#include "cli/cli11_help.hpp"
#include "cli/commands.hpp"
#include "cli/ctrl_c.hpp"
#include "cli/job.hpp"
#include "cli/lua_engine.hpp"
#include "cli/lua_prompt.hpp"
#include "cli/output.hpp"
#include "cli/run_watch.hpp"
#include "cli/save_store.hpp"
#include "core/c64_rnd.hpp"
#include "lua/embedded_scripts.hpp"
#include "machine/data_dir.hpp"
#include "machine/log.hpp"
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

constexpr const char* kRunUsage = "amazing run [FILE.lua] [options] [ARG...]";

constexpr const char* kRunIntro =
    "Runs a Lua 5.4 program on the emulated 48K computer: PRINT-style output on its 40x25 "
    "screen (drawn in the terminal; without one, copied to standard output), INPUT, the "
    "GW-BASIC RND, a maze store in its RAM (scripts/README.md), and for games LOCATE, COLOR, "
    "INKEY$, a sleep and the machine's own characters (CP437) in colour. A program that read "
    "keys (a game) gives the terminal back as it ends; others wait for a key so their output "
    "can be read. Without a terminal, or with --batch, no key is ever pressed and sleep "
    "returns at once.\nThe program is sandboxed: it cannot read or write files or start "
    "processes; amazing.save and amazing.load keep its values (64 KB) in one file of the "
    "user's data folder ($XDG_DATA_HOME/amazing/saves/NAME.save). FILE may also name a built-in "
    "script, such as amazing.lua; a relative FILE that is not in the current folder is looked "
    "for in the program's own folder (PREFIX/share/amazing when installed), so "
    "scripts/examples/maze_game.lua runs from any folder."
    "\nWithout FILE: the Lua prompt, on the 40x25 screen (Up and Down recall lines, Ctrl-C "
    "breaks a running line, Ctrl-D on an empty line leaves) or, with --batch or input that "
    "is not a terminal, reading lines from standard input with no prompt. A line runs at "
    "once with the amazing table at hand, an expression prints its value as lua5.4 does, "
    "an unfinished chunk goes on on the next line, an error prints its message (on "
    "standard error from standard input) and the prompt goes on. --max-steps counts for "
    "each chunk, --lua-mem for the session; passing either starts a new Lua state. From "
    "standard input the exit status is that of the last chunk that failed, else 0:\n"
    "  $ printf 'x = 6*7\\nx\\nfor i=1,2 do\\nprint(i)\\nend\\n' | amazing run\n"
    "  42\n  1\n  2";

constexpr const char* kRunFooter =
    "ARG... are given to the program as Lua's arg table (arg[0] is FILE, arg[1] the first "
    "ARG; the main chunk's ... too) and as amazing.args.extra; after -- they may start with "
    "-. require(NAME) finds FILE's own lib/NAME.lua first, then the built-in modules. "
    "amazing.log writes a line to standard error (on the terminal's screen: kept until the "
    "screen is given back).\nExit status: 0 done (scripts/amazing.lua also when its input "
    "ends at the prompt, where it stops silently as PC-BASIC's does), 2 bad option or the "
    "program refused (amazing.refuse: its message alone), 3 a maze did not fit in --ram, 5 "
    "the BASIC program it emulates stopped on its error (amazing.basic_error: "
    "scripts/amazing.lua's Subscript out of range in 195; 3 for its ?OUT OF MEMORY), 6 "
    "--max-steps or --lua-mem stopped it, 65 the program has a syntax error, 70 it failed at "
    "run time, 130 Ctrl-C (see 'amazing --help').";

// What run needs beyond the job (job.hpp: size, seed, variant, RAM, machine, Lua limits;
// load_program puts FILE's own lib/ first in job.lua's lib_dirs): the program and its
// arguments, and run's own --batch and --watch.
struct RunOptions {
  Job job;
  std::string file;
  std::vector<std::string> extra;  // the program's arguments (arg[1], ...)
  bool batch = false;
  bool watch = false;  // --watch
};

// --size: WIDTH,LENGTH typed at the program's first question.
bool sized(const Job& job) {
  return job.has("--size");
}

// What --size types at the program's first question: WIDTH,LENGTH.
std::string typed_size(const Job& job) {
  return std::to_string(job.size.width) + "," + std::to_string(job.size.length);
}

// --seed N: RANDOMIZE N on the pc, X=RND(-(N)) on the c64 (its RND kept by the host).
void seed_rnd(const Job& job, machine::Machine& machine, core::C64Rnd& c64_rnd) {
  if (job.seed && job.machine == MachineKind::kC64) c64_rnd.seed_statement(*job.seed);
  if (job.seed && job.machine == MachineKind::kPc) machine.rnd().randomize(*job.seed);
}

// amazing.args: the job's size (with --size), seed and variant; arg[] the program's own.
lua::ScriptArgs script_args(const RunOptions& opt) {
  lua::ScriptArgs args;
  if (sized(opt.job)) args.width = opt.job.size.width, args.length = opt.job.size.length;
  args.seed = opt.job.seed;
  args.variant = std::string(core::variant_name(opt.job.variant));
  args.extra = opt.extra;
  args.arg = opt.extra;
  args.machine_memory = !opt.job.has("--ram");
  return args;
}

// run_on_terminal with --watch: a watched file changed, run the program again.
constexpr int kRunAgain = -1;

// amazing.save / amazing.load: the script's store in the user's data folder; none
// without one (save and load then say that this run keeps no saves).
std::optional<FileSaveStore> store_for(const LoadedScript& script) {
  auto file = FileSaveStore::file_for(script.name);
  if (!file) return std::nullopt;
  return FileSaveStore(*file);
}

void print_store_warnings(const std::optional<FileSaveStore>& store) {
  if (store)
    for (const std::string& warning : store->warnings()) print_error("run", "warning: " + warning);
}

// The machine's memory and rules for --machine: the C64's 38911 bytes and rules, or --ram.
void configure_machine(const RunOptions& opt, machine::MachineConfig& config) {
  if (opt.job.machine != MachineKind::kC64) return;
  config.ram = kC64FreeBytes;
  config.rules = machine::Rules::kC64;
}

// A relative FILE that is not there names one of the program's own files
// (machine::data_dir: PREFIX/share/amazing when installed), so
// `run scripts/examples/maze_game.lua` works from any folder, as it does in the source tree.
std::string locate_program(const std::string& file) {
  if (file.empty() || file.front() == '/' || access(file.c_str(), F_OK) == 0) return file;
  auto data = machine::data_dir();
  if (!data) return file;
  std::string own = (*data / file).string();
  return access(own.c_str(), F_OK) == 0 ? own : file;
}

// The program's text: a file on disk, whose own lib/ require looks in first, or a
// built-in script of that name.
Result<LoadedScript> load_program(RunOptions& opt) {
  LuaOptions from_file = opt.job.lua;
  from_file.script_file = opt.file;
  from_file.scripts_dir.reset();
  auto loaded = load_script(from_file, opt.file);
  if (!loaded && access(opt.file.c_str(), F_OK) != 0 && lua::embedded_script(opt.file)) {
    LuaOptions built_in = opt.job.lua;
    built_in.script_file.reset();
    return load_script(built_in, opt.file);
  }
  auto& dirs = opt.job.lua.limits.lib_dirs;
  std::string own = lib_beside(opt.file);
  if (loaded && std::find(dirs.begin(), dirs.end(), own) == dirs.end()) dirs.insert(dirs.begin(), own);
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
// amazing.log's lines wait while the screen is shown (machine/log.hpp) and come out
// once the terminal is given back. With `watch` (--watch) it stops as soon as a watched
// file changes, and after its end waits for a change (kRunAgain) or for the user to leave.
int run_on_terminal(const RunOptions& opt, const LoadedScript& script, tui::Terminal& term,
                    WatchedFiles* watch = nullptr) {
  machine::LogHold log_hold;
  machine::MachineConfig config;
  config.ram = opt.job.ram;
  config.echo = false;  // the keyboard shows what is typed
  configure_machine(opt, config);
  auto made = machine::Machine::create(config);
  if (!made) {
    term.reset();
    log_hold.release();
    print_error("run", made.error().message);
    return kExitOutOfMemory;
  }
  machine::Machine& machine = **made;
  core::C64Rnd c64_rnd;  // --machine c64: its RND (0 was refused with the options)
  seed_rnd(opt.job, machine, c64_rnd);
  tui::Frame frame{.title = "AMAZING RUN", .hint = "", .play = false, .cursor = std::nullopt};
  frame.machine_screen = &machine.screen();  // its character set and colours
  tui::ScreenView view(term, machine.screen(), 0, frame);
  machine::ScreenSink screen_sink(machine.screen());
  machine::TeeSink tee(screen_sink, view);
  machine.printer().set_sink(tee);
  tui::ScreenLineInput keyboard(term, machine.screen(), frame);
  machine::ScriptedInput typed({});
  if (sized(opt.job)) typed.push(typed_size(opt.job));
  TypedAhead input(typed, keyboard, machine.printer());
  machine.set_input(input);
  // inkey, sleep and show (scripts/README.md, "Games: the screen and the keyboard").
  tui::RunConsole console(term, machine.screen(), frame);
  std::optional<WatchingConsole> watching;
  if (watch) watching.emplace(console, *watch);
  machine.set_console(watching ? static_cast<machine::Console*>(&*watching) : &console);
  auto store = store_for(script);

  const lua::ScriptArgs args = script_args(opt);
  lua::RunResult result;
  {
    lua::Engine engine(machine, opt.job.lua.limits);
    if (opt.job.machine == MachineKind::kC64) engine.use_c64(&c64_rnd);
    if (store) engine.use_store(&*store);
    if (watch) engine.stop_when(&watch->changed_flag());
    result = engine.run(script.source, script.name, args);
  }
  machine.set_console(nullptr);
  if (watch && watch->changed_flag()) return kRunAgain;
  if (keyboard.ended() || (result.ok() && console.read_keys() && !watch)) {
    // The user ended the input (Ctrl-D or Esc), or a program that read keys with inkey
    // (a game) ended as its user asked: the terminal comes back at once.
    term.reset();
    log_hold.release();
    print_store_warnings(store);
    return kExitOk;
  }
  if (!result.ok()) {
    // On the screen's last lines in the power-on colours first (the message without the
    // traceback), then in full on stderr once the terminal is given back.
    machine.screen().show_message(screen_error(result), kErrorRows);
  }
  if (watch) {
    // Warnings go on the screen too: standard error is the terminal's until the end.
    if (store)
      for (const std::string& warning : store->warnings())
        machine.output().put(shown("warning: " + warning) + "\n");
    if (wait_for_change(term, machine.screen(), view.frame(), *watch)) return kRunAgain;
    term.reset();
    return kExitOk;
  }
  view.frame().hint = "PRESS A KEY";
  tui::wait_key(term, machine.screen(), view.frame());
  term.reset();
  log_hold.release();
  print_store_warnings(store);
  if (!result.ok()) {
    print_error("run", lua_failure_text(result));
    return exit_status(ending_of(result));
  }
  return exit_status(ending_of(result));  // the program's own BASIC error, if it had one
}

// --watch: the lib folders whose modules are watched with FILE: FILE's own lib/ and every
// folder require reads (Limits::lib_dirs).
std::vector<std::string> watched_lib_dirs(const RunOptions& opt) {
  std::vector<std::string> dirs{lib_beside(opt.file)};
  for (const std::string& dir : opt.job.lua.limits.lib_dirs)
    if (std::find(dirs.begin(), dirs.end(), dir) == dirs.end()) dirs.push_back(dir);
  return dirs;
}

// --watch: FILE runs, and runs again each time it or a module changes (read afresh each
// time), until the user leaves between runs (Esc, q) or with Ctrl-C.
int run_watching(RunOptions opt, tui::Terminal& term) {
  WatchedFiles files(opt.file, watched_lib_dirs(opt));
  for (;;) {
    files.rearm();  // before reading: a change while it is read is not missed
    auto script = load_program(opt);
    int code = kRunAgain;
    if (script) {
      code = run_on_terminal(opt, *script, term, &files);
    } else if (!wait_for_change(term, script.error().message, files)) {
      term.reset();
      code = kExitOk;
    }
    if (code != kRunAgain) return code;
  }
}

int run_program(RunOptions opt) {
  auto script = load_program(opt);
  if (!script) {
    print_error("run", script.error().message);
    return kExitUsage;
  }
  if (opt.watch && (opt.batch || !isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))) {
    print_error("run",
                "--watch needs a terminal (it runs the program again on the screen "
                "after each change); run it on a terminal without --batch, or drop "
                "--watch");
    return kExitUsage;
  }
  if (!opt.batch && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
    auto term = tui::Terminal::open();
    if (term && opt.watch) return run_watching(opt, **term);
    if (term) return run_on_terminal(opt, *script, **term);
    if (opt.watch) {
      print_error("run", term.error().message + "; --watch needs the terminal's screen");
      return kExitUsage;
    }
    print_error("run", term.error().message + "; printing to standard output instead");
  }
  machine::StdinSource keyboard;
  machine::ScriptedInput typed({});
  if (sized(opt.job)) typed.push(typed_size(opt.job));
  machine::ChainedInput input(typed, keyboard);
  machine::StdoutSink stdout_copy;

  machine::MachineConfig config;
  config.ram = opt.job.ram;
  config.batch = opt.batch;
  config.input = &input;
  // PC-BASIC's transcript shows typed lines; a terminal shows them by itself.
  config.echo = opt.batch || !isatty(STDIN_FILENO) || sized(opt.job);
  if (!opt.batch) config.output = &stdout_copy;  // the screen, copied to stdout for now
  configure_machine(opt, config);
  if (opt.job.machine == MachineKind::kC64) {
    config.batch_width = 0;  // the C64 writes no line break of its own
    if (opt.batch) config.echo = false;  // as its recordings: nothing typed is shown
  }
  auto made = machine::Machine::create(config);
  if (!made) {
    print_error("run", made.error().message);
    return kExitOutOfMemory;
  }
  if (opt.batch) stop_on_ctrl_c("\namazing run: stopped (Ctrl-C)\n");
  machine::Machine& machine = **made;
  core::C64Rnd c64_rnd;  // --machine c64: its RND (0 was refused with the options)
  seed_rnd(opt.job, machine, c64_rnd);

  const lua::ScriptArgs args = script_args(opt);
  auto store = store_for(*script);
  lua::RunResult result;
  {
    lua::Engine engine(machine, opt.job.lua.limits);
    if (opt.job.machine == MachineKind::kC64) engine.use_c64(&c64_rnd);
    if (store) engine.use_store(&*store);
    result = engine.run(script->source, script->name, args);
  }
  print_store_warnings(store);
  bool wrote = machine.flush();
  stdout_copy.flush();
  if (!result.ok()) {
    if (!machine.batch()) {
      // The error on the screen's last lines, where the program's user is looking.
      machine.screen().show_message(screen_error(result), kErrorRows);
    }
    print_error("run", lua_failure_text(result));
    return exit_status(ending_of(result));
  }
  if (!wrote || !stdout_copy.ok()) {
    std::fprintf(stderr, "amazing run: write error: could not write to standard output\n");
    return kExitIo;
  }
  if (keyboard.overlong()) return kExitUsage;  // StdinSource said why
  return exit_status(ending_of(result));  // the program's own BASIC error, if it had one
}

// The Lua prompt's options (run without FILE: cli/lua_prompt.hpp).
LuaPromptOptions prompt_options(const Job& job, bool batch) {
  LuaPromptOptions prompt;
  prompt.ram = job.ram;
  prompt.seed = job.seed;
  prompt.limits = job.lua.limits;
  if (job.has("--size")) prompt.args.width = job.size.width, prompt.args.length = job.size.length;
  prompt.args.seed = job.seed;
  prompt.args.variant = std::string(core::variant_name(job.variant));
  prompt.batch = batch;
  return prompt;
}

}  // namespace

int run_command(int argc, char** argv) {
  // The job's options (job.hpp: one parser and one message each for every command),
  // worded here for a Lua program; --batch is run's own.
  Job job;
  bool batch = false;
  bool watch = false;
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
  app.add_flag("--watch", watch,
               "run the program again each time FILE (or a .lua file under the lib/ folder "
               "beside it) changes on disk; its errors show on the screen, which then waits "
               "for the next change; Esc or q between runs (or Ctrl-C) leaves. Needs a "
               "terminal: refused with --batch or without one");
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
      ->description("stop the program after N Lua instructions, exit 6 (default 2G; 0 = no "
                    "limit; 100M instructions take 0.5 to 1.6 s of CPU, so 2G about 11 to 32 s)");
  app.get_option("--lua-mem")
      ->description("stop the program when its Lua memory passes SIZE (default 64M)");
  std::vector<std::string> arguments;
  if (auto code = parse_command_line(app, "run", argc, argv, 2, arguments)) return *code;
  std::string why;
  if (arguments.empty() && job.machine == MachineKind::kC64)
    why = "the Lua prompt (run without FILE) is on the pc machine; give a FILE for --machine c64";
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
  if (arguments.empty()) return lua_prompt(prompt_options(job, batch));
  RunOptions opt{job,
                 locate_program(arguments.front()),
                 {arguments.begin() + 1, arguments.end()},
                 batch,
                 watch};
  return run_program(opt);
}

}  // namespace amazing::cli
