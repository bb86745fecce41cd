// A statement that goes wrong part way, on both machines, against what the real
// interpreters printed (recorded by record_statement_errors.sh, which says how): each line
// of statement_errors/cases.txt is run as `10 <line>` / `20 PRINT "Z"`. Both machines run a
// statement as they read it, so a PRINT prints its items up to the bad one before the
// error (`PRINT 1;2;)` prints ` 1  2 ` and then `Syntax error`), and GW-BASIC's
// "Missing operand" is only for a statement that ends where an operand belongs; any other
// token there is a "Syntax error".
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

const fs::path kDir = fs::path(AMAZING_BASIC_TESTS_DIR) / "statement_errors";

std::vector<std::string> cases() {
  return amazing::test::lines_of(slurp(kDir / "cases.txt"));
}

// cbmbasic ends its lines in CR LF; the interpreter prints LF.
std::string without_cr(const std::string& text) {
  std::string out;
  for (char c : text)
    if (c != '\r') out += c;
  return out;
}

std::string run_case(const std::string& line, Dialect dialect) {
  BatchOptions o;
  o.dialect = dialect;
  return run_batch("10 " + line + "\n20 PRINT \"Z\"\n", o).output;
}

// Each case against its recording; a `pc: ` case has none from the C64 (see the recorder).
// Returns how many were compared.
int check_machine(Dialect dialect, const char* extension) {
  const std::string kPcOnly = "pc: ";
  std::vector<std::string> all = cases();
  int compared = 0;
  for (std::size_t i = 0; i < all.size(); ++i) {
    std::string line = all[i];
    bool pc_only = line.rfind(kPcOnly, 0) == 0;
    if (pc_only) line.erase(0, kPcOnly.size());
    if (pc_only && dialect == Dialect::kC64) continue;
    fs::path want = kDir / (std::to_string(i + 1) + extension);
    if (!fs::exists(want)) {
      ADD_FAILURE() << want << " missing: run tests/basic/record_statement_errors.sh";
      continue;
    }
    ++compared;
    std::string expected = without_cr(slurp(want));
    std::string got = run_case(line, dialect);
    EXPECT_EQ(got, expected) << "10 " << line;
  }
  return compared;
}

TEST(StatementErrors, PcPrintsWhatPcBasicPrinted) {
  EXPECT_EQ(check_machine(Dialect::kPc, ".pc"), 68);
}

TEST(StatementErrors, C64PrintsWhatTheC64Printed) {
  EXPECT_EQ(check_machine(Dialect::kC64, ".c64"), 65);
}

}  // namespace
}  // namespace amazing::basic
