// Robustness: thousands of random mutations of the three listings and of the test
// programs (bytes changed, lines dropped or duplicated, digits nudged) run on the interpreter with
// a step limit and a 48K machine. None may crash, hang or leave the host; each run ends with an
// outcome. Build with -DAMAZING_SANITIZE=ON to run the same under ASan and UBSan.
// AMAZING_FUZZ_RUNS=N sets the number of mutants (default 3000).

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "basic/listing.hpp"
#include "basic/run.hpp"

namespace amazing::basic {
namespace {

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    auto end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::string mutate(const std::string& text, std::mt19937& rng) {
  auto lines = split(text);
  int edits = 1 + static_cast<int>(rng() % 4);
  static const std::string kAlphabet = "0123456789+-*/^\\=<>(),;:$%!#\"' .EABCDHIQRSVWXZ";
  for (int e = 0; e < edits && !lines.empty(); ++e) {
    std::size_t li = rng() % lines.size();
    switch (rng() % 6) {
      case 0:  // drop a line
        lines.erase(lines.begin() + static_cast<long>(li));
        break;
      case 1:  // duplicate a line
        lines.insert(lines.begin() + static_cast<long>(li), lines[li]);
        break;
      case 2: {  // change a byte to a BASIC-ish character
        std::string& l = lines[li];
        if (!l.empty()) l[rng() % l.size()] = kAlphabet[rng() % kAlphabet.size()];
        break;
      }
      case 3: {  // change a byte to anything
        std::string& l = lines[li];
        if (!l.empty()) l[rng() % l.size()] = static_cast<char>(rng() % 256);
        break;
      }
      case 4: {  // nudge a digit (line numbers, GOTO targets, constants)
        std::string& l = lines[li];
        for (int tries = 0; tries < 8 && !l.empty(); ++tries) {
          std::size_t k = rng() % l.size();
          if (l[k] >= '0' && l[k] <= '9') {
            l[k] = static_cast<char>('0' + rng() % 10);
            break;
          }
        }
        break;
      }
      default: {  // delete or insert a character
        std::string& l = lines[li];
        if (!l.empty() && rng() % 2)
          l.erase(rng() % l.size(), 1);
        else
          l.insert(l.empty() ? 0 : rng() % l.size(), 1, kAlphabet[rng() % kAlphabet.size()]);
        break;
      }
    }
  }
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

TEST(BasicRobustness, MutatedListingsNeverCrashOrHang) {
  constexpr std::size_t kListings = 3;
  std::vector<std::string> listings;
  for (auto v : {core::Variant::kBook, core::Variant::kFixed, core::Variant::kFixedExit}) {
    auto found = find_listing(v, {std::filesystem::path(AMAZING_SHARED_DIR) / "roms"});
    if (found) listings.push_back(found->text);
  }
  // The test programs too: they reach DEF FN, DATA, strings and the error paths.
  for (const auto& entry : std::filesystem::directory_iterator(
           std::filesystem::path(AMAZING_BASIC_TESTS_DIR) / "programs")) {
    if (entry.path().extension() != ".bas") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    if (!listings.empty()) listings.push_back(text.str());
  }
  if (listings.empty()) {
    const char* req = std::getenv("AMAZING_REQUIRE_ORACLE");
    if (req && std::string(req) == "1")
      FAIL() << "listings missing from " AMAZING_SHARED_DIR "/roms";
    GTEST_SKIP() << "listings missing from " AMAZING_SHARED_DIR "/roms";
  }
  int runs = 3000;
  if (const char* n = std::getenv("AMAZING_FUZZ_RUNS")) runs = std::max(1, std::atoi(n));
  std::mt19937 rng(20261122);
  const std::vector<std::vector<std::string>> answers = {
      {"5,4"},        {"0,3", "3,3"}, {"1,1", "2,2"},   {"-2,5"},
      {"abc", "4,1"}, {"26,40"},      {"3,7,9", "7,3"}, {}};
  int errors = 0, ended = 0, limited = 0, unparsable = 0;
  for (int n = 0; n < runs; ++n) {
    // Every other mutant comes from one of the three listings, the rest from the programs.
    std::size_t pick = static_cast<std::size_t>(n / 2);
    std::size_t which = (n % 2 == 0 || listings.size() <= kListings)
                            ? pick % std::min(kListings, listings.size())
                            : kListings + pick % (listings.size() - kListings);
    std::string program = mutate(listings[which], rng);
    BatchOptions o;
    o.input = answers[rng() % answers.size()];
    o.ram = 48 * 1024;
    o.max_steps = 50'000;
    o.seed = static_cast<int16_t>(rng() & 0xFFFF);
    BatchRun r = run_batch(program, o);
    if (!r.parsed) {
      ++unparsable;
      EXPECT_FALSE(r.load_error.empty());
      continue;
    }
    switch (r.result.outcome) {
      case Outcome::kError:
        ++errors;
        // The error is the last line printed, GW-BASIC style.
        EXPECT_NE(r.output.find(r.result.error.text()), std::string::npos) << program;
        break;
      case Outcome::kStepLimit:
        ++limited;
        EXPECT_EQ(r.result.steps, o.max_steps);
        break;
      default:
        ++ended;
        break;
    }
    EXPECT_LE(r.result.steps, o.max_steps);
  }
  std::printf("%d mutants: %d ended, %d BASIC errors, %d step limit, %d not loadable\n", runs,
              ended, errors, limited, unparsable);
  EXPECT_GT(errors, 0);  // the mutations do reach the error paths
}

}  // namespace
}  // namespace amazing::basic

namespace amazing::basic {
namespace {

std::string repeat(std::string_view s, std::size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

// Expressions nested thousands deep used to overflow the host's stack in
// the recursive parser. GW-BASIC's line buffer takes 255 characters, so such a line is
// "Line buffer overflow" and loading stops there; the lines before it still run.
TEST(BasicRobustness, DeeplyNestedLinesAreLineBufferOverflowNotACrash) {
  const std::string kWant = "A\n";
  std::string quoted = "\"";  // appended: "literal" + a temporary draws GCC 12's -Wrestrict
  quoted += repeat("X", 65536);
  quoted += '"';
  const std::vector<std::string> bodies = {
      repeat("(", 5000) + "1" + repeat(")", 5000),
      repeat("SIN(", 5000) + "1" + repeat(")", 5000),
      repeat("A(", 5000) + "1" + repeat(")", 5000),
      repeat("FNA(", 5000) + "1" + repeat(")", 5000),
      repeat("-", 100000) + "1",
      repeat("+", 100000) + "1",
      repeat("NOT ", 100000) + "1",
      repeat("2^-", 100000) + "1",
      quoted,
  };
  for (const std::string& body : bodies) {
    std::string listing = "5 DEF FNA(X)=X\n10 PRINT \"A\"\n20 PRINT " + body + "\n30 PRINT \"B\"\n";
    BatchOptions o;
    o.max_steps = 1000;
    BatchRun r = run_batch(listing, o);
    ASSERT_TRUE(r.parsed) << r.load_error;
    EXPECT_EQ(r.output, "Line buffer overflow\xFF\nA\n") << body.substr(0, 20);
    EXPECT_EQ(r.result.outcome, Outcome::kEnded);
  }
}

// A line of 255 characters loads (PC-BASIC evaluates 120 nested parentheses, 250 signs).
TEST(BasicRobustness, DeepestNestingALineCanHoldRuns) {
  std::string parens = "10 PRINT " + repeat("(", 120) + "1" + repeat(")", 120) + "\n";
  std::string signs = "20 PRINT " + repeat("-", 244) + "1\n";
  ASSERT_LE(signs.size(), 256u);
  BatchRun r = run_batch(parens + signs, BatchOptions{});
  EXPECT_EQ(r.output, " 1 \n 1 \n");
}

// A DEF FN that calls itself ends in "Out of memory" (as in PC-BASIC), never in a host
// stack overflow, even when each call nests its body 230 deep (64 calls of 230 levels
// would be ~30,000 host frames; the evaluator stops at 2000 nested evaluations).
TEST(BasicRobustness, RecursiveFunctionsRunOutOfMemory) {
  std::string deep = repeat("-", 230) + "FNA(X)";
  BatchRun r = run_batch("10 DEF FNA(X)=" + deep + "\n20 PRINT FNA(1)\n", BatchOptions{});
  ASSERT_LE(deep.size() + 14, 255u);
  EXPECT_EQ(r.output, "Out of memory in 20\xFF\n");
  EXPECT_EQ(r.result.error.code, ErrorCode::kOutOfMemory);
}

// A listing that prints forever used to grow the held output to 2 GB.
// The output is capped; the run stops there with kHalted.
TEST(BasicRobustness, EndlessOutputStopsAtTheCap) {
  BatchOptions o;
  o.max_output = 1u << 20;
  o.max_steps = 100000;  // without the cap: 12 MB of output, then the step limit
  BatchRun r = run_batch("10 A$=STRING$(255,\"X\")\n20 PRINT A$;\n30 GOTO 20\n", o);
  EXPECT_EQ(r.result.outcome, Outcome::kHalted);
  EXPECT_TRUE(r.output_limited);
  EXPECT_EQ(r.output.size(), o.max_output);
  BatchRun small = run_batch("10 PRINT \"HI\"\n", o);
  EXPECT_FALSE(small.output_limited);
  EXPECT_EQ(small.output, "HI\n");
  EXPECT_GT(BatchOptions{}.max_output, 0u);
}

}  // namespace
}  // namespace amazing::basic
