// Interpreter: runs a parsed Program on the machine (src/machine), GW-BASIC style.
//
// PRINT goes to the machine's Printer (the 40x25 screen, or standard output in batch
// mode), INPUT reads the machine's InputSource, RND is the machine's GwRnd, arrays are
// blocks of the machine's RAM (so a big DIM gives "Out of memory", as on the real thing).
// A BASIC error prints as GW-BASIC prints it ("Subscript out of range in 195", then the
// 0xFF byte GW-BASIC writes after every error line) and ends the run; it never stops the
// host. A step limit (statements executed) ends runaway programs.
//   machine::Machine m(config);
//   auto program = parse_program(text);
//   Interpreter basic(*program, m);
//   RunResult r = basic.run({.max_steps = 100'000'000});
//   r.outcome == Outcome::kEnded / kError (r.error.text()) / kInputEnded / kStepLimit
//            / kHalted (RunOptions::halt)
#pragma once

#include <array>
#include <csignal>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "basic/errors.hpp"
#include "basic/program.hpp"
#include "core/c64_rnd.hpp"
#include "machine/machine.hpp"

namespace amazing::basic {

// Which BASIC the interpreter is: kPc is GW-BASIC (the pc machine); kC64 is Commodore 64
// BASIC V2 (the c64 machine): 5-byte numbers (core::C64Float) with nine digits and a
// cursor-right (ESC [ C) after each, RND by core::C64Rnd, INPUT's ?REDO FROM START, ??
// and ?EXTRA IGNORED, errors as "?SYNTAX  ERROR IN 10", TAB/SPC/comma as cursor-rights,
// and the C64's 38911 bytes of BASIC memory (arrays 5 bytes a number plus headers).
// On kC64 the output goes straight to the printer's sink, never wrapped (as recorded).
// (Dialect itself is declared in scanner.hpp: the scanner reads each one's keywords.)

enum class Outcome {
  kEnded,       // END, or the last line ran
  kStopped,     // STOP ("Break in 50" printed)
  kError,       // a BASIC error ended the run (printed); see RunResult::error
  kInputEnded,  // INPUT found no more input (PC-BASIC ends the same way, silently)
  kStepLimit,   // RunOptions::max_steps statements ran (kC64: with what they printed)
  kHalted,      // *RunOptions::halt became true (the host's output limit was reached)
  kSystem,      // SYSTEM (pc): the program leaves BASIC, as PC-BASIC then exits
  kCommand,     // a command of the prompt's in a program (pc): RunResult::command
};

// A command of the prompt's met in a program line or a typed line (pc): CHAIN [MERGE], RUN,
// LOAD, SAVE, MERGE, NEW, LIST, LLIST, DELETE, RENUM, EDIT, AUTO. The run stops there
// (Outcome::kCommand) and the prompt (prompt.hpp) does it with its own machinery, as if
// typed: `name` the command ("CHAIN MERGE" for that form), `args` the text after it, a
// file name's expression evaluated into quotes ("B",100,ALL); `line` the number of the
// line it is in (-1: a typed line), for the messages of its errors.
struct PromptCommand {
  std::string name;
  std::string args;
  int line = -1;
};

// GW-BASIC's memory as PC-BASIC has it: 60300 bytes free with no program (PRINT FRE(0)),
// the program's bytes counted from the 3 of an empty one.
inline constexpr long kGwFreeBytes = 60300;
inline constexpr std::size_t kGwEmptyProgramBytes = 3;

class C64Drive;
class Disk;

struct RunOptions {
  uint64_t max_steps = 0;  // 0: no limit
  // Checked before each statement; true ends the run (kHalted). The host sets it, e.g.
  // when the output it holds reached its cap.
  const bool* halt = nullptr;
  // Checked before each statement too; non-zero breaks the run there as Ctrl-C (the pc's
  // Ctrl-Break, the C64's RUN/STOP) does: the machine's Break message for the line about
  // to run ("Break in 20", "BREAK IN 20"), kStopped, and CONT goes on at that statement.
  // A signal handler sets it.
  const volatile std::sig_atomic_t* interrupt = nullptr;
  // Called every tick_every statements (and before the first): the host shows the
  // screen and reads the keyboard meanwhile (the prompt's screen editor: keys typed ahead,
  // Esc as the C64's RUN/STOP setting *interrupt), or waits for the emulated clock
  // (--speed original: kPacedTickStatements, a few ms of the real machine's time).
  static constexpr uint64_t kTickStatements = 256;
  static constexpr uint64_t kPacedTickStatements = 8;
  uint64_t tick_every = kTickStatements;
  std::function<void()> tick;
  // kC64: the statement X=RND(-(N)) before the program (`--seed N`).
  std::optional<int64_t> c64_seed;
  // kC64: the bytes the program takes in the C64's memory (c64_program_bytes).
  std::size_t c64_program_bytes = 0;
  // kPc: the bytes the program takes in GW-BASIC's memory (gw_program_bytes), and whether
  // that memory bounds the run: 60300 bytes for program, variables and arrays, as PC-BASIC
  // has it, so a DIM or a new variable that does not fit is Out of memory where PC-BASIC
  // says it. false when the machine was given a size of its own (--ram): then only its
  // RAM budget holds the arrays.
  std::size_t gw_program_bytes = kGwEmptyProgramBytes;
  // The program's bytes as the machine holds them (saved_program.hpp program_memory), which
  // PEEK reads; empty: zeros.
  std::string program_memory;
  bool gw_memory = true;
  // kPc: today's date for DATE$ as {year, month 1..12, day 1..31}; the host's local date
  // when empty (tests set it so no output depends on the day they run).
  std::function<std::array<int, 3>()> today;
  // kPc: the machine's disk folder, where OPEN's files are (files.hpp); empty: no disk
  // (OPEN is "Path not found").
  std::filesystem::path disk;
  // kPc: the prompt's disk on that folder, whose current folder (CHDIR) a run shares; null:
  // the run's own, at the root.
  const Disk* pc_disk = nullptr;
  // kC64: the 1541 on that folder when it outlives the run (the prompt's); null: the
  // interpreter's own.
  C64Drive* c64_drive = nullptr;
};

struct RunResult {
  Outcome outcome = Outcome::kEnded;
  BasicError error;  // kError
  // Statements executed; on kC64 also one for each character or cursor-right printed
  // (the C64's CHROUT calls), so the step limit bounds what a runaway program prints.
  uint64_t steps = 0;
  // The emulated clock when the run ended: the real machine's CPU cycles since the
  // interpreter was made (clock.hpp).
  uint64_t cycles = 0;
  std::string detail;  // for the host: e.g. the RAM needed when a DIM did not fit
  PromptCommand command;  // kCommand
  // kC64: NEW or a reset (SYS 64738) in the program erased it: the prompt forgets its
  // lines (the interpreter runs on, as the ROM does, to the empty program's end).
  bool program_erased = false;
};

class Interpreter {
 public:
  Interpreter(const Program& program, machine::Machine& machine, Dialect dialect = Dialect::kPc);
  ~Interpreter();
  Interpreter(const Interpreter&) = delete;
  Interpreter& operator=(const Interpreter&) = delete;

