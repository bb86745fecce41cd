// The pc's file statements and functions (gw_io.hpp), as PC-BASIC 2.0.5 runs them: OPEN,
// CLOSE, PRINT #, WRITE #, INPUT #, LINE INPUT #, EOF, LOF, LOC; random files' FIELD,
// GET, PUT, LSET, RSET, MKI$ ... CVD. The files themselves are files.hpp's; each error is
// checked against PC-BASIC (tests/basic/programs/files*.bas, random*.bas).

#include <cctype>
#include <cmath>
#include <utility>

#include "basic/gw_io.hpp"
#include "basic/runtime.hpp"
#include "core/gw_number.hpp"

namespace amazing::basic {
namespace {

// A file number: 0..255, else Illegal function call; nullopt after an error.
std::optional<int32_t> file_number(Runtime& rt, const Expr& e) {
  return rt.eval_byte(e);
}

// The open file numbered by e, in one of `modes`: Bad file number when none is open
// under it, Bad file mode when it is open the other way; nullptr after an error.
// `number`, when given, is set to the file's number.
// `not_open` is the error when none is open (INPUT$ says Bad file mode, PC-BASIC 2.0.5).
OpenFile* open_file(Runtime& rt, const Expr& e, std::string_view modes, int32_t* number = nullptr,
                    ErrorCode not_open = ErrorCode::kBadFileNumber) {
  std::optional<int32_t> n = file_number(rt, e);
  if (!n) return nullptr;
  if (number != nullptr) *number = *n;
  OpenFile* f = rt.files_.get(*n);
  if (f == nullptr) {
    rt.raise(not_open);
    return nullptr;
  }
  if (modes.find(f->mode) == std::string_view::npos) {
    rt.raise(ErrorCode::kBadFileMode);
    return nullptr;
  }
  return f;
}

void raise_if(Runtime& rt, ErrorCode e) {
  if (e != ErrorCode::kNone) rt.raise(e);
}

// ---- random files -----------------------------------------------------------------------

// The variable t names (its subscripts evaluated); nullopt after an error.
std::optional<FieldVar> field_var(Runtime& rt, const Target& t) {
  if (!t.array) return FieldVar{false, t.slot, -1};
  long i = rt.element(t.slot, t.subscripts);
  if (i < 0) return std::nullopt;
  return FieldVar{true, t.slot, i};
}

// A FIELD variable's value, set where it is kept (no string space: it is in the buffer).
void show_string(Runtime& rt, const FieldVar& var, std::string text) {
  if (!var.array) {
    rt.strings_[static_cast<std::size_t>(var.slot)] = std::move(text);
    rt.str_stored_[static_cast<std::size_t>(var.slot)] = 0;
    return;
  }
  ArrayData& a = rt.arrays_[static_cast<std::size_t>(var.slot)];
  auto i = static_cast<std::size_t>(var.index);
  if (!a.defined || i >= a.strings.size()) return;
  a.strings[i] = std::move(text);
  a.stored[i] = 0;
}

// Every variable on FIELD buffer `number` shows its part again.
void show_field(Runtime& rt, int number) {
  const std::string& buffer = rt.files_.field(number);
  for (const auto& [var, part] : rt.files_.links()) {
    if (part.number == number) show_string(rt, var, buffer.substr(part.offset, part.width));
  }
}

// GET's and PUT's file: numbers 1..255 not open, or open another way, are Bad file mode
// (PC-BASIC), 0 Bad file number; nullptr after an error.
OpenFile* random_file(Runtime& rt, const Expr& e, int32_t& number) {
  std::optional<int32_t> n = file_number(rt, e);
  if (!n) return nullptr;
  if (*n < 1) {
    rt.raise(ErrorCode::kBadFileNumber);
    return nullptr;
  }
  OpenFile* f = rt.files_.get(*n);
  if (f == nullptr || !f->random() || f->device != Device::kDisk) {  // a device has no records
    rt.raise(ErrorCode::kBadFileMode);
    return nullptr;
  }
  number = *n;
  return f;
}

// A record number: made a single and rounded half to even (PC-BASIC), 1..2^25, else Bad
// record number; false after an error.
bool record_number(Runtime& rt, const ExprPtr& e, std::optional<long>& out) {
  if (!e) return true;
  Single v = gw_single(rt, rt.eval_num(*e));
  if (rt.failed()) return false;
  double r = std::nearbyint(static_cast<double>(v));
  if (r < 1 || r > 33554432.0) {
    rt.raise(ErrorCode::kBadRecordNumber);
    return false;
  }
  out = static_cast<long>(r);
  return true;
}

void run_record(Runtime& rt, const Stmt& s, bool get) {
  int32_t number = 0;
  OpenFile* f = random_file(rt, *s.exprs[0], number);
  std::optional<long> record;
  if (f == nullptr || !record_number(rt, s.exprs[1], record)) return;
  std::string& buffer = rt.files_.field(number);
  raise_if(rt, get ? f->get(record, buffer) : f->put(record, buffer));
  if (get) show_field(rt, number);
}

// A number's bytes, low first.
std::string bytes_of(uint64_t v, std::size_t n) {
  std::string out(n, '\0');
  for (std::size_t k = 0; k < n; ++k) out[k] = static_cast<char>((v >> (8 * k)) & 0xFF);
  return out;
}

// The first n bytes of CVI's, CVS's or CVD's string as a number, low first; nullopt after
// Illegal function call (fewer bytes).
std::optional<uint64_t> bytes_value(Runtime& rt, const Expr& e, std::size_t n) {
  std::string text = rt.eval_str(*e.args[0]);
  if (rt.failed()) return std::nullopt;
  if (text.size() < n) {
    rt.raise(ErrorCode::kIllegalFunctionCall);
    return std::nullopt;
  }
  uint64_t v = 0;
  for (std::size_t k = n; k-- > 0;) v = v << 8 | static_cast<unsigned char>(text[k]);
  return v;
}

}  // namespace

// FIELD #n, w AS v, ...: each width 0..255 (Illegal function call), each variable a
// string (Type mismatch), the parts one after another from the buffer's start, all within
// its 128 bytes (FIELD overflow); the variables before an error stay linked.
void exec_field(Runtime& rt, const Stmt& s) {
  int32_t n = 0;
  if (open_file(rt, *s.exprs[0], "R", &n) == nullptr) return;
  std::size_t offset = 0;
  for (std::size_t k = 0; k < s.targets.size(); ++k) {
    int32_t width = rt.eval_int(*s.exprs[k + 1]);
    if (rt.failed()) return;
    if (width < 0 || width > 255) {
      rt.raise(ErrorCode::kIllegalFunctionCall);
      return;
    }
    const Target& t = s.targets[k];
    if (t.type != Type::kString) {
      rt.raise(ErrorCode::kTypeMismatch);
      return;
    }
    auto w = static_cast<std::size_t>(width);
    if (offset + w > FileTable::kFieldBytes) {
      rt.raise(ErrorCode::kFieldOverflow);
      return;
    }
    std::optional<FieldVar> var = field_var(rt, t);
    if (!var || !rt.create(t)) return;
    rt.files_.link(*var, FieldLink{n, offset, w});
    show_string(rt, *var, rt.files_.field(n).substr(offset, w));
    offset += w;
  }
}

void exec_get(Runtime& rt, const Stmt& s) {
  run_record(rt, s, true);
}

void exec_put(Runtime& rt, const Stmt& s) {
  run_record(rt, s, false);
}

// LSET, RSET A$ = B$: B$ cut or padded with blanks to A$'s length, on its left or right.
void exec_lset(Runtime& rt, const Stmt& s) {
  const Target& target = s.targets[0];
  std::string old = rt.read_str(target);
  const bool in_space = rt.origin_ == Runtime::Origin::kVariable;
  std::string text = rt.eval_str(*s.exprs[0]);
  if (rt.failed()) return;
  text.resize(std::min(text.size(), old.size()));
  std::string pad(old.size() - text.size(), ' ');
  store_in_place(rt, target, s.mode == 'R' ? pad + text : text + pad, in_space);
}

void store_in_place(Runtime& rt, const Target& t, std::string text, bool in_space) {
  std::optional<FieldVar> var = field_var(rt, t);
  if (!var) return;
  if (const FieldLink* part = rt.files_.link_of(*var)) {
    text.resize(part->width, ' ');
    rt.files_.field(part->number).replace(part->offset, part->width, text);
    show_field(rt, part->number);
    return;
  }
  rt.assign_str(t, std::move(text), in_space ? Runtime::Origin::kTemporary : Runtime::Origin::kNew);
}

FieldSwap field_links(Runtime& rt, const Target& a, const Target& b) {
  FieldSwap links;
  if (rt.files_.links().empty()) return links;
  links.a = field_var(rt, a);
  links.b = field_var(rt, b);
  if (links.a && rt.files_.link_of(*links.a)) links.a_link = *rt.files_.link_of(*links.a);
  if (links.b && rt.files_.link_of(*links.b)) links.b_link = *rt.files_.link_of(*links.b);
  return links;
}

void relink_swapped(Runtime& rt, const FieldSwap& links) {
  if (links.a && links.b_link) rt.files_.link(*links.a, *links.b_link);
  if (links.b && links.a_link) rt.files_.link(*links.b, *links.a_link);
}

std::string fn_mki(Runtime& rt, const Expr& e) {
  int32_t v = rt.eval_int(*e.args[0]);
  return bytes_of(static_cast<uint16_t>(v), 2);
}

std::string fn_mks(Runtime& rt, const Expr& e) {
  Single v = gw_single(rt, rt.eval_num(*e.args[0]));
  return bytes_of(core::to_mbf(v), 4);
}

std::string fn_mkd(Runtime& rt, const Expr& e) {
  Num v = rt.eval_num(*e.args[0]);
  return bytes_of(core::to_mbf_double(round_double(v.as_double())), 8);
}

Num fn_cvi(Runtime& rt, const Expr& e) {
  std::optional<uint64_t> v = bytes_value(rt, e, 2);
  return make_int(v ? static_cast<int16_t>(*v) : 0);
}

Num fn_cvs(Runtime& rt, const Expr& e) {
  std::optional<uint64_t> v = bytes_value(rt, e, 4);
  return make_float(v ? core::from_mbf(static_cast<uint32_t>(*v)) : 0);
}

Num fn_cvd(Runtime& rt, const Expr& e) {
  std::optional<uint64_t> v = bytes_value(rt, e, 8);
  return make_double(v ? core::from_mbf_double(*v) : 0);
}

// PRINT #, WRITE #: an output file's text, or a random file's FIELD buffer (FieldStream:
// the item that reaches the record length is written, then FIELD overflow stops the
// statement); a SCRN: file's on the screen, an LPT1: file's on the line printer (in any
// mode, input too, as PC-BASIC 2.0.5 takes it), a KYBD: file takes none (Bad file mode).
void to_file(Runtime& rt, const Stmt& s, void (*write)(Runtime&, const Stmt&)) {
  int32_t number = 0;
  OpenFile* f = open_file(rt, *s.file, "IOAR", &number);
  if (f == nullptr) return;
  if (f->device == Device::kDisk && f->mode == 'I') return rt.raise(ErrorCode::kBadFileMode);
  const auto items = [&rt, &s, write] { write(rt, s); };
  switch (f->device) {
    case Device::kScreen:
      return on_screen_file(rt, *f, items);
    case Device::kPrinter:
      return on_line_printer(rt, items);
    case Device::kKeyboard:
      return rt.raise(ErrorCode::kBadFileMode);
    case Device::kDisk:
      break;
  }
  f->field.on_overflow = [&rt] { rt.raise(ErrorCode::kFieldOverflow); };
  // The statement writes through the file's printer (its own column) in the screen's place.
  std::swap(rt.printer_, f->printer);
  rt.screen_ = &f->printer;  // a warning (Division by zero) goes to the screen all the same
  write(rt, s);
  rt.screen_ = nullptr;
  std::swap(rt.printer_, f->printer);
  f->field.on_overflow = nullptr;
  if (f->random()) show_field(rt, number);
  if (f->sink.full()) rt.raise(ErrorCode::kDiskFull);
}

namespace {

// INPUT #'s and LINE INPUT #'s text: an input file's, or a random file's FIELD buffer.
TextSource& text_of(OpenFile& f) {
  if (f.random()) return f.field;
  return f;
}

// Whether INPUT #, LINE INPUT # or INPUT$ may read `f`: a SCRN: or LPT1: file is Bad file
// mode; KYBD: waits for keys, which headless PC-BASIC 2.0.5 never gets (it waits for
// ever): here no key ever comes, Input past end. False after either error.
bool readable(Runtime& rt, const OpenFile& f) {
  if (f.device == Device::kDisk) return true;
  rt.raise(f.device == Device::kKeyboard ? ErrorCode::kInputPastEnd : ErrorCode::kBadFileMode);
  return false;
}

// After a read: FIELD overflow when a random file's read reached the record length, else
// Input past end when nothing was there; false after either.
bool read_done(Runtime& rt, const OpenFile& f, bool got) {
  if (f.random() && f.field.overflow()) {
    rt.raise(ErrorCode::kFieldOverflow);
    return false;
  }
  if (!got) rt.raise(ErrorCode::kInputPastEnd);
  return got;
}

}  // namespace

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
  int32_t length = FileTable::kFieldBytes;
  if (s.exprs[3]) {
    length = rt.eval_int(*s.exprs[3]);
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
  raise_if(rt, rt.files_.open(*number, mode, name, static_cast<std::size_t>(length)));
  OpenFile* f = rt.failed() ? nullptr : rt.files_.get(*number);
  if (f != nullptr && f->device == Device::kScreen) f->printer.set_width(rt.printer_.width());
}

namespace {

// CLOSE of one file. An LPT1: file hands the line printer its text: with text held (PRINT
// # to it, or LPRINT), headless PC-BASIC 2.0.5 fails (no printer), drops the text and
// leaves the file open: Device I/O error.
ErrorCode close_file(Runtime& rt, int number) {
  const OpenFile* f = rt.files_.get(number);
  if (f == nullptr || f->device != Device::kPrinter || !rt.lpt_held_)
    return rt.files_.close(number);
  rt.lpt_held_ = false;
  return ErrorCode::kDeviceIoError;
}

}  // namespace

// CLOSE: the files named (a number not open is no error), or all of them.
void exec_close(Runtime& rt, const Stmt& s) {
  if (s.exprs.empty()) {
    ErrorCode first = ErrorCode::kNone;
    for (int n = 1; n <= FileTable::kMaxFiles; ++n) {
      const ErrorCode e = close_file(rt, n);
      if (first == ErrorCode::kNone) first = e;
    }
    raise_if(rt, first);
    return;
  }
  for (const ExprPtr& e : s.exprs) {
    std::optional<int32_t> n = file_number(rt, *e);
    if (!n) return;
    raise_if(rt, close_file(rt, *n));
  }
}

// KILL "F": the disk's KILL (FileTable::kill), File already open for an open file.
void exec_kill(Runtime& rt, const Stmt& s) {
  std::string name = rt.eval_str(*s.exprs[0]);
  if (!rt.failed()) raise_if(rt, rt.files_.kill(name));
}

// NAME "A" AS "B": the disk's NAME (Disk::rename), both names evaluated first.
void exec_name(Runtime& rt, const Stmt& s) {
  std::string from = rt.eval_str(*s.exprs[0]);
  if (rt.failed()) return;
  raise_if(rt, rt.files_.rename_source(from));  // before what follows is read (parse_name)
  if (rt.failed()) return;
  if (s.error != ErrorCode::kNone) return rt.raise(s.error);
  std::string to = rt.eval_str(*s.exprs[1]);
  if (!rt.failed()) raise_if(rt, rt.files_.rename(from, to));
}

// SHELL [command]: no command interpreter, ever (PC-BASIC without one configured):
// Illegal function call, the command evaluated first.
void exec_shell(Runtime& rt, const Stmt& s) {
  if (!s.exprs.empty()) rt.eval_str(*s.exprs[0]);
  if (!rt.failed()) rt.raise(ErrorCode::kIllegalFunctionCall);
}

// RESET: every file closed, as CLOSE alone.
void exec_reset(Runtime& rt, const Stmt&) {
  raise_if(rt, rt.files_.close_all());
}

// MKDIR, RMDIR, CHDIR "F": folders inside the disk folder only (Disk::folder_command).
void exec_folder(Runtime& rt, const Stmt& s) {
  static constexpr std::pair<char, Disk::FolderOp> kOps[] = {
      {'M', Disk::FolderOp::kMake}, {'R', Disk::FolderOp::kRemove}, {'C', Disk::FolderOp::kChange}};
  std::string name = rt.eval_str(*s.exprs[0]);
  if (rt.failed()) return;
  for (const auto& [mode, op] : kOps) {
    if (mode == s.mode) raise_if(rt, rt.files_.folder(op, name));
  }
}

// FILES ["mask"]: the prompt's listing (list_files), on the program's output.
void exec_files(Runtime& rt, const Stmt& s) {
  std::optional<std::string> mask;
  if (!s.exprs.empty()) mask = rt.eval_str(*s.exprs[0]);
  if (!rt.failed()) raise_if(rt, list_files(rt.files_.disk(), mask, rt.printer_));
}

namespace {

// A record of LOCK's range: rounded half to even (PC-BASIC's Python round) and
// 1..2^25-2, else Bad record number.
std::optional<long> lock_record(Runtime& rt, const Expr& e) {
  const double v = std::nearbyint(static_cast<double>(rt.eval_num(e).as_float()));
  if (rt.failed()) return std::nullopt;
  if (!(v >= 1 && v <= kMaxLockRecord)) return rt.raise(ErrorCode::kBadRecordNumber), std::nullopt;
  return static_cast<long>(v);
}

}  // namespace

// LOCK, UNLOCK #n [, [a] [TO b]] (PC-BASIC's rules: FileTable::lock): Bad file number when
// #n is not open; b left out is a; no range is the whole file (as is any
// range of a file not random). IOCTL #n, s: Illegal function call for an open file (a disk
// file takes no control string), as PC-BASIC answers.
void exec_lock(Runtime& rt, const Stmt& s) {
  int32_t number = 0;
  if (open_file(rt, *s.exprs[0], "IOAR", &number) == nullptr) return;
  if (s.mode == 'I') {
    rt.eval_str(*s.exprs[1]);
    if (!rt.failed()) rt.raise(ErrorCode::kIllegalFunctionCall);
    return;
  }
  if (s.error != ErrorCode::kNone) return rt.raise(s.error);  // junk after n (parse_lock)
  RecordRange range;
  if (s.exprs.size() > 1) {
    std::optional<long> first = lock_record(rt, *s.exprs[1]);
    if (!first) return;
    std::optional<long> last = s.exprs[2] ? lock_record(rt, *s.exprs[2]) : first;
    if (!last) return;
    range = {*first, *last};
  }
  raise_if(rt, rt.files_.lock(number, range, s.mode == 'U'));
}

// INPUT #n, targets: an item a target (read_item); a number as VAL reads it. A random
// file's FIELD buffer has no end: past it the item is empty (then FIELD overflow).
void exec_input_file(Runtime& rt, const Stmt& s) {
  OpenFile* f = open_file(rt, *s.file, "IR");
  if (f == nullptr || !readable(rt, *f)) return;
  for (const Target& t : s.targets) {
    std::optional<std::string> item = read_item(text_of(*f), t.type == Type::kString, f->random());
    if (!read_done(rt, *f, item.has_value())) return;
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
  OpenFile* f = open_file(rt, *s.file, "IR");
  if (f == nullptr || !readable(rt, *f)) return;
  std::optional<std::string> line = read_line(text_of(*f));
  if (read_done(rt, *f, line.has_value())) rt.assign_str(s.targets[0], std::move(*line));
}

// INPUT$(n, [#]f): the next n bytes of an input file (OpenFile::read_byte) or a random
// file's FIELD buffer; Input past end at the end.
std::string input_chars_from_file(Runtime& rt, const Expr& file, int32_t n) {
  OpenFile* f = open_file(rt, file, "IR", nullptr, ErrorCode::kBadFileMode);
  if (f == nullptr || !readable(rt, *f)) return {};
  std::string out;
  while (static_cast<int32_t>(out.size()) < n) {
    const int c = f->random() ? f->field.read_raw() : f->read_byte();
    if (!read_done(rt, *f, c != TextSource::kEnd)) return {};
    out += static_cast<char>(c);
  }
  return out;
}

void exec_file_width(Runtime& rt, const Stmt& s) {
  OpenFile* f = open_file(rt, *s.file, "IOAR");
  if (f == nullptr) return;
  if (std::optional<int32_t> w = line_width(rt, *s.exprs[0])) f->printer.set_width(*w);
}

namespace {

// EOF's, LOF's and LOC's file: on a SCRN: or LPT1: file Bad file mode (PC-BASIC 2.0.5);
// nullptr after an error.
OpenFile* measured_file(Runtime& rt, const Expr& e, std::string_view modes) {
  OpenFile* f = open_file(rt, e, modes);
  if (f == nullptr || f->device == Device::kDisk || f->device == Device::kKeyboard) return f;
  rt.raise(ErrorCode::kBadFileMode);
  return nullptr;
}

}  // namespace

// EOF(n): -1 at the end of an input file or after a GET past a random file's end; EOF(0)
// is 0; an output file is Bad file mode. KYBD: (where headless PC-BASIC waits for a key)
// is never at its end here, LOF 1 and LOC 0 (PC-BASIC's KYBD: file's answers).
Num fn_eof(Runtime& rt, const Expr& e) {
  std::optional<int32_t> n = file_number(rt, *e.args[0]);
  if (!n || *n == 0) return make_int(0);
  OpenFile* f = measured_file(rt, *e.args[0], "IR");
  return make_int(f != nullptr && f->device == Device::kDisk && f->eof() ? -1 : 0);
}

Num fn_lof(Runtime& rt, const Expr& e) {
  OpenFile* f = measured_file(rt, *e.args[0], "IOAR");
  if (f != nullptr && f->device == Device::kKeyboard) return make_float(1.0f);
  return make_float(f != nullptr ? static_cast<float>(f->lof()) : 0.0f);
}

Num fn_loc(Runtime& rt, const Expr& e) {
  OpenFile* f = measured_file(rt, *e.args[0], "IOAR");
  if (f != nullptr && f->device == Device::kKeyboard) return make_float(0.0f);
  return make_float(f != nullptr ? static_cast<float>(f->loc()) : 0.0f);
}

// IOCTL$([#]n): a disk file has no control data: Illegal function call once the file is
// found open (Bad file number when it is not), as PC-BASIC.
std::string fn_ioctl(Runtime& rt, const Expr& e) {
  if (open_file(rt, *e.args[0], "IOAR") != nullptr) rt.raise(ErrorCode::kIllegalFunctionCall);
  return {};
}

void ioctl_before_close(Runtime& rt, const Expr& e) {
  open_file(rt, *e.args[0], "IOAR");
}

}  // namespace amazing::basic
