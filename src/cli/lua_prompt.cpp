#include "cli/lua_prompt.hpp"

#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "cli/commands.hpp"
#include "cli/ctrl_c.hpp"
#include "cli/output.hpp"
#include "machine/machine.hpp"
#include "tui/line_history.hpp"
#include "tui/run_console.hpp"
#include "tui/screen_editor.hpp"
#include "tui/session.hpp"
#include "tui/terminal.hpp"

namespace amazing::cli {
namespace {

// An unfinished chunk may grow to this at most (a line of standard input is at most
// machine::kMaxInputLine already).
constexpr std::size_t kMaxChunk = std::size_t{1} << 20;

// Tabs as a terminal shows them (stops every 8 columns), for the machine's screen.
std::string expand_tabs(std::string_view text) {
  std::string out;
  std::size_t column = 0;
  for (char c : text) {
    if (c != '\t') {
      out += c;
      column = c == '\n' ? 0 : column + 1;
      continue;
    }
    do out += ' ';
    while (++column % 8 != 0);
  }
  return out;
}

// The message of a failed chunk without its traceback.
std::string without_traceback(const std::string& message) {
  std::size_t at = traceback_at(message);
  return at == std::string::npos ? message : message.substr(0, at);
}

// The chunks typed at the prompt and what they did, on either road: the screen
// (on_screen) or standard input and output.
class LuaSession {
 public:
  LuaSession(machine::Machine& machine, const LuaPromptOptions& options, bool on_screen)
      : machine_(&machine), options_(&options), on_screen_(on_screen) {
    start_engine();
  }

  // One typed line: runs the chunk it ends, or keeps it when the chunk goes on.
  void enter(const std::string& line) {
    std::string chunk = pending_.empty() ? line : pending_ + "\n" + line;
    pending_.clear();
    if (chunk.size() > kMaxChunk) {
      fail("the unfinished chunk passed " + std::to_string(kMaxChunk >> 20) +
               " MB and was dropped; finish a chunk sooner",
           exit_status(Ending::kLuaSyntax));
      return;
    }
    lua::TypedResult typed = engine_->run_typed(chunk, options_->args);
    if (typed.incomplete) {
      pending_ = std::move(chunk);
      return;
    }
    if (!typed.run.ok()) {
      report(typed.run);
      return;
    }
    if (typed.values) show(*typed.values);
  }

  bool continuing() const { return !pending_.empty(); }
  const std::string& pending() const { return pending_; }
  void abandon() { pending_.clear(); }
  int exit_code() const { return exit_code_; }

 private:
  void start_engine() {
    engine_.reset();  // before the next one: its mazes live in the machine's RAM
    engine_ = std::make_unique<lua::Engine>(*machine_, options_->limits);
    if (on_screen_) engine_->set_interrupt(&g_break);
  }

  // A line of the chunk's values, where print would put it.
  void show(const std::string& values) {
    machine::Printer& p = machine_->printer();
    if (p.column() > 0) p.newline();
    p.print(on_screen_ ? expand_tabs(values) : values);
    p.end_print();
  }

  // What went wrong: on the screen where the user looks, else on standard error after
  // what was printed so far.
  void fail(const std::string& message, int code) {
    exit_code_ = code;
    if (!on_screen_) {
      machine_->flush();
      print_error("run", message);
      return;
    }
    machine::Printer& p = machine_->printer();
    if (p.column() > 0) p.newline();
    machine_->output().put(shown(message) + "\n");
    p.reset_column();
  }

  void report(const lua::RunResult& result) {
    g_break = 0;  // a Ctrl-C that came is spent on this chunk
    std::string message = without_traceback(result.message);
    if (engine_->stopped_at_limit()) {
      message += "; a new Lua state starts (the globals set so far are gone)";
      start_engine();
    }
    fail(message, exit_status(ending_of(result)));
  }

