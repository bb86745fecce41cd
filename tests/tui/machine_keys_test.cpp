// Terminal keys on the machines (tui/machine_keys.hpp): the bytes INKEY$ and GET read, and
// the PC keys ON KEY(n) traps.
#include "tui/machine_keys.hpp"

#include <gtest/gtest.h>

#include <string>

#include "tui/keys.hpp"

namespace amazing::tui {
namespace {

using machine::Rules;

std::string pc(int key, const machine::FunctionKeys* fkeys = nullptr) {
  return machine_key_bytes(key, Rules::kPc, fkeys);
}
std::string c64(int key) {
  return machine_key_bytes(key, Rules::kC64, nullptr);
}
std::string extended(int scan) {
  return std::string(1, '\0') + static_cast<char>(scan);
}

TEST(MachineKeys, PcCharactersAndExtendedKeys) {
  EXPECT_EQ(pc('a'), "a");
  EXPECT_EQ(pc('A'), "A");
  EXPECT_EQ(pc(kKeyEnter), "\r");
  EXPECT_EQ(pc('\n'), "\r");
  EXPECT_EQ(pc(kKeyBackspace), "\b");
  EXPECT_EQ(pc(27), "\x1b");
  EXPECT_EQ(pc(1), "\x01");  // Ctrl-A
  EXPECT_EQ(pc(kKeyUp), extended(0x48));
  EXPECT_EQ(pc(kKeyShiftDown), extended(0x50));
  EXPECT_EQ(pc(kKeyLeft), extended(0x4B));
  EXPECT_EQ(pc(kKeyCtrlLeft), extended(0x73));
  EXPECT_EQ(pc(kKeyCtrlRight), extended(0x74));
  EXPECT_EQ(pc(kKeyHome), extended(0x47));
  EXPECT_EQ(pc(kKeyDelete), extended(0x53));
  EXPECT_EQ(pc(kKeyF1), extended(0x3B));  // no texts given: the scan code
  EXPECT_EQ(pc(kKeyMouse), "");
}

TEST(MachineKeys, PcFunctionKeysTypeTheirTexts) {
  machine::FunctionKeys keys;
  EXPECT_EQ(pc(kKeyF1, &keys), "LIST ");
  EXPECT_EQ(pc(kKeyF1 + 1, &keys), "RUN\r");
  keys.set(3, "");
  EXPECT_EQ(pc(kKeyF1 + 2, &keys), extended(0x3D));  // KEY 3,"": INKEY$ sees the key
  EXPECT_EQ(pc(kKeyF12, &keys), extended(0x58));
}

TEST(MachineKeys, C64KeysArePetscii) {
  EXPECT_EQ(c64('a'), "A");
  EXPECT_EQ(c64('A'), "A");
  EXPECT_EQ(c64('1'), "1");
  EXPECT_EQ(c64(kKeyEnter), "\r");
  EXPECT_EQ(c64(kKeyUp), "\x91");
  EXPECT_EQ(c64(kKeyDown), "\x11");
  EXPECT_EQ(c64(kKeyLeft), "\x9d");
  EXPECT_EQ(c64(kKeyRight), "\x1d");
  EXPECT_EQ(c64(kKeyHome), "\x13");
  EXPECT_EQ(c64(kKeyBackspace), "\x14");
  EXPECT_EQ(c64(127), "\x14");
  EXPECT_EQ(c64(kKeyInsert), "\x94");
  EXPECT_EQ(c64(12), "\x93");  // Ctrl-L: CLR
  EXPECT_EQ(c64(kKeyF1), "\x85");
  EXPECT_EQ(c64(kKeyF1 + 1), "\x89");  // F2 is Shift-F1
  EXPECT_EQ(c64(kKeyF1 + 6), "\x88");  // F7
  EXPECT_EQ(c64(kKeyF1 + 7), "\x8c");  // F8
  EXPECT_EQ(c64(kKeyF1 + 8), "");      // no F9
  EXPECT_EQ(c64(kKeyPageUp), "");
}

TEST(MachineKeys, PcKeysForTheTraps) {
  EXPECT_EQ(pc_key(kKeyF1 + 9), (machine::PcKey{0x44, 0}));
  EXPECT_EQ(pc_key(kKeyCtrlUp), (machine::PcKey{0x48, machine::kCtrlKey}));
  EXPECT_EQ(pc_key('q'), (machine::PcKey{0x10, 0}));
  EXPECT_EQ(pc_key('\n'), (machine::PcKey{0x1C, 0}));
  EXPECT_FALSE(pc_key(kKeyMouse).has_value());
}

}  // namespace
}  // namespace amazing::tui
