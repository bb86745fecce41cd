// Speed and memory of the generators: Mcells/s (items_per_second) at 1000x1000 and
// 4000x4000, and bytes per cell: the store (0.5) plus what the algorithm needs besides
// (stacks, lists, union-find), measured as the generator's peak scratch_bytes().
//   build-x/tests/bench/generators_bench --benchmark_filter=wilson

#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "core/generators/eller.hpp"
#include "core/generators/generator.hpp"
#include "core/maze.hpp"
#include "core/ram.hpp"
#include "core/rnd.hpp"

namespace {

using namespace amazing::core;

// starts = 1 replaces the backtracker's longest-path markers (a tree walk) by fixed ones,
// to show what the carving alone costs.
void BM_Generate(benchmark::State& state, std::string algo, int starts) {
  const int side = static_cast<int>(state.range(0));
  Ram ram(kUnlimited);
  GwRnd rnd;
  rnd.randomize(1978);
  std::size_t store = 0, scratch = 0;
  for (auto _ : state) {
    state.PauseTiming();
    auto maze = Maze::create(ram, side, side);
    state.ResumeTiming();
    GeneratorOptions opt;
    opt.starts = starts;
    auto gen = make_generator(algo, *maze, rnd, opt);
    (*gen)->run();
    benchmark::DoNotOptimize(maze->store().get(0));
    store = maze->store().byte_size();
    scratch = std::max(scratch, (*gen)->scratch_bytes());
    state.PauseTiming();
    gen->reset();
    maze = Error{""};
    state.ResumeTiming();
  }
  const double cells = static_cast<double>(side) * side;
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(cells));
  state.counters["store_B/cell"] = static_cast<double>(store) / cells;
  state.counters["extra_B/cell"] = static_cast<double>(scratch) / cells;
  state.counters["Mcells/s"] =
      benchmark::Counter(cells / 1e6 * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

// Eller streaming: rows of `width` cells, 1000 rows an iteration; memory stays the row's.
void BM_EllerStream(benchmark::State& state) {
  const int width = static_cast<int>(state.range(0));
  GwRnd rnd;
  EllerRows rows(width, rnd);
  std::vector<uint8_t> buf(static_cast<std::size_t>(width));
  for (auto _ : state) {
    for (int r = 0; r < 1000; ++r) rows.next_row(buf.data(), false);
    benchmark::DoNotOptimize(buf.data());
  }
  const double cells = 1000.0 * width;
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(cells));
  state.counters["Mcells/s"] =
      benchmark::Counter(cells / 1e6 * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["memory_B"] = static_cast<double>(rows.memory_bytes() + buf.size());
}

const int kRegistered = [] {
  for (auto name : generator_names()) {
    std::string algo(name);
    auto* b = benchmark::RegisterBenchmark(("generate/" + algo).c_str(), BM_Generate, algo, 0)
                  ->Unit(benchmark::kMillisecond)
                  ->Arg(1000);
    // The random walks take many seconds at 16M cells; one run each is enough there.
    if (algo == "aldous-broder" || algo == "restart" || algo == "wilson")
      benchmark::RegisterBenchmark(("generate/" + algo).c_str(), BM_Generate, algo, 0)
          ->Unit(benchmark::kMillisecond)
          ->Arg(4000)
          ->Iterations(1);
    else
      b->Arg(4000);
  }
  benchmark::RegisterBenchmark("generate/backtracker-without-longest-path", BM_Generate,
                               std::string("backtracker"), 1)
      ->Unit(benchmark::kMillisecond)
      ->Arg(1000)
      ->Arg(4000);
  benchmark::RegisterBenchmark("eller_stream", BM_EllerStream)->Arg(1000)->Arg(4000);
  return 0;
}();

}  // namespace

BENCHMARK_MAIN();
