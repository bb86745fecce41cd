// The c64 machine's files where a real C64 with a 1541 differs from cbmbasic, the
// recorder of c64_programs/files_*.bas (whose KERNAL ignores the device, takes the whole
// name as a host file and keeps 16 files): each fact's source is in src/basic/FACTS.md
// ("C64 files"): the ROM's own code (mist64/c64ref, Marko Makela's commented disassembly)
// and the 1541's manual.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "basic/c64_files.hpp"
#include "basic/run.hpp"
#include "support/files.hpp"

namespace amazing::basic {
namespace {

namespace fs = std::filesystem;
using amazing::test::slurp;

// The C64's cursor-right after a number printed on the screen.
const std::string R = "\x1b[C";

class C64Files : public ::testing::Test {
 protected:
  void SetUp() override {
    disk_ = fs::temp_directory_path() /
            ("amazing-c64-files-" +
             std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(disk_);
    fs::create_directories(disk_);
  }
  void TearDown() override { fs::remove_all(disk_); }
  std::string run(const std::string& listing, std::vector<std::string> input = {}) {
    BatchOptions o;
    o.dialect = Dialect::kC64;
    o.input = std::move(input);
    o.max_steps = 1'000'000;
    o.disk = disk_;
    return run_batch(listing, o).output;
  }
  bool exists(const std::string& name) const { return fs::exists(disk_ / name); }
  std::string file(const std::string& name) const { return slurp(disk_ / name); }
  fs::path disk_;
};

// The 1541's file types are the host's extensions; sa 1 writes a PRG, ",S,W" a SEQ, and
// the bytes are the C64's (PETSCII as printed, CR line ends, a blank after a number).
TEST_F(C64Files, WrittenFilesAreTheDrivesTypesWithTheC64sBytes) {
  run("10 OPEN 1,8,1,\"PROG\":PRINT#1,\"HI\";7:CLOSE 1\n"
      "20 OPEN 2,8,2,\"TEXT,S,W\":PRINT#2,\"A\";\"B\":PRINT#2,-1.5:CLOSE 2\n"
      "30 OPEN 3,8,3,\"MINE,U,W\":PRINT#3,\"U\":CLOSE 3\n");
  EXPECT_EQ(file("PROG.prg"), "HI 7 \r");
  EXPECT_EQ(file("TEXT.seq"), "AB\r-1.5 \r");
  EXPECT_EQ(file("MINE.usr"), "U\r");
}

// A logical file number of 128 or more ends each PRINT# with CR LF ($AADC).
TEST_F(C64Files, ALogicalFileOver127EndsLinesWithCrLf) {
  run("10 OPEN 130,8,2,\"T,S,W\":PRINT#130,\"X\":CLOSE 130\n");
  EXPECT_EQ(file("T.seq"), "X\r\n");
}

// The command channel: the 1541's message at power-on, "00, OK" once read, and the
// drive's errors, which BASIC itself never reports for OPEN ($F3D5 sends the name and
// checks only that the device answers).
TEST_F(C64Files, TheCommandChannelGivesTheDrivesMessages) {
  EXPECT_EQ(run("10 OPEN 15,8,15\n"
                "20 INPUT#15,E,E$,T,S:PRINT E;E$;T;S\n"
                "30 INPUT#15,E,E$,T,S:PRINT E;E$;T;S\n"
                "40 OPEN 2,8,2,\"NOPE\":INPUT#15,E,E$,T,S:PRINT E;E$;T;S\n"
                "50 GET#2,A$:PRINT ASC(A$);ST\n"),
            " 73" + R + "CBM DOS V2.6 1541 0" + R + " 0" + R + "\n" +   //
                " 0" + R + "OK 0" + R + " 0" + R + "\n" +               //
                " 62" + R + "FILE NOT FOUND 0" + R + " 0" + R + "\n" +  //
                " 199" + R + " 66" + R + "\n");
}

// Reading the command channel byte by byte: the message, CR with ST 64.
TEST_F(C64Files, TheCommandChannelsLastByteSetsSt64) {
  EXPECT_EQ(run("10 OPEN 15,8,15,\"I\"\n"
                "20 GET#15,A$:PRINT A$;:IF ST=0 THEN 20\n"
                "30 PRINT ST\n"),
            "00, OK,00,00\n 64" + R + "\n");
}

// Writing a name that is there is 63, FILE EXISTS (nothing written); "@0:" replaces it,
// whatever its type; reading it with another type is 64, FILE TYPE MISMATCH.
TEST_F(C64Files, ANameThereIsFileExistsUnlessReplaced) {
  EXPECT_EQ(run("10 OPEN 15,8,15\n"
                "20 OPEN 1,8,1,\"D\":PRINT#1,\"OLD\":CLOSE 1\n"
                "30 OPEN 1,8,2,\"D,S,W\":PRINT#1,\"NEW\":CLOSE 1\n"
                "40 INPUT#15,E,E$:PRINT E;E$\n"
                "50 OPEN 1,8,2,\"D,S,R\":INPUT#15,E,E$:PRINT E;E$:CLOSE 1\n"
                "60 OPEN 1,8,2,\"@0:D,S,W\":PRINT#1,\"NEW\":CLOSE 1\n"
                "70 INPUT#15,E,E$:PRINT E;E$\n"),
            " 63" + R + "FILE EXISTS\n 64" + R + "FILE TYPE MISMATCH\n 0" + R + "OK\n");
  EXPECT_FALSE(exists("D.prg"));
  EXPECT_EQ(file("D.seq"), "NEW\r");
}

// S0:NAME scratches (patterns too) and says how many files went.
TEST_F(C64Files, ScratchRemovesFiles) {
  EXPECT_EQ(run("10 OPEN 1,8,1,\"AB\":CLOSE 1:OPEN 1,8,1,\"AC\":CLOSE 1:OPEN 1,8,1,\"X\":CLOSE 1\n"
                "20 OPEN 15,8,15,\"S0:A*\":INPUT#15,E,E$,T:PRINT E;E$;T\n"
                "30 PRINT#15,\"S0:NONE\":INPUT#15,E,E$,T:PRINT E;E$;T\n"),
            " 1" + R + "FILES SCRATCHED 2" + R + "\n 1" + R + "FILES SCRATCHED 0" + R + "\n");
  EXPECT_FALSE(exists("AB.prg"));
  EXPECT_FALSE(exists("AC.prg"));
  EXPECT_TRUE(exists("X.prg"));
}

// The KERNAL keeps 10 logical files ($F35B); cbmbasic keeps 16.
TEST_F(C64Files, TheEleventhFileIsTooManyFiles) {
  EXPECT_EQ(run("10 FOR I=1 TO 11:OPEN I,3:PRINT I;:NEXT\n"),
            " 1" + R + " 2" + R + " 3" + R + " 4" + R + " 5" + R + " 6" + R + " 7" + R + " 8" + R +
                " 9" + R + " 10" + R + "\n?TOO MANY FILES  ERROR IN 10");
}

// Only the drive is on the bus: a name sent to device 4 is ?DEVICE NOT PRESENT, and the
// file stays in the table ($F362 counts it first), so opening it again is ?FILE OPEN.
// With no name nothing is sent: the OPEN works and PRINT# fails (CHKOUT, $F28A).
TEST_F(C64Files, AbsentDevicesAreNotPresent) {
  EXPECT_EQ(run("10 OPEN 4,4,0,\"X\"\n"), "\n?DEVICE NOT PRESENT  ERROR IN 10");
  EXPECT_EQ(run("10 OPEN 1,9,2,\"X\"\n"), "\n?DEVICE NOT PRESENT  ERROR IN 10");
  EXPECT_EQ(run("10 OPEN 4,4:PRINT \"OK\":PRINT#4,\"X\"\n"),
            "OK\n\n?DEVICE NOT PRESENT  ERROR IN 10");
  // With no disk folder (RunOptions::disk empty) the drive is not there either.
  BatchOptions o;
  o.dialect = Dialect::kC64;
  EXPECT_EQ(run_batch("10 OPEN 1,8,1,\"X\"\n", o).output, "\n?DEVICE NOT PRESENT  ERROR IN 10");
}

// Logical file 0 is ?NOT INPUT FILE ($F34E); the keyboard is no output (?NOT OUTPUT
// FILE); a file not open is ?FILE NOT OPEN; CLOSE of one is no error.
TEST_F(C64Files, TheKernalsOwnErrors) {
  EXPECT_EQ(run("10 OPEN 0,8,15\n"), "\n?NOT INPUT FILE  ERROR IN 10");
  EXPECT_EQ(run("10 OPEN 1,0:PRINT#1,\"X\"\n"), "\n?NOT OUTPUT FILE  ERROR IN 10");
  EXPECT_EQ(run("10 CLOSE 7:INPUT#7,A\n"), "\n?FILE NOT OPEN  ERROR IN 10");
  EXPECT_EQ(run("10 OPEN 256,8\n"), "\n?ILLEGAL QUANTITY  ERROR IN 10");
  EXPECT_EQ(run("10 OPEN\n"), "\n?SYNTAX  ERROR IN 10");
  EXPECT_EQ(run("10 OPEN 1,\"X\"\n"), "\n?TYPE MISMATCH  ERROR IN 10");
  EXPECT_EQ(run("10 ST=1\n"), "\n?SYNTAX  ERROR IN 10");
}

// The screen as a file: PRINT#3 prints there with a blank after each number.
TEST_F(C64Files, PrintToTheScreenFile) {
  EXPECT_EQ(run("10 OPEN 3,3:PRINT#3,1;2:PRINT 1\n"), " 1  2 \n 1" + R + "\n");
}

// CMD sends PRINT's output to the file until PRINT# to it.
TEST_F(C64Files, CmdRedirectsPrintUntilPrintFile) {
  EXPECT_EQ(run("10 OPEN 1,8,2,\"C,S,W\":CMD 1,\"A\";:PRINT 5:PRINT#1,\"B\":PRINT \"SCREEN\"\n"
                "20 CLOSE 1\n"),
            "SCREEN\n");
  EXPECT_EQ(file("C.seq"), "A 5 \rB\r");
}

// The last line of a file without its CR: INPUT# takes it, ST 64 (CHRIN gives CR once ST
// is set, $F1AD); cbmbasic gives an empty string and ST 66.
TEST_F(C64Files, ALastLineWithoutCrIsRead) {
  EXPECT_EQ(run("10 OPEN 1,8,2,\"L,S,W\":PRINT#1,\"LAST\";:CLOSE 1\n"
                "20 OPEN 1,8,2,\"L\":INPUT#1,L$:PRINT L$;ST\n"),
            "LAST 64" + R + "\n");
}

// A file bigger than a 1541's disk (664 blocks of 254 bytes) stops at 72, DISK FULL.
TEST_F(C64Files, AFileBiggerThanTheDiskIsDiskFull) {
  EXPECT_EQ(run("10 OPEN 15,8,15:OPEN 2,8,2,\"BIG,S,W\":A$=\"0123456789\"\n"
                "20 FOR I=1 TO 17000:PRINT#2,A$;:NEXT:CLOSE 2\n"
                "30 INPUT#15,E,E$:PRINT E;E$\n"),
            " 72" + R + "DISK FULL\n");
  EXPECT_EQ(fs::file_size(disk_ / "BIG.seq"), 664u * 254u / 10u * 10u);
}

// A file not CLOSEd is not on the disk (the 1541 leaves it unclosed).
// A folder that will not take a file at CLOSE (here a folder in its place) says so on
// channel 15, as a write-protected 1541 does, instead of "00, OK" with the file lost; a
// replaced file of another type is kept.
TEST_F(C64Files, AFileTheFolderWillNotTakeIsWriteProtectOn) {
  fs::create_directories(disk_ / "DATA.seq");
  std::ofstream(disk_ / "DATA.prg") << "OLD";
  EXPECT_EQ(run("10 OPEN 15,8,15:OPEN 2,8,2,\"@:DATA,S,W\":PRINT#2,\"HI\":CLOSE 2\n"
                "20 INPUT#15,E,E$,T,S:PRINT E;E$\n"),
            " 26" + R + "WRITE PROTECT ON\n");
  EXPECT_EQ(file("DATA.prg"), "OLD");
  EXPECT_TRUE(fs::is_directory(disk_ / "DATA.seq"));
}

TEST_F(C64Files, UnclosedFilesAreNotWritten) {
  run("10 OPEN 1,8,2,\"U,S,W\":PRINT#1,\"X\"\n");
  EXPECT_FALSE(exists("U.seq"));
}

// GET# of a zero byte is the empty string; ST 64 comes with the last byte.
TEST_F(C64Files, GetReadsAWholeFileWithStAtTheEnd) {
  EXPECT_EQ(run("10 OPEN 1,8,1,\"P\":PRINT#1,CHR$(0);\"Z\";:CLOSE 1\n"
                "20 OPEN 1,8,0,\"P\":GET#1,A$,B$:PRINT LEN(A$);B$;ST\n"),
            " 0" + R + "Z 64" + R + "\n");
}

// The KERNAL enters a file in its table before it tries the device ($F362), so an OPEN
// that failed leaves its number open; the tape (no datasette) is not present here.
TEST(C64Kernal, AFailedOpenLeavesTheFileInTheTable) {
  amazing::basic::C64Files files;
  EXPECT_EQ(files.open(4, 4, 0, "X"), ErrorCode::kDeviceUnavailable);
  EXPECT_EQ(files.open(4, 4, std::nullopt, ""), ErrorCode::kFileAlreadyOpen);
  files.close(4);
  EXPECT_EQ(files.open(4, 4, std::nullopt, ""), ErrorCode::kNone);
  EXPECT_EQ(files.open(1, 1, 0, ""), ErrorCode::kDeviceUnavailable);
  EXPECT_EQ(files.check_out(4), ErrorCode::kDeviceUnavailable);
  EXPECT_EQ(files.check_in(9), ErrorCode::kBadFileNumber);
}

}  // namespace
}  // namespace amazing::basic
