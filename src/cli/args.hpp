// Command-line parsing shared by every subcommand: a small option scanner plus parsers
// for the values users type (--size 10x12, --seed 7, --ram 48K, --variant book).
//
//   ArgScanner args(argc, argv, 2);            // skip "amazing gen"
//   while (args.next()) {
//     if (args.is("--size")) { auto v = args.value(); ... }
//     else if (args.is("--transcript")) ...
//     else return args.unknown();              // "unknown option --x for 'amazing gen'"
//   }
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/amazing_walk.hpp"
#include "core/result.hpp"

namespace amazing::cli {

using core::Error;
using core::Result;

class ArgScanner {
 public:
  // `command` is the subcommand ("gen"), or "" for options of the bare `amazing`.
  ArgScanner(int argc, char** argv, int first, std::string command);

  // Moves to the next argument; false at the end or after an error (an option given a
  // second time is one: "--size is given more than once").
  bool next();
  // The current argument is this option ("--size" or "--size=10x12").
  bool is(std::string_view name) const;
  std::string_view current() const { return name_; }
  // The option's value: "--size 10x12" or "--size=10x12". Empty optional after an error.
  std::optional<std::string> value();
  // When the current argument is option `name`: parses its value with `parse` (any
  // function from text to Result<T>) into `out`, records the parser's error if it fails,
  // and returns true. Otherwise returns false, so options chain:
  //   if (args.option("--size", parse_size, opt.size)) {} else if (...)
  template <typename Parse, typename Out>
  bool option(std::string_view name, Parse parse, Out& out) {
    if (!is(name)) return false;
    if (auto v = value()) {
      auto parsed = parse(*v);
      if (!parsed)
        fail(parsed.error().message);
      else
        out = std::move(parsed).value();
    }
    return true;
  }
  // Records a failure (shown by error()); next() then returns false.
  void fail(std::string message);
  void unknown();
  bool failed() const { return !error_.empty(); }
  const std::string& error() const { return error_; }
  // Arguments that are not options, in order.
  const std::vector<std::string>& positional() const { return positional_; }

 private:
  std::string program() const;    // "amazing gen", or "amazing" for the bare command
  std::string help_hint() const;  // "'amazing gen --help'"
  std::vector<std::string> argv_;
  std::size_t pos_;
  std::string command_;
  std::string name_;
  std::optional<std::string> inline_value_;
  std::vector<std::string> positional_;
  std::set<std::string> seen_;  // options met so far: each may come once
  std::string error_;
};

struct Size {
  int width = 0;   // H in the listing
  int length = 0;  // V in the listing
};

// "10x12" (also "10,12" and "10X12"); each number a whole number >= 2.
Result<Size> parse_size(std::string_view text);
// -32768..32767, as N% must be.
Result<int16_t> parse_seed(std::string_view text);
Result<core::Variant> parse_variant_option(std::string_view text);

// --machine: the computer the program runs on. pc (default): GW-BASIC, as PC-BASIC shows
// it. c64: Commodore 64 BASIC V2 (its RND and 5-byte arithmetic, cursor-rights, no echo).
enum class MachineKind { kPc, kC64 };
Result<MachineKind> parse_machine_kind(std::string_view text);
// The BASIC bytes a Commodore 64 has free at power-on: the c64 machine's memory.
inline constexpr std::size_t kC64FreeBytes = 38911;

}  // namespace amazing::cli
