// FileTable: see files.hpp. The reading rules are PC-BASIC 2.0.5's (its TextFile and
// INPUT # entry reader), measured in tests/basic/programs/files*.bas.

#include "basic/files.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

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
    case DiskFault::kExists:
      return ErrorCode::kFileAlreadyExists;
    case DiskFault::kPathNotFound:
      return ErrorCode::kPathNotFound;
    case DiskFault::kDeviceUnavailable:
      return ErrorCode::kDeviceUnavailable;
    case DiskFault::kBadMode:
      return ErrorCode::kBadFileMode;
    case DiskFault::kBadNumber:
      return ErrorCode::kBadFileNumber;
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
  if (full_) return;
  if (text.size() > limit_ - bytes_.size()) {
    bytes_.append(text.substr(0, limit_ - bytes_.size()));
    full_ = true;
    return;
  }
  bytes_.append(text);
}

bool OpenFile::eof() const {
  if (random()) return static_cast<std::uintmax_t>(record) * record_length > lof();
  return !output() && pos >= end;
}

std::uintmax_t OpenFile::lof() const {
  if (random()) return handle ? handle->size().value_or(0) : 0;
  return output() ? sink.bytes().size() : bytes.size();
}

std::size_t OpenFile::loc() const {
  if (random()) return static_cast<std::size_t>(record);
  if (output()) return sink.bytes().size() / 128;
  return std::max<std::size_t>(1, (pos + 127) / 128);
}

int OpenFile::peek() {
  if (pos >= end) return kEnd;
  return bytes[pos] == '\n' ? '\r' : static_cast<unsigned char>(bytes[pos]);
}

int OpenFile::read_one() {
  int c = peek();
  if (c == kEnd) return c;
  pos += bytes[pos] == '\r' && pos + 1 < end && bytes[pos + 1] == '\n' ? 2 : 1;
  return c;
}

std::optional<std::string> read_line(TextSource& in) {
  std::string line;
  int c = TextSource::kEnd;
  while ((c = in.read_one()) != TextSource::kEnd && !(c == '\r' && in.previous() != '\n')) {
    line += static_cast<char>(c);
    if (line.size() == kMaxItem) return line;  // the rest is the next line
  }
  if (line.empty() && c == TextSource::kEnd) return std::nullopt;
  return line;
}

namespace {

// INPUT #'s blanks (a LF with a CR after it goes as one); the last one taken, else kEnd.
int skip_blanks(TextSource& in, std::string_view blanks) {
  int last = TextSource::kEnd;
  for (int c;
       (c = in.peek()) != TextSource::kEnd && blanks.find(static_cast<char>(c)) != blanks.npos;) {
    last = in.read_one();
    if (last == '\n' && in.peek() == '\r') in.read_one();
  }
  return last;
}

constexpr std::string_view kItemBlanks{" \0\n", 3};

}  // namespace

std::optional<std::string> read_item(TextSource& in, bool string, bool past_end_ok) {
  constexpr int kEnd = TextSource::kEnd;
  const int last = skip_blanks(in, kItemBlanks);
  const bool escaped = last == '\n' || last == '\0';  // neither a quote nor the end counts
  int c = in.read_one();
  const bool quoted = c == '"' && string && !escaped;
  if (quoted) c = in.read_one();
  if (c == kEnd && !past_end_ok && !escaped) return std::nullopt;
  std::string word, blanks;
  while (c != kEnd && !(!string && c == ' ') && !((c == ',' || c == '\r') && !quoted)) {
    if (c == '"' && quoted) break;
    if (c == '\n' && !quoted) {  // a LF (and a CR after it) is dropped
      c = in.read_one();
      if (c == '\r') c = in.read_one();
      continue;
    }
    if (c == ' ' && !quoted) {
      if (string) blanks += ' ';  // kept only between words
    } else if (c != '\0') {
      word += blanks + static_cast<char>(c);
      blanks.clear();
    }
    if (word.size() + blanks.size() >= kMaxItem) break;
    c = quoted ? in.read_raw() : in.read_one();
  }
  // After a blank or the closing quote, blanks up to a comma or line end go with it.
  if ((c != kEnd && kItemBlanks.find(static_cast<char>(c)) != kItemBlanks.npos) ||
      (quoted && c == '"')) {
    skip_blanks(in, " ");
    int next = in.peek();
    if (next == ',' || next == '\r' || next == kEnd) in.read_one();
  }
  return word;
}

int FieldStream::peek() {
  if (ahead_.empty() && at_ < buffer_->size()) ahead_ += (*buffer_)[at_++];
  return ahead_.empty() ? kEnd : static_cast<unsigned char>(ahead_[0]);
}

int FieldStream::read() {
  int c = peek();
  if (c == kEndMark) c = kEnd;  // stays where it is: reading stops there
  if (c != kEnd) ahead_.erase(0, 1);
  previous_ = current_;
  current_ = c;
  return c;
}

