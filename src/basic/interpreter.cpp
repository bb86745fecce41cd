// Interpreter: see interpreter.hpp. Errors travel as a value (err_) set by whatever found
// them; the statement loop checks it after each statement, so an expression that fails
// finishes with harmless zeros and the run stops before anything else happens.

#include "basic/interpreter.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <optional>

#include "basic/number.hpp"
#include "core/c64_rnd.hpp"

namespace amazing::basic {
namespace {

// The largest single GW-BASIC holds (MBF: exponent 255, mantissa all ones).
constexpr float kMaxSingle = 1.70141173e38f;
constexpr std::size_t kMaxStack = 4096;  // FOR and GOSUB frames before "Out of memory"
constexpr std::size_t kMaxString = 255;
// Expression evaluations nested at once, DEF FN calls included, before "Out of memory":
// the parser bounds one expression's depth, this bounds a chain of functions calling
// functions, so the host's stack never runs out.
constexpr int kMaxEvalDepth = 2000;

// A value: an integer, a single, or a double (only from a literal of more than 7 digits
// or with # or D, and what arithmetic makes of it; a double variable does not exist here).
struct Num {
  float f = 0;
  int32_t i = 0;
  bool is_int = false;
  long double d = 0;  // rounded to GW-BASIC's 56 bits (round_double)
  bool is_double = false;
  bool is_c = false;  // the c64 machine: a 5-byte number (with the FAC's rounding byte)
  core::C64Float c;
  float as_float() const {
    return is_c        ? static_cast<float>(c.to_double())
           : is_int    ? static_cast<float>(i)
           : is_double ? static_cast<float>(d)
                       : f;
  }
  long double as_double() const {
    return is_c ? c.to_double() : is_double ? d : is_int ? i : static_cast<long double>(f);
  }
  bool is_zero() const {
    return is_c ? c.is_zero() : is_int ? i == 0 : is_double ? d == 0 : f == 0;
  }
};
Num make_c(const core::C64Float& v) {
  Num n;
  n.is_c = true;
  n.c = v;
  return n;
}
// A number as a C64 variable holds it (rounded into 5 bytes).
core::C64Float stored(const core::C64Float& v) {
  return core::C64Float::unpack(v.pack_rounded());
}
// What the ROM's arithmetic gives past its range (see c64_float.cpp: overflowed).
bool c64_overflowed(const core::C64Float& v) {
  return v.exponent == 0xFF && v.mantissa == 0xFFFFFFFFu;
}
constexpr std::string_view kRight = "\x1b[C";  // the C64's cursor-right, as recorded
Num make_int(int32_t v) {
  Num n;
  n.i = v;
  n.is_int = true;
  return n;
}

// A result of SQR, EXP, LOG, the trigonometric functions or a non-integer power: computed
// in double precision, then cut (not rounded) to a single the way PC-BASIC converts a
// host float: the binary exponent is taken from a truncated log2, so some results keep
// only 23 bits (SQR(2) prints 1.414213). nullopt on overflow.
std::optional<float> single_from_double(double x) {
  if (x == 0 || std::isnan(x)) return 0.0f;
  double a = std::fabs(x);
  long e = static_cast<long>(std::log(a) / std::log(2.0) - 23.0);
  if (e > 200 || e < -200) return e > 0 ? std::nullopt : std::optional<float>(0.0f);
  uint64_t man = static_cast<uint64_t>(a * std::ldexp(1.0, static_cast<int>(-e)));
  long exp = e + 152;
  while (man != 0 && man <= 0x7fffff) {
    --exp;
    man <<= 1;
  }
  while (man > 0xffffff) {
    ++exp;
    man >>= 1;
  }
  if (exp > 255) return std::nullopt;
  if (exp <= 0) return 0.0f;
  float v = std::ldexp(static_cast<float>(man), static_cast<int>(exp - 152));
  return x < 0 ? -v : v;
}
Num make_float(float v) {
  Num n;
  n.f = v;
  return n;
}
// The largest double GW-BASIC holds (prints 1.701411834604692D+38).
constexpr long double kMaxDouble = 1.70141183460469231731e38L;
Num make_double(long double v) {
  Num n;
  n.d = round_double(v);
  n.is_double = true;
  return n;
}

// A GOSUB: where RETURN goes back to.
struct Frame {
  int line = 0, stmt = 0;
};

// A FOR loop, as PC-BASIC keeps it: the NEXT that closes it is found when the FOR runs
// (the textually matching one), and only a NEXT at exactly that place iterates it.
struct ForFrame {
  Type var_type = Type::kSingle;
  int var_slot = 0;
  float limit = 0, step = 0;                       // single loop
  core::C64Float climit, cstep;                    // single loop, c64 machine
  int32_t ilimit = 0, istep = 0;                   // integer loop
  int sign = 1;                                    // of the step: -1, 0 or 1
  int for_line = 0, for_stmt = 0;                  // the statement after the FOR
  int next_line = 0, next_stmt = 0, next_var = 0;  // the NEXT (and which of its variables)
};

struct ArrayData {
  bool defined = false;
  std::vector<int> bounds;  // upper bound of each subscript
  std::size_t count = 0;
  core::RamBlock block;  // numeric elements (4 bytes single, 2 bytes integer)
  std::vector<std::string> strings;
};

}  // namespace

std::string error_line(const BasicError& error) {
  return error.text() + "\xFF";
}

class Interpreter::Impl {
 public:
  Impl(const Program& program, machine::Machine& machine, Dialect dialect)
      : program_(program), machine_(machine), printer_(machine.printer()),
        c64_(dialect == Dialect::kC64) {}

  RunResult run(const RunOptions& options);

 private:
  // ---- errors ---------------------------------------------------------------------
  void raise(ErrorCode code) {
    if (err_ == ErrorCode::kNone) err_ = code;
  }
  // Division by zero and float overflow print a message and go on, as in GW-BASIC.
  // The message goes where the cursor is (PC-BASIC: "... 0 Division by zero"), no break.
  void warn(ErrorCode code) {
    printer_.sink().put(error_message(code));
    printer_.newline();
  }
  Num host_result(double x) {
    if (std::isinf(x) || std::isnan(x)) {
      warn(ErrorCode::kOverflow);
      return make_float(kMaxSingle);
    }
    auto v = single_from_double(x);
    if (!v) {
      warn(ErrorCode::kOverflow);
      return make_float(x < 0 ? -kMaxSingle : kMaxSingle);
    }
    return make_float(*v);
  }

  // An MBF result, or the largest single of the right sign after printing "Overflow".
  float overflow_checked(std::optional<float> v, float x, float y, bool product) {
    if (v) return *v;
    warn(ErrorCode::kOverflow);
    bool negative = product ? ((x < 0) != (y < 0)) : (x + y < 0);
    return negative ? -kMaxSingle : kMaxSingle;
  }

  // ---- the c64 machine ----------------------------------------------------------------
  core::C64Float to_c(const Num& n) {
    if (n.is_c) return n.c;
    if (n.is_int) return core::C64Float::from_int(n.i);
    auto v = c64_from_double(n.as_double());
    if (!v) {
      raise(ErrorCode::kOverflow);
      return {};
    }
    return *v;
  }
  Num c_checked(const core::C64Float& v) {
    if (c64_overflowed(v)) raise(ErrorCode::kOverflow);
    return make_c(v);
  }
  Num c64_binary(Op op, const Num& a, const Num& b);
  // Output on the c64 machine: straight to the sink, the column counted (a cursor-right
  // moves it by one).
  void c64_put(std::string_view text) {
    printer_.sink().put(text);
    for (char ch : text) c64_col_ = ch == '\n' ? 0 : c64_col_ + 1;
  }
  void c64_right(long n) {
    for (long k = 0; k < n; ++k) printer_.sink().put(kRight);
    c64_col_ += static_cast<int>(n);
  }
  void c64_newline() {
    printer_.sink().put("\n");
    c64_col_ = 0;
  }
  bool c64_input(const Stmt& s);
  // The C64's uppercase error name: "SYNTAX", "UNDEF'D STATEMENT", ...
  static std::string_view c64_error_name(ErrorCode code);

  // CINT: round half away from zero, Overflow outside -32768..32767.
  // The c64 machine truncates (AYINT), ?ILLEGAL QUANTITY outside -32768..32767.
  int32_t to_int(Num n) {
    if (c64_ && !n.is_int) {
      core::C64Float v = to_c(n);
      bool neg = v.negative;
      if (neg) v = v.negated();
      if (v.exponent > 128 + 16) {
        raise(ErrorCode::kIllegalFunctionCall);
        return 0;
      }
      int64_t k = v.floor().to_int();
      if (neg) k = -k;
      if (k < -32768 || k > 32767) {
        raise(ErrorCode::kIllegalFunctionCall);
        return 0;
      }
      return static_cast<int32_t>(k);
    }
    if (n.is_int) return n.i;
    float r = n.is_double ? static_cast<float>(std::round(std::clamp(n.d, -1e6L, 1e6L)))
                          : std::round(n.f);
    if (!(r >= -32768.0f && r <= 32767.0f)) {
      raise(ErrorCode::kOverflow);
      return 0;
    }
    return static_cast<int32_t>(r);
  }

