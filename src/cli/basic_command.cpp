// amazing basic FILE.bas: runs a BASIC listing on the machine with the built-in GW-BASIC
// interpreter (src/basic).
//
// It reaches no engine row (engine.hpp): FILE is any listing, run at the machine's prompt
// or on its screen with standard input for every INPUT; the basic engine's row
// (engines/basic_engine.cpp) runs the 1978 listing for a job's size (gen, compare).

#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "basic/disk.hpp"
#include "basic/interpreter.hpp"
#include "basic/listing.hpp"
#include "basic/prompt.hpp"
#include "basic/run.hpp"
#include "cli/args.hpp"
#include "cli/cli11_help.hpp"
#include "cli/commands.hpp"
#include "cli/ctrl_c.hpp"
#include "cli/job.hpp"
#include "cli/output.hpp"
#include "machine/machine.hpp"
#include "tui/c64_boot.hpp"
#include "tui/screen_editor.hpp"
#include "tui/terminal.hpp"

namespace amazing::cli {

std::size_t basic_ram(const Job& job) {
  if (job.has("--ram") || job.machine == MachineKind::kC64) return job.ram;
  return core::kUnlimited;
}

namespace {

// The help: usage, intro and footer; the options' lines come from their definitions
// in basic_command.
constexpr const char* kBasicUsage = "amazing basic [FILE.bas] [options]";
constexpr const char* kBasicIntro =
    "Runs a BASIC program on the emulated machine with the built-in interpreter: GW-BASIC "
    "as PC-BASIC runs it on the pc (--machine pc, the default), Commodore BASIC V2 as the "
    "C64's ROM runs it on the c64 (--machine c64). Without FILE the machine "
    "comes up at its BASIC prompt: type program lines, RUN, LIST, SAVE, ... until SYSTEM "
    "(pc) or the end of the input. On a terminal the prompt is the machine's 40x25 screen "
    "editor: cursor keys go anywhere, Enter reads the line under the cursor (LIST, cursor "
    "up, change a line, Enter), pasted text is typed in, Ctrl-C breaks a program and CONT "
    "goes on (Esc too on the c64), Ctrl-D or Ctrl-C twice at the prompt leaves; FILE on a "
    "terminal is typed in and RUN there, and the prompt stays. A session:\n"
    "  Ok\n  10 print \"hello\"\n  20 goto 10\n  run\n  hello\n  hello\n"
    "  Break in 10      (Ctrl-C)\n  Ok";
constexpr const char* kBasicFooter =
    "Input is read from standard input, one line per INPUT. A BASIC error prints as "
    "GW-BASIC prints it (\"Syntax error in 110\") and ends the program.\n"
    "Exit status: 0 the program ended (END, STOP, last line, or its input ended at INPUT, "
    "where it stops silently as PC-BASIC's does), 2 bad option or unreadable file, 3 out "
    "of memory, 5 a BASIC error, 6 the step limit (see 'amazing --help').\n"
    "The prompt: lines typed with a number are stored (a number alone deletes the line), "
    "others run at once. pc: LIST [110-120], RUN [n], CONT, NEW, CLEAR, DELETE 20-30, "
    "RENUM [new[,old[,step]]], AUTO [n[,step]], EDIT n, SAVE \"F\"[,A], LOAD \"F\"[,R], "
    "MERGE \"F\", KILL \"F.BAS\", "
    "NAME \"A.BAS\" AS \"B.BAS\", FILES [\"*.BAS\"], TRON, TROFF, SYSTEM; "
    "c64: LIST, RUN, CONT, NEW, CLR, SAVE \"F\",8, LOAD \"F\",8, VERIFY \"F\",8. Files live in "
    "the --disk folder, and so do the files a pc program OPENs. "
    "Without a terminal it reads the typed lines from standard input and prints "
    "what the machine printed (the pc echoes them, as PC-BASIC does):\n"
    "  $ printf '10 PRINT \"HI\"\\nRUN\\nSYSTEM\\n' | amazing basic\n"
    "  Ok\n  10 PRINT \"HI\"\n  RUN\n  HI\n  Ok\n  SYSTEM";

// 100 million statements: `10 GOTO 10` stops within seconds (0.5 s of CPU, 1.3 s wall on
// this machine's 2 shared cores), while the biggest mazes the book listing makes in the
// default 48K RAM (76x76, 2x2000, 1000x4) finish in under 0.5 million: a 200-fold margin.
// 200x200 with --ram unlimited takes 2.8 million.
constexpr uint64_t kDefaultMaxSteps = 100'000'000ULL;
// Statements per cell the maze listings may take beyond that (the walk runs ~70 a cell).
constexpr uint64_t kStepsPerCell = 1'000;

Result<uint64_t> parse_steps(std::string_view text) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string_view::npos ||
      text.size() > 19) {
    return Error{"--max-steps takes a whole number of statements (0 = no limit), not '" +
                 std::string(text) + "'"};
  }
  return std::strtoull(std::string(text).c_str(), nullptr, 10);
}

