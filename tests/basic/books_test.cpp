// The other programs of BASIC Computer Games (../shared/books: reference data, never
// copied here) on the pc machine, against what PC-BASIC printed for them fed each stream
// of typed lines (tests/basic/books/NAME.STREAM.out, recorded by record_books.py, which
// says how). A program PC-BASIC was still running after 60 s (NAME.STREAM.endless: one
// that never ends) is run to a step limit here and the shorter of the two outputs must
// begin the longer. Without ../shared the test skips with a message;
// AMAZING_REQUIRE_ORACLE=1 makes that a failure.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "basic/run.hpp"
#include "support/files.hpp"

namespace amazing::basic {
namespace {

namespace fs = std::filesystem;
using amazing::test::lines_of;
using amazing::test::slurp;

const fs::path kRecordings = fs::path(AMAZING_BASIC_TESTS_DIR) / "books";

// "" or where the first difference is, with a little context.
std::string first_difference(const std::string& want, const std::string& got) {
  std::size_t i = 0;
  while (i < want.size() && i < got.size() && want[i] == got[i]) ++i;
  if (i == want.size() && i == got.size()) return "";
  std::size_t from = i > 30 ? i - 30 : 0;
  return "first difference at byte " + std::to_string(i) + ": PC-BASIC ..." +
         testing::PrintToString(want.substr(from, 60)) + " here ..." +
         testing::PrintToString(got.substr(from, 60));
}

// Skips the test (or fails it under AMAZING_REQUIRE_ORACLE=1) when ../shared/books is missing.
#define NEED_BOOKS(books)                                                            \
  if (!fs::is_directory(books)) {                                                    \
    std::string why = "no listings at " + (books).string() + " (../shared missing)"; \
    const char* required = std::getenv("AMAZING_REQUIRE_ORACLE");                    \
    if (required != nullptr && std::string(required) == "1") FAIL() << why;          \
    GTEST_SKIP() << why;                                                             \
  }

struct Recording {
  std::string program;  // NAME (NAME.bas in ../shared/books)
  std::string stream;   // a, b or c (books/streams/STREAM.in)
  bool endless = false;
  fs::path path;
};

std::vector<Recording> recordings() {
  std::vector<Recording> out;
  for (const auto& entry : fs::directory_iterator(kRecordings)) {
    std::string ext = entry.path().extension().string();
    if (ext != ".out" && ext != ".endless") continue;
    fs::path stem = entry.path().stem();  // NAME.STREAM
    out.push_back({stem.stem().string(), stem.extension().string().substr(1), ext == ".endless",
                   entry.path()});
  }
  std::sort(out.begin(), out.end(), [](const Recording& a, const Recording& b) {
    return a.program + a.stream < b.program + b.stream;
  });
  return out;
}

TEST(BookPrograms, PcPrintsWhatPcBasicPrinted) {
  const fs::path books = fs::path(AMAZING_SHARED_DIR) / "books";
  NEED_BOOKS(books);
  int compared = 0;
  for (const Recording& r : recordings()) {
    fs::path listing = books / (r.program + ".bas");
    ASSERT_TRUE(fs::exists(listing)) << listing;
    BatchOptions o;
    o.input = lines_of(slurp(kRecordings / "streams" / (r.stream + ".in")));
    o.max_steps = r.endless ? 2'000'000 : 50'000'000;
    BatchRun run = run_batch(slurp(listing), o);
    ASSERT_TRUE(run.parsed) << r.program << ": " << run.load_error;
    std::string want = slurp(r.path);
    if (r.endless) {
      std::size_t n = std::min(want.size(), run.output.size());
      EXPECT_EQ(first_difference(want.substr(0, n), run.output.substr(0, n)), "")
          << r.program << " with " << r.stream << ".in (never ends)";
    } else {
      EXPECT_EQ(first_difference(want, run.output), "")
          << r.program << " with " << r.stream << ".in";
    }
    ++compared;
  }
  EXPECT_EQ(compared, 303) << "recordings compared";
}

// ---- the c64 ---------------------------------------------------------------------------------
// books_c64/NAME.STREAM.out (or .cut: the first 32768 bytes of a longer run) is what
// cbmbasic, the C64's ROM, printed (record_books_c64.sh). The recorder cannot be matched
// byte for byte in two ways, so both sides are compared without cursor-rights and blanks:
// its screen column is always 0, so a comma, TAB or SPC after text moves differently
// there (../shared/c64/README.md), and at the end of its input it reads empty lines for
// ever (an empty answer keeps the variables on a C64) where the machine here stops. So
// what the c64 machine prints must begin the recording (a cut recording may also begin
// it); the recording's rest is what the C64 did after the typed lines ran out.

// Programs whose C64 run this machine cannot give: RND(0) reads the C64's clock chips, and
// the recorder's stand-in for them is the host's rand() seeded with the time of the run
// (FACTS.md, the book's programs on the c64).
const std::map<std::string, std::string> kC64NotComparable = {
    {"27_Civil_War__civilwar", "RND(0)"},
    {"29_Craps__craps", "RND(0)"},
    {"37_Football__football", "RND(0)"},
    {"70_Poetry__poetry", "RND(0)"},
    {"84_Super_Star_Trek__superstartrek", "RND(0)"},
    {"30_Cube__cube", "RND(X) with X still 0: RND(0)"},
};

std::string without_blanks(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 3, "\x1b[C") == 0) {
      i += 2;
    } else if (text[i] != ' ') {
      out += text[i];
    }
  }
  return out;
}

