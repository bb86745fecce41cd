// Buffered writing to stdout that reports failure (a closed pipe, a full disk) instead of
// losing output silently.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

#include "core/text.hpp"

namespace amazing::cli {

// Text from outside (a file name, a script's error, a JSON string) made safe for the
// terminal: control characters as visible escapes (core::printable).
inline std::string shown(std::string_view text) { return core::printable(text); }

// A message that carries outside text, with Lua's "stack traceback:" (ours, written by
// the engine) keeping its lines: the text before it has every control character escaped,
// line feeds too, so an error() string cannot fake lines or move the cursor.
inline std::string shown_message(std::string_view message) {
  auto at = message.find("\nstack traceback:");
  if (at == std::string_view::npos) return core::printable(message);
  return core::printable(message.substr(0, at)) + "\n" +
         core::printable(message.substr(at + 1), core::Newlines::kKeep);
}

// "amazing COMMAND: MESSAGE" on standard error, the message through shown_message.
inline void print_error(std::string_view command, std::string_view message) {
  std::fprintf(stderr, "amazing %.*s: %s\n", static_cast<int>(command.size()), command.data(),
               shown_message(message).c_str());
}

class StdoutWriter {
 public:
  static constexpr std::size_t kFlushAt = 1 << 20;

  // Appends; flushes to stdout once a megabyte has gathered.
  void write(std::string_view text) {
    buffer_ += text;
    if (buffer_.size() >= kFlushAt) flush();
  }
  std::string& buffer() { return buffer_; }
  void maybe_flush() {
    if (buffer_.size() >= kFlushAt) flush();
  }
  // False once any write failed.
  bool flush() {
    if (!buffer_.empty() && std::fwrite(buffer_.data(), 1, buffer_.size(), stdout) != buffer_.size())
      ok_ = false;
    buffer_.clear();
    if (std::fflush(stdout) != 0) ok_ = false;
    return ok_;
  }
  bool ok() const { return ok_; }

 private:
  std::string buffer_;
  bool ok_ = true;
};

}  // namespace amazing::cli
