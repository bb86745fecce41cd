// The C64's direct-mode commands in a program, and WAIT and SYS: what its ROM does with
// LIST, NEW, CONT, WAIT and SYS when a program line runs them (FACTS.md "The c64 machine";
// cbmbasic runs: tests/basic/c64_programs/list_*, new_*, wait_*, sys_*; what cbmbasic
// cannot show is pinned in tests/basic/c64_commands_test.cpp).

#include <algorithm>
#include <tuple>

#include "basic/c64_files.hpp"
#include "basic/runtime.hpp"
#include "basic/saved_program.hpp"
#include "machine/c64_screen.hpp"

namespace amazing::basic {
namespace {

constexpr long kReset = 64738;  // $FCE2: the 6510's reset routine
constexpr char kClearScreen = '\x93';
// The cassette buffer ($033C-$03FB), which the KERNAL's RAMTAS clears at power-on ($FD50:
// pages 0, 2 and 3): 0 there until a program POKEs code in.
constexpr long kTapeBuffer = 828, kTapeBufferEnd = 1019;

// The statement runs again next (a loop the step limit and Ctrl-C end).
void again(Runtime& rt) {
  rt.next_line_ = rt.line_;
  rt.next_stmt_ = rt.stmt_;
}

// An address as GETADR reads it (0..65535, else ?ILLEGAL QUANTITY); -1 after an error.
long address(Runtime& rt, const Expr& e) {
  Num n = rt.eval_num(e);
  if (rt.failed() || c64_peek(rt, n) < 0) return -1;
  return static_cast<long>(c64_value(rt, n).to_double());
}

int peek_at(Runtime& rt, long at) {
  return c64_peek(rt, make_c(core::C64Float::from_int(static_cast<int32_t>(at))));
}

// Whether WAIT's condition holds for `value`: (value EOR xor) AND mask is not 0 ($B84D).
bool waited_for(int value, int mask, int eor) {
  return ((value ^ eor) & mask) != 0;
}

}  // namespace

// LIST in a program ($A69C): the lines in memory as the prompt's LIST shows them, through
// CHROUT (to CMD's file when one holds the output), then the ROM jumps to READY. ($A714
// JMP $E386): the run ends there, and CONT, which goes back to the statement the run was
// at (OLDTXT), lists again (cbmbasic).
void exec_c64_list(Runtime& rt, const Stmt& s) {
  auto lines = read_c64_prg_in_order("\x01\x08" + rt.program_memory_);
  const C64Listing listing =
      c64_list(lines ? lines.value() : C64MemoryLines{}, s.lines[0], s.lines[1]);
  const bool to_file = rt.c64_to_file();
  for (std::string text : listing.lines) {
    rt.c64_newline();
    if (!to_file) text.erase(std::remove(text.begin(), text.end(), '\x12'), text.end());
    rt.c64_put(text);
  }
  if (listing.past_range) rt.c64_newline();
  again(rt);
  rt.finish(Outcome::kEnded);
}

// NEW in a program ($A642): the program goes and CLR runs (CLALL too); the ROM then reads
// on from the start of the now empty program, so the run ends as at a program's end.
void exec_c64_new(Runtime& rt, const Stmt&) {
  rt.clear_state();
  rt.c64_files_.forget();
  rt.program_erased_ = true;
  rt.finish(Outcome::kEnded);
}

// CONT ($A857) goes on at OLDTXT, which the statement loop sets to each program statement
// it runs: in a program that is the CONT itself, so it runs again and again until
// RUN/STOP (cbmbasic: c64_programs/cont_loop never ends). Typed, it goes on where the
// program stopped, ?CAN'T CONTINUE when it cannot.
void exec_c64_cont(Runtime& rt, const Stmt&) {
  if (rt.line_ != rt.direct_) return again(rt);
  if (!rt.cont_) return rt.raise(ErrorCode::kCantContinue);
  std::tie(rt.next_line_, rt.next_stmt_) = *rt.cont_;
}

// WAIT address, mask[, xor] ($B82D): loops until (PEEK(address) EOR xor) AND mask is not
// 0. Nothing but the machine changes memory while it waits: here the jiffy clock (160-162,
// with the emulated clock) and the keyboard buffer's count (198), whose keys are the typed
// lines, arriving one by one (so `WAIT 198,1` sees 1 when a line is typed); with no more
// typed lines the run ends as INPUT's does. On the terminal the keys come as typed, and
// `WAIT 198,1` waits for one. Any other wait is a statement run again and
// again, which the step limit and Ctrl-C (BREAK IN n) end, as RUN/STOP-RESTORE would.
void exec_c64_wait(Runtime& rt, const Stmt& s) {
  const long at = address(rt, *s.exprs[0]);
  if (at < 0) return;
  const std::optional<int32_t> mask = rt.eval_byte(*s.exprs[1]);
  if (!mask) return;
  std::optional<int32_t> eor = 0;
  if (s.exprs.size() > 2) eor = rt.eval_byte(*s.exprs[2]);
  if (!eor) return;
  if (at == kC64KeyCount) {
    if (!rt.fill_keys()) return rt.finish(Outcome::kInputEnded);
    const int keys = peek_at(rt, kC64KeyCount);
    for (int k = 1; k <= keys; ++k) {
      if (waited_for(k, *mask, *eor)) return;
    }
    return again(rt);
  }
  if (!waited_for(peek_at(rt, at), *mask, *eor)) again(rt);
}

// SYS address ($E12A): the 6510 runs the machine code there, which this machine has not
// got. Two are known: 64738 ($FCE2), the reset, which clears the screen, prints the
// power-on message and starts BASIC cold (NEW: the program is gone; the KERNAL forgets
// its files); and the cassette buffer while nothing was POKEd there, whose 0 is the
// 6510's BRK (other RAM holds what power-on left, not known): the KERNAL's
// BRK handler ($FE66) clears the screen and starts BASIC warm ($E37B: CLRCHN, the stack
// reset, so no CONT), the program and its variables kept. Anything else (a ROM routine,
// code a program POKEd) cannot run here: ?SYNTAX, as before (cbmbasic stops too, with
// "unknown PC").
void exec_c64_sys(Runtime& rt, const Stmt& s) {
  const long at = address(rt, *s.exprs[0]);
  if (at < 0) return;
  rt.c64_clear_channels();
  if (at == kReset) {
    // The power-on message up to its READY. (which the prompt prints), its line ends CR.
    std::string banner = machine::c64_banner();
    banner.erase(banner.rfind("\nREADY."));
    std::replace(banner.begin(), banner.end(), '\n', '\r');
    rt.c64_put(std::string(1, kClearScreen) + banner);
    exec_c64_new(rt, s);
    rt.warm_started_ = true;  // RAMTAS ($FD50) zeroes OLDTXT: no CONT
    return;
  }
  if (at >= kTapeBuffer && at <= kTapeBufferEnd && peek_at(rt, at) == 0) {
    rt.c64_put(std::string(1, kClearScreen));
    rt.warm_started_ = true;
    rt.finish(Outcome::kEnded);
    return;
  }
  rt.raise(ErrorCode::kSyntax);
}

}  // namespace amazing::basic
