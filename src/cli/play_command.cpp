// amazing play: the machine on the terminal. Without --size it boots the 40x25 screen and
// runs scripts/amazing.lua on it with the Lua engine (banner, WHAT ARE YOUR WIDTH AND
// LENGTH?, the maze printed as on a 40-column machine), then the maze can be walked. With
// --size it goes straight to walking that maze (made by the native core, or by the Lua
// script given with --script). `amazing` with no arguments on a terminal runs this too.

#include <unistd.h>

#include <cstdio>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "basic/interpreter.hpp"
#include "basic/listing.hpp"
#include "basic/run.hpp"
#include "cli/args.hpp"
#include "cli/atomic_file.hpp"
#include "cli/cli11_help.hpp"
#include "cli/commands.hpp"
#include "cli/daily.hpp"
#include "cli/job.hpp"
#include "cli/lua_engine.hpp"
#include "cli/output.hpp"
#include "cli/pace.hpp"
#include "cli/picture_output.hpp"
#include "cli/plain_play.hpp"
#include "cli/play_mazes.hpp"
#include "cli/records.hpp"
#include "core/amazing_walk.hpp"
#include "core/generators/generator.hpp"
#include "core/ram.hpp"
#include "core/render.hpp"
#include "lua/engine.hpp"
#include "machine/log.hpp"
#include "machine/machine.hpp"
#include "tui/c64_boot.hpp"
#include "tui/play.hpp"
#include "tui/session.hpp"
#include "tui/terminal.hpp"

