// Statements: one small function each, found through one table by StmtKind (as a
// statement is parsed through the parser's table by keyword). Each runs the statement at
// rt.line_/rt.stmt_; rt.next_line_/next_stmt_ (the following statement unless changed)
// say where to go on. What the machine does its own way (PRINT, INPUT, STOP, the numbers
// of a FOR) is the dialect's.

#include <algorithm>
#include <tuple>

#include "basic/builtins.hpp"
#include "basic/c64_files.hpp"
#include "basic/devices.hpp"
#include "basic/gw_graphics.hpp"
#include "basic/gw_io.hpp"
#include "basic/runtime.hpp"

namespace amazing::basic {

// ---- control -------------------------------------------------------------------------------

// A jump to a line the program has not: ?UNDEF'D STATEMENT, but the C64's LINGET refuses a
// number past 63999 as it reads it, ?SYNTAX (cbmbasic: c64_programs/goto_64000).
void Runtime::raise_no_line(int number) {
  const bool c64 = dialect_.index == kC64Basic.index;
  const int max = machine::describe(program_.dialect).max_line_number;
  raise(c64 && number > max ? ErrorCode::kSyntax : ErrorCode::kUndefinedLine);
}

bool Runtime::jump(const Stmt& s, std::size_t k) {
  int& cached = s.resolved[k];
  if (cached == -2) cached = program_.find_line(s.lines[k]);
  if (cached < 0) {
    raise_no_line(s.lines[k]);
    return false;
  }
  // The search for the line: on from the next line when the target lies ahead, else
  // from the first line (the typed line is the last: it searches from the start).
  clock_.cycles +=
      charges_.line_scan * static_cast<uint64_t>(cached > line_ ? cached - line_ : cached + 1);
  next_line_ = cached;
  next_stmt_ = 0;
  return true;
}

bool Runtime::gosub(const Stmt& s, std::size_t k) {
  const SharedStack* shared = dialect_.shared_stack;
  if (shared ? !stack_room(shared->gosub_fits, *shared) : stack_.size() >= kMaxStack) {
    raise(ErrorCode::kOutOfMemory);
    return false;
  }
  // RETURN goes on after the statement: the junk after the C64's ON ... GOSUB list, which
  // it never reads, goes with it (c64_programs/junk_on).
  int after = stmt_ + 1;
  const auto& stmts = program_.lines[line_].stmts;
  if (after < static_cast<int>(stmts.size()) && stmts[after].kind == StmtKind::kError &&
      stmts[after].junk)
    ++after;
  Frame f{line_, after, -1};
  if (!jump(s, k)) return false;
  stack_.push_back(f);
  return true;
}

// The NEXT that closes the FOR running now: the first NEXT variable, in program order,
// not taken by a FOR in between ("NEXT J,I" closes two).
bool Runtime::find_next(ForFrame& f) {
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
            if (!named.empty() && (named[v].type != f.var_type || named[v].slot != f.var_slot)) {
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

// NEXT at (line, stmt), from its variable number from_var on.
void Runtime::next(const Stmt& s, int line, int stmt, std::size_t from_var) {
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
    if (iterate(static_cast<std::size_t>(found))) return;
  }
}

bool Runtime::iterate(std::size_t found) {
  loops_.resize(found + 1);
  ForFrame& f = loops_.back();
  if (!loop_ends(f)) {
    next_line_ = f.for_line;
    next_stmt_ = f.for_stmt;
    return true;
  }
  if (failed()) return true;
  loops_.pop_back();
  return false;
}

bool Runtime::loop_ends(ForFrame& f) {
  if (f.var_type != Type::kInteger) return dialect_.next_single(*this, f) || failed();
  int32_t v = integers_[f.var_slot] + f.istep;
  if (v < -32768 || v > 32767) {
    raise(ErrorCode::kOverflow);
    return true;
  }
  integers_[f.var_slot] = static_cast<int16_t>(v);
  return f.sign > 0 ? v > f.ilimit : f.ilimit > v;
}

// ---- the C64's shared stack ------------------------------------------------------------------

std::size_t Runtime::stack_bytes(const SharedStack& shared) const {
  return loops_.size() * shared.for_bytes + stack_.size() * shared.gosub_bytes;
}

bool Runtime::stack_room(std::size_t fits, const SharedStack& shared) {
  if (stack_bytes(shared) <= fits) return true;
  raise(ErrorCode::kOutOfMemory);
  return false;
}

long Runtime::shared_loop(const Target* var) const {
  for (std::size_t k = loops_.size(); k-- > 0;) {
    const ForFrame& f = loops_[k];
    if (f.gosubs != stack_.size()) break;  // the last GOSUB's frame ends the search
    if (var == nullptr || (f.var_type == var->type && f.var_slot == var->slot))
      return static_cast<long>(k);
  }
  return -1;
}

// NEXT on the C64: each variable named (or the newest loop) is looked for on the stack
// when the NEXT runs; the loops after it are dropped.
void Runtime::next_shared(const Stmt& s) {
  std::size_t count = std::max<std::size_t>(1, s.targets.size());
  for (std::size_t n = 0; n < count; ++n) {
    long found = shared_loop(s.targets.empty() ? nullptr : &s.targets[n]);
    if (found < 0) {
      raise(ErrorCode::kNextWithoutFor);
      return;
    }
    if (iterate(static_cast<std::size_t>(found))) return;
  }
}

// The WEND that closes the WHILE running now: the first WEND, in program order, not taken
// by a WHILE in between.
bool Runtime::find_wend(WhileFrame& f) {
  int depth = 0;
  for (int li = line_, si = stmt_ + 1; li < static_cast<int>(program_.lines.size()); ++li, si = 0) {
    const auto& stmts = program_.lines[li].stmts;
    for (; si < static_cast<int>(stmts.size()); ++si) {
      if (stmts[si].kind == StmtKind::kWhile) ++depth;
      if (stmts[si].kind != StmtKind::kWend) continue;
      if (depth-- == 0) {
        f.wend_line = li;
        f.wend_stmt = si;
        return true;
      }
    }
  }
  raise(ErrorCode::kWhileWithoutWend);
  return false;
}

// A true condition goes on after the WHILE; a false one ends the loop after its WEND.
void Runtime::check_while(const WhileFrame& f) {
  line_ = f.while_line;  // an error in the condition is the WHILE line's
  const Stmt& w = program_.lines[f.while_line].stmts[f.while_stmt];
  if (w.exprs.empty()) {  // the condition did not parse: what it read runs first
    eval_each(w.run_first);
    if (!failed()) raise(w.error);
    return;
  }
  bool truth = !eval_num(*w.exprs[0]).is_zero();
  if (failed()) return;
  if (truth) {
    next_line_ = f.while_line;
    next_stmt_ = f.while_stmt + 1;
  } else {
    next_line_ = f.wend_line;
    next_stmt_ = f.wend_stmt + 1;
    whiles_.pop_back();
  }
}

bool Runtime::trap(int li, int si) {
  err_number_ = static_cast<int>(err_);
  err_line_ = line_ == direct_ ? kDirectLine : program_.lines[line_].number;
  const std::pair<int, int> failed = failed_in_.value_or(std::pair{li, si});
  failed_in_.reset();
  if (on_error_ < 0 || resume_at_) {
    resume_at_.reset();  // the error ends the run
    return false;
  }
  resume_at_.emplace(failed);
  events_.suspended = true;  // until RESUME (PC-BASIC)
  err_ = ErrorCode::kNone;
  next_line_ = on_error_;
  next_stmt_ = 0;
  return true;
}

namespace {

// ---- the statements --------------------------------------------------------------------------

void exec_print(Runtime& rt, const Stmt& s) {
  if (s.file) return to_file(rt, s, [](Runtime& r, const Stmt& st) { r.dialect_.print(r, st); });
  rt.dialect_.print(rt, s);
}

void exec_input(Runtime& rt, const Stmt& s) {
  if (s.file) return exec_input_file(rt, s);
  if (!rt.dialect_.input(rt, s)) rt.finish(Outcome::kInputEnded);
}

// The C64 finds (makes) the variable before it evaluates the value; GW-BASIC after it
// (PC-BASIC: `P=VARPTR(A(0))` with P new reads A's place before P moves the arrays up).
// The C64's LET finds its target (PTRGET: an element's subscripts evaluated and checked)
// before it evaluates the value: A(RND(1)*10)=RND(1) takes the first number for the
// subscript, and B(11)=SQR(-1) is ?BAD SUBSCRIPT (cbmbasic: c64_programs/let_order).
void exec_let(Runtime& rt, const Stmt& s) {
  const Target& t = s.targets[0];
  if (rt.dialect_.index != kGwBasic.index && !rt.create(t)) return;
  if (rt.dialect_.index == kC64Basic.index && t.array) {
    const long i = rt.element(t.slot, t.subscripts);
    if (rt.failed()) return;
    rt.located_ = {&t, i};
  }
  struct Forget {
    Runtime& rt;
    ~Forget() { rt.located_ = {}; }
  } forget{rt};
  if (s.targets[0].type == Type::kString) {
    std::string v = rt.eval_str(*s.exprs[0]);
    if (!rt.failed()) rt.assign_str(s.targets[0], std::move(v));
  } else {
    Num v = rt.eval_num(*s.exprs[0]);
    if (!rt.failed()) rt.assign_num(s.targets[0], v);
  }
}

void exec_if(Runtime& rt, const Stmt& s) {
  const Expr& cond = *s.exprs[0];
  if (cond.type == Type::kString) {
    rt.raise(ErrorCode::kTypeMismatch);
    return;
  }
  bool truth = !rt.eval_num(cond).is_zero();
  if (rt.failed()) return;
  // The C64 skips a false IF's line with REMN, and THEN n is a GOTO (Runtime::c64_charac_).
  if (!truth || s.then_line >= 0) rt.c64_charac_ = 0;
  if (truth) {
    if (s.then_line >= 0) {
      int target = rt.program_.find_line(s.then_line);
      if (target < 0)
        rt.raise_no_line(s.then_line);
      else
        rt.next_line_ = target, rt.next_stmt_ = 0;
    }
  } else if (s.else_index >= 0) {
    rt.next_stmt_ = s.else_index;
  } else {
    rt.next_line_ = rt.line_ + 1;
    rt.next_stmt_ = 0;
  }
}

void exec_else(Runtime& rt, const Stmt&) {  // the THEN part ends: on to the next line
  rt.next_line_ = rt.line_ + 1;
  rt.next_stmt_ = 0;
}

void exec_nothing(Runtime&, const Stmt&) {}  // REM, DATA

void exec_goto(Runtime& rt, const Stmt& s) {
  rt.jump(s, 0);
}

void exec_gosub(Runtime& rt, const Stmt& s) {
  rt.gosub(s, 0);
}

void exec_return(Runtime& rt, const Stmt& s) {
  if (rt.stack_.empty()) {
    rt.raise(ErrorCode::kReturnWithoutGosub);
    return;
  }
  const Frame back = rt.stack_.back();
  rt.next_line_ = back.line;
  rt.next_stmt_ = back.stmt;
  rt.stack_.pop_back();
  if (back.trap >= 0) rt.events_.returned(back.trap);  // an event's handler: its trap again
  if (rt.dialect_.shared_stack != nullptr)  // the loops begun since the GOSUB go with it
    std::erase_if(rt.loops_, [&](const ForFrame& f) { return f.gosubs > rt.stack_.size(); });
  if (!s.lines.empty()) rt.jump(s, 0);  // `RETURN n` (pc): on at line n instead
}

// ON k GOTO/GOSUB: 0 or past the list falls through; beyond 0..255 Illegal function call.
int on_choice(Runtime& rt, const Stmt& s) {
  int32_t k = rt.eval_int(*s.exprs[0]);
  if (rt.failed()) return 0;
  if (k < 0 || k > 255) {
    rt.raise(ErrorCode::kIllegalFunctionCall);
    return 0;
  }
  const int taken = k > static_cast<int32_t>(s.lines.size()) ? 0 : static_cast<int>(k);
  // The C64 reads (LINGET) every entry before the one it takes, all of them when it takes
  // none: one past 63999 is ?SYNTAX there (`ON 2 GOTO 64000,10`; c64_programs/on_entries).
  if (rt.dialect_.index == kC64Basic.index) {
    const std::size_t read = taken == 0 ? s.lines.size() : static_cast<std::size_t>(taken - 1);
    const int max = machine::describe(rt.program_.dialect).max_line_number;
    for (std::size_t i = 0; i < read; ++i)
      if (s.lines[i] > max) return rt.raise(ErrorCode::kSyntax), 0;
  }
  return taken;
}
void exec_on_goto(Runtime& rt, const Stmt& s) {
  if (int k = on_choice(rt, s)) rt.jump(s, static_cast<std::size_t>(k - 1));
}
void exec_on_gosub(Runtime& rt, const Stmt& s) {
  if (int k = on_choice(rt, s)) rt.gosub(s, static_cast<std::size_t>(k - 1));
}

void exec_for(Runtime& rt, const Stmt& s) {
  const Target& var = s.targets[0];
  if (!rt.create(var)) return;  // FOR starts as LET does
  Num start = rt.eval_num(*s.exprs[0]);
  // A double loop variable is refused once the start is read (PC-BASIC 2.0.5).
  if (var.type == Type::kDouble && !rt.failed()) rt.raise(ErrorCode::kTypeMismatch);
  if (rt.failed()) return;
  Num limit = rt.eval_num(*s.exprs[1]);
  Num step = s.has_step ? rt.eval_num(*s.exprs[2]) : make_int(1);
  if (rt.failed()) return;
  ForFrame f;
  f.var_type = var.type;
  f.var_slot = var.slot;  // find_next checks the NEXT's variable against these
  f.for_line = rt.line_;
  f.for_stmt = rt.stmt_ + 1;
  bool empty;
  int32_t istart = 0;
  if (var.type == Type::kInteger) {
    istart = rt.to_int(start);
    f.ilimit = rt.to_int(limit);
    f.istep = rt.to_int(step);
    f.sign = f.istep > 0 ? 1 : f.istep < 0 ? -1 : 0;
    empty = f.sign >= 0 ? istart > f.ilimit : f.ilimit > istart;
  } else {
    empty = rt.dialect_.for_single(rt, f, start, limit, step);
  }
  if (rt.failed()) return;
  const SharedStack* shared = rt.dialect_.shared_stack;
  if (shared != nullptr) {  // the C64: its NEXT is found when it runs; a loop of var ends
    f.gosubs = rt.stack_.size();
    if (long old = rt.shared_loop(&var); old >= 0) rt.loops_.resize(static_cast<std::size_t>(old));
    empty = false;
  } else if (!rt.find_next(f)) {
    return;
  }
  if (var.type == Type::kInteger)
    rt.integers_[var.slot] = static_cast<int16_t>(istart);
  else
    rt.dialect_.store_single(rt, var, start);
  if (shared ? !rt.stack_room(shared->for_fits, *shared) : rt.loops_.size() >= kMaxStack) {
    rt.raise(ErrorCode::kOutOfMemory);
    return;
  }
  rt.loops_.push_back(f);
  if (empty) {
    // PC-BASIC goes to the NEXT and iterates once there, so the variable moves on by a
    // step (FOR I=3 TO 1 leaves I=4) and the loop ends. The NEXT runs on with the rest of
    // its list (NEXT J,I), its errors in its own line (not followed: PC-BASIC reads the
    // rest as a statement of its own, a Syntax error; FACTS.md).
    const Stmt& next = rt.program_.lines[f.next_line].stmts[f.next_stmt];
    rt.next(next, f.next_line, f.next_stmt, static_cast<std::size_t>(f.next_var));
    if (rt.failed()) {
      rt.line_ = f.next_line;
      rt.failed_in_.emplace(f.next_line, f.next_stmt);
    }
  }
}

void exec_next(Runtime& rt, const Stmt& s) {
  if (rt.dialect_.shared_stack != nullptr)
    rt.next_shared(s);
  else
    rt.next(s, rt.line_, rt.stmt_, 0);
}

void exec_dim(Runtime& rt, const Stmt& s) {
  for (const Target& t : s.targets) {
    if (!t.array) {  // the C64's DIM A: the variable A
      if (!rt.create(t)) return;
      continue;
    }
    std::vector<int> bounds;
    bool negative = false;
    for (const auto& e : t.subscripts) {
      int32_t b = rt.eval_int(*e);
      if (rt.failed()) return;
      // (the C64 refuses a negative bound at once)
      if (b < 0 && rt.dialect_.index == kC64Basic.index)
        return rt.raise(ErrorCode::kIllegalFunctionCall);
      negative = negative || b < 0;
      bounds.push_back(b);
    }
    // GW-BASIC looks for the array before it checks the bounds (PC-BASIC: DIM A(-1) of a
    // dimensioned A is Duplicate definition)
    if (rt.arrays_[t.slot].defined) return rt.raise(ErrorCode::kDuplicateDefinition);
    if (negative) return rt.raise(ErrorCode::kIllegalFunctionCall);
    if (!rt.dimension(t.slot, bounds)) return;
  }
}

// RANDOMIZE alone asks, until it gets a number (no "?Redo from start"); nullopt when
// input ended.
std::optional<int32_t> ask_seed(Runtime& rt) {
  std::optional<int32_t> seed;
  while (!seed && !rt.failed()) {
    constexpr std::string_view kAsk = "Random number seed (-32768 to 32767)? ";
    rt.printer_.write(kAsk);
    rt.printer_.flush();
    auto read = next_typed_line(rt);
    if (!read) break;
    std::string typed = rt.printer_.typed_line(*read, rt.machine_.echo());
    rt.printer_.newline();
    if (auto v = parse_decimal(typed, true)) {
      seed = rt.to_int(v->is_integer ? make_int(static_cast<int32_t>(v->value))
                                     : make_float(v->value));
    }
  }
  return seed;
}

void exec_randomize(Runtime& rt, const Stmt& s) {
  if (s.exprs.empty()) {
    std::optional<int32_t> seed = ask_seed(rt);
    if (!seed) {
      if (!rt.failed()) rt.finish(Outcome::kInputEnded);
      return;
    }
    rt.machine_.rnd().randomize(static_cast<int16_t>(*seed));
    return;
  }
  Num v = rt.eval_num(*s.exprs[0]);
  if (rt.failed()) return;
  int16_t n;
  if (v.is_int) {
    n = static_cast<int16_t>(v.i);
  } else {
    // A non-integer seed: GW-BASIC xors the two middle bytes of the stored single with its
    // last two (sign and exponent) and reads them as an integer.
    uint32_t mbf = to_mbf(v.as_float());
    uint32_t low = mbf & 0xFFFF, high = mbf >> 16;
    n = static_cast<int16_t>(static_cast<uint16_t>(low ^ high));
  }
  rt.machine_.rnd().randomize(n);
}

// END: closes the files and the printer first (an error there is END's, and trappable).
void exec_end(Runtime& rt, const Stmt&) {
  if (ErrorCode e = rt.close_devices(); e != ErrorCode::kNone) return rt.raise(e);
  rt.finish(Outcome::kEnded);
}

void exec_stop(Runtime& rt, const Stmt&) {
  // -1: STOP typed at the prompt ("Break" with no line).
  rt.dialect_.stop(rt, rt.line_ == rt.direct_ ? -1 : rt.program_.lines[rt.line_].number);
  rt.finish(Outcome::kStopped);
}

void exec_tron(Runtime& rt, const Stmt&) {
  rt.trace_ = true;
}

void exec_troff(Runtime& rt, const Stmt&) {
  rt.trace_ = false;
}

void exec_system(Runtime& rt, const Stmt&) {
  rt.finish(Outcome::kSystem);
}

// A command of the prompt's (pc): the run stops for the prompt to do it (PromptCommand),
// the file name evaluated here (Type mismatch and the like are the statement's errors).
void exec_prompt_command(Runtime& rt, const Stmt& s) {
  std::string args;
  if (!s.exprs.empty()) {
    std::string name = rt.eval_str(*s.exprs[0]);
    if (rt.failed()) return;
    if (name.find('"') != std::string::npos) return rt.raise(ErrorCode::kBadFileName);
    args = "\"" + name + "\"";
  }
  std::string text = s.text;
  if (s.exprs.size() > 1) {  // CHAIN's line, after its comma: 0..65535 (-1 is 65535)
    const std::optional<int32_t> line = unsigned16(rt, rt.eval_num(*s.exprs[1]));
    if (!line) return;
    text.insert(1, std::to_string(*line));
  }
  const bool typed = rt.line_ == rt.direct_;
  const bool name_last = s.data == "LIST";  // LIST range,"F"
  rt.command_ = PromptCommand{s.data, name_last ? text + args : args + text,
                              typed ? -1 : rt.program_.lines[rt.line_].number};
  rt.finish(Outcome::kCommand);
}

// TI$="HHMMSS" (c64): the jiffy clock set to that time of day; any other text is
// ?ILLEGAL QUANTITY.
void exec_set_clock(Runtime& rt, const Stmt& s) {
  std::string text = rt.eval_str(*s.exprs[0]);
  if (!rt.failed() && !rt.clock_.set_c64_time(text)) rt.raise(ErrorCode::kIllegalFunctionCall);
}

// TIME$ = "HH[:MM[:SS]]" (pc; '.' separates too): Illegal function call for anything else.
void exec_set_time(Runtime& rt, const Stmt& s) {
  if (s.mode == 'D') return exec_set_date(rt, s);
  std::string text = rt.eval_str(*s.exprs[0]);
  if (!rt.failed() && !rt.clock_.set_pc_time(text)) rt.raise(ErrorCode::kIllegalFunctionCall);
  rt.events_.quiet_until = 0;  // the timer trap counts the time of day: ask it again
}

// POKE address, value: on the machine's memory map (DialectOps::poke).
void exec_poke(Runtime& rt, const Stmt& s) {
  Num address = rt.eval_num(*s.exprs[0]);
  if (rt.failed()) return;
  Num value = rt.eval_num(*s.exprs[1]);
  if (!rt.failed()) rt.dialect_.poke(rt, address, value);
}

// DEF SEG [= n] (pc): the segment PEEK and POKE address, an unsigned 16-bit number
// (unsigned16), GW-BASIC's data segment when left out. DEF USR[d] = n (mode 'U'): n
// checked the same way and kept nowhere (no USR routine is ever called here).
void exec_def_seg(Runtime& rt, const Stmt& s) {
  if (s.exprs.empty()) {
    rt.segment_ = kGwDataSegment;
    return;
  }
  Num v = rt.eval_num(*s.exprs[0]);
  if (rt.failed()) return;
  std::optional<int32_t> n = unsigned16(rt, v);
  if (n && s.mode != 'U') rt.segment_ = static_cast<uint32_t>(*n);
}

// A statement that did not parse: its error, after what the machine evaluated before it
// (the calls it left unclosed among them: builtins.hpp run_unclosed).
void exec_error(Runtime& rt, const Stmt& s) {
  rt.eval_each(s.run_first);
  if (!rt.failed()) rt.raise(s.error);
}

// A DATA item as READ finds it: `quoted` when it stood in quotes, `trailing` when
// something other than blanks followed the closing quote before the comma ("x" y).
struct DataItem {
  std::string text;
  bool quoted = false, trailing = false;
};

// One DATA item into t. Text after a quoted item and a quoted item read into a number
// are a Syntax error in the DATA line (PC-BASIC; cbmbasic: c64_programs/data_quoted).
void read_item(Runtime& rt, const Target& t, const DataItem& item, bool gw) {
  bool refused = item.trailing || (item.quoted && t.type != Type::kString);
  if (t.type == Type::kString && !refused)
    return rt.assign_str(t, item.text, Runtime::Origin::kProgram);  // the DATA's text
  std::optional<Num> v = refused ? std::nullopt : rt.dialect_.read_number(rt, item.text);
  if (rt.failed()) return;  // the C64's ?OVERFLOW: in the READ's line
  if (v) return rt.assign_num(t, *v);
  // What the item's start reads as is assigned before the error: on the pc `5X` 5, `X` and
  // a quoted item 0; on the C64 what FIN read of an unquoted item, so `DATA 65536X` into
  // an integer is ?ILLEGAL QUANTITY in the READ's line (cbmbasic: c64_programs/read_junk).
  if (gw && t.type != Type::kString)
    rt.assign_num(t, item.quoted ? make_int(0) : gw_val(rt, item.text));
  else if (!gw && !refused)
    rt.assign_num(t, make_c(core::c64_fin(item.text).value));
  if (rt.failed()) return;
  rt.line_ = rt.data_line_;  // GW-BASIC and the C64 blame the DATA line
  rt.raise(ErrorCode::kSyntax);
}

// Statement j follows THEN or ELSE with no ':' before it (`IF X THEN PRINT`: the PRINT).
// GW-BASIC looks for a statement's start only after a ':' or a line's start, so READ finds
// no DATA there (`IF X THEN DATA 1`; PC-BASIC's skip_to_token, cbmbasic's DATAN alike) and
// RESUME NEXT passes it (after_failed).
bool right_after_then_or_else(const std::vector<Stmt>& stmts, int j) {
  if (j <= 0 || j >= static_cast<int>(stmts.size())) return false;
  const Stmt& before = stmts[static_cast<std::size_t>(j) - 1];
  return (before.kind == StmtKind::kIf && before.then_line < 0) || before.kind == StmtKind::kElse;
}

// The next DATA item: quoted, or up to the next comma (blanks before it skipped, those
// after it dropped but on the C64); false after Out of DATA.
bool next_data(Runtime& rt, DataItem& data) {
  std::string& item = data.text;
  const auto& lines = rt.program_.lines;
  while (true) {
    if (rt.data_line_ >= static_cast<int>(lines.size())) {
      rt.raise(ErrorCode::kOutOfData);
      return false;
    }
    const auto& stmts = lines[rt.data_line_].stmts;
    if (rt.data_stmt_ >= static_cast<int>(stmts.size())) {
      ++rt.data_line_, rt.data_stmt_ = 0, rt.data_pos_ = 0, rt.data_started_ = false;
      continue;
    }
    const Stmt& d = stmts[rt.data_stmt_];
    if (d.kind != StmtKind::kData || right_after_then_or_else(stmts, rt.data_stmt_) ||
        (rt.data_started_ && rt.data_pos_ > d.data.size())) {
      ++rt.data_stmt_, rt.data_pos_ = 0, rt.data_started_ = false;
      continue;
    }
    rt.data_started_ = true;
    std::size_t i = rt.data_pos_;
    while (i < d.data.size() && d.data[i] == ' ') ++i;
    if (i < d.data.size() && d.data[i] == '"') {
      std::size_t end = d.data.find('"', i + 1);
      if (end == std::string::npos) end = d.data.size();
      item = d.data.substr(i + 1, end - i - 1);
      data.quoted = true;
      i = end + 1;
      while (i < d.data.size() && d.data[i] != ',') data.trailing |= d.data[i++] != ' ';
    } else {
      std::size_t end = d.data.find(',', i);
      if (end == std::string::npos) end = d.data.size();
      item = d.data.substr(i, end - i);
      // The C64's READ keeps the blanks before the comma (cbmbasic: c64_programs/data_blanks).
      if (rt.dialect_.index != kC64Basic.index)
        while (!item.empty() && item.back() == ' ') item.pop_back();
      i = end;
    }
    rt.data_pos_ = i + 1;
    return true;
  }
}

// READ: each item into its variable. On the pc an item that fails leaves the data pointer
// before it, so the next READ reads it again (PC-BASIC: READ A of `DATA X` is a Syntax
// error, then READ A$ reads "X"); an item that is no number read into one still assigns
// what its start reads as (`5X` 5, `X` and a quoted item 0) before the error.
void exec_read(Runtime& rt, const Stmt& s) {
  const bool gw = rt.dialect_.index != kC64Basic.index;
  for (const Target& t : s.targets) {
    const auto before = std::tuple{rt.data_line_, rt.data_stmt_, rt.data_pos_, rt.data_started_};
    DataItem item;
    if (!next_data(rt, item)) return;
    read_item(rt, t, item, gw);
    if (!rt.failed()) continue;
    if (gw) std::tie(rt.data_line_, rt.data_stmt_, rt.data_pos_, rt.data_started_) = before;
    return;
  }
}

void exec_restore(Runtime& rt, const Stmt& s) {
  if (!s.lines.empty()) {
    int target = rt.program_.find_line(s.lines[0]);
    if (target < 0) {
      rt.raise(ErrorCode::kUndefinedLine);
      return;
    }
    rt.data_line_ = target;
  } else {
    rt.data_line_ = 0;
  }
  rt.data_stmt_ = 0;
  rt.data_pos_ = 0;
  rt.data_started_ = false;
}

// CLS [n] (PC-BASIC's order): n is 0..2; graphics_cls clears what is drawn; then the text:
// CLS 0, or CLS alone without VIEW PRINT's rows, the whole screen; CLS 2, or CLS alone with
// them, those rows; CLS 1 (a graphics viewport's) leaves the text screen as it is.
void exec_cls(Runtime& rt, const Stmt& s) {
  int n = -1;
  if (!s.exprs.empty()) {
    n = rt.eval_int(*s.exprs[0]);
    if (rt.failed()) return;
    if (n < 0 || n > 2) return rt.raise(ErrorCode::kIllegalFunctionCall);
  }
  if (!graphics_cls(rt, n) || n == 1) return;
  clear_screen(rt, n == 2 || (n < 0 && rt.printer_.viewed()));
}

// DEF FN: the function is defined; the first time, its record and its parameters (as
// variables, made if new) take their memory (PC-BASIC, cbmbasic: DEF FNA(X) 16 and 14).
void exec_def(Runtime& rt, const Stmt& s) {
  if (rt.functions_[s.slot] == nullptr) {
    if (!rt.dialect_.reserve_function(rt, s.slot)) return;
    rt.made_.push_back(
        {rt.program_.functions[static_cast<std::size_t>(s.slot)].type, s.slot, true});
    for (const Target& param : s.targets)
      if (!rt.create(param)) return;
  }
  rt.functions_[s.slot] = &s;
}

void exec_swap(Runtime& rt, const Stmt& s) {
  const Target& a = s.targets[0];
  const Target& b = s.targets[1];
  if (a.type != b.type) {
    rt.raise(ErrorCode::kTypeMismatch);
    return;
  }
  // The second is found, not made: a new simple variable there is Illegal function call
  // (PC-BASIC: `SWAP A,B` with no B yet; `SWAP B,A` makes B).
  if (!rt.exists(b)) {
    rt.raise(ErrorCode::kIllegalFunctionCall);
    return;
  }
  if (a.type == Type::kString) {
    // The two swap their strings where they are.
    FieldSwap links = field_links(rt, a, b);  // FIELD variables swap their links too
    std::string x = rt.read_str(a);
    auto in_x = rt.origin_;
    std::string y = rt.read_str(b);
    auto in_y = rt.origin_;
    if (rt.failed()) return;
    auto kept = [](Runtime::Origin o) {
      return o == Runtime::Origin::kVariable ? Runtime::Origin::kTemporary : o;
    };
    rt.assign_str(a, std::move(y), kept(in_y));
    rt.assign_str(b, std::move(x), kept(in_x));
    relink_swapped(rt, links);
  } else {
    Num x = rt.read_target(a), y = rt.read_target(b);
    if (rt.failed()) return;
    rt.assign_num(a, y);
    rt.assign_num(b, x);
  }
}

// WHILE: the loop is entered before its condition is read, so after a condition that
// fails (`WHILE "A"`, `WHILE` alone) the WEND a RESUME NEXT reaches reads it again and
// repeats its error (PC-BASIC).
void exec_while(Runtime& rt, const Stmt&) {
  WhileFrame f{rt.line_, rt.stmt_, 0, 0};
  if (!rt.find_wend(f)) return;
  if (rt.whiles_.size() >= kMaxStack) {
    rt.raise(ErrorCode::kOutOfMemory);
    return;
  }
  rt.whiles_.push_back(f);
  rt.check_while(f);
}

// WEND: the loops jumped out of (whose WEND is elsewhere) end; the one it closes checks
// its condition again.
void exec_wend(Runtime& rt, const Stmt&) {
  auto& whiles = rt.whiles_;
  while (!whiles.empty() &&
         (whiles.back().wend_line != rt.line_ || whiles.back().wend_stmt != rt.stmt_))
    whiles.pop_back();
  if (whiles.empty()) {
    rt.raise(ErrorCode::kWendWithoutWhile);
    return;
  }
  rt.check_while(whiles.back());
}

// ON ERROR GOTO n: its line must exist when the statement runs. ON ERROR GOTO 0 in a
// handler ends the run with the error being handled, in its own line (PC-BASIC).
void exec_on_error(Runtime& rt, const Stmt& s) {
  if (s.lines[0] == 0) {
    rt.on_error_ = -1;
    if (!rt.resume_at_) return;
    int at = rt.err_line_ == kDirectLine ? rt.direct_ : rt.program_.find_line(rt.err_line_);
    if (at >= 0) rt.line_ = at;
    rt.resume_at_.reset();
    rt.raise(static_cast<ErrorCode>(rt.err_number_));
    return;
  }
  int target = rt.program_.find_line(s.lines[0]);
  if (target < 0) {
    rt.raise(ErrorCode::kUndefinedLine);
    return;
  }
  rt.on_error_ = target;
}

// Where RESUME NEXT goes on after statement si failed: the next statement, found as
// GW-BASIC finds it, at the first ':' after the failed statement's start (PC-BASIC's
// skip_to). An IF whose condition failed (or THEN n's line) is followed by its THEN part
// with no ':' between them, so that goes on past the THEN part's first statement (past
// the innermost's, THEN IF ... THEN), or at its ELSE (GW-BASIC's ':ELSE'), which ends the
// line.
int after_failed(const std::vector<Stmt>& stmts, int si) {
  int next = si + 1;
  while (right_after_then_or_else(stmts, next) &&
         stmts[static_cast<std::size_t>(next)].kind != StmtKind::kElse)
    ++next;
  return next;
}

// RESUME: back to the statement that failed, RESUME NEXT to the one after it, RESUME n to
// line n; ERR is 0 again, ERL stays. With no handler running: RESUME without error, and
// trapping is off.
void exec_resume(Runtime& rt, const Stmt& s) {
  if (!rt.resume_at_) {
    rt.on_error_ = -1;
    rt.raise(ErrorCode::kResumeWithoutError);
    return;
  }
  auto [li, si] = *rt.resume_at_;
  rt.resume_at_.reset();
  rt.events_.suspended = false;
  rt.err_number_ = 0;
  if (!s.lines.empty()) {
    rt.jump(s, 0);
    return;
  }
  rt.next_line_ = li;
  const auto& stmts = rt.program_.lines[li].stmts;
  rt.next_stmt_ = s.resume_next ? after_failed(stmts, si) : si;
  // RESUME NEXT after a statement that ran before its junk (SWAP P,R X) goes on past the
  // junk, the rest of that statement.
  if (s.resume_next && rt.next_stmt_ < static_cast<int>(stmts.size()) && stmts[rt.next_stmt_].junk)
    ++rt.next_stmt_;
}

// ERROR n: raises error n (1..255; a number with no message is "Unprintable error").
void exec_raise(Runtime& rt, const Stmt& s) {
  int32_t n = rt.eval_int(*s.exprs[0]);
  if (rt.failed()) return;
  rt.raise(n < 1 || n > 255 ? ErrorCode::kIllegalFunctionCall : static_cast<ErrorCode>(n));
}

// OPTION BASE n: once arrays fixed the base (or OPTION BASE did), another base is
// Duplicate Definition; the same one again is allowed.
void exec_option_base(Runtime& rt, const Stmt& s) {
  if (rt.base_fixed_ && rt.base_ != s.slot) {
    rt.raise(ErrorCode::kDuplicateDefinition);
    return;
  }
  rt.base_ = s.slot;
  rt.base_fixed_ = rt.base_by_option_ = true;
}

// ERASE: each array named must exist (else Illegal function call); its memory is free
// again and it may be dimensioned anew. With no array left, a base DIM fixed is free.
void exec_erase(Runtime& rt, const Stmt& s) {
  for (const Target& t : s.targets) {
    ArrayData& a = rt.arrays_[t.slot];
    if (!a.defined) {
      rt.raise(ErrorCode::kIllegalFunctionCall);
      return;
    }
    rt.free_ += a.reserved;
    a = ArrayData{};
    rt.files_.unlink_array(t.slot);
    std::erase(rt.dimmed_, t.slot);
  }
  bool any = std::any_of(rt.arrays_.begin(), rt.arrays_.end(),
                         [](const ArrayData& a) { return a.defined; });
  if (!any && !rt.base_by_option_) rt.base_fixed_ = false;
}

// CLR (c64, $A65E) in a program: variables, arrays, DEF FN and strings go, DATA starts
// again, the files are forgotten (CLALL), and the stack is reset ($A67A): no FOR loop
// or GOSUB is left, and CONT cannot go on; the run goes on with the next statement
// (cbmbasic: c64_programs/clr).
void exec_c64_clr(Runtime& rt) {
  rt.clear_state();
  rt.c64_files_.forget();
  rt.cont_.reset();
}

// RUN [n] in a program (c64, $A871): CLR, then on from the program's first line or from
// line n (LINGET: no digits is line 0). A typed `PRINT 1:RUN` with no program ends.
void exec_c64_run(Runtime& rt, const Stmt& s) {
  exec_c64_clr(rt);
  if (!s.lines.empty()) {
    rt.jump(s, 0);
  } else if (rt.direct_ == 0 || rt.program_.lines.empty()) {
    rt.finish(Outcome::kEnded);
  } else {
    rt.next_line_ = 0;
    rt.next_stmt_ = 0;
  }
}

// CLEAR: variables, arrays, DEF FN, FOR and WHILE loops, OPTION BASE, ON ERROR, ERR and
// ERL, the DATA pointer and RND (back to its power-on state) start afresh; GOSUB returns
// and TRON stay (PC-BASIC). Its numbers are checked as PC-BASIC checks them (n not
// negative, m and k not 0) and otherwise not used: the memory size stays as it is.
// CLEAR n,m,k: m (an unsigned 16-bit number) is the size of GW-BASIC's data segment (at
// most what it is: Out of memory), k the bytes of its stack; FRE(0) changes by as much.
void exec_clear(Runtime& rt, const Stmt& s) {
  if (rt.dialect_.index == kC64Basic.index) return exec_c64_clr(rt);
  long size[3] = {0, rt.gw_memory_size_, rt.gw_stack_bytes_};
  for (std::size_t k = 0; k < s.exprs.size(); ++k) {
    if (!s.exprs[k]) continue;
    Num v = rt.eval_num(*s.exprs[k]);
    std::optional<int32_t> n = k == 0 ? std::optional(rt.to_int(v)) : unsigned16(rt, v);
    if (rt.failed()) return;
    if (k == 0 ? *n < 0 : *n == 0) {
      rt.raise(ErrorCode::kIllegalFunctionCall);
      return;
    }
    if (k == 1 && *n > rt.gw_memory_size_) {
      rt.raise(ErrorCode::kOutOfMemory);
      return;
    }
    size[k] = *n;
  }
  rt.free_at_start_ += (size[1] - rt.gw_memory_size_) - (size[2] - rt.gw_stack_bytes_);
  rt.gw_memory_size_ = size[1];
  rt.gw_stack_bytes_ = size[2];
  std::vector<Frame> returns = std::move(rt.stack_);
  bool trace = rt.trace_;
  rt.clear_state();
  for (Frame& f : returns) f.trap = -1;  // the traps are gone: their RETURNs start none
  rt.stack_ = std::move(returns);
  rt.trace_ = trace;
  if (rt.dialect_.cont.clear == ContAfter::kForget) rt.cont_.reset();
  rt.machine_.rnd() = core::GwRnd(core::GwRnd::kPowerOnState);
}

struct StatementEntry {
  StmtKind kind;
  StatementFn run;
};

// In StmtKind's order (checked below), so a statement's function is one index away.
constexpr StatementEntry kStatements[] = {
    {StmtKind::kPrint, exec_print},
    {StmtKind::kInput, exec_input},
    {StmtKind::kLet, exec_let},
    {StmtKind::kIf, exec_if},
    {StmtKind::kElse, exec_else},
    {StmtKind::kGoto, exec_goto},
    {StmtKind::kGosub, exec_gosub},
    {StmtKind::kReturn, exec_return},
    {StmtKind::kOnGoto, exec_on_goto},
    {StmtKind::kOnGosub, exec_on_gosub},
    {StmtKind::kFor, exec_for},
    {StmtKind::kNext, exec_next},
    {StmtKind::kDim, exec_dim},
    {StmtKind::kRandomize, exec_randomize},
    {StmtKind::kRem, exec_nothing},
    {StmtKind::kEnd, exec_end},
    {StmtKind::kStop, exec_stop},
    {StmtKind::kError, exec_error},
    {StmtKind::kRead, exec_read},
    {StmtKind::kData, exec_nothing},
    {StmtKind::kRestore, exec_restore},
    {StmtKind::kCls, exec_cls},
    {StmtKind::kSwap, exec_swap},
    {StmtKind::kDef, exec_def},
    {StmtKind::kTron, exec_tron},
    {StmtKind::kTroff, exec_troff},
    {StmtKind::kSystem, exec_system},
    {StmtKind::kWrite, exec_write},
    {StmtKind::kLineInput, exec_linput},
    {StmtKind::kLprint, exec_lprint},
    {StmtKind::kMidAssign, exec_midset},
    {StmtKind::kMidCheck, exec_midcheck},
    {StmtKind::kLocate, exec_locate},
    {StmtKind::kColor, exec_color},
    {StmtKind::kWidth, exec_width},
    {StmtKind::kKey, exec_key},
    {StmtKind::kWhile, exec_while},
    {StmtKind::kWend, exec_wend},
    {StmtKind::kOnError, exec_on_error},
    {StmtKind::kResume, exec_resume},
    {StmtKind::kRaise, exec_raise},
    {StmtKind::kOptionBase, exec_option_base},
    {StmtKind::kErase, exec_erase},
    {StmtKind::kClear, exec_clear},
    {StmtKind::kDeftype, exec_nothing},
    {StmtKind::kSetClock, exec_set_clock},
    {StmtKind::kOpen, exec_open},
    {StmtKind::kClose, exec_close},
    {StmtKind::kSetTime, exec_set_time},
    {StmtKind::kKill, exec_kill},
    {StmtKind::kName, exec_name},
    {StmtKind::kShell, exec_shell},
    {StmtKind::kReset, exec_reset},
    {StmtKind::kFolder, exec_folder},
    {StmtKind::kFiles, exec_files},
    {StmtKind::kLock, exec_lock},
    {StmtKind::kPoke, exec_poke},
    {StmtKind::kDefSeg, exec_def_seg},
    {StmtKind::kField, exec_field},
    {StmtKind::kGet, exec_get},
    {StmtKind::kPut, exec_put},
    {StmtKind::kLset, exec_lset},
    {StmtKind::kDevice, exec_device},
    {StmtKind::kEnviron, exec_environ},
    {StmtKind::kGraphics, exec_graphics},
    {StmtKind::kBsave, exec_bsave},
    {StmtKind::kC64Open, exec_c64_open},
    {StmtKind::kC64Close, exec_c64_close},
    {StmtKind::kC64PrintFile, exec_c64_print_file},
    {StmtKind::kC64Cmd, exec_c64_cmd},
    {StmtKind::kC64InputFile, exec_c64_input_file},
    {StmtKind::kC64Get, exec_c64_get},
    {StmtKind::kC64Run, exec_c64_run},
    {StmtKind::kCommon, exec_nothing},
    {StmtKind::kPromptCommand, exec_prompt_command},
    {StmtKind::kC64List, exec_c64_list},
    {StmtKind::kC64New, exec_c64_new},
    {StmtKind::kC64Cont, exec_c64_cont},
    {StmtKind::kC64Wait, exec_c64_wait},
    {StmtKind::kC64Sys, exec_c64_sys},
};

constexpr bool in_kind_order() {
  for (std::size_t k = 0; k < std::size(kStatements); ++k) {
    if (static_cast<std::size_t>(kStatements[k].kind) != k) return false;
  }
  return std::size(kStatements) == kStatementKinds;
}
static_assert(in_kind_order(), "kStatements must list every StmtKind in its order");

}  // namespace

StatementFn statement_function(StmtKind kind) {
  return kStatements[static_cast<std::size_t>(kind)].run;
}

}  // namespace amazing::basic