// Tells the user what ended a run that did not end normally; the BASIC error itself is
// already printed in the program's output. Returns the exit code.
// `steps_option`: the command takes --max-steps (the message says how to raise the limit).
int report(const char* command, const basic::RunResult& r, uint64_t max_steps,
           bool steps_option = true) {
  if (r.outcome == basic::Outcome::kHalted)
    print_error(command, "stopped: the output limit was reached");
  if (r.outcome == basic::Outcome::kStepLimit)
    print_error(command, "stopped after " + std::to_string(max_steps) +
                             " statements (the step limit)" +
                             (steps_option ? "; raise it with --max-steps N, or 0 for none"
                                           : ": the listing runs on without end"));
  if (r.outcome == basic::Outcome::kError && r.error.code == basic::ErrorCode::kOutOfMemory &&
      !r.detail.empty())
    print_error(command, r.detail);
  return exit_status(ending_of(r));
}

// ---- the prompt: `amazing basic` without FILE (basic/prompt.hpp) ------------------------

// Standard output for the prompt; on a terminal without the 0xFF byte PC-BASIC writes
// after Ok and each error line (it means nothing on a screen).
class PromptStdout : public machine::OutputSink {
 public:
  explicit PromptStdout(bool drop_ff) : drop_ff_(drop_ff) {}
  void put(std::string_view text) override {
    if (!drop_ff_) return out_.put(text);
    std::string kept;
    for (char c : text) {
      if (c != '\xFF') kept += c;
    }
    out_.put(kept);
  }
  void flush() override { out_.flush(); }
  bool ok() const { return out_.ok(); }

 private:
  machine::StdoutSink out_;
  bool drop_ff_;
};

// The --disk folder (default: basic::default_disk_folder()); nullopt, said why, when it
// is there but not a folder.
std::optional<std::filesystem::path> disk_folder(const std::string& option) {
  std::filesystem::path disk =
      option.empty() ? basic::default_disk_folder() : std::filesystem::path(option);
  std::error_code ec;
  if (std::filesystem::exists(disk, ec) && !std::filesystem::is_directory(disk, ec)) {
    print_error("basic", "--disk " + disk.string() + " is not a folder");
    return std::nullopt;
  }
  return disk;
}

// The keys the screen prompt names in its bottom border.
std::string screen_hint(machine::Kind kind) {
  return machine::describe(kind).esc_stops ? "ESC OR CTRL-C STOPS  CTRL-D LEAVES"
                                           : "CTRL-C BREAKS  CTRL-D LEAVES";
}

