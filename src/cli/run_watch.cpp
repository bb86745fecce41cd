#include "cli/run_watch.hpp"

#include <algorithm>
#include <system_error>
#include <utility>

#include "core/text.hpp"

namespace amazing::cli {
namespace fs = std::filesystem;

namespace {

constexpr int kCtrlC = 3;  // in raw mode; otherwise SIGINT ends the run as always
constexpr int kCtrlD = 4;
constexpr int kEscape = 27;
constexpr const char* kWaitHint = "EDIT THE FILE TO RUN IT AGAIN - ESC QUITS";

bool quits(int key) {
  return key == kEscape || key == 'q' || key == 'Q' || key == kCtrlD || key == kCtrlC;
}

}  // namespace

WatchedFiles::WatchedFiles(std::string file, std::vector<std::string> lib_dirs)
    : file_(std::move(file)), lib_dirs_(std::move(lib_dirs)) {
  rearm();
}

std::map<std::string, WatchedFiles::Stamp> WatchedFiles::snapshot() const {
  std::map<std::string, Stamp> now;
  auto stamp = [&](const fs::path& path) {
    std::error_code ec;
    Stamp s;
    s.size = fs::file_size(path, ec);
    if (ec) return;  // missing (an editor between writes) or not a file: absent
    s.time = fs::last_write_time(path, ec);
    if (!ec) now[path.string()] = s;
  };
  stamp(file_);
  for (const std::string& dir : lib_dirs_) {
    std::error_code ec;
    fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec);
    for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (now.size() > kMaxFiles) break;
      const fs::path& p = it->path();
      if (p.extension() == ".lua" && it->is_regular_file(ec)) stamp(p);
    }
  }
  return now;
}

void WatchedFiles::rearm() {
  seen_ = snapshot();
  changed_ = false;
  next_look_ = std::chrono::steady_clock::now() + std::chrono::milliseconds(kPollMs);
}

bool WatchedFiles::poll() {
  if (changed_) return true;
  auto now = std::chrono::steady_clock::now();
  if (now < next_look_) return false;
  next_look_ = now + std::chrono::milliseconds(kPollMs);
  changed_ = snapshot() != seen_;
  return changed_;
}

std::string WatchingConsole::inkey() {
  files_->poll();
  return inner_->inkey();
}

void WatchingConsole::show() {
  files_->poll();
  inner_->show();
}

void WatchingConsole::sleep(int ms) {
  // In steps, so that a long sleep ends soon after a change (the Engine then stops).
  do {
    int step = std::min(ms, WatchedFiles::kPollMs);
    inner_->sleep(step);
    ms -= step;
    if (files_->poll()) return;
  } while (ms > 0);
}

bool wait_for_change(tui::Terminal& term, const machine::Screen& screen, tui::Frame frame,
                     WatchedFiles& files) {
  frame.hint = kWaitHint;
  for (;;) {
    term.draw(screen, frame);
    int key = term.read_key(WatchedFiles::kPollMs);
    if (quits(key)) return false;
    if (files.poll()) return true;
  }
}

bool wait_for_change(tui::Terminal& term, const std::string& message, WatchedFiles& files) {
  std::vector<std::string> lines =
      tui::wrap_words(core::printable(message), machine::Screen::kColumns);
  lines.resize(machine::Screen::kRows);
  for (std::string& line : lines) line.resize(machine::Screen::kColumns, ' ');
  tui::Frame frame{
      .title = "AMAZING RUN", .hint = kWaitHint, .play = false, .cursor = std::nullopt};
  for (;;) {
    term.draw(lines, frame);
    int key = term.read_key(WatchedFiles::kPollMs);
    if (quits(key)) return false;
    if (files.poll()) return true;
  }
}

}  // namespace amazing::cli
