// FileTable: GW-BASIC's (the pc's) sequential files, as PC-BASIC 2.0.5 keeps them, on the
// machine's disk folder (disk.hpp: 8.3 names upper-cased, nothing outside the folder).
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
#pragma once

#include <array>
#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "basic/disk.hpp"
#include "basic/errors.hpp"
#include "machine/output.hpp"
#include "machine/printer.hpp"

namespace amazing::basic {

// What PRINT # and WRITE # write: a line end is CR LF, as in a DOS text file; past
// `limit` bytes nothing more is taken and full() turns true ("Disk full").
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

struct OpenFile {
  static constexpr int kEnd = -1;  // what the reads give at the file's end
  char mode = 'I';                 // 'I' input, 'O' output, 'A' append
  std::filesystem::path path;
  // Input: the file's bytes, where reading stops (the first 0x1A) and the next byte to
  // read (LOC counts these bytes, line ends as they are on the disk).
  std::string bytes;
  std::size_t end = 0, pos = 0;
  // Output and append: what is written (the old text first when appending), through a
  // printer of unlimited width (PC-BASIC's file width 255).
  FileSink sink{Disk::kMaxFileBytes - 1};  // and the end mark
  machine::Printer printer{sink, 0};

  bool output() const { return mode != 'I'; }
  // EOF(n): the next byte is the end (or 0x1A); never for an output file.
  bool eof() const { return !output() && pos >= end; }
  // LOF(n): the bytes in the file. LOC(n): 128-byte records read (at least 1) or written.
  std::size_t lof() const { return output() ? sink.bytes().size() : bytes.size(); }
  std::size_t loc() const;

  // The next character (a line end, CR LF or LF, as CR), kEnd at the end; read() takes it.
  int peek() const;
  int read();
  // LINE INPUT #: up to a CR (not kept) or 255 characters; nullopt at the file's end
  // ("Input past end").
  std::optional<std::string> read_line();
  // INPUT #: the next item for a string (`string`) or a number: skips blanks, takes a
  // quoted string whole, ends at a comma or CR (for a number also a blank); nullopt at the
  // file's end ("Input past end").
  std::optional<std::string> read_item(bool string);
};

class FileTable {
 public:
  static constexpr int kMaxFiles = 3;
  FileTable() = default;
  FileTable(const FileTable&) = delete;
  FileTable& operator=(const FileTable&) = delete;
  ~FileTable() { close_all(); }

  // The disk the files are on (empty: none; OPEN is "Path not found").
  void set_disk(const std::filesystem::path& folder);
  // OPEN mode, #number, name, number already 0..255 and mode one of I O A: kNone or the
  // error PC-BASIC raises (Bad file number, File already open, Bad file name, File not
  // found, Path not found, Device I/O error).
  ErrorCode open(int number, char mode, std::string_view name);
  // The open file numbered `number`; nullptr when none is.
  OpenFile* get(int number);
  // Writes an output file to the disk; nothing for a number not open. kNone, or Device
  // I/O error when the disk would not take it (the file is closed all the same).
  ErrorCode close(int number);
  ErrorCode close_all();

 private:
  std::unique_ptr<Disk> disk_;
  std::array<std::unique_ptr<OpenFile>, kMaxFiles + 1> files_;
};

}  // namespace amazing::basic
