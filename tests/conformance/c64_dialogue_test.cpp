// The plain dialogue on the Commodore 64 (`amazing --machine c64 < answers`) against what
// the C64's BASIC ROM printed: every transcript in shared/c64/amazing (see its README.md),
// given the answers it was given (W,L, or 1,5 then 6,4), must come out byte for byte, LF
// for its CR LF, with exit status 0 (3 for the ?OUT OF MEMORY ones). Answers the
// recordings do not cover (fractions, 0, negative, too big, ?REDO FROM START, ??, ?EXTRA
// IGNORED, an empty line) are judged by the built-in interpreter running the listing as a
// C64 (`amazing basic LISTING --machine c64 --batch`), which reproduces the recordings.
// Skipped when shared/ is missing (a failure with AMAZING_REQUIRE_ORACLE=1).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "support/files.hpp"
#include "support/run.hpp"

namespace {

namespace fs = std::filesystem;

const fs::path kShared = AMAZING_SHARED_DIR;

bool required() {
  const char* v = std::getenv("AMAZING_REQUIRE_ORACLE");
  return v != nullptr && std::string_view(v) == "1";
}

#define SHARED_OR_SKIP(dir)                                                                \
  do {                                                                                     \
    if (!fs::is_directory(dir)) {                                                          \
      if (required())                                                                      \
        FAIL() << "AMAZING_REQUIRE_ORACLE=1 but " << (dir)                                 \
               << " is missing (shared/ next to the project, or -DAMAZING_SHARED_DIR)";    \
      GTEST_SKIP() << "no " << (dir) << " (the shared folder is not next to the project)"; \
    }                                                                                      \
  } while (0)

using amazing::test::Ran;
using amazing::test::slurp;
using amazing::test::words;

// Runs amazing ARGS with `input` typed on its standard input (standard error apart).
Ran run(const std::vector<std::string>& args, const std::string& input) {
  return amazing::test::run_amazing(args, input);
}

// `a` then `b`.
std::vector<std::string> operator+(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// Shown in a failure message.
std::string shown(const std::vector<std::string>& args) {
  std::string line = "amazing";
  for (const auto& a : args) line += " " + a;
  return line;
}

std::string lf(const std::string& crlf) {
  std::string s;
  for (std::size_t i = 0; i < crlf.size(); ++i)
    if (!(crlf[i] == '\r' && i + 1 < crlf.size() && crlf[i + 1] == '\n')) s += crlf[i];
  return s;
}

// What a recording's name says: VARIANT-WxL[-then-WxL]-poweron.out or ...-seedN.out.
struct Case {
  std::string variant;
  std::string answers;  // the typed lines, each ending in '\n'
  std::optional<long> seed;
};

std::optional<Case> parse_name(std::string stem) {
  Case c;
  if (stem.size() > 8 && stem.compare(stem.size() - 8, 8, "-poweron") == 0) {
    stem.resize(stem.size() - 8);
  } else {
    std::size_t at = stem.rfind("-seed");
    if (at == std::string::npos) return std::nullopt;
    c.seed = std::stol(stem.substr(at + 5));
    stem.resize(at);
  }
  // The variant is everything before the first "-<digit>".
  std::size_t cut = std::string::npos;
  for (std::size_t i = 0; i + 1 < stem.size(); ++i)
    if (stem[i] == '-' && stem[i + 1] >= '0' && stem[i + 1] <= '9') {
      cut = i;
      break;
    }
  if (cut == std::string::npos) return std::nullopt;
  c.variant = stem.substr(0, cut);
  std::string sizes = stem.substr(cut + 1);  // 12x10 or 1x5-then-6x4
  for (std::size_t from = 0;;) {
    std::size_t then = sizes.find("-then-", from);
    std::string one =
        sizes.substr(from, then == std::string::npos ? std::string::npos : then - from);
    std::size_t x = one.find('x');
    if (x == std::string::npos) return std::nullopt;
    c.answers += one.substr(0, x) + "," + one.substr(x + 1) + "\n";
    if (then == std::string::npos) break;
    from = then + 6;
  }
  return c;
}

std::vector<std::string> dialogue(const Case& c) {
  std::vector<std::string> args = {"--machine", "c64", "--variant", c.variant};
  if (c.seed) args = args + std::vector<std::string>{"--seed", std::to_string(*c.seed)};
  return args;
}

TEST(C64Dialogue, NameParsing) {
  auto a = parse_name("fixed-exit-26x4-seed-7246");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->variant, "fixed-exit");
  EXPECT_EQ(a->answers, "26,4\n");
  EXPECT_EQ(a->seed, -7246);
  auto b = parse_name("book-1x5-then-6x4-poweron");
  ASSERT_TRUE(b);
  EXPECT_EQ(b->variant, "book");
  EXPECT_EQ(b->answers, "1,5\n6,4\n");
  EXPECT_FALSE(b->seed);
}

TEST(C64Dialogue, EveryRecordingByteForByte) {
  const fs::path dir = kShared / "c64" / "amazing";
  SHARED_OR_SKIP(dir);
  int compared = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() != ".out") continue;
    auto c = parse_name(e.path().stem().string());
    ASSERT_TRUE(c) << e.path();
    const std::string want = lf(slurp(e.path()));
    const bool oom = want.find("?OUT OF MEMORY") != std::string::npos;
    Ran got = run(dialogue(*c), c->answers);
    ++compared;
    EXPECT_EQ(got.out, want) << e.path().filename() << ": " << shown(dialogue(*c));
    EXPECT_EQ(got.code, oom ? 3 : 0) << e.path().filename();
  }
  EXPECT_EQ(compared, 66) << "recordings compared";
}

