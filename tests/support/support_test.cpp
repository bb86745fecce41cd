// The support library itself: arguments reach the program as they are (no shell), the
// outputs and the exit status come back apart, a run that does not end is killed, and the
// file helpers split lines as the tests expect.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <string>
#include <vector>

#include "support/files.hpp"
#include "support/run.hpp"

namespace amazing::test {
namespace {

const std::string kSh = "/bin/sh";

TEST(Support, ArgumentsReachTheProgramUnquoted) {
  const std::string odd = "a 'b' \"c\" $HOME `x` ; | > *";
  Ran r = run_program({kSh, "-c", "printf '%s' \"$1\"", "sh", odd});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, odd);
}

TEST(Support, OutputsInputAndStatusComeBackApart) {
  Ran r = run_program({kSh, "-c", "cat; echo oops >&2; exit 3"}, "typed\n");
  EXPECT_EQ(r.code, 3);
  EXPECT_FALSE(r.signaled);
  EXPECT_EQ(r.out, "typed\n");
  EXPECT_EQ(r.err, "oops\n");
  RunOptions merged;
  merged.merge_stderr = true;
  EXPECT_EQ(run_program({kSh, "-c", "echo a; echo b >&2"}, "", merged).out, "a\nb\n");
}

TEST(Support, ARunThatDoesNotEndIsKilled) {
  RunOptions o;
  o.limit = std::chrono::seconds(1);
  Ran r = run_program({kSh, "-c", "exec sleep 100"}, "", o);
  EXPECT_TRUE(r.timed_out);
  EXPECT_TRUE(r.signaled);
  EXPECT_EQ(r.code, 128 + SIGKILL);
}

TEST(Support, AChildCanBeSignalled) {
  Child child({kSh, "-c", "trap 'exit 7' TERM; echo ready; while :; do sleep 0.05; done"});
  child.signal(SIGTERM);
  Ran r = child.wait();
  EXPECT_FALSE(r.timed_out);
  EXPECT_TRUE(r.code == 7 || r.code == 128 + SIGTERM) << r.code;  // before or after the trap
}

TEST(Support, TheBinaryIsTheOneUnderTest) {
  Ran r = run_amazing({"--version"});
  EXPECT_EQ(r.code, 0) << amazing_binary() << ": " << r.err;
  EXPECT_NE(r.out.find("amazing"), std::string::npos) << r.out;
}

TEST(Support, WordsAndLines) {
  EXPECT_EQ(words("gen  --size 5x5 "), (std::vector<std::string>{"gen", "--size", "5x5"}));
  EXPECT_TRUE(words("").empty());
  EXPECT_EQ(lines_of("a\n\nb"), (std::vector<std::string>{"a", "", "b"}));
  EXPECT_EQ(lines_of("a\n"), (std::vector<std::string>{"a"}));
  EXPECT_EQ(crlf_lines_of("a\r\nb\r"), (std::vector<std::string>{"a", "b"}));
}

TEST(Support, TempDirGoesWithItsFiles) {
  std::filesystem::path kept;
  {
    TempDir dir("amazing-support-test");
    kept = dir.path();
    write_file(dir / "f", "x");
    EXPECT_EQ(slurp(dir / "f"), "x");
  }
  EXPECT_FALSE(std::filesystem::exists(kept));
}

}  // namespace
}  // namespace amazing::test
