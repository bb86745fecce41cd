// The native engine (amazing gen) against PC-BASIC running the three listings: every case,
// the maze alone and the whole transcript, byte for byte.

#include <gtest/gtest.h>

#include "conformance/oracle.hpp"
#include "support/run.hpp"

namespace amazing::testing {
namespace {

void check_listing(const std::string& listing) {
  const auto& all = oracle_cases_or_skip();
  if (all.empty()) return;
  auto cases = oracle_cases(all, listing);
  ASSERT_GE(cases.size(), 200u / oracle_every()) << "too few oracle cases for " << listing;
  int passed = 0;
  for (const OracleCase* c : cases) {
    std::vector<std::string> args = {"gen"};
    for (auto& a : gen_arguments(*c)) args.push_back(a);
    const test::Ran maze = test::run_amazing(args);
    ASSERT_EQ(maze.code, 0) << c->id << ": " << maze.err;
    std::string diff = first_difference(c->maze(), maze.out);
    EXPECT_EQ(diff, "") << c->id << " (maze only): " << diff;

    args.push_back("--transcript");
    const test::Ran transcript = test::run_amazing(args);
    ASSERT_EQ(transcript.code, 0) << c->id << ": " << transcript.err;
    std::string tdiff = first_difference(c->transcript, transcript.out);
    EXPECT_EQ(tdiff, "") << c->id << " (transcript): " << tdiff;
    passed += diff.empty() && tdiff.empty();
  }
  ::testing::Test::RecordProperty("cases_passed", passed);
  std::printf("%s: %d of %zu cases byte-identical in both forms\n", listing.c_str(), passed,
              cases.size());
}

// The edges of GW-BASIC's memory (oracle.py MEMORY_CASES): gen --transcript, the plain
// dialogue and compare's transcript stop where PC-BASIC's run does (Out of memory in 110,
// 160, 165, 195, 200, 1010 or 1015), with exit 3.
TEST(NativeConformance, MemoryEdges) {
  const auto& all = oracle_cases_or_skip();
  if (all.empty()) return;
  int checked = 0;
  for (const char* listing : {"book", "fixed", "fixed-exit"}) {
    for (const OracleCase* c : oracle_cases(all, listing, "memory")) {
      std::vector<std::string> args = {"gen"};
      for (auto& a : gen_arguments(*c)) args.push_back(a);
      args.push_back("--transcript");
      const test::Ran gen = test::run_amazing(args);
      EXPECT_EQ(gen.code, 3) << c->id << ": " << gen.err;
      std::string diff = first_difference(c->transcript, gen.out);
      EXPECT_EQ(diff, "") << c->id << " (gen --transcript): " << diff;

      std::vector<std::string> bare = {"--variant", listing};
      if (c->seed) bare.insert(bare.end(), {"--seed", std::to_string(*c->seed)});
      const test::Ran dialogue = test::run_amazing(bare, c->input[0] + "\n");
      EXPECT_EQ(dialogue.code, 3) << c->id << ": " << dialogue.err;
      diff = first_difference(c->transcript, dialogue.out);
      EXPECT_EQ(diff, "") << c->id << " (dialogue): " << diff;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 12);  // oracle.py's MEMORY_CASES
}

// A size past 32767 (oracle.py's dialogues 40000,2 and 2,40000): line 110's DIM stops with
// Overflow in 110, and gen --size WxL --transcript prints what PC-BASIC printed for W,L, with
// exit 5, on every engine (native once said Out of memory in 110 there, counting the memory
// first).
TEST(NativeConformance, TranscriptOfASizeLine110CannotDim) {
  const auto& all = oracle_cases_or_skip();
  if (all.empty()) return;
  int checked = 0;
  for (const char* listing : {"book", "fixed", "fixed-exit"}) {
    for (const OracleCase* c : oracle_cases(all, listing, "dialogue")) {
      if (c->input.size() != 1) continue;
      const std::string& typed = c->input[0];
      const std::size_t comma = typed.find(',');
      if (comma == std::string::npos || typed.find_first_not_of("0123456789,") != std::string::npos)
        continue;
      const long w = std::stol(typed.substr(0, comma)), l = std::stol(typed.substr(comma + 1));
      if (w <= 32767 && l <= 32767) continue;
      for (const char* engine : {"native", "lua", "basic"}) {
        std::vector<std::string> args = {"gen",       "--engine",
                                         engine,      "--transcript",
                                         "--size",    std::to_string(w) + "x" + std::to_string(l),
                                         "--variant", listing};
        if (c->seed) args.insert(args.end(), {"--seed", std::to_string(*c->seed)});
        const test::Ran r = test::run_amazing(args);
        EXPECT_EQ(r.code, 5) << c->id << " " << engine << ": " << r.err;
        const std::string diff = first_difference(c->transcript, r.out);
        EXPECT_EQ(diff, "") << c->id << " " << engine << ": " << diff;
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 3 * 2 * 3);  // 40000,2 and 2,40000 on each listing, three engines
}

TEST(NativeConformance, Book) { check_listing("book"); }
TEST(NativeConformance, Fixed) { check_listing("fixed"); }
TEST(NativeConformance, FixedExit) { check_listing("fixed-exit"); }

// The plain dialogue (amazing without a terminal, --variant and --seed as the case has them)
// against PC-BASIC on every listing: every maze case typed in and every dialogue case, bad
// answers included (0,5  3.7,2.2  40000,2  4,3,  end of input ...).
TEST(NativeConformance, Dialogue) {
  const auto& all = oracle_cases_or_skip();
  if (all.empty()) return;
  int checked = 0, dialogues = 0, seeded = 0;
  for (const char* listing : {"book", "fixed", "fixed-exit"}) {
    std::vector<const OracleCase*> cases = oracle_cases(all, listing);
    for (const OracleCase* c : oracle_cases(all, listing, "dialogue")) cases.push_back(c);
    for (const OracleCase* c : cases) {
      std::string typed;
      for (const std::string& line : c->input) typed += line + "\n";
      std::vector<std::string> args = {"--variant", listing};
      if (c->seed) {
        args.push_back("--seed");
        args.push_back(std::to_string(*c->seed));
        ++seeded;
      }
      const test::Ran r = test::run_amazing(args, typed);
      if (c->kind == "dialogue") ++dialogues;
      std::string diff = first_difference(c->transcript, r.out);
      EXPECT_EQ(diff, "") << c->id << ": " << diff;
      ++checked;
    }
  }
  const int every = static_cast<int>(oracle_every());
  EXPECT_GT(checked, 600 / every);
  EXPECT_GE(dialogues, 84);  // oracle.py's DIALOGUES for each of the three listings
  EXPECT_GT(seeded, 300 / every);
}

}  // namespace
}  // namespace amazing::testing
