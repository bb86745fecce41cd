// The pc's palette (palette.hpp), facts from PC-BASIC 2.0.5's VGA colour maps.
#include "machine/palette.hpp"

#include <algorithm>
#include <cstddef>

#include "machine/charset.hpp"

namespace amazing::machine {
namespace {

using Entries = std::array<uint8_t, Palette::kEntries>;

struct ModePalette {
  int mode;
  int attributes;
  bool ega;  // colours 0..63, else 0..15
  Entries defaults;
};
constexpr Entries kEgaText = {0, 1, 2, 3, 4, 5, 20, 7, 56, 57, 58, 59, 60, 61, 62, 63};
constexpr Entries kCgaText = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
constexpr ModePalette kModePalettes[] = {
    {0, 16, true, kEgaText},  {1, 4, false, {0, 11, 13, 15}}, {2, 2, false, {0, 15}},
    {7, 16, false, kCgaText}, {8, 16, false, kCgaText},       {9, 16, true, kEgaText},
};
// SCREEN 1's palette 0 (COLOR b,0): black, light green, light red, yellow.
constexpr Entries kCgaPalette0 = {0, 10, 12, 14};

const ModePalette& mode_palette(int mode) {
  for (const ModePalette& p : kModePalettes)
    if (p.mode == mode) return p;
  return kModePalettes[0];
}

}  // namespace

void Palette::set_mode(int mode) {
  const ModePalette& p = mode_palette(mode);
  mode_ = p.mode;
  attributes_ = p.attributes;
  ega_ = p.ega;
  cga_number_ = 1;
  load_defaults();
}

void Palette::reset() {
  load_defaults();
}

void Palette::load_defaults() {
  entries_ = mode_ == 1 && cga_number_ == 0 ? kCgaPalette0 : mode_palette(mode_).defaults;
  changed_ = mode_ == 1 && cga_number_ == 0;
  ++version_;
}

int Palette::at(int attribute) const {
  return entries_[static_cast<std::size_t>(std::clamp(attribute, 0, attributes_ - 1))];
}

void Palette::set(int attribute, int colour) {
  if (attribute < 0 || attribute >= attributes_) return;
  entries_[static_cast<std::size_t>(attribute)] =
      static_cast<uint8_t>(std::clamp(colour, 0, colours() - 1));
  changed_ = true;
  ++version_;
}

void Palette::set_cga(int number, int background) {
  cga_number_ = number & 1;
  load_defaults();
  set(0, background & 15);
}

int Palette::shown(int attribute) const {
  const int colour = at(attribute);
  return ega_ ? pc_colour_of_ega(colour) : colour & 15;
}

}  // namespace amazing::machine
