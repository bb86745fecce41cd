#include "machine/output.hpp"

#include <unistd.h>

#include <cstdio>

namespace amazing::machine {

namespace {

bool write_all(std::string_view bytes) {
  return bytes.empty() || std::fwrite(bytes.data(), 1, bytes.size(), stdout) == bytes.size();
}

}  // namespace

bool ProgramStdout::write(std::string_view bytes) {
  if (!terminal_) terminal_ = isatty(STDOUT_FILENO) == 1;
  return *terminal_ ? write_all(visible_.add(bytes)) : write_all(bytes);
}

bool ProgramStdout::finish() {
  return !terminal_ || !*terminal_ || write_all(visible_.finish());
}

StdoutSink::~StdoutSink() {
  flush();
  out_.finish();
  std::fflush(stdout);
}

void StdoutSink::put(std::string_view text) {
  buffer_ += text;
  if (buffer_.size() >= kFlushAt) flush();
}

void StdoutSink::flush() {
  if (!buffer_.empty() && !out_.write(buffer_)) ok_ = false;
  buffer_.clear();
  if (std::fflush(stdout) != 0) ok_ = false;
}

}  // namespace amazing::machine
