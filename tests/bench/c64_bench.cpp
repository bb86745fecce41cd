// C64 RND against GW-BASIC's: draws of INT(RND(1)*3+1) per second, and the native C64
// walk (every decision through the 5-byte arithmetic) at 100x100.
// Run: build/tests/bench/c64_bench   (draws_per_second and cells_per_second are rates)

#include <benchmark/benchmark.h>

#include "core/amazing_walk.hpp"
#include "core/c64_rnd.hpp"
#include "core/rnd.hpp"

namespace amazing::core {
namespace {

void BM_DrawGwRnd(benchmark::State& state) {
  GwRnd rnd;
  int sum = 0;
  for (auto _ : state) {
    sum += rnd.draw(3);
    benchmark::DoNotOptimize(sum);
  }
  state.counters["draws_per_second"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_DrawGwRnd);

void BM_DrawC64Rnd(benchmark::State& state) {
  C64Rnd rnd;
  int sum = 0;
  for (auto _ : state) {
    sum += rnd.draw(3);
    benchmark::DoNotOptimize(sum);
  }
  state.counters["draws_per_second"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_DrawC64Rnd);

// RND(1) alone (the multiply, add, byte reversal and rounding into the seed).
void BM_NextC64Rnd(benchmark::State& state) {
  C64Rnd rnd;
  for (auto _ : state) benchmark::DoNotOptimize(rnd.next());
  state.counters["draws_per_second"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_NextC64Rnd);

template <class Rnd>
void BM_WalkWith(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  Ram ram(kUnlimited);
  for (auto _ : state) {
    Rnd rnd;
    auto run = run_amazing(ram, n, n, Variant::kFixed, rnd);
    benchmark::DoNotOptimize(run.ok());
  }
  state.counters["cells_per_second"] = benchmark::Counter(
      static_cast<double>(n) * n * state.iterations(), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_WalkWith<GwRnd>)->Arg(100)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_WalkWith<C64Rnd>)->Arg(100)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace amazing::core

BENCHMARK_MAIN();
