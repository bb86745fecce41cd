// The options of `amazing run`, `amazing play` and the bare `amazing` without a terminal
// (its plain dialogue) through the real binary: CLI11 definitions shared with gen (job.hpp),
// help made from them, and the refusals -- an unknown option, a bad or missing value, an
// option given twice, an option the machine cannot honour -- on stderr with exit 2 and
// nothing on stdout. Standard input is /dev/null, so no terminal is ever opened.
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
  const std::string cmd = args.front() == "run" || args.front() == "play" ? args.front() : "";
  Outcome r = run(args);
  std::string shown;
  for (const auto& a : args) shown += a + " ";
  EXPECT_EQ(r.code, 2) << shown << r.err;
  EXPECT_EQ(r.out, "") << shown;
  const std::string program = cmd.empty() ? "amazing" : "amazing " + cmd;
  EXPECT_EQ(r.err, program + ": " + what + "; see '" + program + " --help'\n")
      << shown;
}

bool has_line_starting(const std::string& text, const std::string& start) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.rfind(start, 0) == 0) return true;
  return false;
}

void expect_help_lists(const std::vector<std::string>& args,
                       const std::vector<std::string>& option_lines) {
  Outcome r = run(args);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  for (const auto& line : option_lines)
    EXPECT_TRUE(has_line_starting(r.out, line)) << "no line '" << line << "' in\n" << r.out;
  EXPECT_TRUE(has_line_starting(r.out, "  -h, --help        this help")) << r.out;
}

TEST(RunPlayOptions, HelpListsEachCommandsOptions) {
  expect_help_lists({"run", "--help"},
                    {"usage: amazing run [FILE.lua] [options] [ARG...]", "  --size WxL        type",
                     "  --seed N", "  --variant V", "  --batch           print", "  --ram SIZE",
                     "  --machine pc|c64", "  --max-steps N     stop the program",
                     "  --lua-mem SIZE", "  --watch           run the program again",
                     "Exit status: 0 done"});
  expect_help_lists({"play", "-h"},
                    {"usage: amazing play [--size WxL] [options]", "  --size WxL        go",
                     "  --seed N", "  --variant V", "  --algorithm NAME  walk a maze",
                     "  --script FILE", "  --scripts DIR", "  --max-steps N", "  --lua-mem SIZE",
                     "  --baud RATE", "  --ram SIZE", "  --screenshot FILE", "  --solution",
                     "  --watch", "  --machine pc|c64", "Keys while walking"});
  // The bare `amazing` with options and no terminal: the dialogue's help.
  expect_help_lists({"--seed", "3", "--help"},
                    {"usage: amazing [--variant V] [--seed N] [--ram SIZE] [--machine M]",
                     "  --variant V", "  --seed N", "  --ram SIZE", "  --machine M",
                     "The play screen's other options"});
  // Options another command has are not in run's help.
  Outcome r = run({"run", "--help"});
  EXPECT_EQ(r.out.find("--script "), std::string::npos);
  EXPECT_EQ(r.out.find("--algorithm"), std::string::npos);
}

TEST(RunPlayOptions, RunRefusesByName) {
  const std::string lua = temp_file("hello.lua", "amazing.print('HELLO')\n");
  expect_refused({"run", "--bogus", lua}, "unknown option --bogus");
  expect_refused({"run", "--script", "x.lua", lua}, "unknown option --script");
  expect_refused({"run", lua, "--seed", "1", "--seed=2"}, "--seed is given more than once");
  expect_refused({"run", "--batch=1", lua}, "--batch takes no value");
  expect_refused({"run", lua, "--seed"}, "--seed needs a value");
  expect_refused({"run", lua, "--size", "1x5"},
                 "MEANINGLESS DIMENSIONS.  TRY AGAIN. (--size 1x5: the original needs at least "
                 "2 in each direction)");
  Outcome c64_ram = run({"run", "--machine", "c64", "--ram", "64K", lua});
  EXPECT_EQ(c64_ram.code, 2);
  EXPECT_EQ(c64_ram.out, "");
  EXPECT_NE(c64_ram.err.find("amazing run: --ram is not available with --machine c64"),
            std::string::npos)
      << c64_ram.err;
  // Without FILE: the Lua prompt, here reading the empty standard input; not on the c64.
  Outcome none = run({"run", "--batch"});
  EXPECT_EQ(none.code, 0) << none.err;
  EXPECT_EQ(none.out + none.err, "");
  Outcome c64_prompt = run({"run", "--batch", "--machine", "c64"});
  EXPECT_EQ(c64_prompt.code, 2);
  EXPECT_EQ(c64_prompt.out, "");
  EXPECT_NE(c64_prompt.err.find("amazing run: the Lua prompt (run without FILE) is on the pc "
                                "machine; give a FILE for --machine c64"),
            std::string::npos)
      << c64_prompt.err;
}

