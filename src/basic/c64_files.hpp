// The c64 machine's files, as a Commodore 64 with one 1541 disk drive on device 8 has them
// (FACTS.md "C64 files"): the KERNAL's table of logical files (at most 10), its devices
// (0 keyboard, 1 tape, 2 RS-232, 3 screen, 4-31 the serial bus, where only the drive
// answers) and the drive's channels on the machine's disk folder.
//
// C64Drive is the 1541: channels 0-14 hold files, 15 is the command channel; the drive
// outlives the programs that use it (a prompt keeps one for its runs). A file is
// NAME.prg, NAME.seq or NAME.usr in the folder (the 1541's PRG, SEQ and USR types; the
// bytes are the C64's own: PETSCII, CR line ends). A channel opened for writing is
// written to the folder when it is closed. Reading the command channel gives the drive's
// message ("00, OK,00,00" CR; "73,CBM DOS V2.6 1541,00,00" at power-on).
//   C64Drive drive;
//   drive.set_disk(folder);
//   drive.open(2, "DATA,S,W");  drive.write(2, "HI\r");  drive.close(2);  // DATA.seq
//   drive.open(3, "DATA");      drive.read(3);  // {'H', 0}, {'I', 0}, {13, 64}, {199, 66}
//
// C64Files is the KERNAL's side: OPEN, CLOSE, CHKIN (INPUT#, GET#), CHKOUT (PRINT#,
// CMD), CHRIN, CHROUT and the status ST, each with the KERNAL's error for it.
#pragma once

#include <array>
#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "basic/c64_directory.hpp"
#include "basic/disk.hpp"
#include "basic/errors.hpp"

namespace amazing::basic {

class Runtime;
struct Stmt;

// ST's bits: the last byte of a file (EOI), and a read the device did not answer.
inline constexpr int kStatusEnd = 64;
inline constexpr int kStatusTimeout = 2;
// What the C64 reads when no byte comes: its serial port's own state (the ROM's ACPTR
// timeout path returns the port's value).
inline constexpr int kTimeoutByte = 199;

struct C64Byte {
  int value = kTimeoutByte;
  int status = kStatusEnd | kStatusTimeout;
};

class C64Drive {
 public:
  static constexpr int kCommandChannel = 15;
  C64Drive();
  void set_disk(const std::filesystem::path& folder);
  // OPEN's name on channel 0..14 ("[@][0:]NAME[,type[,mode]]"), or a command on 15.
  void open(int channel, std::string_view name);
  // CLOSE: a file being written goes to the folder; closing 15 closes every channel.
  void close(int channel);
  void close_all();
  // The bytes a PRINT# sends (a channel open for writing keeps them; 15 gathers a
  // command), and the end of the PRINT# (the command runs).
  void write(int channel, std::string_view bytes);
  void end_write(int channel);
  // The next byte of a channel; a channel with no file open gives the timeout.
  C64Byte read(int channel);
  // The drive's message as the command channel gives it, without the CR.
  std::string message() const;
  // Every channel forgotten, the message as at power-on (the machine is made again).
  void reset();
  // The KERNAL's LOAD on the drive: the file's bytes (channel 0: `*` is the last program,
  // patterns pick the first match; FACTS.md), or nullopt with the drive's error set.
  std::optional<std::string> load(std::string_view name);
  // The KERNAL's SAVE opening `name` (as c64_open_name leaves it) to write: false, with
  // the drive's error set, when the drive refuses it as it refuses OPEN's (a file there
  // without "@": 63, FILE EXISTS; a pattern: 33). The KERNAL never reads that error: the
  // bytes go nowhere and SAVE ends as if done (the old file stays).
  bool may_save(const std::string& name, bool replace);
  // A program SAVEd under that name: the one `*` loads next.
  void saved(std::string_view name);
  int error() const { return code_; }
  // A drive is there only with a disk folder (RunOptions::disk).
  bool present() const { return !folder_.empty(); }

