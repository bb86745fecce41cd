// Expressions, variables, arrays and DEF FN calls: see runtime.hpp. What a number is and
// how operators compute it is the dialect's (DialectOps); built-ins are functions.cpp's.

#include <algorithm>

#include "basic/builtins.hpp"
#include "basic/runtime.hpp"

namespace amazing::basic {

Num Runtime::eval_num(const Expr& e) {
  if (eval_depth_ >= kMaxEvalDepth) {
    raise(ErrorCode::kOutOfMemory);
    return make_int(0);
  }
  if (eval_depth_ == 0) free_temporary();
  ++eval_depth_;
  clock_.cycles += node_cycles(e);
  Num v = eval_num_inner(e);
  --eval_depth_;
  return v;
}

std::string Runtime::eval_str(const Expr& e) {
  if (eval_depth_ >= kMaxEvalDepth) {
    raise(ErrorCode::kOutOfMemory);
    return {};
  }
  if (eval_depth_ == 0) free_temporary();
  ++eval_depth_;
  clock_.cycles += e.kind == ExprKind::kBinary ? charges_.concat : node_cycles(e);
  std::string v = eval_str_inner(e);
  --eval_depth_;
  return v;
}

// GW-BASIC finds a wrong type only as it applies the operator or function to the values
// it has evaluated, so their errors come first (PC-BASIC: LOG(STRING$(6,256)) is Illegal
// function call, "A"+1/0 Division by zero, X$=1/0 Division by zero): the operands run,
// then Type mismatch.
void Runtime::mismatch(const Expr& e) {
  for (const ExprPtr& a : e.args) {
    if (a->type == Type::kString)
      eval_str(*a);
    else
      eval_num(*a);
  }
  raise(ErrorCode::kTypeMismatch);
}

Num Runtime::eval_num_inner(const Expr& e) {
  if (e.kind == ExprKind::kMismatch) return mismatch(e), make_int(0);
  // A string where a statement reads a number (the parser refuses most; this keeps a
  // string's variable slot from ever being read as a number's)
  if (e.type == Type::kString) {
    raise(ErrorCode::kTypeMismatch);
    return make_int(0);
  }
  switch (e.kind) {
    case ExprKind::kNumber:
      return dialect_.literal(e);
    case ExprKind::kVariable:
      if (e.type == Type::kInteger) return make_int(integers_[e.slot]);
      if (e.type == Type::kDouble) return make_double(doubles_[e.slot]);
      return dialect_.load_single(*this, e.slot);
    case ExprKind::kArray: {
      long i = element(e.slot, e.args);
      if (i < 0) return make_int(0);
      return load_element(e.type, e.slot, i);
    }
    case ExprKind::kSubscript:
      return make_int(c64_subscript(eval_num(*e.args[0])));
    case ExprKind::kUnary: {
      Num v = eval_num(*e.args[0]);
      if (e.op == Op::kNot) return make_int(static_cast<int16_t>(~to_int(v)));
      return dialect_.negate(*this, v);
    }
    case ExprKind::kBinary:
      return binary(e);
    case ExprKind::kFunction:
      if (NumBuiltin f = e.builtin->num[dialect_.index]) return f(*this, e);
      break;
    case ExprKind::kString:
    case ExprKind::kMismatch:
      break;
  }
  raise(ErrorCode::kTypeMismatch);
  return make_int(0);
}

Num Runtime::binary(const Expr& e) {
  const Expr& l = *e.args[0];
  const Expr& r = *e.args[1];
  if (l.type == Type::kString) {
    // String comparisons (concatenation is a string expression).
    std::string a = eval_str(l);
    std::string b = eval_str(r);
    switch (e.op) {
      case Op::kEq:
      case Op::kNe:
      case Op::kLt:
      case Op::kGt:
      case Op::kLe:
      case Op::kGe: {
        int c = a.compare(b);
        return make_int(comparison_holds(e.op, c) ? -1 : 0);
      }
      default:
        raise(ErrorCode::kTypeMismatch);
        return make_int(0);
    }
  }
  Num a = eval_num(l);
  Num b = eval_num(r);
  return dialect_.binary(*this, e.op, a, b);
}

std::string Runtime::eval_str_inner(const Expr& e) {
  switch (e.kind) {
    case ExprKind::kString:
      origin_ = Origin::kProgram;
      c64_charac_ = kStrlitCharac;  // the C64's STRLIT (Runtime::c64_charac_)
      return e.text;
    case ExprKind::kVariable:
      origin_ = str_stored_[e.slot] ? Origin::kVariable : Origin::kProgram;
      return strings_[e.slot];
    case ExprKind::kArray: {
      long i = element(e.slot, e.args);
      if (i < 0) return {};
      const ArrayData& a = arrays_[e.slot];
      origin_ = a.stored[static_cast<std::size_t>(i)] ? Origin::kVariable : Origin::kProgram;
      return a.strings[static_cast<std::size_t>(i)];
    }
    case ExprKind::kBinary: {
      std::string s = eval_str(*e.args[0]);
      s += eval_str(*e.args[1]);
      if (s.size() > kMaxString) {
        raise(ErrorCode::kStringTooLong);
        return {};
      }
      make_string(static_cast<long>(s.size()));
      return s;
    }
    case ExprKind::kFunction:
      if (StrBuiltin f = e.builtin->str) {
        std::string s = f(*this, e);
        // A string function makes its result (a DEF FN's is its body's).
        if (e.function != Keyword::kFn && !failed()) make_string(static_cast<long>(s.size()));
        return s;
      }
      break;
    case ExprKind::kMismatch:
      mismatch(e);
      return {};
    default:
      break;
  }
  raise(ErrorCode::kTypeMismatch);
  return {};
}

namespace {

// A DEF FN call's arguments, typed as its parameters; false after raising an error.
bool evaluate_arguments(Runtime& rt, const Expr& e, const Stmt& def, std::vector<Num>& nums,
                        std::vector<std::string>& strs) {
  for (std::size_t k = 0; k < std::min(e.args.size(), def.targets.size()); ++k) {
    bool want_string = def.targets[k].type == Type::kString;
    if ((e.args[k]->type == Type::kString) != want_string) {
      // The argument runs first (PC-BASIC: FNB$(LEN(X(12))) is Subscript out of range).
      if (want_string)
        rt.eval_num(*e.args[k]);
      else
        rt.eval_str(*e.args[k]);
      rt.raise(ErrorCode::kTypeMismatch);
      return false;
    }
    if (want_string)
      strs[k] = rt.eval_str(*e.args[k]);
    else
      nums[k] = rt.eval_num(*e.args[k]);
    // An integer parameter takes its argument at once: Overflow before the next argument
    // runs (PC-BASIC: FNC%(40000,1 MOD 0) with DEF FNC%(X%,Y) is Overflow).
    if (def.targets[k].type == Type::kInteger && !rt.failed())
      nums[k] = make_int(rt.to_int(nums[k]));
    if (rt.failed()) return false;
  }
  return true;
}

}  // namespace

void Runtime::eval_ignored(const Expr& e) {
  if (e.unclosed != Unclosed::kNo) return run_unclosed(*this, e);
  if (e.type == Type::kString)
    eval_str(e);
  else
    eval_num(e);
}

void Runtime::eval_each(const std::vector<ExprPtr>& es) {
  for (const ExprPtr& e : es) {
    if (failed()) return;
    eval_ignored(*e);
  }
}

void Runtime::call_function(const Expr& e, Num* num, std::string* str) {
  const Stmt* def = functions_[e.slot];
  if (!def) {
    // The C64 reads the argument before it looks for the function (parse_c64_call_argument).
    if (dialect_.index == kC64Basic.index)
      for (const ExprPtr& a : e.args)
        if (!failed()) eval_num(*a);
    if (!failed()) raise(ErrorCode::kUndefinedFunction);
    return;
  }
  // GW-BASIC reads as many arguments as the function has parameters, each converted as
  // it is read, then wants its ')' (FNA(1,1/0) with one parameter is a Syntax error, FNA(1/0)
  // with two Division by zero). A call whose statement failed before its ')' (unclosed)
  // runs the arguments it read; its Syntax error comes only after the last parameter.
  std::vector<Num> nums(def->targets.size());
  std::vector<std::string> strs(def->targets.size());
  if (!evaluate_arguments(*this, e, *def, nums, strs)) return;
  const bool unclosed = e.unclosed != Unclosed::kNo;
  if (unclosed ? e.args.size() >= def->targets.size() : e.args.size() != def->targets.size())
    raise(ErrorCode::kSyntax);
  if (failed() || unclosed) return;
  if (function_depth_ >= kMaxFunctionDepth) {
    raise(ErrorCode::kOutOfMemory);
    return;
  }
  // The parameters are ordinary variables, lent to the call and given back after it.
  for (std::size_t k = 0; k < e.args.size(); ++k) {
    const Target& t = def->targets[k];
    if (t.type == Type::kString) {
      std::swap(strings_[t.slot], strs[k]);
    } else {
      Num saved = read_target(t);
      assign_num(t, nums[k]);
      nums[k] = saved;
    }
  }
  ++function_depth_;
  if (def->exprs.empty())  // a body that did not parse (parse_def): what it read runs first
    eval_each(def->run_first);
  else if (str)
    *str = eval_str(*def->exprs[0]);
  else
    *num = eval_num(*def->exprs[0]);
  if (!failed() && def->error != ErrorCode::kNone) raise(def->error);  // or junk after the body
  --function_depth_;
  for (std::size_t k = 0; k < e.args.size(); ++k) {
    const Target& t = def->targets[k];
    if (t.type == Type::kString)
      strings_[t.slot] = std::move(strs[k]);
    else if (t.type == Type::kInteger)
      integers_[t.slot] = static_cast<int16_t>(nums[k].i);
    else if (t.type == Type::kDouble)
      doubles_[t.slot] = nums[k].d;
    else
      dialect_.restore_single(*this, t.slot, nums[k]);
  }
}

// ---- arrays and variables ---------------------------------------------------------------

bool Runtime::dimension(int slot, const std::vector<int>& bounds) {
  ArrayData& a = arrays_[slot];
  base_fixed_ = true;
  std::size_t count = 1;
  for (int b : bounds) {
    if (b < base_) {  // DIM A(0) after OPTION BASE 1
      raise(ErrorCode::kSubscriptOutOfRange);
      return false;
    }
    count *= static_cast<std::size_t>(b - base_) + 1;
    if (count > (std::size_t{1} << 31)) {
      raise(ErrorCode::kOutOfMemory);
      return false;
    }
  }
  Type type = program_.arrays[slot].type;
  // Element sizes as the machine stores them: integer 2, string descriptor 3, single 4
  // (GW-BASIC) or 5 (the C64), double 8 (its MBF bytes).
  std::size_t size = type == Type::kInteger  ? 2
                     : type == Type::kString ? 3
                     : type == Type::kDouble ? 8
                                             : dialect_.single_bytes;
  long free_before = free_;
  if (!dialect_.reserve_array(*this, slot, bounds.size(), count, size)) return false;
  a.reserved = free_before - free_;
  auto block = machine_.ram().allocate(count * size, "array " + program_.arrays[slot].name);
  if (!block) {
    detail_ = block.error().message;
    raise(ErrorCode::kOutOfMemory);
    return false;
  }
  a.block = std::move(*block);
  a.defined = true;
  dimmed_.push_back(slot);
  a.bounds = bounds;
  a.count = count;
  if (type == Type::kString) {
    a.strings.assign(count, std::string());
    a.stored.assign(count, 0);
  }
  return true;
}

long Runtime::element(int slot, const std::vector<ExprPtr>& subscripts) {
  clock_.cycles += charges_.element;
  ArrayData& a = arrays_[slot];
  // Subscripts are evaluated before an implicit DIM happens.
  int32_t idx[8];
  std::vector<int32_t> many;
  int32_t* index = idx;
  if (subscripts.size() > 8) {
    many.resize(subscripts.size());
    index = many.data();
  }
  // A target's subscripts belong to its statement's expression: evaluating them does not
  // free the temporary string the value made (free_temporary).
  struct Nested {
    int& depth;
    ~Nested() { --depth; }
  } nested{++eval_depth_};
  for (std::size_t k = 0; k < subscripts.size() && !failed(); ++k) {
    Num v = eval_num(*subscripts[k]);
    index[k] = dialect_.index == kC64Basic.index ? c64_subscript(v) : to_int(v);
  }
  if (failed()) return -1;
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
    if (index[k] > a.bounds[k] || index[k] < base_) {
      raise(ErrorCode::kSubscriptOutOfRange);
      return -1;
    }
    offset = offset * (a.bounds[k] + 1 - base_) + index[k] - base_;
  }
  return offset;
}

