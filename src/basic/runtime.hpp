// Runtime: the interpreter's state and its small verbs, shared by the files that make up
// the interpreter (internal to src/basic; the public face is interpreter.hpp).
//
//   interpreter.cpp  the statement loop (Runtime::run) and the Interpreter facade
//   statements.cpp   one small function per statement, found through one table by StmtKind
//   functions.cpp    one table of built-in functions (arguments, type, implementations)
//   expressions.cpp  evaluation, variables, arrays, DEF FN calls
//   gw_dialect.cpp   GW-BASIC (the pc machine): MBF arithmetic, number format, messages,
//                    PRINT, INPUT, RND
//   c64_dialect.cpp  Commodore 64 BASIC V2 (the c64 machine): the same verbs
//
// Everything a machine does differently goes through one DialectOps table
// (Runtime::dialect_), chosen once when the interpreter is made; no statement asks which
// machine it runs on. Errors travel as a value (err_) set by whatever found them; the
// statement loop checks it after each statement, so an expression that fails finishes
// with harmless zeros and the run stops before anything else happens.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "basic/c64_files.hpp"
#include "basic/clock.hpp"
#include "basic/events.hpp"
#include "basic/files.hpp"
#include "basic/interpreter.hpp"
#include "basic/music.hpp"
#include "basic/number.hpp"
#include "core/c64_math.hpp"
#include "core/c64_rnd.hpp"
#include "machine/output.hpp"
#include "machine/printer.hpp"
#include "machine/text_page.hpp"