// The machine at its prompt on the terminal: its 40x25 screen is the screen editor
// (tui::ScreenKeyboard). With `listing`, the program is typed in and RUN typed (after
// RANDOMIZE N or X=RND(-(N)) for a seed), as a user would. Ctrl-C breaks a running program
// (and an INPUT); at the prompt the first abandons the line and a second one leaves, as
// Ctrl-D does. nullopt when no terminal could be opened (said on standard error; the
// caller goes on without it).
std::optional<int> screen_prompt(const Job& job, const std::filesystem::path& disk,
                                 uint64_t max_steps, const std::string* listing) {
  auto opened = tui::Terminal::open();
  if (!opened) {  // TERM=dumb, no TERM: say why no screen shows
    print_error("basic",
                opened.error().message + "; the prompt reads lines from standard input instead");
    return std::nullopt;
  }
  std::unique_ptr<tui::Terminal> term = std::move(opened).value();
  const bool c64 = job.machine == MachineKind::kC64;
  tui::Frame frame = c64 ? tui::c64_frame(screen_hint(job.machine))
                         : tui::Frame{.title = std::string(machine::describe(job.machine).title),
                                      .hint = screen_hint(job.machine),
                                      .play = false,
                                      .cursor = std::nullopt};
  machine::MachineConfig config;
  config.ram = basic_ram(job);
  config.echo = false;  // the screen shows what is typed
  config.rules = job.machine;
  auto made = machine::Machine::create(config);
  if (!made) {
    term->reset();
    print_error("basic", made.error().message);
    return kExitOutOfMemory;
  }
  machine::Machine& m = **made;
  // The screen in the machine's own characters (CP437, PETSCII) and the colours the
  // program sets (COLOR; the c64's colour codes and POKEs, drawn in its palette's light
  // blue on blue until then), the pixels of the pc's graphics modes in the blank cells.
  frame.machine_screen = &m.screen();
  if (!c64) frame.machine_graphics = &m.graphics();
  tui::ScreenKeyboard keyboard(*term, m.screen(), frame, &g_break);
  if (!c64) keyboard.set_function_keys(&m.function_keys());  // F1..F10 type KEY n's texts
  m.set_input(keyboard);
  break_on_ctrl_c();  // instead of the Terminal's own handler, which ends the program
  term->enable_paste();
  term->keep_control_keys();
  basic::PromptOptions options;
  options.dialect = job.machine;
  options.gw_memory = !job.has("--ram");
  options.disk = disk;
  options.max_steps = max_steps;
  options.interrupt = &g_break;
  options.on_screen = true;
  options.tick = [&keyboard] { keyboard.poll(); };
  // F12 switches between --speed warp and original, at the prompt or while a program runs;
  // the title says which.
  Speed speed = job.speed;
  Pacer pacer(host_pace_clock(), &g_break);
  const std::string title = keyboard.frame().title;
  auto show_speed = [&] {
    keyboard.frame().title =
        title + (speed == Speed::kOriginal ? "  F12: ORIGINAL SPEED" : "  F12: WARP");
  };
  show_speed();
  keyboard.set_host_key(tui::kKeyF12, [&] {
    speed = speed == Speed::kOriginal ? Speed::kWarp : Speed::kOriginal;
    pacer.restart();
    show_speed();
  });
  options.pace = [&](double seconds) {
    if (speed == Speed::kOriginal) pacer.pace(seconds);
  };
  basic::Prompt prompt(m, options);
  if (listing) {
    prompt.type_in(*listing);
    if (job.seed) {
      std::string n = std::to_string(*job.seed);
      keyboard.type(c64 ? "X=RND(-(" + n + "))\n" : "RANDOMIZE " + n + "\n");
    }
    keyboard.type("RUN\n");
  }
  prompt.greet();
  for (;;) {
    std::optional<std::string> line = keyboard.read_line();
    if (!line && keyboard.interrupted()) {
      g_break = 0;
      if (keyboard.second_ctrl_c()) break;
      prompt.interrupt_typing();
      keyboard.frame().hint = "CTRL-C AGAIN LEAVES";
      continue;
    }
    keyboard.frame().hint = screen_hint(job.machine);
    if (!line || !prompt.enter(*line)) break;
  }
  term->reset();
  return kExitOk;
}

