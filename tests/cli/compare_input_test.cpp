// amazing compare --input "A|B|...": the engines' dialogues for typed lines, bad answers
// included, through the real binary. native and lua need nothing from
// outside; the listing on the basic engine needs ../shared/roms (skipped without it, a
// failure with AMAZING_REQUIRE_ORACLE=1).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace {

namespace fs = std::filesystem;
const std::string kBin = AMAZING_BINARY;

struct Outcome {
  int code = -1;
  std::string out, err;
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

Outcome run(const std::string& args) {
  const fs::path dir = fs::temp_directory_path() / ("amazing-cmpin-" + std::to_string(getpid()));
  fs::create_directories(dir);
  std::string cmd = "'" + kBin + "' " + args + " </dev/null >'" + (dir / "out").string() +
                    "' 2>'" + (dir / "err").string() + "'";
  int status = std::system(cmd.c_str());
  Outcome o;
  o.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  o.out = slurp(dir / "out");
  o.err = slurp(dir / "err");
  fs::remove_all(dir);
  return o;
}

// Typed answers the engines once answered each their own way (and a few more), each a
// whole dialogue.
const char* const kAnswers[] = {",12",       "0,5",      "5,0",   "-3,4",    "2.5,3",
                                "3.7,2.2",   "40000,2",  "2,-1",  "4,3,",    "x",
                                "x|10,12",   "1,5|6,4",  "1e3,2", "|7,3",    "5"};

TEST(CompareInput, NativeAndLuaAgreeOnEveryAnswer) {
  for (const char* answer : kAnswers) {
    for (const char* variant : {"book", "fixed-exit"}) {
      Outcome o = run(std::string("compare --input '") + answer + "' --seed 3 --variant " +
                      variant + " --engines native,lua");
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
    Outcome o = run(std::string("compare --input '") + answer +
                    "' --seed 3 --engines native,lua,basic");
    EXPECT_EQ(o.code, 0) << answer << "\n" << o.out << o.err;
    EXPECT_EQ(o.out, "IDENTICAL\n") << answer;
  }
}

TEST(CompareInput, RefusesWhatItCannotDo) {
  struct Case {
    const char* args;
    const char* says;
  } cases[] = {
      {"compare --input 5,4 --size 5x4", "give one"},
      {"compare --input 5,4 --machine c64 --engines native,lua", "native on the c64"},
      {"compare --input 5,4 --input 6,4", "more than once"},
  };
  for (const auto& c : cases) {
    Outcome o = run(c.args);
    EXPECT_EQ(o.code, 2) << c.args;
    EXPECT_EQ(o.out, "") << c.args;
    EXPECT_NE(o.err.find(c.says), std::string::npos) << c.args << "\n" << o.err;
  }
}

}  // namespace
