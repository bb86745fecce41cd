// The built-in BASIC interpreter on the 1978 book listing: statements per second (the
// counter "stmts/s"), for a 26x40 and a 60x60 maze on the pc machine and a 26x40 maze on
// the c64 machine. Parsing is timed too (listings per second). Skips with a message when
// the listing is missing (roms/README.md says where to put it).
#include <benchmark/benchmark.h>

#include <string>

#include "basic/listing.hpp"
#include "basic/run.hpp"

namespace {

using amazing::basic::BatchOptions;
using amazing::basic::BatchRun;

const std::string* book() {
  static const auto listing = amazing::basic::find_listing(amazing::core::Variant::kBook);
  return listing ? &listing->text : nullptr;
}

void run_maze(benchmark::State& state, amazing::basic::Dialect dialect, const char* size) {
  const std::string* text = book();
  if (text == nullptr) {
    state.SkipWithError("the book listing is missing (roms/README.md)");
    return;
  }
  BatchOptions o;
  o.dialect = dialect;
  o.input = {size};
  uint64_t steps = 0;
  for (auto _ : state) {
    BatchRun r = amazing::basic::run_batch(*text, o);
    benchmark::DoNotOptimize(r.output.data());
    steps += r.result.steps;
  }
  state.counters["stmts/s"] =
      benchmark::Counter(static_cast<double>(steps), benchmark::Counter::kIsRate);
}

void BM_BookPc26x40(benchmark::State& s) { run_maze(s, amazing::basic::Dialect::kPc, "26,40"); }
void BM_BookPc60x60(benchmark::State& s) { run_maze(s, amazing::basic::Dialect::kPc, "60,60"); }
void BM_BookC64_26x40(benchmark::State& s) {
  run_maze(s, amazing::basic::Dialect::kC64, "26,40");
}

void BM_ParseBook(benchmark::State& state) {
  const std::string* text = book();
  if (text == nullptr) {
    state.SkipWithError("the book listing is missing (roms/README.md)");
    return;
  }
  for (auto _ : state) {
    auto p = amazing::basic::parse_program(*text);
    benchmark::DoNotOptimize(p);
  }
}

BENCHMARK(BM_BookPc26x40);
BENCHMARK(BM_BookPc60x60);
BENCHMARK(BM_BookC64_26x40);
BENCHMARK(BM_ParseBook);

}  // namespace

BENCHMARK_MAIN();
