// The C64 recordings (shared/c64, see its README.md) for the c64_* tests: where they are,
// and whether a missing folder is a skip or, with AMAZING_REQUIRE_ORACLE=1, a failure.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

namespace amazing::core::c64_oracle {

inline std::filesystem::path dir() { return AMAZING_C64_DIR; }

inline bool required() {
  const char* v = std::getenv("AMAZING_REQUIRE_ORACLE");
  return v != nullptr && std::string_view(v) == "1";
}

// The whole file, or "" when it is missing or larger than 16 MB (nothing recorded is).
inline std::string read(const std::filesystem::path& p) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(p, ec);
  if (ec || size > (16u << 20)) return {};
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace amazing::core::c64_oracle

// Skips the test when the recording is missing (fails with AMAZING_REQUIRE_ORACLE=1).
#define C64_ORACLE_OR_SKIP(path)                                                          \
  do {                                                                                    \
    if (!std::filesystem::exists(path)) {                                                 \
      if (::amazing::core::c64_oracle::required())                                       \
        FAIL() << "AMAZING_REQUIRE_ORACLE=1 but the C64 recording " << (path)             \
               << " is missing (shared/c64 next to the project, or -DAMAZING_SHARED_DIR)"; \
      GTEST_SKIP() << "no C64 recording at " << (path)                                    \
                   << " (the shared/c64 folder is not next to the project)";              \
    }                                                                                     \
  } while (0)
