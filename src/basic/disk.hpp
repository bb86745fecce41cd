// Disk: the folder SAVE, LOAD and KILL use at the prompt, with the machine's own file
// names, kept inside the folder.
//
// pc: GW-BASIC's 8.3 names, upper-cased as DOS keeps them; SAVE, LOAD and RUN add .BAS to
// a name without an extension, KILL does not. c64: names of 1 to 16 characters, stored as
// NAME.prg. A name with '/', '\', NUL, a control character, ':' or a wildcard, "." or "..",
// a DOS device name (CON, PRN, AUX, NUL, COM1-4, LPT1-3), or one that is a symbolic link
// in the folder is refused (kBadName): nothing outside the folder is ever read or written.
//   Disk disk(default_disk_folder(), Dialect::kPc);
//   disk.write("HELLO", true, bytes);      // <folder>/HELLO.BAS
//   auto read = disk.read("hello", true);  // the same file
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <variant>

#include "basic/interpreter.hpp"

namespace amazing::basic {

enum class DiskFault {
  kNone,
  kBadName,   // pc "Bad file name"
  kNotFound,  // pc "File not found"
  kIo,        // the folder could not be made, or the file not written or removed
};

struct DiskRead {
  DiskFault fault = DiskFault::kNone;
  std::string bytes;
};

class Disk {
 public:
  // An empty folder: no disk (every read is kNotFound, every write kIo).
  Disk(std::filesystem::path folder, Dialect dialect);

  // The file a typed name means (default_extension: SAVE, LOAD, RUN on the pc), or the
  // fault that refuses it.
  std::variant<std::filesystem::path, DiskFault> file(std::string_view name,
                                                      bool default_extension) const;
  DiskRead read(std::string_view name, bool default_extension) const;
  // Creates the folder when missing; replaces the file whole (written beside it, then
  // renamed).
  DiskFault write(std::string_view name, bool default_extension, std::string_view bytes) const;
  DiskFault remove(std::string_view name) const;
  const std::filesystem::path& folder() const { return folder_; }

 private:
  std::filesystem::path folder_;
  Dialect dialect_;
};

// $XDG_DATA_HOME/amazing/disk, else $HOME/.local/share/amazing/disk, else ./amazing-disk.
std::filesystem::path default_disk_folder();

}  // namespace amazing::basic