// The machine at its prompt, reading typed lines from standard input until SYSTEM or the
// end of the input; on a terminal, its screen editor (screen_prompt). A terminal for input
// only, or one curses cannot use, types whole lines (the terminal shows them); otherwise
// the pc echoes the lines as PC-BASIC does.
int prompt_command(const Job& job, const std::string& disk_option, bool batch,
                   std::optional<uint64_t> max_steps) {
  if (job.seed) {
    print_error("basic",
                "--seed needs a program FILE; at the prompt type RANDOMIZE N (pc) or "
                "X=RND(-N) (c64)");
    return kExitUsage;
  }
  const bool c64 = job.machine == MachineKind::kC64;
  auto disk = disk_folder(disk_option);
  if (!disk) return kExitUsage;
  const bool typed_on_terminal = isatty(STDIN_FILENO) != 0 && !batch;
  if (typed_on_terminal && isatty(STDOUT_FILENO) != 0) {
    // As on the real machine, a program runs until it ends or is broken.
    if (auto code = screen_prompt(job, *disk, max_steps.value_or(0), nullptr)) return *code;
  }
  PromptStdout out(!c64 && isatty(STDOUT_FILENO) != 0);
  machine::StdinSource keyboard;
  machine::MachineConfig config;
  config.ram = basic_ram(job);
  config.batch = true;
  config.batch_width = c64 ? 0 : 80;
  config.rules = job.machine;  // the c64's screen memory holds what is printed (PEEK(1024))
  config.output = &out;
  config.input = &keyboard;
  config.echo = machine::describe(job.machine).echoes_typed && !typed_on_terminal;
  auto made = machine::Machine::create(config);
  if (!made) {
    print_error("basic", made.error().message);
    return kExitOutOfMemory;
  }
  if (typed_on_terminal)
    break_on_ctrl_c();
  else
    stop_on_ctrl_c("\namazing basic: stopped (Ctrl-C)\n");
  basic::PromptOptions options;
  options.dialect = job.machine;
  options.gw_memory = !job.has("--ram");
  options.disk = *disk;
  options.max_steps = max_steps.value_or(kDefaultMaxSteps);
  options.interrupt = typed_on_terminal ? &g_break : nullptr;
  Pacer pacer(host_pace_clock(), &g_break);  // --speed original: the machine's pace
  if (job.speed == Speed::kOriginal) options.pace = [&pacer](double s) { pacer.pace(s); };
  basic::Prompt prompt(**made, options);
  prompt.session();
  (*made)->flush();
  out.flush();
  if (!out.ok()) {
    std::fprintf(stderr, "amazing basic: write error: could not write to standard output\n");
    return kExitIo;
  }
  if (keyboard.overlong()) return kExitUsage;  // StdinSource said why
  return kExitOk;
}

}  // namespace

