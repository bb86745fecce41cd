// The save store `amazing run` gives a script (amazing.save / amazing.load): one file a
// script, DATA/saves/NAME.save in the user's data folder (basic::user_data_folder:
// $XDG_DATA_HOME/amazing or ~/.local/share/amazing). NAME is the script's base name
// without ".lua", sanitised ("maze_game" for scripts/examples/maze_game.lua, "amazing" for
// the built-in amazing.lua); the script never chooses a path. The file is read without
// following a symbolic link and at most core::kMaxSaveBytes of it, and replaced whole
// (cli/atomic_file.hpp). What could not be used is kept as a warning for the caller to
// show once the run is over.
//
//   FileSaveStore store(FileSaveStore::file_for(script.name));   // nullopt: no data folder
//   engine.use_store(&store);
//   ... run ...
//   for (const std::string& w : store.warnings()) print a warning
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lua/engine.hpp"

namespace amazing::cli {

class FileSaveStore : public lua::SaveStore {
 public:
  explicit FileSaveStore(std::filesystem::path file) : file_(std::move(file)) {}

  // The store's name for a script's name (a path or a built-in's name): its base name
  // without ".lua", each byte but letters, digits, '-', '_' and '.' made '_', no leading
  // dot, at most 64 bytes; "script" when nothing is left.
  static std::string store_name(std::string_view script_name);
  // DATA/saves/NAME.save for the script; nullopt when there is no data folder (neither
  // XDG_DATA_HOME nor HOME is set).
  static std::optional<std::filesystem::path> file_for(std::string_view script_name);

  core::Result<std::string> read() override;
  core::Status write(std::string_view text) override;
  void warn(std::string_view why) override;

  const std::filesystem::path& file() const { return file_; }
  const std::vector<std::string>& warnings() const { return warnings_; }

 private:
  std::filesystem::path file_;
  std::vector<std::string> warnings_;
};

}  // namespace amazing::cli
