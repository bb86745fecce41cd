// The machine's INPUT on the Commodore 64 (machine::c64_input, what the Lua engine and the
// c64 dialogue use) against the C64's own recording of INPUT's answers to bad input:
// shared/c64/programs/input.bas run with input.in (see shared/c64/README.md). The program
//   10 INPUT "HOW MANY";A,B / 20 PRINT A+B / 30 IF A<>99 THEN 10
// is played here with c64_input and a PRINT of the sum; the transcript must be the
// recording's bytes, LF for CR LF. Skipped when shared/ is missing (a failure with
// AMAZING_REQUIRE_ORACLE=1).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "machine/input.hpp"
#include "machine/output.hpp"
#include "machine/printer.hpp"
#include "support/files.hpp"

namespace {

namespace fs = std::filesystem;
using namespace amazing::machine;

std::string lf(const std::string& crlf) {
  std::string s;
  for (std::size_t i = 0; i < crlf.size(); ++i)
    if (!(crlf[i] == '\r' && i + 1 < crlf.size() && crlf[i + 1] == '\n')) s += crlf[i];
  return s;
}

// PRINT of a short number on the C64: a space or '-', the digits, a cursor-right.
std::string c64_number(double v) {
  std::ostringstream s;
  s << (v < 0 ? "-" : " ") << std::fabs(v) << "\x1b[C";
  return s.str();
}

TEST(C64Input, TheRecordedAnswersToBadInput) {
  const fs::path dir = fs::path(AMAZING_SHARED_DIR) / "c64" / "programs";
  if (!fs::is_regular_file(dir / "input.out")) {
    const char* v = std::getenv("AMAZING_REQUIRE_ORACLE");
    if (v != nullptr && std::string(v) == "1") FAIL() << "no " << dir / "input.out";
    GTEST_SKIP() << "no " << dir / "input.out"
                 << " (shared/ is not next to the project)";
  }
  std::vector<std::string> lines;
  std::istringstream typed(amazing::test::slurp(dir / "input.in"));
  for (std::string l; std::getline(typed, l);) lines.push_back(l);
  ScriptedInput input(lines);
  StringSink out;
  Printer printer(out, 0, Rules::kC64);
  static constexpr FieldKind kTwo[] = {FieldKind::kNumber, FieldKind::kNumber};
  std::vector<InputValue> kept;  // A and B: 0 until INPUT sets them
  for (int guard = 0; guard < 100; ++guard) {
    auto values = c64_input(printer, input, "HOW MANY", kTwo, false, true, kept);
    ASSERT_TRUE(values.has_value()) << "the input ended early; so far:\n" << out.text();
    kept = *values;
    printer.write(c64_number(kept[0].number + kept[1].number));
    printer.newline();
    if (kept[0].number == 99) break;
  }
  EXPECT_EQ(out.text(), lf(amazing::test::slurp(dir / "input.out")));
}

// What c64_input prints and returns for `typed`, with `kept` the variables before.
struct Played {
  std::optional<std::vector<InputValue>> values;
  std::string printed;
};
Played play(std::vector<std::string> typed, std::span<const FieldKind> fields,
            std::vector<InputValue> kept = {}) {
  ScriptedInput input(std::move(typed));
  StringSink out;
  Printer printer(out, 0, Rules::kC64);
  Played p;
  p.values = c64_input(printer, input, "", fields, false, true, kept);
  p.printed = out.text();
  return p;
}

// A colon typed at INPUT ends the line as its end does; an empty line at ?? is an empty
// field (0 or "") and ?? asks on; text after a closing quote is ?REDO FROM START. The
// bytes are cbmbasic's for tests/basic/c64_programs/input_colon and input_more.
TEST(C64Input, AColonEndsTheLineAndAnEmptyLineAtTheQuestionsIsAnEmptyField) {
  static constexpr FieldKind kOne[] = {FieldKind::kNumber};
  static constexpr FieldKind kTwo[] = {FieldKind::kNumber, FieldKind::kNumber};
  static constexpr FieldKind kThree[] = {FieldKind::kNumber, FieldKind::kNumber,
                                         FieldKind::kNumber};
  static constexpr FieldKind kStrings[] = {FieldKind::kString, FieldKind::kString};
  const std::string q = "?\x1b[C\n", more = "??\x1b[C\n";

  Played a = play({"5:4"}, kOne);
  ASSERT_TRUE(a.values);
  EXPECT_EQ((*a.values)[0].number, 5.0);
  EXPECT_EQ(a.printed, q + "?EXTRA IGNORED\n");

  Played b = play({"6:7", "8,9"}, kTwo);
  ASSERT_TRUE(b.values);
  EXPECT_EQ((*b.values)[0].number, 6.0);
  EXPECT_EQ((*b.values)[1].number, 8.0);
  EXPECT_EQ(b.printed, q + more + "?EXTRA IGNORED\n");

  Played c = play({"AB:CD", "EF"}, kStrings);
  ASSERT_TRUE(c.values);
  EXPECT_EQ((*c.values)[0].text, "AB");
  EXPECT_EQ((*c.values)[1].text, "EF");
  EXPECT_EQ(c.printed, q + more);

  std::vector<InputValue> before(3);
  for (int k = 0; k < 3; ++k) before[k].number = 7 + k;
  Played d = play({"1", "", "5"}, kThree, before);
  ASSERT_TRUE(d.values);
  EXPECT_EQ((*d.values)[0].number, 1.0);
  EXPECT_EQ((*d.values)[1].number, 0.0);
  EXPECT_EQ((*d.values)[2].number, 5.0);
  EXPECT_EQ(d.printed, q + more + more);

  Played e = play({"\"GH\"X,IJ", "\"KL\",MN"}, kStrings);
  ASSERT_TRUE(e.values);
  EXPECT_EQ((*e.values)[0].text, "KL");
  EXPECT_EQ((*e.values)[1].text, "MN");
  EXPECT_EQ(e.printed, q + "?REDO FROM START\n" + q);
}

TEST(C64Input, NumbersAsTheC64ReadsThem) {
  EXPECT_EQ(c64_input_number(""), 0.0);
  EXPECT_EQ(c64_input_number(" 1 2 "), 12.0);
  EXPECT_EQ(c64_input_number("-2.5"), -2.5);
  EXPECT_EQ(c64_input_number("1E3"), 1000.0);
  EXPECT_EQ(c64_input_number("."), 0.0);
  EXPECT_FALSE(c64_input_number("X"));
  EXPECT_FALSE(c64_input_number("&H10"));
  EXPECT_FALSE(c64_input_number("1.2.3"));
  EXPECT_FALSE(c64_input_number("1E39"));
}

}  // namespace