namespace amazing::cli {
namespace {

constexpr const char* kPlayUsage = "amazing play [--size WxL] [options]";

constexpr const char* kPlayIntro =
    "Walk an AMAZING maze (BASIC Computer Games, 1978) in the terminal, on the emulated "
    "computer's 40x25 screen.\n\nWithout --size the machine boots: the program asks WHAT "
    "ARE YOUR WIDTH AND LENGTH? (type W,L and Enter; Backspace corrects), prints the maze as "
    "a 40-column machine would, and then lets you walk it. `amazing` with no arguments on a "
    "terminal does the same.";

constexpr const char* kPlayFooter =
    "Keys while walking: arrows, h j k l, or w a d and shift-S move; Shift or Ctrl with an "
    "arrow, or g then a move key, runs along the corridor to the next junction or dead end; "
    "a mouse click walks to that cell along the open way; t shows or hides your trail; s "
    "shows or hides the shortest way out; m watches a solver (wall follower, Pledge, "
    "Tremaux, dead-end filling, breadth-first flood) from where you stand; ? help; n a new "
    "maze; f the same seed as fixed-exit; r watches the maze being made again (not a "
    "--script maze); Esc closes a box; q quits at once. Watching the making or a solver: "
    "Space pauses and goes on, Left and Right step back and forward, Home and End go to the "
    "start and the end, + and - change the speed, another key goes back to the maze. After "
    "an escape, Enter makes the next maze. The status line shows each maze's seed (SEED N): "
    "--seed N makes that maze again (every new maze gets a seed).\nYou start in the entrance "
    "on the top row; leave through the gap in the bottom row.\nBook and fixed mazes can lack "
    "an exit or wall cells off: the game says so and offers a new maze or the fixed-exit "
    "revision.\n\nNeeds a terminal of at least 42x27 (TERM xterm, xterm-256color, screen, "
    "linux, vt100). NO_COLOR turns colour off. Ctrl-C quits and restores the terminal.\nExit "
    "status: 0 done, 2 bad option or no terminal, 3 the maze does not fit in --ram, 65 or 70 "
    "the Lua script failed (its error is printed after the terminal is restored).";

// What play needs beyond the job (job.hpp: size, seed, variant, maker, machine, RAM, Lua
// options, braid, difficulty): the screen's and the game's own options.
struct PlayOptions {
  explicit PlayOptions(const Job& j) : job(j) {}
  const Job& job;
  std::optional<int> baud;                // --baud RATE (0: instant), for the boot screen
  std::optional<std::string> screenshot;  // --screenshot FILE
  bool solution = false;                  // --solution, with --screenshot
  bool watch = false;                     // --watch: play starts with the maze's making
  bool fog = false;                       // --fog: only what the player has seen shows
  bool plain = false;                     // --plain: lines of text (plain_play.hpp)
  bool daily = false;                     // --daily: the maze of the day (daily.hpp)
  RecordKeeper* records = nullptr;        // keeps each finish's record (records.hpp)
};

// --size (or --daily's): the game goes straight to walking; without, the machine boots.
bool sized(const Job& job) {
  return job.has("--size");
}
// A maker of core/generators (--algorithm NAME other than the 1978 walk).
bool generator(const Job& job) {
  return job.algorithm != "amazing";
}
// A script of the user's: --script FILE or --scripts DIR.
bool own_script(const Job& job) {
  return job.lua.script_file || job.lua.scripts_dir;
}

// The engine that makes play's mazes: a script of the user's on the pc runs on the Lua
// engine; the 1978 walk, the other makers and every c64 maze are native.
EngineKind play_engine(const Job& job) {
  const bool lua = job.machine == MachineKind::kPc && !generator(job) && own_script(job);
  return lua ? EngineKind::kLua : EngineKind::kNative;
}

// The state the machine's RND starts from: after RANDOMIZE N (X=RND(-(N)) on the c64)
// with --seed N, else power-on.
PlayStart power_on(const Job& job) {
  PlayStart s;
  if (job.seed && job.machine == MachineKind::kC64) s.c64_rnd.seed_statement(*job.seed);
  if (job.seed && job.machine == MachineKind::kPc) s.rnd.randomize(*job.seed);
  s.made_from = s.rnd;
  s.c64_made_from = s.c64_rnd;
  return s;
}

// The game's mazes, the first included, through the engine's row.
tui::MazeFactory play_mazes(const Job& job, const std::optional<LoadedScript>& script,
                            PlayStart start) {
  return engine_info(job.engine).play_mazes({job, script ? &*script : nullptr, start});
}

// The boot dialogue for a generator: asks the size on the screen as amazing.lua does, then
// runs the generator script, which prints its maze and publishes it. The question is
// put on the script's first line (a comment), so error line numbers stay the script's.
std::string boot_generator_source(const std::string& script) {
  return "do local A = amazing; A.args = A.args or {}; while true do "
         "local h, v = A.input('WHAT ARE YOUR WIDTH AND LENGTH', 'nn'); "
         "if h == nil then error('the input ended before a width and length were given', 0) end; "
         "if h >= 2 and v >= 2 and h == math.floor(h) and v == math.floor(v) and "
         "h <= A.max_dimension and v <= A.max_dimension then "
         "A.args.width, A.args.length = math.tointeger(h), math.tointeger(v); break end; "
         "A.print('SIZES MUST BE WHOLE NUMBERS FROM 2 TO ' .. A.max_dimension .. '.  TRY AGAIN.') "
         "end; for _ = 1, 4 do A.print() end end; " +
         script;
}

int fail_after_terminal(const std::string& message, int code) {
  print_error("play", message);
  return code;
}

// A maze that could not be made: out of memory (3), or the Lua script failed (70).
int maze_failure(const std::string& message) {
  bool oom = message.find("OUT OF MEMORY") != std::string::npos ||
             message.find("Out of memory") != std::string::npos;
  return fail_after_terminal(message, exit_status(oom ? Ending::kOutOfMemory : Ending::kLuaError));
}

// The script the boot screen runs (amazing.lua, generators/NAME.lua, or the user's), or
// that makes the mazes with --size; none when the native core makes them. Read before the
// screen starts, so a missing file is a plain message.
Result<std::optional<LoadedScript>> play_script(const Job& job) {
  if (sized(job) && (generator(job) || !own_script(job))) return std::optional<LoadedScript>();
  auto loaded = load_script(job.lua, generator(job) ? job.algorithm + ".lua" : "amazing.lua");
  if (!loaded) return loaded.error();
  return std::optional<LoadedScript>(std::move(loaded).value());
}

tui::PlayConfig play_config(const PlayOptions& opt, const std::optional<LoadedScript>& script) {
  const Job& job = opt.job;
  tui::PlayConfig config{.variant = job.variant,
                         .algorithm = generator(job) ? job.algorithm : std::string()};
  if (opt.records && !own_script(job)) config.on_finish = opt.records->hook();
  config.fog = opt.fog;
  // A script of the user's makes the mazes: the status line names it, not the revision.
  if (script && job.engine == EngineKind::kLua)
    config.script = script->name.substr(script->name.find_last_of('/') + 1);
  return config;
}

// --screenshot: the screen as it first appears, as a picture; no terminal. The file is
// checked (a folder, no access: bad usage, as gen --output) before the maze is made, and
// the old one stays until the new picture is whole.
int play_screenshot(const PlayOptions& opt, tui::MazeFactory mazes, tui::PlayConfig config) {
  auto file = ReplacedFile::open(*opt.screenshot, "--screenshot");
  if (!file) {
    print_error("play", file.error().message);
    return kExitUsage;
  }
  stop_cleanly_on_signals(
      "\namazing play: stopped (Ctrl-C or a signal); the --screenshot file is left as it "
      "was\n");
  tui::PlayGame game(std::move(mazes), std::move(config));
  auto started = game.start(0);
  if (!started) return maze_failure(started.error().message);
  if (opt.solution) (void)game.handle(tui::Action::kToggleSolution, 0);
  if (auto st = write_screenshot(game.render(0), *file); !st) {
    print_error("play", st.error().message);
    return kExitIo;
  }
  return kExitOk;
}

// --plain: lines of text on any standard input and output; no terminal needed.
int play_plain(tui::MazeFactory mazes, tui::PlayConfig config) {
  tui::PlayGame game(std::move(mazes), std::move(config));
  auto started = game.start(tui::now_seconds());
  if (!started) return maze_failure(started.error().message);
  return run_plain_play(game, std::cin, std::cout, tui::now_seconds);
}

// Walks `game` on the terminal (its maze started), watching its making first with --watch,
// and gives the terminal back.
int walk(const PlayOptions& opt, tui::Terminal& term, tui::PlayGame& game,
         std::optional<tui::Palette> palette = std::nullopt) {
  if (opt.watch) (void)game.handle(tui::Action::kReplay, tui::now_seconds());
  auto played = tui::run_play(term, game, palette);
  term.reset();
  if (!played) return maze_failure(played.error().message);
  return kExitOk;
}

// --size on the terminal: straight to walking.
int play_sized(const PlayOptions& opt, tui::Terminal& term, tui::MazeFactory mazes,
               tui::PlayConfig config) {
  tui::PlayGame game(std::move(mazes), std::move(config));
  auto started = game.start(tui::now_seconds());
  if (!started) {
    term.reset();
    return maze_failure(started.error().message);
  }
  const bool c64 = opt.job.machine == MachineKind::kC64;
  return walk(opt, term, game, c64 ? std::optional(tui::c64_palette()) : std::nullopt);
}

int run_pc_boot(const PlayOptions& opt, const LoadedScript& script, tui::Terminal& term,
                tui::PlayConfig config);
int run_c64_boot(const PlayOptions& opt, const LoadedScript& script, tui::Terminal& term,
                 tui::PlayConfig config);
int run_listing_boot(const PlayOptions& opt, const basic::Listing& listing, tui::Terminal& term,
                     tui::PlayConfig config);

int run_play(const PlayOptions& opt) {
  const Job& job = opt.job;
  // amazing.log's lines wait while the screen is shown (machine/log.hpp): written when
  // play ends.
  machine::LogHold log_hold;
  auto script = play_script(job);
  if (!script) return fail_after_terminal(script.error().message, kExitUsage);
  tui::PlayConfig config = play_config(opt, *script);
  // --engine basic: the listing the boot screen runs, found before the screen starts.
  std::optional<basic::Listing> listing;
  if (job.engine == EngineKind::kBasic) {
    auto found = job.rom.empty() ? basic::find_listing(job.variant) : basic::load_listing(job.rom);
    if (!found) return fail_after_terminal(found.error().message, kExitUsage);
    listing = std::move(found).value();
  }
  if (sized(job) && (opt.screenshot || opt.plain)) {
    tui::MazeFactory mazes = play_mazes(job, *script, power_on(job));
    return opt.screenshot ? play_screenshot(opt, std::move(mazes), std::move(config))
                          : play_plain(std::move(mazes), std::move(config));
  }
  auto opened = tui::Terminal::open();
  if (!opened) return fail_after_terminal(opened.error().message, kExitUsage);
  std::unique_ptr<tui::Terminal> term = std::move(opened).value();
  if (sized(job))
    return play_sized(opt, *term, play_mazes(job, *script, power_on(job)), std::move(config));
  if (listing) return run_listing_boot(opt, *listing, *term, std::move(config));
  if (job.machine == MachineKind::kC64)
    return run_c64_boot(opt, **script, *term, std::move(config));
  return run_pc_boot(opt, **script, *term, std::move(config));
}

// The machine on the terminal: what it prints is shown on its screen (at --baud), its
// keyboard reads the terminal's.
struct BootScreen {
  BootScreen(tui::Terminal& term, machine::Machine& m, int baud, const tui::Frame& frame)
      : view(term, m.screen(), baud, frame),
        screen_sink(m.screen()),
        tee(screen_sink, view),
        keyboard(term, m.screen(), frame) {
    m.printer().set_sink(tee);
    m.set_input(keyboard);
  }
  tui::ScreenView view;
  machine::ScreenSink screen_sink;
  machine::TeeSink tee;
  tui::ScreenLineInput keyboard;
};

// The machine of a boot screen, `ram` bytes with `rules`' screen: the terminal is its
// keyboard and shows what is typed. An error after the terminal is given back.
Result<std::shared_ptr<machine::Machine>> boot_machine(tui::Terminal& term, std::size_t ram,
                                                       machine::Rules rules) {
  machine::MachineConfig mc;
  mc.ram = ram;
  mc.rules = rules;
  mc.echo = false;  // the keyboard shows what is typed
  auto made = machine::Machine::create(mc);
  if (!made) {
    term.reset();
    return made.error();
  }
  return std::shared_ptr<machine::Machine>(std::move(made).value());
}

// PRESS A KEY TO WALK THE MAZE: false when the key quits (q, Ctrl-C; Esc never quits: it
// walks on), after the terminal is given back.
bool ask_to_walk(tui::Terminal& term, machine::Machine& m, BootScreen& screen) {
  screen.view.frame().hint = "PRESS A KEY TO WALK THE MAZE, Q QUITS";
  const int key = tui::wait_key(term, m.screen(), screen.view.frame());
  if (key != 'q' && key != 'Q' && key != tui::kKeyCtrlC) return true;
  term.reset();
  return false;
}

// Boot: the machine with the terminal as its screen and keyboard; scripts/amazing.lua (or
// the generator's script, or the user's) runs the dialogue on the screen and publishes
// the maze it prints, which is then walked.
int run_pc_boot(const PlayOptions& opt, const LoadedScript& script, tui::Terminal& term,
                tui::PlayConfig config) {
  const Job& job = opt.job;
  auto made = boot_machine(term, job.ram, machine::Rules::kPc);
  if (!made) return fail_after_terminal(made.error().message, kExitOutOfMemory);
  std::shared_ptr<machine::Machine> m = *made;
  if (job.seed) m->rnd().randomize(*job.seed);
  PlayStart start;
  start.made_from = m->rnd();  // the dialogue draws no RND before the walk
  BootScreen screen(term, *m, opt.baud.value_or(0),
                    {.title = "AMAZING", .hint = "", .play = false, .cursor = std::nullopt});

  std::optional<core::Maze> maze;
  lua::RunResult result;
  {
    lua::ScriptArgs args;
    args.seed = job.seed;
    args.variant = std::string(core::variant_name(job.variant));
    args.arg = job.lua.script_args;
    args.machine_memory = !job.has("--ram");
    lua::Engine engine(*m, job.lua.limits);  // gone before the machine: mazes are its RAM
    result = engine.run(generator(job) ? boot_generator_source(script.source) : script.source,
                        script.name, args);
    if (result.ok()) maze = engine.take_maze();
  }
  if (screen.keyboard.ended()) {
    term.reset();
    return kExitOk;  // the user ended the input (Ctrl-D or Esc) at the prompt
  }
  if (!result.ok()) {
    // Shown on the machine's screen first, as BASIC shows its errors (the message without
    // the traceback), then again on the terminal once it is given back.
    std::string shown = result.message.substr(0, result.message.find("\nstack traceback"));
    machine::Printer& p = m->printer();
    if (p.column() > 0) p.newline();
    m->output().put(shown + "\n");
    p.reset_column();
    screen.view.frame().hint = "PRESS A KEY";
    tui::wait_key(term, m->screen(), screen.view.frame());
    term.reset();
    return fail_after_terminal(lua_failure_text(result), exit_status(ending_of(result)));
  }
  if (!maze) {
    term.reset();
    return fail_after_terminal(script.name +
                                   " printed no maze to walk (it must hand one over "
                                   "with amazing.publish)",
                               kExitUsage);
  }
  if (!ask_to_walk(term, *m, screen)) return kExitOk;
  // 'n' draws on from the machine's generator; with --script the script makes them too.
  Job next = job;
  next.size = Size{maze->width(), maze->height()};
  start.rnd = m->rnd();
  start.first = false;
  tui::PlayGame game(play_mazes(next, script, start), std::move(config));
  // The maze the dialogue printed can be watched being made again (r) when the native
  // core makes the same one: the 1978 walk or a generator whose script follows the core's
  // RND contract (the replay checks it ends in this maze). A script of the user's cannot.
  std::optional<tui::Recipe> recipe;
  if (generator(job))
    recipe = tui::Recipe{.width = maze->width(),
                         .height = maze->height(),
                         .ram = job.ram,
                         .algorithm = job.algorithm,
                         .start = start.made_from};
  else if (!own_script(job))
    recipe = tui::Recipe{.width = maze->width(),
                         .height = maze->height(),
                         .ram = job.ram,
                         .variant = job.variant,
                         .start = start.made_from};
  game.start_with(tui::OwnedMaze{m, std::move(*maze), job.seed, recipe}, tui::now_seconds());
  return walk(opt, term, game);
}

// The Commodore 64 boots on the terminal: its banner in light blue on blue, RUN, then
// amazing.lua on the Lua engine as a C64 (Engine::use_c64: its RND, number and INPUT
// rules) on a machine with the C64's screen rules and 38911 bytes; then the maze is
// walked, and n makes new C64 mazes natively.
int run_c64_boot(const PlayOptions& opt, const LoadedScript& script, tui::Terminal& term,
                 tui::PlayConfig config) {
  const Job& job = opt.job;
  auto made = boot_machine(term, kC64FreeBytes, machine::Rules::kC64);
  if (!made) return fail_after_terminal(made.error().message, kExitOutOfMemory);
  std::shared_ptr<machine::Machine> m = *made;
  PlayStart start = power_on(job);  // --seed 0 was refused with the options
  tui::c64_power_on(*m, static_cast<long>(kC64FreeBytes));
  BootScreen screen(term, *m, opt.baud.value_or(0), tui::c64_frame());

  std::optional<core::Maze> maze;
  lua::RunResult result;
  {
    lua::ScriptArgs args;
    args.seed = job.seed;
    args.variant = std::string(core::variant_name(job.variant));
    args.arg = job.lua.script_args;
    lua::Engine engine(*m, job.lua.limits);  // gone before the machine: mazes are its RAM
    engine.use_c64(&start.c64_rnd);          // the dialogue draws no RND before the walk
    result = engine.run(script.source, script.name, args);
    if (result.ok()) maze = engine.take_maze();
  }
  if (screen.keyboard.ended()) {
    term.reset();
    return kExitOk;  // the user ended the input (Ctrl-D or Esc) at the prompt
  }
  machine::Printer& p = m->printer();
  if (!result.ok() || !maze) {
    // As the C64 ends a program: its message (a Lua error without the traceback), READY.
    if (!result.ok()) {
      std::string shown = result.message.substr(0, result.message.find("\nstack traceback"));
      if (p.column() > 0) p.newline();
      m->output().put(shown + "\n");
    }
    if (p.column() > 0) p.newline();
    m->output().put("READY.\n");
    p.reset_column();
    screen.view.frame().hint = "PRESS A KEY";
    tui::wait_key(term, m->screen(), screen.view.frame());
    term.reset();
    if (!result.ok())
      return fail_after_terminal(lua_failure_text(result), exit_status(ending_of(result)));
    // The program stopped with the C64's own error, on the screen: out of memory (3) or
    // another (5), as the plain dialogue answers.
    return exit_status(ending_of(result));
  }
  if (p.column() > 0) p.newline();
  m->output().put("READY.\n");
  p.reset_column();
  if (!ask_to_walk(term, *m, screen)) return kExitOk;
  Job next = job;
  next.size = Size{maze->width(), maze->height()};
  start.first = false;
  tui::PlayGame game(play_mazes(next, std::nullopt, start), std::move(config));
  // The dialogue's maze is the native C64 walk's from the same RND state, so r replays it.
  const tui::Recipe recipe{.width = maze->width(),
                           .height = maze->height(),
                           .ram = kC64FreeBytes,
                           .variant = job.variant,
                           .c64_start = start.c64_made_from};
  game.start_with(tui::OwnedMaze{m, std::move(*maze), job.seed, recipe}, tui::now_seconds());
  // Walked light blue on blue, as the C64 booted.
  return walk(opt, term, game, tui::c64_palette());
}

// Where the maze starts in what the listing printed: its first line that begins with the
// top border's '.' (the lines above it, the title and the question, begin with blanks or
// a letter). npos when it printed none.
std::size_t printed_maze_start(const std::string& printed) {
  for (std::size_t at = 0; at < printed.size(); at = printed.find('\n', at) + 1) {
    if (printed[at] == '.') return at;
    if (printed.find('\n', at) == std::string::npos) break;
  }
  return std::string::npos;
}

// The exit status of a listing's run that did not end well.
int listing_failure(const basic::RunResult& r) {
  if (r.outcome == basic::Outcome::kError)
    return r.error.code == basic::ErrorCode::kOutOfMemory ? kExitOutOfMemory : kExitProgramStopped;
  return r.outcome == basic::Outcome::kStopped ? kExitInterrupted : kExitLimit;
}

// --engine basic: the boot screen runs the listing itself (roms/, or --rom FILE) on the
// built-in BASIC interpreter, as amazing basic runs it, at --speed; what it printed is
// read back into a maze (core::read_text_maze), which is walked; n makes the next mazes
// natively from the RND the listing left.
int run_listing_boot(const PlayOptions& opt, const basic::Listing& listing, tui::Terminal& term,
                     tui::PlayConfig config) {
  const Job& job = opt.job;
  const bool c64 = job.machine == MachineKind::kC64;
  auto program = basic::parse_program(listing.text, job.machine);
  if (!program) {
    term.reset();
    return fail_after_terminal(listing.path + ": " + program.error().message, kExitUsage);
  }
  const std::size_t ram = c64 ? kC64FreeBytes : basic_ram(job);
  auto made = boot_machine(term, ram, job.machine);
  if (!made) return fail_after_terminal(made.error().message, kExitOutOfMemory);
  std::shared_ptr<machine::Machine> m = *made;
  PlayStart start = power_on(job);
  if (c64) tui::c64_power_on(*m, static_cast<long>(kC64FreeBytes));
  BootScreen screen(
      term, *m, opt.baud.value_or(0),
      c64 ? tui::c64_frame()
          : tui::Frame{.title = "AMAZING", .hint = "", .play = false, .cursor = std::nullopt});
  // What the listing prints goes to the screen and is kept, to read the maze from.
  machine::StringSink printed(basic::BatchOptions::kDefaultMaxOutput);
  machine::TeeSink to_both(screen.tee, printed);
  m->printer().set_sink(to_both);
  basic::RunResult r;
  core::C64Rnd c64_left = start.c64_rnd;
  {
    basic::RunOptions ro;
    basic::set_memory(ro, listing.text, job.machine, job.seed, !job.has("--ram"));
    ro.halt = &printed.full();
    if (!c64 && job.seed) m->rnd().randomize(*job.seed);
    start.made_from = m->rnd();
    basic::Interpreter interpreter(*program, *m, job.machine);
    Pacer pacer(host_pace_clock(), nullptr);  // Ctrl-C ends play at once
    if (job.speed == Speed::kOriginal) {
      ro.tick_every = basic::RunOptions::kPacedTickStatements;
      ro.tick = [&] {
        m->flush();
        pacer.pace(interpreter.emulated_seconds());
      };
    }
    r = interpreter.run(ro);
    m->flush();
    c64_left = interpreter.c64_rnd();
  }  // the interpreter's arrays are given back to the machine's memory: the maze goes there
  if (screen.keyboard.ended()) {
    term.reset();
    return kExitOk;  // the user ended the input (Ctrl-D or Esc) at the prompt
  }
  const std::size_t at = printed_maze_start(printed.text());
  auto maze = r.outcome != basic::Outcome::kEnded || at == std::string::npos
                  ? Result<core::Maze>(core::Error{"the listing printed no maze"})
                  : core::read_text_maze(std::string_view(printed.text()).substr(at), m->ram());
  if (c64) m->output().put("READY.\n");  // as the C64 ends a program
  if (!maze) {
    // What stopped it is on the screen, as the machine printed it.
    screen.view.frame().hint = "PRESS A KEY";
    tui::wait_key(term, m->screen(), screen.view.frame());
    term.reset();
    if (r.outcome != basic::Outcome::kEnded) return listing_failure(r);
    return fail_after_terminal(
        listing.path + " printed no maze the host can read: " + maze.error().message, kExitUsage);
  }
  if (!ask_to_walk(term, *m, screen)) return kExitOk;
  Job next = job;
  next.size = Size{maze->width(), maze->height()};
  next.engine = EngineKind::kNative;  // the next mazes: the same walk, from the same RND
  start.rnd = m->rnd();
  start.c64_rnd = c64_left;
  start.first = false;
  tui::PlayGame game(play_mazes(next, std::nullopt, start), std::move(config));
  tui::Recipe recipe{
      .width = maze->width(), .height = maze->height(), .ram = ram, .variant = job.variant};
  if (c64)
    recipe.c64_start = start.c64_made_from;
  else
    recipe.start = start.made_from;
  game.start_with(tui::OwnedMaze{m, std::move(*maze), job.seed, recipe}, tui::now_seconds());
  return walk(opt, term, game, c64 ? std::optional(tui::c64_palette()) : std::nullopt);
}

// --algorithm NAME: "" when NAME is the 1978 walk ("amazing") or a core/generators name.
std::string unknown_algorithm(std::string_view name) {
  if (name == "amazing") return "";
  std::string list = "amazing";
  for (auto n : core::generator_names()) {
    if (n == name) return "";
    list += ", " + std::string(n);
  }
  return "--algorithm: unknown algorithm '" + std::string(name) + "'; choose one of: " + list;
}

// play's options on `app`: the job's (job.hpp: one parser and one message each for every
// command), worded for the play screen, and play's own. The bare `amazing` knows them too.
void add_play_options(CLI::App& app, Job& job, PlayOptions& opt, std::string& screenshot) {
  auto job_option = [&](unsigned which, const char* name, const char* text) {
    add_job_options(app, job, which);
    app.get_option(name)->description(text);
  };
  job_option(kOptSize, "--size", "go straight to walking a maze of this size (10x12: 10 wide)");
  add_job_options(app, job, kOptSeed | kOptVariant);
  job_option(kOptMaker, "--algorithm",
             "walk a maze of another maker: whitney, restart, backtracker, aldous-broder, "
             "wilson, hunt-and-kill, binary-tree, sidewinder, eller, kruskal, prim, "
             "growing-tree, recursive-division (see 'amazing gen --help'), or amazing (the 1978 "
             "walk, default). The boot screen then asks the size and runs "
             "scripts/generators/NAME.lua; n makes another maze of the same kind (--variant "
             "does not apply)");
  add_job_options(app, job, kOptLuaScript | kOptLuaLimits);
  app.get_option("--script")
      ->description(
          "run this Lua script instead of the built-in scripts/amazing.lua (it must hand its "
          "maze over with amazing.publish)");
  app.get_option("--scripts")
      ->description(
          "take amazing.lua (with --algorithm NAME: generators/NAME.lua) from DIR, laid out as "
          "the repository's scripts/; require finds modules in DIR/lib before the built-in "
          "ones (with --script FILE: FILE's own lib/ first, then DIR/lib)");
  app.get_option("--max-steps")
      ->description(
          "stop the Lua script after N instructions (default 2G; 0 = no limit; see 'amazing "
          "run --help')");
  app.get_option("--lua-mem")
      ->description("stop the Lua script when its memory passes SIZE (default 64M)");
  add_parsed_option(app, "--baud", opt.baud, tui::parse_baud, "RATE",
                    "printing speed of the boot screen (so not with --size or --daily): instant "
                    "(default) or a serial rate in bits per second to watch the maze come out "
                    "(300, 1200, 9600)");
  add_job_options(app, job, kOptRam);
  add_job_options(app, job, kOptGrade);
  add_job_options(app, job, kOptEngine, {EngineKind::kLua, EngineKind::kBasic});
  app.get_option("--engine")
      ->description(
          "what runs the boot screen's dialogue: lua (default), scripts/amazing.lua, or basic, "
          "the listing itself (roms/) on the built-in BASIC interpreter, as 'amazing basic' "
          "runs it; its maze is then walked. Not with --size (no dialogue), --algorithm or "
          "--script/--scripts")
      ->type_name("lua|basic");
  add_job_options(app, job, kOptSpeed);
  app.get_option("--speed")->description(
      "with --engine basic: how fast the listing runs, warp (default) as fast as the host "
      "goes or original at the real machine's pace (an NTSC C64, or an IBM PC 5150 at "
      "4.77 MHz). Refused otherwise: amazing.lua and the native core are no BASIC "
      "interpreter");
  app.get_option("--braid")->description(
      "with --size: remove the share P (0..1) of each maze's dead ends by opening a wall "
      "at each, so it has loops (the rule: 'amazing gen --help'); --braid 1 leaves none. "
      "A braided maze's making is not replayed (r, --watch)");
  app.get_option("--difficulty")
      ->description(
          "with --size: easy, medium or hard: each maze's seed is the first from the one it "
          "would have (--seed, default 0, for the first; n draws the next) whose maze ranks in "
          "that third by solution length and dead ends (see 'amazing gen --help'); the status "
          "line shows it");
  app.add_option("--screenshot", screenshot,
                 "with --size: write the play screen as it first appears to FILE (a PNG "
                 "picture of the 40x25 screen) and exit; no terminal needed")
      ->type_name("FILE");
  app.add_flag("--solution", opt.solution,
               "with --screenshot: the shortest way out shown (as s shows it)");
  app.add_flag("--watch", opt.watch,
               "start by watching the maze being made (as r does); + and - change the speed, "
               "any other key shows the finished maze at once");
  app.add_flag("--fog", opt.fog,
               "play in the fog: the maze shows only what you have seen (from each cell you "
               "stand on, along straight open corridors to the next wall) and the walls round "
               "it, inside the maze's outline; a click walks only through cells seen (the play "
               "screen's; --plain tells only the cell you stand on anyway)");
  job_option(kOptMachine, "--machine",
             "the computer: pc (default, GW-BASIC's) or c64: a Commodore 64 boots (its "
             "banner, light blue on blue, READY.) and runs the listing in its BASIC V2: its "
             "RND (--seed N is X=RND(-(N)), not 0), its screen (80-character logical lines), "
             "its INPUT (?REDO FROM START, ??, ?EXTRA IGNORED), its 38911 bytes (the listing's "
             "arrays: ?OUT OF MEMORY ERROR IN 110 past about 59x59), so it prints the maze a "
             "C64 printed; then the maze is walked, light blue on blue. --size walks a C64 "
             "maze at once; --watch and r replay its making on the C64's RND. --algorithm, "
             "--ram, and --script or --scripts with --size are refused (they need the pc's "
             "RND or memory)");
  app.get_option("--machine")->type_name("pc|c64");
  add_daily_option(app, opt.daily);
  app.add_flag("--plain", opt.plain,
               "the game in plain lines of text, for screen readers and terminals without "
               "cursor control, on any standard input and output (a pipe too): type keys "
               "and Enter (h j k l, w a S d, arrows; s how far the exit is; Enter alone "
               "where you are; n, f, ?, q); each key is answered with a line: the row and "
               "column, the ways open (north, south, east, west). Needs --size or --daily");
}

// --engine chooses what runs the boot screen's dialogue: what it cannot go with.
std::string refuse_boot_engine(const Job& job, bool daily) {
  if (sized(job) || daily)
    return "--engine chooses what runs the boot screen's dialogue; with --size or --daily "
           "there is none (the mazes are made at once): leave out --engine";
  if (job.engine != EngineKind::kBasic) return "";
  if (generator(job))
    return "--algorithm " + job.algorithm +
           ": --engine basic runs the 1978 listing only; leave out one of them";
  if (own_script(job))
    return std::string(job.lua.script_file ? "--script" : "--scripts") +
           " is for the lua engine; --engine basic runs the listing (roms/)";
  return "";
}

// What play cannot do with the options given ("" when it can), each refused by name.
std::string play_refusal(const PlayOptions& opt) {
  const Job& job = opt.job;
  if (opt.plain && !sized(job))
    return "--plain needs --size WxL or --daily (the boot screen's dialogue needs the "
           "screen)";
  if (opt.plain) {
    const char* screen_only = opt.screenshot ? "--screenshot"
                              : opt.watch    ? "--watch"
                              : opt.baud     ? "--baud"
                              : opt.solution ? "--solution"
                              : opt.fog      ? "--fog"
                                             : nullptr;
    if (screen_only)
      return std::string(screen_only) +
             " is for the play screen; --plain is lines of text (leave out one of them)";
  }
  if (opt.screenshot && !sized(job))
    return "--screenshot needs --size WxL (the boot screen asks on a terminal)";
  if (opt.baud && sized(job))
    return "--baud is the boot screen's printing speed; with --size or --daily there is no "
           "boot screen (the maze is walked at once): leave out --baud, or --size";
  if (opt.watch && opt.screenshot)
    return "--watch shows the maze being made on the terminal; --screenshot writes the "
           "finished play screen (use one or the other)";
  if (opt.solution && !opt.screenshot)
    return "--solution goes with --screenshot; while playing, s shows the way out";
  // Arguments after -- are a Lua script's arg table: with --size and no script of the
  // user's, the mazes are made natively and nothing would read them.
  if (!job.lua.script_args.empty() && sized(job) && !own_script(job))
    return "-- " + shown(job.lua.script_args.front()) +
           ": the arguments after -- go to a Lua script (arg[1], ...); with --size they need "
           "--script FILE or --scripts DIR, or leave them out";
  if (generator(job) && job.lua.script_file)
    return "--script and --algorithm do not go together: the boot screen runs "
           "scripts/generators/NAME.lua (use --scripts DIR to take DIR/generators/NAME.lua)";
  // The boot screen prints the maze as the program makes it: nothing to braid or grade.
  for (const char* o : {"--braid", "--difficulty"}) {
    if (!job.has(o)) continue;
    if (!sized(job))
      return std::string(o) +
             " needs --size WxL: the boot screen prints the maze as the "
             "program makes it";
    if (job.machine == MachineKind::kC64)
      return std::string(o) +
             " is not available with --machine c64 (it walks the mazes the "
             "C64 printed); use --machine pc";
  }
  if (job.has("--difficulty") && own_script(job))
    return std::string(job.lua.script_file ? "--script" : "--scripts") +
           " and --difficulty: the seed is chosen by measuring the built-in makers' mazes, "
           "which a script of your own may not make; leave out one of them";
  if (job.braid > 0 && opt.watch)
    return "--watch replays the making of the maze, which --braid changes afterwards; leave "
           "out one of them";
  if (job.machine != MachineKind::kC64) return "";
  // What the C64 cannot honour is refused by name, never ignored.
  if (generator(job))
    return "--algorithm is not available with --machine c64 (the C64 runs the 1978 listing; "
           "its other makers draw the pc's RND); use --machine pc";
  if (job.has("--ram"))
    return "--ram is not available with --machine c64 (a Commodore 64 has its 38911 BASIC "
           "bytes); use --machine pc";
  if (sized(job) && own_script(job))
    return std::string(job.lua.script_file ? "--script" : "--scripts") +
           " with --size is not available with --machine c64 (the script's mazes would draw "
           "the pc's RND); without --size the C64 boots and runs it";
  if (job.seed && *job.seed == 0)
    return "--seed 0 on the c64 machine would be X=RND(-(0)), which reads the C64's clock; "
           "give a seed other than 0";
  return "";
}

}  // namespace

std::vector<std::string> play_option_names() {
  Job job;
  PlayOptions opt{job};
  std::string screenshot;
  CLI::App app;
  add_play_options(app, job, opt, screenshot);
  std::vector<std::string> names;
  for (const CLI::Option* o : app.get_options())
    for (const auto& l : o->get_lnames()) names.push_back("--" + l);
  return names;
}

int play_command(int argc, char** argv, int first) {
  Job job;
  PlayOptions opt{job};
  std::string screenshot;
  CLI::App app;
  use_help_layout(app, "play", {kPlayUsage, kPlayIntro, kPlayFooter});
  add_play_options(app, job, opt, screenshot);
  std::vector<std::string> arguments;
  if (auto code =
          parse_command_line(app, "play", argc, argv, first, arguments, &job.lua.script_args))
    return *code;
  // --engine basic: the boot screen runs the listing (run_listing_boot).
  const bool listing_boot = job.has("--engine") && job.engine == EngineKind::kBasic;
  std::string why =
      listing_boot || job.speed != Speed::kOriginal
          ? ""
          : "--speed original paces the BASIC listing, which the play screen runs with "
            "--engine basic (amazing.lua and the native core are no BASIC interpreter): add "
            "--engine basic, or leave out --speed (warp is the default)";
  if (why.empty() && job.has("--engine")) why = refuse_boot_engine(job, opt.daily);
  if (why.empty() && opt.daily) why = apply_daily(job);
  if (why.empty() && !arguments.empty())
    why = "unexpected argument '" + shown(arguments.front()) + "' (see 'amazing play --help')";
  if (why.empty()) why = unknown_algorithm(job.algorithm);
  if (app.get_option("--screenshot")->count() > 0) opt.screenshot = screenshot;
  job.engine = listing_boot ? EngineKind::kBasic : play_engine(job);
  if (why.empty()) why = play_refusal(opt);
  // The first maze's seed, searched for from --seed (or 0), as gen chooses it.
  if (why.empty() && job.difficulty && !choose_difficulty_seed(job, "play")) return kExitUsage;
  if (!why.empty()) {
    print_error("play", why);
    return kExitUsage;
  }
  RecordKeeper records(job.machine);
  opt.records = &records;
  const int rc = run_play(opt);
  records.print_warnings();
  return rc;
}

}  // namespace amazing::cli
