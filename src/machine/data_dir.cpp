// Data folder: see data_dir.hpp.
#include "machine/data_dir.hpp"

#include <system_error>

namespace amazing::machine {

namespace fs = std::filesystem;

std::vector<fs::path> data_dir_candidates(const fs::path& exe) {
  const fs::path bin = exe.parent_path();
  return {bin.parent_path() / "share" / "amazing", bin / "share" / "amazing"};
}

std::optional<fs::path> data_dir() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec || exe.empty()) return std::nullopt;
  for (const fs::path& dir : data_dir_candidates(exe))
    if (fs::is_directory(dir, ec)) return dir;
  return std::nullopt;
}

}  // namespace amazing::machine
