#include "machine/machine.hpp"

#include <gtest/gtest.h>

#include "core/maze.hpp"

namespace amazing::machine {
namespace {

TEST(Machine, ScreenMachinePrintsOnTheScreen) {
  Machine m;
  m.printer().print("HELLO");
  m.printer().newline();
  EXPECT_EQ(m.screen().line(0).substr(0, 6), "HELLO ");
  EXPECT_EQ(m.printer().width(), 40);
  EXPECT_EQ(m.ram().capacity(), core::kDefaultRam);
}

TEST(Machine, PeekAndPokeReachTheScreen) {
  Machine m;
  std::size_t at = m.screen().address() + 2 * 40 + 3;
  auto v = m.screen().version();
  m.poke(at, 'Q');
  EXPECT_EQ(m.screen().at(2, 3), 'Q');
  EXPECT_EQ(m.peek(at), 'Q');
  EXPECT_NE(m.screen().version(), v);
}

TEST(Machine, BatchModeWritesToTheGivenSinkAtTheGivenWidth) {
  StringSink out;
  MachineConfig cfg;
  cfg.batch = true;
  cfg.batch_width = 0;
  cfg.output = &out;
  Machine m(cfg);
  for (int i = 0; i < 50; ++i) m.printer().print("ab");
  m.printer().newline();
  EXPECT_EQ(out.text(), std::string(100, 'a').replace(0, 100, [] {
    std::string s;
    for (int i = 0; i < 50; ++i) s += "ab";
    return s;
  }()) + "\n");
  EXPECT_EQ(m.screen().line(0), std::string(40, ' '));
}

TEST(Machine, BatchInputEchoes) {
  StringSink out;
  ScriptedInput in({"X", "4,5"});
  MachineConfig cfg;
  cfg.batch = true;
  cfg.output = &out;
  cfg.input = &in;
  Machine m(cfg);
  auto v =
      m.input_fields("WHAT ARE YOUR WIDTH AND LENGTH", {FieldKind::kNumber, FieldKind::kNumber});
  ASSERT_TRUE(v);
  EXPECT_EQ(out.text(),
            "WHAT ARE YOUR WIDTH AND LENGTH? X\n?Redo from start\n"
            "WHAT ARE YOUR WIDTH AND LENGTH? 4,5\n");
}

TEST(Machine, ScreenInputShowsRedoOnTheScreen) {
  ScriptedInput in({"1,2,3", "2,2"});
  MachineConfig cfg;
  cfg.input = &in;
  cfg.echo = true;
  Machine m(cfg);
  auto v = m.input_fields("SIZE", {FieldKind::kNumber, FieldKind::kNumber});
  ASSERT_TRUE(v);
  EXPECT_EQ(m.screen().line(0).substr(0, 12), "SIZE? 1,2,3 ");
  EXPECT_EQ(m.screen().line(1).substr(0, 17), "?Redo from start ");
  EXPECT_EQ(m.screen().line(2).substr(0, 10), "SIZE? 2,2 ");
}

TEST(Machine, MazeAndScreenShareTheRam) {
  Machine m;  // 48K: the screen takes 1000 bytes
  std::size_t free_bytes = m.ram().capacity() - m.ram().used();
  EXPECT_EQ(free_bytes, core::kDefaultRam - Screen::kBytes);
  // 48152 bytes hold 96304 cells; 96306 do not fit.
  auto fits = core::Maze::create(m.ram(), 2, 48152);
  EXPECT_TRUE(fits.ok());
}

TEST(Machine, MazeTooBigForWhatTheScreenLeaves) {
  Machine m;
  auto too_big = core::Maze::create(m.ram(), 2, 48153);
  ASSERT_FALSE(too_big.ok());
  EXPECT_NE(too_big.error().message.find("OUT OF MEMORY"), std::string::npos);
}

TEST(Machine, CreateRefusesRamTooSmallForTheScreen) {
  MachineConfig cfg;
  cfg.ram = 512;
  auto m = Machine::create(cfg);
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.error().message.find("OUT OF MEMORY"), std::string::npos);
}

TEST(Machine, RndIsTheGwBasicGenerator) {
  Machine m;
  EXPECT_EQ(m.rnd().state(), core::GwRnd::kPowerOnState);
  m.rnd().rnd(1);
  EXPECT_EQ(m.rnd().state(), 2035917u);
}

}  // namespace
}  // namespace amazing::machine
