// Watching a maze being made, without a terminal: the replay's frames (which passages are
// open, where the cursor is), the speed, the finish on a key, and r in the play game.
#include "tui/watch.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "core/generators/generator.hpp"
#include "tui/play.hpp"

namespace amazing::tui {
namespace {

using core::Variant;

Recipe walk_recipe(int w, int h, Variant v, int16_t seed) {
  Recipe r{.width = w, .height = h, .ram = core::kUnlimited, .variant = v};
  r.start.randomize(seed);
  return r;
}

Recipe generator_recipe(std::string_view name, int w, int h, int16_t seed) {
  Recipe r{.width = w, .height = h, .ram = core::kUnlimited, .algorithm = std::string(name)};
  r.start.randomize(seed);
  return r;
}

// The maze the recipe makes, made at once as play's factories make it.
struct Made {
  std::unique_ptr<core::Ram> ram = std::make_unique<core::Ram>(core::kUnlimited);
  std::optional<core::Maze> maze;
};
Made make_at_once(const Recipe& r) {
  Made m;
  core::GwRnd rnd = r.start;
  if (r.c64_start) {
    core::C64Rnd c64 = *r.c64_start;
    auto run = core::run_amazing(*m.ram, r.width, r.height, r.variant, c64);
    if (run) m.maze.emplace(std::move(run->maze));
  } else if (r.algorithm.empty()) {
    auto maze = core::generate_amazing(*m.ram, r.width, r.height, r.variant, rnd);
    if (maze) m.maze.emplace(std::move(maze).value());
  } else {
    auto maze = core::Maze::create(*m.ram, r.width, r.height);
    if (maze) {
      m.maze.emplace(std::move(maze).value());
      core::GeneratorOptions options;
      options.mask = r.mask.get();
      options.starts = r.starts;
      auto gen = core::make_generator(r.algorithm, *m.maze, rnd, options);
      if (gen) (*gen)->run();
    }
  }
  return m;
}

bool all_walls(const core::Maze& m) {
  for (int row = 0; row < m.height(); ++row)
    for (int col = 0; col < m.width(); ++col)
      if (m.walls(col, row) != 0) return false;
  return true;
}

// Steps the replay to its end, checking every frame on the way; returns the frames in
// which a scan was shown.
int step_to_end(Replay& replay) {
  int scanning = 0;
  std::optional<core::Cell> last;
  while (!replay.done()) {
    const int cost = replay.advance();
    EXPECT_GT(cost, 0);
    if (auto c = replay.cursor()) {
      EXPECT_GE(c->col, 0);
      EXPECT_GE(c->row, 0);
      EXPECT_LT(c->col, replay.maze().width());
      EXPECT_LT(c->row, replay.maze().height());
      if (replay.scanning()) {
        ++scanning;
        // The listing's scan: the next cell in reading order, from the last row to (1,1).
        if (last) {
          const int w = replay.maze().width();
          const int was = last->row * w + last->col, now = c->row * w + c->col;
          if (cost == Replay::kScanCost) {
            EXPECT_EQ(now, (was + 1) % static_cast<int>(replay.maze().cells()));
          }
        }
      }
    }
    last = replay.cursor();
  }
  EXPECT_EQ(replay.advance(), 0);
  return scanning;
}

TEST(Replay, TheWalkStartsWithAllWallsAndEndsInTheMazeOfEveryRevision) {
  int scanning = 0;
  for (Variant v : {Variant::kBook, Variant::kFixed, Variant::kFixedExit}) {
    for (int16_t seed : {1, 5, 70, -300}) {
      for (auto [w, h] : {std::pair{12, 10}, {2, 2}, {31, 7}, {5, 40}}) {
        SCOPED_TRACE(std::string(core::variant_name(v)) + " seed " + std::to_string(seed) + " " +
                     std::to_string(w) + "x" + std::to_string(h));
        const Recipe r = walk_recipe(w, h, v, seed);
        Made expected = make_at_once(r);
        ASSERT_TRUE(expected.maze);
        auto replay = Replay::start(r);
        ASSERT_TRUE(replay.ok());
        EXPECT_TRUE(all_walls((*replay)->maze()));
        EXPECT_EQ((*replay)->maze().entrance(), expected.maze->entrance());
        scanning += step_to_end(**replay);
        EXPECT_TRUE(same_maze((*replay)->maze(), *expected.maze));
      }
    }
  }
  EXPECT_GT(scanning, 0) << "the 1978 walk's scan is never shown";
}

TEST(Replay, TheC64WalkEndsInTheC64Maze) {
  Recipe r{.width = 12, .height = 10, .ram = core::kUnlimited};
  r.c64_start = core::C64Rnd();
  Made expected = make_at_once(r);
  ASSERT_TRUE(expected.maze);
  auto replay = Replay::start(r);
  ASSERT_TRUE(replay.ok());
  EXPECT_TRUE(all_walls((*replay)->maze()));
  step_to_end(**replay);
  EXPECT_TRUE(same_maze((*replay)->maze(), *expected.maze));
}

TEST(Replay, EveryAlgorithmStartsWithAllWallsAndEndsInItsMaze) {
  for (auto name : core::generator_names()) {
    SCOPED_TRACE(std::string(name));
    const Recipe r = generator_recipe(name, 12, 10, 9);
    Made expected = make_at_once(r);
    ASSERT_TRUE(expected.maze);
    auto replay = Replay::start(r);
    ASSERT_TRUE(replay.ok()) << replay.error().message;
    // Recursive division works the other way: it starts from an open field and adds walls.
    if (name == "recursive-division")
      EXPECT_FALSE(all_walls((*replay)->maze()));
    else
      EXPECT_TRUE(all_walls((*replay)->maze()));
    step_to_end(**replay);
    EXPECT_TRUE(same_maze((*replay)->maze(), *expected.maze));
  }
}

TEST(Replay, AMaskAndStartsAreReplayedToo) {
  auto mask = std::make_shared<core::Mask>(12, 10);
  mask->set(5, 5, true);
  mask->set(6, 5, true);
  Recipe r = generator_recipe("backtracker", 12, 10, 3);
  r.mask = mask;
  r.starts = 2;
  Made expected = make_at_once(r);
  ASSERT_TRUE(expected.maze);
  auto replay = Replay::start(r);
  ASSERT_TRUE(replay.ok()) << replay.error().message;
  step_to_end(**replay);
  EXPECT_TRUE(same_maze((*replay)->maze(), *expected.maze));
}

TEST(Replay, FinishingHalfwayEndsInTheSameMaze) {
  std::vector<Recipe> recipes = {walk_recipe(12, 10, Variant::kBook, 5),
                                 walk_recipe(30, 30, Variant::kFixedExit, 11)};
  for (auto name : core::generator_names()) recipes.push_back(generator_recipe(name, 15, 9, 4));
  for (const Recipe& r : recipes) {
    SCOPED_TRACE(r.algorithm.empty() ? "walk" : r.algorithm);
    Made expected = make_at_once(r);
    for (int after : {0, 1, 37, 150}) {
      auto replay = Replay::start(r);
      ASSERT_TRUE(replay.ok());
      for (int i = 0; i < after && !(*replay)->done(); ++i) (*replay)->advance();
      (*replay)->finish();
      EXPECT_TRUE((*replay)->done());
      EXPECT_FALSE((*replay)->cursor());
      EXPECT_TRUE(same_maze((*replay)->maze(), *expected.maze)) << "after " << after;
    }
  }
}

TEST(Watch, RefusesToShowAReplayThatEndsInAnotherMaze) {
  const Recipe r = walk_recipe(12, 10, Variant::kBook, 5);
  Made other = make_at_once(walk_recipe(12, 10, Variant::kBook, 6));
  auto watch = Watch::create(r, *other.maze, 0);
  ASSERT_FALSE(watch.ok());
  EXPECT_NE(watch.error().message.find("another maze"), std::string::npos);
  Made same = make_at_once(r);
  EXPECT_TRUE(Watch::create(r, *same.maze, 0).ok());
}

// The clock in steps of a frame (simulated time: nothing here waits).
double run_clock(Watch& w, double start, double frame) {
  double t = start;
  while (!w.done() && t < start + 1000) {
    t += frame;
    w.tick(t);
  }
  return t - start;
}

TEST(Watch, FramesGoFromAllWallsToTheMazeAtAPaceToFollow) {
  const Recipe r = walk_recipe(12, 10, Variant::kBook, 5);
  Made target = make_at_once(r);
  auto w = Watch::create(r, *target.maze, 100.0, "12X10 BOOK");
  ASSERT_TRUE(w.ok());
  Watch& watch = **w;
  // The first frame: the whole grid of walls, the entrance open, the cursor on it.
  auto first = watch.render();
  ASSERT_EQ(first.size(), 25u);
  for (const auto& line : first) EXPECT_EQ(line.size(), 40u);
  EXPECT_NE(first[0].find("MAKING 12X10 BOOK"), std::string::npos) << first[0];
  EXPECT_NE(first[0].find("SPEED X1"), std::string::npos);
  const std::string closed_row = first[kViewTop + 5];
  EXPECT_NE(closed_row.find(":--:--:--:--:--:--:--:--:--:--:--."), std::string::npos) << closed_row;
  auto mark = watch.mark();
  ASSERT_TRUE(mark);
  EXPECT_EQ(mark->length, 2);
  EXPECT_EQ(first[mark->row].substr(mark->col, 2), "  ");
  // Half a second in: some passages, not all.
  watch.tick(100.5);
  EXPECT_FALSE(watch.done());
  EXPECT_FALSE(all_walls(watch.replay().maze()));
  // The default speed makes a 12x10 maze in a few seconds of the clock.
  const double took = 0.5 + run_clock(watch, 100.5, 1.0 / 30);
  EXPECT_GE(took, 3.0);
  EXPECT_LE(took, 5.0);
  EXPECT_TRUE(same_maze(watch.replay().maze(), *target.maze));
  EXPECT_FALSE(watch.mark());
  EXPECT_NE(watch.render()[24].find("DONE"), std::string::npos);
}

TEST(Watch, PlusAndMinusDoubleAndHalveTheSpeedWithinBounds) {
  const Recipe r = walk_recipe(12, 10, Variant::kFixed, 2);
  Made target = make_at_once(r);
  auto w = Watch::create(r, *target.maze, 0);
  ASSERT_TRUE(w.ok());
  Watch& watch = **w;
  const double base = watch.rate();
  watch.key('+');
  EXPECT_EQ(watch.speed(), 1);
  EXPECT_DOUBLE_EQ(watch.rate(), 2 * base);
  EXPECT_NE(watch.render()[0].find("SPEED X2"), std::string::npos);
  for (int i = 0; i < 50; ++i) watch.key('+');
  EXPECT_EQ(watch.speed(), Watch::kMaxSpeed);
  for (int i = 0; i < 100; ++i) watch.key('-');
  EXPECT_EQ(watch.speed(), Watch::kMinSpeed);
  EXPECT_NE(watch.render()[0].find("SPEED X1/64"), std::string::npos) << watch.render()[0];
  EXPECT_FALSE(watch.done());  // + and - only change the speed
  EXPECT_GE(watch.wait(), 0.010);
  EXPECT_LE(watch.wait(), 0.050);
  // Slower takes longer on the same clock.
  auto fast = Watch::create(r, *target.maze, 0);
  (*fast)->key('+');
  EXPECT_LT(run_clock(**fast, 0, 0.02), run_clock(**Watch::create(r, *target.maze, 0), 0, 0.02));
}

TEST(Watch, AnyOtherKeyFinishesAtOnceInTheMazeInPlay) {
  // Space pauses and the arrows, Home and End step (walking_help_test.cpp).
  for (int key : {int{'x'}, 27, kKeyEnter, int{'q'}}) {
    const Recipe r = generator_recipe("wilson", 12, 10, 8);
    Made target = make_at_once(r);
    auto w = Watch::create(r, *target.maze, 0);
    ASSERT_TRUE(w.ok());
    (*w)->tick(0.3);
    EXPECT_FALSE((*w)->done());
    (*w)->key(key);
    EXPECT_TRUE((*w)->done());
    EXPECT_TRUE(same_maze((*w)->replay().maze(), *target.maze));
  }
}

TEST(Watch, TheWindowFollowsTheCursorInAMazeLargerThanTheScreen) {
  for (const Recipe& r :
       {walk_recipe(100, 100, Variant::kBook, 3), generator_recipe("backtracker", 100, 100, 3),
        // These two name no cell: the last cell whose walls changed is followed.
        generator_recipe("kruskal", 100, 100, 3),
        generator_recipe("recursive-division", 100, 100, 3)}) {
    SCOPED_TRACE(r.algorithm.empty() ? "walk" : r.algorithm);
    Made target = make_at_once(r);
    auto w = Watch::create(r, *target.maze, 0);
    ASSERT_TRUE(w.ok());
    Watch& watch = **w;
    watch.key('+');
    watch.key('+');
    watch.key('+');
    int marked = 0;
    for (double t = 0; !watch.done() && t < 100; t += 0.05) {
      watch.tick(t);
      auto c = watch.replay().cursor();
      auto mark = watch.mark();
      if (!c) continue;
      ASSERT_TRUE(mark) << "the cursor at " << c->col << "," << c->row << " is off the window";
      ++marked;
      EXPECT_GE(mark->row, kViewTop);
      EXPECT_LT(mark->row, kViewTop + kViewRows);
      EXPECT_GE(mark->col, 0);
      EXPECT_LE(mark->col + mark->length, kScreenCols);
      // The highlighted span is the inside of the cell: between its walls.
      const auto screen = watch.render();
      EXPECT_NE(screen[mark->row][mark->col], 'I');
    }
    EXPECT_GT(marked, 50);
    watch.finish();
    EXPECT_TRUE(same_maze(watch.replay().maze(), *target.maze));
  }
}

// The play game: r starts a watch of the maze in play, which stays as it was.
MazeFactory factory_with_recipe(bool recipe) {
  return [recipe](const MazeRequest& req) -> core::Result<OwnedMaze> {
    Recipe r = walk_recipe(12, 10, req.variant, 5);
    auto ram = std::make_shared<core::Ram>(core::kUnlimited);
    core::GwRnd rnd = r.start;
    auto maze = core::generate_amazing(*ram, 12, 10, req.variant, rnd);
    if (!maze) return maze.error();
    return OwnedMaze{ram, std::move(maze).value(), 5,
                     recipe ? std::optional<Recipe>(r) : std::nullopt};
  };
}

TEST(PlayWatch, RReplaysTheMakingAndLeavesTheMazeAndPlayerAlone) {
  PlayGame game(factory_with_recipe(true), {.variant = Variant::kFixedExit});
  ASSERT_TRUE(game.start(0).ok());
  // A step in, along the way out.
  const auto& path = game.solution().path;
  ASSERT_GE(path.size(), 2u);
  const core::Cell next = path[1];
  const core::Cell at = game.player();
  ASSERT_TRUE(game.handle(next.row > at.row   ? Action::kDown
                          : next.col > at.col ? Action::kRight
                                              : Action::kLeft,
                          1)
                  .ok());
  ASSERT_EQ(game.player(), next);
  const core::Cell player = game.player();
  const auto before = game.render(2);
  EXPECT_EQ(game.watching(), nullptr);
  ASSERT_TRUE(game.handle(play_action('r'), 2).ok());
  ASSERT_NE(game.watching(), nullptr);
  EXPECT_NE(game.watching()->render()[0].find("MAKING 12X10 FIXED-EXIT"), std::string::npos);
  game.watching()->key('x');
  EXPECT_TRUE(same_maze(game.watching()->replay().maze(), game.maze()));
  game.end_watch(10);
  EXPECT_EQ(game.watching(), nullptr);
  EXPECT_EQ(game.player(), player);
  // The clock did not run while watching: the screen is the one from before.
  EXPECT_EQ(game.render(10), before);
}

TEST(PlayWatch, AScriptsMazeSaysItCannotBeReplayed) {
  PlayGame game(factory_with_recipe(false), {.script = "mine.lua"});
  ASSERT_TRUE(game.start(0).ok());
  ASSERT_TRUE(game.handle(Action::kReplay, 1).ok());
  EXPECT_EQ(game.watching(), nullptr);
  ASSERT_FALSE(game.notice().empty());
  std::string text;
  for (const auto& line : game.notice()) text += line + " ";
  EXPECT_NE(text.find("MINE.LUA"), std::string::npos) << text;
  EXPECT_NE(text.find("CANNOT BE REPLAYED"), std::string::npos) << text;
  // Any key closes the box.
  ASSERT_TRUE(game.handle(Action::kNone, 2).ok());
  EXPECT_TRUE(game.notice().empty());
}

// As play --machine c64 hands over its mazes: the walk on the C64's RND from X=RND(-(7)),
// in the C64's 38911 bytes, with the recipe that says so (c64_start).
TEST(PlayWatch, AC64MazeIsReplayedOnTheC64sRnd) {
  core::C64Rnd start;
  start.seed_statement(7);
  const Recipe r{
      .width = 12, .height = 10, .ram = 38911, .variant = Variant::kBook, .c64_start = start};
  auto ram = std::make_shared<core::Ram>(38911);
  core::C64Rnd rnd = start;
  auto run = core::run_amazing(*ram, 12, 10, Variant::kBook, rnd);
  ASSERT_TRUE(run.ok());
  // The pc's RND from RANDOMIZE 7 makes another maze: a replay on it would be refused.
  Made pc = make_at_once(walk_recipe(12, 10, Variant::kBook, 7));
  ASSERT_TRUE(pc.maze);
  ASSERT_FALSE(same_maze(*pc.maze, run->maze));

  PlayGame game(
      [](const MazeRequest&) -> core::Result<OwnedMaze> {
        return core::Error{"no new mazes here"};
      },
      {.variant = Variant::kBook});
  game.start_with(OwnedMaze{ram, std::move(run->maze), 7, r}, 0);
  EXPECT_NE(game.render(0)[0].find("SEED 7"), std::string::npos) << game.render(0)[0];
  ASSERT_TRUE(game.handle(Action::kReplay, 1).ok());
  ASSERT_NE(game.watching(), nullptr) << (game.notice().empty() ? "" : game.notice()[0]);
  EXPECT_TRUE(all_walls(game.watching()->replay().maze()));
  EXPECT_NE(game.watching()->render()[0].find("MAKING 12X10 BOOK"), std::string::npos);
  game.watching()->finish();
  EXPECT_TRUE(same_maze(game.watching()->replay().maze(), game.maze()));
  game.end_watch(2);
}

}  // namespace
}  // namespace amazing::tui
