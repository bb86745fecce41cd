// Program: a parsed BASIC listing, ready to run.
//
// Each line is a flat list of statements. IF ... THEN statements ELSE statements stays
// flat: the IF jumps over the THEN part when false, and an ELSE marker ends the THEN part
// by jumping to the end of the line (ELSE binds to the nearest IF, as in GW-BASIC).
// Variables are resolved to slots when parsing: numeric singles, integers (%), strings ($),
// and arrays, each in their own table, so the interpreter never looks a name up.
// A statement that does not parse becomes an error statement at its place: GW-BASIC
// reports `Syntax error in 110` only when line 110 runs, after the statements before it.
//   auto program = parse_program(text);   // Result<Program>: fails only for a C64 line with
//                                         // no line number (the pc's "Direct statement in
//                                         // file" is a load message: Program::load_messages)
// Lines end at LF, CR LF or CR; a line over 255 characters ends the loading (see
// Program::load_messages; on the C64 over 88, Program::load_error). Expressions nest at most 400
// deep ("Out of memory").
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "basic/errors.hpp"
#include "basic/scanner.hpp"
#include "core/c64_float.hpp"
#include "core/result.hpp"

namespace amazing::basic {

// The type of a variable or expression. kDouble is a variable's (A#, A#(): 56-bit MBF on
// the pc); what an expression computes from a double carries it in its value (Num).
enum class Type : uint8_t { kSingle, kInteger, kString, kDouble };

enum class Op : uint8_t {
  kAdd,
  kSub,
  kMul,
  kDiv,
  kPow,
  kIntDiv,
  kMod,
  kEq,
  kNe,
  kLt,
  kGt,
  kLe,
  kGe,
  kAnd,
  kOr,
  kXor,
  kEqv,
  kImp,
  kNeg,
  kNot,
  kPlus,
};

enum class ExprKind : uint8_t {
  kNumber,     // literal: number, integer
  kString,     // literal: text
  kVariable,   // scalar: type, slot
  kArray,      // element: type, slot (array table), args = subscripts
  kUnary,      // op, args[0]
  kBinary,     // op, args[0], args[1]
  kFunction,   // function keyword, args
  kMismatch,   // a type mismatch the parser found (pc): args run first, then the error
  kSubscript,  // c64: args[0] read as a subscript (Runtime::c64_subscript), an integer
};

struct Builtin;

// A pc call whose statement failed before its ')' (run_unclosed, builtins.hpp): it failed
// while reading an argument or the ',' before it, or every argument was read and only the
// ')' is missing.
enum class Unclosed : uint8_t { kNo, kInArguments, kOnlyCloseMissing };

struct Expr {
  ExprKind kind = ExprKind::kNumber;
  Type type = Type::kSingle;  // the type of the result
  Op op = Op::kAdd;
  Keyword function = Keyword::kNone;
  const Builtin* builtin = nullptr;  // kFunction: its entry in the table (builtins.hpp)
  bool integer = false;              // kNumber: integer literal
  core::Single number = 0;           // kNumber: an MBF single (or the integer)
  bool is_double = false;            // kNumber: a double literal (more than 7 digits, # or D)
  long double dnumber = 0;
  core::C64Float c64;  // kNumber: the literal as the C64 machine reads it
  int slot = 0;
  std::string text;
  std::vector<std::unique_ptr<Expr>> args;
  uint8_t parens = 0;  // the parentheses written around it: ((A)) has 2 (the C64's stack)
  Unclosed unclosed = Unclosed::kNo;  // kFunction (pc): a call its statement left unclosed
};
using ExprPtr = std::unique_ptr<Expr>;

// Something that can be assigned: a scalar or an array element.
struct Target {
  Type type = Type::kSingle;
  bool array = false;
  int slot = 0;  // scalar table of its type, or the array table
  std::vector<ExprPtr> subscripts;
};

// KEY ON, KEY LIST, KEY OFF (Stmt::slot of a kKey).
enum class KeyLine : uint8_t { kOn, kList, kOff };

enum class StmtKind : uint8_t {
  kPrint,
  kInput,
  kLet,
  kIf,
  kElse,
  kGoto,
  kGosub,
  kReturn,
  kOnGoto,
  kOnGosub,
  kFor,
  kNext,
  kDim,
  kRandomize,
  kRem,
  kEnd,
  kStop,
  kError,
  kRead,
  kData,
  kRestore,
  kCls,
  kSwap,
  kDef,         // DEF FN: slot = the function, targets = its parameters, exprs[0] = its body
  kTron,        // TRON: each program line run prints [n] first (pc)
  kTroff,       // TROFF
  kSystem,      // SYSTEM (pc): leaves BASIC (Outcome::kSystem)
  kWrite,       // WRITE (pc): exprs, the values
  kLineInput,   // LINE INPUT (pc): prompt, targets[0] (a string)
  kLprint,      // LPRINT (pc): as kPrint, to the line printer
  kMidAssign,   // MID$(A$,n[,m])=B$ (pc): targets[0] A$, exprs n [m] B$
  kMidCheck,    // a MID$()= that failed after its numbers (pc): their checks, then the error
  kLocate,      // LOCATE (pc): exprs row, col, cursor, start, stop (null when left out)
  kColor,       // COLOR, BEEP (pc; mode 'B'): exprs checked; BEEP's tone (music.hpp)
  kWidth,       // WIDTH n [, rows], WIDTH #f, n (file: f), WIDTH "device", n (pc): exprs
  kKey,         // KEY ON/OFF/LIST (pc): slot a KeyLine
  kWhile,       // WHILE (pc): exprs[0] the condition, or none and `error` (raised when it runs)
  kWend,        // WEND (pc)
  kOnError,     // ON ERROR GOTO n (pc): lines[0] = n, 0 turns trapping off
  kResume,      // RESUME [n | NEXT] (pc): lines[0] = n (none: RESUME), resume_next
  kRaise,       // ERROR n (pc): exprs[0] = n
  kOptionBase,  // OPTION BASE 0|1 (pc): slot = the base
  kErase,       // ERASE a, b (pc): targets = the arrays (no subscripts)
  kClear,       // CLEAR [n][,[m][,k]] (pc): exprs = n, m, k (nullptr where left out)
  kDeftype,     // DEFINT/DEFSNG/DEFDBL/DEFSTR letters (pc): read when parsing; runs as REM
  kSetClock,    // TI$="HHMMSS" (c64): sets the clock; exprs[0] the time
  // OPEN (pc): exprs mode (null: `mode` fixed by FOR ... of the long form), number, name,
  // LEN (null when left out).
  kOpen,
  kClose,    // CLOSE [#]n, ... (pc): exprs the numbers (none: every file)
  kSetTime,  // TIME$ = "HH:MM:SS" (pc): sets the clock; exprs[0] the time
  kKill,     // KILL name (pc): exprs[0] the name
  kName,     // NAME old AS new (pc): exprs old, new
  kShell,    // SHELL [command] (pc): exprs the command, if any (never run)
  kReset,    // RESET (pc): closes every file
  kFolder,   // MKDIR, RMDIR, CHDIR name (pc): mode 'M', 'R' or 'C'; exprs[0] the name
  kFiles,    // FILES [mask] (pc): exprs the mask, if any
  // LOCK, UNLOCK [#]n [, [a] [TO b]] (mode 'L', 'U') and IOCTL [#]n, s (mode 'I') (pc):
  // exprs[0] = n; LOCK's a and b (left out: null) follow when a comma does.
  kLock,
  kPoke,    // POKE address, value: exprs[0], exprs[1]
  kDefSeg,  // DEF SEG [= segment] (pc): exprs[0] the segment, none for the data segment;
            // mode 'U': DEF USR[d] = address
  // The pc's random files. FIELD [#]n, w AS v, ...: exprs n then each width, targets the
  // variables. GET, PUT [#]n[, record]: exprs n, the record (null when left out).
  // LSET, RSET v = s: mode 'L' or 'R', targets[0] v, exprs[0] s.
  kField,
  kGet,
  kPut,
  kLset,
  // A device statement (devices.hpp): slot its row of kDeviceStatements, exprs its
  // arguments (null where left out), lines the trap's line.
  kDevice,
  kEnviron,   // ENVIRON "name=value" (pc): exprs[0] the entry
  kGraphics,  // PSET, LINE, VIEW, WINDOW... (gw_graphics.hpp): slot, exprs, graphics
  kBsave,     // BSAVE name, offset, length; BLOAD name [, offset] (mode 'S' or 'L'): exprs
  // The C64's files (c64_files.hpp). OPEN and CLOSE: exprs lf [dev [sa [name]]], those
  // left out absent. PRINT# and CMD: file = lf, the rest as kPrint. INPUT#: file = lf,
  // targets. GET [#lf,] targets: file null for the keyboard.
  kC64Open,
  kC64Close,
  kC64PrintFile,
  kC64Cmd,
  kC64InputFile,
  kC64Get,
  kC64Run,  // RUN [n] in a program (c64): lines = n when given
  // COMMON names (pc): targets the variables and arrays (no subscripts) CHAIN passes on;
  // runs as REM (PC-BASIC skips the rest of the statement, whatever it is).
  kCommon,
  // A command of the prompt's (pc; PromptCommand): data its name, exprs[0] the file name's
  // expression (none: none), exprs[1] CHAIN's line (its value goes after text's first
  // character, the comma), text the rest of the statement as written.
  kPromptCommand,
  // The C64's direct-mode commands in a program (c64_commands.cpp). LIST: lines = from,
  // to. WAIT: exprs address, mask [, xor]. SYS: exprs[0] the address.
  kC64List,
  kC64New,
  kC64Cont,
  kC64Wait,
  kC64Sys,
};
// How many kinds of statement there are (the tables by StmtKind have one entry each).
inline constexpr std::size_t kStatementKinds = static_cast<std::size_t>(StmtKind::kC64Sys) + 1;

struct PrintItem {
  // kUsing (pc): value is the format string; the items after it are the values it formats
  // (kValue), each but the last followed by a separator (kSemicolon, for `,` too).
  enum Kind : uint8_t { kValue, kComma, kSemicolon, kTab, kSpc, kUsing } kind = kValue;
  ExprPtr value;
};

struct Stmt {
  StmtKind kind = StmtKind::kRem;
  ErrorCode error = ErrorCode::kNone;  // kError; kInput: its list's, raised after reading
  std::size_t error_at = 0;            // where in the line's text `error` was found
  bool junk = false;  // kError: junk after the statement before it, which ran first
  bool cut = false;   // kPrint: the items before a bad one, its Syntax error coming after
  std::vector<ExprPtr> run_first;      // kError, kDef with an error: evaluated before it
  std::vector<PrintItem> items;        // kPrint
  bool newline = true;                 // kPrint: no trailing ; or ,; kInput, kLineInput:
                                       // not `INPUT;` (the cursor stays after the echo)
  std::string prompt;                  // kInput
  bool question = true;                // kInput: "? " after the prompt
  std::vector<Target> targets;         // kInput, kLet (one), kFor (one), kNext, kRead, kSwap
  std::vector<ExprPtr> exprs;          // kLet value, kIf cond, kFor from/to/step, kOn,
                                       // kRandomize, kDim subscripts (grouped by dims)
  std::vector<int> dims;               // kDim: subscripts per array; targets[i].slot
  std::vector<int> lines;              // kGoto/kGosub target, kOn targets, kIf then/else line
  bool has_step = false;               // kFor
  int else_index = -1;                 // kIf: statement to go to when false (-1: end of line)
  int then_line = -1, else_line = -1;  // kIf: THEN 100 / ELSE 200
  std::string data;                    // kData: raw text
  int slot = 0;                        // kDef: the function (Program::functions)
  bool resume_next = false;            // kResume: RESUME NEXT
  mutable std::vector<int> resolved;   // cached line indexes for `lines`
  // PRINT #, WRITE #, INPUT #, LINE INPUT # (pc): the file number; null: the screen.
  ExprPtr file;
  char mode = 0;     // kOpen: 'I', 'O', 'A' or 'R' from the long form's FOR clause; kLset;
                     // kDevice: an event's switch, 'N' ON, 'F' OFF, 'S' STOP; ','
                     // SOUND's comma after its two arguments; kMidCheck: 'V' with the value
  std::string text;  // kPromptCommand: the text after the file name (or the command)
  uint8_t graphics = 0;  // kGraphics: GraphicsFlag bits (STEP, B, BF, SCREEN)
};

struct Line {
  int number = 0;
  std::vector<Stmt> stmts;
};

struct ArrayInfo {
  std::string name;  // with its type character, for messages
  Type type = Type::kSingle;
};

struct Program {
  std::vector<Line> lines;                              // sorted by number
  std::vector<std::string> singles, integers, strings;  // scalar names by slot
  std::vector<std::string> doubles;                     // the pc's A# (with the #)
  std::vector<ArrayInfo> arrays;
  std::vector<ArrayInfo> functions;  // DEF FN names (with type character)
  // The type of a name without a type character, by its first letter: single unless a
  // DEFINT, DEFSNG, DEFDBL or DEFSTR before it in the listing (or an earlier typed line)
  // said otherwise. Names are typed as the text is read, so a DEFINT counts for the lines
  // after it in the listing, not in the order the program runs.
  std::array<Type, 26> deftype = default_types();
  static constexpr std::array<Type, 26> default_types() {
    std::array<Type, 26> t{};
    t.fill(Type::kSingle);
    return t;
  }
  // What GW-BASIC prints while reading the listing in, each on a line of its own before
  // the program runs: "Overflow" for a literal beyond the single range, "Line buffer
  // overflow" (with GW-BASIC's 0xFF) for a line over 255 characters, "Direct statement in
  // file" (with its 0xFF) for a line with no number; both stop the loading there.
  std::vector<std::string> load_messages;
  // Which BASIC read the text (parse_direct_line reads a typed line the same way).
  Dialect dialect = Dialect::kPc;
  // kC64: a listing line longer than the C64's input buffer (88 characters) stops the
  // loading with ?STRING TOO LONG, as the ROM's line input does (cbmbasic: "IN 0" when it
  // is the first line, whose number the ROM has not set yet); the program does not run.
  std::optional<BasicError> load_error;
  // The index of the line numbered `number`, or -1.
  int find_line(int number) const;
};

// kC64 reads the text as the C64's tokeniser does (scan_line); its lines may be at most
// kC64MaxLineLength characters (Program::load_error), the pc's 255.
core::Result<Program> parse_program(std::string_view text, Dialect dialect = Dialect::kPc);
// The part of a pc listing GW-BASIC loads: its lines up to the first one too long for the
// line buffer, where loading stops with "Line buffer overflow" (parse_program's rule); the
// program's memory is that part's.
std::string_view loaded_part(std::string_view text);
// The C64's input buffer: 88 characters and the closing zero (its ROM's INLIN; a longer
// line, typed at INPUT or read from a listing, is ?STRING TOO LONG).
constexpr std::size_t kC64MaxLineLength = machine::describe(machine::Kind::kC64).max_typed_line;

// The prompt (prompt.hpp): a line typed without a number runs at once as the program's
// last line, numbered kDirectLine (GW-BASIC's own number for it), which no GOTO finds:
// find_line only finds numbers up to kMaxLineNumber.
constexpr int kMaxLineNumber = machine::describe(machine::Kind::kPc).max_line_number;
constexpr int kDirectLine = 65535;
// ERL past the program's last line (PC-BASIC's, for LLIST's error when the listing ran to
// the end).
constexpr int kPastProgramEnd = 65536;
// The statements of a typed line, parsed against the program's variable tables (a name
// the program does not have gets a new slot at the end of its table).
Line parse_direct_line(Program& program, std::string_view text);

}  // namespace amazing::basic
