#include "cli/args.hpp"

#include <charconv>

#include "core/amazing_text.hpp"

namespace amazing::cli {

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

Result<std::string> parse_path(std::string_view option, std::string_view kind,
                               std::string_view text) {
  if (text.empty())
    return Error{std::string(option) + " needs a " + std::string(kind) +
                 " name, not an empty one; name the " + std::string(kind) + " or leave out " +
                 std::string(option)};
  return std::string(text);
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
  if (auto kind = machine::kind_named(text)) return *kind;
  std::string names;
  for (const machine::Descriptor& d : machine::machines())
    names += (names.empty() ? "" : " or ") + std::string(d.name);
  return Error{"--machine: '" + std::string(text) + "' is not a machine; use " + names};
}

}  // namespace amazing::cli