// The C64's subscript (INTIDX $B1B2) is ?ILLEGAL QUANTITY for any negative value, even -.5,
// before it truncates (cbmbasic: c64_programs/gwonly_half.bas), and from 32768 up (AYINT).
int32_t Runtime::c64_subscript(const Num& v) {
  if (failed()) return 0;
  if (v.is_c && v.c.negative && !v.c.is_zero()) {
    raise(ErrorCode::kIllegalFunctionCall);
    return 0;
  }
  return to_int(v);
}

long Runtime::target_element(const Target& t) {
  if (located_.target == &t) return located_.element;
  return element(t.slot, t.subscripts);
}

Num Runtime::load_element(Type type, int slot, long i) {
  const ArrayData& a = arrays_[slot];
  if (type == Type::kInteger) {
    int16_t v;
    std::memcpy(&v, a.block.data() + i * 2, 2);
    return make_int(v);
  }
  if (type == Type::kDouble) {
    uint64_t bytes;
    std::memcpy(&bytes, a.block.data() + i * 8, 8);
    return make_double(core::from_mbf_double(bytes));
  }
  return dialect_.load_element(a, i);
}

Num Runtime::read_target(const Target& t) {
  if (t.array) {
    long i = element(t.slot, t.subscripts);
    if (i < 0) return make_int(0);
    return load_element(t.type, t.slot, i);
  }
  if (t.type == Type::kInteger) return make_int(integers_[t.slot]);
  if (t.type == Type::kDouble) return make_double(doubles_[t.slot]);
  return dialect_.load_single(*this, t.slot);
}

