// End to end: `amazing --machine c64` on a real terminal (a detached tmux session), as a
// user sees it: the Commodore 64's banner in light blue on blue, the listing's question,
// a bad answer answered as the C64 does, 5,4 typed, the maze the C64 prints, a step
// walked, q. The tmux helpers are those of tmux_e2e_test.cpp (each e2e program is built
// and run on its own).
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "core/amazing_walk.hpp"
#include "core/c64_rnd.hpp"
#include "core/ram.hpp"
#include "core/render.hpp"
#include "core/solve.hpp"
#include "support/files.hpp"
#include "support/run.hpp"
#include "support/tmux.hpp"

namespace {

using namespace std::chrono_literals;

using amazing::test::TmuxSession;
using amazing::test::words;

using amazing::test::amazing_on;
using amazing::test::run_amazing_merged;  // without a terminal, 2>&1

#define REQUIRE_TMUX() AMAZING_REQUIRE_TMUX()

TEST(C64E2E, BootsTypesFiveFourWalksAStepAndQuits) {
  REQUIRE_TMUX();
  // The maze a C64 prints for 5,4 from power-on (the native walk on its RND).
  amazing::core::Ram ram(38911);
  amazing::core::C64Rnd rnd;
  auto run5x4 = amazing::core::run_amazing(ram, 5, 4, amazing::core::Variant::kBook, rnd);
  ASSERT_TRUE(run5x4.ok());
  const std::string picture = amazing::core::render_text(run5x4->maze);
  auto way = amazing::core::solve(run5x4->maze);
  ASSERT_GE(way.path.size(), 2u);
  const auto a = way.path[0], b = way.path[1];
  const std::string first_step = b.row > a.row   ? "j"
                                 : b.row < a.row ? "k"
                                 : b.col > a.col ? "l"
                                                 : "h";

  TmuxSession t = amazing_on("--machine c64", 80, 30);
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(t.wait_for("WHAT ARE YOUR WIDTH AND LENGTH?")) << t.last();
  const std::string boot = t.last();
  for (const char* line : {"COMMODORE 64", "    **** COMMODORE 64 BASIC V2 ****",
                           " 64K RAM SYSTEM  38911 BASIC BYTES FREE", "READY.", "RUN"})
    EXPECT_NE(boot.find(line), std::string::npos) << "missing '" << line << "' in\n" << boot;
  // TAB(28) then 15 characters runs past column 39: the C64 continues on the next row.
  EXPECT_NE(boot.find("AMAZING PROG"), std::string::npos) << boot;
  EXPECT_EQ(boot.find("AMAZING PROGRAM"), std::string::npos) << boot;
  // Light blue (bright blue on a 256-colour terminal) on blue.
  const std::string colours = t.capture(true);
  EXPECT_NE(colours.find("\x1b[44m"), std::string::npos) << "no blue background";
  EXPECT_NE(colours.find("\x1b[94m"), std::string::npos) << "no light blue text";

  // A bad answer, as the C64 answers it; then 5,4, typed in lower case shows as capitals.
  t.type("x,2");
  t.keys("Enter");
  ASSERT_TRUE(t.wait_for("?REDO FROM START")) << t.last();
  EXPECT_NE(t.last().find("LENGTH? X,2"), std::string::npos) << t.last();
  t.type("5,4");
  t.keys("Enter");
  ASSERT_TRUE(t.wait_for("PRESS A KEY TO WALK THE MAZE")) << t.last();
  const std::string printed = t.last();
  for (const std::string& line : amazing::test::lines_of(picture))
    EXPECT_NE(printed.find(line), std::string::npos) << "missing maze line '" << line << "' in\n"
                                                     << printed;
  EXPECT_NE(printed.find("READY."), std::string::npos) << printed;

  t.keys("Enter");
  ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
  // The walk goes on light blue on blue, as the C64 booted; the status line names the
  // maze as the C64 made it (no --seed: the power-on state, NO SEED).
  const std::string walking = t.capture(true);
  EXPECT_NE(walking.find("\x1b[44m"), std::string::npos) << "no blue background while walking";
  EXPECT_NE(walking.find("\x1b[94m"), std::string::npos) << "no light blue text while walking";
  EXPECT_NE(t.last().find("NO SEED"), std::string::npos) << t.last();
  t.type(first_step);
  ASSERT_TRUE(t.wait_for("MOVES 1")) << t.last();
  // r replays the dialogue's maze on the C64's RND (it was refused before).
  t.keys("r");
  ASSERT_TRUE(t.wait_for("MAKING 5X4 BOOK")) << t.last();
  EXPECT_EQ(t.last().find("CANNOT BE REPLAYED"), std::string::npos) << t.last();
  t.keys("x");
  ASSERT_TRUE(t.wait_for("MOVES 1")) << t.last();
  t.keys("q");
  ASSERT_TRUE(t.wait_for("EXIT=0")) << t.last();
  EXPECT_NE(t.last().find("TTY-RESTORED"), std::string::npos) << t.last();
  EXPECT_EQ(t.last().find("MOVES"), std::string::npos) << "the screen was not given back\n"
                                                       << t.last();
}

// --engine basic: the boot screen runs the listing itself on the built-in interpreter (at
// the C64's pace with --speed original); the maze it prints is the C64's, it is walked,
// and r replays it on the C64's RND.
TEST(C64E2E, TheListingRunsOnTheBootScreenAndItsMazeIsWalked) {
  REQUIRE_TMUX();
  amazing::core::Ram ram(38911);
  amazing::core::C64Rnd rnd;
  auto run3x2 = amazing::core::run_amazing(ram, 3, 2, amazing::core::Variant::kBook, rnd);
  ASSERT_TRUE(run3x2.ok());
  const std::string picture = amazing::core::render_text(run3x2->maze);
  for (const char* speed : {"warp", "original"}) {
    TmuxSession t =
        amazing_on(std::string("--machine c64 --engine basic --speed ") + speed, 80, 30);
    ASSERT_TRUE(t.ok());
    ASSERT_TRUE(t.wait_for("WHAT ARE YOUR WIDTH AND LENGTH?", 20s)) << t.last();
    t.type("3,2");
    t.keys("Enter");
    ASSERT_TRUE(t.wait_for("PRESS A KEY TO WALK THE MAZE", 60s)) << t.last();
    const std::string printed = t.last();
    for (const std::string& line : amazing::test::lines_of(picture))
      EXPECT_NE(printed.find(line), std::string::npos)
          << speed << ": missing maze line '" << line << "' in\n"
          << printed;
    EXPECT_NE(printed.find("READY."), std::string::npos) << printed;
    t.keys("Enter");
    ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
    EXPECT_NE(t.last().find("3X2 BOOK"), std::string::npos) << t.last();
    t.keys("r");
    ASSERT_TRUE(t.wait_for("MAKING 3X2 BOOK")) << t.last();
    t.keys("x");
    ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
    t.keys("q");
    ASSERT_TRUE(t.wait_for("EXIT=0")) << t.last();
    EXPECT_NE(t.last().find("TTY-RESTORED"), std::string::npos) << t.last();
  }
  // --speed original without the listing is refused by name, before any screen.
  auto refused = run_amazing_merged({"--machine", "c64", "--speed", "original"});
  EXPECT_EQ(refused.code, 2);
  EXPECT_NE(refused.out.find("--engine basic"), std::string::npos) << refused.out;
}

TEST(C64E2E, OptionsTheC64CannotHonourAreRefusedByName) {
  for (const char* opt :
       {"--algorithm wilson", "--ram 64K", "--seed 0", "--scripts /tmp --size 5x5"}) {
    amazing::test::Ran r = run_amazing_merged(words(std::string("play --machine c64 ") + opt));
    EXPECT_EQ(r.code, 2) << opt << ": " << r.out;
    std::string name = std::string(opt).substr(0, std::string(opt).find(' '));
    EXPECT_NE(r.out.find(name), std::string::npos) << opt << ": " << r.out;
  }
}

}  // namespace
