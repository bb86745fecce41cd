// The prompt's disk and trace commands (src/basic/prompt.cpp): MERGE, FILES, NAME, TRON and
// TROFF on the pc, VERIFY on the c64, against the sessions recorded in data/prompt (see
// its README: PC-BASIC 2.0.5, and the C64 ROM as cbmbasic runs it); then what the
// recordings do not show (a merge stopped midway, names no DOS disk has, the disk folder's
// own rules).

#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "basic/disk.hpp"
#include "basic/listing.hpp"
#include "basic/prompt.hpp"
#include "basic/run.hpp"
#include "machine/input.hpp"
#include "machine/machine.hpp"
#include "machine/output.hpp"
#include "prompt_helpers.hpp"

namespace amazing::basic {
namespace {

namespace fs = std::filesystem;
using prompt_testing::comparable;
using prompt_testing::slurp;
using prompt_testing::TempDir;
using prompt_testing::typed_lines;

fs::path data_dir() {
  return fs::path(AMAZING_BASIC_TESTS_DIR) / "data" / "prompt";
}

// FILES ends with the host's bytes free, never the same twice: N for the number in each
// "\n DIGITS Bytes free\n". (Not std::regex: GCC 12's ASan -O1 build warns, falsely,
// that its std::function states may be used uninitialized, and CI builds with -Werror.)
std::string without_bytes_free(std::string text) {
  const std::string tail = " Bytes free\n";
  for (std::size_t at = text.find(tail); at != std::string::npos; at = text.find(tail, at + 1)) {
    std::size_t digits = at;
    while (digits > 0 && std::isdigit(static_cast<unsigned char>(text[digits - 1])) != 0) --digits;
    if (digits == at || digits < 2 || text.compare(digits - 2, 2, "\n ") != 0) continue;
    text.replace(digits, at - digits, "N");
    at = digits;
  }
  return text;
}

std::string run(const std::vector<std::string>& typed, Dialect dialect, const fs::path& disk) {
  PromptOptions options;
  options.dialect = dialect;
  options.disk = disk;
  options.max_steps = 1'000'000;
  return without_bytes_free(comparable(run_prompt(typed, options), dialect == Dialect::kC64));
}

std::string pc(const std::vector<std::string>& typed, const fs::path& disk) {
  return run(typed, Dialect::kPc, disk);
}

void check_recording(const std::string& machine, const std::string& name) {
  const fs::path typed = data_dir() / machine / (name + ".txt");
  const fs::path out = data_dir() / machine / (name + ".out");
  ASSERT_TRUE(fs::exists(typed) && fs::exists(out)) << typed << " or " << out << " missing";
  const bool is_c64 = machine == "c64";
  TempDir disk;
  std::string got = run(typed_lines(typed), is_c64 ? Dialect::kC64 : Dialect::kPc, disk.path());
  EXPECT_EQ(got, without_bytes_free(comparable(slurp(out), is_c64)))
      << machine << "/" << name << ": the session differs from the recording";
}

// ---- the recorded sessions -------------------------------------------------------------

class PcCommandSession : public ::testing::TestWithParam<std::string> {};
TEST_P(PcCommandSession, PrintsWhatPcBasicPrinted) {
  check_recording("pc", GetParam());
}
INSTANTIATE_TEST_SUITE_P(Recorded, PcCommandSession,
                         ::testing::Values("merge", "files", "name", "tron", "auto", "auto_step",
                                           "auto_existing", "edit", "edit_missing", "system"));

// The current line (".") and the ranges of LIST, LLIST, DELETE and EDIT; what CONT does
// after END, errors, CLEAR and typed lines; the typed line that clears the variables
// even when refused; INPUT's fields; a tab typed in a line; the line shown for editing
// after a Syntax error, the cursor where the error was found; file names that are
// expressions, and empty ones (PC-BASIC 2.0.5).
INSTANTIATE_TEST_SUITE_P(RecordedRanges, PcCommandSession,
                         ::testing::Values("list_dot", "list_ranges", "list_file", "delete_ranges",
                                           "edit_dot", "cont_end", "cont_error", "cont_kept",
                                           "store_clears", "input_fields", "renum_keeps",
                                           "renum_forms", "clear_forms", "run_file", "store_number",
                                           "tab_typed", "syntax_edit", "file_expressions",
                                           "junk_edit"));

// The prompt's commands in a line run: CHAIN with COMMON typed and in a program, its
// File not found, SAVE "F",A ending the run, AUTO and EDIT in a program (PC-BASIC 2.0.5;
// FACTS.md "Prompt commands in a program").
INSTANTIATE_TEST_SUITE_P(RecordedInProgram, PcCommandSession,
                         ::testing::Values("chain_typed", "auto_in_program", "edit_in_program"));

// Paths in file names: folders inside the disk, Z:, CHDIR's current folder shared by the
// prompt and a run, FILES' heading, other drives and ports; LIST's file an expression.
INSTANTIATE_TEST_SUITE_P(RecordedPaths, PcCommandSession,
                         ::testing::Values("files2_folders", "files2_list_expr"));

class C64CommandSession : public ::testing::TestWithParam<std::string> {};
TEST_P(C64CommandSession, PrintsWhatTheRomPrinted) {
  check_recording("c64", GetParam());
}
INSTANTIATE_TEST_SUITE_P(Recorded, C64CommandSession,
                         ::testing::Values("verify", "cont_end", "cont_error", "store_clears",
                                           "list_spaces", "store_spaces", "list_program",
                                           "new_program", "pi", "list_range"));

// CMD holds at READY.: the ROM prints READY., LIST's lines and BREAK through CHROUT, so
// they go to CMD's file ("\r\nREADY.\r\n" as the ROM's string has it) until an error or
// PRINT# gives the screen back (cbmbasic wrote cmd_ready.X.prg as its file X).
TEST(C64CommandSession, CmdHoldsTheOutputAtReady) {
  const fs::path dir = data_dir() / "c64";
  TempDir disk;
  std::string got = run(typed_lines(dir / "cmd_ready.txt"), Dialect::kC64, disk.path());
  EXPECT_EQ(got, comparable(slurp(dir / "cmd_ready.out"), true));
  EXPECT_EQ(slurp(disk.path() / "X.prg"), slurp(dir / "cmd_ready.X.prg"));
}

// A recording added to data/prompt later is run too.
TEST(PromptCommandSessions, EveryRecordingInTheFolderPasses) {
  for (std::string machine : {"pc", "c64"}) {
    for (const auto& entry : fs::directory_iterator(data_dir() / machine)) {
      if (entry.path().extension() == ".txt") check_recording(machine, entry.path().stem());
    }
  }
}

// ---- MERGE -------------------------------------------------------------------------------

// PC-BASIC 2.0.5 with the same PART.BAS (written beforehand): the lines before the bad
// one are merged, a number alone deletes its line.
TEST(PromptMerge, StopsAtALineWithoutANumberKeepingWhatWasMerged) {
  TempDir disk;
  std::ofstream(disk.path() / "PART.BAS", std::ios::binary)
      << "10 PRINT \"A\"\r\n\r\n20 PRINT \"B\"\r\n30\r\nPRINT \"C\"\r\n40 PRINT \"D\"\r\n\x1A";
  EXPECT_EQ(pc({"30 PRINT 3", "50 PRINT 5", "MERGE \"PART\"", "LIST", "SYSTEM"}, disk.path()),
            "Ok\n30 PRINT 3\n50 PRINT 5\nMERGE \"PART\"\nDirect statement in file\nOk\nLIST\n"
            "10 PRINT \"A\"\n20 PRINT \"B\"\n50 PRINT 5\nOk\nSYSTEM\n");
}

TEST(PromptMerge, ANumberAloneForAMissingLineStopsIt) {
  TempDir disk;
  std::ofstream(disk.path() / "PART.BAS", std::ios::binary)
      << "10 PRINT \"A\"\r\n35\r\n20 PRINT \"B\"\r\n";
  EXPECT_EQ(pc({"50 PRINT 5", "MERGE \"PART\"", "LIST", "SYSTEM"}, disk.path()),
            "Ok\n50 PRINT 5\nMERGE \"PART\"\nUndefined line number\nOk\nLIST\n10 PRINT \"A\"\n"
            "50 PRINT 5\nOk\nSYSTEM\n");
}

// ---- FILES -------------------------------------------------------------------------------

// PC-BASIC 2.0.5 listed a folder holding these names so (its own host's names: a folder,
// lower case, too long, a space, two dots); hidden names and links are not the disk's.
TEST(PromptFiles, NamesNoDosDiskHasAreShownAsPcBasicShowsThem) {
  TempDir disk;
  fs::create_directory(disk.path() / "SUB");
  fs::create_directory(disk.path() / "sublong_dirname");
  for (const char* name : {"hello.prg", "ABC", "LONGFILENAME.TEXT", ".hidden", "a b.txt", "x.y.z"})
    std::ofstream(disk.path() / name) << "x";
  fs::create_symlink("/etc/passwd", disk.path() / "LINK.BAS");
  auto listing = Disk(disk.path(), Dialect::kPc).listing("");
  ASSERT_TRUE(listing);
  EXPECT_EQ(*listing, (std::vector<std::string>{
                          "        .   <DIR>", "        ..  <DIR>", "SUB         <DIR>",
                          "sublong+    <DIR>", "A B     .TXT     ", "ABC              ",
                          "HELLO   .PRG     ", "LONGFIL+.TE+     ", "x       .y.z     "}));
  EXPECT_EQ(*Disk(disk.path(), Dialect::kPc).listing("*.???"),
            (std::vector<std::string>{"A B     .TXT     ", "HELLO   .PRG     ", "LONGFIL+.TE+     ",
                                      "x       .y.z     "}));
  EXPECT_EQ(*Disk(disk.path(), Dialect::kPc).listing("h*.p*"),
            (std::vector<std::string>{"HELLO   .PRG     "}));
}

TEST(PromptFiles, APathIsFileNotFoundAndNoDiskListsNothing) {
  TempDir disk;
  EXPECT_EQ(pc({"FILES \"A:*\"", "FILES \"SUB\\*.*\"", "SYSTEM"}, disk.path()),
            "Ok\nFILES \"A:*\"\nFile not found\nOk\nFILES \"SUB\\*.*\"\nFile not found\nOk\n"
            "SYSTEM\n");
  EXPECT_EQ(pc({"FILES", "SYSTEM"}, {}), "Ok\nFILES\nZ:\\\nFile not found\nOk\nSYSTEM\n");
  // The folder is made by the first SAVE: until then it is an empty disk.
  EXPECT_EQ(pc({"FILES", "SYSTEM"}, disk.path() / "later"),
            "Ok\nFILES\nZ:\\\n        .   <DIR>         ..  <DIR>\n N Bytes free\n\nOk\nSYSTEM\n");
}

// Files opened by typed lines and by a program on the disk (PC-BASIC 2.0.5 ran these
// lines, typed, in an empty folder): RUN closes #1 (written with its end mark), the
// program's append file stays open until CLOSE, and the text is there to read back.
TEST(PromptFiles, TypedLinesAndProgramsShareTheDisksFiles) {
  TempDir disk;
  EXPECT_EQ(pc({"OPEN \"O\",#1,\"NOTE.TXT\"", "PRINT #1, \"HI\";2", "10 OPEN \"A\",#2,\"NOTE.TXT\"",
                "RUN", "CLOSE", "FILES \"*.TXT\"", "OPEN \"I\",#1,\"NOTE.TXT\"",
                "LINE INPUT #1, A$: PRINT A$; LOF(1)", "SYSTEM"},
               disk.path()),
            "Ok\nOPEN \"O\",#1,\"NOTE.TXT\"\nOk\nPRINT #1, \"HI\";2\nOk\n"
            "10 OPEN \"A\",#2,\"NOTE.TXT\"\nRUN\nOk\nCLOSE\nOk\nFILES \"*.TXT\"\nZ:\\\n"
            "NOTE    .TXT     \n N Bytes free\n\nOk\nOPEN \"I\",#1,\"NOTE.TXT\"\nOk\n"
            "LINE INPUT #1, A$: PRINT A$; LOF(1)\nHI 2  8 \nOk\nSYSTEM\n");
}

// LPRINT's text waits for a printer headless PC-BASIC has not got: a program running off
// its end says so before Ok; END says it in its line; LLIST typed says nothing (PC-BASIC
// 2.0.5 ran these lines typed).
TEST(PromptFiles, ThePrinterIsRefusedWhenAProgramEnds) {
  TempDir disk;
  EXPECT_EQ(
      pc({"10 LPRINT \"X\"", "RUN", "PRINT 5", "20 END", "RUN", "LLIST", "SYSTEM"}, disk.path()),
      "Ok\n10 LPRINT \"X\"\nRUN\nDevice I/O error\nOk\nPRINT 5\n 5 \nOk\n20 END\nRUN\n"
      "Device I/O error in 20\nOk\nLLIST\nOk\nSYSTEM\n");
}

TEST(PromptFiles, TheScreenHoldsTwoNamesARow) {
  TempDir disk;
  PromptOptions options;
  options.disk = disk.path();
  machine::StringSink sink;
  machine::ScriptedInput input({"FILES", "SYSTEM"});
  machine::MachineConfig config;
  config.batch = true;
  config.batch_width = 40;
  config.output = &sink;
  config.input = &input;
  config.echo = true;
  machine::Machine machine(config);
  Prompt(machine, options).session();
  machine.flush();
  EXPECT_NE(sink.text().find("Z:\\\n        .   <DIR>         ..  <DIR>\n"), std::string::npos)
      << sink.text();
}

// ---- NAME --------------------------------------------------------------------------------

// Where PC-BASIC takes a device (it renamed M1.BAS to a file CON) the disk's rules refuse;
// "../X" is X in the disk folder, whose ".." is itself (PC-BASIC's too): nothing leaves it.
TEST(PromptName, NamesStayInsideTheFolder) {
  TempDir disk;
  fs::create_directories(disk.path() / "in");
  fs::path folder = disk.path() / "in";
  EXPECT_EQ(pc({"10 PRINT 1", "SAVE \"M1\",A", "NAME \"M1.BAS\" AS \"CON\"",
                "NAME \"M1.BAS\" AS \"../X\"", "NAME \"X\" AS \"M1.BAS\"", "SYSTEM"},
               folder),
            "Ok\n10 PRINT 1\nSAVE \"M1\",A\nOk\nNAME \"M1.BAS\" AS \"CON\"\nBad file name\nOk\n"
            "NAME \"M1.BAS\" AS \"../X\"\nOk\nNAME \"X\" AS \"M1.BAS\"\nOk\nSYSTEM\n");
  EXPECT_TRUE(fs::exists(folder / "M1.BAS"));
  EXPECT_FALSE(fs::exists(disk.path() / "X"));
  fs::create_symlink("/etc/passwd", folder / "LINK.BAS");
  Disk d(folder, Dialect::kPc);
  EXPECT_EQ(d.rename("LINK.BAS", "STOLEN.BAS"), DiskFault::kBadName);
  EXPECT_EQ(d.rename("M1.BAS", "LINK.BAS"), DiskFault::kBadName);
  EXPECT_EQ(d.rename("M1.BAS", "M2.BAS"), DiskFault::kNone);
  EXPECT_TRUE(fs::exists(folder / "M2.BAS"));
}

// ---- MKDIR, RMDIR, CHDIR (in a program) ----------------------------------------------------

// Folders inside the disk folder only: a path, a link or a device is a bad name, CHDIR
// finds the folder but never moves the disk (Path/File access error), and RMDIR keeps a
// folder that holds anything.
TEST(DiskFolders, StayInsideTheFolder) {
  TempDir disk;
  fs::path folder = disk.path() / "in";
  Disk d(folder, Dialect::kPc);
  using Op = Disk::FolderOp;
  EXPECT_EQ(d.folder_command(Op::kMake, "SUB"), DiskFault::kNone);  // the disk folder too
  EXPECT_TRUE(fs::is_directory(folder / "SUB"));
  EXPECT_EQ(d.folder_command(Op::kMake, "../OUT"), DiskFault::kNone);  // the root's ".."
  EXPECT_TRUE(fs::is_directory(folder / "OUT"));
  EXPECT_EQ(d.folder_command(Op::kMake, "CON"), DiskFault::kBadName);
  EXPECT_FALSE(fs::exists(disk.path() / "OUT"));
  EXPECT_EQ(d.folder_command(Op::kChange, "NONE"), DiskFault::kPathNotFound);
  fs::create_directories(disk.path() / "outside");
  fs::create_directory_symlink(disk.path() / "outside", folder / "LINK");
  EXPECT_EQ(d.folder_command(Op::kRemove, "LINK"), DiskFault::kBadName);
  EXPECT_TRUE(fs::exists(disk.path() / "outside"));
  std::ofstream(folder / "SUB" / "KEEP.TXT") << "x";
  EXPECT_EQ(d.folder_command(Op::kRemove, "SUB"), DiskFault::kIo);
  fs::remove(folder / "SUB" / "KEEP.TXT");
  EXPECT_EQ(d.folder_command(Op::kRemove, "SUB"), DiskFault::kNone);
  EXPECT_FALSE(fs::exists(folder / "SUB"));
}

// Paths in names (PC-BASIC's drive Z:): folders inside the disk folder only. "..", "\",
// "/", a link, NUL bytes, long names and other drives never reach outside it.
TEST(DiskFolders, PathsStayInsideTheFolder) {
  TempDir disk;
  const fs::path folder = disk.path() / "in";
  Disk d(folder, Dialect::kPc);
  using Op = Disk::FolderOp;
  ASSERT_EQ(d.folder_command(Op::kMake, "SUB"), DiskFault::kNone);
  ASSERT_EQ(d.folder_command(Op::kMake, "SUB\\A"), DiskFault::kNone);
  EXPECT_EQ(d.current_name(), "Z:\\");
  EXPECT_EQ(d.folder_command(Op::kChange, "sub/a"), DiskFault::kNone);
  EXPECT_EQ(d.current_name(), "Z:\\SUB\\A");
  EXPECT_EQ(std::get<fs::path>(d.file("F.TXT", false)), folder / "SUB" / "A" / "F.TXT");
  EXPECT_EQ(std::get<fs::path>(d.file("..\\..\\..\\..\\F", true)), folder / "F.BAS");
  EXPECT_EQ(std::get<fs::path>(d.file("Z:\\SUB\\.\\F.", true)), folder / "SUB" / "F");
  // Copies share the current folder (the prompt's disk and a run's).
  Disk copy = d;
  EXPECT_EQ(copy.folder_command(Op::kChange, "Z:..\\.."), DiskFault::kNone);
  EXPECT_EQ(d.current_name(), "Z:\\");
  // A name is never a host path, nor holds a NUL, a long name or a second drive.
  for (std::string_view bad : {"/etc/passwd", "//x", "SUB\\A:B", "SUB\\LONGFILENAME.TXT",
                               "LONGNAMEDIR\\F", "SUB\\*", "..."}) {
    EXPECT_EQ(d.file(bad, false).index(), 1u) << bad;
    EXPECT_EQ(std::get<DiskFault>(d.file(bad, false)), DiskFault::kBadName) << bad;
  }
  EXPECT_EQ(std::get<DiskFault>(d.file(std::string("SUB\\F\0X", 7), false)), DiskFault::kBadName);
  EXPECT_EQ(std::get<DiskFault>(d.file("A:F.TXT", false)), DiskFault::kPathNotFound);
  EXPECT_EQ(std::get<DiskFault>(d.file("NO\\F.TXT", false)), DiskFault::kPathNotFound);
  EXPECT_EQ(std::get<DiskFault>(d.file("COM1:", false)), DiskFault::kDeviceUnavailable);
  // A link to a folder outside is no folder of the disk: not entered, listed or written.
  fs::create_directories(disk.path() / "outside");
  std::ofstream(disk.path() / "outside" / "SECRET.TXT") << "x";
  fs::create_directory_symlink(disk.path() / "outside", folder / "LINK");
  EXPECT_EQ(d.folder_command(Op::kChange, "LINK"), DiskFault::kPathNotFound);
  EXPECT_EQ(d.read("LINK\\SECRET.TXT", false).fault, DiskFault::kPathNotFound);
  EXPECT_EQ(d.write("LINK\\NEW.TXT", false, "x"), DiskFault::kPathNotFound);
  EXPECT_EQ(d.folder_command(Op::kMake, "LINK\\NEW"), DiskFault::kPathNotFound);
  EXPECT_EQ(d.folder_command(Op::kRemove, "LINK"), DiskFault::kBadName);
  EXPECT_FALSE(d.listing("LINK\\*.*"));
  EXPECT_FALSE(fs::exists(disk.path() / "outside" / "NEW.TXT"));
  EXPECT_FALSE(fs::exists(disk.path() / "outside" / "NEW"));
  // The current folder taken away by the host: Path not found, never a folder elsewhere.
  ASSERT_EQ(d.folder_command(Op::kChange, "SUB\\A"), DiskFault::kNone);
  fs::remove_all(folder / "SUB");
  EXPECT_EQ(std::get<DiskFault>(d.file("F.TXT", false)), DiskFault::kPathNotFound);
  EXPECT_EQ(d.write("F.TXT", false, "x"), DiskFault::kPathNotFound);
  EXPECT_EQ(d.folder_command(Op::kChange, "\\"), DiskFault::kNone);
  EXPECT_EQ(d.current_name(), "Z:\\");
}

// ---- FILES (in a program) ----------------------------------------------------------------

// The prompt's listing, from a program: the bytes free are the host's, so the output is
// checked here rather than recorded (programs/files_statement.bas has the errors).
TEST(ProgramFiles, ListsAsThePromptDoes) {
  TempDir disk;
  std::ofstream(disk.path() / "HELLO.BAS") << "x";
  std::ofstream(disk.path() / "DATA.TXT") << "x";
  BatchOptions o;
  o.disk = disk.path();
  BatchRun r = run_batch("10 FILES \"*.BAS\"\n20 FILES\n30 PRINT \"OK\"\n", o);
  ASSERT_TRUE(r.parsed) << r.load_error;
  // Between two runs the host's free bytes may move: the number is taken from the output.
  auto masked = [](std::string text) {
    for (std::size_t at = 0; (at = text.find(" Bytes free", at)) != std::string::npos; ++at) {
      std::size_t start = text.rfind('\n', at) + 1;
      text.replace(start, at - start, " N");
      at = start + 2;
    }
    return text;
  };
  EXPECT_EQ(masked(r.output),
            "Z:\\\nHELLO   .BAS     \n N Bytes free\n\nZ:\\\n"
            "        .   <DIR>         ..  <DIR> DATA    .TXT      HELLO   .BAS     \n"
            " N Bytes free\n\nOK\n");
}

// ---- TRON --------------------------------------------------------------------------------

TEST(PromptTron, IsAStatementTooAndTheC64HasNone) {
  TempDir disk;
  EXPECT_EQ(pc({"10 TRON", "20 PRINT 1", "30 TROFF", "40 PRINT 2", "RUN", "SYSTEM"}, disk.path()),
            "Ok\n10 TRON\n20 PRINT 1\n30 TROFF\n40 PRINT 2\nRUN\n[20] 1 \n[30] 2 \nOk\nSYSTEM\n");
  EXPECT_EQ(run({"TRON"}, Dialect::kC64, disk.path()), "\n?SYNTAX  ERROR\nREADY.\n");
}

}  // namespace
}  // namespace amazing::basic

