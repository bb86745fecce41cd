// End to end: the amazing binary on a real terminal (a detached tmux session), driven by
// send-keys and read back with capture-pane, the way a user sees it.
//
// Every session gets its own tmux server (-L with a unique socket name), so parallel
// runs never meet, and every wait is bounded. The command runs in a shell that records the
// terminal settings (stty -g) before and compares them after, printing TTY-RESTORED or
// TTY-CHANGED and EXIT=<status>, then stays open so the pane can still be read.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
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
#include "settle.hpp"

namespace {

using namespace std::chrono_literals;
using amazing::core::Cell;

struct Shell {
  int status = -1;
  std::string out;
};

Shell run(const std::string& command) {
  Shell r;
  FILE* p = popen((command + " 2>&1").c_str(), "r");
  if (!p) return r;
  char buf[4096];
  std::size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  int st = pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

std::string quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  return out + "'";
}

bool have_tmux() {
  return run("tmux -V").status == 0;
}

class Tmux {
 public:
  // Starts `command` (run by sh) in a cols x rows terminal of type `term`.
  Tmux(const std::string& command, int cols, int rows, const std::string& term = "xterm-256color",
       const std::string& env = "") {
    static int counter = 0;
    socket_ = "amazing-e2e-" + std::to_string(getpid()) + "-" + std::to_string(++counter);
    // The shell traps SIGINT (so it outlives a Ctrl-C and reports), which resets it to
    // the default action in the program it starts.
    std::string inner = "trap : INT; s=$(stty -g); env TERM=" + term + " LANG=C.UTF-8 " + env +
                        " " + command + "; st=$?; if [ \"$(stty -g)\" = \"$s\" ]; then echo " +
                        "TTY-RESTORED; else echo TTY-CHANGED; fi; echo EXIT=$st; sleep 600";
    Shell r = run("LANG=C.UTF-8 tmux -u -L " + socket_ + " -f /dev/null new-session -d -x " +
                  std::to_string(cols) + " -y " + std::to_string(rows) + " " + quote(inner));
    ok_ = r.status == 0;
    if (!ok_) ADD_FAILURE() << "tmux new-session failed: " << r.out;
  }
  ~Tmux() {
    run("tmux -L " + socket_ + " kill-server");
    // tmux may leave the socket file behind; -L names live in $TMUX_TMPDIR/tmux-UID.
    const char* tmp = std::getenv("TMUX_TMPDIR");
    std::string dir = std::string(tmp && *tmp ? tmp : "/tmp") + "/tmux-" + std::to_string(getuid());
    ::unlink((dir + "/" + socket_).c_str());
  }

  std::string capture(bool escapes = false) const {
    return run("tmux -L " + socket_ + " capture-pane -p" + (escapes ? " -e" : "")).out;
  }
  // Keys by tmux name (Enter, BSpace, C-c, Down) or literal text with literal = true.
  void keys(const std::string& keys, bool literal = false) const {
    run("tmux -L " + socket_ + " send-keys " + (literal ? "-l " + quote(keys) : keys));
  }
  void resize(int cols, int rows) const {
    run("tmux -L " + socket_ + " resize-window -x " + std::to_string(cols) + " -y " +
        std::to_string(rows));
  }
  // Polls the pane until it shows `text` (at most `limit`); the last capture is kept.
  bool wait_for(const std::string& text, std::chrono::milliseconds limit = 10s) {
    auto end = std::chrono::steady_clock::now() + limit;
    for (;;) {
      last_ = capture();
      if (last_.find(text) != std::string::npos) {
        amazing::e2e::settle([this] { return capture(); }, last_, text);
        return true;
      }
      if (std::chrono::steady_clock::now() > end) return false;
      std::this_thread::sleep_for(50ms);
    }
  }
  const std::string& last() const { return last_; }
  bool ok() const { return ok_; }

