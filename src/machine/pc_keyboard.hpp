// The IBM PC's keyboard as a GW-BASIC program sees it (PC-BASIC 2.0.5; FACTS.md "Events"):
// the function keys' texts (KEY n, "text"; KEY LIST; F1..F10 type them at the prompt and at
// INPUT) and the keys a program traps (ON KEY(n)): F1..F10 and the cursor keys by their
// scan codes, KEY 15..20 by the scan code and shift keys KEY n, CHR$(shifts)+CHR$(scan)
// names.
//
//   FunctionKeys keys;              // GW-BASIC's texts at power-on: F1 "LIST ", F2 "RUN"+CR
//   keys.set(1, "HELLO");           // KEY 1,"HELLO"
//   keys.listed(1) == "HELLO";      // KEY LIST's line for F1 (control characters shown)
//
//   KeyTraps traps;                 // KEY(1) and KEY(15) on; KEY 15 is Ctrl+A
//   traps.on = 1u | 1u << 14;
//   traps.defined[0] = PcKey{0x1E, kCtrlKey};
//   traps.match(*pc_key_of_char(1)) == 14;   // Ctrl-A typed: KEY(15)'s trap
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace amazing::machine {

// A key pressed: its scan code (set 1, a US keyboard) and the shift keys held, in the bits
// KEY n's first character uses.
struct PcKey {
  uint8_t scan = 0;
  uint8_t shifts = 0;
  bool operator==(const PcKey&) const = default;
};
inline constexpr uint8_t kShiftKeys = 0x03;  // either Shift (KEY's 1, 2 and 3 are one)
inline constexpr uint8_t kCtrlKey = 0x04;
inline constexpr uint8_t kAltKey = 0x08;

// Scan codes of the keys a terminal sends as keys rather than characters.
inline constexpr uint8_t kScanF1 = 0x3B;  // F1..F10: 0x3B..0x44
inline constexpr uint8_t kScanF11 = 0x57, kScanF12 = 0x58;
inline constexpr uint8_t kScanHome = 0x47, kScanUp = 0x48, kScanPageUp = 0x49;
inline constexpr uint8_t kScanLeft = 0x4B, kScanRight = 0x4D;
inline constexpr uint8_t kScanEnd = 0x4F, kScanDown = 0x50, kScanPageDown = 0x51;
inline constexpr uint8_t kScanInsert = 0x52, kScanDelete = 0x53;
inline constexpr uint8_t kScanBackspace = 0x0E, kScanEnter = 0x1C;

// The key that types character c (1..127) on a US keyboard: a capital or a shifted sign
// with Shift, a control character as Ctrl and its letter (Tab, Enter, Esc and Backspace
// as those keys); nullopt for anything else.
std::optional<PcKey> pc_key_of_char(int c);

// The key traps on (bit k: KEY(k + 1) on or stopped) and KEY 15..20's keys.
struct KeyTraps {
  static constexpr int kPredefined = 14;  // KEY(1..10) F1..F10, KEY(11..14) Up, Left, Right, Down
  static constexpr int kDefinable = 6;    // KEY(15..20)
  uint32_t on = 0;
  std::array<std::optional<PcKey>, kDefinable> defined{};
  // The trap (0..19: KEY(k + 1)) that takes `key`, or -1: KEY(1..14) by scan code whatever
  // the shift keys, KEY(15..20) by scan code and shift keys both.
  int match(PcKey key) const;
  // KEY n, s for n 15..20 (s two characters): the shift bits as PC-BASIC keeps them
  // (CapsLock 0x40 and NumLock 0x20 kept, the extended flag 0x80 and 0x10 dropped, one
  // Shift meaning either), then the scan code.
  static PcKey from_definition(std::string_view two);
};

// The texts of F1..F10 (KEY n, "text" for n 1..10).
class FunctionKeys {
 public:
  static constexpr int kCount = 10;
  FunctionKeys();
  // KEY n, text (n 1..10; any other n changes nothing): the text up to a NUL.
  void set(int n, std::string_view text);
  const std::string& text(int n) const { return texts_[static_cast<std::size_t>(n - 1)]; }
  // The text as KEY LIST shows it: the control characters that move the cursor shown as
  // the characters PC-BASIC shows for them (a carriage return as the arrow, CHR$(27)).
  std::string listed(int n) const;

  // The function-key line KEY ON shows on the 25th row (PC-BASIC's bottom bar), `columns`
  // wide: whole 8-column cells only, F10 shown as 0. Each cell: a blank, the key's last
  // digit, then the first 6 characters of its listed text, which `reversed` marks.
  struct Line {
    std::string text;
    std::string reversed;  // 1 where the cell shows the text in reverse, else 0
  };
  Line line(int columns) const;

 private:
  std::array<std::string, kCount> texts_;
};

}  // namespace amazing::machine
