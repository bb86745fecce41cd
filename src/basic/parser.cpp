// Parser: tokens -> Program (see program.hpp). Errors travel as values: a statement that
// does not parse becomes an error statement, and parsing of that line stops there.

#include <algorithm>
#include <cassert>
#include <cctype>
#include <map>
#include <unordered_map>

#include <optional>

#include "basic/builtins.hpp"
#include "basic/devices.hpp"
#include "basic/gw_graphics.hpp"
#include "basic/number.hpp"
#include "basic/program.hpp"
#include "machine/kind.hpp"

namespace amazing::basic {
namespace {

// How deep expressions may nest (parentheses, function arguments, subscripts, unary
// signs and NOT) before "Out of memory", GW-BASIC's answer when its stack runs out. A
// line of at most kMaxLineLength characters cannot come near it (PC-BASIC evaluates 120
// nested parentheses or 250 chained signs), so it only keeps the recursion of this parser
// and of the interpreter, which follows the parsed tree, bounded.
constexpr int kMaxNesting = 400;

// The longest program line GW-BASIC's line buffer takes, in characters without the line
// end; a longer one is "Line buffer overflow" and loading stops there (PC-BASIC 2.0.5).
constexpr std::size_t kMaxLineLength = 255;

bool too_long(std::string_view line) {
  return line.size() > kMaxLineLength;
}

// A function keyword (SQR, LEFT$, ERL, ...) as a statement is a Syntax error, not an
// Advanced Feature (PC-BASIC: `SQR=5`, `ABS(1)`, `FRE(0)`).
bool is_function(Keyword k) {
  return find_builtin(k) != nullptr;
}

// ---- binary operators: one table, lowest precedence first -----------------------------------

// Precedences, as GW-BASIC binds them: IMP < EQV < XOR < OR < AND < NOT (prefix) <
// relations < + - < MOD < \ < * / < sign (prefix) < ^.
constexpr int kLowest = 1;
constexpr int kPrecNot = 6;
constexpr int kPrecSign = 12;

// Which operand types an operator takes and the type of its result.
enum class Typing : uint8_t {
  kLogic,           // numbers; integer result (IMP EQV XOR OR AND)
  kRelational,      // two numbers or two strings; integer truth value
  kAdditive,        // numbers, or strings for + (concatenation); integer when both are
  kInteger,         // numbers; integer result (MOD, \)
  kMultiplicative,  // numbers; * of two integers is an integer, / a single
  kPower,           // numbers; a single
};

struct BinaryRule {
  std::string_view symbol;  // a symbol token, or empty for a keyword
  Keyword keyword;
  Op op;
  int prec;
  Typing typing;
};

constexpr BinaryRule kBinaryRules[] = {
    {"", Keyword::kImp, Op::kImp, 1, Typing::kLogic},
    {"", Keyword::kEqv, Op::kEqv, 2, Typing::kLogic},
    {"", Keyword::kXor, Op::kXor, 3, Typing::kLogic},
    {"", Keyword::kOr, Op::kOr, 4, Typing::kLogic},
    {"", Keyword::kAnd, Op::kAnd, 5, Typing::kLogic},
    {"=", Keyword::kNone, Op::kEq, 7, Typing::kRelational},
    {"<>", Keyword::kNone, Op::kNe, 7, Typing::kRelational},
    {"<", Keyword::kNone, Op::kLt, 7, Typing::kRelational},
    {">", Keyword::kNone, Op::kGt, 7, Typing::kRelational},
    {"<=", Keyword::kNone, Op::kLe, 7, Typing::kRelational},
    {">=", Keyword::kNone, Op::kGe, 7, Typing::kRelational},
    {"+", Keyword::kNone, Op::kAdd, 8, Typing::kAdditive},
    {"-", Keyword::kNone, Op::kSub, 8, Typing::kAdditive},
    {"", Keyword::kMod, Op::kMod, 9, Typing::kInteger},
    {"\\", Keyword::kNone, Op::kIntDiv, 10, Typing::kInteger},
    {"*", Keyword::kNone, Op::kMul, 11, Typing::kMultiplicative},
    {"/", Keyword::kNone, Op::kDiv, 11, Typing::kMultiplicative},
    {"^", Keyword::kNone, Op::kPow, 13, Typing::kPower},
};

const BinaryRule* binary_rule(const Token& t) {
  if (t.kind != TokenKind::kSymbol && t.kind != TokenKind::kKeyword) return nullptr;
  for (const BinaryRule& r : kBinaryRules) {
    if (r.symbol.empty() ? t.is(r.keyword) : t.is(r.symbol)) return &r;
  }
  return nullptr;
}

// The result's type, or nullopt for a Type mismatch.
std::optional<Type> result_type(Typing typing, Op op, const Expr& left, const Expr& right) {
  bool ls = left.type == Type::kString, rs = right.type == Type::kString;
  bool both_int = left.type == Type::kInteger && right.type == Type::kInteger;
  switch (typing) {
    case Typing::kRelational:
      if (ls != rs) return std::nullopt;
      return Type::kInteger;
    case Typing::kAdditive:
      if (ls != rs || (ls && op == Op::kSub)) return std::nullopt;
      return ls ? Type::kString : both_int ? Type::kInteger : Type::kSingle;
    default:
      break;
  }
  if (ls || rs) return std::nullopt;
  switch (typing) {
    case Typing::kMultiplicative:
      return op == Op::kMul && both_int ? Type::kInteger : Type::kSingle;
    case Typing::kPower:
      return Type::kSingle;
    default:
      return Type::kInteger;  // kLogic, kInteger
  }
}

// The character that sets a name of this type apart ("" for a single).
const char* type_suffix(Type type) {
  constexpr const char* kSuffix[] = {"", "%", "$", "#"};
  return kSuffix[static_cast<int>(type)];
}

// A jump target beyond every line number (find_line never finds it).
constexpr int kNoSuchLine = 1'000'000;

class Parser {
 public:
  explicit Parser(Program& program) : program_(program) {}

  // Takes over the names the program already has, so a typed line shares its slots.
  void adopt_tables() {
    auto index = [](const std::vector<std::string>& table, auto& map) {
      for (std::size_t i = 0; i < table.size(); ++i) map.emplace(table[i], static_cast<int>(i));
    };
    auto index_info = [](const std::vector<ArrayInfo>& table, auto& map) {
      for (std::size_t i = 0; i < table.size(); ++i)
        map.emplace(table[i].name, static_cast<int>(i));
    };
    index(program_.singles, singles_);
    index(program_.integers, integers_);
    index(program_.strings, strings_);
    index(program_.doubles, doubles_);
    index_info(program_.arrays, arrays_);
    index_info(program_.functions, functions_);
  }

  Line parse_line(int number, std::string_view text) {
    Line line;
    line.number = number;
    tokens_ = scan_line(text, program_.dialect);
    pos_ = 0;
    open_ifs_.clear();
    nesting_ = 0;
    stmts_ = &line.stmts;
    while (peek().kind != TokenKind::kEnd) {
      if (accept(":")) continue;
      bool more = peek().is(Keyword::kElse) ? parse_else() : parse_one_statement();
      if (!more) break;
    }
    return line;
  }

 private:
  // ELSE ends the THEN part of the innermost open IF: a marker that jumps to the end of
  // the line. False when the line ends here (ELSE without IF is skipped like REM).
  bool parse_else() {
    ++pos_;
    Stmt marker;
    marker.kind = StmtKind::kElse;
    stmts_->push_back(std::move(marker));
    if (open_ifs_.empty()) return false;
    (*stmts_)[open_ifs_.back()].else_index = static_cast<int>(stmts_->size());
    open_ifs_.pop_back();
    if (peek().kind == TokenKind::kNumber) return emit_jump(StmtKind::kGoto);
    return true;
  }

  // One statement; one that does not parse becomes an error statement and ends the line,
  // as REM does (DATA stops at ':').
  bool parse_one_statement() {
    error_ = ErrorCode::kNone;
    run_first_.clear();
    Stmt stmt;
    bool ok = parse_statement(stmt);
    bool failed_inside = !ok;  // (not a whole statement with something after it)
    // IF ... THEN statements: the statements follow at once, with no ':' before them.
    bool then_follows = ok && stmt.kind == StmtKind::kIf && stmt.then_line < 0;
    bool ran_first = false;  // the statement stays, to run before its junk is met
    bool returns_past_junk = false;
    if (ok && !then_follows && !at_statement_end()) {
      Junk junk = junk_after(stmt);
      if (junk == Junk::kSkipped) {
        while (!at_statement_end()) next();
      } else {
        ok = false;
        if (checks_own_end(stmt))
          fail();
        else
          fail_after();
        ran_first = junk == Junk::kSeenAfterRunning;
        // PC-BASIC's MID$()= checks its numbers and evaluates its value, then meets the
        // junk before it assigns (`MID$(V$,0)="X" 2` is Illegal function call, `MID$(V$,1)=
        // "X" 2` leaves V$ as it was).
        if (stmt.kind == StmtKind::kMidAssign) {
          stmt.kind = StmtKind::kMidCheck;
          stmt.mode = 'V';
          ran_first = true;
        }
        // The C64's RETURN after ON ... GOSUB skips the junk to the statement's end and
        // goes on after it (Runtime::gosub), so the line is read on (c64_programs/junk_on).
        returns_past_junk =
            ran_first && stmt.kind == StmtKind::kOnGosub && program_.dialect == Dialect::kC64;
        if (ran_first) push_statement(std::move(stmt));
      }
    }
    if (!ok) {
      // PRINT prints its items left to right and stops at the bad one: the items before
      // it stay a PRINT of their own (without the line end), then the error.
      if (failed_inside && prints_up_to_error(stmt)) {
        stmt.newline = false;
        stmt.cut = true;
        ran_first = true;  // RESUME NEXT after an item's own error goes past the statement
        push_statement(std::move(stmt));
      }
      // WRITE too, each item with the comma after it (PC-BASIC: WRITE 1,"A", shows 1,"A",
      // and so does WRITE 1,"A" X, before the error).
      if (stmt.kind == StmtKind::kWrite && !stmt.exprs.empty() && !ran_first) {
        stmt.newline = false;
        ran_first = true;  // (RESUME NEXT after an item's error goes past the statement)
        push_statement(std::move(stmt));
      }
      if (failed_inside && stmt.kind == StmtKind::kMidCheck) {
        ran_first = true;
        push_statement(std::move(stmt));
      }
      // So do READ and DIM with their variables (READ A,STR$( reads A first), the C64's
      // NEXT (NEXT I,) ends I's loop first) and the pc's ERASE (PC-BASIC: ERASE X,1 erases
      // X, DIM Q(5),1 dimensions Q, then the Syntax error), whose RESUME NEXT then goes on
      // past the rest of the statement.
      if (failed_inside && !stmt.targets.empty() &&
          (stmt.kind == StmtKind::kRead || stmt.kind == StmtKind::kDim ||
           (stmt.kind == StmtKind::kNext && program_.dialect == Dialect::kC64) ||
           (stmt.kind == StmtKind::kErase && program_.dialect != Dialect::kC64))) {
        ran_first = program_.dialect != Dialect::kC64;
        push_statement(std::move(stmt));
      }
      Stmt err;
      err.kind = StmtKind::kError;
      err.error = error_ == ErrorCode::kNone ? ErrorCode::kSyntax : error_;
      err.error_at = error_ == ErrorCode::kNone ? peek().at : error_at_;
      err.junk = ran_first;
      err.run_first = std::move(run_first_);
      stmts_->push_back(std::move(err));
      if (returns_past_junk) {
        while (!at_statement_end()) next();
        return peek().kind != TokenKind::kEnd;
      }
      return read_on_after_error();
    }
    bool rem = stmt.kind == StmtKind::kRem;
    push_statement(std::move(stmt));
    return !rem;
  }

  // A PRINT with items read, or the C64's PRINT# or CMD with its file's number read (the
  // ROM opens the file before it reads the items: parse_c64_print_file).
  static bool prints_up_to_error(const Stmt& s) {
    if (s.kind == StmtKind::kPrint) return !s.items.empty();
    return (s.kind == StmtKind::kC64PrintFile || s.kind == StmtKind::kC64Cmd) && s.file;
  }

  // GW-BASIC's RESUME NEXT after an error goes on at the next statement of the line (PC-BASIC:
  // `MID$(A$,1)=5:PRINT A$` prints A$ after the Type mismatch), so the rest of the line is
  // read on from the statement's end; the C64, with no RESUME, never runs it.
  bool read_on_after_error() {
    if (program_.dialect == Dialect::kC64) return read_data_after_error();
    while (!at_statement_end()) next();
    return peek().kind != TokenKind::kEnd;
  }

  // The C64 never runs the rest of the line, but READ finds its DATA statements (it looks
  // for the token after each ':'; cbmbasic: c64_programs/data_after_error).
  bool read_data_after_error() {
    while (peek().kind != TokenKind::kEnd) {
      if (next().is(":") && peek().is(Keyword::kData)) {
        Stmt data;
        data.kind = StmtKind::kData;
        next();
        parse_data(data);
        push_statement(std::move(data));
      }
    }
    return false;
  }

  // What the machines do with a statement followed by something that is not its end
  // (`GOTO 20 )`): both read a statement as they run it, so a jump or NEXT runs first and
  // only meets the junk if it carries on past it (checked against PC-BASIC and cbmbasic,
  // tests/basic/statement_errors); GOSUB's return and RETURN skip it; PRINT USING prints
  // all it has first (PC-BASIC: `PRINT USING "#";1)` prints 1); INPUT asks and assigns
  // first (both machines), SWAP swaps, ERASE erases and COLOR sets its colours (PC-BASIC:
  // `COLOR 32 X` is Illegal function call, `COLOR 1 X` Syntax error), and WHILE looks for its
  // WEND and a false condition jumps past the junk; every other statement stops at it
  // before doing anything that shows.
  enum class Junk { kStopsTheStatement, kSeenAfterRunning, kSkipped };
  Junk junk_after(const Stmt& stmt) const {
    if (stmt.kind == StmtKind::kPrint && has_using(stmt)) return Junk::kSeenAfterRunning;
    if (program_.dialect == Dialect::kC64) {
      // The C64 runs a statement and then looks for its end (A=1/0 X is ?DIVISION BY ZERO,
      // and ON reads its list only up to the line it takes), but for END, STOP and RETURN,
      // which refuse what follows them first, as NEW, CONT and LIST do (cbmbasic:
      // c64_programs/junk_*, new_syntax).
      switch (stmt.kind) {
        case StmtKind::kGosub:
          return Junk::kSkipped;
        case StmtKind::kEnd:
        case StmtKind::kStop:
        case StmtKind::kReturn:
        case StmtKind::kC64New:
        case StmtKind::kC64Cont:
        case StmtKind::kC64List:
          return Junk::kStopsTheStatement;
        default:
          return Junk::kSeenAfterRunning;
      }
    }
    switch (stmt.kind) {
      case StmtKind::kIf:
      case StmtKind::kGoto:
      case StmtKind::kOnGoto:   // (its jump never meets the junk; Runtime::gosub's return
      case StmtKind::kOnGosub:  // goes on past it)
      case StmtKind::kNext:
      case StmtKind::kLet:  // (PC-BASIC: A=5 X assigns 5, C=1/0 X is Division by zero)
      case StmtKind::kDim:  // (PC-BASIC: DIM A(5) X, then DIM A(5) is Duplicate definition)
      case StmtKind::kRead:
      case StmtKind::kRestore:  // (PC-BASIC: RESTORE 70 X, then READ reads line 70's DATA)
      case StmtKind::kOnError:  // (its line looked for first: ON ERROR GOTO 65530 is 6553)
      case StmtKind::kOpen:
      case StmtKind::kLineInput:
      case StmtKind::kKill:
      case StmtKind::kName:
      case StmtKind::kFolder:
      case StmtKind::kShell:
      case StmtKind::kFiles:
      case StmtKind::kTron:
      case StmtKind::kTroff:
      case StmtKind::kC64Run:
      case StmtKind::kInput:
      case StmtKind::kSwap:
      case StmtKind::kErase:
      case StmtKind::kWhile:
      case StmtKind::kColor:
      case StmtKind::kOptionBase:  // (OPTION BASE 1E10: its digit, then the junk)
        return Junk::kSeenAfterRunning;
      case StmtKind::kDevice:
        return device_runs_before_junk(kDeviceStatements[stmt.slot]) ? Junk::kSeenAfterRunning
                                                                     : Junk::kStopsTheStatement;
      case StmtKind::kDefSeg:  // (DEF USR0=0 X runs, then meets the X; DEF SEG stops at it)
        return stmt.mode == 'U' ? Junk::kSeenAfterRunning : Junk::kStopsTheStatement;
      case StmtKind::kLock:  // (LOCK #1,1 X locks record 1; IOCTL stops at it)
        return stmt.mode == 'I' ? Junk::kStopsTheStatement : Junk::kSeenAfterRunning;
      case StmtKind::kGosub:
      case StmtKind::kReturn:
        return Junk::kSkipped;
      default:
        return Junk::kStopsTheStatement;
    }
  }
  // Where GW-BASIC finds junk after a statement (PC-BASIC's edit line after the Syntax
  // error): the statements below look at their own end and stop at the junk (`END X`,
  // `FOR I=1 TO 2 X`, `ON X GOTO 10 X` at the X; PRINT takes it for its next item:
  // `PRINT 1)` at the ")"); any other is done when the interpreter's loop reads the next
  // character, so it stops past it (`A=5 B`, `DIM A(5) X`, `PRINT USING "#";1)`).
  static bool checks_own_end(const Stmt& stmt) {
    static constexpr StmtKind kOwnEnd[] = {
        StmtKind::kEnd,   StmtKind::kStop,   StmtKind::kSystem,    StmtKind::kReset,
        StmtKind::kWend,  StmtKind::kFor,    StmtKind::kRestore,   StmtKind::kRandomize,
        StmtKind::kRaise, StmtKind::kResume, StmtKind::kOnGoto,    StmtKind::kOnGosub,
        StmtKind::kClear, StmtKind::kCls,    StmtKind::kMidAssign, StmtKind::kLocate,
        StmtKind::kWrite, StmtKind::kWidth,  StmtKind::kSetTime,   StmtKind::kDevice,
        StmtKind::kWhile,
    };
    if (stmt.kind == StmtKind::kPrint || stmt.kind == StmtKind::kLprint) return !has_using(stmt);
    return std::find(std::begin(kOwnEnd), std::end(kOwnEnd), stmt.kind) != std::end(kOwnEnd);
  }
  static bool has_using(const Stmt& stmt) {
    return std::any_of(stmt.items.begin(), stmt.items.end(),
                       [](const PrintItem& i) { return i.kind == PrintItem::kUsing; });
  }
  void push_statement(Stmt&& stmt) {
    bool is_if = stmt.kind == StmtKind::kIf;
    stmts_->push_back(std::move(stmt));
    if (is_if) open_ifs_.push_back(static_cast<int>(stmts_->size()) - 1);
  }

