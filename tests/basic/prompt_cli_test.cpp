// `amazing basic` without FILE: the machine at its prompt, run as a user runs it, with a
// recorded session of ../shared/prompt on standard input (skipped without the recordings,
// a failure with AMAZING_REQUIRE_ORACLE=1).

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "prompt_helpers.hpp"
#include "support/files.hpp"
#include "support/run.hpp"

namespace {

namespace fs = std::filesystem;
using amazing::basic::prompt_testing::comparable;
using amazing::basic::prompt_testing::slurp;
using amazing::test::Ran;

fs::path prompt_dir() {
  return fs::path(AMAZING_SHARED_DIR) / "prompt";
}

bool required() {
  const char* v = std::getenv("AMAZING_REQUIRE_ORACLE");
  return v != nullptr && std::string_view(v) == "1";
}

// A folder of this test's own (CTest runs tests in parallel).
const amazing::test::TempDir& temp() {
  static const amazing::test::TempDir dir("amazing-prompt-cli");
  return dir;
}
fs::path temp_path(const std::string& name) {
  return temp() / name;
}

// Runs the binary with `args`, standard input from `input_file` (or empty), standard
// error kept apart.
Ran run(const std::vector<std::string>& args, const fs::path& input_file = {}) {
  amazing::test::RunOptions o;
  o.input_path = input_file.string();
  return amazing::test::run_amazing(args, "", o);
}

TEST(PromptCli, RecordedSessionsThroughTheBinary) {
  if (!fs::is_directory(prompt_dir())) {
    if (required()) FAIL() << "AMAZING_REQUIRE_ORACLE=1 but " << prompt_dir() << " is missing";
    GTEST_SKIP() << "no prompt recordings at " << prompt_dir();
  }
  fs::path disk = temp_path("disk");
  for (auto [machine, name] : {std::pair{"pc", "p09"}, std::pair{"c64", "c03"}}) {
    fs::path dir = prompt_dir() / machine;
    Ran r = run({"basic", "--machine", machine, "--disk", disk.string()},
                dir / (std::string(name) + ".txt"));
    const bool c64 = std::string_view(machine) == "c64";
    EXPECT_EQ(r.code, 0) << machine << "/" << name;
    EXPECT_EQ(comparable(r.out, c64),
              comparable(slurp(dir / (std::string(name) + ".out")), c64))
        << machine << "/" << name;
  }
  // The pc's banner: the whole output starts with Ok and its 0xFF, as PC-BASIC's does.
  Ran pc = run({"basic", "--batch", "--disk", disk.string()});
  EXPECT_EQ(pc.out, "Ok\xFF\n");
  Ran c64 = run({"basic", "--machine", "c64", "--disk", disk.string()});
  EXPECT_EQ(c64.out,
            "\x1b[2J\x1b[;H\n    **** COMMODORE 64 BASIC V2 ****\n\n 64K RAM SYSTEM  38911 BASIC "
            "BYTES FREE\n\nREADY.\n");
  fs::remove_all(disk);
}

// --disk is the prompt's folder and a program's (OPEN): a FILE takes it too; an empty
// name is refused.
TEST(PromptCli, HelpShowsThePromptAndDiskNeedsAFolder) {
  Ran help = run({"basic", "--help"});
  EXPECT_EQ(help.code, 0);
  EXPECT_NE(help.out.find("amazing basic [FILE.bas]"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("--disk"), std::string::npos);
  EXPECT_NE(help.out.find("| amazing basic"), std::string::npos);
  fs::path file = temp_path("one.bas");
  std::ofstream(file) << "10 PRINT 1\n";
  const fs::path folder = temp_path("files-disk");
  fs::create_directories(folder);
  EXPECT_EQ(run({"basic", file.string(), "--disk", folder.string()}).code, 0);
  EXPECT_EQ(run({"basic", file.string(), "--disk", ""}).code, 2);
  fs::remove_all(folder);
  EXPECT_EQ(run({"basic", "--seed", "3"}).code, 2);
  fs::remove(file);
}

// A program's random file goes to the --disk folder, each PUT at once, and is read back
// by another run.
TEST(PromptCli, RandomFilesOnTheDiskFolder) {
  const fs::path folder = temp_path("random-disk");
  fs::create_directories(folder);
  fs::path writer = temp_path("put.bas");
  std::ofstream(writer) << "10 OPEN \"R\",1,\"rec.dat\",6:FIELD 1,2 AS K$,4 AS V$\n"
                           "20 LSET K$=MKI$(513):RSET V$=\"ab\":PUT 1,2:PRINT LOF(1)\n";
  Ran put = run({"basic", writer.string(), "--disk", folder.string()});
  EXPECT_EQ(put.code, 0) << put.err;
  EXPECT_EQ(put.out, " 12 \n");
  EXPECT_EQ(slurp(folder / "REC.DAT"), std::string(6, '\0') + "\x01\x02  ab");
  fs::path reader = temp_path("get.bas");
  std::ofstream(reader) << "10 OPEN \"REC.DAT\" FOR RANDOM AS 2 LEN=6:FIELD 2,2 AS K$,4 AS V$\n"
                           "20 GET 2,2:PRINT CVI(K$);V$;EOF(2):GET 2:PRINT EOF(2)\n";
  Ran get = run({"basic", reader.string(), "--disk", folder.string()});
  EXPECT_EQ(get.code, 0) << get.err;
  EXPECT_EQ(get.out, " 513   ab 0 \n-1 \n");
  fs::remove_all(folder);
  fs::remove(writer);
  fs::remove(reader);
}

// CHAIN with COMMON through `amazing basic FILE`: the chained program (on the --disk
// folder) gets what COMMON names and the open files (PC-BASIC 2.0.5 printed the same for
// these two files: programs/chain_common.bas records the same rules).
TEST(PromptCli, ChainKeepsCommonVariablesAndOpenFiles) {
  const fs::path folder = temp_path("chain-disk");
  fs::create_directories(folder);
  std::ofstream(folder / "NEXT.BAS") << "10 PRINT A;B$;C:PRINT #1,\"NEXT\":CLOSE 1\n";
  fs::path first = temp_path("chain.bas");
  std::ofstream(first) << "10 A=5:B$=\"X\":C=7:COMMON A,B$\n"
                          "20 OPEN \"O\",1,\"OUT.TXT\":CHAIN \"NEXT\"\n30 PRINT \"NO\"\n";
  Ran r = run({"basic", first.string(), "--disk", folder.string()});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, " 5 X 0 \n");
  EXPECT_EQ(slurp(folder / "OUT.TXT"), "NEXT\r\n\x1a");
  fs::remove_all(folder);
  fs::remove(first);
}

}  // namespace
