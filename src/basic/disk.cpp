// Disk: see disk.hpp.

#include "basic/disk.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <system_error>

namespace amazing::basic {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxFileBytes = Disk::kMaxFileBytes;

// What stands under a path, looked at without following a link and without opening it.
enum class Standing { kNothing, kFile, kFolder, kOther };

Standing standing(const fs::path& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0)
    return errno == ENOENT ? Standing::kNothing : Standing::kOther;
  if (S_ISREG(st.st_mode)) return Standing::kFile;
  return S_ISDIR(st.st_mode) ? Standing::kFolder : Standing::kOther;
}

// Up to `count` bytes of `fd` from `offset` (fewer at the end); kIo when reading fails.
DiskRead read_fd(int fd, std::uintmax_t offset, std::size_t count) {
  DiskRead r;
  r.bytes.resize(count);
  std::size_t got = 0;
  while (got < count) {
    ssize_t n = ::pread(fd, r.bytes.data() + got, count - got, static_cast<off_t>(offset + got));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return {DiskFault::kIo, {}};
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  r.bytes.resize(got);
  return r;
}

std::string upper(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// Characters no name may hold, on either machine.
bool forbidden(char c) {
  auto u = static_cast<unsigned char>(c);
  return u < 0x20 || u == 0x7F || std::string_view("/\\:*?\"<>|").find(c) != std::string_view::npos;
}

bool is_device(std::string_view base) {
  static constexpr std::array<std::string_view, 14> kDevices = {
      "CON",  "PRN",  "AUX",  "NUL",  "COM1",   "COM2", "COM3",
      "COM4", "LPT1", "LPT2", "LPT3", "CLOCK$", "KYBD", "SCRN"};
  for (std::string_view d : kDevices) {
    if (base == d) return true;
  }
  return false;
}

// GW-BASIC: NAME[.EXT], 1-8 and 0-3 characters, one dot at most; dots at the end are
// dropped, as DOS drops them ("F." is F, with no extension added).
std::variant<std::string, DiskFault> pc_name(std::string_view typed, bool default_extension) {
  std::string name = upper(typed);
  for (char c : name) {
    if (forbidden(c)) return DiskFault::kBadName;
  }
  if (!name.empty() && name.back() == '.') {
    while (!name.empty() && name.back() == '.') name.pop_back();
    default_extension = false;
  }
  std::size_t dot = name.find('.');
  if (dot != std::string::npos && name.find('.', dot + 1) != std::string::npos)
    return DiskFault::kBadName;
  std::string base = name.substr(0, dot);
  std::string ext = dot == std::string::npos ? "" : name.substr(dot + 1);
  if (base.empty() || base.size() > 8 || ext.size() > 3 || is_device(base))
    return DiskFault::kBadName;
  if (dot == std::string::npos && default_extension)
    return base + std::string(machine::describe(machine::Kind::kPc).program_extension);
  return name;
}

// A device's name in `name`, upper-cased: two letters or digits or more before a colon
// (a drive is one letter; "A\B:C" names no device); nullopt when there is none.
std::optional<std::string> device_prefix(std::string_view name) {
  const std::size_t colon = name.find(':');
  if (colon == std::string_view::npos || colon < 2) return std::nullopt;
  const std::string_view prefix = name.substr(0, colon);
  const bool word = std::all_of(prefix.begin(), prefix.end(),
                                [](char c) { return std::isalnum(static_cast<unsigned char>(c)); });
  if (!word) return std::nullopt;
  return upper(prefix);
}

// The devices OPEN knows (Device) and the modes each takes; none: Device Unavailable (no
// printer port, serial port or cassette behind them headless).
struct DeviceRule {
  std::string_view name;
  Device device;
  std::string_view modes;
};
constexpr DeviceRule kDeviceRules[] = {
    {"SCRN", Device::kScreen, "OR"},    {"KYBD", Device::kKeyboard, "IR"},
    {"LPT1", Device::kPrinter, "IOAR"}, {"LPT2", Device::kDisk, ""},
    {"LPT3", Device::kDisk, ""},        {"COM1", Device::kDisk, ""},
    {"COM2", Device::kDisk, ""},        {"CAS1", Device::kDisk, ""}};

}  // namespace

std::optional<DiskFault> pc_device_fault(std::string_view name, bool write) {
  Device device = Device::kDisk;
  const std::optional<ErrorCode> e = pc_device(name, write ? 'O' : 'I', device);
  if (!e) return std::nullopt;
  if (*e == ErrorCode::kBadFileMode) return DiskFault::kBadMode;
  if (*e == ErrorCode::kBadFileNumber) return DiskFault::kBadNumber;
  if (*e != ErrorCode::kNone || device != Device::kScreen) {
    return write && device == Device::kPrinter ? DiskFault::kDeviceIo
                                               : DiskFault::kDeviceUnavailable;
  }
  return DiskFault::kNone;
}

namespace {

// What a pc name starts with: PC-BASIC's drive Z: (this disk) or nothing, then the rest;
// another drive letter is Path not found, a device (device_prefix: SCRN:, LPT1:, CON:,
// AB:) Device unavailable, as PC-BASIC 2.0.5 -n answers a
// disk statement (KILL, NAME, FILES, MKDIR ...) naming one; OPEN takes its devices before
// it asks the disk (files.cpp); anything else here a Bad file name.
std::variant<std::string_view, DiskFault> after_drive(std::string_view name) {
  const std::size_t colon = name.find(':');
  if (colon == std::string_view::npos) return name;
  const std::string prefix = upper(name.substr(0, colon));
  if (prefix == "Z") return name.substr(colon + 1);
  if (prefix.size() == 1 && std::isalpha(static_cast<unsigned char>(prefix[0])) != 0)
    return DiskFault::kPathNotFound;
  return device_prefix(name) ? DiskFault::kDeviceUnavailable : DiskFault::kBadName;
}

// The C64: 1-16 characters, the C64's own (upper-case) letters; stored as NAME.prg.
std::variant<std::string, DiskFault> c64_name(std::string_view typed, std::string_view extension) {
  std::string name = upper(typed);
  if (name.empty() || name.size() > 16 || name == "." || name == "..") return DiskFault::kBadName;
  for (char c : name) {
    if (forbidden(c)) return DiskFault::kBadName;
  }
  if (!extension.empty()) return name + std::string(extension);
  return name + std::string(machine::describe(machine::Kind::kC64).program_extension);
}

// A name as DOS shows it: the part before the first dot and the part after.
struct DosName {
  std::string trunk, ext;
  bool operator<(const DosName& o) const {
    return trunk != o.trunk ? trunk < o.trunk : ext < o.ext;
  }
};

bool dos_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 ||
         std::string_view(" !#$%&'()-@^_`{}~").find(c) != std::string_view::npos;
}

bool legal_part(std::string_view part, std::size_t max) {
  if (part.size() > max) return false;
  if (!part.empty() && (part.front() == ' ' || part.back() == ' ')) return false;
  for (char c : part) {
    if (!dos_char(c)) return false;
  }
  return true;
}

// A host name as FILES shows it: a legal 8.3 name upper-cased; any other clipped to 8.3
// with '+' where it was cut, bytes past ASCII as '?'.
DosName dos_name(std::string_view host) {
  std::size_t dot = host.find('.');
  DosName n{std::string(host.substr(0, dot)),
            dot == std::string_view::npos ? "" : std::string(host.substr(dot + 1))};
  if (host == "." || host == ".." || (legal_part(n.trunk, 8) && legal_part(n.ext, 3)))
    return {upper(n.trunk), upper(n.ext)};
  for (std::string* part : {&n.trunk, &n.ext}) {
    for (char& c : *part) {
      if (static_cast<unsigned char>(c) >= 0x80) c = '?';
    }
  }
  if (n.trunk.size() > 8) n.trunk = n.trunk.substr(0, 7) + "+";
  if (n.ext.size() > 3) n.ext = n.ext.substr(0, 2) + "+";
  return n;
}

// DOS wildcards, case aside: '?' one character, '*' any run.
bool wildcard_match(std::string_view name, std::string_view mask) {
  if (mask.empty()) return name.empty();
  if (mask[0] == '*')
    return wildcard_match(name, mask.substr(1)) ||
           (!name.empty() && wildcard_match(name.substr(1), mask));
  if (name.empty()) return false;
  bool same = mask[0] == '?' || std::toupper(static_cast<unsigned char>(mask[0])) ==
                                    std::toupper(static_cast<unsigned char>(name[0]));
  return same && wildcard_match(name.substr(1), mask.substr(1));
}

std::string listing_entry(const DosName& n, bool folder) {
  std::string out = n.trunk;
  out.resize(std::max<std::size_t>(out.size(), 8), ' ');
  out += n.ext.empty() && !n.trunk.empty() ? ' ' : '.';
  std::string ext = n.ext;
  ext.resize(std::max<std::size_t>(ext.size(), 3), ' ');
  return out + ext + (folder ? "<DIR>" : "     ");
}

}  // namespace

