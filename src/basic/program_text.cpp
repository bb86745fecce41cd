// Program text at the prompt: see program_text.hpp.

#include "basic/program_text.hpp"
#include "basic/scanner.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>

#include "basic/number.hpp"
#include "basic/program.hpp"
#include "basic/saved_program.hpp"

namespace amazing::basic {
namespace {

std::string upper(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// The end of a string literal starting at text[i] (past its closing quote, or the end).
std::size_t string_end(std::string_view text, std::size_t i) {
  std::size_t end = text.find('"', i + 1);
  return end == std::string_view::npos ? text.size() : end + 1;
}

// The end of DATA's raw text from i: the first ':' outside quotes, or the end.
std::size_t data_end(std::string_view text, std::size_t i) {
  bool quoted = false;
  for (; i < text.size(); ++i) {
    if (text[i] == '"') quoted = !quoted;
    if (text[i] == ':' && !quoted) break;
  }
  return i;
}

// Digits at text[i] as a number (capped past any line number); moves i past them.
std::optional<long> digits_at(std::string_view text, std::size_t& i) {
  std::size_t start = i;
  while (i < text.size() && is_digit(text[i])) ++i;
  if (i == start) return std::nullopt;
  long v = 0;
  for (std::size_t k = start; k < i; ++k) v = std::min<long>(v * 10 + (text[k] - '0'), 999999);
  return v;
}

void skip_spaces(std::string_view text, std::size_t& i) {
  while (i < text.size() && text[i] == ' ') ++i;
}

// The line numbers after a keyword that takes them, from i: one, or a list after
// GOTO/GOSUB (ON ... GOTO 10,20).
void refs_after(std::string_view word, std::string_view text, std::size_t& i,
                std::vector<LineRef>& out) {
  bool list = word == "GOTO" || word == "GOSUB";
  while (true) {
    skip_spaces(text, i);
    std::size_t start = i;
    auto v = digits_at(text, i);
    if (!v) return;
    out.push_back(LineRef{start, i - start, *v});
    if (!list) return;
    std::size_t k = i;
    skip_spaces(text, k);
    if (k >= text.size() || text[k] != ',') return;
    i = k + 1;
  }
}

// ---- GW-BASIC: constants as LIST shows them ---------------------------------------------

// Significant digits: without the leading zeros and the fraction's trailing zeros.
std::size_t significant_digits(const DecimalConstant& n) {
  std::string fraction = n.fraction;
  while (!fraction.empty() && fraction.back() == '0') fraction.pop_back();
  std::string digits = n.whole + fraction;
  std::size_t first = digits.find_first_not_of('0');
  return first == std::string::npos ? 0 : digits.size() - first;
}

// PC-BASIC reads an all-zero mantissa with a positive exponent as 2^-129 * 10^e
// (0E5 lists as 1.469368E-34, .E3 as 1.469368E-36); otherwise zero.
long double zero_value(const DecimalConstant& n) {
  long exp10 = static_cast<long>(n.exponent) - static_cast<long>(n.fraction.size());
  if (exp10 <= 0) return 0;
  return std::ldexp(1.0L, -129) * std::pow(10.0L, static_cast<long double>(std::min(exp10, 1000L)));
}

// GW-BASIC's largest double (its MBF format's largest value; the single's is
// core::kMaxSingleValue).
const long double kMaxDouble =
    std::ldexp(static_cast<long double>((uint64_t{1} << 56) - 1), 127 - 56);
// Below the smallest MBF value (2^-128) a constant is zero.
const long double kMinMbf = std::ldexp(1.0L, -128);

// The constant's value as the interpreter reads the literal (core::parse_decimal: all its
// digits, so LIST shows what PRINT does: 50260788437037424479 lists as
// 5.026078843703742D+19, not from its first 18 digits ...743), as a double or a single.
ParsedNumber literal_value(const DecimalConstant& n, bool as_double) {
  std::string literal = (n.whole.empty() ? "0" : n.whole) + "." + n.fraction;
  if (as_double) {
    literal += "D" + std::to_string(n.exponent);
  } else {
    literal += n.exponent != 0 ? "E" + std::to_string(n.exponent) : "!";
  }
  return parse_decimal(literal, false).value_or(ParsedNumber{});
}

Single single_value(const DecimalConstant& n, bool all_zero) {
  if (all_zero) {
    long double v = zero_value(n);
    return v > core::kMaxSingleValue ? core::kMaxSingleValue : static_cast<float>(v);
  }
  return literal_value(n, false).value;
}

long double double_value(const DecimalConstant& n, bool all_zero) {
  long double v = all_zero ? zero_value(n) : literal_value(n, true).dvalue;
  if (v < kMinMbf) return 0;
  return std::min(round_double(v), kMaxDouble);
}

// The constant as LIST shows it: an integer (no point, exponent, blanks or ! #, at most
// 32767), a double (D, #, or more than 7 significant digits without !), else a single.
std::string decimal_text(const DecimalConstant& n) {
  std::size_t significant = significant_digits(n);
  bool all_zero = significant == 0;
  bool plain = !n.point && !n.exponent_letter && !n.spaced && n.suffix != '!' && n.suffix != '#';
  if (plain && significant <= 5) {
    long v = all_zero ? 0 : std::stol(n.whole);
    if (v <= 32767) return std::to_string(v);
  }
  bool is_double =
      n.exponent_letter == 'D' || n.suffix == '#' || (n.suffix != '!' && significant > 7);
  if (is_double) return gw_double_text(double_value(n, all_zero));
  return gw_single_text(single_value(n, all_zero));
}

// &H and &O constants: &H in upper case, &O for a bare &. Past 16 bits GW-BASIC refuses
// the line (Overflow); the text stays as typed here.
std::string radix_text(std::string_view text, std::size_t& i) {
  const std::size_t start = i;
  const RadixConstant r = read_radix(text, i);
  const bool hex = r.hex;
  unsigned long v = r.value;
  if (v > 0xFFFF) return upper(text.substr(start, i - start));
  static const char* kDigits = "0123456789ABCDEF";
  std::string digits;
  do {
    digits.insert(digits.begin(), kDigits[v % (hex ? 16 : 8)]);
    v /= hex ? 16 : 8;
  } while (v != 0);
  return (hex ? "&H" : "&O") + digits;
}

// A line number after GOTO and the like: its value without leading zeros (blanks between
// digits go); past 65529 the digits as typed.
std::string line_number_text(std::string_view text, std::size_t& i) {
  std::size_t start = i;
  std::string digits;
  bool spaced = false;
  read_digits(text, i, digits, spaced);
  std::size_t first = digits.find_first_not_of('0');
  std::string value = first == std::string::npos ? "0" : digits.substr(first);
  if (value.size() > 5 || std::stol(value) > kMaxLineNumber)
    return std::string(text.substr(start, i - start));
  return value;
}

// Keywords followed by line numbers; `more` separates further ones (ON X GOTO 10,20,
// LIST 10-20, AUTO 10,20).
struct LineNumberWord {
  std::string_view word;
  char more;
};
constexpr LineNumberWord kLineNumberWords[] = {
    {"GOTO", ','}, {"GOSUB", ','}, {"THEN", 0},    {"ELSE", 0},    {"RESTORE", 0},
    {"RUN", 0},    {"RESUME", 0},  {"LIST", '-'},  {"LLIST", '-'}, {"DELETE", '-'},
    {"EDIT", 0},   {"AUTO", ','},  {"RENUM", ','},
};

// The text as GW-BASIC LISTs it; see list_form.
class GwLister {
 public:
  explicit GwLister(std::string_view text) : text_(text) {}

  std::string run() {
    if (i_ < text_.size() && text_[i_] == ' ') ++i_;
    while (i_ < text_.size()) step();
    return out_;
  }

 private:
  void step() {
    char c = text_[i_];
    bool number_before = number_open_;
    number_open_ = false;
    if (c == '"') {
      std::size_t end = string_end(text_, i_);
      out_.append(text_, i_, end - i_);
      i_ = end;
    } else if (c == '\'') {
      rest_as_typed();
    } else if (c == '?') {
      out_ += "PRINT";
      ++i_;
      after_name_ = false;
    } else if (is_letter(c)) {
      word(number_before);
    } else if ((is_digit(c) || c == '.') && after_name_) {
      while (i_ < text_.size() && (is_digit(text_[i_]) || text_[i_] == '.')) out_ += text_[i_++];
    } else if (is_digit(c) || c == '.') {
      out_ += decimal_text(read_decimal(text_, i_));
      number_open_ = is_digit(out_.back()) || out_.back() == '.';
    } else if (c == '&') {
      out_ += radix_text(text_, i_);
      number_open_ = true;  // (PC-BASIC: &O7 AND 1, its blank read with the constant)
      after_name_ = false;
    } else {
      out_ += c;
      ++i_;
      if (!is_blank(c) && c != '%' && c != '!' && c != '$') after_name_ = false;
    }
  }

  // A keyword (a space before it when it follows a constant: 1AND 2 lists as 1 AND 2) or
  // a variable name, whose letters, digits and points stay as typed.
  void word(bool number_before) {
    std::size_t length = gw_keyword_length(text_, i_);
    if (length == 0) {
      std::size_t end = i_;
      while (end < text_.size() && is_name_char(text_[end])) ++end;
      out_ += upper(text_.substr(i_, end - i_));
      i_ = end;
      after_name_ = true;
      return;
    }
    std::string keyword = upper(text_.substr(i_, length));
    if (number_before && keyword != "ELSE") out_ += ' ';
    out_ += keyword;
    i_ += length;
    after_name_ = false;
    if (keyword == "REM") {
      rest_as_typed();
    } else if (keyword == "DATA") {
      std::size_t stop = data_end(text_, i_);
      out_.append(text_, i_, stop - i_);
      i_ = stop;
    } else if (keyword == "ERL") {
      erl_line_number();
    } else {
      for (const LineNumberWord& w : kLineNumberWords) {
        if (w.word == keyword) line_numbers(w.more);
      }
    }
  }

  // Line numbers after a keyword, separated by `more` (0: one).
  void line_numbers(char more) {
    while (true) {
      std::size_t k = i_;
      if (blanks_before(text_, k, is_digit)) {
        copy_to(k);
        out_ += line_number_text(text_, i_);
      } else if (!(more && blanks_before(text_, k, [&](char c) { return c == more; }))) {
        return;
      }
      k = i_;
      if (!more || !blanks_before(text_, k, [&](char c) { return c == more; })) return;
      copy_to(k + 1);
    }
  }

  // ERL compared with a line number: IF ERL=100, ERL<>40000.
  void erl_line_number() {
    std::size_t k = i_;
    auto relation = [](char c) { return c == '=' || c == '<' || c == '>'; };
    if (!blanks_before(text_, k, relation)) return;
    while (k < text_.size() && relation(text_[k])) ++k;
    if (!blanks_before(text_, k, is_digit)) return;
    copy_to(k);
    out_ += line_number_text(text_, i_);
  }

  void copy_to(std::size_t k) {
    out_.append(text_, i_, k - i_);
    i_ = k;
  }

  void rest_as_typed() {
    out_.append(text_, i_);
    i_ = text_.size();
  }

  std::string_view text_;
  std::size_t i_ = 0;
  std::string out_;
  bool after_name_ = false;   // digits after a variable name (A$ 007, B%1.5) stay as typed
  bool number_open_ = false;  // a constant ending in a digit was just listed
};

}  // namespace

std::string gw_single_text(Single value) {
  std::string s = format_number(value);
  if (!s.empty() && s[0] == ' ') s.erase(0, 1);
  if (s.find_first_of(".E") == std::string::npos) s += '!';
  return s;
}

std::string gw_double_text(long double value) {
  std::string s = format_double(value);
  if (!s.empty() && s[0] == ' ') s.erase(0, 1);
  if (s.find('D') == std::string::npos) s += '#';
  return s;
}

std::string_view trim(std::string_view text) {
  std::size_t a = text.find_first_not_of(" \t");
  if (a == std::string_view::npos) return {};
  std::size_t b = text.find_last_not_of(" \t");
  return text.substr(a, b - a + 1);
}

TypedLine split_typed(std::string_view typed) {
  TypedLine line;
  std::size_t i = 0;
  skip_spaces(typed, i);
  if (i < typed.size() && is_digit(typed[i])) {
    // Spaces between the number's digits are skipped, as both machines' readers skip
    // them: "20 30" is line 2030 with no text (PC-BASIC 2.0.5, cbmbasic: data/prompt).
    long v = 0;
    std::size_t end = i;  // past the number's last digit
    for (std::size_t k = i; k < typed.size() && (is_digit(typed[k]) || typed[k] == ' '); ++k) {
      if (typed[k] == ' ') continue;
      v = std::min<long>(v * 10 + (typed[k] - '0'), 999999);
      end = k + 1;
    }
    line.number = v;
    line.text = std::string(typed.substr(end));
  } else {
    line.text = std::string(typed);
  }
  return line;
}

std::string_view take_line(std::string_view& text) {
  std::size_t end = text.find_first_of("\r\n");
  std::string_view line = text.substr(0, end);
  if (end == std::string_view::npos) {
    text = {};
  } else {
    bool crlf = text[end] == '\r' && end + 1 < text.size() && text[end + 1] == '\n';
    text.remove_prefix(end + (crlf ? 2 : 1));
  }
  return line;
}

ProgramLines typed_in(std::string_view listing, Dialect dialect) {
  ProgramLines lines;
  const long max = machine::describe(dialect).max_line_number;
  while (!listing.empty()) {
    TypedLine t = split_typed(take_line(listing));
    if (t.number && *t.number <= max && !trim(t.text).empty())
      lines[static_cast<int>(*t.number)] = list_form(dialect, t.text);
  }
  return lines;
}

std::string list_form(Dialect dialect, std::string_view typed) {
  if (dialect == Dialect::kPc) {
    std::size_t end = typed.find_last_not_of(' ');  // GW-BASIC drops the spaces at the end
    return GwLister(typed.substr(0, end == std::string_view::npos ? 0 : end + 1)).run();
  }
  // The C64 keeps numbers as typed: only letters, ? and the leading spaces change.
  std::string text = upper(typed);
  std::size_t i = 0;
  skip_spaces(text, i);
  std::string out;
  while (i < text.size()) {
    char c = text[i];
    if (c == '"') {
      std::size_t end = string_end(text, i);
      out.append(text, i, end - i);
      i = end;
    } else if (c == '?') {
      out += "PRINT";
      ++i;
    } else if (is_letter(c)) {
      std::size_t end = i;
      while (end < text.size() && is_name_char(text[end])) ++end;
      std::string word = text.substr(i, end - i);
      out += word;
      i = end;
      if (word == "REM") {
        out.append(text, i);
        break;
      }
      if (word == "DATA") {
        std::size_t stop = data_end(text, i);
        out.append(text, i, stop - i);
        i = stop;
      }
    } else {
      out += c;
      ++i;
    }
  }
  return out;
}

std::string program_text(const ProgramLines& lines, std::string_view eol) {
  std::string out;
  for (const auto& [number, text] : lines) {
    out += std::to_string(number);
    out += ' ';
    out += text;
    out += eol;
  }
  return out;
}

std::vector<LineRef> line_refs(std::string_view text) {
  std::vector<LineRef> out;
  std::size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (c == '"') {
      i = string_end(text, i);
    } else if (c == '\'') {
      break;
    } else if (is_letter(c)) {
      std::size_t end = i;
      while (end < text.size() && is_letter(text[end])) ++end;
      std::string word = upper(text.substr(i, end - i));
      bool name_goes_on = end < text.size() && text[end] == '.';
      i = end;
      if (name_goes_on) continue;
      if (word == "REM") break;
      if (word == "DATA") i = data_end(text, i);
      if (word == "GOTO" || word == "GOSUB" || word == "THEN" || word == "ELSE" ||
          word == "RESTORE" || word == "RUN" || word == "RESUME")
        refs_after(word, text, i, out);
    } else if (is_digit(c) && i > 0 && is_name_char(text[i - 1])) {
      while (i < text.size() && is_name_char(text[i])) ++i;  // A1, X2.5: part of a name
    } else {
      ++i;
    }
  }
  return out;
}

std::optional<int> line_number_at(std::string_view text, std::size_t& i) {
  if (i >= text.size() || !is_digit(text[i])) return std::nullopt;
  long v = 0;
  for (; i < text.size() && (is_digit(text[i]) || text[i] == ' '); ++i) {
    if (text[i] != ' ') v = std::min<long>(v * 10 + (text[i] - '0'), kMaxLineNumber + 1L);
  }
  if (v > kMaxLineNumber) return std::nullopt;
  return static_cast<int>(v);
}

std::optional<LineRange> parse_range(std::string_view text, std::optional<Dot> dot, int max_line) {
  text = trim(text);
  LineRange range;
  std::size_t i = 0;
  // One end of the range: a line (a number, or "." while there is a current line), "."
  // with no current line (that end open), nothing there, or a bad number.
  enum class End { kLine, kOpenDot, kNothing, kBad };
  auto end_at = [&](int& into) {
    if (dot && i < text.size() && text[i] == '.') {
      ++i;
      skip_spaces(text, i);
      if (!dot->line) return End::kOpenDot;
      into = *dot->line;
      return End::kLine;
    }
    if (i >= text.size() || !is_digit(text[i])) return End::kNothing;
    auto v = line_number_at(text, i);
    if (!v || *v > max_line) return End::kBad;
    into = *v;
    return End::kLine;
  };
  End from = end_at(range.from);
  if (from == End::kBad) return std::nullopt;
  if (i < text.size() && text[i] == '-') {
    ++i;
    skip_spaces(text, i);
    if (end_at(range.to) == End::kBad) return std::nullopt;
  } else if (from == End::kLine) {
    range.to = range.from;
  } else if (from == End::kNothing && !text.empty()) {
    return std::nullopt;
  }
  if (i != text.size()) return std::nullopt;
  return range;
}

}  // namespace amazing::basic
