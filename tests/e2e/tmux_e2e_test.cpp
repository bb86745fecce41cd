// End to end: the amazing binary on a real terminal (a detached tmux session), driven by
// send-keys and read back with capture-pane, the way a user sees it.
//
// Every session gets its own tmux server (-L with a unique socket name), so parallel
// runs never meet, and every wait is bounded. The command runs in a shell that records the
// terminal settings (stty -g) before and compares them after, printing TTY-RESTORED or
// TTY-CHANGED and EXIT=<status>, then stays open so the pane can still be read.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "core/amazing_walk.hpp"
#include "core/generators/generator.hpp"
#include "core/ram.hpp"
#include "core/render.hpp"
#include "core/rnd.hpp"
#include "core/solve.hpp"
#include "support/files.hpp"
#include "support/run.hpp"
#include "support/tmux.hpp"

namespace {

using namespace std::chrono_literals;
using amazing::core::Cell;

using amazing::test::TmuxSession;
using amazing::test::words;

using amazing::test::amazing_on;
using amazing::test::run_amazing_merged;  // without a terminal, 2>&1

#define REQUIRE_TMUX() AMAZING_REQUIRE_TMUX()

// The maze the program makes for this size, seed and revision, and its shortest way out
// as keys (h j k l, and a last j out through the exit).
struct Expected {
  std::string picture;
  std::string keys;
  std::size_t fewest = 0;
  bool clean = false;  // an exit that can be reached and no walled-off cells
};

Expected expect(int w, int h, std::optional<int16_t> seed, amazing::core::Variant v) {
  amazing::core::Ram ram;
  amazing::core::GwRnd rnd;
  if (seed) rnd.randomize(*seed);
  auto maze = amazing::core::generate_amazing(ram, w, h, v, rnd);
  Expected e;
  e.picture = amazing::core::render_text(*maze);
  auto sol = amazing::core::solve(*maze);
  e.clean = sol.solvable() && sol.unreachable == 0;
  e.fewest = sol.fewest_moves();
  for (std::size_t i = 1; i < sol.path.size(); ++i) {
    Cell a = sol.path[i - 1], b = sol.path[i];
    e.keys += b.row > a.row ? 'j' : b.row < a.row ? 'k' : b.col > a.col ? 'l' : 'h';
  }
  if (sol.solvable()) e.keys += 'j';
  return e;
}

TEST(E2E, BootScreenTypeASizeSeeTheMazeAndWalkOut) {
  REQUIRE_TMUX();
  // The first size whose power-on book maze is a clean one (the boot screen uses book).
  int w = 0, h = 0;
  Expected e;
  for (auto [cw, ch] :
       std::vector<std::pair<int, int>>{{10, 8}, {9, 7}, {11, 6}, {8, 8}, {12, 9}, {7, 5}}) {
    e = expect(cw, ch, std::nullopt, amazing::core::Variant::kBook);
    if (e.clean) {
      w = cw, h = ch;
      break;
    }
  }
  ASSERT_GT(w, 0) << "no clean power-on book maze among the sizes tried";

  TmuxSession t = amazing_on("", 80, 30);
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(t.wait_for("WHAT ARE YOUR WIDTH AND LENGTH?")) << t.last();
  EXPECT_NE(t.last().find("AMAZING PROGRAM"), std::string::npos) << t.last();
  EXPECT_NE(t.last().find("CREATIVE COMPUTING"), std::string::npos) << t.last();
  // A typo rubbed out with backspace.
  t.type(std::to_string(w) + "," + std::to_string(h) + "9");
  ASSERT_TRUE(t.wait_for(std::to_string(w) + "," + std::to_string(h) + "9")) << t.last();
  t.keys("BSpace");
  t.keys("Enter");
  ASSERT_TRUE(t.wait_for("PRESS A KEY TO WALK THE MAZE")) << t.last();
  std::string screen = t.last();
  EXPECT_NE(screen.find("LENGTH? " + std::to_string(w) + "," + std::to_string(h) + " "),
            std::string::npos)
      << screen;
  // Every line of the maze as `amazing gen` prints it is on the screen (inside the frame).
  for (const std::string& line : amazing::test::lines_of(e.picture))
    EXPECT_NE(screen.find(line), std::string::npos) << "missing maze line '" << line << "' in\n"
                                                    << screen;
  t.keys("Enter");
  ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
  t.type(e.keys);
  ASSERT_TRUE(t.wait_for("ESCAPED")) << t.last();
  EXPECT_NE(t.last().find("MOVES MADE:      " + std::to_string(e.fewest)), std::string::npos);
  EXPECT_NE(t.last().find("FEWEST POSSIBLE: " + std::to_string(e.fewest)), std::string::npos);
  t.keys("q");
  ASSERT_TRUE(t.wait_for("EXIT=0")) << t.last();
  EXPECT_NE(t.last().find("TTY-RESTORED"), std::string::npos) << t.last();
  EXPECT_EQ(t.last().find("MOVES"), std::string::npos) << "the screen was not given back\n"
                                                       << t.last();
}

TEST(E2E, PlayWithSizeSeedAndVariantWalksToTheExit) {
  REQUIRE_TMUX();
  Expected e = expect(25, 20, 42, amazing::core::Variant::kFixedExit);  // larger than the screen
  ASSERT_TRUE(e.clean);
  TmuxSession t = amazing_on("play --size 25x20 --seed 42 --variant fixed-exit", 80, 30);
  ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
  EXPECT_NE(t.last().find("25X20 FIXED-EXIT"), std::string::npos) << t.last();
  EXPECT_NE(t.last().find("<>"), std::string::npos) << t.last();
  // s shows the way out.
  t.keys("s");
  ASSERT_TRUE(t.wait_for("**")) << t.last();
  t.keys("s");
  t.type(e.keys);
  ASSERT_TRUE(t.wait_for("ESCAPED", 20s)) << t.last();
  EXPECT_NE(t.last().find("MOVES MADE:      " + std::to_string(e.fewest)), std::string::npos)
      << t.last();
  EXPECT_NE(t.last().find("A PERFECT RUN!"), std::string::npos) << t.last();
  t.keys("q");
  ASSERT_TRUE(t.wait_for("EXIT=0")) << t.last();
  EXPECT_NE(t.last().find("TTY-RESTORED"), std::string::npos) << t.last();
  // The finish's record went to the session's own data folder, not the user's home.
  EXPECT_NE(amazing::test::slurp(t.data_folder() / "amazing" / "records")
                .find("pc fixed-exit 25x20 seed 42"),
            std::string::npos);
}

// Esc closes the help box and the game goes on; q quits at once, asking nothing.
TEST(E2E, EscapeInTheHelpKeepsPlayingAndQQuitsAtOnce) {
  REQUIRE_TMUX();
  TmuxSession t = amazing_on("play --size 10x8 --seed 3 --variant fixed-exit", 80, 30);
  ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
  t.type("?");
  ASSERT_TRUE(t.wait_for("ESC OR ANY KEY CLOSES THIS")) << t.last();
  t.keys("Escape");
  // The box goes; the game is still there.
  std::string screen = t.capture();
  for (int i = 0; i < 200 && screen.find("CLOSES THIS") != std::string::npos; ++i) {
    std::this_thread::sleep_for(50ms);
    screen = t.capture();
  }
  EXPECT_EQ(screen.find("CLOSES THIS"), std::string::npos) << screen;
  EXPECT_NE(screen.find("MOVES 0"), std::string::npos) << screen;
  t.keys("Escape");  // with no box open: nothing
  std::this_thread::sleep_for(300ms);
  ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
  EXPECT_EQ(t.last().find("EXIT="), std::string::npos) << t.last();
  t.type("?");
  ASSERT_TRUE(t.wait_for("ESC OR ANY KEY CLOSES THIS")) << t.last();
  t.keys("q");
  ASSERT_TRUE(t.wait_for("EXIT=0")) << t.last();
  EXPECT_NE(t.last().find("TTY-RESTORED"), std::string::npos) << t.last();
}

// The status line shows SEED N; after an escape Enter makes the next maze, whose own
// seed on the status line makes it again with --seed.
TEST(E2E, TheSeedIsShownAndTheNextMazeHasOneOfItsOwn) {
  REQUIRE_TMUX();
  using amazing::core::Variant;
  Expected first = expect(10, 8, 3, Variant::kFixedExit);
  // The next maze's seed is drawn from where the generator stands after the first maze.
  amazing::core::Ram ram;
  amazing::core::GwRnd rnd;
  rnd.randomize(3);
  ASSERT_TRUE(amazing::core::generate_amazing(ram, 10, 8, Variant::kFixedExit, rnd).ok());
  const int next_seed = rnd.draw(65536) - 32769;
  Expected second = expect(10, 8, static_cast<int16_t>(next_seed), Variant::kFixedExit);
  ASSERT_NE(first.picture, second.picture);

  TmuxSession t = amazing_on("play --size 10x8 --seed 3 --variant fixed-exit", 80, 30);
  ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
  EXPECT_NE(t.last().find("SEED 3 "), std::string::npos) << t.last();
  t.type(first.keys);
  ASSERT_TRUE(t.wait_for("ENTER  THE NEXT MAZE")) << t.last();
  t.keys("Enter");
  ASSERT_TRUE(t.wait_for("SEED " + std::to_string(next_seed) + " ")) << t.last();
  // The maze on screen is the one --seed makes (the line with the player left out).
  std::vector<std::string> lines = amazing::test::lines_of(second.picture);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i == 1) continue;
    EXPECT_NE(t.last().find(lines[i]), std::string::npos)
        << "missing maze line '" << lines[i] << "' in\n" << t.last();
  }
  t.keys("q");
  ASSERT_TRUE(t.wait_for("EXIT=0")) << t.last();
}