std::optional<ErrorCode> pc_device(std::string_view name, char mode, Device& device) {
  const std::optional<std::string> prefix = device_prefix(name);
  if (!prefix) return std::nullopt;
  for (const DeviceRule& rule : kDeviceRules) {
    if (*prefix != rule.name) continue;
    if (rule.modes.empty()) return ErrorCode::kDeviceUnavailable;
    if (rule.modes.find(mode) == std::string_view::npos) return ErrorCode::kBadFileMode;
    device = rule.device;
    return ErrorCode::kNone;
  }
  return ErrorCode::kBadFileNumber;
}

Disk::Disk(std::filesystem::path folder, Dialect dialect, std::string c64_extension)
    : folder_(std::move(folder)), dialect_(dialect), c64_extension_(std::move(c64_extension)) {}

std::variant<Disk::Place, DiskFault> Disk::place(std::string_view typed, bool whole) const {
  auto rest = after_drive(typed);
  if (auto* fault = std::get_if<DiskFault>(&rest)) return *fault;
  std::string_view path = std::get<std::string_view>(rest);
  if (!path.empty() && path[0] == '/') return DiskFault::kBadName;  // PC-BASIC: Bad file number
  Place p;
  if (path.empty() || path[0] != '\\') p.folders = *current_;
  std::vector<std::string_view> parts;
  for (std::size_t at = 0;;) {
    const std::size_t end = std::min(path.size(), path.find_first_of("\\/", at));
    parts.push_back(path.substr(at, end - at));
    if (end == path.size()) break;
    at = end + 1;
  }
  if (!whole) {
    p.last = std::string(parts.back());
    parts.pop_back();
  }
  for (std::string_view part : parts) {
    if (part.empty() || part == ".") continue;
    if (part == "..") {
      if (!p.folders.empty()) p.folders.pop_back();  // the root's ".." is the root
      continue;
    }
    auto name = pc_name(part, false);
    if (auto* fault = std::get_if<DiskFault>(&name)) return *fault;
    p.folders.push_back(std::move(std::get<std::string>(name)));
  }
  // Every folder on the way is a real folder inside the disk folder (no link is followed).
  fs::path at = folder_;
  for (const std::string& f : p.folders) {
    at /= f;
    if (standing(at) != Standing::kFolder) return DiskFault::kPathNotFound;
  }
  return p;
}

