// The play screen's walking helps without a terminal: the run keys, the trail, a click
// that walks to a cell, the fog, the menu of solvers; and the controls of every replay
// (pause, step forward and back, start and end) on the maze's making and on a solver.
#include <gtest/gtest.h>

#include <memory>

#include "core/amazing_walk.hpp"
#include "core/generators/generator.hpp"
#include "core/solvers/solver.hpp"
#include "core/walking.hpp"
#include "tui/keys.hpp"
#include "tui/play.hpp"
#include "tui/solver_watch.hpp"
#include "tui/watch.hpp"

namespace amazing::tui {
namespace {

using core::Cell;
using core::Direction;
using core::Variant;

MazeFactory fixed_factory(int w, int h, int16_t seed) {
  auto rnd = std::make_shared<core::GwRnd>();
  rnd->randomize(seed);
  return [=](const MazeRequest&) -> core::Result<OwnedMaze> {
    auto ram = std::make_shared<core::Ram>(core::kUnlimited);
    auto maze = core::generate_amazing(*ram, w, h, Variant::kFixedExit, *rnd);
    if (!maze) return maze.error();
    return OwnedMaze{ram, std::move(maze).value(), seed};
  };
}

PlayGame started(int w, int h, int16_t seed, bool fog = false) {
  PlayConfig config{.variant = Variant::kFixedExit};
  config.fog = fog;
  PlayGame game(fixed_factory(w, h, seed), config);
  EXPECT_TRUE(game.start(0).ok());
  return game;
}

int count_of(const std::vector<std::string>& screen, std::string_view text) {
  int n = 0;
  for (const auto& line : screen)
    for (std::size_t at = line.find(text); at != std::string::npos; at = line.find(text, at + 1))
      ++n;
  return n;
}

bool screen_has(const std::vector<std::string>& screen, std::string_view text) {
  return count_of(screen, text) > 0;
}

// Where on the 40x25 screen the inside of cell c is drawn (the maze fits the window).
std::pair<int, int> screen_of(const PlayGame& game, Cell c) {
  const core::Maze& m = game.maze();
  const Origin o = maze_view_origin(m.width(), m.height(), kScreenCols, kViewRows,
                                    game.player().col, game.player().row);
  return {kViewTop + cell_text_y(c.row) - o.y, cell_text_x(c.col) - o.x};
}

int walls(const std::vector<std::string>& screen) {
  int n = 0;
  for (int r = kViewTop; r < kViewTop + kViewRows; ++r)
    for (char ch : screen[r]) n += ch == '-' || ch == 'I' || ch == ':';
  return n;
}

TEST(WalkingKeys, ShiftAndCtrlArrowsRunGRunsTheNextMoveTTrailMSolvers) {
  EXPECT_EQ(play_action(kKeyShiftUp), Action::kRunUp);
  EXPECT_EQ(play_action(kKeyCtrlUp), Action::kRunUp);
  EXPECT_EQ(play_action(kKeyShiftDown), Action::kRunDown);
  EXPECT_EQ(play_action(kKeyCtrlDown), Action::kRunDown);
  EXPECT_EQ(play_action(kKeyShiftLeft), Action::kRunLeft);
  EXPECT_EQ(play_action(kKeyCtrlLeft), Action::kRunLeft);
  EXPECT_EQ(play_action(kKeyShiftRight), Action::kRunRight);
  EXPECT_EQ(play_action(kKeyCtrlRight), Action::kRunRight);
  EXPECT_EQ(play_action('g'), Action::kRunPrefix);
  EXPECT_EQ(play_action('t'), Action::kTrail);
  EXPECT_EQ(play_action('m'), Action::kSolvers);
  EXPECT_EQ(play_action('r'), Action::kReplay);  // today's keys stay
  EXPECT_EQ(play_action('S'), Action::kDown);
}

TEST(PlayRun, ARunKeyGoesToTheNextJunctionOrDeadEndAMoveACell) {
  for (int16_t seed : {3, 7, 21}) {
    PlayGame game = started(20, 15, seed);
    for (int i = 0; i < 40 && !game.escaped(); ++i) {
      const Direction d = static_cast<Direction>(i * 7 % 4);
      const auto run = core::run_along(game.maze(), game.player(), d);
      const int before = game.moves();
      static constexpr Action kRun[] = {Action::kRunUp, Action::kRunRight, Action::kRunDown,
                                        Action::kRunLeft};
      ASSERT_TRUE(game.handle(kRun[static_cast<int>(d)], 0).ok());
      if (game.escaped()) break;
      if (run.empty()) {
        EXPECT_EQ(game.moves(), before);
      } else {
        EXPECT_EQ(game.player(), run.back());
        EXPECT_EQ(game.moves(), before + static_cast<int>(run.size()));
      }
    }
  }
}

TEST(PlayRun, GThenAMoveKeyRunsAndGThenAnythingElseIsForgotten) {
  PlayGame a = started(20, 15, 7), b = started(20, 15, 7);
  for (Direction d : {Direction::kDown, Direction::kRight, Direction::kLeft, Direction::kUp,
                      Direction::kDown}) {
    static constexpr Action kMove[] = {Action::kUp, Action::kRight, Action::kDown, Action::kLeft};
    static constexpr Action kRun[] = {Action::kRunUp, Action::kRunRight, Action::kRunDown,
                                      Action::kRunLeft};
    ASSERT_TRUE(a.handle(Action::kRunPrefix, 0).ok());
    EXPECT_TRUE(a.run_pending());
    EXPECT_TRUE(screen_has(a.render(0), "RUN WHICH WAY?"));
    ASSERT_TRUE(a.handle(kMove[static_cast<int>(d)], 0).ok());
    EXPECT_FALSE(a.run_pending());
    ASSERT_TRUE(b.handle(kRun[static_cast<int>(d)], 0).ok());
    EXPECT_EQ(a.player(), b.player());
    EXPECT_EQ(a.moves(), b.moves());
  }
  ASSERT_TRUE(a.handle(Action::kRunPrefix, 0).ok());
  ASSERT_TRUE(a.handle(Action::kTrail, 0).ok());
  EXPECT_FALSE(a.run_pending());
  const Cell at = a.player();
  const int moves = a.moves();
  // The next move key is one step again (or none, against a wall).
  ASSERT_TRUE(a.handle(Action::kDown, 0).ok());
  EXPECT_LE(std::abs(a.player().row - at.row) + std::abs(a.player().col - at.col), 1);
  EXPECT_LE(a.moves(), moves + 1);
}

TEST(PlayTrail, HiddenUntilTThenEveryCellWalkedShows) {
  PlayGame game = started(12, 10, 7);
  const std::vector<Cell> way = core::solve(game.maze()).path;
  for (std::size_t i = 1; i < 6; ++i)
    for (Direction d : {Direction::kUp, Direction::kRight, Direction::kDown, Direction::kLeft})
      if (core::neighbour(game.player(), d) == way[i]) {
        static constexpr Action kMove[] = {Action::kUp, Action::kRight, Action::kDown,
                                           Action::kLeft};
        ASSERT_TRUE(game.handle(kMove[static_cast<int>(d)], 0).ok());
      }
  ASSERT_EQ(game.player(), way[5]);
  EXPECT_FALSE(game.showing_trail());
  EXPECT_EQ(count_of(game.render(0), ".."), 0);
  ASSERT_TRUE(game.handle(Action::kTrail, 0).ok());
  const auto screen = game.render(0);
  for (std::size_t i = 0; i < 5; ++i) {  // the player stands on the sixth
    const auto [row, col] = screen_of(game, way[i]);
    EXPECT_EQ(screen[row].substr(col, 2), "..") << i;
    EXPECT_TRUE(game.walked(way[i]));
  }
  EXPECT_EQ(count_of(screen, ".."), 5);
  ASSERT_TRUE(game.handle(Action::kTrail, 0).ok());
  EXPECT_EQ(count_of(game.render(0), ".."), 0);
}

TEST(PlayClick, AClickOnACellWalksTheShortestOpenWayThere) {
  PlayGame game = started(12, 10, 7);
  const std::vector<Cell> way = core::solve(game.maze()).path;
  ASSERT_GT(way.size(), 8u);
  const auto [row, col] = screen_of(game, way[8]);
  ASSERT_TRUE(game.click(row, col + 1, 0).ok());  // either character of the cell
  EXPECT_EQ(game.player(), way[8]);
  EXPECT_EQ(game.moves(), 8);
  // On a wall or outside the window: nothing.
  const auto [r2, c2] = screen_of(game, way[0]);
  ASSERT_TRUE(game.click(r2, c2 - 1, 0).ok());
  ASSERT_TRUE(game.click(0, 5, 0).ok());
  EXPECT_EQ(game.player(), way[8]);
  // A click with the help open closes it and goes nowhere.
  ASSERT_TRUE(game.handle(Action::kHelp, 0).ok());
  ASSERT_TRUE(game.click(r2, c2, 0).ok());
  EXPECT_FALSE(game.showing_help());
  EXPECT_EQ(game.player(), way[8]);
  ASSERT_TRUE(game.click(r2, c2, 0).ok());
  EXPECT_EQ(game.player(), way[0]);
  EXPECT_EQ(game.moves(), 16);
}

TEST(PlayFog, OnlyWhatWasSeenShowsInsideTheOutline) {
  PlayGame clear = started(12, 10, 7), fog = started(12, 10, 7, true);
  const auto open = clear.render(0), dim = fog.render(0);
  EXPECT_LT(walls(dim), walls(open) / 2);
  // The outline: the top and bottom lines and both sides are whole.
  const core::Maze& m = fog.maze();
  const auto [top, left] = screen_of(fog, {0, 0});
  EXPECT_EQ(dim[top - 1], open[top - 1]);
  EXPECT_EQ(dim[top + 2 * m.height() - 1], open[top + 2 * m.height() - 1]);
  for (int r = top; r < top + 2 * m.height(); ++r) {
    EXPECT_EQ(dim[r][left - 1], open[r][left - 1]);
    EXPECT_EQ(dim[r][left + 3 * m.width() - 1], open[r][left + 3 * m.width() - 1]);
  }
  // Every seen cell's walls show as in the clear.
  for (int row = 0; row < m.height(); ++row)
    for (int col = 0; col < m.width(); ++col) {
      if (!fog.sight().seen(col, row)) continue;
      const auto [r, c] = screen_of(fog, {col, row});
      EXPECT_EQ(dim[r].substr(c - 1, 4), open[r].substr(c - 1, 4));
      EXPECT_EQ(dim[r + 1].substr(c, 2), open[r + 1].substr(c, 2));
    }
  // Walking shows more; a click on a cell not seen goes nowhere.
  const std::vector<Cell> way = core::solve(m).path;
  Cell unseen{-1, -1};
  for (int row = m.height() - 1; row >= 0 && unseen.col < 0; --row)
    for (int col = 0; col < m.width(); ++col)
      if (!fog.sight().seen(col, row)) {
        unseen = {col, row};
        break;
      }
  ASSERT_GE(unseen.col, 0);
  const auto [ur, uc] = screen_of(fog, unseen);
  ASSERT_TRUE(fog.click(ur, uc, 0).ok());
  EXPECT_EQ(fog.moves(), 0);
  const std::size_t seen_before = fog.sight().count();
  const auto [wr, wc] = screen_of(fog, way[1]);
  ASSERT_TRUE(fog.click(wr, wc, 0).ok());
  EXPECT_EQ(fog.player(), way[1]);
  EXPECT_GE(fog.sight().count(), seen_before);
  EXPECT_GE(walls(fog.render(0)), walls(dim));
}

TEST(PlaySolvers, MOpensTheMenuUpDownChooseEnterRunsEscCloses) {
  PlayGame game = started(12, 10, 7);
  ASSERT_TRUE(game.handle(Action::kSolvers, 0).ok());
  EXPECT_TRUE(game.showing_solvers());
  auto screen = game.render(0);
  EXPECT_TRUE(screen_has(screen, "WATCH A SOLVER"));
  EXPECT_TRUE(screen_has(screen, "> WALL FOLLOWER"));
  ASSERT_TRUE(game.handle(Action::kDown, 0).ok());
  ASSERT_TRUE(game.handle(Action::kDown, 0).ok());
  EXPECT_TRUE(screen_has(game.render(0), "> TREMAUX"));
  EXPECT_EQ(game.player(), (Cell{game.maze().entrance(), 0}));  // the menu took the keys
  ASSERT_TRUE(game.handle(Action::kClose, 0).ok());
  EXPECT_FALSE(game.showing_solvers());
  EXPECT_EQ(game.solving(), nullptr);
  ASSERT_TRUE(game.handle(Action::kSolvers, 0).ok());
  ASSERT_TRUE(game.handle(Action::kUp, 0).ok());  // round to the last
  EXPECT_TRUE(screen_has(game.render(0), "> BREADTH-FIRST FLOOD"));
  ASSERT_TRUE(game.handle(Action::kConfirm, 0).ok());
  ASSERT_NE(game.solving(), nullptr);
  SolverWatch& w = *game.solving();
  EXPECT_TRUE(screen_has(w.render(), "SOLVING: BREADTH-FIRST FLOOD"));
  w.tick(1000);  // long enough for the whole run
  EXPECT_TRUE(w.done());
  EXPECT_FALSE(w.over());  // a solver holds at its end
  const auto end = w.render();
  const std::size_t fewest = core::solve(game.maze()).fewest_moves();
  EXPECT_TRUE(screen_has(end, "FOUND THE EXIT: " + std::to_string(fewest) + " MOVES"));
  EXPECT_EQ(count_of(end, "**"), static_cast<int>(fewest));
  w.key(27);
  EXPECT_TRUE(w.over());
  game.end_solving(1000);
  EXPECT_EQ(game.solving(), nullptr);
  EXPECT_EQ(game.moves(), 0);
}

TEST(SolverWatch, StepsForwardAndBackAndJumpsToStartAndEnd) {
  PlayGame game = started(15, 12, 9);
  for (const core::SolverInfo& s : core::solvers()) {
    auto made = SolverWatch::create(s, game.maze(), game.player(), 0);
    ASSERT_TRUE(made.ok());
    SolverWatch& w = **made;
    const auto blank = w.render();
    w.key(' ');
    EXPECT_TRUE(w.paused());
    w.tick(50);
    EXPECT_EQ(w.position(), 0u) << s.name;  // paused: the clock does nothing
    EXPECT_TRUE(screen_has(w.render(), "PAUSED 0/" + std::to_string(w.length())));
    std::vector<std::vector<std::string>> frames{w.render()};
    for (int i = 0; i < 30 && !w.done(); ++i) {
      w.key(kKeyRight);
      frames.push_back(w.render());
    }
    const uint64_t at = w.position();
    for (uint64_t i = at; i > 0; --i) {
      w.key(kKeyLeft);
      EXPECT_EQ(w.render(), frames[i - 1]) << s.name << " back to " << i - 1;
    }
    w.key(kKeyEnd);
    EXPECT_TRUE(w.done());
    EXPECT_EQ(w.position(), w.length());
    EXPECT_TRUE(w.run().solved) << s.name;
    w.key(kKeyHome);
    EXPECT_EQ(w.position(), 0u);
    EXPECT_EQ(w.render(), frames[0]);
    EXPECT_FALSE(w.leaving());
  }
}

Recipe recipe_of(std::string_view algorithm, int w, int h, int16_t seed) {
  Recipe r{.width = w, .height = h, .ram = core::kUnlimited, .algorithm = std::string(algorithm)};
  r.start.randomize(seed);
  return r;
}

TEST(WatchControl, SpacePausesTheArrowsStepHomeAndEndJump) {
  for (std::string_view algo : {"", "kruskal", "wilson"}) {
    const Recipe r = recipe_of(algo, 12, 10, 4);
    // The maze it makes, for Watch::create to check.
    auto first = Replay::start(r);
    ASSERT_TRUE(first.ok());
    (*first)->finish();
    auto made = Watch::create(r, (*first)->maze(), 0);
    ASSERT_TRUE(made.ok()) << algo;
    Watch& w = **made;
    w.tick(0.5);
    const uint64_t at = w.position();
    ASSERT_GT(at, 2u);
    w.key(' ');
    w.tick(30);
    EXPECT_EQ(w.position(), at);  // paused
    EXPECT_FALSE(w.over());
    EXPECT_TRUE(w.render()[kScreenRows - 1].starts_with("PAUSED " + std::to_string(at) + "/"));
    w.key(kKeyRight);
    EXPECT_EQ(w.position(), at + 1);
    const auto here = w.render();
    const auto here_mark = w.mark();
    w.key(kKeyRight);
    w.key(kKeyLeft);
    EXPECT_EQ(w.position(), at + 1);
    EXPECT_EQ(w.render(), here) << algo;  // the walls as they were
    // The cursor too, where the maker names its cell (kruskal's is the last change seen).
    if (algo != "kruskal") {
      EXPECT_EQ(w.mark(), here_mark) << algo;
    }
    w.key(kKeyHome);
    EXPECT_EQ(w.position(), 0u);
    w.key(kKeyEnd);
    EXPECT_TRUE(w.done());
    EXPECT_TRUE(same_maze(w.replay().maze(), (*first)->maze()));
    EXPECT_FALSE(w.over());  // paused at the end: it waits
    w.key(kKeyLeft);
    EXPECT_FALSE(w.done());
    EXPECT_EQ(w.position(), w.length() - 1);
    w.key(' ');  // going on: to the end, and over
    w.tick(1000);
    EXPECT_TRUE(w.done());
    EXPECT_TRUE(w.over());
    EXPECT_FALSE(w.leaving());
  }
}

}  // namespace
}  // namespace amazing::tui
