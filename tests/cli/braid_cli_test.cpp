// gen and play with --braid and --difficulty through the real binary: the native and lua
// engines braid alike (the same bytes), --braid 1 leaves no dead end as stats counts them,
// the host's check takes loops only with --braid, --difficulty says the seed it chose and
// that seed makes the maze again; what cannot apply is refused (exit 2), never ignored.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

namespace {

namespace fs = std::filesystem;
const std::string kBin = AMAZING_BINARY;

struct Outcome {
  int code = -1;
  std::string out, err;
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

class Braid : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("amazing-braid-" + std::to_string(getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Runs `amazing ARGS` (shell words; may hold a pipe) with stdin from /dev/null.
  Outcome run(const std::string& args) {
    const fs::path out = dir_ / "out", err = dir_ / "err";
    std::string cmd = "'" + kBin + "' " + args + " </dev/null >'" + out.string() + "' 2>'" +
                      err.string() + "'";
    int status = std::system(cmd.c_str());
    Outcome o;
    o.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    o.out = slurp(out);
    o.err = slurp(err);
    return o;
  }
  // `amazing gen ARGS --format json | amazing stats`: the stats line.
  std::string stats_of(const std::string& gen_args) {
    const std::string json = file("maze.json", run("gen " + gen_args + " --format json").out);
    return run("stats '" + json + "'").out;
  }
  std::string file(const std::string& name, const std::string& text) {
    fs::path p = dir_ / name;
    std::ofstream(p, std::ios::binary) << text;
    return p.string();
  }
  fs::path dir_;
};

const char* const kMakers[] = {"amazing",       "whitney",     "restart",
                               "backtracker",   "aldous-broder", "wilson",
                               "hunt-and-kill", "binary-tree", "sidewinder",
                               "eller",         "kruskal",     "prim",
                               "growing-tree",  "recursive-division"};

TEST_F(Braid, OneLeavesNoDeadEndOnEveryAlgorithmAndLuaMakesTheSameBytes) {
  for (const char* maker : kMakers) {
    const std::string args = std::string("gen --size 14x9 --seed 21 --braid 1 --algorithm ") +
                             maker + (std::string(maker) == "amazing" ? " --variant fixed-exit" : "");
    Outcome native = run(args);
    ASSERT_EQ(native.code, 0) << maker << ": " << native.err;
    Outcome lua = run(args + " --engine lua");
    ASSERT_EQ(lua.code, 0) << maker << ": " << lua.err;
    EXPECT_EQ(native.out, lua.out) << maker;
    Outcome plain = run(std::string("gen --size 14x9 --seed 21 --algorithm ") + maker +
                        (std::string(maker) == "amazing" ? " --variant fixed-exit" : ""));
    EXPECT_NE(plain.out, native.out) << maker << ": --braid 1 changed nothing";
    const std::string line = stats_of(args.substr(4));
    EXPECT_NE(line.find("dead ends 0 (0.0%)"), std::string::npos) << maker << ": " << line;
    EXPECT_TRUE(std::regex_search(line, std::regex("loops [1-9]"))) << maker << ": " << line;
  }
}

TEST_F(Braid, AShareRunsOnOneRndStreamAlikeInBothEngines) {
  for (const char* maker : {"amazing", "wilson", "kruskal"}) {
    const std::string args =
        std::string("gen --size 20x12 --seed 5 --braid 0.4 --count 3 --format json --algorithm ") +
        maker;
    Outcome native = run(args);
    Outcome lua = run(args + " --engine lua");
    ASSERT_EQ(native.code, 0) << native.err;
    ASSERT_EQ(lua.code, 0) << lua.err;
    EXPECT_EQ(native.out, lua.out) << maker;
  }
}

TEST_F(Braid, WithoutBraidOrWithZeroTheMazeIsUnchanged) {
  Outcome plain = run("gen --size 10x12");  // the listing's bytes (book, power-on)
  Outcome zero = run("gen --size 10x12 --braid 0");
  ASSERT_EQ(plain.code, 0);
  EXPECT_EQ(plain.out, zero.out);
  Outcome w = run("gen --size 10x12 --algorithm wilson --seed 3 --braid 0 --engine lua");
  EXPECT_EQ(w.out, run("gen --size 10x12 --algorithm wilson --seed 3").out);
}

TEST_F(Braid, StatsCountsLoopsAndDeadEnds) {
  const std::string line = stats_of("--size 20x20 --algorithm backtracker --seed 2");
  EXPECT_TRUE(std::regex_search(line, std::regex("perfect yes  cells 400  left out 0  loops 0  "
                                                 "dead ends [0-9]+ \\([0-9.]+%\\)")))
      << line;
  const std::string braided = stats_of("--size 20x20 --algorithm backtracker --seed 2 --braid 0.5");
  EXPECT_TRUE(std::regex_search(braided, std::regex("perfect no \\([0-9]+ loops\\)")))
      << braided;
}

TEST_F(Braid, TheHostTakesAScriptsLoopsOnlyWithBraid) {
  // A 2x2 maze open all round: one loop.
  const std::string script = file("loop.lua",
                                  "local m = amazing.maze(2, 2)\n"
                                  "m:set_walls(1, 1, 3) m:set_walls(2, 1, 1)\n"
                                  "m:set_walls(1, 2, 2) m:set_walls(2, 2, 1)\n"
                                  "m:set_entrance(1)\n"
                                  "amazing.publish(m)\n");
  Outcome strict = run("gen --engine lua --script '" + script + "' --size 2x2");
  EXPECT_EQ(strict.code, 1);
  EXPECT_NE(strict.err.find("is on a loop"), std::string::npos) << strict.err;
  Outcome braided = run("gen --engine lua --script '" + script + "' --size 2x2 --braid 0.5");
  EXPECT_EQ(braided.code, 0) << braided.err;
}

TEST_F(Braid, DifficultySaysTheSeedAndThatSeedMakesTheMazeAgain) {
  for (const char* band : {"easy", "medium", "hard"}) {
    Outcome graded = run(std::string("gen --size 16x12 --algorithm wilson --seed 100 --difficulty ") +
                         band + " --format json");
    ASSERT_EQ(graded.code, 0) << graded.err;
    std::smatch m;
    ASSERT_TRUE(std::regex_search(graded.err, m,
                                  std::regex(std::string("--difficulty ") + band + ": seed (-?[0-9]+)")))
        << graded.err;
    const std::string seed = m[1];
    EXPECT_NE(graded.out.find("\"seed\":" + seed + ","), std::string::npos) << graded.out;
    Outcome again = run("gen --size 16x12 --algorithm wilson --format json --seed " + seed);
    EXPECT_EQ(graded.out, again.out);
    Outcome lua = run(std::string("gen --size 16x12 --algorithm wilson --seed 100 --format json "
                                  "--engine lua --difficulty ") + band);
    EXPECT_EQ(lua.out, graded.out);
  }
  // The bands differ: hard's solution is longer than easy's here.
  auto solution = [&](const char* band) {
    std::smatch m;
    std::string line = stats_of(std::string("--size 30x30 --algorithm kruskal --difficulty ") + band);
    EXPECT_TRUE(std::regex_search(line, m, std::regex("solution ([0-9]+)$|solution ([0-9]+)\n")));
    return std::stoi(m[1].matched ? m[1].str() : m[2].str());
  };
  EXPECT_GT(solution("hard"), solution("easy"));
}

TEST_F(Braid, PlayTakesThemWithSize) {
  const std::string shot = (dir_ / "p.png").string();
  Outcome ok = run("play --size 12x10 --braid 1 --difficulty hard --screenshot '" + shot + "'");
  EXPECT_EQ(ok.code, 0) << ok.err;
  EXPECT_NE(ok.err.find("amazing play: --difficulty hard: seed "), std::string::npos) << ok.err;
  EXPECT_TRUE(fs::exists(shot));
}

TEST_F(Braid, WhatCannotApplyIsRefused) {
  struct Case {
    const char* args;
    const char* says;
  } cases[] = {
      {"gen --size 10x12 --engine basic --braid 0.5", "--braid: --engine basic"},
      {"gen --size 10x12 --transcript --braid 0.5", "--braid and --transcript"},
      {"gen --size 10x12 --transcript --difficulty easy", "--difficulty and --transcript"},
      {"gen --size 10x12 --machine c64 --seed 3 --braid 1", "--braid is not available with --machine c64"},
      {"gen --size 10x12 --machine c64 --seed 3 --difficulty hard", "--difficulty is not available"},
      {"gen --size 10x12 --braid 1.5", "--braid takes a share"},
      {"gen --size 10x12 --braid x", "--braid takes a share"},
      {"gen --size 10x12 --difficulty nightmare", "--difficulty takes easy, medium or hard"},
      {"gen --size 10x12 --difficulty hard --count 2", "--difficulty chooses the seed of one maze"},
      {"gen --size 600x600 --algorithm prim --difficulty hard", "up to 250000 cells"},
      {"play --braid 1", "--braid needs --size"},
      {"play --difficulty easy", "--difficulty needs --size"},
      {"play --size 10x10 --braid 1 --watch", "--watch replays the making"},
      {"play --size 10x10 --machine c64 --seed 2 --braid 1", "--braid is not available with --machine c64"},
  };
  for (const Case& c : cases) {
    Outcome o = run(c.args);
    EXPECT_EQ(o.code, 2) << c.args << "\n" << o.err;
    EXPECT_EQ(o.out, "") << c.args;
    EXPECT_NE(o.err.find(c.says), std::string::npos) << c.args << "\n" << o.err;
  }
  const std::string mask = file("m.txt", "....\n.#..\n....\n");
  Outcome masked = run("gen --algorithm backtracker --mask '" + mask + "' --difficulty easy");
  EXPECT_EQ(masked.code, 2);
  EXPECT_NE(masked.err.find("--difficulty grades mazes without a mask"), std::string::npos);
}

TEST_F(Braid, HelpSaysWhatTheyDo) {
  Outcome gen = run("gen --help");
  EXPECT_NE(gen.out.find("--braid P"), std::string::npos);
  EXPECT_NE(gen.out.find("--difficulty D"), std::string::npos);
  Outcome play = run("play --help");
  EXPECT_NE(play.out.find("--braid P"), std::string::npos);
  EXPECT_NE(play.out.find("--difficulty D"), std::string::npos);
}

}  // namespace