namespace amazing::basic {

// The largest single GW-BASIC holds (MBF: exponent 255, mantissa all ones).
constexpr Single kMaxSingle = core::kMaxSingleValue;
// The largest double GW-BASIC holds (prints 1.701411834604692D+38).
constexpr long double kMaxDouble = core::kMaxDoubleValue;
constexpr std::size_t kMaxStack = 4096;  // FOR and GOSUB frames before "Out of memory"
constexpr std::size_t kMaxString = 255;
// Expression evaluations nested at once, DEF FN calls included, before "Out of memory":
// the parser bounds one expression's depth, this bounds a chain of functions calling
// functions, so the host's stack never runs out.
constexpr int kMaxEvalDepth = 2000;
constexpr int kMaxFunctionDepth = 64;  // DEF FN calls active at once

// A value: an integer, a single, or a double (a literal of more than 7 digits or with # or
// D, a # variable, and what arithmetic makes of them).
struct Num {
  Single f = 0;  // an MBF single (core::Single)
  int32_t i = 0;
  bool is_int = false;
  long double d = 0;  // rounded to GW-BASIC's 56 bits (round_double)
  bool is_double = false;
  bool is_c = false;  // the c64 machine: a 5-byte number (with the FAC's rounding byte)
  core::C64Float c;
  // The value as a single. A double becomes a single as PC-BASIC rounds it (beyond the
  // range: the largest); a c64 number as a float (what the shared functions compute with).
  Single as_float() const {
    return is_c        ? static_cast<float>(c.to_double())
           : is_int    ? static_cast<Single>(i)
           : is_double ? core::double_to_single(d).value_or(d < 0 ? -kMaxSingle : kMaxSingle)
                       : f;
  }
  long double as_double() const {
    return is_c ? c.to_double() : is_double ? d : is_int ? i : static_cast<long double>(f);
  }
  bool is_zero() const {
    return is_c ? c.is_zero() : is_int ? i == 0 : is_double ? d == 0 : f == 0;
  }
};
inline Num make_int(int32_t v) {
  Num n;
  n.i = v;
  n.is_int = true;
  return n;
}
inline Num make_float(Single v) {
  Num n;
  n.f = v;
  return n;
}
inline Num make_double(long double v) {
  Num n;
  n.d = round_double(v);
  n.is_double = true;
  return n;
}
inline Num make_c(const core::C64Float& v) {
  Num n;
  n.is_c = true;
  n.c = v;
  return n;
}

// Whether a comparison holds, c being the sign of a - b.
inline bool comparison_holds(Op op, int c) {
  switch (op) {
    case Op::kEq:
      return c == 0;
    case Op::kNe:
      return c != 0;
    case Op::kLt:
      return c < 0;
    case Op::kGt:
      return c > 0;
    case Op::kLe:
      return c <= 0;
    default:
      return c >= 0;
  }
}

// A GOSUB: where RETURN goes back to; an event trap's handler names its trap (events.hpp),
// which its RETURN starts again.
struct Frame {
  int line = 0, stmt = 0;
  int trap = -1;
};

// A FOR loop, as PC-BASIC keeps it: the NEXT that closes it is found when the FOR runs
// (the textually matching one), and only a NEXT at exactly that place iterates it.
struct ForFrame {
  Type var_type = Type::kSingle;
  int var_slot = 0;
  Single limit = 0, step = 0;                      // single loop
  core::C64Float climit, cstep;                    // single loop, c64 machine
  int32_t ilimit = 0, istep = 0;                   // integer loop
  int sign = 1;                                    // of the step: -1, 0 or 1
  int for_line = 0, for_stmt = 0;                  // the statement after the FOR
  int next_line = 0, next_stmt = 0, next_var = 0;  // the NEXT (and which of its variables)
  std::size_t gosubs = 0;                          // GOSUBs active when the FOR ran
};

// A WHILE loop, as PC-BASIC keeps it: its WEND is found (the textually matching one) when
// the WHILE runs, and a WEND at another place ends the loops above the one it closes.
struct WhileFrame {
  int while_line = 0, while_stmt = 0;
  int wend_line = 0, wend_stmt = 0;
};

struct ArrayData {
  bool defined = false;
  std::vector<int> bounds;  // upper bound of each subscript
  std::size_t count = 0;
  core::RamBlock block;  // numeric elements (DialectOps::single_bytes, 2 bytes integer)
  std::vector<std::string> strings;
  std::vector<uint8_t> stored;  // string elements: their text is in string space
  long reserved = 0;  // the machine's BASIC bytes it took (ERASE gives them back)
};

class Runtime;

// The C64's one stack for FOR and GOSUB (its 6502 stack page): a FOR takes `for_bytes`
// and fits while at most `for_fits` bytes are in use, a GOSUB likewise. A FOR of a
// variable already looping since the last GOSUB replaces that loop and every loop after
// it; NEXT iterates the newest loop of its variable since the last GOSUB (found when the
// NEXT runs, wherever it stands in the listing); RETURN drops the loops begun since its
// GOSUB.
struct SharedStack {
  std::size_t for_bytes, gosub_bytes;
  std::size_t for_fits, gosub_fits;
};

// What a machine's BASIC does its own way. One constant table per dialect
// (gw_dialect.cpp: kGwBasic, c64_dialect.cpp: kC64Basic).
// What becomes of CONT when a run ends other than by a break, per machine (DialectOps::
// cont). A break (STOP, Ctrl-C, the step limit) in a program line always makes CONT go on
// there; anything in the typed line alone (a STOP, a break, END, a statement that ran)
// leaves CONT as it was; RUN, NEW, LOAD and a change to the program always end it.
enum class ContAfter {
  kKeep,    // CONT goes on where it would have before
  kForget,  // Can't continue
  kHere,    // CONT goes on after this END (or at the program's end: nothing more runs)
};
struct ContRules {
  ContAfter end;    // END in a program line, or the program ran off its last line
  ContAfter error;  // an error ended the run (in a program line or the typed line)
  ContAfter clear;  // CLEAR (pc), CLR (c64): the statement, or the c64's CLR typed
};

struct DialectOps {
  int index;  // the column of this dialect in the built-in function table (Builtin::num)
  std::size_t single_bytes;  // a single in an array: GW-BASIC 4, the C64 5
  // Numbers: a literal, a single variable or array element read and written (written
  // rounded as the machine stores it; restore puts back a value read before), negation,
  // a OP b, CINT (or the C64's truncation), the text STR$ gives.
  Num (*literal)(const Expr& e);
  Num (*load_single)(const Runtime& rt, int slot);
  Num (*load_element)(const ArrayData& a, long i);
  void (*store_single)(Runtime& rt, const Target& t, const Num& v);
  void (*restore_single)(Runtime& rt, int slot, const Num& saved);
  Num (*negate)(Runtime& rt, const Num& v);
  Num (*binary)(Runtime& rt, Op op, const Num& a, const Num& b);
  int32_t (*to_int)(Runtime& rt, const Num& v);
  std::string (*number_text)(Runtime& rt, const Num& v);
  // Text read by READ as a number; nullopt: not a number (Syntax error in the DATA line).
  // GW-BASIC warns "Overflow" for a number past the range and reads the largest.
  std::optional<Num> (*read_number)(Runtime& rt, std::string_view text);
  Num (*rnd)(Runtime& rt, const Expr& e);  // RND and RND(x)
  // FOR of a single variable: keeps limit and step in f; true when the loop runs zero
  // times. NEXT: adds the step; true when the loop ends.
  bool (*for_single)(Runtime& rt, ForFrame& f, const Num& start, const Num& limit, const Num& step);
  bool (*next_single)(Runtime& rt, ForFrame& f);
  // The machine's BASIC bytes an array takes when it is dimensioned (its header and
  // `count` elements of `element_bytes`), taken from free_; false after raising Out of
  // memory.
  bool (*reserve_array)(Runtime& rt, int slot, std::size_t dimensions, std::size_t count,
                        std::size_t element_bytes);
  // The bytes a simple variable takes when it is created (its first assignment: reading
  // one that does not exist gives 0 and creates nothing); false after raising Out of memory.
  bool (*reserve_variable)(Runtime& rt, const Target& t);
  // The bytes a DEF FN function's record takes when its DEF first runs (function slot).
  bool (*reserve_function)(Runtime& rt, int slot);
  // PEEK(address) and POKE address, value on the machine's memory map (c64_memory.cpp,
  // gw_memory.cpp): the byte, or -1 after raising the machine's error for an address or
  // value out of range.
  int (*peek)(Runtime& rt, const Num& address);
  void (*poke)(Runtime& rt, const Num& address, const Num& value);
  void (*print)(Runtime& rt, const Stmt& s);
  bool (*input)(Runtime& rt, const Stmt& s);  // false: input ended
  void (*stop)(Runtime& rt, int line_number);
  void (*report_error)(Runtime& rt, const BasicError& error);
  void (*start)(Runtime& rt, const RunOptions& options);  // before the first line
  // The C64's shared stack; null: PC-BASIC's model (two stacks, each FOR's NEXT found in
  // the listing when the FOR runs, kMaxStack frames each).
  const SharedStack* shared_stack = nullptr;
  ContRules cont = {};
};
extern const DialectOps kGwBasic;
extern const DialectOps kC64Basic;

class Runtime {
 public:
  Runtime(const Program& program, machine::Machine& machine, Dialect dialect)
      : program_(program),
        machine_(machine),
        printer_(machine.printer()),
        dialect_(dialect == Dialect::kC64 ? kC64Basic : kGwBasic),
        charges_(clock_charges(dialect)),
        clock_(*machine::describe(dialect).costs) {}