 private:
  std::string socket_;
  std::string last_;
  bool ok_ = false;
};

#define REQUIRE_TMUX()                                                   \
  do {                                                                   \
    if (!have_tmux())                                                    \
      GTEST_SKIP() << "tmux is not installed: end-to-end tests skipped " \
                      "(apt-get install tmux)";                          \
  } while (0)

const std::string kBin = AMAZING_BINARY;

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

std::vector<std::string> split_lines(const std::string& s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t nl; (nl = s.find('\n', start)) != std::string::npos; start = nl + 1)
    out.push_back(s.substr(start, nl - start));
  if (start < s.size()) out.push_back(s.substr(start));
  return out;
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

  Tmux t(kBin, 80, 30);
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(t.wait_for("WHAT ARE YOUR WIDTH AND LENGTH?")) << t.last();
  EXPECT_NE(t.last().find("AMAZING PROGRAM"), std::string::npos) << t.last();
  EXPECT_NE(t.last().find("CREATIVE COMPUTING"), std::string::npos) << t.last();
  // A typo rubbed out with backspace.
  t.keys(std::to_string(w) + "," + std::to_string(h) + "9", true);
  ASSERT_TRUE(t.wait_for(std::to_string(w) + "," + std::to_string(h) + "9")) << t.last();
  t.keys("BSpace");
  t.keys("Enter");
  ASSERT_TRUE(t.wait_for("PRESS A KEY TO WALK THE MAZE")) << t.last();
  std::string screen = t.last();
  EXPECT_NE(screen.find("LENGTH? " + std::to_string(w) + "," + std::to_string(h) + " "),
            std::string::npos)
      << screen;
  // Every line of the maze as `amazing gen` prints it is on the screen (inside the frame).
  for (const std::string& line : split_lines(e.picture))
    EXPECT_NE(screen.find(line), std::string::npos) << "missing maze line '" << line << "' in\n"
                                                    << screen;
  t.keys("Enter");
  ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
  t.keys(e.keys, true);
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
  Tmux t(kBin + " play --size 25x20 --seed 42 --variant fixed-exit", 80, 30);
  ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
  EXPECT_NE(t.last().find("25X20 FIXED-EXIT"), std::string::npos) << t.last();
  EXPECT_NE(t.last().find("<>"), std::string::npos) << t.last();
  // s shows the way out.
  t.keys("s");
  ASSERT_TRUE(t.wait_for("**")) << t.last();
  t.keys("s");
  t.keys(e.keys, true);
  ASSERT_TRUE(t.wait_for("ESCAPED", 20s)) << t.last();
  EXPECT_NE(t.last().find("MOVES MADE:      " + std::to_string(e.fewest)), std::string::npos)
      << t.last();
  EXPECT_NE(t.last().find("A PERFECT RUN!"), std::string::npos) << t.last();
  t.keys("q");
  ASSERT_TRUE(t.wait_for("EXIT=0")) << t.last();
  EXPECT_NE(t.last().find("TTY-RESTORED"), std::string::npos) << t.last();
}

