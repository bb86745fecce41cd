// Program text at the prompt: see program_text.hpp.

#include "basic/program_text.hpp"
#include "basic/scanner.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "basic/program.hpp"

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

}  // namespace

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
    line.number = digits_at(typed, i);
    line.text = std::string(typed.substr(i));
  } else {
    line.text = std::string(typed);
  }
  return line;
}

std::string list_form(Dialect dialect, std::string_view typed) {
  const bool c64 = dialect == Dialect::kC64;
  std::string text = c64 ? upper(typed) : std::string(typed);
  std::size_t i = 0;
  if (c64)
    skip_spaces(text, i);
  else if (i < text.size() && text[i] == ' ')
    ++i;
  std::string out;
  while (i < text.size()) {
    char c = text[i];
    if (c == '"') {
      std::size_t end = string_end(text, i);
      out.append(text, i, end - i);
      i = end;
    } else if (c == '\'' && !c64) {
      out.append(text, i);
      break;
    } else if (c == '?') {
      out += "PRINT";
      ++i;
    } else if (is_letter(c)) {
      std::size_t end = i;
      while (end < text.size() && is_name_char(text[end])) ++end;
      std::string word = upper(std::string_view(text).substr(i, end - i));
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

std::optional<LineRange> parse_range(std::string_view text) {
  text = trim(text);
  LineRange range;
  if (text.empty()) return range;
  std::size_t i = 0;
  auto number = [&](int& into) {
    auto v = digits_at(text, i);
    if (!v || *v > kMaxLineNumber) return false;
    into = static_cast<int>(*v);
    skip_spaces(text, i);
    return true;
  };
  bool has_from = i < text.size() && is_digit(text[i]);
  if (has_from && !number(range.from)) return std::nullopt;
  if (i < text.size() && text[i] == '-') {
    ++i;
    skip_spaces(text, i);
    if (i < text.size() && !number(range.to)) return std::nullopt;
  } else if (has_from) {
    range.to = range.from;
    range.single = true;
  } else {
    return std::nullopt;
  }
  if (i != text.size()) return std::nullopt;
  return range;
}

}  // namespace amazing::basic