  RunResult run(const RunOptions& options);
  // The prompt (interpreter.hpp): runs from line index li, statement si, with the
  // variables as they are. direct_ names the typed line (the program's last) while it runs.
  RunResult execute(int li, int si, const RunOptions& options);
  // Variables for names the program gained since (a typed line's), the others kept.
  void grow();
  void reset(const RunOptions& options);
  // Variables, arrays, DEF FN, every stack, error trapping and the DATA pointer afresh,
  // the memory they took free again (reset, CLEAR).
  void clear_state();

  // ---- errors ---------------------------------------------------------------------
  void raise(ErrorCode code) {
    if (err_ == ErrorCode::kNone) err_ = code;
  }
  bool failed() const { return err_ != ErrorCode::kNone; }
  // Division by zero and float overflow print a message and go on, as in GW-BASIC.
  // The message goes where the cursor is (PC-BASIC: "... 0 Division by zero"), no break.
  // While ON ERROR GOTO n is set they are errors like any other (PC-BASIC traps them).
  void warn(ErrorCode code) {
    // After an error the evaluation finishes with harmless zeros (X/FNA(X-1) past the
    // depth limit divides by them); GW-BASIC stopped at the error and warns of nothing.
    if (failed()) return;
    if (on_error_ >= 0) {
      raise(code);
      return;
    }
    machine::Printer& screen = screen_ != nullptr ? *screen_ : printer_;
    machine::OutputSink& sink = screen.sink();
    if (shown_ != nullptr) screen.set_sink(*shown_);
    screen.sink().put(error_message(code));
    screen.newline();
    screen.set_sink(sink);
  }
  // ---- error trapping (statements.cpp) ------------------------------------------------
  // The error raised by the statement at (li, si): with ON ERROR GOTO set and no handler
  // running, ERR and ERL are set, the handler runs next and true is returned; false when
  // the error ends the run.
  bool trap(int li, int si);
  // CONT after a run that ended as `result` says (DialectOps::cont): `end_at` is where
  // an END or the program's end leaves it (in the program), nullopt when the run ended
  // in the typed line.
  void settle_cont(const RunResult& result, std::optional<std::pair<int, int>> end_at);
  // Ends the run after this statement (END, STOP, input ended).
  void finish(Outcome outcome) {
    outcome_ = outcome;
    stopped_ = true;
  }