TEST(E2E, AFlawedBookMazeIsExplainedAndFixedExitOffered) {
  REQUIRE_TMUX();
  int16_t seed = -1;
  for (int16_t s = 0; s < 500 && seed < 0; ++s)
    if (!expect(3, 3, s, amazing::core::Variant::kBook).clean) seed = s;
  ASSERT_GE(seed, 0);
  TmuxSession t = amazing_on("play --size 3x3 --seed " + std::to_string(seed), 80, 30);
  ASSERT_TRUE(t.wait_for("F  THIS SEED AS FIXED-EXIT")) << t.last();
  t.keys("f");
  ASSERT_TRUE(t.wait_for("3X3 FIXED-EXIT")) << t.last();
  Expected e = expect(3, 3, seed, amazing::core::Variant::kFixedExit);
  t.type(e.keys);
  ASSERT_TRUE(t.wait_for("ESCAPED")) << t.last();
  t.keys("q");
  ASSERT_TRUE(t.wait_for("EXIT=0")) << t.last();
}

// After the boot dialogue, f replays the seed of the maze on screen as fixed-exit.
TEST(E2E, BootWithSeedThenFixedExitReplaysTheSameSeed) {
  REQUIRE_TMUX();
  int16_t seed = -1;
  for (int16_t s = 1; s < 500 && seed < 0; ++s)
    if (!expect(4, 4, s, amazing::core::Variant::kBook).clean) seed = s;
  ASSERT_GE(seed, 0);
  TmuxSession t = amazing_on("--seed " + std::to_string(seed), 80, 30);
  ASSERT_TRUE(t.wait_for("WHAT ARE YOUR WIDTH AND LENGTH?")) << t.last();
  t.type("4,4");
  t.keys("Enter");
  ASSERT_TRUE(t.wait_for("PRESS A KEY TO WALK THE MAZE")) << t.last();
  // The maze printed is the book maze of that seed.
  for (const std::string& line :
       amazing::test::lines_of(expect(4, 4, seed, amazing::core::Variant::kBook).picture))
    EXPECT_NE(t.last().find(line), std::string::npos) << line << "\n" << t.last();
  t.keys("Space");
  ASSERT_TRUE(t.wait_for("F  THIS SEED AS FIXED-EXIT")) << t.last();
  t.keys("f");
  ASSERT_TRUE(t.wait_for("4X4 FIXED-EXIT")) << t.last();
  Expected e = expect(4, 4, seed, amazing::core::Variant::kFixedExit);
  std::vector<std::string> lines = amazing::test::lines_of(e.picture);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i == 1) continue;  // the player stands in this line
    EXPECT_NE(t.last().find(lines[i]), std::string::npos) << lines[i] << "\n" << t.last();
  }
  t.type(e.keys);
  ASSERT_TRUE(t.wait_for("ESCAPED")) << t.last();
  t.keys("q");
  ASSERT_TRUE(t.wait_for("EXIT=0")) << t.last();
}

