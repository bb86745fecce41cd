// Interpreter: see interpreter.hpp. The statement loop; the statements, built-ins,
// expressions and the two dialects live in the files runtime.hpp lists.

#include "basic/interpreter.hpp"

#include "basic/runtime.hpp"

namespace amazing::basic {

std::string error_line(const BasicError& error) {
  return error.text() + "\xFF";
}

// Everything as RUN leaves it: variables cleared, no loops, DATA from the start (RND is
// not reset), then what the dialect does before the first line.
void Runtime::reset(const RunOptions& options) {
  singles_.assign(program_.singles.size(), 0.0f);
  csingles_.assign(program_.singles.size(), core::C64Float{});
  integers_.assign(program_.integers.size(), 0);
  strings_.assign(program_.strings.size(), std::string());
  arrays_.clear();
  arrays_.resize(program_.arrays.size());
  stack_.clear();
  loops_.clear();
  functions_.assign(program_.functions.size(), nullptr);
  function_depth_ = 0;
  err_ = ErrorCode::kNone;
  stopped_ = false;
  outcome_ = Outcome::kEnded;
  data_line_ = data_stmt_ = 0;
  data_pos_ = 0;
  data_started_ = false;
  dialect_.start(*this, options);
}

RunResult Runtime::run(const RunOptions& options) {
  reset(options);
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
  while (li < static_cast<int>(lines.size())) {
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
    statement_function(s.kind)(*this, s);
    if (failed()) {
      result.outcome = Outcome::kError;
      result.error = BasicError{err_, lines[line_].number};
      result.detail = detail_;
      dialect_.report_error(*this, result.error);
      break;
    }
    if (stopped_) {
      result.outcome = outcome_;
      break;
    }
    li = next_line_;
    si = next_stmt_;
  }
  result.steps = steps;
  printer_.flush();
  return result;
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

}  // namespace amazing::basic
