#include "tui/machine_keys.hpp"

#include "tui/keys.hpp"

namespace amazing::tui {
namespace {

using machine::PcKey;

// A key a terminal sends as a key, not a character: what it is on each machine (a PC key
// with its scan code; the C64's PETSCII code, 0 for none).
struct SpecialKey {
  int key;
  PcKey pc;
  unsigned char c64;
};
constexpr SpecialKey kSpecialKeys[] = {
    {kKeyUp, {machine::kScanUp, 0}, 145},
    {kKeyShiftUp, {machine::kScanUp, machine::kShiftKeys}, 145},
    {kKeyCtrlUp, {machine::kScanUp, machine::kCtrlKey}, 145},
    {kKeyLeft, {machine::kScanLeft, 0}, 157},
    {kKeyShiftLeft, {machine::kScanLeft, machine::kShiftKeys}, 157},
    {kKeyCtrlLeft, {machine::kScanLeft, machine::kCtrlKey}, 157},
    {kKeyRight, {machine::kScanRight, 0}, 29},
    {kKeyShiftRight, {machine::kScanRight, machine::kShiftKeys}, 29},
    {kKeyCtrlRight, {machine::kScanRight, machine::kCtrlKey}, 29},
    {kKeyDown, {machine::kScanDown, 0}, 17},
    {kKeyShiftDown, {machine::kScanDown, machine::kShiftKeys}, 17},
    {kKeyCtrlDown, {machine::kScanDown, machine::kCtrlKey}, 17},
    {kKeyHome, {machine::kScanHome, 0}, 19},
    {kKeyEnd, {machine::kScanEnd, 0}, 0},
    {kKeyPageUp, {machine::kScanPageUp, 0}, 0},
    {kKeyPageDown, {machine::kScanPageDown, 0}, 0},
    {kKeyInsert, {machine::kScanInsert, 0}, 148},
    {kKeyDelete, {machine::kScanDelete, 0}, 20},
    {kKeyBackspace, {machine::kScanBackspace, 0}, 20},
    {kKeyEnter, {machine::kScanEnter, 0}, 13},
    {kKeyF1 + 10, {machine::kScanF11, 0}, 0},
    {kKeyF1 + 11, {machine::kScanF12, 0}, 0},
};

const SpecialKey* special(int key) {
  for (const SpecialKey& k : kSpecialKeys)
    if (k.key == key) return &k;
  return nullptr;
}

// The C64's function keys: F1, F3, F5, F7 alone, F2, F4, F6, F8 with Shift.
constexpr unsigned char kC64FunctionKeys[8] = {133, 137, 134, 138, 135, 139, 136, 140};

// The pc's extended keys (the cursor and editing keys, a function key with no text): 0 and
// the scan code; Ctrl with Left and Right are codes of their own.
std::string pc_extended(int key, PcKey pc) {
  unsigned char scan = pc.scan;
  if (key == kKeyCtrlLeft) scan = 0x73;
  if (key == kKeyCtrlRight) scan = 0x74;
  if (key == kKeyEnter) return "\r";
  if (key == kKeyBackspace) return "\b";
  return std::string(1, '\0') + static_cast<char>(scan);
}

std::string pc_bytes(int key, const machine::FunctionKeys* fkeys) {
  if (key >= kKeyF1 && key < kKeyF1 + machine::FunctionKeys::kCount) {
    if (fkeys != nullptr && !fkeys->text(key - kKeyF1 + 1).empty())
      return fkeys->text(key - kKeyF1 + 1);
    return std::string(1, '\0') + static_cast<char>(machine::kScanF1 + (key - kKeyF1));
  }
  if (const SpecialKey* k = special(key)) return pc_extended(key, k->pc);
  if (key == '\n') return "\r";
  if (key >= 1 && key <= 255) return std::string(1, static_cast<char>(key));
  return {};
}

std::string c64_bytes(int key) {
  if (key >= kKeyF1 && key < kKeyF1 + 8)
    return std::string(1, static_cast<char>(kC64FunctionKeys[key - kKeyF1]));
  if (const SpecialKey* k = special(key))
    return k->c64 != 0 ? std::string(1, static_cast<char>(k->c64)) : std::string();
  if (key == '\n' || key == '\r') return "\r";
  if (key == 127 || key == 8) return "\x14";
  if (key == 12) return "\x93";  // Ctrl-L: CLR (Shift-CLR/HOME), as the screen editor takes it
  if (key >= 'a' && key <= 'z') return std::string(1, static_cast<char>(key - 'a' + 'A'));
  if (key >= 32 && key <= 126) return std::string(1, static_cast<char>(key));
  return {};
}

}  // namespace

std::optional<machine::PcKey> pc_key(int key) {
  if (key >= kKeyF1 && key < kKeyF1 + machine::FunctionKeys::kCount)
    return PcKey{static_cast<uint8_t>(machine::kScanF1 + (key - kKeyF1)), 0};
  if (const SpecialKey* k = special(key)) return k->pc;
  return machine::pc_key_of_char(key == '\n' ? '\r' : key);
}

std::string machine_key_bytes(int key, machine::Rules rules, const machine::FunctionKeys* fkeys) {
  return rules == machine::Rules::kC64 ? c64_bytes(key) : pc_bytes(key, fkeys);
}

}  // namespace amazing::tui