fs::path Disk::host_folder(const std::vector<std::string>& folders) const {
  fs::path at = folder_;
  for (const std::string& f : folders) at /= f;
  return at;
}

std::string Disk::current_name() const {
  std::string out = "Z:";
  for (const std::string& f : *current_) out += "\\" + f;
  return current_->empty() ? out + "\\" : out;
}

std::variant<fs::path, DiskFault> Disk::file(std::string_view name, bool default_extension) const {
  fs::path path;
  if (dialect_ == Dialect::kC64) {
    auto made = c64_name(name, c64_extension_);
    if (auto* fault = std::get_if<DiskFault>(&made)) return *fault;
    path = folder_ / std::get<std::string>(made);
  } else {
    auto p = place(name, false);
    if (auto* fault = std::get_if<DiskFault>(&p)) return *fault;
    const Place& at = std::get<Place>(p);
    auto made = pc_name(at.last, default_extension);
    if (auto* fault = std::get_if<DiskFault>(&made)) return *fault;
    path = host_folder(at.folders) / std::get<std::string>(made);
  }
  std::error_code ec;
  if (fs::is_symlink(fs::symlink_status(path, ec))) return DiskFault::kBadName;
  return path;
}

DiskRead Disk::read(std::string_view name, bool default_extension) const {
  DiskRead r;
  if (dialect_ == Dialect::kPc) {
    if (std::optional<DiskFault> fault = pc_device_fault(name, false)) {
      r.fault = *fault;
      return r;
    }
  }
  auto file = this->file(name, default_extension);
  if (auto* fault = std::get_if<DiskFault>(&file)) {
    r.fault = *fault;
    return r;
  }
  const fs::path& path = std::get<fs::path>(file);
  if (folder_.empty() || standing(path) != Standing::kFile) {
    r.fault = DiskFault::kNotFound;
    return r;
  }
  // Opened without waiting and looked at again: what is read is the regular file seen.
  machine::Fd fd(::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  struct stat st {};
  if (fd.get() < 0 || ::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode)) {
    r.fault = fd.get() < 0 && errno != ENOENT ? DiskFault::kIo : DiskFault::kNotFound;
    return r;
  }
  r = read_fd(fd.get(), 0, kMaxFileBytes + 1);
  if (r.fault == DiskFault::kNone && r.bytes.size() > kMaxFileBytes) r = {DiskFault::kIo, {}};
  return r;
}

