// Differential check against PC-BASIC: small mutations of the book
// listing -- a number, an operator, a GOTO target, a variable, a deleted line -- listed in
// tests/basic/mutants/mutants.txt, run on the interpreter and compared byte for byte
// with what PC-BASIC printed for the same mutant (tests/basic/mutants/NAME.out, recorded
// by tests/basic/record_mutants.py). The listing is read from ../shared/roms; the mutant is
// made here from it and the description, so no listing is stored in the repository.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "basic/run.hpp"
#include "support/files.hpp"

namespace amazing::basic {
namespace {

namespace fs = std::filesystem;
using amazing::test::slurp;

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (true) {
    std::size_t end = text.find(sep, start);
    out.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) return out;
    start = end + 1;
  }
}

// The same rule as apply() in record_mutants.py. "" when the line or text is missing.
std::string mutate(const std::string& listing, const std::string& op, const std::string& number,
                   const std::string& old_text, const std::string& new_text) {
  std::vector<std::string> lines = split(listing, '\n');
  bool done = false;
  std::vector<std::string> kept;
  for (std::string line : lines) {
    std::string head = line.substr(0, line.find(' '));
    if (!done && head == number) {
      done = true;
      if (op == "delete") continue;
      std::size_t at = line.find(old_text, head.size());
      if (at == std::string::npos) return "";
      line = line.substr(0, at) + new_text + line.substr(at + old_text.size());
    }
    kept.push_back(line);
  }
  if (!done) return "";
  std::string out;
  for (std::size_t i = 0; i < kept.size(); ++i) out += (i ? "\n" : "") + kept[i];
  return out;
}

std::string first_difference(const std::string& want, const std::string& got) {
  std::size_t i = 0;
  while (i < want.size() && i < got.size() && want[i] == got[i]) ++i;
  if (i == want.size() && i == got.size()) return "";
  return "first difference at byte " + std::to_string(i) + ": want ..." +
         want.substr(i > 30 ? i - 30 : 0, 60) + "... got ..." + got.substr(i > 30 ? i - 30 : 0, 60) +
         "...";
}

TEST(BasicMutants, MutatedBookListingMatchesPcBasicRecordings) {
  fs::path dir = fs::path(AMAZING_BASIC_TESTS_DIR) / "mutants";
  fs::path roms = fs::path(AMAZING_SHARED_DIR) / "roms";
  if (!fs::exists(roms / "amazing-book.bas"))
    GTEST_SKIP() << "the listings are missing from " << roms << " (see roms/README.md)";
  int checked = 0;
  for (const std::string& row : split(slurp(dir / "mutants.txt"), '\n')) {
    if (row.empty() || row[0] == '#') continue;
    std::vector<std::string> f = split(row, '|');
    ASSERT_EQ(f.size(), 7u) << row;
    const std::string& name = f[0];
    std::string listing = slurp(roms / ("amazing-" + f[1] + ".bas"));
    std::string mutant = mutate(listing, f[2], f[3], f[4], f[5]);
    ASSERT_FALSE(mutant.empty()) << name << ": the listing has no line " << f[3] << " with "
                                 << f[4];
    ASSERT_NE(mutant, listing) << name;
    fs::path expected = dir / (name + ".out");
    ASSERT_TRUE(fs::exists(expected)) << name << ": run tests/basic/record_mutants.py " << name;
    BatchOptions o;
    o.input = {f[6]};
    o.ram = 64 * 1024;  // PC-BASIC's data segment; every mutant here fits
    o.max_steps = 10'000'000;
    BatchRun r = run_batch(mutant, o);
    ASSERT_TRUE(r.parsed) << name << ": " << r.load_error;
    EXPECT_EQ(first_difference(slurp(expected), r.output), "") << name << " (" << row << ")";
    ++checked;
  }
  EXPECT_EQ(checked, 33) << "mutants compared";
}

}  // namespace
}  // namespace amazing::basic
