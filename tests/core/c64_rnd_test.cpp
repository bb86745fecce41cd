// C64 RND against the recordings: every power-on draw and every seeded row, the five
// seed bytes and the printed value.
#include "core/c64_rnd.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "c64_oracle.hpp"

namespace amazing::core {
namespace {

std::string hex(const C64Float::Packed& p) {
  std::string s;
  char buf[4];
  for (std::size_t i = 0; i < p.size(); ++i) {
    std::snprintf(buf, sizeof buf, "%02x", p[i]);
    if (i) s += ' ';
    s += buf;
  }
  return s;
}

std::vector<std::vector<std::string>> rows(const std::string& text) {
  std::vector<std::vector<std::string>> out;
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);  // the header
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    std::vector<std::string> fields;
    std::size_t at = 0;
    for (;;) {
      const std::size_t tab = line.find('\t', at);
      fields.push_back(line.substr(at, tab == std::string::npos ? tab : tab - at));
      if (tab == std::string::npos) break;
      at = tab + 1;
    }
    out.push_back(std::move(fields));
  }
  return out;
}

// PRINT's text without its leading space (the recordings keep the value as PRINT shows
// it after the space: "-" for a negative value).
std::string printed(const C64Float& v) {
  std::string s = v.to_string();
  return s[0] == ' ' ? s.substr(1) : s;
}

TEST(C64Rnd, PowerOnSeedAndFirstValue) {
  C64Rnd r;
  EXPECT_EQ(hex(r.seed()), "80 4f c7 52 58");
  const C64Float v = r.next();
  EXPECT_EQ(hex(r.seed()), "7e 3e 04 7e 4e");
  EXPECT_EQ(v.to_string(), " .185564016");
  EXPECT_EQ(r.calls(), 1u);
}

TEST(C64Rnd, AllPowerOnDrawsMatchTheRecording) {
  const auto path = c64_oracle::dir() / "rnd-poweron.tsv";
  C64_ORACLE_OR_SKIP(path);
  const auto table = rows(c64_oracle::read(path));
  ASSERT_EQ(table.size(), 3000u) << path;
  C64Rnd r;
  int bad = 0;
  for (const auto& row : table) {
    ASSERT_EQ(row.size(), 3u);
    const C64Float v = r.next();
    EXPECT_EQ(hex(r.seed()), row[1]) << "draw " << row[0];
    EXPECT_EQ(printed(v), row[2]) << "draw " << row[0];
    if (hex(r.seed()) != row[1] && ++bad > 5) FAIL() << "stopping after 5 wrong draws";
  }
}

TEST(C64Rnd, EverySeededRowMatchesTheRecording) {
  const auto path = c64_oracle::dir() / "rnd-seeded.tsv";
  C64_ORACLE_OR_SKIP(path);
  const auto table = rows(c64_oracle::read(path));
  ASSERT_EQ(table.size(), 11u * 21u) << path;
  C64Rnd r;
  for (const auto& row : table) {
    ASSERT_EQ(row.size(), 4u);
    const long long n = std::stoll(row[0]);
    const int draw = std::stoi(row[1]);
    C64Float v;
    if (draw == 0) {
      r = C64Rnd();
      ASSERT_TRUE(r.seed_statement(n));
      v = r.value();
    } else {
      v = r.next();
    }
    EXPECT_EQ(hex(r.seed()), row[2]) << "N=" << n << " draw " << draw;
    EXPECT_EQ(printed(v), row[3]) << "N=" << n << " draw " << draw;
  }
}

// Seeds POKEd into 139..143 whose multiplier bytes (00, then the mantissa from its low
// byte) have two zero bytes after a non-zero one: the ROM's multiply shifts one bit too
// far. What the C64 ROM (cbmbasic) printed and left in the seed for RND(1) from them.
TEST(C64Rnd, SeedsThatMeetTheMultiplyQuirk) {
  struct Case {
    C64Float::Packed seed, after;
    const char* value;
  };
  const Case cases[] = {
      {{120, 0, 0, 0, 194}, {128, 9, 122, 68, 182}, " .537021918"},
      {{129, 103, 0, 0, 100}, {126, 103, 42, 66, 142}, " .225747147"},
      {{128, 108, 0, 0, 236}, {128, 75, 32, 27, 168}, " .79345868"},
  };
  for (const Case& c : cases) {
    C64Rnd r(c.seed);
    EXPECT_EQ(r.next().to_string(), c.value) << hex(c.seed);
    EXPECT_EQ(hex(r.seed()), hex(c.after)) << hex(c.seed);
  }
}

