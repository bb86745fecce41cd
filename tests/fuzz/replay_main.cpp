// The replay driver for the normal (non-fuzzing) build: runs LLVMFuzzerTestOneInput once
// on every file named on the command line or found in a folder named there, so the seed
// corpora (tests/fuzz/corpus/<target>/ and the seed folders CMakeLists.txt names) are
// regression tests of the ordinary suite.
// libFuzzer replaces this main in the fuzz build (-DAMAZING_FUZZ=ON).
//   fuzz_json corpus/json            # every file in the folder, in name order
//   fuzz_json crash-1234             # one file
// Exit status: 0 all ran (a crash aborts the process), 2 nothing to run or unreadable.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size);

namespace {

// Seeds are small by design; anything bigger is not a seed.
constexpr std::uintmax_t kMaxSeedBytes = std::uintmax_t{1} << 20;

bool run_file(const std::filesystem::path& path) {
  std::error_code ec;
  auto bytes = std::filesystem::file_size(path, ec);
  if (ec || bytes > kMaxSeedBytes) {
    std::fprintf(stderr, "replay: %s: %s\n", path.c_str(),
                 ec ? ec.message().c_str() : "larger than 1 MiB, not a seed");
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  std::vector<char> data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in.good() && !in.eof()) {
    std::fprintf(stderr, "replay: cannot read %s\n", path.c_str());
    return false;
  }
  // A copy of exactly the file's size, so AddressSanitizer sees reads past the end.
  std::vector<uint8_t> exact(data.begin(), data.end());
  std::fprintf(stderr, "replay: %s (%zu bytes)\n", path.c_str(), exact.size());
  LLVMFuzzerTestOneInput(exact.empty() ? nullptr : exact.data(), exact.size());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::filesystem::path> files;
  for (int i = 1; i < argc; ++i) {
    std::filesystem::path arg = argv[i];
    std::error_code ec;
    if (std::filesystem::is_directory(arg, ec)) {
      std::vector<std::filesystem::path> in_dir;
      for (const auto& entry : std::filesystem::directory_iterator(arg, ec)) {
        if (entry.is_regular_file()) in_dir.push_back(entry.path());
      }
      std::sort(in_dir.begin(), in_dir.end());
      files.insert(files.end(), in_dir.begin(), in_dir.end());
    } else if (std::filesystem::is_regular_file(arg, ec)) {
      files.push_back(arg);
    } else {
      std::fprintf(stderr, "replay: %s is neither a file nor a folder\n", argv[i]);
      return 2;
    }
  }
  if (files.empty()) {
    std::fprintf(stderr, "replay: no input files (usage: %s FILE|DIR...)\n", argv[0]);
    return 2;
  }
  for (const auto& f : files) {
    if (!run_file(f)) return 2;
  }
  std::fprintf(stderr, "replay: %zu inputs ran\n", files.size());
  return 0;
}
