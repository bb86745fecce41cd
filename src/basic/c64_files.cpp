// The c64 machine's files: see c64_files.hpp. The KERNAL's rules are its ROM's (OPEN at
// $F34A, CHKIN $F20E, CHKOUT $F250, CLOSE $F291, CHRIN $F157; BASIC's OPEN/CLOSE
// parameters $E219, INPUT# $ABA5, GET $AB7B, PRINT# and CMD $AA80), the drive's the
// 1541's; FACTS.md "C64 files" says what was measured and where.

#include "basic/c64_files.hpp"

#include <algorithm>
#include <cstdio>

#include "basic/runtime.hpp"
#include "machine/input.hpp"

namespace amazing::basic {
namespace {

struct DriveMessage {
  int code;
  std::string_view text;
};
constexpr DriveMessage kDriveMessages[] = {
    {0, " OK"},
    {1, " FILES SCRATCHED"},
    {26, "WRITE PROTECT ON"},
    {31, "SYNTAX ERROR"},
    {33, "SYNTAX ERROR"},
    {34, "SYNTAX ERROR"},
    {60, "WRITE FILE OPEN"},
    {62, "FILE NOT FOUND"},
    {63, "FILE EXISTS"},
    {64, "FILE TYPE MISMATCH"},
    {72, "DISK FULL"},
    {73, "CBM DOS V2.6 1541"},
};

constexpr int kWriteProtectOn = 26;

std::string upper_name(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

bool has_wildcard(std::string_view name) {
  return name.find_first_of("*?") != std::string_view::npos;
}

// The 1541's pattern: '?' any one character, '*' the rest of the name.
bool pattern_matches(std::string_view name, std::string_view pattern) {
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '*') return true;
    if (i >= name.size() || (pattern[i] != '?' && pattern[i] != name[i])) return false;
  }
  return name.size() == pattern.size();
}

}  // namespace

// ---- the drive ------------------------------------------------------------------------

C64Drive::C64Drive() {
  set_disk({});
}

void C64Drive::set_disk(const std::filesystem::path& folder) {
  if (prg_ && folder == folder_) return;
  folder_ = folder;
  prg_ = std::make_unique<Disk>(folder, Dialect::kC64);
  seq_ = std::make_unique<Disk>(folder, Dialect::kC64, ".seq");
  usr_ = std::make_unique<Disk>(folder, Dialect::kC64, ".usr");
}

const Disk& C64Drive::disk(Type type) const {
  return type == Type::kSeq ? *seq_ : type == Type::kUsr ? *usr_ : *prg_;
}

void C64Drive::reset() {
  for (Channel& c : channels_) c = Channel{};
  command_.clear();
  code_ = 73;
  track_ = 0;
  message_pos_ = 0;
}

void C64Drive::set_error(int code, int track) {
  code_ = code;
  track_ = track;
  message_pos_ = 0;
}

std::string C64Drive::message() const {
  std::string_view text = "SYNTAX ERROR";
  for (const DriveMessage& m : kDriveMessages) {
    if (m.code == code_) text = m.text;
  }
  char numbers[16];
  std::snprintf(numbers, sizeof numbers, "%02d,", code_);
  std::string out = numbers;
  out += text;
  std::snprintf(numbers, sizeof numbers, ",%02d,00", track_);
  return out + numbers;
}

std::optional<C64Drive::Type> C64Drive::find(std::string_view name, Type type) const {
  if (folder_.empty()) return std::nullopt;
  for (Type t : {Type::kPrg, Type::kSeq, Type::kUsr}) {
    if (type != Type::kAny && t != type) continue;
    auto file = disk(t).file(name, false);
    std::error_code ec;
    if (auto* path = std::get_if<std::filesystem::path>(&file);
        path != nullptr && std::filesystem::is_regular_file(*path, ec))
      return t;
  }
  return std::nullopt;
}

