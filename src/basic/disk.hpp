// Disk: the folder SAVE, LOAD, KILL, MERGE, NAME and FILES use at the prompt, with the machine's
// own file names, kept inside the folder.
//
// pc: GW-BASIC's 8.3 names, upper-cased as DOS keeps them; SAVE, LOAD and RUN add .BAS to
// a name without an extension, KILL does not. The folder is PC-BASIC's drive Z: and a name
// may hold a path in it: "Z:" first (another drive letter: kPathNotFound; a device,
// COM1:, SCRN:, CON: ...: kDeviceUnavailable), folders parted by '\' or '/' ("\" first: from the
// root, else from the current folder CHDIR sets; "." stays, ".." goes up but never above the root),
// each folder an 8.3 name that must be a real folder there (not a link: else
// kPathNotFound). c64: names of 1 to 16 characters, stored as NAME.prg. A name with NUL,
// a control character, another ':' or a wildcard, "." or "..", a DOS device name (CON,
// PRN, AUX, NUL, COM1-4, LPT1-3), or one that is a symbolic link in its folder is refused
// (kBadName): nothing outside the folder is ever read, written or listed.
// Nor is anything but a regular file opened or replaced: a folder under the name reads
// and writes as kNotFound (PC-BASIC's "File not found"), a named pipe, device or socket
// reads as kNotFound and writes as kIo (never waiting on it: files are opened without
// blocking and looked at before they are used).
//   Disk disk(default_disk_folder(), Dialect::kPc);
//   disk.write("HELLO", true, bytes);      // <folder>/HELLO.BAS
//   auto read = disk.read("hello", true);  // the same file
//   disk.rename("HELLO.BAS", "HI.BAS");    // NAME "HELLO.BAS" AS "HI.BAS"
//   for (const DiskEntry& e : disk.entries()) ...  // what FILES lists
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "basic/interpreter.hpp"
#include "machine/user_file.hpp"

namespace amazing::basic {

enum class DiskFault {
  kNone,
  kBadName,            // pc "Bad file name"
  kNotFound,           // pc "File not found"
  kIo,                 // the folder could not be made, or the file not written or removed
  kExists,             // pc "File already exists" (NAME's new name)
  kPathNotFound,       // pc "Path not found": a folder of the path is not there, or a drive
  kDeviceUnavailable,  // pc "Device unavailable": a device (COM1:, SCRN:, CON: ...)
  kBadMode,            // pc "Bad file mode": a device read that only writes, or the reverse
  kBadNumber,          // pc "Bad file number": a device PC-BASIC does not know (CON:)
  kDeviceIo,           // pc "Device I/O error": the line printer (none there)
};

// What an OPEN name stands for (PC-BASIC 2.0.5 -n): a disk file, or a device, named by two
// letters or digits or more before a colon, in any case, whatever follows it ("scrn:x" is SCRN:).
// SCRN: (modes O and R) writes to the screen, KYBD: (I and R) reads the keyboard, LPT1: (I,
// O, A and R) writes to the line printer LPRINT prints on; LPT2:, LPT3:, COM1:, COM2:,
// CAS1: are Device Unavailable, any other device (CON:, AB:) Bad file number, a mode the
// device does not take Bad file mode. A device file holds no bytes here: the statements
// that use it send its text on (gw_files.cpp).
enum class Device { kDisk, kScreen, kKeyboard, kPrinter };

// OPEN's device for `name` in `mode` ('I', 'O', 'A', 'R'): kNone with `device` set, or
// the error that refuses it; nullopt for a disk name (no colon, or a drive letter before
// it).
std::optional<ErrorCode> pc_device(std::string_view name, char mode, Device& device);
// A program or block (LOAD, SAVE, BLOAD, BSAVE ...) read (`write` false) or written whole
// on a device, as Disk::read and Disk::write answer it: the fault, or kNone for the
// screen's invisible writing; nullopt for a disk name.
std::optional<DiskFault> pc_device_fault(std::string_view name, bool write);

// A name in the folder as the host spells it, and whether it is a folder. Hidden names
// (starting with '.') and symbolic links are left out: they are not files of this disk.
struct DiskEntry {
  std::string name;
  bool folder = false;
};

struct DiskRead {
  DiskFault fault = DiskFault::kNone;
  std::string bytes;
};

// A random file Disk::open_random opened: GET and PUT read and write it where it is
// through one descriptor, a system call a record (looking the name up, opening and closing
// the file at each PUT made a record of one byte cost about 200 us). What is written is
// the kernel's at once: nothing waits in a buffer of ours to be lost.
class DiskFile {
 public:
  // The file's size in bytes (nullopt when the system cannot say).
  std::optional<std::uintmax_t> size() const;
  // Up to `count` bytes from `offset` (fewer at the end, none past it).
  DiskRead read_at(std::uintmax_t offset, std::size_t count) const;
  // `bytes` over the file from `offset` (NULs between its end and `offset`); kIo when the
  // system refuses or the file would pass Disk::kMaxFileBytes.
  DiskFault write_at(std::uintmax_t offset, std::string_view bytes) const;

