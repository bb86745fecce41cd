// The 1541's directory: see c64_directory.hpp. The bytes follow the 1541 DOS (mist64/cbmsrc
// DOS_1541_05): stdir (lstdir.src) puts the load address $0401 and $0101 links; newdir
// (trnsfr.src) the header's 25 bytes; getnam (gn10..gn40) each entry's 27 bytes, the name
// moved left as the block count grows; msgfre "BLOCKS FREE." in 25 bytes.

#include "basic/c64_directory.hpp"

#include <algorithm>
#include <cctype>
#include <system_error>

#include "basic/disk.hpp"

namespace amazing::basic {
namespace {

namespace fs = std::filesystem;

struct TypeName {
  char letter;
  std::string_view extension, listed;
};
constexpr TypeName kTypes[] = {
    {'P', ".prg", "PRG"},
    {'S', ".seq", "SEQ"},
    {'U', ".usr", "USR"},
    {'L', ".rel", "REL"},
};

std::string upper_case(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

void put_line(std::string& out, std::uintmax_t number, std::string_view text) {
  const unsigned n = static_cast<unsigned>(std::min<std::uintmax_t>(number, 0xFFFF));
  out += "\x01\x01";
  out += static_cast<char>(n & 0xFF);
  out += static_cast<char>(n >> 8);
  out += text;
  out += '\0';
}

// newdir: RVS ON, the name in quotes padded with blanks to 16, the ID, the DOS type.
std::string header_text() {
  std::string name(kC64DiskName);
  name.resize(16, ' ');
  return "\x12\"" + name + "\" " + std::string(kC64DiskId) + " 2A";
}

// getnam: 27 bytes; the type ends at 24, 23 or 22 for a block count of 1, 2 or 3 and more
// digits, the name in quotes 21 to 4 places before it, blanks around.
std::string entry_text(const C64DiskFile& f, std::uintmax_t blocks) {
  std::size_t end = blocks < 10 ? 24 : blocks < 100 ? 23 : 22;
  std::string text(27, ' ');
  std::size_t quote = end - 21;
  text[quote] = '"';
  std::string name = f.name.substr(0, 16);
  text.replace(quote + 1, name.size(), name);
  text[quote + 1 + name.size()] = '"';
  for (const TypeName& t : kTypes) {
    if (t.letter == f.type) text.replace(end - 2, 3, t.listed);
  }
  return text;
}

// "0:A*,B?=P": the patterns (none: every file) and the type letter after '=' (0: any).
struct Request {
  std::vector<std::string> patterns;
  char type = 0;
};
Request parse_request(std::string_view text) {
  Request r;
  if (std::size_t colon = text.find(':'); colon != std::string_view::npos)
    text.remove_prefix(colon + 1);
  else if (text == "0" || text == "1")
    text = {};  // "$0": drive 0, every file
  if (std::size_t eq = text.find('='); eq != std::string_view::npos) {
    if (eq + 1 < text.size())
      r.type = static_cast<char>(std::toupper(static_cast<unsigned char>(text[eq + 1])));
    if (r.type == 'R') r.type = 'L';  // the directory's REL (romtblsf.src typlst)
    text = text.substr(0, eq);
  }
  for (std::size_t start = 0; !text.empty() && start <= text.size();) {
    std::size_t comma = text.find(',', start);
    r.patterns.push_back(upper_case(
        text.substr(start, comma == std::string_view::npos ? text.npos : comma - start)));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return r;
}

bool selected(const Request& r, const C64DiskFile& f) {
  if (r.type != 0 && r.type != f.type) return false;
  if (r.patterns.empty()) return true;
  return std::any_of(r.patterns.begin(), r.patterns.end(),
                     [&](const std::string& p) { return c64_pattern_matches(f.name, p); });
}

}  // namespace

bool c64_pattern_matches(std::string_view name, std::string_view pattern) {
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '*') return true;
    if (i >= name.size() || (pattern[i] != '?' && pattern[i] != name[i])) return false;
  }
  return name.size() == pattern.size();
}

std::uintmax_t c64_blocks(std::uintmax_t bytes) {
  return std::max<std::uintmax_t>(1, (bytes + kC64BlockBytes - 1) / kC64BlockBytes);
}

std::uintmax_t c64_file_blocks(const C64DiskFile& f) {
  if (f.type != 'L') return c64_blocks(f.bytes);
  std::uintmax_t data = c64_blocks(f.bytes == 0 ? 0 : f.bytes - 1);
  return data + (data + kC64SideSectorBlocks - 1) / kC64SideSectorBlocks;
}

int c64_blocks_free(const std::vector<C64DiskFile>& files) {
  std::uintmax_t used = 0;
  for (const C64DiskFile& f : files) used += c64_file_blocks(f);
  return used >= static_cast<std::uintmax_t>(kC64DiskBlocks)
             ? 0
             : kC64DiskBlocks - static_cast<int>(used);
}

std::vector<C64DiskFile> c64_catalog(const fs::path& folder) {
  std::vector<C64DiskFile> out;
  if (folder.empty()) return out;
  for (const DiskEntry& e : Disk(folder, Dialect::kC64).entries()) {
    auto dot = e.name.rfind('.');
    if (e.folder || dot == std::string::npos) continue;
    std::string stem = e.name.substr(0, dot), ext = e.name.substr(dot);
    const TypeName* type = nullptr;
    for (const TypeName& t : kTypes) {
      if (ext == t.extension) type = &t;
    }
    if (type == nullptr || stem != upper_case(stem)) continue;
    auto file = Disk(folder, Dialect::kC64, std::string(type->extension)).file(stem, false);
    auto* path = std::get_if<fs::path>(&file);
    std::error_code ec;
    if (path == nullptr || !fs::is_regular_file(*path, ec)) continue;
    std::uintmax_t size = fs::file_size(*path, ec);
    out.push_back({stem, type->letter, ec ? 0 : size});
  }
  std::sort(out.begin(), out.end(), [](const C64DiskFile& a, const C64DiskFile& b) {
    return a.name != b.name ? a.name < b.name : a.type < b.type;
  });
  return out;
}

std::string c64_directory_program(const std::vector<C64DiskFile>& files, std::string_view request) {
  std::string out = "\x01\x04";
  put_line(out, 0, header_text());
  Request r = parse_request(request);
  const std::size_t listed = std::min(files.size(), kC64DirectoryEntries);
  for (std::size_t k = 0; k < listed; ++k) {
    if (!selected(r, files[k])) continue;
    std::uintmax_t blocks = c64_file_blocks(files[k]);
    put_line(out, blocks, entry_text(files[k], blocks));
  }
  std::string free = "BLOCKS FREE.";
  free.resize(25, ' ');
  put_line(out, static_cast<std::uintmax_t>(c64_blocks_free(files)), free);
  out += std::string(2, '\0');
  return out;
}

}  // namespace amazing::basic