TEST(E2E, TooSmallTerminalSaysWhatItNeedsAndRecovers) {
  REQUIRE_TMUX();
  TmuxSession t = amazing_on("play --size 10x10 --variant fixed-exit", 30, 20);
  ASSERT_TRUE(t.wait_for("NEED 42x27")) << t.last();
  EXPECT_NE(t.last().find("HAVE 30x20"), std::string::npos) << t.last();
  t.resize(80, 30);
  ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
  EXPECT_EQ(t.last().find("NEED 42x27"), std::string::npos) << t.last();
  t.resize(41, 27);
  ASSERT_TRUE(t.wait_for("HAVE 41x27")) << t.last();
  t.resize(42, 27);
  ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
  t.keys("q");
  ASSERT_TRUE(t.wait_for("EXIT=0")) << t.last();
  EXPECT_NE(t.last().find("TTY-RESTORED"), std::string::npos) << t.last();
}

TEST(E2E, CtrlCRestoresTheTerminal) {
  REQUIRE_TMUX();
  for (std::string cmd : {"play --size 8x8", ""}) {
    TmuxSession t = amazing_on(cmd, 80, 30);
    ASSERT_TRUE(t.wait_for("AMAZING")) << t.last();
    t.keys("C-c");
    ASSERT_TRUE(t.wait_for("EXIT=130")) << t.last();  // died of SIGINT, as it should
    EXPECT_NE(t.last().find("TTY-RESTORED"), std::string::npos) << t.last();
  }
}

