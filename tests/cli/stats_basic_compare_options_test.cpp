// The options of `amazing stats`, `amazing basic` and `amazing compare` (CLI11, help from
// the option definitions: src/cli/cli11_help) through the real binary: --opt=value and
// --opt value, negative numbers as values, -h/--help, and the refusals -- an unknown
// option, a bad or missing value, an option given twice -- each as
// "amazing CMD: <what>; see 'amazing CMD --help'" on stderr, exit 2, nothing on stdout.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "support/files.hpp"
#include "support/run.hpp"

namespace {

using Outcome = amazing::test::Ran;

// Runs the binary with `args`, standard input from `input_path`; both outputs captured.
Outcome run(const std::vector<std::string>& args, const std::string& input_path = "/dev/null") {
  amazing::test::RunOptions o;
  o.input_path = input_path;
  return amazing::test::run_amazing(args, "", o);
}

std::string temp_file(const std::string& name, const std::string& text) {
  static const amazing::test::TempDir dir("amazing-options");
  return amazing::test::write_file(dir / name, text);
}

// The refusal rule: exactly one line on stderr naming what is wrong, then the hint.
void expect_refused(const std::vector<std::string>& args, const std::string& what) {
  const std::string cmd = args.front();
  Outcome r = run(args);
  std::string shown;
  for (const auto& a : args) shown += a + " ";
  EXPECT_EQ(r.code, 2) << shown << r.err;
  EXPECT_EQ(r.out, "") << shown;
  EXPECT_EQ(r.err, "amazing " + cmd + ": " + what + "; see 'amazing " + cmd + " --help'\n")
      << shown;
}

std::string a_maze_line() {
  Outcome gen = run({"gen", "--algorithm", "prim", "--size", "5x4", "--seed", "3", "--format",
                     "json"});
  EXPECT_EQ(gen.code, 0) << gen.err;
  return gen.out;
}

std::string rnd_program() { return temp_file("rnd.bas", "10 PRINT INT(RND(1)*1000)\n"); }

TEST(CommandOptions, UnknownOptionsAreRefused) {
  expect_refused({"stats", "--bogus"}, "unknown option --bogus");
  expect_refused({"stats", "-x"}, "unknown option -x");
  expect_refused({"basic", "--bogus=3", rnd_program()}, "unknown option --bogus");
  expect_refused({"compare", "--size", "3x3", "--engine", "lua"}, "unknown option --engine");
}

TEST(CommandOptions, BadAndMissingValuesAreRefused) {
  expect_refused({"stats", "--json=maybe"}, "--json takes no value");
  expect_refused({"stats", "--json=true"}, "--json takes no value");  // not a setting
  expect_refused({"stats", "--json="}, "--json takes no value");
  expect_refused({"basic", rnd_program(), "--batch=0"}, "--batch takes no value");
  expect_refused({"basic", rnd_program(), "--seed", "x"},
                 "--seed: 'x' is not a whole number; use an integer from -32768 to 32767");
  expect_refused({"basic", rnd_program(), "--seed"}, "--seed needs a value");
  expect_refused({"basic", rnd_program(), "--machine", "vic20"},
                 "--machine: 'vic20' is not a machine; use pc or c64");
  expect_refused({"compare", "--size", "3"},
                 "--size: '3' is not a size; write WIDTHxLENGTH with whole numbers, for example "
                 "10x12");
  expect_refused({"compare", "--size", "3x3", "--engines", "native,cobol"},
                 "--engines: 'cobol' is not an engine; use native, lua, basic, pcbasic or cbmbasic");
  // A list that cannot compare is refused by what is wrong with it, not run.
  expect_refused({"compare", "--size", "3x3", "--engines", "native,native"},
                 "--engines: native is named twice; name each engine once");
  expect_refused({"compare", "--size", "3x3", "--engines", "native,"},
                 "--engines: '' is not an engine; use native, lua, basic, pcbasic or cbmbasic");
  expect_refused({"compare", "--size", "3x3", "--engines", "lua"},
                 "--engines: lua alone has nothing to be compared with; give two engines or "
                 "more, for example native,lua");
  expect_refused({"compare", "--seed", "7"},
                 "--size WxL is required, for example: amazing compare --size 10x12 --seed 7");
}

TEST(CommandOptions, AnOptionGivenTwiceIsRefused) {
  expect_refused({"stats", "--json", "--json"}, "--json is given more than once");
  expect_refused({"basic", rnd_program(), "--batch", "--batch"}, "--batch is given more than once");
  expect_refused({"compare", "--size", "3x3", "--seed=1", "--seed", "2"},
                 "--seed is given more than once");
}

TEST(CommandOptions, ValuesWithEqualsOrApartAndNegativeNumbers) {
  Outcome apart = run({"compare", "--size", "4x3", "--seed", "-5", "--engines", "native,lua"});
  EXPECT_EQ(apart.code, 0) << apart.err;
  EXPECT_EQ(apart.out, "IDENTICAL\n");
  Outcome joined = run({"compare", "--size=4x3", "--seed=-5", "--engines=native,lua"});
  EXPECT_EQ(joined.code, 0) << joined.err;
  EXPECT_EQ(joined.out, "IDENTICAL\n");

  std::string prog = rnd_program();
  Outcome minus5 = run({"basic", "--batch", "--seed", "-5", prog});
  Outcome minus5_joined = run({"basic", prog, "--seed=-5", "--batch"});
  Outcome plus5 = run({"basic", "--batch", "--seed", "5", prog});
  EXPECT_EQ(minus5.code, 0) << minus5.err;
  EXPECT_EQ(minus5.out, minus5_joined.out);
  EXPECT_NE(minus5.out, plus5.out);  // -5 was taken as the seed, not as an option

  std::string line = a_maze_line();
  std::string file = temp_file("maze.json", line);
  Outcome from_file = run({"stats", "--json", file});
  EXPECT_EQ(from_file.code, 0) << from_file.err;
  EXPECT_EQ(from_file.out.rfind("{\"width\":5,\"height\":4,", 0), 0u) << from_file.out;
  Outcome from_stdin = run({"stats", "-", "--json"}, file);
  EXPECT_EQ(from_stdin.out, from_file.out);
  Outcome after_dashes = run({"stats", "--json", "--", file});
  EXPECT_EQ(after_dashes.out, from_file.out);
  Outcome two = run({"stats", file, file});
  EXPECT_EQ(two.code, 2);
  EXPECT_EQ(two.out, "");
}

// stats reads strict JSON (core/json, nlohmann): a bad line is named with what is wrong.
TEST(StatsInput, ABadLineIsNamedWithWhatIsWrong) {
  std::string good = a_maze_line();
  std::string file = temp_file("bad.json", good + "{\"width\":2,\"height\":1,\"cells\":[3,12],}\n");
  Outcome r = run({"stats", file});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out.rfind("prim seed 3  5x4  perfect yes", 0), 0u) << r.out;  // line 1 stands
  EXPECT_NE(r.err.find(", line 2: JSON maze, character 38: syntax error"), std::string::npos)
      << r.err;
  // The object is level 1: the 64th bracket, character 5 + 64, goes past the limit.
  std::string deep = temp_file("deep.json", "{\"x\":" + std::string(20'000'000, '[') + "\n");
  Outcome nested = run({"stats"}, deep);
  EXPECT_EQ(nested.code, 2);
  EXPECT_EQ(nested.err,
            "amazing stats: standard input, line 1: JSON maze, character 69: nested more than 64 "
            "levels deep; a maze object needs 3\n");
  Outcome twice = run({"stats"}, temp_file("twice.json", "{\"width\":2,\"width\":2}\n"));
  EXPECT_EQ(twice.code, 2);
  EXPECT_NE(twice.err.find("line 1: JSON maze: \"width\" is given twice"), std::string::npos)
      << twice.err;
}

