// Commodore 64 BASIC V2, the c64 machine's BASIC: the DialectOps kC64Basic. Numbers are
// core::C64Float (5 bytes, the FAC's rounding byte), output goes straight to the sink with
// a cursor-right (ESC [ C) after each number, errors read "?SYNTAX  ERROR IN 10"
// (FACTS.md "The c64 machine").

#include <algorithm>
#include <cctype>

#include "basic/builtins.hpp"
#include "basic/runtime.hpp"
#include "machine/input.hpp"

namespace amazing::basic {
namespace {

using core::C64Float;

constexpr std::string_view kRight = "\x1b[C";  // the C64's cursor-right, as recorded

// A PETSCII control code as the recordings carry it (cbmbasic's terminal output, read
// from its run of PRINT CHR$(0..255)) and what it does to the cursor's column.
struct PetsciiControl {
  static constexpr int kToStart = -100;
  unsigned char code;
  std::string_view out;
  int column;       // added to the column, or kToStart
  int colour = -1;  // a colour code's colour (the C64's 0..15, into COLOR at 646)
};
constexpr PetsciiControl kPetsciiControls[] = {
    {5, "\x1b[1;37;40m", 0, 1},  // white
    {10, "", 0},                 // nothing on a C64
    {13, "\n", PetsciiControl::kToStart},
    {17, "\x1b[B", 0},                                  // cursor down
    {18, "\x1b[7m", 0},                                 // reverse on
    {19, "\x1b[0;0f", PetsciiControl::kToStart},        // home
    {28, "\x1b[0;31;40m", 0, 2},                        // red
    {29, "\x1b[C", 1},                                  // cursor right
    {30, "\x1b[1;32;40m", 0, 5},                        // green
    {31, "\x1b[1;34;40m", 0, 6},                        // blue
    {129, "\x1b[1;31;40m", 0, 8},                       // orange
    {144, "\x1b[0;30;40m", 0, 0},                       // black
    {145, "\x1b[A", 0},                                 // cursor up
    {146, "\x1b[0m", 0},                                // reverse off
    {147, "\x1b[2J\x1b[;H", PetsciiControl::kToStart},  // clear
    {149, "\x1b[1;30;40m", 0, 9},                       // brown
    {150, "\x1b[1;31;40m", 0, 10},                      // light red
    {151, "\x1b[1;30;40m", 0, 11},                      // dark grey
    {152, "\x1b[0;37;40m", 0, 12},                      // grey
    {153, "\x1b[0;32;40m", 0, 13},                      // light green
    {154, "\x1b[0;36;40m", 0, 14},                      // light blue
    {155, "\x1b[0;37;40m", 0, 15},                      // light grey
    {156, "\x1b[1;35;40m", 0, 4},                       // purple
    {157, "\x1b[D", -1},                                // cursor left
    {158, "\x1b[1;33;40m", 0, 7},                       // yellow
    {159, "\x1b[1;36;40m", 0, 3},                       // cyan
};

const PetsciiControl* petscii_control(unsigned char code) {
  for (const PetsciiControl& c : kPetsciiControls)
    if (c.code == code) return &c;
  return nullptr;
}

// A number as a C64 variable holds it (rounded into 5 bytes).
C64Float stored(const C64Float& v) {
  return C64Float::unpack(v.pack_rounded());
}
Num checked(Runtime& rt, const C64Float& v) {
  if (v.overflowed()) rt.raise(ErrorCode::kOverflow);
  return make_c(v);
}

// ---- numbers ------------------------------------------------------------------------------

Num literal(const Expr& e) {
  return make_c(e.c64);
}
Num load_single(const Runtime& rt, int slot) {
  return make_c(rt.csingles_[slot]);
}
Num load_element(const ArrayData& a, long i) {
  C64Float::Packed p;
  std::memcpy(p.data(), a.block.data() + i * 5, 5);
  return make_c(C64Float::unpack(p));
}
void store_single(Runtime& rt, const Target& t, const Num& v) {
  C64Float c = c64_value(rt, v);
  if (rt.failed()) return;
  if (t.array) {
    long i = rt.target_element(t);
    if (i >= 0) {
      auto p = c.pack_rounded();
      std::memcpy(rt.element_bytes(t.slot, i, 5), p.data(), 5);
    }
  } else {
    rt.csingles_[t.slot] = stored(c);
  }
}
void restore_single(Runtime& rt, int slot, const Num& saved) {
  rt.csingles_[slot] = saved.c;
}
Num negate(Runtime& rt, const Num& v) {
  C64Float c = c64_value(rt, v);
  return make_c(c.is_zero() ? c : c.negated());
}
// AYINT ($B1BF): ?ILLEGAL QUANTITY from 32768 up (exponent $90 or more) unless the
// number is -32768 itself (FCOMP with $B1A5), then QINT, which floors as INT does:
// B%=-2.5 is -3, -.5 AND 7 is 7 (cbmbasic: c64_programs/int_floor).
int32_t to_int(Runtime& rt, const Num& n) {
  if (n.is_int) return n.i;
  C64Float v = c64_value(rt, n);
  constexpr C64Float::Packed kMinus32768 = {0x90, 0x80, 0, 0, 0};
  if (v.exponent >= 0x90 && C64Float::compare(kMinus32768, v) != 0) {
    rt.raise(ErrorCode::kIllegalFunctionCall);
    return 0;
  }
  return static_cast<int32_t>(v.floor().to_int());
}
std::string number_text(Runtime& rt, const Num& v) {
  return c64_value(rt, v).to_string();
}
// A DATA item or a typed field: FIN, then nothing but blanks (else nullopt: READ says
// ?SYNTAX in the DATA line, INPUT ?REDO FROM START). A number past the range is
// ?OVERFLOW in the READ's or INPUT's own line (cbmbasic: c64_programs/val_read*, val_input).
std::optional<Num> read_number(Runtime& rt, std::string_view text) {
  const core::C64Fin fin = core::c64_fin(text);
  if (fin.overflow) {
    rt.raise(ErrorCode::kOverflow);
    return make_c({});
  }
  auto v = c64_from_text(text);
  if (!v) return std::nullopt;
  return make_c(*v);
}
Num rnd(Runtime& rt, const Expr& e) {
  C64Float x = e.args.empty() ? C64Float::from_int(1) : c64_value(rt, rt.eval_num(*e.args[0]));
  if (x.negative) return make_c(rt.c64_rnd_.reseed(x));
  // RND(0) reads CIA 1's timer A at the emulated clock's cycle count (core::C64Cia1), so a
  // program gets the same numbers on every run and host.
  if (x.is_zero()) return make_c(rt.c64_rnd_.from_cia(core::C64Cia1::at(rt.clock_.cycles)));
  return make_c(rt.c64_rnd_.next());
}

// ---- operators --------------------------------------------------------------------------

Num binary(Runtime& rt, Op op, const Num& an, const Num& bn) {
  if (op == Op::kAnd || op == Op::kOr) {
    int32_t x = to_int(rt, an), y = to_int(rt, bn);
    return make_c(C64Float::from_int(static_cast<int16_t>(op == Op::kAnd ? (x & y) : (x | y))));
  }
  // As the ROM evaluates a OP b: a was pushed (rounded) and is ARG, b is in the FAC.
  C64Float a = stored(c64_value(rt, an));
  C64Float b = c64_value(rt, bn);
  if (rt.failed()) return make_c({});
  switch (op) {
    case Op::kAdd:
      return checked(rt, C64Float::add(a, b));
    case Op::kSub:
      return checked(rt, C64Float::subtract(a, b));
    case Op::kMul:
      return checked(rt, C64Float::multiply(a, b));
    case Op::kDiv:
      if (b.is_zero()) {
        rt.raise(ErrorCode::kDivisionByZero);
        return make_c({});
      }
      return checked(rt, C64Float::divide(a, b));
    case Op::kPow:
      return c64_result(rt, core::c64_power(a, b, rt.c64_charac_));
    case Op::kEq:
    case Op::kNe:
    case Op::kLt:
    case Op::kGt:
    case Op::kLe:
    case Op::kGe: {
      // FCOMP: the sign of a - b.
      int c = C64Float::compare(a.pack_rounded(), b);
      return make_c(C64Float::from_int(comparison_holds(op, c) ? -1 : 0));
    }
    default:
      break;
  }
  rt.raise(ErrorCode::kSyntax);  // \, MOD, XOR, EQV, IMP: not C64 BASIC
  return make_c({});
}

// ---- FOR of a single: the body runs once whatever the limit ---------------------------------

bool for_single(Runtime& rt, ForFrame& f, const Num&, const Num& limit, const Num& step) {
  f.climit = stored(c64_value(rt, limit));
  f.cstep = stored(c64_value(rt, step));
  f.sign = f.cstep.is_zero() ? 0 : f.cstep.negative ? -1 : 1;
  return false;
}
// NEXT: the step in the FAC plus the variable from memory, stored, then compared with the
// limit; the loop ends when that comparison has the step's sign.
bool next_single(Runtime& rt, ForFrame& f) {
  C64Float v = C64Float::add(rt.csingles_[f.var_slot], f.cstep);
  if (v.overflowed()) {
    rt.raise(ErrorCode::kOverflow);
    return true;
  }
  v = stored(v);
  rt.csingles_[f.var_slot] = v;
  int c = -C64Float::compare(f.climit.pack_rounded(), v);  // sign of v - limit
  return f.sign > 0 ? c > 0 : f.sign < 0 ? c < 0 : c == 0;
}

// The C64 keeps an array after the variables: a 5-byte header and 2 bytes a dimension
// before the elements (the caller's `bytes`), all inside its free BASIC bytes.
bool reserve_array(Runtime& rt, int, std::size_t dimensions, std::size_t count,
                   std::size_t element_bytes) {
  std::size_t need = 5 + 2 * dimensions + count * element_bytes;
  if (!rt.room_for(static_cast<long>(need), 0)) {
    rt.detail_ = "the C64 has " + std::to_string(std::max(0L, rt.bytes_free())) +
                 " BASIC bytes free; the array needs " + std::to_string(need);
    rt.raise(ErrorCode::kOutOfMemory);
    return false;
  }
  rt.free_ -= static_cast<long>(need);
  return true;
}

// A simple variable takes 7 bytes (2 of name, 5 of value or string descriptor) in front
// of the arrays, made when it is first assigned: with the arrays filling memory, a new
// variable late in the run is ?OUT OF MEMORY there (cbmbasic: FRE(0) falls by 7 at each
// first assignment and not at a read of an unset variable).
bool take_variable(Runtime& rt) {
  constexpr long kVariableBytes = 7;
  if (!rt.room_for(kVariableBytes, 0)) {
    rt.detail_ = "the C64 has " + std::to_string(std::max(0L, rt.bytes_free())) +
                 " BASIC bytes free; a new variable needs 7";
    rt.raise(ErrorCode::kOutOfMemory);
    return false;
  }
  rt.free_ -= kVariableBytes;
  return true;
}

bool reserve_variable(Runtime& rt, const Target&) { return take_variable(rt); }
// A DEF FN function is kept as a variable (7 bytes: its name, where its body is).
bool reserve_function(Runtime& rt, int) {
  return take_variable(rt);
}

// ---- PRINT: TAB, SPC and the comma as cursor-rights -------------------------------------

// The C64 tokenises CINT(X) as the variable C and INT(X): as a PRINT item that is two
// numbers (cbmbasic prints PRINT CINT(2) as " 0  2 "); functions.cpp's CINT is ?SYNTAX
// anywhere else.
bool print_c_int(Runtime& rt, const Expr& value) {
  if (value.kind != ExprKind::kFunction || value.builtin->keyword != Keyword::kCint) return false;
  const std::vector<std::string>& names = rt.program_.singles;
  auto c = std::find(names.begin(), names.end(), "C");
  C64Float v = c == names.end() ? C64Float{}
                                : c64_value(rt, load_single(rt, static_cast<int>(c - names.begin())));
  rt.c64_put(v.to_string());
  rt.c64_right(1);
  v = c64_value(rt, rt.eval_num(*value.args[0])).floor();
  if (rt.failed()) return true;
  rt.c64_put(v.to_string());
  rt.c64_right(1);
  return true;
}

void print_item(Runtime& rt, const PrintItem& item) {
  switch (item.kind) {
    case PrintItem::kValue:
      if (print_c_int(rt, *item.value)) break;
      if (item.value->type == Type::kString) {
        std::string text = rt.eval_str(*item.value);
        if (!rt.failed()) rt.c64_put(text);
      } else {
        C64Float c = c64_value(rt, rt.eval_num(*item.value));
        if (rt.failed()) return;
        rt.c64_charac_ = kStrlitCharac;  // FOUT's text goes out through STRLIT
        rt.c64_put(c.to_string());
        rt.c64_right(1);  // the C64 moves the cursor right after every number
      }
      break;
    case PrintItem::kComma:
      rt.c64_right(10 - rt.c64_col_ % 10);  // to the next multiple of 10
      break;
    case PrintItem::kSemicolon:
    case PrintItem::kUsing:  // no C64 keyword: the scanner never makes it
      break;
    case PrintItem::kTab:
    case PrintItem::kSpc: {
      int32_t n = rt.eval_int(*item.value);  // GETBYT: 0..255
      if (rt.failed()) return;
      if (n < 0 || n > 255) {
        rt.raise(ErrorCode::kIllegalFunctionCall);
        return;
      }
      if (item.kind == PrintItem::kSpc)
        rt.c64_right(n);
      else if (rt.c64_col_ < n)
        rt.c64_right(n - rt.c64_col_);
      break;
    }
  }
}
void print(Runtime& rt, const Stmt& s) {
  for (const PrintItem& item : s.items) {
    print_item(rt, item);
    if (rt.failed()) return;
  }
  if (s.newline) rt.c64_newline();
}

// ---- INPUT ----------------------------------------------------------------------------------
// A field of the typed line is split as the machine's C64 INPUT splits it
// (machine::c64_input_word).

enum class Read : uint8_t { kDone, kRedo, kEnded };

// A typed line longer than the C64's input buffer (88 characters): its line input stops
// with ?STRING TOO LONG, whose line end is the only one after the question (cbmbasic).
bool too_long(Runtime& rt, const std::string& typed) {
  if (typed.size() <= kC64MaxLineLength) return false;
  rt.raise(ErrorCode::kStringTooLong);
  return true;
}

// The marks INPUT asks with and a cursor-right ($ABF9, $AC43), and the line end after the
// typed line (INLIN's $AACA): neither while CHANNL is set (a CMD, also one that RUN or CLR
// left with the output back on the screen: FACTS.md "C64 files").
void ask(Runtime& rt, std::string_view marks) {
  if (rt.c64_cmd_ != 0) return;
  rt.c64_put(marks);
  rt.c64_right(1);
}
void line_read(Runtime& rt) {
  if (rt.c64_cmd_ == 0) rt.c64_newline();
}

// Reads the statement's fields from typed lines: too few ask "??" for the rest (an empty
// line there is an empty field, 0 or ""); a field that is not a number is kRedo. An empty
// first line leaves the variables as they are.
Read read_fields(Runtime& rt, const Stmt& s, std::string line) {
  if (line.empty()) return Read::kDone;
  std::size_t pos = 0;
  for (std::size_t k = 0; k < s.targets.size(); ++k) {
    const Target& t = s.targets[k];
    if (k > 0) {
      if (machine::c64_input_line_ends(line, pos)) {
        ask(rt, "??");
        auto more = rt.machine_.input().read_line();
        if (!more) return Read::kEnded;
        if (too_long(rt, *more)) return Read::kDone;
        line_read(rt);
        line = *more;
        pos = 0;  // an empty line is an empty field: 0 or "" (c64_programs/input_more)
      } else {
        ++pos;  // the comma
      }
    }
    std::string word = machine::c64_input_word(line, pos, t.type == Type::kString);
    if (t.type == Type::kString) {
      rt.assign_str(t, word, Runtime::Origin::kNew);
      if (!rt.failed() && !machine::c64_input_field_ends(line, pos)) return Read::kRedo;
    } else {
      auto v = read_number(rt, word);
      if (rt.failed()) return Read::kDone;
      if (!v) return Read::kRedo;
      rt.assign_num(t, *v);
    }
    if (rt.failed()) return Read::kDone;
  }
  if (pos < line.size()) {
    rt.c64_put("?EXTRA IGNORED");
    rt.c64_newline();
  }
  return Read::kDone;
}

// The prompt, "?" and a cursor-right; the typed line is not echoed (as recorded from a
// pipe) but ends the row; ?REDO FROM START asks the whole statement again.
bool input(Runtime& rt, const Stmt& s) {
  while (true) {
    rt.c64_put(s.prompt);
    ask(rt, "?");
    auto typed = rt.machine_.input().read_line();
    if (!typed) return false;
    if (too_long(rt, *typed)) return true;
    line_read(rt);
    // An empty line while CHANNL is set is read again, with no marks ($ABEF).
    while (typed->empty() && rt.c64_cmd_ != 0) {
      typed = rt.machine_.input().read_line();
      if (!typed) return false;
      if (too_long(rt, *typed)) return true;
    }
    Read r = read_fields(rt, s, *typed);
    if (r == Read::kEnded) return false;
    if (r == Read::kDone) return true;
    rt.c64_put("?REDO FROM START");
    rt.c64_newline();
  }
}

// ---- messages --------------------------------------------------------------------------------

// The C64's uppercase error name: "SYNTAX", "UNDEF'D STATEMENT", ...
std::string_view error_name(ErrorCode code) {
  switch (code) {
    case ErrorCode::kNextWithoutFor:
      return "NEXT WITHOUT FOR";
    case ErrorCode::kReturnWithoutGosub:
      return "RETURN WITHOUT GOSUB";
    case ErrorCode::kOutOfData:
      return "OUT OF DATA";
    case ErrorCode::kIllegalFunctionCall:
      return "ILLEGAL QUANTITY";
    case ErrorCode::kOverflow:
      return "OVERFLOW";
    case ErrorCode::kOutOfMemory:
      return "OUT OF MEMORY";
    case ErrorCode::kUndefinedLine:
      return "UNDEF'D STATEMENT";
    case ErrorCode::kSubscriptOutOfRange:
      return "BAD SUBSCRIPT";
    case ErrorCode::kDuplicateDefinition:
      return "REDIM'D ARRAY";
    case ErrorCode::kDivisionByZero:
      return "DIVISION BY ZERO";
    case ErrorCode::kTypeMismatch:
      return "TYPE MISMATCH";
    case ErrorCode::kStringTooLong:
      return "STRING TOO LONG";
    case ErrorCode::kStringFormulaTooComplex:
      return "FORMULA TOO COMPLEX";
    case ErrorCode::kUndefinedFunction:
      return "UNDEF'D FUNCTION";
    case ErrorCode::kTooManyFiles:
      return "TOO MANY FILES";
    case ErrorCode::kFileAlreadyOpen:
      return "FILE OPEN";
    case ErrorCode::kBadFileNumber:
      return "FILE NOT OPEN";
    case ErrorCode::kFileNotFound:
      return "FILE NOT FOUND";
    case ErrorCode::kDeviceUnavailable:
      return "DEVICE NOT PRESENT";
    case ErrorCode::kNotInputFile:
      return "NOT INPUT FILE";
    case ErrorCode::kNotOutputFile:
      return "NOT OUTPUT FILE";
    case ErrorCode::kMissingFileName:
      return "MISSING FILE NAME";
    case ErrorCode::kIllegalDeviceNumber:
      return "ILLEGAL DEVICE NUMBER";
    case ErrorCode::kFileData:
      return "FILE DATA";
    default:
      return "SYNTAX";
  }
}
// The ROM's "\r\nBREAK" ($A381) goes out through CHROUT: to CMD's file too (STOP does not
// CLRCHN), where its LF stays.
void stop(Runtime& rt, int line_number) {
  std::string text = "\r\nBREAK";
  if (line_number >= 0) text += " IN " + std::to_string(line_number);
  rt.c64_put(text);
}
// A line end first, always, then "?SYNTAX  ERROR IN 10".
void report_error(Runtime& rt, const BasicError& error) {
  rt.c64_clear_channels();  // the ROM's error handler restores the screen (CLRCHN) first
  rt.c64_newline();
  // Appended piece by piece: "literal" + a temporary std::string draws GCC 12's false
  // -Wrestrict at -O3.
  std::string text = "?";
  text += error_name(error.code);
  text += "  ERROR";
  if (error.line >= 0) text += " IN " + std::to_string(error.line);  // -1: typed at the prompt
  rt.c64_put(text);
}
void start(Runtime& rt, const RunOptions& options) {
  const Program& program = rt.program_;
  // The program's bytes; each variable costs its 7 when first assigned (reserve_variable).
  rt.program_bytes_ = static_cast<long>(options.c64_program_bytes);
  rt.program_memory_ = options.program_memory;
  rt.free_ = static_cast<long>(kC64BasicBytes) - rt.program_bytes_;
  rt.c64_col_ = 0;
  // The line X=RND(-(N)) before the program: X holds the value, as on the C64.
  if (options.c64_seed && rt.c64_rnd_.seed_statement(*options.c64_seed)) {
    auto x = std::find(program.singles.begin(), program.singles.end(), "X");
    if (x != program.singles.end()) {
      auto slot = static_cast<std::size_t>(x - program.singles.begin());
      rt.csingles_[slot] = stored(rt.c64_rnd_.value());
      rt.created_[static_cast<int>(Type::kSingle)][slot] = 1;
    }
    take_variable(rt);  // X is made whether or not the program uses it
  }
}

}  // namespace

uint8_t c64_statement_charac(const Stmt& s, uint8_t charac) {
  constexpr uint8_t kRemn = 0, kDatan = ':';
  switch (s.kind) {
    case StmtKind::kRem:
    case StmtKind::kGoto:  // GOTO finds its line's end with REMN (GOSUB and ON through it)
    case StmtKind::kGosub:
    case StmtKind::kOnGoto:
    case StmtKind::kOnGosub:
      return kRemn;
    case StmtKind::kData:
    case StmtKind::kReturn:  // RETURN skips the rest of the GOSUB statement as DATA does
    case StmtKind::kFor:     // FOR finds its statement's end to come back to
    case StmtKind::kRead:    // READ looks for the DATA
    case StmtKind::kDef:     // DEF FN skips its body
      return kDatan;
    case StmtKind::kInput:
      return s.prompt.empty() ? charac : kStrlitCharac;
    default:
      return charac;
  }
}

Num c64_result(Runtime& rt, const core::C64Result& r) {
  using core::C64Error;
  if (r.charac) rt.c64_charac_ = *r.charac;
  switch (r.error) {
    case C64Error::kNone:
      return make_c(r.value);
    case C64Error::kIllegalQuantity:
      rt.raise(ErrorCode::kIllegalFunctionCall);
      break;
    case C64Error::kOverflow:
      rt.raise(ErrorCode::kOverflow);
      break;
    case C64Error::kDivisionByZero:
      rt.raise(ErrorCode::kDivisionByZero);
      break;
  }
  return make_c({});
}

C64Float c64_value(Runtime& rt, const Num& n) {
  if (n.is_c) return n.c;
  if (n.is_int) return C64Float::from_int(n.i);
  auto v = c64_from_double(n.as_double());
  if (!v) {
    rt.raise(ErrorCode::kOverflow);
    return {};
  }
  return *v;
}

// The column is the cursor's in the C64's logical line, 0..79 (the screen editor links
// two 40-column rows; the 81st character starts a new logical line, see c64_screen.hpp),
// as the ROM's TAB and comma read it from the KERNAL: it never grows past 79, however
// much a program prints on one line. Every character and cursor-right is a call of the
// KERNAL's CHROUT, counted as work for the step limit (c64_work_).
//
// PETSCII's control codes go out as the recorder of ../shared/c64 writes them (ANSI
// sequences for the cursor, clear, reverse and colour codes; CHR$(13) a line end;
// CHR$(10) nothing, as on the C64), and move the column as the C64's cursor moves; the
// other control codes do nothing on a C64 and pass through unchanged.
void Runtime::c64_put(std::string_view text) {
  if (c64_to_file()) {  // a file's bytes, as they are
    c64_files_.put(text);
    c64_work_ += text.size();
    return;
  }
  for (char ch : text) {
    auto code = static_cast<unsigned char>(ch);
    if (c64_quote_) {
      c64_put_quoted(ch);
      continue;
    }
    if (ch == '"') c64_quote_ = true;
    const PetsciiControl* control = petscii_control(code);
    if (control == nullptr) {
      printer_.sink().put(std::string_view(&ch, 1));
      bool invisible = code < 0x20 || (code >= 0x80 && code < 0xA0);
      if (ch == '\n' || ch == '\r')
        c64_col_ = 0;
      else if (!invisible)
        c64_col_ = (c64_col_ + 1) % machine::Printer::kC64LogicalLine;
      continue;
    }
    printer_.sink().put(control->out);
    if (control->colour >= 0) c64_set_text_colour(control->colour);
    if (control->column == PetsciiControl::kToStart)
      c64_col_ = 0;
    else if (control->column > 0)
      c64_col_ = (c64_col_ + control->column) % machine::Printer::kC64LogicalLine;
    else
      c64_col_ = std::max(0, c64_col_ + control->column);
  }
  c64_work_ += text.size();
}
// In quote mode (after an odd number of quotes) the C64 shows a control code as a reverse
// character, which takes a column, and the recorder writes its byte as it is; a quote,
// CHR$(13) and CHR$(10) end quote mode (cbmbasic: c64_programs/quote_mode). So a line
// end there is a bare CR.
void Runtime::c64_put_quoted(char ch) {
  printer_.sink().put(std::string_view(&ch, 1));
  if (ch == '"' || ch == '\r' || ch == '\n') c64_quote_ = false;
  if (ch == '\r')
    c64_col_ = 0;
  else
    c64_col_ = (c64_col_ + 1) % machine::Printer::kC64LogicalLine;
}
void Runtime::c64_set_text_colour(int colour) {
  machine::Screen& screen = machine_.screen();
  screen.set_attribute(machine::make_attribute(colour, machine::attribute_bg(screen.attribute())));
}
void Runtime::c64_right(long n) {
  if (n <= 0) return;
  if (c64_cmd_ != 0) {  // to a file (the screen too) a blank each ($AB3B)
    c64_put(std::string(static_cast<std::size_t>(std::min(n, 255L)), ' '));
    return;
  }
  for (long k = 0; k < n; ++k) printer_.sink().put(c64_quote_ ? "\x1d" : kRight);
  c64_col_ = static_cast<int>((c64_col_ + n) % machine::Printer::kC64LogicalLine);
  c64_work_ += static_cast<uint64_t>(n);
}
void Runtime::c64_newline() {
  if (c64_to_file()) {  // CR, and LF after lf 128-255
    c64_put(c64_files_.output_needs_linefeed() ? "\r\n" : "\r");
    return;
  }
  if (c64_quote_) {
    c64_put_quoted('\r');
    return;
  }
  printer_.sink().put("\n");
  c64_col_ = 0;
}

// Measured on cbmbasic (the recorder of ../shared/c64), which runs the C64's ROM: a chain
// of GOSUBs (no expressions) nests 26 deep, of FORs 10 deep; after G GOSUBs, FORs nest
// 10, 9, 9, 9, 8, 8, 8, 7, 7 deep for G = 0..8; 10 GOSUBs and 6 FORs (178 bytes) leave
// room for a GOSUB, 23 GOSUBs and a FOR (179) do not. A GOSUB leaves 7 bytes (its 5 and
// the statement loop's return address), a FOR 18 (c64_stack.cpp: expressions).
constexpr SharedStack kStack{.for_bytes = 18, .gosub_bytes = 7, .for_fits = 168, .gosub_fits = 178};

const DialectOps kC64Basic = {
    .index = 1,
    .single_bytes = 5,
    .literal = literal,
    .load_single = load_single,
    .load_element = load_element,
    .store_single = store_single,
    .restore_single = restore_single,
    .negate = negate,
    .binary = binary,
    .to_int = to_int,
    .number_text = number_text,
    .read_number = read_number,
    .rnd = rnd,
    .for_single = for_single,
    .next_single = next_single,
    .reserve_array = reserve_array,
    .reserve_variable = reserve_variable,
    .reserve_function = reserve_function,
    .peek = c64_peek,
    .poke = c64_poke,
    .print = print,
    .input = input,
    .stop = stop,
    .report_error = report_error,
    .start = start,
    .shared_stack = &kStack,
    // The ROM's END is STOP without the message: both keep the place in a program line
    // (OLDTXT); an error and CLR forget it (data/prompt/c64/cont_*.txt, cbmbasic).
    .cont = {.end = ContAfter::kHere, .error = ContAfter::kForget, .clear = ContAfter::kForget},
};

namespace {

// The bytes one listing line takes (0 for a line with no number).
std::size_t c64_line_bytes(std::string_view line) {
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
  std::size_t i = 0;
  while (i < line.size() && line[i] == ' ') ++i;
  if (i >= line.size() || line[i] < '0' || line[i] > '9') return 0;
  while (i < line.size() && line[i] >= '0' && line[i] <= '9') ++i;
  while (i < line.size() && line[i] == ' ') ++i;
  // Keywords are stored as one byte each (c64_keyword_at: the tokeniser's own table).
  std::size_t bytes = 5;                           // link, line number, the closing zero
  bool quoted = false, rem = false, data = false;  // in a string; after REM; in DATA
  while (i < line.size()) {
    char ch = line[i];
    if (quoted || rem || data) {
      if (ch == '"') quoted = !quoted;
      if (data && !quoted && ch == ':') data = false;
      ++bytes, ++i;
      continue;
    }
    if (ch == '"') {
      quoted = true;
      ++bytes, ++i;
      continue;
    }
    std::string_view w = c64_keyword_at(line, i);
    if (!w.empty()) {
      rem = w == "REM";
      data = w == "DATA";
    }
    ++bytes;
    i += w.empty() ? 1 : w.size();
  }
  return bytes;
}

}  // namespace

std::size_t c64_program_bytes(std::string_view listing) {
  std::size_t total = 2;  // the program's end: a zero link
  std::size_t start = 0;
  while (start < listing.size()) {
    std::size_t end = listing.find('\n', start);
    if (end == std::string_view::npos) end = listing.size();
    total += c64_line_bytes(listing.substr(start, end - start));
    start = end + 1;
  }
  return total;
}

}  // namespace amazing::basic
