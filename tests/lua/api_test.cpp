// The script API (scripts/README.md): output, input, RND, the maze store, PEEK/POKE.
#include <gtest/gtest.h>

#include "core/c64_rnd.hpp"
#include "core/rnd.hpp"
#include "lua_test_util.hpp"

namespace amazing::lua {
namespace {

using testing::run_lua;

TEST(LuaApi, WriteAndPrintFollowPrint) {
  auto run =
      run_lua("amazing.write('A', 'B') amazing.print(5, -2) amazing.print() amazing.print(0.5)");
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out, "AB 5 -2 \n\n .5 \n");
}

TEST(LuaApi, TabSpcCommaAndColumn) {
  auto run = run_lua(R"(
    amazing.tab(28) amazing.print("AMAZING PROGRAM")
    amazing.write("A") amazing.comma() amazing.write("B") amazing.spc(2) amazing.write("C")
    amazing.print(" at", amazing.column())
  )");
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out,
            std::string(27, ' ') + "AMAZING PROGRAM\nA" + std::string(13, ' ') + "B  C at 19 \n");
}

TEST(LuaApi, ItemsWrapAtTheWidth) {
  auto run = run_lua("for i = 1, 5 do amazing.write('.--') end amazing.print('.')", {}, {}, 10);
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out, ".--.--.--\n.--.--.\n");
}

TEST(LuaApi, PrintOfAnExactlyFullLineAddsAnEmptyLine) {
  auto run = run_lua("amazing.print(string.rep('A', 10)) amazing.print('B')", {}, {}, 10);
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out, "AAAAAAAAAA\n\nB\n");
}

TEST(LuaApi, TheLineEndRulesAreThePrinters) {
  // The same line-end rules as BASIC's PRINT and INPUT (src/basic/FACTS.md, "PRINT at the
  // line end"), here at width 10: after a full line a 1-character item goes on and
  // column() is 1, TAB(10) stays, a longer item starts a new line; typing after a prompt
  // that ends at the line end reads from its last column.
  auto run = run_lua(R"(
    amazing.write(string.rep('A', 10)) amazing.write(amazing.column()) amazing.print('F', 'G')
    amazing.write(string.rep('A', 10)) amazing.tab(10) amazing.print('Q')
    amazing.write(string.rep('A', 10)) amazing.print('FG')
    amazing.write(string.rep('A', 7)) amazing.print(amazing.input_line('P? '))
  )",
                     {}, {"QQ"}, 10);
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out,
            "AAAAAAAAAA\n 1 FG\nAAAAAAAAAAQ\nAAAAAAAAAA\nFG\nAAAAAAAP?  QQ\n QQ\n");
}

TEST(LuaApi, GlobalPrintUsesZones) {
  auto run = run_lua("print('a', 1, nil, true)");
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out, "a             1             nil           true\n");
}

TEST(LuaApi, InputNumbersWithRedo) {
  auto run = run_lua(R"(
    local h, v = amazing.input("WHAT ARE YOUR WIDTH AND LENGTH", "nn")
    amazing.print(h + v)
    local name, n = amazing.input("NAME AND AGE", "sn")
    amazing.print(name .. "/" .. n)
    amazing.print(amazing.input_line("LINE? "))
    amazing.print(tostring(amazing.input("MORE")))
  )",
                     {}, {"x,3", "4,5", "\"SMITH, J\",40", "free, text"});
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out,
            "WHAT ARE YOUR WIDTH AND LENGTH? x,3\n?Redo from start\n"
            "WHAT ARE YOUR WIDTH AND LENGTH? 4,5\n 9 \n"
            "NAME AND AGE? \"SMITH, J\",40\nSMITH, J/40\n"
            "LINE? free, text\nfree, text\n"
            "MORE? nil\n");  // input ended at MORE?: nothing printed, as in PC-BASIC
}

// Numbers print as GW-BASIC's PRINT prints them (core::print_number, the routine the BASIC
// interpreter uses): a whole number past 32767 is a single, so 1e7 is 1E+07; the fourth
// RND after power-on is .7297625 where printf's %.7g would say .7297624.
TEST(LuaApi, NumbersPrintAsGwBasicPrints) {
  auto run = run_lua(R"(
    amazing.print(1e7, 10000000, 0.1, -5, 32767, 40000, 2^-24, 1.5e20)
    for _ = 1, 3 do amazing.rnd(1) end
    amazing.print(amazing.rnd(1))
  )");
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out,
            " 1E+07  1E+07  .1 -5  32767  40000  5.960465E-08  1.5E+20 \n"
            " .7297625 \n");
}

