#include "core/c64_series.hpp"

// The ROM's series routines. Both store x, rounded, to memory first (which rounds the FAC
// too); each step then multiplies the FAC by a number from memory and adds the next
// coefficient from memory, so the running sum keeps its rounding byte from step to step
// while every operand read from memory has none.

namespace amazing::core::c64_series {

C64Float Rom::divide(const C64Float& arg, const C64Float& fac) {
  if (fac.is_zero()) {
    fail(C64Error::kDivisionByZero);
    return {};
  }
  return check(C64Float::divide(arg, fac));
}

C64Float polynomial(Rom& rom, const C64Float& x, std::span<const Packed> coefficients) {
  const C64Float kept = rom.rounded(x);  // TEMP2
  if (coefficients.empty()) return kept;
  // The first step multiplies x (the FAC) by the first coefficient (from memory); the
  // later ones the running sum (the FAC) by x (from memory).
  C64Float sum = rom.multiply(constant(coefficients[0]), kept);
  for (std::size_t i = 1; i < coefficients.size(); ++i) {
    if (i > 1) sum = rom.multiply(kept, sum);
    sum = rom.add(constant(coefficients[i]), sum);
  }
  return sum;
}

C64Float polynomial_odd(Rom& rom, const C64Float& x, std::span<const Packed> coefficients) {
  const C64Float kept = rom.rounded(x);  // TEMP1
  const C64Float square = rom.multiply(kept, kept);
  return rom.multiply(kept, polynomial(rom, square, coefficients));
}

}  // namespace amazing::core::c64_series