  // ---- expressions (expressions.cpp) -------------------------------------------------
  Num eval_num(const Expr& e);
  std::string eval_str(const Expr& e);
  int32_t to_int(const Num& n) { return dialect_.to_int(*this, n); }
  int32_t eval_int(const Expr& e) { return to_int(eval_num(e)); }
  // A byte operand (a file number, a device): 0..255, else Illegal function call (the
  // C64's ?ILLEGAL QUANTITY); nullopt after an error.
  std::optional<int32_t> eval_byte(const Expr& e) {
    int32_t n = eval_int(e);
    if (failed()) return std::nullopt;
    if (n < 0 || n > 255) {
      raise(ErrorCode::kIllegalFunctionCall);
      return std::nullopt;
    }
    return n;
  }
  // FNA(...): evaluates a DEF FN function into *num or *str.
  void call_function(const Expr& e, Num* num, std::string* str);
  // `e` evaluated, its value dropped (POS's and FRE's argument): its errors are raised.
  void eval_ignored(const Expr& e);
  // Each of `es` so, until one fails: what a statement that did not parse read before its
  // error (Stmt::run_first).
  void eval_each(const std::vector<ExprPtr>& es);

  // Element index of an array access, or -1 after raising an error.
  long element(int slot, const std::vector<ExprPtr>& subscripts);
  int32_t c64_subscript(const Num& v);
  void raise_no_line(int number);
  // The element a store to `t` writes: the one located_ found for it, else element().
  long target_element(const Target& t);
  // c64: the element a LET's target names, found (its subscripts evaluated, checked, the
  // array made) before the value is evaluated, as the ROM's LET runs PTRGET first.
  struct Located {
    const Target* target = nullptr;
    long element = -1;
  } located_;
  bool dimension(int slot, const std::vector<int>& bounds);
  uint8_t* element_bytes(int slot, long i, std::size_t size) {
    return arrays_[slot].block.data() + i * static_cast<long>(size);
  }

  Num read_target(const Target& t);
  // Element i of array slot, of its type (integer and double here, a single the dialect's).
  Num load_element(Type type, int slot, long i);
  // A double variable or element takes any number, rounded to 56 bits.
  void store_double(const Target& t, const Num& v);
  std::string read_str(const Target& t);
  // Creates the simple variable t on its first assignment (dialect_.reserve_variable);
  // true for an array element or a variable that exists; false after Out of memory.
  bool create(const Target& t);
  // True for an array element or a simple variable made already (by create).
  bool exists(const Target& t) const;
  void assign_num(const Target& t, const Num& v);
  // A string into t, from where `origin` says (what the last eval_str or read_str gave:
  // origin_): another variable's string and a new one (INPUT) take their bytes of string
  // space, a temporary is kept, a literal's text stays in the program.
  enum class Origin : uint8_t { kProgram, kVariable, kTemporary, kNew };
  void assign_str(const Target& t, std::string v, Origin origin);
  void assign_str(const Target& t, std::string v) { assign_str(t, std::move(v), origin_); }

  // ---- string space (string_space.cpp) ------------------------------------------------
  // Both machines keep the strings a program makes at the top of BASIC's memory, the
  // newest lowest; a literal's or a DATA item's text stays in the program. Where the value
  // eval_str (or read_str) gave last lives: in the program (a literal, READ), in string
  // space as a variable's (assigning it copies it), or a temporary the expression made.
  // Takes n bytes for a string being made (collecting garbage when they do not fit); false
  // after raising Out of string space (the C64: ?OUT OF MEMORY).
  bool make_string(long n);
  // Garbage collection: only the strings variables and arrays hold stay.
  void collect_strings();
  // The expression's temporaries: a statement's new expression first frees the string made
  // last if it is a temporary (PC-BASIC's reset_temporaries); an assignment makes every
  // string made so far permanent.
  void free_temporary();
  void keep_temporaries() { string_mark_ = string_bytes_; }
  // Bytes free for variables, arrays and strings.
  long bytes_free() const { return free_ - string_bytes_; }
  // Room for `need` more bytes of variables or arrays, collecting garbage first when
  // they do not fit; false when even then (bytes_free() - need) < min_left.
  bool room_for(long need, long min_left);

