// Helpers shared by the prompt's tests (prompt_test.cpp, prompt_commands_test.cpp): the
// recorded sessions' files and the README's way of comparing them.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "support/files.hpp"

namespace amazing::basic::prompt_testing {

using amazing::test::slurp;

// The typed lines of a session file (CR LF or LF line ends).
inline std::vector<std::string> typed_lines(const std::filesystem::path& path) {
  return amazing::test::crlf_lines_of(slurp(path));
}

// The recordings' conventions (../shared/prompt/README.md): every CR and 0xFF dropped; on
// the c64 from the line after the first READY.
inline std::string comparable(const std::string& text, bool c64) {
  std::string out;
  for (char c : text) {
    if (c != '\r' && c != '\xFF') out += c;
  }
  if (c64) {
    std::size_t at = out.find("READY.\n");
    if (at != std::string::npos) out.erase(0, at + 7);
  }
  return out;
}

// Bytes as lower-case hex digits, for comparing saved files.
inline std::string hex(std::string_view bytes) {
  static const char* kDigits = "0123456789abcdef";
  std::string out;
  for (char c : bytes) {
    auto u = static_cast<unsigned char>(c);
    out += kDigits[u >> 4];
    out += kDigits[u & 15];
  }
  return out;
}

// A fresh folder for the disk, removed afterwards.
class TempDir {
 public:
  TempDir() {
    path_ = std::filesystem::temp_directory_path() /
            ("amazing-prompt-" + std::to_string(::getpid()) + "-" + std::to_string(counter_++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
  static inline int counter_ = 0;
};

}  // namespace amazing::basic::prompt_testing
