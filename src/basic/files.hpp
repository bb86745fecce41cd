// FileTable: GW-BASIC's (the pc's) sequential and random files, as PC-BASIC 2.0.5 keeps
// them, on the machine's disk folder (disk.hpp: 8.3 names upper-cased, nothing outside the
// folder).
//
// Numbers 1..kMaxFiles (PC-BASIC's default of 3 files). An input file is read whole when
// it is opened (at most Disk::kMaxFileBytes); an output or append file is held here and
// written at CLOSE (END, RUN, and when the interpreter goes) with the 0x1A DOS end mark
// PC-BASIC writes; OPEN "O" makes the file empty on the disk at once. Reading follows
// PC-BASIC: a 0x1A ends the file, CR LF reads as one CR and so does a lone LF, even
// inside quotes.
//   FileTable files;
//   files.set_disk(folder);
//   files.open(1, 'O', "OUT.TXT");   // ErrorCode::kNone, or the error OPEN raises
//   files.get(1)->printer.print("HI"); files.get(1)->printer.end_print();
//   files.close(1);                  // OUT.TXT holds "HI\r\n\x1a"
//
// A random file (mode 'R') is read and written on the disk record by record (GET, PUT),
// through the FIELD buffer of its number: each number 1..kMaxFiles has one of kFieldBytes
// (PC-BASIC's largest record), kept from OPEN to OPEN and zeroed only by reset_fields
// (CLEAR, RUN, NEW). FIELD links string variables to parts of a buffer; the interpreter
// keeps their values equal to those parts (gw_files.cpp) until one is assigned anew.
#pragma once

#include <array>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "basic/disk.hpp"
#include "basic/errors.hpp"
#include "machine/output.hpp"
#include "machine/printer.hpp"

namespace amazing::basic {

// Where the text reading rules (read_line, read_item: PC-BASIC's TextFile and its INPUT #
// entry reader) take their bytes from: a sequential file (OpenFile) or a random file's
// FIELD buffer (FieldStream). peek() shows the next byte without taking it (kEnd at the
// end), read_one() takes it (CR LF as one CR), read_raw() takes it as it is (inside
// quotes), previous() is the byte taken before the last one.
class TextSource {
 public:
  static constexpr int kEnd = -1;
  virtual int peek() = 0;
  virtual int read_one() = 0;
  virtual int read_raw() = 0;
  virtual int previous() const = 0;

 protected:
  ~TextSource() = default;
};

// LINE INPUT #: up to a CR (not kept; one right after a LF is kept) or 255 characters;
// nullopt when the end comes first ("Input past end").
std::optional<std::string> read_line(TextSource& in);
// INPUT #: the next item for a string (`string`) or a number: skips blanks, NULs and LFs,
// takes a quoted string whole, ends at a comma or CR (for a number also a blank); NULs are
// dropped, a LF outside quotes too. nullopt at the end ("Input past end") unless
// past_end_ok (a FIELD buffer: the item is then empty).
std::optional<std::string> read_item(TextSource& in, bool string, bool past_end_ok = false);

// A random file's FIELD buffer as a text stream (PC-BASIC's FieldFile): PRINT # and
// WRITE # write into it, INPUT # and LINE INPUT # read from it, from one position that
// OPEN and GET set to 0 (PUT leaves it). Bytes are read as they are (no LF translation;
// CR LF reads as one CR unless a LF came just before), a 0x1A stops reading. Reading
// peeks one byte ahead and keeps that copy until it is read, even through GET (PC-BASIC's
// readahead: after GET the old byte comes first). After a read or write whose position
// (less the byte kept ahead) reaches the record length, FIELD overflow; a write stops at
// the buffer's 128th byte. As an OutputSink (the file's printer, which writes its line
// ends as CR LF) it takes the bytes as they are and calls on_overflow at each overflow.
class FieldStream final : public TextSource, public machine::OutputSink {
 public:
  void attach(std::string* buffer, std::size_t record_length) {
    buffer_ = buffer;
    length_ = record_length;
  }
  int peek() override;
  int read_one() override;
  int read_raw() override { return read(); }
  int previous() const override { return previous_; }
  void put(std::string_view text) override;
  // The read or write so far reached the record length.
  bool overflow() const;
  void rewind() { at_ = 0; }  // GET
  std::function<void()> on_overflow;