  // ---- event traps (pc; events.hpp) ----------------------------------------------------
  // Before the statement at (li, si), with a trap armed: the timer's event by the clock,
  // the trapped keys the keyboard holds; in a program line a trap that fires runs its
  // handler as a GOSUB from here (li, si its first statement) and true is returned.
  bool fire_event(int& li, int& si);

  // ---- control (statements.cpp) ------------------------------------------------------
  bool jump(const Stmt& s, std::size_t k);  // to s.lines[k]; false on Undefined line
  bool gosub(const Stmt& s, std::size_t k);
  bool find_next(ForFrame& f);  // the NEXT that closes a FOR
  bool loop_ends(ForFrame& f);  // NEXT's step; true when the loop is over (or failed)
  // NEXT on loops_[found], the loops after it dropped: true when it goes round again (or
  // failed), false when that loop is over.
  bool iterate(std::size_t found);
  // The C64's shared stack (DialectOps::shared_stack): its bytes in use, room for one
  // more frame (else Out of memory), the newest loop since the last GOSUB of `var` (any
  // loop when null; -1 when none), and NEXT by it.
  std::size_t stack_bytes(const SharedStack& shared) const;
  bool stack_room(std::size_t fits, const SharedStack& shared);
  long shared_loop(const Target* var) const;
  void next_shared(const Stmt& s);
  // Room on the C64's stack for what statement s evaluates (c64_stack.cpp); false after
  // raising Out of memory.
  bool stack_fits(const Stmt& s, const SharedStack& shared);
  bool find_wend(WhileFrame& f);          // the WEND that closes a WHILE
  void check_while(const WhileFrame& f);  // its condition: into the loop or past its WEND
  void next(const Stmt& s, int line, int stmt, std::size_t from_var);

  // ---- c64 output: straight to the sink, the column counted ----------------------------
  void c64_put(std::string_view text);
  void c64_right(long n);
  void c64_newline();
  void c64_put_quoted(char ch);
  // COLOR (646): the colour what is printed next takes (a colour code, a POKE 646).
  void c64_set_text_colour(int colour);
  // CMD holds the output on a device of its own: c64_put writes the bytes to the file (or
  // to no one, once that file is closed), not to the screen.
  bool c64_to_file() const {
    return c64_cmd_ != 0 && c64_files_.output_device() >= 0 && c64_files_.output_device() != 3;
  }
  // CLRCHN and CHANNL back to 0, as an error ($A447), PRINT#, INPUT# and GET# end ($ABB5).
  void c64_clear_channels() {
    c64_cmd_ = 0;
    c64_files_.clear_channels();
  }

