// The c64 machine's files where a real C64 with a 1541 differs from cbmbasic, the
// recorder of c64_programs/files_*.bas (whose KERNAL ignores the device, takes the whole
// name as a host file and keeps 16 files): each fact's source is in src/basic/FACTS.md
// ("C64 files"): the ROM's own code (mist64/c64ref, Marko Makela's commented disassembly)
// and the 1541's manual.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "basic/c64_directory.hpp"
#include "basic/c64_files.hpp"
#include "basic/prompt.hpp"
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
  // A file put in the folder by the host: `bytes` bytes of 'x'.
  void host_file(const std::string& name, std::size_t bytes) const {
    std::ofstream(disk_ / name, std::ios::binary) << std::string(bytes, 'x');
  }
  // The command channel's message after a command: "NN,TEXT,TT".
  std::string after(const std::string& command) {
    return run("10 OPEN 15,8,15,\"" + command + "\":INPUT#15,E,E$,T:PRINT E;E$;T\n");
  }
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

// GET# and INPUT# from the screen (device 3) read the characters under the cursor, which
// moves right; the logical line's last column is read as CR, and the cursor goes to the
// next line ($F166, $E632): INPUT#3 takes the rest of the row, blanks and all.
TEST_F(C64Files, InputFromTheScreenReadsItsCharacters) {
  EXPECT_EQ(run("10 PRINT CHR$(147);\"HELLO WORLD\":PRINT \"SECOND\"\n"
                "20 OPEN 3,3:PRINT CHR$(19);:GET#3,A$,B$:INPUT#3,C$:INPUT#3,D$\n"
                "30 PRINT A$;B$;\"/\";LEFT$(C$,9);LEN(C$);\"/\";LEFT$(D$,6);LEN(D$)\n"),
            "\x1b[2J\x1b[;HHELLO WORLD\nSECOND\n\x1b[0;0f\n\nHE/LLO WORLD 37" + R + "/SECOND 39" +
                R + "\n");
}

// CMD sends PRINT's output to the file until PRINT# to it.
TEST_F(C64Files, CmdRedirectsPrintUntilPrintFile) {
  EXPECT_EQ(run("10 OPEN 1,8,2,\"C,S,W\":CMD 1,\"A\";:PRINT 5:PRINT#1,\"B\":PRINT \"SCREEN\"\n"
                "20 CLOSE 1\n"),
            "SCREEN\n");
  EXPECT_EQ(file("C.seq"), "A 5 \rB\r");
}

// CLOSE of CMD's file does not end the CMD: the KERNAL's CLOSE ($F291) leaves the output
// device (DFLTO) and BASIC's CLOSE leaves CHANNL, so PRINT's output goes to the closed
// file's device, where no one listens, until CLRCHN (here PRINT# to another file). cbmbasic
// cannot show it: its CLOSE leaves its output on the closed host file.
TEST_F(C64Files, CloseDoesNotEndCmd) {
  EXPECT_EQ(run("10 OPEN 1,8,2,\"C,S,W\":CMD 1,\"A\";:CLOSE 1:PRINT \"LOST\"\n"
                "20 OPEN 2,8,2,\"D,S,W\":PRINT#2,\"X\":CLOSE 2:PRINT \"BACK\"\n"),
            "BACK\n");
  EXPECT_EQ(file("C.seq"), "A");
}

