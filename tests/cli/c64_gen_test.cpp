// gen --machine c64 and compare --machine c64 through the real binary, against what the
// Commodore 64's BASIC ROM printed (shared/c64/amazing/*.out, see its README.md): every
// recording that gen can ask for (one answer W,L) is reproduced byte for byte, LF for its
// CR LF, by the native, lua and basic engines; the three too large for the C64's memory by
// the basic engine. Skipped when the recordings are missing (a failure with
// AMAZING_REQUIRE_ORACLE=1).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "support/files.hpp"
#include "support/run.hpp"

namespace {

namespace fs = std::filesystem;

fs::path recordings() { return fs::path(AMAZING_SHARED_DIR) / "c64" / "amazing"; }

bool required() {
  const char* v = std::getenv("AMAZING_REQUIRE_ORACLE");
  return v != nullptr && std::string_view(v) == "1";
}

#define RECORDINGS_OR_SKIP()                                                              \
  do {                                                                                    \
    if (!fs::is_directory(recordings())) {                                                \
      if (required())                                                                     \
        FAIL() << "AMAZING_REQUIRE_ORACLE=1 but the C64 recordings " << recordings()      \
               << " are missing (shared/c64 next to the project, or -DAMAZING_SHARED_DIR)"; \
      GTEST_SKIP() << "no C64 recordings at " << recordings()                             \
                   << " (the shared/c64 folder is not next to the project)";              \
    }                                                                                     \
  } while (0)

using amazing::test::Ran;
using amazing::test::words;

// Runs `amazing ARGS`; with `with_stderr`, standard error is in `out` too (as 2>&1).
Ran amazing(const std::vector<std::string>& args, bool with_stderr = false) {
  amazing::test::RunOptions o;
  o.merge_stderr = with_stderr;
  return amazing::test::run_amazing(args, "", o);
}
Ran amazing(const char* args, bool with_stderr = false) {
  return amazing(words(args), with_stderr);
}
Ran amazing(const std::string& args, bool with_stderr = false) {
  return amazing(words(args), with_stderr);
}

std::string lf(const std::string& crlf) {
  std::string s;
  for (std::size_t i = 0; i < crlf.size(); ++i)
    if (!(crlf[i] == '\r' && i + 1 < crlf.size() && crlf[i + 1] == '\n')) s += crlf[i];
  return s;
}

struct Recording {
  std::string file;
  std::string variant;
  std::string size;                // WxL
  std::optional<long long> seed;   // the line X=RND(-(N)); none: power-on
  std::string text;                // the recording, LF for CR LF
  bool out_of_memory = false;
};

// VARIANT-WxL-poweron.out or VARIANT-WxL-seedN.out (N may be negative); nullopt for other
// names, such as book-1x5-then-6x4 (two answers: gen types one).
std::optional<Recording> parse(const fs::path& path) {
  std::string stem = path.stem().string();
  if (path.extension() != ".out" || stem.find("-then-") != std::string::npos) return std::nullopt;
  Recording r;
  r.file = path.filename().string();
  std::size_t tail;
  if (stem.size() > 8 && stem.compare(stem.size() - 8, 8, "-poweron") == 0) {
    tail = stem.size() - 8;
  } else {
    tail = stem.rfind("-seed");
    if (tail == std::string::npos) return std::nullopt;
    r.seed = std::stoll(stem.substr(tail + 5));
  }
  std::string head = stem.substr(0, tail);
  std::size_t dash = head.rfind('-');
  if (dash == std::string::npos) return std::nullopt;
  r.variant = head.substr(0, dash);
  r.size = head.substr(dash + 1);
  r.text = lf(amazing::test::slurp(path));
  r.out_of_memory = r.text.find("?OUT OF MEMORY") != std::string::npos;
  return r;
}

std::vector<Recording> all_recordings() {
  std::vector<Recording> all;
  for (const auto& e : fs::directory_iterator(recordings()))
    if (auto r = parse(e.path())) all.push_back(std::move(*r));
  return all;
}

std::string gen_args(const Recording& r, const std::string& engine, bool transcript) {
  std::string a = "gen --machine c64 --engine " + engine + " --variant " + r.variant +
                  " --size " + r.size;
  if (r.seed) a += " --seed " + std::to_string(*r.seed);
  if (transcript) a += " --transcript";
  return a;
}

// What follows the prompt's cursor-right, its line end and the four empty lines.
std::string maze_rows(const std::string& transcript) {
  const std::string prompt = "WHAT ARE YOUR WIDTH AND LENGTH?\x1b[C\n\n\n\n\n";
  std::size_t at = transcript.rfind(prompt);
  return at == std::string::npos ? "" : transcript.substr(at + prompt.size());
}

class C64Gen : public ::testing::TestWithParam<std::string> {};

TEST_P(C64Gen, TranscriptIsTheRecordingByteForByte) {
  RECORDINGS_OR_SKIP();
  const std::string engine = GetParam();
  int compared = 0;
  for (const Recording& r : all_recordings()) {
    // The native and Lua engines hold far more than the C64 (a nibble store, not the
    // listing's arrays): the ?OUT OF MEMORY recordings are the basic engine's.
    if (r.out_of_memory && engine != "basic") continue;
    Ran got = amazing(gen_args(r, engine, true));
    ++compared;
    EXPECT_EQ(got.out, r.text) << engine << " differs from " << r.file;
    EXPECT_EQ(got.code, r.out_of_memory ? 3 : 0) << engine << " on " << r.file;
  }
  // Every recording of one answer (65, three of them out of memory).
  EXPECT_EQ(compared, engine == "basic" ? 65 : 62) << "recordings compared";
}

TEST_P(C64Gen, WithoutTranscriptTheMazeRowsOnly) {
  RECORDINGS_OR_SKIP();
  const std::string engine = GetParam();
  int compared = 0;
  for (const Recording& r : all_recordings()) {
    if (r.out_of_memory || compared == 8) continue;
    Ran got = amazing(gen_args(r, engine, false));
    ++compared;
    ASSERT_FALSE(maze_rows(r.text).empty()) << r.file;
    EXPECT_EQ(got.out, maze_rows(r.text)) << engine << " on " << r.file;
    EXPECT_EQ(got.code, 0) << engine << " on " << r.file;
  }
  EXPECT_EQ(compared, 8);
}

INSTANTIATE_TEST_SUITE_P(Engines, C64Gen, ::testing::Values("native", "lua", "basic"));

TEST(C64Gen, WhatTheC64CannotDoIsRefusedNotIgnored) {
  for (const char* extra : {"--algorithm prim", "--format json", "--count 2", "--stats",
                            "--ram 64K", "--starts 1", "--seed 0", "--format png"}) {
    Ran got = amazing(std::string("gen --machine c64 --size 5x5 ") + extra, true);
    EXPECT_EQ(got.code, 2) << extra << ": " << got.out;
    std::string option = std::string(extra).substr(0, std::string(extra).find(' '));
    EXPECT_NE(got.out.find(option), std::string::npos) << extra << ": " << got.out;
  }
  Ran bad = amazing("gen --machine vic20 --size 5x5", true);
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.out.find("--machine"), std::string::npos) << bad.out;
}

