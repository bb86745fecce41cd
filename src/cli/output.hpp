// Buffered writing to stdout that reports failure (a closed pipe, a full disk) instead of
// losing output silently.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

#include "core/text.hpp"
#include "machine/output.hpp"

namespace amazing::cli {

// Text from outside (a file name, a script's error, a JSON string) made safe for the
// terminal: control characters as visible escapes (core::printable).
inline std::string shown(std::string_view text) {
  return core::printable(text);
}

// Where Lua's "stack traceback:" (ours, written by the engine) starts in `message`, or
// npos: the last one, and only if each line after it starts with a tab, as
// luaL_traceback writes them.
inline std::size_t traceback_at(std::string_view message) {
  const auto at = message.rfind("\nstack traceback:");
  if (at == std::string_view::npos) return at;
  for (auto nl = message.find('\n', at + 1); nl != std::string_view::npos;
       nl = message.find('\n', nl + 1)) {
    if (nl + 1 == message.size() || message[nl + 1] != '\t') return std::string_view::npos;
  }
  return at;
}

// A message that carries outside text, with Lua's traceback (traceback_at) keeping its
// lines: the text before it has every control character escaped, line feeds too, so an
// error() string or an option's value cannot fake lines (nor a traceback of its own) or
// move the cursor.
inline std::string shown_message(std::string_view message) {
  const auto at = traceback_at(message);
  if (at == std::string_view::npos) return core::printable(message);
  return core::printable(message.substr(0, at)) + "\n" +
         core::printable(message.substr(at + 1), core::Newlines::kKeep);
}

// "amazing COMMAND: MESSAGE" on standard error ("amazing: MESSAGE" for the bare command,
// ""), the message through shown_message.
inline void print_error(std::string_view command, std::string_view message) {
  std::fprintf(stderr, "amazing%s%.*s: %s\n", command.empty() ? "" : " ",
               static_cast<int>(command.size()), command.data(), shown_message(message).c_str());
}

// What a StdoutWriter writes: our own text (a rendered maze, statistics), or what a
// program printed (a transcript), which a terminal gets made visible
// (machine::ProgramStdout).
enum class Bytes { kOurs, kProgram };

class StdoutWriter {
 public:
  static constexpr std::size_t kFlushAt = 1 << 20;

  explicit StdoutWriter(Bytes bytes = Bytes::kOurs) : program_(bytes == Bytes::kProgram) {}

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
    if (program_) {
      if (!buffer_.empty() && !program_out_.write(buffer_)) ok_ = false;
    } else if (!buffer_.empty() &&
               std::fwrite(buffer_.data(), 1, buffer_.size(), stdout) != buffer_.size()) {
      ok_ = false;
    }
    buffer_.clear();
    if (std::fflush(stdout) != 0) ok_ = false;
    return ok_;
  }
  // flush(), then what a terminal's filter still holds (a program's text that ended
  // inside a UTF-8 sequence); for the end of the output.
  bool finish() {
    flush();
    if (program_ && !program_out_.finish()) ok_ = false;
    if (std::fflush(stdout) != 0) ok_ = false;
    return ok_;
  }
  bool ok() const { return ok_; }

 private:
  std::string buffer_;
  bool program_ = false;
  machine::ProgramStdout program_out_;
  bool ok_ = true;
};

}  // namespace amazing::cli