TEST(LuaApi, RndIsTheMachinesGwBasicStream) {
  auto run = run_lua(R"(
    for i = 1, 5 do amazing.write(amazing.rnd(1), ",") end
    amazing.print(amazing.rnd(0))
    amazing.randomize(7)
    amazing.print(amazing.rnd())
  )");
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  core::GwRnd r;
  std::string expect;
  for (int i = 0; i < 5; ++i) expect += basic_number(r.rnd(1)) + ",";
  expect += basic_number(r.rnd(0)) + "\n";
  r.randomize(7);
  expect += basic_number(r.rnd(1)) + "\n";
  EXPECT_EQ(run.out, expect);
  EXPECT_NE(run.out.find(".1213501"), std::string::npos) << run.out;
}

TEST(LuaApi, SingleRoundsToFloat) {
  // The reference-facts example: state 12750684, K=25 gives 20 in GW-BASIC.
  auto run = run_lua(R"(
    local r = 12750684 / 2^24
    amazing.print(math.floor(amazing.single(amazing.single(r * 25) + 1)))
    amazing.print(math.floor(r * 25 + 1))
  )");
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out, " 20 \n 19 \n");
}

TEST(LuaApi, MazeStore) {
  auto run = run_lua(R"(
    local m = amazing.maze(4, 3)
    assert(m:width() == 4 and m:height() == 3)
    assert(m:walls(1, 1) == 0 and not m:visited(2, 2))
    m:visit(2, 2)
    assert(m:visited(2, 2))
    m:set_walls(2, 2, 3)
    assert(m:walls(2, 2) == 3)
    assert(m:open(2, 2, "right") and m:open(3, 2, "left") and m:open(2, 2, "down"))
    assert(m:open(2, 3, "up") and not m:open(2, 2, "up"))
    m:carve(1, 1, "up")
    assert(m:entrance() == 1 and m:open(1, 1, "up"))
    assert(m:exit() == nil)
    m:carve(4, 3, "down")
    assert(m:exit() == 4)
    m:carve(3, 1, "left")
    assert(m:walls(2, 1) == 2)
    -- the scan list
    m:visit(4, 1)
    local c, r = m:scan(1, 1)
    assert(c == 4 and r == 1)
    m:retire(4, 1)
    c, r = m:scan(1, 1)
    assert(c == 2 and r == 2)
    assert(m:scan(3, 2) == nil)
    assert(m:bytes() == 6)
    amazing.print("ok")
  )");
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out, "ok\n");
}

TEST(LuaApi, MazeArgumentsAreChecked) {
  auto run = run_lua("local m = amazing.maze(4, 3)\nm:walls(5, 1)");
  EXPECT_EQ(run.result.outcome, Outcome::kRuntimeError);
  EXPECT_NE(run.result.message.find(
                "test.lua:2: bad argument #1 to 'walls' (column 5 is outside the maze (1..4))"),
            std::string::npos)
      << run.result.message;
  auto dir = run_lua("amazing.maze(2, 2):open(1, 1, 'north')");
  EXPECT_NE(dir.result.message.find("invalid option 'north'"), std::string::npos)
      << dir.result.message;
}

TEST(LuaApi, OutOfMemoryIsALuaError) {
  // 48K less the screen: 400x400 needs 80000 bytes.
  auto run = run_lua("amazing.maze(400, 400)");
  EXPECT_EQ(run.result.outcome, Outcome::kOutOfRam);
  EXPECT_NE(run.result.message.find("OUT OF MEMORY"), std::string::npos) << run.result.message;
  EXPECT_NE(run.result.message.find("test.lua:1:"), std::string::npos) << run.result.message;
}

TEST(LuaApi, OutOfMemoryCanBeCaught) {
  auto run = run_lua(R"(
    local ok, err = pcall(amazing.maze, 400, 400)
    amazing.print(ok and "made" or "refused")
    local m = amazing.maze(10, 10)
    amazing.print(m:width())
  )");
  EXPECT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out, "refused\n 10 \n");
}

TEST(LuaApi, MazesShareTheRamWithTheScreen) {
  auto run = run_lua(R"(
    local before = amazing.ram_used()
    local m = amazing.maze(100, 100)
    amazing.print(amazing.ram_size(), before, amazing.ram_used() - before)
  )");
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out, " 49152  1000  5000 \n");
}

