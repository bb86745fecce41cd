// The interpreter's tables (src/basic/functions.cpp, parser.cpp, gw_dialect.cpp,
// c64_dialect.cpp): every built-in that can be called has an implementation on both
// machines; the operator precedence table binds as PC-BASIC does (checked live against
// PC-BASIC 2.0.5 when this test was written); every built-in runs on both machines.
#include <gtest/gtest.h>

#include <string>

#include "basic/builtins.hpp"
#include "basic/run.hpp"

namespace amazing::basic {
namespace {

BatchRun run(const std::string& listing, Dialect dialect = Dialect::kPc) {
  BatchOptions o;
  o.dialect = dialect;
  o.max_steps = 1000;
  return run_batch(listing, o);
}

// A callable built-in computes on both machines (num has both columns) or gives a string;
// TAB(, SPC( and the Advanced ones have no implementation at all.
TEST(BasicTables, EveryCallableBuiltinHasItsImplementations) {
  int callable = 0;
  for (int k = 0; k <= static_cast<int>(Keyword::kExterr); ++k) {
    const Builtin* b = find_builtin(static_cast<Keyword>(k));
    if (b == nullptr) continue;
    EXPECT_EQ(b->keyword, static_cast<Keyword>(k));
    bool runs = b->form != ArgForm::kPrintOnly && b->form != ArgForm::kAdvanced;
    bool string = b->type == Type::kString;
    SCOPED_TRACE(std::string(keyword_name(b->keyword)));
    if (!runs) {
      // USR: GW-BASIC's is an advanced feature; the C64's runs (its ?ILLEGAL QUANTITY).
      const bool c64_only = b->form == ArgForm::kAdvanced;
      EXPECT_TRUE(b->num[0] == nullptr && (b->num[1] != nullptr) == c64_only && b->str == nullptr);
      continue;
    }
    ++callable;
    EXPECT_EQ(b->str != nullptr, string || b->form == ArgForm::kUserFunction);
    EXPECT_EQ(b->num[0] != nullptr, !string);
    // TIMER is the pc's alone: the C64's tokeniser reads it as the name TI (its clock);
    // VARPTR, EOF, LOF, LOC, CVI, CVS, CVD, LPOS, SCREEN, PLAY and the device functions (PEN
    // on) are no keywords of the C64's.
    const bool pc_only = b->keyword == Keyword::kTimer || b->keyword == Keyword::kVarptr ||
                         b->keyword == Keyword::kEof || b->keyword == Keyword::kLof ||
                         b->keyword == Keyword::kLoc || b->keyword == Keyword::kCvi ||
                         b->keyword == Keyword::kCvs || b->keyword == Keyword::kCvd ||
                         b->keyword == Keyword::kScreen || b->keyword == Keyword::kPlay ||
                         b->keyword == Keyword::kLpos || b->keyword >= Keyword::kPcopy;
    EXPECT_EQ(b->num[1] != nullptr, !string && !pc_only);
    if (b->form == ArgForm::kList) {
      EXPECT_FALSE(b->args.empty());
    }
  }
  EXPECT_EQ(callable, 65);
  EXPECT_EQ(find_builtin(Keyword::kPrint), nullptr);
}

// Precedence and associativity, as PC-BASIC printed these lines: ^ before signs before
// * / before \ before MOD before + - before relations before NOT before AND OR XOR EQV
// IMP, all left to right.
TEST(BasicTables, OperatorsBindAsPcBasicBindsThem) {
  BatchRun r = run(
      "10 PRINT 1+2*3^2;2^3^2;-2^2;2^-1;7 MOD 4*2;7\\2*3;10-4-3;1+2=3\n"
      "20 PRINT NOT 1=2;NOT 0 AND 5;1 OR 2 AND 4;5 XOR 3 EQV 1;0 IMP 0;2*-3;3>2=-1;"
      "\"A\"+\"B\"=\"AB\"\n"
      "30 PRINT -3^2*2;1+-2;8/2/2;2*3 MOD 4;17 MOD 5\\2;4=4=-1;NOT NOT 3\n");
  EXPECT_EQ(r.output,
            " 19  64 -4  .5  7  1  3 -1 \n"
            "-1  5  1 -8 -1 -6 -1 -1 \n"
            "-18 -1  2  2  1 -1  3 \n");
}

// A prefix NOT, - or + may follow any operator and takes as its operand what binds tighter
// than itself (PC-BASIC's shunting-yard parser; outputs printed by PC-BASIC 2.0.5, the
// program tests/basic/programs/unary_prec.bas has more): after ^ a sign takes the rest of
// the power chain, and NOT the relations and everything above them.
TEST(BasicTables, PrefixOperatorsAfterAnOperatorBindAsPcBasic) {
  BatchRun r = run(
      "10 PRINT 2^-3^2;2^-3*2;2^--2;-2^-2^2;2^+3^2\n"
      "20 PRINT 2^NOT 0;2^NOT 0+1;2*NOT 0+1;2-NOT 1+1;-NOT 0^2;2^NOT 0 AND 1\n");
  EXPECT_EQ(r.output,
            " 1.953125E-03  .25  4 -.0625  512 \n"
            " .5  .25 -4  5  1  1 \n");
}

// The operand types each operator takes (a table column too).
TEST(BasicTables, OperatorTypesAreChecked) {
  EXPECT_EQ(run("10 PRINT \"A\"-\"B\"\n").output, "Type mismatch in 10\xFF\n");
  EXPECT_EQ(run("10 PRINT 1 AND \"B\"\n").output, "Type mismatch in 10\xFF\n");
  EXPECT_EQ(run("10 PRINT \"A\"<1\n").output, "Type mismatch in 10\xFF\n");
  // The items before the bad one are printed first, as PC-BASIC prints them.
  EXPECT_EQ(run("10 A%=3:PRINT A%*2;A%/2;A%+\"\"\n").output,
            " 6  1.5 \nType mismatch in 10\xFF\n");
  EXPECT_EQ(run("10 PRINT 1+\n").output, "Missing operand in 10\xFF\n");
}

// Every built-in that runs, on both machines: no Type mismatch or Syntax error from a
// missing column of the function table.
TEST(BasicTables, EveryBuiltinRunsOnBothMachines) {
  const std::string listing =
      "10 DEF FNA(X)=X*2:DEF FNB$(S$)=S$+\"!\"\n"
      "20 PRINT INT(2.5);ABS(-1);SGN(-3);SQR(4);SIN(0);COS(0);TAN(0);ATN(0);EXP(0);LOG(1)\n"
      "30 PRINT FIX(-2.5);CINT(2.4);CSNG(2);CDBL(2);RND(1)<1;LEN(\"AB\");ASC(\"A\")\n"
      "40 PRINT VAL(\"12\");INSTR(\"ABC\",\"C\");FNA(3);FNB$(\"X\");LEFT$(\"ABC\",1)\n"
      "50 PRINT RIGHT$(\"ABC\",1);MID$(\"ABC\",2,1);CHR$(65);STR$(7);SPACE$(2);STRING$(2,\"Z\")\n";
  BatchRun pc = run(listing);
  EXPECT_EQ(pc.result.outcome, Outcome::kEnded) << pc.output;
  EXPECT_EQ(pc.output,
            " 2  1 -1  2  0  1  0  0  1  0 \n"
            "-2  2  2  2 -1  2  65 \n"
            " 12  3  6 X!A\n"
            "CBA 7  ZZ\n");
  // The C64 has no FIX, CINT, CSNG, CDBL, INSTR, SPACE$ or STRING$ (c64_test.cpp,
  // c64_programs): FIX(-2.5) is the element FI(-2.5), ?ILLEGAL QUANTITY. Its FN is a
  // number's only: FNB$ is ?TYPE MISMATCH (c64_programs/def_string).
  BatchRun c64 = run(listing, Dialect::kC64);
  EXPECT_EQ(c64.output.substr(c64.output.rfind('\n') + 1), "?TYPE MISMATCH  ERROR IN 10");
  const std::string c64_listing = "10 DEF FNA(X)=X*2\n" + listing.substr(listing.find("20 "));
  c64 = run(c64_listing, Dialect::kC64);
  EXPECT_EQ(c64.output.substr(c64.output.rfind('\n') + 1), "?ILLEGAL QUANTITY  ERROR IN 30");
  std::string common = c64_listing.substr(0, c64_listing.find("30 "));
  common += "40 PRINT VAL(\"12\");FNA(3);LEFT$(\"ABC\",1)\n";
  common += "50 PRINT RIGHT$(\"ABC\",1);MID$(\"ABC\",2,1);CHR$(65);STR$(7);RND(1)<1;LEN(\"AB\");ASC(\"A\")\n";
  c64 = run(common, Dialect::kC64);
  EXPECT_EQ(c64.result.outcome, Outcome::kEnded) << c64.output;
  EXPECT_EQ(c64.output.find("ERROR"), std::string::npos) << c64.output;
}

}  // namespace
}  // namespace amazing::basic
