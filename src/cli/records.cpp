// amazing records, and the records play keeps (records.hpp).

#include "cli/records.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <CLI/CLI.hpp>

#include "basic/disk.hpp"
#include "cli/cli11_help.hpp"
#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "cli/save_store.hpp"
#include "core/save_data.hpp"
#include "core/text.hpp"
#include "machine/kind.hpp"

namespace amazing::cli {
namespace {

constexpr const char* kRecordsIntro =
    "The records of the mazes finished in 'amazing play': for each maze, known by its "
    "machine, its maker (the 1978 walk's revision or an algorithm), its size and its seed, "
    "the best time and the fewest moves, a line each:\n"
    "  pc book 10x12 seed 7: best time 0:42.3, fewest moves 38\n"
    "sorted by machine, maker, width, length and seed (no seed first). The time and the "
    "moves may come from different finishes.";

constexpr const char* kRecordsFooter =
    "The records are kept in $XDG_DATA_HOME/amazing/records (without XDG_DATA_HOME: "
    "~/.local/share/amazing/records), a text file of at most 64 KB replaced whole at each "
    "new record; at most 300 mazes, the oldest record forgotten first. A damaged file is "
    "read as no records, with a warning, and the next record replaces it. Mazes made by a "
    "Lua script of your own (--script, --scripts) are not kept.\nExit status: 0 done (also "
    "with no records yet), 2 bad option or no data folder (neither XDG_DATA_HOME nor HOME "
    "is set).";

}  // namespace

std::optional<std::filesystem::path> records_file() {
  auto data = basic::user_data_folder();
  if (!data) return std::nullopt;
  return *data / "records";
}

core::RecordBook read_records(const std::filesystem::path& file,
                              std::vector<std::string>& warnings) {
  FileSaveStore store(file);
  const std::string shown_file = core::printable(file.string());
  auto text = store.read();
  if (!text) {
    warnings.push_back(shown_file + ": the records could not be read (" + text.error().message +
                       "); none are shown");
    return {};
  }
  auto data = core::decode_save(*text);
  Result<core::RecordBook> book =
      data ? core::RecordBook::from_save(*data) : Result<core::RecordBook>(data.error());
  if (!book) {
    warnings.push_back(shown_file + ": the records are damaged (" + book.error().message +
                       "); they count as none, and the next record replaces the file");
    return {};
  }
  return std::move(book).value();
}

std::vector<std::string> record_box_lines(const core::RecordNews& news) {
  if (news.first) return {"FIRST FINISH OF THIS MAZE"};
  std::vector<std::string> out;
  if (news.faster)
    out.push_back("NEW RECORD TIME! (WAS " + core::format_record_time(news.before.best_ms) + ")");
  if (news.shorter)
    out.push_back("NEW RECORD MOVES! (WAS " + std::to_string(news.before.fewest_moves) + ")");
  if (out.empty())
    out.push_back("RECORD " + core::format_record_time(news.now.best_ms) + ", " +
                  std::to_string(news.now.fewest_moves) + " MOVES");
  return out;
}

std::vector<std::string> RecordKeeper::finished(const tui::Finish& f) {
  if (!f.script.empty()) return {};
  auto file = records_file();
  if (!file) {
    warnings_.push_back(
        "records are not kept: there is no data folder (set XDG_DATA_HOME or HOME)");
    return {"NO RECORDS: NO DATA FOLDER"};
  }
  core::RecordKey key;
  key.machine = std::string(machine::describe(machine_).name);
  key.maker = f.algorithm.empty() ? std::string(core::variant_name(f.variant)) : f.algorithm;
  key.width = f.width;
  key.length = f.length;
  if (f.seed) key.seed = *f.seed;
  core::RecordBook book = read_records(*file, warnings_);
  const double ms = std::floor(std::max(0.0, f.seconds) * 1000.0);
  const auto news = book.add(key, static_cast<int64_t>(std::min(ms, 1e15)), f.moves);
  std::vector<std::string> lines = record_box_lines(news);
  if (news.first || news.faster || news.shorter) {
    FileSaveStore store(*file);
    if (auto st = store.write(core::encode_save(book.to_save())); !st) {
      warnings_.push_back("the record was not saved: " + st.error().message);
      lines = {"THE RECORD WAS NOT SAVED", "(WHY: AFTER YOU QUIT)"};
    }
  }
  return lines;
}

void RecordKeeper::print_warnings() const {
  for (const std::string& w : warnings_) print_error("play", w);
}

int records_command(int argc, char** argv) {
  CLI::App app;
  use_help_layout(app, "records", {"amazing records", kRecordsIntro, kRecordsFooter});
  std::vector<std::string> arguments;
  if (auto code = parse_command_line(app, "records", argc, argv, 2, arguments)) return *code;
  if (!arguments.empty()) {
    print_error("records", "unexpected argument '" + shown(arguments.front()) +
                               "' (see 'amazing records --help')");
    return kExitUsage;
  }
  auto file = records_file();
  if (!file) {
    print_error("records", "there is no data folder to keep records in: set XDG_DATA_HOME or HOME");
    return kExitUsage;
  }
  std::vector<std::string> warnings;
  core::RecordBook book = read_records(*file, warnings);
  for (const std::string& w : warnings) print_error("records", w);
  for (const std::string& line : book.lines()) std::printf("%s\n", line.c_str());
  if (book.size() == 0 && warnings.empty())
    print_error("records", "no records yet in " + core::printable(file->string()) +
                               " (finish a maze in 'amazing play' to set one)");
  return kExitOk;
}

}  // namespace amazing::cli