 private:
  int read();
  std::string* buffer_ = nullptr;
  std::size_t length_ = 128;
  std::size_t at_ = 0;  // the next byte the stream takes from the buffer
  std::string ahead_;   // taken from the buffer, not yet read
  int previous_ = kEnd, current_ = kEnd;
};

// What PRINT # and WRITE # write, byte for byte (the file's printer writes a line end as
// CR LF, as in a DOS text file); past `limit` bytes nothing more is taken and full() turns
// true ("Disk full").
class FileSink : public machine::OutputSink {
 public:
  explicit FileSink(std::size_t limit) : limit_(limit) {}
  void put(std::string_view text) override;
  std::string& bytes() { return bytes_; }
  const std::string& bytes() const { return bytes_; }
  bool full() const { return full_; }

 private:
  std::string bytes_;
  std::size_t limit_;
  bool full_ = false;
};

// A sequential file's reading side is a TextSource over `bytes` (a lone LF reads as CR,
// as PC-BASIC's newline translation makes it); a random file's text goes to `field`.
// LOCK's records first..last (as given: a range given backwards meets no other); {0, 0}
// the whole file. Records go up to kMaxLockRecord (PC-BASIC's 2^25 - 2).
struct RecordRange {
  long first = 0, last = 0;
  bool whole() const { return first == 0; }
  bool operator==(const RecordRange&) const = default;
};
inline constexpr long kMaxLockRecord = (1L << 25) - 2;
inline constexpr std::size_t kMaxLocks = 4096;  // a file's locks, bounded (Out of memory)

struct OpenFile final : TextSource {
  char mode = 'I';  // 'I' input, 'O' output, 'A' append, 'R' random
  Device device = Device::kDisk;
  std::filesystem::path path;
  // Input: the file's bytes, where reading stops (the first 0x1A) and the next byte to
  // read (LOC counts these bytes, line ends as they are on the disk).
  std::string bytes;
  std::size_t end = 0, pos = 0;
  // Output and append: what is written (the old text first when appending), through a
  // printer by the file rules (printer.hpp), of unlimited width until a WIDTH # (PC-BASIC's
  // file width 255).
  FileSink sink{Disk::kMaxFileBytes - 1};  // and the end mark
  machine::Printer printer{sink, machine::Printer::kFileWidth, machine::Rules::kPc,
                           machine::Printer::Medium::kFile};

  // Random: the record length (OPEN's LEN, 1..128), the records before the handle (LOC:
  // the last one GET or PUT took), where the file's handle is (PC-BASIC's: a GET at the
  // end leaves it, a short GET stops it at the end) and the file, held open.
  std::size_t record_length = 128;
  long record = 0;
  std::uintmax_t at = 0;
  std::optional<DiskFile> handle;
  FieldStream field;  // PRINT #, WRITE #, INPUT #, LINE INPUT # on a random file
  std::vector<RecordRange> locks;  // LOCK's, held until UNLOCK or CLOSE

  bool output() const { return mode == 'O' || mode == 'A'; }
  bool random() const { return mode == 'R'; }
  // EOF(n): the next byte is the end (or 0x1A); never for an output file. Random: the
  // last GET began past the file's end (record * length > LOF).
  bool eof() const;
  // LOF(n): the bytes in the file. LOC(n): 128-byte records read (at least 1) or written;
  // random: `record`.
  std::uintmax_t lof() const;
  std::size_t loc() const;
  // GET: record n (nullopt: the next) into the first record_length bytes of `buffer`, NULs
  // past the file's end; the text stream (`field`) starts again at its byte 0. PUT: those
  // bytes to record n, as PC-BASIC writes them: a record whose index (n - 1) is past the
  // file's length in bytes is written after the end and that many records of NULs (which
  // is where it belongs only for an empty file); the text stream stays where it is.
  // kNone, Disk full past Disk::kMaxFileBytes, or Device I/O error.
  ErrorCode get(std::optional<long> n, std::string& buffer);
  ErrorCode put(std::optional<long> n, const std::string& buffer);

  // The next character (a line end, CR LF or LF, as CR), kEnd at the end; read_one()
  // takes it.
  int peek() override;
  int read_one() override;
  int read_raw() override { return read_one(); }
  int previous() const override { return kEnd; }  // never a LF
  // One byte, a LF as CR (INPUT$: CR LF reads as CR CR, PC-BASIC 2.0.5); kEnd at the end.
  int read_byte() {
    const int c = peek();
    if (c != kEnd) ++pos;
    return c;
  }
};

// A string variable FIELD links: a scalar's slot (index -1) or an array element's.
struct FieldVar {
  bool array = false;
  int slot = 0;
  long index = -1;
  auto operator<=>(const FieldVar&) const = default;
};
// Its part of a FIELD buffer.
struct FieldLink {
  int number = 0;
  std::size_t offset = 0, width = 0;
};

class FileTable {
 public:
  static constexpr int kMaxFiles = 3;
  static constexpr std::size_t kFieldBytes = 128;
  FileTable() { reset_fields(); }
  FileTable(const FileTable&) = delete;
  FileTable& operator=(const FileTable&) = delete;
  ~FileTable() { close_all(); }

