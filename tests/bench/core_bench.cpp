// The 1978 walk, its floor, its renderer and both together: cells per second
// (items_per_second; each generator's are in generators_bench.cpp).
//   build/tests/bench/core_bench --benchmark_filter='Walk|Floor|Render'
// BM_Floor is the yardstick of the speed goal: per cell one GW RND step and one nibble
// written, nothing else; the walk is to cost at most 10 times that. The whole command is
// measured separately with
//   /usr/bin/time -v build/amazing gen --size 8000x8000 --variant fixed --ram unlimited >/dev/null
// (wall time, CPU time and "Maximum resident set size").
//
// Measured (RelWithDebInfo, AMD EPYC (Zen 3) VM with 2 cores shared with other builds, load
// 14-22; CPU times, medians of 3+ runs; the noise is about 7%):
//   BM_Walk 1000 fixed  29.1 (first) -> 37.0 (visited bitset) -> 68-70 Mcells/s (now)
//   BM_Walk 8000 fixed  28.8 -> 31.8 -> 55-58 Mcells/s      book: the same within noise
//   BM_Floor 524 Mcells/s at both sizes: the walk is 7.5 times the floor at 1000, 9 at 8000.
//   BM_WalkAndText 65 (1000) / 56 (8000) Mcells/s; BM_Render 1000 / 1300 Mcells/s.
//   gen 8000x8000 fixed --ram unlimited >/dev/null: 2.85 -> 1.06-1.12 s user (0.04 s sys),
//   peak RSS 45.9 -> 45.9 MB, the same bytes (sha256 against the build before).
// What made it: whether a visited cell has a move is read from the visited bitset, a
// word's 64 cells at once (three rows and the word's neighbours), so the dead-end scan
// passes 64 cells a step with no branch per candidate (before: a kLive bit a nibble, 16
// cells a word, and about 0.7 candidates a cell found dead one by one, each an
// unpredictable branch); the moves write only the wall bit; the scan runs inside the move
// loop; and gen no longer counts dead ends for --braid 0 (a pass over every cell that cost
// as much as the walk). Tried and dropped (no gain beyond the noise): a summary bit a word
// of cells all visited and stuck (62% of the words the scan reads at 8000, but its cost is
// the first, uncached words, not their number); 16-byte table entries; the wall writes
// logged and applied 512 at a time; -march=native (+4%).
// Where the time goes now (perf, cpu-clock samples, the whole gen 8000x8000 command): 73%
// the moves, 17% the scan (6.5 million scans; about 33 ns each, mostly the first loads of
// rows ahead, not yet in cache, and one division to find the row), 3% the text, 1.5%
// zeroing the store, the rest the kernel. A move is one chain of dependent steps: four
// bitset loads at the new position, the neighbour mask, one table load by mask and draws,
// the position's add (about 20 cycles); the RND step runs beside it. The rest of a move's
// 35-40 cycles is waiting on memory: at 8000x8000 the wall's read-modify-write in the 32 MB
// store and the bitset rows above and below miss the caches when the walk turns.
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

// The walk and its text, as gen does it without the writes: what the 1978 program costs.
void BM_WalkAndText(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  Ram ram(kUnlimited);
  std::string out;
  for (auto _ : state) {
    GwRnd rnd;
    auto maze = generate_amazing(ram, n, n, Variant::kFixed, rnd);
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
}
BENCHMARK(BM_WalkAndText)->Arg(1000)->Arg(8000)->Unit(benchmark::kMillisecond);

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
