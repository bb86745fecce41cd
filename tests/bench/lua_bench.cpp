// The Lua engine (scripts/amazing.lua on the machine) against the native engine: one maze
// printed to memory, at 40x25 (including the Lua state's start-up and the machine) and at
// 1000x1000. Run: build/tests/bench/lua_bench
// Also the sandbox's own pattern matcher (src/lua/patterns.cpp, every step charged) against
// the stock string library on the same script: BM_Patterns/sandbox and BM_Patterns/stock.
#include <benchmark/benchmark.h>

extern "C" {
#include <lauxlib.h>
#include <lualib.h>
}

#include <string>

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

// One generator script (scripts/generators/NAME.lua, built in) making one maze, as
// `gen --engine lua --algorithm NAME` runs it (maze_only, the text it prints counted).
// Run one: build/tests/bench/lua_bench --benchmark_filter='LuaGenerator/wilson'
void BM_LuaGenerator(benchmark::State& state, const char* name, int w, int h) {
  std::string_view source = *lua::embedded_script(std::string(name) + ".lua");
  for (auto _ : state) {
    CountingSink sink;
    machine::MachineConfig cfg;
    cfg.ram = core::kUnlimited;
    cfg.batch = true;
    cfg.batch_width = 0;
    cfg.output = &sink;
    machine::Machine m(cfg);
    lua::Limits limits;
    limits.max_steps = 0;
    lua::Engine engine(m, limits);
    lua::ScriptArgs args;
    args.width = w;
    args.length = h;
    args.maze_only = true;
    lua::RunResult r = engine.run(source, std::string(name) + ".lua", args);
    if (!r.ok()) state.SkipWithError(r.message.c_str());
  }
  state.counters["cells/s"] =
      benchmark::Counter(static_cast<double>(w) * h, benchmark::Counter::kIsIterationInvariantRate);
}

#define AMAZING_LUA_GENERATOR(NAME, ID)                                \
  BENCHMARK_CAPTURE(BM_LuaGenerator, ID##_1000x1000, NAME, 1000, 1000) \
      ->Unit(benchmark::kMillisecond)                                  \
      ->Iterations(1)
AMAZING_LUA_GENERATOR("whitney", whitney);
AMAZING_LUA_GENERATOR("restart", restart);
AMAZING_LUA_GENERATOR("backtracker", backtracker);
AMAZING_LUA_GENERATOR("aldous-broder", aldous_broder);
AMAZING_LUA_GENERATOR("wilson", wilson);
AMAZING_LUA_GENERATOR("hunt-and-kill", hunt_and_kill);
AMAZING_LUA_GENERATOR("binary-tree", binary_tree);
AMAZING_LUA_GENERATOR("sidewinder", sidewinder);
AMAZING_LUA_GENERATOR("eller", eller);
AMAZING_LUA_GENERATOR("kruskal", kruskal);
AMAZING_LUA_GENERATOR("prim", prim);
AMAZING_LUA_GENERATOR("growing-tree", growing_tree);
AMAZING_LUA_GENERATOR("recursive-division", recursive_division);

// find, match, gmatch and gsub over a 10 KB text: words, swapped pairs, digit runs and a
// search that fails after backtracking at every 'lazy'.
constexpr const char* kPatternScript = R"lua(
local s = ("the quick brown fox jumps over the lazy dog 12345 "):rep(200)
local n = 0
for i = 1, 10 do
  for w in s:gmatch("%a+") do n = n + #w end
  n = n + #(s:gsub("(%w+) (%w+)", "%2 %1"))
  n = n + (s:find("lazy%s+cat") or 0)
  for a, b in s:gmatch("(%d)(%d+)") do n = n + #b end
  n = n + #(s:match("^(.-)dog") or "")
end
return n
)lua";

void BM_PatternsSandbox(benchmark::State& state) {
  for (auto _ : state) {
    CountingSink sink;
    machine::MachineConfig cfg;
    cfg.batch = true;
    cfg.output = &sink;
    machine::Machine m(cfg);
    lua::Limits limits;
    limits.max_steps = 0;
    lua::Engine engine(m, limits);
    lua::RunResult r = engine.run(kPatternScript, "patterns.lua", lua::ScriptArgs{});
    if (!r.ok()) state.SkipWithError(r.message.c_str());
  }
}

void BM_PatternsStock(benchmark::State& state) {
  for (auto _ : state) {
    lua_State* L = luaL_newstate();
    luaL_openlibs(L);
    if (luaL_dostring(L, kPatternScript) != LUA_OK) state.SkipWithError(lua_tostring(L, -1));
    lua_close(L);
  }
}

BENCHMARK(BM_PatternsSandbox)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PatternsStock)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LuaStartup)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_LuaEngine)->Args({40, 25})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_NativeEngine)->Args({40, 25})->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LuaEngine)->Args({1000, 1000})->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_NativeEngine)->Args({1000, 1000})->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace

BENCHMARK_MAIN();
