// Built-in functions: see builtins.hpp. Each is one small function; the table at the end
// says how it is called and which implementation each machine uses.

#include <cmath>

#include "basic/builtins.hpp"
#include "basic/devices.hpp"
#include "basic/gw_graphics.hpp"
#include "basic/gw_io.hpp"
#include "basic/runtime.hpp"

namespace amazing::basic {
namespace {

Num arg(Runtime& rt, const Expr& e, std::size_t i) {
  return rt.eval_num(*e.args[i]);
}
// A count argument of a string function: lo..255, else Illegal function call.
int count(Runtime& rt, const Expr& e, std::size_t i, int lo) {
  int32_t n = rt.eval_int(*e.args[i]);
  if (n < lo || n > 255) {
    rt.raise(ErrorCode::kIllegalFunctionCall);
    return 0;
  }
  return n;
}

// ---- numeric, GW-BASIC --------------------------------------------------------------------

Num fn_user(Runtime& rt, const Expr& e) {
  Num v = make_int(0);
  rt.call_function(e, &v, nullptr);
  if (e.type == Type::kInteger && !rt.failed()) return make_int(rt.to_int(v));
  if (e.type == Type::kSingle) return make_float(v.as_float());
  if (e.type == Type::kDouble) return make_double(v.as_double());
  return v;
}
// INT and FIX: a whole number, never a negative zero (adding 0 makes -0 0): PC-BASIC's
// PRINT USING "##";FIX(-.5);INT(-Z) shows 0 twice.
Num fn_int(Runtime& rt, const Expr& e) {
  Num v = arg(rt, e, 0);
  if (v.is_double) return make_double(std::floor(v.d) + 0.0L);
  return v.is_int ? v : make_float(std::floor(v.f) + 0.0f);
}
Num fn_fix(Runtime& rt, const Expr& e) {
  Num v = arg(rt, e, 0);
  if (v.is_double) return make_double(std::trunc(v.d) + 0.0L);
  return v.is_int ? v : make_float(std::trunc(v.f) + 0.0f);
}
Num fn_cint(Runtime& rt, const Expr& e) {
  return make_int(rt.eval_int(*e.args[0]));
}
Num fn_csng(Runtime& rt, const Expr& e) {
  return make_float(gw_single(rt, arg(rt, e, 0)));
}
Num fn_cdbl(Runtime& rt, const Expr& e) {
  return make_double(arg(rt, e, 0).as_double());  // CDBL(.1) is .1000000014901161
}
Num fn_abs(Runtime& rt, const Expr& e) {
  Num v = arg(rt, e, 0);
  if (v.is_double) return make_double(std::fabs(v.d));
  return make_float(std::fabs(v.as_float()));
}
Num fn_sgn(Runtime& rt, const Expr& e) {
  long double v = arg(rt, e, 0).as_double();
  return make_int(v > 0 ? 1 : v < 0 ? -1 : 0);
}
Num fn_sqr(Runtime& rt, const Expr& e) {
  double v = arg(rt, e, 0).as_float();
  if (v < 0) {
    rt.raise(ErrorCode::kIllegalFunctionCall);
    return make_int(0);
  }
  return gw_host_result(rt, std::sqrt(v));
}
Num fn_log(Runtime& rt, const Expr& e) {
  double v = arg(rt, e, 0).as_float();
  if (v <= 0) {
    rt.raise(ErrorCode::kIllegalFunctionCall);
    return make_int(0);
  }
  return gw_host_result(rt, std::log(v));
}
// SIN, COS, TAN, ATN, EXP: in double, cut to a single (gw_host_result).
template <double (*F)(double)>
Num fn_host(Runtime& rt, const Expr& e) {
  return gw_host_result(rt, F(static_cast<double>(arg(rt, e, 0).as_float())));
}
// From 5E16 on the angle has no digits left: SIN and TAN are 0 there, COS 1 (PC-BASIC:
// SIN(5.05E16) is 0, SIN(5E16), a single just below, the sine; SIN(1E+38) 0).
constexpr double kTrigMax = 5e16;
double host_sin(double x) {
  return std::fabs(x) < kTrigMax ? std::sin(x) : 0.0;
}
double host_cos(double x) {
  return std::fabs(x) < kTrigMax ? std::cos(x) : 1.0;
}
double host_tan(double x) {
  return std::fabs(x) < kTrigMax ? std::tan(x) : 0.0;
}
double host_atn(double x) {
  return std::atan(x);
}
double host_exp(double x) {
  return std::exp(x);
}

Num fn_rnd(Runtime& rt, const Expr& e) {
  return rt.dialect_.rnd(rt, e);
}
Num fn_len(Runtime& rt, const Expr& e) {
  return make_int(static_cast<int32_t>(rt.eval_str(*e.args[0]).size()));
}
// POS(x): the cursor's column (x, a number or a string, is evaluated and not used: the C64's
// POS never looks at it, PC-BASIC takes either; POS("A")): GW-BASIC's from 1 (Printer::
// pos); the C64's from 0, in its logical line, as the KERNAL's PLOT gives it ($B39E), the
// column its PRINT keeps (Runtime::c64_col_; c64_programs/pos, cbmbasic).
Num fn_pos(Runtime& rt, const Expr& e) {
  rt.eval_ignored(*e.args[0]);
  return make_int(rt.dialect_.index == kC64Basic.index ? rt.c64_col_ : rt.printer_.pos());
}
// LPOS(n) (pc): printer n's column, from 1: 0 and 1 are LPT1 (LPRINT's), 2 and 3 printers
// nothing writes to; others Illegal function call (PC-BASIC).
Num fn_lpos(Runtime& rt, const Expr& e) {
  int32_t n = rt.eval_int(*e.args[0]);
  if (rt.failed()) return make_int(0);
  if (n < 0 || n > 3) {
    rt.raise(ErrorCode::kIllegalFunctionCall);
    return make_int(0);
  }
  return make_int(n <= 1 ? rt.lpt_.pos() : 1);
}
// FRE(x): the machine's BASIC bytes free. On the pc a single, as PC-BASIC gives it: 60300
// less the program, its variables, arrays and string space (with a --ram size of its own,
// the free bytes of that RAM); FRE of a string collects the garbage first. On the C64 a
// signed 16-bit number (38771 free is -26765), after collecting the garbage, as its FRE
// always does.
Num fn_fre_pc(Runtime& rt, const Expr& e) {
  rt.eval_ignored(*e.args[0]);
  if (e.args[0]->type == Type::kString) rt.collect_strings();
  const core::Ram& ram = rt.machine_.ram();
  if (rt.count_free_ || ram.unlimited()) return make_float(static_cast<float>(rt.bytes_free()));
  return make_float(static_cast<float>(ram.capacity() - std::min(ram.capacity(), ram.used())));
}
Num fn_fre_c64(Runtime& rt, const Expr& e) {
  rt.eval_ignored(*e.args[0]);
  rt.collect_strings();
  long free = rt.bytes_free();
  return make_int(static_cast<int32_t>(free > 32767 ? free - 65536 : free));
}
// PEEK(address): a byte of the machine's memory map (DialectOps::peek).
Num fn_peek(Runtime& rt, const Expr& e) {
  Num address = arg(rt, e, 0);
  if (rt.failed()) return make_int(0);
  return make_int(std::max(rt.dialect_.peek(rt, address), 0));
}
// VARPTR(variable) (pc): where its value is in GW-BASIC's data segment, as an unsigned
// 16-bit integer (past 32767 it reads negative); VARPTR$: its type byte and that address.
Num fn_varptr(Runtime& rt, const Expr& e) {
  auto at = gw_varptr(rt, *e.args[0]);
  if (!at) return make_int(0);
  return make_int(static_cast<int32_t>(static_cast<int16_t>(at->first & 0xFFFF)));
}
std::string fn_varptr_str(Runtime& rt, const Expr& e) {
  return gw_varptr_text(rt, *e.args[0]);
}
Num fn_asc(Runtime& rt, const Expr& e) {
  std::string s = rt.eval_str(*e.args[0]);
  if (s.empty()) {
    rt.raise(ErrorCode::kIllegalFunctionCall);
    return make_int(0);
  }
  return make_int(static_cast<unsigned char>(s[0]));
}
Num fn_val(Runtime& rt, const Expr& e) {
  return gw_val(rt, rt.eval_str(*e.args[0]));
}
// INSTR's start: 1..255 (else Illegal function call), checked as soon as it is read, before
// s and t (PC-BASIC: INSTR(0,OCT$(1E30),"") is Illegal function call, not Overflow).
int32_t instr_start(Runtime& rt, const Expr& start) {
  const int32_t n = rt.eval_int(start);
  if (!rt.failed() && (n < 1 || n > 255)) rt.raise(ErrorCode::kIllegalFunctionCall);
  return n;
}

// INSTR([start,]s,t).
Num fn_instr(Runtime& rt, const Expr& e) {
  const int32_t start = e.args[0] ? instr_start(rt, *e.args[0]) : 1;
  if (rt.failed()) return make_int(0);
  std::string s = rt.eval_str(*e.args[1]);
  std::string t = rt.eval_str(*e.args[2]);
  if (static_cast<std::size_t>(start) > s.size()) return make_int(0);
  if (t.empty()) return make_int(start);
  auto pos = s.find(t, static_cast<std::size_t>(start - 1));
  return make_int(pos == std::string::npos ? 0 : static_cast<int32_t>(pos + 1));
}

// ---- numeric, the C64 -----------------------------------------------------------------------

Num c64_user(Runtime& rt, const Expr& e) {
  Num v = make_c({});
  rt.call_function(e, &v, nullptr);
  if (e.type == Type::kInteger && !rt.failed()) return make_int(rt.to_int(v));
  return v;
}
Num c64_int(Runtime& rt, const Expr& e) {
  const core::C64Float x = c64_value(rt, arg(rt, e, 0));
  if (x.exponent < 0xA0) rt.c64_charac_ = static_cast<uint8_t>(x.to_int());  // INT's CHARAC
  return make_c(x.floor());
}
Num c64_abs(Runtime& rt, const Expr& e) {
  core::C64Float v = c64_value(rt, arg(rt, e, 0));
  v.negative = false;
  return make_c(v);
}
// SQR, EXP, LOG, SIN, COS, TAN, ATN: the ROM's own series (core/c64_math.hpp), on the
// argument as the FAC holds it, rounding byte and all.
template <core::C64Result (*F)(const core::C64Float&)>
Num c64_math(Runtime& rt, const Expr& e) {
  const core::C64Float x = c64_value(rt, arg(rt, e, 0));
  if (rt.failed()) return make_c({});
  return c64_result(rt, F(x));
}

// VAL: the ROM's FIN on the string's text (core::c64_fin: blanks skipped, reading stops
// at the first character that is not part of a number, so VAL("&H10") and VAL("$") are
// 0 and VAL("1.2.3") 1.2), left in the FAC with its rounding byte; a number past the
// range is ?OVERFLOW.
Num c64_val(Runtime& rt, const Expr& e) {
  const std::string s = rt.eval_str(*e.args[0]);
  if (rt.failed()) return make_c({});
  const core::C64Fin fin = core::c64_fin(s);
  if (fin.overflow) {
    rt.raise(ErrorCode::kOverflow);
    return make_c({});
  }
  return make_c(fin.value);
}

// USR(x): the C64 jumps through the vector at $0311, which points at the ROM's ?ILLEGAL
// QUANTITY ($B248) until a program pokes a routine there (no machine code runs here).
Num c64_usr(Runtime& rt, const Expr& e) {
  rt.eval_num(*e.args[0]);
  if (!rt.failed()) rt.raise(ErrorCode::kIllegalFunctionCall);
  return make_c({});
}

// The other functions compute as GW-BASIC's do and round into 5 bytes.
template <NumBuiltin F>
Num c64_rounded(Runtime& rt, const Expr& e) {
  Num v = F(rt, e);
  if (v.is_int || v.is_c) return v;
  return make_c(c64_value(rt, make_double(v.as_double())));
}

// ---- GW-BASIC's own functions on the C64 ------------------------------------------------

// C64 BASIC V2 has no FIX, CSNG, CDBL, INSTR, SPACE$ or STRING$: its tokeniser reads such a
// name as a variable, known by its first two letters, so FIX(X) is the element FI(X) of an
// array dimensioned to 10 when first used (SPACE$(3) is SP$(3)). An element never stored
// reads 0 or "". Each subscript is evaluated in turn: a string is ?TYPE MISMATCH, a
// negative number (even -.5) or one past 32767 ?ILLEGAL QUANTITY; then one past 10 is
// ?BAD SUBSCRIPT. (cbmbasic, the C64 ROM recompiled: tests/basic/c64_programs/gwonly_*.bas.)
// This interpreter reads one program text for both machines, so the element is not the
// same storage as a FI(...) the program names itself.
bool c64_unset_element(Runtime& rt, const Expr& e) {
  bool beyond = false;
  for (const ExprPtr& sub : e.args) {
    if (!sub) continue;  // INSTR's start, left out
    if (sub->type == Type::kString) {
      rt.raise(ErrorCode::kTypeMismatch);
      return false;
    }
    core::C64Float v = c64_value(rt, rt.eval_num(*sub));
    if (rt.failed()) return false;
    if (v.negative && !v.is_zero()) {
      rt.raise(ErrorCode::kIllegalFunctionCall);
      return false;
    }
    int32_t n = rt.to_int(make_c(v));  // AYINT: ?ILLEGAL QUANTITY past 32767
    if (rt.failed()) return false;
    beyond = beyond || n > 10;
  }
  if (beyond) rt.raise(ErrorCode::kSubscriptOutOfRange);
  return !beyond;
}
Num c64_array_name(Runtime& rt, const Expr& e) {
  c64_unset_element(rt, e);
  return make_c({});
}
// CINT(X) is C INT(X) to the C64: two PRINT items (c64_dialect.cpp prints them), and
// anywhere else ?SYNTAX ERROR before the argument is evaluated.
Num c64_syntax(Runtime& rt, const Expr&) {
  rt.raise(ErrorCode::kSyntax);
  return make_c({});
}
// A string function of GW-BASIC only: on the C64 the string array element (see above).
template <StrBuiltin F>
std::string gw_only_str(Runtime& rt, const Expr& e) {
  if (rt.dialect_.index == kGwBasic.index) return F(rt, e);
  c64_unset_element(rt, e);
  return {};
}

// ---- strings (both machines) -------------------------------------------------------------

std::string fn_user_str(Runtime& rt, const Expr& e) {
  std::string out;
  rt.call_function(e, nullptr, &out);
  return out;
}
std::string fn_left(Runtime& rt, const Expr& e) {
  std::string s = rt.eval_str(*e.args[0]);
  int n = count(rt, e, 1, 0);
  return s.substr(0, static_cast<std::size_t>(n));
}
std::string fn_right(Runtime& rt, const Expr& e) {
  std::string s = rt.eval_str(*e.args[0]);
  std::size_t n = static_cast<std::size_t>(count(rt, e, 1, 0));
  return n >= s.size() ? s : s.substr(s.size() - n);
}
// MID$(s,start[,n]): the pc reads all three (each made an integer: Overflow) before it
// checks start 1..255 and n 0..255 (PC-BASIC: MID$(A$,0,1E10) is Overflow, MID$(A$,0,1\0)
// Division by zero); the C64 checks each as it reads it.
std::string fn_mid(Runtime& rt, const Expr& e) {
  std::string s = rt.eval_str(*e.args[0]);
  std::size_t start = 0, n = 255;
  if (rt.dialect_.index == kGwBasic.index) {
    int32_t first = rt.eval_int(*e.args[1]);
    int32_t length = e.args.size() > 2 ? rt.eval_int(*e.args[2]) : 255;
    if (!rt.failed() && (first < 1 || first > 255 || length < 0 || length > 255))
      rt.raise(ErrorCode::kIllegalFunctionCall);
    start = static_cast<std::size_t>(first);
    n = static_cast<std::size_t>(length);
  } else {
    start = static_cast<std::size_t>(count(rt, e, 1, 1));
    if (e.args.size() > 2) n = static_cast<std::size_t>(count(rt, e, 2, 0));
  }
  if (rt.failed() || start > s.size()) return {};
  return s.substr(start - 1, n);
}
std::string fn_chr(Runtime& rt, const Expr& e) {
  return std::string(1, static_cast<char>(count(rt, e, 0, 0)));
}
std::string fn_str(Runtime& rt, const Expr& e) {
  std::string text = rt.dialect_.number_text(rt, rt.eval_num(*e.args[0]));
  rt.c64_charac_ = kStrlitCharac;  // the C64's STR$ ends in STRLIT
  return text;
}
std::string fn_space(Runtime& rt, const Expr& e) {
  return std::string(static_cast<std::size_t>(count(rt, e, 0, 0)), ' ');
}
std::string fn_string(Runtime& rt, const Expr& e) {
  std::size_t n = static_cast<std::size_t>(count(rt, e, 0, 0));
  char c;
  if (e.args[1]->type == Type::kString) {
    std::string s = rt.eval_str(*e.args[1]);
    if (s.empty()) {
      rt.raise(ErrorCode::kIllegalFunctionCall);
      return {};
    }
    c = s[0];
  } else {
    c = static_cast<char>(count(rt, e, 1, 0));
  }
  return std::string(n, c);
}

// ERR and ERL: the last error's number and line (Runtime::trap); 0 before any.
Num fn_err(Runtime& rt, const Expr&) {
  return make_int(rt.err_number_);
}
Num fn_erl(Runtime& rt, const Expr&) {
  return make_float(static_cast<float>(rt.err_line_));
}

// ---- the emulated clock (clock.hpp) -----------------------------------------------------

// TIMER (pc): seconds since midnight, in PC-BASIC's steps of 1/20 s.
Num fn_timer(Runtime& rt, const Expr&) {
  return make_float(rt.clock_.timer());
}
// TIME$ (pc): "HH:MM:SS".
std::string fn_pc_time(Runtime& rt, const Expr&) {
  return rt.clock_.pc_time_text();
}
// TI (c64): the jiffies since midnight.
Num fn_jiffies(Runtime& rt, const Expr&) {
  return make_double(static_cast<long double>(rt.clock_.jiffies()));
}
// ST (c64): the status of the last input or output (c64_files.hpp).
Num fn_status(Runtime& rt, const Expr&) {
  return make_int(rt.c64_files_.status());
}
// TI$ (c64): "HHMMSS".
std::string fn_c64_time(Runtime& rt, const Expr&) {
  return rt.clock_.c64_time_text();
}

// ---- the table ---------------------------------------------------------------------------

using K = Keyword;
using A = ArgForm;
constexpr Type kN = Type::kSingle, kI = Type::kInteger, kS = Type::kString;

const Builtin kBuiltins[] = {
    // keyword  form  args  type  {GW-BASIC, the C64}  string
    {K::kInt, A::kList, "N", kN, {fn_int, c64_int}, nullptr},
    {K::kAbs, A::kList, "N", kN, {fn_abs, c64_abs}, nullptr},
    {K::kSgn, A::kList, "N", kN, {fn_sgn, c64_rounded<fn_sgn>}, nullptr},
    {K::kSqr, A::kList, "N", kN, {fn_sqr, c64_math<core::c64_sqr>}, nullptr},
    {K::kSin, A::kList, "N", kN, {fn_host<host_sin>, c64_math<core::c64_sin>}, nullptr},
    {K::kCos, A::kList, "N", kN, {fn_host<host_cos>, c64_math<core::c64_cos>}, nullptr},
    {K::kTan, A::kList, "N", kN, {fn_host<host_tan>, c64_math<core::c64_tan>}, nullptr},
    {K::kAtn, A::kList, "N", kN, {fn_host<host_atn>, c64_math<core::c64_atn>}, nullptr},
    {K::kExp, A::kList, "N", kN, {fn_host<host_exp>, c64_math<core::c64_exp>}, nullptr},
    {K::kLog, A::kList, "N", kN, {fn_log, c64_math<core::c64_log>}, nullptr},
    {K::kFix, A::kList, "N", kN, {fn_fix, c64_array_name}, nullptr},
    {K::kCint, A::kList, "N", kI, {fn_cint, c64_syntax}, nullptr},
    {K::kCsng, A::kList, "N", kN, {fn_csng, c64_array_name}, nullptr},
    {K::kCdbl, A::kList, "N", kN, {fn_cdbl, c64_array_name}, nullptr},
    {K::kRnd, A::kOptionalList, "N", kN, {fn_rnd, fn_rnd}, nullptr},
    {K::kLen, A::kList, "S", kI, {fn_len, c64_rounded<fn_len>}, nullptr},
    {K::kAsc, A::kList, "S", kI, {fn_asc, c64_rounded<fn_asc>}, nullptr},
    {K::kVal, A::kList, "S", kN, {fn_val, c64_val}, nullptr},
    {K::kInstr, A::kInstr, "", kI, {fn_instr, c64_array_name}, nullptr},
    {K::kFn, A::kUserFunction, "", kN, {fn_user, c64_user}, fn_user_str},
    {K::kLeft, A::kList, "SN", kS, {nullptr, nullptr}, fn_left},
    {K::kRight, A::kList, "SN", kS, {nullptr, nullptr}, fn_right},
    {K::kMid, A::kList, "SNn", kS, {nullptr, nullptr}, fn_mid},
    {K::kChr, A::kList, "N", kS, {nullptr, nullptr}, fn_chr},
    {K::kStr, A::kList, "N", kS, {nullptr, nullptr}, fn_str},
    {K::kSpace, A::kList, "N", kS, {nullptr, nullptr}, gw_only_str<fn_space>},
    {K::kString, A::kList, "NA", kS, {nullptr, nullptr}, gw_only_str<fn_string>},
    {K::kTab, A::kPrintOnly, "", kN, {nullptr, nullptr}, nullptr},
    {K::kSpc, A::kPrintOnly, "", kN, {nullptr, nullptr}, nullptr},
    {K::kPeek, A::kList, "N", kI, {fn_peek, fn_peek}, nullptr},
    {K::kVarptr, A::kVariable, "", kI, {fn_varptr, nullptr}, nullptr},
    {K::kVarptrStr, A::kVariable, "", kS, {nullptr, nullptr}, fn_varptr_str},
    {K::kPos, A::kList, "A", kI, {fn_pos, c64_rounded<fn_pos>}, nullptr},
    {K::kLpos, A::kList, "N", kI, {fn_lpos, nullptr}, nullptr},
    {K::kFre, A::kList, "A", kN, {fn_fre_pc, c64_rounded<fn_fre_c64>}, nullptr},
    {K::kUsr, A::kAdvanced, "N", kN, {nullptr, c64_usr}, nullptr},
    {K::kErl, A::kNoArguments, "", kN, {fn_erl, fn_erl}, nullptr},
    {K::kErr, A::kNoArguments, "", kI, {fn_err, fn_err}, nullptr},
    {K::kInkey, A::kNoArguments, "", kS, {nullptr, nullptr}, fn_inkey},
    {K::kHex, A::kList, "N", kS, {nullptr, nullptr}, fn_hex},
    {K::kOct, A::kList, "N", kS, {nullptr, nullptr}, fn_oct},
    {K::kCsrlin, A::kNoArguments, "", kI, {fn_csrlin, fn_csrlin}, nullptr},
    {K::kInputChars, A::kList, "Nf", kS, {nullptr, nullptr}, fn_input_chars},
    {K::kDate, A::kNoArguments, "", kS, {nullptr, nullptr}, fn_date},
    {K::kEof, A::kList, "N", kI, {fn_eof, nullptr}, nullptr},
    {K::kLof, A::kList, "N", kN, {fn_lof, nullptr}, nullptr},
    {K::kLoc, A::kList, "N", kN, {fn_loc, nullptr}, nullptr},
    {K::kMki, A::kList, "N", kS, {nullptr, nullptr}, fn_mki},
    {K::kMks, A::kList, "N", kS, {nullptr, nullptr}, fn_mks},
    {K::kMkd, A::kList, "N", kS, {nullptr, nullptr}, fn_mkd},
    {K::kCvi, A::kList, "S", kI, {fn_cvi, nullptr}, nullptr},
    {K::kCvs, A::kList, "S", kN, {fn_cvs, nullptr}, nullptr},
    {K::kCvd, A::kList, "S", kN, {fn_cvd, nullptr}, nullptr},
    {K::kTime, A::kNoArguments, "", kS, {nullptr, nullptr}, fn_pc_time},
    {K::kTimer, A::kNoArguments, "", kN, {fn_timer, nullptr}, nullptr},
    {K::kTi, A::kNoArguments, "", kN, {nullptr, c64_rounded<fn_jiffies>}, nullptr},
    {K::kTiStr, A::kNoArguments, "", kS, {nullptr, nullptr}, fn_c64_time},
    {K::kSt, A::kNoArguments, "", kN, {nullptr, c64_rounded<fn_status>}, nullptr},
    // the devices (devices.hpp) and the machine's DOS (pc)
    {K::kPen, A::kList, "N", kI, {fn_pen, nullptr}, nullptr},
    {K::kStick, A::kList, "N", kI, {fn_stick, nullptr}, nullptr},
    {K::kStrig, A::kList, "N", kI, {fn_strig, nullptr}, nullptr},
    {K::kPlay, A::kList, "N", kI, {fn_play, nullptr}, nullptr},
    {K::kInp, A::kList, "N", kI, {fn_inp, nullptr}, nullptr},
    {K::kExterr, A::kList, "N", kI, {fn_exterr, nullptr}, nullptr},
    {K::kErdev, A::kNoArguments, "", kI, {fn_erdev, nullptr}, nullptr},
    {K::kErdevStr, A::kNoArguments, "", kS, {nullptr, nullptr}, fn_erdev_str},
    {K::kPmap, A::kList, "NN", kN, {fn_pmap, nullptr}, nullptr},
    {K::kPoint, A::kList, "Nn", kN, {fn_point, nullptr}, nullptr},
    {K::kScreen, A::kList, "NNn", kI, {fn_screen, nullptr}, nullptr},
    {K::kEnvironStr, A::kList, "A", kS, {nullptr, nullptr}, fn_environ},
    {K::kIoctlStr, A::kList, "F", kS, {nullptr, nullptr}, fn_ioctl},
};

}  // namespace

Num gw_val(Runtime& rt, std::string_view text) {
  auto v = parse_decimal(text, false);
  if (!v) return make_int(0);
  if (v->overflow && v->radix) {
    rt.raise(ErrorCode::kOverflow);  // VAL("&HFFFFFF"): an error, not a warning
    return make_int(0);
  }
  if (v->overflow) rt.warn(ErrorCode::kOverflow);
  return gw_parsed(*v);
}

const Builtin* find_builtin(Keyword keyword) {
  for (const Builtin& b : kBuiltins) {
    if (b.keyword == keyword) return &b;
  }
  return nullptr;
}

namespace {

// What an unclosed call (builtins.hpp run_unclosed) does with the arguments it read: each
// evaluated as it is read (next), then made an integer (integer: Type mismatch for a
// string, else Overflow) or checked for a string (string), in the function's own order.
struct Read {
  Runtime& rt;
  const Expr& call;
  std::vector<Num> values;
  bool has(std::size_t i) const { return i < call.args.size(); }
  bool next() {  // the next argument, evaluated; false after an error
    const Expr& a = *call.args[values.size()];
    values.push_back(a.type == Type::kString ? (rt.eval_str(a), make_int(0)) : rt.eval_num(a));
    return !rt.failed();
  }
  bool integer(std::size_t i) {
    if (call.args[i]->type == Type::kString) return rt.raise(ErrorCode::kTypeMismatch), false;
    values[i] = make_int(rt.to_int(values[i]));
    return !rt.failed();
  }
  bool string(std::size_t i) {
    if (call.args[i]->type != Type::kString) rt.raise(ErrorCode::kTypeMismatch);
    return !rt.failed();
  }
};

void arguments_read(Runtime& rt, const Expr& call) {
  for (std::size_t i = 0; i < call.args.size() && !rt.failed(); ++i) rt.eval_ignored(*call.args[i]);
}
// LEFT$(s,n and RIGHT$(s,n: both read, then s checked and n made an integer.
void left_right_unclosed(Runtime& rt, const Expr& call) {
  Read r{rt, call, {}};
  if (r.next() && r.has(1) && r.next() && r.string(0)) r.integer(1);
}
// MID$(s,p[,n]: p made an integer and s checked before n is read.
void mid_unclosed(Runtime& rt, const Expr& call) {
  Read r{rt, call, {}};
  if (!r.next() || !r.has(1) || !r.next() || !r.integer(1) || !r.string(0)) return;
  if (r.has(2) && r.next()) r.integer(2);
}
// INSTR([p,]s,t: p checked (1..255) before s is read; each string checked as read.
void instr_unclosed(Runtime& rt, const Expr& call) {
  const bool start = call.args[0]->type != Type::kString;
  if (start && (instr_start(rt, *call.args[0]), rt.failed())) return;
  Read r{rt, call, {}};
  if (start) r.values.push_back(make_int(0));
  for (std::size_t i = r.values.size(); r.has(i) && r.next(); ++i)
    if (!r.string(i)) return;
}
// STRING$(n,c: n 0..255 as soon as it is read, then a character code 0..255 when its value
// is an integer (a literal, an integer variable, \ or MOD: a sum, difference, product or
// sign change is a single in PC-BASIC, checked only after the ')').
void string_unclosed(Runtime& rt, const Expr& call) {
  if (!rt.eval_byte(*call.args[0]) || call.args.size() < 2) return;
  if (call.args[1]->type == Type::kString) return static_cast<void>(rt.eval_str(*call.args[1]));
  const Num code = rt.eval_num(*call.args[1]);
  if (!rt.failed() && code.is_int && (code.i < 0 || code.i > 255))
    rt.raise(ErrorCode::kIllegalFunctionCall);
}
void user_unclosed(Runtime& rt, const Expr& call) {
  Num ignored = make_int(0);
  rt.call_function(call, &ignored, nullptr);
}
// POINT and SCREEN: worked out whole once every argument is read, the value dropped.
void whole_unclosed(Runtime& rt, const Expr& call) {
  if (call.unclosed != Unclosed::kOnlyCloseMissing) return arguments_read(rt, call);
  rt.eval_num(call);  // (eval_num, unlike eval_ignored, works the call out)
}

struct UnclosedRun {
  Keyword keyword;
  void (*run)(Runtime& rt, const Expr& call);
};
constexpr UnclosedRun kUnclosedRuns[] = {
    {Keyword::kFn, user_unclosed},
    {Keyword::kLeft, left_right_unclosed},
    {Keyword::kRight, left_right_unclosed},
    {Keyword::kMid, mid_unclosed},
    {Keyword::kInstr, instr_unclosed},
    {Keyword::kString, string_unclosed},
    {Keyword::kPoint, whole_unclosed},
    {Keyword::kScreen, whole_unclosed},
    {Keyword::kIoctlStr, ioctl_before_close},
    {Keyword::kInputChars, input_chars_before_close},
};

}  // namespace

void run_unclosed(Runtime& rt, const Expr& call) {
  for (const UnclosedRun& u : kUnclosedRuns)
    if (u.keyword == call.function) return u.run(rt, call);
  arguments_read(rt, call);
}

}  // namespace amazing::basic
