// The braid pass (core/braid.hpp): --braid P removes that share of the dead ends, as
// `stats` counts them, by opening walls; P = 1 leaves none; P = 0 changes nothing and
// draws nothing; masked cells stay closed; the same maze and RND give the same result.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/amazing_walk.hpp"
#include "core/analysis.hpp"
#include "core/braid.hpp"
#include "core/generators/generator.hpp"
#include "core/mask.hpp"
#include "core/maze.hpp"
#include "core/ram.hpp"
#include "core/rnd.hpp"

namespace amazing::core {
namespace {

Maze generated(Ram& ram, std::string_view name, int w, int h, GwRnd& rnd,
               const Mask* mask = nullptr) {
  auto maze = Maze::create(ram, w, h);
  EXPECT_TRUE(maze.ok());
  GeneratorOptions opt;
  opt.mask = mask;
  auto gen = make_generator(name, *maze, rnd, opt);
  EXPECT_TRUE(gen.ok()) << name;
  (*gen)->run();
  return std::move(maze).value();
}

std::vector<uint8_t> walls_of(const Maze& m) {
  std::vector<uint8_t> v;
  for (int r = 0; r < m.height(); ++r)
    for (int c = 0; c < m.width(); ++c) v.push_back(m.walls(c, r));
  return v;
}

TEST(BraidShare, ParsesDecimalsFromZeroToOne) {
  EXPECT_EQ(*parse_braid_share("0"), 0);
  EXPECT_EQ(*parse_braid_share("1"), 10000);
  EXPECT_EQ(*parse_braid_share("1.0"), 10000);
  EXPECT_EQ(*parse_braid_share("0.25"), 2500);
  EXPECT_EQ(*parse_braid_share(".5"), 5000);
  EXPECT_EQ(*parse_braid_share("0.0001"), 1);
  for (const char* bad : {"", ".", "2", "1.5", "-0.5", "0.00001", "0,5", "abc", "0.5x", "1e0"}) {
    auto r = parse_braid_share(bad);
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_NE(r.error().message.find("--braid takes"), std::string::npos);
  }
}

TEST(Braid, OneLeavesNoDeadEndOnEveryAlgorithm) {
  for (auto name : generator_names()) {
    for (int seed : {1, 2, 77}) {
      Ram ram(kUnlimited);
      GwRnd rnd;
      rnd.randomize(static_cast<int16_t>(seed));
      Maze m = generated(ram, name, 13, 9, rnd);
      const MazeStats before = analyze(m);
      ASSERT_TRUE(before.perfect) << name;
      const BraidReport r = braid(m, kBraidWhole, rnd);
      const MazeStats after = analyze(m);
      EXPECT_EQ(r.dead_ends_before, before.dead_ends) << name;
      EXPECT_EQ(after.dead_ends, 0u) << name << " seed " << seed;
      EXPECT_EQ(r.dead_ends_after, 0u);
      EXPECT_EQ(r.removed, before.dead_ends);
      // Every opening closes one loop; the maze stays connected with its exit.
      EXPECT_EQ(after.verdict.loops, r.walls_opened) << name;
      EXPECT_GT(r.walls_opened, 0u);
      EXPECT_TRUE(after.connected);
      EXPECT_TRUE(after.verdict.exit_reachable);
    }
  }
}

TEST(Braid, OneOnTheWalkLeavesNoDeadEnd) {
  Ram ram(kUnlimited);
  GwRnd rnd;
  rnd.randomize(5);
  auto run = run_amazing(ram, 12, 10, Variant::kFixedExit, rnd);
  ASSERT_TRUE(run.ok());
  braid(run->maze, kBraidWhole, rnd);
  EXPECT_EQ(analyze(run->maze).dead_ends, 0u);
}

TEST(Braid, ZeroChangesNothingAndDrawsNothing) {
  Ram ram(kUnlimited);
  GwRnd rnd;
  rnd.randomize(9);
  Maze m = generated(ram, "backtracker", 10, 10, rnd);
  const auto before = walls_of(m);
  const uint32_t state = rnd.state();
  const BraidReport r = braid(m, 0, rnd);
  EXPECT_EQ(walls_of(m), before);
  EXPECT_EQ(rnd.state(), state);
  EXPECT_EQ(r.walls_opened, 0u);
  EXPECT_EQ(r.dead_ends_after, r.dead_ends_before);
}

TEST(Braid, AShareRemovesThatManyDeadEnds) {
  for (int share : {1, 2500, 5000, 7500, 9999}) {
    for (auto name : {"backtracker", "wilson", "kruskal", "binary-tree"}) {
      Ram ram(kUnlimited);
      GwRnd rnd;
      rnd.randomize(3);
      Maze m = generated(ram, name, 30, 20, rnd);
      const BraidReport r = braid(m, share, rnd);
      const std::size_t d = r.dead_ends_before;
      const std::size_t keep = d - (d * static_cast<std::size_t>(share) + 5000) / 10000;
      // Stops as soon as no more than D - k are left; the last opening may take two.
      EXPECT_LE(r.dead_ends_after, keep) << name << " " << share;
      EXPECT_GE(r.dead_ends_after + 1, keep) << name << " " << share;
      EXPECT_EQ(analyze(m).dead_ends, r.dead_ends_after);
    }
  }
}

TEST(Braid, SameMazeAndRndGiveTheSameBraid) {
  std::vector<uint8_t> first;
  for (int round = 0; round < 2; ++round) {
    Ram ram(kUnlimited);
    GwRnd rnd;
    rnd.randomize(11);
    Maze m = generated(ram, "prim", 16, 12, rnd);
    braid(m, 5000, rnd);
    if (round == 0) first = walls_of(m);
    else EXPECT_EQ(walls_of(m), first);
  }
  // Another RND state braids differently (the choices are drawn).
  Ram ram(kUnlimited);
  GwRnd rnd;
  rnd.randomize(11);
  Maze m = generated(ram, "prim", 16, 12, rnd);
  rnd.randomize(12);
  braid(m, 5000, rnd);
  EXPECT_NE(walls_of(m), first);
}

TEST(Braid, PrefersANeighbourThatIsADeadEnd) {
  // A perfect 3x3 maze in which (1,0) is the first dead end in reading order (its one
  // passage goes left); of its other neighbours (2,0) is a dead end and (1,1) is not, so
  // the wall to the right opens, removing two dead ends at once, with no draw.
  Ram ram(kUnlimited);
  auto m = Maze::create(ram, 3, 3);
  ASSERT_TRUE(m.ok());
  m->set_entrance(0);
  const uint8_t walls[3][3] = {{kRightOpen | kDownOpen, 0, kDownOpen},
                               {kDownOpen, kRightOpen | kDownOpen, kDownOpen},
                               {kRightOpen, kDownOpen, 0}};
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) m->set_walls(c, r, walls[r][c]);
  ASSERT_TRUE(analyze(*m).perfect);
  ASSERT_EQ(analyze(*m).dead_ends, 3u);  // (1,0), (2,0), (2,2)
  GwRnd rnd;
  const uint32_t state = rnd.state();
  const BraidReport r = braid(*m, kBraidWhole, rnd);
  EXPECT_EQ(m->walls(1, 0), kRightOpen);
  // Then (2,2), whose only closed neighbour is (1,2): two openings for three dead ends,
  // and no draw (every choice had one candidate; P = 1 chooses every dead end).
  EXPECT_EQ(m->walls(1, 2), kDownOpen | kRightOpen);
  EXPECT_EQ(r.walls_opened, 2u);
  EXPECT_EQ(r.dead_ends_after, 0u);
  EXPECT_EQ(rnd.state(), state);
}

TEST(Braid, MaskedCellsStayClosedAndOneWideMazesKeepTheirEnds) {
  Ram ram(kUnlimited);
  Mask mask(8, 6);
  mask.set(3, 2, true);
  mask.set(4, 2, true);
  mask.set(3, 3, true);
  mask.set(4, 3, true);
  GwRnd rnd;
  rnd.randomize(4);
  Maze m = generated(ram, "backtracker", 8, 6, rnd, &mask);
  braid(m, kBraidWhole, rnd, &mask);
  MazeRequest req;
  req.mask = &mask;
  req.loops = true;
  EXPECT_TRUE(check_maze(m, {}, req).ok()) << check_maze(m, {}, req).message();
  EXPECT_EQ(analyze(m, &mask).dead_ends, 0u);

  // 1 wide: the two ends of the corridor have no other neighbour.
  GwRnd r2;
  Maze thin = generated(ram, "backtracker", 1, 5, r2);
  const BraidReport r = braid(thin, kBraidWhole, r2);
  EXPECT_EQ(r.walls_opened, 0u);
  EXPECT_EQ(analyze(thin).dead_ends, 2u);
}

TEST(MazeCheck, LoopsPassOnlyWhenAllowed) {
  Ram ram(kUnlimited);
  GwRnd rnd;
  rnd.randomize(6);
  Maze m = generated(ram, "wilson", 10, 8, rnd);
  braid(m, kBraidWhole, rnd);
  MazeRequest req;
  const MazeCheck strict = check_maze(m, {}, req);
  EXPECT_EQ(strict.fault, MazeFault::kLoop);
  req.loops = true;
  EXPECT_TRUE(check_maze(m, {}, req).ok());
}

}  // namespace
}  // namespace amazing::core
