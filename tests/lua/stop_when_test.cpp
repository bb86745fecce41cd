// Engine::stop_when: the host's flag stops a running script for good (amazing run --watch
// restarts a script whose file changed with it), even one that hides in pcall.
#include <gtest/gtest.h>

#include <string>

#include "lua/engine.hpp"
#include "machine/console.hpp"
#include "machine/machine.hpp"

namespace amazing::lua {
namespace {

// A console whose n-th inkey() raises the host's flag, as a watcher that saw a change.
class FlaggingConsole : public machine::ScriptedConsole {
 public:
  FlaggingConsole(bool& flag, int after) : flag_(&flag), after_(after) {}
  std::string inkey() override {
    if (++calls_ >= after_) *flag_ = true;
    return "";
  }
  int calls() const { return calls_; }

 private:
  bool* flag_;
  int after_;
  int calls_ = 0;
};

TEST(StopWhen, TheFlagStopsALoopThatPcallCannotKeepGoing) {
  machine::MachineConfig cfg;
  machine::Machine m(cfg);
  bool flag = false;
  FlaggingConsole console(flag, 5);
  m.set_console(&console);
  RunResult r;
  {
    Engine engine(m, Limits{});
    engine.stop_when(&flag);
    r = engine.run("while true do pcall(function() while true do amazing.inkey() end end) end",
                   "game.lua", ScriptArgs{});
  }
  m.set_console(nullptr);
  EXPECT_EQ(r.outcome, Outcome::kStepLimit);
  EXPECT_NE(r.message.find("game.lua:1: script stopped by its host"), std::string::npos)
      << r.message;
  EXPECT_LT(console.calls(), 10);
}

TEST(StopWhen, AFlagLeftDownChangesNothing) {
  machine::MachineConfig cfg;
  machine::Machine m(cfg);
  bool flag = false;
  Engine engine(m, Limits{});
  engine.stop_when(&flag);
  RunResult r = engine.run("local n = 0 for i = 1, 100000 do n = n + i end", "t.lua", ScriptArgs{});
  EXPECT_TRUE(r.ok()) << r.message;
}

}  // namespace
}  // namespace amazing::lua