namespace amazing::basic {
namespace {

// The AMAZING listings the program finds are on every disk: LOAD "AMAZING" and LIST 690-700
// show the 1978 line 695 bug; a file of the same name in the folder comes first.
// The c64's files at READY.: the KERNAL's table lasts from one typed line to the next,
// so an OPEN that failed leaves its number open (FACTS.md "C64 files"); SAVE and LOAD to
// the keyboard, RS-232 or the screen are ?ILLEGAL DEVICE NUMBER, to device 9 not present.
TEST(C64PromptFiles, FilesLastFromLineToLineAndDevicesAreTheKernals) {
  prompt_testing::TempDir disk;
  std::string got = run({"OPEN 1,8,1,\"DATA\"", "PRINT#1,\"HI\"", "CLOSE 1",
                         "OPEN 1,8,0,\"DATA\":INPUT#1,A$:PRINT A$;ST", "OPEN 4,4,0,\"X\"",
                         "OPEN 4,4", "10 REM", "SAVE \"P\",3", "LOAD \"P\",0", "SAVE \"P\",9"},
                        Dialect::kC64, disk.path());
  EXPECT_NE(got.find("HI 64"), std::string::npos) << got;
  EXPECT_NE(got.find("?DEVICE NOT PRESENT  ERROR\nREADY.\n\n?FILE OPEN  ERROR"), std::string::npos)
      << got;
  EXPECT_NE(got.find("?ILLEGAL DEVICE NUMBER  ERROR\nREADY.\n\n?ILLEGAL DEVICE NUMBER  ERROR\n"
                     "READY.\n\n?DEVICE NOT PRESENT  ERROR"),
            std::string::npos)
      << got;
}

// RUN in a typed line (c64): CLR, then the program from its start or line n; with no
// program the line simply ends (the ROM finds the program's end at once).
TEST(C64PromptFiles, RunInATypedLineRunsTheProgram) {
  prompt_testing::TempDir disk;
  std::string got = run({"PRINT 1:RUN", "10 PRINT \"A\";X:X=5", "X=7:PRINT 2:RUN 10"},
                        Dialect::kC64, disk.path());
  EXPECT_EQ(got, " 1\x1b[C\n\nREADY.\n 2\x1b[C\nA 0\x1b[C\n\nREADY.\n") << got;
}

TEST(ListingsOnTheDisk, LoadAmazingListsTheBookListing) {
  // This test program is not build/amazing: it has no share/amazing beside it
  // (machine::data_dir), so the reference listings are named the way a user would.
  setenv("AMAZING_ROM_DIR", (fs::path(AMAZING_SHARED_DIR) / "roms").c_str(), 0);
  if (!find_listing(core::Variant::kBook)) {
    const char* require = std::getenv("AMAZING_REQUIRE_ORACLE");
    if (require != nullptr && std::string(require) == "1")
      FAIL() << "the AMAZING listings (../shared/roms) are missing";
    GTEST_SKIP() << "the AMAZING listings (../shared/roms or roms/) are missing";
  }
  prompt_testing::TempDir disk;
  std::string got = run({"LOAD \"AMAZING\"", "LIST 695", "LOAD \"AMAZFIX.BAS\"", "LIST 695",
                         "LOAD \"AMAZEXIT\"", "LIST 1014", "SYSTEM"},
                        Dialect::kPc, disk.path());
  EXPECT_NE(got.find("LIST 695\n695 Q=1:GOTO 830\n"), std::string::npos) << got;
  EXPECT_NE(got.find("LIST 695\n695 Q=1:GOTO 710\n"), std::string::npos) << got;
  EXPECT_NE(got.find("LIST 1014\n1014 V(X,V)=1\n"), std::string::npos) << got;
  std::string c64 = run({"LOAD \"AMAZING\",8", "LIST 695"}, Dialect::kC64, disk.path());
  EXPECT_NE(c64.find("695 Q=1:GOTO 830"), std::string::npos) << c64;
  // The user's own AMAZING.BAS comes first.
  run({"10 PRINT \"MINE\"", "SAVE \"AMAZING\"", "SYSTEM"}, Dialect::kPc, disk.path());
  std::string mine = run({"LOAD \"AMAZING\"", "LIST", "SYSTEM"}, Dialect::kPc, disk.path());
  EXPECT_NE(mine.find("10 PRINT \"MINE\""), std::string::npos) << mine;
  EXPECT_EQ(mine.find("695"), std::string::npos) << mine;
}

}  // namespace
}  // namespace amazing::basic

namespace amazing::basic {
namespace {

// AUTO numbers the lines typed until Ctrl-C (Prompt::interrupt_typing; PC-BASIC's own
// session in data/prompt has no Ctrl-C, which a batch transcript cannot type): then Ok,
// and the lines are stored as typed after their numbers.
TEST(AutoAndEdit, CtrlCEndsAutoAndTheNumberedLinesAreStored) {
  machine::StringSink sink;
  machine::ScriptedInput input({});
  machine::MachineConfig config;
  config.batch = true;
  config.batch_width = 80;
  config.output = &sink;
  config.input = &input;
  config.echo = true;
  machine::Machine machine(config);
  PromptOptions options;
  Prompt prompt(machine, options);
  for (const char* typed : {"10 PRINT 1", "AUTO 20", "REM X", "REM Y"}) prompt.enter(typed);
  prompt.interrupt_typing();
  prompt.enter("LIST");
  machine.flush();
  EXPECT_EQ(comparable(sink.text(), false),
            "10 PRINT 1\nAUTO 20\n20 20 REM X\n30 30 REM Y\n40 \nOk\nLIST\n10 PRINT 1\n"
            "20 REM X\n30 REM Y\nOk\n");
}

}  // namespace
}  // namespace amazing::basic
