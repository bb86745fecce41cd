// The commands built on the interpreter, run as the user runs them: amazing gen --engine
// basic, amazing compare, amazing basic.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/files.hpp"
#include "support/run.hpp"

namespace {

using amazing::test::Ran;
using amazing::test::slurp;

// A folder of this test's own (CTest runs tests in parallel).
const amazing::test::TempDir& temp() {
  static const amazing::test::TempDir dir("amazing-basic-cli");
  return dir;
}
std::string temp_path(const std::string& name) {
  return (temp() / name).string();
}

// amazing ARGS with `input` typed; standard error into `out` (as 2>&1).
Ran run(const std::vector<std::string>& args, const std::string& input = "") {
  amazing::test::RunOptions o;
  o.merge_stderr = true;
  return amazing::test::run_amazing(args, input, o);
}

// `first` followed by `rest`.
std::vector<std::string> with(const std::vector<std::string>& rest,
                              std::vector<std::string> first) {
  first.insert(first.end(), rest.begin(), rest.end());
  return first;
}

std::string roms() {
  return std::string(AMAZING_SHARED_DIR) + "/roms";
}
bool have_roms() {
  return std::filesystem::exists(roms() + "/amazing-book.bas");
}

TEST(BasicCli, GenEngineBasicEqualsNative) {
  if (!have_roms()) GTEST_SKIP() << "listings missing from " << roms();
  for (const char* v : {"book", "fixed", "fixed-exit"}) {
    const std::vector<std::string> common = {"--size", "12x9", "--seed", "4242", "--variant", v};
    Ran native = run(with(common, {"gen"}));
    Ran basic = run(with(common, {"gen", "--engine", "basic", "--rom", roms() + "/amazing-" + v + ".bas"}));
    EXPECT_EQ(native.code, 0);
    EXPECT_EQ(basic.code, 0) << basic.out;
    EXPECT_EQ(basic.out, native.out) << v;
    Ran t_native = run(with(common, {"gen", "--transcript"}));
    Ran t_basic =
        run(with(common, {"gen", "--engine", "basic", "--transcript", "--rom", roms() + "/amazing-" + v + ".bas"}));
    EXPECT_EQ(t_basic.out, t_native.out) << v;
  }
}

TEST(BasicCli, CompareIdenticalAndDifferent) {
  if (!have_roms()) GTEST_SKIP() << "listings missing from " << roms();
  Ran same = run({"compare", "--size", "7x5", "--seed", "11", "--engines", "native,basic", "--rom",
                  roms() + "/amazing-fixed.bas"});
  EXPECT_EQ(same.code, 0) << same.out;
  EXPECT_NE(same.out.find("IDENTICAL"), std::string::npos);

  // One character changed in line 1030: a different maze text, found and shown.
  std::string text = slurp(roms() + "/amazing-book.bas");
  auto at = text.find("1030 PRINT \"  I\"");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 16, "1030 PRINT \" I \"");
  std::string path = temp_path("mod.bas");
  std::ofstream(path) << text;
  Ran diff = run({"compare", "--size", "6x4", "--seed", "3", "--variant", "book", "--engines",
                 "native,basic", "--rom", path});
  EXPECT_EQ(diff.code, 1) << diff.out;
  EXPECT_NE(diff.out.find("DIFFERENT: native and basic"), std::string::npos) << diff.out;
  EXPECT_NE(diff.out.find("first difference at line 13"), std::string::npos) << diff.out;
  EXPECT_NE(diff.out.find("not one of the known AMAZING listings"), std::string::npos);
  EXPECT_NE(diff.out.find("@@ -"), std::string::npos);
  std::filesystem::remove(path);
}

TEST(BasicCli, BasicCommandBatch) {
  if (!have_roms()) GTEST_SKIP() << "listings missing from " << roms();
  Ran r = run({"basic", "--batch", "--seed", "5", roms() + "/amazing-book.bas"}, "1,1\n4,3\n");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("WHAT ARE YOUR WIDTH AND LENGTH? 1,1\nMEANINGLESS DIMENSIONS.  TRY AGAIN.\n"
                       "WHAT ARE YOUR WIDTH AND LENGTH? 4,3\n"),
            std::string::npos)
      << r.out;
}

