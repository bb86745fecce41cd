// Output sinks: where the machine's printed text goes. The Printer (printer.hpp) turns
// PRINT items into text and hands it to one sink: the 40x25 screen (ScreenSink in
// screen.hpp), standard output in batch mode (StdoutSink), or a string in tests
// (StringSink).
//   StringSink sink; sink.put("HELLO\n"); sink.text() == "HELLO\n"
//
// A program's text on standard output (ProgramStdout, under StdoutSink and every other
// road that writes what a listing or a script printed): to a pipe or a file, the
// program's bytes exactly; to a terminal, made visible and never obeyed
// (core::VisibleProgramText): a listing's ESC ] 0 ; ... BEL shows as \x1b]0;...\x07
// instead of setting the window title, its ESC [ 2 J as \x1b[2J instead of clearing the
// screen.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/text.hpp"

namespace amazing::machine {

class OutputSink {
 public:
  virtual ~OutputSink() = default;
  // Text to show; it may contain '\n' (a new line).
  virtual void put(std::string_view text) = 0;
  // Makes everything put so far visible (a no-op for sinks that hold no buffer).
  virtual void flush() {}
};

// Collects everything in one string, at most `cap` bytes: past it nothing more is kept and
// full() turns true (a host checks it to stop the program: RunOptions::halt).
class StringSink : public OutputSink {
 public:
  explicit StringSink(std::size_t cap = std::string::npos) : cap_(cap) {}
  void put(std::string_view text) override {
    if (full_) return;
    if (text.size() > cap_ - text_.size()) {
      text_.append(text.substr(0, cap_ - text_.size()));
      full_ = true;
      return;
    }
    text_ += text;
  }
  const std::string& text() const { return text_; }
  const bool& full() const { return full_; }
  void clear() {
    text_.clear();
    full_ = false;
  }

 private:
  std::size_t cap_;
  std::string text_;
  bool full_ = false;
};

// Writes a program's text to standard output: as it is, or made visible when standard
// output is a terminal (looked at once, on the first write, so that a redirection made
// before it counts).
class ProgramStdout {
 public:
  // False if the write failed.
  bool write(std::string_view bytes);
  // Writes what a terminal's filter still holds (an output that ends inside a UTF-8
  // sequence); false if that failed.
  bool finish();

 private:
  std::optional<bool> terminal_;
  core::VisibleProgramText visible_;
};

// Standard output, buffered (flushed at 1 MB, on flush() and on destruction), through
// ProgramStdout: a terminal gets the text made visible. A failed write (a closed pipe, a
// full disk) is remembered: ok() turns false.
class StdoutSink : public OutputSink {
 public:
  static constexpr std::size_t kFlushAt = 1 << 20;

  StdoutSink() = default;
  StdoutSink(const StdoutSink&) = delete;
  StdoutSink& operator=(const StdoutSink&) = delete;
  ~StdoutSink() override;

  void put(std::string_view text) override;
  void flush() override;
  bool ok() const { return ok_; }

 private:
  std::string buffer_;
  ProgramStdout out_;
  bool ok_ = true;
};

// Hands every text to two sinks (the screen and a log of it, say).
class TeeSink : public OutputSink {
 public:
  TeeSink(OutputSink& a, OutputSink& b) : a_(&a), b_(&b) {}
  void put(std::string_view text) override {
    a_->put(text);
    b_->put(text);
  }
  void flush() override {
    a_->flush();
    b_->flush();
  }

 private:
  OutputSink* a_;
  OutputSink* b_;
};

}  // namespace amazing::machine
