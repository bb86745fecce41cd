// The plain dialogue on the Commodore 64 (`amazing --machine c64 < answers`) against what
// the C64's BASIC ROM printed: every transcript in shared/c64/amazing (see its README.md),
// given the answers it was given (W,L, or 1,5 then 6,4), must come out byte for byte, LF
// for its CR LF, with exit status 0 (3 for the ?OUT OF MEMORY ones). Answers the
// recordings do not cover (fractions, 0, negative, too big, ?REDO FROM START, ??, ?EXTRA
// IGNORED, an empty line) are judged by the built-in interpreter running the listing as a
// C64 (`amazing basic LISTING --machine c64 --batch`), which reproduces the recordings.
// Skipped when shared/ is missing (a failure with AMAZING_REQUIRE_ORACLE=1).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

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

struct Ran {
  std::string out;
  int code = -1;
};

// Runs a shell command line with `input` on its standard input (stderr dropped).
Ran run(const std::string& command, const std::string& input) {
  static int counter = 0;
  fs::path in = fs::temp_directory_path() / ("amazing-c64-dialogue-" + std::to_string(::getpid()) +
                                             "-" + std::to_string(counter++) + ".in");
  {
    std::ofstream f(in, std::ios::binary);
    f << input;
  }
  std::string cmd = command + " < '" + in.string() + "' 2>/dev/null";
  Ran r;
  FILE* p = popen(cmd.c_str(), "r");
  if (p != nullptr) {
    std::array<char, 65536> buf;
    std::size_t n;
    while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
    int status = pclose(p);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  fs::remove(in);
  return r;
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
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

std::string dialogue(const Case& c) {
  std::string cmd = std::string(AMAZING_BINARY) + " --machine c64 --variant " + c.variant;
  if (c.seed) cmd += " --seed " + std::to_string(*c.seed);
  return cmd;
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
    const std::string want = lf(read_file(e.path()));
    const bool oom = want.find("?OUT OF MEMORY") != std::string::npos;
    Ran got = run(dialogue(*c), c->answers);
    ++compared;
    EXPECT_EQ(got.out, want) << e.path().filename() << ": " << dialogue(*c);
    EXPECT_EQ(got.code, oom ? 3 : 0) << e.path().filename();
  }
  EXPECT_GE(compared, 66);
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
    std::string cmd = std::string(AMAZING_BINARY) + " run amazing.lua --machine c64 --batch " +
                      "--variant " + c->variant;
    if (c->seed) cmd += " --seed " + std::to_string(*c->seed);
    Ran got = run(cmd, c->answers);
    ++compared;
    EXPECT_EQ(got.out, lf(read_file(e.path()))) << e.path().filename() << ": " << cmd;
  }
  EXPECT_GE(compared, 66);
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
  const std::vector<std::string> seeds = {"", " --seed 7", " --seed -2873"};
  int compared = 0;
  for (std::string variant : {"book", "fixed", "fixed-exit"}) {
    const fs::path listing = roms / ("amazing-" + variant + ".bas");
    ASSERT_TRUE(fs::is_regular_file(listing)) << listing;
    for (const std::string& seed : seeds) {
      for (const std::string& typed : answers) {
        Ran judge = run(std::string(AMAZING_BINARY) + " basic '" + listing.string() +
                            "' --machine c64 --batch" + seed,
                        typed);
        Ran got =
            run(std::string(AMAZING_BINARY) + " --machine c64 --variant " + variant + seed, typed);
        ++compared;
        EXPECT_EQ(got.out, lf(judge.out)) << variant << seed << " typed '" << typed << "'";
      }
    }
  }
  EXPECT_EQ(compared, 3 * 3 * 24);
}

TEST(C64Dialogue, ExitStatusSaysHowTheProgramEnded) {
  const std::string cmd = std::string(AMAZING_BINARY) + " --machine c64";
  EXPECT_EQ(run(cmd, "5,5\n").code, 0);
  EXPECT_EQ(run(cmd, "61,61\n").code, 3);  // ?OUT OF MEMORY  ERROR IN 110
  EXPECT_EQ(run(cmd, "2.5,3\n").code, 5);  // ?BAD SUBSCRIPT  ERROR IN 680
  EXPECT_EQ(run(cmd, "").code, 2);         // the input ended at the question
  // What the C64 cannot honour is refused by name.
  EXPECT_EQ(run(cmd + " --ram 64K", "5,5\n").code, 2);
  EXPECT_EQ(run(cmd + " --seed 0", "5,5\n").code, 2);
  EXPECT_EQ(run(cmd + " --machine pc", "5,5\n").code, 2);  // given twice
}

}  // namespace
