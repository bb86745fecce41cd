// amazing play: the machine on the terminal. Without --size it boots the 40x25 screen and
// runs scripts/amazing.lua on it with the Lua engine (banner, WHAT ARE YOUR WIDTH AND
// LENGTH?, the maze printed as on a 40-column machine), then the maze can be walked. With
// --size it goes straight to walking that maze (made by the native core, or by the Lua
// script given with --script). `amazing` with no arguments on a terminal runs this too.

#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/args.hpp"
#include "cli/atomic_file.hpp"
#include "cli/cli11_help.hpp"
#include "cli/commands.hpp"
#include "cli/daily.hpp"
#include "cli/plain_play.hpp"
#include "cli/records.hpp"
#include "cli/job.hpp"
#include "cli/lua_engine.hpp"
#include "cli/output.hpp"
#include "cli/picture_output.hpp"
#include "core/amazing_walk.hpp"
#include "core/braid.hpp"
#include "core/c64_rnd.hpp"
#include "core/generators/generator.hpp"
#include "core/ram.hpp"
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

struct PlayOptions {
  std::optional<Size> size;
  std::optional<int16_t> seed;
  core::Variant variant = core::Variant::kBook;
  LuaOptions lua;
  int baud = 0;
  std::size_t ram = core::kDefaultRam;
  bool ram_given = false;  // --ram: the machine's own size, not GW-BASIC's memory, bounds the listing
  std::string algorithm;  // empty or "amazing": the 1978 walk
  std::optional<std::string> screenshot;  // --screenshot FILE
  bool solution = false;                  // --solution, with --screenshot
  bool watch = false;                     // --watch: play starts with the maze's making
  bool fog = false;                       // --fog: only what the player has seen shows
  MachineKind machine = MachineKind::kPc;  // --machine
  bool plain = false;                      // --plain: lines of text (plain_play.hpp)
  bool daily = false;                      // --daily: the maze of the day (daily.hpp)
  RecordKeeper* records = nullptr;         // keeps each finish's record (records.hpp)
  int braid = 0;                           // --braid (ten-thousandths): after each maze's maker
  std::optional<core::Difficulty> difficulty;  // --difficulty: each maze's seed searched for
};

// The random-number state each maze starts from. The first maze is made as given (after
// RANDOMIZE N with --seed N, else from the power-on state); every new maze after it gets
// a seed of its own, drawn from where the generator stands, so each maze is one `--seed
// N` away from being made again (the status line shows N). "The same start" (f) replays
// the state that made the current maze.
struct SeedStream {
  core::GwRnd rnd;            // where the generator stands: draws the next maze's seed
  core::GwRnd current_start;  // the state that made the current maze
  std::optional<int16_t> current_seed;
  bool first = true;  // the next request is the first maze, made as given
  // --difficulty: the seed drawn for a new maze is the start of the search (the first
  // maze's was chosen with the options); empty without.
  std::function<int16_t(int16_t)> grade = {};

  core::GwRnd begin(const tui::MazeRequest& req) {
    if (!req.same_start) {
      if (first) {
        current_start = rnd;
      } else {
        current_seed = tui::next_seed(rnd);
        if (grade) current_seed = grade(*current_seed);
        current_start = core::GwRnd();
        current_start.randomize(*current_seed);
      }
    }
    first = false;
    return current_start;
  }
};

// Makes mazes with a generator of core/generators (PlayOptions::algorithm), each in its
// own RAM, each new one from a seed of its own (SeedStream).
// `first`: the first request makes the first maze (false when the boot dialogue made it).
// --difficulty: a new maze's seed searched for from the seed drawn (the same band).
std::function<int16_t(int16_t)> grader(const PlayOptions& opt) {
  if (!opt.difficulty || !opt.size) return {};
  const core::MazeRecipe recipe{.algorithm = opt.algorithm.empty() ? "amazing" : opt.algorithm,
                                .width = opt.size->width, .height = opt.size->length,
                                .variant = opt.variant, .braid = opt.braid};
  const core::Difficulty band = *opt.difficulty;
  return [recipe, band](int16_t from) {
    auto pick = core::choose_seed(recipe, band, from);
    return pick ? pick->seed : from;  // mazes too alike to grade: the seed drawn
  };
}

