// The pc's file table (files.hpp): numbers, modes, names on the disk, the 0x1A end mark,
// the reading rules PC-BASIC follows, and hostile files (huge, a folder, a link).

#include "basic/files.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "support/files.hpp"

namespace amazing::basic {
namespace {

namespace fs = std::filesystem;
using amazing::test::slurp;
using amazing::test::TempDir;

void put_file(const fs::path& p, const std::string& bytes) {
  std::ofstream(p, std::ios::binary) << bytes;
}

// A disk holding IN.DAT with `bytes`, open for input as #1.
struct InputFile {
  explicit InputFile(const std::string& bytes) {
    put_file(dir.path() / "IN.DAT", bytes);
    files.set_disk(dir.path());
    EXPECT_EQ(files.open(1, 'I', "IN.DAT"), ErrorCode::kNone);
  }
  OpenFile& file() { return *files.get(1); }
  TempDir dir{"amazing-files"};
  FileTable files;
};

TEST(FileTable, WritesAtCloseWithTheEndMark) {
  TempDir dir("amazing-files");
  FileTable files;
  files.set_disk(dir.path());
  ASSERT_EQ(files.open(1, 'O', "out.txt"), ErrorCode::kNone);
  EXPECT_TRUE(fs::exists(dir.path() / "OUT.TXT"));  // made (empty) at OPEN, 8.3 upper case
  OpenFile* f = files.get(1);
  ASSERT_NE(f, nullptr);
  f->printer.print("HI");
  f->printer.comma();
  f->printer.print("X");
  f->printer.end_print();
  EXPECT_EQ(f->lof(), 17u);
  EXPECT_EQ(files.close(1), ErrorCode::kNone);
  EXPECT_EQ(files.get(1), nullptr);
  EXPECT_EQ(slurp(dir.path() / "OUT.TXT"), "HI            X\r\n\x1a");
  // Append cuts the end mark off and goes on after the old text.
  ASSERT_EQ(files.open(2, 'A', "OUT.TXT"), ErrorCode::kNone);
  files.get(2)->printer.print("Y");
  files.close_all();
  EXPECT_EQ(slurp(dir.path() / "OUT.TXT"), "HI            X\r\nY\x1a");
}

TEST(FileTable, NumbersNamesAndModes) {
  TempDir dir("amazing-files");
  FileTable files;
  EXPECT_EQ(files.open(1, 'O', "A.DAT"), ErrorCode::kPathNotFound);  // no disk
  files.set_disk(dir.path());
  EXPECT_EQ(files.open(0, 'O', "A.DAT"), ErrorCode::kBadFileNumber);
  EXPECT_EQ(files.open(FileTable::kMaxFiles + 1, 'O', "A.DAT"), ErrorCode::kBadFileNumber);
  EXPECT_EQ(files.open(1, 'O', ""), ErrorCode::kBadFileNumber);
  EXPECT_EQ(files.open(1, 'I', "NONE.DAT"), ErrorCode::kFileNotFound);
  EXPECT_EQ(files.open(1, 'O', "BAD*.DAT"), ErrorCode::kBadFileName);
  EXPECT_EQ(files.open(1, 'O', "/UP.DAT"), ErrorCode::kBadFileName);    // no host path
  EXPECT_EQ(files.open(1, 'O', "A:UP.DAT"), ErrorCode::kPathNotFound);  // no drive but Z:
  EXPECT_EQ(files.open(1, 'O', "NO\\UP.DAT"), ErrorCode::kPathNotFound);
  EXPECT_EQ(files.open(1, 'O', "COM1:"), ErrorCode::kDeviceUnavailable);
  EXPECT_EQ(files.open(1, 'O', "TOOLONGNAME.DAT"), ErrorCode::kBadFileName);
  ASSERT_EQ(files.open(1, 'O', "A.DAT"), ErrorCode::kNone);
  EXPECT_EQ(files.open(1, 'I', "A.DAT"), ErrorCode::kFileAlreadyOpen);
  EXPECT_EQ(files.open(2, 'A', "a.dat"), ErrorCode::kFileAlreadyOpen);  // the same file
  EXPECT_EQ(files.open(2, 'I', "A.DAT"), ErrorCode::kNone);  // input beside it is allowed
  EXPECT_EQ(files.open(3, 'I', "A.DAT"), ErrorCode::kNone);
  EXPECT_EQ(files.close(7), ErrorCode::kNone);  // not open: nothing
}

TEST(FileTable, ReadsAsPcBasicDoes) {
  InputFile in("A\nB\r\nC\r\rD\x1aHIDDEN");
  OpenFile& f = in.file();
  EXPECT_EQ(f.lof(), 16u);
  EXPECT_EQ(f.loc(), 1u);
  EXPECT_EQ(read_line(f), "A");  // a lone LF ends a line
  EXPECT_EQ(read_line(f), "B");
  EXPECT_EQ(read_line(f), "C");
  EXPECT_EQ(read_line(f), "");
  EXPECT_FALSE(f.eof());
  EXPECT_EQ(read_line(f), "D");
  EXPECT_TRUE(f.eof());  // the 0x1A ends the file
  EXPECT_EQ(read_line(f), std::nullopt);
}

TEST(FileTable, InputItems) {
  InputFile in("  12 , 34 \" q,x \" , abc def  ,,-1.5E3 7\r\n\"a\r\nb\"\r\n");
  OpenFile& f = in.file();
  EXPECT_EQ(read_item(f, false), "12");
  EXPECT_EQ(read_item(f, false), "34");
  EXPECT_EQ(read_item(f, true), " q,x ");
  EXPECT_EQ(read_item(f, true), "abc def");
  EXPECT_EQ(read_item(f, true), "");
  EXPECT_EQ(read_item(f, false), "-1.5E3");  // a blank ends a number
  EXPECT_EQ(read_item(f, false), "7");
  EXPECT_EQ(read_item(f, true), "a\rb");  // inside quotes CR LF reads as CR too
  EXPECT_EQ(read_item(f, true), std::nullopt);
}

TEST(FileTable, LongLinesAndItemsStopAt255) {
  InputFile in(std::string(300, 'Z') + "\r\n");
  EXPECT_EQ(read_line(in.file())->size(), 255u);
  EXPECT_EQ(read_line(in.file())->size(), 45u);
  EXPECT_EQ(in.file().loc(), 3u);  // 302 bytes read: the third 128-byte record
}

TEST(FileTable, HostileFilesAreRefusedNotRead) {
  TempDir dir("amazing-files");
  fs::create_directory(dir.path() / "SUB");
  put_file(dir.path() / "BIG.DAT", std::string(Disk::kMaxFileBytes + 1, 'x'));
  std::error_code ec;
  fs::create_symlink("/dev/zero", dir.path() / "ZERO.DAT", ec);
  FileTable files;
  files.set_disk(dir.path());
  EXPECT_EQ(files.open(1, 'I', "SUB"), ErrorCode::kFileNotFound);
  EXPECT_EQ(files.open(1, 'I', "BIG.DAT"), ErrorCode::kDeviceIoError);
  // Append to a file too big to read refuses it as input does, and leaves it whole
  // (it used to be taken for a missing file and written over, empty).
  EXPECT_EQ(files.open(1, 'A', "BIG.DAT"), ErrorCode::kDeviceIoError);
  EXPECT_EQ(fs::file_size(dir.path() / "BIG.DAT"), Disk::kMaxFileBytes + 1);
  if (!ec) {
    EXPECT_EQ(files.open(1, 'I', "ZERO.DAT"), ErrorCode::kBadFileName);
  }
  // Output past the bound is "Disk full", and what fitted is kept.
  ASSERT_EQ(files.open(1, 'O', "FULL.DAT"), ErrorCode::kNone);
  OpenFile& f = *files.get(1);
  std::string line(200, 'y');
  while (!f.sink.full()) f.printer.print(line);
  EXPECT_LE(f.lof(), Disk::kMaxFileBytes);
}

// PRINT # writes a CR or LF inside an item as that one byte (PC-BASIC), the printer's own
// line end as CR LF; a random file's FIELD buffer gets the same bytes.
TEST(FileTable, ItemLineEndsAreWrittenAsTheyAre) {
  TempDir dir("amazing-files");
  FileTable files;
  files.set_disk(dir.path());
  ASSERT_EQ(files.open(1, 'O', "T.TXT"), ErrorCode::kNone);
  machine::Printer& p = files.get(1)->printer;
  p.print("A\rB");
  p.tab(4);
  p.print("\nC");
  p.end_print();
  files.close(1);
  EXPECT_EQ(slurp(dir.path() / "T.TXT"), "A\rB  \nC\r\n\x1a");
  ASSERT_EQ(files.open(1, 'R', "R.DAT", 8), ErrorCode::kNone);
  files.get(1)->printer.print("D\nE\rF");
  files.get(1)->printer.end_print();
  EXPECT_EQ(files.field(1).substr(0, 7), "D\nE\rF\r\n");
}

// Only a regular file is opened or replaced: a named pipe is never opened for input
// (File not found, at once: opening it would wait for a writer) nor replaced by output,
// append or random (Device I/O error, as PC-BASIC gives for append and random; its
// output waits on the pipe for ever); a folder is File not found in every mode, as in
// PC-BASIC.
TEST(FileTable, PipesAndFoldersAreNeverOpenedNorReplaced) {
  TempDir dir("amazing-files");
  ASSERT_EQ(::mkfifo((dir.path() / "P.DAT").c_str(), 0600), 0);
  fs::create_directory(dir.path() / "SUB.DAT");
  FileTable files;
  files.set_disk(dir.path());
  EXPECT_EQ(files.open(1, 'I', "P.DAT"), ErrorCode::kFileNotFound);
  for (char mode : {'O', 'A', 'R'}) {
    EXPECT_EQ(files.open(1, mode, "P.DAT"), ErrorCode::kDeviceIoError) << mode;
    EXPECT_TRUE(fs::is_fifo(fs::symlink_status(dir.path() / "P.DAT"))) << mode;
  }
  for (char mode : {'I', 'O', 'A', 'R'}) {
    EXPECT_EQ(files.open(1, mode, "SUB.DAT"), ErrorCode::kFileNotFound) << mode;
    EXPECT_TRUE(fs::is_directory(dir.path() / "SUB.DAT")) << mode;
  }
  // A pipe put where an output file was is not replaced at CLOSE either.
  ASSERT_EQ(files.open(1, 'O', "Q.DAT"), ErrorCode::kNone);
  fs::remove(dir.path() / "Q.DAT");
  ASSERT_EQ(::mkfifo((dir.path() / "Q.DAT").c_str(), 0600), 0);
  EXPECT_EQ(files.close(1), ErrorCode::kDeviceIoError);
  EXPECT_TRUE(fs::is_fifo(fs::symlink_status(dir.path() / "Q.DAT")));
}

// Random files: records on the disk at once, NULs past the end, PC-BASIC's handle.
TEST(FileTable, RandomRecordsGoToTheDiskAtOnce) {
  TempDir dir("amazing-files");
  FileTable files;
  files.set_disk(dir.path());
  ASSERT_EQ(files.open(1, 'R', "rec.dat", 4), ErrorCode::kNone);
  EXPECT_TRUE(fs::exists(dir.path() / "REC.DAT"));  // made empty at OPEN
  OpenFile& f = *files.get(1);
  EXPECT_TRUE(f.random());
  EXPECT_FALSE(f.output());
  std::string& field = files.field(1);
  EXPECT_EQ(field, std::string(FileTable::kFieldBytes, '\0'));
  field.replace(0, 6, "ABCDEF");
  EXPECT_EQ(f.put(2, field), ErrorCode::kNone);  // record 2 of an empty file: NULs first
  EXPECT_EQ(slurp(dir.path() / "REC.DAT"), std::string(4, '\0') + "ABCD");
  EXPECT_EQ(f.loc(), 2u);
  EXPECT_EQ(f.lof(), 8u);
  field.replace(0, 4, "WXYZ");
  EXPECT_EQ(f.put(std::nullopt, field), ErrorCode::kNone);  // the next record
  EXPECT_EQ(slurp(dir.path() / "REC.DAT"), std::string(4, '\0') + "ABCDWXYZ");
  // A second number on the same file sees it; GET past the end gives NULs and EOF.
  ASSERT_EQ(files.open(2, 'R', "REC.DAT", 4), ErrorCode::kNone);
  OpenFile& g = *files.get(2);
  EXPECT_EQ(g.get(2, files.field(2)), ErrorCode::kNone);
  EXPECT_EQ(files.field(2).substr(0, 6), std::string("ABCD\0\0", 6));
  EXPECT_FALSE(g.eof());
  EXPECT_EQ(g.get(5, files.field(2)), ErrorCode::kNone);
  EXPECT_EQ(files.field(2).substr(0, 4), std::string(4, '\0'));
  EXPECT_TRUE(g.eof());
  EXPECT_EQ(g.loc(), 5u);
  EXPECT_EQ(files.open(3, 'O', "REC.DAT"), ErrorCode::kFileAlreadyOpen);
  files.close_all();
  EXPECT_EQ(slurp(dir.path() / "REC.DAT").size(), 12u);  // CLOSE adds no end mark
  // The buffers outlive CLOSE; reset_fields clears them and the links.
  EXPECT_EQ(files.field(1).substr(0, 4), "WXYZ");
  files.link(FieldVar{false, 0, -1}, FieldLink{1, 0, 4});
  EXPECT_NE(files.link_of(FieldVar{false, 0, -1}), nullptr);
  files.reset_fields();
  EXPECT_EQ(files.field(1), std::string(FileTable::kFieldBytes, '\0'));
  EXPECT_EQ(files.link_of(FieldVar{false, 0, -1}), nullptr);
}

// PC-BASIC's PUT compares the record's index with the file's length in bytes: a record
// past that goes after the end and that many records of NULs (here record 3 of a 1-byte
// file: 2 - 1 = 1 record of NULs at byte 1, the record at byte 5, not at 8).
TEST(FileTable, RandomPutAfterAShortFile) {
  TempDir dir("amazing-files");
  put_file(dir.path() / "S.DAT", "x");
  FileTable files;
  files.set_disk(dir.path());
  ASSERT_EQ(files.open(1, 'R', "S.DAT", 4), ErrorCode::kNone);
  files.field(1).replace(0, 4, "REC!");
  EXPECT_EQ(files.get(1)->put(3, files.field(1)), ErrorCode::kNone);
  EXPECT_EQ(slurp(dir.path() / "S.DAT"), std::string("x") + std::string(4, '\0') + "REC!");
}

// The FIELD buffer as a text stream (FieldStream, PC-BASIC's FieldFile): writes the bytes
// as they are from the position (the printer's line end is CR LF), FIELD overflow once the
// position reaches the record length, never past the buffer's 128 bytes; GET starts it
// again, PUT does not.
TEST(FileTable, RandomTextWritesIntoTheField) {
  TempDir dir("amazing-files");
  FileTable files;
  files.set_disk(dir.path());
  ASSERT_EQ(files.open(1, 'R', "T.DAT", 6), ErrorCode::kNone);
  OpenFile& f = *files.get(1);
  int overflows = 0;
  f.field.on_overflow = [&overflows] { ++overflows; };
  f.field.put("AB\r\n");
  EXPECT_EQ(files.field(1).substr(0, 5), std::string("AB\r\n\0", 5));
  EXPECT_EQ(overflows, 0);
  EXPECT_EQ(f.put(1, files.field(1)), ErrorCode::kNone);
  f.field.put("CD");  // PUT leaves the position: the sixth byte is written, then overflow
  EXPECT_EQ(files.field(1).substr(0, 7), std::string("AB\r\nCD\0", 7));
  EXPECT_EQ(overflows, 1);
  EXPECT_TRUE(f.field.overflow());
  EXPECT_EQ(f.get(1, files.field(1)), ErrorCode::kNone);
  EXPECT_FALSE(f.field.overflow());
  f.field.put(std::string(200, 'Z'));  // stops at the buffer's end
  EXPECT_EQ(files.field(1), std::string(FileTable::kFieldBytes, 'Z'));
  EXPECT_EQ(overflows, 2);
}

// Reading the FIELD buffer: no LF translation (LINE INPUT # keeps a LF, INPUT # drops one
// outside quotes), a 0x1A stops reading, and the end of the buffer is an empty item (the
// caller raises FIELD overflow). The byte peeked ahead is kept through GET, as PC-BASIC's
// readahead is: after GET it is read first.
TEST(FileTable, RandomTextReadsTheField) {
  TempDir dir("amazing-files");
  FileTable files;
  files.set_disk(dir.path());
  ASSERT_EQ(files.open(1, 'R', "T.DAT", 20), ErrorCode::kNone);
  ASSERT_EQ(files.open(2, 'R', "T.DAT", 20), ErrorCode::kNone);
  auto set = [&files](int n, std::string_view text) {
    files.field(n).replace(0, text.size(), text);
  };
  FieldStream& in = files.get(1)->field;
  set(1, "A\nB\r\n1\n2,\"Q\"\x1a");
  EXPECT_EQ(read_line(in), "A\nB");
  EXPECT_EQ(read_item(in, false, true), "12");
  EXPECT_EQ(read_item(in, true, true), "Q");
  EXPECT_FALSE(in.overflow());
  EXPECT_EQ(read_item(in, true, true), "");  // at the 0x1A: nothing, no overflow
  EXPECT_EQ(read_line(in), std::nullopt);
  EXPECT_FALSE(in.overflow());
  // #2: the NUL after "X" is peeked; after GET it comes first and a quote is plain.
  OpenFile& g = *files.get(2);
  set(2, std::string_view("\"X\" \0\"Y\",", 9));
  EXPECT_EQ(read_item(g.field, true, true), "X");
  EXPECT_EQ(g.get(2, files.field(2)), ErrorCode::kNone);  // past the end: NULs, position 0
  set(2, "\"Z\",");
  EXPECT_EQ(read_item(g.field, true, true), "\"Z\"");
  EXPECT_FALSE(g.field.overflow());
  EXPECT_EQ(read_item(g.field, true, true), "");  // NULs to the buffer's end
  EXPECT_TRUE(g.field.overflow());
}

TEST(FileTable, RandomFilesPastTheBoundAreDiskFull) {
  TempDir dir("amazing-files");
  FileTable files;
  files.set_disk(dir.path());
  ASSERT_EQ(files.open(1, 'R', "R.DAT", 128), ErrorCode::kNone);
  const long last = static_cast<long>(Disk::kMaxFileBytes / 128);
  EXPECT_EQ(files.get(1)->put(last + 1, files.field(1)), ErrorCode::kDiskFull);
  EXPECT_EQ(files.get(1)->lof(), 0u);  // nothing written
  EXPECT_EQ(files.get(1)->put(33554432, files.field(1)), ErrorCode::kDiskFull);
  EXPECT_EQ(files.get(1)->put(last, files.field(1)), ErrorCode::kNone);
  EXPECT_EQ(files.get(1)->lof(), Disk::kMaxFileBytes);
  // GET far past the end reads nothing and is no error.
  EXPECT_EQ(files.get(1)->get(33554432, files.field(1)), ErrorCode::kNone);
  EXPECT_TRUE(files.get(1)->eof());
}

}  // namespace
}  // namespace amazing::basic