TEST(CommandOptions, HelpIsMadeFromTheOptions) {
  for (const char* cmd : {"stats", "basic", "compare"}) {
    for (const char* flag : {"-h", "--help"}) {
      Outcome r = run({cmd, flag});
      EXPECT_EQ(r.code, 0) << cmd;
      EXPECT_EQ(r.err, "") << cmd;
      EXPECT_EQ(r.out.rfind(std::string("usage: amazing ") + cmd, 0), 0u) << r.out;
      EXPECT_NE(r.out.find("\n  -h, --help        this help\n"), std::string::npos) << r.out;
      EXPECT_NE(r.out.find("\nExit"), std::string::npos) << r.out;  // the footer
      // Every line within 88 columns; option texts at column 20, continuations under them.
      std::istringstream lines(r.out);
      std::string l;
      while (std::getline(lines, l)) {
        EXPECT_LT(l.size(), 88u) << cmd << ": " << l;
        if (l.rfind("  -", 0) == 0 && l.size() > 20) {
          EXPECT_EQ(l[19], ' ') << l;
        }
        if (l.rfind("   ", 0) == 0) {
          EXPECT_EQ(l.find_first_not_of(' '), 20u) << cmd << ": " << l;
        }
      }
    }
  }
  Outcome basic = run({"basic", "--help"});
  EXPECT_NE(basic.out.find("\n  --seed N          run N%=N: RANDOMIZE N% first (-32768..32767);"),
            std::string::npos)
      << basic.out;
  EXPECT_NE(basic.out.find("\n  --machine pc|c64  pc (default)"), std::string::npos) << basic.out;
  // Help comes after the options, in the order they are defined.
  EXPECT_LT(basic.out.find("--seed N"), basic.out.find("--batch"));
  EXPECT_LT(basic.out.find("--machine"), basic.out.find("-h, --help"));
  Outcome stats = run({"stats", "--help"});
  EXPECT_NE(stats.out.find("\n  --json            one JSON object of statistics per maze"),
            std::string::npos)
      << stats.out;
  Outcome compare = run({"compare", "--help"});
  EXPECT_NE(compare.out.find("\n  --engines LIST    comma-separated"), std::string::npos)
      << compare.out;
}

}  // namespace
