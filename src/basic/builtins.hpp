// Built-in functions: one table (functions.cpp) holds all a built-in's facts -- how its
// arguments are written, the type of its result, and what it computes on each machine --
// the way Lua's libraries list `{"sqrt", math_sqrt}` in a luaL_Reg table. The parser asks
// find_builtin(keyword) how to read a call and keeps the entry in the Expr; the
// interpreter calls the entry's function for its dialect.
//   const Builtin* b = find_builtin(Keyword::kMid);   // b->args == "SNn", b->type kString
#pragma once

#include <string>
#include <string_view>

#include "basic/program.hpp"

namespace amazing::basic {

class Runtime;
struct Num;

// How a call is written.
enum class ArgForm : uint8_t {
  kList,          // NAME(args): Builtin::args, one letter each
  kOptionalList,  // RND or RND(x)
  kInstr,         // INSTR([start,] s, t)
  kUserFunction,  // FNA or FNA(args): a DEF FN function, its type its name's
  kPrintOnly,     // TAB( and SPC(: only inside PRINT (else Syntax error)
  kAdvanced,      // GW-BASIC has it, this subset does not: Advanced Feature
  kVariable,      // NAME(variable or array element): VARPTR, VARPTR$ (args[0] the reference)
  kNoArguments,   // the name alone: ERR, ERL, INKEY$, CSRLIN, DATE$, TIMER, the C64's TI and TI$
};

using NumBuiltin = Num (*)(Runtime& rt, const Expr& e);
using StrBuiltin = std::string (*)(Runtime& rt, const Expr& e);

struct Builtin {
  Keyword keyword;
  ArgForm form;
  // kList: one letter an argument: N a number, S a string, A either, F a file's number
  // (`#` allowed before it); lower case for optional trailing ones (MID$ is "SNn").
  std::string_view args;
  Type type;  // of the result (kUserFunction: the name's)
  // A numeric result on each machine, by DialectOps::index (0 GW-BASIC, 1 the C64), or
  // the string result (one implementation for both).
  NumBuiltin num[2];
  StrBuiltin str;
};

// The entry for a function keyword; nullptr when the keyword is no function.
const Builtin* find_builtin(Keyword keyword);

// GW-BASIC works a call out as it reads it: PC-BASIC's functions take their arguments one
// by one, evaluating each as it is read, and some convert and check them before they read
// the next one or the ')'. A call its statement left without its ')' (Expr::unclosed, the
// first of its statement's run_first) does what its function does before it would read
// the argument that went wrong, then what that argument read runs, then the error:
// - DEF FN looks the function up, then converts each argument to its parameter's type
//   (Runtime::call_function); more arguments than parameters are a Syntax error;
// - LEFT$ and RIGHT$ check the string and make the count an integer (Overflow) once both
//   are read: `RIGHT$(U$,1E10 X` is Overflow, `LEFT$(3,1 X` Type mismatch;
// - MID$ makes its start an integer, then checks the string, before it reads the length;
// - INSTR checks its start (1..255) before it reads the string, and each string as read;
// - STRING$ checks its count as read and an integer code; INPUT$ its count and file;
//   IOCTL$ its file;
// - POINT and SCREEN, once every argument is read, are worked out whole (`PRINT POINT(1,2`
//   on the text screen is Illegal function call);
// - any other runs the arguments it read (their types are checked only at the ')').
void run_unclosed(Runtime& rt, const Expr& call);

}  // namespace amazing::basic