  const Token& peek(std::size_t ahead = 0) const {
    std::size_t i = std::min(pos_ + ahead, tokens_.size() - 1);
    return tokens_[i];
  }
  const Token& next() {
    const Token& t = peek();
    if (pos_ < tokens_.size() - 1) ++pos_;
    return t;
  }
  bool accept(std::string_view symbol) {
    if (peek().is(symbol)) {
      ++pos_;
      return true;
    }
    return false;
  }
  bool accept(Keyword k) {
    if (peek().is(k)) {
      ++pos_;
      return true;
    }
    return false;
  }
  // The first error found in a statement, and where: at the token the parser stopped
  // at, or (fail_after) past it, where GW-BASIC stops after reading a token it cannot use
  // (PC-BASIC's edit line after a Syntax error: `X=1+*2` and `A=5 B` past the * and B,
  // `PRINT 1)` at the ")").
  bool fail(ErrorCode code = ErrorCode::kSyntax) {
    if (error_ == ErrorCode::kNone) {
      error_ = code;
      error_at_ = peek().at;
    }
    return false;
  }
  bool fail_after() {
    if (error_ == ErrorCode::kNone) {
      error_ = ErrorCode::kSyntax;
      error_at_ = peek().end;
    }
    return false;
  }
  bool expect(std::string_view symbol) { return accept(symbol) || fail(); }
  // The C64 meets every error of an expression as it evaluates it, left to right: types
  // are checked, a literal read and a ')' looked for only after what comes before them
  // (`PRINT 1+LEFT$("A",-1)` is ?ILLEGAL QUANTITY, `A(-1)=1E39` and `(SQR(-1) X` too;
  // cbmbasic: c64_programs/mismatch_*). An error found while parsing keeps the operands
  // the ROM evaluates before it (run_first_).
  bool ran_first_error() const {
    return program_.dialect == Dialect::kC64 && error_ != ErrorCode::kNone;
  }
  // `e`, evaluated before what run_first_ holds (each level of the parse adds the operands
  // it read before the one that failed, as the failure unwinds).
  void ran_before(ExprPtr e) {
    if (e && ran_first_error()) run_first_.insert(run_first_.begin(), std::move(e));
  }
  // The operands of an expression that failed, on both machines: PC-BASIC too evaluates
  // as it reads, so `1/0-` is Division by zero and `(SQR(-1)` Illegal function call
  // there (programs/operand_first); so does a call left unclosed (Expr::unclosed).
  void ran_before_any(ExprPtr e) {
    if (e && error_ != ErrorCode::kNone) run_first_.insert(run_first_.begin(), std::move(e));
  }
  void ran_before(std::vector<ExprPtr>& es) {
    if (!ran_first_error()) return;  // (the pc keeps the call itself: Unclosed)
    for (auto it = es.rbegin(); it != es.rend(); ++it) ran_before(std::move(*it));
    es.clear();
  }
  bool at_statement_end() const { return statement_end_at(0); }
  // Whether the token `ahead` ends a statement. On the pc `'` does but REM does not: REM
  // after a statement is junk (PC-BASIC: LOCATE 1,1 REM is a Syntax error).
  bool statement_end_at(std::size_t ahead) const {
    const Token& t = peek(ahead);
    return t.kind == TokenKind::kEnd || t.is(":") || t.is(Keyword::kElse) ||
           (t.is(Keyword::kRem) && (t.text == "'" || program_.dialect == Dialect::kC64));
  }
  // The statement ends where an operand belongs (a ' too on the pc): GW-BASIC's "Missing
  // operand". Any other token that cannot start one (, ; ) *) is a "Syntax error", as
  // PC-BASIC says (`PRINT 1+,2`, `INT()`, `X=(1+)`).
  bool operand_missing() const {
    const Token& t = peek();
    return t.kind == TokenKind::kEnd || t.is(":") || t.is(Keyword::kElse) ||
           (t.is(Keyword::kRem) && t.text == "'" && program_.dialect != Dialect::kC64);
  }

  int slot_for(std::vector<std::string>& table, std::unordered_map<std::string, int>& index,
               const std::string& key) {
    auto it = index.find(key);
    if (it != index.end()) return it->second;
    int slot = static_cast<int>(table.size());
    table.push_back(key);
    index.emplace(key, slot);
    return slot;
  }

  // A name and its type character.
  bool parse_name(std::string& name, Type& type) {
    if (peek().kind != TokenKind::kName) return fail();
    const std::size_t name_end = peek().end;
    name = next().text;
    // GW-BASIC tells names apart by their first 40 characters.
    if (name.size() > 40) name.resize(40);
    // The pc's type character follows the name at once (PC-BASIC: A $="X" is a Syntax
    // error, PRINT D ! prints D, then meets the !); the C64 reads past blanks. A # is a
    // double on the pc; the C64 has none and reads it as a single's.
    static constexpr std::pair<const char*, Type> kSuffixes[] = {
        {"$", Type::kString}, {"%", Type::kInteger}, {"#", Type::kDouble}, {"!", Type::kSingle}};
    const bool c64 = program_.dialect == Dialect::kC64;
    if (c64 || peek().at == name_end) {
      for (const auto& [text, suffix] : kSuffixes) {
        if (!peek().is(text)) continue;
        ++pos_;
        type = c64 && suffix == Type::kDouble ? Type::kSingle : suffix;
        return true;
      }
    }
    type = std::isupper(static_cast<unsigned char>(name[0]))
               ? program_.deftype[static_cast<std::size_t>(name[0] - 'A')]
               : Type::kSingle;
    return true;
  }

  int scalar_slot(const std::string& name, Type type) {
    switch (type) {
      case Type::kSingle:
        return slot_for(program_.singles, singles_, name);
      case Type::kInteger:
        return slot_for(program_.integers, integers_, name + "%");
      case Type::kString:
        return slot_for(program_.strings, strings_, name + "$");
      case Type::kDouble:
        return slot_for(program_.doubles, doubles_, name + "#");
    }
    return 0;
  }

  int array_slot(const std::string& name, Type type) {
    std::string key = name + type_suffix(type);
    auto it = arrays_.find(key);
    if (it != arrays_.end()) return it->second;
    int slot = static_cast<int>(program_.arrays.size());
    program_.arrays.push_back(ArrayInfo{key, type});
    arrays_.emplace(key, slot);
    return slot;
  }

  int function_slot(const std::string& name, Type type) {
    std::string key = "FN" + name + type_suffix(type);
    auto it = functions_.find(key);
    if (it != functions_.end()) return it->second;
    int slot = static_cast<int>(program_.functions.size());
    program_.functions.push_back(ArrayInfo{key, type});
    functions_.emplace(key, slot);
    return slot;
  }

  bool parse_subscripts(std::vector<ExprPtr>& out) {
    if (!accept("(")) return fail();
    do {
      if (operand_missing()) return fail(ErrorCode::kMissingOperand) || subscripts_read(out);
      ExprPtr e = parse_expr();
      if (!e) return subscripts_read(out);
      if (e->type == Type::kString) e = mismatch(std::move(e), Type::kSingle);
      if (!e) return subscripts_read(out);
      out.push_back(std::move(e));
    } while (accept(","));
    return expect(")") || subscripts_read(out);
  }
  // The subscripts read before an error run first, each made an integer as it was read:
  // `A(-1 X` is ?ILLEGAL QUANTITY on the C64 (c64_programs/subscript_first), `X$(OCT$(1)(`
  // Type mismatch and `A(1E10 X` Overflow on the pc (programs/unclosed_calls). False.
  bool subscripts_read(std::vector<ExprPtr>& read) {
    for (auto it = as_subscripts(read).rbegin(); it != read.rend(); ++it)
      ran_before_any(std::move(*it));
    read.clear();
    return false;
  }
  // Each a subscript, checked as the C64 checks it as it reads it (Runtime::c64_subscript;
  // on the pc made an integer).
  static std::vector<ExprPtr>& as_subscripts(std::vector<ExprPtr>& list) {
    for (ExprPtr& e : list) {
      auto s = std::make_unique<Expr>();
      s->kind = ExprKind::kSubscript;
      s->type = Type::kInteger;
      s->args.push_back(std::move(e));
      e = std::move(s);
    }
    return list;
  }

  // The built-in `function` called with e, of type `type`.
  static ExprPtr call_of(Keyword function, Type type, ExprPtr e) {
    auto call = std::make_unique<Expr>();
    call->kind = ExprKind::kFunction;
    call->function = function;
    call->builtin = find_builtin(function);
    call->type = type;
    call->args.push_back(std::move(e));
    return call;
  }
  // CHR$(e): e read as a byte (GETBYT: ?ILLEGAL QUANTITY outside 0..255), as the C64's ON
  // reads its number before it looks for GOTO or GOSUB (c64_programs/junk_on).
  static ExprPtr byte_of(ExprPtr e) { return call_of(Keyword::kChr, Type::kString, std::move(e)); }
  // PEEK(e): e read as an address (GETADR: ?ILLEGAL QUANTITY outside 0..65535), as the
  // C64's POKE and WAIT read theirs before they look for the comma (c64_programs/poke_first).
  static ExprPtr address_of(ExprPtr e) {
    return call_of(Keyword::kPeek, Type::kInteger, std::move(e));
  }
  // On the C64, `s`'s first number taken as an address before the error met after it.
  bool failed_after_address(Stmt& s) {
    if (!s.exprs.empty() && ran_first_error()) ran_before(address_of(std::move(s.exprs[0])));
    return false;
  }

  // The array element `target` names, as an expression (its subscripts moved there).
  static ExprPtr element_of(Target& target) {
    auto e = std::make_unique<Expr>();
    e->kind = ExprKind::kArray;
    e->slot = target.slot;
    e->type = target.type;
    e->args = std::move(target.subscripts);
    return e;
  }

  bool parse_target(Target& target) {
    std::string name;
    if (!parse_name(name, target.type)) return false;
    if (peek().is("(")) {
      target.array = true;
      target.slot = array_slot(name, target.type);
      return parse_subscripts(target.subscripts);
    }
    target.slot = scalar_slot(name, target.type);
    return true;
  }

  // ---- expressions ------------------------------------------------------------------

  static ExprPtr make_binary(Op op, ExprPtr a, ExprPtr b, Type type) {
    auto e = std::make_unique<Expr>();
    e->kind = ExprKind::kBinary;
    e->op = op;
    e->type = type;
    e->args.push_back(std::move(a));
    e->args.push_back(std::move(b));
    return e;
  }

  // A value of the wrong type for its operator, function or statement. The pc evaluates the
  // operands first (ExprKind::kMismatch: their errors come first, then Type mismatch, as
  // GW-BASIC finds the type wrong only as it uses the values); the C64 refuses it here, its
  // operands kept to run first (run_first_).
  // `type` is what the node stands for (it never gives a value).
  ExprPtr mismatch(std::vector<ExprPtr> operands, Type type) {
    if (program_.dialect == Dialect::kC64) {
      fail(ErrorCode::kTypeMismatch);
      ran_before(operands);  // the ROM has evaluated them: their errors come first
      return nullptr;
    }
    auto e = std::make_unique<Expr>();
    e->kind = ExprKind::kMismatch;
    e->type = type;
    e->args = std::move(operands);
    return e;
  }
  ExprPtr mismatch(ExprPtr a, Type type) {
    std::vector<ExprPtr> operands;
    operands.push_back(std::move(a));
    return mismatch(std::move(operands), type);
  }
  ExprPtr mismatch(ExprPtr a, ExprPtr b, Type type) {
    std::vector<ExprPtr> operands;
    operands.push_back(std::move(a));
    operands.push_back(std::move(b));
    return mismatch(std::move(operands), type);
  }

  static ExprPtr make_unary(Op op, ExprPtr inner, Type type) {
    auto e = std::make_unique<Expr>();
    e->kind = ExprKind::kUnary;
    e->op = op;
    e->type = type;
    e->args.push_back(std::move(inner));
    return e;
  }

  // Counts the nesting of the recursive descent; past kMaxNesting the expression fails
  // with "Out of memory" instead of exhausting the host's stack.
  class Nest {
   public:
    explicit Nest(Parser& p) : p_(p) { ++p_.nesting_; }
    ~Nest() { --p_.nesting_; }
    Nest(const Nest&) = delete;
    Nest& operator=(const Nest&) = delete;
    bool too_deep() const { return p_.nesting_ > kMaxNesting; }

   private:
    Parser& p_;
  };

  // The prefix levels (NOT, sign) one parse_binary call holds in the nesting count.
  class Held {
   public:
    explicit Held(Parser& p) : p_(p) {}
    ~Held() { p_.nesting_ -= not_ + sign_; }
    Held(const Held&) = delete;
    Held& operator=(const Held&) = delete;
    // Holds a level; false when that is too deep.
    bool hold(int level) {
      ++p_.nesting_;
      (level == kPrecNot ? not_ : sign_) = 1;
      return p_.nesting_ <= kMaxNesting;
    }
    // An operator of precedence prec ends the levels above it.
    void release_above(int prec) {
      if (sign_ && prec < kPrecSign) p_.nesting_ -= sign_, sign_ = 0;
      if (not_ && prec < kPrecNot) p_.nesting_ -= not_, not_ = 0;
    }

   private:
    Parser& p_;
    int not_ = 0, sign_ = 0;
  };

  ExprPtr parse_expr() {
    Nest nest(*this);
    if (nest.too_deep()) return fail(ErrorCode::kOutOfMemory), nullptr;
    if (nesting_ == 1) temps_ = 0;  // a statement's expression: what it used, it freed
    return parse_binary(kLowest);
  }

  // The C64 keeps a descriptor for each string a literal, a string function or a
  // concatenation makes in a stack of three (TEMPST) until what uses the string frees it
  // (FRETMS): a fourth pending is ?FORMULA TOO COMPLEX (PUTNEW, $B4CA), after what was
  // evaluated before it (`"A"+("B"+("C"+"D"))`; cbmbasic: c64_programs/temp_strings*).
  // The parse follows the evaluation's order, so it counts them as it reads.
  static constexpr int kC64TempStrings = 3;
  bool push_temp() {
    if (program_.dialect != Dialect::kC64) return true;
    if (temps_ >= kC64TempStrings) return fail(ErrorCode::kStringFormulaTooComplex);
    ++temps_;
    return true;
  }
  // The result `e` made once its operands' strings are freed (temps_ back to `base`).
  ExprPtr made_from(int base, ExprPtr e) {
    temps_ = base;
    if (e->type != Type::kString) return e;
    if (!push_temp()) return ran_before(std::move(e)), nullptr;
    return e;
  }