  // ---- expressions --------------------------------------------------------------------
  Num eval_num(const Expr& e);
  std::string eval_str(const Expr& e);
  Num eval_num_inner(const Expr& e);
  std::string eval_str_inner(const Expr& e);
  Num binary(const Expr& e);
  // + - * / and comparisons with a double operand, in double precision; nullopt for ^
  // (a single, as PC-BASIC computes it: 2#^.5 is 1.414213) and the integer operators.
  std::optional<Num> double_binary(Op op, Num a, Num b);
  // FNA(...): evaluates a DEF FN function into *num or *str.
  void call_function(const Expr& e, Num* num, std::string* str);
  Num function(const Expr& e);
  Num function_pc(const Expr& e);
  std::string string_function(const Expr& e);

  // Element index of an array access, or -1 after raising an error.
  long element(int slot, const std::vector<ExprPtr>& subscripts);
  bool dimension(int slot, const std::vector<int>& bounds);

  core::C64Float get_c64_element(const ArrayData& a, long i) const {
    core::C64Float::Packed p;
    std::memcpy(p.data(), a.block.data() + i * 5, 5);
    return core::C64Float::unpack(p);
  }
  float get_single_element(const ArrayData& a, long i) const {
    float v;
    std::memcpy(&v, a.block.data() + i * 4, 4);
    return v;
  }

  Num read_target(const Target& t);
  std::string read_str(const Target& t);
  void assign_num(const Target& t, Num v);
  void assign_str(const Target& t, std::string v);

  // ---- statements --------------------------------------------------------------------
  void exec_print(const Stmt& s);
  bool exec_input(const Stmt& s);  // false: input ended
  void exec_for(const Stmt& s);
  void exec_next(const Stmt& s, int line, int stmt, std::size_t from_var);
  void exec_read(const Stmt& s);
  bool jump(const Stmt& s, std::size_t k);  // to s.lines[k]; false on Undefined line
  bool find_next(ForFrame& f);              // the NEXT that closes a FOR

