#include "cli/args.hpp"

#include <charconv>

#include "core/amazing_text.hpp"

namespace amazing::cli {

ArgScanner::ArgScanner(int argc, char** argv, int first, std::string command)
    : argv_(argv + first, argv + argc), pos_(0), command_(std::move(command)) {}

bool ArgScanner::next() {
  while (!failed() && pos_ < argv_.size()) {
    std::string arg = argv_[pos_++];
    inline_value_.reset();
    if (arg.size() > 2 && arg.rfind("--", 0) == 0) {
      auto eq = arg.find('=');
      if (eq != std::string::npos) {
        inline_value_ = arg.substr(eq + 1);
        arg.resize(eq);
      }
      name_ = arg;
      // The same option twice (--size 3x3 --size 4x4) is a mistake: which one was meant?
      if (name_ != "--help" && !seen_.insert(name_).second) {
        fail(name_ + " is given more than once; give it once (see " + help_hint() + ")");
        return false;
      }
      return true;
    }
    if (arg == "-h") {
      name_ = "--help";
      return true;
    }
    positional_.push_back(arg);
  }
  return false;
}

std::string ArgScanner::program() const {
  return command_.empty() ? "amazing" : "amazing " + command_;
}

std::string ArgScanner::help_hint() const {
  return "'" + program() + " --help'";
}

bool ArgScanner::is(std::string_view name) const {
  return name_ == name;
}

std::optional<std::string> ArgScanner::value() {
  if (inline_value_) return inline_value_;
  if (pos_ >= argv_.size()) {
    fail(name_ + " needs a value (see " + help_hint() + ")");
    return std::nullopt;
  }
  return argv_[pos_++];
}

void ArgScanner::fail(std::string message) {
  if (error_.empty()) error_ = std::move(message);
}

void ArgScanner::unknown() {
  fail("unknown option " + name_ + " for '" + program() + "' (see " + help_hint() + ")");
}

namespace {

std::optional<long long> parse_integer(std::string_view text) {
  long long n = 0;
  const char* begin = text.data();
  const char* end = text.data() + text.size();
  if (begin != end && *begin == '+') ++begin;
  auto [ptr, ec] = std::from_chars(begin, end, n);
  if (ec != std::errc() || ptr != end || begin == end) return std::nullopt;
  return n;
}

}  // namespace

Result<Size> parse_size(std::string_view text) {
  auto sep = text.find_first_of("xX,");
  auto malformed = [&] {
    return Error{"--size: '" + std::string(text) +
                 "' is not a size; write WIDTHxLENGTH with whole numbers, for example 10x12"};
  };
  if (sep == std::string_view::npos) return malformed();
  auto w = parse_integer(text.substr(0, sep));
  auto l = parse_integer(text.substr(sep + 1));
  if (!w || !l) return malformed();
  if (*w == 1 || *l == 1) {
    return Error{std::string(core::kMeaningless) + " (--size " + std::string(text) +
                 ": the original needs at least 2 in each direction)"};
  }
  if (*w < 1 || *l < 1) {
    return Error{"--size: '" + std::string(text) +
                 "' has a zero or negative dimension; width and length must be 2 or more"};
  }
  constexpr long long kMax = core::NibbleStore::kMaxDimension;
  if (*w > kMax || *l > kMax) {
    return Error{"--size: '" + std::string(text) +
                 "' is too large; each dimension may be at most " + std::to_string(kMax)};
  }
  return Size{static_cast<int>(*w), static_cast<int>(*l)};
}

Result<int16_t> parse_seed(std::string_view text) {
  auto n = parse_integer(text);
  if (!n) {
    return Error{"--seed: '" + std::string(text) +
                 "' is not a whole number; use an integer from -32768 to 32767"};
  }
  if (*n < -32768 || *n > 32767) {
    return Error{"--seed: " + std::string(text) +
                 " is out of range; N% holds -32768 to 32767, so use a seed in that range"};
  }
  return static_cast<int16_t>(*n);
}

Result<core::Variant> parse_variant_option(std::string_view text) {
  auto v = core::parse_variant(text);
  if (!v) {
    return Error{"--variant: '" + std::string(text) +
                 "' is not a revision of the listing; use book, fixed or fixed-exit"};
  }
  return *v;
}

Result<MachineKind> parse_machine_kind(std::string_view text) {
  if (text == "pc") return MachineKind::kPc;
  if (text == "c64") return MachineKind::kC64;
  return Error{"--machine: '" + std::string(text) + "' is not a machine; use pc or c64"};
}

}  // namespace amazing::cli