TEST(BookPrograms, C64PrintsWhatTheC64Printed) {
  const fs::path books = fs::path(AMAZING_SHARED_DIR) / "books";
  NEED_BOOKS(books);
  const fs::path dir = fs::path(AMAZING_BASIC_TESTS_DIR) / "books_c64";
  int compared = 0, skipped = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    fs::path stem = entry.path().stem();  // NAME.STREAM
    std::string program = stem.stem().string(), stream = stem.extension().string().substr(1);
    if (kC64NotComparable.count(program) != 0) {
      ++skipped;
      continue;
    }
    bool cut = entry.path().extension() == ".cut";
    BatchOptions o;
    o.dialect = Dialect::kC64;
    o.input = lines_of(slurp(kRecordings / "streams" / (stream + ".in")));
    o.max_steps = 5'000'000;
    BatchRun run = run_batch(slurp(books / (program + ".bas")), o);
    ASSERT_TRUE(run.parsed) << program << ": " << run.load_error;
    std::string want = without_blanks(slurp(entry.path()));
    std::string got = without_blanks(run.output);
    std::size_t n = cut ? std::min(want.size(), got.size()) : got.size();
    EXPECT_LE(n, want.size()) << program << " with " << stream << ".in printed more than the C64";
    EXPECT_EQ(first_difference(want.substr(0, n), got.substr(0, n)), "")
        << program << " with " << stream << ".in";
    ++compared;
  }
  EXPECT_EQ(compared + skipped, 303) << "recordings";
  EXPECT_EQ(skipped, 18) << "recordings of programs not comparable";
}

// The programs left out above for RND(0) still run on the c64 machine, its RND(0) reading
// the timer at the emulated clock: each stream runs to an END, a STOP, the end of the
// typed lines or (Poetry, which never ends) the step limit, with no BASIC error, and two
// runs print the same.
TEST(BookPrograms, C64RndZeroProgramsRunToTheirEnd) {
  const fs::path books = fs::path(AMAZING_SHARED_DIR) / "books";
  NEED_BOOKS(books);
  int runs = 0;
  for (const auto& [program, why] : kC64NotComparable) {
    for (const char* stream : {"a", "b", "c"}) {
      BatchOptions o;
      o.dialect = Dialect::kC64;
      o.input = lines_of(slurp(kRecordings / "streams" / (std::string(stream) + ".in")));
      o.max_steps = 2'000'000;
      const std::string listing = slurp(books / (program + ".bas"));
      BatchRun first = run_batch(listing, o);
      ASSERT_TRUE(first.parsed) << program << ": " << first.load_error;
      EXPECT_NE(first.result.outcome, Outcome::kError)
          << program << " with " << stream << ".in: " << first.output.substr(
                 first.output.size() > 300 ? first.output.size() - 300 : 0);
      EXPECT_EQ(first.output, run_batch(listing, o).output) << program << " " << stream;
      ++runs;
    }
  }
  EXPECT_EQ(runs, 18);
}

}  // namespace
}  // namespace amazing::basic
