// amazing compare --input "A|B|...": the engines' dialogues for typed lines, bad answers
// included, through the real binary. native and lua need nothing from
// outside; the listing on the basic engine needs ../shared/roms (skipped without it, a
// failure with AMAZING_REQUIRE_ORACLE=1).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "support/run.hpp"

namespace {

namespace fs = std::filesystem;

using Outcome = amazing::test::Ran;

Outcome run(const std::vector<std::string>& args) {
  return amazing::test::run_amazing(args);
}

// Typed answers the engines once answered each their own way (and a few more), each a
// whole dialogue.
const char* const kAnswers[] = {",12",       "0,5",      "5,0",   "-3,4",    "2.5,3",
                                "3.7,2.2",   "40000,2",  "2,-1",  "4,3,",    "x",
                                "x|10,12",   "1,5|6,4",  "1e3,2", "|7,3",    "5"};

TEST(CompareInput, NativeAndLuaAgreeOnEveryAnswer) {
  for (const char* answer : kAnswers) {
    for (const char* variant : {"book", "fixed-exit"}) {
      Outcome o = run({"compare", "--input", answer, "--seed", "3", "--variant", variant, "--engines",
                       "native,lua"});
      EXPECT_EQ(o.code, 0) << answer << "\n" << o.out << o.err;
      EXPECT_EQ(o.out, "IDENTICAL\n") << answer;
    }
  }
}

TEST(CompareInput, TheListingAgreesToo) {
  const bool have = fs::exists(fs::path(AMAZING_SHARED_DIR) / "roms");
  if (!have) {
    const char* require = std::getenv("AMAZING_REQUIRE_ORACLE");
    if (require && std::string(require) == "1")
      FAIL() << "AMAZING_REQUIRE_ORACLE=1 but the listings in " << AMAZING_SHARED_DIR
             << "/roms are missing";
    GTEST_SKIP() << "the listings (../shared/roms) are missing: the basic engine cannot run";
  }
  for (const char* answer : kAnswers) {
    Outcome o = run({"compare", "--input", answer, "--seed", "3", "--engines", "native,lua,basic"});
    EXPECT_EQ(o.code, 0) << answer << "\n" << o.out << o.err;
    EXPECT_EQ(o.out, "IDENTICAL\n") << answer;
  }
}

TEST(CompareInput, RefusesWhatItCannotDo) {
  struct Case {
    std::vector<std::string> args;
    const char* says;
  } cases[] = {
      {{"compare", "--input", "5,4", "--size", "5x4"}, "give one"},
      {{"compare", "--input", "5,4", "--machine", "c64", "--engines", "native,lua"},
       "native on the c64"},
      {{"compare", "--input", "5,4", "--input", "6,4"}, "more than once"},
  };
  for (const auto& c : cases) {
    Outcome o = run(c.args);
    EXPECT_EQ(o.code, 2) << c.says;
    EXPECT_EQ(o.out, "") << c.says;
    EXPECT_NE(o.err.find(c.says), std::string::npos) << c.says << "\n" << o.err;
  }
}

}  // namespace
