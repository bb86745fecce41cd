// Interpreter: see interpreter.hpp. The statement loop; the statements, built-ins,
// expressions and the two dialects live in the files runtime.hpp lists.

#include "basic/interpreter.hpp"

#include <algorithm>
#include <utility>

#include "basic/music.hpp"
#include "basic/runtime.hpp"

namespace amazing::basic {

namespace {
// Each value of `from` whose slot's name is in `to_names` too (and `kept`), copied there.
template <typename T, typename Kept>
void copy_by_name(const std::vector<std::string>& from_names, const std::vector<T>& from,
                  const std::vector<std::string>& to_names, std::vector<T>& to, Kept kept) {
  for (std::size_t i = 0; i < from_names.size() && i < from.size(); ++i) {
    if (!kept(from_names[i])) continue;
    auto at = std::find(to_names.begin(), to_names.end(), from_names[i]);
    auto k = static_cast<std::size_t>(at - to_names.begin());
    if (k < to.size()) to[k] = from[i];
  }
}

// The simple variables of `from` that `kept` names, by name into `to` (MERGE, CHAIN).
template <typename Kept>
void keep_scalars(const Runtime& from, Runtime& to, Kept kept) {
  const Program& a = from.program_;
  const Program& b = to.program_;
  copy_by_name(a.singles, from.singles_, b.singles, to.singles_, kept);
  copy_by_name(a.singles, from.csingles_, b.singles, to.csingles_, kept);
  copy_by_name(a.integers, from.integers_, b.integers, to.integers_, kept);
  copy_by_name(a.strings, from.strings_, b.strings, to.strings_, kept);
  copy_by_name(a.doubles, from.doubles_, b.doubles, to.doubles_, kept);
}

// The program's table of simple variables of a type.
const std::vector<std::string>& names_of(const Program& program, Type type) {
  switch (type) {
    case Type::kInteger:
      return program.integers;
    case Type::kString:
      return program.strings;
    case Type::kDouble:
      return program.doubles;
    case Type::kSingle:
      break;
  }
  return program.singles;
}

// A simple variable's name as the program's tables spell it.
const std::string& scalar_name(const Program& program, const Target& t) {
  return names_of(program, t.type)[static_cast<std::size_t>(t.slot)];
}

// The kept simple variables `from` had made, made in `to` in the same order, as their
// first assignment makes them (their memory taken, a string's text in string space as
// a new string's: FRE counts them as PC-BASIC does).
template <typename Kept>
void make_kept(const Runtime& from, Runtime& to, Kept kept) {
  for (const auto& m : from.made_) {
    if (m.function) continue;
    const std::string& name = names_of(from.program_, m.type)[static_cast<std::size_t>(m.slot)];
    const std::vector<std::string>& names = names_of(to.program_, m.type);
    auto at = std::find(names.begin(), names.end(), name);
    if (!kept(name) || at == names.end()) continue;
    Target t;
    t.type = m.type;
    t.slot = static_cast<int>(at - names.begin());
    if (m.type == Type::kString)
      to.assign_str(t, from.strings_[static_cast<std::size_t>(m.slot)], Runtime::Origin::kNew);
    else
      to.create(t);
  }
}
}  // namespace

std::string error_line(const BasicError& error) {
  return error.text() + "\xFF";
}

// Everything as RUN leaves it: variables cleared, no loops, DATA from the start (RND is
// not reset), then what the dialect does before the first line.
void Runtime::reset(const RunOptions& options) {
  clear_state();
  // The C64's RUN and CLR empty the KERNAL's file table (CLALL), the output back on the
  // screen; BASIC's CHANNL (c64_cmd_) stays as CMD left it ($A65E does not touch $13).
  c64_files_.forget();
  err_ = ErrorCode::kNone;
  stopped_ = false;
  outcome_ = Outcome::kEnded;
  cont_.reset();
  dialect_.start(*this, options);
  free_at_start_ = free_;
}

void Runtime::clear_state() {
  singles_.assign(program_.singles.size(), 0.0f);
  csingles_.assign(program_.singles.size(), core::C64Float{});
  integers_.assign(program_.integers.size(), 0);
  strings_.assign(program_.strings.size(), std::string());
  str_stored_.assign(program_.strings.size(), 0);
  string_bytes_ = string_mark_ = last_string_ = 0;
  doubles_.assign(program_.doubles.size(), 0);
  created_[static_cast<int>(Type::kDouble)].assign(program_.doubles.size(), 0);
  created_[static_cast<int>(Type::kSingle)].assign(program_.singles.size(), 0);
  created_[static_cast<int>(Type::kInteger)].assign(program_.integers.size(), 0);
  created_[static_cast<int>(Type::kString)].assign(program_.strings.size(), 0);
  arrays_.clear();
  arrays_.resize(program_.arrays.size());
  made_.clear();
  dimmed_.clear();
  stack_.clear();
  events_.reset();
  music_.reset();
  loops_.clear();
  whiles_.clear();
  base_ = 0;
  base_fixed_ = base_by_option_ = false;
  on_error_ = -1;
  err_number_ = err_line_ = 0;
  resume_at_.reset();
  functions_.assign(program_.functions.size(), nullptr);
  function_depth_ = 0;
  data_line_ = data_stmt_ = 0;
  data_pos_ = 0;
  data_started_ = false;
  free_ = free_at_start_;
  files_.reset_fields();  // the FIELD buffers and their variables (PC-BASIC)
  machine_.graphics().reset();  // the graphics cursor to the middle (viewport kept)
}

RunResult Runtime::run(const RunOptions& options) {
  if (program_.load_error) {
    // The C64 stopped reading the listing (?STRING TOO LONG): nothing runs. With the
    // seed line read first, the ROM knows a line number: no "IN 0".
    RunResult r;
    r.outcome = Outcome::kError;
    r.error = *program_.load_error;
    if (options.c64_seed) r.error.line = -1;
    dialect_.report_error(*this, r.error);
    printer_.flush();
    return r;
  }
  reset(options);
  files_.close_all();  // RUN closes every file
  // What loading printed ("Overflow" for 1E39, "Line buffer overflow"), as PC-BASIC shows
  // it before the program's own output.
  for (const std::string& message : program_.load_messages) {
    if (printer_.column() != 0) printer_.newline();
    printer_.sink().put(message);
    printer_.newline();
  }
  return execute(0, 0, options);
}

void Runtime::grow() {
  singles_.resize(program_.singles.size(), 0.0f);
  csingles_.resize(program_.singles.size());
  integers_.resize(program_.integers.size(), 0);
  strings_.resize(program_.strings.size());
  str_stored_.resize(program_.strings.size(), 0);
  doubles_.resize(program_.doubles.size(), 0);
  created_[static_cast<int>(Type::kDouble)].resize(program_.doubles.size(), 0);
  created_[static_cast<int>(Type::kSingle)].resize(program_.singles.size(), 0);
  created_[static_cast<int>(Type::kInteger)].resize(program_.integers.size(), 0);
  created_[static_cast<int>(Type::kString)].resize(program_.strings.size(), 0);
  arrays_.resize(program_.arrays.size());
  functions_.resize(program_.functions.size(), nullptr);
}

RunResult Runtime::execute(int li, int si, const RunOptions& options) {
  RunResult result;
  today_ = options.today;
  if (options.pc_disk != nullptr)
    files_.set_disk(*options.pc_disk);
  else
    files_.set_disk(options.disk);
  c64_files_.set_disk(options.disk, options.c64_drive);
  const auto& lines = program_.lines;
  err_ = ErrorCode::kNone;
  stopped_ = false;
  outcome_ = Outcome::kEnded;
  program_erased_ = warm_started_ = false;
  uint64_t steps = 0;
  uint64_t ticks = 0;  // statements, for RunOptions::tick
  // Ctrl-C: the break message, and CONT goes on here; the music stops (PC-BASIC).
  auto ctrl_c_break = [&](int at_line, int at_stmt) {
    const bool typed = at_line == direct_;
    music_.queue.clear();
    dialect_.stop(*this, typed ? -1 : lines[at_line].number);
    result.outcome = Outcome::kStopped;
    if (!typed) cont_.emplace(at_line, at_stmt);
  };
  c64_work_ = 0;
  while (li < static_cast<int>(lines.size())) {
    if (options.halt != nullptr && *options.halt) {
      result.outcome = Outcome::kHalted;
      break;
    }
    const auto& stmts = lines[li].stmts;
    if (si >= static_cast<int>(stmts.size())) {
      ++li;
      si = 0;
      if (li == direct_) break;  // the program ran off its end, not into the typed line
      continue;
    }
    const bool tick_due = ticks++ % std::max<uint64_t>(options.tick_every, 1) == 0;
    if (options.tick && (tick_due || tick_now_)) {
      tick_now_ = false;
      options.tick();
    }
    if (options.interrupt != nullptr && *options.interrupt != 0) {
      ctrl_c_break(li, si);
      break;
    }
    if (options.max_steps != 0 && steps >= options.max_steps) {
      result.outcome = Outcome::kStepLimit;
      if (li != direct_) cont_.emplace(li, si);
      break;
    }
    if (events_.armed() && fire_event(li, si)) continue;
    ++steps;
    clock_.cycles += charges_.statement[static_cast<std::size_t>(stmts[si].kind)] +
                     (si == 0 ? charges_.line : 0);
    if (si == 0 && trace_ && li != direct_)
      printer_.write("[" + std::to_string(lines[li].number) + "]");
    const Stmt& s = stmts[si];
    line_ = li;
    stmt_ = si;
    next_line_ = li;
    next_stmt_ = si + 1;
    c64_charac_ = c64_statement_charac(s, c64_charac_);  // read by the c64's ^ only
    if (dialect_.shared_stack == nullptr || stack_fits(s, *dialect_.shared_stack))
      statement_function(s.kind)(*this, s);
    // c64: what the statement printed counts as work too (Runtime::c64_work_); the count
    // stays within the limit, which the next statement then meets.
    // Each character costs the machine's screen output (charged on the c64, which counts them).
    for (int bells = printer_.take_bells(); bells > 0; --bells) beep(*this);  // pc: CHR$(7)
    const uint64_t printed = std::exchange(c64_work_, 0);
    steps += printed;
    clock_.cycles += printed * charges_.character;
    if (options.max_steps != 0 && steps > options.max_steps) steps = options.max_steps;
    if (failed() && trap(li, si)) {
      li = next_line_;
      si = next_stmt_;
      continue;
    }
    if (failed()) {
      result.outcome = Outcome::kError;
      result.error = BasicError{err_, line_ == direct_ ? -1 : lines[line_].number};
      if (err_ == ErrorCode::kSyntax && s.error == ErrorCode::kSyntax)  // its own, from parsing
        result.error.edit_at = static_cast<long>(s.error_at);
      result.detail = detail_;
      dialect_.report_error(*this, result.error);
      break;
    }
    if (stopped_ && outcome_ == Outcome::kInputEnded && options.interrupt != nullptr &&
        *options.interrupt != 0) {
      // Ctrl-C while INPUT waited for its line: a break at the INPUT, which CONT asks again.
      ctrl_c_break(li, si);
      break;
    }
    if (stopped_) {
      result.outcome = outcome_;
      if (outcome_ == Outcome::kCommand) {
        result.command = std::exchange(command_, {});
        after_command_ = {next_line_, next_stmt_};
      }
      if (outcome_ == Outcome::kStopped && next_line_ != direct_)
        cont_.emplace(next_line_, next_stmt_);
      break;
    }
    li = next_line_;
    si = next_stmt_;
    // Entering the typed line at its start from elsewhere: the program's end (the lines
    // after the last are not the program's).
    if (li == direct_ && si == 0 && line_ != direct_) break;
  }
  // The program ran off its end with an error handler running: GW-BASIC's "No RESUME",
  // in the program's last line, never trapped.
  bool ran_off = line_ != direct_ && (li >= static_cast<int>(lines.size()) || li == direct_);
  if (ran_off && result.outcome == Outcome::kEnded && !stopped_ && resume_at_) {
    int last = (direct_ >= 0 ? direct_ : static_cast<int>(lines.size())) - 1;
    result.outcome = Outcome::kError;
    result.error = BasicError{ErrorCode::kNoResume, last >= 0 ? lines[last].number : -1};
    resume_at_.reset();
    dialect_.report_error(*this, result.error);
  }
  // The program ran off its end: the printer gets LPRINT's held text, and headless
  // PC-BASIC has none (Device I/O error, with no line). A typed line's LPRINT waits on.
  if (ran_off && result.outcome == Outcome::kEnded && !stopped_ && lpt_held_) {
    lpt_held_ = false;
    result.outcome = Outcome::kError;
    result.error = BasicError{ErrorCode::kDeviceIoError, -1};
    dialect_.report_error(*this, result.error);
  }
  std::optional<std::pair<int, int>> end_at;
  if (ran_off)
    end_at.emplace(direct_ >= 0 ? direct_ : static_cast<int>(lines.size()), 0);
  else if (stopped_ && outcome_ == Outcome::kEnded && line_ != direct_)
    end_at.emplace(next_line_, next_stmt_);  // END in a program line
  settle_cont(result, end_at);
  if (warm_started_) cont_.reset();
  result.program_erased = program_erased_;
  result.steps = steps;
  result.cycles = clock_.cycles;
  printer_.flush();
  return result;
}

bool Runtime::fill_keys(bool wait) {
  if (!keys_.empty()) return true;
  machine::InputSource& in = machine_.input();
  if (in.live()) {
    std::optional<std::string> key = in.take_key(wait);
    if (!key) return false;
    keys_ = std::move(*key);
    return true;
  }
  std::optional<std::string> line = in.read_line();
  if (!line) return false;
  keys_ = std::move(*line) + "\r";
  return true;
}

bool Runtime::fire_event(int& li, int& si) {
  if (clock_.cycles >= events_.quiet_until) {  // the clock's milliseconds cost divisions
    const uint32_t now = clock_.day_ms();
    events_.poll_timer(now);
    events_.quiet_until = clock_.cycles + events_.timer_wait_ms(now) * clock_.cpu_hz() / 1000;
  }
  if (events_.on(Events::play_trap()) && play_trap_due(*this)) events_.trigger(Events::play_trap());
  if (const machine::KeyTraps& keys = events_.key_traps(); keys.on != 0) {
    for (int k; (k = machine_.input().take_trap_key(keys)) >= 0;)
      events_.trigger(Events::key_trap() + k);
  }
  if (li == direct_ || stack_.size() >= kMaxStack) return false;
  const int t = events_.take();
  if (t < 0) return false;
  const int target = program_.find_line(events_.line(t));
  if (target < 0) return false;  // the line went (a CHAIN MERGE): the trap stays stopped
  stack_.push_back(Frame{li, si, t});
  clock_.cycles += charges_.statement[static_cast<std::size_t>(StmtKind::kGosub)];
  li = target;
  si = 0;
  return true;
}

void Runtime::settle_cont(const RunResult& result, std::optional<std::pair<int, int>> end_at) {
  ContAfter after = ContAfter::kKeep;
  if (result.outcome == Outcome::kError) after = dialect_.cont.error;
  if (result.outcome == Outcome::kEnded && end_at) after = dialect_.cont.end;
  if (after == ContAfter::kForget) cont_.reset();
  if (after == ContAfter::kHere) cont_ = end_at;
}

class Interpreter::Impl : public Runtime {
 public:
  using Runtime::Runtime;
};

Interpreter::Interpreter(const Program& program, machine::Machine& machine, Dialect dialect)
    : impl_(std::make_unique<Impl>(program, machine, dialect)) {}
Interpreter::~Interpreter() = default;
RunResult Interpreter::run(const RunOptions& options) {
  return impl_->run(options);
}

void Interpreter::clear(const RunOptions& options) {
  auto cont = impl_->cont_;
  impl_->reset(options);
  if (impl_->dialect_.cont.clear == ContAfter::kKeep) impl_->cont_ = cont;
}

// The typed line is the program's last; frames a typed line left (FOR, GOSUB) belong to
// a line that is gone.
RunResult Interpreter::run_direct(const RunOptions& options) {
  Impl& rt = *impl_;
  rt.grow();
  rt.direct_ = static_cast<int>(rt.program_.lines.size()) - 1;
  std::erase_if(rt.loops_, [&](const ForFrame& f) { return f.for_line >= rt.direct_; });
  std::erase_if(rt.whiles_, [&](const WhileFrame& f) { return f.while_line >= rt.direct_; });
  std::erase_if(rt.stack_, [&](const Frame& f) { return f.line >= rt.direct_; });
  rt.c64_col_ = 0;
  RunResult r = rt.execute(rt.direct_, 0, options);
  rt.direct_ = -1;
  return r;
}

RunResult Interpreter::run_from(int number, const RunOptions& options) {
  Impl& rt = *impl_;
  rt.reset(options);
  rt.files_.close_all();  // RUN closes every file
  rt.c64_col_ = 0;
  int index = number < 0 ? 0 : rt.program_.find_line(number);
  if (index < 0) {
    RunResult r;
    r.outcome = Outcome::kError;
    r.error = BasicError{ErrorCode::kUndefinedLine, -1};
    rt.dialect_.report_error(rt, r.error);
    rt.printer_.flush();
    return r;
  }
  return rt.execute(index, 0, options);
}

double Interpreter::emulated_seconds() const {
  return impl_->clock_.seconds();
}

core::C64Rnd Interpreter::c64_rnd() const {
  return impl_->c64_rnd_;
}

bool Interpreter::can_continue() const {
  return impl_->cont_.has_value();
}

RunResult Interpreter::resume(const RunOptions& options) {
  Impl& rt = *impl_;
  auto [li, si] = *rt.cont_;
  rt.c64_col_ = 0;
  return rt.execute(li, si, options);
}

void Interpreter::forget_continue() {
  impl_->cont_.reset();
}

void Interpreter::continue_at_end() {
  impl_->cont_.emplace(static_cast<int>(impl_->program_.lines.size()), 0);
}

void Interpreter::set_trace(bool on) {
  impl_->trace_ = on;
}

bool Interpreter::tracing() const {
  return impl_->trace_;
}

bool Interpreter::c64_output_redirected() const {
  return impl_->c64_to_file();
}

void Interpreter::c64_chrout(std::string_view petscii) {
  impl_->c64_put(petscii);
}

void Interpreter::c64_end_line() {
  impl_->c64_newline();
}

void Interpreter::c64_clear_channels() {
  impl_->c64_clear_channels();
}

int Interpreter::c64_channel() const {
  return impl_->c64_cmd_;
}

void Interpreter::set_c64_channel(int lf) {
  impl_->c64_cmd_ = lf;
}

void Interpreter::shut_down() {
  Runtime& rt = *impl_;
  if (ErrorCode e = rt.files_.close_all(); e != ErrorCode::kNone) {
    rt.dialect_.report_error(rt, BasicError{e, -1});
    rt.printer_.flush();
  }
}

RunResult Interpreter::go_on(const RunOptions& options) {
  Impl& rt = *impl_;
  auto [li, si] = rt.after_command_;
  return rt.execute(li, si, options);
}

bool Interpreter::traps_errors() const {
  return impl_->on_error_ >= 0 && !impl_->resume_at_;
}

const Disk* Interpreter::pc_disk() const {
  return impl_->files_.disk();
}

RunResult Interpreter::fail_command(ErrorCode code, const RunOptions& options,
                                    std::optional<int> line) {
  Impl& rt = *impl_;
  rt.raise(code);
  const bool trapped = rt.trap(rt.line_, rt.stmt_);
  if (line) rt.err_line_ = *line >= 0 ? *line : kPastProgramEnd;
  if (!trapped) {  // traps_errors() was false: the error ends the run
    RunResult r;
    r.outcome = Outcome::kError;
    r.error = BasicError{code, line ? *line : rt.program_.lines[rt.line_].number};
    rt.err_ = ErrorCode::kNone;
    rt.dialect_.report_error(rt, r.error);
    return r;
  }
  return rt.execute(rt.next_line_, rt.next_stmt_, options);
}

namespace {
// The names a program's COMMON statements give (with their type characters; arrays as
// "D()"), run or not.
std::vector<std::string> common_names(const Program& program) {
  std::vector<std::string> names;
  for (const Line& line : program.lines) {
    for (const Stmt& s : line.stmts) {
      if (s.kind != StmtKind::kCommon) continue;
      for (const Target& t : s.targets)
        names.push_back(t.array ? program.arrays[t.slot].name + "()" : scalar_name(program, t));
    }
  }
  return names;
}
}  // namespace

namespace {
// Where each DEF FN of `rt` that ran is: (line number, statement), or (-1, 0).
std::vector<std::pair<int, std::size_t>> function_places(const Runtime& rt) {
  std::vector<std::pair<int, std::size_t>> places(rt.functions_.size(), {-1, 0});
  for (const Line& line : rt.program_.lines) {
    for (std::size_t si = 0; si < line.stmts.size(); ++si) {
      for (std::size_t k = 0; k < rt.functions_.size(); ++k) {
        if (rt.functions_[k] == &line.stmts[si]) places[k] = {line.number, si};
      }
    }
  }
  return places;
}
}  // namespace

RunResult Interpreter::chain_from(Interpreter& old, Keep keep, int number,
                                  const RunOptions& options) {
  Impl& rt = *impl_;
  Runtime& from = *old.impl_;
  rt.reset(options);
  rt.files_.take_files(from.files_);
  rt.c64_col_ = 0;
  if (keep != Keep::kFiles) {  // OPTION BASE and a DIM's fixing of it outlive CHAIN
    rt.base_ = from.base_;
    rt.base_fixed_ = from.base_fixed_;
    rt.base_by_option_ = from.base_by_option_;
  }
  const std::vector<std::string> common = common_names(from.program_);
  auto kept = [&](const std::string& name) {
    return keep == Keep::kAll || keep == Keep::kAllAndFunctions ||
           (keep == Keep::kCommon && std::find(common.begin(), common.end(), name) != common.end());
  };
  keep_scalars(from, rt, kept);
  make_kept(from, rt, kept);
  for (std::size_t i = 0; i < from.program_.arrays.size() && i < from.arrays_.size(); ++i) {
    const std::string& name = from.program_.arrays[i].name;
    if (!from.arrays_[i].defined || !kept(name + "()")) continue;
    for (std::size_t k = 0; k < rt.program_.arrays.size(); ++k) {
      if (rt.program_.arrays[k].name != name) continue;
      rt.free_ -= from.arrays_[i].reserved;
      rt.arrays_[k] = std::move(from.arrays_[i]);
      rt.dimmed_.push_back(static_cast<int>(k));
    }
  }
  if (keep == Keep::kAllAndFunctions) {
    const auto places = function_places(from);
    for (std::size_t k = 0; k < places.size(); ++k) {
      const int li = rt.program_.find_line(places[k].first);
      if (places[k].first < 0 || li < 0) continue;
      const auto& stmts = rt.program_.lines[static_cast<std::size_t>(li)].stmts;
      const std::size_t si = places[k].second;
      if (si >= stmts.size() || stmts[si].kind != StmtKind::kDef) continue;
      const std::size_t slot = static_cast<std::size_t>(stmts[si].slot);
      if (rt.program_.functions[slot].name == from.program_.functions[k].name)
        rt.functions_[slot] = &stmts[si];
    }
  }
  int index = number < 0 ? 0 : rt.program_.find_line(number);
  if (index < 0) {
    RunResult r;
    r.outcome = Outcome::kError;
    r.error = BasicError{
        keep == Keep::kFiles ? ErrorCode::kUndefinedLine : ErrorCode::kIllegalFunctionCall, -1};
    rt.dialect_.report_error(rt, r.error);
    rt.printer_.flush();
    return r;
  }
  return rt.execute(index, 0, options);
}

void Interpreter::renumber(Program& program, Program renumbered) {
  Runtime& rt = *impl_;
  // A DEF FN that ran is kept as its statement's place: (line, statement) in both.
  std::vector<std::pair<std::size_t, std::size_t>> places(rt.functions_.size(), {0, 0});
  std::vector<bool> defined(rt.functions_.size(), false);
  for (std::size_t li = 0; li < program.lines.size(); ++li) {
    for (std::size_t si = 0; si < program.lines[li].stmts.size(); ++si) {
      for (std::size_t k = 0; k < rt.functions_.size(); ++k) {
        if (rt.functions_[k] != &program.lines[li].stmts[si]) continue;
        places[k] = {li, si};
        defined[k] = true;
      }
    }
  }
  // The traps' lines are renumbered too (PC-BASIC): RENUM keeps the lines' order.
  for (int t = 0; t < kTraps; ++t) {
    const int at = rt.events_.line(t) == 0 ? -1 : program.find_line(rt.events_.line(t));
    if (at >= 0) rt.events_.set_line(t, renumbered.lines[static_cast<std::size_t>(at)].number);
  }
  program = std::move(renumbered);
  for (std::size_t k = 0; k < rt.functions_.size(); ++k) {
    const auto [li, si] = places[k];
    rt.functions_[k] = defined[k] ? &program.lines[li].stmts[si] : nullptr;
  }
  rt.loops_.clear();
  rt.whiles_.clear();
  rt.stack_.clear();
}

void Interpreter::keep_variables(const Interpreter& old) {
  impl_->grow();  // names the program gained since it was parsed
  keep_scalars(*old.impl_, *impl_, [](const std::string&) { return true; });
}

}  // namespace amazing::basic