int basic_command(int argc, char** argv) {
  // --seed, --ram and --machine are the job's (job.hpp: one parser and one message each
  // for every command), worded here for a BASIC program; --batch and --max-steps
  // (statements) are basic's own.
  Job job;
  bool batch = false;
  std::string disk;
  uint64_t max_steps = kDefaultMaxSteps;
  CLI::App app;
  use_help_layout(app, "basic", {kBasicUsage, kBasicIntro, kBasicFooter});
  auto job_option = [&](unsigned which, const char* name, const char* text) {
    add_job_options(app, job, which);
    app.get_option(name)->description(text);
  };
  job_option(kOptSeed, "--seed",
             "run N%=N: RANDOMIZE N% first (-32768..32767); without it RND starts in its "
             "power-on state, like the real machine");
  app.add_flag("--batch", batch,
               "print to standard output as PC-BASIC does (80 columns, typed input echoed "
               "after its prompt) and read typed lines from standard input; the default when "
               "standard input or output is not a terminal. On a terminal the machine's "
               "40x25 screen is used instead: the program runs at its prompt.");
  job_option(kOptRam, "--ram",
             "the machine's memory: 48K (default), 64K, 8M, unlimited, ... (arrays live in it: "
             "a DIM that does not fit is \"Out of memory\")");
  add_parsed_option(app, "--max-steps", max_steps, parse_steps, "N",
                    "stop after N statements, exit 6 (default 100000000; 0 = no limit). A step "
                    "is one statement (on the c64 also one a character printed); measured on "
                    "one core, 100M steps take about 1 s of CPU for a bare 10 GOTO 10 and "
                    "about 18 s for a loop of FOR, arrays and RND. On the terminal's screen "
                    "prompt no limit unless given");
  job_option(kOptMachine, "--machine",
             "pc (default): GW-BASIC as above. c64: Commodore 64 BASIC V2 as its ROM runs it: "
             "5-byte numbers printed with nine digits and a cursor-right (ESC [ C) after each, "
             "its RND, TAB/SPC/comma as cursor-rights, INPUT's ?REDO FROM START, ?? and ?EXTRA "
             "IGNORED, errors as \"?SYNTAX  ERROR IN 10\", 38911 BASIC bytes (arrays 5 bytes a "
             "number); --seed N is the line X=RND(-(N)) before the program; typed input is not "
             "echoed; always batch output.");
  app.get_option("--machine")->type_name("pc|c64");
  job_option(kOptSpeed, "--speed",
             "how fast the program runs: warp (default) as fast as the host goes, or original "
             "at the real machine's pace (an NTSC C64, or an IBM PC 5150 at 4.77 MHz), the "
             "host waiting for the emulated clock that TI, TI$ and TIMER read (the same under "
             "both). On the machine's screen F12 switches between the two; the title says "
             "which");
  app.add_option("--disk", disk,
                 "the folder SAVE, LOAD and KILL use at the prompt, and a program's OPEN (default: "
                 "$XDG_DATA_HOME/amazing/disk, or ~/.local/share/amazing/disk; made when "
                 "first written). Names stay inside it: pc 8.3 names (.BAS added), c64 names "
                 "of up to 16 characters (.prg added; the c64's OPEN on device 8 also writes .seq, "
                 ".usr and .rel files; LOAD\"$\",8 lists them all as a 1541's directory)")
      ->type_name("DIR");
  std::vector<std::string> programs;
  if (auto code = parse_command_line(app, "basic", argc, argv, 2, programs)) return *code;
  if (app.count("--disk") > 0 && disk.empty()) {
    print_error("basic", "--disk needs a folder, not an empty name");
    return kExitUsage;
  }
  const std::optional<uint64_t> steps_given =
      app.count("--max-steps") > 0 ? std::optional<uint64_t>(max_steps) : std::nullopt;
  if (programs.empty()) return prompt_command(job, disk, batch, steps_given);
  if (programs.size() != 1) {
    print_error("basic", "one program at a time (got '" + programs[1] + "' too)");
    return kExitUsage;
  }
  if (!isatty(STDOUT_FILENO)) batch = true;
  const bool on_screen = !batch && isatty(STDIN_FILENO) != 0;
  // The program's files (OPEN) are on the disk, as the prompt's SAVE and LOAD are.
  auto folder = disk_folder(disk);
  if (!folder) return kExitUsage;
  const basic::Dialect dialect = job.machine;
  auto listing = basic::load_listing(programs[0]);
  if (!listing) {
    print_error("basic", listing.error().message);
    return kExitUsage;
  }
  auto program = basic::parse_program(listing->text, dialect);
  if (!program) {
    print_error("basic", listing->path + ": " + program.error().message);
    return kExitUsage;
  }
  const bool c64 = dialect == basic::Dialect::kC64;
  if (on_screen) {
    // The program typed in and RUN at the machine's prompt, which stays up after it.
    if (auto code = screen_prompt(job, *folder, steps_given.value_or(0), &listing->text))
      return *code;
  }
  StdioRun how;
  how.command = "basic";
  how.disk = *folder;
  how.max_steps = max_steps;
  how.width = c64 ? 0 : batch ? 80 : 40;
  how.echo = batch && machine::describe(job.machine).echoes_typed;
  return run_program_on_stdio(job, listing->text, std::move(*program), how);
}