 private:
  friend class Disk;
  explicit DiskFile(machine::Fd fd) : fd_(std::move(fd)) {}
  machine::Fd fd_;
};

class Disk {
 public:
  // The most a file read or written may hold (far more than 64K of BASIC).
  static constexpr std::size_t kMaxFileBytes = 1u << 20;
  // An empty folder: no disk (every read is kNotFound, every write kIo). c64_extension:
  // the c64's files of another type than PRG (".seq", ".usr": c64_files.hpp).
  // Copies share the current folder (the prompt's disk and a run's).
  Disk(std::filesystem::path folder, Dialect dialect, std::string c64_extension = "");

  // The file a typed name means (default_extension: SAVE, LOAD, RUN on the pc), or the
  // fault that refuses it.
  std::variant<std::filesystem::path, DiskFault> file(std::string_view name,
                                                      bool default_extension) const;
  // pc: a device is read and written as OPEN "I" and "O" open it (LOAD, SAVE, MERGE, RUN,
  // CHAIN; PC-BASIC 2.0.5 -n): the screen takes a program written and shows none of it
  // (kNone), the printer is kDeviceIo, a mode the device does not take kBadMode, an
  // unknown device kBadNumber; the keyboard and the printer read (where PC-BASIC waits
  // for ever or ends the run) and the ports kDeviceUnavailable.
  DiskRead read(std::string_view name, bool default_extension) const;
  // Creates the folder when missing; replaces the file whole (written beside it, then
  // renamed).
  DiskFault write(std::string_view name, bool default_extension, std::string_view bytes) const;
  // The same for a path file() gave (CLOSE: the file OPEN found, wherever CHDIR went since).
  DiskFault write_file(const std::filesystem::path& path, std::string_view bytes) const;
  // KILL: kNotFound also for a path not there.
  DiskFault remove(std::string_view name) const;
  // The size of the regular file under the name (nullopt: none there).
  std::optional<std::uintmax_t> size(std::string_view name) const;
  // A random file (files.hpp), held open for reading and writing in place; made empty
  // when missing (and the folder with it).
  std::variant<DiskFile, DiskFault> open_random(std::string_view name) const;
  // NAME's first check, at the prompt and in a program, made before the new name is
  // looked at (PC-BASIC's order): kBadName for a wildcard in `from`, kNotFound when it is
  // no file here (or no name the disk takes), else kNone.
  DiskFault name_source(std::string_view from) const;
  // NAME: the names as given (no .BAS added); kNotFound when `from` is not a file,
  // kExists when `to` is already there.
  DiskFault rename(std::string_view from, std::string_view to) const;
  // MKDIR, RMDIR and CHDIR (pc): folders inside the disk folder only, named as files are,
  // with a path as above (kBadName: a device, a wildcard, an empty name). kMake makes one
  // (kIo when anything is there under the name); kRemove removes an empty one (kNotFound
  // when there is no folder under the name, kIo when it holds anything); kChange makes the
  // folder the current one (kNotFound when none; "\", "..", "Z:" name folders too).
  enum class FolderOp { kMake, kRemove, kChange };
  DiskFault folder_command(FolderOp op, std::string_view name) const;
  // The current folder as FILES heads its listing: "Z:\", "Z:\SUB\A".
  std::string current_name() const;
  // The files and folders of the disk's root, in no particular order; none when there is
  // no disk or the folder does not exist yet.
  std::vector<DiskEntry> entries() const;
  // FILES "mask": the lines PC-BASIC lists for a DOS mask ("*.BAS", "A?.*"; empty: "*.*";
  // '?' is one character, '*' any run; the part before the first dot and the part after
  // are matched apart, so "A*" matches no name with an extension). Each entry is the name
  // padded to 8.3 ("HELLO   .BAS") and "<DIR>" or five blanks; folders first ("." and
  // ".." among them, as PC-BASIC shows them even at the root), each group in name order. A
  // name that is no DOS name is shown clipped as PC-BASIC shows it ("LONGFIL+.TE+"). The
  // mask may hold a path (the folder listed; "SUB\" lists SUB whole); nullopt when the
  // path is no folder there.
  std::optional<std::vector<std::string>> listing(std::string_view mask) const;
  // Bytes free on the host's file system that holds the folder (0 when unknown).
  std::uintmax_t free_bytes() const;
  const std::filesystem::path& folder() const { return folder_; }

 private:
  // A typed name's folder (the disk folder's names below the root) and its last part;
  // `whole`: the last part is a folder too (CHDIR).
  struct Place {
    std::vector<std::string> folders;
    std::string last;
  };
  std::variant<Place, DiskFault> place(std::string_view typed, bool whole) const;
  std::filesystem::path host_folder(const std::vector<std::string>& folders) const;
  std::vector<DiskEntry> entries_in(const std::filesystem::path& folder) const;

  std::filesystem::path folder_;
  Dialect dialect_;
  std::string c64_extension_;
  std::shared_ptr<std::vector<std::string>> current_ = std::make_shared<std::vector<std::string>>();
};

// The user's data folder: $XDG_DATA_HOME/amazing (an absolute XDG_DATA_HOME), else
// $HOME/.local/share/amazing; nullopt without either. The disk and the scripts' saves
// (cli/save_store.hpp) live in it.
std::optional<std::filesystem::path> user_data_folder();

// user_data_folder()/disk, else ./amazing-disk.
std::filesystem::path default_disk_folder();

}  // namespace amazing::basic