// S=X+Y*Z with X=RND(1), Y=RND(1)*2, Z=RND(1), repeated from power-on: the 3003rd S
// (draws 9007-9009) adds two numbers with equal exponents to a product whose rounding
// byte is FF, and the carry the ROM leaves set carries into the mantissa. The bytes of S
// as the C64 ROM (cbmbasic) stored them.
TEST(C64Rnd, EqualExponentCarryReachesTheMantissa) {
  C64Rnd r;
  C64Float::Packed s{};
  for (int i = 0; i < 3003; ++i) {
    const C64Float x = r.next();
    const C64Float y = C64Float::multiply(r.next(), C64Float::from_int(2)).rounded();
    const C64Float z = r.next();
    s = C64Float::add(x, C64Float::multiply(y, z)).pack_rounded();
  }
  EXPECT_EQ(hex(s), "81 30 3c 9d b2");
}

TEST(C64Rnd, NegativeSeedIsAnOrdinaryStepAndZeroIsRefused) {
  C64Rnd a, b;
  ASSERT_TRUE(a.seed_statement(-1));
  b.next();
  EXPECT_EQ(a.seed(), b.seed());
  EXPECT_FALSE(a.seed_statement(0));
  EXPECT_EQ(a.seed(), b.seed());
}

TEST(C64Rnd, DrawIsIntOfRndTimesKPlusOne) {
  // The first power-on value .185564016: INT(.185564016*K+1).
  for (int k : {1, 2, 3, 10, 59, 100}) {
    C64Rnd r;
    EXPECT_EQ(r.draw(k), static_cast<int>(0.185564016 * k + 1)) << "k=" << k;
  }
}

// RND(0) as cbmbasic computed it with its timer stand-in fed fixed bytes (its IOBASE
// fills $DC04/$DC05 and $DC08/$DC09 from two rand() calls; a preloaded rand() gave 0x1234
// and 0x5678): X=RND(0) left the seed 7E 51 E0 49 58 (PEEK(139)..PEEK(143)), .204957148.
// The mantissa is $DC04 $DC08 $DC05 $DC09: 34 78 12 56, normalised two places.
TEST(C64Rnd, RndZeroTakesTheCiaBytesInTheRomsOrder) {
  C64Rnd r;
  C64Cia1 cia;
  cia.timer_a = 0x1234;
  cia.tod_tenths = 0x78;
  cia.tod_seconds = 0x56;
  const C64Float v = r.from_cia(cia);
  EXPECT_EQ(r.seed(), (C64Float::Packed{0x7E, 0x51, 0xE0, 0x49, 0x58}));
  EXPECT_EQ(v.to_string(), " .204957148");
  // All four bytes zero: the FAC is 0, and RND(1) goes on from that seed.
  cia = {};
  cia.timer_a = 0;
  EXPECT_TRUE(r.from_cia(cia).is_zero());
}

TEST(C64Rnd, TimerACountsDownFromTheKernalsLatch) {
  EXPECT_EQ(C64Cia1::at(0).timer_a, 0x4295);
  EXPECT_EQ(C64Cia1::at(1).timer_a, 0x4294);
  EXPECT_EQ(C64Cia1::at(0x4295).timer_a, 0);
  EXPECT_EQ(C64Cia1::at(0x4296).timer_a, 0x4295);  // reloaded: 17046 cycles a period
  EXPECT_EQ(C64Cia1::at(0x4296 * 1000 + 5).timer_a, 0x4290);
  EXPECT_EQ(C64Cia1::at(12345).tod_tenths, 0);   // the time of day is never started
  EXPECT_EQ(C64Cia1::at(12345).tod_seconds, 0);
  // The structure RND(0) has on a C64 then: timer A's bytes, zeros between them.
  C64Rnd r;
  const C64Float v = r.from_cia(C64Cia1::at(0));  // 95 00 42 00
  EXPECT_EQ(r.seed(), (C64Float::Packed{0x80, 0x15, 0x00, 0x42, 0x00}));
  EXPECT_EQ(v.mantissa, 0x95004200u);
}

}  // namespace
}  // namespace amazing::core