// amazing run amazing.lua --machine c64 --batch is the same program on the same machine.
TEST(C64Dialogue, RunMachineC64PrintsTheRecordingsToo) {
  const fs::path dir = kShared / "c64" / "amazing";
  SHARED_OR_SKIP(dir);
  int compared = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() != ".out") continue;
    auto c = parse_name(e.path().stem().string());
    ASSERT_TRUE(c) << e.path();
    std::vector<std::string> cmd =
        words("run amazing.lua --machine c64 --batch --variant") + std::vector<std::string>{c->variant};
    if (c->seed) cmd = cmd + std::vector<std::string>{"--seed", std::to_string(*c->seed)};
    Ran got = run(cmd, c->answers);
    ++compared;
    EXPECT_EQ(got.out, lf(slurp(e.path()))) << e.path().filename() << ": " << shown(cmd);
  }
  EXPECT_EQ(compared, 66) << "recordings compared";
}

// The answers a C64 user may type that no recording holds, each given to the dialogue
// and to the listing on the built-in C64 interpreter.
TEST(C64Dialogue, BadAnswersAsTheC64InterpreterPrintsThem) {
  const fs::path roms = kShared / "roms";
  SHARED_OR_SKIP(roms);
  const std::vector<std::string> answers = {
      "0,5\n",   "2.5,3\n", " -1,5\n",    "40000,5\n",     "59,59\n",   "59,60\n",
      "0.5,3\n", "\n",      "X,2\n3,3\n", "1,2,3\n\n",     "5\n4\n",    "0,0\n",
      "3,0\n",   "2,2.5\n", " -0.4,3\n",  "1E30,2\n",      ",5\n",      "4 4,3\n",
      "1,5\n\n", "3,4.0\n", "5\n\n",      "&H10,3\n4,4\n", "1E2,1E1\n", "7,7,\n"};
  const std::vector<std::string> seeds = {"", "--seed 7", "--seed -2873"};
  int compared = 0;
  for (std::string variant : {"book", "fixed", "fixed-exit"}) {
    const fs::path listing = roms / ("amazing-" + variant + ".bas");
    ASSERT_TRUE(fs::is_regular_file(listing)) << listing;
    for (const std::string& seed : seeds) {
      for (const std::string& typed : answers) {
        Ran judge = run(std::vector<std::string>{"basic", listing.string()} +
                            words("--machine c64 --batch " + seed),
                        typed);
        Ran got = run(words("--machine c64 --variant " + variant + " " + seed), typed);
        ++compared;
        EXPECT_EQ(got.out, lf(judge.out)) << variant << seed << " typed '" << typed << "'";
      }
    }
  }
  EXPECT_EQ(compared, 3 * 3 * 24);
}

TEST(C64Dialogue, ExitStatusSaysHowTheProgramEnded) {
  const std::vector<std::string> cmd = {"--machine", "c64"};
  EXPECT_EQ(run(cmd, "5,5\n").code, 0);
  EXPECT_EQ(run(cmd, "61,61\n").code, 3);  // ?OUT OF MEMORY  ERROR IN 110
  EXPECT_EQ(run(cmd, "2.5,3\n").code, 5);  // ?BAD SUBSCRIPT  ERROR IN 680
  EXPECT_EQ(run(cmd, "").code, 0);         // the input ended at the question: a silent stop
  // What the C64 cannot honour is refused by name.
  EXPECT_EQ(run(cmd + words("--ram 64K"), "5,5\n").code, 2);
  EXPECT_EQ(run(cmd + words("--seed 0"), "5,5\n").code, 2);
  EXPECT_EQ(run(cmd + words("--machine pc"), "5,5\n").code, 2);  // given twice
}

}  // namespace
