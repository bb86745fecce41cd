// The game calls of the `amazing` table (lua/screen_api.cpp): locate, color, inkey, sleep,
// show, chr, glyph, keyboard, on a screen machine with a scripted console (keys given up
// front, sleeping counted, never done) and in batch mode (no console).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lua/engine.hpp"
#include "lua_test_util.hpp"
#include "machine/charset.hpp"
#include "machine/console.hpp"
#include "machine/machine.hpp"

namespace {

using amazing::lua::Engine;
using amazing::lua::Limits;
using amazing::lua::Outcome;
using amazing::lua::RunResult;
using amazing::lua::ScriptArgs;
using amazing::machine::Machine;
using amazing::machine::MachineConfig;
using amazing::machine::ScriptedConsole;

// A screen machine (not batch) with `console` (null: none).
struct ScreenRun {
  MachineConfig cfg;
  Machine machine{cfg};
  RunResult result;
  RunResult run(const std::string& source, ScriptedConsole* console, Limits limits = {}) {
    machine.set_console(console);
    Engine engine(machine, limits);
    result = engine.run(source, "game.lua", ScriptArgs{});
    machine.set_console(nullptr);
    return result;
  }
};

TEST(ScreenApi, LocateMovesTheCursorWherePrintGoesNext) {
  ScreenRun r;
  ASSERT_TRUE(r.run(R"(
    amazing.locate(3, 5) amazing.write("HI")
    amazing.locate(25, 39) amazing.write("Z")
    amazing.locate(1) amazing.write("T")            -- nil keeps the column
    amazing.locate(4, 10) assert(amazing.column() == 10, "POS " .. amazing.column())
    amazing.locate(6, 39) amazing.write("ABC")      -- does not fit: the next line, as PRINT
  )",
                    nullptr)
                  .ok())
      << r.result.message;
  const auto& s = r.machine.screen();
  EXPECT_EQ(s.line(2).substr(4, 2), "HI");
  EXPECT_EQ(s.at(24, 38), 'Z');
  EXPECT_EQ(s.line(24).substr(0, 38), std::string(38, ' '));  // no new line, no scroll
  EXPECT_EQ(s.at(0, 39), 'T');
  EXPECT_EQ(s.line(6).substr(0, 3), "ABC");
}

TEST(ScreenApi, LocateRefusesPlacesOffTheScreen) {
  ScreenRun r;
  auto res = r.run("amazing.locate(26, 1)", nullptr);
  EXPECT_EQ(res.outcome, Outcome::kRuntimeError);
  EXPECT_NE(res.message.find("bad argument #1 to 'locate' (the row is 1 to 25)"), std::string::npos)
      << res.message;
  res = ScreenRun().run("amazing.locate(1, 0)", nullptr);
  EXPECT_NE(res.message.find("the column is 1 to 40"), std::string::npos) << res.message;
}

TEST(ScreenApi, ColorPaintsWhatIsPrintedAndCleared) {
  ScreenRun r;
  ASSERT_TRUE(r.run(R"(
    local f, b = amazing.color()
    assert(f == 7 and b == 0, "power-on colours " .. f .. "," .. b)
    amazing.color(14, 1) amazing.write("A")
    amazing.color(nil, 4) amazing.write("B")
    local f2, b2 = amazing.color()
    assert(f2 == 14 and b2 == 4)
  )",
                    nullptr)
                  .ok())
      << r.result.message;
  const auto& s = r.machine.screen();
  using amazing::machine::make_attribute;
  EXPECT_EQ(s.attribute_at(0, 0), make_attribute(14, 1));
  EXPECT_EQ(s.attribute_at(0, 1), make_attribute(14, 4));
  EXPECT_EQ(s.attribute_at(0, 2), make_attribute(7, 0));  // untouched cells keep theirs

  ScreenRun c;
  ASSERT_TRUE(c.run("amazing.color(2, 3) amazing.cls()", nullptr).ok()) << c.result.message;
  EXPECT_EQ(c.machine.screen().attribute_at(24, 39), make_attribute(2, 3));
  auto bad = ScreenRun().run("amazing.color(16)", nullptr);
  EXPECT_NE(bad.message.find("bad argument #1 to 'color' (a colour is 0 to 15)"), std::string::npos)
      << bad.message;
}

