// The c64 machine's files: see c64_files.hpp. The KERNAL's rules are its ROM's (OPEN at
// $F34A, CHKIN $F20E, CHKOUT $F250, CLOSE $F291, CHRIN $F157; BASIC's OPEN/CLOSE
// parameters $E219, INPUT# $ABA5, GET $AB7B, PRINT# and CMD $AA80), the drive's the
// 1541's; FACTS.md "C64 files" says what was measured and where.

#include "basic/c64_files.hpp"

#include <algorithm>
#include <cstdio>
#include <utility>

#include "basic/c64_directory.hpp"
#include "basic/runtime.hpp"
#include "machine/input.hpp"
#include "machine/screen.hpp"

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
    {30, "SYNTAX ERROR"},
    {31, "SYNTAX ERROR"},
    {32, "SYNTAX ERROR"},
    {33, "SYNTAX ERROR"},
    {34, "SYNTAX ERROR"},
    {50, "RECORD NOT PRESENT"},
    {51, "OVERFLOW IN RECORD"},
    {52, "FILE TOO LARGE"},
    {60, "WRITE FILE OPEN"},
    {62, "FILE NOT FOUND"},
    {63, "FILE EXISTS"},
    {64, "FILE TYPE MISMATCH"},
    {70, "NO CHANNEL"},
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

}  // namespace

std::string c64_open_name(std::string_view typed, bool& replace) {
  replace = !typed.empty() && typed[0] == '@';
  if (replace) typed.remove_prefix(1);
  if (std::size_t colon = typed.find(':'); colon < typed.find(',')) typed.remove_prefix(colon + 1);
  return std::string(typed);
}

namespace {

// The names of a command, split at ',' (each without a drive's "0:").
std::vector<std::string> command_names(std::string_view text) {
  std::vector<std::string> out;
  for (std::size_t start = 0;;) {
    std::size_t comma = text.find(',', start);
    std::string_view name =
        text.substr(start, comma == std::string_view::npos ? text.npos : comma - start);
    if (name.size() >= 2 && name[1] == ':' && name[0] == '0') name.remove_prefix(2);
    out.push_back(upper_name(name));
    if (comma == std::string_view::npos) return out;
    start = comma + 1;
  }
}

// The 1541's command buffer holds 41 bytes (cmdlen).
constexpr std::size_t kCommandBytes = 41;  // parsex.src cmdset: 32, SYNTAX ERROR past it
// mxfils: a command names at most five files (a copy: the new one and four to join);
// the parser stops at the fifth (parsex.src parse, pr28), the rest is not read.
constexpr std::size_t kCommandFiles = 5;

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
  rel_ = std::make_unique<Disk>(folder, Dialect::kC64, ".rel");
}

