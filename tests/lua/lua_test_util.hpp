// Helpers for the Lua tests: run a chunk on a batch machine and collect what it printed.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "lua/engine.hpp"
#include "machine/machine.hpp"

namespace amazing::lua::testing {

struct Run {
  RunResult result;
  std::string out;
};

inline Run run_lua(std::string_view source, Limits limits = {}, std::vector<std::string> input = {},
                   int width = 80) {
  machine::StringSink sink;
  machine::ScriptedInput in(std::move(input));
  machine::MachineConfig cfg;
  cfg.batch = true;
  cfg.batch_width = width;
  cfg.output = &sink;
  cfg.input = &in;
  machine::Machine m(cfg);
  Run run;
  {
    Engine engine(m, limits);
    run.result = engine.run(source, "test.lua", ScriptArgs{});
  }
  run.out = sink.text();
  return run;
}

}  // namespace amazing::lua::testing