TEST(ScreenApi, InkeyGivesTheKeysInTurnThenNil) {
  ScriptedConsole console({"right", "q", " "});
  ScreenRun r;
  ASSERT_TRUE(r.run(R"(
    local got = {}
    for i = 1, 5 do got[i] = tostring(amazing.inkey()) end
    amazing.locate(1, 1) amazing.write(table.concat(got, ","))
  )",
                    &console)
                  .ok())
      << r.result.message;
  EXPECT_EQ(r.machine.screen().line(0).substr(0, 20), "right,q, ,nil,nil   ");
}

TEST(ScreenApi, SleepAndShowGoToTheConsole) {
  ScriptedConsole console;
  ScreenRun r;
  ASSERT_TRUE(
      r.run("amazing.sleep(250) amazing.sleep(0) amazing.sleep(10000) amazing.show()", &console)
          .ok())
      << r.result.message;
  EXPECT_EQ(console.sleeps(), 3u);
  EXPECT_EQ(console.slept_ms(), 10250);
  EXPECT_EQ(console.shows(), 1u);
  auto res = ScreenRun().run("amazing.sleep(10001)", &console);
  EXPECT_NE(res.message.find("sleep takes 0 to 10000 milliseconds"), std::string::npos)
      << res.message;
  res = ScreenRun().run("amazing.sleep(-1)", &console);
  EXPECT_EQ(res.outcome, Outcome::kRuntimeError);
}

TEST(ScreenApi, SleepingForEverStillSpendsTheStepBudget) {
  // Each call counts against --max-steps, so a script that only sleeps (or polls inkey)
  // in a loop ends; a scripted console never really sleeps.
  ScriptedConsole console;
  Limits limits;
  limits.max_steps = 200'000;
  ScreenRun r;
  auto res = r.run("while true do amazing.sleep(10) end", &console, limits);
  EXPECT_EQ(res.outcome, Outcome::kStepLimit) << res.message;
  EXPECT_LT(console.sleeps(), 1000u);  // about 200000 / 1000 calls, not millions
  ScreenRun p;
  res = p.run("while true do amazing.inkey() end", &console, limits);
  EXPECT_EQ(res.outcome, Outcome::kStepLimit) << res.message;
}

TEST(ScreenApi, BatchModeHasNoKeysNoSleepNoShow) {
  auto run = amazing::lua::testing::run_lua(R"(
    print(amazing.keyboard(), amazing.inkey())
    amazing.sleep(10000) amazing.show()
    amazing.locate(5, 5) amazing.color(1, 2)
    print("done")
  )");
  ASSERT_TRUE(run.result.ok()) << run.result.message;
  EXPECT_EQ(run.out, "false         nil\ndone\n");
  ScriptedConsole console;
  ScreenRun r;
  ASSERT_TRUE(r.run("assert(amazing.keyboard() == true)", &console).ok()) << r.result.message;
}

// amazing.time(): seconds since the script started, in milliseconds, moving across sleep
// also where sleep returns at once (batch mode, a scripted console).
constexpr const char* kClockScript = R"(
  local function ms(t) return math.abs(t * 1000 - math.floor(t * 1000 + 0.5)) < 1e-6 end
  local t0 = amazing.time()
  assert(t0 >= 0 and t0 < 1 and ms(t0), "starts near 0 in milliseconds: " .. t0)
  amazing.sleep(1500)
  local t1 = amazing.time()
  assert(t1 - t0 >= 1.5 and t1 - t0 < 3, "across sleep(1500): " .. (t1 - t0))
  amazing.sleep(250)
  local t2 = amazing.time()
  assert(t2 - t1 >= 0.25 and t2 - t1 < 1 and ms(t2), "across sleep(250): " .. (t2 - t1))
  local start = amazing.time()
  repeat until amazing.time() > start   -- and on its own, without a sleep
  print("ok")
)";

