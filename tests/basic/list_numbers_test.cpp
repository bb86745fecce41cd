// How GW-BASIC (the pc) LISTs the numbers of a typed line: PC-BASIC 2.0.5's sessions in
// data/list_numbers (NAME.txt typed, NAME.out what it printed; see the README there) run
// through the prompt, and list_form's rules one at a time.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "basic/program_text.hpp"
#include "basic/prompt.hpp"
#include "basic/saved_program.hpp"
#include "prompt_helpers.hpp"

namespace amazing::basic {
namespace {

namespace fs = std::filesystem;

fs::path data_dir() {
  return fs::path(AMAZING_BASIC_TESTS_DIR) / "data" / "list_numbers";
}

using prompt_testing::hex;
using prompt_testing::slurp;
using prompt_testing::typed_lines;

// Every CR and 0xFF dropped, as in ../shared/prompt's README.
std::string comparable(const std::string& text) {
  return prompt_testing::comparable(text, false);
}

// From LIST's output on: what the stored lines look like.
std::string listing(const std::string& session) {
  std::size_t at = session.find("\nLIST\n");
  return at == std::string::npos ? session : session.substr(at);
}


std::string run_pc(const std::vector<std::string>& typed) {
  PromptOptions options;
  options.dialect = Dialect::kPc;
  options.max_steps = 1'000'000;
  return comparable(run_prompt(typed, options));
}

// Sessions where PC-BASIC also printed "Overflow" while storing a line (a constant past
// the largest single or double, stored as that largest value): the prompt does not print
// that message, so only the listing is compared.
bool listing_only(const std::string& name) {
  return name == "integers" || name == "exponents" || name == "digits";
}

class ListNumbers : public ::testing::TestWithParam<std::string> {};

TEST_P(ListNumbers, ListsAsPcBasicListed) {
  const std::string name = GetParam();
  fs::path typed = data_dir() / (name + ".txt");
  fs::path out = data_dir() / (name + ".out");
  ASSERT_TRUE(fs::exists(typed) && fs::exists(out)) << typed;
  std::string got = run_pc(typed_lines(typed));
  std::string want = comparable(slurp(out));
  if (listing_only(name)) {
    EXPECT_EQ(listing(got), listing(want)) << name;
  } else {
    EXPECT_EQ(got, want) << name;
  }
}

INSTANTIATE_TEST_SUITE_P(Recorded, ListNumbers,
                         ::testing::Values("integers", "decimals", "exponents", "digits",
                                           "spaces", "linerefs", "contexts", "words",
                                           "adjacent", "names", "eword", "radix",
                                           "trailing"));

// ---- list_form's rules -------------------------------------------------------------------

std::string pc(std::string_view text) {
  return list_form(Dialect::kPc, text);
}

TEST(ListForm, IntegersSinglesAndDoubles) {
  EXPECT_EQ(pc(" A=007+32767"), "A=7+32767");
  EXPECT_EQ(pc(" A=32768"), "A=32768!");
  EXPECT_EQ(pc(" A=1.50:B=0.5:C=1.0:D=1E3"), "A=1.5:B=.5:C=1!:D=1000!");
  EXPECT_EQ(pc(" A=123456789:B=1.2345678:C=1.2345670"), "A=123456789#:B=1.2345678#:C=1.234567");
  EXPECT_EQ(pc(" A=0.1#:B=1D3:C=1D17:D=12345678!"), "A=.1#:B=1000#:C=1D+17:D=1.234568E+07");
  EXPECT_EQ(pc(" A=1E-8:B=2.5E10:C=1E39:D=1E-40"), "A=1E-08:B=2.5E+10:C=1.701412E+38:D=0!");
  EXPECT_EQ(pc(" A=1.5!:B=1%:C=40000%:D=1E3!"), "A=1.5:B=1:C=40000!:D=1000!!");
}

TEST(ListForm, BlanksInsideANumberGo) {
  EXPECT_EQ(pc(" A=1 2:B=1 . 5 +1"), "A=12!:B=1.5 +1");
  EXPECT_EQ(pc(" A=1 %:B=1 EQV 2:PRINT 1 EXP(2)"), "A=1%:B=1 EQV 2:PRINT 1!XP(2)");
}

TEST(ListForm, RadixConstants) {
  EXPECT_EQ(pc(" A=&hff+&17+&O+&H00FF"), "A=&HFF+&O17+&O0+&HFF");
}

TEST(ListForm, LineNumbersLoseLeadingZerosOnly) {
  EXPECT_EQ(pc(" ON X GOTO 010, 020:GOSUB 0030"), "ON X GOTO 10, 20:GOSUB 30");
  EXPECT_EQ(pc(" IF ERL=040000 THEN 010 ELSE 40000"), "IF ERL=40000 THEN 10 ELSE 40000");
  EXPECT_EQ(pc(" LIST 010-020:GOTO 70000"), "LIST 10-20:GOTO 70000");
}

TEST(ListForm, WhatStaysAsTyped) {
  EXPECT_EQ(pc(" PRINT \"1.50\";A1;B$ 007:REM 1.50"), "PRINT \"1.50\";A1;B$ 007:REM 1.50");
  EXPECT_EQ(pc(" DATA 1.50:A=1.50' 1.50"), "DATA 1.50:A=1.5' 1.50");
  EXPECT_EQ(pc(" GOTO010:A=B%1.50:C=B#1.50"), "GOTO010:A=B%1.50:C=B#1.5");
}

TEST(ListForm, AKeywordAfterAConstantGetsASpace) {
  EXPECT_EQ(pc(" A=1AND 2:B=1.5OR 3:C=1!AND 2:D=1AND2"), "A=1 AND 2:B=1.5 OR 3:C=1!AND 2:D=1AND2");
}

// save.txt typed into PC-BASIC wrote SAVED.BAS (its SAVE "N"). LOAD reads it back as the
// lines typed are stored; SAVE writes line 10 (integers, singles, doubles, &H, &O) as
// PC-BASIC did. Lines 20 and 30 differ (see the README): ERL's line number is written as a
// single, and .00003 re-read from its listed text is not the value 3E-5 gave.
TEST(ListForm, SaveAndLoadAgreeWithPcBasicOnConstants) {
  ProgramLines lines;
  for (const std::string& typed : typed_lines(data_dir() / "save.txt")) {
    TypedLine t = split_typed(typed);
    if (t.number) lines[static_cast<int>(*t.number)] = list_form(Dialect::kPc, t.text);
  }
  ASSERT_EQ(lines.size(), 3u);
  std::string saved = slurp(data_dir() / "SAVED.BAS");
  auto back = read_gw_file(saved);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->lines, lines);
  std::string line10 = gw_tokenised_file({{10, lines[10]}});
  line10.resize(line10.size() - 3);  // without the end: 00 00 1A
  EXPECT_EQ(hex(line10), hex(saved.substr(0, line10.size())));
}

TEST(ListForm, TheC64KeepsNumbersAsTyped) {
  EXPECT_EQ(list_form(Dialect::kC64, " a=1.50:goto 010"), "A=1.50:GOTO 010");
}

}  // namespace
}  // namespace amazing::basic
