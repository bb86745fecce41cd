// The 1541's view of the c64 machine's disk folder: its files as directory entries (the
// catalog), their block counts, the blocks free, and the directory "program" the drive
// sends for LOAD"$",8 or OPEN n,8,0,"$" (FACTS.md "C64 files": the 1541 DOS source,
// github mist64/cbmsrc DOS_1541_05: lstdir.src, trnsfr.src getnam/newdir/msgfre).
//
// A file of the disk is NAME.prg, NAME.seq, NAME.usr or NAME.rel in the folder (NAME upper
// case, 1-16 characters the disk takes). The 1541 stores 254 bytes of a file in a block,
// at least one block a file (a relative file also a side sector for each 120 of its
// blocks); an empty disk has 664 blocks free and room for 144 entries.
// The disk's name and ID are this machine's: "AMAZING" and "78".
//   auto files = c64_catalog(folder);
//   std::string prg = c64_directory_program(files, "0:A*");  // what LOAD"$0:A*",8 loads
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace amazing::basic {

inline constexpr int kC64DiskBlocks = 664;
inline constexpr int kC64BlockBytes = 254;
inline constexpr int kC64SideSectorBlocks = 120;  // the data blocks one side sector lists
inline constexpr std::size_t kC64DirectoryEntries = 144;
inline constexpr std::string_view kC64DiskName = "AMAZING";
inline constexpr std::string_view kC64DiskId = "78";

// The biggest file a 1541's disk holds: all of its 664 blocks. A bigger host file is listed
// with its blocks (the entry's 16 bits) but opening it is 52, FILE TOO LARGE (FACTS.md).
inline constexpr std::uintmax_t kC64DiskBytes = std::uintmax_t{kC64DiskBlocks} * kC64BlockBytes;

struct C64DiskFile {
  std::string name;  // as the folder has it, without the extension
  char type = 'S';   // 'P' PRG, 'S' SEQ, 'U' USR, 'L' REL
  // The host file's size (a relative file's: its record length byte, then the records).
  std::uintmax_t bytes = 0;
  int record_length = 0;  // a relative file's (its host file's first byte)
  bool locked = false;    // the host file is not writable: "<" after the type
  // A channel is writing it (FACTS.md): "*" before the type, listed with the blocks it had
  // (a new file none; one appended to, `appending`, its old count: an empty one 1);
  // `writing` bytes more take blocks. unlisted: an "@" file being written, whose entry
  // comes at CLOSE.
  bool unclosed = false, unlisted = false, appending = false;
  std::uintmax_t writing = 0;
};

// The folder's C64 files in name order (none without a folder).
std::vector<C64DiskFile> c64_catalog(const std::filesystem::path& folder);

// The blocks a file of that many bytes takes: 254 a block, at least one.
std::uintmax_t c64_blocks(std::uintmax_t bytes);
// The blocks a file of the catalog takes (a relative file: its records' and side sectors;
// one being written: with what its channel holds).
std::uintmax_t c64_file_blocks(const C64DiskFile& file);
// 664 less the blocks of the files, 0 when they take more.
int c64_blocks_free(const std::vector<C64DiskFile>& files);

// The 1541's pattern: '?' any one character, '*' the rest of the name.
bool c64_pattern_matches(std::string_view name, std::string_view pattern);
// The first listed file the pattern matches (of that type letter; 0: any), nullptr: none.
const C64DiskFile* c64_first_match(const std::vector<C64DiskFile>& files, std::string_view pattern,
                                   char type = 0);

// The directory as the drive sends it, for what follows the '$' of the name ("", "0",
// "0:A*,B?", ":*=S", "A*"): load address $0401, then BASIC lines linked by $0101 (the
// C64's LOAD relinks them): the header (line 0: RVS ON, the name in quotes padded to 16,
// the ID, "2A"), one line per file the patterns (and a type after '=') select, its block
// count as the line number, and "BLOCKS FREE." with the blocks free; then 00 00. At most
// the first 144 files are listed.
std::string c64_directory_program(const std::vector<C64DiskFile>& files, std::string_view request);

// The directory's blocks as OPEN n,8,2,"$" reads them, a SEQ file (open.src op04): the
// track 18 chain from its sector 0, 254 bytes a block: the BAM (the DOS version 'A', each
// track's free blocks and their bit map, the disk's name and ID), then the directory
// sectors, 8 entries of 32 bytes each (FACTS.md "C64 files" has the layout). The files
// sit on made-up tracks and sectors, laid out in the catalog's order from track 17 down
// and 19 up, so the blocks free the BAM shows are the listing's.
std::string c64_directory_blocks(const std::vector<C64DiskFile>& files);

}  // namespace amazing::basic
