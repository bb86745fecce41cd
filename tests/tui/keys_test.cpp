// The play view's key map: arrows, hjkl and WASD move; s, ?, n, f, q do what the help says.
#include "tui/keys.hpp"

#include <gtest/gtest.h>

namespace amazing::tui {
namespace {

TEST(Keys, ArrowsMove) {
  EXPECT_EQ(play_action(kKeyUp), Action::kUp);
  EXPECT_EQ(play_action(kKeyDown), Action::kDown);
  EXPECT_EQ(play_action(kKeyLeft), Action::kLeft);
  EXPECT_EQ(play_action(kKeyRight), Action::kRight);
}

TEST(Keys, VimKeysMoveInEitherCase) {
  EXPECT_EQ(play_action('h'), Action::kLeft);
  EXPECT_EQ(play_action('j'), Action::kDown);
  EXPECT_EQ(play_action('k'), Action::kUp);
  EXPECT_EQ(play_action('l'), Action::kRight);
  EXPECT_EQ(play_action('H'), Action::kLeft);
  EXPECT_EQ(play_action('J'), Action::kDown);
  EXPECT_EQ(play_action('K'), Action::kUp);
  EXPECT_EQ(play_action('L'), Action::kRight);
}

TEST(Keys, WasdMovesAndLowerCaseSShowsTheSolution) {
  EXPECT_EQ(play_action('w'), Action::kUp);
  EXPECT_EQ(play_action('a'), Action::kLeft);
  EXPECT_EQ(play_action('d'), Action::kRight);
  EXPECT_EQ(play_action('W'), Action::kUp);
  EXPECT_EQ(play_action('A'), Action::kLeft);
  EXPECT_EQ(play_action('D'), Action::kRight);
  EXPECT_EQ(play_action('S'), Action::kDown);
  EXPECT_EQ(play_action('s'), Action::kToggleSolution);
}

TEST(Keys, Commands) {
  EXPECT_EQ(play_action('?'), Action::kHelp);
  EXPECT_EQ(play_action('n'), Action::kNewMaze);
  EXPECT_EQ(play_action('N'), Action::kNewMaze);
  EXPECT_EQ(play_action('f'), Action::kFixedExit);
  EXPECT_EQ(play_action('q'), Action::kQuit);
  EXPECT_EQ(play_action('Q'), Action::kQuit);
  EXPECT_EQ(play_action(kKeyCtrlC), Action::kQuit);
  EXPECT_EQ(play_action(27), Action::kClose);  // Esc closes a box, never quits
  EXPECT_EQ(play_action(kKeyEnter), Action::kConfirm);
  EXPECT_EQ(play_action(' '), Action::kConfirm);
}

TEST(Keys, OtherKeysMeanNothing) {
  for (int key :
       {int{'x'}, int{'z'}, int{'1'}, kKeyBackspace, kKeyResize, kKeyNone})
    EXPECT_EQ(play_action(key), Action::kNone) << key;
}

TEST(Keys, Names) {
  EXPECT_EQ(action_name(Action::kToggleSolution), "solution");
  EXPECT_EQ(action_name(Action::kQuit), "quit");
  EXPECT_EQ(action_name(Action::kClose), "close");
  EXPECT_EQ(action_name(Action::kConfirm), "confirm");
}

}  // namespace
}  // namespace amazing::tui
