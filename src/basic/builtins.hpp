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
// by one, checking each, and read the ')' only after. A call missing its ')' makes those
// checks before its Syntax error (`PRINT POINT(1,2` on the text screen is Illegal function
// call, `IOCTL$(#1` Bad file number) for these functions: POINT and SCREEN (the whole call,
// which has no other effect, once every argument is read), and, as soon as each argument
// is read, even when a later one goes wrong: INSTR's start (`INSTR(0,"A"`), STRING$'s
// count and integer code (`STRING$(300,)`), INPUT$'s count and file (`INPUT$(1,#1` with
// #1 open for output: Bad file mode) and IOCTL$'s file. For the others the Syntax error
// comes first. `every_argument_read`: only the ')' was missing.
bool checks_before_close(Keyword keyword, bool every_argument_read);
// Those checks, on an unclosed call the parser kept (an error statement's exprs).
void check_before_close(Runtime& rt, const Expr& call);

}  // namespace amazing::basic
