// The three AMAZING listings run by the interpreter print exactly the maze the native
// engine (core::generate_amazing + core::TextRenderer) makes, over many sizes and seeds.
// The listings are read from ${AMAZING_SHARED_DIR}/roms; without them the test skips,
// unless AMAZING_REQUIRE_ORACLE=1 (then it fails).

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "basic/listing.hpp"
#include "basic/saved_program.hpp"
#include "basic/run.hpp"
#include "core/amazing_walk.hpp"
#include "core/render.hpp"

namespace amazing::basic {
namespace {

bool require() {
  const char* v = std::getenv("AMAZING_REQUIRE_ORACLE");
  return v && std::string(v) == "1";
}

std::optional<Listing> listing_or_skip(core::Variant variant) {
  auto dir = std::filesystem::path(AMAZING_SHARED_DIR) / "roms";
  auto found = find_listing(variant, {dir});
  if (!found) return std::nullopt;
  return *found;
}

std::string native_maze(int w, int l, core::Variant variant, std::optional<int16_t> seed) {
  core::Ram ram(core::kUnlimited);
  core::GwRnd rnd;
  if (seed) rnd.randomize(*seed);
  auto maze = core::generate_amazing(ram, w, l, variant, rnd);
  std::string out;
  core::TextRenderer(0).all(*maze, out);
  return out;
}

void check_variant(core::Variant variant) {
  auto listing = listing_or_skip(variant);
  if (!listing) {
    std::string why = "the listing " + std::string(known_listing(variant).file) + " is not in " +
                      AMAZING_SHARED_DIR + "/roms";
    if (require()) FAIL() << why << " (AMAZING_REQUIRE_ORACLE=1)";
    GTEST_SKIP() << why;
  }
  ASSERT_EQ(listing->variant, variant);
  int checked = 0;
  uint32_t mix = 12345;
  for (int n = 0; n < 240; ++n) {
    mix = mix * 1103515245u + 12345u;
    int w = 2 + static_cast<int>((mix >> 8) % 30);
    int l = 2 + static_cast<int>((mix >> 16) % 30);
    std::optional<int16_t> seed;
    if (n % 5 != 0) seed = static_cast<int16_t>((mix >> 4) & 0xFFFF);
    BatchOptions o;
    o.seed = seed;
    o.input = {std::to_string(w) + "," + std::to_string(l)};
    o.width = 0;
    BatchRun r = run_batch(listing->text, o);
    ASSERT_TRUE(r.parsed);
    ASSERT_EQ(r.result.outcome, Outcome::kEnded) << w << "x" << l;
    std::string head = "? " + o.input[0] + "\n\n\n\n\n";
    auto at = r.output.find(head);
    ASSERT_NE(at, std::string::npos);
    std::string maze = r.output.substr(at + head.size());
    std::string want = native_maze(w, l, variant, seed);
    ASSERT_EQ(maze, want) << std::string(core::variant_name(variant)) << " " << w << "x" << l
                          << " seed " << (seed ? std::to_string(*seed) : "none");
    ++checked;
  }
  EXPECT_EQ(checked, 240);
}

TEST(BasicListings, BookEqualsNative) {
  check_variant(core::Variant::kBook);
}
TEST(BasicListings, FixedEqualsNative) {
  check_variant(core::Variant::kFixed);
}
TEST(BasicListings, FixedExitEqualsNative) {
  check_variant(core::Variant::kFixedExit);
}

// The state whose next RND(1) is at 0xFFFFFF (1 - 2^-24): INT(RND(1)*W+1) is W+1 there
// for W a power of two, and INT(RND(1)*2+1) is 3.
uint32_t state_before_ffffff() { return core::GwRnd::previous_state(0xFFFFFF); }

TEST(BasicListings, StopAtLine195AsTheNativeEngineReportsIt) {
  // PC-BASIC itself: tests/basic/programs/rnd_ffffff.bas (the same draws, the same error).
  for (auto v : {core::Variant::kBook, core::Variant::kFixed, core::Variant::kFixedExit}) {
    auto listing = listing_or_skip(v);
    if (!listing) {
      if (require()) FAIL() << "listings missing (AMAZING_REQUIRE_ORACLE=1)";
      GTEST_SKIP() << "listings missing";
    }
    for (int w : {2, 8, 32}) {
      BatchOptions o;
      o.rnd_state = state_before_ffffff();
      o.input = {std::to_string(w) + ",3"};
      BatchRun r = run_batch(listing->text, o);
      ASSERT_TRUE(r.parsed);
      core::Ram ram(core::kUnlimited);
      core::GwRnd rnd(state_before_ffffff());
      auto run = core::run_amazing(ram, w, 3, v, rnd);
      ASSERT_TRUE(run.ok());
      ASSERT_EQ(run->stats.stopped_at_line, 195);
      std::string want;
      core::TextRenderer(80).top(run->maze, want);
      want += core::basic_stop_message(195) + "\n";
      ASSERT_GE(r.output.size(), want.size());
      EXPECT_EQ(r.output.substr(r.output.size() - want.size()), want) << r.output;
      EXPECT_EQ(want.substr(0, 4), ".--.");  // no entrance in the border
    }
  }
}

TEST(BasicListings, WideMazeAndTranscriptAt80Columns) {
  auto listing = listing_or_skip(core::Variant::kBook);
  if (!listing) GTEST_SKIP() << "listings missing";
  BatchOptions o;
  o.seed = 99;
  o.input = {"40,6"};
  BatchRun r = run_batch(listing->text, o);
  core::Ram ram(core::kUnlimited);
  core::GwRnd rnd;
  rnd.randomize(99);
  auto maze = core::generate_amazing(ram, 40, 6, core::Variant::kBook, rnd);
  std::string want;
  core::TextRenderer(80).all(*maze, want);
  EXPECT_NE(r.output.find(want), std::string::npos);
  EXPECT_EQ(r.output.substr(r.output.size() - want.size()), want);
}

TEST(BasicListings, RecognisedByHash) {
  for (auto v : {core::Variant::kBook, core::Variant::kFixed, core::Variant::kFixedExit}) {
    auto listing = listing_or_skip(v);
    if (!listing) GTEST_SKIP() << "listings missing";
    EXPECT_EQ(sha256_hex(listing->text), known_listing(v).sha256);
  }
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(BasicListings, MissingListingSaysWhereToPutIt) {
  auto found = find_listing(core::Variant::kFixed, {"/nonexistent/roms"});
  ASSERT_FALSE(found);
  EXPECT_NE(found.error().message.find("amazing-fixed.bas"), std::string::npos);
  EXPECT_NE(found.error().message.find("--rom"), std::string::npos);
}

}  // namespace
}  // namespace amazing::basic

namespace amazing::basic {
namespace {

// A file the machines SAVEd (tokenised, protected, PRG) is read as the text LIST shows, so
// `amazing basic FILE` and --rom run what SAVE wrote.
TEST(SavedListings, SavedProgramsLoadAsTheirText) {
  char name[] = "/tmp/amazing-saved-listing-XXXXXX";
  ASSERT_NE(mkdtemp(name), nullptr);
  const std::filesystem::path dir = name;
  ProgramLines lines{{10, "PRINT \"SAVED\";1.5"}, {20, "END"}};
  const struct {
    const char* file;
    std::string bytes;
  } saved[] = {{"t.bas", gw_tokenised_file(lines)},
               {"p.bas", gw_protected_file(lines)},
               {"c.prg", c64_prg_file(lines)}};
  for (const auto& s : saved) {
    std::ofstream(dir / s.file, std::ios::binary) << s.bytes;
    auto listing = load_listing(dir / s.file);
    ASSERT_TRUE(listing) << s.file << ": " << listing.error().message;
    EXPECT_EQ(listing->text, "10 PRINT \"SAVED\";1.5\n20 END\n") << s.file;
  }
  std::ofstream(dir / "bad.bas", std::ios::binary) << std::string("\xFF\x01", 2);
  EXPECT_FALSE(load_listing(dir / "bad.bas"));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace amazing::basic
