// The 1541's directory: see c64_directory.hpp. The bytes follow the 1541 DOS (mist64/cbmsrc
// DOS_1541_05): stdir (lstdir.src) puts the load address $0401 and $0101 links; newdir
// (trnsfr.src) the header's 25 bytes; getnam (gn10..gn40) each entry's 27 bytes, the name
// moved left as the block count grows; msgfre "BLOCKS FREE." in 25 bytes.

#include "basic/c64_directory.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <fstream>
#include <system_error>

#include "basic/disk.hpp"

namespace amazing::basic {
namespace {

namespace fs = std::filesystem;

// The types as the folder, the listing and a directory entry's type byte (its low bits:
// romtblsf.src typlst) have them.
struct TypeName {
  char letter;
  std::string_view extension, listed;
  unsigned char code;
};
constexpr TypeName kTypes[] = {
    {'P', ".prg", "PRG", 2},
    {'S', ".seq", "SEQ", 1},
    {'U', ".usr", "USR", 3},
    {'L', ".rel", "REL", 4},
};

const TypeName* type_of(char letter) {
  for (const TypeName& t : kTypes) {
    if (t.letter == letter) return &t;
  }
  return nullptr;
}

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
  if (const TypeName* t = type_of(f.type)) text.replace(end - 2, 3, t->listed);
  if (f.unclosed) text[end - 3] = '*';  // gn15..gn20: the entry's closed bit clear
  if (f.locked) text[end + 1] = '<';    // its lock bit ($40)
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

// The blocks an entry shows: a file being written is counted at CLOSE (a new one shows 0,
// one appended to its old count, at least the one block an empty file has).
std::uintmax_t listed_blocks(const C64DiskFile& f) {
  if (!f.unclosed) return c64_file_blocks(f);
  return f.appending ? c64_blocks(f.bytes) : 0;
}

// The files the directory has entries for: at most its 144, none for an unlisted one.
std::vector<const C64DiskFile*> listed(const std::vector<C64DiskFile>& files) {
  std::vector<const C64DiskFile*> out;
  for (const C64DiskFile& f : files) {
    if (!f.unlisted && out.size() < kC64DirectoryEntries) out.push_back(&f);
  }
  return out;
}

// ---- the directory's blocks (the BAM on 18/0, the entries from 18/1) ----

constexpr int kTracks = 35;
constexpr int kDirectoryTrack = 18;
constexpr std::size_t kSectorBytes = 256;
constexpr std::size_t kEntryBytes = 32;
constexpr std::size_t kEntriesPerSector = kSectorBytes / kEntryBytes;
constexpr char kPad = '\xA0';  // a name's and the header's filler (shifted space)

// The sectors on a track: 21 up to 17, 19 up to 24, 18 up to 30, 17 up to 35.
struct Zone {
  int last_track, sectors;
};
constexpr Zone kZones[] = {{17, 21}, {24, 19}, {30, 18}, {35, 17}};
std::size_t sectors_on(int track) {
  for (const Zone& z : kZones) {
    if (track <= z.last_track) return static_cast<std::size_t>(z.sectors);
  }
  return 0;
}
// The directory sectors as the 1541 chains them, three apart.
constexpr unsigned char kDirectorySectors[] = {1,  4,  7,  10, 13, 16, 2,  5,  8,
                                               11, 14, 17, 3,  6,  9,  12, 15, 18};

struct Block {
  unsigned char track = 0, sector = 0;
};

// The disk's blocks, handed out from track 17 down to 1, then 19 up to 35, each track's
// sectors in turn (a made-up layout: the 1541 leaves gaps between a file's blocks).
class BlockMap {
 public:
  BlockMap() {
    for (int t = 1; t <= kTracks; ++t)
      used_[static_cast<std::size_t>(t)].assign(sectors_on(t), false);
  }
  void use(Block b) { used_[b.track][b.sector] = true; }
  // The first of `count` blocks taken; none ({0, 0}) when count is 0 or the disk is full.
  Block take(std::uintmax_t count) {
    Block first;
    for (std::uintmax_t k = 0; k < count; ++k) {
      Block b = take_one();
      if (b.track == 0) break;
      if (k == 0) first = b;
    }
    return first;
  }
  // A track's 4 bytes of the BAM: its free blocks, then a bit a sector (1: free).
  std::string bam_entry(int track) const {
    std::string out(4, '\0');
    const std::vector<bool>& t = used_[static_cast<std::size_t>(track)];
    for (std::size_t sector = 0; sector < t.size(); ++sector) {
      if (t[sector]) continue;
      ++out[0];
      out[1 + sector / 8] = static_cast<char>(out[1 + sector / 8] | (1 << (sector % 8)));
    }
    return out;
  }

