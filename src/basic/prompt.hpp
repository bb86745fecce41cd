// Prompt: the machine at its BASIC prompt (direct mode), as the recorded sessions in
// ../shared/prompt show it (PC-BASIC 2.0.5 for kPc, the C64 ROM for kC64).
//
// Each typed line: a number and text stores (or replaces) that program line, kept as the
// machine LISTs it (program_text.hpp); a number alone deletes it; anything else runs at
// once: a command of the machine's table (LIST, RUN, NEW, CONT, ... per machine) or
// statements run by the interpreter against the program's variables (PRINT A, A=10,
// GOTO 30 keeps the variables; RUN clears them). Changing the program clears the
// variables and CONT, as on both machines. After each command the machine's prompt: pc
// "Ok" (with GW-BASIC's 0xFF byte), c64 CR "READY." CR. The pc echoes typed lines when
// the machine echoes (batch output); the c64 never does.
//   machine::Machine m(config);             // config.input: the typed lines
//   Prompt prompt(m, {.dialect = Dialect::kPc, .disk = "/tmp/disk"});
//   prompt.session();                       // until SYSTEM or the end of the input
// Or, for tests: std::string out = run_prompt({"10 PRINT 1", "RUN", "SYSTEM"}, options);
#pragma once

#include <array>
#include <csignal>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "basic/interpreter.hpp"
#include "basic/program_text.hpp"
#include "machine/machine.hpp"

namespace amazing::basic {

struct PromptOptions {
  Dialect dialect = Dialect::kPc;
  // SAVE, LOAD and KILL work in this folder (created when first written); empty: no disk,
  // every file is "File not found".
  std::filesystem::path disk;
  // Statements one command may run (0: no limit); past it the run breaks as Ctrl-Break
  // would ("Break", CONT goes on).
  uint64_t max_steps = 0;
  // pc: GW-BASIC's 60300 bytes bound the program (RunOptions::gw_memory); false when the
  // machine's RAM is a size of the user's own (--ram).
  bool gw_memory = true;
  // Ctrl-C: set by the host's SIGINT handler; a running program breaks at its next
  // statement (RunOptions::interrupt). Cleared before each typed line runs.
  volatile std::sig_atomic_t* interrupt = nullptr;
  // The lines are typed on the machine's own screen (tui::ScreenEditor): the screen shows
  // them, so nothing is echoed; Enter moves to the next row; no 0xFF after Ok; the C64's
  // banner clears the screen itself.
  bool on_screen = false;
  // Called between statements while a program runs (RunOptions::tick): the host shows
  // the screen and reads the keyboard (Esc as RUN/STOP on the c64 sets *interrupt).
  std::function<void()> tick;
  // --speed original: called every few statements while a program runs with the emulated
  // seconds so far (Interpreter::emulated_seconds); the host waits there for the clock.
  // Null: as fast as the host goes.
  std::function<void(double seconds)> pace;
  const bool* halt = nullptr;                 // RunOptions::halt
  std::function<std::array<int, 3>()> today;  // RunOptions::today
};

class Prompt {
 public:
  Prompt(machine::Machine& machine, PromptOptions options);
  ~Prompt();
  Prompt(const Prompt&) = delete;
  Prompt& operator=(const Prompt&) = delete;

  // What the machine shows as it comes up: pc "Ok"; c64 its power-on banner and READY.
  void greet();
  // One typed line; false once the session has ended (SYSTEM, or an INPUT found no more
  // input).
  bool enter(const std::string& typed);
  // greet(), then the lines of the machine's input until the session ends.
  void session();
  // Ctrl-C while a line was being typed (no program running): the pc abandons the line
  // (a new line) and ends AUTO with Ok; the c64 does nothing, as RUN/STOP at READY.
  void interrupt_typing();
  // Stores the numbered lines of a listing (a .bas text: LF or CRLF lines) as if typed,
  // replacing the program; lines without a number are skipped. Prints nothing.
  void type_in(std::string_view listing);
  // The stored program (line number -> text as LIST shows it).
  const ProgramLines& lines() const;
  // A pc program run without the prompt (run_batch, `amazing basic`) stopped at a command
  // of the prompt's (Outcome::kCommand: CHAIN, RUN "F", LOAD, ...): the prompt takes over
  // its listing, the program parsed from it and its interpreter, does the command and
  // whatever runs after it as PC-BASIC does, then closes the session
  // (Interpreter::shut_down). The last run's result; nothing is echoed, no Ok.
  RunResult take_over(std::string_view listing, std::unique_ptr<Program> program,
                      std::unique_ptr<Interpreter> interpreter, RunResult stopped);

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

// A whole session in memory: the machine in batch mode (80 columns, typed lines echoed
// on the pc), the typed lines, what was printed (LF line ends).
std::string run_prompt(const std::vector<std::string>& typed, const PromptOptions& options);

}  // namespace amazing::basic
