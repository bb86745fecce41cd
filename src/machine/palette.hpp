// Palette: which colour each attribute of the pc's screen shows in, as PC-BASIC 2.0.5 keeps
// it on its default VGA. A mode has its attributes (the text screen, SCREEN 7, 8 and 9: 16;
// SCREEN 1: 4; SCREEN 2: 2) and its colours: the EGA's 64 (0..63, bits 0-2 blue, green, red
// at 2/3 strength, 3-5 the same at 1/3) on the text screen and in SCREEN 9, the CGA's 16 (the
// pc's text colours, charset.hpp) in SCREEN 1, 2, 7 and 8. Defaults: the text screen and
// SCREEN 9 the EGA's 0, 1, 2, 3, 4, 5, 20, 7, 56..63 (the 16 text colours); SCREEN 1 the
// CGA's high-intensity palette 1 (black, light cyan, light magenta, white) or, after COLOR
// b,0, palette 0 (black, light green, light red, yellow); SCREEN 2 black, white; 7 and 8
// the 16 text colours. PALETTE a,c sets an entry, PALETTE alone and every SCREEN statement
// go back to the defaults (SCREEN 1's keep its palette number; a new mode takes palette 1).
//   Palette p;
//   p.set_mode(1);      // p.at(3) == 15, p.shown(3) == 15
//   p.set_cga(0, 1);    // COLOR 1,0: p.at(0) == 1, p.at(3) == 14
//   p.set_mode(0);
//   p.set(1, 60);       // PALETTE 1,60: p.shown(1) == 12 (EGA 60 is light red)
#pragma once

#include <array>
#include <cstdint>

namespace amazing::machine {

class Palette {
 public:
  static constexpr int kEntries = 16;
  Palette() { set_mode(0); }

  // The mode's attributes, colours and default palette (SCREEN 1: palette 1); 0 the text
  // screen, a number with no graphics mode too.
  void set_mode(int mode);
  // PALETTE alone, SCREEN: the mode's defaults (SCREEN 1's palette number kept).
  void reset();
  int attributes() const { return attributes_; }
  int colours() const { return ega_ ? 64 : 16; }

  // The colour attribute `attribute` (cut to the mode's) shows in.
  int at(int attribute) const;
  // PALETTE attribute, colour (both in range: the caller's check).
  void set(int attribute, int colour);
  // COLOR background, palette in SCREEN 1: palette `number` (0 or 1) with `background`
  // (0..15) as attribute 0.
  void set_cga(int number, int background);
  int cga_number() const { return cga_number_; }

  // The pc text colour (0..15, charset.hpp) attribute `attribute` shows in: an EGA colour
  // as the nearest of the 16.
  int shown(int attribute) const;
  // Whether an entry differs from the mode's power-on palette (a viewer then shows the
  // screen in its colours).
  bool changed() const { return changed_; }
  // Changes with every change: a viewer redraws when it moves.
  uint64_t version() const { return version_; }

 private:
  void load_defaults();

  int mode_ = 0;
  int attributes_ = kEntries;
  bool ega_ = true;
  int cga_number_ = 1;
  bool changed_ = false;
  std::array<uint8_t, kEntries> entries_{};
  uint64_t version_ = 0;
};

}  // namespace amazing::machine