int FieldStream::read_one() {
  int c = read();
  if (c == '\r' && previous_ != '\n' && peek() == '\n') {
    int before = previous_;
    read();
    previous_ = before;
    current_ = c;
  }
  return c;
}

bool FieldStream::overflow() const {
  return at_ >= length_ + ahead_.size();
}

void FieldStream::put(std::string_view text) {
  // Writing goes on from where reading is (the byte kept ahead goes back).
  at_ -= std::min(at_, ahead_.size());
  ahead_.clear();
  previous_ = current_ = kEnd;
  const std::size_t room = buffer_->size() - std::min(at_, buffer_->size());
  const bool full = text.size() > room;
  text = text.substr(0, room);
  buffer_->replace(at_, text.size(), text);
  at_ += text.size();
  if ((full || overflow()) && on_overflow) on_overflow();
}

ErrorCode OpenFile::get(std::optional<long> n, std::string& buffer) {
  if (n) {
    record = *n - 1;
    at = static_cast<std::uintmax_t>(record) * record_length;
  }
  std::string bytes;
  if (!eof()) {
    DiskRead r = handle->read_at(at, record_length);
    if (r.fault != DiskFault::kNone) return ErrorCode::kDeviceIoError;
    bytes = std::move(r.bytes);
    at += bytes.size();
  }
  bytes.resize(record_length, '\0');
  buffer.replace(0, record_length, bytes);
  field.rewind();
  ++record;
  return ErrorCode::kNone;
}

ErrorCode OpenFile::put(std::optional<long> n, const std::string& buffer) {
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
  bytes.append(buffer, 0, record_length);
  if (handle->write_at(at, bytes) != DiskFault::kNone) return ErrorCode::kDeviceIoError;
  at += bytes.size();
  ++record;
  return ErrorCode::kNone;
}

void FileTable::set_disk(const std::filesystem::path& folder) {
  if (disk_ && disk_->folder() == folder) return;
  disk_ = folder.empty() ? nullptr : std::make_shared<Disk>(folder, Dialect::kPc);
}

void FileTable::set_disk(const Disk& disk) {
  disk_ = disk.folder().empty() ? nullptr : std::make_shared<Disk>(disk);
}