TEST(LuaApi, PeekAndPokeTheScreen) {
  machine::MachineConfig cfg;  // a screen machine
  machine::StringSink copy;
  cfg.output = &copy;
  machine::Machine m(cfg);
  {
    Engine engine(m, Limits{});
    auto r = engine.run(R"(
      local s = amazing.screen_address()
      amazing.poke(s + 40 * 2 + 5, string.byte("X"))
      amazing.print("HI")
      amazing.poke(s + 1, amazing.peek(s))
    )",
                        "t.lua", ScriptArgs{});
    ASSERT_TRUE(r.ok()) << r.message;
  }
  EXPECT_EQ(m.screen().at(2, 5), 'X');
  EXPECT_EQ(m.screen().line(0).substr(0, 3), "HH ");
}

TEST(LuaApi, PokeChecksItsArguments) {
  auto run = run_lua("amazing.poke(0, 256)");
  EXPECT_NE(run.result.message.find("bad argument #2 to 'poke'"), std::string::npos)
      << run.result.message;
  auto far = run_lua("amazing.peek(49152)");
  EXPECT_NE(far.result.message.find("address outside the machine's RAM"), std::string::npos)
      << far.result.message;
}

TEST(LuaApi, PublishHandsTheMazeToTheHost) {
  machine::MachineConfig cfg;
  cfg.batch = true;
  machine::StringSink sink;
  cfg.output = &sink;
  machine::Machine m(cfg);
  std::optional<core::Maze> maze;
  {
    Engine engine(m, Limits{});
    auto r = engine.run(
        "local m = amazing.maze(3, 2) m:set_walls(2, 1, 3) m:set_entrance(2) amazing.publish(m)",
        "t.lua", ScriptArgs{});
    ASSERT_TRUE(r.ok()) << r.message;
    maze = engine.take_maze();
    EXPECT_FALSE(engine.take_maze());  // once
  }
  ASSERT_TRUE(maze);
  EXPECT_EQ(maze->width(), 3);
  EXPECT_EQ(maze->walls(1, 0), 3);
  EXPECT_EQ(maze->entrance(), 1);
  // The maze still lives in the machine's RAM after the engine is gone.
  EXPECT_EQ(m.ram().used(), machine::Screen::kBytes + 3);
}

TEST(LuaApi, ArgsReachTheScript) {
  machine::MachineConfig cfg;
  cfg.batch = true;
  machine::StringSink sink;
  cfg.output = &sink;
  machine::Machine m(cfg);
  Engine engine(m, Limits{});
  ScriptArgs args;
  args.width = 7;
  args.length = 9;
  args.seed = -3;
  args.variant = "fixed";
  args.maze_only = true;
  args.extra = {"a", "b"};
  auto r = engine.run(R"(
    local a = amazing.args
    amazing.print(a.width, a.length, a.seed, a.variant, tostring(a.maze_only), tostring(a.batch), a.extra[2])
  )",
                      "t.lua", args);
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(sink.text(), " 7  9 -3 fixedtruetrueb\n");
}

// On the c64 machine a number prints as the C64's PRINT shows it (FOUT's nine digits, its
// E-notation, the cursor-right after it), as the c64 interpreter prints it.
TEST(LuaApi, NumbersPrintAsTheC64PrintsThemOnTheC64) {
  machine::StringSink sink;
  machine::ScriptedInput in({});
  machine::MachineConfig cfg;
  cfg.batch = true;
  cfg.batch_width = 0;
  cfg.rules = machine::Rules::kC64;
  cfg.output = &sink;
  cfg.input = &in;
  machine::Machine m(cfg);
  core::C64Rnd rnd;
  RunResult r;
  {
    Engine engine(m, Limits{});
    engine.use_c64(&rnd);
    r = engine.run("amazing.print(1e7) amazing.print(1/3) amazing.print(-5, 2.5e-5)", "t.lua",
                   ScriptArgs{});
  }
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(sink.text(),
            " 10000000\x1b[C\n .333333333\x1b[C\n-5\x1b[C 2.5E-05\x1b[C\n");
  // Past the C64's range: its ?OVERFLOW ERROR.
  {
    Engine engine(m, Limits{});
    engine.use_c64(&rnd);
    r = engine.run("amazing.print(1e39)", "t.lua", ScriptArgs{});
  }
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.message.find("?OVERFLOW  ERROR"), std::string::npos) << r.message;
}

}  // namespace
}  // namespace amazing::lua
