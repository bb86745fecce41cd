// The emulated clock: the CPU cycles the real machine would have spent on what the program
// ran so far, charged from the machine's cost table (machine/costs.hpp) as the
// interpreter runs each statement, operator and function. TI and TI$ (c64) and TIMER (pc)
// read it, so a program that times itself sees the real machine's pace on any host.
//
//   EmulatedClock clock(*machine::describe(Kind::kC64).costs);
//   clock.cycles += 1022727;        // one emulated second
//   clock.jiffies() == 60;          // TI
//   clock.c64_time_text() == "000001"  // TI$
//
// Power-on is midnight on both machines: the C64's TI starts at 0; the IBM PC 5150 has no
// clock card, so DOS starts at 00:00:00 unless told the time, and TIMER starts at 0.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "basic/program.hpp"
#include "machine/costs.hpp"

namespace amazing::basic {

// The machine's costs arranged as the interpreter looks them up: by statement kind, by
// operator, by function keyword; cycles each.
struct ClockCharges {
  static constexpr std::size_t kStatements = kStatementKinds;
  static constexpr std::size_t kOps = static_cast<std::size_t>(Op::kPlus) + 1;
  std::array<uint32_t, kStatements> statement{};
  std::array<uint32_t, kOps> op{};
  std::array<uint32_t, 256> function{};  // by Keyword
  uint32_t line = 0, line_scan = 0, character = 0;
  uint32_t number = 0, string = 0, variable = 0, element = 0, concat = 0, compare = 0;
};
// The charges for a machine's table (built once per machine).
const ClockCharges& clock_charges(Dialect dialect);

class EmulatedClock {
 public:
  explicit EmulatedClock(const machine::CostTable& costs) : hz_(costs.cpu_hz) {}

  uint64_t cycles = 0;  // since power-on; the interpreter adds to it

  uint32_t cpu_hz() const { return hz_; }
  // Emulated seconds since power-on.
  double seconds() const { return static_cast<double>(cycles) / hz_; }
  // The C64's TI: sixtieths of a second since midnight (its jiffy clock, 0..5183999).
  uint32_t jiffies() const;
  // TI$: "HHMMSS" of the jiffy clock.
  std::string c64_time_text() const;
  // TI$="HHMMSS": six digits, hours below 24, minutes and seconds below 60; false
  // otherwise (the C64 says ?ILLEGAL QUANTITY).
  bool set_c64_time(std::string_view text);
  // The jiffy clock set to `jiffies` (POKE 160-162 on the C64): TI reads it from now on
  // (taken modulo a day's 5,184,000).
  void set_jiffies(uint32_t jiffies);
  // The pc's TIMER: seconds since midnight in PC-BASIC's steps of 1/20 s.
  float timer() const;
  // Milliseconds since midnight (what the pc's timer trap counts in).
  uint32_t day_ms() const;
  // The pc's TIME$: "HH:MM:SS".
  std::string pc_time_text() const;
  // TIME$="HH[:MM[:SS]]" (PC-BASIC: '.' separates as ':' does, each part a whole number
  // with blanks around it allowed, hours below 24, minutes and seconds below 60): the
  // clock is set, the fraction of the second kept; false otherwise (Illegal function call).
  bool set_pc_time(std::string_view text);

 private:
  static constexpr uint64_t kDaySeconds = 86400;
  // Cycles since midnight: the cycles run plus the offset TI$= set.
  uint64_t day_cycles() const;
  // The offset that makes day_cycles() `want` now.
  void set_day_cycles(uint64_t want);
  uint32_t hz_;
  uint64_t offset_ = 0;  // cycles added (mod a day) by setting the time
};

}  // namespace amazing::basic