void C64Drive::open(int channel, std::string_view typed) {
  if (channel == kCommandChannel) {
    if (!typed.empty()) command(std::string(typed));
    return;
  }
  Channel& c = channels_[static_cast<std::size_t>(channel)];
  c = Channel{};
  std::string text(typed);
  const bool replace = !text.empty() && text[0] == '@';
  if (replace) text.erase(0, 1);
  if (std::size_t colon = text.find(':'); colon != std::string::npos) text.erase(0, colon + 1);
  // NAME[,type[,mode]]: each a word, its first letter counts.
  std::vector<std::string> parts;
  for (std::size_t start = 0;;) {
    std::size_t comma = text.find(',', start);
    parts.push_back(text.substr(start, comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  std::string name = parts[0];
  Type type = channel == 1 ? Type::kPrg : Type::kAny;
  char mode = channel == 1 ? 'W' : 'R';
  for (std::size_t k = 1; k < parts.size(); ++k) {
    char letter = parts[k].empty()
                      ? ' '
                      : static_cast<char>(std::toupper(static_cast<unsigned char>(parts[k][0])));
    if (letter == 'P' || letter == 'S' || letter == 'U')
      type = static_cast<Type>(letter);
    else if (letter == 'R' || letter == 'W' || letter == 'A')
      mode = letter;
    else
      return set_error(letter == 'L' ? 31 : 33);  // REL files are not done
  }
  if (name.empty()) return set_error(34);
  if (mode == 'R' || mode == 'A') {
    if (has_wildcard(name) && mode == 'R') {
      for (const DiskEntry& e : prg_->entries()) {
        auto dot = e.name.rfind('.');
        if (e.folder || dot == std::string::npos) continue;
        std::string stem = e.name.substr(0, dot), ext = e.name.substr(dot);
        if ((ext == ".prg" || ext == ".seq" || ext == ".usr") && stem == upper_name(stem) &&
            pattern_matches(stem, upper_name(name))) {
          name = stem;
          break;
        }
      }
    }
    auto found = find(name, Type::kAny);
    if (!found) return set_error(62);
    if (type != Type::kAny && *found != type) return set_error(64);
    for (const Channel& other : channels_) {
      if (other.open && other.writing && other.name == upper_name(name)) return set_error(60);
    }
    DiskRead read = disk(*found).read(name, false);
    if (read.fault != DiskFault::kNone) return set_error(62);
    c.bytes = std::move(read.bytes);
    c.type = *found;
    c.writing = mode == 'A';
    if (c.writing) c.pos = c.bytes.size();
  } else {
    if (has_wildcard(name)) return set_error(33);
    if (type == Type::kAny) type = Type::kSeq;
    if (auto old = find(name, Type::kAny); old && !replace) return set_error(63);
    if (std::holds_alternative<DiskFault>(disk(type).file(name, false))) return set_error(33);
    c.type = type;
    c.writing = true;
  }
  c.open = true;
  c.name = upper_name(name);
  set_error(0);
}

void C64Drive::close(int channel) {
  if (channel == kCommandChannel) return close_all();
  Channel& c = channels_[static_cast<std::size_t>(channel)];
  if (c.open && c.writing) {
    // A folder that will not take the file (read-only, full, a folder in the file's place)
    // is the drive's write-protected disk: the file is not there, an old one stays.
    if (disk(c.type).write(c.name, false, c.bytes) != DiskFault::kNone) {
      set_error(kWriteProtectOn);
    } else {
      for (Type t : {Type::kPrg, Type::kSeq, Type::kUsr}) {
        if (t != c.type) disk(t).remove(c.name);  // @: the old file, whatever its type
      }
    }
  }
  c = Channel{};
}

void C64Drive::close_all() {
  for (int k = 0; k < kCommandChannel; ++k) close(k);
}

void C64Drive::write(int channel, std::string_view bytes) {
  if (channel == kCommandChannel) {
    command_ += bytes;
    return;
  }
  Channel& c = channels_[static_cast<std::size_t>(channel)];
  if (!c.open || !c.writing) return;  // the drive takes nothing there
  // A 1541's disk holds 664 blocks of 254 bytes: past that, 72, DISK FULL.
  constexpr std::size_t kDiskBytes = 664 * 254;
  if (c.bytes.size() + bytes.size() > kDiskBytes) return set_error(72);
  c.bytes += bytes;
}

void C64Drive::end_write(int channel) {
  if (channel != kCommandChannel || command_.empty()) return;
  std::string text = std::move(command_);
  command_.clear();
  if (text.back() == '\r') text.pop_back();
  command(std::move(text));
}

C64Byte C64Drive::read(int channel) {
  if (channel == kCommandChannel) {
    std::string text = message() + "\r";
    C64Byte b{static_cast<unsigned char>(text[message_pos_]), 0};
    if (++message_pos_ == text.size()) {
      b.status = kStatusEnd;
      set_error(0);  // read to its end, the message is "00, OK"
    }
    return b;
  }
  Channel& c = channels_[static_cast<std::size_t>(channel)];
  if (!c.open || c.writing || c.pos >= c.bytes.size()) return C64Byte{};
  C64Byte b{static_cast<unsigned char>(c.bytes[c.pos++]), 0};
  if (c.pos == c.bytes.size()) b.status = kStatusEnd;
  return b;
}

// The command channel: S (scratch), I (initialise) and V (validate) are done; others are
// 31, SYNTAX ERROR (not done here; FACTS.md).
void C64Drive::command(std::string text) {
  if (text.empty()) return set_error(0);
  char verb = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  if (verb == 'I' || verb == 'V') return set_error(0);
  if (verb != 'S') return set_error(31);
  std::size_t colon = text.find(':');
  if (colon == std::string::npos) return set_error(34);
  scratch(std::string_view(text).substr(colon + 1));
}

void C64Drive::scratch(std::string_view names) {
  int count = 0;
  for (std::size_t start = 0; start <= names.size();) {
    std::size_t comma = names.find(',', start);
    std::string name(
        names.substr(start, comma == std::string_view::npos ? names.npos : comma - start));
    std::string pattern = upper_name(name);
    for (const DiskEntry& e : prg_->entries()) {
      auto dot = e.name.rfind('.');
      if (e.folder || dot == std::string::npos) continue;
      std::string stem = e.name.substr(0, dot), ext = e.name.substr(dot);
      Type t = ext == ".prg"   ? Type::kPrg
               : ext == ".seq" ? Type::kSeq
               : ext == ".usr" ? Type::kUsr
                               : Type::kAny;
      if (t == Type::kAny || stem != upper_name(stem) || !pattern_matches(stem, pattern)) continue;
      if (disk(t).remove(stem) == DiskFault::kNone) ++count;
    }
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  set_error(1, count);
}

// ---- the KERNAL ---------------------------------------------------------------------------

C64Files::Entry* C64Files::find(int lf) {
  for (Entry& e : table_) {
    if (e.lf == lf) return &e;
  }
  return nullptr;
}

ErrorCode C64Files::open(int lf, int device, std::optional<int> sa, std::string_view name) {
  status_ = 0;
  if (lf == 0) return ErrorCode::kNotInputFile;
  if (find(lf) != nullptr) return ErrorCode::kFileAlreadyOpen;
  if (static_cast<int>(table_.size()) >= kMaxFiles) return ErrorCode::kTooManyFiles;
  int byte = sa ? (*sa | 0x60) : device >= 3 ? 0xFF : 0x60;
  table_.push_back({lf, device, byte});  // in the table even when the device fails
  if (device == 0 || device == 2 || device == 3) return ErrorCode::kNone;
  // The tape: a C64 with no datasette (FACTS.md: the ROM waits for its button).
  if (device == 1) return ErrorCode::kDeviceUnavailable;
  if ((byte & 0x80) != 0 || name.empty()) return ErrorCode::kNone;  // nothing sent
  if (!answers(device)) return ErrorCode::kDeviceUnavailable;
  drive_.open(byte & 0x0F, name);
  return ErrorCode::kNone;
}

void C64Files::close(int lf) {
  Entry* e = find(lf);
  if (e == nullptr) return;
  if (e->device == kDrive && (e->sa & 0x80) == 0) drive_.close(e->sa & 0x0F);
  if (out_ == lf) out_ = -1;
  if (in_ == lf) in_ = -1;
  table_.erase(table_.begin() + (e - table_.data()));
}

void C64Files::forget() {
  table_.clear();
  in_ = out_ = -1;
}

ErrorCode C64Files::check_in(int lf) {
  status_ = 0;
  Entry* e = find(lf);
  if (e == nullptr) return ErrorCode::kBadFileNumber;
  if (e->device == 1 && e->sa != 0x60) return ErrorCode::kNotInputFile;
  if (e->device >= 4 && !answers(e->device)) return ErrorCode::kDeviceUnavailable;
  in_ = lf;
  return ErrorCode::kNone;
}

ErrorCode C64Files::check_out(int lf) {
  status_ = 0;
  Entry* e = find(lf);
  if (e == nullptr) return ErrorCode::kBadFileNumber;
  if (e->device == 0 || (e->device == 1 && e->sa == 0x60)) return ErrorCode::kNotOutputFile;
  if (e->device >= 4 && !answers(e->device)) return ErrorCode::kDeviceUnavailable;
  out_ = lf;
  return ErrorCode::kNone;
}

void C64Files::clear_channels() {
  if (Entry* e = out_ >= 0 ? find(out_) : nullptr; e && e->device == kDrive && (e->sa & 0x80) == 0)
    drive_.end_write(e->sa & 0x0F);
  in_ = out_ = -1;
}

int C64Files::output_device() const {
  for (const Entry& e : table_) {
    if (e.lf == out_) return e.device;
  }
  return -1;
}

bool C64Files::output_needs_linefeed() const {
  return out_ >= 128;
}

int C64Files::input_device() const {
  for (const Entry& e : table_) {
    if (e.lf == in_) return e.device;
  }
  return -1;
}

void C64Files::put(std::string_view bytes) {
  Entry* e = out_ >= 0 ? find(out_) : nullptr;
  if (e == nullptr || e->device != kDrive || (e->sa & 0x80) != 0) return;  // RS-232: no one
  drive_.write(e->sa & 0x0F, bytes);
}

int C64Files::get_byte() {
  Entry* e = in_ >= 0 ? find(in_) : nullptr;
  if (e == nullptr || e->device != kDrive) return 13;
  if (status_ != 0) return 13;  // CHRIN gives CR once ST is set ($F1AD)
  C64Byte b = (e->sa & 0x80) != 0 ? C64Byte{} : drive_.read(e->sa & 0x0F);
  status_ |= b.status;
  return b.value;
}

// ---- the statements -----------------------------------------------------------------------

namespace {

// GETBYT: a number 0..255, else ?ILLEGAL QUANTITY; nullopt after an error.
std::optional<int> byte_of(Runtime& rt, const Expr& e) {
  return rt.eval_byte(e);
}

bool raised(Runtime& rt, ErrorCode e) {
  if (e == ErrorCode::kNone) return false;
  rt.raise(e);
  return true;
}

// PRINT# and CMD: the items go to the file lf, numbers followed by a blank.
bool print_to(Runtime& rt, const Stmt& s) {
  std::optional<int> lf = byte_of(rt, *s.file);
  if (!lf) return false;
  if (raised(rt, rt.c64_files_.check_out(*lf))) return false;
  rt.c64_cmd_ = *lf;
  rt.dialect_.print(rt, s);
  return true;
}

// The keyboard's next byte (GET#0, GET): what is left of a typed line, CR at its end;
// nullopt at the input's end.
std::optional<int> key(Runtime& rt) {
  if (rt.keys_.empty()) {
    auto line = rt.machine_.input().read_line();
    if (!line) return std::nullopt;
    rt.keys_ = *line + "\r";
  }
  int c = static_cast<unsigned char>(rt.keys_[0]);
  rt.keys_.erase(0, 1);
  return c;
}

// One line of the input file as INPUT# reads it ($A560): up to CR, at most 88 bytes
// (?STRING TOO LONG).
std::optional<std::string> file_line(Runtime& rt) {
  std::string line;
  for (;;) {
    int c = rt.c64_files_.get_byte();
    if (c == 13) return line;
    line += static_cast<char>(c);
    if (line.size() > kC64MaxLineLength) {
      rt.raise(ErrorCode::kStringTooLong);
      return std::nullopt;
    }
  }
}

// One field of an INPUT# line as the ROM's INPUT/READ takes it ($AC51): blanks before it
// skipped; a string in quotes up to the closing quote, with only blanks after it before
// the comma; otherwise up to a comma or ':' (a ':' ends the line: the rest is ignored),
// blanks kept. nullopt: something after the closing quote (?FILE DATA).
std::optional<std::string> file_field(const std::string& line, std::size_t& pos, bool string) {
  while (pos < line.size() && line[pos] == ' ') ++pos;
  std::string word;
  if (string && pos < line.size() && line[pos] == '"') {
    std::size_t end = std::min(line.find('"', pos + 1), line.size());
    word = line.substr(pos + 1, end - pos - 1);
    pos = std::min(end + 1, line.size());
    while (pos < line.size() && line[pos] == ' ') ++pos;
    if (pos < line.size() && line[pos] != ',' && line[pos] != ':') return std::nullopt;
  } else {
    std::size_t end = std::min(line.find_first_of(",:", pos), line.size());
    word = line.substr(pos, end - pos);
    pos = end;
  }
  if (pos < line.size() && line[pos] == ':') pos = line.size();
  return word;
}

// An empty line read again and again where ST keeps CHRIN at CR: a real C64 never leaves
// that loop (FACTS.md); here it ends as RUN/STOP would end it.
constexpr int kEmptyLinesBeforeBreak = 1000;

}  // namespace

void exec_c64_open(Runtime& rt, const Stmt& s) {
  std::optional<int> values[3];
  for (std::size_t k = 0; k < 3 && k < s.exprs.size(); ++k) {
    if (!(values[k] = byte_of(rt, *s.exprs[k]))) return;
  }
  std::string name;
  if (s.exprs.size() > 3) {
    name = rt.eval_str(*s.exprs[3]);
    if (rt.failed()) return;
  }
  raised(rt, rt.c64_files_.open(*values[0], values[1].value_or(1), values[2], name));
}

void exec_c64_close(Runtime& rt, const Stmt& s) {
  std::optional<int> values[3];
  for (std::size_t k = 0; k < 3 && k < s.exprs.size(); ++k) {
    if (!(values[k] = byte_of(rt, *s.exprs[k]))) return;
  }
  if (s.exprs.size() > 3) {
    rt.eval_str(*s.exprs[3]);
    if (rt.failed()) return;
  }
  int lf = *values[0];
  if (lf == rt.c64_cmd_) rt.c64_cmd_ = 0;
  rt.c64_files_.close(lf);
}

void exec_c64_print_file(Runtime& rt, const Stmt& s) {
  print_to(rt, s);
  rt.c64_cmd_ = 0;
  rt.c64_files_.clear_channels();
}

// CMD lf: PRINT's output goes on to the file after the statement, until PRINT#, INPUT#,
// GET#, an error or the end of the run.
void exec_c64_cmd(Runtime& rt, const Stmt& s) {
  if (!print_to(rt, s)) rt.c64_cmd_ = 0;
}

void exec_c64_input_file(Runtime& rt, const Stmt& s) {
  std::optional<int> lf = byte_of(rt, *s.file);
  if (!lf || raised(rt, rt.c64_files_.check_in(*lf))) return;
  rt.c64_cmd_ = 0;
  const bool keyboard = rt.c64_files_.input_device() == 0;
  auto next_line = [&]() -> std::optional<std::string> {
    if (keyboard) {
      auto typed = rt.machine_.input().read_line();
      if (!typed) return std::nullopt;
      if (typed->size() > kC64MaxLineLength) {
        rt.raise(ErrorCode::kStringTooLong);
        return std::nullopt;
      }
      rt.c64_newline();
      return typed;
    }
    for (int k = 0; k < kEmptyLinesBeforeBreak; ++k) {
      auto line = file_line(rt);
      if (!line || !line->empty()) return line;
    }
    int number = rt.program_.lines[static_cast<std::size_t>(rt.line_)].number;
    rt.dialect_.stop(rt, number == kDirectLine ? -1 : number);
    rt.finish(Outcome::kStopped);
    return std::nullopt;
  };
  auto line = keyboard ? next_line() : file_line(rt);
  // A read the device did not answer ends the statement, the variables as they were.
  if (line && !keyboard && (rt.c64_files_.status() & kStatusTimeout) != 0) line.reset();
  if (line && line->empty()) line = next_line();
  std::size_t pos = 0;
  for (std::size_t k = 0; line && k < s.targets.size() && !rt.failed(); ++k) {
    const Target& t = s.targets[k];
    if (k > 0) {
      if (pos >= line->size()) {
        line = next_line();
        pos = 0;
        if (!line) break;
      } else {
        ++pos;  // the comma
      }
    }
    std::optional<std::string> word = file_field(*line, pos, t.type == Type::kString);
    if (!word) {
      rt.raise(ErrorCode::kFileData);
    } else if (t.type == Type::kString) {
      rt.assign_str(t, *word, Runtime::Origin::kNew);
    } else if (auto v = c64_from_text(*word)) {
      rt.assign_num(t, make_c(*v));
    } else {
      rt.raise(ErrorCode::kFileData);
    }
  }
  if (!line && keyboard && !rt.failed() && !rt.stopped_) rt.finish(Outcome::kInputEnded);
  rt.c64_files_.clear_channels();
}

// GET [#lf,] var, ...: one byte each; CHR$(0) is the empty string; a number is read from
// its one character (a digit, else ?SYNTAX ERROR).
void exec_c64_get(Runtime& rt, const Stmt& s) {
  bool keyboard = true;
  if (s.file) {
    std::optional<int> lf = byte_of(rt, *s.file);
    if (!lf || raised(rt, rt.c64_files_.check_in(*lf))) return;
    rt.c64_cmd_ = 0;
    keyboard = rt.c64_files_.input_device() == 0;
  }
  for (const Target& t : s.targets) {
    int c = 0;
    if (keyboard) {
      auto k = key(rt);
      if (!k) {
        rt.finish(Outcome::kInputEnded);
        break;
      }
      c = *k;
    } else {
      c = rt.c64_files_.get_byte();
    }
    std::string text = c == 0 ? std::string() : std::string(1, static_cast<char>(c));
    if (t.type == Type::kString) {
      rt.assign_str(t, text, Runtime::Origin::kNew);
    } else if (auto v = c64_from_text(text); v && (text.empty() || (c >= '0' && c <= '9'))) {
      rt.assign_num(t, make_c(*v));
    } else {
      rt.raise(ErrorCode::kSyntax);
    }
    if (rt.failed()) break;
  }
  if (s.file) rt.c64_files_.clear_channels();
}

}  // namespace amazing::basic