void Runtime::store_double(const Target& t, const Num& v) {
  long double d = v.as_double();
  if (t.array) {
    long i = element(t.slot, t.subscripts);
    if (i < 0) return;
    uint64_t bytes = core::to_mbf_double(round_double(d));
    std::memcpy(arrays_[t.slot].block.data() + i * 8, &bytes, 8);
  } else {
    doubles_[t.slot] = round_double(d);
  }
}

std::string Runtime::read_str(const Target& t) {
  if (t.array) {
    long i = element(t.slot, t.subscripts);
    if (i < 0) return {};
    const ArrayData& a = arrays_[t.slot];
    origin_ = a.stored[static_cast<std::size_t>(i)] ? Origin::kVariable : Origin::kProgram;
    return a.strings[static_cast<std::size_t>(i)];
  }
  origin_ = str_stored_[t.slot] ? Origin::kVariable : Origin::kProgram;
  return strings_[t.slot];
}

bool Runtime::create(const Target& t) {
  if (t.array) return true;
  uint8_t& made = created_[static_cast<int>(t.type)][static_cast<std::size_t>(t.slot)];
  if (made) return true;
  if (!dialect_.reserve_variable(*this, t)) return false;
  made = 1;
  made_.push_back({t.type, t.slot});
  return true;
}

