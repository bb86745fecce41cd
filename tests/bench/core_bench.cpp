// The 1978 walk, its floor and its renderer: cells per second (items_per_second).
//   build/tests/bench/core_bench --benchmark_filter='Walk|Floor|Render'
// BM_Floor is the yardstick of the speed goal: per cell one GW RND step and one nibble
// written, nothing else; the walk is to cost at most 10 times that. The whole command is
// measured separately with
//   /usr/bin/time -v build/amazing gen --size 8000x8000 --variant fixed --ram unlimited >/dev/null
// (wall time, CPU time and "Maximum resident set size").
//
// Measured (RelWithDebInfo, AMD EPYC VM with 2 cores shared with other builds; CPU
// times) before and after the walk's visited bitset and one-entry-a-move table:
//   BM_Walk 1000 fixed  29.1 -> 37.0 Mcells/s     BM_Walk 1000 book  32.4 -> 37.5
//   BM_Walk 8000 fixed  28.8 -> 31.8 Mcells/s     BM_Walk 8000 book  (new case) 32.1
//   BM_Floor 504-519 and BM_Render 914 (1000) / 1135 (8000) Mcells/s, unchanged: the walk
//   is 16 times the floor, not 10.
//   gen 8000x8000 fixed, run back to back: 3.77 -> 3.49 s wall, 3.56 -> 3.17 s user,
//   RSS 39.4 -> 45.9 MB (the bitset, 8 MB); the same bytes (md5 against the build before).
// Where the time goes (perf, cpu-clock samples, BM_Walk 1000 fixed): about 60% the moves
// (run_moves), 30% the dead-end scan (scan_from and find_next), 3% step(). A move is one
// chain of dependent steps: four bitset loads at the new position, the neighbour mask,
// one table load by mask and draws, the position's add; the RND step runs beside it but
// joins it (whether a draw happened depends on the mask). About 80 cycles a cell against
// the floor's 5 (one multiply-add a cell, nothing dependent on memory) at these loads.
// The scan's cost is a branch per candidate that cannot be predicted (dead or not).

#include <benchmark/benchmark.h>

#include "core/amazing_walk.hpp"
#include "core/render.hpp"

namespace amazing::core {
namespace {

void set_cells_rate(benchmark::State& state, double cells) {
  state.SetItemsProcessed(static_cast<int64_t>(cells * static_cast<double>(state.iterations())));
  state.counters["Mcells/s"] = benchmark::Counter(
      cells / 1e6 * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

// The walk alone (the maze's allocation out of the timing).
void BM_Walk(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const Variant v = static_cast<Variant>(state.range(1));
  Ram ram(kUnlimited);
  WalkStats stats;
  for (auto _ : state) {
    state.PauseTiming();
    auto maze = Maze::create(ram, n, n);
    GwRnd rnd;
    state.ResumeTiming();
    AmazingWalk walk(*maze, rnd, v);
    walk.run();
    stats = walk.stats();
    benchmark::DoNotOptimize(maze->store().get(0));
    state.PauseTiming();
    maze = Error{""};
    state.ResumeTiming();
  }
  set_cells_rate(state, static_cast<double>(n) * n);
  state.counters["bytes_per_cell"] = static_cast<double>(Maze::bytes_for(n, n)) / (double(n) * n);
  state.counters["scans"] = static_cast<double>(stats.scans);
  state.counters["decisions"] = static_cast<double>(stats.decisions);
  state.SetLabel(std::string(variant_name(v)));
}
BENCHMARK(BM_Walk)
    ->Args({1000, static_cast<int>(Variant::kFixed)})
    ->Args({1000, static_cast<int>(Variant::kBook)})
    ->Args({8000, static_cast<int>(Variant::kFixed)})
    ->Args({8000, static_cast<int>(Variant::kBook)})
    ->Unit(benchmark::kMillisecond);

// The floor: for each cell one GW RND step and one nibble written (the step's top four
// bits), in the same store the walk fills. Nothing the walk does per cell can cost less.
void BM_Floor(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  Ram ram(kUnlimited);
  auto maze = Maze::create(ram, n, n);
  uint8_t* const bytes = maze->store().bytes().data();
  const std::size_t cells = maze->cells();
  uint32_t s = GwRnd::kPowerOnState;
  for (auto _ : state) {
    for (std::size_t i = 0; i < cells; ++i) {
      s = GwRnd::next_state(s);
      bytes[i >> 1] |= static_cast<uint8_t>((s >> 20) << ((i & 1) * 4));
    }
    benchmark::DoNotOptimize(bytes[0]);
    benchmark::ClobberMemory();
  }
  set_cells_rate(state, static_cast<double>(cells));
}
BENCHMARK(BM_Floor)->Arg(1000)->Arg(8000)->Unit(benchmark::kMillisecond);

// The text of a walked maze, rows gathered and dropped in 1 MB pieces as gen streams them.
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
      if (out.size() > (1 << 20)) out.clear();
    }
    benchmark::DoNotOptimize(out.data());
  }
  set_cells_rate(state, static_cast<double>(n) * n);
  state.counters["bytes_per_second"] = benchmark::Counter(
      static_cast<double>((3 * n + 2) * (2 * n + 1)) * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Render)->Arg(1000)->Arg(8000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace amazing::core

BENCHMARK_MAIN();
