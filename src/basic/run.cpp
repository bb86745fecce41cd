// run_batch: see run.hpp.

#include "basic/run.hpp"

#include "basic/prompt.hpp"
#include "basic/saved_program.hpp"
#include "machine/machine.hpp"

namespace amazing::basic {

std::string gw_seed_line(int16_t seed) {
  return "5 S%=" + std::to_string(seed) + ":RANDOMIZE S%";
}

void set_memory(RunOptions& run, std::string_view listing, Dialect dialect,
                std::optional<int16_t> seed, bool gw_memory) {
  if (dialect == Dialect::kPc) listing = loaded_part(listing);
  run.program_memory = program_memory(typed_in(listing, dialect), dialect);
  if (dialect == Dialect::kC64) {
    if (seed) run.c64_seed = *seed;
    // The seed line "0 X=RND(-(N))" is part of the program in the C64's memory.
    run.c64_program_bytes =
        c64_program_bytes(listing) +
        (seed ? c64_program_bytes("0 X=RND(-(" + std::to_string(*seed) + "))") - 2 : 0);
    return;
  }
  // The seed is the line "5 S%=N:RANDOMIZE S%" before the program on PC-BASIC: its bytes
  // and S%'s 6 are GW-BASIC's memory the program does not have.
  run.gw_memory = gw_memory;
  run.gw_program_bytes = gw_program_bytes(listing);
  if (seed)
    run.gw_program_bytes += gw_program_bytes(gw_seed_line(*seed)) - kGwEmptyProgramBytes + 6;
}

BatchRun run_batch(std::string_view listing, const BatchOptions& options) {
  BatchRun out;
  auto program = parse_program(listing, options.dialect);
  if (!program) {
    out.load_error = program.error().message;
    return out;
  }
  out.parsed = true;
  machine::StringSink sink(options.max_output);
  machine::ScriptedInput input(options.input);
  machine::MachineConfig config;
  config.batch = true;
  const bool c64 = options.dialect == Dialect::kC64;
  config.batch_width = c64 ? 0 : options.width;
  config.rules = c64 ? machine::Rules::kC64 : machine::Rules::kPc;  // the C64's screen memory
  config.ram = options.ram;
  config.output = &sink;
  config.input = &input;
  config.echo = !c64;  // the C64 recordings: typed lines came from a pipe, not echoed
  auto machine = machine::Machine::create(config);
  if (!machine) {
    out.parsed = false;
    out.load_error = machine.error().message;
    return out;
  }
  if (options.rnd_state) (*machine)->rnd().set_state(*options.rnd_state);
  RunOptions run_options;
  run_options.max_steps = options.max_steps;
  run_options.halt = &sink.full();
  run_options.today = options.today;
  run_options.disk = options.disk;
  set_memory(run_options, listing, options.dialect, options.seed, options.gw_memory);
  if (!c64 && options.seed) (*machine)->rnd().randomize(*options.seed);
  auto parsed = std::make_unique<Program>(std::move(program).value());
  auto interpreter = std::make_unique<Interpreter>(*parsed, **machine, options.dialect);
  if (options.pace) {
    run_options.tick_every = RunOptions::kPacedTickStatements;
    run_options.tick = [&, at = interpreter.get()] {
      (*machine)->flush();
      options.pace(at->emulated_seconds(), sink.text());
    };
  }
  out.result = interpreter->run(run_options);
  if (out.result.outcome == Outcome::kCommand) {  // CHAIN, RUN "F", ...: the prompt's
    PromptOptions prompt;
    prompt.disk = options.disk;
    prompt.max_steps = options.max_steps;
    prompt.gw_memory = options.gw_memory;
    prompt.halt = run_options.halt;
    prompt.today = options.today;
    if (options.pace) prompt.pace = [&](double s) { options.pace(s, sink.text()); };
    out.result = Prompt(**machine, prompt)
                     .take_over(listing, std::move(parsed), std::move(interpreter), out.result);
  } else {
    interpreter->shut_down();  // the session closes after the program (PC-BASIC's -n)
  }
  (*machine)->flush();
  out.output = sink.text();
  out.output_limited = sink.full();
  return out;
}

}  // namespace amazing::basic
