// Disk: see disk.hpp.

#include "basic/disk.hpp"

#include <array>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <system_error>

namespace amazing::basic {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxFileBytes = 1u << 20;  // far more than 64K of BASIC

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
  if (dot == std::string::npos && default_extension) return base + ".BAS";
  return name;
}

// The C64: 1-16 characters, the C64's own (upper-case) letters; stored as NAME.prg.
std::variant<std::string, DiskFault> c64_name(std::string_view typed) {
  std::string name = upper(typed);
  if (name.empty() || name.size() > 16 || name == "." || name == "..") return DiskFault::kBadName;
  for (char c : name) {
    if (forbidden(c)) return DiskFault::kBadName;
  }
  return name + ".prg";
}

}  // namespace

Disk::Disk(std::filesystem::path folder, Dialect dialect)
    : folder_(std::move(folder)), dialect_(dialect) {}

std::variant<fs::path, DiskFault> Disk::file(std::string_view name, bool default_extension) const {
  auto made = dialect_ == Dialect::kC64 ? c64_name(name) : pc_name(name, default_extension);
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

fs::path default_disk_folder() {
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg != nullptr && *xdg == '/')
    return fs::path(xdg) / "amazing" / "disk";
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0')
    return fs::path(home) / ".local" / "share" / "amazing" / "disk";
  return fs::path("amazing-disk");
}

}  // namespace amazing::basic
