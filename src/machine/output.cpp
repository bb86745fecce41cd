#include "machine/output.hpp"

#include <cstdio>

namespace amazing::machine {

StdoutSink::~StdoutSink() {
  flush();
}

void StdoutSink::put(std::string_view text) {
  buffer_ += text;
  if (buffer_.size() >= kFlushAt) flush();
}

void StdoutSink::flush() {
  if (!buffer_.empty() && std::fwrite(buffer_.data(), 1, buffer_.size(), stdout) != buffer_.size())
    ok_ = false;
  buffer_.clear();
  if (std::fflush(stdout) != 0) ok_ = false;
}

}  // namespace amazing::machine