TEST(C64Gen, TheMazeStoreFitsTheC64sFreeBytes) {
  // 38911 bytes, two cells a byte: native 278x278 (38642) fits, 280x280 (39200) does not;
  // the Lua machine's screen takes 1000 of them: 275x275 fits, 276x275 (37950) does not.
  EXPECT_EQ(amazing("gen --machine c64 --size 278x278").code, 0);
  EXPECT_EQ(amazing("gen --machine c64 --size 275x275 --engine lua").code, 0);
  for (const char* args : {"gen --machine c64 --size 280x280",
                           "gen --machine c64 --size 276x275 --engine lua"}) {
    Ran got = amazing(args, true);
    EXPECT_EQ(got.code, 3) << args;
    EXPECT_NE(got.out.find("c64 machine has 38911"), std::string::npos) << got.out;
    EXPECT_EQ(got.out.find("--ram"), std::string::npos) << "no advice the c64 refuses: " << got.out;
  }
}

TEST(C64Gen, ThePcMachineIsStillTheDefault) {
  Ran pc = amazing("gen --size 6x5 --seed 3");
  Ran explicit_pc = amazing("gen --size 6x5 --seed 3 --machine pc");
  Ran c64 = amazing("gen --size 6x5 --seed 3 --machine c64");
  EXPECT_EQ(pc.code, 0);
  EXPECT_EQ(pc.out, explicit_pc.out);
  EXPECT_NE(pc.out, c64.out);  // another RND, another maze
}

TEST(C64Compare, EnginesAgreeOnTheC64) {
  Ran got = amazing("compare --machine c64 --size 13x9 --seed 77 --variant fixed", true);
  EXPECT_EQ(got.code, 0) << got.out;
  EXPECT_NE(got.out.find("IDENTICAL"), std::string::npos) << got.out;
  EXPECT_NE(got.out.find("native, lua, basic"), std::string::npos) << got.out;
  Ran pcbasic = amazing("compare --machine c64 --size 5x5 --engines native,pcbasic", true);
  EXPECT_EQ(pcbasic.code, 2) << pcbasic.out;
  Ran ram = amazing("compare --machine c64 --size 5x5 --ram 64K", true);
  EXPECT_EQ(ram.code, 2) << ram.out;
}

TEST(C64Compare, EveryEngineRunsOutOfMemoryWhereTheC64Does) {
  // Where the C64 runs out of memory (cbmbasic, src/basic/FACTS.md): at line 110's DIM
  // (61x61), or later, at a variable first assigned after the arrays: 10x330 at 165,
  // 33x106 at 1010 (the whole walk done), 18x190 fixed-exit at 1015, 16x213 seed 7 at 200.
  for (const char* args : {"--size 61x61", "--size 10x330", "--size 33x106",
                           "--size 18x190 --variant fixed-exit", "--size 16x213 --seed 7"}) {
    Ran got = amazing(std::string("compare --machine c64 --engines native,lua,basic ") + args, true);
    EXPECT_EQ(got.code, 0) << args << ": " << got.out;
    EXPECT_NE(got.out.find("IDENTICAL"), std::string::npos) << args << ": " << got.out;
  }
  const std::pair<const char*, const char*> kStops[] = {
      {"--size 61x61", "IN 110"}, {"--size 10x330", "IN 165"}, {"--size 33x106", "IN 1010"},
      {"--size 18x190 --variant fixed-exit", "IN 1015"}, {"--size 16x213 --seed 7", "IN 200"}};
  for (const auto& [args, stop] : kStops) {
    Ran got = amazing(std::string("gen --machine c64 --transcript --engine native ") + args);
    EXPECT_EQ(got.code, 3) << args;
    std::string tail = got.out.substr(got.out.size() - std::min<std::size_t>(got.out.size(), 30));
    EXPECT_NE(tail.find(std::string("?OUT OF MEMORY  ERROR ") + stop), std::string::npos)
        << args << ": " << tail;
  }
}

}  // namespace
