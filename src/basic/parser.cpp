// Parser: tokens -> Program (see program.hpp). Errors travel as values: a statement that
// does not parse becomes an error statement, and parsing of that line stops there.

#include <algorithm>
#include <cctype>
#include <map>
#include <unordered_map>

#include "basic/program.hpp"
#include "basic/number.hpp"

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

bool is_string_function(Keyword k) {
  switch (k) {
    case Keyword::kLeft:
    case Keyword::kRight:
    case Keyword::kMid:
    case Keyword::kChr:
    case Keyword::kStr:
    case Keyword::kSpace:
    case Keyword::kString:
    case Keyword::kInkey:
    case Keyword::kHex:
    case Keyword::kOct:
      return true;
    default:
      return false;
  }
}

// A jump target beyond every line number (find_line never finds it).
constexpr int kNoSuchLine = 1'000'000;

class Parser {
 public:
  explicit Parser(Program& program) : program_(program) {}

  Line parse_line(int number, std::string_view text) {
    Line line;
    line.number = number;
    tokens_ = scan_line(text);
    pos_ = 0;
    open_ifs_.clear();
    nesting_ = 0;
    stmts_ = &line.stmts;
    while (true) {
      if (peek().kind == TokenKind::kEnd) break;
      if (peek().is(":")) {
        ++pos_;
        continue;
      }
      if (peek().is(Keyword::kElse)) {
        ++pos_;
        // The THEN part ends here: jump to the end of the line.
        Stmt marker;
        marker.kind = StmtKind::kElse;
        stmts_->push_back(std::move(marker));
        if (!open_ifs_.empty()) {
          (*stmts_)[open_ifs_.back()].else_index = static_cast<int>(stmts_->size());
          open_ifs_.pop_back();
        } else {
          // ELSE without IF is skipped to the end of the line, like REM.
          break;
        }
        if (peek().kind == TokenKind::kNumber) {
          if (!emit_jump(StmtKind::kGoto)) break;
        }
        continue;
      }
      error_ = ErrorCode::kNone;
      Stmt stmt;
      bool ok = parse_statement(stmt);
      // IF ... THEN statements: the statements follow at once, with no ':' before them.
      bool then_follows = ok && stmt.kind == StmtKind::kIf && stmt.then_line < 0;
      if (ok && !then_follows && !at_statement_end()) {
        ok = false;
        if (error_ == ErrorCode::kNone) error_ = ErrorCode::kSyntax;
      }
      if (!ok) {
        Stmt err;
        err.kind = StmtKind::kError;
        err.error = error_ == ErrorCode::kNone ? ErrorCode::kSyntax : error_;
        stmts_->push_back(std::move(err));
        break;
      }
      bool is_if = stmt.kind == StmtKind::kIf;
      bool then_statements = is_if && stmt.then_line < 0;
      stmts_->push_back(std::move(stmt));
      if (is_if) open_ifs_.push_back(static_cast<int>(stmts_->size()) - 1);
      (void)then_statements;
      if (stmts_->back().kind == StmtKind::kRem || stmts_->back().kind == StmtKind::kData) {
        // the rest of the line was taken by REM; DATA stops at ':'
        if (stmts_->back().kind == StmtKind::kRem) break;
      }
    }
    return line;
  }

