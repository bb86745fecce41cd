// Buffered writing to stdout that reports failure (a closed pipe, a full disk) instead of
// losing output silently.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace amazing::cli {

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