DiskFault Disk::write(std::string_view name, bool default_extension, std::string_view bytes) const {
  if (dialect_ == Dialect::kPc) {
    if (std::optional<DiskFault> fault = pc_device_fault(name, true)) return *fault;
  }
  auto file = this->file(name, default_extension);
  if (auto* fault = std::get_if<DiskFault>(&file)) return *fault;
  return write_file(std::get<fs::path>(file), bytes);
}

DiskFault Disk::write_file(const fs::path& path, std::string_view bytes) const {
  if (folder_.empty()) return DiskFault::kIo;
  // Only a regular file is ever replaced.
  if (Standing was = standing(path); was != Standing::kNothing && was != Standing::kFile)
    return was == Standing::kFolder ? DiskFault::kNotFound : DiskFault::kIo;
  std::error_code ec;
  fs::create_directories(folder_, ec);
  fs::path part = path;
  part += ".part";
  fs::remove(part, ec);  // never write through a link left there
  {
    std::ofstream out(part, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) {
      fs::remove(part, ec);
      return DiskFault::kIo;
    }
  }
  fs::rename(part, path, ec);
  if (ec) {
    fs::remove(part, ec);
    return DiskFault::kIo;
  }
  return DiskFault::kNone;
}

DiskFault Disk::remove(std::string_view name) const {
  auto file = this->file(name, false);
  // KILL: a path not there, or another drive, is PC-BASIC's File not found.
  if (auto* fault = std::get_if<DiskFault>(&file))
    return *fault == DiskFault::kPathNotFound ? DiskFault::kNotFound : *fault;
  const fs::path& path = std::get<fs::path>(file);
  std::error_code ec;
  if (folder_.empty() || !fs::is_regular_file(path, ec)) return DiskFault::kNotFound;
  return fs::remove(path, ec) ? DiskFault::kNone : DiskFault::kIo;
}

std::optional<std::uintmax_t> Disk::size(std::string_view name) const {
  auto file = this->file(name, false);
  if (std::holds_alternative<DiskFault>(file) || folder_.empty()) return std::nullopt;
  struct stat st {};
  if (::lstat(std::get<fs::path>(file).c_str(), &st) != 0 || !S_ISREG(st.st_mode))
    return std::nullopt;
  return static_cast<std::uintmax_t>(st.st_size);
}