  // Runs from the first line (like RUN: variables cleared, RND not reset).
  RunResult run(const RunOptions& options = {});

  // ---- the prompt (prompt.hpp): direct mode on one program --------------------------
  // Variables cleared, no loops, DATA from the start, as RUN leaves them (CLEAR, CLR).
  void clear(const RunOptions& options = {});
  // Runs the program's last line, a typed line the caller appended (parse_direct_line),
  // with the variables as they are: PRINT A, A=10, GOTO 30 (which keeps them).
  RunResult run_direct(const RunOptions& options = {});
  // RUN n: variables cleared, then from line n (number < 0: the first line); a missing
  // line is "Undefined line number" as in direct mode.
  RunResult run_from(int number, const RunOptions& options = {});
  // The emulated seconds since the interpreter was made: what the real machine would have
  // taken for everything run so far (a host paces itself by it: --speed original).
  double emulated_seconds() const;
  // Dialect::kC64: the RND as the program left it (a host makes the next mazes from it).
  core::C64Rnd c64_rnd() const;
  // CONT: after a break in a program line (STOP, Ctrl-C, the step limit) the run goes on
  // where it stopped; what END, an error and clear() do to that is the machine's
  // (ContRules, runtime.hpp); RUN ends it.
  bool can_continue() const;
  RunResult resume(const RunOptions& options = {});
  void forget_continue();
  // CONT goes on at the program's end: it ends at once (c64: after NEW in a program).
  void continue_at_end();
  // TRON / TROFF (pc): while on, each program line run prints "[n]" before its output, as
  // GW-BASIC does. The statements set it too; the prompt carries it from one program to
  // the next (NEW and LOAD turn it off).
  void set_trace(bool on);
  bool tracing() const;
  // MERGE keeps the variables (PC-BASIC): the simple variables of `old`, an interpreter on
  // the program before, taken by name where this program has the name (arrays, DEF FN,
  // loops and CONT start afresh).
  void keep_variables(const Interpreter& old);
  // Dialect::kC64 at READY.: the ROM prints its own messages (READY., LIST's lines, OK,
  // BREAK) through the KERNAL's CHROUT, so while a CMD holds the output they go to its
  // file (FACTS.md "C64 files"). c64_output_redirected says whether one does;
  // c64_chrout writes the ROM's bytes there (CR, LF as they are), c64_end_line the line
  // end PRINT writes (CR, and LF for a logical file over 127); c64_clear_channels is the
  // CLRCHN of the ROM's error handler ($A447): the output back to the screen.
  bool c64_output_redirected() const;
  void c64_chrout(std::string_view petscii);
  void c64_end_line();
  void c64_clear_channels();
  // BASIC's CHANNL ($13): the logical file CMD set, 0 for none; RUN, CLR, NEW, LOAD and a
  // typed program line leave it (only CLRCHN's callers clear it), so the prompt carries it
  // to the interpreter it makes for a changed program.
  int c64_channel() const;
  void set_c64_channel(int lf);
  // RENUM (pc): `program`, the one this interpreter was made on, becomes `renumbered`,
  // the same lines with new numbers (the same statements and names in the same order);
  // the variables, arrays, DEF FNs and CONT stay, the FOR, WHILE and GOSUB frames go, as
  // in PC-BASIC (data/prompt/pc/renum_keeps).
  void renumber(Program& program, Program renumbered);
  // After Outcome::kCommand, for a command that lets the program go on (SAVE): the run
  // goes on at the statement after it.
  RunResult go_on(const RunOptions& options = {});
  // After Outcome::kCommand: whether ON ERROR would trap an error there, and the command
  // failing with `code` there: ON ERROR's handler runs (pc: PC-BASIC traps LOAD's,
  // MERGE's, SAVE's, RUN's, LIST's, DELETE's, RENUM's and LLIST's errors in a program).
  // `line`: the line the error is said to be in (ERL; -1: past the program's end, ERL
  // 65536, as LLIST's), which need not be the command's own.
  bool traps_errors() const;
  // kPc: the disk OPEN, KILL and CHDIR use (null: none); a prompt that takes the run over
  // shares its current folder.
  const Disk* pc_disk() const;
  RunResult fail_command(ErrorCode code, const RunOptions& options = {},
                         std::optional<int> line = std::nullopt);
  // CHAIN (pc): this interpreter, made on the program chained to, takes over from `old`
  // (the one whose CHAIN ran) its open files, and what `keep` says, by name: kCommon the
  // variables and arrays old's COMMON statements name (run or not), kAll every one,
  // kAllAndFunctions (CHAIN MERGE ... ALL) also each DEF FN that ran whose statement is
  // still at its place (line number, statement); kFiles (RUN "F",R and LOAD "F",R, which
  // otherwise run as RUN) nothing more. Then runs from line `number` (< 0: the first); a
  // line it has not is Illegal function call with no line number, as PC-BASIC says
  // (kFiles: Undefined line number). OPTION BASE stays as it was (set, or fixed by a
  // DIM) but for kFiles; ON ERROR, loops and GOSUBs start afresh.
  enum class Keep { kFiles, kCommon, kAll, kAllAndFunctions };
  RunResult chain_from(Interpreter& old, Keep keep, int number, const RunOptions& options = {});
  // The session closes (PC-BASIC's exit, SYSTEM): the open files are written (an error
  // doing so printed, with no line number).
  void shut_down();

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

// The bytes a listing takes in the C64's memory, tokenised as its BASIC stores it (link,
// line number, keywords as one byte, the line's zero; two zero bytes at the end).
std::size_t c64_program_bytes(std::string_view listing);
// The bytes a listing takes in GW-BASIC's memory: its tokenised lines (link, number, tokens,
// a zero each) between a leading zero and a closing zero link; 3 for no program.
std::size_t gw_program_bytes(std::string_view listing);
// The C64's BASIC memory at power-on (38911 BASIC BYTES FREE).
constexpr std::size_t kC64BasicBytes = 38911;

// "Subscript out of range in 195" followed by GW-BASIC's 0xFF marker byte.
std::string error_line(const BasicError& error);

}  // namespace amazing::basic