  const Program& program_;
  machine::Machine& machine_;
  machine::Printer& printer_;
  // While PRINT # or LPRINT prints in the screen's place (printer_ holds the file's or the
  // printer's state), the printer holding the screen's: warnings still go to the screen.
  machine::Printer* screen_ = nullptr;
  // While PRINT # writes to a SCRN: file (the screen's text hidden from standard output,
  // gw_io.hpp on_screen_file), the screen's own sink: warnings still show there.
  machine::OutputSink* shown_ = nullptr;
  const DialectOps& dialect_;
  // The emulated clock and what each step costs on this machine (clock.hpp). Power-on is
  // when the interpreter is made: RUN and CLEAR do not set it back.
  const ClockCharges& charges_;
  EmulatedClock clock_;
  core::C64Rnd c64_rnd_;
  // c64: the ROM's CHARAC ($07), as far as `^` reads it: INT leaves its integer's lowest
  // byte there (INT, SIN/COS/TAN, EXP, ^, SQR); a string literal, STR$, PRINT of a number
  // and the statements that scan to their end (c64_statement_charac) leave an even byte.
  // A negative number to an integral power of 2^31 or more takes its sign from it.
  uint8_t c64_charac_ = 0;
  std::vector<core::C64Float> csingles_;  // c64: single variables, rounded
  // The machine's BASIC bytes free for program, variables and arrays: the C64's, or
  // GW-BASIC's as PC-BASIC has them. On the pc they bound the program only while
  // count_free_ (RunOptions::gw_memory): a --ram size of its own leaves it to the RAM budget.
  long free_ = 0;
  long free_at_start_ = 0;  // free_ before the first line ran
  // The program's bytes in the machine's memory (RunOptions::c64_program_bytes or
  // gw_program_bytes): where the variables start.
  long program_bytes_ = 0;
  std::string program_memory_;  // RunOptions::program_memory
  bool count_free_ = true;
  int c64_col_ = 0;  // c64: the cursor's column, 0..79
  // c64: the screen editor's quote mode (QTSW, $D4), on after an odd number of quotes
  // printed, off at the next quote or line end: c64_put writes control codes as they are.
  bool c64_quote_ = false;
  // c64: characters and cursor-rights printed by the statement running, each counted as
  // a step (execute adds them): a PRINT SPC(255) loop stops at the step limit after
  // about 3 bytes a step, as the pc's output is bounded by its statements.
  uint64_t c64_work_ = 0;
  std::vector<Single> singles_;
  std::vector<int16_t> integers_;
  std::vector<std::string> strings_;
  std::vector<uint8_t> str_stored_;  // string variables: their text is in string space
  long string_bytes_ = 0;            // string space in use, garbage included
  long string_mark_ = 0;             // string_bytes_ when the strings last became permanent
  long last_string_ = 0;             // the length of the string made last
  Origin origin_ = Origin::kProgram;
  std::vector<long double> doubles_;             // the pc's A#, rounded to 56 bits
  std::array<std::vector<uint8_t>, 4> created_;  // by Type, then slot: assigned yet
  std::vector<ArrayData> arrays_;
  // Where variables live in the machine's memory: the simple variables (and DEF FN's
  // records) in the order they were made, the arrays in the order they were dimensioned (ERASE
  // takes one out, the later ones move down), as both machines lay them out.
  struct Made {
    Type type;
    int slot;
    bool function = false;  // a DEF FN's record (slot: Program::functions)
  };
  std::vector<Made> made_;
  std::vector<int> dimmed_;
  // c64: the RAM a program POKEs where nothing here is modelled (the cassette buffer at
  // 828, free RAM at 49152...), 64K made at the first such POKE.
  std::vector<uint8_t> c64_ram_;
  // pc: DEF SEG's segment (PEEK and POKE address segment * 16 + offset); GW-BASIC's data
  // segment by default.
  uint32_t segment_ = 0;
  // The emulated machine's DOS environment (ENVIRON, ENVIRON$): "NAME=value" entries in
  // the order made, empty at power-on (never the host's).
  std::vector<std::string> environment_;
  // pc: the size of GW-BASIC's data segment and of its stack, as CLEAR ,m,k sets them.
  long gw_memory_size_ = 65534, gw_stack_bytes_ = 512;
  // OPTION BASE (pc): the lowest subscript, 0 or 1. The first DIM (or implicit one) fixes
  // it at 0 unless OPTION BASE set it; ERASE of the last array frees it again.
  int base_ = 0;
  bool base_fixed_ = false, base_by_option_ = false;
  Events events_;                       // the event traps (pc)
  Music music_;                         // SOUND, PLAY and BEEP's queue (pc)
  bool tick_now_ = false;               // RunOptions::tick before the next statement (music waited)
  std::vector<Frame> stack_;            // GOSUB
  std::vector<ForFrame> loops_;         // FOR
  std::vector<WhileFrame> whiles_;      // WHILE
  std::vector<const Stmt*> functions_;  // DEF FN, once its DEF ran
  int function_depth_ = 0;
  int eval_depth_ = 0;
  ErrorCode err_ = ErrorCode::kNone;
  std::string detail_;
  int line_ = 0, stmt_ = 0;            // the statement running
  int next_line_ = 0, next_stmt_ = 0;  // where to go after it
  bool stopped_ = false;
  Outcome outcome_ = Outcome::kEnded;
  // TRON: "[n]" before each program line entered at its start (by running on from the line
  // before or by a jump to it; not by RETURN or NEXT into its middle), as GW-BASIC prints
  // it. Neither RUN nor CLEAR turns it off.
  bool trace_ = false;
  // Error trapping (pc): ON ERROR GOTO's line index (-1: off); ERR and ERL, the last
  // error's number and line number (kDirectLine for a typed line; both 0 before any);
  // while a handler runs, the statement whose error it handles (RESUME goes back there).
  int on_error_ = -1;
  int err_number_ = 0, err_line_ = 0;
  std::optional<std::pair<int, int>> resume_at_;
  // The statement an error belongs to when it is not the one running (a NEXT that a
  // zero-trip FOR runs): where RESUME goes back to, instead of the running one.
  std::optional<std::pair<int, int>> failed_in_;
  // READ's place in the DATA statements.
  int data_line_ = 0, data_stmt_ = 0;
  std::size_t data_pos_ = 0;
  bool data_started_ = false;
  // The prompt: the typed line's index while it runs (-1: none); where CONT goes on.
  int direct_ = -1;
  std::optional<std::pair<int, int>> cont_;
  // Outcome::kCommand: the command, and where the run goes on if it lets it (go_on).
  PromptCommand command_;
  std::pair<int, int> after_command_{0, 0};
  // c64: NEW or a reset ran (RunResult::program_erased); a warm start (SYS into zeroed
  // RAM: the 6502's BRK) forgets CONT as the ROM's $A67A does.
  bool program_erased_ = false;
  bool warm_started_ = false;
  // DATE$'s source (RunOptions::today; empty: the host's clock).
  std::function<std::array<int, 3>()> today_;
  // The keyboard buffer: what INKEY$, INPUT$ and the c64's GET left of a typed line.
  std::string keys_;
  // keys_ refilled when empty, for both machines: a live keyboard (the terminal) gives the
  // next key typed ("" when none waits, unless `wait`); otherwise the next typed line and a
  // CR (PC-BASIC's headless keyboard, the C64's typed lines). False at the input's end, or
  // at a break while waiting.
  bool fill_keys(bool wait = false);
  // The pc's open files (OPEN, PRINT #, INPUT #, CLOSE): closed by END and RUN, written
  // when the interpreter goes.
  FileTable files_;
  // The c64's files (OPEN, PRINT#, INPUT#, GET#, CMD, ST) and the logical file PRINT's
  // output goes to (PRINT#, CMD; 0: the screen; the ROM's CHANNL, $13): c64_put, c64_right
  // and c64_newline write there, a number followed by a blank instead of a cursor-right,
  // as the ROM does. CLOSE leaves it (only CLRCHN ends a CMD).
  C64Files c64_files_;
  int c64_cmd_ = 0;
  // The pc's line printer (LPRINT): its own column. Headless PC-BASIC holds the text for
  // the host's printer (lpr), which is not there: the text is dropped and lpt_held_ says
  // some is waiting, which END and a program's running off its end refuse with "Device
  // I/O error".
  machine::StringSink lpt_sink_;
  machine::Printer lpt_{lpt_sink_, 80};
  bool lpt_held_ = false;
  // KEY ON shows the function-key line on the 25th row, KEY OFF hides it: LOCATE may put
  // the cursor on row 25 only while it is hidden (as headless PC-BASIC starts).
  bool key_line_ = false;
  // SCREEN's colour switch (gw_graphics.hpp switch_display): on at power-on.
  bool colour_switch_ = true;
  // END: every file closed and written, the printer's held text refused; kNone, or the
  // error that gives (Device I/O error).
  ErrorCode close_devices();

