// What running BASIC costs on each machine: the CPU cycles each kind of work takes in its
// BASIC interpreter, one table per machine (Descriptor::costs), so that the emulated clock
// (basic::Runtime) advances at the real machine's pace whatever the host's speed.
//
//   const CostTable& c = *describe(Kind::kC64).costs;
//   c.cycles(Cost::kNext)      // cycles a NEXT takes on the C64
//   c.cpu_hz                   // 1022727 (an NTSC C64's 6510)
//
// The numbers: ../../src/basic/FACTS.md ("The emulated clock") says how they were fit to
// the bench64 benchmark's published rates (the C64's eight, the IBM PC 5150's overall
// index).
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <utility>

namespace amazing::machine {

// The kinds of work a cost is charged for. Statements are charged once each as they run
// (plus kLine when a line is entered at its start), expressions once per node.
enum class Cost : uint8_t {
  kLine,       // entering a program line at its start (the interpreter's line fetch)
  kLineScan,   // each line passed while GOTO/GOSUB search their target line
  kCharacter,  // each character PRINT puts on the screen (c64: its CHROUT)
  // statements
  kLet,  // with its store into the variable
  kPrint,
  kInput,
  kIf,
  kGoto,
  kGosub,
  kReturn,
  kFor,
  kNext,
  kDim,
  kRead,
  kSkip,   // REM, DATA, ELSE's jump: the interpreter steps over the text
  kOther,  // END, STOP, CLS, RANDOMIZE, DEF, RESTORE, SWAP, TRON, ...
  // expressions
  kNumber,         // a numeric literal (the C64 reads its digits each time: FIN)
  kString,         // a string literal
  kVariable,       // reading a simple variable (the C64 searches its variable table)
  kElement,        // an array element: find the array, subscripts to integers, offset
  kAddSub,         // + -
  kMul,            // *
  kDiv,            // / \ MOD
  kPow,            // ^
  kCompare,        // = <> < > <= >= (numbers or strings)
  kLogic,          // AND OR NOT XOR EQV IMP, unary minus
  kConcat,         // string +
  kUserFunction,   // FNA(X): find the DEF, save and set its parameter
  kCheapFunction,  // ABS SGN LEN ASC VAL POS FRE PEEK TIMER TI ...
  kInt,            // INT FIX CINT
  kSqr,
  kSinCos,
  kTan,
  kAtn,
  kLogExp,  // LOG EXP
  kRnd,
  kStringFunction,  // LEFT$ RIGHT$ MID$ CHR$ STR$ ... (a new string, in time its garbage)
  kCount
};

struct CostTable {
  uint32_t cpu_hz;  // the CPU's clock: the cycles in an emulated second
  std::array<uint32_t, static_cast<std::size_t>(Cost::kCount)> table;
  constexpr uint32_t cycles(Cost c) const { return table[static_cast<std::size_t>(c)]; }
};

// A table written as {cost, cycles} pairs; a cost left out costs nothing.
constexpr CostTable make_costs(uint32_t cpu_hz,
                               std::initializer_list<std::pair<Cost, uint32_t>> rows) {
  CostTable t{cpu_hz, {}};
  for (const auto& [cost, cycles] : rows) t.table[static_cast<std::size_t>(cost)] = cycles;
  return t;
}

// The NTSC Commodore 64: BASIC V2 on a 1.0227 MHz 6510. Fit so that bench64's eight tests
// each take 60 s (FACTS.md).
inline constexpr CostTable kC64Costs = make_costs(1'022'727, {
                                                                 {Cost::kLine, 150},
                                                                 {Cost::kLineScan, 40},
                                                                 {Cost::kCharacter, 400},
                                                                 {Cost::kLet, 400},
                                                                 {Cost::kPrint, 300},
                                                                 {Cost::kInput, 2000},
                                                                 {Cost::kIf, 1100},
                                                                 {Cost::kGoto, 606},
                                                                 {Cost::kGosub, 700},
                                                                 {Cost::kReturn, 239},
                                                                 {Cost::kFor, 3000},
                                                                 {Cost::kNext, 1366},
                                                                 {Cost::kDim, 2000},
                                                                 {Cost::kRead, 1500},
                                                                 {Cost::kSkip, 100},
                                                                 {Cost::kOther, 300},
                                                                 {Cost::kNumber, 800},
                                                                 {Cost::kString, 100},
                                                                 {Cost::kVariable, 250},
                                                                 {Cost::kElement, 2264},
                                                                 {Cost::kAddSub, 700},
                                                                 {Cost::kMul, 2800},
                                                                 {Cost::kDiv, 4000},
                                                                 {Cost::kPow, 40000},
                                                                 {Cost::kCompare, 544},
                                                                 {Cost::kLogic, 300},
                                                                 {Cost::kConcat, 3276},
                                                                 {Cost::kUserFunction, 2833},
                                                                 {Cost::kCheapFunction, 300},
                                                                 {Cost::kInt, 600},
                                                                 {Cost::kSqr, 40000},
                                                                 {Cost::kSinCos, 28000},
                                                                 {Cost::kTan, 60685},
                                                                 {Cost::kAtn, 48000},
                                                                 {Cost::kLogExp, 20000},
                                                                 {Cost::kRnd, 3000},
                                                                 {Cost::kStringFunction, 2500},
                                                             });

// The IBM PC 5150: GW-BASIC on a 4.77 MHz 8088. Only bench64's overall index (140) is
// published for it: the same kinds of work as the C64's, each scaled by how much faster
// the 8088's interpreter does it (FACTS.md), fit to that index.
inline constexpr CostTable kPcCosts = make_costs(4'772'727, {{Cost::kLine, 538},
                                                             {Cost::kLineScan, 47},
                                                             {Cost::kCharacter, 1436},
                                                             {Cost::kLet, 1436},
                                                             {Cost::kPrint, 1077},
                                                             {Cost::kInput, 7179},
                                                             {Cost::kIf, 3949},
                                                             {Cost::kGoto, 1768},
                                                             {Cost::kGosub, 2042},
                                                             {Cost::kReturn, 858},
                                                             {Cost::kFor, 10769},
                                                             {Cost::kNext, 4904},
                                                             {Cost::kDim, 7179},
                                                             {Cost::kRead, 5385},
                                                             {Cost::kSkip, 359},
                                                             {Cost::kOther, 1077},
                                                             {Cost::kNumber, 933},
                                                             {Cost::kString, 359},
                                                             {Cost::kVariable, 833},
                                                             {Cost::kElement, 7547},
                                                             {Cost::kAddSub, 2333},
                                                             {Cost::kMul, 8711},
                                                             {Cost::kDiv, 12444},
                                                             {Cost::kPow, 128736},
                                                             {Cost::kCompare, 1813},
                                                             {Cost::kLogic, 1000},
                                                             {Cost::kConcat, 11760},
                                                             {Cost::kUserFunction, 10170},
                                                             {Cost::kCheapFunction, 1077},
                                                             {Cost::kInt, 2000},
                                                             {Cost::kSqr, 128736},
                                                             {Cost::kSinCos, 90115},
                                                             {Cost::kTan, 195308},
                                                             {Cost::kAtn, 154483},
                                                             {Cost::kLogExp, 64368},
                                                             {Cost::kRnd, 10769},
                                                             {Cost::kStringFunction, 8974}});

}  // namespace amazing::machine