  // The disk the files are on (empty: none; OPEN is "Path not found").
  void set_disk(const std::filesystem::path& folder);
  // That disk, its current folder shared with `disk` (the prompt's: CHDIR in a run holds
  // after it).
  void set_disk(const Disk& disk);
  // OPEN mode, #number, name, number already 0..255 and mode one of I O A R: kNone or the
  // error PC-BASIC raises (Bad file number, File already open, Bad file name, File not
  // found, Path not found, Device I/O error; a device's errors: Device above). Random: a
  // missing file is made empty; record_length is 1..128.
  ErrorCode open(int number, char mode, std::string_view name, std::size_t record_length = 128);
  // KILL "F" in a program, as the prompt's KILL (Disk::remove), and File already open
  // for a file open here (PC-BASIC's answer).
  ErrorCode kill(std::string_view name) const;
  // BSAVE's file and BLOAD's (.BAS added to a name without an extension, as SAVE): the
  // bytes written whole (File already open while an output file has the name), or read.
  ErrorCode save_block(std::string_view name, std::string_view bytes) const;
  ErrorCode load_block(std::string_view name, std::string& bytes) const;
  // NAME "A" AS "B" in a program, as the prompt's NAME (Disk::rename), and File already
  // open for either name open here (PC-BASIC). rename_source: the old name's checks alone,
  // which PC-BASIC makes before it reads the rest of the statement.
  ErrorCode rename(std::string_view from, std::string_view to) const;
  ErrorCode rename_source(std::string_view from) const;
  // LOCK (unlock false) and UNLOCK of file `number`'s records (PC-BASIC's rules): not a
  // disk file, Permission denied; a file not random locks the whole file whatever the
  // range. LOCK: Permission denied when a lock of any file open on the same disk file
  // covers the range's first or last record, or either is the whole file. UNLOCK:
  // Permission denied unless this file holds exactly that range.
  ErrorCode lock(int number, RecordRange range, bool unlock);
  // MKDIR, RMDIR, CHDIR in a program (Disk::folder_command): Path not found for a folder
  // not there, Path/File access error for one that cannot be made, removed or entered.
  ErrorCode folder(Disk::FolderOp op, std::string_view name) const;
  // The disk (nullptr: none).
  const Disk* disk() const { return disk_.get(); }
  // The open file numbered `number`; nullptr when none is.
  OpenFile* get(int number);
  // Writes an output file to the disk; nothing for a number not open. kNone, or Device
  // I/O error when the disk would not take it (the file is closed all the same).
  ErrorCode close(int number);
  ErrorCode close_all();
  // CHAIN, RUN "F",R: the open files of `other` (closed here first), which has none after.
  void take_files(FileTable& other) {
    close_all();
    files_ = std::move(other.files_);
  }

  // FIELD buffer `number` (1..kMaxFiles), kFieldBytes long.
  std::string& field(int number) { return fields_[static_cast<std::size_t>(number)]; }
  // FIELD's links: a variable is linked to one part at most; assigning it (unlink) or
  // ERASE of its array (unlink_array) ends the link.
  void link(const FieldVar& var, const FieldLink& part) { links_[var] = part; }
  std::optional<FieldLink> unlink(const FieldVar& var);
  void unlink_array(int slot);
  const FieldLink* link_of(const FieldVar& var) const;
  const std::map<FieldVar, FieldLink>& links() const { return links_; }
  // Every buffer NULs and no links (CLEAR, RUN, NEW: the variables are gone).
  void reset_fields();

 private:
  // A file open here under the name (disk_ set).
  bool open_here(std::string_view name) const;

  std::shared_ptr<Disk> disk_;
  std::array<std::unique_ptr<OpenFile>, kMaxFiles + 1> files_;
  std::array<std::string, kMaxFiles + 1> fields_;
  std::map<FieldVar, FieldLink> links_;
};

// FILES ["mask"] at the prompt and in a program: Z:\ , the disk's names as PC-BASIC
// lists them (Disk::listing), as many to a row as 20 columns go into the width, and the
// bytes free. Bad file name for an empty mask (nullopt: none given, every name); Device
// Unavailable for a device (SCRN:, COM1:, CON: ...); File not found for a path, for no
// disk, or (after the Z: line) when nothing matches.
ErrorCode list_files(const Disk* disk, std::optional<std::string_view> mask, machine::Printer& out);

// SWAP of two string variables: their FIELD links, taken before and given back crossed.
struct FieldSwap {
  std::optional<FieldVar> a, b;
  std::optional<FieldLink> a_link, b_link;
};

}  // namespace amazing::basic