ErrorCode FileTable::open(int number, char mode, std::string_view name, std::size_t record_length) {
  if (number < 1 || number > kMaxFiles || name.empty()) return ErrorCode::kBadFileNumber;
  if (files_[number]) return ErrorCode::kFileAlreadyOpen;
  Device device = Device::kDisk;
  if (std::optional<ErrorCode> e = pc_device(name, mode, device)) {
    if (*e != ErrorCode::kNone) return *e;
    files_[number] = std::make_unique<OpenFile>();
    files_[number]->mode = mode;
    files_[number]->device = device;
    return ErrorCode::kNone;
  }
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
    auto opened = disk_->open_random(name);
    if (auto* fault = std::get_if<DiskFault>(&opened)) return fault_error(*fault);
    f->handle.emplace(std::move(std::get<DiskFile>(opened)));
    f->record_length = record_length;
    f->field.attach(&fields_[static_cast<std::size_t>(number)], record_length);
    f->printer.set_sink(f->field);
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

namespace {

// BSAVE's and BLOAD's device, as LOAD's and SAVE's (pc_device_fault): BSAVE "SCRN:"
// shows none of it (kNone); nullopt for a disk name.
std::optional<ErrorCode> block_device(std::string_view name, bool save) {
  const std::optional<DiskFault> fault = pc_device_fault(name, save);
  if (!fault) return std::nullopt;
  return fault_error(*fault);
}

}  // namespace

ErrorCode FileTable::save_block(std::string_view name, std::string_view bytes) const {
  if (name.empty()) return ErrorCode::kBadFileNumber;  // PC-BASIC's answer to ""
  if (std::optional<ErrorCode> e = block_device(name, true)) return *e;
  if (!disk_) return ErrorCode::kPathNotFound;
  auto file = disk_->file(name, true);
  if (auto* fault = std::get_if<DiskFault>(&file)) return fault_error(*fault);
  for (const auto& f : files_) {
    if (f && f->output() && f->path == std::get<std::filesystem::path>(file))
      return ErrorCode::kFileAlreadyOpen;
  }
  return fault_error(disk_->write(name, true, bytes));
}

ErrorCode FileTable::load_block(std::string_view name, std::string& bytes) const {
  if (name.empty()) return ErrorCode::kBadFileNumber;
  if (std::optional<ErrorCode> e = block_device(name, false)) return *e;
  if (!disk_) return ErrorCode::kFileNotFound;
  DiskRead read = disk_->read(name, true);
  bytes = std::move(read.bytes);
  return fault_error(read.fault);
}

bool FileTable::open_here(std::string_view name) const {
  auto file = disk_->file(name, false);
  const auto* path = std::get_if<std::filesystem::path>(&file);
  return path && std::any_of(files_.begin(), files_.end(),
                             [path](const auto& f) { return f && f->path == *path; });
}

ErrorCode FileTable::kill(std::string_view name) const {
  if (!disk_) return ErrorCode::kFileNotFound;
  if (open_here(name)) return ErrorCode::kFileAlreadyOpen;
  return fault_error(disk_->remove(name));
}

ErrorCode FileTable::folder(Disk::FolderOp op, std::string_view name) const {
  const DiskFault fault = disk_ ? disk_->folder_command(op, name) : DiskFault::kNotFound;
  return fault == DiskFault::kNotFound ? ErrorCode::kPathNotFound
         : fault == DiskFault::kIo     ? ErrorCode::kPathFileAccessError
                                       : fault_error(fault);
}

ErrorCode FileTable::rename_source(std::string_view from) const {
  if (!disk_) return ErrorCode::kFileNotFound;
  if (DiskFault fault = disk_->name_source(from); fault != DiskFault::kNone)
    return fault_error(fault);
  return open_here(from) ? ErrorCode::kFileAlreadyOpen : ErrorCode::kNone;
}

ErrorCode FileTable::rename(std::string_view from, std::string_view to) const {
  if (ErrorCode e = rename_source(from); e != ErrorCode::kNone) return e;
  if (open_here(to)) return ErrorCode::kFileAlreadyOpen;
  return fault_error(disk_->rename(from, to));
}

namespace {

// PC-BASIC's test of a lock against one held: the whole file meets everything, else the
// wanted range's first or last record inside the held one (so a range that holds a held
// one whole passes).
bool meets(const RecordRange& held, const RecordRange& wanted) {
  auto inside = [&held](long r) { return r >= held.first && r <= held.last; };
  return held.whole() || wanted.whole() || inside(wanted.first) || inside(wanted.last);
}

}  // namespace

ErrorCode FileTable::lock(int number, RecordRange range, bool unlock) {
  OpenFile* f = get(number);
  if (f == nullptr) return ErrorCode::kBadFileNumber;
  if (f->device != Device::kDisk) return ErrorCode::kPermissionDenied;
  if (!f->random()) range = RecordRange{};
  if (unlock) {
    auto held = std::find(f->locks.begin(), f->locks.end(), range);
    if (held == f->locks.end()) return ErrorCode::kPermissionDenied;
    f->locks.erase(held);
    return ErrorCode::kNone;
  }
  for (const auto& other : files_) {
    if (!other || other->path != f->path) continue;
    for (const RecordRange& held : other->locks) {
      if (meets(held, range)) return ErrorCode::kPermissionDenied;
    }
  }
  if (f->locks.size() >= kMaxLocks) return ErrorCode::kOutOfMemory;
  f->locks.push_back(range);
  return ErrorCode::kNone;
}

OpenFile* FileTable::get(int number) {
  return number >= 1 && number <= kMaxFiles ? files_[number].get() : nullptr;
}

ErrorCode FileTable::close(int number) {
  OpenFile* f = get(number);
  if (f == nullptr) return ErrorCode::kNone;
  ErrorCode e = ErrorCode::kNone;
  if (f->output() && f->device == Device::kDisk && disk_)
    e = fault_error(disk_->write_file(f->path, f->sink.bytes() + kEndMark));
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

// FILES: the current folder on PC-BASIC's drive Z: (Z:\ , what PC-BASIC prints for the
// folder it runs in, Z:\SUB after CHDIR "SUB"; whatever folder the mask names); the bytes
// free are the host's, as PC-BASIC prints them (a real GW-BASIC disk had at most a few
// megabytes).
ErrorCode list_files(const Disk* disk, std::optional<std::string_view> mask,
                     machine::Printer& out) {
  if (mask && mask->empty()) return ErrorCode::kBadFileName;
  Device device = Device::kDisk;
  if (mask && pc_device(*mask, 'I', device)) return ErrorCode::kDeviceUnavailable;  // any one
  auto entries = disk ? disk->listing(mask.value_or("")) : std::nullopt;
  if (!entries) return ErrorCode::kFileNotFound;  // a path not there: GW-BASIC's answer too
  auto line = [&out](std::string_view text) { out.write(text), out.newline(); };
  line(disk->current_name());
  if (entries->empty()) return ErrorCode::kFileNotFound;
  const std::size_t per_row = std::max(1, out.width() / 20);
  for (std::size_t i = 0; i < entries->size(); i += per_row) {
    std::string row;
    for (std::size_t k = i; k < std::min(i + per_row, entries->size()); ++k)
      row += (k == i ? "" : " ") + (*entries)[k];
    line(row);
  }
  // PC-BASIC writes a line feed after the number, then its line end: an empty line.
  line(" " + std::to_string(disk->free_bytes()) + " Bytes free");
  out.newline();
  return ErrorCode::kNone;
}

}  // namespace amazing::basic