TEST(E2E, WorksWithTheCommonTerminalTypes) {
  REQUIRE_TMUX();
  for (std::string term : {"xterm", "xterm-256color", "screen", "linux", "vt100"}) {
    TmuxSession t = amazing_on("play --size 6x6 --variant fixed-exit", 80, 30, term);
    ASSERT_TRUE(t.wait_for("MOVES 0")) << term << "\n" << t.last();
    // The player: waited for too, since a loaded machine may show the status line first.
    EXPECT_TRUE(t.wait_for("<>")) << term << "\n" << t.last();
    t.keys("Down");  // arrow keys as this terminal type sends them
    t.keys("q");
    ASSERT_TRUE(t.wait_for("EXIT=0")) << term << "\n" << t.last();
    EXPECT_NE(t.last().find("TTY-RESTORED"), std::string::npos) << term << "\n" << t.last();
  }
}

TEST(E2E, TerminalsWithoutLineDrawingGetAnAsciiFrame) {
  REQUIRE_TMUX();
  TmuxSession t = amazing_on("play --size 6x6 --variant fixed-exit", 80, 30, "sun");  // no acsc
  ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
  EXPECT_NE(t.last().find("+--------------- AMAZING ----------------+"), std::string::npos)
      << t.last();
  t.keys("q");
  ASSERT_TRUE(t.wait_for("EXIT=0")) << t.last();
  EXPECT_NE(t.last().find("TTY-RESTORED"), std::string::npos) << t.last();
}

// A script that fails: the error comes after the terminal is given back, with its
// file:line, and the exit status says a script failed.
TEST(E2E, AFailingScriptRestoresTheTerminalAndSaysWhy) {
  REQUIRE_TMUX();
  const amazing::test::TempDir dir("amazing-e2e");
  const std::string script =
      amazing::test::write_file(dir / "broken.lua", "local x = 1\nerror(\"the maze fell over\")\n");
  for (std::string args : {"play --size 5x5 --script", "play --script"}) {
    std::vector<std::string> argv = {amazing::test::amazing_binary()};
    for (const auto& w : words(args)) argv.push_back(w);
    argv.push_back(script);
    TmuxSession t(argv);
    if (args == "play --script") {  // the boot screen shows the error until a key
      ASSERT_TRUE(t.wait_for("PRESS A KEY")) << t.last();
      EXPECT_NE(t.last().find("broken.lua:2:"), std::string::npos) << t.last();
      t.keys("x");
    }
    ASSERT_TRUE(t.wait_for("EXIT=")) << t.last();
    EXPECT_NE(t.last().find("EXIT=70"), std::string::npos) << t.last();
    EXPECT_NE(t.last().find("broken.lua:2:"), std::string::npos) << t.last();
    EXPECT_NE(t.last().find("the maze fell over"), std::string::npos) << t.last();
    EXPECT_NE(t.last().find("TTY-RESTORED"), std::string::npos) << t.last();
  }
}

TEST(E2E, AMazeTooBigForTheRamIsShownOnTheScreenThenExits3) {
  REQUIRE_TMUX();
  // --ram 48K: the machine's own RAM bounds the maze store (without --ram, GW-BASIC's
  // memory stops 400,400 at line 110 and the machine asks again).
  TmuxSession t = amazing_on("--ram 48K", 80, 30);
  ASSERT_TRUE(t.wait_for("WHAT ARE YOUR WIDTH AND LENGTH?")) << t.last();
  t.type("400,400");
  t.keys("Enter");
  ASSERT_TRUE(t.wait_for("PRESS A KEY")) << t.last();
  EXPECT_NE(t.last().find("?OUT OF MEMORY ERROR"), std::string::npos) << t.last();
  t.keys("x");
  ASSERT_TRUE(t.wait_for("EXIT=3")) << t.last();
  EXPECT_NE(t.last().find("--ram"), std::string::npos) << t.last();
  EXPECT_NE(t.last().find("TTY-RESTORED"), std::string::npos) << t.last();
}