// RUN and CLR end CMD's output (CLALL, $F32F, and its CLRCHN: the screen again) but not
// BASIC's CHANNL ($13): numbers are followed by a blank, not a cursor-right ($AB3B), and
// INPUT asks with no marks and no cursor-right ($ABF9, $AC43), ends no line after the
// typed one ($AACA) and reads an empty line again ($ABEF). cbmbasic crashes there.
TEST_F(C64Files, CmdOutlivesRunAndClr) {
  EXPECT_EQ(
      run("10 OPEN 1,8,1,\"X\":CMD 1:CLR:PRINT 1;2:INPUT \"N\";A,B:PRINT A;B\n", {"", "5", "6"}),
      " 1  2 \nN 5  6 \n");
  PromptOptions o;
  o.dialect = Dialect::kC64;
  o.disk = disk_;
  std::string out =
      run_prompt({"10 PRINT 1;2", "OPEN 1,8,1,\"X\":CMD 1", "RUN", "X", "PRINT 3"}, o);
  EXPECT_NE(out.find("\n 1  2 \n\nREADY.\n\n?SYNTAX  ERROR\nREADY.\n 3" + R + "\n"),
            std::string::npos)
      << out;
  // A program line typed after the CMD (its CLR is a CLALL too) keeps it as well.
  std::string typed = run_prompt({"OPEN 1,8,1,\"X\":CMD 1", "10 PRINT 1;2", "RUN"}, o);
  EXPECT_NE(typed.find("READY.\n 1  2 \n\nREADY.\n"), std::string::npos) << typed;
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

// A named pipe in the folder is no file of the disk: reading it is 62, FILE NOT FOUND at
// once (it is never opened, so no writer is waited for), and writing its name is refused
// at CLOSE (26, WRITE PROTECT ON) with the pipe left as it was, never replaced.
TEST_F(C64Files, APipeIsNeitherReadNorReplaced) {
  ASSERT_EQ(::mkfifo((disk_ / "PIPE.seq").c_str(), 0600), 0);
  EXPECT_EQ(run("10 OPEN 15,8,15:OPEN 2,8,2,\"PIPE,S,R\":INPUT#15,E,E$:PRINT E;E$:CLOSE 2\n"
                "20 OPEN 2,8,2,\"@:PIPE,S,W\":PRINT#2,\"HI\":CLOSE 2\n"
                "30 INPUT#15,E,E$:PRINT E;E$\n"),
            " 62" + R + "FILE NOT FOUND\n 26" + R + "WRITE PROTECT ON\n");
  EXPECT_TRUE(fs::is_fifo(fs::symlink_status(disk_ / "PIPE.seq")));
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

// ---- the directory (1541 DOS: lstdir.src stdir, trnsfr.src getnam/newdir/msgfre) --------

// The directory "program" byte for byte: load address $0401, $0101 links, the header (RVS
// ON, the name padded to 16, ID 78, 2A: 25 bytes), one 27-byte line per file (the name's
// quote at column 3, 2 or 1 as the block count has 1, 2 or 3 digits, the type ending at
// 24, 23 or 22), "BLOCKS FREE." in 25 bytes, then 00 00.
TEST(C64Directory, TheDirectoryProgramIsThe1541s) {
  std::vector<C64DiskFile> files = {
      {"A", 'P', 300}, {"ABCDEFGHIJKLMNOP", 'S', 0}, {"C", 'U', 254 * 100}};
  using namespace std::string_literals;
  std::string want = "\x01\x04"s +                                          //
                     "\x01\x01\x00\x00\x12\"AMAZING         \" 78 2A\0"s +  // 0
                     "\x01\x01\x02\x00   \"A\"                PRG  \0"s +   // 2 blocks
                     "\x01\x01\x01\x00   \"ABCDEFGHIJKLMNOP\" SEQ  \0"s +   // 1 block
                     "\x01\x01\x64\x00 \"C\"                USR    \0"s +   // 100
                     "\x01\x01\x31\002BLOCKS FREE.             \0\0\0"s;    // 561 free
  EXPECT_EQ(c64_directory_program(files, ""), want);
  // 254 bytes a block, at least one; 664 blocks on an empty disk.
  EXPECT_EQ(c64_blocks(0), 1u);
  EXPECT_EQ(c64_blocks(254), 1u);
  EXPECT_EQ(c64_blocks(255), 2u);
  EXPECT_EQ(c64_blocks_free({}), 664);
  EXPECT_EQ(c64_blocks_free({{"BIG", 'S', 700 * 254}}), 0);
}

// "$0:A*", "$A*", "$:*=S": the patterns (and the type after '=') select the lines; the
// blocks free count every file.
TEST(C64Directory, PatternsSelectTheFiles) {
  std::vector<C64DiskFile> files = {{"AB", 'P', 10}, {"AC", 'S', 10}, {"B", 'S', 10}};
  auto names = [&](std::string_view request) {
    std::string out, p = c64_directory_program(files, request);
    for (std::size_t q = p.find("\"", 30); q != std::string::npos; q = p.find('"', q + 1)) {
      std::size_t end = p.find('"', q + 1);
      out += p.substr(q + 1, end - q - 1) + " ";
      q = end;
    }
    return out + std::to_string(static_cast<unsigned char>(p[p.size() - 30]));
  };
  EXPECT_EQ(names(""), "AB AC B 149");  // 664 - 3 = 661 = 0x295
  EXPECT_EQ(names("0"), "AB AC B 149");
  EXPECT_EQ(names("0:A*"), "AB AC 149");
  EXPECT_EQ(names("A?"), "AB AC 149");
  EXPECT_EQ(names(":*=S"), "AC B 149");
  EXPECT_EQ(names("0:B,AC"), "AC B 149");
  EXPECT_EQ(names("0:Z"), "149");
}

// OPEN n,8,0,"$" and GET# read the same bytes (the folder's files in name order, their
// sizes as the 1541 counts blocks).
TEST_F(C64Files, GetReadsTheDirectory) {
  host_file("HELLO.prg", 600);
  host_file("DATA.seq", 10);
  host_file("notmine.seq", 10);  // not a name the C64 wrote
  host_file("README.txt", 10);
  std::string want = c64_directory_program(c64_catalog(disk_), "");
  EXPECT_EQ(c64_catalog(disk_).size(), 2u);
  EXPECT_EQ(run("10 OPEN 1,8,0,\"$\":OPEN 2,8,2,\"COPY,S,W\"\n"
                "20 GET#1,A$:S=ST:IF A$=\"\" THEN A$=CHR$(0)\n"
                "30 PRINT#2,A$;:IF S=0 THEN 20\n"
                "40 CLOSE 2:CLOSE 1:PRINT S\n"),
            " 64" + R + "\n");
  EXPECT_EQ(file("COPY.seq"), want);
  EXPECT_NE(want.find("\x03\x00   \"HELLO\"            PRG  "), std::string::npos);
  EXPECT_NE(want.find("\x01\x00   \"DATA\"             SEQ  "), std::string::npos);
  EXPECT_NE(want.find("\x94\002BLOCKS FREE."), std::string::npos);  // 664 - 4 = 0x294
}

// LOAD"$",8 at READY. and LIST: the directory as a C64 lists it, lines of the same block
// count each shown (memory holds them in the drive's order, and SAVE keeps it), the
// header's reverse video as plain text.
TEST_F(C64Files, LoadDollarListsTheDirectory) {
  host_file("B.prg", 100);
  host_file("C.seq", 200);
  PromptOptions o;
  o.dialect = Dialect::kC64;
  o.disk = disk_;
  std::string out = run_prompt({"load\"$\",8", "list", "list 1", "save\"dir\",8", "load\"$0:c*\",8",
                                "list", "load\"dir\",8", "list"},
                               o);
  const std::string listed =
      "\n0 \"AMAZING         \" 78 2A\n"
      "1    \"B\"                PRG  \n"
      "1    \"C\"                SEQ  \n"
      "662 BLOCKS FREE.             \nREADY.";
  std::size_t first = out.find(listed);
  ASSERT_NE(first, std::string::npos) << out;
  EXPECT_NE(out.find(listed, first + 1), std::string::npos) << out;  // SAVEd and LOADed back
  EXPECT_NE(out.find("\n1    \"B\"                PRG  \n1    \"C\"                SEQ  \n\n"
                     "READY."),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("\n0 \"AMAZING         \" 78 2A\n"
                     "1    \"C\"                SEQ  \n"
                     "661 BLOCKS FREE.             \nREADY."),  // DIR takes one
            std::string::npos)
      << out;
}

// SAVE writes what LOAD put in memory, byte for byte (the ROM's SAVE writes memory from
// $0801 to the end LOAD left): the directory's lines hold USR (a file's type) and FRE (in
// BLOCKS FREE.) as letters, which a typed line would crunch into keywords. Only the load
// address ($0801) and the links (LINKPRG: each the address after the line's zero) are
// the C64's own; VERIFY then finds the file the same.
TEST_F(C64Files, SaveAfterLoadDollarWritesWhatLoadRead) {
  host_file("A.usr", 10);
  host_file("B.prg", 300);
  const std::string dir = c64_directory_program(c64_catalog(disk_), "");
  ASSERT_NE(dir.find("USR"), std::string::npos);
  ASSERT_NE(dir.find("BLOCKS FREE."), std::string::npos);
  PromptOptions o;
  o.dialect = Dialect::kC64;
  o.disk = disk_;
  std::string out = run_prompt({"load\"$\",8", "save\"x\",8", "verify\"x\",8"}, o);
  EXPECT_NE(out.find("\nOK\n"), std::string::npos) << out;
  const std::string saved = file("X.prg");
  ASSERT_EQ(saved.size(), dir.size());
  EXPECT_EQ(saved.substr(0, 2), "\x01\x08");
  std::size_t at = 2;
  while (dir[at + 1] != '\0') {
    const std::size_t end = dir.find('\0', at + 5);
    ASSERT_NE(end, std::string::npos);
    const unsigned link = 0x0801 + static_cast<unsigned>(end + 1 - 2);
    EXPECT_EQ(static_cast<unsigned char>(saved[at]), link & 0xFF);
    EXPECT_EQ(static_cast<unsigned char>(saved[at + 1]), link >> 8);
    EXPECT_EQ(saved.substr(at + 2, end - at - 1), dir.substr(at + 2, end - at - 1));
    at = end + 1;
  }
  EXPECT_EQ(saved.substr(at), dir.substr(at));
}

// SAVE"$",8: the 1541 opens the directory to read for any name starting with '$' (open.src
// op04) and refuses the bytes (serlistn.src ilerr); the KERNAL's SAVE ignores ST: no file
// is written (one named $ could never be LOADed: LOAD"$" is the directory), no error.
TEST_F(C64Files, SaveDollarWritesNothing) {
  PromptOptions o;
  o.dialect = Dialect::kC64;
  o.disk = disk_;
  std::string out = run_prompt({"10 rem", "save\"$\",8", "save\"$0:x\",8"}, o);
  EXPECT_EQ(out.find("ERROR"), std::string::npos) << out;
  EXPECT_TRUE(fs::is_empty(disk_));
}

// The 1541 looks for '$' at the name's first byte only (open.src op021): "0:$" is a file
// named $ on drive 0, so SAVE"0:$",8 writes a PRG named $, which LOAD"0:$",8 loads (and
// LOAD"$",8 does not: that is the directory). "@0:NAME" and "0:NAME" save NAME.
TEST_F(C64Files, SaveTakesTheDrivesNameForms) {
  PromptOptions o;
  o.dialect = Dialect::kC64;
  o.disk = disk_;
  std::string out = run_prompt({"10 rem", "save\"0:$\",8", "save\"@0:x\",8", "save\"0:y\",8", "new",
                                "load\"0:$\",8", "list"},
                               o);
  EXPECT_EQ(out.find("ERROR"), std::string::npos) << out;
  EXPECT_TRUE(exists("$.prg"));
  EXPECT_TRUE(exists("X.prg"));
  EXPECT_TRUE(exists("Y.prg"));
  EXPECT_NE(out.find("\n10 REM\nREADY."), std::string::npos) << out;
}

// The disk's blocks are shared: a file may take only the blocks the others leave (72,
// DISK FULL), and a new file needs one of the directory's 144 entries.
TEST_F(C64Files, TheDiskHas664BlocksAnd144Entries) {
  host_file("BIG.seq", 600 * 254);
  EXPECT_EQ(run("10 OPEN 15,8,15:OPEN 2,8,2,\"MORE,S,W\":A$=\"0123456789\"\n"
                "20 FOR I=1 TO 2000:PRINT#2,A$;:NEXT:CLOSE 2\n"
                "30 INPUT#15,E,E$:PRINT E;E$\n"),
            " 72" + R + "DISK FULL\n");
  EXPECT_EQ(fs::file_size(disk_ / "MORE.seq"), 64u * 254u / 10u * 10u);
  fs::remove(disk_ / "BIG.seq");
  fs::remove(disk_ / "MORE.seq");
  for (int k = 0; k < 144; ++k) host_file("F" + std::to_string(k) + ".seq", 1);
  EXPECT_EQ(c64_blocks_free(c64_catalog(disk_)), 520);
  EXPECT_EQ(run("10 OPEN 15,8,15:OPEN 2,8,2,\"ONEMORE,S,W\"\n"
                "20 INPUT#15,E,E$:PRINT E;E$\n"
                "30 OPEN 3,8,3,\"@0:F7,S,W\":INPUT#15,E,E$:PRINT E;E$:CLOSE 3\n"),
            " 72" + R + "DISK FULL\n 0" + R + "OK\n");
}

// ---- drive commands (parsex.src, rename.src, romtblsf.src's command templates) --------

// R0:NEW=OLD renames, keeping the type; a missing OLD is 62, a NEW that is there 63; a
// pattern or no '=' is 30, no ':' 34.
TEST_F(C64Files, RenameCommand) {
  host_file("OLD.seq", 5);
  host_file("TAKEN.prg", 5);
  EXPECT_EQ(after("R0:NEW=OLD"), " 0" + R + "OK 0" + R + "\n");
  EXPECT_TRUE(exists("NEW.seq"));
  EXPECT_FALSE(exists("OLD.seq"));
  EXPECT_EQ(after("R0:X=OLD"), " 62" + R + "FILE NOT FOUND 0" + R + "\n");
  EXPECT_EQ(after("R0:TAKEN=NEW"), " 63" + R + "FILE EXISTS 0" + R + "\n");
  EXPECT_EQ(after("RENAME0:N2=0:NEW"), " 0" + R + "OK 0" + R + "\n");
  EXPECT_TRUE(exists("N2.seq"));
  EXPECT_EQ(after("R0:N*=N2"), " 30" + R + "SYNTAX ERROR 0" + R + "\n");
  EXPECT_EQ(after("R0:N3"), " 30" + R + "SYNTAX ERROR 0" + R + "\n");
  EXPECT_EQ(after("R0:N3=N2,TAKEN"), " 30" + R + "SYNTAX ERROR 0" + R + "\n");
  EXPECT_EQ(after("RN3=N2"), " 34" + R + "SYNTAX ERROR 0" + R + "\n");
  EXPECT_TRUE(exists("N2.seq"));
}

// C0:NEW=A,B makes NEW of A's type with A's bytes then B's; C0:A=A,B appends B to a SEQ
// (a PRG is 64); a missing source is 62, a NEW there 63; N (new: format) is refused as 31
// and nothing goes; a command over 41 bytes is 32.
TEST_F(C64Files, CopyAndNewCommands) {
  run("10 OPEN 2,8,2,\"A,S,W\":PRINT#2,\"AA\":CLOSE 2\n"
      "20 OPEN 2,8,2,\"B,U,W\":PRINT#2,\"BB\":CLOSE 2\n"
      "30 OPEN 2,8,1,\"P\":PRINT#2,\"PP\":CLOSE 2\n");
  EXPECT_EQ(after("C0:N=A,B"), " 0" + R + "OK 0" + R + "\n");
  EXPECT_EQ(file("N.seq"), "AA\rBB\r");
  EXPECT_EQ(after("C0:D=B"), " 0" + R + "OK 0" + R + "\n");
  EXPECT_EQ(file("D.usr"), "BB\r");
  EXPECT_EQ(after("C0:A=A,B"), " 0" + R + "OK 0" + R + "\n");
  EXPECT_EQ(file("A.seq"), "AA\rBB\r");
  EXPECT_EQ(after("C0:P=P,A"), " 64" + R + "FILE TYPE MISMATCH 0" + R + "\n");
  EXPECT_EQ(after("C0:N=A"), " 63" + R + "FILE EXISTS 0" + R + "\n");
  EXPECT_EQ(after("C0:X=A,NONE"), " 62" + R + "FILE NOT FOUND 0" + R + "\n");
  EXPECT_FALSE(exists("X.seq"));
  EXPECT_EQ(after("C0:X=A*"), " 30" + R + "SYNTAX ERROR 0" + R + "\n");
  EXPECT_EQ(after("C0:X"), " 30" + R + "SYNTAX ERROR 0" + R + "\n");
  EXPECT_EQ(after("N0:BLANK,01"), " 31" + R + "SYNTAX ERROR 0" + R + "\n");
  EXPECT_TRUE(exists("A.seq"));
  EXPECT_EQ(run("10 Z$=\"ZZZZZZZZZZ\":OPEN 15,8,15,\"S0:\"+Z$+Z$+Z$+Z$\n"
                "20 INPUT#15,E,E$,T:PRINT E;E$;T\n"),
            " 32" + R + "SYNTAX ERROR 0" + R + "\n");
}

// ---- relative files (1541 User's Manual, "Relative files"; DOS record.src, open.src) ---

// OPEN "NAME,L,"+CHR$(length) makes a relative file; P positions it (record, byte; 50
// RECORD NOT PRESENT past the end, where a write adds records of CHR$(255) and zeros; 51
// for a byte past the record or a write longer than it). A record reads up to its last
// byte that is not zero, with ST 64 there. Another length is 50, another type 64.
TEST_F(C64Files, RelativeFilesHoldRecords) {
  EXPECT_EQ(run("10 OPEN 15,8,15:OPEN 2,8,2,\"R,L,\"+CHR$(10)\n"
                "20 PRINT#15,\"P\"CHR$(2)CHR$(3)CHR$(0)CHR$(1):INPUT#15,E,E$:PRINT E;E$\n"
                "30 PRINT#2,\"THIRD\"\n"
                "40 PRINT#15,\"P\"CHR$(2)CHR$(1)CHR$(0)CHR$(1):PRINT#2,\"FIRST\"\n"
                "50 PRINT#15,\"P\"CHR$(2)CHR$(3)CHR$(0)CHR$(3):PRINT#2,\"X\";\n"
                "60 CLOSE 2\n"
                "70 OPEN 2,8,2,\"R\":PRINT#15,\"P\"CHR$(2)CHR$(2)CHR$(0)CHR$(1)\n"
                "75 GET#2,A$:PRINT ASC(A$);ST\n"
                "80 INPUT#2,A$:PRINT A$;ST\n"
                "90 PRINT#15,\"P\"CHR$(2)CHR$(1)CHR$(0)CHR$(1):INPUT#2,A$:PRINT A$;ST\n"
                "100 PRINT#15,\"P\"CHR$(2)CHR$(9)CHR$(0)CHR$(1):INPUT#15,E,E$:PRINT E;E$\n"
                "110 PRINT#15,\"P\"CHR$(2)CHR$(1)CHR$(0)CHR$(12):INPUT#15,E,E$:PRINT E;E$\n"
                "120 PRINT#2,\"01234567890123\":INPUT#15,E,E$:PRINT E;E$\n"
                "130 CLOSE 2:OPEN 3,8,3,\"R,L,\"+CHR$(20):INPUT#15,E,E$:PRINT E;E$\n"
                "140 OPEN 4,8,4,\"R,S,R\":INPUT#15,E,E$:PRINT E;E$\n"),
            " 50" + R + "RECORD NOT PRESENT\n" +  //
                " 255" + R + " 64" + R + "\n" +   //
                "THX 64" + R + "\n" +             //
                "FIRST 64" + R + "\n" +           //
                " 50" + R + "RECORD NOT PRESENT\n" + " 51" + R + "OVERFLOW IN RECORD\n" + " 51" +
                R + "OVERFLOW IN RECORD\n" + " 50" + R + "RECORD NOT PRESENT\n" + " 64" + R +
                "FILE TYPE MISMATCH\n");
  using namespace std::string_literals;
  EXPECT_EQ(file("R.rel"),
            "\x0A"
            "0123456789"
            "\xFF\0\0\0\0\0\0\0\0\0"
            "THX\0\0\0\0\0\0\0"s);
  // In the directory: a data block and a side sector.
  EXPECT_NE(c64_directory_program(c64_catalog(disk_), "").find("   \"R\"                REL  "),
            std::string::npos);
  EXPECT_EQ(c64_file_blocks({"R", 'L', 31}), 2u);
}

// A new relative file needs a length 1..254 (30 here); P on a channel not open is 70, on a
// sequential file 64.
TEST_F(C64Files, RelativeFileErrors) {
  EXPECT_EQ(
      run("10 OPEN 15,8,15:OPEN 2,8,2,\"Q,L,\"+CHR$(0):INPUT#15,E,E$:PRINT E;E$\n"
          "20 OPEN 3,8,3,\"Q,L\":INPUT#15,E,E$:PRINT E;E$\n"
          "30 PRINT#15,\"P\"CHR$(5)CHR$(1):INPUT#15,E,E$:PRINT E;E$\n"
          "40 OPEN 5,8,5,\"S,S,W\":PRINT#15,\"P\"CHR$(101)CHR$(1):INPUT#15,E,E$:PRINT E;E$\n"),
      " 30" + R + "SYNTAX ERROR\n 30" + R + "SYNTAX ERROR\n 70" + R + "NO CHANNEL\n 64" + R +
          "FILE TYPE MISMATCH\n");
  EXPECT_FALSE(exists("Q.rel"));
}

// ---- the gaps of issue 21: the directory's blocks, '*', unclosed and locked files, shared
// relative files, host files bigger than a disk (FACTS.md "C64 files") ----------------

// A program's loop that copies file 1 byte by byte into COPY.seq (GET# of CHR$(0) is "").
const std::string kCopyFile1 =
    "20 GET#1,A$:S=ST:IF A$=\"\" THEN A$=CHR$(0)\n"
    "30 PRINT#2,A$;:IF S=0 THEN 20\n"
    "40 CLOSE 2:CLOSE 1\n";

// OPEN n,8,2,"$" reads the directory track's blocks as a SEQ file (open.src op04): 254
// bytes of each, the BAM (18/0) first, then the directory sectors (18/1 on). The layout
// is the 1541's (FACTS.md): 'A', the 35 tracks' free counts and bit maps, the disk's name
// and ID padded with $A0; entries of 32 bytes: type ($80 closed), first track and sector,
// the name padded with $A0, the blocks at 30 and 31.
TEST_F(C64Files, TheDirectoryBlocksReadAsASeqFile) {
  host_file("HELLO.prg", 600);  // 3 blocks
  host_file("DATA.seq", 10);
  EXPECT_EQ(run("10 OPEN 1,8,2,\"$\":OPEN 2,8,3,\"COPY,S,W\"\n" + kCopyFile1), "");
  std::string got = file("COPY.seq");
  // Read back, COPY itself is on the disk now: the two files the copy read came first.
  ASSERT_EQ(got.size(), 2u * 254u);
  using namespace std::string_literals;
  EXPECT_EQ(got.substr(0, 2), "A\0"s);
  // Track 17 gave the files their 4 blocks (sectors 0-3): 17 of its 21 free, bits 4-20 set.
  EXPECT_EQ(got.substr(2 + 16 * 4, 4), "\x11\xF0\xFF\x1F"s);
  // Track 18: the BAM and one directory sector (18/1) used.
  EXPECT_EQ(got.substr(2 + 17 * 4, 4), "\x11\xFC\xFF\x07"s);
  std::size_t free_blocks = 0;
  for (int t = 0; t < 35; ++t) {
    if (t != 17)
      free_blocks += static_cast<unsigned char>(got[2 + 4 * static_cast<std::size_t>(t)]);
  }
  EXPECT_EQ(free_blocks, 660u);
  EXPECT_EQ(got.substr(142, 27),
            "AMAZING\xA0\xA0\xA0\xA0\xA0\xA0\xA0\xA0\xA0\xA0\xA0"
            "78\xA0"
            "2A\xA0\xA0\xA0\xA0"s);
  EXPECT_EQ(got.substr(169, 254 - 169), std::string(254 - 169, '\0'));
  // DATA first (name order), at 17/0, 1 block; then HELLO at 17/1, 3 blocks.
  const std::string entries = got.substr(254);
  EXPECT_EQ(entries.substr(0, 30),
            "\x81\x11\x00"
            "DATA\xA0\xA0\xA0\xA0\xA0\xA0\xA0\xA0\xA0\xA0\xA0\xA0"
            "\0\0\0\0\0\0\0\0\0\x01\0"s);
  EXPECT_EQ(entries.substr(30, 2), "\0\0"s);  // the second entry's unused link bytes
  EXPECT_EQ(entries.substr(32, 30),
            "\x82\x11\x01"
            "HELLO\xA0\xA0\xA0\xA0\xA0\xA0\xA0\xA0\xA0\xA0\xA0"
            "\0\0\0\0\0\0\0\0\0\x03\0"s);
  EXPECT_EQ(entries.substr(62), std::string(254 - 62, '\0'));
  // Nine files take two directory sectors (18/1, then 18/4).
  for (int k = 0; k < 7; ++k) host_file("F" + std::to_string(k) + ".seq", 1);
  std::string nine = c64_directory_blocks(c64_catalog(disk_));
  EXPECT_EQ(nine.size(), 3u * 254u);
  EXPECT_EQ(nine.substr(2 + 17 * 4, 4), "\x10\xEC\xFF\x07"s);
}

// '*' with sa 0: the program last opened on channel 0 or 1 (open.src op02), else the first
// PRG the name matches (op0415); patterns take the first match, and sa 0 reads a PRG only
// (op40: another type is 64, FILE TYPE MISMATCH).
TEST_F(C64Files, StarLoadsTheLastProgramAndPatternsTheFirstMatch) {
  std::ofstream(disk_ / "A.seq") << "S";
  std::ofstream(disk_ / "B.prg") << "B";
  std::ofstream(disk_ / "CAT.prg") << "C";
  std::ofstream(disk_ / "DOG.seq") << "D";
  EXPECT_EQ(run("10 OPEN 15,8,15\n"
                "20 OPEN 1,8,0,\"*\":GET#1,A$:PRINT A$;:CLOSE 1\n"
                "30 OPEN 1,8,0,\"CAT\":CLOSE 1:OPEN 1,8,0,\"*ANY\":GET#1,A$:PRINT A$;:CLOSE 1\n"
                "40 OPEN 1,8,0,\"C?T\":GET#1,A$:PRINT A$;:CLOSE 1\n"
                "50 OPEN 2,8,2,\"D*\":GET#2,A$:PRINT A$;:CLOSE 2\n"
                "60 OPEN 1,8,0,\"A*\":INPUT#15,E,E$:PRINT E;E$\n"
                "70 OPEN 2,8,0,\"A,S\":GET#2,A$:PRINT A$\n"),
            "BCCD 64" + R + "FILE TYPE MISMATCH\nS\n");
}

// At READY.: LOAD"*",8 loads the first PRG after power-on, then the program last LOADed or
// SAVEd (the drive outlives the programs); LOAD"B?",8 the first name the pattern matches.
TEST_F(C64Files, LoadStarAtReady) {
  PromptOptions o;
  o.dialect = Dialect::kC64;
  o.disk = disk_;
  std::string out = run_prompt({"10 PRINT \"ONE\"", "save\"one\",8", "new", "20 PRINT \"TWO\"",
                                "save\"two\",8", "load\"*\",8", "list", "load\"o*\",8", "list",
                                "load\"*\",8", "list", "load\"t?o\",8", "list", "load\"x*\",8"},
                               o);
  EXPECT_NE(out.find("\n20 PRINT \"TWO\"\nREADY.\n\nREADY.\n\n10 PRINT \"ONE\"\nREADY.\n\n"
                     "READY.\n\n10 PRINT \"ONE\"\nREADY.\n\nREADY.\n\n20 PRINT \"TWO\"\n"
                     "READY.\n\n?FILE NOT FOUND  ERROR"),
            std::string::npos)
      << out;
  std::string fresh = run_prompt({"load\"*\",8", "list"}, o);
  EXPECT_NE(fresh.find("\n10 PRINT \"ONE\"\nREADY."), std::string::npos) << fresh;
}

// A file opened for writing is in the directory as soon as it is opened (addfil), its
// closed bit clear: "*SEQ" with 0 blocks (its blocks taken from the blocks free); reading
// it is 60, WRITE FILE OPEN (op100), scratching it leaves it (tstchn). A file appended to
// is open again the same way, with its old count.
TEST_F(C64Files, AFileBeingWrittenIsUnclosedInTheDirectory) {
  std::ofstream(disk_ / "OLD.seq") << "OLD\r";
  EXPECT_EQ(run("10 OPEN 15,8,15:OPEN 2,8,2,\"NEW,S,W\":PRINT#2,\"X\"\n"
                "20 OPEN 3,8,3,\"OLD,S,A\":OPEN 1,8,0,\"$\":OPEN 4,8,4,\"COPY,S,W\"\n"
                "30 GET#1,A$:S=ST:IF A$=\"\" THEN A$=CHR$(0)\n"
                "40 PRINT#4,A$;:IF S=0 THEN 30\n"
                "50 CLOSE 4:CLOSE 1:OPEN 5,8,5,\"NEW\":INPUT#15,E,E$:PRINT E;E$\n"
                "60 OPEN 6,8,6,\"OLD\":INPUT#15,E,E$:PRINT E;E$\n"
                "70 OPEN 7,8,7,\"X,S,W\":CLOSE 7\n"
                "80 PRINT#15,\"S0:NEW,OLD,X\":INPUT#15,E,E$,T:PRINT E;E$;T\n"),
            " 60" + R + "WRITE FILE OPEN\n 60" + R + "WRITE FILE OPEN\n 1" + R +
                "FILES SCRATCHED 1" + R + "\n");
  using namespace std::string_literals;
  std::string dir = file("COPY.seq");
  EXPECT_NE(dir.find("\x01\x01\x00\x00   \"NEW\"             *SEQ  "s), std::string::npos);
  EXPECT_NE(dir.find("\x01\x01\x01\x00   \"OLD\"             *SEQ  "s), std::string::npos);
  EXPECT_NE(dir.find("\x96\x02"
                     "BLOCKS FREE."),
            std::string::npos);     // 664 - 2 = 0x296
  EXPECT_FALSE(exists("NEW.seq"));  // the run ended with it open
}

// At READY. a program that ended without CLOSE leaves its file open on the drive, as on a
// C64: LOAD"$",8 lists it as *SEQ until CLOSE (here a CLOSE 15 closes every channel).
TEST_F(C64Files, AFileLeftOpenStaysUnclosedAtReady) {
  PromptOptions o;
  o.dialect = Dialect::kC64;
  o.disk = disk_;
  std::string out =
      run_prompt({"10 OPEN 2,8,2,\"LOG,S,W\":PRINT#2,\"HI\"", "run", "new", "load\"$\",8", "list",
                  "open 15,8,15:close 15", "load\"$\",8", "list"},
                 o);
  EXPECT_NE(out.find("\n0    \"LOG\"             *SEQ  \n663 BLOCKS FREE."), std::string::npos)
      << out;
  EXPECT_NE(out.find("\n1    \"LOG\"              SEQ  \n663 BLOCKS FREE."), std::string::npos)
      << out;
  EXPECT_EQ(file("LOG.seq"), "HI\r");
}

// An empty file takes a block on a 1541 (its first block is given at OPEN and written at
// CLOSE: closed, it lists 1). Appending to it opens its entry again with that count (open.src
// op120 leaves the entry's blocks as they are; close.src clsdir writes the new count): "*SEQ"
// with 1 block, where a new file's entry has 0.
TEST_F(C64Files, AnEmptyFileAppendedToKeepsItsBlock) {
  std::ofstream(disk_ / "E.seq").close();
  PromptOptions o;
  o.dialect = Dialect::kC64;
  o.disk = disk_;
  std::string out = run_prompt({"10 OPEN 2,8,2,\"E,S,A\"", "run", "load\"$\",8", "list"}, o);
  EXPECT_NE(out.find("\n1    \"E\"               *SEQ  \n663 BLOCKS FREE."), std::string::npos)
      << out;
}

// A host file without write permission is a locked file: "<" after its type (getnam), and
// scratching passes it by (scrtch.src sc15). The DOS checks the lock nowhere else: "@"
// replaces a locked file, and the new one is not locked (close.src clsdir clears the bit).
TEST_F(C64Files, AReadOnlyHostFileIsLocked) {
  host_file("KEEP.prg", 10);
  host_file("GO.prg", 10);
  fs::permissions(disk_ / "KEEP.prg",
                  fs::perms::owner_write | fs::perms::group_write | fs::perms::others_write,
                  fs::perm_options::remove);
  EXPECT_NE(c64_directory_program(c64_catalog(disk_), "").find("   \"KEEP\"             PRG< "),
            std::string::npos);
  EXPECT_EQ(after("S0:*"), " 1" + R + "FILES SCRATCHED 1" + R + "\n");
  EXPECT_TRUE(exists("KEEP.prg"));
  EXPECT_FALSE(exists("GO.prg"));
  run("10 OPEN 1,8,1,\"@0:KEEP\":PRINT#1,\"NEW\":CLOSE 1\n");
  EXPECT_EQ(file("KEEP.prg"), "NEW\r");
  EXPECT_EQ(after("S0:*"), " 1" + R + "FILES SCRATCHED 1" + R + "\n");
}

// Two channels on one relative file share its records (the DOS lets both open it): what
// one writes the other reads; a length that is not the file's is still 50.
TEST_F(C64Files, TwoChannelsShareARelativeFile) {
  EXPECT_EQ(run("10 OPEN 15,8,15:OPEN 2,8,2,\"R,L,\"+CHR$(5):OPEN 3,8,3,\"R\"\n"
                "20 PRINT#15,\"P\"CHR$(2)CHR$(1)CHR$(0)CHR$(1):PRINT#2,\"AB\"\n"
                "30 PRINT#15,\"P\"CHR$(3)CHR$(1)CHR$(0)CHR$(1):INPUT#3,A$:PRINT A$\n"
                "40 OPEN 4,8,4,\"R,L,\"+CHR$(7):INPUT#15,E,E$:PRINT E;E$\n"
                "50 CLOSE 2:PRINT#15,\"P\"CHR$(3)CHR$(2)CHR$(0)CHR$(1):PRINT#3,\"CD\":CLOSE 3\n"),
            "AB\n 50" + R + "RECORD NOT PRESENT\n");
  using namespace std::string_literals;
  EXPECT_EQ(file("R.rel"),
            "\x05"
            "AB\r\0\0"
            "CD\r\0\0"s);
}

// A host file bigger than a 1541's whole disk (664 blocks of 254 bytes) is listed with its
// blocks but is no file the drive can give: 52, FILE TOO LARGE, nothing read, at any size
// (it used to be 62, FILE NOT FOUND past 1 MiB); LOAD at READY. is ?LOAD ERROR.
TEST_F(C64Files, AHostFileBiggerThanTheDiskIsFileTooLarge) {
  host_file("BIG.prg", kC64DiskBytes + 1);
  host_file("HUGE.seq", (1u << 20) + 1);
  host_file("FITS.seq", kC64DiskBytes);
  EXPECT_EQ(run("10 OPEN 15,8,15:OPEN 2,8,2,\"BIG\":INPUT#15,E,E$:PRINT E;E$\n"
                "20 OPEN 3,8,3,\"HUGE\":INPUT#15,E,E$:PRINT E;E$\n"
                "30 OPEN 4,8,4,\"FITS\":INPUT#15,E,E$:PRINT E;E$\n"
                "40 OPEN 5,8,5,\"BIG,P,A\":INPUT#15,E,E$:PRINT E;E$\n"),
            " 52" + R + "FILE TOO LARGE\n 52" + R + "FILE TOO LARGE\n 0" + R + "OK\n 52" + R +
                "FILE TOO LARGE\n");
  EXPECT_NE(c64_directory_program(c64_catalog(disk_), "").find("\x99\x02 \"BIG\""),
            std::string::npos);  // 665 blocks
  PromptOptions o;
  o.dialect = Dialect::kC64;
  o.disk = disk_;
  std::string out = run_prompt({"load\"big\",8"}, o);
  EXPECT_NE(out.find("?LOAD  ERROR"), std::string::npos) << out;
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