tui::MazeFactory generator_factory(const PlayOptions& opt, core::GwRnd rnd, bool first) {
  auto state = std::make_shared<SeedStream>(SeedStream{rnd, rnd, opt.seed, first, grader(opt)});
  return [state, opt](const tui::MazeRequest& req) -> core::Result<tui::OwnedMaze> {
    core::GwRnd r = state->begin(req);
    const tui::Recipe recipe{.width = opt.size->width, .height = opt.size->length,
                             .ram = opt.ram, .algorithm = opt.algorithm, .start = r};
    auto ram = std::make_shared<core::Ram>(opt.ram);
    auto maze = core::Maze::create(*ram, opt.size->width, opt.size->length);
    if (!maze) return maze.error();
    {
      auto gen = core::make_generator(opt.algorithm, *maze, r, {});
      if (!gen) return gen.error();
      (*gen)->run();
    }
    core::braid(*maze, opt.braid, r);
    state->rnd = r;
    // A braided maze's making is not replayed (the replay ends at the maker's maze).
    return tui::OwnedMaze{ram, std::move(maze).value(), state->current_seed,
                          opt.braid > 0 ? std::nullopt : std::optional(recipe)};
  };
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

// Makes mazes with the native walk, each in its own RAM of the machine's size, each new
// one from a seed of its own (SeedStream); "the same start" replays the state that made
// the current maze (its seed in another revision).
// `made_from`: the state that made the maze on screen when the factory takes over from
// the boot dialogue (so f replays it as fixed-exit; `first` false); otherwise `rnd`.
tui::MazeFactory native_factory(const PlayOptions& opt, core::GwRnd rnd, core::GwRnd made_from,
                                bool first) {
  auto state = std::make_shared<SeedStream>(
      SeedStream{rnd, made_from, opt.seed, first, grader(opt)});
  return [state, opt](const tui::MazeRequest& req) -> core::Result<tui::OwnedMaze> {
    core::GwRnd r = state->begin(req);
    const tui::Recipe recipe{.width = opt.size->width, .height = opt.size->length,
                             .ram = opt.ram, .variant = req.variant, .start = r};
    auto ram = std::make_shared<core::Ram>(opt.ram);
    auto maze = core::generate_amazing(*ram, opt.size->width, opt.size->length, req.variant, r);
    if (!maze) return maze.error();
    core::braid(*maze, opt.braid, r);
    state->rnd = r;
    return tui::OwnedMaze{ram, std::move(maze).value(), state->current_seed,
                          opt.braid > 0 ? std::nullopt : std::optional(recipe)};
  };
}

// Makes mazes with the Lua script (maze_only: the size comes in amazing.args), each on a
// machine of its own whose output is thrown away; each new maze from a seed of its own
// as in native_factory.
tui::MazeFactory lua_factory(const PlayOptions& opt, LoadedScript script, core::GwRnd rnd,
                             core::GwRnd made_from, bool first) {
  // What a maze made by the script needs alive: the machine whose RAM holds it and the
  // sink and input it was built with (declared first, so they go last).
  struct Holder {
    machine::StringSink discard;
    machine::ScriptedInput no_input{{}};
    std::unique_ptr<machine::Machine> machine;
  };
  auto state = std::make_shared<SeedStream>(
      SeedStream{rnd, made_from, opt.seed, first, grader(opt)});
  return [state, opt, script](const tui::MazeRequest& req) -> core::Result<tui::OwnedMaze> {
    core::GwRnd start = state->begin(req);
    auto holder = std::make_shared<Holder>();
    machine::MachineConfig mc;
    mc.ram = opt.ram;
    mc.batch = true;
    mc.batch_width = 0;
    mc.output = &holder->discard;
    mc.input = &holder->no_input;
    auto made = machine::Machine::create(mc);
    if (!made) return made.error();
    holder->machine = std::move(made).value();
    holder->machine->rnd() = start;
    lua::ScriptArgs args;
    args.width = opt.size->width;
    args.length = opt.size->length;
    args.variant = std::string(core::variant_name(req.variant));
    args.maze_only = true;
    args.arg = opt.lua.script_args;
    std::optional<core::Maze> maze;
    lua::RunResult result;
    {
      lua::Engine engine(*holder->machine, opt.lua.limits);  // gone before the machine
      result = engine.run(script.source, script.name, args);
      if (result.ok()) maze = engine.take_maze();
    }
    if (!result.ok()) return core::Error{result.message};
    if (!maze)
      return core::Error{script.name +
                         " made no maze to walk: it must hand one over with "
                         "amazing.publish(maze)"};
    core::braid(*maze, opt.braid, holder->machine->rnd());
    state->rnd = holder->machine->rnd();
    return tui::OwnedMaze{holder, std::move(*maze), state->current_seed};
  };
}

// The Commodore 64's random numbers for play: where its RND stands, the state that made
// the current maze and that maze's seed. The first maze is made as given (X=RND(-(N))
// with --seed N, else from power-on); each new one gets a seed of its own, a whole number
// other than 0 drawn from the C64's RND, so `--machine c64 --seed N` makes it again.
struct C64SeedStream {
  core::C64Rnd rnd;
  core::C64Rnd current_start;
  std::optional<int16_t> current_seed;
  bool first = true;

  core::C64Rnd begin(const tui::MazeRequest& req) {
    if (!req.same_start) {
      if (first) {
        current_start = rnd;
      } else {
        int n = rnd.draw(65534) - 32767;  // -32766..32767
        if (n == 0) n = -32767;           // X=RND(-(0)) would read the C64's clock
        current_seed = static_cast<int16_t>(n);
        current_start = core::C64Rnd();
        current_start.seed_statement(n);
      }
    }
    first = false;
    return current_start;
  }
};

// Makes mazes with the native walk on the C64's RND, each in the C64's 38911 bytes.
tui::MazeFactory c64_factory(const PlayOptions& opt, core::C64Rnd rnd, core::C64Rnd made_from,
                             bool first) {
  auto state = std::make_shared<C64SeedStream>(C64SeedStream{rnd, made_from, opt.seed, first});
  return [state, opt](const tui::MazeRequest& req) -> core::Result<tui::OwnedMaze> {
    core::C64Rnd r = state->begin(req);
    // r and play --watch make it again from this state, on the C64's RND (watch.hpp).
    const tui::Recipe recipe{.width = opt.size->width, .height = opt.size->length,
                             .ram = kC64FreeBytes, .variant = req.variant, .c64_start = r};
    auto ram = std::make_shared<core::Ram>(kC64FreeBytes);
    auto run = core::run_amazing(*ram, opt.size->width, opt.size->length, req.variant, r);
    if (!run) return core::Error{c64_too_big(opt.size->width, opt.size->length)};
    if (int line = run->stats.stopped_at_line)
      return core::Error{"?BAD SUBSCRIPT  ERROR IN " + std::to_string(line) +
                         ": the 1978 program stops on this maze on the C64 (its RND came "
                         "out at the top of its range); another seed avoids it"};
    state->rnd = r;
    return tui::OwnedMaze{ram, std::move(run->maze), state->current_seed, recipe};
  };
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

int run_c64_boot(const PlayOptions& opt, const LoadedScript& script,
                 std::unique_ptr<tui::Terminal> term);

int run_play(const PlayOptions& opt) {
  // amazing.log's lines wait while the screen is shown (machine/log.hpp): written when
  // play ends.
  machine::LogHold log_hold;
  // The script is read before the screen starts, so a missing file is a plain message.
  std::optional<LoadedScript> script;
  const bool generator = !opt.algorithm.empty();
  if (!opt.size || (!generator && (opt.lua.script_file || opt.lua.scripts_dir))) {
    auto loaded = load_script(opt.lua, generator ? opt.algorithm + ".lua" : "amazing.lua");
    if (!loaded) return fail_after_terminal(loaded.error().message, kExitUsage);
    script = std::move(loaded).value();
  }
  tui::PlayConfig config{.variant = opt.variant, .algorithm = opt.algorithm};
  if (opt.records && !opt.lua.script_file && !opt.lua.scripts_dir)
    config.on_finish = opt.records->hook();
  config.fog = opt.fog;
  // A script of the user's makes the mazes: the status line names it, not the revision.
  if (script && !generator && (opt.lua.script_file || opt.lua.scripts_dir))
    config.script = script->name.substr(script->name.find_last_of('/') + 1);
  core::GwRnd rnd;
  if (opt.seed && opt.machine == MachineKind::kPc) rnd.randomize(*opt.seed);
  core::C64Rnd c64_rnd;
  if (opt.seed && opt.machine == MachineKind::kC64) c64_rnd.seed_statement(*opt.seed);
  const bool c64 = opt.machine == MachineKind::kC64;
  if (opt.screenshot) {
    // The screen as it first appears, as a picture; no terminal. The file is checked (a
    // folder, no access: bad usage, as gen --output) before the maze is made, and the old
    // one stays until the new picture is whole.
    auto file = ReplacedFile::open(*opt.screenshot, "--screenshot");
    if (!file) {
      print_error("play", file.error().message);
      return kExitUsage;
    }
    stop_cleanly_on_signals(
        "\namazing play: stopped (Ctrl-C or a signal); the --screenshot file is left as it "
        "was\n");
    tui::PlayGame game(c64         ? c64_factory(opt, c64_rnd, c64_rnd, true)
                       : generator ? generator_factory(opt, rnd, true)
                       : script    ? lua_factory(opt, *script, rnd, rnd, true)
                                   : native_factory(opt, rnd, rnd, true),
                       config);
    auto started = game.start(0);
    if (!started) return maze_failure(started.error().message);
    if (opt.solution) (void)game.handle(tui::Action::kToggleSolution, 0);
    if (auto st = write_screenshot(game.render(0), *file); !st) {
      print_error("play", st.error().message);
      return kExitIo;
    }
    return kExitOk;
  }
  if (opt.plain) {
    // Lines of text on any standard input and output: no terminal needed.
    tui::PlayGame game(c64         ? c64_factory(opt, c64_rnd, c64_rnd, true)
                       : generator ? generator_factory(opt, rnd, true)
                       : script    ? lua_factory(opt, *script, rnd, rnd, true)
                                   : native_factory(opt, rnd, rnd, true),
                       config);
    auto started = game.start(tui::now_seconds());
    if (!started) return maze_failure(started.error().message);
    return run_plain_play(game, std::cin, std::cout, tui::now_seconds);
  }
  auto opened = tui::Terminal::open();
  if (!opened) return fail_after_terminal(opened.error().message, kExitUsage);
  std::unique_ptr<tui::Terminal> term = std::move(opened).value();

  if (opt.size) {
    tui::PlayGame game(c64         ? c64_factory(opt, c64_rnd, c64_rnd, true)
                       : generator ? generator_factory(opt, rnd, true)
                       : script    ? lua_factory(opt, *script, rnd, rnd, true)
                                   : native_factory(opt, rnd, rnd, true),
                       config);
    auto started = game.start(tui::now_seconds());
    if (!started) {
      term->reset();
      return maze_failure(started.error().message);
    }
    if (opt.watch) (void)game.handle(tui::Action::kReplay, tui::now_seconds());
    auto played = tui::run_play(*term, game,
                                c64 ? std::optional(tui::c64_palette()) : std::nullopt);
    term->reset();
    if (!played) return maze_failure(played.error().message);
    return kExitOk;
  }

  if (c64) return run_c64_boot(opt, *script, std::move(term));

  // Boot: the machine with the terminal as its screen and keyboard.
  machine::MachineConfig mc;
  mc.ram = opt.ram;
  mc.echo = false;  // the keyboard shows what is typed
  auto made = machine::Machine::create(mc);
  if (!made) {
    term->reset();
    return fail_after_terminal(made.error().message, kExitOutOfMemory);
  }
  std::shared_ptr<machine::Machine> m = std::move(made).value();
  if (opt.seed) m->rnd().randomize(*opt.seed);
  tui::Frame frame{.title = "AMAZING", .hint = "", .play = false, .cursor = std::nullopt};
  tui::ScreenView view(*term, m->screen(), opt.baud, frame);
  machine::ScreenSink screen_sink(m->screen());
  machine::TeeSink tee(screen_sink, view);
  m->printer().set_sink(tee);
  tui::ScreenLineInput keyboard(*term, m->screen(), frame);
  m->set_input(keyboard);

  // scripts/amazing.lua runs the dialogue on the screen and publishes the maze it prints.
  std::optional<core::Maze> maze;
  lua::RunResult result;
  const core::GwRnd made_from = m->rnd();  // the dialogue draws no RND before the walk
  {
    lua::ScriptArgs args;
    args.seed = opt.seed;
    args.variant = std::string(core::variant_name(opt.variant));
    args.arg = opt.lua.script_args;
    args.machine_memory = !opt.ram_given;
    lua::Engine engine(*m, opt.lua.limits);  // gone before the machine: mazes are its RAM
    result = engine.run(generator ? boot_generator_source(script->source) : script->source,
                        script->name, args);
    if (result.ok()) maze = engine.take_maze();
  }
  if (keyboard.ended()) {
    term->reset();
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
    view.frame().hint = "PRESS A KEY";
    tui::wait_key(*term, m->screen(), view.frame());
    term->reset();
    return fail_after_terminal(lua_failure_text(result), exit_status(ending_of(result)));
  }
  if (!maze) {
    term->reset();
    return fail_after_terminal(script->name +
                                   " printed no maze to walk (it must hand one over "
                                   "with amazing.publish)",
                               kExitUsage);
  }
  view.frame().hint = "PRESS A KEY TO WALK THE MAZE, Q QUITS";
  int key = tui::wait_key(*term, m->screen(), view.frame());
  if (key == 'q' || key == 'Q' || key == tui::kKeyCtrlC) {  // Esc never quits: it walks on
    term->reset();
    return kExitOk;
  }
  PlayOptions next = opt;
  next.size = Size{maze->width(), maze->height()};
  // 'n' draws on from the machine's generator; with --script the script makes them too.
  tui::PlayGame game(generator ? generator_factory(next, m->rnd(), false)
                     : opt.lua.script_file || opt.lua.scripts_dir
                         ? lua_factory(next, *script, m->rnd(), made_from, false)
                         : native_factory(next, m->rnd(), made_from, false),
                     config);
  // The maze the dialogue printed can be watched being made again (r) when the native
  // core makes the same one: the 1978 walk or a generator whose script follows the core's
  // RND contract (the replay checks it ends in this maze). A script of the user's cannot.
  std::optional<tui::Recipe> recipe;
  if (generator)
    recipe = tui::Recipe{.width = maze->width(), .height = maze->height(), .ram = opt.ram,
                         .algorithm = opt.algorithm, .start = made_from};
  else if (!opt.lua.script_file && !opt.lua.scripts_dir)
    recipe = tui::Recipe{.width = maze->width(), .height = maze->height(), .ram = opt.ram,
                         .variant = opt.variant, .start = made_from};
  game.start_with(tui::OwnedMaze{m, std::move(*maze), opt.seed, recipe}, tui::now_seconds());
  if (opt.watch) (void)game.handle(tui::Action::kReplay, tui::now_seconds());
  auto played = tui::run_play(*term, game);
  term->reset();
  if (!played) return maze_failure(played.error().message);
  return kExitOk;
}

// The Commodore 64 boots on the terminal: its banner in light blue on blue, RUN, then
// amazing.lua on the Lua engine as a C64 (Engine::use_c64: its RND, number and INPUT
// rules) on a machine with the C64's screen rules and 38911 bytes; then the maze is
// walked, and n makes new C64 mazes natively.
int run_c64_boot(const PlayOptions& opt, const LoadedScript& script,
                 std::unique_ptr<tui::Terminal> term) {
  machine::MachineConfig mc;
  mc.ram = kC64FreeBytes;
  mc.rules = machine::Rules::kC64;
  mc.echo = false;  // the keyboard shows what is typed
  auto made = machine::Machine::create(mc);
  if (!made) {
    term->reset();
    return fail_after_terminal(made.error().message, kExitOutOfMemory);
  }
  std::shared_ptr<machine::Machine> m = std::move(made).value();
  core::C64Rnd rnd;
  if (opt.seed) rnd.seed_statement(*opt.seed);  // 0 was refused with the options
  const core::C64Rnd made_from = rnd;           // the dialogue draws no RND before the walk
  tui::c64_power_on(*m, static_cast<long>(kC64FreeBytes));
  tui::Frame frame = tui::c64_frame();
  tui::ScreenView view(*term, m->screen(), opt.baud, frame);
  machine::ScreenSink screen_sink(m->screen());
  machine::TeeSink tee(screen_sink, view);
  m->printer().set_sink(tee);
  tui::ScreenLineInput keyboard(*term, m->screen(), frame);
  m->set_input(keyboard);

  std::optional<core::Maze> maze;
  lua::RunResult result;
  {
    lua::ScriptArgs args;
    args.seed = opt.seed;
    args.variant = std::string(core::variant_name(opt.variant));
    args.arg = opt.lua.script_args;
    lua::Engine engine(*m, opt.lua.limits);  // gone before the machine: mazes are its RAM
    engine.use_c64(&rnd);
    result = engine.run(script.source, script.name, args);
    if (result.ok()) maze = engine.take_maze();
  }
  if (keyboard.ended()) {
    term->reset();
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
    view.frame().hint = "PRESS A KEY";
    tui::wait_key(*term, m->screen(), view.frame());
    term->reset();
    if (!result.ok()) return fail_after_terminal(lua_failure_text(result), exit_status(ending_of(result)));
    // The program stopped with the C64's own error, on the screen: out of memory (3) or
    // another (5), as the plain dialogue answers.
    return exit_status(ending_of(result));
  }
  if (p.column() > 0) p.newline();
  m->output().put("READY.\n");
  p.reset_column();
  view.frame().hint = "PRESS A KEY TO WALK THE MAZE, Q QUITS";
  int key = tui::wait_key(*term, m->screen(), view.frame());
  if (key == 'q' || key == 'Q' || key == tui::kKeyCtrlC) {
    term->reset();
    return kExitOk;
  }
  PlayOptions next = opt;
  next.size = Size{maze->width(), maze->height()};
  tui::PlayConfig config{.variant = opt.variant, .algorithm = {}};
  if (opt.records && !opt.lua.script_file && !opt.lua.scripts_dir)
    config.on_finish = opt.records->hook();
  config.fog = opt.fog;
  tui::PlayGame game(c64_factory(next, rnd, made_from, false), config);
  // The dialogue's maze is the native C64 walk's from the same RND state, so r replays it.
  const tui::Recipe recipe{.width = maze->width(), .height = maze->height(),
                           .ram = kC64FreeBytes, .variant = opt.variant, .c64_start = made_from};
  game.start_with(tui::OwnedMaze{m, std::move(*maze), opt.seed, recipe}, tui::now_seconds());
  if (opt.watch) (void)game.handle(tui::Action::kReplay, tui::now_seconds());
  // Walked light blue on blue, as the C64 booted.
  auto played = tui::run_play(*term, game, tui::c64_palette());
  term->reset();
  if (!played) return maze_failure(played.error().message);
  return kExitOk;
}

// --algorithm NAME: "" for the 1978 walk ("amazing"), else a core/generators name.
Result<std::string> parse_algorithm(std::string_view name) {
  if (name == "amazing") return std::string();
  std::string list = "amazing";
  for (auto n : core::generator_names()) {
    if (n == name) return std::string(name);
    list += ", " + std::string(n);
  }
  return Error{"--algorithm: unknown algorithm '" + std::string(name) + "'; choose one of: " +
               list};
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
                    "printing speed of the boot screen: instant (default) or a serial rate in "
                    "bits per second to watch the maze come out (300, 1200, 9600)");
  add_job_options(app, job, kOptRam);
  add_job_options(app, job, kOptGrade);
  add_job_options(app, job, kOptSpeed);
  app.get_option("--braid")
      ->description(
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
               "it, inside the maze's outline; a click walks only through cells seen");
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

// What play cannot do with the options given ("" when it can), each refused by name.
std::string play_refusal(const Job& job, const PlayOptions& opt) {
  if (opt.plain && !opt.size)
    return "--plain needs --size WxL or --daily (the boot screen's dialogue needs the "
           "screen)";
  if (opt.plain) {
    const char* screen_only = opt.screenshot ? "--screenshot"
                              : opt.watch    ? "--watch"
                              : opt.baud > 0 ? "--baud"
                              : opt.solution ? "--solution"
                                             : nullptr;
    if (screen_only)
      return std::string(screen_only) +
             " is for the play screen; --plain is lines of text (leave out one of them)";
  }
  if (opt.screenshot && !opt.size)
    return "--screenshot needs --size WxL (the boot screen asks on a terminal)";
  if (opt.watch && opt.screenshot)
    return "--watch shows the maze being made on the terminal; --screenshot writes the "
           "finished play screen (use one or the other)";
  if (opt.solution && !opt.screenshot)
    return "--solution goes with --screenshot; while playing, s shows the way out";
  // Arguments after -- are a Lua script's arg table: with --size and no script of the
  // user's, the mazes are made natively and nothing would read them.
  if (!opt.lua.script_args.empty() && opt.size && !opt.lua.script_file && !opt.lua.scripts_dir)
    return "-- " + shown(opt.lua.script_args.front()) +
           ": the arguments after -- go to a Lua script (arg[1], ...); with --size they need "
           "--script FILE or --scripts DIR, or leave them out";
  if (!opt.algorithm.empty() && opt.lua.script_file)
    return "--script and --algorithm do not go together: the boot screen runs "
           "scripts/generators/NAME.lua (use --scripts DIR to take DIR/generators/NAME.lua)";
  // The boot screen prints the maze as the program makes it: nothing to braid or grade.
  for (const char* o : {"--braid", "--difficulty"}) {
    if (!job.has(o)) continue;
    if (!opt.size)
      return std::string(o) + " needs --size WxL: the boot screen prints the maze as the "
             "program makes it";
    if (opt.machine == MachineKind::kC64)
      return std::string(o) + " is not available with --machine c64 (it walks the mazes the "
             "C64 printed); use --machine pc";
  }
  if (job.has("--difficulty") && (opt.lua.script_file || opt.lua.scripts_dir))
    return std::string(opt.lua.script_file ? "--script" : "--scripts") +
           " and --difficulty: the seed is chosen by measuring the built-in makers' mazes, "
           "which a script of your own may not make; leave out one of them";
  if (opt.braid > 0 && opt.watch)
    return "--watch replays the making of the maze, which --braid changes afterwards; leave "
           "out one of them";
  if (opt.machine != MachineKind::kC64) return "";
  // What the C64 cannot honour is refused by name, never ignored.
  if (!opt.algorithm.empty())
    return "--algorithm is not available with --machine c64 (the C64 runs the 1978 listing; "
           "its other makers draw the pc's RND); use --machine pc";
  if (job.has("--ram"))
    return "--ram is not available with --machine c64 (a Commodore 64 has its 38911 BASIC "
           "bytes); use --machine pc";
  if (opt.size && (opt.lua.script_file || opt.lua.scripts_dir))
    return std::string(opt.lua.script_file ? "--script" : "--scripts") +
           " with --size is not available with --machine c64 (the script's mazes would draw "
           "the pc's RND); without --size the C64 boots and runs it";
  if (opt.seed && *opt.seed == 0)
    return "--seed 0 on the c64 machine would be X=RND(-(0)), which reads the C64's clock; "
           "give a seed other than 0";
  return "";
}

}  // namespace

std::vector<std::string> play_option_names() {
  Job job;
  PlayOptions opt;
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
  PlayOptions opt;
  std::string screenshot;
  CLI::App app;
  use_help_layout(app, "play", {kPlayUsage, kPlayIntro, kPlayFooter});
  add_play_options(app, job, opt, screenshot);
  std::vector<std::string> arguments;
  if (auto code = parse_command_line(app, "play", argc, argv, first, arguments,
                                     &job.lua.script_args))
    return *code;
  std::string why =
      refuse_unpaced_speed(job, "the play screen (its engines are no BASIC interpreter)");
  if (why.empty() && opt.daily) why = apply_daily(job);
  if (why.empty() && !arguments.empty())
    why = "unexpected argument '" + shown(arguments.front()) + "' (see 'amazing play --help')";
  if (why.empty() && job.has("--algorithm")) {
    auto algorithm = parse_algorithm(job.algorithm);
    if (!algorithm)
      why = algorithm.error().message;
    else
      opt.algorithm = *algorithm;
  }
  if (job.has("--size")) opt.size = job.size;
  if (app.get_option("--screenshot")->count() > 0) opt.screenshot = screenshot;
  opt.seed = job.seed;
  opt.variant = job.variant;
  opt.lua = job.lua;
  opt.ram = job.ram;
  opt.ram_given = job.has("--ram");
  opt.machine = job.machine;
  opt.braid = job.braid;
  opt.difficulty = job.difficulty;
  if (why.empty()) why = play_refusal(job, opt);
  if (why.empty() && opt.difficulty) {
    // The first maze's seed, searched for from --seed (or 0), as gen chooses it.
    job.algorithm = opt.algorithm.empty() ? "amazing" : opt.algorithm;
    if (!choose_difficulty_seed(job, "play")) return kExitUsage;
    opt.seed = job.seed;
  }
  if (!why.empty()) {
    print_error("play", why);
    return kExitUsage;
  }
  RecordKeeper records(opt.machine);
  opt.records = &records;
  const int rc = run_play(opt);
  records.print_warnings();
  return rc;
}

}  // namespace amazing::cli
