#include "core/amazing_walk.hpp"

#include <gtest/gtest.h>

#include <queue>
#include <random>
#include <tuple>

#include "core/listing_walk.hpp"
#include "core/maze.hpp"
#include "core/render.hpp"
#include "listing_reference.hpp"

namespace amazing::core {
namespace {

const Variant kVariants[] = {Variant::kBook, Variant::kFixed, Variant::kFixedExit};

Maze make(Ram& ram, int w, int h, Variant v, std::optional<int16_t> seed, WalkStats* st = nullptr) {
  GwRnd rnd;
  if (seed) rnd.randomize(*seed);
  auto m = generate_amazing(ram, w, h, v, rnd, st);
  EXPECT_TRUE(m.ok());
  return std::move(m).value();
}

// Connected cells seen from the entrance, and the number of open passages inside.
struct Shape {
  std::size_t reachable = 0;
  std::size_t passages = 0;
};

Shape shape(const Maze& m) {
  Shape s;
  const int w = m.width(), h = m.height();
  for (int r = 0; r < h; ++r)
    for (int c = 0; c < w; ++c) {
      s.passages += m.open(c, r, Direction::kRight);
      s.passages += r + 1 < h && m.open(c, r, Direction::kDown);
    }
  std::vector<char> seen(m.cells(), 0);
  std::queue<std::pair<int, int>> q;
  q.push({m.entrance(), 0});
  seen[m.entrance()] = 1;
  while (!q.empty()) {
    auto [c, r] = q.front();
    q.pop();
    ++s.reachable;
    auto go = [&](int nc, int nr) {
      if (nc < 0 || nr < 0 || nc >= w || nr >= h || seen[nr * w + nc]) return;
      seen[nr * w + nc] = 1;
      q.push({nc, nr});
    };
    if (m.open(c, r, Direction::kLeft)) go(c - 1, r);
    if (m.open(c, r, Direction::kRight)) go(c + 1, r);
    if (r > 0 && m.open(c, r, Direction::kUp)) go(c, r - 1);
    if (r + 1 < h && m.open(c, r, Direction::kDown)) go(c, r + 1);
  }
  return s;
}

bool perfect(const Maze& m) {
  Shape s = shape(m);
  return s.reachable == m.cells() && s.passages == m.cells() - 1;
}

TEST(AmazingWalk, MatchesTheListingTransliterationCellForCell) {
  // The index-driven scan must give exactly what the listing's naive scan gives,
  // including sizes too wide for PC-BASIC's 80 columns.
  Ram ram(kUnlimited);
  int runs = 0;
  for (Variant v : kVariants) {
    for (int w : {2, 3, 5, 8, 13, 26, 41, 77}) {
      for (int h : {2, 3, 4, 9, 20, 40, 63}) {
        for (int seed : {-32768, -1, 0, 1, 7, 1234, 32767}) {
          GwRnd a, b;
          a.randomize(static_cast<int16_t>(seed));
          b.randomize(static_cast<int16_t>(seed));
          auto ref = testref::run_listing(w, h, v, a);
          auto m = generate_amazing(ram, w, h, v, b);
          ASSERT_TRUE(m.ok());
          ASSERT_EQ(m->entrance() + 1, ref.entrance);
          for (int r = 0; r < h; ++r)
            for (int c = 0; c < w; ++c)
              ASSERT_EQ(m->walls(c, r), ref.v[c + 1][r + 1])
                  << variant_name(v) << " " << w << "x" << h << " seed " << seed << " cell ("
                  << c + 1 << "," << r + 1 << ")";
          ASSERT_EQ(a.calls(), b.calls()) << "RND calls differ";
          ASSERT_EQ(a.state(), b.state());
          ++runs;
        }
      }
    }
  }
  EXPECT_EQ(runs, 3 * 8 * 7 * 7);
}

// The state whose next step is `s`: x = (s - 2531011) * 214013^-1 mod 2^24.
uint32_t state_before(uint32_t s) {
  return GwRnd::previous_state(s);
}

TEST(AmazingWalk, StateFFFFFFFallsThroughTheTwoWayOnGoto) {
  // At RND state 0xFFFFFF, INT(RND(1)*2+1) is 3 in float32 and ON X GOTO a,b falls
  // through to the lines after it. Seed -28202 reaches that state at its 18th draw,
  // inside a two-way decision at these sizes (found with an instrumented reference).
  ASSERT_EQ(state_before(GwRnd::next_state(12345)), 12345u);
  EXPECT_EQ(GwRnd::draw_at(0xFFFFFF, 2), 3);
  EXPECT_EQ(GwRnd::draw_at(0xFFFFFF, 3), 3);
  Ram ram(kUnlimited);
  for (Variant v : kVariants) {
    for (auto [w, h] : {std::pair{10, 5}, {13, 6}, {15, 2}, {16, 4}, {17, 2}}) {
      GwRnd a, b;
      a.randomize(-28202);
      b.randomize(-28202);
      auto ref = testref::run_listing(w, h, v, a);
      ASSERT_EQ(ref.stopped_at_line, 0);
      auto m = generate_amazing(ram, w, h, v, b);
      ASSERT_TRUE(m.ok());
      for (int r = 0; r < h; ++r)
        for (int c = 0; c < w; ++c)
          ASSERT_EQ(m->walls(c, r), ref.v[c + 1][r + 1])
              << variant_name(v) << " " << w << "x" << h << " cell (" << c + 1 << "," << r + 1
              << ")";
      ASSERT_EQ(a.calls(), b.calls());
    }
  }
}

TEST(AmazingWalk, StateFFFFFFStopsTheListingWhereItsColumnIsOutOfRange) {
  // INT(RND(1)*H+1) at state 0xFFFFFF is H+1 when H is a power of two: the entrance
  // (line 195) or fixed-exit's added exit (line 1012) falls outside DIM W(H,V).
  Ram ram(kUnlimited);
  for (int w : {2, 4, 8, 64}) {
    GwRnd a(state_before(0xFFFFFF)), b(state_before(0xFFFFFF));
    auto ref = testref::run_listing(w, 3, Variant::kFixed, a);
    EXPECT_EQ(ref.stopped_at_line, 195);
    auto run = run_amazing(ram, w, 3, Variant::kFixed, b);
    ASSERT_TRUE(run.ok());
    EXPECT_EQ(run->stats.stopped_at_line, 195);
    EXPECT_EQ(a.calls(), b.calls());
    GwRnd c(state_before(0xFFFFFF));
    auto whole = generate_amazing(ram, w, 3, Variant::kFixed, c);
    ASSERT_FALSE(whole.ok());
    EXPECT_NE(whole.error().message.find("Subscript out of range in 195"), std::string::npos);
  }
  EXPECT_EQ(basic_stop_message(195), "Subscript out of range in 195\xFF");

  // Line 1012 (fixed-exit's added exit at column H+1) is guarded the same way, but no
  // walk was found that reaches it: every start state N steps before 0xFFFFFF, for
  // widths 2..64 (powers of two) and many lengths, leaves the exit draw elsewhere.
}

TEST(AmazingWalk, PowerOnStateMatchesTheListing) {
  Ram ram(kUnlimited);
  for (Variant v : kVariants) {
    for (int w = 2; w <= 12; ++w) {
      for (int h = 2; h <= 12; ++h) {
        GwRnd a, b;
        auto ref = testref::run_listing(w, h, v, a);
        auto m = generate_amazing(ram, w, h, v, b);
        ASSERT_TRUE(m.ok());
        for (int r = 0; r < h; ++r)
          for (int c = 0; c < w; ++c) ASSERT_EQ(m->walls(c, r), ref.v[c + 1][r + 1]);
      }
    }
  }
}

TEST(AmazingWalk, FixedExitMazesArePerfect) {
  Ram ram(kUnlimited);
  int n = 0;
  for (int seed = -32768; seed < 32768; seed += 331) {
    int w = 2 + (seed & 0xFFFF) % 30, h = 2 + ((seed & 0xFFFF) / 30) % 30;
    Maze m = make(ram, w, h, Variant::kFixedExit, static_cast<int16_t>(seed));
    ASSERT_TRUE(perfect(m)) << w << "x" << h << " seed " << seed;
    ASSERT_GE(m.entrance(), 0);
    ASSERT_TRUE(m.exit().has_value()) << w << "x" << h << " seed " << seed;
    // Exactly one opening at the bottom.
    int exits = 0;
    for (int c = 0; c < w; ++c) exits += m.open(c, h - 1, Direction::kDown);
    ASSERT_EQ(exits, 1);
    ++n;
  }
  EXPECT_GT(n, 190);
}

TEST(AmazingWalk, TheDocumentedFlawsReallyOccur) {
  // book: line 695 walls cells off (a visit counted, no cell visited), and the walk may end
  // with no exit; fixed: always a tree, but sometimes no exit.
  Ram ram(kUnlimited);
  int book_imperfect = 0, book_bug = 0, fixed_no_exit = 0, fixed_imperfect = 0, book_no_exit = 0;
  const int runs = 600;
  for (int i = 0; i < runs; ++i) {
    int16_t seed = static_cast<int16_t>(i * 97 - 30000);
    WalkStats st;
    Maze b = make(ram, 3, 3, Variant::kBook, seed, &st);
    book_imperfect += !perfect(b);
    book_bug += st.line_695_bugs > 0;
    book_no_exit += !b.exit().has_value();
    Maze f = make(ram, 3, 3, Variant::kFixed, seed);
    fixed_no_exit += !f.exit().has_value();
    fixed_imperfect += !perfect(f);
  }
  // shared/roms/README.md: about 18% of 3x3 fixed mazes and 48% of book mazes lack an exit.
  EXPECT_NEAR(fixed_no_exit / double(runs), 0.18, 0.06);
  EXPECT_NEAR(book_no_exit / double(runs), 0.48, 0.08);
  EXPECT_GT(book_bug, runs / 10);
  EXPECT_GT(book_imperfect, 0);
  EXPECT_EQ(fixed_imperfect, 0);
}

TEST(AmazingWalk, BookBugLeavesAWalledOffCell) {
  Ram ram(kUnlimited);
  for (int i = 0; i < 2000; ++i) {
    WalkStats st;
    Maze m = make(ram, 10, 10, Variant::kBook, static_cast<int16_t>(i), &st);
    if (st.line_695_bugs == 0) continue;
    Shape s = shape(m);
    EXPECT_LT(s.reachable, m.cells()) << "seed " << i;
    return;
  }
  FAIL() << "line 695 never fired in 2000 book mazes";
}

TEST(AmazingWalk, SteppingToTheEndEqualsRunning) {
  // run() takes the moves off the last row on a faster path than step().
  Ram ram(kUnlimited);
  for (Variant v : kVariants) {
    for (auto [w, h, seed] : {std::tuple{17, 11, 99}, {2, 30, -5}, {30, 2, 7}, {64, 64, 1978}}) {
      GwRnd a, b;
      a.randomize(static_cast<int16_t>(seed));
      b.randomize(static_cast<int16_t>(seed));
      auto m1 = Maze::create(ram, w, h);
      auto m2 = Maze::create(ram, w, h);
      ASSERT_TRUE(m1.ok() && m2.ok());
      AmazingWalk w1(*m1, a, v);
      w1.run();
      AmazingWalk w2(*m2, b, v);
      int steps = 0;
      while (!w2.done()) {
        w2.step();
        ++steps;
      }
      EXPECT_GT(steps, w * h / 2);
      EXPECT_EQ(render_text(*m1), render_text(*m2));
      EXPECT_EQ(a.state(), b.state());
      EXPECT_EQ(a.calls(), b.calls());
      EXPECT_EQ(w1.stats().decisions, w2.stats().decisions);
      EXPECT_EQ(w1.stats().scans, w2.stats().scans);
      EXPECT_EQ(w1.stats().line_695_bugs, w2.stats().line_695_bugs);
      EXPECT_EQ(w1.stats().exit_by_walk, w2.stats().exit_by_walk);
      EXPECT_EQ(w1.stats().exit_added, w2.stats().exit_added);
    }
  }
}

// The fast walk (visited bitset with a border, one table entry a move) against the
// listing's transliteration in src/core/listing_walk.cpp: the printed text and every RND
// draw. Sizes on the bitset's edges (one column, one row, widths a multiple of 64 and one
// either side: a row's last word full or one bit into the next) and random ones, from
// random RND states. Not the book with one row: its line 695 there walks into row 0 of
// the arrays, outside the maze (the walk stops instead). Not 1x1: the listing there opens the exit
// and then scans forever (its count is never tested after the exit), and the program never walks
// it.
TEST(AmazingWalk, FastWalkPrintsWhatTheListingPrints) {
  std::vector<std::pair<int, int>> sizes = {
      {1, 2},   {1, 9},   {1, 64},  {2, 1},  {9, 1},   {63, 1},  {64, 1},  {65, 1},
      {2, 2},   {63, 5},  {64, 4},  {65, 7}, {127, 3}, {128, 5}, {129, 4}, {192, 2},
      {193, 3}, {64, 64}, {65, 33}, {3, 70}, {2, 2},   {5, 3}};
  std::mt19937 gen(1978);
  for (int i = 0; i < 40; ++i)
    sizes.emplace_back(std::uniform_int_distribution<int>(2, 140)(gen),
                       std::uniform_int_distribution<int>(1, 40)(gen));
  Ram ram(kUnlimited);
  int compared = 0;
  for (auto [w, h] : sizes) {
    for (Variant v : kVariants) {
      if (v == Variant::kBook && h == 1) continue;
      const uint32_t state = std::uniform_int_distribution<uint32_t>(0, GwRnd::kModulus - 1)(gen);
      GwRnd a(state), b(state);
      std::string listing;
      const ListingEnd end =
          listing_walk(static_cast<float>(w), static_cast<float>(h), v, a, listing);
      ASSERT_NE(end.kind, ListingEnd::kTooLong) << w << "x" << h;
      auto run = run_amazing(ram, w, h, v, b);
      ASSERT_TRUE(run.ok());
      const std::string at = std::string(variant_name(v)) + " " + std::to_string(w) + "x" +
                             std::to_string(h) + " from state " + std::to_string(state);
      EXPECT_EQ(end.error() ? end.line : 0, run->stats.stopped_at_line) << at;
      if (!end.error()) {
        EXPECT_EQ(listing, "\n\n\n\n" + render_text(run->maze)) << at;
        ++compared;
      }
      EXPECT_EQ(a.calls(), b.calls()) << at;
      EXPECT_EQ(a.state(), b.state()) << at;
    }
  }
  EXPECT_GT(compared, 150);
}

TEST(AmazingWalk, OutOfMemoryOnASmallMachine) {
  Ram ram(kDefaultRam);
  GwRnd rnd;
  auto m = generate_amazing(ram, 400, 400, Variant::kBook, rnd);
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.error().message.find("OUT OF MEMORY"), std::string::npos);
  EXPECT_NE(m.error().message.find("--ram 79K"), std::string::npos) << m.error().message;
}

// FNV-1a (64 bits) of the maze's text as gen prints it, rendered a row at a time.
uint64_t text_hash(const Maze& m) {
  uint64_t h = 14695981039346656037ull;
  std::string text;
  auto add = [&] {
    for (unsigned char ch : text) h = (h ^ ch) * 1099511628211ull;
    text.clear();
  };
  TextRenderer r;
  r.top(m, text);
  add();
  for (int row = 0; row < m.height(); ++row) {
    r.row(m, row, text);
    add();
  }
  return h;
}

// Whole mazes, larger than the listing tests can afford, pinned to the bytes the walk
// printed before its fast paths (visited bitset, word-wise scan): each hash is FNV-1a of
//   amazing gen --ram unlimited --size WxH --variant V [--seed N]
// from the build of commit da35a0a. A faster walk must print exactly these.
TEST(AmazingWalk, LargeMazesPrintThePinnedBytes) {
  struct Pinned {
    int w, h;
    Variant v;
    std::optional<int16_t> seed;
    uint64_t hash;
  };
  const Pinned pinned[] = {
      {300, 300, Variant::kFixed, std::nullopt, 0xecbe73e3996c669full},
      {1000, 1000, Variant::kFixed, std::nullopt, 0x42367ec7ca049ac8ull},
      {2000, 1500, Variant::kBook, -1234, 0x400a95abbfba954full},
      {777, 1234, Variant::kFixedExit, 5, 0x467696e7dba62616ull},
      {4097, 300, Variant::kBook, 3, 0x7c10c92eacf065c3ull},
      {64, 9000, Variant::kFixed, -7, 0xaffd4cccce76da7bull},
  };
  Ram ram(kUnlimited);
  for (const Pinned& p : pinned) {
    const Maze m = make(ram, p.w, p.h, p.v, p.seed);
    EXPECT_EQ(text_hash(m), p.hash) << p.w << "x" << p.h << " " << variant_name(p.v);
  }
}

TEST(AmazingWalk, VariantNames) {
  for (Variant v : kVariants) EXPECT_EQ(parse_variant(variant_name(v)), v);
  EXPECT_FALSE(parse_variant("Book").has_value());
}

}  // namespace
}  // namespace amazing::core

// Where the listing runs out of a C64's memory, as cbmbasic (the C64 ROM) stops it:
// src/basic/FACTS.md, "The C64's memory".
namespace amazing::core {
TEST(C64Memory, TheListingStopsWhereTheC64RunsOut) {
  EXPECT_EQ(c64_out_of_memory_line(Variant::kBook, 59, 59, std::nullopt), 0);
  EXPECT_EQ(c64_out_of_memory_line(Variant::kBook, 59, 60, std::nullopt), 110);
  EXPECT_EQ(c64_out_of_memory_line(Variant::kBook, 10, 330, std::nullopt), 165);
  EXPECT_EQ(c64_out_of_memory_line(Variant::kBook, 33, 106, std::nullopt), 1010);
  EXPECT_EQ(c64_out_of_memory_line(Variant::kBook, 16, 213, int16_t{7}), 200);
  EXPECT_EQ(c64_out_of_memory_line(Variant::kFixedExit, 18, 190, std::nullopt), 1015);
  EXPECT_EQ(c64_out_of_memory_line(Variant::kFixedExit, 4, 725, std::nullopt), 200);
  EXPECT_EQ(c64_out_of_memory_line(Variant::kBook, 32767, 32767, std::nullopt), 110);
}
}  // namespace amazing::core