 private:
  Num eval_num_inner(const Expr& e);
  std::string eval_str_inner(const Expr& e);
  Num binary(const Expr& e);
  void mismatch(const Expr& e);  // ExprKind::kMismatch: its operands, then Type mismatch
  // What evaluating the node itself costs on this machine (its operands are charged as
  // they are evaluated, an array element by element()).
  uint32_t node_cycles(const Expr& e) const {
    switch (e.kind) {
      case ExprKind::kNumber:
        return charges_.number;
      case ExprKind::kString:
        return charges_.string;
      case ExprKind::kVariable:
        return charges_.variable;
      case ExprKind::kUnary:
      case ExprKind::kBinary:
        return charges_.op[static_cast<std::size_t>(e.op)];
      case ExprKind::kFunction:
        return charges_.function[static_cast<std::size_t>(e.function)];
      case ExprKind::kArray:
      case ExprKind::kMismatch:
      case ExprKind::kSubscript:  // (charged with the error it leads to)
        break;
    }
    return 0;
  }
};

// GW-BASIC's answer for a result computed in the host's double (SQR, SIN, a non-integer
// power): cut to a single as PC-BASIC converts it, "Overflow" and the largest single past
// the range (gw_dialect.cpp).
Num gw_host_result(Runtime& rt, double x);
// A number read from text (READ, INPUT, VAL) as the value GW-BASIC makes of it: an
// integer, a single, or a double when the text is one (core::ParsedNumber::is_double).
Num gw_parsed(const ParsedNumber& v);
// VAL(text) on the pc: the number text starts with (0 for none); INPUT # reads numbers so.
Num gw_val(Runtime& rt, std::string_view text);
// A number made a single (CSNG, a single variable): a double past the single's range is
// "Overflow" and the largest single (PC-BASIC: CSNG(1.701411834604692D+38)).
Single gw_single(Runtime& rt, const Num& v);
// A number as the C64 holds it in its FAC; Overflow past its range (c64_dialect.cpp).
core::C64Float c64_value(Runtime& rt, const Num& n);
// One of the ROM's functions' results (core/c64_math.hpp): the value, or its error raised
// (?ILLEGAL QUANTITY, ?OVERFLOW, ?DIVISION BY ZERO) and 0 (c64_dialect.cpp).
Num c64_result(Runtime& rt, const core::C64Result& r);
// CHARAC as the ROM's STRLIT leaves it: the quote mark.
inline constexpr uint8_t kStrlitCharac = '"';
// CHARAC after statement `s` on the C64, from `charac` before it: the statements that
// scan their text with the ROM's REMN or DATAN (REM, DATA, GOTO, GOSUB, RETURN, ON, FOR,
// READ, DEF) leave 0 or ':'; an INPUT prints its prompt through STRLIT; others keep it.
uint8_t c64_statement_charac(const Stmt& s, uint8_t charac);

// Byte i of a memory image (the program's, RunOptions::program_memory); 0 past its end.
inline int byte_at(std::string_view image, long i) {
  return i >= 0 && i < static_cast<long>(image.size())
             ? static_cast<unsigned char>(image[static_cast<std::size_t>(i)])
             : 0;
}
// The machines' memory maps (c64_memory.cpp, gw_memory.cpp): PEEK's byte (-1 after
// raising an error), POKE, and the pc's VARPTR: where a variable's value is, and its type
// (nullopt after raising Illegal function call for one never made).
int c64_peek(Runtime& rt, const Num& address);
// NDX ($C6): the count of keys in the C64's keyboard buffer (c64_memory.cpp maps it; WAIT
// and GET read through it, c64_commands.cpp).
inline constexpr long kC64KeyCount = 198;
void c64_poke(Runtime& rt, const Num& address, const Num& value);
int gw_peek(Runtime& rt, const Num& address);
// The simple variable or array element whose value VARPTR gives as `address` (data segment
// offset), read: what a VARPTR$ in PLAY's music names. nullopt when none is there.
struct GwValue {
  Type type;
  Num num;
  std::string text;
};
std::optional<GwValue> gw_value_at(Runtime& rt, long address);
// The text screen's cell at row, col (from 0): its character, or its attribute; a column
// past the machine's 40 reads blank (32, attribute 7).
int gw_screen_cell(Runtime& rt, int row, int col, bool attribute);
void gw_poke(Runtime& rt, const Num& address, const Num& value);
std::optional<std::pair<long, Type>> gw_varptr(Runtime& rt, const Expr& variable);
// VARPTR$(variable): its value's size (its type byte) and VARPTR's address, low byte first.
std::string gw_varptr_text(Runtime& rt, const Expr& variable);
// GW-BASIC's records (PC-BASIC's model): a value's bytes (integer 2, string descriptor 3,
// single 4, double 8; also the type byte that starts its record), and the record's type
// byte and name (the letters and the type character, at least 3: A is A!).
long gw_value_bytes(Type type);
long gw_record_head(std::string_view name);
// GW-BASIC's data segment: DEF SEG alone, and where PEEK and POKE start.
constexpr uint32_t kGwDataSegment = 0x13AD;

// One statement: runs s at the Runtime's line_/stmt_ (statements.cpp).
using StatementFn = void (*)(Runtime& rt, const Stmt& s);
StatementFn statement_function(StmtKind kind);

}  // namespace amazing::basic