  // One precedence-climbing loop for every binary operator (kBinaryRules). A call parses
  // the operators of precedence min_prec and above; below kPrecNot it may start with NOT,
  // below kPrecSign with a sign. Each of those two prefix levels holds one level of
  // nesting (Nest) while its operators are parsed, and gives it up at the first operator
  // below it, so the depth counted is the same as a parser with one function a level.
  ExprPtr parse_binary(int min_prec) {
    Held held(*this);
    const int base = temps_;
    ExprPtr left = parse_prefixed(min_prec, held);
    bool string_comparison = false;  // left compares strings, made by this loop
    while (left) {
      const BinaryRule* rule = binary_rule(peek());
      if (rule == nullptr || rule->prec < min_prec) break;
      ++pos_;
      held.release_above(rule->prec);
      // On the C64 a relation right after a string comparison's right operand clears its
      // string flag (FINREL's LSR VALTYP) before the comparison is done, which then finds
      // no string: `"A"<"B"<1` and `"A"="B"=` are ?TYPE MISMATCH
      // (c64_programs/compare_chain). In parentheses the comparison is done first.
      if (string_comparison && rule->typing == Typing::kRelational &&
          program_.dialect == Dialect::kC64) {
        fail(ErrorCode::kTypeMismatch);
        return ran_before(std::move(left)), nullptr;
      }
      // The C64 refuses a string before any operator but + and the relations at once.
      if (string_before_arithmetic(*left, *rule)) {
        fail(ErrorCode::kTypeMismatch);
        return ran_before(std::move(left)), nullptr;
      }
      // Both machines have done what binds tighter before they look for the operand: `1/0-`
      // is a division by zero, `SQR(-1)+` an illegal quantity (c64_programs/missing_operand,
      // programs/operand_first).
      if (operand_missing())
        return fail(ErrorCode::kMissingOperand), ran_before_any(std::move(left)), nullptr;
      ExprPtr right = parse_binary(rule->prec + 1);
      if (!right) return ran_before_any(std::move(left)), nullptr;
      std::optional<Type> type = result_type(rule->typing, rule->op, *left, *right);
      string_comparison = rule->typing == Typing::kRelational && right->type == Type::kString;
      left = type ? make_binary(rule->op, std::move(left), std::move(right), *type)
                  : mismatch(std::move(left), std::move(right), Type::kSingle);
      if (left && left->type != Type::kString) temps_ = base;  // a comparison frees its strings
    }
    return left;
  }

  bool string_before_arithmetic(const Expr& left, const BinaryRule& rule) const {
    return program_.dialect == Dialect::kC64 && left.type == Type::kString && rule.op != Op::kAdd &&
           rule.typing != Typing::kRelational;
  }

  // The operand of parse_binary(min_prec): a prefix operator and its operand, or an atom.
  // As in PC-BASIC's shunting-yard parser, NOT, - and + may follow any operator (or start
  // the expression) and take as their operand everything that binds tighter than they do:
  // NOT the relations and above, a sign only ^. So -2^2 is -4, 2^-3^2 is 2^(-(3^2)),
  // 2^-3*2 is (2^-3)*2, 2^NOT 0+1 is 2^(NOT(0+1)) (checked live, tests/basic/programs/
  // unary_prec.bas). Below their own level they also hold a level of nesting (Held).
  ExprPtr parse_prefixed(int min_prec, Held& held) {
    if (min_prec <= kPrecNot && !held.hold(kPrecNot)) return fail(ErrorCode::kOutOfMemory), nullptr;
    if (min_prec <= kPrecSign && !held.hold(kPrecSign))
      return fail(ErrorCode::kOutOfMemory), nullptr;
    bool is_not = peek().is(Keyword::kNot);
    if (!is_not && !peek().is("-") && !peek().is("+")) return parse_element();
    Nest nest(*this);
    if (nest.too_deep()) return fail(ErrorCode::kOutOfMemory), nullptr;
    bool neg = next().is("-");
    if (operand_missing()) return fail(ErrorCode::kMissingOperand), nullptr;
    ExprPtr inner = parse_binary((is_not ? kPrecNot : kPrecSign) + 1);
    if (!inner) return nullptr;
    // The C64 skips a leading + whatever follows (+"X" is "X"), and its - leaves a string
    // alone when a relation follows it: the relation clears the string flag (FRMREL's LSR
    // VALTYP) before the negation is done (`-"A"<"B"` is -1; c64_programs/minus_compare).
    if (!is_not && !neg && program_.dialect == Dialect::kC64) return inner;
    if (neg && program_.dialect == Dialect::kC64 && inner->type == Type::kString &&
        before_relation())
      return inner;
    if (inner->type == Type::kString) return mismatch(std::move(inner), Type::kSingle);
    if (is_not) return make_unary(Op::kNot, std::move(inner), Type::kInteger);
    if (!neg) return inner;
    Type type = inner->type;
    return make_unary(Op::kNeg, std::move(inner), type);
  }

  bool before_relation() const {
    const BinaryRule* rule = binary_rule(peek());
    return rule != nullptr && rule->typing == Typing::kRelational;
  }

  // An atom; on the C64 with what a + after a string joins to it: the ROM concatenates at
  // once (CAT, $B63D), before any operator around it, taking one element as the right
  // operand, which must be a string (`"A"+1*SQR(-1)` is ?TYPE MISMATCH at the 1,
  // `1*"A"+SQR(-1)` ?ILLEGAL QUANTITY; c64_programs/concat_element).
  ExprPtr parse_element() {
    const int base = temps_;
    ExprPtr left = parse_atom();
    while (left && program_.dialect == Dialect::kC64 && left->type == Type::kString &&
           peek().is("+")) {
      ++pos_;
      ExprPtr right = parse_joined_element();
      if (!right) return ran_before(std::move(left)), nullptr;
      if (right->type != Type::kString)
        return mismatch(std::move(left), std::move(right), Type::kString);
      left =
          made_from(base, make_binary(Op::kAdd, std::move(left), std::move(right), Type::kString));
    }
    return left;
  }
  // CAT's element: leading +s skipped (EVAL); a - or NOT there starts an operand CAT never
  // gets back from (cbmbasic stops), taken here as a number's.
  ExprPtr parse_joined_element() {
    while (peek().is("+")) ++pos_;
    if (operand_missing()) return fail(ErrorCode::kMissingOperand), nullptr;
    if (peek().is("-") || peek().is(Keyword::kNot)) return parse_binary(kPrecSign);
    return parse_atom();
  }

  // A literal, a parenthesised expression, a variable or array element, or a function.
  ExprPtr parse_atom() {
    const Token& t = peek();
    if (operand_missing()) return fail(ErrorCode::kMissingOperand), nullptr;
    if (t.kind == TokenKind::kNumber) return parse_number();
    if (t.kind == TokenKind::kString) {
      if (!push_temp()) return nullptr;
      auto e = std::make_unique<Expr>();
      e->kind = ExprKind::kString;
      e->type = Type::kString;
      e->text = t.text;
      ++pos_;
      return e;
    }
    if (t.is("(")) {
      ++pos_;
      ExprPtr inner = parse_expr();
      if (!inner) return nullptr;
      if (!expect(")")) return ran_before_any(std::move(inner)), nullptr;
      if (inner->parens < UINT8_MAX) ++inner->parens;
      return inner;
    }
    if (t.kind == TokenKind::kName) return parse_variable();
    if (t.kind == TokenKind::kKeyword) return parse_function();
    // A symbol that ends an operand list is found where it stands; any other is read first.
    if (t.is(")") || t.is(",") || t.is(";")) return fail(), nullptr;
    return fail_after(), nullptr;
  }

  ExprPtr parse_number() {
    const Token& t = peek();
    if (t.overflow) {
      // &H10000 does not load; a decimal literal beyond the single range is "Overflow"
      // as the line is read in (before the program runs, even on a line that never runs)
      // and stands for the largest single (PC-BASIC: PRINT 1E39).
      bool decimal = !t.text.empty() && t.text.front() != '&';
      // The C64 reads the literal as the statement runs: ?OVERFLOW there (cbmbasic).
      if (!decimal || program_.dialect == Dialect::kC64) return fail(ErrorCode::kOverflow), nullptr;
      program_.load_messages.emplace_back(error_message(ErrorCode::kOverflow));
    }
    auto e = std::make_unique<Expr>();
    e->kind = ExprKind::kNumber;
    e->number = t.number;
    e->integer = t.integer;
    e->is_double = t.is_double;
    e->dnumber = t.dnumber;
    // The C64 reads the literal's own digits into 5 bytes.
    std::string_view lit = t.text;
    while (!lit.empty() && (lit.back() == '!' || lit.back() == '#' || lit.back() == '%'))
      lit.remove_suffix(1);
    if (program_.dialect == Dialect::kC64 && lit.size() == 1 && lit[0] == kC64Pi) {
      e->c64 = core::C64Float::unpack({0x82, 0x49, 0x0F, 0xDA, 0xA1});  // $AEA8, MOVFM
    } else if (program_.dialect == Dialect::kC64) {
      // FIN reads it when the statement runs; past 1.70141183E+38 that is ?OVERFLOW there.
      const core::C64Fin fin = core::c64_fin(lit);
      if (fin.overflow) return fail(ErrorCode::kOverflow), nullptr;
      e->c64 = fin.value;
    } else {
      e->c64 = c64_from_text(lit).value_or(c64_from_double(t.number).value_or(core::C64Float{}));
    }
    e->type = t.integer ? Type::kInteger : Type::kSingle;
    ++pos_;
    return e;
  }

  ExprPtr parse_variable() {
    if (auto clock = c64_clock_name()) return parse_c64_clock(*clock);
    auto e = std::make_unique<Expr>();
    std::string name;
    Type type;
    parse_name(name, type);
    e->type = type;
    if (peek().is("(")) {
      e->kind = ExprKind::kArray;
      e->slot = array_slot(name, type);
      if (!parse_subscripts(e->args)) return nullptr;
    } else {
      e->kind = ExprKind::kVariable;
      e->slot = scalar_slot(name, type);
    }
    return e;
  }

  // Arguments in parentheses; `kinds` says S (string), N (number) or F (a file's number,
  // a # before it allowed) for each, lower case for optional trailing ones.
  // `closing`, when given, is set once every argument is read and only the ')' is left
  // (Unclosed::kOnlyCloseMissing); the arguments read stay in e.args when one goes wrong (the
  // C64's run first: c64_arguments_read).
  bool parse_arguments(Expr& e, std::string_view kinds, bool* closing = nullptr) {
    if (read_arguments(e, kinds, closing)) return true;
    return c64_arguments_read(e.args), false;
  }
  // The C64 evaluates a call's arguments as it reads them, before a later error (a
  // missing ',' or ')' too: `LEN(STR$(SQR(-1)) X` is ?ILLEGAL QUANTITY); a number after
  // the first (LEFT$'s, RIGHT$'s, MID$'s) is read as a byte (GETBYT: `MID$("A",-1,1E39)`
  // is ?ILLEGAL QUANTITY; cbmbasic: c64_programs/call_bytes_first).
  void c64_arguments_read(std::vector<ExprPtr>& args) {
    if (!ran_first_error()) return;
    for (std::size_t i = 1; i < args.size(); ++i)
      if (args[i] && args[i]->type != Type::kString) args[i] = byte_of(std::move(args[i]));
    ran_before(args);
  }
  bool read_arguments(Expr& e, std::string_view kinds, bool* closing) {
    if (!expect("(")) return false;
    // The pc's arguments of the wrong type, checked once the call is closed: a call left
    // without its ')' has run them as they are (programs/operand_first2).
    std::vector<std::pair<std::size_t, Type>> unchecked;
    for (std::size_t i = 0; i < kinds.size(); ++i) {
      char k = kinds[i];
      bool optional = std::islower(static_cast<unsigned char>(k)) != 0;
      if (i > 0) {
        if (optional && !peek().is(",")) break;
        if (!expect(",")) return false;
      }
      if (std::toupper(static_cast<unsigned char>(k)) == 'F') accept("#");
      if (operand_missing()) return fail(ErrorCode::kMissingOperand);
      ExprPtr a = parse_expr();
      if (!a) return false;
      bool want_string = std::toupper(static_cast<unsigned char>(k)) == 'S';
      bool any = std::toupper(static_cast<unsigned char>(k)) == 'A';
      if (!any && (a->type == Type::kString) != want_string) {
        // The C64 reads a call's first argument and the ',' or ')' after it before it
        // checks the argument's type (PARCHK, CHKCOM): LEN(5 X is ?SYNTAX.
        const bool first_read = program_.dialect == Dialect::kC64 && i == 0;
        if (first_read && !peek().is(kinds.size() > 1 ? "," : ")")) {
          fail(ErrorCode::kSyntax);
          return ran_before(std::move(a)), false;
        }
        const Type type = want_string ? Type::kString : Type::kSingle;
        if (program_.dialect == Dialect::kC64)
          a = mismatch(std::move(a), type);
        else
          unchecked.emplace_back(e.args.size(), type);
      }
      if (!a) return false;
      e.args.push_back(std::move(a));
    }
    if (closing != nullptr) *closing = true;
    if (!expect(")")) return false;
    for (auto& [i, type] : unchecked) e.args[i] = mismatch(std::move(e.args[i]), type);
    return true;
  }

  // A built-in call, read as its entry in the function table says (builtins.hpp).
  ExprPtr parse_function() {
    const int base = temps_;
    Keyword k = next().keyword;
    const Builtin* b = find_builtin(k);
    if (b == nullptr) return fail(), nullptr;
    auto e = std::make_unique<Expr>();
    e->kind = ExprKind::kFunction;
    e->function = k;
    e->builtin = b;
    e->type = b->type;
    bool ok = true;
    bool closing = false;  // what the checks before the ')' need is read
    switch (b->form) {
      case ArgForm::kList:
        ok = parse_arguments(*e, b->args, &closing);
        break;
      case ArgForm::kOptionalList:
        if (peek().is("(")) ok = parse_arguments(*e, b->args);
        break;
      case ArgForm::kNoArguments:
        break;
      case ArgForm::kVariable:
        ok = parse_reference(*e);
        break;
      case ArgForm::kInstr:
        ok = parse_instr(*e, &closing);
        break;
      case ArgForm::kUserFunction:
        ok = parse_user_call(*e);
        break;
      case ArgForm::kPrintOnly:
        return fail(), nullptr;
      case ArgForm::kAdvanced:  // GW-BASIC's USR; the C64's has a machine of its own
        if (program_.dialect != Dialect::kC64) return fail(ErrorCode::kAdvancedFeature), nullptr;
        ok = parse_arguments(*e, b->args);
        break;
    }
    if (!ok) {
      // PC-BASIC evaluates a call's arguments as it reads them: the call is kept, with the
      // arguments read, to do what its function does with them before the argument that
      // went wrong runs (builtins.hpp run_unclosed). `MID$(RIGHT$("A",-1),2 X` is Illegal
      // function call, `INSTR(0,1/0-` too (programs/operand_first, unclosed_calls).
      const bool named_fn = k == Keyword::kFn && e->slot >= 0;  // (looked up first)
      if (program_.dialect == Dialect::kPc && (!e->args.empty() || named_fn)) {
        e->unclosed = closing ? Unclosed::kOnlyCloseMissing : Unclosed::kInArguments;
        ran_before_any(std::move(e));
      }
      return nullptr;
    }
    return made_from(base, std::move(e));
  }

  // The C64's clock: the name TI is its jiffy clock and TI$ its time of day (TI%, TI(...)
  // and TI$(...) stay a variable's and arrays' names, as the ROM's PTRGET has them).
  std::optional<Keyword> c64_clock_name() const {
    if (program_.dialect != Dialect::kC64 || peek().kind != TokenKind::kName) return std::nullopt;
    if (peek().text == "ST") {  // the status, as TI: ST%, ST$ and ST(...) are names
      if (peek(1).is("$") || peek(1).is("%") || peek(1).is("(")) return std::nullopt;
      return Keyword::kSt;
    }
    if (peek().text != "TI") return std::nullopt;
    if (peek(1).is("$")) return peek(2).is("(") ? std::nullopt : std::optional(Keyword::kTiStr);
    if (peek(1).is("%") || peek(1).is("(")) return std::nullopt;
    return Keyword::kTi;
  }

  ExprPtr parse_c64_clock(Keyword k) {
    pos_ += k == Keyword::kTiStr ? 2 : 1;
    auto e = std::make_unique<Expr>();
    e->kind = ExprKind::kFunction;
    e->function = k;
    e->builtin = find_builtin(k);
    e->type = e->builtin->type;
    return made_from(temps_, std::move(e));
  }

  // TI$="HHMMSS" sets the C64's clock; TI=... is ?SYNTAX ERROR, as on the C64.
  bool parse_set_clock(Stmt& s, Keyword k) {
    if (k != Keyword::kTiStr) return fail();
    pos_ += 2;
    s.kind = StmtKind::kSetClock;
    return parse_set_time(s);
  }

  // DATE$ = "date" (pc): as TIME$=, mode 'D'.
  bool parse_set_date(Stmt& s) {
    if (program_.dialect == Dialect::kC64) return fail();
    s.mode = 'D';
    return parse_set_time(s);
  }

  // = "time", the rest of TI$= (c64) and TIME$= (pc).
  bool parse_set_time(Stmt& s) { return expect("=") && parse_string_expr(s); }
  // A string expression into s.exprs: Missing operand without one, Type mismatch for a number.
  bool parse_string_expr(Stmt& s) {
    if (operand_missing()) return fail(ErrorCode::kMissingOperand);
    ExprPtr e = parse_expr();
    if (!e) return false;
    if (e->type != Type::kString) return fail(ErrorCode::kTypeMismatch);
    s.exprs.push_back(std::move(e));
    return true;
  }

