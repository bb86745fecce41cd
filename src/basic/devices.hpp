// GW-BASIC's statements for devices this machine does not have (pc): SOUND, OUT, SCREEN,
// WAIT, PLAY "music", KEY n, "text", PCOPY, PALETTE, VIEW PRINT, MOTOR, the event switches
// (TIMER ON, KEY(n) STOP, PLAY OFF, STRIG(n) ON, PEN OFF, COM(n) STOP) and traps (ON
// TIMER(n) GOSUB l, ON KEY(n), ON PLAY(n), ON PEN, ON STRIG(n), ON COM(n)). Each checks its
// arguments as PC-BASIC 2.0.5 does (FACTS.md "Devices") and then does nothing, but SOUND
// and PLAY queue their music (music.hpp), the switches and traps set their event's trap
// (events.hpp), and WAIT waits for a port that never changes. One table, read by the parser (how
// many arguments) and the statement (their ranges); Stmt::slot is the row. Also here: the device
// functions (PEN(n), STICK, STRIG, PLAY(n), INP, ERDEV, EXTERR, SCREEN(r,c); POINT and PMAP are
// gw_graphics.hpp's), the
// machine's DOS environment (ENVIRON, ENVIRON$) and BSAVE/BLOAD's statement.
//   10 SOUND 440,18     -> a second's tone  10 SOUND 36,1   -> Illegal function call
//   10 SCREEN 3         -> Illegal function call
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "basic/program.hpp"
#include "basic/scanner.hpp"

