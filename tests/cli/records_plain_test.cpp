// Records (amazing records, the finish's news), the maze of the day (--daily with
// AMAZING_DATE) and play --plain, through the real binary on pipes: standard input a file
// of typed lines, XDG_DATA_HOME a folder of the test's own. Nothing here asserts on time.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "cli/plain_play.hpp"
#include "core/amazing_walk.hpp"
#include "core/ram.hpp"
#include "core/rnd.hpp"
#include "core/solve.hpp"
#include "support/files.hpp"
#include "tui/keys.hpp"

namespace {

namespace fs = std::filesystem;
const std::string kBin = AMAZING_BINARY;

struct Outcome {
  int code = -1;
  std::string out, err;
};

// This process's folder in /tmp, made on first use and removed when the process ends.
fs::path scratch() {
  static const amazing::test::TempDir dir("amazing-records");
  return dir.path();
}

// The binary with `args`, `input` on standard input (through a file), `env` added.
Outcome run(const std::vector<std::string>& args, const std::string& input = "",
            const std::map<std::string, std::string>& env = {}) {
  static int n = 0;
  const fs::path in_path = scratch() / ("input" + std::to_string(++n));
  std::ofstream(in_path, std::ios::binary) << input;
  Outcome r;
  int out[2], err[2];
  if (pipe(out) != 0 || pipe(err) != 0) return r;
  std::vector<std::string> argv = {kBin};
  argv.insert(argv.end(), args.begin(), args.end());
  pid_t pid = fork();
  if (pid == 0) {
    int in = open(in_path.c_str(), O_RDONLY);
    if (in < 0) _exit(126);
    dup2(in, 0), dup2(out[1], 1), dup2(err[1], 2);
    close(out[0]), close(err[0]), close(out[1]), close(err[1]);
    for (const auto& [k, v] : env) setenv(k.c_str(), v.c_str(), 1);
    std::vector<char*> cargs;
    for (auto& a : argv) cargs.push_back(a.data());
    cargs.push_back(nullptr);
    execv(cargs[0], cargs.data());
    _exit(127);
  }
  close(out[1]), close(err[1]);
  pollfd fds[2] = {{out[0], POLLIN, 0}, {err[0], POLLIN, 0}};
  int open_fds = 2;
  char buf[4096];
  while (open_fds > 0) {
    if (poll(fds, 2, -1) < 0) break;
    for (int k = 0; k < 2; ++k) {
      if (fds[k].fd < 0 || !(fds[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      ssize_t got = read(fds[k].fd, buf, sizeof buf);
      if (got <= 0) {
        close(fds[k].fd);
        fds[k].fd = -1;
        --open_fds;
      } else {
        (k == 0 ? r.out : r.err).append(buf, static_cast<std::size_t>(got));
      }
    }
  }
  int status = 0;
  waitpid(pid, &status, 0);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return r;
}

// A data folder of its own for each test.
std::map<std::string, std::string> data_env(const std::string& name) {
  const fs::path d = scratch() / name;
  fs::create_directories(d);
  return {{"XDG_DATA_HOME", d.string()}};
}

// The keys that walk the native fixed-exit maze of this size and seed out, the shortest way.
std::string solution_keys(int w, int l, int seed) {
  amazing::core::Ram ram(1 << 20);
  amazing::core::GwRnd rnd;
  rnd.randomize(static_cast<int16_t>(seed));
  auto run = amazing::core::run_amazing(ram, w, l, amazing::core::Variant::kFixedExit, rnd);
  EXPECT_TRUE(run.ok());
  const auto path = amazing::core::solve(run->maze).path;
  std::string keys;
  for (std::size_t i = 1; i < path.size(); ++i) {
    const auto a = path[i - 1], b = path[i];
    keys += b.row > a.row ? 'j' : b.row < a.row ? 'k' : b.col > a.col ? 'l' : 'h';
  }
  return keys + 'j';  // out through the exit
}

int count(const std::string& text, const std::string& what) {
  int c = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++c;
  return c;
}

TEST(PlainPlay, WalksOutThroughPipesAndSaysWhereItIs) {
  const auto env = data_env("plain");
  const std::string keys = solution_keys(6, 5, 3);
  // North from the entrance is a wall; s asks the way out; then the way out, spaced out.
  Outcome r = run({"play", "--plain", "--size", "6x5", "--seed", "3", "--variant", "fixed-exit"},
                  "k\ns\n" + keys + "\nq\n", env);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("a 6 by 5 maze, seed 3."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("a wall to the north. row 1, column "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("the exit is " + std::to_string(keys.size()) + " moves away; go "),
            std::string::npos)
      << r.out;
  // The first place, then a line for each move but the last, which escapes.
  EXPECT_EQ(count(r.out, "\nrow "), 1 + static_cast<int>(keys.size()) - 1) << r.out;
  EXPECT_NE(r.out.find("you escaped in " + std::to_string(keys.size()) + " moves (fewest possible " +
                       std::to_string(keys.size()) + "), a perfect run."),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("first finish of this maze."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("bye."), std::string::npos);
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\nrow [0-9]+, column [0-9]+: open to the "
                                                  "(north|south|east|west)")))
      << r.out;
}

TEST(PlainPlay, ArrowSequencesAndTheEndOfInput) {
  const auto env = data_env("arrows");
  const std::string keys = solution_keys(4, 4, 11);
  std::string arrows;
  for (char k : keys)
    arrows += k == 'j' ? "\x1b[B" : k == 'k' ? "\x1b[A" : k == 'l' ? "\x1b[C" : "\x1b[D";
  Outcome r = run({"play", "--plain", "--size", "4x4", "--seed", "11", "--variant", "fixed-exit"},
                  arrows + "\n", env);  // the input ends: the game ends, exit 0
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("you escaped in " + std::to_string(keys.size()) + " moves"),
            std::string::npos)
      << r.out;
  // The bare amazing plays --plain too, without a terminal.
  r = run({"--plain", "--size", "4x3", "--seed", "2"}, "q\n", env);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("a 4 by 3 maze, seed 2."), std::string::npos) << r.out;
  EXPECT_EQ(amazing::cli::plain_keys("\x1b[Ak\x1bOD"),
            (std::vector<int>{amazing::tui::kKeyUp, 'k', amazing::tui::kKeyLeft}));
}

TEST(PlainPlay, RefusesWhatNeedsTheScreen) {
  Outcome r = run({"play", "--plain"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--plain needs --size"), std::string::npos) << r.err;
  r = run({"play", "--plain", "--size", "5x5", "--watch"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--watch is for the play screen"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty());
  // --fog draws the play screen's maze; the plain lines never show the maze at all.
  r = run({"play", "--plain", "--size", "5x5", "--fog"}, "q\n");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--fog is for the play screen"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty());
  // --baud instant (0) is given as much as --baud 300 is.
  r = run({"play", "--plain", "--size", "5x5", "--baud", "instant"}, "q\n");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--baud is for the play screen"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty());
}

TEST(Records, AFinishIsKeptAndAFallingRecordIsSaid) {
  const auto env = data_env("records");
  const std::string keys = solution_keys(5, 4, 9);
  const std::vector<std::string> args = {"play",   "--plain",   "--size",    "5x4",
                                         "--seed", "9",         "--variant", "fixed-exit"};
  Outcome r = run({"records"}, "", env);
  EXPECT_EQ(r.code, 0);
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("no records yet"), std::string::npos) << r.err;
  // A detour first: wander and come back (two more moves than the fewest).
  const char first = keys[0], back = first == 'j' ? 'k' : first == 'k' ? 'j' : first == 'l' ? 'h' : 'l';
  r = run(args, std::string(1, first) + back + keys + "\n", env);
  EXPECT_NE(r.out.find("first finish of this maze."), std::string::npos) << r.out;
  r = run(args, keys + "\n", env);
  EXPECT_NE(r.out.find("new record moves! (was " + std::to_string(keys.size() + 2) + ")."),
            std::string::npos)
      << r.out;
  r = run(args, std::string(1, first) + back + keys + "\n", env);
  EXPECT_EQ(r.out.find("new record moves!"), std::string::npos) << r.out;
  r = run({"records"}, "", env);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(std::regex_match(
      r.out, std::regex("pc fixed-exit 5x4 seed 9: best time [0-9]+:[0-5][0-9]\\.[0-9], "
                        "fewest moves " +
                        std::to_string(keys.size()) + "\n")))
      << r.out;
  EXPECT_TRUE(fs::is_regular_file(fs::path(env.at("XDG_DATA_HOME")) / "amazing" / "records"));
}

TEST(Records, ADamagedFileIsNoRecordsAndAWarningThenReplaced) {
  const auto env = data_env("damaged");
  const fs::path file = fs::path(env.at("XDG_DATA_HOME")) / "amazing" / "records";
  fs::create_directories(file.parent_path());
  std::ofstream(file) << "amazing save 1\nnot a record\n";
  Outcome r = run({"records"}, "", env);
  EXPECT_EQ(r.code, 0);
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_NE(r.err.find("the records are damaged"), std::string::npos) << r.err;
  r = run({"play", "--plain", "--size", "3x3", "--seed", "2", "--variant", "fixed-exit"},
          solution_keys(3, 3, 2) + "\n", env);
  EXPECT_NE(r.out.find("first finish of this maze."), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("the records are damaged"), std::string::npos) << r.err;
  r = run({"records"}, "", env);
  EXPECT_EQ(count(r.out, "\n"), 1) << r.out;
  EXPECT_TRUE(r.err.empty()) << r.err;
  // Too big to be a records file: refused, not read whole.
  std::ofstream(file) << std::string(70000, 'x');
  r = run({"records"}, "", env);
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.err.find("could not be read"), std::string::npos) << r.err;
}

TEST(Records, HelpAndRefusals) {
  Outcome r = run({"records", "--help"});
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("usage: amazing records"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("fewest moves"), std::string::npos);
  r = run({"records", "extra"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("unexpected argument 'extra'"), std::string::npos) << r.err;
  r = run({"records", "--json"});
  EXPECT_EQ(r.code, 2);
}

// 2026-11-26 is day 20783: 24x13, binary-tree, seed (25173 * 20783 + 13849) % 65535 - 32767.
const std::string kDay = "2026-11-26";
const std::string kDaySeed = std::to_string((25173LL * 20783 + 13849) % 65535 - 32767);

TEST(Daily, TheMazeOfAFixedDay) {
  const std::map<std::string, std::string> env = {{"AMAZING_DATE", kDay}};
  Outcome daily = run({"gen", "--daily"}, "", env);
  Outcome same = run({"gen", "--algorithm", "binary-tree", "--size", "24x13", "--seed", kDaySeed});
  EXPECT_EQ(daily.code, 0) << daily.err;
  EXPECT_EQ(daily.out, same.out);
  EXPECT_FALSE(daily.out.empty());
  // --size still wins.
  daily = run({"gen", "--daily", "--size", "8x6"}, "", env);
  same = run({"gen", "--algorithm", "binary-tree", "--size", "8x6", "--seed", kDaySeed});
  EXPECT_EQ(daily.out, same.out);
  // The C64 walks the 1978 maze, fixed-exit.
  daily = run({"gen", "--daily", "--machine", "c64"}, "", env);
  same = run({"gen", "--machine", "c64", "--variant", "fixed-exit", "--size", "24x13", "--seed",
              kDaySeed});
  EXPECT_EQ(daily.code, 0) << daily.err;
  EXPECT_EQ(daily.out, same.out);
  // Another day, another maze; the next day (day 20784 % 14 = 8) is a sidewinder.
  daily = run({"gen", "--daily"}, "", {{"AMAZING_DATE", "2026-11-27"}});
  same = run({"gen", "--algorithm", "sidewinder", "--size",
              std::to_string(10 + 7 * 20784 % 21) + "x" + std::to_string(10 + 13 * 20784 % 16),
              "--seed", std::to_string((25173LL * 20784 + 13849) % 65535 - 32767)});
  EXPECT_EQ(daily.out, same.out);
  // play knows the day too.
  Outcome play = run({"play", "--daily", "--plain"}, "q\n", env);
  EXPECT_EQ(play.code, 0) << play.err;
  EXPECT_NE(play.out.find("a 24 by 13 maze, seed " + kDaySeed + "."), std::string::npos)
      << play.out;
}

TEST(Daily, Refusals) {
  const std::map<std::string, std::string> env = {{"AMAZING_DATE", kDay}};
  Outcome r = run({"gen", "--daily", "--seed", "5"}, "", env);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("leave out --seed"), std::string::npos) << r.err;
  r = run({"play", "--daily", "--algorithm", "prim", "--plain"}, "", env);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("leave out --algorithm"), std::string::npos) << r.err;
  r = run({"gen", "--daily"}, "", {{"AMAZING_DATE", "2026-02-30"}});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("AMAZING_DATE: '2026-02-30' is not a day"), std::string::npos) << r.err;
  r = run({"gen", "--daily", "--transcript"}, "", env);  // a binary-tree day
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--daily (2026-11-26: a binary-tree maze, 24x13"), std::string::npos)
      << r.err;
  EXPECT_TRUE(r.out.empty());
}

}  // namespace
