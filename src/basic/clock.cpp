// The emulated clock: see clock.hpp. Which cost each statement, operator and function is
// charged is one table each here; what a cost is in cycles is the machine's
// (machine/costs.hpp).

#include "basic/clock.hpp"

#include <cstdio>
#include <utility>

#include "machine/kind.hpp"

namespace amazing::basic {
namespace {

using machine::Cost;

constexpr std::pair<StmtKind, Cost> kStatementCosts[] = {
    {StmtKind::kPrint, Cost::kPrint},
    {StmtKind::kInput, Cost::kInput},
    {StmtKind::kLet, Cost::kLet},
    {StmtKind::kIf, Cost::kIf},
    {StmtKind::kElse, Cost::kSkip},
    {StmtKind::kGoto, Cost::kGoto},
    {StmtKind::kGosub, Cost::kGosub},
    {StmtKind::kReturn, Cost::kReturn},
    {StmtKind::kOnGoto, Cost::kGoto},
    {StmtKind::kOnGosub, Cost::kGosub},
    {StmtKind::kFor, Cost::kFor},
    {StmtKind::kNext, Cost::kNext},
    {StmtKind::kDim, Cost::kDim},
    {StmtKind::kRandomize, Cost::kOther},
    {StmtKind::kRem, Cost::kSkip},
    {StmtKind::kEnd, Cost::kOther},
    {StmtKind::kStop, Cost::kOther},
    {StmtKind::kError, Cost::kOther},
    {StmtKind::kRead, Cost::kRead},
    {StmtKind::kData, Cost::kSkip},
    {StmtKind::kRestore, Cost::kOther},
    {StmtKind::kCls, Cost::kOther},
    {StmtKind::kSwap, Cost::kLet},
    {StmtKind::kDef, Cost::kSkip},
    {StmtKind::kTron, Cost::kOther},
    {StmtKind::kTroff, Cost::kOther},
    {StmtKind::kSystem, Cost::kOther},
    {StmtKind::kSetClock, Cost::kLet},
    {StmtKind::kSetTime, Cost::kLet},
    {StmtKind::kKill, Cost::kOther},
    {StmtKind::kName, Cost::kOther},
    {StmtKind::kShell, Cost::kOther},
    {StmtKind::kReset, Cost::kOther},
    {StmtKind::kLock, Cost::kOther},
    {StmtKind::kFolder, Cost::kOther},
    {StmtKind::kFiles, Cost::kOther},
    {StmtKind::kPoke, Cost::kLet},
    {StmtKind::kDefSeg, Cost::kOther},
    {StmtKind::kField, Cost::kOther},
    {StmtKind::kGet, Cost::kOther},
    {StmtKind::kPut, Cost::kOther},
    {StmtKind::kLset, Cost::kLet},
    {StmtKind::kDevice, Cost::kOther},
    {StmtKind::kEnviron, Cost::kOther},
    {StmtKind::kGraphics, Cost::kOther},
    {StmtKind::kBsave, Cost::kOther},
    {StmtKind::kC64Open, Cost::kOther},
    {StmtKind::kC64Close, Cost::kOther},
    {StmtKind::kC64PrintFile, Cost::kPrint},
    {StmtKind::kC64Cmd, Cost::kPrint},
    {StmtKind::kC64InputFile, Cost::kInput},
    {StmtKind::kC64Get, Cost::kInput},
    {StmtKind::kC64Run, Cost::kGoto},
    {StmtKind::kCommon, Cost::kSkip},
    {StmtKind::kPromptCommand, Cost::kOther},
    {StmtKind::kC64List, Cost::kOther},
    {StmtKind::kC64New, Cost::kOther},
    {StmtKind::kC64Cont, Cost::kGoto},
    {StmtKind::kC64Wait, Cost::kOther},
    {StmtKind::kC64Sys, Cost::kOther},
};

constexpr std::pair<Op, Cost> kOpCosts[] = {
    {Op::kAdd, Cost::kAddSub}, {Op::kSub, Cost::kAddSub}, {Op::kMul, Cost::kMul},
    {Op::kDiv, Cost::kDiv},    {Op::kPow, Cost::kPow},    {Op::kIntDiv, Cost::kDiv},
    {Op::kMod, Cost::kDiv},    {Op::kEq, Cost::kCompare}, {Op::kNe, Cost::kCompare},
    {Op::kLt, Cost::kCompare}, {Op::kGt, Cost::kCompare}, {Op::kLe, Cost::kCompare},
    {Op::kGe, Cost::kCompare}, {Op::kAnd, Cost::kLogic},  {Op::kOr, Cost::kLogic},
    {Op::kXor, Cost::kLogic},  {Op::kEqv, Cost::kLogic},  {Op::kImp, Cost::kLogic},
    {Op::kNeg, Cost::kLogic},  {Op::kNot, Cost::kLogic},  {Op::kPlus, Cost::kLogic},
};

// Functions not listed cost kCheapFunction.
constexpr std::pair<Keyword, Cost> kFunctionCosts[] = {
    {Keyword::kInt, Cost::kInt},
    {Keyword::kFix, Cost::kInt},
    {Keyword::kCint, Cost::kInt},
    {Keyword::kSqr, Cost::kSqr},
    {Keyword::kSin, Cost::kSinCos},
    {Keyword::kCos, Cost::kSinCos},
    {Keyword::kTan, Cost::kTan},
    {Keyword::kAtn, Cost::kAtn},
    {Keyword::kLog, Cost::kLogExp},
    {Keyword::kExp, Cost::kLogExp},
    {Keyword::kRnd, Cost::kRnd},
    {Keyword::kFn, Cost::kUserFunction},
    {Keyword::kLeft, Cost::kStringFunction},
    {Keyword::kRight, Cost::kStringFunction},
    {Keyword::kMid, Cost::kStringFunction},
    {Keyword::kChr, Cost::kStringFunction},
    {Keyword::kStr, Cost::kStringFunction},
    {Keyword::kSpace, Cost::kStringFunction},
    {Keyword::kString, Cost::kStringFunction},
    {Keyword::kTiStr, Cost::kStringFunction},
    {Keyword::kTime, Cost::kStringFunction},
};

ClockCharges make_charges(const machine::CostTable& t) {
  ClockCharges c;
  for (auto [kind, cost] : kStatementCosts)
    c.statement[static_cast<std::size_t>(kind)] = t.cycles(cost);
  for (auto [op, cost] : kOpCosts) c.op[static_cast<std::size_t>(op)] = t.cycles(cost);
  c.function.fill(t.cycles(Cost::kCheapFunction));
  for (auto [k, cost] : kFunctionCosts) c.function[static_cast<std::size_t>(k)] = t.cycles(cost);
  c.line = t.cycles(Cost::kLine);
  c.line_scan = t.cycles(Cost::kLineScan);
  c.character = t.cycles(Cost::kCharacter);
  c.number = t.cycles(Cost::kNumber);
  c.string = t.cycles(Cost::kString);
  c.variable = t.cycles(Cost::kVariable);
  c.element = t.cycles(Cost::kElement);
  c.concat = t.cycles(Cost::kConcat);
  c.compare = t.cycles(Cost::kCompare);
  return c;
}

constexpr uint64_t kJiffiesPerSecond = 60;
constexpr uint64_t kTimerStepsPerSecond = 20;  // PC-BASIC's TIMER: floor(ms / 50) / 20

// A count of `per_second` units in `cycles` at `hz`, without overflowing.
uint64_t units(uint64_t cycles, uint64_t hz, uint64_t per_second) {
  return cycles / hz * per_second + cycles % hz * per_second / hz;
}

}  // namespace

const ClockCharges& clock_charges(Dialect dialect) {
  static const ClockCharges pc = make_charges(*machine::describe(Dialect::kPc).costs);
  static const ClockCharges c64 = make_charges(*machine::describe(Dialect::kC64).costs);
  return dialect == Dialect::kC64 ? c64 : pc;
}

uint64_t EmulatedClock::day_cycles() const {
  const uint64_t day = kDaySeconds * hz_;
  return (cycles % day + offset_) % day;
}

uint32_t EmulatedClock::jiffies() const {
  return static_cast<uint32_t>(units(day_cycles(), hz_, kJiffiesPerSecond));
}

uint32_t EmulatedClock::day_ms() const {
  return static_cast<uint32_t>(units(day_cycles(), hz_, 1000));
}

float EmulatedClock::timer() const {
  return static_cast<float>(units(day_cycles(), hz_, kTimerStepsPerSecond)) /
         static_cast<float>(kTimerStepsPerSecond);
}

namespace {
std::string clock_text(uint64_t seconds, const char* format) {
  char text[16];
  std::snprintf(text, sizeof text, format, static_cast<unsigned>(seconds / 3600),
                static_cast<unsigned>(seconds / 60 % 60), static_cast<unsigned>(seconds % 60));
  return text;
}
}  // namespace

std::string EmulatedClock::c64_time_text() const {
  return clock_text(jiffies() / kJiffiesPerSecond, "%02u%02u%02u");
}

std::string EmulatedClock::pc_time_text() const {
  return clock_text(day_cycles() / hz_, "%02u:%02u:%02u");
}

namespace {
// A part of a time PC-BASIC's TIME$= takes: blanks, an optional +, digits, blanks.
std::optional<unsigned> time_part(std::string_view part) {
  auto blank = [](char c) { return c == ' ' || c == '\t'; };
  while (!part.empty() && blank(part.front())) part.remove_prefix(1);
  while (!part.empty() && blank(part.back())) part.remove_suffix(1);
  if (!part.empty() && part.front() == '+') part.remove_prefix(1);
  if (part.empty() || part.size() > 9) return std::nullopt;
  unsigned v = 0;
  for (char c : part) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + static_cast<unsigned>(c - '0');
  }
  return v;
}
}  // namespace

