// The machine's character sets and colours as a terminal shows them (machine/charset),
// and the screen's colour memory (machine/screen).
#include <gtest/gtest.h>

#include "core/ram.hpp"
#include "machine/charset.hpp"
#include "machine/screen.hpp"

namespace {

using namespace amazing::machine;

TEST(ScreenCharset, Cp437KnownCodePoints) {
  EXPECT_EQ(to_unicode(Charset::kCp437, 'A'), U'A');
  EXPECT_EQ(to_unicode(Charset::kCp437, 1), U'\u263A');    // smiling face
  EXPECT_EQ(to_unicode(Charset::kCp437, 3), U'\u2665');    // heart
  EXPECT_EQ(to_unicode(Charset::kCp437, 127), U'\u2302');  // house
  EXPECT_EQ(to_unicode(Charset::kCp437, 130), U'\u00E9');  // e acute
  EXPECT_EQ(to_unicode(Charset::kCp437, 176), U'\u2591');  // light shade
  EXPECT_EQ(to_unicode(Charset::kCp437, 179), U'\u2502');  // vertical line
  EXPECT_EQ(to_unicode(Charset::kCp437, 201), U'\u2554');  // double down and right
  EXPECT_EQ(to_unicode(Charset::kCp437, 219), U'\u2588');  // full block
  EXPECT_EQ(to_unicode(Charset::kCp437, 227), U'\u03C0');  // pi
  EXPECT_EQ(to_unicode(Charset::kCp437, 254), U'\u25A0');  // black square
  EXPECT_EQ(to_unicode(Charset::kCp437, 0), U' ');
}

TEST(ScreenCharset, PetsciiKnownCodePoints) {
  EXPECT_EQ(to_unicode(Charset::kPetscii, 'A'), U'A');
  EXPECT_EQ(to_unicode(Charset::kPetscii, 0x5C), U'\u00A3');  // pound
  EXPECT_EQ(to_unicode(Charset::kPetscii, 0x5E), U'\u2191');  // up arrow
  EXPECT_EQ(to_unicode(Charset::kPetscii, 0x61), U'\u2660');  // spade
  EXPECT_EQ(to_unicode(Charset::kPetscii, 0x73), U'\u2665');  // heart
  EXPECT_EQ(to_unicode(Charset::kPetscii, 0x7E), U'\u03C0');  // pi
  EXPECT_EQ(to_unicode(Charset::kPetscii, 0xA6), U'\u2592');  // checkerboard
  EXPECT_EQ(to_unicode(Charset::kPetscii, 0xAB), U'\u251C');  // box joint
  EXPECT_EQ(to_unicode(Charset::kPetscii, 0xD5), U'\u256D');  // rounded corner
  EXPECT_EQ(to_unicode(Charset::kPetscii, 0x0D), U' ');       // RETURN: no picture
  EXPECT_EQ(to_unicode(Charset::kPetscii, 0x93), U' ');       // CLR: no picture
  // The C64 repeats 96..127 at 192..223 and 160..190 at 224..254.
  for (int c = 0; c < 32; ++c)
    EXPECT_EQ(to_unicode(Charset::kPetscii, static_cast<uint8_t>(0x60 + c)),
              to_unicode(Charset::kPetscii, static_cast<uint8_t>(0xC0 + c)));
  for (int c = 0; c < 31; ++c)
    EXPECT_EQ(to_unicode(Charset::kPetscii, static_cast<uint8_t>(0xA0 + c)),
              to_unicode(Charset::kPetscii, static_cast<uint8_t>(0xE0 + c)));
  EXPECT_EQ(to_unicode(Charset::kPetscii, 0xFF), U'\u03C0');
}

TEST(ScreenCharset, Utf8) {
  EXPECT_EQ(glyph_utf8(Charset::kCp437, 219), "\xE2\x96\x88");
  EXPECT_EQ(glyph_utf8(Charset::kCp437, 130), "\xC3\xA9");
  EXPECT_EQ(glyph_utf8(Charset::kCp437, 'x'), "x");
  EXPECT_EQ(utf8(U'\U0001FB70'), "\xF0\x9F\xAD\xB0");
}

TEST(ScreenCharset, ColoursMapToTheNearestAnsiColour) {
  EXPECT_EQ(ansi_colour(Rules::kPc, 1), 4);    // CGA blue -> ANSI blue
  EXPECT_EQ(ansi_colour(Rules::kPc, 4), 1);    // CGA red -> ANSI red
  EXPECT_EQ(ansi_colour(Rules::kPc, 14), 11);  // yellow -> bright yellow
  EXPECT_EQ(ansi_colour(Rules::kC64, 6), 4);   // VIC-II blue
  EXPECT_EQ(ansi_colour(Rules::kC64, 1), 15);  // VIC-II white
  EXPECT_STREQ(colour_name(Rules::kC64, 14), "light blue");
  EXPECT_EQ(default_attribute(Rules::kC64), make_attribute(14, 6));
}

TEST(ScreenCharset, ScreenKeepsAColourPerCell) {
  amazing::core::Ram ram;
  auto screen = Screen::create(ram);
  ASSERT_TRUE(screen.ok());
  EXPECT_EQ(screen->attribute_at(0, 0), make_attribute(7, 0));
  screen->set_attribute(make_attribute(7, 0));
  EXPECT_FALSE(screen->coloured());  // still the power-on colours: viewers draw it plain
  screen->set_attribute(make_attribute(10, 1));
  EXPECT_TRUE(screen->coloured());
  screen->put("AB");
  EXPECT_EQ(screen->attribute_at(0, 1), make_attribute(10, 1));
  EXPECT_EQ(screen->attribute_at(0, 2), make_attribute(7, 0));
  // Scrolling moves colours with the text; the new bottom line takes the current colours.
  for (int i = 0; i < 23; ++i) screen->put("\n");
  screen->set_attribute(make_attribute(3, 5));
  screen->put("\n");  // the pc scrolls rows 1..24
  EXPECT_EQ(screen->attribute_at(22, 1), make_attribute(7, 0));
  EXPECT_EQ(screen->attribute_at(23, 0), make_attribute(3, 5));
  EXPECT_EQ(screen->attribute_at(24, 0), make_attribute(7, 0));
  // The row that held "AB" has scrolled off the top.
  EXPECT_EQ(screen->attribute_at(0, 0), make_attribute(7, 0));
}

TEST(ScreenCharset, C64ScreenMovesColoursWithItsLines) {
  amazing::core::Ram ram;
  auto screen = Screen::create(ram, Rules::kC64);
  ASSERT_TRUE(screen.ok());
  EXPECT_EQ(screen->attribute_at(5, 5), make_attribute(14, 6));
  screen->set_attribute(make_attribute(1, 6));
  screen->put("X");
  EXPECT_EQ(screen->attribute_at(0, 0), make_attribute(1, 6));
}

}  // namespace
