// run_batch: see run.hpp.

#include "basic/run.hpp"

#include "machine/machine.hpp"

namespace amazing::basic {

BatchRun run_batch(std::string_view listing, const BatchOptions& options) {
  BatchRun out;
  auto program = parse_program(listing);
  if (!program) {
    out.load_error = program.error().message;
    return out;
  }
  out.parsed = true;
  machine::StringSink sink;
  machine::ScriptedInput input(options.input);
  machine::MachineConfig config;
  config.batch = true;
  config.batch_width = options.width;
  config.ram = options.ram;
  config.output = &sink;
  config.input = &input;
  config.echo = true;
  auto machine = machine::Machine::create(config);
  if (!machine) {
    out.parsed = false;
    out.load_error = machine.error().message;
    return out;
  }
  if (options.rnd_state) (*machine)->rnd().set_state(*options.rnd_state);
  if (options.seed) (*machine)->rnd().randomize(*options.seed);
  Interpreter interpreter(*program, **machine);
  out.result = interpreter.run(RunOptions{options.max_steps});
  (*machine)->flush();
  out.output = sink.text();
  return out;
}

}  // namespace amazing::basic
