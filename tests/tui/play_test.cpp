// The play view without a terminal: the game is driven by actions and checked as the 25
// lines of 40 characters it renders.
#include "tui/play.hpp"

#include <gtest/gtest.h>

#include <memory>

#include "core/render.hpp"
#include "core/rnd.hpp"

namespace amazing::tui {
namespace {

using core::Cell;
using core::Variant;

// A factory like `amazing play --size WxL --seed N` used to be: each request draws on
// from the generator; "same start" replays the state that made the current maze. Only
// the first maze says its seed (the game shows what the factory says).
MazeFactory seeded_factory(int w, int h, int16_t seed, int* calls = nullptr) {
  struct State {
    core::GwRnd rnd, start;
    int made = 0;
  };
  auto st = std::make_shared<State>();
  st->rnd.randomize(seed);
  st->start = st->rnd;
  return [=](const MazeRequest& req) -> core::Result<OwnedMaze> {
    if (calls) ++*calls;
    if (req.same_start)
      st->rnd = st->start;
    else
      st->start = st->rnd, ++st->made;
    auto ram = std::make_shared<core::Ram>(core::kUnlimited);
    auto maze = core::generate_amazing(*ram, w, h, req.variant, st->rnd);
    if (!maze) return maze.error();
    return OwnedMaze{ram, std::move(maze).value(),
                     st->made == 1 ? std::optional<int16_t>(seed) : std::nullopt};
  };
}

Action toward(Cell from, Cell to) {
  if (to.row < from.row) return Action::kUp;
  if (to.row > from.row) return Action::kDown;
  if (to.col < from.col) return Action::kLeft;
  return Action::kRight;
}

// Walks the shortest path from where the player stands and out through the exit.
void walk_out(PlayGame& game, double now) {
  std::vector<Cell> path = core::solve(game.maze(), game.player()).path;
  ASSERT_FALSE(path.empty());
  for (std::size_t i = 1; i < path.size(); ++i) {
    ASSERT_TRUE(game.handle(toward(path[i - 1], path[i]), now).ok());
    ASSERT_EQ(game.player(), path[i]);
  }
  ASSERT_TRUE(game.handle(Action::kDown, now).ok());
}

bool screen_has(const std::vector<std::string>& screen, std::string_view text) {
  for (const auto& line : screen)
    if (line.find(text) != std::string::npos) return true;
  return false;
}

// The first seed whose book maze of this size has no exit / has one.
int16_t seed_where(int w, int h, Variant v, bool want_exit) {
  for (int16_t seed = 0; seed < 1000; ++seed) {
    core::Ram ram;
    core::GwRnd rnd;
    rnd.randomize(seed);
    auto maze = core::generate_amazing(ram, w, h, v, rnd);
    if (maze.ok() && maze->exit().has_value() == want_exit) return seed;
  }
  ADD_FAILURE() << "no such seed";
  return 0;
}

TEST(MazeGlyph, MatchesTheListingsPicture) {
  for (int16_t seed : {1, 2, 3, 77}) {
    for (Variant v : {Variant::kBook, Variant::kFixedExit}) {
      core::Ram ram;
      core::GwRnd rnd;
      rnd.randomize(seed);
      auto maze = core::generate_amazing(ram, 9, 6, v, rnd);
      ASSERT_TRUE(maze.ok());
      std::string picture;
      for (int y = 0; y < maze_text_height(6); ++y) {
        for (int x = 0; x < maze_text_width(9); ++x) picture += maze_glyph(*maze, x, y);
        picture += '\n';
      }
      EXPECT_EQ(picture, core::render_text(*maze)) << "seed " << seed;
      EXPECT_EQ(maze_glyph(*maze, -1, 0), ' ');
      EXPECT_EQ(maze_glyph(*maze, 0, 13), ' ');
    }
  }
}

TEST(PlayGame, StartsInTheEntranceAndRendersTheScreen) {
  PlayGame game(seeded_factory(10, 8, 5), {Variant::kFixedExit});
  ASSERT_TRUE(game.start(100.0).ok());
  EXPECT_EQ(game.player(), (Cell{game.maze().entrance(), 0}));
  EXPECT_EQ(game.moves(), 0);
  auto screen = game.render(100.0);
  ASSERT_EQ(screen.size(), 25u);
  for (const auto& line : screen) EXPECT_EQ(line.size(), 40u);
  EXPECT_EQ(screen[0], "MOVES 0 TIME 0:00 SEED 5 10X8 FIXED-EXIT");
  EXPECT_EQ(game.render(161.5)[0], "MOVES 0 TIME 1:01 SEED 5 10X8 FIXED-EXIT");
  // 10x8 is centred: origin (-4, -3); the top border is on screen line 1 + 3, column 4.
  EXPECT_EQ(screen[4].substr(4, 31).substr(0, 1), ".");
  int px = cell_text_x(game.maze().entrance()) + 4;
  EXPECT_EQ(screen[4 + 1].substr(px, 2), kPlayerGlyph);
  EXPECT_NE(screen[24].find("? HELP"), std::string::npos);
}

TEST(PlayGame, WallsBlockAndUpFromTheEntranceIsAWall) {
  PlayGame game(seeded_factory(10, 8, 5), {Variant::kFixedExit});
  ASSERT_TRUE(game.start(0).ok());
  Cell start = game.player();
  ASSERT_TRUE(game.handle(Action::kUp, 0).ok());
  EXPECT_EQ(game.player(), start);
  EXPECT_EQ(game.moves(), 0);
  // Every blocked direction leaves the player and the count alone; open ones move.
  for (Action a : {Action::kLeft, Action::kRight, Action::kDown}) {
    PlayGame g(seeded_factory(10, 8, 5), {Variant::kFixedExit});
    ASSERT_TRUE(g.start(0).ok());
    core::Direction d = a == Action::kLeft    ? core::Direction::kLeft
                        : a == Action::kRight ? core::Direction::kRight
                                              : core::Direction::kDown;
    bool open = g.maze().open(start.col, start.row, d);
    ASSERT_TRUE(g.handle(a, 0).ok());
    EXPECT_EQ(g.moves(), open ? 1 : 0);
    EXPECT_EQ(g.player() == start, !open);
  }
}

TEST(PlayGame, FollowingTheSolutionEscapesInTheFewestMoves) {
  PlayGame game(seeded_factory(12, 9, 42), {Variant::kFixedExit});
  ASSERT_TRUE(game.start(10).ok());
  ASSERT_TRUE(game.solution().solvable());
  ASSERT_NO_FATAL_FAILURE(walk_out(game, 75));
  EXPECT_TRUE(game.escaped());
  EXPECT_EQ(static_cast<std::size_t>(game.moves()), game.solution().fewest_moves());
  auto screen = game.render(200);  // the clock stopped at the escape
  EXPECT_TRUE(screen_has(screen, "YOU ESCAPED!"));
  EXPECT_TRUE(screen_has(screen, "MOVES MADE:      " + std::to_string(game.moves())));
  EXPECT_TRUE(screen_has(screen, "FEWEST POSSIBLE: " + std::to_string(game.moves())));
  EXPECT_TRUE(screen_has(screen, "TIME:            1:05"));
  EXPECT_TRUE(screen_has(screen, "A PERFECT RUN!"));
  // Moves after the escape do nothing.
  int moves = game.moves();
  ASSERT_TRUE(game.handle(Action::kUp, 201).ok());
  EXPECT_EQ(game.moves(), moves);
}

TEST(PlayGame, DetourCountsEveryMove) {
  PlayGame game(seeded_factory(12, 9, 42), {Variant::kFixedExit});
  ASSERT_TRUE(game.start(0).ok());
  // Step somewhere and back, then walk out: two extra moves.
  Cell start = game.player();
  Action there = Action::kNone, back = Action::kNone;
  for (auto [a, b] : {std::pair{Action::kDown, Action::kUp},
                      {Action::kLeft, Action::kRight},
                      {Action::kRight, Action::kLeft}}) {
    ASSERT_TRUE(game.handle(a, 0).ok());
    if (!(game.player() == start)) {
      there = a, back = b;
      break;
    }
  }
  ASSERT_NE(there, Action::kNone);
  ASSERT_TRUE(game.handle(back, 0).ok());
  ASSERT_NO_FATAL_FAILURE(walk_out(game, 1));
  EXPECT_EQ(static_cast<std::size_t>(game.moves()), game.solution().fewest_moves() + 2);
  EXPECT_FALSE(screen_has(game.render(1), "A PERFECT RUN!"));
}

TEST(PlayGame, TheWindowFollowsThePlayerThroughABigMaze) {
  PlayGame game(seeded_factory(30, 30, 9), {Variant::kFixedExit});
  ASSERT_TRUE(game.start(0).ok());
  std::vector<Cell> path = game.solution().path;
  ASSERT_GT(path.size(), 20u);
  for (std::size_t i = 1; i < path.size(); ++i) {
    ASSERT_TRUE(game.handle(toward(path[i - 1], path[i]), 0).ok());
    auto screen = game.render(0);
    Origin o = maze_view_origin(30, 30, kScreenCols, kViewRows, path[i].col, path[i].row);
    int x = cell_text_x(path[i].col) - o.x, y = kViewTop + cell_text_y(path[i].row) - o.y;
    ASSERT_GE(x, 0);
    ASSERT_LT(x + 1, kScreenCols);
    ASSERT_GE(y, kViewTop);
    ASSERT_LT(y, kViewTop + kViewRows);
    EXPECT_EQ(screen[y].substr(x, 2), kPlayerGlyph) << "step " << i;
  }
  // In the last row the window shows the bottom border.
  auto screen = game.render(0);
  EXPECT_TRUE(screen[kViewTop + kViewRows - 1].find(":--:") != std::string::npos);
}

TEST(PlayGame, SolutionToggles) {
  PlayGame game(seeded_factory(10, 8, 5), {Variant::kFixedExit});
  ASSERT_TRUE(game.start(0).ok());
  EXPECT_FALSE(screen_has(game.render(0), kPathGlyph));
  ASSERT_TRUE(game.handle(Action::kToggleSolution, 0).ok());
  EXPECT_TRUE(game.showing_solution());
  auto screen = game.render(0);
  EXPECT_TRUE(screen_has(screen, kPathGlyph));
  // The path ends in the gap of the bottom wall: 10x8 centred, bottom border on line
  // 1 + 3 + 16.
  int exit_x = cell_text_x(*game.maze().exit()) + 4;
  EXPECT_EQ(screen[20].substr(exit_x, 2), kPathGlyph);
  ASSERT_TRUE(game.handle(Action::kToggleSolution, 0).ok());
  EXPECT_FALSE(screen_has(game.render(0), kPathGlyph));
}

TEST(PlayGame, HelpShowsAndAnyKeyClosesIt) {
  PlayGame game(seeded_factory(10, 8, 5), {Variant::kFixedExit});
  ASSERT_TRUE(game.start(0).ok());
  ASSERT_TRUE(game.handle(Action::kHelp, 0).ok());
  EXPECT_TRUE(screen_has(game.render(0), "SHOW/HIDE THE WAY OUT"));
  Cell at = game.player();
  ASSERT_TRUE(game.handle(Action::kDown, 0).ok());  // closes the box, does not move
  EXPECT_FALSE(game.showing_help());
  EXPECT_EQ(game.player(), at);
  EXPECT_FALSE(screen_has(game.render(0), "SHOW/HIDE THE WAY OUT"));
}

TEST(PlayGame, AMazeWithoutAnExitIsFlaggedInPlainWords) {
  int16_t seed = seed_where(3, 3, Variant::kBook, false);
  PlayGame game(seeded_factory(3, 3, seed), {Variant::kBook});
  ASSERT_TRUE(game.start(0).ok());
  EXPECT_FALSE(game.solution().has_exit);
  EXPECT_TRUE(game.showing_flaw());
  auto screen = game.render(0);
  EXPECT_TRUE(screen_has(screen, "THIS MAZE HAS NO EXIT."));
  EXPECT_TRUE(screen_has(screen, "N  A NEW MAZE"));
  EXPECT_TRUE(screen_has(screen, "F  THIS SEED AS FIXED-EXIT"));
  // Dismissed, the message line still says it.
  ASSERT_TRUE(game.handle(Action::kNone, 0).ok());
  EXPECT_FALSE(game.showing_flaw());
  EXPECT_NE(game.render(0)[24].find("NO EXIT!"), std::string::npos);
  // f: the same seed as fixed-exit, which always has an exit.
  ASSERT_TRUE(game.handle(Action::kFixedExit, 0).ok());
  EXPECT_EQ(game.variant(), Variant::kFixedExit);
  EXPECT_TRUE(game.solution().solvable());
  EXPECT_TRUE(game.flaw().empty());
  EXPECT_FALSE(game.showing_flaw());
  core::Ram ram;
  core::GwRnd rnd;
  rnd.randomize(seed);
  auto same = core::generate_amazing(ram, 3, 3, Variant::kFixedExit, rnd);
  EXPECT_EQ(core::render_text(*same), core::render_text(game.maze()));
}

TEST(PlayGame, WalledOffCellsAreFlagged) {
  // Find a book maze with unreachable cells but an exit that can be reached.
  for (int16_t seed = 0; seed < 2000; ++seed) {
    core::Ram ram;
    core::GwRnd rnd;
    rnd.randomize(seed);
    auto maze = core::generate_amazing(ram, 6, 6, Variant::kBook, rnd);
    core::Solution s = core::solve(*maze);
    if (!s.solvable() || s.unreachable == 0) continue;
    PlayGame game(seeded_factory(6, 6, seed), {Variant::kBook});
    ASSERT_TRUE(game.start(0).ok());
    auto screen = game.render(0);
    EXPECT_TRUE(screen_has(
        screen, std::to_string(s.unreachable) +
                    (s.unreachable == 1 ? " CELL IS WALLED OFF" : " CELLS ARE WALLED OFF")));
    EXPECT_TRUE(screen_has(screen, "LINE 695"));
    return;
  }
  FAIL() << "no book maze with walled-off cells found";
}

TEST(PlayGame, AMazeTheListingStopsOnLeavesTheCurrentOneInPlay) {
  // After RANDOMIZE -28202 the 18th draw is at state 0xFFFFFF, where INT(RND(1)*2+1) is
  // 3: a 2-wide maze whose entrance is that draw stops the 1978 program at line 195.
  PlayGame game(seeded_factory(2, 2, -28202), {Variant::kBook});
  ASSERT_TRUE(game.start(0).ok());
  int presses = 0;
  while (game.notice().empty() && presses < 30) {
    std::string before = core::render_text(game.maze());
    ASSERT_TRUE(game.handle(Action::kNewMaze, 0).ok());
    ++presses;
    if (!game.notice().empty()) {
      EXPECT_EQ(core::render_text(game.maze()), before);  // the maze in play stays
    }
  }
  ASSERT_FALSE(game.notice().empty()) << "no stop in 30 mazes";
  EXPECT_TRUE(screen_has(game.render(0), "THE 1978 PROGRAM STOPS ON THIS MAZE"));
  EXPECT_TRUE(screen_has(game.render(0), "\"SUBSCRIPT OUT OF RANGE IN 195\""));
  // f replays that seed as fixed-exit: the same draws, the same stop; the maze in play
  // and its status line stay book.
  const std::string kept = core::render_text(game.maze());
  ASSERT_TRUE(game.handle(Action::kFixedExit, 0).ok());
  EXPECT_FALSE(game.notice().empty());
  EXPECT_EQ(core::render_text(game.maze()), kept);
  EXPECT_TRUE(screen_has(game.render(0), "2X2 BOOK"));
  EXPECT_FALSE(screen_has(game.render(0), "FIXED-EXIT"));
  ASSERT_TRUE(game.handle(Action::kNewMaze, 0).ok());  // the stream goes on past it
  EXPECT_TRUE(game.notice().empty());
  EXPECT_FALSE(screen_has(game.render(0), "SUBSCRIPT"));
}

TEST(PlayGame, NewMazeDrawsOnAndQuitQuits) {
  int calls = 0;
  PlayGame game(seeded_factory(10, 8, 5, &calls), {Variant::kFixedExit});
  ASSERT_TRUE(game.start(0).ok());
  std::string first = core::render_text(game.maze());
  ASSERT_TRUE(game.handle(Action::kRight, 0).ok());
  ASSERT_TRUE(game.handle(Action::kNewMaze, 5).ok());
  EXPECT_EQ(calls, 2);
  EXPECT_NE(core::render_text(game.maze()), first);
  EXPECT_EQ(game.moves(), 0);
  EXPECT_EQ(game.player(), (Cell{game.maze().entrance(), 0}));
  EXPECT_FALSE(game.quit());
  ASSERT_TRUE(game.handle(Action::kQuit, 5).ok());
  EXPECT_TRUE(game.quit());
}

TEST(PlayGame, TheStatusLineShowsTheSeedAndFitsAsItGrows) {
  PlayGame game(seeded_factory(10, 8, -32768), {Variant::kBook});
  ASSERT_TRUE(game.start(0).ok());
  EXPECT_EQ(game.seed(), std::optional<int16_t>(-32768));
  EXPECT_EQ(game.render(0)[0], "MOVES 0 TIME 0:00 SEED -32768  10X8 BOOK");
  // Long times squeeze the line; the seed and the size stay whole.
  EXPECT_EQ(game.render(6000)[0], "MOVES 0 100:00 SEED -32768     10X8 BOOK");
  // A maze without a seed (the power-on state) says so.
  ASSERT_TRUE(game.handle(Action::kNewMaze, 0).ok());
  EXPECT_EQ(game.seed(), std::nullopt);
  EXPECT_EQ(game.render(0)[0], "MOVES 0  TIME 0:00  NO SEED    10X8 BOOK");
  // A long maker's name is cut at its end, never the seed.
  PlayGame gen(seeded_factory(10, 8, 12345), {Variant::kBook, "recursive-division"});
  ASSERT_TRUE(gen.start(0).ok());
  EXPECT_EQ(gen.render(0)[0], "MOVES 0 0:00 SEED 12345 10X8 RECURSIVE-D");
}

TEST(PlayGame, EscapeClosesTheHelpAndNeverQuits) {
  PlayGame game(seeded_factory(10, 8, 5), {Variant::kFixedExit});
  ASSERT_TRUE(game.start(0).ok());
  ASSERT_TRUE(game.handle(Action::kHelp, 0).ok());
  ASSERT_TRUE(game.showing_help());
  EXPECT_TRUE(screen_has(game.render(0), "ESC OR ANY KEY CLOSES THIS"));
  ASSERT_TRUE(game.handle(Action::kClose, 0).ok());
  EXPECT_FALSE(game.showing_help());
  EXPECT_FALSE(game.quit());
  // With no box open, Esc does nothing at all.
  const Cell at = game.player();
  ASSERT_TRUE(game.handle(Action::kClose, 0).ok());
  EXPECT_FALSE(game.quit());
  EXPECT_EQ(game.player(), at);
  EXPECT_EQ(game.moves(), 0);
  // q in the help box quits at once: nothing is asked.
  ASSERT_TRUE(game.handle(Action::kHelp, 0).ok());
  ASSERT_TRUE(game.handle(Action::kQuit, 0).ok());
  EXPECT_TRUE(game.quit());
}

TEST(PlayGame, TheEndBoxOffersTheNextMaze) {
  PlayGame game(seeded_factory(10, 8, 5), {Variant::kFixedExit});
  ASSERT_TRUE(game.start(0).ok());
  const std::string first = core::render_text(game.maze());
  walk_out(game, 0);
  ASSERT_TRUE(game.escaped());
  EXPECT_TRUE(game.showing_end());
  EXPECT_TRUE(screen_has(game.render(0), "ENTER  THE NEXT MAZE"));
  // Esc closes the box to look at the maze walked; it does not quit.
  ASSERT_TRUE(game.handle(Action::kClose, 0).ok());
  EXPECT_FALSE(game.showing_end());
  EXPECT_FALSE(game.quit());
  EXPECT_FALSE(screen_has(game.render(0), "ENTER  THE NEXT MAZE"));
  EXPECT_TRUE(screen_has(game.render(0), "ENTER/N NEXT MAZE"));
  // Enter takes the offer.
  ASSERT_TRUE(game.handle(Action::kConfirm, 0).ok());
  EXPECT_FALSE(game.escaped());
  EXPECT_EQ(game.moves(), 0);
  EXPECT_NE(core::render_text(game.maze()), first);
  // Enter while walking does nothing.
  const Cell at = game.player();
  ASSERT_TRUE(game.handle(Action::kConfirm, 0).ok());
  EXPECT_EQ(game.player(), at);
}

TEST(PlayGame, AScriptsMazeIsNotCalledBookNorBlamedOnLine695) {
  for (int16_t seed = 0; seed < 2000; ++seed) {
    core::Ram ram;
    core::GwRnd rnd;
    rnd.randomize(seed);
    auto maze = core::generate_amazing(ram, 6, 6, Variant::kBook, rnd);
    core::Solution s = core::solve(*maze);
    if (!s.solvable() || s.unreachable == 0) continue;
    PlayConfig config{.variant = Variant::kBook, .algorithm = {}, .script = "mine.lua"};
    PlayGame game(seeded_factory(6, 6, seed), config);
    ASSERT_TRUE(game.start(0).ok());
    auto screen = game.render(0);
    EXPECT_NE(screen[0].find("6X6 MINE.LUA"), std::string::npos) << screen[0];
    EXPECT_FALSE(screen_has(screen, "BOOK"));
    EXPECT_TRUE(screen_has(screen, "WALLED OFF"));  // the flaw is still told
    EXPECT_FALSE(screen_has(screen, "695"));
    return;
  }
  FAIL() << "no book maze with walled-off cells found";
}

TEST(PlayGame, AFactoryErrorIsReturned) {
  PlayGame game(
      [](const MazeRequest&) -> core::Result<OwnedMaze> { return core::Error{"?OUT OF MEMORY"}; },
      {});
  auto s = game.start(0);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().message, "?OUT OF MEMORY");
}

TEST(FormatTime, MinutesAndSeconds) {
  EXPECT_EQ(format_time(0), "0:00");
  EXPECT_EQ(format_time(65.9), "1:05");
  EXPECT_EQ(format_time(-3), "0:00");
  EXPECT_EQ(format_time(3600), "60:00");
}

}  // namespace
}  // namespace amazing::tui