  // (variable) or (array element): VARPTR's argument, kept as the reference it is.
  bool parse_reference(Expr& e) {
    if (!expect("(")) return false;
    if (peek().kind != TokenKind::kName) return fail();
    ExprPtr v = parse_variable();
    if (!v) return false;
    e.args.push_back(std::move(v));
    return expect(")");
  }

  // INSTR([start,]s,t): args are start (nullptr when left out), s, t; a number first is
  // the start. The strings' types are checked as each is evaluated (PC-BASIC:
  // INSTR("A",1/0) is Division by zero).
  bool parse_instr(Expr& e, bool* closing) {
    if (!expect("(")) return false;
    ExprPtr first = parse_expr();
    if (!first) return false;
    const std::size_t count = first->type == Type::kString ? 2 : 3;
    e.args.push_back(std::move(first));
    while (e.args.size() < count) {
      if (!expect(",")) return false;
      ExprPtr a = parse_expr();
      if (!a) return false;
      e.args.push_back(std::move(a));
    }
    *closing = true;
    if (!expect(")")) return false;
    if (count == 2) e.args.insert(e.args.begin(), nullptr);
    for (std::size_t i = 1; i < 3; ++i)
      if (e.args[i]->type != Type::kString)
        e.args[i] = mismatch(std::move(e.args[i]), Type::kString);
    return true;
  }

  // The C64's functions are floats of a float: their names and DEF's parameter are read
  // by PTRGET with SUBFLG set, which refuses an integer name (FNA%, FNA(X%): ?SYNTAX), and
  // then checked for a number ($B3E1 the name, $B3B3 the parameter: FNA$, FNA(X$) ?TYPE
  // MISMATCH) (cbmbasic: c64_programs/def_string, def_integer). True when refused.
  bool c64_refuses_fn_name(Type type) {
    if (program_.dialect != Dialect::kC64 || type == Type::kSingle) return false;
    fail(type == Type::kString ? ErrorCode::kTypeMismatch : ErrorCode::kSyntax);
    return true;
  }

  // FNA(X,Y): a DEF FN function; its type is its name's.
  bool parse_user_call(Expr& e) {
    std::string name;
    Type type;
    e.slot = -1;  // (no function is named yet)
    if (!parse_name(name, type)) return false;
    if (c64_refuses_fn_name(type)) return false;
    e.type = type;
    e.slot = function_slot(name, type);
    if (program_.dialect == Dialect::kC64) return parse_c64_call_argument(e);
    if (accept("(")) {
      do {
        if (operand_missing()) return fail(ErrorCode::kMissingOperand);
        ExprPtr a = parse_expr();
        if (!a) return false;
        e.args.push_back(std::move(a));
      } while (accept(","));
      if (!expect(")")) return false;
    }
    return true;
  }

  // The C64's FN takes one number in parentheses, read (PARCHK, then CHKNUM) before the
  // function is looked for: FNZ without one is ?SYNTAX, FNZ(SQR(-1)) ?ILLEGAL QUANTITY
  // even when FNZ is not defined (cbmbasic: c64_programs/fn_argument).
  bool parse_c64_call_argument(Expr& e) {
    if (!expect("(")) return false;
    if (operand_missing()) return fail(ErrorCode::kMissingOperand);
    ExprPtr a = parse_expr();
    if (!a) return false;
    if (!accept(")")) return fail(), ran_before(std::move(a)), false;
    if (a->type == Type::kString)
      return fail(ErrorCode::kTypeMismatch), ran_before(std::move(a)), false;
    e.args.push_back(std::move(a));
    return true;
  }

  // ---- statements -------------------------------------------------------------------

  bool line_number(int& out) {
    const Token& t = peek();
    // The C64's LINGET ($A96B) reads digits only, none being line 0: GOTO alone, GOTO X and
    // ON 1 GOTO jump to line 0 (cbmbasic: c64_programs/goto_zero, goto_x); what follows
    // is never read, as after any jump.
    if (program_.dialect == Dialect::kC64 && t.kind != TokenKind::kNumber) {
      out = 0;
      return true;
    }
    // Its digits end at a point or an E: GOTO 2.5 is GOTO 2, the rest left unread (junk).
    if (program_.dialect == Dialect::kC64 &&
        t.text.find_first_not_of("0123456789") != std::string::npos) {
      Token& number = tokens_[pos_];
      const std::size_t digits =
          std::min(number.text.find_first_not_of("0123456789"), std::size_t{6});
      out = digits == 0 ? 0 : std::stoi(number.text.substr(0, digits));
      number.kind = TokenKind::kOther;
      number.text.erase(0, digits);
      return true;
    }
    if (t.kind != TokenKind::kNumber || t.text.find_first_not_of("0123456789") != std::string::npos)
      return fail();
    // A number past 65529 is no line of any program: "Undefined line number" when the
    // jump runs (PC-BASIC: GOTO 99999), not a syntax error.
    std::size_t first = t.text.find_first_not_of('0');
    std::string_view digits =
        first == std::string::npos ? std::string_view("0") : std::string_view(t.text).substr(first);
    out = digits.size() > 6
              ? kNoSuchLine
              : std::min(static_cast<int>(std::strtol(std::string(digits).c_str(), nullptr, 10)),
                         kNoSuchLine);
    ++pos_;
    return true;
  }

  bool emit_jump(StmtKind kind) {
    Stmt s;
    s.kind = kind;
    int n = 0;
    if (!line_number(n)) {
      Stmt err;
      err.kind = StmtKind::kError;
      err.error = ErrorCode::kSyntax;
      stmts_->push_back(std::move(err));
      return false;
    }
    s.lines.push_back(n);
    stmts_->push_back(std::move(s));
    return true;
  }

  // A statement: a name starts a LET (on the pc, unless it is one of the prompt's
  // commands the scanner reads as a name: LOAD, SAVE, MERGE, DELETE, ..., reserved words
  // in GW-BASIC, so DELETE=5 is a Syntax error); a keyword is found in kStatementRules.
  bool parse_statement(Stmt& s) {
    const Token& t = peek();
    if (t.kind == TokenKind::kName && program_.dialect == Dialect::kPc && is_command_name(t.text)) {
      std::string name = next().text;
      return parse_prompt_command(s, name, name == "MERGE" || name == "LOAD" || name == "SAVE");
    }
    if (t.kind == TokenKind::kName) return parse_let(s);
    if (t.kind != TokenKind::kKeyword) return fail();
    Keyword k = next().keyword;
    if (const StatementRule* rule = statement_rule(k)) {
      s.kind = rule->kind;
      return (this->*rule->parse)(s);
    }
    // A GW-BASIC statement outside the subset (or a function used as a statement).
    return fail(is_function(k) ? ErrorCode::kSyntax : ErrorCode::kAdvancedFeature);
  }

  using ParseFn = bool (Parser::*)(Stmt&);
  struct StatementRule {
    Keyword keyword;
    StmtKind kind;  // what the statement becomes (a parse function may choose another)
    ParseFn parse;
  };
  static const StatementRule kStatementRules[];
  static const StatementRule* statement_rule(Keyword k);

  bool parse_nothing_more(Stmt&) { return true; }  // RETURN, END, STOP, TRON, TROFF
  bool parse_beep(Stmt& s) {                       // COLOR's kind, no arguments, marked
    s.mode = 'B';
    return true;
  }

  // The prompt's commands the scanner reads as names (pc).
  static bool is_command_name(std::string_view name) {
    constexpr std::string_view kNames[] = {"MERGE", "DELETE", "RENUM", "EDIT",
                                           "AUTO",  "LLIST",  "LOAD",  "SAVE"};
    return std::find(std::begin(kNames), std::end(kNames), name) != std::end(kNames);
  }
  // A command of the prompt's in a line (pc; PromptCommand). CHAIN [MERGE], RUN, LOAD,
  // SAVE and MERGE read a file name's expression first (RUN: unless a line number or
  // nothing follows); the rest of the statement is kept as written, for the prompt.
  bool parse_prompt_command(Stmt& s, std::string name, bool takes_file) {
    if (program_.dialect == Dialect::kC64) return fail(ErrorCode::kAdvancedFeature);
    s.kind = StmtKind::kPromptCommand;
    if (name == "CHAIN" && peek().is_name("MERGE")) name += " " + next().text;
    s.data = std::move(name);
    // MERGE alone is a Missing operand (PC-BASIC)
    if (s.data == "MERGE" && at_statement_end()) return fail(ErrorCode::kMissingOperand);
    const bool run_line = s.data == "RUN" && peek().kind == TokenKind::kNumber;
    if (takes_file && !at_statement_end() && !run_line && !peek().is(",") && !parse_string_expr(s))
      return false;
    if (s.data.rfind("CHAIN", 0) == 0 && !parse_chain_line(s)) return false;
    while (!at_statement_end()) s.text += written(next(), s.text);
    return true;
  }
  // CHAIN's line: an expression after the name's comma, in exprs[1] (text: the comma).
  bool parse_chain_line(Stmt& s) {
    if (s.exprs.empty())
      return fail(peek().is(",") ? ErrorCode::kSyntax : ErrorCode::kMissingOperand);
    if (accept(",")) {
      s.text = ",";
      if (!at_statement_end() && !peek().is(",")) {
        ExprPtr line = parse_expr();
        if (!line) return false;
        if (line->type == Type::kString) return fail(ErrorCode::kTypeMismatch);
        s.exprs.push_back(std::move(line));
      }
    }
    return chain_options_follow() || fail();
  }
  // What may follow CHAIN's line: [,] or ,ALL[,] or [,ALL],DELETE range (the prompt reads
  // them). Anything else is a Syntax error found before the file is looked for, which the
  // program traps (PC-BASIC: CHAIN "F",10,1 and CHAIN "F",10,ALL X).
  bool chain_options_follow() const {
    std::size_t k = 0;
    if (!peek(k).is(",")) return statement_end_at(k);
    ++k;
    if (peek(k).is_name("ALL")) {
      ++k;
      if (!peek(k).is(",")) return statement_end_at(k);
      ++k;
    }
    return statement_end_at(k) || peek(k).is_name("DELETE");
  }
  // A token as written, after `before` (a blank between two words or numbers).
  static std::string written(const Token& t, const std::string& before) {
    std::string word = t.kind == TokenKind::kString    ? "\"" + t.text + "\""
                       : t.kind == TokenKind::kKeyword ? std::string(keyword_name(t.keyword))
                                                       : t.text;
    auto wordy = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
    if (!before.empty() && !word.empty() && wordy(before.back()) && wordy(word.front()))
      word.insert(0, " ");
    return word;
  }
  bool parse_chain(Stmt& s) { return parse_prompt_command(s, "CHAIN", true); }
  bool parse_load(Stmt& s) { return parse_prompt_command(s, "LOAD", true); }
  bool parse_save(Stmt& s) { return parse_prompt_command(s, "SAVE", true); }
  // LIST and NEW in a program: the prompt's command on the pc, the ROM's own on the c64.
  bool parse_list(Stmt& s) {
    if (program_.dialect != Dialect::kC64) return parse_pc_list(s);
    s.kind = StmtKind::kC64List;
    return parse_c64_list(s);
  }
  // LIST [range][,file] (pc): the range kept as written, for the prompt; the file an
  // expression (exprs[0], handed over after the range), worked out as SAVE's is, and
  // anything after it passed over (PC-BASIC: `LIST 10,"F" X` lists). A comma with nothing
  // after it is the prompt's Missing operand.
  bool parse_pc_list(Stmt& s) {
    s.kind = StmtKind::kPromptCommand;
    s.data = "LIST";
    while (!at_statement_end() && !peek().is(",")) s.text += written(next(), s.text);
    if (!accept(",")) return true;
    s.text += ",";
    if (at_statement_end()) return true;
    if (!parse_string_expr(s)) return false;
    while (!at_statement_end()) next();
    return true;
  }
  bool parse_new(Stmt& s) {
    if (program_.dialect != Dialect::kC64) return parse_prompt_command(s, "NEW", false);
    s.kind = StmtKind::kC64New;
    return parse_c64_new(s);
  }
  // COMMON names (pc): each a variable, or an array as A(); PC-BASIC reads no further
  // when it runs, so anything else after them is skipped too.
  bool parse_common(Stmt& s) {
    if (program_.dialect == Dialect::kC64) return fail(ErrorCode::kAdvancedFeature);
    while (peek().kind == TokenKind::kName) {
      Target target;
      std::string name;
      if (!parse_name(name, target.type)) return false;
      if (peek().is("(") && peek(1).is(")")) {
        pos_ += 2;
        target.array = true;
        target.slot = array_slot(name, target.type);
      } else {
        target.slot = scalar_slot(name, target.type);
      }
      s.targets.push_back(std::move(target));
      if (!accept(",")) break;
    }
    while (!at_statement_end()) next();
    return true;
  }
  // RUN [n] (c64); the pc's RUN is the prompt's command.
  bool parse_c64_run(Stmt& s) {
    if (program_.dialect != Dialect::kC64) return parse_prompt_command(s, "RUN", true);
    if (at_statement_end()) return true;
    int n = 0;
    if (!line_number(n)) return false;
    s.lines.push_back(n);
    return true;
  }
  bool parse_misplaced(Stmt&) { return fail(); }   // THEN, TO, AND, ... starting a statement
  // CONT as a program's statement: GW-BASIC's `Can't continue`; the C64's goes back to
  // where its run last was (c64_commands.cpp).
  bool parse_cont(Stmt& s) {
    if (program_.dialect != Dialect::kC64) return fail(ErrorCode::kCantContinue);
    s.kind = StmtKind::kC64Cont;
    return true;
  }
  // LIST [from][-[to]] (c64, $A69C): digits only (LINGET), none being 0; lines = from, to
  // (to 0 is the last line: `LIST 0` and `LIST 10-` list on to the end).
  bool parse_c64_list(Stmt& s) {
    int from = 0, to = 0;
    if (peek().kind == TokenKind::kNumber && !line_number(from)) return false;
    to = from;
    if (accept("-")) {
      to = 0;
      const bool digits = peek().kind == TokenKind::kNumber &&
                          std::isdigit(static_cast<unsigned char>(peek().text[0])) != 0;
      if (peek().kind == TokenKind::kNumber && !line_number(to)) return false;
      // With no digits after the '-' the ROM never looks at what follows ($A6B0 returns
      // on LINGET's flags): `LIST -X` lists all (cbmbasic: c64_programs/list_dash_junk).
      if (!digits)
        while (!at_statement_end()) next();
    }
    // LINGET refuses a number past 63999 as it reads it (cbmbasic: `LIST 64000`, `LIST
    // 10-64000` ?SYNTAX; data/prompt/c64/list_range).
    const int max = machine::describe(program_.dialect).max_line_number;
    if (from > max || to > max) return fail();
    s.lines = {from, to == 0 ? kNoSuchLine : to};
    return at_statement_end() || fail();
  }
  // NEW (c64, $A642): nothing may follow.
  bool parse_c64_new(Stmt&) { return true; }
  // SYS address (c64, $E12A): one number.
  bool parse_c64_sys(Stmt& s) {
    if (program_.dialect != Dialect::kC64) return fail(ErrorCode::kAdvancedFeature);
    return parse_c64_numbers(s, 1, 1);
  }
  // WAIT address, mask[, xor] (c64, $B82D).
  bool parse_c64_wait(Stmt& s) {
    s.kind = StmtKind::kC64Wait;
    return parse_c64_numbers(s, 2, 3) || failed_after_address(s);
  }
  // Numbers separated by commas, min..max of them, into exprs (a string: ?TYPE MISMATCH).
  bool parse_c64_numbers(Stmt& s, std::size_t min, std::size_t max) {
    do {
      ExprPtr e = parse_expr();
      if (!e) return false;
      if (e->type == Type::kString) return fail(ErrorCode::kTypeMismatch);
      s.exprs.push_back(std::move(e));
    } while (s.exprs.size() < max && accept(","));
    return s.exprs.size() >= min || fail();
  }

  // GW-BASIC's `RETURN n` returns to line n instead of the GOSUB; the C64 reads no more.
  bool parse_return(Stmt& s) {
    if (program_.dialect == Dialect::kC64 || peek().kind != TokenKind::kNumber) return true;
    return parse_jump(s);
  }

  bool parse_jump(Stmt& s) {  // GOTO n, GOSUB n
    int n;
    if (!line_number(n)) return false;
    s.lines.push_back(n);
    return true;
  }

  bool parse_next(Stmt& s) {
    if (at_statement_end()) return true;
    do {
      Target target;
      if (!parse_target(target)) return false;
      // The C64's NEXT A$ looks for A$'s loop: ?NEXT WITHOUT FOR (c64_programs/next_string),
      // and so does NEXT C(1), once it has found the element (its subscripts checked), also
      // after the loops before it in the list (NEXT I,C(1): c64_programs/next_list_array).
      if (program_.dialect == Dialect::kC64 && target.array) {
        fail(ErrorCode::kNextWithoutFor);
        return ran_before(element_of(target)), false;
      }
      const bool string_ok = program_.dialect == Dialect::kC64 && !target.array;
      if (target.array || (target.type == Type::kString && !string_ok)) return fail();
      s.targets.push_back(std::move(target));
    } while (accept(","));
    return true;
  }

