// GW-BASIC, the pc machine's BASIC (as PC-BASIC 2.0.5 runs it): the DialectOps kGwBasic.
// Numbers are MBF singles (src/core/gw_number.hpp) and 56-bit doubles; PRINT, INPUT and
// the messages follow src/basic/FACTS.md.

#include <algorithm>
#include <bit>
#include <cmath>

#include "basic/gw_io.hpp"
#include "basic/print_using.hpp"
#include "basic/runtime.hpp"
#include "machine/input.hpp"

namespace amazing::basic {
namespace {

// A result of SQR, EXP, LOG, the trigonometric functions or a non-integer power is computed
// in double precision and becomes a single as PC-BASIC makes it (src/basic/FACTS.md): a power
// of two p = log(|x|) / log(2) - 23, in double arithmetic, truncated toward zero; |x| / 2^p
// cut to an integer, and that integer cut to its top 24 bits. Under 2^23 the truncation
// raises p by one, so only 23 bits survive (SQR(2) prints 1.414213). nullopt past the
// largest single, 0 under the smallest.
std::optional<Single> single_from_double(double x) {
  if (x == 0 || std::isnan(x)) return 0.0;
  double magnitude = std::fabs(x);
  long p = static_cast<long>(std::log(magnitude) / std::log(2.0) - 23.0);
  if (p > 200) return std::nullopt;
  if (p < -200) return 0.0;
  auto kept = static_cast<uint64_t>(std::ldexp(magnitude, static_cast<int>(-p)));
  int excess = std::max(std::ilogb(static_cast<double>(kept)) + 1 - 24, 0);
  kept >>= excess;
  p += excess;
  long byte = p + 129 + std::ilogb(static_cast<double>(kept));  // the MBF exponent byte
  if (byte > 255) return std::nullopt;
  if (byte <= 0) return 0.0;
  Single v = std::ldexp(static_cast<Single>(kept), static_cast<int>(p));
  return x < 0 ? -v : v;
}

// The sign of x op y past the range: a product's or quotient's from the operands' signs, a
// sum's or difference's from the exact result (PC-BASIC: -C-C is -1.701412E+38).
bool negative_result(Op op, long double x, long double y) {
  if (op == Op::kMul || op == Op::kDiv) return (x < 0) != (y < 0);
  return (op == Op::kSub ? x - y : x + y) < 0;
}

// An MBF result of x op y, or the largest single of its sign after printing "Overflow".
Single overflow_checked(Runtime& rt, std::optional<Single> v, Op op, Single x, Single y) {
  if (v) return *v;
  rt.warn(ErrorCode::kOverflow);
  return negative_result(op, x, y) ? -kMaxSingle : kMaxSingle;
}

// ---- numbers ------------------------------------------------------------------------------

Num literal(const Expr& e) {
  if (e.is_double) return make_double(e.dnumber);
  return e.integer ? make_int(static_cast<int32_t>(e.number)) : make_float(e.number);
}
Num load_single(const Runtime& rt, int slot) {
  return make_float(rt.singles_[slot]);
}
// An array keeps its singles as their four MBF bytes.
Num load_element(const ArrayData& a, long i) {
  uint32_t bytes;
  std::memcpy(&bytes, a.block.data() + i * 4, 4);
  return make_float(core::from_mbf(bytes));
}
void store_single(Runtime& rt, const Target& t, const Num& v) {
  Single f = gw_single(rt, v);
  if (t.array) {
    long i = rt.element(t.slot, t.subscripts);
    uint32_t bytes = to_mbf(f);
    if (i >= 0) std::memcpy(rt.element_bytes(t.slot, i, 4), &bytes, 4);
  } else {
    rt.singles_[t.slot] = f;
  }
}
void restore_single(Runtime& rt, int slot, const Num& saved) {
  rt.singles_[slot] = saved.f;
}
Num negate(Runtime&, const Num& v) {
  // Negation gives a single even of an integer (so RANDOMIZE -5 is not RANDOMIZE A%). It
  // flips the sign bit, also of zero (a double's too): PRINT USING "#.#";-0 shows -.0,
  // as -Z# does (PRINT shows 0).
  if (v.is_double) return make_double(-v.d);
  return make_float(-v.as_float());
}
// CINT: round half away from zero, Overflow outside -32768..32767.
int32_t to_int(Runtime& rt, const Num& n) {
  if (n.is_int) return n.i;
  double r =
      n.is_double ? static_cast<double>(std::round(std::clamp(n.d, -1e6L, 1e6L))) : std::round(n.f);
  if (!(r >= -32768.0 && r <= 32767.0)) {
    rt.raise(ErrorCode::kOverflow);
    return 0;
  }
  return static_cast<int32_t>(r);
}
std::string number_text(Runtime&, const Num& v) {
  return v.is_int ? format_integer(v.i) : v.is_double ? format_double(v.d) : format_number(v.f);
}
std::optional<Num> read_number(Runtime& rt, std::string_view text) {
  auto v = parse_decimal(text, true);
  if (!v) return std::nullopt;
  if (v->overflow && !v->radix) rt.warn(ErrorCode::kOverflow);  // DATA 9.9E99999
  return gw_parsed(*v);
}
Num rnd(Runtime& rt, const Expr& e) {
  Single x = e.args.empty() ? 1.0 : rt.eval_num(*e.args[0]).as_float();
  return make_float(rt.machine_.rnd().rnd(static_cast<float>(x)));
}

// ---- operators: one function a group, found by Op -------------------------------------------

// + - * / and comparisons with a double operand, in MBF double precision; nullopt for ^
// (a single, as PC-BASIC computes it: 2#^.5 is 1.414213) and the integer operators.
std::optional<Num> double_binary(Runtime& rt, Op op, const Num& a, const Num& b) {
  long double x = a.as_double(), y = b.as_double();
  std::optional<long double> v;
  switch (op) {
    case Op::kAdd:
      v = core::mbf_double_add(x, y);
      break;
    case Op::kSub:
      v = core::mbf_double_sub(x, y);
      break;
    case Op::kMul:
      v = core::mbf_double_mul(x, y);
      break;
    case Op::kDiv:
      if (y == 0) {
        rt.warn(ErrorCode::kDivisionByZero);
        return make_double(x < 0 ? -kMaxDouble : kMaxDouble);
      }
      v = core::mbf_double_div(x, y);
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
  if (!v) {
    rt.warn(ErrorCode::kOverflow);
    return make_double(negative_result(op, x, y) ? -kMaxDouble : kMaxDouble);
  }
  return make_double(*v);
}

// PC-BASIC makes every sum, difference and product a single (so A%+1 can pass 32767),
// computed in MBF arithmetic.
Num add_sub_mul(Runtime& rt, Op op, const Num& a, const Num& b) {
  Single x = a.as_float(), y = b.as_float();
  auto v = op == Op::kAdd ? mbf_add(x, y) : op == Op::kSub ? mbf_sub(x, y) : mbf_mul(x, y);
  return make_float(overflow_checked(rt, v, op, x, y));
}
Num divide(Runtime& rt, Op, const Num& a, const Num& b) {
  Single x = a.as_float(), y = b.as_float();
  if (y == 0) {
    rt.warn(ErrorCode::kDivisionByZero);
    return make_float(x < 0 ? -kMaxSingle : kMaxSingle);
  }
  return make_float(overflow_checked(rt, mbf_div(x, y), Op::kDiv, x, y));
}
// An integer exponent multiplies out by squaring from its top bit down, as PC-BASIC's
// _ipow_int does (x^9 is ((x^2)^2)^2*x, x^10 (x^5)^2): each product rounded as a single, so
// 1.1#^78 is 1692.893, the base first made a single). Once a product overflows the power
// is the largest single, with one "Overflow", a negative exponent's too (PC-BASIC: 2^1000,
// and 2^A% for A%=-300; the literal in 2^-300 is a single, negated: its power is 0).
Num integer_power(Runtime& rt, Single x, long n) {
  bool inverse = n < 0;
  unsigned long k = static_cast<unsigned long>(inverse ? -n : n);
  bool over = false;
  auto times = [&over](Single a, Single b) {
    auto p = mbf_mul(a, b);
    over = over || !p;
    return p.value_or(0);
  };
  Single result = k == 0 ? 1 : x;  // the top bit's
  for (int bit = static_cast<int>(std::bit_width(k)) - 2; bit >= 0 && !over; --bit) {
    result = times(result, result);
    if (((k >> bit) & 1) != 0 && !over) result = times(result, x);
  }
  if (over) {
    rt.warn(ErrorCode::kOverflow);
    return make_float(kMaxSingle);  // positive even for (-3)^999, as in PC-BASIC
  }
  if (inverse) {
    if (result == 0) {
      rt.warn(ErrorCode::kDivisionByZero);
      return make_float(kMaxSingle);
    }
    result = overflow_checked(rt, mbf_div(1.0, result), Op::kDiv, 1.0, result);
  }
  return make_float(result);
}
Num power(Runtime& rt, Op, const Num& a, const Num& b) {
  Single x = a.as_float();
  if (b.is_int) return integer_power(rt, x, b.i);
  double y = b.as_float();
  if (x < 0 && std::floor(y) != y) {
    rt.raise(ErrorCode::kIllegalFunctionCall);
    return make_int(0);
  }
  if (x == 0 && y < 0) {
    rt.warn(ErrorCode::kDivisionByZero);
    return make_float(kMaxSingle);
  }
  return gw_host_result(rt, std::pow(static_cast<double>(x), y));
}
Num int_div_mod(Runtime& rt, Op op, const Num& a, const Num& b) {
  int32_t x = to_int(rt, a), y = to_int(rt, b);
  if (y == 0) {
    // PC-BASIC answers with the largest single, as for /.
    rt.warn(ErrorCode::kDivisionByZero);
    return make_float(x < 0 ? -kMaxSingle : kMaxSingle);
  }
  int32_t v = op == Op::kIntDiv ? x / y : x % y;
  if (v > 32767) {  // -32768 \ -1: an error, not a warning (PC-BASIC)
    rt.raise(ErrorCode::kOverflow);
    return make_int(0);
  }
  return make_int(v);
}
Num compare(Runtime&, Op op, const Num& a, const Num& b) {
  int c;
  if (a.is_int && b.is_int) {
    c = a.i < b.i ? -1 : a.i > b.i ? 1 : 0;
  } else {
    Single x = a.as_float(), y = b.as_float();
    c = x < y ? -1 : x > y ? 1 : 0;
  }
  return make_int(comparison_holds(op, c) ? -1 : 0);
}
Num logic(Runtime& rt, Op op, const Num& a, const Num& b) {
  int32_t x = to_int(rt, a), y = to_int(rt, b);
  int32_t v = op == Op::kAnd   ? (x & y)
              : op == Op::kOr  ? (x | y)
              : op == Op::kXor ? (x ^ y)
              : op == Op::kEqv ? ~(x ^ y)
                               : (~x | y);
  return make_int(static_cast<int16_t>(v));
}
Num mismatch(Runtime& rt, Op, const Num&, const Num&) {
  rt.raise(ErrorCode::kTypeMismatch);
  return make_int(0);
}

using BinaryFn = Num (*)(Runtime&, Op, const Num&, const Num&);
// By Op, in its order: + - * / ^ \ MOD, = <> < > <= >=, AND OR XOR EQV IMP, then the
// unary ones (never binary).
constexpr BinaryFn kBinary[] = {
    add_sub_mul, add_sub_mul, add_sub_mul, divide,  power,    int_div_mod, int_div_mod,
    compare,     compare,     compare,     compare, compare,  compare,     logic,
    logic,       logic,       logic,       logic,   mismatch, mismatch,    mismatch,
};
static_assert(sizeof(kBinary) / sizeof(kBinary[0]) == static_cast<int>(Op::kPlus) + 1);

Num binary(Runtime& rt, Op op, const Num& a, const Num& b) {
  if (a.is_double || b.is_double) {
    if (std::optional<Num> v = double_binary(rt, op, a, b)) return *v;
  }
  return kBinary[static_cast<int>(op)](rt, op, a, b);
}

// ---- FOR of a single --------------------------------------------------------------------

bool for_single(Runtime&, ForFrame& f, const Num& start, const Num& limit, const Num& step) {
  f.limit = limit.as_float();
  f.step = step.as_float();
  f.sign = f.step > 0 ? 1 : f.step < 0 ? -1 : 0;
  Single a = start.as_float();
  return f.sign >= 0 ? a > f.limit : f.limit > a;
}
bool next_single(Runtime& rt, ForFrame& f) {
  Single& var = rt.singles_[f.var_slot];
  Single v = overflow_checked(rt, mbf_add(var, f.step), Op::kAdd, var, f.step);
  var = v;
  return f.sign > 0 ? v > f.limit : f.limit > v;
}
// ---- GW-BASIC's memory (PC-BASIC's model; FACTS.md "The pc's memory") -------------------

// Takes `need` bytes for `what`; GW-BASIC wants more free than it takes (free <= need is
// Out of memory).
bool take(Runtime& rt, long need, std::string_view what) {
  if (!rt.count_free_) return true;
  if (!rt.room_for(need, 1)) {
    rt.detail_ = "GW-BASIC has " + std::to_string(std::max(0L, rt.bytes_free())) + " bytes free; " +
                 std::string(what) + " needs " + std::to_string(need);
    rt.raise(ErrorCode::kOutOfMemory);
    return false;
  }
  rt.free_ -= need;
  return true;
}
// An array: a record of a type byte, the name, 3 bytes and 2 a dimension, then the
// elements (whose storage the machine's RAM budget holds as well).
bool reserve_array(Runtime& rt, int slot, std::size_t dimensions, std::size_t count, std::size_t) {
  const ArrayInfo& a = rt.program_.arrays[static_cast<std::size_t>(slot)];
  long need = gw_record_head(a.name) + 3 + 2 * static_cast<long>(dimensions) +
              static_cast<long>(count) * gw_value_bytes(a.type);
  return take(rt, need, "the array " + a.name);
}
// A simple variable: a type byte, the name, the value.
bool reserve_variable(Runtime& rt, const Target& t) {
  const Program& p = rt.program_;
  const auto& names = t.type == Type::kInteger  ? p.integers
                      : t.type == Type::kString ? p.strings
                      : t.type == Type::kDouble ? p.doubles
                                                : p.singles;
  const std::string& name = names[static_cast<std::size_t>(t.slot)];
  return take(rt, gw_record_head(name) + gw_value_bytes(t.type), "a new variable");
}
// A DEF FN function: a record like a variable's, named by the function's name without FN
// (its first letter + 128), holding where its body is (PC-BASIC: DEF FNA(X) takes 8).
bool reserve_function(Runtime& rt, int slot) {
  const ArrayInfo& f = rt.program_.functions[static_cast<std::size_t>(slot)];
  return take(rt, gw_record_head(f.name.substr(2)) + gw_value_bytes(f.type), "a function");
}

// ---- PRINT ---------------------------------------------------------------------------------

// TAB( and SPC( take an unsigned 16-bit count (PC-BASIC): TAB(-1) is TAB(65535), column 15
// on 80 columns; beyond -32768..65535 it is an Overflow.
void print_tab(Runtime& rt, const PrintItem& item) {
  Num v = rt.eval_num(*item.value);
  if (rt.failed()) return;
  std::optional<int32_t> n = unsigned16(rt, v);
  if (!n) return;
  if (item.kind == PrintItem::kTab)
    rt.printer_.tab(*n);
  else
    rt.printer_.spc(*n);
}
void print_value(Runtime& rt, const PrintItem& item) {
  if (item.value->type == Type::kString) {
    std::string text = rt.eval_str(*item.value);
    if (!rt.failed()) rt.printer_.print(text);
    return;
  }
  Num v = rt.eval_num(*item.value);
  if (rt.failed()) return;
  rt.printer_.print(number_text(rt, v) + " ");  // a number is one item with its space
}
// ---- PRINT USING (print_using.hpp has the format rules) -------------------------------------

// One value in its field's text; nullopt after an error (the value is evaluated first,
// then its type checked, as PC-BASIC does: a value of the wrong type has the format's
// `pending` text written before the Type mismatch, `PRINT USING "AB#";"X"` shows AB).
std::optional<std::string> using_text(Runtime& rt, const UsingField& field, const Expr& e,
                                      const std::string& pending) {
  const bool wants_string = field.kind != UsingField::Kind::kNumber;
  if (e.type == Type::kString) {
    std::string text = rt.eval_str(e);
    if (rt.failed()) return std::nullopt;
    if (wants_string) return format_field(field, text);
  } else {
    Num v = rt.eval_num(e);
    if (rt.failed()) return std::nullopt;
    if (!wants_string) {
      std::optional<std::string> text =
          v.is_double ? format_field_double(field, v.d, true) : format_field(field, v.as_float());
      if (!text) rt.raise(ErrorCode::kIllegalFunctionCall);
      return text;
    }
  }
  rt.printer_.print(pending);
  if (!rt.failed()) rt.raise(ErrorCode::kTypeMismatch);
  return std::nullopt;
}

// The items from `first` (USING's format) on: each field of the format takes the next
// value, the format starting again at its end while values remain. A format without a
// field evaluates the values, writes its text and is an Illegal function call, unless the
// statement was `cut` short: PC-BASIC reads every item before that, and so meets the
// statement's Syntax error first (`PRINT USING " ";34;(S,` prints nothing).
void print_using(Runtime& rt, const std::vector<PrintItem>& items, std::size_t first, bool cut) {
  std::string format = rt.eval_str(*items[first].value);
  if (rt.failed()) return;
  if (format.empty()) return rt.raise(ErrorCode::kIllegalFunctionCall);
  UsingFormat walk(format);
  for (std::size_t k = first + 1;; k += 2) {  // values and separators alternate
    UsingStep step = walk.next();
    for (char c : step.trailing) {
      rt.printer_.print(std::string_view(&c, 1));
      if (rt.failed()) return;  // a FIELD buffer's end (PRINT # on a random file)
    }
    if (!step.field) {
      for (; k < items.size(); k += 2) {
        if (items[k].value->type == Type::kString)
          rt.eval_str(*items[k].value);
        else
          rt.eval_num(*items[k].value);
        if (rt.failed()) return;
      }
      if (cut) return;
      if (!step.pending.empty()) rt.printer_.print(step.pending);
      return rt.raise(ErrorCode::kIllegalFunctionCall);
    }
    if (k >= items.size()) return;
    std::optional<std::string> text = using_text(rt, *step.field, *items[k].value, step.pending);
    if (!text) return;
    if (!step.pending.empty()) rt.printer_.print(step.pending);
    if (rt.failed()) return;
    rt.printer_.print(*text);
    if (rt.failed()) return;
  }
}

void print(Runtime& rt, const Stmt& s) {
  for (std::size_t k = 0; k < s.items.size(); ++k) {
    const PrintItem& item = s.items[k];
    if (item.kind == PrintItem::kUsing) {
      print_using(rt, s.items, k, s.cut);
      if (rt.failed()) return;
      break;
    }
    switch (item.kind) {
      case PrintItem::kValue:
        print_value(rt, item);
        break;
      case PrintItem::kComma:
        rt.printer_.comma();
        break;
      case PrintItem::kSemicolon:
      case PrintItem::kUsing:
        break;
      case PrintItem::kTab:
      case PrintItem::kSpc:
        print_tab(rt, item);
        break;
    }
    if (rt.failed()) return;
  }
  // The PRINT's own line end: after a line filled to exactly the width it leaves an empty
  // line (the Printer holds all the line-end rules; FACTS.md "PRINT at the line end").
  if (s.newline) rt.printer_.end_print();
}

// ---- INPUT ---------------------------------------------------------------------------------

// t with each subscript replaced by the integer it has now.
Target fixed_subscripts(Runtime& rt, const Target& t) {
  Target fixed{t.type, t.array, t.slot, {}};
  for (const ExprPtr& e : t.subscripts) {
    auto literal = std::make_unique<Expr>();
    literal->type = Type::kInteger;
    literal->integer = true;
    literal->number = rt.eval_int(*e);
    fixed.subscripts.push_back(std::move(literal));
  }
  return fixed;
}

bool input(Runtime& rt, const Stmt& s) {
  std::string prompt = s.prompt;
  if (s.question) prompt += "? ";
  while (true) {
    rt.printer_.write(prompt);  // PC-BASIC writes the prompt where the cursor is
    rt.printer_.flush();
    auto typed = next_typed_line(rt);
    if (!typed) return false;  // PC-BASIC stops here, the prompt left on its line
    // The echo has no line-fit rule; past a full line the line read starts with the
    // character at its end (Printer::typed_line, FACTS.md "PRINT at the line end").
    std::string line = rt.printer_.typed_line(*typed, rt.machine_.echo());
    if (s.newline) rt.printer_.newline();
    if (s.error != ErrorCode::kNone) {
      rt.raise(s.error);
      return true;
    }
    // The typed line read against the statement's fields by the console's one reader;
    // "Overflow" as each number past the range is read.
    std::vector<machine::FieldKind> kinds;
    for (const Target& t : s.targets)
      kinds.push_back(t.type == Type::kString ? machine::FieldKind::kString
                                              : machine::FieldKind::kNumber);
    machine::InputLine read = machine::read_input_line(line, kinds);
    for (int k = 0; k < read.read_overflows; ++k) rt.warn(ErrorCode::kOverflow);
    if (!read.values) {
      rt.printer_.print("?Redo from start");  // after INPUT; on the echo's line (PC-BASIC)
      rt.printer_.newline();
      continue;
    }
    // The subscripts are worked out before any value is stored: INPUT I,A(I) stores in
    // A of the I before the input (PC-BASIC).
    std::vector<Target> targets;
    for (const Target& t : s.targets) targets.push_back(fixed_subscripts(rt, t));
    for (std::size_t k = 0; k < targets.size() && !rt.failed(); ++k) {
      const Target& t = targets[k];
      const machine::InputValue& v = (*read.values)[k];
      if (t.type == Type::kString) {
        rt.assign_str(t, v.text, Runtime::Origin::kNew);
      } else {
        // A double past the range (1D39) warns again as it is stored in a single
        // (gw_single).
        rt.assign_num(t, gw_parsed(v.parsed));
      }
    }
    return true;
  }
}

// ---- messages --------------------------------------------------------------------------------

void stop(Runtime& rt, int line_number) {
  if (rt.printer_.column() != 0) rt.printer_.newline();
  std::string text = "Break";
  if (line_number >= 0) text += " in " + std::to_string(line_number);
  rt.printer_.print(text + "\xFF");
  rt.printer_.newline();
}
void report_error(Runtime& rt, const BasicError& error) {
  if (rt.printer_.column() != 0) rt.printer_.newline();
  rt.printer_.print(error_line(error));
  rt.printer_.newline();
}
void start(Runtime& rt, const RunOptions& options) {
  rt.count_free_ = options.gw_memory;
  rt.program_bytes_ = static_cast<long>(options.gw_program_bytes);
  rt.segment_ = kGwDataSegment;
  rt.program_memory_ = options.program_memory;
  rt.free_ = kGwFreeBytes + static_cast<long>(kGwEmptyProgramBytes) -
             static_cast<long>(options.gw_program_bytes);
}

}  // namespace

Single gw_single(Runtime& rt, const Num& v) {
  if (v.is_double && !core::double_to_single(v.d)) rt.warn(ErrorCode::kOverflow);
  return v.as_float();
}

Num gw_parsed(const ParsedNumber& v) {
  return v.is_integer  ? make_int(static_cast<int32_t>(v.value))
         : v.is_double ? make_double(v.dvalue)
                       : make_float(v.value);
}

Num gw_host_result(Runtime& rt, double x) {
  if (std::isinf(x) || std::isnan(x)) {
    rt.warn(ErrorCode::kOverflow);
    return make_float(kMaxSingle);
  }
  auto v = single_from_double(x);
  if (!v) {
    rt.warn(ErrorCode::kOverflow);
    return make_float(x < 0 ? -kMaxSingle : kMaxSingle);
  }
  return make_float(*v);
}

const DialectOps kGwBasic = {
    .index = 0,
    .single_bytes = 4,
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
    .peek = gw_peek,
    .poke = gw_poke,
    .print = print,
    .input = input,
    .stop = stop,
    .report_error = report_error,
    .start = start,
    // PC-BASIC 2.0.5 keeps the place of the last break through END, errors and CLEAR
    // (data/prompt/pc/cont_*.txt).
    .cont = {.end = ContAfter::kKeep, .error = ContAfter::kKeep, .clear = ContAfter::kKeep},
};

}  // namespace amazing::basic
