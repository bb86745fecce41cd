// Running a listing in one call: parse, build the machine, seed RND, feed typed lines,
// collect what was printed. Used by `amazing basic`, `gen --engine basic`, `compare` and
// the tests.
//   BatchRun r = run_batch(listing_text, {.seed = 7, .input = {"10,12"}});
//   r.output   // what PC-BASIC prints on stdout for the same program and input (CRLF->LF)
// The output is held in memory, so it is capped (max_output): a program that prints on
// and on stops with Outcome::kHalted and output_limited set, never grows without bound.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "basic/interpreter.hpp"
#include "core/ram.hpp"

namespace amazing::basic {

struct BatchOptions {
  std::optional<uint32_t> rnd_state;  // a raw 24-bit RND state to start from (tests)
  // N%=seed: RANDOMIZE N% before the program (after that); on Dialect::kC64 the line
  // X=RND(-(N)) before the program instead.
  std::optional<int16_t> seed;
  // kC64: Commodore 64 BASIC V2 (no echo of typed lines, output never wrapped, the C64's
  // memory); see Dialect.
  Dialect dialect = Dialect::kPc;
  std::vector<std::string> input;  // lines typed, in order; then input ends
  int width = 80;                  // output columns; 0 never breaks a line
  std::size_t ram = core::kUnlimited;
  // kPc: GW-BASIC's 60300 bytes bound the program (RunOptions::gw_memory); false when
  // `ram` is a size of the user's own (--ram).
  bool gw_memory = true;
  uint64_t max_steps = 0;  // 0: no limit
  // The most output held: past it the run stops (Outcome::kHalted, output_limited) and
  // output keeps only the first max_output bytes.
  std::size_t max_output = kDefaultMaxOutput;
  // Called every few statements (RunOptions::kPacedTickStatements) with the emulated
  // seconds so far and everything printed so far: a host that paces itself to the real
  // machine (--speed original) shows what is new and waits there.
  std::function<void(double seconds, const std::string& printed)> pace;
  static constexpr std::size_t kDefaultMaxOutput = 16u << 20;
  std::function<std::array<int, 3>()> today;  // RunOptions::today
  std::filesystem::path disk;                 // RunOptions::disk (empty: no disk)
};

struct BatchRun {
  bool parsed = false;  // false: the listing could not be loaded (see load_error)
  std::string load_error;
  std::string output;  // everything printed, LF line ends
  RunResult result;
  bool output_limited = false;  // the output reached BatchOptions::max_output
};

// The line PC-BASIC runs before a listing for --seed N (tests/conformance/oracle.py).
std::string gw_seed_line(int16_t seed);

// The memory a listing's run starts with, as the real machine has it for --seed N: the
// program's bytes, the seed's line counted in (the pc's RND is seeded by the caller).
void set_memory(RunOptions& run, std::string_view listing, Dialect dialect,
                std::optional<int16_t> seed, bool gw_memory);

BatchRun run_batch(std::string_view listing, const BatchOptions& options);

}  // namespace amazing::basic
