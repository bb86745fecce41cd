#include "machine/charset.hpp"

#include <array>

namespace amazing::machine {
namespace {

// CP437 0..31: the glyphs the PC's video card draws for the control codes.
constexpr char32_t kCp437Low[32] = {
    U' ',      U'\u263A', U'\u263B', U'\u2665', U'\u2666', U'\u2663', U'\u2660', U'\u2022',
    U'\u25D8', U'\u25CB', U'\u25D9', U'\u2642', U'\u2640', U'\u266A', U'\u266B', U'\u263C',
    U'\u25BA', U'\u25C4', U'\u2195', U'\u203C', U'\u00B6', U'\u00A7', U'\u25AC', U'\u21A8',
    U'\u2191', U'\u2193', U'\u2192', U'\u2190', U'\u221F', U'\u2194', U'\u25B2', U'\u25BC'};

// CP437 128..255: letters, then shades, box drawing, blocks, Greek and mathematics.
constexpr char32_t kCp437High[128] = {
    // 128
    U'\u00C7', U'\u00FC', U'\u00E9', U'\u00E2', U'\u00E4', U'\u00E0', U'\u00E5', U'\u00E7',
    U'\u00EA', U'\u00EB', U'\u00E8', U'\u00EF', U'\u00EE', U'\u00EC', U'\u00C4', U'\u00C5',
    // 144
    U'\u00C9', U'\u00E6', U'\u00C6', U'\u00F4', U'\u00F6', U'\u00F2', U'\u00FB', U'\u00F9',
    U'\u00FF', U'\u00D6', U'\u00DC', U'\u00A2', U'\u00A3', U'\u00A5', U'\u20A7', U'\u0192',
    // 160
    U'\u00E1', U'\u00ED', U'\u00F3', U'\u00FA', U'\u00F1', U'\u00D1', U'\u00AA', U'\u00BA',
    U'\u00BF', U'\u2310', U'\u00AC', U'\u00BD', U'\u00BC', U'\u00A1', U'\u00AB', U'\u00BB',
    // 176: shades and box drawing
    U'\u2591', U'\u2592', U'\u2593', U'\u2502', U'\u2524', U'\u2561', U'\u2562', U'\u2556',
    U'\u2555', U'\u2563', U'\u2551', U'\u2557', U'\u255D', U'\u255C', U'\u255B', U'\u2510',
    // 192
    U'\u2514', U'\u2534', U'\u252C', U'\u251C', U'\u2500', U'\u253C', U'\u255E', U'\u255F',
    U'\u255A', U'\u2554', U'\u2569', U'\u2566', U'\u2560', U'\u2550', U'\u256C', U'\u2567',
    // 208: box drawing, then blocks
    U'\u2568', U'\u2564', U'\u2565', U'\u2559', U'\u2558', U'\u2552', U'\u2553', U'\u256B',
    U'\u256A', U'\u2518', U'\u250C', U'\u2588', U'\u2584', U'\u258C', U'\u2590', U'\u2580',
    // 224: Greek and mathematics
    U'\u03B1', U'\u00DF', U'\u0393', U'\u03C0', U'\u03A3', U'\u03C3', U'\u00B5', U'\u03C4',
    U'\u03A6', U'\u0398', U'\u03A9', U'\u03B4', U'\u221E', U'\u03C6', U'\u03B5', U'\u2229',
    // 240
    U'\u2261', U'\u00B1', U'\u2265', U'\u2264', U'\u2320', U'\u2321', U'\u00F7', U'\u2248',
    U'\u00B0', U'\u2219', U'\u00B7', U'\u221A', U'\u207F', U'\u00B2', U'\u25A0', U'\u00A0'};

// PETSCII 96..127 (repeated at 192..223): lines, suits, corners and diagonals. Lines the
// C64 draws a little off centre (no common Unicode character) get the nearest common one:
// the eighth blocks for the lines at the cell's edges, the box lines for the others.
constexpr char32_t kPetsciiLines[32] = {
    U'\u2500', U'\u2660', U'\u2502', U'\u2500', U'\u2594', U'\u2594', U'\u2581', U'\u2502',
    U'\u2502', U'\u256E', U'\u2570', U'\u256F', U'\u2514', U'\u2572', U'\u2571', U'\u250C',
    U'\u2510', U'\u25CF', U'\u2581', U'\u2665', U'\u258F', U'\u256D', U'\u2573', U'\u25CB',
    U'\u2663', U'\u2595', U'\u2666', U'\u253C', U'\u2592', U'\u2502', U'\u03C0', U'\u25E5'};

// PETSCII 160..191 (repeated at 224..254): blocks, shades, box joints and quadrants.
constexpr char32_t kPetsciiBlocks[32] = {
    U' ',      U'\u258C', U'\u2584', U'\u2594', U'\u2581', U'\u258F', U'\u2592', U'\u2595',
    U'\u2592', U'\u25E4', U'\u2590', U'\u251C', U'\u2597', U'\u2514', U'\u2510', U'\u2582',
    U'\u250C', U'\u2534', U'\u252C', U'\u2524', U'\u258E', U'\u258D', U'\u2590', U'\u2580',
    U'\u2580', U'\u2583', U'\u2518', U'\u2596', U'\u259D', U'\u2518', U'\u2598', U'\u259A'};

char32_t petscii(uint8_t code) {
  if (is_petscii_control(code)) return U' ';  // control codes
  if (code < 0x5C) return code;  // space, punctuation, digits, @ and A..Z, [
  switch (code) {
    case 0x5C:
      return U'\u00A3';  // pound sign
    case 0x5D:
      return U']';
    case 0x5E:
      return U'\u2191';  // up arrow
    case 0x5F:
      return U'\u2190';  // left arrow
    case 0xFF:
      return U'\u03C0';  // pi, as 0xDE
    default:
      break;
  }
  if (code < 0x80) return kPetsciiLines[code - 0x60];
  if (code < 0xC0) return kPetsciiBlocks[code - 0xA0];
  if (code < 0xE0) return kPetsciiLines[code - 0xC0];
  return kPetsciiBlocks[code - 0xE0];
}

struct Colour {
  int ansi;
  const char* name;
};

// CGA colour n -> ANSI: the CGA orders blue, green, red as bits 0, 1, 2; ANSI as 2, 1, 0.
constexpr Colour kCga[kColours] = {
    {0, "black"},     {4, "blue"},           {2, "green"},        {6, "cyan"},
    {1, "red"},       {5, "magenta"},        {3, "brown"},        {7, "light grey"},
    {8, "dark grey"}, {12, "light blue"},    {10, "light green"}, {14, "light cyan"},
    {9, "light red"}, {13, "light magenta"}, {11, "yellow"},      {15, "white"}};

// The VIC-II's colours -> the nearest ANSI colour.
constexpr Colour kVic[kColours] = {
    {0, "black"},  {15, "white"},       {1, "red"},         {6, "cyan"},
    {5, "purple"}, {2, "green"},        {4, "blue"},        {11, "yellow"},
    {3, "orange"}, {3, "brown"},        {9, "light red"},   {8, "dark grey"},
    {7, "grey"},   {10, "light green"}, {12, "light blue"}, {7, "light grey"}};

}  // namespace

char32_t to_unicode(Charset set, uint8_t code) {
  if (set == Charset::kPetscii) return petscii(code);
  if (code < 32) return kCp437Low[code];
  if (code < 127) return code;
  if (code == 127) return U'\u2302';  // house
  return kCp437High[code - 128];
}

std::string utf8(char32_t cp) {
  std::string out;
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
  return out;
}

std::string glyph_utf8(Charset set, uint8_t code) {
  return utf8(to_unicode(set, code));
}

int ansi_colour(Rules rules, int colour) {
  const Colour* table = rules == Rules::kC64 ? kVic : kCga;
  return table[colour & 15].ansi;
}

namespace {
// A colour's red, green, blue as thirds (0..3).
struct Rgb {
  int r, g, b;
};
Rgb ega_rgb(int ega) {
  auto level = [ega](int bit) { return ((ega >> bit) & 1) * 2 + ((ega >> (bit + 3)) & 1); };
  return {level(2), level(1), level(0)};
}
Rgb cga_rgb(int c) {
  const int bright = (c & 8) ? 1 : 0;
  auto level = [&](int bit) { return ((c >> bit) & 1) * 2 + bright; };
  if (c == 6) return {2, 1, 0};  // brown: the CGA halves the green of dark yellow
  return {level(2), level(1), level(0)};
}
}  // namespace

int pc_colour_of_ega(int ega) {
  const Rgb e = ega_rgb(ega & 63);
  int best = 0, best_distance = 1 << 30;
  for (int c = 0; c < kColours; ++c) {
    const Rgb p = cga_rgb(c);
    const int d = (p.r - e.r) * (p.r - e.r) + (p.g - e.g) * (p.g - e.g) + (p.b - e.b) * (p.b - e.b);
    if (d < best_distance) best = c, best_distance = d;
  }
  return best;
}

const char* colour_name(Rules rules, int colour) {
  const Colour* table = rules == Rules::kC64 ? kVic : kCga;
  return table[colour & 15].name;
}

uint8_t c64_screen_code(uint8_t p) {
  if (p < 32 || (p >= 128 && p < 160)) return static_cast<uint8_t>(c64_screen_code(p ^ 64) | 128);
  if (p == 255) return 94;
  if (p >= 224) p = static_cast<uint8_t>(p - 64);  // 224..254 repeat 160..190
  if (p >= 192) p = static_cast<uint8_t>(p - 96);  // 192..223 repeat 96..127
  // 32..63 stay, 64..95 -> 0..31, 96..127 -> 64..95, 160..191 -> 96..127.
  constexpr int kShift[] = {0, 0, -64, -32, 0, -64};
  return static_cast<uint8_t>(p + kShift[p / 32]);
}

uint8_t c64_petscii(uint8_t code) {
  code &= 127;
  constexpr int kShift[] = {64, 0, 32, 64};  // 0..31, 32..63, 64..95, 96..127
  return static_cast<uint8_t>(code + kShift[code / 32]);
}

}  // namespace amazing::machine