  bool parse_dim(Stmt& s) {
    do {
      std::string name;
      Type type;
      if (!parse_name(name, type)) return false;
      Target target;
      target.type = type;
      // The C64's DIM of a plain variable makes that variable (cbmbasic: c64_programs/dim_scalar).
      if (program_.dialect == Dialect::kC64 && !peek().is("(")) {
        target.slot = scalar_slot(name, type);
        s.targets.push_back(std::move(target));
        continue;
      }
      target.array = true;
      target.slot = array_slot(name, type);
      if (!parse_subscripts(target.subscripts)) return false;
      s.targets.push_back(std::move(target));
    } while (accept(","));
    return true;
  }

  // CLS [n][,] (pc): n is checked as it runs (0..2); anything else after n is an Illegal
  // function call, and after the comma a Syntax error (PC-BASIC 2.0.5: `CLS X` runs).
  bool parse_cls(Stmt& s) {
    if (!at_statement_end() && !peek().is(",")) {
      ExprPtr e = parse_expr();
      if (!e) return false;
      if (e->type == Type::kString) return fail(ErrorCode::kTypeMismatch);
      s.exprs.push_back(std::move(e));
    }
    if (!accept(",") && !at_statement_end()) return fail(ErrorCode::kIllegalFunctionCall);
    return true;
  }
  bool parse_randomize(Stmt& s) {
    if (at_statement_end()) return true;  // asks for the seed when it runs
    ExprPtr e = parse_expr();
    if (!e) return false;
    // (PC-BASIC: RANDOMIZE "A" is an Illegal function call, on the pc)
    if (e->type == Type::kString)
      return fail(program_.dialect == Dialect::kC64 ? ErrorCode::kTypeMismatch
                                                    : ErrorCode::kIllegalFunctionCall);
    s.exprs.push_back(std::move(e));
    return true;
  }

  bool parse_rem(Stmt&) {
    while (peek().kind != TokenKind::kEnd) ++pos_;
    return true;
  }

  bool parse_data(Stmt& s) {
    if (peek().kind == TokenKind::kRest) s.data = next().text;
    return true;
  }

  bool parse_read(Stmt& s) { return parse_targets(s); }

  bool parse_restore(Stmt& s) {
    // The C64's RESTORE takes no line: RESTORE 5 is ?SYNTAX (its junk).
    if (program_.dialect != Dialect::kC64 && peek().kind == TokenKind::kNumber) {
      int n;
      if (!line_number(n)) return false;
      s.lines.push_back(n);
    } else if (program_.dialect != Dialect::kC64 && !at_statement_end()) {
      // No digits where the line goes read as line 0, the rest junk (PC-BASIC: RESTORE X
      // and RESTORE , are Undefined line number)
      s.lines.push_back(0);
    }
    return true;
  }

  // A numeric expression into s.exprs: Missing operand where there is none, Type mismatch
  // for a string.
  bool parse_number_expr(Stmt& s) {
    if (operand_missing()) return fail(ErrorCode::kMissingOperand);
    ExprPtr e = parse_expr();
    if (!e) return false;
    if (e->type == Type::kString) return fail(ErrorCode::kTypeMismatch);
    s.exprs.push_back(std::move(e));
    return true;
  }

  // POKE address, value
  bool parse_poke(Stmt& s) {
    if (!parse_number_expr(s)) return false;
    return (expect(",") && parse_number_expr(s)) || failed_after_address(s);
  }

  // DEF SEG [= segment] (pc)
  bool parse_def_seg(Stmt& s) {
    ++pos_;
    s.kind = StmtKind::kDefSeg;
    return at_statement_end() || (expect("=") && parse_number_expr(s));
  }

  // DEF USR[digit] = address (pc): DEF SEG's kind, mode 'U' (PC-BASIC checks the address
  // and keeps it nowhere; USR itself is an Advanced feature here). `DEF USR10=0` is a
  // Syntax error (one digit, then the '=').
  bool parse_def_usr(Stmt& s) {
    s.kind = StmtKind::kDefSeg;
    s.mode = 'U';
    const Token& t = peek();
    if (t.kind == TokenKind::kNumber && t.text.size() == 1 &&
        std::isdigit(static_cast<unsigned char>(t.text[0])))
      ++pos_;
    return expect("=") && parse_number_expr(s);
  }

  // DEF FNA(X,Y)=expression
  bool parse_def(Stmt& s) {
    if (program_.dialect == Dialect::kPc && peek().kind == TokenKind::kName && peek().text == "SEG")
      return parse_def_seg(s);
    if (program_.dialect == Dialect::kPc && accept(Keyword::kUsr)) return parse_def_usr(s);
    if (!accept(Keyword::kFn)) return fail(ErrorCode::kAdvancedFeature);
    std::string name;
    Type type;
    if (!parse_name(name, type) || c64_refuses_fn_name(type)) return false;
    s.slot = function_slot(name, type);
    // The C64's function has its one parameter, in parentheses (`DEF FNA=1`, `DEF
    // FNA(X,Y)=1` ?SYNTAX); GW-BASIC's none or several.
    const bool c64 = program_.dialect == Dialect::kC64;
    if (c64 ? expect("(") : accept("(")) {
      do {
        Target param;
        if (!parse_target(param)) return false;
        if (param.array) return fail();
        if (c64_refuses_fn_name(param.type)) return false;
        s.targets.push_back(std::move(param));
      } while (!c64 && accept(","));
      if (!expect(")")) return false;
    } else if (c64) {
      return false;
    }
    if (!expect("=")) return false;
    // The machines read the body only when the function is called: a body that does not
    // parse is that call's error (s.error, no expression), and DEF goes on at its end.
    if (!parse_run_time_expr(s, type == Type::kString)) return false;
    // Something after a whole body: PC-BASIC reads the body to its end and never looks
    // further (`DEF FNA(X)=X*3 X` is 3*X); the C64 checks for the statement's end after
    // the call has worked the body out (?SYNTAX ERROR in the calling line).
    if (!at_statement_end() && program_.dialect == Dialect::kC64) s.error = ErrorCode::kSyntax;
    while (!at_statement_end()) next();
    return true;
  }

  // A statement whose error the machine finds only when it runs (error_, and where it was
  // found for the line shown for editing): kept in s, the statement read to its end.
  void keep_error_for_run_time(Stmt& s) {
    s.error = error_;
    s.error_at = error_at_;
    error_ = ErrorCode::kNone;
    s.run_first = std::move(run_first_);  // a DEF FN body's call runs them first
    run_first_.clear();
    while (!at_statement_end()) next();
  }

  // An expression the machine reads only when the statement runs (a DEF FN body, a WHILE
  // condition), a string or a number as `string` says: into s.exprs, or, when it does not
  // parse, kept as s.error (no expression) with the statement read to its end.
  bool parse_run_time_expr(Stmt& s, bool string) {
    ExprPtr e = operand_missing() ? (fail(ErrorCode::kMissingOperand), nullptr) : parse_expr();
    if (e && (e->type == Type::kString) != string) e = (fail(ErrorCode::kTypeMismatch), nullptr);
    if (!e) {
      keep_error_for_run_time(s);
      return true;
    }
    s.exprs.push_back(std::move(e));
    return true;
  }

  bool parse_swap(Stmt& s) {
    Target a, b;
    if (!parse_target(a) || !expect(",") || !parse_target(b)) return false;
    if ((a.type == Type::kString) != (b.type == Type::kString))
      return fail(ErrorCode::kTypeMismatch);
    s.targets.push_back(std::move(a));
    s.targets.push_back(std::move(b));
    return true;
  }

  bool parse_let(Stmt& s) {
    if (auto clock = c64_clock_name()) return parse_set_clock(s, *clock);
    s.kind = StmtKind::kLet;
    Target target;
    if (!parse_target(target)) return false;
    if (!expect("=")) return false;
    if (operand_missing()) return fail(ErrorCode::kMissingOperand);
    ExprPtr value = parse_expr();
    if (value && (value->type == Type::kString) != (target.type == Type::kString))
      value = mismatch(std::move(value), target.type);
    if (!value) {
      // The C64 finds the target's element first (exec_let).
      if (target.array) ran_before(element_of(target));
      return false;
    }
    s.targets.push_back(std::move(target));
    s.exprs.push_back(std::move(value));
    return true;
  }

  bool parse_print(Stmt& s) {
    s.kind = StmtKind::kPrint;
    s.newline = true;
    if (!parse_file_prefix(s)) return false;
    while (!at_statement_end()) {
      PrintItem item;
      if (accept(Keyword::kUsing)) {
        if (!parse_using(s)) return false;
        break;
      }
      if (accept(",")) {
        item.kind = PrintItem::kComma;
      } else if (accept(";")) {
        item.kind = PrintItem::kSemicolon;
      } else if (peek().is(Keyword::kTab) || peek().is(Keyword::kSpc)) {
        item.kind = next().is(Keyword::kTab) ? PrintItem::kTab : PrintItem::kSpc;
        if (operand_missing()) return fail(ErrorCode::kMissingOperand);
        item.value = parse_expr();
        if (!item.value) return false;
        // The C64 reads TAB's and SPC's byte before its ')' (GETBYT: TAB(-3, is ?ILLEGAL
        // QUANTITY; c64_programs/junk_tab); PC-BASIC evaluates the number before it, and
        // checks its type after it (TAB(37^1E10 X is Overflow, TAB("A" X a Syntax error).
        if (program_.dialect == Dialect::kC64 && item.value->type == Type::kString)
          return fail(ErrorCode::kTypeMismatch);
        if (!expect(")")) {
          const bool c64 = program_.dialect == Dialect::kC64;
          return ran_before_any(c64 ? byte_of(std::move(item.value)) : std::move(item.value)),
                 false;
        }
        if (item.value->type == Type::kString) return fail(ErrorCode::kTypeMismatch);
      } else {
        item.kind = PrintItem::kValue;
        item.value = parse_expr();
        if (!item.value) return false;
      }
      s.items.push_back(std::move(item));
    }
    if (!s.items.empty()) {
      auto last = s.items.back().kind;
      s.newline = !(last == PrintItem::kComma || last == PrintItem::kSemicolon ||
                    last == PrintItem::kTab || last == PrintItem::kSpc);
    }
    return true;
  }

  // USING format; value [; value ...] [;]: the rest of a PRINT (`,` separates as `;` does).
  // Fails with the PRINT's items before USING kept (they print before the error), and the
  // USING with the values read before a bad one.
  bool parse_using(Stmt& s) {
    const std::size_t before = s.items.size();
    auto failed = [&](ErrorCode code) {
      s.items.resize(before);
      return fail(code);
    };
    if (operand_missing()) return failed(ErrorCode::kMissingOperand);
    PrintItem format;
    format.kind = PrintItem::kUsing;
    format.value = parse_expr();
    if (!format.value) return failed(error_);
    if (format.value->type != Type::kString) return failed(ErrorCode::kTypeMismatch);
    if (!accept(";")) return failed(ErrorCode::kSyntax);
    s.items.push_back(std::move(format));
    if (at_statement_end()) return failed(ErrorCode::kMissingOperand);  // no value at all
    while (!at_statement_end()) {
      PrintItem value;
      value.value = parse_expr();
      // The values read before a bad one print, each with the format's text up to its next
      // field (PC-BASIC: `PRINT USING "#X#Y";1;2;3+` shows 1X2Y; programs/operand_first2).
      if (!value.value && s.items.size() > before + 1) return fail(error_);
      if (!value.value) return failed(error_);
      s.items.push_back(std::move(value));
      if (!accept(";") && !accept(",")) break;
      PrintItem separator;
      separator.kind = PrintItem::kSemicolon;
      s.items.push_back(std::move(separator));
    }
    return true;
  }

  // `#n,` after PRINT, WRITE, INPUT, LINE INPUT (pc): the file they use, into s.file.
  // True when there is none too.
  bool parse_file_prefix(Stmt& s) {
    if (program_.dialect == Dialect::kC64 || !accept("#")) return true;
    s.file = parse_number_expr();
    return s.file && expect(",");
  }
  ExprPtr parse_number_expr() {
    if (operand_missing()) return fail(ErrorCode::kMissingOperand), nullptr;
    ExprPtr e = parse_expr();
    if (e && e->type == Type::kString) return fail(ErrorCode::kTypeMismatch), nullptr;
    return e;
  }

  // OPEN mode, [#]n, name [, len]  or  OPEN name [FOR INPUT|OUTPUT|APPEND|RANDOM] AS [#]n
  // [LEN = len] (pc). The words OUTPUT, APPEND, RANDOM and AS are names to the scanner.
  bool parse_open(Stmt& s) {
    if (program_.dialect == Dialect::kC64) return parse_c64_open(s, StmtKind::kC64Open);
    if (operand_missing()) return fail(ErrorCode::kMissingOperand);
    ExprPtr first = parse_expr();
    if (!first) return false;
    if (first->type != Type::kString) return fail(ErrorCode::kTypeMismatch);
    ExprPtr mode, number, name, length;
    if (accept(",")) {
      mode = std::move(first);
      accept("#");
      if (!(number = parse_number_expr()) || !expect(",")) return false;
      if (!(name = parse_expr())) return false;
      if (name->type != Type::kString) return fail(ErrorCode::kTypeMismatch);
      if (accept(",") && !(length = parse_number_expr())) return false;
    } else {
      name = std::move(first);
      s.mode = 'R';
      if (accept(Keyword::kFor)) {
        if (accept(Keyword::kInput)) {
          s.mode = 'I';
        } else {
          static constexpr std::pair<std::string_view, char> kModes[] = {
              {"OUTPUT", 'O'}, {"APPEND", 'A'}, {"RANDOM", 'R'}};
          const auto* m = std::find_if(std::begin(kModes), std::end(kModes),
                                       [&](const auto& w) { return peek().is_name(w.first); });
          if (m == std::end(kModes)) return fail();
          s.mode = m->second;
          next();
        }
      }
      if (!peek().is_name("AS")) return fail();
      next();
      accept("#");
      if (!(number = parse_number_expr())) return false;
      if (accept(Keyword::kLen)) {
        if (!expect("=") || !(length = parse_number_expr())) return false;
      }
    }
    s.exprs.push_back(std::move(mode));
    s.exprs.push_back(std::move(number));
    s.exprs.push_back(std::move(name));
    s.exprs.push_back(std::move(length));
    return true;
  }

  // CLOSE [[#]n {, [#]n}] (pc).
  bool parse_close(Stmt& s) {
    if (program_.dialect == Dialect::kC64) return parse_c64_open(s, StmtKind::kC64Close);
    if (at_statement_end()) return true;
    do {
      if (!push_file_number(s)) return false;
    } while (accept(","));
    return true;
  }

  // KILL name, SHELL [command], FILES [mask] (pc): a string, or none for SHELL and FILES.
  bool parse_kill(Stmt& s) { return parse_string_operand(s); }
  // A comma there is junk, met after the statement runs (PC-BASIC: SHELL , is an Illegal
  // function call, FILES , lists all, then the Syntax error).
  bool parse_shell(Stmt& s) {
    return at_statement_end() || peek().is(",") || parse_string_operand(s);
  }
  bool parse_string_operand(Stmt& s) {
    if (program_.dialect == Dialect::kC64) return fail(ErrorCode::kAdvancedFeature);
    return parse_string_expr(s);
  }

  // MKDIR, RMDIR, CHDIR name (pc).
  bool parse_mkdir(Stmt& s) { return s.mode = 'M', parse_string_operand(s); }
  bool parse_rmdir(Stmt& s) { return s.mode = 'R', parse_string_operand(s); }
  bool parse_chdir(Stmt& s) { return s.mode = 'C', parse_string_operand(s); }

  // NAME old AS new (pc): AS is a name to the scanner, as in OPEN. PC-BASIC looks for the
  // old file before it reads on, so an error after the old name is kept for exec_name
  // (NAME "NONE", AS "B" is File not found).
  bool parse_name(Stmt& s) {
    if (!parse_string_operand(s)) return false;
    if (peek().is_name("AS") && (next(), parse_string_operand(s))) return true;
    fail();
    keep_error_for_run_time(s);
    return true;
  }

  // A number expression into s.exprs; push_file_number reads a file's number, `#` optional.
  bool push_number(Stmt& s) {
    ExprPtr e = parse_number_expr();
    if (!e) return false;
    s.exprs.push_back(std::move(e));
    return true;
  }
  bool push_file_number(Stmt& s) {
    accept("#");
    return push_number(s);
  }

  // LOCK, UNLOCK [#]n [, [a] [TO b]]; IOCTL [#]n, s (pc).
  // PC-BASIC reads on after n only once n is checked (junk there is kept for the statement:
  // LOCK #1 X is a Syntax error after Bad file number's check) and never looks past the
  // records (junk_after). `LOCK #1,TO 5` is a Syntax error, `LOCK #1,` Missing operand.
  bool parse_lock(Stmt& s) {
    if (program_.dialect == Dialect::kC64) return fail(ErrorCode::kAdvancedFeature);
    if (s.mode == 0) s.mode = 'L';
    if (!push_file_number(s)) return false;
    if (!accept(",")) {
      if (at_statement_end()) return true;
      fail();
      keep_error_for_run_time(s);
      return true;
    }
    if (operand_missing()) return fail(ErrorCode::kMissingOperand);
    if (!push_number(s)) return false;
    if (accept(Keyword::kTo)) return push_number(s);
    s.exprs.push_back(nullptr);
    return true;
  }
  bool parse_unlock(Stmt& s) {
    s.mode = 'U';
    return parse_lock(s);
  }
  bool parse_ioctl(Stmt& s) {
    if (program_.dialect == Dialect::kC64) return fail(ErrorCode::kAdvancedFeature);
    s.mode = 'I';
    if (!push_file_number(s)) return false;
    return expect(",") && parse_string_operand(s);
  }

