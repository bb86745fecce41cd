// Fuzz target: the mask reader (src/core/mask). A mask that parses must survive check()
// and write back (format_mask) to text that parses to the same grid.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/mask.hpp"

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  using namespace amazing::core;
  if (size > 65536) return 0;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto mask = parse_mask(text);
  if (!mask) {
    check(!mask.error().message.empty());
    return 0;
  }
  check(mask->width() >= 1 && mask->height() >= 1);
  // A few KB of text must not describe a grid that takes gigabytes to check (seed
  // corpus/mask/padded_huge: one long line, then empty lines).
  check(mask->cells() <= kMaxMaskCells);
  check(mask->masked_count() <= mask->cells());
  (void)mask->check();
  std::string written = format_mask(*mask);
  auto again = parse_mask(written);
  check(again.ok());
  check(again->width() == mask->width() && again->height() == mask->height());
  check(again->masked_count() == mask->masked_count());
  for (std::size_t i = 0; i < mask->cells(); ++i) check(again->masked(i) == mask->masked(i));
  return 0;
}