std::variant<DiskFile, DiskFault> Disk::open_random(std::string_view name) const {
  auto file = this->file(name, false);
  if (auto* fault = std::get_if<DiskFault>(&file)) return *fault;
  if (folder_.empty()) return DiskFault::kIo;
  const fs::path& path = std::get<fs::path>(file);
  switch (standing(path)) {
    case Standing::kFolder:
      return DiskFault::kNotFound;
    case Standing::kOther:
      return DiskFault::kIo;
    case Standing::kNothing: {
      std::error_code ec;
      fs::create_directories(folder_, ec);
      break;
    }
    case Standing::kFile:
      break;
  }
  machine::Fd fd(
      ::open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0666));
  if (fd.get() < 0) return errno == EISDIR ? DiskFault::kNotFound : DiskFault::kIo;
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode)) return DiskFault::kIo;
  return DiskFile(std::move(fd));
}

std::optional<std::uintmax_t> DiskFile::size() const {
  struct stat st {};
  if (::fstat(fd_.get(), &st) != 0) return std::nullopt;
  return static_cast<std::uintmax_t>(st.st_size);
}

DiskRead DiskFile::read_at(std::uintmax_t offset, std::size_t count) const {
  return read_fd(fd_.get(), offset, count);
}

DiskFault DiskFile::write_at(std::uintmax_t offset, std::string_view bytes) const {
  if (offset + bytes.size() > kMaxFileBytes) return DiskFault::kIo;
  // Past the end the system fills the gap with NULs, as DOS leaves it.
  while (!bytes.empty()) {
    ssize_t n = ::pwrite(fd_.get(), bytes.data(), bytes.size(), static_cast<off_t>(offset));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return DiskFault::kIo;
    bytes.remove_prefix(static_cast<std::size_t>(n));
    offset += static_cast<std::uintmax_t>(n);
  }
  return DiskFault::kNone;
}

DiskFault Disk::folder_command(FolderOp op, std::string_view name) const {
  if (name.empty() || dialect_ == Dialect::kC64) return DiskFault::kBadName;
  auto p = place(name, op == FolderOp::kChange);
  if (auto* fault = std::get_if<DiskFault>(&p)) return *fault;
  Place& at = std::get<Place>(p);
  if (op == FolderOp::kChange) {
    *current_ = std::move(at.folders);
    return DiskFault::kNone;
  }
  if (at.last.empty() && !at.folders.empty()) {  // RMDIR "SUB\": SUB
    at.last = std::move(at.folders.back());
    at.folders.pop_back();
  }
  auto made = pc_name(at.last, false);
  if (auto* fault = std::get_if<DiskFault>(&made)) return *fault;
  if (folder_.empty()) return op == FolderOp::kMake ? DiskFault::kIo : DiskFault::kNotFound;
  at.folders.push_back(std::get<std::string>(made));
  const fs::path path = host_folder(at.folders);
  std::error_code ec;
  const fs::file_status status = fs::symlink_status(path, ec);
  if (fs::is_symlink(status)) return DiskFault::kBadName;  // as file() refuses a link
  if (op == FolderOp::kMake) {
    if (fs::exists(status)) return DiskFault::kIo;
    fs::create_directories(folder_, ec);
    return fs::create_directory(path, ec) ? DiskFault::kNone : DiskFault::kIo;
  }
  if (!fs::is_directory(status)) return DiskFault::kNotFound;
  // Not the current folder, nor one it is in (DOS refuses them too).
  if (std::equal(at.folders.begin(), at.folders.end(), current_->begin(), current_->end()) ||
      (at.folders.size() < current_->size() &&
       std::equal(at.folders.begin(), at.folders.end(), current_->begin())))
    return DiskFault::kIo;
  return fs::remove(path, ec) ? DiskFault::kNone : DiskFault::kIo;  // an empty one only
}