// Esc closes the help box and the game goes on; q quits at once, asking nothing.
TEST(E2E, EscapeInTheHelpKeepsPlayingAndQQuitsAtOnce) {
  REQUIRE_TMUX();
  Tmux t(kBin + " play --size 10x8 --seed 3 --variant fixed-exit", 80, 30);
  ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
  t.keys("?", true);
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
  t.keys("?", true);
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

  Tmux t(kBin + " play --size 10x8 --seed 3 --variant fixed-exit", 80, 30);
  ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
  EXPECT_NE(t.last().find("SEED 3 "), std::string::npos) << t.last();
  t.keys(first.keys, true);
  ASSERT_TRUE(t.wait_for("ENTER  THE NEXT MAZE")) << t.last();
  t.keys("Enter");
  ASSERT_TRUE(t.wait_for("SEED " + std::to_string(next_seed) + " ")) << t.last();
  // The maze on screen is the one --seed makes (the line with the player left out).
  std::vector<std::string> lines = split_lines(second.picture);
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
  Tmux t(kBin + " play --size 3x3 --seed " + std::to_string(seed), 80, 30);
  ASSERT_TRUE(t.wait_for("F  THIS SEED AS FIXED-EXIT")) << t.last();
  t.keys("f");
  ASSERT_TRUE(t.wait_for("3X3 FIXED-EXIT")) << t.last();
  Expected e = expect(3, 3, seed, amazing::core::Variant::kFixedExit);
  t.keys(e.keys, true);
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
  Tmux t(kBin + " --seed " + std::to_string(seed), 80, 30);
  ASSERT_TRUE(t.wait_for("WHAT ARE YOUR WIDTH AND LENGTH?")) << t.last();
  t.keys("4,4", true);
  t.keys("Enter");
  ASSERT_TRUE(t.wait_for("PRESS A KEY TO WALK THE MAZE")) << t.last();
  // The maze printed is the book maze of that seed.
  for (const std::string& line :
       split_lines(expect(4, 4, seed, amazing::core::Variant::kBook).picture))
    EXPECT_NE(t.last().find(line), std::string::npos) << line << "\n" << t.last();
  t.keys("Space");
  ASSERT_TRUE(t.wait_for("F  THIS SEED AS FIXED-EXIT")) << t.last();
  t.keys("f");
  ASSERT_TRUE(t.wait_for("4X4 FIXED-EXIT")) << t.last();
  Expected e = expect(4, 4, seed, amazing::core::Variant::kFixedExit);
  std::vector<std::string> lines = split_lines(e.picture);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i == 1) continue;  // the player stands in this line
    EXPECT_NE(t.last().find(lines[i]), std::string::npos) << lines[i] << "\n" << t.last();
  }
  t.keys(e.keys, true);
  ASSERT_TRUE(t.wait_for("ESCAPED")) << t.last();
  t.keys("q");
  ASSERT_TRUE(t.wait_for("EXIT=0")) << t.last();
}

TEST(E2E, TooSmallTerminalSaysWhatItNeedsAndRecovers) {
  REQUIRE_TMUX();
  Tmux t(kBin + " play --size 10x10 --variant fixed-exit", 30, 20);
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
  for (std::string cmd : {kBin + " play --size 8x8", kBin}) {
    Tmux t(cmd, 80, 30);
    ASSERT_TRUE(t.wait_for("AMAZING")) << t.last();
    t.keys("C-c");
    ASSERT_TRUE(t.wait_for("EXIT=130")) << t.last();  // died of SIGINT, as it should
    EXPECT_NE(t.last().find("TTY-RESTORED"), std::string::npos) << t.last();
  }
}

