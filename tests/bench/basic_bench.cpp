// The built-in BASIC interpreter on the 1978 book listing: statements per second (the
// counter "stmts/s"), for a 26x40 and a 60x60 maze on the pc machine and a 26x40 maze on
// the c64 machine. Parsing is timed too (listings per second). Skips with a message when
// the listing is missing (roms/README.md says where to put it). BM_RandomPutLen1 times the
// pc's random files: PUT of 1-byte records (LEN=1) on a file in a temporary folder
// ("puts/s"), the case that took about 200 us a record when each PUT looked the file up
// by its name, opened and closed it.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "basic/files.hpp"
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

// N records of one byte each, PUT one after another and then written over from record 1
// (the file stays N bytes long after the first pass).
void BM_RandomPutLen1(benchmark::State& state) {
  namespace fs = std::filesystem;
  std::string folder = (fs::temp_directory_path() / "amazing-bench-XXXXXX").string();
  if (mkdtemp(folder.data()) == nullptr) {
    state.SkipWithError("no temporary folder");
    return;
  }
  const long n = state.range(0);
  {
    amazing::basic::FileTable files;
    files.set_disk(folder);
    if (files.open(1, 'R', "PUT.DAT", 1) != amazing::basic::ErrorCode::kNone) {
      state.SkipWithError("OPEN failed");
    } else {
      amazing::basic::OpenFile& f = *files.get(1);
      std::string& field = files.field(1);
      uint64_t puts = 0;
      for (auto _ : state) {
        for (long r = 1; r <= n; ++r) {
          field[0] = static_cast<char>(r);
          benchmark::DoNotOptimize(f.put(r, field));
        }
        puts += static_cast<uint64_t>(n);
      }
      state.counters["puts/s"] =
          benchmark::Counter(static_cast<double>(puts), benchmark::Counter::kIsRate);
    }
  }
  std::error_code ec;
  fs::remove_all(folder, ec);
}

BENCHMARK(BM_BookPc26x40);
BENCHMARK(BM_BookPc60x60);
BENCHMARK(BM_BookC64_26x40);
BENCHMARK(BM_ParseBook);
BENCHMARK(BM_RandomPutLen1)->Arg(1000)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
