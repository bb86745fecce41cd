// The C64's stack page as its BASIC uses it (runtime.hpp SharedStack): FOR and GOSUB
// frames, and the bytes the ROM's expression evaluator pushes as it recurses. The ROM
// checks the room left (its CHKMEM, with the 6502 stack pointer) before it pushes a frame
// and each time the evaluator starts an operand; too little is ?OUT OF MEMORY. Here a
// statement's expressions are checked before it runs, with the deepest point each
// reaches, from the model below.
//
// All numbers measured on cbmbasic (the recorder of ../shared/c64), by nesting G GOSUBs
// and F FORs (7 and 18 bytes) in front of one statement and finding the most bytes in use
// with which it still runs: `X=1` runs with 177 in use, `X=N+1` 165, `X=(N)` 172,
// `X=(N+1)+N` 160, `X=N+(N+1)` 148, `X=Q(1)` 163, `X=Q(N+1)` 151, `X=FNA(1)` 161,
// `X=SIN(1)` 169, `X$=LEFT$(Q$,N+1)` 153, `X$=Q$+Q$` 177, `X$=Q$+(Q$+Q$)` 170,
// `Q(1)=1` 170, `DIM R(N+1)` 158, `PRINT N` 179, `PRINT TAB(N+1);` 162, `PRINT SPC(1);` 174, `IF N+1 THEN` 167, `ON N GOTO` 175,
// `FOR Z=N+1 TO 2` 161, `FOR Z=1 TO N+1` 163, `STEP N+1` 158
// (tests/basic/c64_programs/stack_*.bas pin them).
//
// Not modelled: a DEF FN body's own depth (a call counts as its argument or 16, whichever
// is deeper), and where in a statement the room runs out (the statement stops before
// doing anything, where the C64 may first print a PRINT's earlier items).

#include <algorithm>

#include "basic/builtins.hpp"
#include "basic/runtime.hpp"

namespace amazing::basic {
namespace {

// Bytes the evaluator holds below a statement's own: for an operand after a pending
// operator (also a unary minus or NOT), inside parentheses, for a built-in's first
// argument and its later ones, for an array's subscripts, for an FN argument and body,
// and for the right side of a string concatenation that is not a plain value.
constexpr int kOperator = 12, kParens = 5, kFirstArgument = 8, kLaterArgument = 12, kElement = 14,
              kFnArgument = 9, kFnBody = 16, kConcat = 2;
// The most bytes in use with which a LET's value still evaluates; other statements
// evaluate from a little deeper or shallower (statement_need).
constexpr int kLetRoom = 177;
// An assignment's array subscripts are read below the statement, without the evaluator.
constexpr int kTargetElement = 7;
// FOR's start (read by its LET), limit and step, each a little deeper than a LET's value.
constexpr int kForOffsets[] = {4, 2, 7};
// PRINT's TAB( and SPC( argument.
constexpr int kTabArgument = 3;

int need(const Expr& e);

int deepest(const std::vector<ExprPtr>& list, std::size_t from, int below) {
  int n = 0;
  for (std::size_t k = from; k < list.size(); ++k) n = std::max(n, below + need(*list[k]));
  return n;
}

int need_unwrapped(const Expr& e) {
  switch (e.kind) {
    case ExprKind::kNumber:
    case ExprKind::kString:
    case ExprKind::kVariable:
      return 0;
    case ExprKind::kArray:
      return deepest(e.args, 0, kElement);
    case ExprKind::kSubscript:
      return need(*e.args[0]);
    case ExprKind::kUnary:
      return kOperator + need(*e.args[0]);
    case ExprKind::kMismatch:  // (the pc's only)
      return deepest(e.args, 0, kOperator);
    case ExprKind::kBinary: {
      const Expr& right = *e.args[1];
      int right_need = need(right);
      if (e.op == Op::kAdd && e.type == Type::kString)  // CAT reads a plain value directly
        return std::max(need(*e.args[0]), right_need == 0 ? 0 : kConcat + right_need);
      return std::max(need(*e.args[0]), kOperator + right_need);
    }
    case ExprKind::kFunction:
      if (e.builtin != nullptr && e.builtin->form == ArgForm::kUserFunction)
        return std::max(kFnBody, deepest(e.args, 0, kFnArgument));
      if (e.args.empty()) return 0;
      return std::max(kFirstArgument + need(*e.args[0]), deepest(e.args, 1, kLaterArgument));
  }
  return 0;
}

int need(const Expr& e) {
  return need_unwrapped(e) + kParens * e.parens;
}

int targets_need(const std::vector<Target>& targets) {
  int n = -1;
  for (const Target& t : targets)
    if (t.array) n = std::max(n, deepest(t.subscripts, 0, kTargetElement));
  return n;
}

// How many bytes deeper than a LET's value this statement's deepest evaluation goes
// (negative: shallower); -1000 when it evaluates nothing.
int statement_need(const Stmt& s) {
  constexpr int kNothing = -1000;
  int n = kNothing;
  auto take = [&](const Expr* e, int offset) {
    if (e != nullptr) n = std::max(n, offset + need(*e));
  };
  switch (s.kind) {
    case StmtKind::kPrint:
      for (const PrintItem& item : s.items)
        take(item.value.get(), item.kind == PrintItem::kValue ? -2 : kTabArgument);
      return n;
    case StmtKind::kIf:
      take(s.exprs.empty() ? nullptr : s.exprs[0].get(), -2);
      return n;
    case StmtKind::kOnGoto:
    case StmtKind::kOnGosub:
      take(s.exprs.empty() ? nullptr : s.exprs[0].get(), 2);
      return n;
    case StmtKind::kFor:
      for (std::size_t k = 0; k < s.exprs.size(); ++k) take(s.exprs[k].get(), kForOffsets[std::min<std::size_t>(k, 2)]);
      return n;
    case StmtKind::kDim:
      for (const Target& t : s.targets) n = std::max(n, deepest(t.subscripts, 0, kTargetElement));
      return n;
    case StmtKind::kDef:  // the body is evaluated by the call
      return n;
    default:
      for (const auto& e : s.exprs) take(e.get(), 0);
      if (int t = targets_need(s.targets); t >= 0) n = std::max(n, t);
      return n;
  }
}

}  // namespace

bool Runtime::stack_fits(const Stmt& s, const SharedStack& shared) {
  int n = statement_need(s);
  if (n == -1000 || static_cast<int>(stack_bytes(shared)) + n <= kLetRoom) return true;
  raise(ErrorCode::kOutOfMemory);
  return false;
}

}  // namespace amazing::basic