TEST(E2E, ArrowKeysMove) {
  REQUIRE_TMUX();
  Expected e = expect(6, 6, 3, amazing::core::Variant::kFixedExit);
  std::string arrows;
  for (char c : e.keys)
    arrows += c == 'j' ? " Down" : c == 'k' ? " Up" : c == 'h' ? " Left" : " Right";
  TmuxSession t = amazing_on("play --size 6x6 --seed 3 --variant fixed-exit", 80, 30);
  ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
  t.keys(arrows);
  ASSERT_TRUE(t.wait_for("ESCAPED")) << t.last();
  t.keys("q");
  ASSERT_TRUE(t.wait_for("EXIT=0")) << t.last();
}

TEST(E2E, NoColorMeansNoColour) {
  REQUIRE_TMUX();
  auto has_colour = [](const std::string& s) {
    // SGR colour parameters: 3x/4x foreground/background or 38;5 / 48;5.
    for (std::size_t i = s.find("\x1b["); i != std::string::npos; i = s.find("\x1b[", i + 1)) {
      std::size_t m = s.find('m', i);
      if (m == std::string::npos) break;
      std::string params = ";";
      params += s.substr(i + 2, m - i - 2);
      params += ';';
      for (const char* c : {";36;", ";33;", ";32;", ";38;"})
        if (params.find(c) != std::string::npos) return true;
    }
    return false;
  };
  {
    TmuxSession t = amazing_on("play --size 6x6", 80, 30);
    ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
    EXPECT_TRUE(has_colour(t.capture(true))) << "expected colour without NO_COLOR";
    t.keys("q");
  }
  {
    TmuxSession t = amazing_on("play --size 6x6", 80, 30, "xterm-256color", {"NO_COLOR=1"});
    ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
    EXPECT_FALSE(has_colour(t.capture(true))) << t.capture(true);
    t.keys("q");
  }
}

TEST(E2E, RetroBaudRateStillGetsThere) {
  REQUIRE_TMUX();
  TmuxSession t = amazing_on("play --baud 9600", 80, 30);
  ASSERT_TRUE(t.wait_for("WHAT ARE YOUR WIDTH AND LENGTH?")) << t.last();
  t.type("6,5");
  t.keys("Enter");
  ASSERT_TRUE(t.wait_for("PRESS A KEY TO WALK THE MAZE", 20s)) << t.last();
  t.keys("q");
  ASSERT_TRUE(t.wait_for("EXIT=0")) << t.last();
}

// Without a terminal, no curses: the plain dialogue, or a clear message for play.
TEST(E2E, WithoutATerminalTheDialogueIsPlain) {
  Expected e = expect(10, 8, std::nullopt, amazing::core::Variant::kBook);
  amazing::test::Ran r = run_amazing_merged({}, "10,8\n");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("WHAT ARE YOUR WIDTH AND LENGTH? 10,8\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(e.picture), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\x1b"), std::string::npos) << "escape sequences in plain output";

  amazing::test::Ran p = run_amazing_merged(words("play --size 5x5"));
  EXPECT_EQ(p.code, 2);
  EXPECT_NE(p.out.find("needs a terminal"), std::string::npos) << p.out;
}

TEST(E2E, PlayHelpAndBadOptions) {
  amazing::test::Ran h = run_amazing_merged(words("play --help"));
  EXPECT_EQ(h.code, 0);
  EXPECT_NE(h.out.find("usage: amazing play"), std::string::npos);
  EXPECT_NE(h.out.find("--baud"), std::string::npos);
  amazing::test::Ran b = run_amazing_merged(words("play --size 1x5"));
  EXPECT_EQ(b.code, 2);
  amazing::test::Ran z = run_amazing_merged(words("play --baud fast"));
  EXPECT_EQ(z.code, 2);
  EXPECT_NE(z.out.find("--baud"), std::string::npos) << z.out;
}

