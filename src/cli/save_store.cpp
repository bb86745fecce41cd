#include "cli/save_store.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>

#include "basic/disk.hpp"
#include "cli/atomic_file.hpp"
#include "core/save_data.hpp"
#include "core/text.hpp"
#include "machine/user_file.hpp"

namespace amazing::cli {
namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxStoreName = 64;

bool name_byte_ok(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_' || c == '.';
}

}  // namespace

std::string FileSaveStore::store_name(std::string_view script_name) {
  std::size_t slash = script_name.find_last_of("/\\");
  std::string_view base =
      slash == std::string_view::npos ? script_name : script_name.substr(slash + 1);
  if (base.size() > 4 && base.substr(base.size() - 4) == ".lua") base.remove_suffix(4);
  std::string name;
  for (char c : base.substr(0, kMaxStoreName)) name += name_byte_ok(c) ? c : '_';
  if (!name.empty() && name[0] == '.') name[0] = '_';  // never hidden, never "." or ".."
  return name.empty() ? "script" : name;
}

std::optional<fs::path> FileSaveStore::file_for(std::string_view script_name) {
  auto data = basic::user_data_folder();
  if (!data) return std::nullopt;
  return *data / "saves" / (store_name(script_name) + ".save");
}

core::Result<std::string> FileSaveStore::read() {
  std::string folder = file_.parent_path().string();
  auto text = machine::read_file_in_folder(folder, file_.filename().string(), core::kMaxSaveBytes,
                                           "saves are plain files of at most 64 KB");
  if (!text) return text.error();
  return text->value_or(std::string());
}

core::Status FileSaveStore::write(std::string_view text) {
  std::error_code ec;
  fs::create_directories(file_.parent_path(), ec);
  const std::string shown_file = core::printable(file_.string());
  if (ec)
    return core::Error{"cannot make the folder " + core::printable(file_.parent_path().string()) +
                       ": " + ec.message()};
  fs::file_status st = fs::symlink_status(file_, ec);
  if (fs::exists(st) && !fs::is_regular_file(st))
    return core::Error{shown_file + " is not a plain file; saves are plain files"};
  auto file = ReplacedFile::open(file_.string(), "the save file");
  if (!file) return file.error();
  std::size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(file->fd(), text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return core::Error{"cannot write " + shown_file + ": " + std::strerror(errno)};
    done += static_cast<std::size_t>(n);
  }
  return file->commit();
}

void FileSaveStore::warn(std::string_view why) {
  warnings_.push_back(core::printable(file_.string()) + ": " + std::string(why));
}

}  // namespace amazing::cli