  machine::Machine* machine_;
  const LuaPromptOptions* options_;
  bool on_screen_;
  std::unique_ptr<lua::Engine> engine_;
  std::string pending_;
  int exit_code_ = kExitOk;
};

constexpr const char* kHint = "CTRL-C BREAKS  CTRL-D LEAVES";

// The prompt on the terminal's 40x25 screen; nullopt when no terminal could be opened
// (said on standard error; the caller goes on with standard input).
std::optional<int> screen_prompt(const LuaPromptOptions& options) {
  auto opened = tui::Terminal::open();
  if (!opened) {  // TERM=dumb, no TERM: say why no screen (and no prompt) shows
    print_error("run", opened.error().message +
                           "; the Lua prompt reads lines from standard input instead, "
                           "without showing a prompt (Ctrl-D ends)");
    return std::nullopt;
  }
  std::unique_ptr<tui::Terminal> term = std::move(opened).value();
  machine::MachineConfig config;
  config.ram = options.ram;
  config.echo = false;  // the screen shows what is typed
  auto made = machine::Machine::create(config);
  if (!made) {
    term->reset();
    print_error("run", made.error().message);
    return kExitOutOfMemory;
  }
  machine::Machine& machine = **made;
  if (options.seed) machine.rnd().randomize(*options.seed);
  tui::Frame frame{.title = "AMAZING LUA", .hint = kHint, .play = false, .cursor = std::nullopt};
  frame.machine_screen = &machine.screen();
  tui::ScreenView view(*term, machine.screen(), 0, frame);
  machine::ScreenSink screen_sink(machine.screen());
  machine::TeeSink tee(screen_sink, view);
  machine.printer().set_sink(tee);
  tui::ScreenKeyboard keyboard(*term, machine.screen(), frame, &g_break);
  tui::LineHistory history;
  machine.set_input(keyboard);
  tui::RunConsole console(*term, machine.screen(), frame);  // inkey, sleep, show
  machine.set_console(&console);
  break_on_ctrl_c();  // instead of the Terminal's own handler, which ends the program
  term->enable_paste();
  term->keep_control_keys();
  {
    LuaSession session(machine, options, true);
    machine::Printer& p = machine.printer();
    const std::size_t cut = machine::describe(machine.screen().rules()).max_typed_line;
    for (;;) {
      const std::string_view prompt = session.continuing() ? ">> " : "> ";
      p.write(prompt);
      keyboard.set_history(&history);
      std::optional<std::string> line = keyboard.read_line();
      keyboard.set_history(nullptr);  // an amazing.input's arrows move the cursor
      if (!line && keyboard.interrupted()) {
        g_break = 0;
        if (keyboard.second_ctrl_c()) break;
        session.abandon();  // the line and the unfinished chunk are dropped
        p.newline();
        keyboard.frame().hint = "CTRL-C AGAIN LEAVES";
        continue;
      }
      keyboard.frame().hint = kHint;
      if (!line) break;  // Ctrl-D on an empty line
      p.newline();
      history.add(*line);
      // The screen editor takes no more than a line can hold, the prompt included; what
      // came after (a long paste) is gone, so the rest is not run as if it were the whole.
      if (prompt.size() + line->size() >= cut) {
        p.write("?line cut at " + std::to_string(cut) +
                " characters, not run: split it over lines or use amazing run FILE");
        p.newline();
        continue;
      }
      session.enter(*line);
    }
  }
  machine.set_console(nullptr);
  term->reset();
  return kExitOk;
}

// The prompt on standard input: no prompt is printed, nor the lines read.
int stdin_prompt(const LuaPromptOptions& options) {
  machine::StdinSource keyboard;
  machine::MachineConfig config;
  config.ram = options.ram;
  config.batch = true;
  config.input = &keyboard;
  config.echo = false;
  auto made = machine::Machine::create(config);
  if (!made) {
    print_error("run", made.error().message);
    return kExitOutOfMemory;
  }
  machine::Machine& machine = **made;
  if (options.seed) machine.rnd().randomize(*options.seed);
  stop_on_ctrl_c("\namazing run: stopped (Ctrl-C)\n");
  int code = kExitOk;
  {
    LuaSession session(machine, options, false);
    while (auto line = keyboard.read_line()) session.enter(*line);
    code = session.exit_code();
    if (session.continuing() && !keyboard.overlong()) {
      machine.flush();
      std::string first = session.pending().substr(0, session.pending().find('\n'));
      print_error("run", "the input ended inside an unfinished chunk (it began: " +
                             first.substr(0, 60) + "); finish it, for example with end");
      code = exit_status(Ending::kLuaSyntax);
    }
  }
  if (!machine.flush()) {
    std::fprintf(stderr, "amazing run: write error: could not write to standard output\n");
    return kExitIo;
  }
  if (keyboard.overlong()) return kExitUsage;  // StdinSource said why
  return code;
}

}  // namespace

int lua_prompt(const LuaPromptOptions& options) {
  if (!options.batch && isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0) {
    if (auto code = screen_prompt(options)) return *code;
  }
  return stdin_prompt(options);
}

}  // namespace amazing::cli