// The maze generator `algo` makes from `rnd` (which runs on, as play's n does), and its
// shortest way out as keys.
Expected expect_generated(const std::string& algo, int w, int h, amazing::core::GwRnd& rnd) {
  amazing::core::Ram ram(amazing::core::kUnlimited);
  auto maze = amazing::core::Maze::create(ram, w, h);
  {
    auto gen = amazing::core::make_generator(algo, *maze, rnd, {});
    (*gen)->run();
  }
  Expected e;
  e.picture = amazing::core::render_text(*maze);
  auto sol = amazing::core::solve(*maze);
  e.clean = sol.solvable() && sol.unreachable == 0;
  e.fewest = sol.fewest_moves();
  for (std::size_t i = 1; i < sol.path.size(); ++i) {
    Cell a = sol.path[i - 1], b = sol.path[i];
    e.keys += b.row > a.row ? 'j' : b.row < a.row ? 'k' : b.col > a.col ? 'l' : 'h';
  }
  if (sol.solvable()) e.keys += 'j';
  return e;
}

TEST(E2E, PlayAnotherAlgorithmWalksOutAndNKeepsTheAlgorithm) {
  REQUIRE_TMUX();
  amazing::core::GwRnd rnd;
  rnd.randomize(42);
  Expected first = expect_generated("wilson", 25, 20, rnd);
  // n: a seed of its own, drawn from where the RND stands after the first maze.
  amazing::core::GwRnd next;
  next.randomize(static_cast<int16_t>(rnd.draw(65536) - 32769));
  Expected second = expect_generated("wilson", 25, 20, next);
  ASSERT_TRUE(first.clean && second.clean);
  TmuxSession t = amazing_on("play --size 25x20 --seed 42 --algorithm wilson", 80, 30);
  ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
  EXPECT_NE(t.last().find("25X20 WILSON"), std::string::npos) << t.last();
  EXPECT_EQ(t.last().find("NO EXIT"), std::string::npos) << t.last();
  t.type(first.keys);
  ASSERT_TRUE(t.wait_for("ESCAPED", 20s)) << t.last();
  EXPECT_NE(t.last().find("MOVES MADE:      " + std::to_string(first.fewest)), std::string::npos)
      << t.last();
  t.keys("n");
  ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
  EXPECT_NE(t.last().find("25X20 WILSON"), std::string::npos) << t.last();
  t.type(second.keys);
  ASSERT_TRUE(t.wait_for("ESCAPED", 20s)) << t.last();
  EXPECT_NE(t.last().find("FEWEST POSSIBLE: " + std::to_string(second.fewest)),
            std::string::npos)
      << t.last();
  t.keys("q");
  ASSERT_TRUE(t.wait_for("EXIT=0")) << t.last();
  EXPECT_NE(t.last().find("TTY-RESTORED"), std::string::npos) << t.last();
}

TEST(E2E, BootScreenWithAnAlgorithmAsksTheSizeAndPrintsThatMaze) {
  REQUIRE_TMUX();
  amazing::core::GwRnd rnd;  // power-on state: the boot screen draws from it
  Expected e = expect_generated("backtracker", 9, 7, rnd);
  ASSERT_TRUE(e.clean);
  TmuxSession t = amazing_on("play --algorithm backtracker", 80, 30);
  ASSERT_TRUE(t.wait_for("WHAT ARE YOUR WIDTH AND LENGTH?")) << t.last();
  t.type("9,7");
  t.keys("Enter");
  ASSERT_TRUE(t.wait_for("PRESS A KEY TO WALK THE MAZE")) << t.last();
  std::string screen = t.last();
  for (const std::string& line : amazing::test::lines_of(e.picture))
    EXPECT_NE(screen.find(line), std::string::npos) << "missing maze line '" << line << "' in\n"
                                                    << screen;
  t.keys("Enter");
  ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
  EXPECT_NE(t.last().find("9X7 BACKTRACKER"), std::string::npos) << t.last();
  t.type(e.keys);
  ASSERT_TRUE(t.wait_for("ESCAPED")) << t.last();
  t.keys("q");
  ASSERT_TRUE(t.wait_for("EXIT=0")) << t.last();
  EXPECT_NE(t.last().find("TTY-RESTORED"), std::string::npos) << t.last();
}

TEST(E2E, PlayAlgorithmHelpAndUnknownName) {
  amazing::test::Ran h = run_amazing_merged(words("play --help"));
  EXPECT_NE(h.out.find("--algorithm NAME"), std::string::npos) << h.out;
  amazing::test::Ran b = run_amazing_merged(words("play --size 5x5 --algorithm nope"));
  EXPECT_EQ(b.code, 2);
  EXPECT_NE(b.out.find("choose one of"), std::string::npos) << b.out;
}

}  // namespace
