// Charset: the machine's own characters and colours, as a terminal can show them.
//
//   charset_of(Rules::kPc) == Charset::kCp437       // the IBM PC's code page 437
//   to_unicode(Charset::kCp437, 219) == U'\u2588'   // full block
//   to_unicode(Charset::kPetscii, 0x73) == U'\u2665' // the C64's heart
//   glyph_utf8(Charset::kCp437, 201) == "\u2554"     // the UTF-8 a terminal is sent
//   ansi_colour(Rules::kPc, 14) == 11                // CGA yellow is the ANSI bright yellow
//
// A screen byte is a character code of the machine: on the pc a CP437 code (ASCII for
// 32..126, box, block and foreign letters above, the smileys and arrows below 32); on the
// c64 a PETSCII code as CHR$ takes it, in the C64's upper-case/graphics set (letters at
// 65..90, the graphics at 96..127 and 160..255; 192..223 repeat 96..127 and 224..254
// repeat 160..190, as on the C64). The real C64 stored screen codes in its video memory;
// this machine stores what PRINT wrote, so PEEK of printed text gives the code printed.
// Each code is shown as the nearest Unicode character; codes with no picture (PETSCII's
// control codes, CP437's NUL) show as a space.
//
// Colours 0..15 are the machine's: the CGA's order on the pc (0 black, 1 blue, 2 green,
// 3 cyan, 4 red, 5 magenta, 6 brown, 7 light grey, 8..15 their bright forms, 14 yellow,
// 15 white), the VIC-II's on the c64 (0 black, 1 white, 2 red, 3 cyan, 4 purple, 5 green,
// 6 blue, 7 yellow, 8 orange, 9 brown, 10 light red, 11 dark grey, 12 grey, 13 light
// green, 14 light blue, 15 light grey). ansi_colour() gives the nearest of a terminal's
// 16 ANSI colours (0..7 normal, 8..15 bright: 0 black, 1 red, 2 green, 3 yellow, 4 blue,
// 5 magenta, 6 cyan, 7 white).
#pragma once

#include <cstdint>
#include <string>

#include "machine/rules.hpp"

namespace amazing::machine {


inline Charset charset_of(Rules rules) {
  return describe(rules).charset;
}

// The Unicode character shown for character code `code`.
char32_t to_unicode(Charset set, uint8_t code);
// The same as UTF-8 (1 to 4 bytes).
std::string glyph_utf8(Charset set, uint8_t code);
// Any code point as UTF-8.
std::string utf8(char32_t cp);

// The C64's screen codes: what its video memory (1024..2023) holds for a character, as
// PEEK reads it and POKE writes it. @ and A..Z are 0 and 1..26, [ \ ] ^ _ 27..31, the
// blank, digits and signs 32..63 stay, the graphics 96..127 are 64..95 and 160..191 are
// 96..127 (192..223 and 224..254 repeat them; 255, pi, is 94). A control code (0..31,
// 128..159), shown in quote mode as a reverse character, is that character's code + 128.
uint8_t c64_screen_code(uint8_t petscii);
// The PETSCII code a screen code shows (64..95 as 96..127, 96..127 as 160..191); 128..255,
// the reverse characters, as the plain one (a cell here keeps no reverse).
uint8_t c64_petscii(uint8_t screen_code);
// PETSCII's control codes (0..31, 128..159).
inline constexpr bool is_petscii_control(uint8_t code) {
  return code < 0x20 || (code >= 0x80 && code < 0xA0);
}
// The control codes the C64's screen editor shows instead of performing in quote mode
// (after an odd number of quotes on the line printed or typed): every one but the line
// ends (13, 141) and DEL (20), which act even there (KERNAL $E716 print: CR and DEL are
// handled before the test of QTSW at $E77E; shifted codes test it at UP5, after shifted
// CR). A screen cell holding one shows the character code ^ 64 reversed (17 a reverse Q,
// 147 a reverse heart; its screen code, c64_screen_code, is that character's + 128).
inline constexpr bool c64_quoted_control(uint8_t code) {
  return is_petscii_control(code) && code != 13 && code != 20 && code != 141;
}
// The character a cell holding control code `code` shows reversed.
inline constexpr uint8_t c64_quoted_glyph(uint8_t code) {
  return static_cast<uint8_t>(code ^ 64);
}

inline constexpr int kColours = 16;
// The nearest ANSI colour (0..15) to the machine's colour `colour` (0..15).
int ansi_colour(Rules rules, int colour);
// The pc colour (0..15) nearest to EGA colour `ega` (0..63: bits 0, 1, 2 blue, green, red
// at 2/3 strength, 3, 4, 5 the same at 1/3), as the CGA shows its 16 (6 brown, not dark
// yellow): the one place a pc colour past the 16 becomes one a terminal shows.
int pc_colour_of_ega(int ega);
// The colour's name ("light blue"), for messages and documentation.
const char* colour_name(Rules rules, int colour);

// A screen cell's colours: foreground in the low nibble, background in the high one.
inline constexpr uint8_t make_attribute(int fg, int bg) {
  return static_cast<uint8_t>((fg & 15) | ((bg & 15) << 4));
}
inline constexpr int attribute_fg(uint8_t a) {
  return a & 15;
}
inline constexpr int attribute_bg(uint8_t a) {
  return a >> 4;
}
// The power-on colours: light grey on black (GW-BASIC's COLOR 7, 0), light blue on blue
// on the C64 (14 on 6).
inline constexpr uint8_t default_attribute(Rules rules) {
  return rules == Rules::kC64 ? make_attribute(14, 6) : make_attribute(7, 0);
}

}  // namespace amazing::machine