DiskFault Disk::name_source(std::string_view from) const {
  if (from.find_first_of("*?") != std::string_view::npos) return DiskFault::kBadName;
  auto file = this->file(from, false);
  if (const auto* fault = std::get_if<DiskFault>(&file);
      fault && (*fault == DiskFault::kPathNotFound || *fault == DiskFault::kDeviceUnavailable))
    return *fault;
  return size(from) ? DiskFault::kNone : DiskFault::kNotFound;
}

DiskFault Disk::rename(std::string_view from, std::string_view to) const {
  auto old_file = file(from, false);
  if (auto* fault = std::get_if<DiskFault>(&old_file)) return *fault;
  std::error_code ec;
  const fs::path& old_path = std::get<fs::path>(old_file);
  if (folder_.empty() || !fs::is_regular_file(old_path, ec)) return DiskFault::kNotFound;
  auto new_file = file(to, false);
  if (auto* fault = std::get_if<DiskFault>(&new_file)) return *fault;
  const fs::path& new_path = std::get<fs::path>(new_file);
  if (fs::exists(fs::symlink_status(new_path, ec))) return DiskFault::kExists;
  fs::rename(old_path, new_path, ec);
  return ec ? DiskFault::kIo : DiskFault::kNone;
}

std::vector<DiskEntry> Disk::entries() const {
  return entries_in(folder_);
}

std::vector<DiskEntry> Disk::entries_in(const fs::path& folder) const {
  std::vector<DiskEntry> out;
  std::error_code ec;
  if (folder_.empty() || !fs::is_directory(folder, ec)) return out;  // place() saw no link
  for (const fs::directory_entry& e : fs::directory_iterator(folder, ec)) {
    std::string name = e.path().filename().string();
    if (name.empty() || name[0] == '.' || e.is_symlink(ec)) continue;
    out.push_back({name, e.is_directory(ec)});
  }
  return out;
}

std::optional<std::vector<std::string>> Disk::listing(std::string_view typed) const {
  auto p = place(typed, false);
  if (std::holds_alternative<DiskFault>(p)) return std::nullopt;
  const Place& at = std::get<Place>(p);
  std::string_view mask = at.last.empty() ? "*.*" : std::string_view(at.last);
  std::vector<std::string> out;
  if (mask == "." || mask == "..") {  // PC-BASIC shows the one dot for either
    out.push_back(listing_entry({"", ""}, true));
    return out;
  }
  std::size_t dot = mask.find('.');
  std::string_view trunk_mask = mask.substr(0, dot);
  std::string_view ext_mask = dot == std::string_view::npos ? "" : mask.substr(dot + 1);
  std::vector<std::pair<DosName, bool>> found;  // the name, and whether it is a folder
  std::vector<DiskEntry> all = entries_in(host_folder(at.folders));
  if (!folder_.empty()) all.insert(all.begin(), {{".", true}, {"..", true}});
  for (const DiskEntry& e : all) {
    DosName n = dos_name(e.name);
    if (wildcard_match(n.trunk, trunk_mask) && wildcard_match(n.ext, ext_mask))
      found.emplace_back(std::move(n), e.folder);
  }
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second : a.first < b.first;
  });
  for (const auto& [n, folder] : found) out.push_back(listing_entry(n, folder));
  return out;
}

std::uintmax_t Disk::free_bytes() const {
  std::error_code ec;
  fs::path at = folder_;
  while (!at.empty() && !fs::exists(at, ec) && at.has_parent_path() && at.parent_path() != at)
    at = at.parent_path();  // the folder is made by the first SAVE
  if (at.empty()) return 0;
  fs::space_info space = fs::space(at, ec);
  return ec ? 0 : space.available;
}

std::optional<fs::path> user_data_folder() {
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg != nullptr && *xdg == '/')
    return fs::path(xdg) / "amazing";
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0')
    return fs::path(home) / ".local" / "share" / "amazing";
  return std::nullopt;
}

fs::path default_disk_folder() {
  if (auto data = user_data_folder()) return *data / "disk";
  return fs::path("amazing-disk");
}

}  // namespace amazing::basic