 private:
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
  bool fail(ErrorCode code = ErrorCode::kSyntax) {
    if (error_ == ErrorCode::kNone) error_ = code;
    return false;
  }
  bool expect(std::string_view symbol) { return accept(symbol) || fail(); }
  bool at_statement_end() const {
    const Token& t = peek();
    return t.kind == TokenKind::kEnd || t.is(":") || t.is(Keyword::kElse) || t.is(Keyword::kRem);
  }
  // An expression may start here (else a missing operand).
  bool operand_missing() const {
    const Token& t = peek();
    return t.kind == TokenKind::kEnd || t.is(":") || t.is(Keyword::kElse) || t.is(",") ||
           t.is(";") || t.is(")");
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
    name = next().text;
    // GW-BASIC tells names apart by their first 40 characters.
    if (name.size() > 40) name.resize(40);
    type = Type::kSingle;
    if (peek().is("$"))
      type = Type::kString, ++pos_;
    else if (peek().is("%"))
      type = Type::kInteger, ++pos_;
    else if (peek().is("!") || peek().is("#"))
      ++pos_;
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
    }
    return 0;
  }

  int array_slot(const std::string& name, Type type) {
    std::string key = name + (type == Type::kString ? "$" : type == Type::kInteger ? "%" : "");
    auto it = arrays_.find(key);
    if (it != arrays_.end()) return it->second;
    int slot = static_cast<int>(program_.arrays.size());
    program_.arrays.push_back(ArrayInfo{key, type});
    arrays_.emplace(key, slot);
    return slot;
  }

  int function_slot(const std::string& name, Type type) {
    std::string key = "FN" + name +
                      (type == Type::kString    ? "$"
                       : type == Type::kInteger ? "%"
                                                : "");
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
      if (operand_missing()) return fail(ErrorCode::kMissingOperand);
      ExprPtr e = parse_expr();
      if (!e) return false;
      if (e->type == Type::kString) return fail(ErrorCode::kTypeMismatch);
      out.push_back(std::move(e));
    } while (accept(","));
    return expect(")");
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

  ExprPtr parse_expr() {
    Nest nest(*this);
    if (nest.too_deep()) return fail(ErrorCode::kOutOfMemory), nullptr;
    return parse_logic(0);
  }

  // IMP < EQV < XOR < OR < AND, all on integers.
  ExprPtr parse_logic(int level) {
    static constexpr Keyword kOps[] = {Keyword::kImp, Keyword::kEqv, Keyword::kXor, Keyword::kOr,
                                       Keyword::kAnd};
    static constexpr Op kOpCodes[] = {Op::kImp, Op::kEqv, Op::kXor, Op::kOr, Op::kAnd};
    if (level == 5) return parse_not();
    ExprPtr left = parse_logic(level + 1);
    while (left && peek().is(kOps[level])) {
      ++pos_;
      if (operand_missing()) return fail(ErrorCode::kMissingOperand), nullptr;
      ExprPtr right = parse_logic(level + 1);
      if (!right) return nullptr;
      if (left->type == Type::kString || right->type == Type::kString) {
        fail(ErrorCode::kTypeMismatch);
        return nullptr;
      }
      left = make_binary(kOpCodes[level], std::move(left), std::move(right), Type::kInteger);
    }
    return left;
  }

  ExprPtr parse_not() {
    Nest nest(*this);
    if (nest.too_deep()) return fail(ErrorCode::kOutOfMemory), nullptr;
    if (accept(Keyword::kNot)) {
      if (operand_missing()) return fail(ErrorCode::kMissingOperand), nullptr;
      ExprPtr inner = parse_not();
      if (!inner) return nullptr;
      if (inner->type == Type::kString) return fail(ErrorCode::kTypeMismatch), nullptr;
      auto e = std::make_unique<Expr>();
      e->kind = ExprKind::kUnary;
      e->op = Op::kNot;
      e->type = Type::kInteger;
      e->args.push_back(std::move(inner));
      return e;
    }
    return parse_relational();
  }

  ExprPtr parse_relational() {
    ExprPtr left = parse_additive();
    while (left) {
      Op op;
      if (peek().is("="))
        op = Op::kEq;
      else if (peek().is("<>"))
        op = Op::kNe;
      else if (peek().is("<"))
        op = Op::kLt;
      else if (peek().is(">"))
        op = Op::kGt;
      else if (peek().is("<="))
        op = Op::kLe;
      else if (peek().is(">="))
        op = Op::kGe;
      else
        break;
      ++pos_;
      if (operand_missing()) return fail(ErrorCode::kMissingOperand), nullptr;
      ExprPtr right = parse_additive();
      if (!right) return nullptr;
      if ((left->type == Type::kString) != (right->type == Type::kString)) {
        fail(ErrorCode::kTypeMismatch);
        return nullptr;
      }
      left = make_binary(op, std::move(left), std::move(right), Type::kInteger);
    }
    return left;
  }

  ExprPtr parse_additive() {
    ExprPtr left = parse_mod();
    while (left && (peek().is("+") || peek().is("-"))) {
      Op op = next().is("+") ? Op::kAdd : Op::kSub;
      if (operand_missing()) return fail(ErrorCode::kMissingOperand), nullptr;
      ExprPtr right = parse_mod();
      if (!right) return nullptr;
      bool ls = left->type == Type::kString, rs = right->type == Type::kString;
      if (ls != rs || (ls && op == Op::kSub)) return fail(ErrorCode::kTypeMismatch), nullptr;
      Type t = ls                                                                ? Type::kString
               : (left->type == Type::kInteger && right->type == Type::kInteger) ? Type::kInteger
                                                                                 : Type::kSingle;
      left = make_binary(op, std::move(left), std::move(right), t);
    }
    return left;
  }

  ExprPtr parse_mod() {
    ExprPtr left = parse_intdiv();
    while (left && accept(Keyword::kMod)) {
      if (operand_missing()) return fail(ErrorCode::kMissingOperand), nullptr;
      ExprPtr right = parse_intdiv();
      if (!right) return nullptr;
      if (left->type == Type::kString || right->type == Type::kString)
        return fail(ErrorCode::kTypeMismatch), nullptr;
      left = make_binary(Op::kMod, std::move(left), std::move(right), Type::kInteger);
    }
    return left;
  }

  ExprPtr parse_intdiv() {
    ExprPtr left = parse_term();
    while (left && accept("\\")) {
      if (operand_missing()) return fail(ErrorCode::kMissingOperand), nullptr;
      ExprPtr right = parse_term();
      if (!right) return nullptr;
      if (left->type == Type::kString || right->type == Type::kString)
        return fail(ErrorCode::kTypeMismatch), nullptr;
      left = make_binary(Op::kIntDiv, std::move(left), std::move(right), Type::kInteger);
    }
    return left;
  }

  ExprPtr parse_term() {
    ExprPtr left = parse_unary();
    while (left && (peek().is("*") || peek().is("/"))) {
      Op op = next().is("*") ? Op::kMul : Op::kDiv;
      if (operand_missing()) return fail(ErrorCode::kMissingOperand), nullptr;
      ExprPtr right = parse_unary();
      if (!right) return nullptr;
      if (left->type == Type::kString || right->type == Type::kString)
        return fail(ErrorCode::kTypeMismatch), nullptr;
      Type t = (op == Op::kMul && left->type == Type::kInteger && right->type == Type::kInteger)
                   ? Type::kInteger
                   : Type::kSingle;
      left = make_binary(op, std::move(left), std::move(right), t);
    }
    return left;
  }

  ExprPtr parse_unary() {
    Nest nest(*this);
    if (nest.too_deep()) return fail(ErrorCode::kOutOfMemory), nullptr;
    if (peek().is("-") || peek().is("+")) {
      bool neg = next().is("-");
      if (operand_missing()) return fail(ErrorCode::kMissingOperand), nullptr;
      ExprPtr inner = parse_unary();
      if (!inner) return nullptr;
      if (inner->type == Type::kString) return fail(ErrorCode::kTypeMismatch), nullptr;
      if (!neg) return inner;
      auto e = std::make_unique<Expr>();
      e->kind = ExprKind::kUnary;
      e->op = Op::kNeg;
      e->type = inner->type;
      e->args.push_back(std::move(inner));
      return e;
    }
    return parse_power();
  }

  // ^ is left-associative in GW-BASIC (2^3^2 = 64) and its right side may carry a sign.
  ExprPtr parse_power() {
    ExprPtr left = parse_atom();
    while (left && accept("^")) {
      if (operand_missing()) return fail(ErrorCode::kMissingOperand), nullptr;
      ExprPtr right = parse_power_operand();
      if (!right) return nullptr;
      if (left->type == Type::kString || right->type == Type::kString)
        return fail(ErrorCode::kTypeMismatch), nullptr;
      left = make_binary(Op::kPow, std::move(left), std::move(right), Type::kSingle);
    }
    return left;
  }
  ExprPtr parse_power_operand() {
    Nest nest(*this);
    if (nest.too_deep()) return fail(ErrorCode::kOutOfMemory), nullptr;
    if (peek().is("-") || peek().is("+")) {
      bool neg = next().is("-");
      ExprPtr inner = parse_power_operand();
      if (!inner || !neg) return inner;
      auto e = std::make_unique<Expr>();
      e->kind = ExprKind::kUnary;
      e->op = Op::kNeg;
      e->type = inner->type;
      e->args.push_back(std::move(inner));
      return e;
    }
    return parse_atom();
  }

  ExprPtr parse_atom() {
    const Token& t = peek();
    auto e = std::make_unique<Expr>();
    if (operand_missing()) return fail(ErrorCode::kMissingOperand), nullptr;
    if (t.kind == TokenKind::kNumber) {
      if (t.overflow) {
        // 40000% and &H10000 do not load; a decimal literal beyond the single range is
        // "Overflow" as the line is read in (before the program runs, even on a line that
        // never runs) and stands for the largest single (PC-BASIC: PRINT 1E39).
        bool decimal = !t.text.empty() && t.text.back() != '%' && t.text.front() != '&';
        if (!decimal) return fail(ErrorCode::kOverflow), nullptr;
        program_.load_messages.emplace_back(error_message(ErrorCode::kOverflow));
      }
      e->kind = ExprKind::kNumber;
      e->number = t.number;
      e->integer = t.integer;
      e->is_double = t.is_double;
      e->dnumber = t.dnumber;
      {
        std::string_view lit = t.text;
        while (!lit.empty() && (lit.back() == '!' || lit.back() == '#' || lit.back() == '%'))
          lit.remove_suffix(1);
        e->c64 = c64_from_text(lit).value_or(c64_from_double(t.number).value_or(core::C64Float{}));
      }
      e->type = t.integer ? Type::kInteger : Type::kSingle;
      ++pos_;
      return e;
    }
    if (t.kind == TokenKind::kString) {
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
      if (!expect(")")) return nullptr;
      return inner;
    }
    if (t.kind == TokenKind::kName) {
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
    if (t.kind == TokenKind::kKeyword) return parse_function();
    return fail(), nullptr;
  }

  // Arguments in parentheses; `kinds` says S (string) or N (number) for each, lower case
  // for optional trailing ones.
  bool parse_arguments(Expr& e, std::string_view kinds) {
    if (!expect("(")) return false;
    for (std::size_t i = 0; i < kinds.size(); ++i) {
      char k = kinds[i];
      bool optional = std::islower(static_cast<unsigned char>(k)) != 0;
      if (i > 0) {
        if (optional && !peek().is(",")) break;
        if (!expect(",")) return false;
      }
      if (operand_missing()) return fail(ErrorCode::kMissingOperand);
      ExprPtr a = parse_expr();
      if (!a) return false;
      bool want_string = std::toupper(static_cast<unsigned char>(k)) == 'S';
      bool any = std::toupper(static_cast<unsigned char>(k)) == 'A';
      if (!any && (a->type == Type::kString) != want_string) return fail(ErrorCode::kTypeMismatch);
      e.args.push_back(std::move(a));
    }
    return expect(")");
  }

  ExprPtr parse_function() {
    Keyword k = next().keyword;
    auto e = std::make_unique<Expr>();
    e->kind = ExprKind::kFunction;
    e->function = k;
    e->type = is_string_function(k) ? Type::kString : Type::kSingle;
    bool ok = true;
    switch (k) {
      case Keyword::kInt:
      case Keyword::kAbs:
      case Keyword::kSgn:
      case Keyword::kSqr:
      case Keyword::kSin:
      case Keyword::kCos:
      case Keyword::kTan:
      case Keyword::kAtn:
      case Keyword::kExp:
      case Keyword::kLog:
      case Keyword::kFix:
      case Keyword::kCsng:
      case Keyword::kCdbl:
        ok = parse_arguments(*e, "N");
        break;
      case Keyword::kCint:
        e->type = Type::kInteger;
        ok = parse_arguments(*e, "N");
        break;
      case Keyword::kRnd:
        if (peek().is("(")) ok = parse_arguments(*e, "N");
        break;
      case Keyword::kLen:
      case Keyword::kAsc:
        e->type = Type::kInteger;
        ok = parse_arguments(*e, "S");
        break;
      case Keyword::kVal:
        ok = parse_arguments(*e, "S");
        break;
      case Keyword::kLeft:
      case Keyword::kRight:
        ok = parse_arguments(*e, "SN");
        break;
      case Keyword::kMid:
        ok = parse_arguments(*e, "SNn");
        break;
      case Keyword::kChr:
      case Keyword::kStr:
      case Keyword::kSpace:
        ok = parse_arguments(*e, "N");
        break;
      case Keyword::kString:
        ok = parse_arguments(*e, "NA");
        break;
      case Keyword::kInstr: {
        e->type = Type::kInteger;
        // INSTR([start,] s, t)
        if (!expect("(")) return nullptr;
        ExprPtr first = parse_expr();
        if (!first) return nullptr;
        if (first->type != Type::kString) {
          e->args.push_back(std::move(first));
          if (!expect(",")) return nullptr;
          first = parse_expr();
          if (!first) return nullptr;
          if (first->type != Type::kString) return fail(ErrorCode::kTypeMismatch), nullptr;
        }
        e->args.push_back(std::move(first));
        if (!expect(",")) return nullptr;
        ExprPtr second = parse_expr();
        if (!second) return nullptr;
        if (second->type != Type::kString) return fail(ErrorCode::kTypeMismatch), nullptr;
        e->args.push_back(std::move(second));
        if (!expect(")")) return nullptr;
        if (e->args.size() == 2) e->args.insert(e->args.begin(), nullptr);
        break;
      }
      case Keyword::kTab:
      case Keyword::kSpc:
        // only inside PRINT
        return fail(), nullptr;
      case Keyword::kFn: {
        // FNA(X,Y): a DEF FN function; its type is its name's.
        std::string name;
        Type type;
        if (!parse_name(name, type)) return nullptr;
        e->type = type;
        e->slot = function_slot(name, type);
        if (accept("(")) {
          do {
            if (operand_missing()) return fail(ErrorCode::kMissingOperand), nullptr;
            ExprPtr a = parse_expr();
            if (!a) return nullptr;
            e->args.push_back(std::move(a));
          } while (accept(","));
          if (!expect(")")) return nullptr;
        }
        break;
      }
      case Keyword::kPeek:
      case Keyword::kPos:
      case Keyword::kFre:
      case Keyword::kInkey:
      case Keyword::kUsr:
      case Keyword::kErl:
      case Keyword::kErr:
      case Keyword::kHex:
      case Keyword::kOct:
      case Keyword::kTimer:
        return fail(ErrorCode::kAdvancedFeature), nullptr;
      default:
        return fail(), nullptr;
    }
    if (!ok) return nullptr;
    return e;
  }

  // ---- statements -------------------------------------------------------------------

  bool line_number(int& out) {
    const Token& t = peek();
    if (t.kind != TokenKind::kNumber || t.text.find_first_not_of("0123456789") != std::string::npos)
      return fail();
    // A number past 65529 is no line of any program: "Undefined line number" when the
    // jump runs (PC-BASIC: GOTO 99999), not a syntax error.
    std::size_t first = t.text.find_first_not_of('0');
    std::string_view digits =
        first == std::string::npos ? std::string_view("0") : std::string_view(t.text).substr(first);
    out = digits.size() > 6 ? kNoSuchLine
                            : std::min(static_cast<int>(std::strtol(std::string(digits).c_str(),
                                                                    nullptr, 10)),
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

  bool parse_statement(Stmt& s) {
    const Token& t = peek();
    if (t.kind == TokenKind::kName) return parse_let(s);
    if (t.kind != TokenKind::kKeyword) return fail();
    Keyword k = next().keyword;
    switch (k) {
      case Keyword::kPrint:
        return parse_print(s);
      case Keyword::kInput:
        return parse_input(s);
      case Keyword::kLet:
        return parse_let(s);
      case Keyword::kIf:
        return parse_if(s);
      case Keyword::kGoto:
      case Keyword::kGosub: {
        s.kind = k == Keyword::kGoto ? StmtKind::kGoto : StmtKind::kGosub;
        int n;
        if (!line_number(n)) return false;
        s.lines.push_back(n);
        return true;
      }
      case Keyword::kReturn:
        s.kind = StmtKind::kReturn;
        return true;
      case Keyword::kOn:
        return parse_on(s);
      case Keyword::kFor:
        return parse_for(s);
      case Keyword::kNext:
        s.kind = StmtKind::kNext;
        if (at_statement_end()) return true;
        do {
          Target target;
          if (!parse_target(target)) return false;
          if (target.array || target.type == Type::kString) return fail();
          s.targets.push_back(std::move(target));
        } while (accept(","));
        return true;
      case Keyword::kDim:
        s.kind = StmtKind::kDim;
        do {
          std::string name;
          Type type;
          if (!parse_name(name, type)) return false;
          Target target;
          target.type = type;
          target.array = true;
          target.slot = array_slot(name, type);
          if (!parse_subscripts(target.subscripts)) return false;
          s.targets.push_back(std::move(target));
        } while (accept(","));
        return true;
      case Keyword::kRandomize:
        s.kind = StmtKind::kRandomize;
        if (at_statement_end()) return true;  // asks for the seed when it runs
        if (auto e = parse_expr()) {
          if (e->type == Type::kString) return fail(ErrorCode::kTypeMismatch);
          s.exprs.push_back(std::move(e));
          return true;
        }
        return false;
      case Keyword::kRem:
        s.kind = StmtKind::kRem;
        while (peek().kind != TokenKind::kEnd) ++pos_;
        return true;
      case Keyword::kEnd:
        s.kind = StmtKind::kEnd;
        return true;
      case Keyword::kStop:
        s.kind = StmtKind::kStop;
        return true;
      case Keyword::kCls:
        s.kind = StmtKind::kCls;
        return true;
      case Keyword::kData:
        s.kind = StmtKind::kData;
        if (peek().kind == TokenKind::kRest) s.data = next().text;
        return true;
      case Keyword::kRead:
        s.kind = StmtKind::kRead;
        do {
          Target target;
          if (!parse_target(target)) return false;
          s.targets.push_back(std::move(target));
        } while (accept(","));
        return true;
      case Keyword::kRestore:
        s.kind = StmtKind::kRestore;
        if (peek().kind == TokenKind::kNumber) {
          int n;
          if (!line_number(n)) return false;
          s.lines.push_back(n);
        }
        return true;
      case Keyword::kDef: {
        // DEF FNA(X,Y)=expression
        s.kind = StmtKind::kDef;
        if (!accept(Keyword::kFn)) return fail(ErrorCode::kAdvancedFeature);  // DEF SEG, DEF USR
        std::string name;
        Type type;
        if (!parse_name(name, type)) return false;
        s.slot = function_slot(name, type);
        if (accept("(")) {
          do {
            Target param;
            if (!parse_target(param)) return false;
            if (param.array) return fail();
            s.targets.push_back(std::move(param));
          } while (accept(","));
          if (!expect(")")) return false;
        }
        if (!expect("=")) return false;
        if (operand_missing()) return fail(ErrorCode::kMissingOperand);
        ExprPtr body = parse_expr();
        if (!body) return false;
        if ((body->type == Type::kString) != (type == Type::kString))
          return fail(ErrorCode::kTypeMismatch);
        s.exprs.push_back(std::move(body));
        return true;
      }
      case Keyword::kSwap: {
        s.kind = StmtKind::kSwap;
        Target a, b;
        if (!parse_target(a) || !expect(",") || !parse_target(b)) return false;
        if ((a.type == Type::kString) != (b.type == Type::kString))
          return fail(ErrorCode::kTypeMismatch);
        s.targets.push_back(std::move(a));
        s.targets.push_back(std::move(b));
        return true;
      }
      case Keyword::kThen:
      case Keyword::kTo:
      case Keyword::kStep:
      case Keyword::kAnd:
      case Keyword::kOr:
      case Keyword::kNot:
      case Keyword::kXor:
      case Keyword::kEqv:
      case Keyword::kImp:
      case Keyword::kMod:
      case Keyword::kTab:
      case Keyword::kSpc:
      case Keyword::kUsing:
      case Keyword::kBase:
        return fail();
      default:
        // A GW-BASIC statement outside the subset (or a function used as a statement).
        return fail(is_string_function(k) || k == Keyword::kInt || k == Keyword::kRnd
                        ? ErrorCode::kSyntax
                        : ErrorCode::kAdvancedFeature);
    }
  }

  bool parse_let(Stmt& s) {
    s.kind = StmtKind::kLet;
    Target target;
    if (!parse_target(target)) return false;
    if (!expect("=")) return false;
    if (operand_missing()) return fail(ErrorCode::kMissingOperand);
    ExprPtr value = parse_expr();
    if (!value) return false;
    if ((value->type == Type::kString) != (target.type == Type::kString))
      return fail(ErrorCode::kTypeMismatch);
    s.targets.push_back(std::move(target));
    s.exprs.push_back(std::move(value));
    return true;
  }

  bool parse_print(Stmt& s) {
    s.kind = StmtKind::kPrint;
    if (accept(Keyword::kUsing)) return fail(ErrorCode::kAdvancedFeature);
    s.newline = true;
    while (!at_statement_end()) {
      PrintItem item;
      if (accept(",")) {
        item.kind = PrintItem::kComma;
      } else if (accept(";")) {
        item.kind = PrintItem::kSemicolon;
      } else if (peek().is(Keyword::kTab) || peek().is(Keyword::kSpc)) {
        item.kind = next().is(Keyword::kTab) ? PrintItem::kTab : PrintItem::kSpc;
        if (operand_missing()) return fail(ErrorCode::kMissingOperand);
        item.value = parse_expr();
        if (!item.value) return false;
        if (item.value->type == Type::kString) return fail(ErrorCode::kTypeMismatch);
        if (!expect(")")) return false;
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

  bool parse_input(Stmt& s) {
    s.kind = StmtKind::kInput;
    accept(";");  // INPUT; keeps the cursor on the line: not distinguished here
    if (peek().kind == TokenKind::kString) {
      s.prompt = next().text;
      if (accept(";"))
        s.question = true;
      else if (accept(","))
        s.question = false;
      else
        return fail();
    }
    do {
      Target target;
      if (!parse_target(target)) return false;
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
    if (peek().kind == TokenKind::kNumber) {
      int n;
      if (!line_number(n)) return false;
      s.then_line = n;
    }
    // Otherwise the THEN statements follow as ordinary statements of this line.
    return true;
  }

  bool parse_on(Stmt& s) {
    if (operand_missing()) return fail(ErrorCode::kMissingOperand);
    ExprPtr e = parse_expr();
    if (!e) return false;
    if (e->type == Type::kString) return fail(ErrorCode::kTypeMismatch);
    s.exprs.push_back(std::move(e));
    if (accept(Keyword::kGoto))
      s.kind = StmtKind::kOnGoto;
    else if (accept(Keyword::kGosub))
      s.kind = StmtKind::kOnGosub;
    else
      return fail();
    do {
      int n;
      if (!line_number(n)) return false;
      s.lines.push_back(n);
    } while (accept(","));
    return true;
  }

  bool parse_for(Stmt& s) {
    s.kind = StmtKind::kFor;
    Target target;
    if (!parse_target(target)) return false;
    if (target.array || target.type == Type::kString) return fail();
    if (!expect("=")) return false;
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
  ErrorCode error_ = ErrorCode::kNone;
  std::vector<Stmt>* stmts_ = nullptr;
  std::vector<int> open_ifs_;
  std::unordered_map<std::string, int> singles_, integers_, strings_, arrays_, functions_;
};

}  // namespace

int Program::find_line(int number) const {
  auto it = std::lower_bound(lines.begin(), lines.end(), number,
                             [](const Line& l, int n) { return l.number < n; });
  if (it == lines.end() || it->number != number) return -1;
  return static_cast<int>(it - lines.begin());
}

core::Result<Program> parse_program(std::string_view text) {
  Program program;
  Parser parser(program);
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
    if (line.size() > kMaxLineLength) {
      // GW-BASIC's line buffer holds 255 characters: loading stops at a longer line with
      // "Line buffer overflow", and the lines read so far make the program.
      program.load_messages.push_back(std::string(error_message(ErrorCode::kLineBufferOverflow)) +
                                      "\xFF");
      break;
    }
    std::size_t i = 0;
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    if (i == line.size()) continue;
    std::size_t digits = i;
    while (digits < line.size() && std::isdigit(static_cast<unsigned char>(line[digits]))) ++digits;
    if (digits == i) {
      return core::Error{"line " + std::to_string(physical) +
                         " has no line number (GW-BASIC: Direct statement in file); "
                         "every line of a listing must start with its number"};
    }
    long number = std::strtol(std::string(line.substr(i, digits - i)).c_str(), nullptr, 10);
    if (digits - i > 5 || number > 65529) {
      return core::Error{"line " + std::to_string(physical) + ": line number " +
                         std::string(line.substr(i, digits - i)) + " is out of range (0..65529)"};
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

}  // namespace amazing::basic