bool EmulatedClock::set_pc_time(std::string_view text) {
  unsigned part[3] = {0, 0, 0};
  std::size_t count = 0;
  for (std::size_t from = 0;; ++count) {
    std::size_t sep = text.find_first_of(":.", from);
    if (count == 3) return false;
    std::optional<unsigned> v = time_part(text.substr(from, sep - from));
    if (!v) return false;
    part[count] = *v;
    if (sep == std::string_view::npos) break;
    from = sep + 1;
  }
  if (part[0] > 23 || part[1] > 59 || part[2] > 59) return false;
  const uint64_t day = kDaySeconds * hz_;
  const uint64_t fraction = day_cycles() % hz_;
  uint64_t want = ((part[0] * 60ull + part[1]) * 60 + part[2]) * hz_ + fraction;
  offset_ = (want + day - cycles % day) % day;
  return true;
}

bool EmulatedClock::set_c64_time(std::string_view text) {
  if (text.size() != 6) return false;
  unsigned part[3];
  for (int k = 0; k < 3; ++k) {
    char hi = text[2 * k], lo = text[2 * k + 1];
    if (hi < '0' || hi > '9' || lo < '0' || lo > '9') return false;
    part[k] = static_cast<unsigned>((hi - '0') * 10 + (lo - '0'));
  }
  if (part[0] > 23 || part[1] > 59 || part[2] > 59) return false;
  set_day_cycles(((part[0] * 60ull + part[1]) * 60 + part[2]) * hz_);
  return true;
}

void EmulatedClock::set_jiffies(uint32_t jiffies) {
  const uint64_t j = jiffies % (kDaySeconds * kJiffiesPerSecond);
  set_day_cycles((j * hz_ + kJiffiesPerSecond - 1) / kJiffiesPerSecond);  // the jiffy's start
}

void EmulatedClock::set_day_cycles(uint64_t want) {
  const uint64_t day = kDaySeconds * hz_;
  offset_ = (want % day + day - cycles % day) % day;
}

}  // namespace amazing::basic
