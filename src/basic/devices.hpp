// GW-BASIC's statements for devices this machine does not have (pc): SOUND, OUT, SCREEN,
// WAIT, PLAY "...", KEY n, "text", the event switches (TIMER ON, KEY(n) STOP, PLAY OFF) and
// traps (ON TIMER(n) GOSUB l, ON KEY(n) GOSUB l). Each checks its arguments as PC-BASIC
// 2.0.5 does (FACTS.md "Devices") and then does nothing; WAIT waits for a port that never
// changes. One table, read by the parser (how many arguments) and the statement
// (their ranges); Stmt::slot is the row.
//   10 SOUND 440,1      -> nothing          10 SOUND 36,1   -> Illegal function call
//   10 SCREEN 3         -> Illegal function call
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "basic/program.hpp"
#include "basic/scanner.hpp"

namespace amazing::basic {

// How an argument is read: a number rounded to an integer (its range an Illegal function
// call, past -32768..32767 an Overflow), a port (-32768..65535, then Overflow), a number
// kept as it is (range: Illegal function call), a string, a line number (must exist).
enum class DeviceArg : uint8_t { kNone, kInt, kPort, kNum, kText, kLine };

struct DeviceArgRule {
  DeviceArg kind = DeviceArg::kNone;
  double lo = 0, hi = 0;
  double gap_lo = 1, gap_hi = 0;  // values inside this gap are refused too (SCREEN 3..6)
};

enum class DeviceForm : uint8_t {
  kNumbers,  // arguments separated by commas
  kSwitch,   // [(n)] ON | OFF | STOP
  kTrap,     // ON name[(n)] GOSUB line
  kWait,     // WAIT port, and [, xor]: waits while (INP(port) XOR xor) AND and is 0
};

struct DeviceStatement {
  Keyword keyword;
  DeviceForm form;
  uint8_t min_args, max_args;
  std::array<DeviceArgRule, 4> args;
};

inline constexpr DeviceArgRule kByte{DeviceArg::kInt, 0, 255};
inline constexpr DeviceArgRule kPortNumber{DeviceArg::kPort, -32768, 65535};

inline constexpr DeviceStatement kDeviceStatements[] = {
    {Keyword::kSound,
     DeviceForm::kNumbers,
     2,
     2,
     {DeviceArgRule{DeviceArg::kInt, 37, 32767}, DeviceArgRule{DeviceArg::kNum, -65535, 65535}}},
    {Keyword::kOut, DeviceForm::kNumbers, 2, 2, {kPortNumber, kByte}},
    {Keyword::kScreen,
     DeviceForm::kNumbers,
     1,
     4,
     {DeviceArgRule{DeviceArg::kInt, 0, 9, 3, 6}, kByte, DeviceArgRule{DeviceArg::kInt, 0, 3},
      DeviceArgRule{DeviceArg::kInt, 0, 3}}},
    {Keyword::kPlay, DeviceForm::kNumbers, 1, 1, {DeviceArgRule{DeviceArg::kText}}},
    {Keyword::kKey,
     DeviceForm::kNumbers,
     2,
     2,
     {DeviceArgRule{DeviceArg::kInt, 1, 10}, DeviceArgRule{DeviceArg::kText}}},
    {Keyword::kWait, DeviceForm::kWait, 2, 3, {kPortNumber, kByte, kByte}},
    // switches: KEY(n) takes 0..255; TIMER and PLAY none
    {Keyword::kKey, DeviceForm::kSwitch, 1, 1, {kByte}},
    {Keyword::kTimer, DeviceForm::kSwitch, 0, 0, {}},
    {Keyword::kPlay, DeviceForm::kSwitch, 0, 0, {}},
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
     {DeviceArgRule{DeviceArg::kNum, 1, 1e30}, DeviceArgRule{DeviceArg::kLine}}},
    {Keyword::kPlay,
     DeviceForm::kTrap,
     2,
     2,
     {DeviceArgRule{DeviceArg::kInt, 1, 32}, DeviceArgRule{DeviceArg::kLine}}},
};

// The row of kDeviceStatements for keyword k in form f, if any.
inline std::optional<int> device_statement(Keyword k, DeviceForm f) {
  for (std::size_t i = 0; i < std::size(kDeviceStatements); ++i) {
    if (kDeviceStatements[i].keyword == k && kDeviceStatements[i].form == f)
      return static_cast<int>(i);
  }
  return std::nullopt;
}

class Runtime;

// Runs a kDevice statement: checks its arguments (Illegal function call, Overflow,
// Undefined line number as PC-BASIC raises them), then does nothing, or for WAIT runs
// itself again while the port does not match (each time a statement: Ctrl-C and the step
// limit stop it).
void exec_device(Runtime& rt, const Stmt& s);

}  // namespace amazing::basic
