// Fuzz target: the BASIC interpreter (src/basic) running a fuzzed program on a small
// batch machine. The input is the listing, then optionally a NUL byte and the lines typed
// at INPUT (one per '\n'). Each run is bounded: a few thousand statements, 16K of RAM.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "basic/run.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  using namespace amazing::basic;
  if (size > 8192) return 0;
  std::string_view all(reinterpret_cast<const char*>(data), size);
  std::string_view listing = all;
  BatchOptions options;
  options.max_steps = 5000;
  options.ram = 16 * 1024;
  options.seed = 7;
  if (auto nul = all.find('\0'); nul != std::string_view::npos) {
    listing = all.substr(0, nul);
    std::string_view typed = all.substr(nul + 1);
    std::size_t pos = 0;
    while (pos < typed.size() && options.input.size() < 64) {
      std::size_t end = typed.find('\n', pos);
      if (end == std::string_view::npos) end = typed.size();
      options.input.emplace_back(typed.substr(pos, end - pos));
      pos = end + 1;
    }
  }
  BatchRun run = run_batch(listing, options);
  if (run.parsed) {
    // The step limit holds (the interpreter counts every statement it starts).
    if (run.result.steps > options.max_steps) std::abort();
    if (run.result.outcome == Outcome::kError && run.result.error.text().empty()) std::abort();
  }
  return 0;
}
