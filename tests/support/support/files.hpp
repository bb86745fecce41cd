// Files for the tests: read whole, split into lines, written whole, a folder of the
// test's own that goes away with it.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace amazing::test {

// The bytes of `path` ("" when it cannot be read).
std::string slurp(const std::filesystem::path& path);

// `text` split at '\n' (no line ends kept); a last line without '\n' counts too.
std::vector<std::string> lines_of(const std::string& text);

// As lines_of, each line's last CR dropped too: a file with CR LF or LF line ends.
std::vector<std::string> crlf_lines_of(const std::string& text);

// Writes `text` to `path` (replacing it); returns the path.
std::string write_file(const std::filesystem::path& path, const std::string& text);

// A fresh folder under the temporary directory (named after `stem` and made unique by
// mkdtemp), removed with everything in it when the object goes.
class TempDir {
 public:
  explicit TempDir(const std::string& stem = "amazing-test");
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

}  // namespace amazing::test
