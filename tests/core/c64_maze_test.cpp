// Native C64 mazes: the 1978 walk drawing from C64Rnd makes the maze the listing printed
// on the Commodore 64 (shared/c64/amazing/*.out), row for row, for every recording it can
// reproduce: all but the three the C64 could not hold (?OUT OF MEMORY).
#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "c64_oracle.hpp"
#include "core/amazing_walk.hpp"
#include "core/c64_rnd.hpp"
#include "core/ram.hpp"
#include "core/render.hpp"

namespace amazing::core {
namespace {

struct Recording {
  std::string name;
  Variant variant;
  int width = 0, height = 0;
  std::optional<long long> seed;  // the line 5 X=RND(-(N)); none: power-on
};

// VARIANT-WxL-poweron.out or VARIANT-WxL-seedN.out; nullopt for other names.
std::optional<Recording> parse_name(const std::string& name) {
  const std::string ext = ".out";
  if (name.size() <= ext.size() || name.compare(name.size() - ext.size(), ext.size(), ext) != 0)
    return std::nullopt;
  const std::string stem = name.substr(0, name.size() - ext.size());
  const std::size_t last = stem.rfind('-');
  if (last == std::string::npos) return std::nullopt;
  // seed-2873 has a '-' of its own.
  std::size_t seed_dash = last;
  if (last >= 5 && stem.compare(last - 4, 4, "seed") == 0) seed_dash = last - 5;
  const std::string tail = stem.substr(seed_dash + 1);
  const std::string head = stem.substr(0, seed_dash);
  const std::size_t size_dash = head.rfind('-');
  if (size_dash == std::string::npos) return std::nullopt;
  Recording r;
  r.name = name;
  // VARIANT-WxL-then-WxL: the first answer was refused (MEANINGLESS DIMENSIONS), the
  // maze has the second size; the refusal draws no RND.
  std::string variant_name = head.substr(0, size_dash);
  if (const std::size_t then = variant_name.rfind("-then"); then != std::string::npos &&
                                                          then + 5 == variant_name.size()) {
    const std::size_t first_size = variant_name.rfind('-', then - 1);
    if (first_size == std::string::npos) return std::nullopt;
    variant_name = variant_name.substr(0, first_size);
  }
  const auto variant = parse_variant(variant_name);
  if (!variant) return std::nullopt;
  r.variant = *variant;
  const std::string size = head.substr(size_dash + 1);
  const std::size_t x = size.find('x');
  if (x == std::string::npos) return std::nullopt;
  try {
    r.width = std::stoi(size.substr(0, x));
    r.height = std::stoi(size.substr(x + 1));
    if (tail == "poweron") {
    } else if (tail.rfind("seed", 0) == 0) {
      r.seed = std::stoll(tail.substr(4));
    } else {
      return std::nullopt;
    }
  } catch (...) {
    return std::nullopt;
  }
  return r;
}

// The maze rows of a recording: the lines after the last WIDTH AND LENGTH prompt that are not
// empty, CR LF taken off, each cursor-right (ESC [ C) a cell skipped on a fresh row: a
// space.
std::vector<std::string> recorded_rows(const std::string& out) {
  std::vector<std::string> rows;
  const std::string prompt = "WHAT ARE YOUR WIDTH AND LENGTH?";
  std::size_t at = out.rfind(prompt);
  if (at == std::string::npos) return rows;
  at = out.find("\r\n", at);
  while (at != std::string::npos && at + 2 <= out.size()) {
    at += 2;
    const std::size_t end = out.find("\r\n", at);
    const std::string raw = out.substr(at, end == std::string::npos ? std::string::npos : end - at);
    std::string line;
    for (std::size_t i = 0; i < raw.size(); ++i) {
      if (raw.compare(i, 3, "\x1b[C") == 0) {
        line += ' ';
        i += 2;
      } else {
        line += raw[i];
      }
    }
    if (!line.empty()) rows.push_back(line);
    at = end;
  }
  return rows;
}

std::vector<std::string> rendered_rows(const std::string& text) {
  std::vector<std::string> rows;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = text.find('\n', at);
    rows.push_back(text.substr(at, end - at));
    if (end == std::string::npos) break;
    at = end + 1;
  }
  return rows;
}

TEST(C64Maze, EveryReproducibleRecordingMatchesRowForRow) {
  const auto dir = c64_oracle::dir() / "amazing";
  C64_ORACLE_OR_SKIP(dir);
  int compared = 0, matched = 0, skipped = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    const auto rec = parse_name(name);
    const std::string out = c64_oracle::read(entry.path());
    if (!rec || out.find("?OUT OF MEMORY") != std::string::npos) {
      ++skipped;  // the three too large for the C64
      continue;
    }
    ++compared;
    C64Rnd rnd;
    if (rec->seed) {
      ASSERT_TRUE(rnd.seed_statement(*rec->seed)) << name;
    }
    Ram ram(kUnlimited);
    auto run = run_amazing(ram, rec->width, rec->height, rec->variant, rnd);
    ASSERT_TRUE(run.ok()) << name;
    EXPECT_EQ(run->stats.stopped_at_line, 0) << name;
    const auto want = recorded_rows(out);
    const auto got = rendered_rows(render_text(run->maze));
    EXPECT_EQ(got.size(), static_cast<std::size_t>(2 * rec->height + 1)) << name;
    bool same = want == got;
    if (!same) {
      for (std::size_t i = 0; i < std::max(want.size(), got.size()); ++i) {
        const std::string w = i < want.size() ? want[i] : "(none)";
        const std::string g = i < got.size() ? got[i] : "(none)";
        if (w != g) {
          ADD_FAILURE() << name << ": row " << i + 1 << " differs\n  C64:    " << w
                        << "\n  native: " << g;
          break;
        }
      }
    }
    matched += same ? 1 : 0;
  }
  std::printf("C64 mazes: %d of %d recordings match row for row (%d not comparable)\n", matched,
              compared, skipped);
  EXPECT_EQ(compared, 63);
  EXPECT_EQ(skipped, 3);
}

TEST(C64Maze, NamesOfRecordingsParse) {
  auto r = parse_name("fixed-exit-12x22-seed-26394.out");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->variant, Variant::kFixedExit);
  EXPECT_EQ(r->width, 12);
  EXPECT_EQ(r->height, 22);
  EXPECT_EQ(r->seed, -26394);
  r = parse_name("book-11x6-poweron.out");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->variant, Variant::kBook);
  EXPECT_FALSE(r->seed);
  r = parse_name("book-1x5-then-6x4-poweron.out");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->variant, Variant::kBook);
  EXPECT_EQ(r->width, 6);
  EXPECT_EQ(r->height, 4);
  EXPECT_FALSE(parse_name("book-6x4.out"));
  EXPECT_FALSE(parse_name("nope-6x4-poweron.out"));
}

}  // namespace
}  // namespace amazing::core
