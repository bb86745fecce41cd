// Where the program's own files are (the Lua scripts and examples, the roms/ folder for
// the listings), found from the running binary's own path, never from a path compiled
// into it, so an installed copy works with the source tree gone:
//   PREFIX/bin/amazing  -> PREFIX/share/amazing   (cmake --install, README "Install")
//   BUILD/amazing       -> BUILD/share/amazing    (a build tree: CMake links its scripts/
//                                                  and roms/ to the source tree's, and
//                                                  shared/ to the folder beside it)
//
//   if (auto dir = machine::data_dir()) ... *dir / "scripts" / "examples"
#pragma once

#include <filesystem>
#include <optional>
#include <vector>

namespace amazing::machine {

// The folders data_dir() tries for a binary at `exe`, in order.
std::vector<std::filesystem::path> data_dir_candidates(const std::filesystem::path& exe);

// The first of data_dir_candidates(the running binary) that is a folder; nullopt when the
// binary's path cannot be read or none is there.
std::optional<std::filesystem::path> data_dir();

}  // namespace amazing::machine
