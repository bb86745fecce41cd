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
  fs::path books = fs::path(AMAZING_SHARED_DIR) / "books";
  if (!fs::is_directory(books)) {
    std::string why = "no listings at " + books.string() + " (../shared missing)";
    const char* required = std::getenv("AMAZING_REQUIRE_ORACLE");
    if (required != nullptr && std::string(required) == "1") FAIL() << why;
    GTEST_SKIP() << why;
  }
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

}  // namespace
}  // namespace amazing::basic