TEST(E2E, WorksWithTheCommonTerminalTypes) {
  REQUIRE_TMUX();
  for (std::string term : {"xterm", "xterm-256color", "screen", "linux", "vt100"}) {
    Tmux t(kBin + " play --size 6x6 --variant fixed-exit", 80, 30, term);
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
  Tmux t(kBin + " play --size 6x6 --variant fixed-exit", 80, 30, "sun");  // no acsc
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
  char dir[] = "/tmp/amazing-e2e-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  std::string script = std::string(dir) + "/broken.lua";
  FILE* f = std::fopen(script.c_str(), "w");
  ASSERT_NE(f, nullptr);
  std::fputs("local x = 1\nerror(\"the maze fell over\")\n", f);
  std::fclose(f);
  for (std::string args : {" play --size 5x5 --script ", " play --script "}) {
    Tmux t(kBin + args + script, 80, 30);
    if (args == " play --script ") {  // the boot screen shows the error until a key
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
  std::remove(script.c_str());
  rmdir(dir);
}

TEST(E2E, AMazeTooBigForTheRamIsShownOnTheScreenThenExits3) {
  REQUIRE_TMUX();
  Tmux t(kBin, 80, 30);
  ASSERT_TRUE(t.wait_for("WHAT ARE YOUR WIDTH AND LENGTH?")) << t.last();
  t.keys("400,400", true);
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
  Tmux t(kBin + " play --size 6x6 --seed 3 --variant fixed-exit", 80, 30);
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
    Tmux t(kBin + " play --size 6x6", 80, 30);
    ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
    EXPECT_TRUE(has_colour(t.capture(true))) << "expected colour without NO_COLOR";
    t.keys("q");
  }
  {
    Tmux t(kBin + " play --size 6x6", 80, 30, "xterm-256color", "NO_COLOR=1");
    ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
    EXPECT_FALSE(has_colour(t.capture(true))) << t.capture(true);
    t.keys("q");
  }
}

TEST(E2E, RetroBaudRateStillGetsThere) {
  REQUIRE_TMUX();
  Tmux t(kBin + " play --baud 9600", 80, 30);
  ASSERT_TRUE(t.wait_for("WHAT ARE YOUR WIDTH AND LENGTH?")) << t.last();
  t.keys("6,5", true);
  t.keys("Enter");
  ASSERT_TRUE(t.wait_for("PRESS A KEY TO WALK THE MAZE", 20s)) << t.last();
  t.keys("q");
  ASSERT_TRUE(t.wait_for("EXIT=0")) << t.last();
}

// Without a terminal, no curses: the plain dialogue, or a clear message for play.
TEST(E2E, WithoutATerminalTheDialogueIsPlain) {
  Expected e = expect(10, 8, std::nullopt, amazing::core::Variant::kBook);
  Shell r = run("printf '10,8\\n' | " + kBin);
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("WHAT ARE YOUR WIDTH AND LENGTH? 10,8\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(e.picture), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\x1b"), std::string::npos) << "escape sequences in plain output";

  Shell p = run(kBin + " play --size 5x5 </dev/null");
  EXPECT_EQ(p.status, 2);
  EXPECT_NE(p.out.find("needs a terminal"), std::string::npos) << p.out;
}

TEST(E2E, PlayHelpAndBadOptions) {
  Shell h = run(kBin + " play --help");
  EXPECT_EQ(h.status, 0);
  EXPECT_NE(h.out.find("usage: amazing play"), std::string::npos);
  EXPECT_NE(h.out.find("--baud"), std::string::npos);
  Shell b = run(kBin + " play --size 1x5");
  EXPECT_EQ(b.status, 2);
  Shell z = run(kBin + " play --baud fast");
  EXPECT_EQ(z.status, 2);
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
  Tmux t(kBin + " play --size 25x20 --seed 42 --algorithm wilson", 80, 30);
  ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
  EXPECT_NE(t.last().find("25X20 WILSON"), std::string::npos) << t.last();
  EXPECT_EQ(t.last().find("NO EXIT"), std::string::npos) << t.last();
  t.keys(first.keys, true);
  ASSERT_TRUE(t.wait_for("ESCAPED", 20s)) << t.last();
  EXPECT_NE(t.last().find("MOVES MADE:      " + std::to_string(first.fewest)), std::string::npos)
      << t.last();
  t.keys("n");
  ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
  EXPECT_NE(t.last().find("25X20 WILSON"), std::string::npos) << t.last();
  t.keys(second.keys, true);
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
  Tmux t(kBin + " play --algorithm backtracker", 80, 30);
  ASSERT_TRUE(t.wait_for("WHAT ARE YOUR WIDTH AND LENGTH?")) << t.last();
  t.keys("9,7", true);
  t.keys("Enter");
  ASSERT_TRUE(t.wait_for("PRESS A KEY TO WALK THE MAZE")) << t.last();
  std::string screen = t.last();
  for (const std::string& line : split_lines(e.picture))
    EXPECT_NE(screen.find(line), std::string::npos) << "missing maze line '" << line << "' in\n"
                                                    << screen;
  t.keys("Enter");
  ASSERT_TRUE(t.wait_for("MOVES 0")) << t.last();
  EXPECT_NE(t.last().find("9X7 BACKTRACKER"), std::string::npos) << t.last();
  t.keys(e.keys, true);
  ASSERT_TRUE(t.wait_for("ESCAPED")) << t.last();
  t.keys("q");
  ASSERT_TRUE(t.wait_for("EXIT=0")) << t.last();
  EXPECT_NE(t.last().find("TTY-RESTORED"), std::string::npos) << t.last();
}

TEST(E2E, PlayAlgorithmHelpAndUnknownName) {
  Shell h = run(kBin + " play --help");
  EXPECT_NE(h.out.find("--algorithm NAME"), std::string::npos) << h.out;
  Shell b = run(kBin + " play --size 5x5 --algorithm nope");
  EXPECT_EQ(b.status, 2);
  EXPECT_NE(b.out.find("choose one of"), std::string::npos) << b.out;
}

}  // namespace
