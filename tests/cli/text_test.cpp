#include <gtest/gtest.h>

#include "core/text.hpp"

namespace {

using amazing::core::Newlines;
using amazing::core::printable;

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

}  // namespace
