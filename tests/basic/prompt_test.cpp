// The BASIC prompt (src/basic/prompt.hpp): the recorded sessions of ../shared/prompt
// (PC-BASIC 2.0.5 and the C64 ROM, typed lines -> what they printed), and the prompt's
// parts: line storage, LIST ranges, RENUM, CONT, SAVE/LOAD and the bytes SAVE writes.
// Without ../shared/prompt the session tests skip; with AMAZING_REQUIRE_ORACLE=1 they fail.

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "basic/disk.hpp"
#include "basic/program_text.hpp"
#include "basic/prompt.hpp"
#include "basic/saved_program.hpp"
#include "prompt_helpers.hpp"

namespace amazing::basic {
namespace {

namespace fs = std::filesystem;

fs::path prompt_dir() {
  return fs::path(AMAZING_SHARED_DIR) / "prompt";
}

bool required() {
  const char* v = std::getenv("AMAZING_REQUIRE_ORACLE");
  return v != nullptr && std::string_view(v) == "1";
}

#define PROMPT_RECORDINGS_OR_SKIP()                                                            \
  do {                                                                                         \
    if (!fs::is_directory(prompt_dir())) {                                                     \
      if (required())                                                                          \
        FAIL() << "AMAZING_REQUIRE_ORACLE=1 but the prompt recordings " << prompt_dir()        \
               << " are missing (shared/prompt next to the project, or -DAMAZING_SHARED_DIR)"; \
      GTEST_SKIP() << "no prompt recordings at " << prompt_dir()                               \
                   << " (the shared/prompt folder is not next to the project)";                \
    }                                                                                          \
  } while (0)

using prompt_testing::comparable;
using prompt_testing::slurp;
using prompt_testing::TempDir;
using prompt_testing::typed_lines;

std::string session(const std::vector<std::string>& typed, Dialect dialect,
                    const fs::path& disk = {}) {
  PromptOptions options;
  options.dialect = dialect;
  options.disk = disk;
  options.max_steps = 1'000'000;
  return run_prompt(typed, options);
}
std::string pc(const std::vector<std::string>& typed, const fs::path& disk = {}) {
  return comparable(session(typed, Dialect::kPc, disk), false);
}
std::string c64(const std::vector<std::string>& typed, const fs::path& disk = {}) {
  return comparable(session(typed, Dialect::kC64, disk), true);
}

// ---- the recorded sessions -------------------------------------------------------------

void check_recording(const std::string& machine, const std::string& name) {
  fs::path typed = prompt_dir() / machine / (name + ".txt");
  fs::path out = prompt_dir() / machine / (name + ".out");
  ASSERT_TRUE(fs::exists(typed) && fs::exists(out)) << typed << " or " << out << " missing";
  const bool is_c64 = machine == "c64";
  TempDir disk;
  std::string got = session(typed_lines(typed), is_c64 ? Dialect::kC64 : Dialect::kPc, disk.path());
  EXPECT_EQ(comparable(got, is_c64), comparable(slurp(out), is_c64))
      << machine << "/" << name << ": the session differs from the recording";
}

class PcSession : public ::testing::TestWithParam<std::string> {};
TEST_P(PcSession, PrintsWhatPcBasicPrinted) {
  PROMPT_RECORDINGS_OR_SKIP();
  check_recording("pc", GetParam());
}
INSTANTIATE_TEST_SUITE_P(Recorded, PcSession,
                         ::testing::Values("p01", "p02", "p03", "p04", "p05", "p06", "p07", "p08",
                                           "p09", "p10"));

class C64Session : public ::testing::TestWithParam<std::string> {};
TEST_P(C64Session, PrintsWhatTheC64Printed) {
  PROMPT_RECORDINGS_OR_SKIP();
  check_recording("c64", GetParam());
}
INSTANTIATE_TEST_SUITE_P(Recorded, C64Session,
                         ::testing::Values("c01", "c02", "c03", "c04", "c05", "c06", "c07", "c08"));

// A recording added later is run too.
TEST(PromptSessions, EveryRecordingInTheFolderPasses) {
  PROMPT_RECORDINGS_OR_SKIP();
  for (std::string machine : {"pc", "c64"}) {
    for (const auto& entry : fs::directory_iterator(prompt_dir() / machine)) {
      if (entry.path().extension() != ".txt") continue;
      check_recording(machine, entry.path().stem().string());
    }
  }
}

// ---- line storage ----------------------------------------------------------------------

TEST(PromptLines, StoredAsTheMachineListsThem) {
  EXPECT_EQ(list_form(Dialect::kPc, " print \"x\":goto 50"), "PRINT \"x\":GOTO 50");
  EXPECT_EQ(list_form(Dialect::kPc, " ? \"a\";"), "PRINT \"a\";");
  EXPECT_EQ(list_form(Dialect::kPc, " rem keep Case"), "REM keep Case");
  EXPECT_EQ(list_form(Dialect::kPc, " data abc, \"d\":print x"), "DATA abc, \"d\":PRINT X");
  EXPECT_EQ(list_form(Dialect::kPc, " x=1 ' a ? note"), "X=1 ' a ? note");
  EXPECT_EQ(list_form(Dialect::kC64, "   ?\"a\";"), "PRINT\"A\";");
  EXPECT_EQ(list_form(Dialect::kC64, " list"), "LIST");
}

TEST(PromptLines, TypingStoresReplacesAndDeletes) {
  std::string out = pc({"20 print 2", "10 print 1", "20 print 3", "10", "LIST", "15", "SYSTEM"});
  EXPECT_EQ(out,
            "Ok\n20 print 2\n10 print 1\n20 print 3\n10\nLIST\n20 PRINT 3\nOk\n15\n"
            "Undefined line number\nOk\nSYSTEM\n");
  EXPECT_EQ(c64({"20 print 2", "10 print 1", "10", "15", "list"}), "\n20 PRINT 2\nREADY.\n");
}

TEST(PromptLines, VariablesStayBetweenDirectLinesAndGoWithAnEdit) {
  EXPECT_EQ(pc({"A=5", "PRINT A", "10 PRINT A", "PRINT A", "SYSTEM"}),
            "Ok\nA=5\nOk\nPRINT A\n 5 \nOk\n10 PRINT A\nPRINT A\n 0 \nOk\nSYSTEM\n");
  EXPECT_EQ(c64({"A=5", "PRINT A"}), "\nREADY.\n 5\x1b[C\n\nREADY.\n");
}

TEST(PromptLines, ErrorsInDirectModeHaveNoLineAndInAProgramTheirLine) {
  // PC-BASIC 2.0.5: after the Syntax error in 10 the line is shown for editing, the
  // cursor at FOO, and the next typed line goes there; the one after is direct.
  EXPECT_EQ(pc({"10 X=1/0:FOO", "RUN", "FOO", "FOO", "SYSTEM"}),
            "Ok\n10 X=1/0:FOO\nRUN\nDivision by zero\nSyntax error in 10\nOk\n"
            "10 X=1/0:FOO10 X=1/0:FOOFOO\nFOO\nSyntax error\nOk\nSYSTEM\n");
  EXPECT_EQ(c64({"10 FOO", "RUN", "FOO"}),
            "\n?SYNTAX  ERROR IN 10\nREADY.\n\n?SYNTAX  ERROR\nREADY.\n");
}

// ---- LIST --------------------------------------------------------------------------------

TEST(PromptList, Ranges) {
  std::vector<std::string> program = {"100 A=1", "110 A=2", "120 A=3", "130 A=4"};
  auto listed = [&](const std::string& list) {
    std::vector<std::string> typed = program;
    typed.push_back(list);
    typed.push_back("SYSTEM");
    std::string out = pc(typed);
    std::size_t from = out.find(list + "\n") + list.size() + 1;
    return out.substr(from, out.find("Ok\n", from) - from);
  };
  EXPECT_EQ(listed("LIST"), "100 A=1\n110 A=2\n120 A=3\n130 A=4\n");
  EXPECT_EQ(listed("LIST 110-120"), "110 A=2\n120 A=3\n");
  EXPECT_EQ(listed("LIST -110"), "100 A=1\n110 A=2\n");
  EXPECT_EQ(listed("LIST 120-"), "120 A=3\n130 A=4\n");
  EXPECT_EQ(listed("LIST 110"), "110 A=2\n");
  EXPECT_EQ(listed("LIST 115"), "");
  EXPECT_EQ(listed("LIST X"), "Syntax error\n");
}

// ---- RENUM and DELETE --------------------------------------------------------------------

TEST(PromptRenum, RenumbersLinesAndEveryReference) {
  std::string out = pc({"5 ON X GOTO 7,9:GOSUB 9", "7 IF X THEN 9 ELSE 5", "9 RESTORE 7:RUN 5",
                        "11 GOTO 500", "RENUM", "LIST", "RENUM 100,30,5", "LIST", "SYSTEM"});
  EXPECT_NE(out.find("RENUM\nUndefined line 500 in 40\nOk\n"), std::string::npos) << out;
  EXPECT_NE(out.find("10 ON X GOTO 20,30:GOSUB 30\n20 IF X THEN 30 ELSE 10\n"
                     "30 RESTORE 20:RUN 10\n40 GOTO 500\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("10 ON X GOTO 20,100:GOSUB 100\n20 IF X THEN 100 ELSE 10\n"
                     "100 RESTORE 20:RUN 10\n105 GOTO 500\n"),
            std::string::npos)
      << out;
}

TEST(PromptRenum, RefusesNumbersThatWouldCollideOrOverflow) {
  EXPECT_NE(pc({"10 A=1", "20 A=2", "RENUM 5,20", "SYSTEM"}).find("Illegal function call"),
            std::string::npos);
  EXPECT_NE(pc({"10 A=1", "20 A=2", "RENUM 65520,10,20", "SYSTEM"}).find("Illegal function call"),
            std::string::npos);
  EXPECT_NE(pc({"10 A=1", "RENUM 10,10,0", "SYSTEM"}).find("Illegal function call"),
            std::string::npos);
}

TEST(PromptDelete, RangesAndAMissingLine) {
  std::string out = pc({"10 A=1", "20 A=2", "30 A=3", "DELETE 25", "DELETE -20", "LIST", "SYSTEM"});
  EXPECT_NE(out.find("DELETE 25\nIllegal function call\nOk\n"), std::string::npos) << out;
  EXPECT_NE(out.find("DELETE -20\nOk\nLIST\n30 A=3\nOk\n"), std::string::npos) << out;
}

// ---- STOP and CONT -------------------------------------------------------------------------

TEST(PromptCont, RefusedAfterAnEditOrBeforeAnyStopAndOnTheC64AfterAnError) {
  EXPECT_NE(pc({"CONT", "SYSTEM"}).find("CONT\nCan't continue\nOk\n"), std::string::npos);
  std::string edited = pc({"10 STOP", "20 PRINT 2", "RUN", "20 PRINT 3", "CONT", "SYSTEM"});
  EXPECT_NE(edited.find("CONT\nCan't continue\n"), std::string::npos) << edited;
  // PC-BASIC keeps the place of the STOP through the error (data/prompt/pc/cont_error).
  std::string failed = pc({"10 STOP", "20 X=SQR(-1)", "RUN", "CONT", "CONT", "SYSTEM"});
  EXPECT_NE(
      failed.find("CONT\nIllegal function call in 20\nOk\nCONT\nIllegal function call in 20\n"),
      std::string::npos)
      << failed;
  EXPECT_EQ(c64({"10 STOP", "20 X=1/0", "RUN", "CONT", "CONT"}),
            "\nBREAK IN 10\nREADY.\n\n?DIVISION BY ZERO  ERROR IN 20\nREADY.\n\n"
            "?CAN'T CONTINUE  ERROR\nREADY.\n");
  EXPECT_EQ(c64({"10 STOP", "RUN", "10 STOP", "CONT"}),
            "\nBREAK IN 10\nREADY.\n\n?CAN'T CONTINUE  ERROR\nREADY.\n");
}

TEST(PromptCont, GotoFromThePromptKeepsTheVariables) {
  EXPECT_EQ(pc({"10 PRINT A", "A=7", "GOTO 10", "RUN", "SYSTEM"}),
            "Ok\n10 PRINT A\nA=7\nOk\nGOTO 10\n 7 \nOk\nRUN\n 0 \nOk\nSYSTEM\n");
}

TEST(PromptCont, ARunawayProgramBreaksAndContinues) {
  PromptOptions options;
  options.max_steps = 1000;
  std::string out = comparable(
      run_prompt({"10 A=A+1:GOTO 10", "RUN", "PRINT A>0", "CONT", "SYSTEM"}, options), false);
  EXPECT_EQ(out,
            "Ok\n10 A=A+1:GOTO 10\nRUN\nBreak\nOk\nPRINT A>0\n-1 \nOk\nCONT\nBreak\nOk\nSYSTEM\n");
}

// ---- SAVE and LOAD -------------------------------------------------------------------------

const ProgramLines kHello = {{10, "PRINT \"HELLO\";"}, {20, "FOR I=1 TO 3:PRINT I;:NEXT"}};

using prompt_testing::hex;

// The bytes PC-BASIC 2.0.5 and the C64 ROM wrote for the program in
// ../shared/prompt/files/README.md (files/pc/HELLO.BAS, HELLOA.BAS, files/c64/HELLO.prg).
constexpr std::string_view kHelloBas =
    "ff7d120a0091202248454c4c4f223b009212140082204"
    "9e71220cc20143a9120493b3a830000001a";
constexpr std::string_view kHelloPrg =
    "0108100"
    "80a0099202248454c4c4f223b002508140081204"
    "9b23120a420333a9920493b3a8200000"
    "0";

TEST(PromptSave, ReproducesTheReferenceBytes) {
  EXPECT_EQ(hex(gw_tokenised_file(kHello)), kHelloBas);
  EXPECT_EQ(gw_ascii_file(kHello), "10 PRINT \"HELLO\";\r\n20 FOR I=1 TO 3:PRINT I;:NEXT\r\n\x1A");
  EXPECT_EQ(hex(c64_prg_file(kHello)), kHelloPrg);
}

TEST(PromptSave, TheRecordedFilesAreTheBytesSaveWrites) {
  PROMPT_RECORDINGS_OR_SKIP();
  fs::path files = prompt_dir() / "files";
  EXPECT_EQ(hex(gw_tokenised_file(kHello)), hex(slurp(files / "pc" / "HELLO.BAS")));
  EXPECT_EQ(gw_ascii_file(kHello), slurp(files / "pc" / "HELLOA.BAS"));
  EXPECT_EQ(hex(gw_protected_file(kHello)), hex(slurp(files / "pc" / "HELLOP.BAS")));
  EXPECT_EQ(hex(c64_prg_file(kHello)), hex(slurp(files / "c64" / "HELLO.prg")));
  for (std::string name : {"HELLO.BAS", "HELLOA.BAS", "HELLOP.BAS"}) {
    auto loaded = read_gw_file(slurp(files / "pc" / name));
    ASSERT_TRUE(loaded) << name;
    EXPECT_EQ(loaded->lines, kHello) << name;
    EXPECT_EQ(loaded->protected_program, name == "HELLOP.BAS");
  }
  auto prg = read_c64_prg(slurp(files / "c64" / "HELLO.prg"));
  ASSERT_TRUE(prg);
  EXPECT_EQ(*prg, kHello);
}

TEST(PromptSave, TokenisedNumbersAndKeywordsRoundTrip) {
  ProgramLines lines = {
      {10, "A=0:B=10:C=11:D=255:E=256:F=32767:G=1.5:H=40000:I=&HFF:J=&O17"},
      {20, "IF A THEN 10 ELSE PRINT LEFT$(\"ab\",1);CHR$(65):GOSUB 10 ' note"},
      {30, "DATA 1,\"x\",3:REM done"},
      {40, "ON A GOTO 10,20,30:X#=1.25#:Y=123456789"},
  };
  auto back = read_gw_file(gw_tokenised_file(lines));
  ASSERT_TRUE(back);
  ProgramLines want = lines;
  want[10] = "A=0:B=10:C=11:D=255:E=256:F=32767:G=1.5:H=40000!:I=&HFF:J=&O17";
  want[40] = "ON A GOTO 10,20,30:X#=1.25#:Y=123456789#";  // a double LISTs with #
  EXPECT_EQ(back->lines, want);
  auto prg = read_c64_prg(c64_prg_file({{10, "FORI=1TO3:PRINTI:NEXT"}, {20, "REM FOR"}}));
  ASSERT_TRUE(prg);
  EXPECT_EQ((*prg)[10], "FORI=1TO3:PRINTI:NEXT");
  EXPECT_EQ((*prg)[20], "REM FOR");
}

TEST(PromptSave, SaveLoadAndKillAtThePrompt) {
  TempDir disk;
  std::string out =
      pc({"10 PRINT \"HI\"", "SAVE \"t1\"", "SAVE \"T2\",A", "NEW", "LOAD \"T1\"", "LIST",
          "LOAD \"t2.bas\",R", "KILL \"T1\"", "KILL \"T1.BAS\"", "LOAD \"T1\"", "SYSTEM"},
         disk.path());
  EXPECT_EQ(out,
            "Ok\n10 PRINT \"HI\"\nSAVE \"t1\"\nOk\nSAVE \"T2\",A\nOk\nNEW\nOk\nLOAD \"T1\"\nOk\n"
            "LIST\n10 PRINT \"HI\"\nOk\nLOAD \"t2.bas\",R\nHI\nOk\nKILL \"T1\"\nFile not found\n"
            "Ok\nKILL \"T1.BAS\"\nOk\nLOAD \"T1\"\nFile not found\nOk\nSYSTEM\n");
  EXPECT_TRUE(fs::exists(disk.path() / "T2.BAS"));
  EXPECT_EQ(slurp(disk.path() / "T2.BAS"), "10 PRINT \"HI\"\r\n\x1A");
  EXPECT_EQ(c64({"10 print \"hi\"", "save \"hello\",8", "new", "load \"hello\",8,1", "list"},
                disk.path()),
            "\nREADY.\n\nREADY.\n\nREADY.\n\n10 PRINT \"HI\"\nREADY.\n");
  EXPECT_TRUE(fs::exists(disk.path() / "HELLO.prg"));
}

// c64: SAVE over a file there is the 1541's 63, FILE EXISTS, which the KERNAL's SAVE
// never reads: READY. as if saved, the old file kept; "@0:" replaces it (the DOS's open:
// a name found and no "@" is FILE EXISTS; pinned by hand, cbmbasic has no drive).
TEST(PromptSave, C64SaveOverAFileThereKeepsItUnlessReplaced) {
  TempDir disk;
  EXPECT_EQ(c64({"10 print 1", "save \"p\",8", "10 print 2", "save \"p\",8",
                 "open 15,8,15:input#15,e,e$:print e;e$:close 15", "load \"p\",8", "list",
                 "10 print 3", "save \"@0:p\",8", "load \"p\",8", "list"},
                disk.path()),
            "\nREADY.\n\nREADY.\n 63\x1b[CFILE EXISTS\n\nREADY.\n\nREADY.\n\n"
            "10 PRINT 1\nREADY.\n\nREADY.\n\nREADY.\n\n10 PRINT 3\nREADY.\n");
}

TEST(PromptSave, AProtectedProgramLoadsAndRunsButDoesNotList) {
  TempDir disk;
  std::string out = pc({"10 PRINT \"SECRET\"", "SAVE \"P\",P", "NEW", "LOAD \"P\"", "LIST", "RUN",
                        "SAVE \"Q\"", "SYSTEM"},
                       disk.path());
  EXPECT_NE(out.find("LIST\nIllegal function call\nOk\nRUN\nSECRET\nOk\nSAVE \"Q\"\n"
                     "Illegal function call\n"),
            std::string::npos)
      << out;
}

TEST(PromptDisk, NamesStayInsideTheFolder) {
  TempDir disk;
  Disk pc_disk(disk.path(), Dialect::kPc);
  for (std::string bad :
       std::vector<std::string>{"", "/X", "//X", "..", ".", "A.B.C", "TOOLONGNAME", "A.BASI", "CON",
                                "nul", "LPT1.BAS", std::string("A\0B", 3), "A\\B:C", "*"}) {
    EXPECT_EQ(pc_disk.write(bad, true, "x"), DiskFault::kBadName) << bad;
  }
  // Paths (PC-BASIC's drive Z:): folders inside only; the root's ".." is the root.
  EXPECT_EQ(pc_disk.write("A/B", true, "x"), DiskFault::kPathNotFound);
  EXPECT_EQ(pc_disk.write("C:X", true, "x"), DiskFault::kPathNotFound);
  EXPECT_EQ(pc_disk.write("../X", true, "x"), DiskFault::kNone);
  EXPECT_TRUE(fs::exists(disk.path() / "X.BAS"));
  EXPECT_FALSE(fs::exists(disk.path().parent_path() / "X.BAS"));
  EXPECT_EQ(pc_disk.write("ok", true, "x"), DiskFault::kNone);
  EXPECT_TRUE(fs::exists(disk.path() / "OK.BAS"));
  fs::create_symlink("/etc/passwd", disk.path() / "LINK.BAS");
  EXPECT_EQ(pc_disk.read("LINK", true).fault, DiskFault::kBadName);
  EXPECT_EQ(pc_disk.write("LINK", true, "x"), DiskFault::kBadName);
  Disk c64_disk(disk.path(), Dialect::kC64);
  for (std::string bad : {"", "..", "A/B", "SEVENTEEN-LETTERS"})
    EXPECT_EQ(c64_disk.write(bad, true, "x"), DiskFault::kBadName) << bad;
  std::string out = pc({"SAVE \"../ESCAPE\"", "LOAD \"/etc/passwd\"", "SYSTEM"}, disk.path());
  EXPECT_EQ(out,
            "Ok\nSAVE \"../ESCAPE\"\nOk\nLOAD \"/etc/passwd\"\nBad file name\nOk\n"
            "SYSTEM\n");
  EXPECT_TRUE(fs::exists(disk.path() / "ESCAPE.BAS"));
  EXPECT_FALSE(fs::exists(disk.path().parent_path() / "ESCAPE.BAS"));
}

TEST(PromptDisk, TheDefaultFolderFollowsXdg) {
  const char* old = std::getenv("XDG_DATA_HOME");
  std::string saved = old ? old : "";
  ::setenv("XDG_DATA_HOME", "/tmp/xdg-data", 1);
  EXPECT_EQ(default_disk_folder(), fs::path("/tmp/xdg-data/amazing/disk"));
  ::unsetenv("XDG_DATA_HOME");
  if (const char* home = std::getenv("HOME"); home && *home) {
    EXPECT_EQ(default_disk_folder(), fs::path(home) / ".local/share/amazing/disk");
  }
  if (old) ::setenv("XDG_DATA_HOME", saved.c_str(), 1);
}

}  // namespace
}  // namespace amazing::basic
