// The Lua prompt from standard input (`amazing run` without FILE, cli/lua_prompt.hpp)
// through the real binary: values printed as lua5.4's prompt prints them, statements,
// chunks over several lines, errors that let the prompt go on, the limits, the sandbox;
// and the value printing against the stock lua5.4 itself where it is deterministic.
#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "support/run.hpp"

namespace {

using Outcome = amazing::test::Ran;
using amazing::test::words;

// `amazing run OPTIONS` with `input` on its standard input.
Outcome prompt(const std::string& input, const std::string& options = "--batch") {
  std::vector<std::string> args = {"run"};
  for (const auto& w : words(options)) args.push_back(w);
  return amazing::test::run_amazing(args, input);
}

TEST(LuaPrompt, ExpressionsPrintTheirValuesAsLuaDoes) {
  Outcome r = prompt("1+1\n1/2\n2^53\n\"a\"\ntrue\nnil\n1,2,'x'\n");
  EXPECT_EQ(r.out, "2\n0.5\n9.007199254741e+15\na\ntrue\nnil\n1\t2\tx\n") << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.code, 0);
}

TEST(LuaPrompt, StatementsPrintOnlyWhatTheyPrint) {
  Outcome r = prompt("x = 6*7\nx\nprint('hi')\nlocal y = 1\ny\n");
  EXPECT_EQ(r.out, "42\nhi\nnil\n") << r.err;
  EXPECT_EQ(r.code, 0);
}

TEST(LuaPrompt, AChunkGoesOnOverSeveralLines) {
  Outcome r = prompt("for i=1,3 do\nprint(i)\nend\nfunction f(a)\nreturn a * 2\nend\nf(21)\n");
  EXPECT_EQ(r.out, "1\n2\n3\n42\n") << r.err;
  EXPECT_EQ(r.code, 0);
}

TEST(LuaPrompt, WithoutBatchInputThatIsNotATerminalIsReadToo) {
  Outcome r = prompt("1+1\n", "");
  EXPECT_EQ(r.out, "2\n") << r.err;
  EXPECT_EQ(r.code, 0);
}

TEST(LuaPrompt, AnErrorPrintsItsMessageAndThePromptGoesOn) {
  Outcome r = prompt("error('boom')\n1+1\n");
  EXPECT_EQ(r.out, "2\n");
  EXPECT_NE(r.err.find("stdin:1: boom"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("traceback"), std::string::npos) << r.err;
  EXPECT_EQ(r.code, 70);  // the last chunk that failed
  Outcome syntax = prompt("x = = 2\n'after'\n");
  EXPECT_EQ(syntax.out, "after\n");
  EXPECT_NE(syntax.err.find("stdin:1:"), std::string::npos) << syntax.err;
  EXPECT_EQ(syntax.code, 65);
}

TEST(LuaPrompt, InputEndingInsideAChunkIsAnError) {
  Outcome r = prompt("for i=1,3 do\nprint(i)\n");
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("unfinished chunk"), std::string::npos) << r.err;
  EXPECT_EQ(r.code, 65);
}

TEST(LuaPrompt, TheAmazingTableAndTheSandboxAreThere) {
  Outcome r = prompt("amazing.print(5)\namazing.args.batch\nio.open('x')\n");
  EXPECT_EQ(r.out, " 5 \ntrue\n") << r.err;
  EXPECT_NE(r.err.find("not available in the sandbox"), std::string::npos) << r.err;
}

