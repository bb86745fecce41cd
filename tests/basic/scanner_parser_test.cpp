// Scanner and parser: keywords split as GW-BASIC splits them, statements and errors.

#include <gtest/gtest.h>

#include "basic/program.hpp"
#include "basic/scanner.hpp"

namespace amazing::basic {
namespace {

std::vector<std::string> kinds(std::string_view line) {
  std::vector<std::string> out;
  for (const Token& t : scan_line(line)) {
    switch (t.kind) {
      case TokenKind::kEnd:
        out.push_back("END");
        break;
      case TokenKind::kNumber:
        out.push_back("N:" + t.text);
        break;
      case TokenKind::kString:
        out.push_back("S:" + t.text);
        break;
      case TokenKind::kName:
        out.push_back("V:" + t.text);
        break;
      case TokenKind::kKeyword:
        out.push_back("K:" + std::string(keyword_name(t.keyword)));
        break;
      case TokenKind::kSymbol:
        out.push_back(t.text);
        break;
      case TokenKind::kRest:
        out.push_back("R:" + t.text);
        break;
      case TokenKind::kOther:
        out.push_back("?:" + t.text);
        break;
    }
  }
  return out;
}

using V = std::vector<std::string>;

TEST(Scanner, ListingLine) {
  EXPECT_EQ(kinds("Q=0:Z=0:X=INT(RND(1)*H+1)"),
            (V{"V:Q", "=",     "N:0", ":",   "V:Z", "=", "N:0", ":", "V:X", "=", "K:INT",
               "(",   "K:RND", "(",   "N:1", ")",   "*", "V:H", "+", "N:1", ")", "END"}));
  EXPECT_EQ(kinds("PRINT TAB(28);\"AMAZING PROGRAM\""),
            (V{"K:PRINT", "K:TAB(", "N:28", ")", ";", "S:AMAZING PROGRAM", "END"}));
  EXPECT_EQ(kinds("IF H<>1 AND V<>1 THEN 110"),
            (V{"K:IF", "V:H", "<>", "N:1", "K:AND", "V:V", "<>", "N:1", "K:THEN", "N:110", "END"}));
}

TEST(Scanner, KeywordsNeedADelimiter) {
  // GW-BASIC (and PC-BASIC) read TOTAL and PRINTI as names.
  EXPECT_EQ(kinds("TOTAL=5"), (V{"V:TOTAL", "=", "N:5", "END"}));
  EXPECT_EQ(kinds("PRINTI"), (V{"V:PRINTI", "END"}));
  EXPECT_EQ(kinds("GO TO 10"), (V{"K:GOTO", "N:10", "END"}));
  EXPECT_EQ(kinds("GO SUB 10"), (V{"K:GOSUB", "N:10", "END"}));
  EXPECT_EQ(kinds("A$=LEFT$(B$,2)"),
            (V{"V:A", "$", "=", "K:LEFT$", "(", "V:B", "$", ",", "N:2", ")", "END"}));
  EXPECT_EQ(kinds("? 1 2"), (V{"K:PRINT", "N:12", "END"}));  // ? is PRINT; 1 2 is 12
  EXPECT_EQ(kinds("REM HI:THERE"), (V{"K:REM", "R: HI:THERE", "END"}));
  EXPECT_EQ(kinds("A=1 ' NOTE"), (V{"V:A", "=", "N:1", "K:REM", "R: NOTE", "END"}));
  EXPECT_EQ(kinds("IF A=>B THEN"), (V{"K:IF", "V:A", ">=", "V:B", "K:THEN", "END"}));
}

TEST(Scanner, LongestKeywordMeetingItsEndRule) {
  // FN, SPC(, TAB( and USR count with a name character after them; others do not.
  EXPECT_EQ(kinds("FNA(1)"), (V{"K:FN", "V:A", "(", "N:1", ")", "END"}));
  EXPECT_EQ(kinds("USRX"), (V{"K:USR", "V:X", "END"}));
  EXPECT_EQ(kinds("TAB(2)"), (V{"K:TAB(", "N:2", ")", "END"}));
  EXPECT_EQ(kinds("DEFINT A"), (V{"K:DEFINT", "V:A", "END"}));
  EXPECT_EQ(kinds("DEFINTA"), (V{"V:DEFINTA", "END"}));
  EXPECT_EQ(kinds("ERROR 5"), (V{"K:ERROR", "N:5", "END"}));
  EXPECT_EQ(kinds("print totaL"), (V{"K:PRINT", "V:TOTAL", "END"}));
  EXPECT_EQ(kinds("FORI=1TO3"), (V{"V:FORI", "=", "N:1", "V:TO3", "END"}));
  // GO SUB (one space) counts at once, GO TO with one space needs the boundary; GO and
  // TO two blanks or more apart are GOTO at once, GO  SUB no keyword (PC-BASIC 2.0.5 runs:
  // tests/basic/programs/goto_blanks.bas).
  EXPECT_EQ(kinds("GO SUB20"), (V{"K:GOSUB", "N:20", "END"}));
  EXPECT_EQ(kinds("go to 30"), (V{"K:GOTO", "N:30", "END"}));
  EXPECT_EQ(kinds("GO TO30"), (V{"V:GO", "V:TO30", "END"}));
  EXPECT_EQ(kinds("GO  TO 30"), (V{"K:GOTO", "N:30", "END"}));
  EXPECT_EQ(kinds("GO    TO30"), (V{"K:GOTO", "N:30", "END"}));
  EXPECT_EQ(kinds("GO  SUB 30"), (V{"V:GO", "V:SUB", "N:30", "END"}));
  // A keyword ending in $ with a name character after it stays inside the name.
  EXPECT_EQ(kinds("LEFT$X(1)"), (V{"V:LEFT$X", "(", "N:1", ")", "END"}));
  EXPECT_EQ(kinds("LEFTX$"), (V{"V:LEFTX", "$", "END"}));
}

TEST(Parser, LinesSortedAndReplaced) {
  auto p = parse_program("20 PRINT 2\n10 PRINT 1\n20 PRINT 3\n\n30 END\n30\n");
  ASSERT_TRUE(p) << p.error().message;
  ASSERT_EQ(p->lines.size(), 2u);
  EXPECT_EQ(p->lines[0].number, 10);
  EXPECT_EQ(p->lines[1].number, 20);
  EXPECT_EQ(p->find_line(20), 1);
  EXPECT_EQ(p->find_line(30), -1);
}

// The pc stops loading at a line with no number, as PC-BASIC does: "Direct statement in
// file" is printed and the lines before it run (programs/direct_in_file.bas). The C64
// listing is refused.
TEST(Parser, LineWithoutNumberStopsTheLoading) {
  auto p = parse_program("10 PRINT 1\nPRINT 2\n20 PRINT 3\n");
  ASSERT_TRUE(p) << p.error().message;
  ASSERT_EQ(p->lines.size(), 1u);
  ASSERT_EQ(p->load_messages.size(), 1u);
  EXPECT_EQ(p->load_messages[0], "Direct statement in file\xFF");
  auto c64 = parse_program("10 PRINT 1\nPRINT 2\n", Dialect::kC64);
  ASSERT_FALSE(c64);
  EXPECT_NE(c64.error().message.find("line 2"), std::string::npos);
}

// The pc reads the line on after it (RESUME NEXT goes on at the next statement,
// programs/sweep_flow.bas); the C64, with no RESUME, stops there.
TEST(Parser, SyntaxErrorBecomesAStatementAtItsPlace) {
  auto p = parse_program("10 PRINT \"A\":X:PRINT \"B\"\n");
  ASSERT_TRUE(p);
  const auto& stmts = p->lines[0].stmts;
  ASSERT_EQ(stmts.size(), 3u);
  EXPECT_EQ(stmts[0].kind, StmtKind::kPrint);
  EXPECT_EQ(stmts[1].kind, StmtKind::kError);
  EXPECT_EQ(stmts[1].error, ErrorCode::kSyntax);
  EXPECT_EQ(stmts[2].kind, StmtKind::kPrint);
  auto c64 = parse_program("10 PRINT \"A\":X:PRINT \"B\"\n", Dialect::kC64);
  ASSERT_TRUE(c64);
  EXPECT_EQ(c64->lines[0].stmts.size(), 2u);
}

TEST(Parser, MissingOperandAndTypeMismatch) {
  auto p = parse_program("10 PRINT 1+\n20 A$=5\n30 A=\"X\"\n");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->lines[0].stmts[0].error, ErrorCode::kMissingOperand);
  // The pc finds a wrong type as the statement runs, after evaluating the value (PC-BASIC:
  // A$=1/0 is Division by zero): a node that evaluates, then fails. The C64 refuses it here.
  EXPECT_EQ(p->lines[1].stmts[0].exprs[0]->kind, ExprKind::kMismatch);
  EXPECT_EQ(p->lines[2].stmts[0].exprs[0]->kind, ExprKind::kMismatch);
  auto c64 = parse_program("20 A$=5\n30 A=\"X\"\n", Dialect::kC64);
  ASSERT_TRUE(c64);
  EXPECT_EQ(c64->lines[0].stmts[0].error, ErrorCode::kTypeMismatch);
  EXPECT_EQ(c64->lines[1].stmts[0].error, ErrorCode::kTypeMismatch);
}

TEST(Parser, IfThenElseIsFlat) {
  auto p = parse_program("10 IF A THEN PRINT 1:PRINT 2 ELSE PRINT 3\n");
  ASSERT_TRUE(p);
  const auto& s = p->lines[0].stmts;
  ASSERT_EQ(s.size(), 5u);
  EXPECT_EQ(s[0].kind, StmtKind::kIf);
  EXPECT_EQ(s[0].else_index, 4);
  EXPECT_EQ(s[3].kind, StmtKind::kElse);
  EXPECT_EQ(s[4].kind, StmtKind::kPrint);
}

TEST(Parser, VariablesGetSlots) {
  auto p = parse_program("10 V=1:V(1,2)=2:V%=3:V$=\"4\":W(1,1)=V\n");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->singles, (std::vector<std::string>{"V"}));
  EXPECT_EQ(p->integers, (std::vector<std::string>{"V%"}));
  EXPECT_EQ(p->strings, (std::vector<std::string>{"V$"}));
  ASSERT_EQ(p->arrays.size(), 2u);  // V() and W(): arrays are apart from scalars
}

}  // namespace
}  // namespace amazing::basic