namespace amazing::basic {

// How an argument is read: a number rounded to an integer (its range an Illegal function
// call, past -32768..32767 an Overflow), a port (-32768..65535, then Overflow), a number
// kept as it is (range: Illegal function call), a string, a line number (must exist), a
// page of the screen's mode (an integer 0..display_pages - 1).
enum class DeviceArg : uint8_t { kNone, kInt, kPort, kNum, kText, kLine, kPage };

struct DeviceArgRule {
  DeviceArg kind = DeviceArg::kNone;
  double lo = 0, hi = 0;
  double gap_lo = 1, gap_hi = 0;  // values inside this gap are refused too (SCREEN 3..6)
  int step = 1;                   // only lo, lo + step, ... (ON STRIG(0, 2, 4, 6))
};

enum class DeviceForm : uint8_t {
  kNumbers,  // arguments separated by commas
  kSwitch,   // [(n)] ON | OFF | STOP
  kTrap,     // ON name[(n)] GOSUB line
  kWait,     // WAIT port, and [, xor]: waits while (INP(port) XOR xor) AND and is 0
  kRange,    // first TO last, first <= last (VIEW PRINT)
  kUsing,    // PALETTE USING a%(i): an entry for each attribute from i (targets[0])
};

struct DeviceStatement {
  Keyword keyword;
  DeviceForm form;
  uint8_t min_args, max_args;
  std::array<DeviceArgRule, 5> args;
};

inline constexpr DeviceArgRule kByte{DeviceArg::kInt, 0, 255};
inline constexpr DeviceArgRule kPortNumber{DeviceArg::kPort, -32768, 65535};
// ON TIMER(n): any n above 0 (the least positive single is 2^-128).
inline constexpr double kLeastTimer = 1e-40;
inline constexpr DeviceArgRule kPage{DeviceArg::kPage, 0, 0};
inline constexpr DeviceArgRule kWord{DeviceArg::kInt, -32768, 32767};  // checked by its statement

inline constexpr DeviceStatement kDeviceStatements[] = {
    {Keyword::kSound,
     DeviceForm::kNumbers,
     2,
     2,
     {DeviceArgRule{DeviceArg::kInt, -32768, 32767},
      DeviceArgRule{DeviceArg::kNum, -65535, 65535}}},
    {Keyword::kOut, DeviceForm::kNumbers, 2, 2, {kPortNumber, kByte}},
    {Keyword::kScreen,
     DeviceForm::kNumbers,
     1,
     5,
     // (the fifth, the PCjr's erase, is refused: PC-BASIC's SCREEN 0,0,0,0,1 is an Illegal
     // function call, SCREEN 0,0,0,0, a Missing operand)
     {DeviceArgRule{DeviceArg::kInt, 0, 9, 3, 6}, kByte, kByte, kByte,
      DeviceArgRule{DeviceArg::kInt, 1, 0}}},
    {Keyword::kPlay, DeviceForm::kNumbers, 1, 1, {DeviceArgRule{DeviceArg::kText}}},
    {Keyword::kKey,
     DeviceForm::kNumbers,
     2,
     2,
     {DeviceArgRule{DeviceArg::kInt, 1, 20}, DeviceArgRule{DeviceArg::kText}}},
    {Keyword::kWait, DeviceForm::kWait, 2, 3, {kPortNumber, kByte, kByte}},
    // switches: KEY(n) takes 0..255; TIMER and PLAY none
    {Keyword::kKey, DeviceForm::kSwitch, 1, 1, {kByte}},
    {Keyword::kTimer, DeviceForm::kSwitch, 0, 0, {}},
    {Keyword::kPlay, DeviceForm::kSwitch, 0, 0, {}},
    {Keyword::kStrig, DeviceForm::kSwitch, 1, 1, {kByte}},  // STRIG ON, OFF: no row
    {Keyword::kPen, DeviceForm::kSwitch, 0, 0, {}},
    {Keyword::kCom, DeviceForm::kSwitch, 1, 1, {DeviceArgRule{DeviceArg::kInt, 0, 2}}},
    // PCOPY from, to (pages); PALETTE [attribute, colour]; VIEW PRINT [first TO last];
    // MOTOR [n]
    {Keyword::kPcopy, DeviceForm::kNumbers, 2, 2, {kPage, kPage}},
    {Keyword::kPalette, DeviceForm::kNumbers, 0, 2, {kWord, kWord}},
    {Keyword::kPalette, DeviceForm::kUsing, 0, 0, {}},
    {Keyword::kView,
     DeviceForm::kRange,
     2,
     2,
     {DeviceArgRule{DeviceArg::kInt, 1, 24}, DeviceArgRule{DeviceArg::kInt, 1, 24}}},
    {Keyword::kMotor, DeviceForm::kNumbers, 0, 1, {kByte}},
    // traps: ON KEY(1..20), ON TIMER(seconds), ON PLAY(notes) GOSUB line
    {Keyword::kKey,
     DeviceForm::kTrap,
     2,
     2,
     {DeviceArgRule{DeviceArg::kInt, 1, 20}, DeviceArgRule{DeviceArg::kLine}}},
    {Keyword::kTimer,
     DeviceForm::kTrap,
     2,
     2,
     {DeviceArgRule{DeviceArg::kNum, kLeastTimer, 1e30}, DeviceArgRule{DeviceArg::kLine}}},
    {Keyword::kPlay,
     DeviceForm::kTrap,
     2,
     2,
     {DeviceArgRule{DeviceArg::kInt, 1, 32}, DeviceArgRule{DeviceArg::kLine}}},
    // ON PEN GOSUB line (no number), ON STRIG(0, 2, 4 or 6), ON COM(1..2)
    {Keyword::kPen, DeviceForm::kTrap, 1, 1, {DeviceArgRule{DeviceArg::kLine}}},
    {Keyword::kStrig,
     DeviceForm::kTrap,
     2,
     2,
     {DeviceArgRule{DeviceArg::kInt, 0, 6, 1, 0, 2}, DeviceArgRule{DeviceArg::kLine}}},
    {Keyword::kCom,
     DeviceForm::kTrap,
     2,
     2,
     {DeviceArgRule{DeviceArg::kInt, 1, 2}, DeviceArgRule{DeviceArg::kLine}}},
};

// Whether a statement does its work before junk after it is met (`OUT 70000,1 X` is
// Overflow, `PALETTE 16,0 X` Illegal function call), as PC-BASIC checks the end of the
// others in its parser first (`SCREEN 3 X`, `PCOPY 0,9 X`, VIEW PRINT and the traps:
// Syntax error; PLAY "C" X: Illegal function call). SOUND keeps its junk as its error
// (Parser::parse_sound), as the traps do after their line.
inline bool device_runs_before_junk(const DeviceStatement& d) {
  switch (d.form) {
    case DeviceForm::kSwitch:
    case DeviceForm::kWait:
    case DeviceForm::kUsing:
      return true;
    case DeviceForm::kNumbers:
      return d.keyword != Keyword::kScreen && d.keyword != Keyword::kPcopy &&
             d.keyword != Keyword::kPlay;
    default:
      return false;
  }
}

// The row of kDeviceStatements for keyword k in form f, if any.
inline std::optional<int> device_statement(Keyword k, DeviceForm f) {
  for (std::size_t i = 0; i < std::size(kDeviceStatements); ++i) {
    if (kDeviceStatements[i].keyword == k && kDeviceStatements[i].form == f)
      return static_cast<int>(i);
  }
  return std::nullopt;
}

class Runtime;
struct Num;

// INP(port) (and what WAIT reads): the game port &H201 reads 240 (no button pressed, the
// sticks' timers run down), every other port 0, as PC-BASIC headless.
inline constexpr int32_t kGamePort = 0x201;
inline constexpr int kGamePortIdle = 0xF0;
int device_port(int32_t port);

// Runs a kDevice statement: checks its arguments (Illegal function call, Overflow,
// Undefined line number as PC-BASIC raises them), then does nothing, or for WAIT runs
// itself again while the port does not match (each time a statement: Ctrl-C and the step
// limit stop it).
void exec_device(Runtime& rt, const Stmt& s);

// ENVIRON "name=value": sets (or adds) an entry of the machine's environment; a text
// without a name before its '=' is Illegal function call.
void exec_environ(Runtime& rt, const Stmt& s);
// BSAVE name, offset, length: DEF SEG's bytes from offset into a file of the disk folder
// (&HFD, the segment, the offset and the length, 16 bits each low byte first, the bytes,
// then &H1A); BLOAD name [, offset]: such a file back into memory at its segment.
void exec_bsave(Runtime& rt, const Stmt& s);

// The device functions, each as PC-BASIC 2.0.5 answers headless (functions.cpp's table).
Num fn_pen(Runtime& rt, const Expr& e);
Num fn_stick(Runtime& rt, const Expr& e);
Num fn_strig(Runtime& rt, const Expr& e);
Num fn_play(Runtime& rt, const Expr& e);
Num fn_exterr(Runtime& rt, const Expr& e);
Num fn_inp(Runtime& rt, const Expr& e);
Num fn_erdev(Runtime& rt, const Expr& e);
std::string fn_erdev_str(Runtime& rt, const Expr& e);
Num fn_screen(Runtime& rt, const Expr& e);
std::string fn_environ(Runtime& rt, const Expr& e);

}  // namespace amazing::basic
