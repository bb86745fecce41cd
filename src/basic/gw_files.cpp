// The pc's file statements and functions (gw_io.hpp), as PC-BASIC 2.0.5 runs them: OPEN,
// CLOSE, PRINT #, WRITE #, INPUT #, LINE INPUT #, EOF, LOF, LOC. The files themselves are
// files.hpp's; each error is checked against PC-BASIC (tests/basic/programs/files*.bas).

#include <cctype>
#include <utility>

#include "basic/gw_io.hpp"
#include "basic/runtime.hpp"

namespace amazing::basic {
namespace {

// A file number: 0..255, else Illegal function call; nullopt after an error.
std::optional<int32_t> file_number(Runtime& rt, const Expr& e) {
  int32_t n = rt.eval_int(e);
  if (rt.failed()) return std::nullopt;
  if (n < 0 || n > 255) {
    rt.raise(ErrorCode::kIllegalFunctionCall);
    return std::nullopt;
  }
  return n;
}

// The open file numbered by e, in one of `modes`: Bad file number when none is open
// under it, Bad file mode when it is open the other way; nullptr after an error.
OpenFile* open_file(Runtime& rt, const Expr& e, std::string_view modes) {
  std::optional<int32_t> n = file_number(rt, e);
  if (!n) return nullptr;
  OpenFile* f = rt.files_.get(*n);
  if (f == nullptr) {
    rt.raise(ErrorCode::kBadFileNumber);
    return nullptr;
  }
  if (modes.find(f->mode) == std::string_view::npos) {
    rt.raise(ErrorCode::kBadFileMode);
    return nullptr;
  }
  return f;
}

constexpr std::string_view kWritable = "OA";

void raise_if(Runtime& rt, ErrorCode e) {
  if (e != ErrorCode::kNone) rt.raise(e);
}

}  // namespace

void to_file(Runtime& rt, const Stmt& s, void (*write)(Runtime&, const Stmt&)) {
  OpenFile* f = open_file(rt, *s.file, kWritable);
  if (f == nullptr) return;
  // The statement writes through the file's printer (its own column) in the screen's place.
  std::swap(rt.printer_, f->printer);
  write(rt, s);
  std::swap(rt.printer_, f->printer);
  if (f->sink.full()) rt.raise(ErrorCode::kDiskFull);
}

// OPEN: the mode (its first letter, I O A or R, else Bad file mode), the number (0..255),
// the name, LEN (1..128); then the number must be 1..3 (Bad file number).
void exec_open(Runtime& rt, const Stmt& s) {
  char mode = s.mode;
  if (s.exprs[0]) {
    std::string text = rt.eval_str(*s.exprs[0]);
    if (rt.failed()) return;
    mode =
        text.empty() ? '\0' : static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    if (std::string_view("IOAR").find(mode) == std::string_view::npos || mode == '\0') {
      rt.raise(ErrorCode::kBadFileMode);
      return;
    }
  }
  std::optional<int32_t> number = file_number(rt, *s.exprs[1]);
  if (!number) return;
  std::string name = rt.eval_str(*s.exprs[2]);
  if (rt.failed()) return;
  if (s.exprs[3]) {
    int32_t length = rt.eval_int(*s.exprs[3]);
    if (rt.failed()) return;
    if (length < 1 || length > 128) {
      rt.raise(ErrorCode::kIllegalFunctionCall);
      return;
    }
  }
  if (*number < 1 || *number > FileTable::kMaxFiles) {
    rt.raise(ErrorCode::kBadFileNumber);
    return;
  }
  if (mode == 'R') {  // random files (FIELD, GET, PUT) are not run yet
    rt.raise(ErrorCode::kAdvancedFeature);
    return;
  }
  raise_if(rt, rt.files_.open(*number, mode, name));
}

// CLOSE: the files named (a number not open is no error), or all of them.
void exec_close(Runtime& rt, const Stmt& s) {
  if (s.exprs.empty()) {
    raise_if(rt, rt.files_.close_all());
    return;
  }
  for (const ExprPtr& e : s.exprs) {
    std::optional<int32_t> n = file_number(rt, *e);
    if (!n) return;
    raise_if(rt, rt.files_.close(*n));
  }
}

// INPUT #n, targets: an item a target (read_item); a number as VAL reads it.
void exec_input_file(Runtime& rt, const Stmt& s) {
  OpenFile* f = open_file(rt, *s.file, "I");
  if (f == nullptr) return;
  for (const Target& t : s.targets) {
    std::optional<std::string> item = f->read_item(t.type == Type::kString);
    if (!item) {
      rt.raise(ErrorCode::kInputPastEnd);
      return;
    }
    if (t.type == Type::kString) {
      rt.assign_str(t, std::move(*item));
    } else {
      Num v = gw_val(rt, *item);
      if (!rt.failed()) rt.assign_num(t, v);
    }
    if (rt.failed()) return;
  }
}

// LINE INPUT #n, A$: the next line.
void exec_linput_file(Runtime& rt, const Stmt& s) {
  OpenFile* f = open_file(rt, *s.file, "I");
  if (f == nullptr) return;
  std::optional<std::string> line = f->read_line();
  if (!line) {
    rt.raise(ErrorCode::kInputPastEnd);
    return;
  }
  rt.assign_str(s.targets[0], std::move(*line));
}

// EOF(n): -1 at the end of an input file; EOF(0) is 0; an output file is Bad file mode.
Num fn_eof(Runtime& rt, const Expr& e) {
  std::optional<int32_t> n = file_number(rt, *e.args[0]);
  if (!n || *n == 0) return make_int(0);
  OpenFile* f = open_file(rt, *e.args[0], "I");
  return make_int(f != nullptr && f->eof() ? -1 : 0);
}

Num fn_lof(Runtime& rt, const Expr& e) {
  OpenFile* f = open_file(rt, *e.args[0], "IOA");
  return make_float(f != nullptr ? static_cast<float>(f->lof()) : 0.0f);
}

Num fn_loc(Runtime& rt, const Expr& e) {
  OpenFile* f = open_file(rt, *e.args[0], "IOA");
  return make_float(f != nullptr ? static_cast<float>(f->loc()) : 0.0f);
}

}  // namespace amazing::basic