  // FIELD [#]n {, width AS variable} (pc): the types are checked as it runs.
  bool parse_field(Stmt& s) {
    if (program_.dialect == Dialect::kC64) return fail(ErrorCode::kAdvancedFeature);
    if (!push_file_number(s)) return false;
    while (accept(",")) {
      ExprPtr width = parse_number_expr();
      if (!width) return false;
      // (PC-BASIC: anything but AS after the width is an Illegal function call, FIELD #1,16,
      // and FIELD #1, AS F$ too: AS there is a variable, the width)
      if (!peek().is_name("AS")) return fail(ErrorCode::kIllegalFunctionCall);
      next();
      Target target;
      if (!parse_target(target)) return false;
      s.exprs.push_back(std::move(width));
      s.targets.push_back(std::move(target));
    }
    return true;
  }

  // GET: the pc's record (parse_record), the C64's keyboard or file (parse_c64_get).
  bool parse_get(Stmt& s) {
    if (program_.dialect != Dialect::kC64)
      return peek().is("(") ? parse_graphics(s) : parse_record(s);
    s.kind = StmtKind::kC64Get;
    return parse_c64_get(s);
  }

  // GET, PUT [#]n [, record] (pc; the C64's GET is another statement).
  bool parse_record(Stmt& s) {
    if (program_.dialect == Dialect::kC64) return fail(ErrorCode::kAdvancedFeature);
    if (peek().is("(")) return parse_graphics(s);
    if (!push_file_number(s)) return false;
    ExprPtr record;
    if (accept(",") && !(record = parse_number_expr())) return false;
    s.exprs.push_back(std::move(record));
    return true;
  }

  // LSET, RSET A$ = B$ (pc).
  bool parse_lset(Stmt& s) { return parse_justify(s, 'L'); }
  bool parse_rset(Stmt& s) { return parse_justify(s, 'R'); }
  bool parse_justify(Stmt& s, char side) {
    if (program_.dialect == Dialect::kC64) return fail(ErrorCode::kAdvancedFeature);
    s.mode = side;
    Target target;
    if (!parse_target(target)) return false;
    if (target.type != Type::kString) return fail(ErrorCode::kTypeMismatch);
    if (!expect("=")) return false;
    if (operand_missing()) return fail(ErrorCode::kMissingOperand);
    ExprPtr value = parse_expr();
    if (!value) return false;
    if (value->type != Type::kString) return fail(ErrorCode::kTypeMismatch);
    s.targets.push_back(std::move(target));
    s.exprs.push_back(std::move(value));
    return true;
  }

  // The C64's OPEN and CLOSE ($E219): lf [, device [, sa [, name]]], each comma followed
  // by its value; the numbers' range is checked as the statement runs.
  bool parse_c64_open(Stmt& s, StmtKind kind) {
    s.kind = kind;
    do {
      if (at_statement_end()) return fail();
      ExprPtr e = parse_expr();
      if (!e) return false;
      if ((e->type == Type::kString) != (s.exprs.size() == 3)) return fail(ErrorCode::kTypeMismatch);
      s.exprs.push_back(std::move(e));
    } while (s.exprs.size() < 4 && accept(","));
    return true;
  }

  // PRINT# lf [, items] and CMD lf [, items]: the file, then a PRINT's items.
  // The ROM reads the file's number (a byte), the ',' and opens the file (CHKOUT) before
  // it reads the items: what goes wrong after the ',' stops a PRINT# of the items before
  // it (parse_one_statement; `PRINT#5,)` is ?FILE NOT OPEN: c64_programs/print_file_first).
  bool parse_c64_print_file(Stmt& s) {
    StmtKind kind = s.kind;
    if (!(s.file = parse_number_expr())) return false;
    if (!at_statement_end() && !accept(","))
      return fail(), ran_before(byte_of(std::move(s.file))), false;
    Stmt items;
    const bool ok = parse_print(items);
    s.items = std::move(items.items);
    s.newline = items.newline;
    s.kind = kind;
    return ok;
  }

  // INPUT# lf, var [, var ...]; GET [#lf,] var [, var ...].
  bool parse_c64_input_file(Stmt& s) {
    if (!(s.file = parse_number_expr()) || !expect(",")) return false;
    return parse_targets(s);
  }
  bool parse_c64_get(Stmt& s) {
    if (program_.dialect != Dialect::kC64) return fail(ErrorCode::kAdvancedFeature);
    // '#' is no symbol of the C64's scanner (a character the ROM does not crunch).
    if (peek().text == "#") {
      next();
      if (!(s.file = parse_number_expr()) || !expect(",")) return false;
    }
    return parse_targets(s);
  }
  bool parse_targets(Stmt& s) {
    do {
      Target target;
      if (!parse_target(target)) return false;
      s.targets.push_back(std::move(target));
    } while (accept(","));
    return true;
  }

  // WRITE [value {, value}]: `;` separates as `,` does.
  bool parse_write(Stmt& s) {
    if (!parse_file_prefix(s)) return false;
    while (!at_statement_end()) {
      ExprPtr e = parse_expr();
      if (!e) return false;
      s.exprs.push_back(std::move(e));
      if (!accept(",") && !accept(";")) break;
      if (operand_missing()) return fail(ErrorCode::kMissingOperand);
    }
    return true;
  }

  // LINE INPUT [;] ["prompt" (; or ,)] A$. LINE alone is the graphics statement.
  bool parse_line_input(Stmt& s) {
    if (!accept(Keyword::kInput))
      return program_.dialect == Dialect::kC64 ? fail(ErrorCode::kAdvancedFeature)
                                               : parse_graphics(s);
    if (!parse_file_prefix(s)) return false;
    if (!s.file && accept(";")) s.newline = false;  // keeps the cursor on the line (as INPUT;)
    if (!s.file && peek().kind == TokenKind::kString) {
      s.prompt = next().text;
      if (!accept(";") && !accept(",")) return fail();
    }
    Target target;
    if (!parse_target(target)) return false;
    if (target.type != Type::kString) return fail(ErrorCode::kTypeMismatch);
    s.targets.push_back(std::move(target));
    return true;
  }

  // MID$(A$, n[, m]) = B$
  bool parse_mid_assign(Stmt& s) {
    Target target;
    if (!expect("(") || !parse_target(target)) return false;
    s.targets.push_back(std::move(target));  // (a number: Type mismatch when run, mid_place)
    do {
      if (!expect(",") || !parse_number_expr(s)) return false;
    } while (s.exprs.size() < 2 && peek().is(","));
    // Until its value is read, a failure leaves the checks of its numbers to run first.
    s.kind = StmtKind::kMidCheck;
    if (!expect(")") || !expect("=")) return false;
    if (operand_missing()) return fail(ErrorCode::kMissingOperand);
    ExprPtr value = parse_expr();
    if (!value) return false;
    // The value is evaluated before its type is checked (PC-BASIC: =1/0 is Division by zero).
    if (value->type != Type::kString) value = mismatch(std::move(value), Type::kString);
    if (!value) return false;
    s.exprs.push_back(std::move(value));
    s.kind = StmtKind::kMidAssign;
    return true;
  }

  // WIDTH n [, [rows]] (the screen's), WIDTH #f, n (an open file's: s.file), WIDTH
  // "device", n (exprs the name, then n).
  bool parse_width(Stmt& s) {
    if (accept("#")) {
      s.file = parse_number_expr();
      return s.file && expect(",") && parse_number_expr(s);
    }
    if (operand_missing()) return fail(ErrorCode::kMissingOperand);
    ExprPtr first = parse_expr();
    if (!first) return false;
    const bool device = first->type == Type::kString;
    s.exprs.push_back(std::move(first));
    if (device) return expect(",") && parse_number_expr(s);
    // PC-BASIC: anything but a comma after the width is an Illegal function call
    if (!at_statement_end() && !peek().is(",")) return fail(ErrorCode::kIllegalFunctionCall);
    return !accept(",") || at_statement_end() || parse_number_expr(s);
  }

  // KEY ON, KEY OFF, KEY LIST (s.slot a KeyLine); KEY(n) ON, KEY n, "text"
  bool parse_key(Stmt& s) {
    if (peek().is("(")) return parse_switch(s, Keyword::kKey);
    if (accept(Keyword::kList)) {
      s.slot = static_cast<int>(KeyLine::kList);
    } else if (accept(Keyword::kOn)) {
      s.slot = static_cast<int>(KeyLine::kOn);
    } else if (peek().is_name("OFF")) {
      next();
      s.slot = static_cast<int>(KeyLine::kOff);
    } else {
      return parse_device(s, Keyword::kKey, DeviceForm::kNumbers);
    }
    return true;
  }

  // COLOR [fore][,[back][,[border]...]]: any number of arguments, strings too (the
  // statement refuses them when it runs); alone an Illegal function call, ending in a
  // comma Missing operand (PC-BASIC's parser).
  bool parse_color(Stmt& s) {
    if (at_statement_end()) return fail(ErrorCode::kIllegalFunctionCall);
    do {
      if (!parse_left_out_or(s, Type::kString)) return false;  // strings too
    } while (accept(","));
    return s.exprs.back() || fail(ErrorCode::kMissingOperand);
  }

  // LOCATE [row][,[col][,[cursor][,[start][,[stop]]]]]: five arguments at most, each may
  // be left out, and a comma may end it (PC-BASIC: `LOCATE ,,,,,` runs, a sixth is a
  // Syntax error, unlike COLOR's Missing operand).
  bool parse_locate(Stmt& s) {
    for (int k = 0; k < 5; ++k) {
      if (!parse_left_out_or(s, Type::kSingle)) return false;
      if (!accept(",")) break;
    }
    return at_statement_end() || fail();
  }
  // An argument that may be left out (a null in exprs), else an expression: a number when
  // `want` is one (a string: Type mismatch), any type when it is kString.
  bool parse_left_out_or(Stmt& s, Type want) {
    if (at_statement_end() || peek().is(",")) {
      s.exprs.push_back(nullptr);
      return true;
    }
    ExprPtr e = parse_expr();
    if (!e) return false;
    if (want != Type::kString && e->type == Type::kString) return fail(ErrorCode::kTypeMismatch);
    s.exprs.push_back(std::move(e));
    return true;
  }

  // A device statement's arguments (devices.hpp): numbers or strings separated by commas,
  // any of them left out.
  bool parse_device(Stmt& s, Keyword k, DeviceForm form) {
    if (program_.dialect == Dialect::kC64) return fail(ErrorCode::kAdvancedFeature);
    s.kind = StmtKind::kDevice;
    s.slot = *device_statement(k, form);
    const DeviceStatement& rule = kDeviceStatements[s.slot];
    if (rule.min_args == 0 && at_statement_end()) return true;  // MOTOR, PALETTE alone
    if (operand_missing()) return fail(ErrorCode::kMissingOperand);
    do {
      if (s.exprs.size() >= rule.max_args) {
        if (rule.keyword != Keyword::kSound) return fail();
        s.mode = ',';  // SOUND's comma after its two arguments (parse_sound)
        return true;
      }
      if (peek().is(",")) {
        // Of two required arguments neither is left out (PC-BASIC: KEY ,"A", SOUND ,1 and
        // WAIT ,1 are Syntax errors; SCREEN's mode, its only required one, may be: SCREEN ,1).
        if (rule.min_args > 1 && s.exprs.size() < rule.min_args) return fail();
        s.exprs.push_back(nullptr);
        continue;
      }
      ExprPtr e = parse_expr();
      if (!e) return false;
      bool text = rule.args[s.exprs.size()].kind == DeviceArg::kText;
      if ((e->type == Type::kString) != text) return fail(ErrorCode::kTypeMismatch);
      s.exprs.push_back(std::move(e));
    } while (accept(","));
    return s.exprs.size() >= rule.min_args || fail();
  }
  // SOUND f,d[,]: PC-BASIC reads the comma of the PCjr's third argument only after a
  // duration above 0 (s.mode ','; the statement then refuses d <= 0), and anything else
  // after d only once f is an integer and d in its range (`SOUND 40000,1 X` is Overflow,
  // `SOUND 36,1 X` a Syntax error): kept as the statement's error (exec_device).
  bool parse_sound(Stmt& s) {
    if (!parse_device(s, Keyword::kSound, DeviceForm::kNumbers)) return false;
    if (at_statement_end()) return true;
    fail();
    keep_error_for_run_time(s);
    return true;
  }
  bool parse_out(Stmt& s) { return parse_device(s, Keyword::kOut, DeviceForm::kNumbers); }
  bool parse_screen(Stmt& s) { return parse_device(s, Keyword::kScreen, DeviceForm::kNumbers); }
  bool parse_wait(Stmt& s) {
    if (program_.dialect == Dialect::kC64) return parse_c64_wait(s);
    return parse_device(s, Keyword::kWait, DeviceForm::kWait);
  }
  bool parse_timer(Stmt& s) { return parse_switch(s, Keyword::kTimer); }
  bool parse_play(Stmt& s) {
    if (peek().is(Keyword::kOn) || peek().is(Keyword::kStop) || peek().is_name("OFF"))
      return parse_switch(s, Keyword::kPlay);
    // PLAY "music": anything after the music, a comma too, is an Illegal function call
    // (PC-BASIC's parser), and so is a comma in its place
    s.kind = StmtKind::kDevice;  // (PLAY is no keyword on the C64)
    s.slot = *device_statement(Keyword::kPlay, DeviceForm::kNumbers);
    if (!peek().is(",") && !parse_string_expr(s)) return false;
    return at_statement_end() || fail(ErrorCode::kIllegalFunctionCall);
  }

  // PALETTE [attribute, colour] | PALETTE USING a%(i): both numbers or none.
  bool parse_palette(Stmt& s) {
    s.kind = StmtKind::kDevice;
    if (!accept(Keyword::kUsing)) {
      s.slot = *device_statement(Keyword::kPalette, DeviceForm::kNumbers);
      if (at_statement_end()) return true;
      return parse_number_expr(s) && ((accept(",") && !operand_missing()) || fail()) &&
             parse_number_expr(s);
    }
    s.slot = *device_statement(Keyword::kPalette, DeviceForm::kUsing);
    Target target;
    if (!parse_target(target)) return false;
    if (!target.array) return fail();
    if (target.type != Type::kInteger) return fail(ErrorCode::kTypeMismatch);
    s.targets.push_back(std::move(target));
    return true;
  }
  // VIEW PRINT [first TO last] (the text rows that scroll); any other VIEW is graphics.
  bool parse_view(Stmt& s) {
    if (!accept(Keyword::kPrint)) return parse_graphics(s);
    s.kind = StmtKind::kDevice;
    s.slot = *device_statement(Keyword::kView, DeviceForm::kRange);
    if (at_statement_end()) return true;
    return parse_number_expr(s) && (accept(Keyword::kTo) || fail()) && parse_number_expr(s);
  }
  bool parse_pcopy(Stmt& s) { return parse_device(s, Keyword::kPcopy, DeviceForm::kNumbers); }
  bool parse_motor(Stmt& s) { return parse_device(s, Keyword::kMotor, DeviceForm::kNumbers); }
  bool parse_pen(Stmt& s) { return parse_switch(s, Keyword::kPen); }
  bool parse_com(Stmt& s) { return parse_switch(s, Keyword::kCom); }
  // BSAVE name, offset, length; BLOAD name [, offset]; ENVIRON "name=value".
  bool parse_bsave(Stmt& s) {
    s.mode = 'S';
    return parse_string_expr(s) && expect(",") && parse_number_expr(s) && expect(",") &&
           parse_number_expr(s);
  }
  bool parse_bload(Stmt& s) {
    s.mode = 'L';
    return parse_string_expr(s) && (!accept(",") || parse_number_expr(s));
  }
  bool parse_environ(Stmt& s) { return parse_string_expr(s); }

  // STRIG(n) ON | OFF | STOP; STRIG ON | OFF (the sticks' buttons read at all) does nothing.
  bool parse_strig(Stmt& s) {
    if (peek().is("(")) return parse_switch(s, Keyword::kStrig);
    if (program_.dialect == Dialect::kC64) return fail(ErrorCode::kAdvancedFeature);
    s.kind = StmtKind::kRem;
    if (accept(Keyword::kOn)) return true;
    if (!peek().is_name("OFF")) return fail();
    next();
    return true;
  }