bool Runtime::exists(const Target& t) const {
  return t.array || created_[static_cast<int>(t.type)][static_cast<std::size_t>(t.slot)] != 0;
}

void Runtime::assign_num(const Target& t, const Num& v) {
  if (!create(t)) return;
  if (t.type == Type::kDouble) {
    store_double(t, v);
    return;
  }
  if (t.type != Type::kInteger) {
    dialect_.store_single(*this, t, v);
    return;
  }
  int32_t n = to_int(v);
  if (failed()) return;
  int16_t s = static_cast<int16_t>(n);
  if (t.array) {
    long i = target_element(t);
    if (i >= 0) std::memcpy(arrays_[t.slot].block.data() + i * 2, &s, 2);
  } else {
    integers_[t.slot] = s;
  }
}

void Runtime::assign_str(const Target& t, std::string v, Origin origin) {
  if (!create(t)) return;
  if (origin == Origin::kVariable || origin == Origin::kNew) {
    if (!make_string(static_cast<long>(v.size()))) return;
  }
  const uint8_t stored = origin != Origin::kProgram;
  if (t.array) {
    long i = target_element(t);
    if (i < 0) return;
    ArrayData& a = arrays_[t.slot];
    a.strings[static_cast<std::size_t>(i)] = std::move(v);
    a.stored[static_cast<std::size_t>(i)] = stored;
    files_.unlink({true, t.slot, i});  // no longer a FIELD variable
  } else {
    strings_[t.slot] = std::move(v);
    str_stored_[t.slot] = stored;
    files_.unlink({false, t.slot, -1});
  }
  keep_temporaries();
}

}  // namespace amazing::basic