const Disk& C64Drive::disk(Type type) const {
  return type == Type::kSeq   ? *seq_
         : type == Type::kUsr ? *usr_
         : type == Type::kRel ? *rel_
                              : *prg_;
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
  for (Type t : {Type::kPrg, Type::kSeq, Type::kUsr, Type::kRel}) {
    if (type != Type::kAny && t != type) continue;
    auto file = disk(t).file(name, false);
    std::error_code ec;
    if (auto* path = std::get_if<std::filesystem::path>(&file);
        path != nullptr && std::filesystem::is_regular_file(*path, ec))
      return t;
  }
  // A file a channel made that is not in the folder before CLOSE has its entry already
  // (addfil): one being written, a new relative file.
  for (const Channel& c : channels_) {
    if (c.open && (c.writing || c.type == Type::kRel) && c.name == name &&
        (type == Type::kAny || c.type == type))
      return c.type;
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
  if (!typed.empty() && typed[0] == '$') return open_directory(c, channel, typed.substr(1));
  // sa 0 and a name starting with '*': the program last opened on channel 0 or 1 (open.src
  // op02, whatever follows the '*'), or when there is none the first PRG the name
  // matches (op0415: typflg).
  const bool last = channel == 0 && !typed.empty() && typed[0] == '*';
  if (last && last_program_ && find(last_program_->name, last_program_->type))
    open_read(c, last_program_->name, last_program_->type, 'R');
  else
    open_named(c, channel, typed, last ? Type::kPrg : Type::kAny);
  if (c.open && channel <= 1) last_program_ = Program{c.name, c.type};  // opfin: prgtrk
}

// "[@][0:]NAME[,type[,mode]]": each a word, its first letter counts; NAME,L,<length byte>
// is a relative file (the byte may be any, a comma too). Channels 0 and 1 load and save a
// PRG unless the name says otherwise (op40). A pattern reads the first file it matches
// (of type `match` only, for '*' on sa 0).
void C64Drive::open_named(Channel& c, int channel, std::string_view typed, Type match) {
  bool replace = false;
  const std::string text = c64_open_name(typed, replace);
  std::size_t comma = text.find(',');
  std::string name = upper_name(text.substr(0, comma));
  Type type = Type::kAny;
  char mode = channel == 1 ? 'W' : 'R';
  while (comma != std::string::npos) {
    std::size_t start = comma + 1;
    comma = text.find(',', start);
    char letter = start < text.size() && start != comma
                      ? static_cast<char>(std::toupper(static_cast<unsigned char>(text[start])))
                      : ' ';
    if (letter == 'L') {
      std::optional<int> length;
      if (comma != std::string::npos && comma + 1 < text.size())
        length = static_cast<unsigned char>(text[comma + 1]);
      if (name.empty()) return set_error(34);
      return open_relative(c, name, length);
    }
    if (letter == 'P' || letter == 'S' || letter == 'U')
      type = static_cast<Type>(letter);
    else if (letter == 'R' || letter == 'W' || letter == 'A')
      mode = letter;
    else
      return set_error(33);
  }
  if (name.empty()) return set_error(34);
  if (type == Type::kAny && channel <= 1) type = Type::kPrg;
  if (has_wildcard(name) && mode == 'R') {
    std::vector<C64DiskFile> files = catalog();
    if (const C64DiskFile* f = c64_first_match(files, name, static_cast<char>(match)))
      name = f->name;
  }
  if (mode == 'W') return open_write(c, name, type == Type::kAny ? Type::kSeq : type, replace);
  open_read(c, std::move(name), type, mode);
}

void C64Drive::open_read(Channel& c, std::string name, Type type, char mode) {
  // A file a channel is writing has no closed entry yet: 60, WRITE FILE OPEN (op100); one
  // "@" replaces keeps its old one until then.
  for (const Channel& other : channels_) {
    if (other.open && other.writing && !other.replacing && other.name == name) return set_error(60);
  }
  auto found = find(name, Type::kAny);
  if (!found) return set_error(62);
  if (type != Type::kAny && *found != type) return set_error(64);
  if (*found == Type::kRel) {  // a relative file opened by its name alone; not to append
    if (mode == 'A') return set_error(64);
    return open_relative(c, name, std::nullopt);
  }
  // A host file bigger than the whole disk is no file a 1541 could hold (FACTS.md).
  if (disk(*found).size(name).value_or(0) > kC64DiskBytes) return set_error(52);
  DiskRead read = disk(*found).read(name, false);
  if (read.fault != DiskFault::kNone) return set_error(62);
  c.bytes = std::move(read.bytes);
  c.type = *found;
  c.writing = mode == 'A';
  if (c.writing) {
    c.pos = c.old_bytes = c.bytes.size();
    // Appending fills the file's last block, then takes free ones.
    c.limit = free_bytes() + c64_blocks(c.bytes.size()) * kC64BlockBytes;
  }
  c.open = true;
  c.name = std::move(name);
  set_error(0);
}

void C64Drive::open_write(Channel& c, const std::string& name, Type type, bool replace) {
  if (int refusal = write_refusal(name, replace)) return set_error(refusal);
  auto old = find(name, Type::kAny);
  if (std::holds_alternative<DiskFault>(disk(type).file(name, false))) return set_error(33);
  if (!old && directory_full()) return set_error(72);
  c.type = type;
  c.writing = true;
  c.replacing = old.has_value();
  c.limit = free_bytes();  // "@": the old file keeps its blocks until this one is closed
  c.open = true;
  c.name = name;
  set_error(0);
}

std::vector<C64DiskFile> C64Drive::catalog() const {
  std::vector<C64DiskFile> files = c64_catalog(folder_);
  for (const Channel& c : channels_) {
    if (!c.open || !c.writing) continue;
    auto there = std::find_if(files.begin(), files.end(),
                              [&](const C64DiskFile& f) { return f.name == c.name; });
    if (c.replacing || there == files.end()) {  // a new entry, or none until CLOSE
      C64DiskFile f{c.name, static_cast<char>(c.type), 0};
      f.unclosed = !c.replacing;
      f.unlisted = c.replacing;
      f.writing = c.bytes.size();
      files.push_back(std::move(f));
    } else {  // appending: the entry is open again (op120), its lock kept until CLOSE
      there->unclosed = there->appending = true;
      there->writing = c.bytes.size() - std::min(c.bytes.size(), c.old_bytes);
    }
  }
  return files;
}

bool C64Drive::active(std::string_view name) const {
  return std::any_of(channels_.begin(), channels_.end(),
                     [&](const Channel& c) { return c.open && c.name == name; });
}

std::optional<std::string> C64Drive::load(std::string_view name) {
  open(0, name);
  Channel& c = channels_[0];
  if (!c.open) return std::nullopt;
  std::string bytes;
  for (C64Byte b{0, 0}; (b.status & kStatusEnd) == 0;) {
    b = read(0);
    if ((b.status & kStatusTimeout) == 0) bytes += static_cast<char>(b.value);
  }
  close(0);
  return bytes;
}

int C64Drive::write_refusal(const std::string& name, bool replace) const {
  if (has_wildcard(name)) return 33;
  auto old = find(name, Type::kAny);
  if (old && !replace) return 63;
  if (old == Type::kRel) return 64;  // "@" replaces no relative file (op82)
  return 0;
}

bool C64Drive::may_save(const std::string& name, bool replace) {
  if (int refusal = write_refusal(name, replace)) return set_error(refusal), false;
  return true;
}

void C64Drive::saved(std::string_view name) {
  last_program_ = Program{upper_name(name), Type::kPrg};
}

void C64Drive::close(int channel) {
  if (channel == kCommandChannel) return close_all();
  Channel& c = channels_[static_cast<std::size_t>(channel)];
  // A folder that will not take the file (read-only, full, a folder in the file's place)
  // is the drive's write-protected disk: the file is not there, an old one stays.
  if (c.open && c.type == Type::kRel) {
    write_record(c);  // a record PRINT# sent without ending it
    Relative& r = *c.rel;
    if (r.changed &&
        rel_->write(c.name, false, std::string(1, static_cast<char>(r.record_length)) + r.bytes) !=
            DiskFault::kNone)
      set_error(kWriteProtectOn);
    r.changed = false;
  } else if (c.open && c.writing) {
    if (disk(c.type).write(c.name, false, c.bytes) != DiskFault::kNone) {
      set_error(kWriteProtectOn);
    } else {
      for (Type t : {Type::kPrg, Type::kSeq, Type::kUsr, Type::kRel}) {
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
  if (c.open && c.type == Type::kRel) {  // a record's bytes: kept past its length to see 51
    c.pending += bytes.substr(0, std::min(bytes.size(), 2 * kC64BlockBytes - c.pending.size()));
    return;
  }
  if (!c.open || !c.writing) return;  // the drive takes nothing there
  // Past the disk's free blocks (254 bytes each): 72, DISK FULL.
  if (c.bytes.size() + bytes.size() > c.limit) return set_error(72);
  c.bytes += bytes;
}

void C64Drive::end_write(int channel) {
  if (channel != kCommandChannel) {
    Channel& c = channels_[static_cast<std::size_t>(channel)];
    if (c.open && c.type == Type::kRel) write_record(c);
    return;
  }
  if (command_.empty()) return;
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
  if (c.open && c.type == Type::kRel) return read_record(c);
  if (!c.open || c.writing || c.pos >= c.bytes.size()) return C64Byte{};
  C64Byte b{static_cast<unsigned char>(c.bytes[c.pos++]), 0};
  if (c.pos == c.bytes.size()) b.status = kStatusEnd;
  return b;
}

std::size_t C64Drive::free_bytes() const {
  return static_cast<std::size_t>(c64_blocks_free(catalog())) * kC64BlockBytes;
}

bool C64Drive::directory_full() const {
  std::vector<C64DiskFile> files = catalog();
  return static_cast<std::size_t>(std::count_if(
             files.begin(), files.end(), [](const C64DiskFile& f) { return !f.unlisted; })) >=
         kC64DirectoryEntries;
}

// sa 0 loads the directory as a program (loadir); another sa reads its blocks as a SEQ file
// (op04: the name after '$' is not looked at).
void C64Drive::open_directory(Channel& c, int channel, std::string_view request) {
  c.bytes =
      channel == 0 ? c64_directory_program(catalog(), request) : c64_directory_blocks(catalog());
  c.type = channel == 0 ? Type::kPrg : Type::kSeq;
  c.open = true;
  c.name = "$";
  set_error(0);
}

// The command channel (parsex.src: the first letter picks the command): S scratches, R
// renames, C copies, P positions a relative file, I and V say OK. N (new: format) is 31,
// SYNTAX ERROR here: on a 1541 it empties the whole disk, and this disk is the user's
// folder, whose files go only when a program names them. Others (B-, U, M-, D) are 31 too
// (not done; FACTS.md).
void C64Drive::command(std::string text) {
  if (text.empty()) return set_error(0);
  if (text.size() > kCommandBytes) return set_error(32);
  char verb = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  if (verb == 'I' || verb == 'V') return set_error(0);
  if (verb == 'P') return position(text);
  if (verb != 'S' && verb != 'R' && verb != 'C') return set_error(31);
  std::size_t colon = text.find(':');
  // No ':' is 34 (tagcmd tc25), and a ',' before it too; the copy's own parse says 31.
  if (colon == std::string::npos) return set_error(verb == 'C' ? 31 : 34);
  if (text.find(',') < colon) return set_error(34);
  std::string_view names = std::string_view(text).substr(colon + 1);
  if (verb == 'S') return scratch(names);
  if (verb == 'R') return rename(names);
  copy(names);
}

void C64Drive::scratch(std::string_view names) {
  int count = 0;
  for (const std::string& pattern : command_names(names)) {
    for (const C64DiskFile& f : c64_catalog(folder_)) {
      // A locked file stays, and one open on a channel (scrtch.src: sc15 tstchn, the lock bit).
      if (!c64_pattern_matches(f.name, pattern) || f.locked || active(f.name)) continue;
      if (disk(static_cast<Type>(f.type)).remove(f.name) == DiskFault::kNone) ++count;
    }
  }
  set_error(1, count);
}

namespace {

// "NEW=OLD[,OLD...]" of R and C, as the 1541's tagcmd and its command templates (romtblsf
// struct) take it: one new name, then '=' (else 30), no pattern (30), no empty name (34).
struct DriveAssignment {
  int error = 0;
  std::string to;
  std::vector<std::string> from;
};
DriveAssignment drive_assignment(std::string_view names, std::size_t most_from) {
  DriveAssignment a;
  std::size_t eq = names.find('=');
  if (eq == std::string_view::npos) return {30, {}, {}};
  std::vector<std::string> to = command_names(names.substr(0, eq));
  a.from = command_names(names.substr(eq + 1));
  if (to.size() != 1 || (most_from == 1 && a.from.size() != 1)) return {30, {}, {}};
  a.to = to[0];
  if (a.from.size() > most_from) a.from.resize(most_from);  // the rest is not read
  for (const std::string& n : a.from) {
    if (has_wildcard(n) || has_wildcard(a.to)) return {30, {}, {}};
    if (n.empty() || a.to.empty()) return {34, {}, {}};
  }
  return a;
}

}  // namespace

// R0:NEW=OLD: OLD missing is 62, FILE NOT FOUND; NEW there (any type) 63, FILE EXISTS
// (rename.src: chkio looks at the old name first). The type stays.
void C64Drive::rename(std::string_view names) {
  DriveAssignment a = drive_assignment(names, 1);
  if (a.error != 0) return set_error(a.error);
  auto type = find(a.from[0], Type::kAny);
  if (!type) return set_error(62);
  if (find(a.to, Type::kAny)) return set_error(63);
  DiskFault fault = disk(*type).rename(a.from[0], a.to);
  set_error(fault == DiskFault::kNone ? 0 : fault == DiskFault::kBadName ? 33 : 62);
}

// C0:NEW=OLD[,OLD...]: a new file of the first one's type holding their bytes one after
// the other (rename.src copy, cy). Any one missing is 62; NEW there is 63, except
// C0:A=A,B, which appends B to A (rename.src cop01: a SEQ or USR file; a PRG is 64, FILE
// TYPE MISMATCH). No room on the disk (its free blocks, its 144 entries) is 72, DISK FULL,
// nothing written.
void C64Drive::copy(std::string_view names) {
  DriveAssignment a = drive_assignment(names, kCommandFiles - 1);
  if (a.error != 0) return set_error(a.error);
  std::vector<Type> types;
  for (const std::string& n : a.from) {
    auto t = find(n, Type::kAny);
    if (!t) return set_error(62);
    types.push_back(*t);
  }
  const bool append = a.from.size() >= 2 && a.from[0] == a.to;
  if (!append && find(a.to, Type::kAny)) return set_error(63);
  if (append && types[0] == Type::kPrg) return set_error(64);
  // A relative file is copied alone (its record length leads the host file; FACTS.md).
  if (a.from.size() > 1 && std::count(types.begin(), types.end(), Type::kRel) != 0)
    return set_error(64);
  std::string bytes;
  for (std::size_t k = 0; k < a.from.size(); ++k) {
    DiskRead read = disk(types[k]).read(a.from[k], false);
    if (read.fault != DiskFault::kNone) return set_error(62);
    bytes += read.bytes;
  }
  const char letter = static_cast<char>(types[0]);
  std::uintmax_t room = static_cast<std::uintmax_t>(c64_blocks_free(catalog()));
  if (append) room += c64_file_blocks({a.to, letter, disk(types[0]).size(a.to).value_or(0)});
  if (c64_file_blocks({a.to, letter, bytes.size()}) > room || (!append && directory_full()))
    return set_error(72);
  DiskFault fault = disk(types[0]).write(a.to, false, bytes);
  set_error(fault == DiskFault::kNone ? 0 : fault == DiskFault::kBadName ? 33 : 72);
}

// ---- relative files (1541 User's Manual ch. 7; DOS record.src, open.src op60/opread) ----
//
// NAME.rel in the folder: its record length (1 byte), then the records back to back. A
// record never written holds CHR$(255) and zeros; a record written holds what PRINT# sent
// from the position on, the rest zeros. Reading gives a record's bytes up to its last one
// that is not zero, that one with EOI (ST 64), then the next record's.

namespace {
std::size_t relative_blocks(std::size_t data_bytes) {
  return static_cast<std::size_t>(c64_file_blocks({"", 'L', data_bytes + 1}));
}
}  // namespace

// A second channel on a relative file shares the first one's records (the DOS lets both
// open it: a relative file's entry is closed from the start, addfil).
void C64Drive::open_relative(Channel& c, const std::string& name, std::optional<int> length) {
  if (has_wildcard(name)) return set_error(33);
  auto shared = std::find_if(channels_.begin(), channels_.end(), [&](const Channel& o) {
    return o.open && o.type == Type::kRel && o.name == name;
  });
  auto found = find(name, Type::kAny);
  if (shared != channels_.end()) {
    c.rel = shared->rel;
  } else if (found && *found != Type::kRel) {
    return set_error(64);
  } else if (found) {
    if (rel_->size(name).value_or(0) > kC64DiskBytes) return set_error(52);
    DiskRead read = rel_->read(name, false);
    if (read.fault != DiskFault::kNone || read.bytes.empty() || read.bytes[0] == 0)
      return set_error(64);  // no record length: no relative file of this drive's
    Relative r;
    r.record_length = static_cast<unsigned char>(read.bytes[0]);
    r.bytes = read.bytes.substr(1);
    r.bytes.resize((r.bytes.size() + r.record_length - 1) / r.record_length * r.record_length);
    r.limit =
        static_cast<std::size_t>(c64_blocks_free(catalog())) + relative_blocks(r.bytes.size());
    c.rel = std::make_shared<Relative>(std::move(r));
  } else {
    // A new file needs its length, 1..254 (this drive's answer otherwise: 30).
    if (!length || *length < 1 || *length > kC64BlockBytes) return set_error(30);
    if (std::holds_alternative<DiskFault>(rel_->file(name, false))) return set_error(33);
    if (directory_full()) return set_error(72);
    const auto limit = static_cast<std::size_t>(c64_blocks_free(catalog()));
    if (limit < relative_blocks(0)) return set_error(72);
    // On the disk when closed, with no records.
    c.rel =
        std::make_shared<Relative>(Relative{static_cast<std::size_t>(*length), "", limit, true});
  }
  // Another length than the file's is 50 (opread).
  if (length && *length != 0 && static_cast<std::size_t>(*length) != c.rel->record_length) {
    c.rel.reset();
    return set_error(50);
  }
  c.open = true;
  c.type = Type::kRel;
  c.name = name;
  set_error(0);
}

C64Byte C64Drive::read_record(Channel& c) {
  const Relative& rel = *c.rel;
  const std::size_t count = rel.bytes.size() / rel.record_length;
  for (; c.record < count; ++c.record, c.offset = 0) {
    std::string_view r =
        std::string_view(rel.bytes).substr(c.record * rel.record_length, rel.record_length);
    std::size_t last = r.find_last_not_of('\0');
    if (last == std::string_view::npos || c.offset > last) continue;
    C64Byte b{static_cast<unsigned char>(r[c.offset]), 0};
    if (c.offset++ == last) {
      b.status = kStatusEnd;
      ++c.record;
      c.offset = 0;
    }
    return b;
  }
  set_error(50);  // past the last record: CR with EOI
  return C64Byte{13, kStatusEnd};
}

// The end of a PRINT#: its bytes go into the record at the position (51, OVERFLOW IN RECORD
// for those past its end), the rest of the record zeros, and the position to the next
// record. A record past the end adds records (CHR$(255) and zeros) up to it, as far as
// the disk has room (52, FILE TOO LARGE).
void C64Drive::write_record(Channel& c) {
  if (c.pending.empty()) return;
  Relative& rel = *c.rel;
  std::string data = std::exchange(c.pending, {});
  const std::size_t length = rel.record_length;
  const bool overflow = c.offset + data.size() > length;
  data.resize(std::min(data.size(), length - c.offset));
  const std::size_t needed = (c.record + 1) * length;
  if (needed > rel.bytes.size()) {
    if (relative_blocks(needed) > rel.limit) return set_error(52);
    std::string unused(length, '\0');
    unused[0] = '\xFF';
    while (rel.bytes.size() < needed) rel.bytes += unused;
  }
  std::string record = rel.bytes.substr(c.record * length, c.offset) + data;
  record.resize(length, '\0');
  rel.bytes.replace(c.record * length, length, record);
  rel.changed = true;
  ++c.record;
  c.offset = 0;
  if (overflow) set_error(51);
}

// "P" channel record-low record-high byte: the channel's sa (its low four bits: CHR$(96+sa)
// as often written), record 0 and 1 are the first, byte 0 and 1 the record's first; a byte
// past the record is 51 and the first; a record past the file's end 50, RECORD NOT PRESENT
// (a write there adds it). A channel not open is 70, NO CHANNEL; one not relative 64.
void C64Drive::position(std::string_view command) {
  auto at = [&](std::size_t k) {
    return k < command.size() ? static_cast<unsigned char>(command[k]) : 0u;
  };
  const std::size_t sa = at(1) & 0x0F;
  if (sa >= channels_.size() || !channels_[sa].open) return set_error(70);
  Channel& c = channels_[sa];
  if (c.type != Type::kRel) return set_error(64);
  write_record(c);
  std::size_t record = at(2) | (at(3) << 8);
  c.record = record == 0 ? 0 : record - 1;
  c.offset = at(4) <= 1 ? 0 : at(4) - 1;
  set_error(0);
  if (c.offset >= c.rel->record_length) {
    c.offset = 0;
    set_error(51);
  }
  if ((c.record + 1) * c.rel->record_length > c.rel->bytes.size()) set_error(50);
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
  drive().open(byte & 0x0F, name);
  return ErrorCode::kNone;
}

void C64Files::close(int lf) {
  Entry* e = find(lf);
  if (e == nullptr) return;
  if (e->device == kDrive && (e->sa & 0x80) == 0) drive().close(e->sa & 0x0F);
  if (out_ == lf) out_ = -1;
  if (in_ == lf) in_ = -1;
  table_.erase(table_.begin() + (e - table_.data()));
}

void C64Files::forget() {
  table_.clear();
  in_ = out_ = out_device_ = -1;
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
  out_device_ = e->device;
  return ErrorCode::kNone;
}

void C64Files::clear_channels() {
  if (Entry* e = out_ >= 0 ? find(out_) : nullptr; e && e->device == kDrive && (e->sa & 0x80) == 0)
    drive().end_write(e->sa & 0x0F);
  in_ = out_ = out_device_ = -1;
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
  drive().write(e->sa & 0x0F, bytes);
}

int C64Files::get_byte() {
  Entry* e = in_ >= 0 ? find(in_) : nullptr;
  if (e == nullptr || e->device != kDrive) return 13;
  if (status_ != 0) return 13;  // CHRIN gives CR once ST is set ($F1AD)
  C64Byte b = (e->sa & 0x80) != 0 ? C64Byte{} : drive().read(e->sa & 0x0F);
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
// nullopt at the input's end. A live keyboard (the terminal) gives the key typed, 0 when
// none waits.
std::optional<int> key(Runtime& rt) {
  if (!rt.fill_keys()) return std::nullopt;
  if (rt.keys_.empty()) return 0;  // a live keyboard with no key waiting
  int c = static_cast<unsigned char>(rt.keys_[0]);
  rt.keys_.erase(0, 1);
  return c;
}

// CHRIN from the screen (device 3; $F166, $E632): the character under the cursor, which
// moves right, up to the logical line's last column (39, or 79 for two linked rows): that
// one is read as CR, and the screen gets a CR (the cursor to the next line, $E716).
int screen_byte(Runtime& rt) {
  machine::Screen& screen = rt.machine_.screen();
  constexpr int kColumns = machine::Screen::kColumns;
  int start = screen.row();
  while (start > 0 && screen.linked(start)) --start;
  const int column = (screen.row() - start) * kColumns + screen.col();
  const bool two_rows = start + 1 < machine::Screen::kRows && screen.linked(start + 1);
  if (column >= (two_rows ? 2 * kColumns : kColumns) - 1) {
    rt.c64_newline();
    return 13;
  }
  auto c = static_cast<unsigned char>(screen.at(start + column / kColumns, column % kColumns));
  screen.set_cursor(start + (column + 1) / kColumns, (column + 1) % kColumns);
  rt.c64_col_ = column + 1;
  return c;
}

// CHRIN from the input file: the screen's or the KERNAL's (c64_files.hpp).
int input_byte(Runtime& rt) {
  return rt.c64_files_.input_device() == 3 ? screen_byte(rt) : rt.c64_files_.get_byte();
}

// One line of the input file as INPUT# reads it ($A560): up to CR, at most 88 bytes
// (?STRING TOO LONG).
std::optional<std::string> file_line(Runtime& rt) {
  std::string line;
  for (;;) {
    int c = input_byte(rt);
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
  // CLOSE of CMD's file does not end the CMD (the KERNAL's CLOSE leaves DFLTO, BASIC's
  // CHANNL): PRINT's output goes to no one until PRINT#, an error or GET ends it.
  rt.c64_files_.close(*values[0]);
}

void exec_c64_print_file(Runtime& rt, const Stmt& s) {
  print_to(rt, s);
  rt.c64_clear_channels();
}

// CMD lf: PRINT's output goes on to the file after the statement, until PRINT#, INPUT#,
// GET#, GET, an error or RUN; at READY. too (prompt.cpp).
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
      c = input_byte(rt);
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
  // GET# ends with CLRCHN, and GET too while CMD holds the output ($ABA0).
  if (s.file || rt.c64_cmd_ != 0) rt.c64_clear_channels();
}

}  // namespace amazing::basic
