#include "machine/pc_keyboard.hpp"

#include <algorithm>
#include <iterator>

namespace amazing::machine {
namespace {

// A run of keys on a US keyboard with consecutive scan codes: what each types alone and
// with Shift.
struct KeyRow {
  uint8_t first_scan;
  std::string_view plain, shifted;
};
constexpr KeyRow kKeyRows[] = {
    {0x02, "1234567890-=", "!@#$%^&*()_+"},
    {0x10, "qwertyuiop[]", "QWERTYUIOP{}"},
    {0x1E, "asdfghjkl;'`", "ASDFGHJKL:\"~"},
    {0x2B, "\\zxcvbnm,./", "|ZXCVBNM<>?"},
    {0x39, " ", ""},
};

// The control characters that are keys of their own (Ctrl-H is also Backspace's).
struct ControlKey {
  int c;
  uint8_t scan;
};
constexpr ControlKey kControlKeys[] = {
    {8, kScanBackspace}, {9, 0x0F}, {13, kScanEnter}, {27, 0x01}, {127, kScanBackspace}};

std::optional<PcKey> printable_key(int c) {
  for (const KeyRow& row : kKeyRows) {
    if (std::size_t at = row.plain.find(static_cast<char>(c)); at != std::string_view::npos)
      return PcKey{static_cast<uint8_t>(row.first_scan + at), 0};
    if (std::size_t at = row.shifted.find(static_cast<char>(c)); at != std::string_view::npos)
      return PcKey{static_cast<uint8_t>(row.first_scan + at), kShiftKeys};
  }
  return std::nullopt;
}

// The scan codes of KEY(1..14)'s keys.
constexpr uint8_t kPredefinedScans[KeyTraps::kPredefined] = {
    kScanF1,     kScanF1 + 1, kScanF1 + 2, kScanF1 + 3, kScanF1 + 4, kScanF1 + 5, kScanF1 + 6,
    kScanF1 + 7, kScanF1 + 8, kScanF1 + 9, kScanUp,     kScanLeft,   kScanRight,  kScanDown};

// How KEY LIST shows a character that would move the cursor (PC-BASIC 2.0.5).
struct Shown {
  char c, as;
};
constexpr Shown kShownAs[] = {{'\x07', '\x0e'}, {'\x08', '\xfe'}, {'\x09', '\x1a'},
                              {'\x0a', '\x1b'}, {'\x0b', '\x7f'}, {'\x0c', '\x16'},
                              {'\x0d', '\x1b'}, {'\x1c', '\x10'}, {'\x1d', '\x11'},
                              {'\x1e', '\x18'}, {'\x1f', '\x19'}};

}  // namespace

std::optional<PcKey> pc_key_of_char(int c) {
  for (const ControlKey& k : kControlKeys)
    if (k.c == c) return PcKey{k.scan, 0};
  if (c >= 1 && c <= 26) {  // Ctrl and a letter
    std::optional<PcKey> letter = printable_key('a' + c - 1);
    return PcKey{letter->scan, kCtrlKey};
  }
  if (c < 32 || c > 126) return std::nullopt;
  return printable_key(c);
}

int KeyTraps::match(PcKey key) const {
  for (int k = 0; k < kPredefined; ++k)
    if ((on >> k & 1u) != 0 && kPredefinedScans[k] == key.scan) return k;
  for (int k = 0; k < kDefinable; ++k) {
    const int trap = kPredefined + k;
    if ((on >> trap & 1u) != 0 && defined[static_cast<std::size_t>(k)] == key) return trap;
  }
  return -1;
}

PcKey KeyTraps::from_definition(std::string_view two) {
  auto shifts = static_cast<uint8_t>(static_cast<uint8_t>(two[0]) & 0x6F);
  if ((shifts & kShiftKeys) != 0) shifts |= kShiftKeys;
  return PcKey{static_cast<uint8_t>(two[1]), shifts};
}

FunctionKeys::FunctionKeys()
    : texts_{"LIST ",        "RUN\r",  "LOAD\"",  "SAVE\"", "CONT\r",
             ",\"LPT1:\"\r", "TRON\r", "TROFF\r", "KEY ",   "SCREEN 0,0,0\r"} {}

void FunctionKeys::set(int n, std::string_view text) {
  if (n < 1 || n > kCount) return;
  texts_[static_cast<std::size_t>(n - 1)] = std::string(text.substr(0, text.find('\0')));
}

std::string FunctionKeys::listed(int n) const {
  std::string out = text(n);
  for (char& c : out) {
    const Shown* s = std::find_if(std::begin(kShownAs), std::end(kShownAs),
                                  [c](const Shown& x) { return x.c == c; });
    if (s != std::end(kShownAs)) c = s->as;
  }
  return out;
}

FunctionKeys::Line FunctionKeys::line(int columns) const {
  constexpr int kCell = 8, kShown = 6;
  const int cells = std::clamp(columns / kCell, 0, kCount);
  Line out{std::string(static_cast<std::size_t>(cells * kCell), ' '),
           std::string(static_cast<std::size_t>(cells * kCell), '0')};
  for (int k = 0; k < cells; ++k) {
    const auto at = static_cast<std::size_t>(k * kCell + 1);
    out.text[at] = static_cast<char>('0' + (k + 1) % 10);
    const std::string shown = listed(k + 1).substr(0, kShown);
    out.text.replace(at + 1, shown.size(), shown);
    out.reversed.replace(at + 1, shown.size(), shown.size(), '1');
  }
  return out;
}

}  // namespace amazing::machine