 private:
  Block take_one() {
    for (int k = 0; k < kTracks - 1; ++k) {
      const int track = k < kDirectoryTrack - 1 ? kDirectoryTrack - 1 - k : k + 2;
      std::vector<bool>& t = used_[static_cast<std::size_t>(track)];
      for (std::size_t sector = 0; sector < t.size(); ++sector) {
        if (t[sector]) continue;
        t[sector] = true;
        return {static_cast<unsigned char>(track), static_cast<unsigned char>(sector)};
      }
    }
    return {};
  }
  std::array<std::vector<bool>, kTracks + 1> used_;
};

// 18/0: the link to the first directory sector, the DOS version, the BAM, the disk's name
// and ID padded with $A0 (trnsfr.src newdir reads them from here).
std::string bam_sector(const BlockMap& map) {
  std::string out = {static_cast<char>(kDirectoryTrack), 1, 'A', 0};
  for (int t = 1; t <= kTracks; ++t) out += map.bam_entry(t);
  std::string name(kC64DiskName);
  name.resize(18, kPad);
  out += name + std::string(kC64DiskId) + kPad + "2A" + std::string(4, kPad);
  out.resize(kSectorBytes, '\0');
  return out;
}

// An entry's 30 bytes after its sector's link: the type byte ($80 closed, $40 locked), the
// first block, the name padded with $A0, a relative file's side sector and record length,
// and the blocks, low byte first (getnam gn10, opread and addfil read these offsets).
std::string entry_bytes(const C64DiskFile& f, Block first, Block side) {
  std::string out(kEntryBytes - 2, '\0');
  const TypeName* t = type_of(f.type);
  out[0] = static_cast<char>((t ? t->code : 0) | (f.unclosed ? 0 : 0x80) | (f.locked ? 0x40 : 0));
  out[1] = static_cast<char>(first.track);
  out[2] = static_cast<char>(first.sector);
  std::string name = f.name.substr(0, 16);
  name.resize(16, kPad);
  out.replace(3, 16, name);
  if (f.type == 'L') {
    out[19] = static_cast<char>(side.track);
    out[20] = static_cast<char>(side.sector);
    out[21] = static_cast<char>(f.record_length);
  }
  const std::uintmax_t blocks = std::min<std::uintmax_t>(listed_blocks(f), 0xFFFF);
  out[28] = static_cast<char>(blocks & 0xFF);
  out[29] = static_cast<char>(blocks >> 8);
  return out;
}

}  // namespace

const C64DiskFile* c64_first_match(const std::vector<C64DiskFile>& files, std::string_view pattern,
                                   char type) {
  for (const C64DiskFile* f : listed(files)) {
    if ((type == 0 || f->type == type) && c64_pattern_matches(f->name, pattern)) return f;
  }
  return nullptr;
}

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
  if (f.type != 'L') return c64_blocks(f.bytes + f.writing);
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
    C64DiskFile f{stem, type->letter, ec ? 0 : size};
    // A file the host will not let us write is the 1541's locked file (FACTS.md).
    f.locked = (fs::status(*path, ec).permissions() & fs::perms::owner_write) == fs::perms::none;
    if (f.type == 'L') f.record_length = std::max(0, std::ifstream(*path, std::ios::binary).get());
    out.push_back(std::move(f));
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
  for (const C64DiskFile* f : listed(files)) {
    if (!selected(r, *f)) continue;
    std::uintmax_t blocks = listed_blocks(*f);
    put_line(out, blocks, entry_text(*f, blocks));
  }
  std::string free = "BLOCKS FREE.";
  free.resize(25, ' ');
  put_line(out, static_cast<std::uintmax_t>(c64_blocks_free(files)), free);
  out += std::string(2, '\0');
  return out;
}

std::string c64_directory_blocks(const std::vector<C64DiskFile>& files) {
  BlockMap map;
  const std::vector<const C64DiskFile*> entries = listed(files);
  const std::size_t sectors =
      std::max<std::size_t>(1, (entries.size() + kEntriesPerSector - 1) / kEntriesPerSector);
  map.use({kDirectoryTrack, 0});
  for (std::size_t k = 0; k < sectors; ++k) map.use({kDirectoryTrack, kDirectorySectors[k]});
  std::vector<std::string> sector_bytes(sectors, std::string(kSectorBytes, '\0'));
  std::size_t next = 0;  // the entry the next listed file takes
  for (const C64DiskFile& f : files) {
    const bool rel = f.type == 'L';
    const std::uintmax_t data =
        rel ? c64_blocks(f.bytes == 0 ? 0 : f.bytes - 1) : c64_file_blocks(f);
    Block first = map.take(data);
    Block side = map.take(c64_file_blocks(f) - data);
    if (next >= entries.size() || entries[next] != &f) continue;
    sector_bytes[next / kEntriesPerSector].replace(next % kEntriesPerSector * kEntryBytes + 2,
                                                   kEntryBytes - 2, entry_bytes(f, first, side));
    ++next;
  }
  for (std::size_t k = 0; k < sectors; ++k) {  // the links; the last is 00 FF
    const bool last = k + 1 == sectors;
    sector_bytes[k][0] = static_cast<char>(last ? 0 : kDirectoryTrack);
    sector_bytes[k][1] = static_cast<char>(last ? 0xFF : kDirectorySectors[k + 1]);
  }
  // Read as a SEQ file, each block gives its bytes after the link.
  std::string out = bam_sector(map).substr(2);
  for (const std::string& b : sector_bytes) out += b.substr(2);
  return out;
}

}  // namespace amazing::basic
