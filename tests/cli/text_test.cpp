#include <gtest/gtest.h>

#include "core/text.hpp"

namespace {

using amazing::core::Newlines;
using amazing::core::printable;
using amazing::core::visible_program_text;
using amazing::core::VisibleProgramText;

TEST(Printable, PlainTextAndUtf8PassUnchanged) {
  EXPECT_EQ(printable("WHAT ARE YOUR WIDTH AND LENGTH? 10,12"),
            "WHAT ARE YOUR WIDTH AND LENGTH? 10,12");
  EXPECT_EQ(printable("caf\xc3\xa9 \xe2\x94\x80"), "caf\xc3\xa9 \xe2\x94\x80");
  EXPECT_EQ(printable("a\\b"), "a\\b");
}

TEST(Printable, ControlCharactersBecomeVisibleEscapes) {
  EXPECT_EQ(printable("\x1b[2J\x1b]0;pwned\x07"), "\\x1b[2J\\x1b]0;pwned\\x07");
  EXPECT_EQ(printable("a\nb\rc\td"), "a\\nb\\rc\\td");
  EXPECT_EQ(printable(std::string_view("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(printable("\x7f"), "\\x7f");
}

TEST(Printable, C1ControlsAndBrokenUtf8AreEscaped) {
  // U+009B is CSI on terminals that take 8-bit controls.
  EXPECT_EQ(printable("\xc2\x9b"
                      "2J"),
            "\\u009b2J");
  EXPECT_EQ(printable("\x9b"
                      "2J"),
            "\\x9b2J");
  EXPECT_EQ(printable("\xff\xfe"), "\\xff\\xfe");
  EXPECT_EQ(printable("\xc0\xaf"), "\\xc0\\xaf");  // overlong '/'
  EXPECT_EQ(printable("\xe2\x94"), "\\xe2\\x94");  // cut short
}

TEST(Printable, KeepLeavesLineFeedsAndTabsOnly) {
  EXPECT_EQ(printable("stack traceback:\n\t[C]: in ?\x1b", Newlines::kKeep),
            "stack traceback:\n\t[C]: in ?\\x1b");
}

TEST(Printable, BidiFormatCharactersAreEscaped) {
  // "Trojan Source": an override shows the characters after it in another order.
  EXPECT_EQ(printable("abc\u202edcba"), "abc\\u202edcba");
  EXPECT_EQ(printable("\u202a\u202b\u202c\u202d"), "\\u202a\\u202b\\u202c\\u202d");
  EXPECT_EQ(printable("\u2066\u2067\u2068\u2069"), "\\u2066\\u2067\\u2068\\u2069");
  EXPECT_EQ(printable("\u200e\u200f\u061c"), "\\u200e\\u200f\\u061c");
  // Kept with their lines too: kKeep only keeps line feeds and tabs.
  EXPECT_EQ(printable("a\n\u202eb", Newlines::kKeep), "a\n\\u202eb");
}

TEST(Printable, InvisibleAndSeparatorCharactersAreEscaped) {
  EXPECT_EQ(printable("a\u2028b\u2029c"), "a\\u2028b\\u2029c");
  EXPECT_EQ(printable("\ufeffx\u200by\u00adz"), "\\ufeffx\\u200by\\u00adz");
  EXPECT_EQ(printable("\u2060\u2064\u206a\u206f\u180e"), "\\u2060\\u2064\\u206a\\u206f\\u180e");
  EXPECT_EQ(printable("\ufff9hidden\ufffb"), "\\ufff9hidden\\ufffb");
  // Tag characters spell invisible ASCII: "\U000e0041" is a hidden 'A'.
  EXPECT_EQ(printable("x\U000e0041\U000e007f"), "x\\U000e0041\\U000e007f");
}

TEST(Printable, C1ControlsAsUtf8AndAsRawBytes) {
  EXPECT_EQ(printable("\u0085\u009d0;t\u009c"), "\\u0085\\u009d0;t\\u009c");
  EXPECT_EQ(printable("\x85\x9d\x9c"), "\\x85\\x9d\\x9c");
  EXPECT_EQ(printable("\x80"), "\\x80");
}

TEST(Printable, OrdinaryUnicodeIsKept) {
  // Letters, the euro, box drawing, CJK, an emoji family joined by U+200D, and the
  // Persian non-joiner U+200C.
  const char* text =
      "\u00e9\u20ac\u2500\u2502\u250c\u65e5\u672c "
      "\U0001F468\u200d\U0001F469\u200d\U0001F467 \u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645";
  EXPECT_EQ(printable(text), text);
  // The characters just outside the escaped ranges.
  EXPECT_EQ(printable("\u00a0\u00ae\u061b\u061d\u2027\u202f\u2065\u2070\ufff8\ufffc"),
            "\u00a0\u00ae\u061b\u061d\u2027\u202f\u2065\u2070\ufff8\ufffc");
  EXPECT_EQ(printable("\U000e0080\U000e0100"), "\U000e0080\U000e0100");
}

TEST(Printable, SurrogatesAndOutOfRangeAreBytes) {
  EXPECT_EQ(printable("\xed\xa0\x80"), "\\xed\\xa0\\x80");           // U+D800
  EXPECT_EQ(printable("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");  // past U+10FFFF
  EXPECT_EQ(printable("\xe0\x80\xae"), "\\xe0\\x80\\xae");           // overlong
}

TEST(VisibleProgramText, ControlsAreShownAndLinesKept) {
  EXPECT_EQ(visible_program_text("\x1b]0;pwned\x07\x1b[2JHELLO\n\tX\r\n"),
            "\\x1b]0;pwned\\x07\\x1b[2JHELLO\n\tX\\r\n");
  EXPECT_EQ(visible_program_text("\u202eevil\xc2\x9b"
                                 "2J\xff"),
            "\\u202eevil\\u009b2J\\xff");
  EXPECT_EQ(visible_program_text("\u2500\u00e9"), "\u2500\u00e9");
}

TEST(VisibleProgramText, TheC64CursorRightIsTheBlankItLeaves) {
  EXPECT_EQ(visible_program_text(" 1 \x1b[C 2 \x1b[C\n"), " 1   2  \n");
  EXPECT_EQ(visible_program_text("\x1b[D\x1b[2C"), "\\x1b[D\\x1b[2C");
}

TEST(VisibleProgramText, SequencesCutBetweenPiecesAreWhole) {
  VisibleProgramText v;
  std::string out = v.add("a\xe2\x82");  // half a euro sign
  out += v.add("\xac\xe2\x80");          // its end, then half of U+202E
  out += v.add("\xae\x1b");              // its end, then an ESC
  out += v.add("[");
  out += v.add("C\x1b");  // a cursor-right, then ESC and ]
  out += v.add("]0;t\x07");
  out += v.finish();
  EXPECT_EQ(out, "a\u20ac\\u202e \\x1b]0;t\\x07");
  // Every split of a whole gives the whole's text.
  const std::string whole = "x\x1b[C\u202e\u20ac\U0001F600\x1b[2J\xe2\x82q\xc2\x85\n";
  for (std::size_t cut = 0; cut <= whole.size(); ++cut) {
    VisibleProgramText split;
    std::string got = split.add(whole.substr(0, cut));
    got += split.add(whole.substr(cut));
    got += split.finish();
    EXPECT_EQ(got, visible_program_text(whole)) << "cut at " << cut;
  }
  // An output that ends inside a sequence: its bytes, escaped.
  VisibleProgramText cut;
  std::string ended = cut.add("ok\xe2\x82");
  EXPECT_EQ(ended, "ok");
  ended += cut.finish();
  EXPECT_EQ(ended, "ok\\xe2\\x82");
}

}  // namespace
