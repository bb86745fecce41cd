// MacroText: the macro languages' text as PLAY and DRAW read it (PC-BASIC 2.0.5's
// mlparser): blanks are spaces, letters either case, a number is [+|-]digits or =name;
// (a variable's value) or =VARPTR$(v), and X splices a string variable's text in where it
// stands (a text that names itself would splice for good: past kMaxSplices it is Out of
// memory here). Errors are Illegal function call (Type mismatch for a value of the wrong
// type). music.cpp's MusicText and gw_graphics.cpp's DrawText read their commands on it.
#pragma once

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "basic/runtime.hpp"
#include "basic/scanner.hpp"

namespace amazing::basic {

class MacroText {
 public:
  MacroText(Runtime& rt, std::string text) : rt_(rt), text_(std::move(text)) {}

 protected:
  static constexpr int kMaxSplices = 4096;

  int peek() const { return at_ < text_.size() ? static_cast<unsigned char>(text_[at_]) : -1; }
  int skip_blanks() {
    while (peek() == ' ') ++at_;
    return peek();
  }
  int upper_next() {
    const int c = skip_blanks();
    if (c >= 0) ++at_;
    return c < 0 ? c : std::toupper(c);
  }
  bool accept(std::string_view chars) {
    const int c = skip_blanks();
    if (c < 0 || chars.find(static_cast<char>(c)) == std::string_view::npos) return false;
    ++at_;
    return true;
  }
  void refuse() { rt_.raise(ErrorCode::kIllegalFunctionCall); }
  bool digit() { return skip_blanks() >= '0' && peek() <= '9'; }
  // Digits, blanks between them skipped; capped far past every range.
  long literal() {
    long v = 0;
    while (digit()) v = std::min<long>(v * 10 + (text_[at_++] - '0'), 1000000);
    return v;
  }

  // A variable named in the text (=N; and XA$;): its value as an expression reads it (never
  // assigned: 0 or ""). Subscripts are skipped: an element reads as never assigned.
  std::optional<Expr> variable() {
    skip_blanks();
    std::string name;
    while (peek() >= 0 && is_name_char(static_cast<char>(peek())))
      name += static_cast<char>(std::toupper(text_[at_++]));
    if (name.empty() || !is_letter(name[0])) return refuse(), std::nullopt;
    Expr e;
    e.kind = ExprKind::kVariable;
    e.type = rt_.program_.deftype[static_cast<std::size_t>(name[0] - 'A')];
    const int sigil = peek();
    if (sigil == '$' || sigil == '%' || sigil == '!' || sigil == '#') {
      ++at_;
      e.type = sigil == '$'   ? Type::kString
               : sigil == '%' ? Type::kInteger
               : sigil == '#' ? Type::kDouble
                              : Type::kSingle;
    }
    if (accept("([")) {
      while (peek() >= 0 && peek() != ')' && peek() != ']') ++at_;
      if (!accept(")]")) return refuse(), std::nullopt;
      e.kind = ExprKind::kNumber;  // an element: read as never assigned
      return e;
    }
    const std::vector<std::string>* names[] = {&rt_.program_.singles, &rt_.program_.integers,
                                               &rt_.program_.strings, &rt_.program_.doubles};
    const char* suffix[] = {"", "%", "$", "#"};
    const auto& table = *names[static_cast<int>(e.type)];
    const auto it = std::find(table.begin(), table.end(), name + suffix[static_cast<int>(e.type)]);
    if (it == table.end()) {
      e.kind = ExprKind::kNumber;  // a variable the program never names: 0 or ""
      return e;
    }
    e.slot = static_cast<int>(it - table.begin());
    return e;
  }
  // The ';' that ends a variable's name.
  bool end_of_name() {
    if (accept(";")) return true;
    refuse();
    return false;
  }

  // A VARPTR$ in the text (a type byte, then the value's address): the variable there
  // (none: Illegal function call).
  std::optional<GwValue> pointed() {
    if (text_.size() - at_ < 3) return refuse(), std::nullopt;
    const long address = static_cast<unsigned char>(text_[at_ + 1]) |
                         static_cast<long>(static_cast<unsigned char>(text_[at_ + 2])) << 8;
    at_ += 3;
    std::optional<GwValue> v = gw_value_at(rt_, address);
    if (!v && !rt_.failed()) refuse();
    return v;
  }

  // A number: [+|-] digits, or =variable; or =VARPTR$(variable).
  // `absent`: the value when no number is there (DRAW's U alone is U1), not after a sign.
  std::optional<long> number(std::optional<long> absent = std::nullopt) {
    int c = skip_blanks();
    const bool minus = c == '-';
    if (c == '+' || c == '-') c = (++at_, peek()), absent.reset();
    long v = 0;
    if (c == '=') {
      ++at_;
      c = peek();
      if (c < 0) return refuse(), std::nullopt;
      if (c <= 8) {
        std::optional<GwValue> p = pointed();
        if (!p) return std::nullopt;
        if (p->type == Type::kString) return rt_.raise(ErrorCode::kTypeMismatch), std::nullopt;
        v = rt_.to_int(p->num);
        if (rt_.failed()) return std::nullopt;
      } else {
        std::optional<Expr> e = variable();
        if (!e) return std::nullopt;
        if (e->type == Type::kString) return rt_.raise(ErrorCode::kTypeMismatch), std::nullopt;
        v = e->kind == ExprKind::kNumber ? 0 : rt_.eval_int(*e);
        if (rt_.failed() || !end_of_name()) return std::nullopt;
      }
    } else if (c >= '0' && c <= '9') {
      v = literal();
    } else if (absent) {
      v = *absent;
    } else {
      return refuse(), std::nullopt;
    }
    return minus ? -v : v;
  }
  // A number lo..hi (else Illegal function call); nullopt after an error.
  std::optional<long> ranged(long lo, long hi, std::optional<long> absent = std::nullopt) {
    std::optional<long> v = number(absent);
    if (v && (*v < lo || *v > hi)) return refuse(), std::nullopt;
    return v;
  }

  // X: a string variable's text goes in where the X was.
  void splice() {
    if (skip_blanks() < 0) return refuse();
    std::string inserted;
    if (peek() <= 8) {
      std::optional<GwValue> p = pointed();
      if (!p) return;
      if (p->type != Type::kString) return rt_.raise(ErrorCode::kTypeMismatch);
      inserted = p->text;
    } else {
      std::optional<Expr> e = variable();
      if (!e) return;
      if (e->type != Type::kString) return rt_.raise(ErrorCode::kTypeMismatch);
      if (e->kind != ExprKind::kNumber) inserted = rt_.eval_str(*e);
      if (rt_.failed() || !end_of_name()) return;
    }
    if (++splices_ > kMaxSplices) return rt_.raise(ErrorCode::kOutOfMemory);
    rest_after_splice_ = text_.size() - at_;
    text_ = inserted + text_.substr(at_);
    at_ = 0;
  }

  Runtime& rt_;
  std::string text_;
  std::size_t at_ = 0;
  int splices_ = 0;
  std::size_t rest_after_splice_ = 0;  // the text after the last X, its length
};

}  // namespace amazing::basic
