// amazing play: the machine on the terminal. Without --size it boots the 40x25 screen and
// runs the AMAZING dialogue on it (banner, WHAT ARE YOUR WIDTH AND LENGTH?, the maze
// printed as on a 40-column machine), then the maze can be walked. With --size it goes
// straight to walking that maze. `amazing` with no arguments on a terminal runs this too.

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "core/amazing_text.hpp"
#include "core/amazing_walk.hpp"
#include "core/ram.hpp"
#include "core/render.hpp"
#include "machine/machine.hpp"
#include "tui/play.hpp"
#include "tui/session.hpp"
#include "tui/terminal.hpp"

namespace amazing::cli {
namespace {

constexpr const char* kPlayHelp = R"(usage: amazing play [--size WxL] [options]

Walk an AMAZING maze (BASIC Computer Games, 1978) in the terminal, on the emulated
computer's 40x25 screen.

Without --size the machine boots: the program asks WHAT ARE YOUR WIDTH AND LENGTH? (type
W,L and Enter; Backspace corrects), prints the maze as a 40-column machine would, and
then lets you walk it. `amazing` with no arguments on a terminal does the same.

  --size WxL        go straight to walking a maze of this size (10x12: 10 wide)
  --seed N          run N%=N: RANDOMIZE N% first (-32768..32767); without it the
                    generator starts in its power-on state, like the real machine
  --variant V       the listing revision: book (1978, default), fixed (line 695
                    corrected) or fixed-exit (fixed, and always an exit)
  --script FILE     make the maze with a Lua script instead of the built-in program
  --baud RATE       printing speed of the boot screen: instant (default) or a serial
                    rate in bits per second to watch the maze come out (300, 1200, 9600)
  --ram SIZE        the machine's memory: 48K (default), 64K, 8M, unlimited, ...
  -h, --help        this help

Keys while walking: arrows, h j k l, or w a d and shift-S move; s shows or hides the
shortest way out; ? help; n a new maze; f the same seed as fixed-exit; q quits.
You start in the entrance on the top row; leave through the gap in the bottom row.
Book and fixed mazes can lack an exit or wall cells off: the game says so and offers a
new maze or the fixed-exit revision.

Needs a terminal of at least 42x27 (TERM xterm, xterm-256color, screen, linux, vt100).
NO_COLOR turns colour off. Ctrl-C quits and restores the terminal.
Exit status: 0 done, 2 bad option or no terminal, 3 the maze does not fit in --ram.
)";

struct PlayOptions {
  std::optional<Size> size;
  std::optional<int16_t> seed;
  core::Variant variant = core::Variant::kBook;
  std::optional<std::string> script;
  int baud = 0;
  std::size_t ram = core::kDefaultRam;
};

// Makes mazes with the native walk, each in its own RAM of the machine's size. A new maze
// draws on from where the generator stands; "the same start" replays the state that made
// the current maze (its seed in another revision).
tui::MazeFactory native_factory(const PlayOptions& opt, core::GwRnd rnd) {
  struct State {
    core::GwRnd rnd;
    core::GwRnd current_start;
  };
  auto state = std::make_shared<State>(State{rnd, rnd});
  return [state, opt](const tui::MazeRequest& req) -> core::Result<tui::OwnedMaze> {
    if (req.same_start) state->rnd = state->current_start;
    else state->current_start = state->rnd;
    auto ram = std::make_shared<core::Ram>(opt.ram);
    auto maze = core::generate_amazing(*ram, opt.size->width, opt.size->length, req.variant,
                                       state->rnd);
    if (!maze) return maze.error();
    return tui::OwnedMaze{ram, std::move(maze).value()};
  };
}

// The dialogue of lines 10-100 on the machine's screen, as the native core runs it; the
// maze it prints; nullopt when the user ended the input (Ctrl-D or Esc).
std::optional<core::Result<tui::OwnedMaze>> boot_dialogue(std::shared_ptr<machine::Machine> m,
                                                          core::Variant variant, Size& size) {
  machine::Printer& p = m->printer();
  p.tab(core::kBannerTitleTab);
  p.print(core::kBannerTitle);
  p.newline();
  p.tab(core::kBannerCreditTab);
  p.print(core::kBannerCredit);
  p.newline();
  for (int i = 0; i < 4; ++i) p.newline();
  std::string prompt(core::kPrompt.substr(0, core::kPrompt.size() - 2));  // INPUT adds "? "
  for (;;) {
    auto hv = m->input_fields(prompt, {machine::FieldKind::kNumber, machine::FieldKind::kNumber});
    if (!hv) return std::nullopt;
    double h = (*hv)[0].number, v = (*hv)[1].number;
    if (h == 1 || v == 1) {  // line 102
      p.print(core::kMeaningless);
      p.newline();
      continue;
    }
    // The 1978 program stops with a BASIC error on these; here the user may try again.
    if (h < 2 || v < 2 || h != std::floor(h) || v != std::floor(v) ||
        h > core::NibbleStore::kMaxDimension || v > core::NibbleStore::kMaxDimension) {
      p.print("SIZES MUST BE WHOLE NUMBERS 2 OR MORE.");
      p.newline();
      continue;
    }
    size = {static_cast<int>(h), static_cast<int>(v)};
    auto maze = core::generate_amazing(m->ram(), size.width, size.length, variant, m->rnd());
    if (!maze) {
      // GW-BASIC answers a DIM that does not fit with ?Out of memory; say how to fix it.
      p.print(maze.error().message);
      p.newline();
      continue;
    }
    for (int i = 0; i < 4; ++i) p.newline();
    // The maze goes out row by row as the listing prints it, broken for 40 columns.
    core::TextRenderer renderer(machine::Screen::kColumns);
    std::string text;
    renderer.top(*maze, text);
    m->output().put(text);
    for (int r = 0; r < maze->height(); ++r) {
      text.clear();
      renderer.row(*maze, r, text);
      m->output().put(text);
    }
    p.reset_column();
    return core::Result<tui::OwnedMaze>(tui::OwnedMaze{m, std::move(maze).value()});
  }
}

int fail_after_terminal(const std::string& message, int code) {
  std::fprintf(stderr, "amazing play: %s\n", message.c_str());
  return code;
}

int run_play(const PlayOptions& opt) {
  if (opt.script)
    return fail_after_terminal("--script needs the Lua engine, which this build does not have "
                               "yet; leave --script out to use the built-in program",
                               kExitUsage);
  auto opened = tui::Terminal::open();
  if (!opened)
    return fail_after_terminal(opened.error().message +
                                   " (without a terminal, 'amazing' runs the plain dialogue and "
                                   "'amazing gen' prints a maze)",
                               kExitUsage);
  std::unique_ptr<tui::Terminal> term = std::move(opened).value();
  tui::PlayConfig config{.variant = opt.variant};
  core::GwRnd rnd;
  if (opt.seed) rnd.randomize(*opt.seed);

  if (opt.size) {
    tui::PlayGame game(native_factory(opt, rnd), config);
    auto started = game.start(tui::now_seconds());
    if (!started) {
      term->reset();
      return fail_after_terminal(started.error().message, kExitOutOfMemory);
    }
    auto played = tui::run_play(*term, game);
    term->reset();
    if (!played) return fail_after_terminal(played.error().message, kExitOutOfMemory);
    return kExitOk;
  }

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

  Size size;
  auto booted = boot_dialogue(m, opt.variant, size);
  if (!booted) {
    term->reset();
    return kExitOk;  // the user ended the input
  }
  view.frame().hint = "PRESS A KEY TO WALK THE MAZE, Q QUITS";
  int key = tui::wait_key(*term, m->screen(), view.frame());
  if (key == 'q' || key == 'Q' || key == 27) {
    term->reset();
    return kExitOk;
  }
  PlayOptions next = opt;
  next.size = size;
  tui::PlayGame game(native_factory(next, m->rnd()), config);
  game.start_with(std::move(booted->value()), tui::now_seconds());
  auto played = tui::run_play(*term, game);
  term->reset();
  if (!played) return fail_after_terminal(played.error().message, kExitOutOfMemory);
  return kExitOk;
}

}  // namespace