 private:
  enum class Type : char { kAny = 0, kPrg = 'P', kSeq = 'S', kUsr = 'U', kRel = 'L' };
  // A relative file as the channels open on it share it: its record length, records back
  // to back, the most blocks the disk has room for, and whether it changed.
  struct Relative {
    std::size_t record_length = 0;
    std::string bytes;
    std::size_t limit = 0;
    bool changed = false;
  };
  struct Channel {
    bool open = false, writing = false;
    bool replacing = false;  // "@" over a file there: its entry stays until CLOSE
    std::string name;        // as the folder has it (no extension)
    Type type = Type::kSeq;
    std::string bytes;
    std::size_t old_bytes = 0;  // appending: the file's bytes before
    std::size_t pos = 0;
    std::size_t limit = 0;  // the most bytes the disk has room for
    // A relative file, the record and the byte in it the next read or write is at, and
    // what PRINT# sent for the record.
    std::shared_ptr<Relative> rel;
    std::size_t record = 0, offset = 0;
    std::string pending;
  };
  struct Program {
    std::string name;
    Type type;
  };
  void set_error(int code, int track = 0);
  // Why the drive will not open `name` to write: 33 (a pattern), 63 (there, no "@"), 64
  // ("@" over a relative file); 0 when it will.
  int write_refusal(const std::string& name, bool replace) const;
  void open_directory(Channel& c, int channel, std::string_view request);
  void open_named(Channel& c, int channel, std::string_view typed, Type match);
  void open_read(Channel& c, std::string name, Type type, char mode);
  void open_write(Channel& c, const std::string& name, Type type, bool replace);
  // The folder's files and those the channels are writing (c64_directory.hpp).
  std::vector<C64DiskFile> catalog() const;
  bool active(std::string_view name) const;  // open on a channel (scratch leaves it)
  void open_relative(Channel& c, const std::string& name, std::optional<int> record_length);
  C64Byte read_record(Channel& c);
  void write_record(Channel& c);
  void position(std::string_view command);
  void command(std::string text);
  void scratch(std::string_view names);
  void rename(std::string_view names);
  void copy(std::string_view names);
  // The bytes the disk's free blocks hold, and whether its 144 directory entries are used
  // (a new file is then 72, DISK FULL).
  std::size_t free_bytes() const;
  bool directory_full() const;
  // The folder's file of that name and type (kAny: whichever there is); nullopt: none.
  std::optional<Type> find(std::string_view name, Type type) const;
  const Disk& disk(Type type) const;
  std::array<Channel, kCommandChannel> channels_;
  std::string command_;          // what PRINT# sent to channel 15
  int code_ = 73, track_ = 0;    // the drive's message: its number and track
  std::size_t message_pos_ = 0;  // the command channel's next byte
  std::filesystem::path folder_;
  std::unique_ptr<Disk> prg_, seq_, usr_, rel_;
  std::optional<Program> last_program_;  // the last opened on channel 0 or 1 (prgtrk)
};

class C64Files {
 public:
  static constexpr int kMaxFiles = 10;
  static constexpr int kDrive = 8;
  // The disk folder; `shared`: a drive that outlives this table (the prompt's), else its own.
  void set_disk(const std::filesystem::path& folder, C64Drive* shared = nullptr) {
    shared_ = shared;
    drive().set_disk(folder);
  }
  // OPEN lf, device, sa (nullopt: left out), name: kNone or the KERNAL's error.
  ErrorCode open(int lf, int device, std::optional<int> sa, std::string_view name);
  void close(int lf);
  // CLR, RUN: the table emptied, as the ROM's CLALL does (the drive is not told).
  void forget();
  // CHKIN and CHKOUT: ST cleared, then the file made the input or output; kNone or the
  // KERNAL's error. clear_channels is CLRCHN: the output's device is told the PRINT# ended.
  ErrorCode check_in(int lf);
  ErrorCode check_out(int lf);
  void clear_channels();
  // The output file's device: 3 is the screen (the caller prints there); else put() takes
  // the bytes. -1 when the output is the screen itself. CLOSE of the output file leaves
  // the device the output (the KERNAL's CLOSE $F291 does not touch DFLTO): put() then
  // sends the bytes to no one until CLRCHN.
  int output_device() const { return out_device_; }
  bool output_needs_linefeed() const;  // a logical file number over 127: CR LF
  void put(std::string_view bytes);
  // CHRIN from the input file: the next byte (13 once ST is set, as the KERNAL gives);
  // the keyboard's bytes come from `keys`.
  int get_byte();
  int input_device() const;
  int status() const { return status_; }
  C64Drive& drive() { return shared_ != nullptr ? *shared_ : own_; }
  const C64Drive& drive() const { return shared_ != nullptr ? *shared_ : own_; }

 private:
  struct Entry {
    int lf, device, sa;  // sa as the KERNAL keeps it: OR 0x60, 0xFF when left out
  };
  Entry* find(int lf);
  // Whether a serial device answers: only the drive, when there is a disk.
  bool answers(int device) const { return device == kDrive && drive().present(); }
  std::vector<Entry> table_;
  int in_ = -1, out_ = -1;  // the lf of the input and output files (-1: keyboard/screen)
  int out_device_ = -1;     // DFLTO: the output's device (-1: the screen itself)
  int status_ = 0;
  C64Drive own_;
  C64Drive* shared_ = nullptr;
};

// What the 1541 makes of an OPEN's or a SAVE's name "[@][0:]NAME[,type[,mode]]": the part
// after the replace mark and the drive (open.src: a ':' before any ','); `replace` says
// whether '@' was there. (A name whose first byte is '$' is the directory, looked at
// before this: "0:$" is a file named $.)
std::string c64_open_name(std::string_view typed, bool& replace);

// The statements (statements.cpp's table points here).
void exec_c64_open(Runtime& rt, const Stmt& s);
void exec_c64_close(Runtime& rt, const Stmt& s);
void exec_c64_print_file(Runtime& rt, const Stmt& s);
void exec_c64_cmd(Runtime& rt, const Stmt& s);
void exec_c64_input_file(Runtime& rt, const Stmt& s);
void exec_c64_get(Runtime& rt, const Stmt& s);
// LIST, NEW, CONT, WAIT and SYS in a program (c64_commands.cpp).
void exec_c64_list(Runtime& rt, const Stmt& s);
void exec_c64_new(Runtime& rt, const Stmt& s);
void exec_c64_cont(Runtime& rt, const Stmt& s);
void exec_c64_wait(Runtime& rt, const Stmt& s);
void exec_c64_sys(Runtime& rt, const Stmt& s);

}  // namespace amazing::basic