  const Program& program_;
  machine::Machine& machine_;
  machine::Printer& printer_;
  bool c64_ = false;
  core::C64Rnd c64_rnd_;
  std::vector<core::C64Float> csingles_;  // c64: single variables, rounded
  long c64_free_ = 0;                      // c64: BASIC bytes free
  int c64_col_ = 0;                        // c64: the cursor's column
  std::vector<float> singles_;
  std::vector<int16_t> integers_;
  std::vector<std::string> strings_;
  std::vector<ArrayData> arrays_;
  std::vector<Frame> stack_;            // GOSUB
  std::vector<ForFrame> loops_;         // FOR
  std::vector<const Stmt*> functions_;  // DEF FN, once its DEF ran
  int function_depth_ = 0;
  int eval_depth_ = 0;
  ErrorCode err_ = ErrorCode::kNone;
  std::string detail_;
  int line_ = 0, stmt_ = 0;            // the statement running
  int next_line_ = 0, next_stmt_ = 0;  // where to go after it
  bool halted_ = false;
  // READ's place in the DATA statements.
  int data_line_ = 0, data_stmt_ = 0;
  std::size_t data_pos_ = 0;
  bool data_started_ = false;
};

// ---- expressions ------------------------------------------------------------------------

Num Interpreter::Impl::eval_num(const Expr& e) {
  if (eval_depth_ >= kMaxEvalDepth) {
    raise(ErrorCode::kOutOfMemory);
    return make_int(0);
  }
  ++eval_depth_;
  Num v = eval_num_inner(e);
  --eval_depth_;
  return v;
}

std::string Interpreter::Impl::eval_str(const Expr& e) {
  if (eval_depth_ >= kMaxEvalDepth) {
    raise(ErrorCode::kOutOfMemory);
    return {};
  }
  ++eval_depth_;
  std::string v = eval_str_inner(e);
  --eval_depth_;
  return v;
}

Num Interpreter::Impl::eval_num_inner(const Expr& e) {
  switch (e.kind) {
    case ExprKind::kNumber:
      if (c64_) return make_c(e.c64);
      if (e.is_double) return make_double(e.dnumber);
      return e.integer ? make_int(static_cast<int32_t>(e.number)) : make_float(e.number);
    case ExprKind::kVariable:
      if (e.type == Type::kInteger) return make_int(integers_[e.slot]);
      if (c64_) return make_c(csingles_[e.slot]);
      return make_float(singles_[e.slot]);
    case ExprKind::kArray: {
      long i = element(e.slot, e.args);
      if (i < 0) return make_int(0);
      const ArrayData& a = arrays_[e.slot];
      if (e.type == Type::kInteger) {
        int16_t v;
        std::memcpy(&v, a.block.data() + i * 2, 2);
        return make_int(v);
      }
      if (c64_) return make_c(get_c64_element(a, i));
      return make_float(get_single_element(a, i));
    }
    case ExprKind::kUnary: {
      Num v = eval_num(*e.args[0]);
      if (e.op == Op::kNot) return make_int(static_cast<int16_t>(~to_int(v)));
      if (c64_) {
        core::C64Float c = to_c(v);
        return make_c(c.is_zero() ? c : c.negated());
      }
      if (v.is_double) return make_double(v.d == 0 ? 0.0 : -v.d);
      // Negation gives a single even of an integer (so RANDOMIZE -5 is not RANDOMIZE A%).
      float f = v.as_float();
      return make_float(f == 0 ? 0.0f : -f);
    }
    case ExprKind::kBinary:
      return binary(e);
    case ExprKind::kFunction:
      return function(e);
    case ExprKind::kString:
      break;
  }
  raise(ErrorCode::kTypeMismatch);
  return make_int(0);
}

Num Interpreter::Impl::binary(const Expr& e) {
  const Expr& l = *e.args[0];
  const Expr& r = *e.args[1];
  if (l.type == Type::kString) {
    // String comparisons (concatenation is a string expression).
    std::string a = eval_str(l);
    std::string b = eval_str(r);
    int c = a.compare(b);
    bool t = false;
    switch (e.op) {
      case Op::kEq:
        t = c == 0;
        break;
      case Op::kNe:
        t = c != 0;
        break;
      case Op::kLt:
        t = c < 0;
        break;
      case Op::kGt:
        t = c > 0;
        break;
      case Op::kLe:
        t = c <= 0;
        break;
      case Op::kGe:
        t = c >= 0;
        break;
      default:
        raise(ErrorCode::kTypeMismatch);
        break;
    }
    return make_int(t ? -1 : 0);
  }
  Num a = eval_num(l);
  Num b = eval_num(r);
  if (c64_) return c64_binary(e.op, a, b);
  if (a.is_double || b.is_double) {
    std::optional<Num> v = double_binary(e.op, a, b);
    if (v) return *v;
  }
  switch (e.op) {
    case Op::kAdd:
    case Op::kSub:
    case Op::kMul: {
      // PC-BASIC makes every sum, difference and product a single (so A%+1 can pass
      // 32767), computed in MBF arithmetic.
      float x = a.as_float(), y = b.as_float();
      auto v = e.op == Op::kAdd ? mbf_add(x, y) : e.op == Op::kSub ? mbf_sub(x, y) : mbf_mul(x, y);
      return make_float(overflow_checked(v, x, y, e.op == Op::kMul));
    }
    case Op::kDiv: {
      float x = a.as_float(), y = b.as_float();
      if (y == 0) {
        warn(ErrorCode::kDivisionByZero);
        return make_float(x < 0 ? -kMaxSingle : kMaxSingle);
      }
      return make_float(overflow_checked(mbf_div(x, y), x, y, true));
    }
    case Op::kPow: {
      float x = a.as_float();
      if (b.is_int) {
        // An integer exponent multiplies out (square and multiply), as GW-BASIC does.
        long n = b.i;
        bool inverse = n < 0;
        unsigned long k = static_cast<unsigned long>(inverse ? -n : n);
        // Once a product overflows the power is the largest single, with one "Overflow"
        // (PC-BASIC: 2^1000); 2^-1000 is 0, with none.
        float result = 1, base = x;
        bool over = false;
        while (k && !over) {
          if (k & 1) {
            auto p = mbf_mul(result, base);
            over = !p;
            result = p.value_or(0);
          }
          k >>= 1;
          if (k && !over) {
            auto p = mbf_mul(base, base);
            over = !p;
            base = p.value_or(0);
          }
        }
        if (over) {
          if (inverse) return make_float(0);
          warn(ErrorCode::kOverflow);
          return make_float(kMaxSingle);  // positive even for (-3)^999, as in PC-BASIC
        }
        if (inverse) {
          if (result == 0) {
            warn(ErrorCode::kDivisionByZero);
            return make_float(kMaxSingle);
          }
          result = overflow_checked(mbf_div(1.0f, result), 1.0f, result, true);
        }
        return make_float(result);
      }
      double y = b.as_float();
      if (x < 0 && std::floor(y) != y) {
        raise(ErrorCode::kIllegalFunctionCall);
        return make_int(0);
      }
      if (x == 0 && y < 0) {
        warn(ErrorCode::kDivisionByZero);
        return make_float(kMaxSingle);
      }
      return host_result(std::pow(static_cast<double>(x), y));
    }
    case Op::kIntDiv:
    case Op::kMod: {
      int32_t x = to_int(a), y = to_int(b);
      if (y == 0) {
        // PC-BASIC answers with the largest single, as for /.
        warn(ErrorCode::kDivisionByZero);
        return make_float(x < 0 ? -kMaxSingle : kMaxSingle);
      }
      int32_t v = e.op == Op::kIntDiv ? x / y : x % y;
      if (v > 32767) return make_float(static_cast<float>(v));  // -32768 \ -1
      return make_int(v);
    }
    case Op::kEq:
    case Op::kNe:
    case Op::kLt:
    case Op::kGt:
    case Op::kLe:
    case Op::kGe: {
      int c;
      if (a.is_int && b.is_int) {
        c = a.i < b.i ? -1 : a.i > b.i ? 1 : 0;
      } else {
        float x = a.as_float(), y = b.as_float();
        c = x < y ? -1 : x > y ? 1 : 0;
      }
      bool t = e.op == Op::kEq   ? c == 0
               : e.op == Op::kNe ? c != 0
               : e.op == Op::kLt ? c < 0
               : e.op == Op::kGt ? c > 0
               : e.op == Op::kLe ? c <= 0
                                 : c >= 0;
      return make_int(t ? -1 : 0);
    }
    case Op::kAnd:
    case Op::kOr:
    case Op::kXor:
    case Op::kEqv:
    case Op::kImp: {
      int32_t x = to_int(a), y = to_int(b);
      int32_t v = e.op == Op::kAnd   ? (x & y)
                  : e.op == Op::kOr  ? (x | y)
                  : e.op == Op::kXor ? (x ^ y)
                  : e.op == Op::kEqv ? ~(x ^ y)
                                     : (~x | y);
      return make_int(static_cast<int16_t>(v));
    }
    default:
      break;
  }
  raise(ErrorCode::kTypeMismatch);
  return make_int(0);
}

Num Interpreter::Impl::c64_binary(Op op, const Num& an, const Num& bn) {
  using core::C64Float;
  auto truth = [](bool t) { return make_c(C64Float::from_int(t ? -1 : 0)); };
  switch (op) {
    case Op::kAnd:
    case Op::kOr: {
      int32_t x = to_int(an), y = to_int(bn);
      return make_c(C64Float::from_int(static_cast<int16_t>(op == Op::kAnd ? (x & y) : (x | y))));
    }
    default:
      break;
  }
  // As the ROM evaluates a OP b: a was pushed (rounded) and is ARG, b is in the FAC.
  C64Float a = stored(to_c(an));
  C64Float b = to_c(bn);
  if (err_ != ErrorCode::kNone) return make_c({});
  switch (op) {
    case Op::kAdd:
      return c_checked(C64Float::add(a, b));
    case Op::kSub:
      return c_checked(C64Float::subtract(a, b));
    case Op::kMul:
      return c_checked(C64Float::multiply(a, b));
    case Op::kDiv:
      if (b.is_zero()) {
        raise(ErrorCode::kDivisionByZero);
        return make_c({});
      }
      return c_checked(C64Float::divide(a, b));
    case Op::kPow: {
      long double x = a.to_double(), y = b.to_double();
      if (y == 0) return make_c(C64Float::from_int(1));
      if (x == 0) {
        if (y < 0) raise(ErrorCode::kDivisionByZero);
        return make_c({});
      }
      if (x < 0 && y != std::floor(y)) {
        raise(ErrorCode::kIllegalFunctionCall);
        return make_c({});
      }
      auto v = c64_from_double(std::pow(x, y));
      if (!v) {
        raise(ErrorCode::kOverflow);
        return make_c({});
      }
      return make_c(*v);
    }
    case Op::kEq:
    case Op::kNe:
    case Op::kLt:
    case Op::kGt:
    case Op::kLe:
    case Op::kGe: {
      // FCOMP: the sign of a - b.
      int c = C64Float::compare(a.pack_rounded(), b);
      switch (op) {
        case Op::kEq: return truth(c == 0);
        case Op::kNe: return truth(c != 0);
        case Op::kLt: return truth(c < 0);
        case Op::kGt: return truth(c > 0);
        case Op::kLe: return truth(c <= 0);
        default: return truth(c >= 0);
      }
    }
    default:
      break;
  }
  raise(ErrorCode::kSyntax);  // \, MOD, XOR, EQV, IMP: not C64 BASIC
  return make_c({});
}

std::optional<Num> Interpreter::Impl::double_binary(Op op, Num a, Num b) {
  long double x = a.as_double(), y = b.as_double();
  long double v = 0;
  switch (op) {
    case Op::kAdd:
      v = x + y;
      break;
    case Op::kSub:
      v = x - y;
      break;
    case Op::kMul:
      v = x * y;
      break;
    case Op::kDiv:
      if (y == 0) {
        warn(ErrorCode::kDivisionByZero);
        return make_double(x < 0 ? -kMaxDouble : kMaxDouble);
      }
      v = x / y;
      break;
    case Op::kEq:
      return make_int(x == y ? -1 : 0);
    case Op::kNe:
      return make_int(x != y ? -1 : 0);
    case Op::kLt:
      return make_int(x < y ? -1 : 0);
    case Op::kGt:
      return make_int(x > y ? -1 : 0);
    case Op::kLe:
      return make_int(x <= y ? -1 : 0);
    case Op::kGe:
      return make_int(x >= y ? -1 : 0);
    default:
      return std::nullopt;
  }
  if (!(std::fabs(v) <= kMaxDouble)) {
    warn(ErrorCode::kOverflow);
    return make_double(v < 0 ? -kMaxDouble : kMaxDouble);
  }
  return make_double(v);
}

void Interpreter::Impl::call_function(const Expr& e, Num* num, std::string* str) {
  const Stmt* def = functions_[e.slot];
  if (!def) {
    raise(ErrorCode::kUndefinedFunction);
    return;
  }
  if (e.args.size() != def->targets.size()) {
    raise(ErrorCode::kSyntax);
    return;
  }
  // The parameters are ordinary variables, lent to the call and given back after it.
  std::vector<Num> nums(e.args.size());
  std::vector<std::string> strs(e.args.size());
  for (std::size_t k = 0; k < e.args.size(); ++k) {
    bool want_string = def->targets[k].type == Type::kString;
    if ((e.args[k]->type == Type::kString) != want_string) {
      raise(ErrorCode::kTypeMismatch);
      return;
    }
    if (want_string)
      strs[k] = eval_str(*e.args[k]);
    else
      nums[k] = eval_num(*e.args[k]);
  }
  if (err_ != ErrorCode::kNone) return;
  if (function_depth_ >= 64) {
    raise(ErrorCode::kOutOfMemory);
    return;
  }
  std::vector<Num> saved_nums(e.args.size());
  std::vector<std::string> saved_strs(e.args.size());
  for (std::size_t k = 0; k < e.args.size(); ++k) {
    const Target& t = def->targets[k];
    if (t.type == Type::kString) {
      saved_strs[k] = strings_[t.slot];
      strings_[t.slot] = strs[k];
    } else {
      saved_nums[k] = read_target(t);
      assign_num(t, nums[k]);
    }
  }
  ++function_depth_;
  if (str)
    *str = eval_str(*def->exprs[0]);
  else
    *num = eval_num(*def->exprs[0]);
  --function_depth_;
  for (std::size_t k = 0; k < e.args.size(); ++k) {
    const Target& t = def->targets[k];
    if (t.type == Type::kString)
      strings_[t.slot] = std::move(saved_strs[k]);
    else if (t.type == Type::kInteger)
      integers_[t.slot] = static_cast<int16_t>(saved_nums[k].i);
    else if (c64_)
      csingles_[t.slot] = saved_nums[k].c;
    else
      singles_[t.slot] = saved_nums[k].f;
  }
}

Num Interpreter::Impl::function(const Expr& e) {
  auto arg = [&](std::size_t i) { return eval_num(*e.args[i]); };
  if (c64_) {
    switch (e.function) {
      case Keyword::kInt:
        return make_c(to_c(arg(0)).floor());
      case Keyword::kAbs: {
        core::C64Float v = to_c(arg(0));
        v.negative = false;
        return make_c(v);
      }
      case Keyword::kRnd: {
        core::C64Float x = e.args.empty() ? core::C64Float::from_int(1) : to_c(arg(0));
        // RND(0) reads the C64's timers: not reproducible, taken as RND(1) here.
        return make_c(x.negative ? c64_rnd_.reseed(x) : c64_rnd_.next());
      }
      case Keyword::kFn: {
        Num v = make_c({});
        call_function(e, &v, nullptr);
        if (e.type == Type::kInteger && err_ == ErrorCode::kNone) return make_int(to_int(v));
        return v;
      }
      case Keyword::kSqr:
      case Keyword::kExp:
      case Keyword::kLog:
      case Keyword::kSin:
      case Keyword::kCos:
      case Keyword::kTan:
      case Keyword::kAtn: {
        // In the host's long double, rounded into 5 bytes (the ROM's series can differ in
        // the last bits; what PRINT shows of them agrees in the recordings).
        long double x = to_c(arg(0)).to_double();
        if (err_ != ErrorCode::kNone) return make_c({});
        long double v = 0;
        switch (e.function) {
          case Keyword::kSqr: v = x < 0 ? -1 : std::sqrt(x); break;
          case Keyword::kExp: v = std::exp(x); break;
          case Keyword::kLog: v = x <= 0 ? -1 : std::log(x); break;
          case Keyword::kSin: v = std::sin(x); break;
          case Keyword::kCos: v = std::cos(x); break;
          case Keyword::kTan: v = std::tan(x); break;
          default: v = std::atan(x); break;
        }
        if ((e.function == Keyword::kSqr && x < 0) || (e.function == Keyword::kLog && x <= 0)) {
          raise(ErrorCode::kIllegalFunctionCall);
          return make_c({});
        }
        auto c = c64_from_double(v);
        if (!c || std::isinf(v) || std::isnan(v)) {
          raise(ErrorCode::kOverflow);
          return make_c({});
        }
        return make_c(*c);
      }
      default: {
        // The other functions compute in the host's double and round into 5 bytes.
        Num v = function_pc(e);
        if (v.is_int || v.is_c) return v;
        return make_c(to_c(make_double(v.as_double())));
      }
    }
  }
  return function_pc(e);
}

Num Interpreter::Impl::function_pc(const Expr& e) {
  auto arg = [&](std::size_t i) { return eval_num(*e.args[i]); };
  switch (e.function) {
    case Keyword::kFn: {
      Num v = make_int(0);
      call_function(e, &v, nullptr);
      if (e.type == Type::kInteger && err_ == ErrorCode::kNone) return make_int(to_int(v));
      if (e.type == Type::kSingle) return make_float(v.as_float());
      return v;
    }
    case Keyword::kInt: {
      Num v = arg(0);
      if (v.is_double) return make_double(std::floor(v.d));
      return v.is_int ? v : make_float(std::floor(v.f));
    }
    case Keyword::kFix: {
      Num v = arg(0);
      if (v.is_double) return make_double(std::trunc(v.d));
      return v.is_int ? v : make_float(std::trunc(v.f));
    }
    case Keyword::kCint:
      return make_int(to_int(arg(0)));
    case Keyword::kCsng:
      return make_float(arg(0).as_float());
    case Keyword::kCdbl:
      return make_double(arg(0).as_double());  // CDBL(.1) is .1000000014901161
    case Keyword::kAbs: {
      Num v = arg(0);
      if (v.is_double) return make_double(std::fabs(v.d));
      return make_float(std::fabs(v.as_float()));
    }
    case Keyword::kSgn: {
      long double v = arg(0).as_double();
      return make_int(v > 0 ? 1 : v < 0 ? -1 : 0);
    }
    case Keyword::kSqr: {
      double v = arg(0).as_float();
      if (v < 0) {
        raise(ErrorCode::kIllegalFunctionCall);
        return make_int(0);
      }
      return host_result(std::sqrt(v));
    }
    case Keyword::kSin:
      return host_result(std::sin(static_cast<double>(arg(0).as_float())));
    case Keyword::kCos:
      return host_result(std::cos(static_cast<double>(arg(0).as_float())));
    case Keyword::kTan:
      return host_result(std::tan(static_cast<double>(arg(0).as_float())));
    case Keyword::kAtn:
      return host_result(std::atan(static_cast<double>(arg(0).as_float())));
    case Keyword::kExp:
      return host_result(std::exp(static_cast<double>(arg(0).as_float())));
    case Keyword::kLog: {
      double v = arg(0).as_float();
      if (v <= 0) {
        raise(ErrorCode::kIllegalFunctionCall);
        return make_int(0);
      }
      return host_result(std::log(v));
    }
    case Keyword::kRnd: {
      float x = e.args.empty() ? 1.0f : arg(0).as_float();
      return make_float(machine_.rnd().rnd(x));
    }
    case Keyword::kLen:
      return make_int(static_cast<int32_t>(eval_str(*e.args[0]).size()));
    case Keyword::kAsc: {
      std::string s = eval_str(*e.args[0]);
      if (s.empty()) {
        raise(ErrorCode::kIllegalFunctionCall);
        return make_int(0);
      }
      return make_int(static_cast<unsigned char>(s[0]));
    }
    case Keyword::kVal: {
      auto v = parse_decimal(eval_str(*e.args[0]), false);
      if (!v) return make_int(0);
      if (v->overflow && v->radix) {
        raise(ErrorCode::kOverflow);  // VAL("&HFFFFFF"): an error, not a warning
        return make_int(0);
      }
      if (v->overflow) warn(ErrorCode::kOverflow);
      return v->is_integer ? make_int(static_cast<int32_t>(v->value)) : make_float(v->value);
    }
    case Keyword::kInstr: {
      int32_t start = 1;
      if (e.args[0]) start = to_int(arg(0));
      std::string s = eval_str(*e.args[1]);
      std::string t = eval_str(*e.args[2]);
      if (start < 1 || start > 255) {
        raise(ErrorCode::kIllegalFunctionCall);
        return make_int(0);
      }
      if (static_cast<std::size_t>(start) > s.size()) return make_int(0);
      if (t.empty()) return make_int(start);
      auto pos = s.find(t, static_cast<std::size_t>(start - 1));
      return make_int(pos == std::string::npos ? 0 : static_cast<int32_t>(pos + 1));
    }
    default:
      break;
  }
  raise(ErrorCode::kTypeMismatch);
  return make_int(0);
}

std::string Interpreter::Impl::eval_str_inner(const Expr& e) {
  switch (e.kind) {
    case ExprKind::kString:
      return e.text;
    case ExprKind::kVariable:
      return strings_[e.slot];
    case ExprKind::kArray: {
      long i = element(e.slot, e.args);
      if (i < 0) return {};
      return arrays_[e.slot].strings[static_cast<std::size_t>(i)];
    }
    case ExprKind::kBinary: {
      std::string s = eval_str(*e.args[0]);
      s += eval_str(*e.args[1]);
      if (s.size() > kMaxString) {
        raise(ErrorCode::kStringTooLong);
        return {};
      }
      return s;
    }
    case ExprKind::kFunction:
      return string_function(e);
    default:
      break;
  }
  raise(ErrorCode::kTypeMismatch);
  return {};
}

std::string Interpreter::Impl::string_function(const Expr& e) {
  auto count = [&](std::size_t i, int lo) -> int {
    int32_t n = to_int(eval_num(*e.args[i]));
    if (n < lo || n > 255) {
      raise(ErrorCode::kIllegalFunctionCall);
      return 0;
    }
    return n;
  };
  switch (e.function) {
    case Keyword::kFn: {
      std::string out;
      call_function(e, nullptr, &out);
      return out;
    }
    case Keyword::kLeft: {
      std::string s = eval_str(*e.args[0]);
      int n = count(1, 0);
      return s.substr(0, static_cast<std::size_t>(n));
    }
    case Keyword::kRight: {
      std::string s = eval_str(*e.args[0]);
      std::size_t n = static_cast<std::size_t>(count(1, 0));
      return n >= s.size() ? s : s.substr(s.size() - n);
    }
    case Keyword::kMid: {
      std::string s = eval_str(*e.args[0]);
      std::size_t start = static_cast<std::size_t>(count(1, 1));
      std::size_t n = e.args.size() > 2 ? static_cast<std::size_t>(count(2, 0)) : 255;
      if (err_ != ErrorCode::kNone || start > s.size()) return {};
      return s.substr(start - 1, n);
    }
    case Keyword::kChr:
      return std::string(1, static_cast<char>(count(0, 0)));
    case Keyword::kStr: {
      Num v = eval_num(*e.args[0]);
      if (c64_) return to_c(v).to_string();
      return v.is_int      ? format_integer(v.i)
             : v.is_double ? format_double(v.d)
                           : format_number(v.f);
    }
    case Keyword::kSpace:
      return std::string(static_cast<std::size_t>(count(0, 0)), ' ');
    case Keyword::kString: {
      std::size_t n = static_cast<std::size_t>(count(0, 0));
      char c;
      if (e.args[1]->type == Type::kString) {
        std::string s = eval_str(*e.args[1]);
        if (s.empty()) {
          raise(ErrorCode::kIllegalFunctionCall);
          return {};
        }
        c = s[0];
      } else {
        c = static_cast<char>(count(1, 0));
      }
      return std::string(n, c);
    }
    default:
      break;
  }
  raise(ErrorCode::kTypeMismatch);
  return {};
}

// ---- arrays and variables ---------------------------------------------------------------

bool Interpreter::Impl::dimension(int slot, const std::vector<int>& bounds) {
  ArrayData& a = arrays_[slot];
  std::size_t count = 1;
  for (int b : bounds) {
    count *= static_cast<std::size_t>(b) + 1;
    if (count > (std::size_t{1} << 31)) {
      raise(ErrorCode::kOutOfMemory);
      return false;
    }
  }
  Type type = program_.arrays[slot].type;
  // Element sizes as GW-BASIC stores them: single 4, integer 2, string descriptor 3.
  std::size_t size = type == Type::kInteger ? 2 : type == Type::kString ? 3 : c64_ ? 5 : 4;
  if (c64_) {
    // The C64 keeps the array after the variables: a 5-byte header and 2 bytes a
    // dimension before the elements, all inside its free BASIC bytes.
    std::size_t need = 5 + 2 * bounds.size() + count * size;
    if (static_cast<long>(need) > c64_free_) {
      detail_ = "the C64 has " + std::to_string(std::max(0L, c64_free_)) +
                " BASIC bytes free; the array needs " + std::to_string(need);
      raise(ErrorCode::kOutOfMemory);
      return false;
    }
    c64_free_ -= static_cast<long>(need);
  }
  auto block = machine_.ram().allocate(count * size, "array " + program_.arrays[slot].name);
  if (!block) {
    detail_ = block.error().message;
    raise(ErrorCode::kOutOfMemory);
    return false;
  }
  a.block = std::move(*block);
  a.defined = true;
  a.bounds = bounds;
  a.count = count;
  if (type == Type::kString) a.strings.assign(count, std::string());
  return true;
}

long Interpreter::Impl::element(int slot, const std::vector<ExprPtr>& subscripts) {
  ArrayData& a = arrays_[slot];
  // Subscripts are evaluated before an implicit DIM happens.
  int32_t idx[8];
  std::vector<int32_t> many;
  int32_t* index = idx;
  if (subscripts.size() > 8) {
    many.resize(subscripts.size());
    index = many.data();
  }
  for (std::size_t k = 0; k < subscripts.size(); ++k) index[k] = to_int(eval_num(*subscripts[k]));
  if (err_ != ErrorCode::kNone) return -1;
  for (std::size_t k = 0; k < subscripts.size(); ++k) {
    if (index[k] < 0) {
      raise(ErrorCode::kIllegalFunctionCall);  // A(-1), as in GW-BASIC
      return -1;
    }
  }
  if (!a.defined) {
    // First use without DIM: 0..10 in each dimension.
    if (!dimension(slot, std::vector<int>(subscripts.size(), 10))) return -1;
  }
  if (subscripts.size() != a.bounds.size()) {
    raise(ErrorCode::kSubscriptOutOfRange);
    return -1;
  }
  long offset = 0;
  for (std::size_t k = 0; k < subscripts.size(); ++k) {
    if (index[k] > a.bounds[k]) {
      raise(ErrorCode::kSubscriptOutOfRange);
      return -1;
    }
    offset = offset * (a.bounds[k] + 1) + index[k];
  }
  return offset;
}

Num Interpreter::Impl::read_target(const Target& t) {
  if (t.array) {
    long i = element(t.slot, t.subscripts);
    if (i < 0) return make_int(0);
    if (t.type == Type::kInteger) {
      int16_t v;
      std::memcpy(&v, arrays_[t.slot].block.data() + i * 2, 2);
      return make_int(v);
    }
    if (c64_) return make_c(get_c64_element(arrays_[t.slot], i));
    return make_float(get_single_element(arrays_[t.slot], i));
  }
  if (t.type == Type::kInteger) return make_int(integers_[t.slot]);
  if (c64_) return make_c(csingles_[t.slot]);
  return make_float(singles_[t.slot]);
}

std::string Interpreter::Impl::read_str(const Target& t) {
  if (t.array) {
    long i = element(t.slot, t.subscripts);
    if (i < 0) return {};
    return arrays_[t.slot].strings[static_cast<std::size_t>(i)];
  }
  return strings_[t.slot];
}

void Interpreter::Impl::assign_num(const Target& t, Num v) {
  if (t.type == Type::kInteger) {
    int32_t n = to_int(v);
    if (err_ != ErrorCode::kNone) return;
    int16_t s = static_cast<int16_t>(n);
    if (t.array) {
      long i = element(t.slot, t.subscripts);
      if (i >= 0) std::memcpy(arrays_[t.slot].block.data() + i * 2, &s, 2);
    } else {
      integers_[t.slot] = s;
    }
    return;
  }
  if (c64_) {
    core::C64Float c = to_c(v);
    if (err_ != ErrorCode::kNone) return;
    if (t.array) {
      long i = element(t.slot, t.subscripts);
      if (i >= 0) {
        auto p = c.pack_rounded();
        std::memcpy(arrays_[t.slot].block.data() + i * 5, p.data(), 5);
      }
    } else {
      csingles_[t.slot] = stored(c);
    }
    return;
  }
  float f = v.as_float();
  if (t.array) {
    long i = element(t.slot, t.subscripts);
    if (i >= 0) std::memcpy(arrays_[t.slot].block.data() + i * 4, &f, 4);
  } else {
    singles_[t.slot] = f;
  }
}

void Interpreter::Impl::assign_str(const Target& t, std::string v) {
  if (t.array) {
    long i = element(t.slot, t.subscripts);
    if (i >= 0) arrays_[t.slot].strings[static_cast<std::size_t>(i)] = std::move(v);
  } else {
    strings_[t.slot] = std::move(v);
  }
}

// ---- statements -------------------------------------------------------------------------

bool Interpreter::Impl::jump(const Stmt& s, std::size_t k) {
  int& cached = s.resolved[k];
  if (cached == -2) cached = program_.find_line(s.lines[k]);
  if (cached < 0) {
    raise(ErrorCode::kUndefinedLine);
    return false;
  }
  next_line_ = cached;
  next_stmt_ = 0;
  return true;
}

void Interpreter::Impl::exec_print(const Stmt& s) {
  if (c64_) {
    for (const PrintItem& item : s.items) {
      switch (item.kind) {
        case PrintItem::kValue:
          if (item.value->type == Type::kString) {
            std::string text = eval_str(*item.value);
            if (err_ != ErrorCode::kNone) return;
            c64_put(text);
          } else {
            Num v = eval_num(*item.value);
            core::C64Float c = to_c(v);
            if (err_ != ErrorCode::kNone) return;
            c64_put(c.to_string());
            c64_right(1);  // the C64 moves the cursor right after every number
          }
          break;
        case PrintItem::kComma:
          c64_right(10 - c64_col_ % 10);  // to the next multiple of 10
          break;
        case PrintItem::kSemicolon:
          break;
        case PrintItem::kTab:
        case PrintItem::kSpc: {
          int32_t n = to_int(eval_num(*item.value));  // GETBYT: 0..255
          if (err_ != ErrorCode::kNone) return;
          if (n < 0 || n > 255) {
            raise(ErrorCode::kIllegalFunctionCall);
            return;
          }
          if (item.kind == PrintItem::kSpc)
            c64_right(n);
          else if (c64_col_ < n)
            c64_right(n - c64_col_);
          break;
        }
      }
    }
    if (s.newline) c64_newline();
    return;
  }
  for (const PrintItem& item : s.items) {
    switch (item.kind) {
      case PrintItem::kValue:
        if (item.value->type == Type::kString) {
          std::string text = eval_str(*item.value);
          if (err_ != ErrorCode::kNone) return;
          printer_.print(text);
        } else {
          Num v = eval_num(*item.value);
          if (err_ != ErrorCode::kNone) return;
          // A number prints with a trailing space, as one item.
          printer_.print((v.is_int      ? format_integer(v.i)
                          : v.is_double ? format_double(v.d)
                                        : format_number(v.f)) +
                         " ");
        }
        break;
      case PrintItem::kComma:
        printer_.comma();
        break;
      case PrintItem::kSemicolon:
        break;
      case PrintItem::kTab:
      case PrintItem::kSpc: {
        // The argument is an unsigned 16-bit count (PC-BASIC): TAB(-1) is TAB(65535),
        // column 15 on 80 columns; beyond -32768..65535 it is an Overflow.
        Num v = eval_num(*item.value);
        if (err_ != ErrorCode::kNone) return;
        float r = std::round(v.as_float());
        if (!(r >= -32768.0f && r <= 65535.0f)) {
          raise(ErrorCode::kOverflow);
          return;
        }
        int32_t n = static_cast<int32_t>(r);
        if (n < 0) n += 65536;
        if (item.kind == PrintItem::kTab)
          printer_.tab(n);
        else
          printer_.spc(n);
        break;
      }
    }
  }
  // The PRINT's own line end: after a line filled to exactly the width it leaves an empty
  // line (the Printer holds all the line-end rules; FACTS.md "PRINT at the line end").
  if (s.newline) printer_.end_print();
}

namespace {

// One field of a typed INPUT line, read as GW-BASIC's console INPUT reads it: spaces are
// dropped from numbers, a string may be quoted, the field ends at a comma.
// `sep` is ',' when a comma ended the field, '\0' at the end of the line, or another
// character that ended a quoted string early.
std::string input_field(std::string_view line, std::size_t& i, bool is_string, char& sep) {
  while (i < line.size() && line[i] == ' ') ++i;
  std::string word, blanks;
  bool quoted = is_string && i < line.size() && line[i] == '"';
  if (quoted) ++i;
  sep = '\0';
  while (i < line.size()) {
    char c = line[i++];
    if (quoted && c == '"') {
      while (i < line.size() && line[i] == ' ') ++i;
      if (i < line.size()) {
        sep = line[i++];
      }
      return word;
    }
    if (!quoted && c == ',') {
      sep = ',';
      return word;
    }
    if (!quoted && (c == ' ' || c == '\0')) {
      if (is_string) blanks += c;
      continue;
    }
    word += blanks;
    word += c;
    blanks.clear();
  }
  return word;
}

}  // namespace

// INPUT on the C64: the prompt, "?" and a cursor-right; the typed line is not echoed (as
// recorded from a pipe) but ends the row. An empty line leaves the variables as they are;
// too few fields ask "??" for more; a field that is not a number is ?REDO FROM START (the
// whole statement again); text left over is ?EXTRA IGNORED.
bool Interpreter::Impl::c64_input(const Stmt& s) {
  while (true) {
    c64_put(s.prompt);
    c64_put("?");
    c64_right(1);
    auto typed = machine_.input().read_line();
    if (!typed) return false;
    c64_newline();
    std::string line = *typed;
    if (line.empty()) return true;
    std::size_t pos = 0;
    bool redo = false;
    for (std::size_t k = 0; k < s.targets.size() && !redo; ++k) {
      const Target& t = s.targets[k];
      if (k > 0) {
        if (pos >= line.size()) {
          c64_put("??");
          c64_right(1);
          auto more = machine_.input().read_line();
          if (!more) return false;
          c64_newline();
          line = *more;
          pos = 0;
          if (line.empty()) return true;
        } else {
          ++pos;  // the comma
        }
      }
      while (pos < line.size() && line[pos] == ' ') ++pos;
      std::string word;
      if (t.type == Type::kString && pos < line.size() && line[pos] == '"') {
        std::size_t end = line.find('"', pos + 1);
        if (end == std::string::npos) end = line.size();
        word = line.substr(pos + 1, end - pos - 1);
        pos = std::min(line.size(), end + 1);
        while (pos < line.size() && line[pos] != ',') ++pos;
      } else {
        std::size_t end = line.find(',', pos);
        if (end == std::string::npos) end = line.size();
        word = line.substr(pos, end - pos);
        pos = end;
        if (t.type == Type::kString)
          while (!word.empty() && word.back() == ' ') word.pop_back();
      }
      if (t.type == Type::kString) {
        assign_str(t, word);
      } else {
        auto v = c64_from_text(word);
        if (!v) {
          redo = true;
          break;
        }
        assign_num(t, make_c(*v));
      }
      if (err_ != ErrorCode::kNone) return true;
    }
    if (redo) {
      c64_put("?REDO FROM START");
      c64_newline();
      continue;
    }
    if (pos < line.size()) {
      c64_put("?EXTRA IGNORED");
      c64_newline();
    }
    return true;
  }
}

bool Interpreter::Impl::exec_input(const Stmt& s) {
  if (c64_) return c64_input(s);
  std::string prompt = s.prompt;
  if (s.question) prompt += "? ";
  while (true) {
    printer_.write(prompt);  // PC-BASIC writes the prompt where the cursor is
    printer_.flush();
    auto typed = machine_.input().read_line();
    if (!typed) return false;  // PC-BASIC stops here, the prompt left on its line
    // The echo has no line-fit rule; past a full line the line read starts with the
    // character at its end (Printer::typed_line, FACTS.md "PRINT at the line end").
    std::string line = printer_.typed_line(*typed, machine_.echo());
    printer_.newline();
    std::size_t pos = 0;
    bool ok = true;
    std::vector<std::string> words;
    std::vector<char> seps;
    for (const Target& t : s.targets) {
      char sep;
      words.push_back(input_field(line, pos, t.type == Type::kString, sep));
      seps.push_back(sep);
    }
    // Too many fields (something after the last), or too few (a field ended the line).
    if (seps.back() != '\0') ok = false;
    for (std::size_t k = 0; k + 1 < seps.size(); ++k) {
      if (seps[k] == '\0') ok = false;
    }
    std::vector<ParsedNumber> numbers(s.targets.size());
    for (std::size_t k = 0; ok && k < s.targets.size(); ++k) {
      if (s.targets[k].type == Type::kString) continue;
      auto v = parse_decimal(words[k], true);
      if (!v || (v->radix && v->overflow))  // &H10000 at INPUT: ?Redo (PC-BASIC)
        ok = false;
      else
        numbers[k] = *v;
    }
    if (!ok) {
      printer_.print("?Redo from start");
      printer_.newline();
      continue;
    }
    for (std::size_t k = 0; k < s.targets.size() && err_ == ErrorCode::kNone; ++k) {
      const Target& t = s.targets[k];
      if (t.type == Type::kString) {
        assign_str(t, words[k]);
      } else {
        if (numbers[k].overflow) warn(ErrorCode::kOverflow);
        Num v = numbers[k].is_integer ? make_int(static_cast<int32_t>(numbers[k].value))
                                      : make_float(numbers[k].value);
        assign_num(t, v);
      }
    }
    return true;
  }
}

// The NEXT that closes the FOR running now: the first NEXT variable, in program order,
// not taken by a FOR in between ("NEXT J,I" closes two).
bool Interpreter::Impl::find_next(ForFrame& f) {
  int depth = 0;
  int li = line_, si = stmt_ + 1;
  while (li < static_cast<int>(program_.lines.size())) {
    const auto& stmts = program_.lines[li].stmts;
    for (; si < static_cast<int>(stmts.size()); ++si) {
      if (stmts[si].kind == StmtKind::kFor) {
        ++depth;
      } else if (stmts[si].kind == StmtKind::kNext) {
        int vars = std::max<int>(1, static_cast<int>(stmts[si].targets.size()));
        for (int v = 0; v < vars; ++v) {
          if (depth == 0) {
            f.next_line = li;
            f.next_stmt = si;
            f.next_var = v;
            // A NEXT naming another variable is "NEXT without FOR" at once, in the NEXT's
            // line, before the loop body runs (PC-BASIC: FOR I=1 TO 3:PRINT I:NEXT J).
            const auto& named = stmts[si].targets;
            if (!named.empty() &&
                (named[v].type != f.var_type || named[v].slot != f.var_slot)) {
              line_ = li;
              raise(ErrorCode::kNextWithoutFor);
              return false;
            }
            return true;
          }
          --depth;
        }
      }
    }
    ++li;
    si = 0;
  }
  raise(ErrorCode::kForWithoutNext);
  return false;
}

void Interpreter::Impl::exec_for(const Stmt& s) {
  const Target& var = s.targets[0];
  Num start = eval_num(*s.exprs[0]);
  Num limit = eval_num(*s.exprs[1]);
  Num step = s.has_step ? eval_num(*s.exprs[2]) : make_int(1);
  if (err_ != ErrorCode::kNone) return;
  ForFrame f;
  f.var_type = var.type;
  f.var_slot = var.slot;  // find_next checks the NEXT's variable against these
  f.for_line = line_;
  f.for_stmt = stmt_ + 1;
  bool empty;
  int32_t istart = 0;
  if (var.type == Type::kInteger) {
    istart = to_int(start);
    f.ilimit = to_int(limit);
    f.istep = to_int(step);
    f.sign = f.istep > 0 ? 1 : f.istep < 0 ? -1 : 0;
    empty = f.sign >= 0 ? istart > f.ilimit : f.ilimit > istart;
  } else if (c64_) {
    f.climit = stored(to_c(limit));
    f.cstep = stored(to_c(step));
    f.sign = f.cstep.is_zero() ? 0 : f.cstep.negative ? -1 : 1;
    empty = false;  // the C64 runs the body once whatever the limit
  } else {
    f.limit = limit.as_float();
    f.step = step.as_float();
    f.sign = f.step > 0 ? 1 : f.step < 0 ? -1 : 0;
    float a = start.as_float();
    empty = f.sign >= 0 ? a > f.limit : f.limit > a;
  }
  if (err_ != ErrorCode::kNone || !find_next(f)) return;
  if (var.type == Type::kInteger)
    integers_[var.slot] = static_cast<int16_t>(istart);
  else if (c64_)
    csingles_[var.slot] = stored(to_c(start));
  else
    singles_[var.slot] = start.as_float();
  if (loops_.size() >= kMaxStack) {
    raise(ErrorCode::kOutOfMemory);
    return;
  }
  loops_.push_back(f);
  if (empty) {
    // PC-BASIC goes to the NEXT and iterates once there, so the variable moves on by a
    // step (FOR I=3 TO 1 leaves I=4) and the loop ends.
    const Stmt& next = program_.lines[f.next_line].stmts[f.next_stmt];
    exec_next(next, f.next_line, f.next_stmt, static_cast<std::size_t>(f.next_var));
  }
}

void Interpreter::Impl::exec_next(const Stmt& s, int line, int stmt, std::size_t from_var) {
  next_line_ = line;
  next_stmt_ = stmt + 1;
  std::size_t count = std::max<std::size_t>(1, s.targets.size());
  for (std::size_t n = from_var; n < count; ++n) {
    long found = -1;
    for (std::size_t k = loops_.size(); k-- > 0;) {
      const ForFrame& f = loops_[k];
      if (f.next_line == line && f.next_stmt == stmt && f.next_var == static_cast<int>(n)) {
        found = static_cast<long>(k);
        break;
      }
    }
    if (found < 0 || (!s.targets.empty() && (loops_[found].var_type != s.targets[n].type ||
                                             loops_[found].var_slot != s.targets[n].slot))) {
      raise(ErrorCode::kNextWithoutFor);
      return;
    }
    loops_.resize(static_cast<std::size_t>(found) + 1);
    ForFrame& f = loops_.back();
    bool ends;
    if (f.var_type == Type::kInteger) {
      int32_t v = integers_[f.var_slot] + f.istep;
      if (v < -32768 || v > 32767) {
        raise(ErrorCode::kOverflow);
        return;
      }
      integers_[f.var_slot] = static_cast<int16_t>(v);
      ends = f.sign > 0 ? v > f.ilimit : f.ilimit > v;
    } else if (c64_) {
      // NEXT: the step in the FAC plus the variable from memory, stored, then compared
      // with the limit; the loop ends when that comparison has the step's sign.
      core::C64Float v = core::C64Float::add(csingles_[f.var_slot], f.cstep);
      if (c64_overflowed(v)) {
        raise(ErrorCode::kOverflow);
        return;
      }
      v = stored(v);
      csingles_[f.var_slot] = v;
      int c = -core::C64Float::compare(f.climit.pack_rounded(), v);  // sign of v - limit
      ends = f.sign > 0 ? c > 0 : f.sign < 0 ? c < 0 : c == 0;
    } else {
      float v = overflow_checked(mbf_add(singles_[f.var_slot], f.step), singles_[f.var_slot],
                                 f.step, false);
      singles_[f.var_slot] = v;
      ends = f.sign > 0 ? v > f.limit : f.limit > v;
    }
    if (!ends) {
      next_line_ = f.for_line;
      next_stmt_ = f.for_stmt;
      return;
    }
    loops_.pop_back();
  }
}

void Interpreter::Impl::exec_read(const Stmt& s) {
  for (const Target& t : s.targets) {
    // Find the next DATA item.
    std::string item;
    bool found = false;
    while (!found) {
      if (data_line_ >= static_cast<int>(program_.lines.size())) {
        raise(ErrorCode::kOutOfData);
        return;
      }
      const auto& stmts = program_.lines[data_line_].stmts;
      if (data_stmt_ >= static_cast<int>(stmts.size())) {
        ++data_line_, data_stmt_ = 0, data_pos_ = 0, data_started_ = false;
        continue;
      }
      const Stmt& d = stmts[data_stmt_];
      if (d.kind != StmtKind::kData || (data_started_ && data_pos_ > d.data.size())) {
        ++data_stmt_, data_pos_ = 0, data_started_ = false;
        continue;
      }
      data_started_ = true;
      // One item: quoted, or up to the next comma (spaces around it dropped).
      std::size_t i = data_pos_;
      while (i < d.data.size() && d.data[i] == ' ') ++i;
      if (i < d.data.size() && d.data[i] == '"') {
        std::size_t end = d.data.find('"', i + 1);
        if (end == std::string::npos) end = d.data.size();
        item = d.data.substr(i + 1, end - i - 1);
        i = end + 1;
        while (i < d.data.size() && d.data[i] != ',') ++i;
      } else {
        std::size_t end = d.data.find(',', i);
        if (end == std::string::npos) end = d.data.size();
        item = d.data.substr(i, end - i);
        while (!item.empty() && item.back() == ' ') item.pop_back();
        i = end;
      }
      data_pos_ = i + 1;
      found = true;
    }
    if (t.type == Type::kString) {
      assign_str(t, item);
    } else if (c64_) {
      auto v = c64_from_text(item);
      if (!v) {
        line_ = data_line_;  // the C64 too blames the DATA line
        raise(ErrorCode::kSyntax);
        return;
      }
      assign_num(t, make_c(*v));
    } else {
      auto v = parse_decimal(item, true);
      if (!v) {
        // GW-BASIC blames the DATA line.
        line_ = data_line_;
        raise(ErrorCode::kSyntax);
        return;
      }
      assign_num(t,
                 v->is_integer ? make_int(static_cast<int32_t>(v->value)) : make_float(v->value));
    }
    if (err_ != ErrorCode::kNone) return;
  }
}

RunResult Interpreter::Impl::run(const RunOptions& options) {
  singles_.assign(program_.singles.size(), 0.0f);
  csingles_.assign(program_.singles.size(), core::C64Float{});
  if (c64_) {
    // Every variable of the program costs the C64 7 bytes (created as it is first met).
    std::size_t vars =
        program_.singles.size() + program_.integers.size() + program_.strings.size();
    c64_free_ = static_cast<long>(kC64BasicBytes) -
                static_cast<long>(options.c64_program_bytes) - static_cast<long>(7 * vars);
    c64_col_ = 0;
    // The line X=RND(-(N)) before the program: X holds the value, as on the C64.
    if (options.c64_seed && c64_rnd_.seed_statement(*options.c64_seed)) {
      auto x = std::find(program_.singles.begin(), program_.singles.end(), "X");
      if (x != program_.singles.end())
        csingles_[static_cast<std::size_t>(x - program_.singles.begin())] = stored(c64_rnd_.value());
    }
  }
  integers_.assign(program_.integers.size(), 0);
  strings_.assign(program_.strings.size(), std::string());
  arrays_.clear();
  arrays_.resize(program_.arrays.size());
  stack_.clear();
  loops_.clear();
  functions_.assign(program_.functions.size(), nullptr);
  function_depth_ = 0;
  err_ = ErrorCode::kNone;
  data_line_ = data_stmt_ = 0;
  data_pos_ = 0;
  data_started_ = false;

  RunResult result;
  const auto& lines = program_.lines;
  // What loading printed ("Overflow" for 1E39, "Line buffer overflow"), as PC-BASIC shows
  // it before the program's own output.
  for (const std::string& message : program_.load_messages) {
    if (printer_.column() != 0) printer_.newline();
    printer_.sink().put(message);
    printer_.newline();
  }
  int li = 0, si = 0;
  uint64_t steps = 0;
  while (true) {
    if (li >= static_cast<int>(lines.size())) break;
    if (options.halt != nullptr && *options.halt) {
      result.outcome = Outcome::kHalted;
      break;
    }
    const auto& stmts = lines[li].stmts;
    if (si >= static_cast<int>(stmts.size())) {
      ++li;
      si = 0;
      continue;
    }
    if (options.max_steps != 0 && steps >= options.max_steps) {
      result.outcome = Outcome::kStepLimit;
      break;
    }
    ++steps;
    const Stmt& s = stmts[si];
    line_ = li;
    stmt_ = si;
    next_line_ = li;
    next_stmt_ = si + 1;
    bool stop = false;
    switch (s.kind) {
      case StmtKind::kPrint:
        exec_print(s);
        break;
      case StmtKind::kInput:
        if (!exec_input(s)) {
          result.outcome = Outcome::kInputEnded;
          stop = true;
        }
        break;
      case StmtKind::kLet:
        if (s.targets[0].type == Type::kString) {
          std::string v = eval_str(*s.exprs[0]);
          if (err_ == ErrorCode::kNone) assign_str(s.targets[0], std::move(v));
        } else {
          Num v = eval_num(*s.exprs[0]);
          if (err_ == ErrorCode::kNone) assign_num(s.targets[0], v);
        }
        break;
      case StmtKind::kIf: {
        const Expr& cond = *s.exprs[0];
        bool truth;
        if (cond.type == Type::kString) {
          raise(ErrorCode::kTypeMismatch);
          break;
        }
        Num c = eval_num(cond);
        truth = !c.is_zero();
        if (err_ != ErrorCode::kNone) break;
        if (truth) {
          if (s.then_line >= 0) {
            int target = program_.find_line(s.then_line);
            if (target < 0)
              raise(ErrorCode::kUndefinedLine);
            else
              next_line_ = target, next_stmt_ = 0;
          }
        } else if (s.else_index >= 0) {
          next_stmt_ = s.else_index;
        } else {
          next_line_ = li + 1;
          next_stmt_ = 0;
        }
        break;
      }
      case StmtKind::kElse:  // the THEN part ends: on to the next line
        next_line_ = li + 1;
        next_stmt_ = 0;
        break;
      case StmtKind::kRem:
        break;
      case StmtKind::kGoto:
        jump(s, 0);
        break;
      case StmtKind::kGosub:
        if (stack_.size() >= kMaxStack) {
          raise(ErrorCode::kOutOfMemory);
          break;
        }
        {
          Frame f;
          f.line = li;
          f.stmt = si + 1;
          if (jump(s, 0)) stack_.push_back(f);
        }
        break;
      case StmtKind::kReturn: {
        if (stack_.empty()) {
          raise(ErrorCode::kReturnWithoutGosub);
          break;
        }
        next_line_ = stack_.back().line;
        next_stmt_ = stack_.back().stmt;
        stack_.pop_back();
        break;
      }
      case StmtKind::kOnGoto:
      case StmtKind::kOnGosub: {
        int32_t k = to_int(eval_num(*s.exprs[0]));
        if (err_ != ErrorCode::kNone) break;
        if (k < 0 || k > 255) {
          raise(ErrorCode::kIllegalFunctionCall);
          break;
        }
        if (k == 0 || k > static_cast<int32_t>(s.lines.size())) break;  // falls through
        if (s.kind == StmtKind::kOnGosub) {
          if (stack_.size() >= kMaxStack) {
            raise(ErrorCode::kOutOfMemory);
            break;
          }
          Frame f;
          f.line = li;
          f.stmt = si + 1;
          if (jump(s, static_cast<std::size_t>(k - 1))) stack_.push_back(f);
        } else {
          jump(s, static_cast<std::size_t>(k - 1));
        }
        break;
      }
      case StmtKind::kFor:
        exec_for(s);
        break;
      case StmtKind::kNext:
        exec_next(s, li, si, 0);
        break;
      case StmtKind::kDim:
        for (const Target& t : s.targets) {
          std::vector<int> bounds;
          for (const auto& e : t.subscripts) {
            int32_t b = to_int(eval_num(*e));
            if (err_ != ErrorCode::kNone) break;
            if (b < 0) {
              raise(ErrorCode::kIllegalFunctionCall);
              break;
            }
            bounds.push_back(b);
          }
          if (err_ != ErrorCode::kNone) break;
          if (arrays_[t.slot].defined) {
            raise(ErrorCode::kDuplicateDefinition);
            break;
          }
          if (!dimension(t.slot, bounds)) break;
        }
        break;
      case StmtKind::kRandomize: {
        if (s.exprs.empty()) {
          // RANDOMIZE alone asks, until it gets a number (no "?Redo from start").
          std::optional<int32_t> seed;
          while (!seed && err_ == ErrorCode::kNone) {
            constexpr std::string_view kAsk = "Random number seed (-32768 to 32767)? ";
            printer_.write(kAsk);
            printer_.flush();
            auto read = machine_.input().read_line();
            if (!read) break;
            std::string typed = printer_.typed_line(*read, machine_.echo());
            printer_.newline();
            if (auto v = parse_decimal(typed, true)) {
              seed = to_int(v->is_integer ? make_int(static_cast<int32_t>(v->value))
                                          : make_float(v->value));
            }
          }
          if (!seed) {
            if (err_ == ErrorCode::kNone) {
              result.outcome = Outcome::kInputEnded;
              stop = true;
            }
            break;
          }
          machine_.rnd().randomize(static_cast<int16_t>(*seed));
          break;
        }
        Num v = eval_num(*s.exprs[0]);
        if (err_ != ErrorCode::kNone) break;
        int16_t n;
        if (v.is_int) {
          n = static_cast<int16_t>(v.i);
        } else {
          // A non-integer seed: GW-BASIC xors the two middle bytes of the stored single
          // with its last two (sign and exponent) and reads them as an integer.
          uint32_t mbf = to_mbf(v.as_float());
          uint32_t low = mbf & 0xFFFF, high = mbf >> 16;
          n = static_cast<int16_t>(static_cast<uint16_t>(low ^ high));
        }
        machine_.rnd().randomize(n);
        break;
      }
      case StmtKind::kEnd:
        result.outcome = Outcome::kEnded;
        stop = true;
        break;
      case StmtKind::kStop:
        if (c64_) {
          c64_newline();
          c64_put("BREAK IN " + std::to_string(lines[li].number));
          result.outcome = Outcome::kStopped;
          stop = true;
          break;
        }
        if (printer_.column() != 0) printer_.newline();
        printer_.print("Break in " + std::to_string(lines[li].number) + "\xFF");
        printer_.newline();
        result.outcome = Outcome::kStopped;
        stop = true;
        break;
      case StmtKind::kError:
        raise(s.error);
        break;
      case StmtKind::kRead:
        exec_read(s);
        break;
      case StmtKind::kData:
        break;
      case StmtKind::kRestore:
        if (!s.lines.empty()) {
          int target = program_.find_line(s.lines[0]);
          if (target < 0) {
            raise(ErrorCode::kUndefinedLine);
            break;
          }
          data_line_ = target;
        } else {
          data_line_ = 0;
        }
        data_stmt_ = 0;
        data_pos_ = 0;
        data_started_ = false;
        break;
      case StmtKind::kCls:
        if (!machine_.batch()) {
          machine_.screen().clear();
          printer_.reset_column();
        }
        break;
      case StmtKind::kDef:
        functions_[s.slot] = &s;
        break;
      case StmtKind::kSwap: {
        const Target& a = s.targets[0];
        const Target& b = s.targets[1];
        if (a.type != b.type) {
          raise(ErrorCode::kTypeMismatch);
          break;
        }
        if (a.type == Type::kString) {
          std::string x = read_str(a), y = read_str(b);
          if (err_ != ErrorCode::kNone) break;
          assign_str(a, std::move(y));
          assign_str(b, std::move(x));
        } else {
          Num x = read_target(a), y = read_target(b);
          if (err_ != ErrorCode::kNone) break;
          assign_num(a, y);
          assign_num(b, x);
        }
        break;
      }
    }
    if (err_ != ErrorCode::kNone) {
      result.outcome = Outcome::kError;
      result.error = BasicError{err_, lines[line_].number};
      result.detail = detail_;
      if (c64_) {
        // The C64: a line end first, always, then "?SYNTAX  ERROR IN 10".
        c64_newline();
        c64_put("?" + std::string(c64_error_name(err_)) + "  ERROR IN " +
                std::to_string(lines[line_].number));
        break;
      }
      if (printer_.column() != 0) printer_.newline();
      printer_.print(error_line(result.error));
      printer_.newline();
      break;
    }
    if (stop || halted_) break;
    li = next_line_;
    si = next_stmt_;
  }
  result.steps = steps;
  printer_.flush();
  return result;
}

std::string_view Interpreter::Impl::c64_error_name(ErrorCode code) {
  switch (code) {
    case ErrorCode::kNextWithoutFor: return "NEXT WITHOUT FOR";
    case ErrorCode::kReturnWithoutGosub: return "RETURN WITHOUT GOSUB";
    case ErrorCode::kOutOfData: return "OUT OF DATA";
    case ErrorCode::kIllegalFunctionCall: return "ILLEGAL QUANTITY";
    case ErrorCode::kOverflow: return "OVERFLOW";
    case ErrorCode::kOutOfMemory: return "OUT OF MEMORY";
    case ErrorCode::kUndefinedLine: return "UNDEF'D STATEMENT";
    case ErrorCode::kSubscriptOutOfRange: return "BAD SUBSCRIPT";
    case ErrorCode::kDuplicateDefinition: return "REDIM'D ARRAY";
    case ErrorCode::kDivisionByZero: return "DIVISION BY ZERO";
    case ErrorCode::kTypeMismatch: return "TYPE MISMATCH";
    case ErrorCode::kStringTooLong: return "STRING TOO LONG";
    case ErrorCode::kUndefinedFunction: return "UNDEF'D FUNCTION";
    default: return "SYNTAX";
  }
}

// The C64 tokeniser's keywords (each stored as one byte); the longer ones that share a
// start come first, as in the ROM's table order where it matters (INPUT# before INPUT).
std::size_t c64_program_bytes(std::string_view listing) {
  static constexpr std::string_view kWords[] = {
      "END",  "FOR",   "NEXT",  "DATA",   "INPUT#", "INPUT", "DIM",  "READ",  "LET",
      "GOTO", "RUN",   "IF",    "RESTORE", "GOSUB", "RETURN", "REM", "STOP",  "ON",
      "WAIT", "LOAD",  "SAVE",  "VERIFY", "DEF",    "POKE",  "PRINT#", "PRINT", "CONT",
      "LIST", "CLR",   "CMD",   "SYS",    "OPEN",   "CLOSE", "GET",  "NEW",   "TAB(",
      "TO",   "FN",    "SPC(",  "THEN",   "NOT",    "STEP",  "AND",  "OR",    "SGN",
      "INT",  "ABS",   "USR",   "FRE",    "POS",    "SQR",   "RND",  "LOG",   "EXP",
      "COS",  "SIN",   "TAN",   "ATN",    "PEEK",   "LEN",   "STR$", "VAL",   "ASC",
      "CHR$", "LEFT$", "RIGHT$", "MID$",  "GO"};
  std::size_t total = 2;  // the program's end: a zero link
  std::size_t start = 0;
  while (start < listing.size()) {
    std::size_t end = listing.find('\n', start);
    if (end == std::string_view::npos) end = listing.size();
    std::string_view line = listing.substr(start, end - start);
    start = end + 1;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
    std::size_t i = 0;
    while (i < line.size() && line[i] == ' ') ++i;
    if (i >= line.size() || line[i] < '0' || line[i] > '9') continue;
    while (i < line.size() && line[i] >= '0' && line[i] <= '9') ++i;
    while (i < line.size() && line[i] == ' ') ++i;
    std::size_t bytes = 5;  // link, line number, the closing zero
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
      std::size_t len = 0;
      for (std::string_view w : kWords) {
        if (line.size() - i >= w.size()) {
          bool same = true;
          for (std::size_t k = 0; k < w.size() && same; ++k)
            same = std::toupper(static_cast<unsigned char>(line[i + k])) == w[k];
          if (same) {
            len = w.size();
            rem = w == "REM";
            data = w == "DATA";
            break;
          }
        }
      }
      ++bytes;
      i += len ? len : 1;
    }
    total += bytes;
  }
  return total;
}

Interpreter::Interpreter(const Program& program, machine::Machine& machine, Dialect dialect)
    : impl_(std::make_unique<Impl>(program, machine, dialect)) {}
Interpreter::~Interpreter() = default;
RunResult Interpreter::run(const RunOptions& options) {
  return impl_->run(options);
}

}  // namespace amazing::basic
