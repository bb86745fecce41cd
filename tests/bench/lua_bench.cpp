// The Lua engine (scripts/amazing.lua on the machine) against the native engine: one maze
// printed to memory, at 40x25 (including the Lua state's start-up and the machine) and at
// 1000x1000. Run: build/tests/bench/lua_bench
#include <benchmark/benchmark.h>

#include "core/amazing_walk.hpp"
#include "core/render.hpp"
#include "lua/embedded_scripts.hpp"
#include "lua/engine.hpp"
#include "machine/machine.hpp"

namespace {

using namespace amazing;

// Counts what it is given, so the benchmark measures making the text, not storing it.
class CountingSink : public machine::OutputSink {
 public:
  void put(std::string_view text) override { bytes_ += text.size(); }
  std::size_t bytes() const { return bytes_; }

 private:
  std::size_t bytes_ = 0;
};

void BM_LuaEngine(benchmark::State& state) {
  const int w = static_cast<int>(state.range(0));
  const int h = static_cast<int>(state.range(1));
  std::string_view source = *lua::embedded_script("amazing.lua");
  std::size_t bytes = 0;
  for (auto _ : state) {
    CountingSink sink;
    machine::MachineConfig cfg;
    cfg.ram = core::kUnlimited;
    cfg.batch = true;
    cfg.batch_width = 0;
    cfg.output = &sink;
    machine::Machine m(cfg);
    lua::Limits limits;
    limits.max_steps = 0;  // no step limit: the benchmark measures the script alone
    lua::Engine engine(m, limits);
    lua::ScriptArgs args;
    args.width = w;
    args.length = h;
    args.maze_only = true;
    lua::RunResult r = engine.run(source, "amazing.lua", args);
    if (!r.ok()) state.SkipWithError(r.message.c_str());
    bytes = sink.bytes();
  }
  state.counters["cells/s"] =
      benchmark::Counter(static_cast<double>(w) * h, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["bytes"] = static_cast<double>(bytes);
}

void BM_NativeEngine(benchmark::State& state) {
  const int w = static_cast<int>(state.range(0));
  const int h = static_cast<int>(state.range(1));
  std::size_t bytes = 0;
  for (auto _ : state) {
    core::Ram ram(core::kUnlimited);
    core::GwRnd rnd;
    auto maze = core::generate_amazing(ram, w, h, core::Variant::kBook, rnd);
    std::string out;
    core::TextRenderer renderer(0);
    renderer.all(*maze, out);
    bytes = out.size();
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["cells/s"] =
      benchmark::Counter(static_cast<double>(w) * h, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["bytes"] = static_cast<double>(bytes);
}

// The Lua state alone: start-up, sandbox and the amazing table, an empty chunk.
void BM_LuaStartup(benchmark::State& state) {
  for (auto _ : state) {
    CountingSink sink;
    machine::MachineConfig cfg;
    cfg.batch = true;
    cfg.output = &sink;
    machine::Machine m(cfg);
    lua::Engine engine(m, lua::Limits{});
    benchmark::DoNotOptimize(engine.run("", "empty.lua", lua::ScriptArgs{}).ok());
  }
}

BENCHMARK(BM_LuaStartup)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_LuaEngine)->Args({40, 25})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_NativeEngine)->Args({40, 25})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LuaEngine)->Args({1000, 1000})->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_NativeEngine)->Args({1000, 1000})->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace

BENCHMARK_MAIN();
