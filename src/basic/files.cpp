// FileTable: see files.hpp. The reading rules are PC-BASIC 2.0.5's (its TextFile and
// INPUT # entry reader), measured in tests/basic/programs/files*.bas.

#include "basic/files.hpp"

#include <algorithm>

namespace amazing::basic {
namespace {

constexpr char kEndMark = '\x1a';  // DOS's end of a text file
constexpr std::size_t kMaxItem = 255;

ErrorCode fault_error(DiskFault fault) {
  switch (fault) {
    case DiskFault::kNone:
      return ErrorCode::kNone;
    case DiskFault::kBadName:
      return ErrorCode::kBadFileName;
    case DiskFault::kNotFound:
      return ErrorCode::kFileNotFound;
    default:
      return ErrorCode::kDeviceIoError;
  }
}

// A file read for input: reading stops at the first 0x1A.
void take_input(OpenFile& f, std::string bytes) {
  f.end = std::min(bytes.find(kEndMark), bytes.size());
  f.bytes = std::move(bytes);
}

}  // namespace

void FileSink::put(std::string_view text) {
  for (char c : text) {
    std::size_t need = c == '\n' ? 2 : 1;
    if (bytes_.size() + need > limit_) {
      full_ = true;
      return;
    }
    if (c == '\n') bytes_ += '\r';
    bytes_ += c;
  }
}

bool OpenFile::eof() const {
  if (random()) return static_cast<std::uintmax_t>(record) * record_length > lof();
  return !output() && pos >= end;
}

std::uintmax_t OpenFile::lof() const {
  if (random()) return disk ? disk->size(path.filename().string()).value_or(0) : 0;
  return output() ? sink.bytes().size() : bytes.size();
}

std::size_t OpenFile::loc() const {
  if (random()) return static_cast<std::size_t>(record);
  if (output()) return sink.bytes().size() / 128;
  return std::max<std::size_t>(1, (pos + 127) / 128);
}

int OpenFile::peek() const {
  if (pos >= end) return kEnd;
  return bytes[pos] == '\n' ? '\r' : static_cast<unsigned char>(bytes[pos]);
}

int OpenFile::read() {
  int c = peek();
  if (c == kEnd) return c;
  pos += bytes[pos] == '\r' && pos + 1 < end && bytes[pos + 1] == '\n' ? 2 : 1;
  return c;
}

std::optional<std::string> OpenFile::read_line() {
  if (pos >= end) return std::nullopt;
  std::string line;
  for (int c; (c = read()) != kEnd && c != '\r';) {
    line += static_cast<char>(c);
    if (line.size() == kMaxItem) break;  // the rest is the next line
  }
  return line;
}

std::optional<std::string> OpenFile::read_item(bool string) {
  int last = kEnd;
  while (peek() == ' ' || peek() == '\0') last = read();
  int c = read();
  const bool quoted = c == '"' && string && last != '\0';
  if (quoted) c = read();
  if (c == kEnd && last != '\0') return std::nullopt;
  std::string word, blanks;
  while (c != kEnd && !(!string && c == ' ') && !((c == ',' || c == '\r') && !quoted)) {
    if (c == '"' && quoted) break;
    if (c == ' ' && !quoted) {
      if (string) blanks += ' ';  // kept only between words
    } else if (c != '\0') {
      word += blanks + static_cast<char>(c);
      blanks.clear();
    }
    if (word.size() + blanks.size() >= kMaxItem) break;
    c = read();
  }
  // After a blank or the closing quote, blanks up to a comma or line end go with it.
  if (c == ' ' || (quoted && c == '"')) {
    while (peek() == ' ') ++pos;
    if (peek() == ',' || peek() == '\r' || peek() == kEnd) read();
  }
  return word;
}

ErrorCode OpenFile::get(std::optional<long> n, std::string& field) {
  if (n) {
    record = *n - 1;
    at = static_cast<std::uintmax_t>(record) * record_length;
  }
  std::string bytes;
  if (!eof()) {
    DiskRead r = disk->read_at(path.filename().string(), at, record_length);
    if (r.fault != DiskFault::kNone) return ErrorCode::kDeviceIoError;
    bytes = std::move(r.bytes);
    at += bytes.size();
  }
  bytes.resize(record_length, '\0');
  field.replace(0, record_length, bytes);
  ++record;
  return ErrorCode::kNone;
}

ErrorCode OpenFile::put(std::optional<long> n, const std::string& field) {
  if (n) {
    record = *n - 1;
    at = static_cast<std::uintmax_t>(record) * record_length;
  }
  const std::uintmax_t length = lof();
  std::uintmax_t gap = 0;  // records of NULs first (PC-BASIC compares records to bytes)
  if (static_cast<std::uintmax_t>(record) > length) {
    at = length;
    gap = static_cast<std::uintmax_t>(record) - length;
  }
  if (at + (gap + 1) * record_length > Disk::kMaxFileBytes) return ErrorCode::kDiskFull;
  std::string bytes(static_cast<std::size_t>(gap * record_length), '\0');
  bytes.append(field, 0, record_length);
  if (disk->write_at(path.filename().string(), at, bytes) != DiskFault::kNone)
    return ErrorCode::kDeviceIoError;
  at += bytes.size();
  ++record;
  return ErrorCode::kNone;
}

void FileTable::set_disk(const std::filesystem::path& folder) {
  if (disk_ && disk_->folder() == folder) return;
  disk_ = folder.empty() ? nullptr : std::make_shared<Disk>(folder, Dialect::kPc);
}

ErrorCode FileTable::open(int number, char mode, std::string_view name, std::size_t record_length) {
  if (number < 1 || number > kMaxFiles || name.empty()) return ErrorCode::kBadFileNumber;
  if (files_[number]) return ErrorCode::kFileAlreadyOpen;
  if (!disk_) return ErrorCode::kPathNotFound;
  auto file = disk_->file(name, false);
  if (auto* fault = std::get_if<DiskFault>(&file)) return fault_error(*fault);
  auto f = std::make_unique<OpenFile>();
  f->mode = mode;
  f->path = std::get<std::filesystem::path>(file);
  if (f->output()) {  // input and random beside any other are allowed
    for (const auto& other : files_) {
      if (other && other->path == f->path) return ErrorCode::kFileAlreadyOpen;
    }
  }
  if (f->random()) {
    if (!disk_->size(name)) {
      if (ErrorCode e = fault_error(disk_->write(name, false, "")); e != ErrorCode::kNone) return e;
    }
    f->record_length = record_length;
    f->disk = disk_;
    files_[number] = std::move(f);
    return ErrorCode::kNone;
  }
  DiskRead read;
  if (mode != 'O') read = disk_->read(name, false);
  // Only a missing file is made anew by append; one that cannot be read (too big) is
  // refused as input refuses it, never written over.
  if (read.fault != DiskFault::kNone && (mode == 'I' || read.fault != DiskFault::kNotFound))
    return fault_error(read.fault);
  if (mode == 'I') {
    take_input(*f, std::move(read.bytes));
  } else {
    // Append goes on after the old text, its end mark cut off; a missing file is made.
    std::string old = std::move(read.bytes);
    if (!old.empty() && old.back() == kEndMark) old.pop_back();
    if (ErrorCode e = fault_error(disk_->write(name, false, old)); e != ErrorCode::kNone) return e;
    f->sink.bytes() = std::move(old);
  }
  files_[number] = std::move(f);
  return ErrorCode::kNone;
}

OpenFile* FileTable::get(int number) {
  return number >= 1 && number <= kMaxFiles ? files_[number].get() : nullptr;
}

ErrorCode FileTable::close(int number) {
  OpenFile* f = get(number);
  if (f == nullptr) return ErrorCode::kNone;
  ErrorCode e = ErrorCode::kNone;
  if (f->output() && disk_) {
    std::string name = f->path.filename().string();
    e = fault_error(disk_->write(name, false, f->sink.bytes() + kEndMark));
  }
  files_[number].reset();
  return e;
}

ErrorCode FileTable::close_all() {
  ErrorCode first = ErrorCode::kNone;
  for (int n = 1; n <= kMaxFiles; ++n) {
    ErrorCode e = close(n);
    if (first == ErrorCode::kNone) first = e;
  }
  return first;
}

std::optional<FieldLink> FileTable::unlink(const FieldVar& var) {
  auto it = links_.find(var);
  if (it == links_.end()) return std::nullopt;
  FieldLink part = it->second;
  links_.erase(it);
  return part;
}

void FileTable::unlink_array(int slot) {
  std::erase_if(links_, [slot](const auto& l) { return l.first.array && l.first.slot == slot; });
}

const FieldLink* FileTable::link_of(const FieldVar& var) const {
  auto it = links_.find(var);
  return it == links_.end() ? nullptr : &it->second;
}

void FileTable::reset_fields() {
  for (std::string& f : fields_) f.assign(kFieldBytes, '\0');
  links_.clear();
}

}  // namespace amazing::basic
