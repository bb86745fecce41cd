// Records in the user's data folder: DATA/records (basic::user_data_folder:
// $XDG_DATA_HOME/amazing or ~/.local/share/amazing), the text of core::RecordBook in the
// save-data format (core/save_data.hpp), read and replaced whole by the same store as a
// Lua script's saves (cli/save_store.hpp: no symbolic link followed, at most 64 KB,
// cli/atomic_file.hpp). A damaged file reads as no records, with a warning; the next
// record replaces it.
//
//   RecordKeeper keeper(MachineKind::kPc);
//   config.on_finish = keeper.hook();     // the finish box's lines (tui::PlayConfig)
//   ... play ...
//   keeper.print_warnings();              // on stderr, once the terminal is given back
//   records_command(argc, argv)           // amazing records: the list, a line each
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "cli/args.hpp"
#include "core/records.hpp"
#include "tui/play.hpp"

namespace amazing::cli {

// DATA/records; nullopt when there is no data folder (neither XDG_DATA_HOME nor HOME).
std::optional<std::filesystem::path> records_file();

// The records in `file`; what could not be read goes to `warnings` (the book is then
// empty).
core::RecordBook read_records(const std::filesystem::path& file,
                              std::vector<std::string>& warnings);

// The finish box's lines for a finish's news: "FIRST FINISH OF THIS MAZE", "NEW RECORD
// TIME! (WAS 0:45.1)", "NEW RECORD MOVES! (WAS 40)", or the record still standing.
std::vector<std::string> record_box_lines(const core::RecordNews& news);

class RecordKeeper {
 public:
  explicit RecordKeeper(MachineKind machine) : machine_(machine) {}
  // Each finish: the file is read again (another game may have written it), the finish
  // added, the file replaced; the lines tell the player. A script of the user's makes
  // mazes no key can name again: those finishes are not kept.
  std::vector<std::string> finished(const tui::Finish& finish);
  std::function<std::vector<std::string>(const tui::Finish&)> hook() {
    return [this](const tui::Finish& f) { return finished(f); };
  }
  void print_warnings() const;
  const std::vector<std::string>& warnings() const { return warnings_; }

 private:
  MachineKind machine_;
  std::vector<std::string> warnings_;
};

int records_command(int argc, char** argv);

}  // namespace amazing::cli