// amazing basic --machine c64 prints what the C64 printed (../shared/c64), LF for CR LF.
TEST(BasicCli, BasicCommandMachineC64) {
  std::string rec = std::string(AMAZING_SHARED_DIR) + "/c64/amazing/book-11x6-poweron.out";
  if (!have_roms() || !std::filesystem::exists(rec)) GTEST_SKIP() << "no C64 recordings";
  Ran r = run({"basic", "--machine", "c64", "--batch", roms() + "/amazing-book.bas"}, "11,6\n");
  EXPECT_EQ(r.code, 0);
  std::string want = slurp(rec);
  std::string lf;
  for (char c : want)
    if (c != '\r') lf += c;
  EXPECT_EQ(r.out, lf);
  Ran bad = run({"basic", "--machine", "vic20", roms() + "/amazing-book.bas"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.out.find("--machine: 'vic20' is not a machine; use pc or c64"), std::string::npos)
      << bad.out;
}

// The c64's screen memory holds what a program printed on every route, with no screen
// shown: a file run (--batch) and the prompt read from a pipe both read R (18) back, and
// RVS ON's reversed E (5 + 128).
TEST(BasicCli, C64ScreenMemoryHoldsWhatWasPrintedWithNoScreen) {
  const std::string path = temp_path("screen.bas");
  std::ofstream(path) << "10 PRINT \"R\";CHR$(18);\"E\"\n20 PRINT PEEK(1024);PEEK(1025)\n";
  Ran file = run({"basic", "--machine", "c64", "--batch", path});
  EXPECT_EQ(file.code, 0);
  EXPECT_EQ(file.out, "R\x1b[7mE\n 18\x1b[C 133\x1b[C\n") << file.out;
  Ran typed = run({"basic", "--machine", "c64"}, "PRINT CHR$(147);\"R\":PRINT PEEK(1024)\n");
  EXPECT_EQ(typed.code, 0);
  EXPECT_NE(typed.out.find("R\n 18\x1b[C\n"), std::string::npos) << typed.out;
}

TEST(BasicCli, ErrorsAndHelp) {
  EXPECT_EQ(run({"basic", "--help"}).code, 0);
  EXPECT_EQ(run({"compare", "--help"}).code, 0);
  Ran none = run({"basic", "/nonexistent/x.bas"});
  EXPECT_EQ(none.code, 2);
  EXPECT_NE(none.out.find("cannot read the listing /nonexistent/x.bas"), std::string::npos);
  Ran nosize = run({"compare"});
  EXPECT_EQ(nosize.code, 2);
  EXPECT_NE(nosize.out.find("--size WxL is required"), std::string::npos);
  Ran engine = run({"compare", "--size", "3x3", "--engines", "native,cobol"});
  EXPECT_EQ(engine.code, 2);
  std::string prog = temp_path("err.bas");
  std::ofstream(prog) << "10 DIM A(5)\n195 A(6)=1\n";
  Ran err = run({"basic", "--batch", prog});
  EXPECT_EQ(err.code, 5);  // a BASIC error (README, "Exit statuses")
  EXPECT_EQ(err.out, "Subscript out of range in 195\xFF\n");
  std::ofstream(prog) << "10 GOTO 10\n";
  Ran loop = run({"basic", "--batch", "--max-steps", "1000", prog});
  EXPECT_EQ(loop.code, 6);  // a limit
  EXPECT_NE(loop.out.find("step limit"), std::string::npos);
  std::filesystem::remove(prog);
}

// What gen --engine basic and compare do with a hostile --rom.
TEST(BasicCli, GenEngineBasicBoundsHostileListings) {
  std::string prog = temp_path("hostile.bas");
  // Endless output: held in memory, so capped (it grew to 2 GB and aborted).
  std::ofstream(prog) << "10 A$=STRING$(255,\"X\")\n20 PRINT A$;\n30 GOTO 20\n";
  Ran flood = run({"gen", "--size", "10x10", "--engine", "basic", "--rom", prog});
  EXPECT_EQ(flood.code, 6);  // a limit: the output cap
  EXPECT_NE(flood.out.find("printed more than 16 MB"), std::string::npos) << flood.out.substr(0, 300);
  EXPECT_LT(flood.out.size(), 4096u);
  // A loop: gen takes --max-steps for the basic engine too, and says where the limit is.
  std::ofstream(prog) << "10 GOTO 10\n";
  Ran loop = run({"gen", "--size", "10x10", "--engine", "basic", "--max-steps", "1000", "--rom", prog});
  EXPECT_EQ(loop.code, 6);
  EXPECT_NE(loop.out.find("step limit (1000 statements)"), std::string::npos) << loop.out;
  Ran cmp = run({"compare", "--size", "10x10", "--engines", "basic,native", "--max-steps", "1000",
                 "--rom", prog});
  EXPECT_EQ(cmp.code, 2);
  EXPECT_NE(cmp.out.find("step limit (1000 statements)"), std::string::npos) << cmp.out;
  // The default limit stops it too (it used to be 10 billion statements, ~47 s), for
  // gen and for basic alike.
  Ran loop_default = run({"gen", "--size", "10x10", "--engine", "basic", "--rom", prog});
  EXPECT_EQ(loop_default.code, 6);
  EXPECT_NE(loop_default.out.find("step limit (100000000 statements)"), std::string::npos)
      << loop_default.out;
  Ran basic_default = run({"basic", "--batch", prog});
  EXPECT_EQ(basic_default.code, 6);
  EXPECT_NE(basic_default.out.find("stopped after 100000000 statements"), std::string::npos)
      << basic_default.out;
  // A BASIC error ends the listing: what it printed is out, and the exit status is 5.
  std::ofstream(prog) << "10 PRINT \"PARTIAL\"\n20 GOTO 99999\n";
  Ran err = run({"gen", "--size", "10x10", "--engine", "basic", "--transcript", "--rom", prog});
  EXPECT_EQ(err.code, 5);
  EXPECT_NE(err.out.find("PARTIAL\nUndefined line number in 20\xFF\n"), std::string::npos)
      << err.out;
  EXPECT_NE(err.out.find("stopped with a BASIC error"), std::string::npos) << err.out;
  // 5000 nested parentheses: the line does not load (it crashed the parser).
  std::ofstream(prog) << "10 PRINT \"A\"\n20 PRINT " << std::string(5000, '(') << "1"
                      << std::string(5000, ')') << "\n";
  Ran deep = run({"gen", "--size", "10x10", "--engine", "basic", "--transcript", "--rom", prog});
  EXPECT_EQ(deep.code, 0) << deep.out;
  EXPECT_NE(deep.out.find("Line buffer overflow\xFF\nA\n"), std::string::npos) << deep.out;
  std::filesystem::remove(prog);
}

}  // namespace
