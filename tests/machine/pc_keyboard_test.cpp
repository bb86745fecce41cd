// The PC keyboard as GW-BASIC sees it (machine/pc_keyboard.hpp): characters as keys, the key
// traps' matching, the function keys' texts.
#include "machine/pc_keyboard.hpp"

#include <gtest/gtest.h>

namespace amazing::machine {
namespace {

TEST(PcKeyboard, CharactersAreTheKeysThatTypeThem) {
  EXPECT_EQ(pc_key_of_char('a'), (PcKey{0x1E, 0}));
  EXPECT_EQ(pc_key_of_char('A'), (PcKey{0x1E, kShiftKeys}));
  EXPECT_EQ(pc_key_of_char('1'), (PcKey{0x02, 0}));
  EXPECT_EQ(pc_key_of_char('!'), (PcKey{0x02, kShiftKeys}));
  EXPECT_EQ(pc_key_of_char('='), (PcKey{0x0D, 0}));
  EXPECT_EQ(pc_key_of_char('?'), (PcKey{0x35, kShiftKeys}));
  EXPECT_EQ(pc_key_of_char('\\'), (PcKey{0x2B, 0}));
  EXPECT_EQ(pc_key_of_char('m'), (PcKey{0x32, 0}));
  EXPECT_EQ(pc_key_of_char(' '), (PcKey{0x39, 0}));
  EXPECT_EQ(pc_key_of_char(1), (PcKey{0x1E, kCtrlKey}));   // Ctrl-A
  EXPECT_EQ(pc_key_of_char(26), (PcKey{0x2C, kCtrlKey}));  // Ctrl-Z
  EXPECT_EQ(pc_key_of_char('\t'), (PcKey{0x0F, 0}));
  EXPECT_EQ(pc_key_of_char('\r'), (PcKey{kScanEnter, 0}));
  EXPECT_EQ(pc_key_of_char(27), (PcKey{0x01, 0}));
  EXPECT_EQ(pc_key_of_char(127), (PcKey{kScanBackspace, 0}));
  EXPECT_FALSE(pc_key_of_char(0).has_value());
  EXPECT_FALSE(pc_key_of_char(200).has_value());
  EXPECT_FALSE(pc_key_of_char(0x1000).has_value());
}

TEST(PcKeyboard, PredefinedTrapsIgnoreTheShiftKeysDefinedOnesDoNot) {
  KeyTraps traps;
  traps.on = 1u << 0 | 1u << 11 | 1u << 14 | 1u << 19;  // KEY(1), KEY(12), KEY(15), KEY(20)
  traps.defined[0] = KeyTraps::from_definition(std::string_view("\x04\x1E", 2));  // Ctrl-A
  traps.defined[5] = KeyTraps::from_definition(std::string_view("\x01\x1E", 2));  // Shift-A
  EXPECT_EQ(traps.match(PcKey{kScanF1, 0}), 0);
  EXPECT_EQ(traps.match(PcKey{kScanF1, kCtrlKey}), 0);
  EXPECT_EQ(traps.match(PcKey{kScanF1 + 1, 0}), -1);  // KEY(2) is off
  EXPECT_EQ(traps.match(PcKey{kScanLeft, kShiftKeys}), 11);
  EXPECT_EQ(traps.match(*pc_key_of_char(1)), 14);
  EXPECT_EQ(traps.match(*pc_key_of_char('A')), 19);  // one Shift means either
  EXPECT_EQ(traps.match(*pc_key_of_char('a')), -1);
  traps.on = 0;
  EXPECT_EQ(traps.match(*pc_key_of_char(1)), -1);
}

TEST(PcKeyboard, DefinitionsKeepPcBasicsShiftBits) {
  // The extended flag 0x80 and 0x10 are dropped; CapsLock 0x40 and NumLock 0x20 stay.
  EXPECT_EQ(KeyTraps::from_definition(std::string_view("\x80\x48", 2)), (PcKey{0x48, 0}));
  EXPECT_EQ(KeyTraps::from_definition(std::string_view("\x42\x1E", 2)), (PcKey{0x1E, 0x43}));
  EXPECT_EQ(KeyTraps::from_definition(std::string_view("\x2C\x1E", 2)), (PcKey{0x1E, 0x2C}));
}

TEST(PcKeyboard, FunctionKeysStartAsGwBasicsAndKeepTextUpToANul) {
  FunctionKeys keys;
  EXPECT_EQ(keys.text(1), "LIST ");
  EXPECT_EQ(keys.text(2), "RUN\r");
  EXPECT_EQ(keys.listed(2), "RUN\x1b");
  EXPECT_EQ(keys.listed(10), "SCREEN 0,0,0\x1b");
  keys.set(4, std::string_view("X\0Y", 3));
  EXPECT_EQ(keys.text(4), "X");
  keys.set(5, "A\x07\x08\x09\x0a\x0b\x0c\x1c\x1d\x1e\x1f\x01");
  EXPECT_EQ(keys.listed(5), "A\x0e\xfe\x1a\x1b\x7f\x16\x10\x11\x18\x19\x01");
}

TEST(PcKeyboard, KeyLineShowsWholeEightColumnCells) {
  FunctionKeys keys;
  keys.set(1, "AB\rCDEFGH");
  keys.set(2, "");
  const FunctionKeys::Line wide = keys.line(80);
  EXPECT_EQ(wide.text,
            " 1AB\x1b"
            "CDE 2       3LOAD\"  4SAVE\"  5CONT\x1b  6,\"LPT1 7TRON\x1b  8TROFF\x1b"
            " 9KEY    0SCREEN");
  EXPECT_EQ(wide.reversed.substr(0, 24), "001111110000000000111110");
  const FunctionKeys::Line narrow = keys.line(44);  // only whole cells: 5 of them
  EXPECT_EQ(narrow.text, wide.text.substr(0, 40));
  EXPECT_EQ(keys.line(7).text, "");
}

}  // namespace
}  // namespace amazing::machine
