// The 1978 walk and its renderer: cells per second at 1000x1000 and 8000x8000.
// Run: build/tests/bench/core_bench   (cells_per_second is reported as a rate)
// The whole command of the speed goal is measured separately with
//   /usr/bin/time -v build/amazing gen --size 8000x8000 --variant fixed --ram unlimited >/dev/null
// (wall time and "Maximum resident set size").

#include <benchmark/benchmark.h>

#include "core/amazing_walk.hpp"
#include "core/render.hpp"

namespace amazing::core {
namespace {

void BM_Walk(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const Variant v = static_cast<Variant>(state.range(1));
  Ram ram(kUnlimited);
  WalkStats stats;
  for (auto _ : state) {
    GwRnd rnd;
    auto maze = generate_amazing(ram, n, n, v, rnd, &stats);
    benchmark::DoNotOptimize(maze.ok());
  }
  state.counters["cells_per_second"] = benchmark::Counter(
      static_cast<double>(n) * n * state.iterations(), benchmark::Counter::kIsRate);
  state.counters["bytes_per_cell"] = static_cast<double>(Maze::bytes_for(n, n)) / (double(n) * n);
  state.counters["scans"] = static_cast<double>(stats.scans);
  state.SetLabel(std::string(variant_name(v)));
}
BENCHMARK(BM_Walk)
    ->Args({1000, static_cast<int>(Variant::kFixed)})
    ->Args({1000, static_cast<int>(Variant::kBook)})
    ->Args({8000, static_cast<int>(Variant::kFixed)})
    ->Unit(benchmark::kMillisecond);

void BM_Render(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  Ram ram(kUnlimited);
  GwRnd rnd;
  auto maze = generate_amazing(ram, n, n, Variant::kFixed, rnd);
  std::string out;
  for (auto _ : state) {
    out.clear();
    TextRenderer r;
    r.top(*maze, out);
    for (int row = 0; row < n; ++row) {
      r.row(*maze, row, out);
      if (out.size() > (1 << 20)) out.clear();  // what gen does: stream in 1 MB pieces
    }
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["cells_per_second"] = benchmark::Counter(
      static_cast<double>(n) * n * state.iterations(), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Render)->Arg(1000)->Arg(8000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace amazing::core

BENCHMARK_MAIN();