TEST(ScreenApi, TimeMovesAcrossSleepInMilliseconds) {
  auto batch = amazing::lua::testing::run_lua(kClockScript);
  ASSERT_TRUE(batch.result.ok()) << batch.result.message;
  EXPECT_EQ(batch.out, "ok\n");
  ScriptedConsole console;
  ScreenRun r;
  EXPECT_TRUE(r.run(kClockScript, &console).ok()) << r.result.message;
  EXPECT_EQ(console.slept_ms(), 1750);
}

TEST(ScreenApi, ChrIsTheMachinesCharacterAndGlyphItsPicture) {
  ScreenRun r;
  ASSERT_TRUE(r.run(R"(
    assert(amazing.chr(219) == "\xDB" and amazing.chr(65) == "A")
    assert(amazing.glyph(219) == "\u{2588}", amazing.glyph(219))
    assert(amazing.glyph(1) == "\u{263A}")
    amazing.locate(2, 1) amazing.write(amazing.chr(201) .. amazing.chr(205))
  )",
                    nullptr)
                  .ok())
      << r.result.message;
  EXPECT_EQ(static_cast<unsigned char>(r.machine.screen().at(1, 0)), 201);
  EXPECT_EQ(static_cast<unsigned char>(r.machine.screen().at(1, 1)), 205);
  auto res = ScreenRun().run("amazing.chr(256)", nullptr);
  EXPECT_NE(res.message.find("a character code is 0 to 255"), std::string::npos) << res.message;
}

TEST(ScreenApi, GlyphOnTheC64IsPetscii) {
  MachineConfig cfg;
  cfg.rules = amazing::machine::Rules::kC64;
  Machine m(cfg);
  Engine engine(m, Limits{});
  auto res = engine.run(R"(assert(amazing.glyph(0x73) == "\u{2665}", "heart")
                            assert(amazing.glyph(65) == "A"))",
                        "c64.lua", ScriptArgs{});
  EXPECT_TRUE(res.ok()) << res.message;
}

// The last cell of row 25 (scripts/README.md, locate): on the pc, as in GW-BASIC
// (PC-BASIC's screen keeps the cursor past the end, src/basic/FACTS.md), writing it does
// not scroll; the next character does. The c64 scrolls at once, as its KERNAL does,
// opening the row the logical line goes on in.
// On the pc, row 25 is GW-BASIC's: below the rows that scroll, it never wraps (the next
// character takes its last cell again); the C64 scrolls at once.
TEST(ScreenApi, TheLastCellOfRow25ScrollsOnlyOnTheC64) {
  constexpr const char* kCorner = R"(
    amazing.locate(1, 1) amazing.write("TOP")
    amazing.locate(25, 40) amazing.write("X")
  )";
  ScreenRun pc;
  ASSERT_TRUE(pc.run(kCorner, nullptr).ok()) << pc.result.message;
  EXPECT_EQ(pc.machine.screen().line(0).substr(0, 3), "TOP");
  EXPECT_EQ(pc.machine.screen().at(24, 39), 'X');
  ScreenRun next;
  ASSERT_TRUE(next.run(std::string(kCorner) + "amazing.write('Y')", nullptr).ok());
  EXPECT_EQ(next.machine.screen().at(24, 39), 'Y');  // in X's place: row 25 never wraps
  EXPECT_EQ(next.machine.screen().line(0).substr(0, 3), "TOP");

  MachineConfig cfg;
  cfg.rules = amazing::machine::Rules::kC64;
  Machine c64(cfg);
  Engine engine(c64, Limits{});
  auto res = engine.run(kCorner, "c64.lua", ScriptArgs{});
  ASSERT_TRUE(res.ok()) << res.message;
  EXPECT_EQ(c64.screen().line(0).substr(0, 3), "   ");  // TOP scrolled away
  EXPECT_EQ(c64.screen().at(23, 39), 'X');
  EXPECT_EQ(c64.screen().line(24), std::string(40, ' '));
}

}  // namespace
