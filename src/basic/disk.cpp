// Disk: see disk.hpp.

#include "basic/disk.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <system_error>

namespace amazing::basic {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxFileBytes = Disk::kMaxFileBytes;

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

// GW-BASIC: NAME[.EXT], 1-8 and 0-3 characters, one dot at most.
std::variant<std::string, DiskFault> pc_name(std::string_view typed, bool default_extension) {
  std::string name = upper(typed);
  for (char c : name) {
    if (forbidden(c)) return DiskFault::kBadName;
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

Disk::Disk(std::filesystem::path folder, Dialect dialect, std::string c64_extension)
    : folder_(std::move(folder)), dialect_(dialect), c64_extension_(std::move(c64_extension)) {}

std::variant<fs::path, DiskFault> Disk::file(std::string_view name, bool default_extension) const {
  auto made = dialect_ == Dialect::kC64 ? c64_name(name, c64_extension_) : pc_name(name, default_extension);
  if (auto* fault = std::get_if<DiskFault>(&made)) return *fault;
  fs::path path = folder_ / std::get<std::string>(made);
  std::error_code ec;
  if (fs::is_symlink(fs::symlink_status(path, ec))) return DiskFault::kBadName;
  return path;
}

DiskRead Disk::read(std::string_view name, bool default_extension) const {
  DiskRead r;
  auto file = this->file(name, default_extension);
  if (auto* fault = std::get_if<DiskFault>(&file)) {
    r.fault = *fault;
    return r;
  }
  const fs::path& path = std::get<fs::path>(file);
  std::error_code ec;
  if (folder_.empty() || !fs::is_regular_file(path, ec)) {
    r.fault = DiskFault::kNotFound;
    return r;
  }
  std::ifstream in(path, std::ios::binary);
  std::string bytes(kMaxFileBytes + 1, '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  bytes.resize(static_cast<std::size_t>(in.gcount()));
  if (in.bad() || bytes.size() > kMaxFileBytes) {
    r.fault = DiskFault::kIo;
    return r;
  }
  r.bytes = std::move(bytes);
  return r;
}

DiskFault Disk::write(std::string_view name, bool default_extension, std::string_view bytes) const {
  auto file = this->file(name, default_extension);
  if (auto* fault = std::get_if<DiskFault>(&file)) return *fault;
  if (folder_.empty()) return DiskFault::kIo;
  const fs::path& path = std::get<fs::path>(file);
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
  if (auto* fault = std::get_if<DiskFault>(&file)) return *fault;
  const fs::path& path = std::get<fs::path>(file);
  std::error_code ec;
  if (folder_.empty() || !fs::is_regular_file(path, ec)) return DiskFault::kNotFound;
  return fs::remove(path, ec) ? DiskFault::kNone : DiskFault::kIo;
}

std::optional<std::uintmax_t> Disk::size(std::string_view name) const {
  auto file = this->file(name, false);
  if (std::holds_alternative<DiskFault>(file) || folder_.empty()) return std::nullopt;
  std::error_code ec;
  const fs::path& path = std::get<fs::path>(file);
  if (!fs::is_regular_file(path, ec)) return std::nullopt;
  std::uintmax_t n = fs::file_size(path, ec);
  return ec ? std::nullopt : std::optional(n);
}

DiskRead Disk::read_at(std::string_view name, std::uintmax_t offset, std::size_t count) const {
  DiskRead r;
  std::optional<std::uintmax_t> n = size(name);
  if (!n) {
    r.fault = DiskFault::kNotFound;
    return r;
  }
  if (offset >= *n || count == 0) return r;
  count = static_cast<std::size_t>(std::min<std::uintmax_t>(count, *n - offset));
  std::ifstream in(std::get<fs::path>(file(name, false)), std::ios::binary);
  in.seekg(static_cast<std::streamoff>(offset));
  r.bytes.resize(count);
  in.read(r.bytes.data(), static_cast<std::streamsize>(count));
  r.bytes.resize(static_cast<std::size_t>(std::max<std::streamsize>(in.gcount(), 0)));
  if (in.bad()) r.fault = DiskFault::kIo;
  return r;
}

DiskFault Disk::write_at(std::string_view name, std::uintmax_t offset,
                         std::string_view bytes) const {
  std::optional<std::uintmax_t> n = size(name);
  if (!n) return DiskFault::kNotFound;
  if (offset + bytes.size() > kMaxFileBytes) return DiskFault::kIo;
  std::fstream out(std::get<fs::path>(file(name, false)),
                   std::ios::binary | std::ios::in | std::ios::out);
  if (!out) return DiskFault::kIo;
  out.seekp(static_cast<std::streamoff>(std::min(offset, *n)));
  if (offset > *n) {  // the gap is NULs, as DOS leaves it
    std::string gap(static_cast<std::size_t>(offset - *n), '\0');
    out.write(gap.data(), static_cast<std::streamsize>(gap.size()));
  }
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  return out ? DiskFault::kNone : DiskFault::kIo;
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
  std::vector<DiskEntry> out;
  std::error_code ec;
  if (folder_.empty() || !fs::is_directory(folder_, ec)) return out;
  for (const fs::directory_entry& e : fs::directory_iterator(folder_, ec)) {
    std::string name = e.path().filename().string();
    if (name.empty() || name[0] == '.' || e.is_symlink(ec)) continue;
    out.push_back({name, e.is_directory(ec)});
  }
  return out;
}

std::optional<std::vector<std::string>> Disk::listing(std::string_view mask) const {
  if (mask.find_first_of("/\\:") != std::string_view::npos) return std::nullopt;
  if (mask.empty()) mask = "*.*";
  std::vector<std::string> out;
  if (mask == "." || mask == "..") {  // PC-BASIC shows the one dot for either
    out.push_back(listing_entry({"", ""}, true));
    return out;
  }
  std::size_t dot = mask.find('.');
  std::string_view trunk_mask = mask.substr(0, dot);
  std::string_view ext_mask = dot == std::string_view::npos ? "" : mask.substr(dot + 1);
  std::vector<std::pair<DosName, bool>> found;  // the name, and whether it is a folder
  std::vector<DiskEntry> all = entries();
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