int play_command(int argc, char** argv, int first) {
  ArgScanner args(argc, argv, first, "play");
  PlayOptions opt;
  while (args.next()) {
    if (args.is("--help")) {
      std::fputs(kPlayHelp, stdout);
      return kExitOk;
    } else if (args.is("--size")) {
      if (auto v = args.value()) {
        auto size = parse_size(*v);
        if (!size) args.fail(size.error().message);
        else opt.size = *size;
      }
    } else if (args.is("--seed")) {
      if (auto v = args.value()) {
        auto seed = parse_seed(*v);
        if (!seed) args.fail(seed.error().message);
        else opt.seed = *seed;
      }
    } else if (args.is("--variant")) {
      if (auto v = args.value()) {
        auto variant = parse_variant_option(*v);
        if (!variant) args.fail(variant.error().message);
        else opt.variant = *variant;
      }
    } else if (args.is("--ram")) {
      if (auto v = args.value()) {
        auto ram = core::parse_ram_size(*v);
        if (!ram) args.fail(ram.error().message);
        else opt.ram = *ram;
      }
    } else if (args.is("--baud")) {
      if (auto v = args.value()) {
        auto baud = tui::parse_baud(*v);
        if (!baud) args.fail(baud.error().message);
        else opt.baud = *baud;
      }
    } else if (args.is("--script")) {
      if (auto v = args.value()) opt.script = *v;
    } else {
      args.unknown();
    }
  }
  if (!args.failed() && !args.positional().empty())
    args.fail("unexpected argument '" + args.positional().front() +
              "' (see 'amazing play --help')");
  if (args.failed()) {
    std::fprintf(stderr, "amazing play: %s\n", args.error().c_str());
    return kExitUsage;
  }
  return run_play(opt);
}

}  // namespace amazing::cli
