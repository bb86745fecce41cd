// Shared by the Lua fuzz targets: a fresh batch machine and Lua engine per input, with
// small limits, so one input can neither see another's state nor run long.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "core/mask.hpp"
#include "lua/engine.hpp"
#include "machine/input.hpp"
#include "machine/machine.hpp"
#include "machine/output.hpp"

namespace amazing::fuzz {

// `mask`: amazing.args.mask and amazing.masked / mask_cells / mask_check see it (--mask).
inline void run_lua(std::string_view source, const core::Mask* mask = nullptr) {
  machine::StringSink sink;
  machine::ScriptedInput input({"10,12", "A", "", "1E3,&HFF", "-32768", "\"Q\",7"});
  machine::MachineConfig config;
  config.batch = true;
  config.batch_width = 80;
  config.ram = 16 * 1024;
  config.output = &sink;
  config.input = &input;
  auto m = machine::Machine::create(config);
  if (!m) return;
  {
    lua::Limits limits;
    limits.max_steps = 200'000;
    limits.memory = std::size_t{8} << 20;
    lua::Engine engine(**m, limits);
    lua::ScriptArgs args;
    args.width = 10;
    args.length = 12;
    args.extra = {"a", "b"};
    args.mask = mask;
    (void)engine.run(source, "fuzz.lua", args);
    (void)engine.take_maze();
  }  // the engine goes before the machine, as engine.hpp asks
  (*m)->flush();
}

}  // namespace amazing::fuzz
