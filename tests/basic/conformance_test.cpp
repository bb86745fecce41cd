// The interpreter against PC-BASIC (the oracle recorded by tests/conformance): the three
// listings over every case (sizes, seeds, bad answers) and the program suite
// tests/basic/programs, byte for byte after CRLF -> LF.

#include <gtest/gtest.h>

#include <filesystem>
#include <map>

#include "basic/listing.hpp"
#include "basic/run.hpp"
#include "conformance/oracle.hpp"
#include "support/files.hpp"

namespace amazing::testing {
namespace {

std::string program_text(const std::string& listing) {
  static std::map<std::string, std::string> cache;
  auto it = cache.find(listing);
  if (it != cache.end()) return it->second;
  std::string text;
  if (auto v = core::parse_variant(listing)) {
    auto found = basic::find_listing(*v, {std::filesystem::path(AMAZING_SHARED_DIR) / "roms"});
    if (found) text = found->text;
  } else {
    text = amazing::test::slurp(listing);
  }
  cache[listing] = text;
  return text;
}

void check(const std::string& listing, const std::string& kind, std::size_t at_least) {
  const auto& all = oracle_cases_or_skip();
  if (all.empty()) return;
  std::vector<const OracleCase*> cases;
  if (kind == "program") {
    for (const auto& c : all) {
      if (c.kind == "program") cases.push_back(&c);
    }
  } else {
    cases = oracle_cases(all, listing, kind);
  }
  if (kind == "maze") at_least /= oracle_every();
  ASSERT_GE(cases.size(), at_least) << "too few oracle cases for " << listing << " " << kind;
  int passed = 0;
  for (const OracleCase* c : cases) {
    std::string text = program_text(c->listing);
    if (text.empty()) {
      // The recordings need no listing; running our interpreter on one does.
      std::string why = c->id + ": cannot read " + c->listing + " (listings are looked for in " +
                        AMAZING_SHARED_DIR + "/roms)";
      if (oracle_required()) FAIL() << why << " (AMAZING_REQUIRE_ORACLE=1)";
      GTEST_SKIP() << why;
    }
    basic::BatchOptions o;
    o.seed = c->seed;
    o.input = c->input;
    o.max_steps = 100'000'000;
    amazing::test::TempDir disk("amazing-conformance");  // a program's files (OPEN)
    o.disk = disk.path();
    basic::BatchRun r = basic::run_batch(text, o);
    ASSERT_TRUE(r.parsed) << c->id << ": " << r.load_error;
    std::string diff = first_difference(c->transcript, r.output);
    EXPECT_EQ(diff, "") << c->id << ": " << diff;
    passed += diff.empty();
  }
  std::printf("%s %s: %d of %zu cases byte-identical\n", listing.c_str(), kind.c_str(), passed,
              cases.size());
}

TEST(BasicConformance, Book) {
  check("book", "maze", 200);
}
TEST(BasicConformance, Fixed) {
  check("fixed", "maze", 200);
}
TEST(BasicConformance, FixedExit) {
  check("fixed-exit", "maze", 200);
}
TEST(BasicConformance, BookDialogue) {
  check("book", "dialogue", 1);
}
TEST(BasicConformance, FixedDialogue) {
  check("fixed", "dialogue", 1);
}
TEST(BasicConformance, FixedExitDialogue) {
  check("fixed-exit", "dialogue", 1);
}
// The edges of GW-BASIC's memory: Out of memory in 110, 160, 165, 195 or 200 where
// PC-BASIC says it, or after the whole walk at 1010 and 1015 (oracle.py MEMORY_CASES).
TEST(BasicConformance, MemoryEdges) {
  check("book", "memory", 9);
  check("fixed", "memory", 1);
  check("fixed-exit", "memory", 2);
}
TEST(BasicConformance, Programs) {
  check("programs", "program", 20);
}

}  // namespace
}  // namespace amazing::testing