TEST(LuaPrompt, TheStepLimitIsPerChunkAndANewStateFollowsAStop) {
  Outcome r = prompt("x = 1\nfor i = 1, 50000 do end\nx\nwhile true do end\nx\n1+1\n",
                     "--batch --max-steps 100000");
  EXPECT_EQ(r.out, "1\nnil\n2\n") << r.err;
  EXPECT_NE(r.err.find("instruction budget"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("new Lua state"), std::string::npos) << r.err;
}

TEST(LuaPrompt, ALineStartingWithHashIsLua) {
  Outcome r = prompt("#'abc'\n");
  EXPECT_EQ(r.out, "3\n") << r.err;
}

// On the screen a line holds 255 characters; a longer paste loses its end, and the cut
// line is not run as if it were the whole of it (x = aaa...a would run, cut anywhere).
TEST(LuaPrompt, ALineCutByTheScreenIsNotRun) {
  amazing::test::PtyOptions o;
  o.rows = 30;
  o.cols = 80;
  o.env = {"TERM=xterm", "NO_COLOR=1"};
  o.steps = {{"AMAZING LUA", "x = " + std::string(300, 'a') + "\r"}, {"cut at 255", "\x04"}};
  const amazing::test::Ran r = amazing::test::run_amazing_on_pty({"run"}, o);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("?line cut at 255"), std::string::npos) << r.out;
}

TEST(LuaPrompt, TheC64MachineIsRefusedWithoutAFile) {
  Outcome r = prompt("1+1\n", "--batch --machine c64");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("Lua prompt"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

// The lines lua5.4 -i printed: its banner and the echoed prompt lines left out.
std::string oracle_values(const std::string& raw) {
  std::istringstream in(raw);
  std::string line, kept;
  bool banner = true;
  while (std::getline(in, line)) {
    if (banner && line.rfind("Lua 5.4", 0) == 0) {
      banner = false;
      continue;
    }
    if (line.rfind(">", 0) == 0) continue;  // "> 1+1", ">> print(i)", the last "> "
    kept += line + "\n";
  }
  return kept;
}

TEST(LuaPromptConformance, ValuesAsTheStockLua54PrintsThem) {
  const std::string lua = amazing::test::find_in_path("lua5.4");
  if (lua.empty()) {
    const char* require = std::getenv("AMAZING_REQUIRE_ORACLE");
    if (require != nullptr && std::string(require) == "1")
      FAIL() << "AMAZING_REQUIRE_ORACLE=1 but lua5.4 is not installed (apt install lua5.4)";
    GTEST_SKIP() << "lua5.4 is not installed: the stock prompt is the oracle here "
                    "(apt install lua5.4)";
  }
  const std::vector<std::string> lines = {
      "1+1",
      "1/2",
      "2^53",
      "10/3",
      "-0.0",
      "1e100",
      "1e15",
      "1e16",
      "100000000000000",
      "math.maxinteger",
      "math.mininteger",
      "2^63",
      "math.pi",
      "-math.pi",
      "math.huge",
      "-math.huge",
      "0x10",
      "0xff // 7",
      "7.0 // 2",
      "7 % 3",
      "-7 % 3",
      "3 | 5",
      "1 << 62",
      "\"a\"",
      "\"it's\"",
      "\"\"",
      "true",
      "false",
      "nil",
      "nil, nil",
      "1, 2, 'x'",
      "string.rep('ab', 3)",
      "#'hello'",
      "('x'):upper()",
      "select('#', 1, 2, 3)",
      "tostring(nil)",
      "math.type(1)",
      "math.type(1.0)",
      "1 == 1.0",
      "math.tointeger(3.0)",
      "3.0",
      "-3.5e-7",
      "255 / 5",
      "string.format('%5.2f', 3.14159)",
      "x = 5",
      "x * 2",
      "local y = 3",
      "y",
      "for i=1,3 do",
      "print(i)",
      "end",
      "function f(a)",
      "return a * 2",
      "end",
      "f(21)",
      "t = {1, 2, 3}",
      "#t",
      "t[2]",
      "print('hi')",
      "utf8.char(72, 105)",
      "string.byte('A')",
      "math.max(3, 7.5)",
      "math.floor(-3.5)",
      "2^-1074",
      "1e308 * 10",
  };
  std::string input;
  for (const auto& line : lines) input += line + "\n";
  Outcome mine = prompt(input);
  Outcome stock = amazing::test::run_program({lua, "-i"}, input);
  ASSERT_EQ(mine.err, "");
  ASSERT_EQ(mine.code, 0);
  EXPECT_EQ(mine.out, oracle_values(stock.out)) << "lua5.4 said:\n" << stock.out;
}

}  // namespace