TEST(RunPlayOptions, RunTakesOptionsAnywhereAndArgumentsAfterDashDash) {
  const std::string lua = temp_file(
      "args.lua",
      "amazing.print(amazing.args.width, amazing.args.length, amazing.args.seed)\n"
      "for _, a in ipairs(amazing.args.extra) do amazing.print(a) end\n");
  Outcome r = run({"run", lua, "one", "--size=3x4", "--batch", "--seed", "-5", "--", "-x"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find(" 3  4 -5"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("one\n-x\n"), std::string::npos) << r.out;
}

TEST(RunPlayOptions, PlayRefusesByName) {
  expect_refused({"play", "--bogus"}, "unknown option --bogus");
  expect_refused({"play", "--watch", "--watch"}, "--watch is given more than once");
  expect_refused({"play", "--baud", "fast"},
                 "--baud wants 'instant' or a rate in bits per second such as 300, 1200 or "
                 "9600 (got 'fast')");
  Outcome algo = run({"play", "--algorithm", "nope"});
  EXPECT_EQ(algo.code, 2);
  EXPECT_EQ(algo.out, "");
  EXPECT_NE(algo.err.find("amazing play: --algorithm: unknown algorithm 'nope'"),
            std::string::npos)
      << algo.err;
  Outcome solution = run({"play", "--size", "5x5", "--solution"});
  EXPECT_EQ(solution.code, 2);
  EXPECT_NE(solution.err.find("--solution goes with --screenshot"), std::string::npos)
      << solution.err;
  // --baud paces the boot screen, which --size (and --daily) leave out.
  for (const char* rate : {"300", "0"}) {
    Outcome baud = run({"play", "--size", "5x5", "--baud", rate, "--screenshot", "/dev/null"});
    EXPECT_EQ(baud.code, 2) << rate;
    EXPECT_NE(baud.err.find("--baud is the boot screen's printing speed; with --size or --daily "
                            "there is no boot screen"),
              std::string::npos)
        << baud.err;
  }
  Outcome extra = run({"play", "maze"});
  EXPECT_EQ(extra.code, 2);
  EXPECT_NE(extra.err.find("unexpected argument 'maze'"), std::string::npos) << extra.err;
}

TEST(RunPlayOptions, DialogueRefusesByName) {
  expect_refused({"--seed", "1", "--seed", "2"}, "--seed is given more than once");
  expect_refused({"--bogus"}, "unknown option --bogus");
  expect_refused({"--machine", "vic20"}, "--machine: 'vic20' is not a machine; use pc or c64");
  // A play option is named as one: it needs the screen, which needs a terminal.
  Outcome baud = run({"--baud", "300"});
  EXPECT_EQ(baud.code, 2);
  EXPECT_EQ(baud.out, "");
  EXPECT_EQ(baud.err,
            "amazing: --baud needs the play screen, which needs a terminal; without one the "
            "dialogue takes --variant, --seed, --ram, --machine, --engine, --rom and --speed "
            "(see 'amazing --help')\n");
  Outcome c64 = run({"--machine", "c64", "--ram", "64K"});
  EXPECT_EQ(c64.code, 2);
  EXPECT_NE(c64.err.find("amazing: --ram is not available with --machine c64"),
            std::string::npos)
      << c64.err;
}

}  // namespace
