// The verdict (core/analysis judge/analyze): perfect means every cell that is not left
// out reachable from the entrance, the exit reachable, no loop; otherwise the reason and
// the right counts. The play screen's flaw notice and `amazing stats` both use it.

#include <gtest/gtest.h>

#include <string>

#include "core/amazing_walk.hpp"
#include "core/analysis.hpp"
#include "core/json.hpp"
#include "core/mask.hpp"
#include "core/maze.hpp"
#include "core/ram.hpp"
#include "core/rnd.hpp"

namespace amazing::core {
namespace {

Maze walk(Ram& ram, int w, int h, std::optional<int> seed) {
  GwRnd rnd;
  if (seed) rnd.randomize(*seed);
  auto run = run_amazing(ram, w, h, Variant::kBook, rnd);
  EXPECT_TRUE(run.ok());
  EXPECT_EQ(run->stats.stopped_at_line, 0);
  return std::move(run->maze);
}

TEST(Analysis, PowerOnBookMazeHas32WalledOffCellsAndAnUnreachableExit) {
  Ram ram(kUnlimited);
  Maze m = walk(ram, 10, 12, std::nullopt);
  Verdict v = judge(m);
  EXPECT_FALSE(v.perfect());
  EXPECT_TRUE(v.has_entrance);
  EXPECT_TRUE(v.has_exit);
  EXPECT_FALSE(v.exit_reachable);
  EXPECT_EQ(v.reachable, 88u);
  EXPECT_EQ(v.walled_off, 32u);
  EXPECT_EQ(v.reason(), "exit unreachable, 32 walled off, 1 loop");  // the line 695 bug
  EXPECT_EQ(v.loops, 1u);
  MazeStats s = analyze(m);
  EXPECT_FALSE(s.perfect);
  EXPECT_EQ(s.left_out, 0u);
  EXPECT_EQ(s.walled_off, 32u);
  EXPECT_EQ(s.solution_length, 0u);
  const std::string line = format_stats(s);
  EXPECT_NE(line.find("perfect no (exit unreachable, 32 walled off, 1 loop)  cells 120  left out 0"),
            std::string::npos)
      << line;
  EXPECT_NE(stats_json(s).find("\"walled_off\":32"), std::string::npos);
}

TEST(Analysis, Seed3BookMazeHasTwoWalledOffCellsNotLeftOut) {
  Ram ram(kUnlimited);
  Maze m = walk(ram, 10, 6, 3);
  MazeStats s = analyze(m);
  EXPECT_FALSE(s.perfect);
  EXPECT_TRUE(s.verdict.exit_reachable);
  EXPECT_EQ(s.walled_off, 2u);
  EXPECT_EQ(s.left_out, 0u);
  EXPECT_EQ(s.verdict.reason(), "2 walled off");
  EXPECT_GT(s.solution_length, 0u);
}

TEST(Analysis, NoExitIsNotPerfect) {
  // {"width":2,"height":2,"cells":[3,12,0,1]}: entrance over (0,0), (0,0)-(1,0)-(1,1),
  // (0,1) closed; no cell of the bottom row is open downward.
  auto rec = parse_maze_json(R"({"width":2,"height":2,"cells":[3,12,0,1]})");
  ASSERT_TRUE(rec.ok()) << rec.error().message;
  Ram ram(kUnlimited);
  auto m = maze_from_record(*rec, ram);
  ASSERT_TRUE(m.ok()) << m.error().message;
  Mask closed = closed_cells(*m);
  EXPECT_EQ(closed.masked_count(), 1u);
  MazeStats s = analyze(*m, &closed);
  EXPECT_FALSE(s.perfect);
  EXPECT_FALSE(s.has_exit);
  EXPECT_EQ(s.left_out, 1u);
  EXPECT_EQ(s.walled_off, 0u);
  EXPECT_EQ(s.verdict.reason(), "no exit");
  EXPECT_EQ(s.solution_length, 0u);
  // Without the mask the closed cell is walled off as well.
  EXPECT_EQ(judge(*m).reason(), "no exit, 1 walled off");
}

TEST(Analysis, MaskedCellsAreLeftOutNotFlaws) {
  // 3x2 with (0,1) masked: entrance over (0,0), (0,0)-(1,0)-(2,0), (1,0) down to (1,1),
  // (2,0) down to (2,1), exit under (2,1).
  Ram ram(kUnlimited);
  auto m = Maze::create(ram, 3, 2);
  m->set_entrance(0);
  m->set_walls(0, 0, kRightOpen);
  m->set_walls(1, 0, kRightOpen | kDownOpen);
  m->set_walls(2, 0, kDownOpen);
  m->set_walls(2, 1, kDownOpen);
  Mask mask(3, 2);
  mask.set(0, 1, true);
  MazeStats s = analyze(*m, &mask);
  EXPECT_TRUE(s.perfect) << s.verdict.reason();
  EXPECT_EQ(s.left_out, 1u);
  EXPECT_EQ(s.open_cells, 5u);
  EXPECT_EQ(s.solution_length, 4u);
  // Without the mask that cell is a flaw.
  Verdict v = judge(*m);
  EXPECT_FALSE(v.perfect());
  EXPECT_EQ(v.walled_off, 1u);
}

TEST(Analysis, LoopsAreCountedEvenInAWalledOffPart) {
  // 3x3: the top row is the maze (entrance (0,0), down the right column to the exit
  // under (2,2)); the 2x2 block at the bottom left is a closed ring: 4 cells walled off,
  // 1 loop.
  Ram ram(kUnlimited);
  auto m = Maze::create(ram, 3, 3);
  m->set_entrance(0);
  m->set_walls(0, 0, kRightOpen);
  m->set_walls(1, 0, kRightOpen);
  m->set_walls(2, 0, kDownOpen);
  m->set_walls(2, 1, kDownOpen);
  m->set_walls(2, 2, kDownOpen);
  m->set_walls(0, 1, kRightOpen | kDownOpen);
  m->set_walls(1, 1, kDownOpen);
  m->set_walls(0, 2, kRightOpen);
  Verdict v = judge(*m);
  EXPECT_TRUE(v.exit_reachable);
  EXPECT_EQ(v.walled_off, 4u);
  EXPECT_EQ(v.loops, 1u);
  EXPECT_EQ(v.reason(), "4 walled off, 1 loop");
  MazeStats s = analyze(*m);
  EXPECT_FALSE(s.connected);
  EXPECT_FALSE(s.acyclic);
}

TEST(Analysis, NoEntranceAndEmptyMazes) {
  Ram ram(kUnlimited);
  auto m = Maze::create(ram, 2, 1);
  m->set_walls(0, 0, kRightOpen);
  m->set_walls(1, 0, kDownOpen);
  Verdict v = judge(*m);
  EXPECT_FALSE(v.perfect());
  EXPECT_EQ(v.reason(), "no entrance");
  Mask all(2, 1);
  all.set(0, 0, true);
  all.set(1, 0, true);
  EXPECT_FALSE(judge(*m, &all).perfect());
  MazeStats s = analyze(*m, &all);
  EXPECT_EQ(s.open_cells, 0u);
  EXPECT_FALSE(s.perfect);
}

// A 3x2 perfect maze: entrance over (0,0), (0,0)-(1,0)-(2,0), (2,0) down to (2,1),
// (2,1)-(1,1)-(0,1), the exit under (0,1).
Maze snake_3x2(Ram& ram) {
  auto m = Maze::create(ram, 3, 2);
  m->set_entrance(0);
  m->set_walls(0, 0, kRightOpen);
  m->set_walls(1, 0, kRightOpen);
  m->set_walls(2, 0, kDownOpen);
  m->set_walls(0, 1, kRightOpen | kDownOpen);
  m->set_walls(1, 1, kRightOpen);
  return std::move(*m);
}

TEST(CheckMaze, APerfectMazeOfTheSizeAskedPasses) {
  Ram ram(kUnlimited);
  Maze m = snake_3x2(ram);
  Markers marks{{{0, 0}}, {{2, 1}}};
  MazeCheck c = check_maze(m, marks, MazeRequest{3, 2, nullptr, 1});
  EXPECT_TRUE(c.ok()) << c.message();
  EXPECT_EQ(c.message(), "");
}

TEST(CheckMaze, AnotherSizeThanAskedIsRefused) {
  Ram ram(kUnlimited);
  Maze m = snake_3x2(ram);
  MazeCheck c = check_maze(m, {}, MazeRequest{12, 6, nullptr, 0});
  EXPECT_EQ(c.fault, MazeFault::kSize);
  EXPECT_EQ(c.message(), "the maze is 3x2 but --size asked for 12x6");
  EXPECT_TRUE(check_maze(m, {}, MazeRequest{}).ok());  // no size asked: any size
}

TEST(CheckMaze, APassageIntoAMaskedCellNamesTheCellAndTheMask) {
  Ram ram(kUnlimited);
  auto m = Maze::create(ram, 3, 2);
  // Entrance over (0,0), down to (0,1), right to (1,1), (2,1), up to (2,0); (1,0) masked
  // but (0,0) opens its right wall into it.
  m->set_entrance(0);
  m->set_walls(0, 0, kDownOpen | kRightOpen);
  m->set_walls(0, 1, kRightOpen);
  m->set_walls(1, 1, kRightOpen);
  m->set_walls(2, 0, kDownOpen);
  m->set_walls(2, 1, kDownOpen);
  Mask mask(3, 2);
  mask.set(1, 0, true);
  // judge alone takes it for perfect: the passage into the masked cell is not counted.
  EXPECT_TRUE(judge(*m, &mask).perfect());
  MazeCheck c = check_maze(*m, {}, MazeRequest{3, 2, &mask, 0});
  EXPECT_EQ(c.fault, MazeFault::kMaskedPassage);
  EXPECT_EQ(c.cell, (CellPos{1, 0}));
  EXPECT_EQ(c.message(), "cell (2,1) is masked by --mask but has a passage left");
  m->set_walls(0, 0, kDownOpen);
  EXPECT_TRUE(check_maze(*m, {}, MazeRequest{3, 2, &mask, 0}).ok());
  // The exit under a masked cell.
  mask.set(1, 0, false);
  mask.set(2, 1, true);
  m->set_walls(1, 1, 0);
  m->set_walls(0, 0, kDownOpen | kRightOpen);
  m->set_walls(1, 0, kRightOpen);
  m->set_walls(2, 0, 0);
  m->set_walls(0, 1, kRightOpen);
  m->set_walls(1, 1, 0);
  m->set_walls(2, 1, kDownOpen);
  EXPECT_EQ(check_maze(*m, {}, MazeRequest{3, 2, &mask, 0}).message(),
            "cell (3,2) is masked by --mask but is the exit");
}

TEST(CheckMaze, AMaskThatSplitsTheMazeIsNamed) {
  Ram ram(kUnlimited);
  auto m = Maze::create(ram, 3, 2);
  // Column 2 masked: (2,0) and (2,1) are cut off from the rest.
  Mask mask(3, 2);
  mask.set(1, 0, true);
  mask.set(1, 1, true);
  m->set_entrance(0);
  m->set_walls(0, 0, kDownOpen);
  m->set_walls(0, 1, kDownOpen);
  m->set_walls(2, 0, kDownOpen);
  MazeCheck c = check_maze(*m, {}, MazeRequest{3, 2, &mask, 0});
  EXPECT_EQ(c.fault, MazeFault::kMaskSplits);
  EXPECT_TRUE(c.improper());
  EXPECT_EQ(c.cell, (CellPos{2, 0}));
  EXPECT_NE(c.message().find("cell (3,1) is walled off: --mask splits the maze"),
            std::string::npos) << c.message();
}

TEST(CheckMaze, ALoopAndAWalledOffCellAreNamedNotOnlyCounted) {
  Ram ram(kUnlimited);
  Maze m = snake_3x2(ram);
  m.set_walls(1, 0, kRightOpen | kDownOpen);  // (1,0)-(1,1): a loop (1,0) (2,0) (2,1) (1,1)
  MazeCheck c = check_maze(m, {}, MazeRequest{3, 2, nullptr, 0});
  EXPECT_EQ(c.fault, MazeFault::kLoop);
  // Reading order: (1,1)'s passage right joins (1,1) and (2,1), already joined round
  // the other way; both are on the loop.
  EXPECT_EQ(c.cell, (CellPos{1, 1}));
  EXPECT_EQ(c.message(), "cell (2,2) is on a loop (1 loop)");
  EXPECT_EQ(judge(m).loop_cell, (CellPos{1, 1}));
  Maze w = snake_3x2(ram);
  w.set_walls(1, 1, 0);  // (2,1) no longer reaches (1,1): (1,1) and (0,1) walled off
  w.set_walls(0, 1, kDownOpen);
  c = check_maze(w, {}, MazeRequest{3, 2, nullptr, 0});
  EXPECT_EQ(c.fault, MazeFault::kWalledOff);
  EXPECT_EQ(c.message(), "cell (1,2) is walled off: the entrance does not reach it (2 cells walled off)");
  w.set_walls(1, 1, kRightOpen);  // now only (1,2) is cut off
  EXPECT_EQ(check_maze(w, {}, MazeRequest{}).message(),
            "cell (1,2) is walled off: the entrance does not reach it (1 cell walled off)");
}

TEST(CheckMaze, MarkersMustMatchStartsFitTheCellsAndNotShareACell) {
  Ram ram(kUnlimited);
  Maze m = snake_3x2(ram);
  const MazeRequest two{3, 2, nullptr, 2};
  MazeCheck c = check_maze(m, Markers{{{0, 0}}, {{2, 1}}}, two);
  EXPECT_EQ(c.fault, MazeFault::kStarts);
  EXPECT_EQ(c.message(), "--starts 2 asks for 2 start markers but the maze has 1");
  c = check_maze(m, Markers{{{0, 0}, {1, 0}}, {{2, 1}}}, two);
  EXPECT_EQ(c.message(), "--starts 2 asks for 2 end markers but the maze has 1");
  // Two starts on one cell.
  c = check_maze(m, Markers{{{0, 0}, {0, 0}}, {{2, 1}, {1, 1}}}, two);
  EXPECT_EQ(c.fault, MazeFault::kSharedCell);
  EXPECT_EQ(c.message(), "two markers on cell (1,1); each marker needs a cell of its own");
  // More markers than cells (no --starts: any number of each list).
  Markers many;
  for (int i = 0; i < 4; ++i) many.starts.push_back({i % 3, i / 3});
  for (int i = 0; i < 4; ++i) many.ends.push_back({i % 3, 1 - i / 3});
  c = check_maze(m, many, MazeRequest{3, 2, nullptr, 0});
  EXPECT_EQ(c.fault, MazeFault::kTooManyMarkers);
  EXPECT_EQ(c.message(), "8 markers, more than the maze's 6 cells");
  // A marker on a masked cell, one off the grid.
  Mask mask(3, 2);
  mask.set(1, 0, true);
  Maze k = snake_3x2(ram);
  k.set_walls(0, 0, kDownOpen);
  k.set_walls(1, 0, 0);
  k.set_walls(2, 0, kDownOpen);
  k.set_walls(0, 1, kRightOpen);
  k.set_walls(1, 1, kRightOpen);
  k.set_walls(2, 1, kDownOpen);
  k.set_entrance(0);
  // (2,0) is reached from (2,1) but the exit is under (2,1) too: one exit only.
  c = check_maze(k, Markers{{{1, 0}}, {{2, 1}}}, MazeRequest{3, 2, &mask, 1});
  EXPECT_EQ(c.fault, MazeFault::kMarkerMasked) << c.message();
  EXPECT_EQ(c.message(), "a marker is on cell (2,1), which --mask leaves out");
  c = check_maze(m, Markers{{{3, 0}}, {}}, MazeRequest{});
  EXPECT_EQ(c.fault, MazeFault::kMarkerOff);
}

}  // namespace
}  // namespace amazing::core
