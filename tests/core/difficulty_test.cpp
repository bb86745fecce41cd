// Graded mazes (core/difficulty.hpp): choose_seed finds the first seed from the one given
// whose maze is in the band, against 100 reference mazes of the same recipe; hard mazes
// have longer solutions and more dead ends than easy ones.

#include <gtest/gtest.h>

#include <string>

#include "core/braid.hpp"
#include "core/difficulty.hpp"

namespace amazing::core {
namespace {

TEST(Difficulty, ParsesTheThreeBands) {
  EXPECT_EQ(*parse_difficulty("easy"), Difficulty::kEasy);
  EXPECT_EQ(*parse_difficulty("medium"), Difficulty::kMedium);
  EXPECT_EQ(*parse_difficulty("hard"), Difficulty::kHard);
  auto bad = parse_difficulty("HARD");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message, "--difficulty takes easy, medium or hard, not 'HARD'");
}

TEST(Difficulty, ChoosesTheFirstSeedInTheBand) {
  for (const char* algorithm : {"backtracker", "wilson", "amazing"}) {
    MazeRecipe r{.algorithm = algorithm, .width = 16, .height = 12,
                 .variant = Variant::kFixedExit};
    for (Difficulty band : {Difficulty::kEasy, Difficulty::kMedium, Difficulty::kHard}) {
      auto pick = choose_seed(r, band, 40);
      ASSERT_TRUE(pick.ok()) << pick.error().message;
      EXPECT_TRUE(pick->measures.graded);
      const double p = pick->percentile;
      const double lo = band == Difficulty::kEasy ? 0 : band == Difficulty::kMedium ? 1.0 / 3 : 2.0 / 3;
      EXPECT_GE(p, lo) << algorithm;
      EXPECT_LT(p, lo + 1.0 / 3) << algorithm;
      // The seeds before it were not in the band: starting at any of them finds it again;
      // starting at it finds itself at once.
      EXPECT_EQ(pick->seed, static_cast<int16_t>(40 + pick->tried - 1));
      auto again = choose_seed(r, band, pick->seed);
      ASSERT_TRUE(again.ok());
      EXPECT_EQ(again->seed, pick->seed);
      EXPECT_EQ(again->tried, 1);
    }
  }
}

TEST(Difficulty, HardMazesHaveLongerSolutionsAndMoreDeadEndsThanEasyOnes) {
  MazeRecipe r{.algorithm = "kruskal", .width = 20, .height = 20};
  double easy_sol = 0, hard_sol = 0, easy_dead = 0, hard_dead = 0;
  int start = 0;
  for (int i = 0; i < 8; ++i) {
    auto easy = choose_seed(r, Difficulty::kEasy, static_cast<int16_t>(start));
    auto hard = choose_seed(r, Difficulty::kHard, static_cast<int16_t>(start));
    ASSERT_TRUE(easy.ok() && hard.ok());
    easy_sol += easy->measures.solution;
    hard_sol += hard->measures.solution;
    easy_dead += easy->measures.dead_ends;
    hard_dead += hard->measures.dead_ends;
    start += 1000;
  }
  EXPECT_GT(hard_sol, easy_sol);
  EXPECT_GT(hard_dead, easy_dead);
}

TEST(Difficulty, TheRecipeMazeIsTheGeneratorsThenTheBraid) {
  MazeRecipe r{.algorithm = "prim", .width = 12, .height = 9, .braid = 5000};
  Ram ram(kUnlimited);
  GwRnd rnd;
  rnd.randomize(3);
  auto made = make_recipe_maze(ram, r, rnd);
  ASSERT_TRUE(made.ok());
  Ram ram2(kUnlimited);
  GwRnd rnd2;
  rnd2.randomize(3);
  auto maze = Maze::create(ram2, 12, 9);
  auto gen = make_generator("prim", *maze, rnd2, {});
  (*gen)->run();
  braid(*maze, 5000, rnd2);
  for (int row = 0; row < 9; ++row)
    for (int col = 0; col < 12; ++col) EXPECT_EQ(made->maze.walls(col, row), maze->walls(col, row));
  EXPECT_EQ(rnd.state(), rnd2.state());
}

TEST(Difficulty, RefusesMazesTooBigToGradeAndMazesTooAlike) {
  MazeRecipe big{.algorithm = "backtracker", .width = 501, .height = 500};
  auto r = choose_seed(big, Difficulty::kEasy, 0);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("up to 250000 cells"), std::string::npos);
  // 1x5 mazes are all one corridor: three bands cannot be told apart.
  MazeRecipe tiny{.algorithm = "backtracker", .width = 1, .height = 5};
  auto t = choose_seed(tiny, Difficulty::kHard, 0);
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.error().message.find("too alike"), std::string::npos);
}

}  // namespace
}  // namespace amazing::core