  // name[(n)] ON | OFF | STOP: an event's switch.
  bool parse_switch(Stmt& s, Keyword k) {
    if (program_.dialect == Dialect::kC64) return fail(ErrorCode::kAdvancedFeature);
    s.kind = StmtKind::kDevice;
    s.slot = *device_statement(k, DeviceForm::kSwitch);
    if (kDeviceStatements[s.slot].max_args > 0 &&
        (!expect("(") || !parse_number_expr(s) || !expect(")")))
      return false;
    s.mode = accept(Keyword::kOn) ? 'N' : accept(Keyword::kStop) ? 'S' : 'F';
    if (s.mode != 'F') return true;
    if (!peek().is_name("OFF")) return fail();
    next();
    return true;
  }

  // ON name[(n)] GOSUB line: an event's trap (events.hpp).
  bool parse_trap(Stmt& s) {
    Keyword k = next().keyword;
    s.kind = StmtKind::kDevice;
    s.slot = *device_statement(k, DeviceForm::kTrap);
    int n = 0;
    const bool numbered = kDeviceStatements[s.slot].args[0].kind != DeviceArg::kLine;  // not PEN
    if (numbered && (!expect("(") || !parse_number_expr(s) || !expect(")"))) return false;
    if (!accept(Keyword::kGosub) || !line_number(n)) return fail();
    s.lines.push_back(n);
    // Junk after the line: PC-BASIC looks the line up first (ON KEY(0) GOSUB 999 X is
    // Undefined line number), then meets the junk, before the number's range is checked.
    if (!at_statement_end()) {
      fail();
      keep_error_for_run_time(s);
    }
    return true;
  }

  // CALL name: a machine-language routine, not run here (PC-BASIC does not either).
  bool parse_call(Stmt& s) {
    if (program_.dialect == Dialect::kC64) return fail(ErrorCode::kAdvancedFeature);
    s.kind = StmtKind::kRem;
    if (peek().kind != TokenKind::kName) return fail();
    next();
    return at_statement_end() || fail();
  }

  // The graphics statements (gw_graphics.hpp), the keyword just read: their arguments in
  // fixed places. One that does not parse keeps its error for when it runs (on the text
  // screen it is an Illegal function call whatever follows) and is read to its end.
  bool parse_graphics(Stmt& s) {
    const Keyword k = tokens_[pos_ - 1].keyword;
    const GraphicsRule* rule = graphics_rule(k);
    assert(rule != nullptr);
    s.kind = StmtKind::kGraphics;
    s.slot = static_cast<int>(rule->statement);
    if (!(this->*rule->parse)(s) || !at_statement_end()) {
      fail();  // (the rule's own error, if it had one, stays)
      keep_error_for_run_time(s);
    }
    return true;
  }
  using GraphicsParse = bool (Parser::*)(Stmt&);
  struct GraphicsRule {
    Keyword keyword;
    GraphicsStatement statement;
    GraphicsParse parse;
  };
  static const GraphicsRule kGraphicsRules[];
  static const GraphicsRule* graphics_rule(Keyword k);

  // (x, y), with STEP before it when `step` (the flag it sets).
  bool parse_pair(Stmt& s) {
    return expect("(") && parse_number_expr(s) && expect(",") && parse_number_expr(s) &&
           expect(")");
  }
  bool parse_step_pair(Stmt& s, uint8_t step) {
    if (accept(Keyword::kStep)) s.graphics |= step;
    return parse_pair(s);
  }
  // An optional argument after a comma: null when the statement has none there.
  bool parse_optional(Stmt& s) {
    if (!accept(",")) {
      s.exprs.push_back(nullptr);
      return true;
    }
    return parse_number_expr(s);
  }
  // PSET, PRESET [STEP] (x, y) [, colour]
  bool parse_pset(Stmt& s) { return parse_step_pair(s, kGraphicsStep) && parse_optional(s); }
  // LINE [[STEP] (x0, y0)] - [STEP] (x1, y1) [, [colour] [, [B | BF] [, style]]]
  bool parse_line_graphics(Stmt& s) {
    if (peek().is("(") || peek().is(Keyword::kStep)) {
      if (!parse_step_pair(s, kGraphicsStep)) return false;
    } else {
      s.exprs.push_back(nullptr);
      s.exprs.push_back(nullptr);
    }
    if (!expect("-") || !parse_step_pair(s, kGraphicsStep2)) return false;
    ExprPtr colour, style;
    if (accept(",")) {
      const bool empty = peek().is(",") || operand_missing();
      if (!empty && !(colour = parse_number_expr())) return false;
      if (accept(",")) {
        const bool box = peek().is_name("B"), fill = peek().is_name("BF");
        if (box || fill) {
          next();
          s.graphics |= fill ? kGraphicsBox | kGraphicsFill : kGraphicsBox;
        }
        if (accept(",")) {
          if (!(style = parse_number_expr())) return false;
        } else if (!box && !fill) {
          return fail();
        }
      } else if (empty) {
        return fail(ErrorCode::kMissingOperand);
      }
    }
    s.exprs.push_back(std::move(colour));
    s.exprs.push_back(std::move(style));
    return true;
  }
  // VIEW [SCREEN] [(x0, y0) - (x1, y1) [, fill [, border]]] (VIEW SCREEN alone: Syntax error)
  bool parse_view_graphics(Stmt& s) {
    if (accept(Keyword::kScreen)) s.graphics |= kGraphicsScreen;
    if (!peek().is("(")) return (s.graphics & kGraphicsScreen) == 0 || fail();
    if (!parse_pair(s) || !expect("-") || !parse_pair(s)) return false;
    if (!accept(",")) {
      s.exprs.resize(6);
      return true;
    }
    if (!parse_number_expr(s)) return false;
    return parse_optional(s);
  }
  // WINDOW [SCREEN] [(x0, y0) - (x1, y1)] (WINDOW SCREEN alone: Syntax error)
  bool parse_window(Stmt& s) {
    if (accept(Keyword::kScreen)) s.graphics |= kGraphicsScreen;
    if (!peek().is("(")) return (s.graphics & kGraphicsScreen) == 0 || fail();
    return parse_pair(s) && expect("-") && parse_pair(s);
  }
  // CIRCLE [STEP] (x, y), r [, [colour] [, [start] [, [end] [, aspect]]]]: the last one
  // written may not be empty (Missing operand).
  bool parse_circle(Stmt& s) {
    if (!parse_step_pair(s, kGraphicsStep) || !expect(",") || !parse_number_expr(s)) return false;
    bool last_empty = false;
    for (int i = 0; i < 4 && accept(","); ++i) {
      last_empty = peek().is(",") || operand_missing();
      if (last_empty)
        s.exprs.push_back(nullptr);
      else if (!parse_number_expr(s))
        return false;
    }
    if (last_empty) return fail(ErrorCode::kMissingOperand);
    s.exprs.resize(7);
    return true;
  }
  // GET (x0, y0) - [STEP] (x1, y1), array and PUT (x, y), array [, operation]: an array's
  // name alone (no subscripts).
  bool parse_block_array(Stmt& s) {
    Target target;
    std::string name;
    if (!expect(",") || !parse_name(name, target.type)) return false;
    target.array = true;
    target.slot = array_slot(name, target.type);
    s.targets.push_back(std::move(target));
    return true;
  }
  bool parse_get_block(Stmt& s) {
    return parse_pair(s) && expect("-") && parse_step_pair(s, kGraphicsStep2) &&
           parse_block_array(s);
  }
  bool parse_put_block(Stmt& s) {
    if (!parse_pair(s) || !parse_block_array(s)) return false;
    s.mode = 'X';
    if (!accept(",")) return true;
    static constexpr std::pair<Keyword, char> kOperations[] = {{Keyword::kPset, 'S'},
                                                               {Keyword::kPreset, 'R'},
                                                               {Keyword::kAnd, 'A'},
                                                               {Keyword::kOr, 'O'},
                                                               {Keyword::kXor, 'X'}};
    for (const auto& [k, mode] : kOperations) {
      if (accept(k)) {
        s.mode = mode;
        return true;
      }
    }
    return fail();
  }
  // PAINT [STEP] (x, y) [, [paint] [, [border] [, background]]]: the last one written may
  // not be empty. The arguments' types are looked at as the statement runs (a string
  // border is Type mismatch after an empty tile's Illegal function call).
  bool parse_paint(Stmt& s) {
    if (!parse_step_pair(s, kGraphicsStep)) return false;
    for (int i = 0; i < 3 && accept(","); ++i) {
      if (peek().is(",") || operand_missing()) {
        if (!peek().is(",")) return fail(ErrorCode::kMissingOperand);
        s.exprs.push_back(nullptr);
        continue;
      }
      ExprPtr e = parse_expr();
      if (!e) return false;
      s.exprs.push_back(std::move(e));
    }
    s.exprs.resize(5);
    return true;
  }

  bool parse_lprint(Stmt& s) {
    bool ok = parse_print(s);
    s.kind = StmtKind::kLprint;
    return ok;
  }

  bool parse_input(Stmt& s) {
    s.kind = StmtKind::kInput;
    if (!parse_file_prefix(s)) return false;
    if (!s.file && accept(";")) s.newline = false;  // INPUT; keeps the cursor on the line
    if (!s.file && peek().kind == TokenKind::kString) {
      s.prompt = next().text;
      if (accept(";"))
        s.question = true;
      else if (accept(","))
        s.question = false;
      else
        return fail();
    }
    do {
      // An empty entry (INPUT A,,B) or one that does not parse (INPUT A(1 B) is an error
      // PC-BASIC finds only once the typed line is read: the prompt shows first, and with
      // no typed line the run just ends.
      Target target;
      bool read = !peek().is(",") && parse_target(target);
      if (!read && program_.dialect != Dialect::kC64) {
        fail();  // (the target's own error, if it had one, stays)
        keep_error_for_run_time(s);
        return true;
      }
      if (!read) return peek().is(",") ? fail() : false;
      s.targets.push_back(std::move(target));
    } while (accept(","));
    return true;
  }

  bool parse_if(Stmt& s) {
    s.kind = StmtKind::kIf;
    if (operand_missing()) return fail(ErrorCode::kMissingOperand);
    ExprPtr cond = parse_expr();
    if (!cond) return false;
    s.exprs.push_back(std::move(cond));
    accept(",");  // GW-BASIC allows IF X, THEN
    if (accept(Keyword::kGoto)) {
      int n;
      if (!line_number(n)) return false;
      s.then_line = n;
      return true;
    }
    if (!accept(Keyword::kThen)) return fail();
    // A line number starts with a digit: `THEN .5` is a statement, ?SYNTAX (cbmbasic:
    // c64_programs/then_point; the pc's scanner reads no number there).
    if (peek().kind == TokenKind::kNumber &&
        std::isdigit(static_cast<unsigned char>(peek().text[0])) != 0) {
      int n;
      if (!line_number(n)) return false;
      s.then_line = n;
    }
    // Otherwise the THEN statements follow as ordinary statements of this line.
    return true;
  }

  bool parse_on(Stmt& s) {
    if (accept(Keyword::kError)) return parse_on_error(s);
    if (program_.dialect != Dialect::kC64 &&
        (peek().is(Keyword::kKey) || peek().is(Keyword::kTimer) || peek().is(Keyword::kPlay) ||
         peek().is(Keyword::kPen) || peek().is(Keyword::kStrig) || peek().is(Keyword::kCom)))
      return parse_trap(s);
    if (operand_missing()) return fail(ErrorCode::kMissingOperand);
    ExprPtr e = parse_expr();
    if (!e) return false;
    if (e->type == Type::kString) return fail(ErrorCode::kTypeMismatch);
    s.exprs.push_back(std::move(e));
    if (accept(Keyword::kGoto))
      s.kind = StmtKind::kOnGoto;
    else if (accept(Keyword::kGosub))
      s.kind = StmtKind::kOnGosub;
    else if (program_.dialect == Dialect::kC64)
      return fail(), ran_before(byte_of(std::move(s.exprs[0]))), false;
    else
      return fail();
    do {
      int n;
      if (!line_number(n)) return false;
      s.lines.push_back(n);
    } while (list_goes_on());
    return true;
  }
  // GW-BASIC's ON reads its list only up to the line it takes: on the pc, a comma with no
  // line number after it ends the list, the rest junk met only if ON does not jump
  // (PC-BASIC: ON 1 GOTO 20,X jumps to 20; ON 1 GOSUB 20,20, returns past the comma).
  bool list_goes_on() {
    if (!peek().is(",")) return false;
    if (program_.dialect != Dialect::kC64 && peek(1).kind != TokenKind::kNumber) return false;
    next();
    return true;
  }

  // ON ERROR GOTO n (0: trapping off).
  bool parse_on_error(Stmt& s) {
    s.kind = StmtKind::kOnError;
    int n;
    if (!accept(Keyword::kGoto) || !line_number(n)) return fail();
    s.lines.push_back(n);
    return true;
  }

  // RESUME, RESUME 0 (both: the statement that failed), RESUME NEXT, RESUME n.
  bool parse_resume(Stmt& s) {
    if (accept(Keyword::kNext)) {
      s.resume_next = true;
      return true;
    }
    if (at_statement_end()) return true;
    int n;
    if (!line_number(n)) return false;
    if (n != 0) s.lines.push_back(n);
    return true;
  }

  // ERROR n: a number (its range is checked when it runs).
  bool parse_raise(Stmt& s) {
    s.kind = StmtKind::kRaise;
    return parse_number_expr(s);
  }

  // WHILE condition. The machine finds the loop's WEND before it reads the condition
  // (PC-BASIC: WHILE "A" with no WEND is WHILE without WEND), so a condition that does not
  // parse is kept as the statement's error and the line reads on after it.
  bool parse_while(Stmt& s) { return parse_run_time_expr(s, false); }

  // OPTION BASE 0 or 1: the digit itself (anything else is a Syntax error). A number that
  // only starts with it sets the base, then the rest is junk (PC-BASIC reads one character:
  // OPTION BASE 1E10 after OPTION BASE 0 is Duplicate definition, after OPTION BASE 1 a
  // Syntax error; OPTION BASE 01 is base 0).
  bool parse_option_base(Stmt& s) {
    if (!accept(Keyword::kBase)) return fail();
    const Token& t = peek();
    if (t.kind != TokenKind::kNumber || t.text.empty() || (t.text[0] != '0' && t.text[0] != '1'))
      return fail();
    s.slot = t.text[0] == '1' ? 1 : 0;
    if (t.text.size() == 1) ++pos_;
    return true;
  }

  // ERASE A, B$: array names without subscripts.
  bool parse_erase(Stmt& s) {
    do {
      Target target;
      std::string name;
      if (!parse_name(name, target.type)) return false;
      target.array = true;
      target.slot = array_slot(name, target.type);
      s.targets.push_back(std::move(target));
    } while (accept(","));
    return true;
  }

  // CLEAR [n][,[m][,k]]: each number may be left out, but a comma needs something after
  // it (CLEAR ,  and CLEAR ,,  are Syntax errors, as PC-BASIC parses them). The C64's CLR
  // scans as the same keyword; this subset does not run it there.
  bool parse_clear(Stmt& s) {
    if (program_.dialect == Dialect::kC64) return at_statement_end() || fail();  // CLR
    for (int part = 0; part < 3; ++part) {
      if (part > 0 && !accept(",")) break;
      ExprPtr e;
      if (!at_statement_end() && !peek().is(",")) {
        e = parse_expr();
        if (!e) return false;
        if (e->type == Type::kString) return fail(ErrorCode::kTypeMismatch);
      } else if (part > 0 && !(part == 1 && peek().is(","))) {
        return fail();
      }
      s.exprs.push_back(std::move(e));
    }
    return true;
  }

  // DEFINT A-C, X: letters and letter ranges; the names read after it take the type.
  bool parse_deftype(Stmt&) {
    Keyword k = tokens_[pos_ - 1].keyword;
    Type type = k == Keyword::kDefint   ? Type::kInteger
                : k == Keyword::kDefstr ? Type::kString
                : k == Keyword::kDefdbl ? Type::kDouble
                                        : Type::kSingle;
    auto letter = [&](int& out) {
      const Token& t = peek();
      if (t.kind != TokenKind::kName || t.text.size() != 1 ||
          !std::isupper(static_cast<unsigned char>(t.text[0])))
        return fail();
      out = t.text[0] - 'A';
      ++pos_;
      return true;
    };
    do {
      int from, to;
      if (!letter(from)) return false;
      to = from;
      if (accept("-") && !letter(to)) return false;
      for (int c = from; c <= to; ++c) program_.deftype[static_cast<std::size_t>(c)] = type;
    } while (accept(","));
    return true;
  }

