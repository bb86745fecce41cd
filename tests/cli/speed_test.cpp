// --speed through the real binary: a bad value is refused by name; `original` is refused
// where nothing BASIC runs at the machine's pace; where it is honoured the program sees the
// same emulated clock as under warp (TI and TIMER print the same: emulated time is
// asserted, never the host's), and what is printed as it runs is all printed, once.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/files.hpp"
#include "support/run.hpp"

namespace {

amazing::test::Ran run(const std::vector<std::string>& args) {
  amazing::test::RunOptions o;
  o.input_path = "/dev/null";
  return amazing::test::run_amazing(args, "", o);
}

std::string program(const std::string& name, const std::string& text) {
  static const amazing::test::TempDir dir("amazing-speed");
  return amazing::test::write_file(dir / name, text);
}

TEST(Speed, BadValueIsRefused) {
  auto r = run({"basic", "--batch", "--speed", "fast", program("a.bas", "10 END\n")});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--speed"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

// A short loop (a few emulated hundredths of a second) timed by the machine's own clock:
// the same figures under both speeds.
TEST(Speed, OriginalKeepsTheEmulatedClock) {
  std::string c64 = program("t.bas", "10 FOR I=1 TO 20:NEXT:PRINT TI\n");
  auto warp = run({"basic", "--batch", "--machine", "c64", c64});
  auto original = run({"basic", "--batch", "--machine", "c64", "--speed", "original", c64});
  EXPECT_EQ(warp.code, 0) << warp.err;
  EXPECT_EQ(original.code, 0) << original.err;
  EXPECT_EQ(warp.out, original.out);
  EXPECT_NE(warp.out, " 0 \x1b[C\n");  // the loop took emulated time
  std::string pc = program("p.bas", "10 FOR I=1 TO 200:NEXT:PRINT TIMER\n");
  auto pc_warp = run({"basic", "--batch", "--speed", "warp", pc});
  auto pc_original = run({"basic", "--batch", "--speed=original", pc});
  EXPECT_EQ(pc_warp.out, pc_original.out);
  EXPECT_NE(pc_warp.out, " 0 \n");
}

TEST(Speed, OriginalIsRefusedWhereNothingIsPaced) {
  auto gen = run({"gen", "--size", "5x5", "--speed", "original"});
  EXPECT_EQ(gen.code, 2);
  EXPECT_NE(gen.err.find("--speed original"), std::string::npos) << gen.err;
  EXPECT_NE(gen.err.find("--engine basic"), std::string::npos) << gen.err;
  EXPECT_EQ(gen.out, "");
  // warp is the default everywhere it is offered: accepted.
  EXPECT_EQ(run({"gen", "--size", "5x5", "--speed", "warp"}).code, 0);
}

// The machine at its prompt keeps its clock under both speeds too.
TEST(Speed, ThePromptKeepsTheEmulatedClock) {
  const std::string typed = "10 FOR I=1 TO 20:NEXT:PRINT TI\nRUN\n";
  auto warp = amazing::test::run_amazing({"basic", "--machine", "c64"}, typed);
  auto original =
      amazing::test::run_amazing({"basic", "--machine", "c64", "--speed", "original"}, typed);
  EXPECT_EQ(warp.code, 0) << warp.err;
  EXPECT_EQ(original.code, 0) << original.err;
  EXPECT_EQ(warp.out, original.out);
  EXPECT_NE(warp.out.find("READY."), std::string::npos) << warp.out;
}

// gen --engine basic writes the listing's output as it runs under original: the same bytes
// as warp's, the maze alone and the whole transcript, on both machines.
TEST(Speed, OriginalPrintsTheSameBytesAsTheyCome) {
  for (const char* machine : {"pc", "c64"})
    for (bool transcript : {false, true}) {
      std::vector<std::string> args{"gen",    "--engine", "basic",     "--size", "3x2",
                                    "--seed", "5",        "--machine", machine};
      if (transcript) args.push_back("--transcript");
      auto warp = run(args);
      args.insert(args.end(), {"--speed", "original"});
      auto original = run(args);
      EXPECT_EQ(warp.code, 0) << machine << warp.err;
      EXPECT_EQ(original.code, 0) << machine << original.err;
      EXPECT_EQ(warp.out, original.out) << machine << " transcript " << transcript;
      EXPECT_NE(warp.out.find(":--"), std::string::npos) << warp.out;
    }
}

}  // namespace
