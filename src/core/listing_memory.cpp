#include "core/listing_memory.hpp"

namespace amazing::core {

namespace {

// A number constant's bytes in GW-BASIC's tokens: 0-9 one byte, 10-255 two, up to 32767
// three (an integer), 32768 a single's five; a minus sign is a token of its own.
std::size_t gw_number_bytes(long n) {
  if (n < 0) return 1 + gw_number_bytes(-n);
  if (n <= 9) return 1;  // PC-BASIC: PRINT 10 takes a byte more than PRINT 9
  if (n <= 255) return 2;
  if (n <= 32767) return 3;
  return 5;
}

}  // namespace

std::size_t gw_seed_line_bytes(int16_t seed) {
  // link 2, number 2, "S%" 2, "=" 1, N, ":" 1, RANDOMIZE 1, " " 1, "S%" 2, zero 1.
  return 13 + gw_number_bytes(seed);
}

int gw_out_of_memory_line(Variant variant, int width, int height, std::optional<int16_t> seed) {
  constexpr long kFree = 60300;  // PRINT FRE(0) with no program
  constexpr long kVariableBytes = 8;  // a single with a one-letter name
  long free = kFree - (variant == Variant::kFixedExit ? 2544 : 2454);
  if (seed) free -= static_cast<long>(gw_seed_line_bytes(*seed)) + 6;
  free -= 2 * kVariableBytes;  // H, V
  const long array = 11 + 4 * (static_cast<long>(width) + 1) * (static_cast<long>(height) + 1);
  for (int k = 0; k < 2; ++k) {
    if (free <= array) return 110;
    free -= array;
  }
  const int j_line = variant == Variant::kFixedExit ? 1015 : 1010;
  for (int line : {160, 160, 160, 165, 195, 200, 200, j_line}) {
    if (free <= kVariableBytes) return line;
    free -= kVariableBytes;
  }
  return 0;
}

}  // namespace amazing::core