  bool parse_for(Stmt& s) {
    s.kind = StmtKind::kFor;
    Target target;
    // The C64's FOR takes a plain real variable: its LET reads the name with integers and
    // arrays refused (SUBFLG), so FOR I%=1 TO 2 and FOR A(1)= are ?SYNTAX (cbmbasic:
    // c64_programs/for_integer).
    if (program_.dialect == Dialect::kC64) {
      const std::size_t at = pos_;
      std::string name;
      Type type;
      if (!parse_name(name, type)) return false;
      if (type == Type::kInteger || peek().is("(")) return fail();
      pos_ = at;
    }
    if (!parse_target(target)) return false;
    if (target.array) return fail();
    // Both machines refuse a string variable; the C64 once it has read the '=' (its LET).
    const bool c64 = program_.dialect == Dialect::kC64;
    if (c64 && !expect("=")) return false;
    if (target.type == Type::kString) return fail(ErrorCode::kTypeMismatch);
    if (!c64 && !expect("=")) return false;
    for (int part = 0; part < 3; ++part) {
      if (part == 1 && !accept(Keyword::kTo)) return fail();
      if (part == 2) {
        if (!accept(Keyword::kStep)) break;
        s.has_step = true;
      }
      if (operand_missing()) return fail(ErrorCode::kMissingOperand);
      ExprPtr e = parse_expr();
      if (!e) return false;
      if (e->type == Type::kString) return fail(ErrorCode::kTypeMismatch);
      s.exprs.push_back(std::move(e));
    }
    s.targets.push_back(std::move(target));
    return true;
  }

  Program& program_;
  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
  int nesting_ = 0;
  int temps_ = 0;  // the C64's temporary strings pending in the expression read (push_temp)
  ErrorCode error_ = ErrorCode::kNone;
  std::size_t error_at_ = 0;  // where error_ was found in the line's text (fail)
  // c64: what the ROM evaluates before it meets an error it finds only as it runs the
  // expression (ran_first_error), in order; the error statement runs them first.
  std::vector<ExprPtr> run_first_;
  std::vector<Stmt>* stmts_ = nullptr;
  std::vector<int> open_ifs_;
  std::unordered_map<std::string, int> singles_, integers_, strings_, doubles_, arrays_, functions_;
};

// Every statement keyword: how it parses and what it becomes. Keywords that only continue
// a statement (THEN, TO, AND, TAB(, ...) are a Syntax error at a statement's start.
const Parser::GraphicsRule Parser::kGraphicsRules[] = {
    {Keyword::kPset, GraphicsStatement::kPset, &Parser::parse_pset},
    {Keyword::kPreset, GraphicsStatement::kPreset, &Parser::parse_pset},
    {Keyword::kLine, GraphicsStatement::kLine, &Parser::parse_line_graphics},
    {Keyword::kView, GraphicsStatement::kView, &Parser::parse_view_graphics},
    {Keyword::kWindow, GraphicsStatement::kWindow, &Parser::parse_window},
    {Keyword::kCircle, GraphicsStatement::kCircle, &Parser::parse_circle},
    {Keyword::kPaint, GraphicsStatement::kPaint, &Parser::parse_paint},
    {Keyword::kDraw, GraphicsStatement::kDraw, &Parser::parse_string_expr},
    {Keyword::kGet, GraphicsStatement::kGet, &Parser::parse_get_block},
    {Keyword::kPut, GraphicsStatement::kPut, &Parser::parse_put_block},
};

const Parser::GraphicsRule* Parser::graphics_rule(Keyword k) {
  for (const GraphicsRule& r : kGraphicsRules)
    if (r.keyword == k) return &r;
  return nullptr;
}

const Parser::StatementRule Parser::kStatementRules[] = {
    {Keyword::kPrint, StmtKind::kPrint, &Parser::parse_print},
    {Keyword::kInput, StmtKind::kInput, &Parser::parse_input},
    {Keyword::kLet, StmtKind::kLet, &Parser::parse_let},
    {Keyword::kIf, StmtKind::kIf, &Parser::parse_if},
    {Keyword::kGoto, StmtKind::kGoto, &Parser::parse_jump},
    {Keyword::kGosub, StmtKind::kGosub, &Parser::parse_jump},
    {Keyword::kReturn, StmtKind::kReturn, &Parser::parse_return},
    {Keyword::kOn, StmtKind::kOnGoto, &Parser::parse_on},
    {Keyword::kFor, StmtKind::kFor, &Parser::parse_for},
    {Keyword::kNext, StmtKind::kNext, &Parser::parse_next},
    {Keyword::kDim, StmtKind::kDim, &Parser::parse_dim},
    {Keyword::kRandomize, StmtKind::kRandomize, &Parser::parse_randomize},
    {Keyword::kRem, StmtKind::kRem, &Parser::parse_rem},
    {Keyword::kEnd, StmtKind::kEnd, &Parser::parse_nothing_more},
    {Keyword::kStop, StmtKind::kStop, &Parser::parse_nothing_more},
    {Keyword::kCls, StmtKind::kCls, &Parser::parse_cls},
    {Keyword::kTron, StmtKind::kTron, &Parser::parse_nothing_more},
    {Keyword::kTroff, StmtKind::kTroff, &Parser::parse_nothing_more},
    {Keyword::kSystem, StmtKind::kSystem, &Parser::parse_nothing_more},
    {Keyword::kData, StmtKind::kData, &Parser::parse_data},
    {Keyword::kRead, StmtKind::kRead, &Parser::parse_read},
    {Keyword::kRestore, StmtKind::kRestore, &Parser::parse_restore},
    {Keyword::kDef, StmtKind::kDef, &Parser::parse_def},
    {Keyword::kSwap, StmtKind::kSwap, &Parser::parse_swap},
    {Keyword::kWrite, StmtKind::kWrite, &Parser::parse_write},
    {Keyword::kLine, StmtKind::kLineInput, &Parser::parse_line_input},
    {Keyword::kMid, StmtKind::kMidAssign, &Parser::parse_mid_assign},
    {Keyword::kLprint, StmtKind::kLprint, &Parser::parse_lprint},
    {Keyword::kLocate, StmtKind::kLocate, &Parser::parse_locate},
    {Keyword::kColor, StmtKind::kColor, &Parser::parse_color},
    {Keyword::kBeep, StmtKind::kColor, &Parser::parse_beep},
    {Keyword::kWidth, StmtKind::kWidth, &Parser::parse_width},
    {Keyword::kKey, StmtKind::kKey, &Parser::parse_key},
    {Keyword::kWhile, StmtKind::kWhile, &Parser::parse_while},
    {Keyword::kWend, StmtKind::kWend, &Parser::parse_nothing_more},
    {Keyword::kResume, StmtKind::kResume, &Parser::parse_resume},
    {Keyword::kError, StmtKind::kRaise, &Parser::parse_raise},
    {Keyword::kOption, StmtKind::kOptionBase, &Parser::parse_option_base},
    {Keyword::kErase, StmtKind::kErase, &Parser::parse_erase},
    {Keyword::kClear, StmtKind::kClear, &Parser::parse_clear},
    {Keyword::kPoke, StmtKind::kPoke, &Parser::parse_poke},
    {Keyword::kDefint, StmtKind::kDeftype, &Parser::parse_deftype},
    {Keyword::kDefsng, StmtKind::kDeftype, &Parser::parse_deftype},
    {Keyword::kDefdbl, StmtKind::kDeftype, &Parser::parse_deftype},
    {Keyword::kDefstr, StmtKind::kDeftype, &Parser::parse_deftype},
    {Keyword::kOpen, StmtKind::kOpen, &Parser::parse_open},
    {Keyword::kClose, StmtKind::kClose, &Parser::parse_close},
    {Keyword::kField, StmtKind::kField, &Parser::parse_field},
    {Keyword::kKill, StmtKind::kKill, &Parser::parse_kill},
    {Keyword::kName, StmtKind::kName, &Parser::parse_name},
    {Keyword::kShell, StmtKind::kShell, &Parser::parse_shell},
    {Keyword::kFiles, StmtKind::kFiles, &Parser::parse_shell},
    {Keyword::kReset, StmtKind::kReset, &Parser::parse_nothing_more},
    {Keyword::kMkdir, StmtKind::kFolder, &Parser::parse_mkdir},
    {Keyword::kRmdir, StmtKind::kFolder, &Parser::parse_rmdir},
    {Keyword::kChdir, StmtKind::kFolder, &Parser::parse_chdir},
    {Keyword::kLock, StmtKind::kLock, &Parser::parse_lock},
    {Keyword::kUnlock, StmtKind::kLock, &Parser::parse_unlock},
    {Keyword::kIoctl, StmtKind::kLock, &Parser::parse_ioctl},
    {Keyword::kGet, StmtKind::kGet, &Parser::parse_get},
    {Keyword::kPut, StmtKind::kPut, &Parser::parse_record},
    {Keyword::kLset, StmtKind::kLset, &Parser::parse_lset},
    {Keyword::kRset, StmtKind::kLset, &Parser::parse_rset},
    {Keyword::kPrintFile, StmtKind::kC64PrintFile, &Parser::parse_c64_print_file},
    {Keyword::kCmd, StmtKind::kC64Cmd, &Parser::parse_c64_print_file},
    {Keyword::kRun, StmtKind::kC64Run, &Parser::parse_c64_run},
    {Keyword::kChain, StmtKind::kPromptCommand, &Parser::parse_chain},
    {Keyword::kLoad, StmtKind::kPromptCommand, &Parser::parse_load},
    {Keyword::kSave, StmtKind::kPromptCommand, &Parser::parse_save},
    {Keyword::kList, StmtKind::kPromptCommand, &Parser::parse_list},
    {Keyword::kNew, StmtKind::kPromptCommand, &Parser::parse_new},
    {Keyword::kCommon, StmtKind::kCommon, &Parser::parse_common},
    {Keyword::kInputFile, StmtKind::kC64InputFile, &Parser::parse_c64_input_file},
    {Keyword::kTime, StmtKind::kSetTime, &Parser::parse_set_time},
    {Keyword::kDate, StmtKind::kSetTime, &Parser::parse_set_date},
    {Keyword::kSound, StmtKind::kDevice, &Parser::parse_sound},
    {Keyword::kOut, StmtKind::kDevice, &Parser::parse_out},
    {Keyword::kScreen, StmtKind::kDevice, &Parser::parse_screen},
    {Keyword::kWait, StmtKind::kDevice, &Parser::parse_wait},
    {Keyword::kPlay, StmtKind::kDevice, &Parser::parse_play},
    {Keyword::kTimer, StmtKind::kDevice, &Parser::parse_timer},
    {Keyword::kCall, StmtKind::kRem, &Parser::parse_call},
    {Keyword::kPcopy, StmtKind::kDevice, &Parser::parse_pcopy},
    {Keyword::kPalette, StmtKind::kDevice, &Parser::parse_palette},
    {Keyword::kView, StmtKind::kDevice, &Parser::parse_view},
    {Keyword::kMotor, StmtKind::kDevice, &Parser::parse_motor},
    {Keyword::kStrig, StmtKind::kDevice, &Parser::parse_strig},
    {Keyword::kPen, StmtKind::kDevice, &Parser::parse_pen},
    {Keyword::kCom, StmtKind::kDevice, &Parser::parse_com},
    {Keyword::kBsave, StmtKind::kBsave, &Parser::parse_bsave},
    {Keyword::kBload, StmtKind::kBsave, &Parser::parse_bload},
    {Keyword::kEnviron, StmtKind::kEnviron, &Parser::parse_environ},
    {Keyword::kPset, StmtKind::kGraphics, &Parser::parse_graphics},
    {Keyword::kPreset, StmtKind::kGraphics, &Parser::parse_graphics},
    {Keyword::kCircle, StmtKind::kGraphics, &Parser::parse_graphics},
    {Keyword::kDraw, StmtKind::kGraphics, &Parser::parse_graphics},
    {Keyword::kPaint, StmtKind::kGraphics, &Parser::parse_graphics},
    {Keyword::kWindow, StmtKind::kGraphics, &Parser::parse_graphics},
    {Keyword::kThen, StmtKind::kError, &Parser::parse_misplaced},
    {Keyword::kCont, StmtKind::kError, &Parser::parse_cont},
    {Keyword::kSys, StmtKind::kC64Sys, &Parser::parse_c64_sys},
    {Keyword::kTo, StmtKind::kError, &Parser::parse_misplaced},
    {Keyword::kStep, StmtKind::kError, &Parser::parse_misplaced},
    {Keyword::kAnd, StmtKind::kError, &Parser::parse_misplaced},
    {Keyword::kOr, StmtKind::kError, &Parser::parse_misplaced},
    {Keyword::kNot, StmtKind::kError, &Parser::parse_misplaced},
    {Keyword::kXor, StmtKind::kError, &Parser::parse_misplaced},
    {Keyword::kEqv, StmtKind::kError, &Parser::parse_misplaced},
    {Keyword::kImp, StmtKind::kError, &Parser::parse_misplaced},
    {Keyword::kMod, StmtKind::kError, &Parser::parse_misplaced},
    {Keyword::kTab, StmtKind::kError, &Parser::parse_misplaced},
    {Keyword::kSpc, StmtKind::kError, &Parser::parse_misplaced},
    {Keyword::kUsing, StmtKind::kError, &Parser::parse_misplaced},
    {Keyword::kBase, StmtKind::kError, &Parser::parse_misplaced},
};

const Parser::StatementRule* Parser::statement_rule(Keyword k) {
  for (const StatementRule& rule : kStatementRules) {
    if (rule.keyword == k) return &rule;
  }
  return nullptr;
}

}  // namespace

int Program::find_line(int number) const {
  if (number > kMaxLineNumber) return -1;  // kDirectLine is not a program line
  auto it = std::lower_bound(lines.begin(), lines.end(), number,
                             [](const Line& l, int n) { return l.number < n; });
  if (it == lines.end() || it->number != number) return -1;
  return static_cast<int>(it - lines.begin());
}

Line parse_direct_line(Program& program, std::string_view text) {
  Parser parser(program);
  parser.adopt_tables();
  Line line = parser.parse_line(kDirectLine, text);
  for (auto& s : line.stmts) s.resolved.assign(s.lines.size(), -2);
  return line;
}

core::Result<Program> parse_program(std::string_view text, Dialect dialect) {
  Program program;
  program.dialect = dialect;
  Parser parser(program);
  const bool c64 = dialect == Dialect::kC64;
  bool read_one = false;  // a line with text was read (the C64's line number is set)
  std::map<int, Line> lines;
  std::size_t start = 0;
  int physical = 0;
  while (start < text.size()) {
    // A line ends at LF, CR LF or a lone CR (PC-BASIC runs a listing saved with CR line
    // ends, as classic Macintosh editors write them).
    std::size_t end = text.find_first_of("\r\n", start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    if (end + 1 < text.size() && text[end] == '\r' && text[end + 1] == '\n') ++start;
    ++physical;
    if (line.size() == 1 && line[0] == '\x1a') break;  // DOS end-of-file mark
    if (c64 && line.size() > kC64MaxLineLength) {
      program.load_error = BasicError{ErrorCode::kStringTooLong, read_one ? -1 : 0};
      break;
    }
    if (too_long(line)) {
      // GW-BASIC's line buffer holds 255 characters: loading stops at a longer line with
      // "Line buffer overflow", and the lines read so far make the program.
      program.load_messages.push_back(std::string(error_message(ErrorCode::kLineBufferOverflow)) +
                                      "\xFF");
      break;
    }
    std::size_t i = 0;
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    if (i == line.size()) continue;
    read_one = true;
    // The line number's digits; on the pc blanks between them join them, as in any number
    // (PC-BASIC: `2 40 PRINT` is line 240; NBS test 188).
    std::string number_text;
    std::size_t digits = i;
    auto digit_at = [&](std::size_t k) {
      return k < line.size() && std::isdigit(static_cast<unsigned char>(line[k]));
    };
    while (true) {
      if (digit_at(digits)) {
        number_text += line[digits++];
        continue;
      }
      std::size_t k = digits;
      while (!c64 && k < line.size() && line[k] == ' ') ++k;
      if (k == digits || number_text.empty() || !digit_at(k)) break;
      digits = k;
    }
    if (digits == i && !c64) {
      // GW-BASIC stops loading at a line with no number: "Direct statement in file" (with
      // its 0xFF), and the lines read so far make the program, which runs (PC-BASIC 2.0.5).
      program.load_messages.push_back(
          std::string(error_message(ErrorCode::kDirectStatementInFile)) + "\xFF");
      break;
    }
    if (digits == i) {
      return core::Error{"line " + std::to_string(physical) +
                         " has no line number (GW-BASIC: Direct statement in file); "
                         "every line of a listing must start with its number"};
    }
    long number = std::strtol(number_text.c_str(), nullptr, 10);
    if (number_text.size() > 5 || number > 65529) {
      return core::Error{"line " + std::to_string(physical) + ": line number " + number_text +
                         " is out of range (0..65529)"};
    }
    std::string_view body = line.substr(digits);
    if (body.find_first_not_of(" \t") == std::string_view::npos) {
      lines.erase(static_cast<int>(number));  // a bare number deletes the line
      continue;
    }
    // A line number typed twice replaces the earlier line, as when typing it in.
    lines[static_cast<int>(number)] = parser.parse_line(static_cast<int>(number), body);
  }
  for (auto& [n, l] : lines) program.lines.push_back(std::move(l));
  for (auto& l : program.lines) {
    for (auto& s : l.stmts) s.resolved.assign(s.lines.size(), -2);
  }
  return program;
}

std::string_view loaded_part(std::string_view text) {
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = text.find_first_of("\r\n", start);
    if (end == std::string_view::npos) end = text.size();
    if (too_long(text.substr(start, end - start))) return text.substr(0, start);
    start = end + 1;
  }
  return text;
}

}  // namespace amazing::basic