int run_program_on_stdio(const Job& job, std::string_view listing, basic::Program program,
                         const StdioRun& how) {
  const basic::Dialect dialect = job.machine;
  const bool c64 = dialect == basic::Dialect::kC64;
  machine::MachineConfig config;
  config.ram = basic_ram(job);
  config.batch = true;
  config.batch_width = how.width;
  config.rules = job.machine;  // the c64's screen memory holds what is printed (PEEK(1024))
  config.echo = how.echo;
  machine::StdinSource keyboard;  // lines of at most machine::kMaxInputLine
  config.input = &keyboard;
  auto made = machine::Machine::create(config);
  if (!made) {
    print_error(how.command, made.error().message);
    return kExitOutOfMemory;
  }
  static std::string stopped;  // the handler keeps the pointer
  stopped =
      "\namazing" + std::string(*how.command ? " " : "") + how.command + ": stopped (Ctrl-C)\n";
  stop_on_ctrl_c(stopped.c_str());
  machine::Machine& machine = **made;
  basic::RunOptions run_options;
  run_options.max_steps = how.max_steps;
  run_options.disk = how.disk;
  basic::set_memory(run_options, listing, dialect, job.seed, !job.has("--ram"));
  if (!c64 && job.seed) machine.rnd().randomize(*job.seed);
  auto owned = std::make_unique<basic::Program>(std::move(program));
  auto interpreter = std::make_unique<basic::Interpreter>(*owned, machine, dialect);
  // --speed original: what was printed shown, then the wait for the emulated clock.
  Pacer pacer(host_pace_clock(), &g_break);
  if (job.speed == Speed::kOriginal) {
    run_options.tick_every = basic::RunOptions::kPacedTickStatements;
    run_options.tick = [&, at = interpreter.get()] {
      machine.flush();
      pacer.pace(at->emulated_seconds());
    };
  }
  basic::RunResult r = interpreter->run(run_options);
  if (r.outcome == basic::Outcome::kCommand) {  // CHAIN, RUN "F", ...: the prompt does them
    basic::PromptOptions prompt;
    prompt.disk = how.disk;
    prompt.max_steps = how.max_steps;
    prompt.gw_memory = !job.has("--ram");
    if (job.speed == Speed::kOriginal) prompt.pace = [&](double s) { pacer.pace(s); };
    r = basic::Prompt(machine, prompt)
            .take_over(listing, std::move(owned), std::move(interpreter), r);
  } else {
    interpreter->shut_down();  // PC-BASIC's session closes after the program
  }
  if (!machine.flush()) {
    print_error(how.command, "write error: could not write to standard output");
    return kExitIo;
  }
  if (keyboard.overlong()) return kExitUsage;  // StdinSource said why
  return report(how.command, r, how.max_steps, how.steps_option);
}

uint64_t basic_steps_for_ram(std::size_t ram) {
  if (ram == core::kUnlimited) return 0;
  // No layout keeps a cell of the 1978 listing's two arrays in fewer than 2 bytes, so
  // ram / 2 cells bounds the largest maze from above.
  const uint64_t cells = ram / 2;
  return std::max(kDefaultMaxSteps, cells * kStepsPerCell);
}

uint64_t basic_default_steps(int width, int length) {
  uint64_t cells = static_cast<uint64_t>(std::max(width, 0) + 1) *
                   static_cast<uint64_t>(std::max(length, 0) + 1);
  return std::max(kDefaultMaxSteps, cells * kStepsPerCell);
}

}  // namespace amazing::cli
