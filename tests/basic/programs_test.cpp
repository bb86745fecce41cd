// The suite of small BASIC programs (tests/basic/programs/NAME.bas, typed lines in
// NAME.in) against the outputs PC-BASIC printed for them (tests/basic/expected/NAME.out,
// recorded by regenerate_expected.sh), byte for byte. The conformance test checks the
// same programs against a fresh PC-BASIC run when the oracle is available.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "basic/run.hpp"
#include "support/files.hpp"

namespace amazing::basic {
namespace {

namespace fs = std::filesystem;
using amazing::test::lines_of;
using amazing::test::slurp;

// "" or where the first difference is.
std::string first_difference(const std::string& want, const std::string& got) {
  std::size_t i = 0;
  while (i < want.size() && i < got.size() && want[i] == got[i]) ++i;
  if (i == want.size() && i == got.size()) return "";
  std::size_t line = 1 + std::count(want.begin(), want.begin() + static_cast<long>(i), '\n');
  return "first difference at byte " + std::to_string(i) + " (line " + std::to_string(line) +
         "): want ..." + want.substr(i > 20 ? i - 20 : 0, 40) + "... got ..." +
         got.substr(i > 20 ? i - 20 : 0, 40) + "...";
}

TEST(BasicPrograms, MatchPcBasicRecordings) {
  fs::path dir = fs::path(AMAZING_BASIC_TESTS_DIR);
  int checked = 0;
  for (const auto& entry : fs::directory_iterator(dir / "programs")) {
    if (entry.path().extension() != ".bas") continue;
    std::string name = entry.path().stem().string();
    fs::path expected = dir / "expected" / (name + ".out");
    ASSERT_TRUE(fs::exists(expected))
        << "no recorded output for " << name << ": run tests/basic/regenerate_expected.sh";
    BatchOptions o;
    fs::path in = dir / "programs" / (name + ".in");
    if (fs::exists(in)) o.input = lines_of(slurp(in));
    o.max_steps = 10'000'000;
    // A program's files go to a disk of its own, empty as PC-BASIC's folder was.
    amazing::test::TempDir disk("amazing-programs");
    o.disk = disk.path();
    BatchRun r = run_batch(slurp(entry.path()), o);
    ASSERT_TRUE(r.parsed) << name << ": " << r.load_error;
    std::string want = slurp(expected);
    EXPECT_EQ(first_difference(want, r.output), "") << name;
    ++checked;
  }
  // Every program in the folder, so a missing or misnamed one fails here.
  EXPECT_EQ(checked, 226) << "programs run";
}

}  // namespace
}  // namespace amazing::basic
