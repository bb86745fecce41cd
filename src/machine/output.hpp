// Output sinks: where the machine's printed text goes. The Printer (printer.hpp) turns
// PRINT items into text and hands it to one sink: the 40x25 screen (ScreenSink in
// screen.hpp), standard output in batch mode (StdoutSink), or a string in tests
// (StringSink).
//   StringSink sink; sink.put("HELLO\n"); sink.text() == "HELLO\n"
#pragma once

#include <string>
#include <string_view>

namespace amazing::machine {

class OutputSink {
 public:
  virtual ~OutputSink() = default;
  // Text to show; it may contain '\n' (a new line).
  virtual void put(std::string_view text) = 0;
  // Makes everything put so far visible (a no-op for sinks that hold no buffer).
  virtual void flush() {}
};

// Collects everything in one string.
class StringSink : public OutputSink {
 public:
  void put(std::string_view text) override { text_ += text; }
  const std::string& text() const { return text_; }
  void clear() { text_.clear(); }

 private:
  std::string text_;
};

// Standard output, buffered (flushed at 1 MB, on flush() and on destruction). A failed
// write (a closed pipe, a full disk) is remembered: ok() turns false.
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
