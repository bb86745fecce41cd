#include "machine/input.hpp"

#include "core/c64_float.hpp"
#include "core/gw_number.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>

namespace amazing::machine {

namespace {

void strip_line_end(std::string& line) {
  while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.pop_back();
}

}  // namespace

LineRead read_capped_line(std::istream& in, std::string& line, std::size_t cap) {
  line.clear();
  std::streambuf* buf = in.rdbuf();
  if (buf == nullptr || !in.good()) return LineRead::kEnd;
  for (;;) {
    int c = std::char_traits<char>::eof();
    try {
      c = buf->sbumpc();
    } catch (const std::ios_base::failure&) {  // a file buffer's read error (EISDIR, EIO)
      in.setstate(std::ios::badbit);
      return line.empty() ? LineRead::kEnd : LineRead::kLine;
    }
    if (c == std::char_traits<char>::eof()) {
      // std::cin (synced with stdio) meets a read error as an end: stdin's error flag tells.
      if (buf == std::cin.rdbuf() && std::ferror(stdin) != 0) in.setstate(std::ios::badbit);
      in.setstate(std::ios::eofbit);
      return line.empty() ? LineRead::kEnd : LineRead::kLine;
    }
    if (c == '\n') return LineRead::kLine;
    if (line.size() >= cap) {
      buf->sputbackc(static_cast<char>(c));
      return LineRead::kTooLong;
    }
    line.push_back(static_cast<char>(c));
  }
}

std::optional<std::string> StdinSource::read_line() {
  if (overlong_) return std::nullopt;
  std::string line;
  switch (read_capped_line(std::cin, line, kMaxInputLine)) {
    case LineRead::kEnd:
      if (std::cin.bad() && !overlong_) {
        overlong_ = true;
        std::fprintf(stderr, "amazing: %s\n", kStdinUnreadable);
      }
      return std::nullopt;
    case LineRead::kTooLong:
      overlong_ = true;
      std::fprintf(stderr,
                   "amazing: an input line is longer than %zu characters; the input ends "
                   "there (type shorter answers, one a line)\n",
                   kMaxInputLine);
      return std::nullopt;
    case LineRead::kLine:
      break;
  }
  strip_line_end(line);
  return line;
}

std::optional<std::string> ScriptedInput::read_line() {
  if (next_ >= lines_.size()) return std::nullopt;
  std::string line = lines_[next_++];
  strip_line_end(line);
  return line;
}

std::optional<std::string> ChainedInput::read_line() {
  if (auto line = first_->read_line()) return line;
  return then_->read_line();
}

std::optional<double> parse_basic_number(std::string_view field) {
  // The interpreter's INPUT reads numbers with the same function (one implementation):
  // a single as GW-BASIC stores it; beyond 1.701412E+38 the largest single.
  auto parsed = core::parse_decimal(field, true);
  if (!parsed || (parsed->radix && parsed->overflow)) return std::nullopt;
  return static_cast<double>(parsed->value);
}

bool typed_as_double(std::string_view field) {
  // The rule of a program's literals (core::parse_decimal): a D exponent, a #, or more
  // than 7 digits of precision, not with !.
  auto parsed = core::parse_decimal(field, false);
  return parsed && !parsed->radix && parsed->is_double;
}

std::string gw_input_text(std::string_view typed) {
  std::string_view text = typed.substr(0, kGwInputChars);
  std::size_t end = text.find_last_not_of(" \t\n");
  return std::string(text.substr(0, end == std::string_view::npos ? 0 : end + 1));
}

bool gw_field_too_long(std::string_view field, bool is_string) {
  std::size_t counted = is_string
                            ? field.size()
                            : static_cast<std::size_t>(std::count_if(
                                  field.begin(), field.end(), [](char c) { return c != ' '; }));
  return counted >= kGwInputChars;
}

namespace {

// One field of a typed INPUT line from line[pos] (the one reader of GW-BASIC's console
// INPUT: the interpreter's INPUT and the dialogues): a string in quotes, which only a
// comma or the line's end may follow (`"AB"X5` is ?Redo from start in PC-BASIC), or the
// text up to the next comma. `comma`: a comma ended the field; `bad`: the field can not
// be read (text after the closing quote, or 255 characters: an unquoted string counted
// with the blanks before its comma, measured with PC-BASIC 2.0.5 in data/prompt).
struct Field {
  std::string text;
  bool quoted = false, comma = false, bad = false;
};
Field input_field(std::string_view line, std::size_t& pos, FieldKind kind) {
  Field f;
  while (pos < line.size() && line[pos] == ' ') ++pos;
  f.quoted = kind == FieldKind::kString && pos < line.size() && line[pos] == '"';
  if (f.quoted) {
    std::size_t close = line.find('"', pos + 1);
    f.text = line.substr(pos + 1, close == std::string_view::npos ? close : close - pos - 1);
    pos = close == std::string_view::npos ? line.size() : close + 1;
    while (pos < line.size() && line[pos] == ' ') ++pos;
    if (pos < line.size() && line[pos] != ',') {
      f.bad = true;
      pos = std::min(line.find(',', pos), line.size());
    }
  } else {
    std::size_t comma = std::min(line.find(',', pos), line.size());
    f.text = line.substr(pos, comma - pos);
    pos = comma;
  }
  if (gw_field_too_long(f.text, kind == FieldKind::kString)) f.bad = true;
  f.comma = pos < line.size();
  if (f.comma) ++pos;
  // Unquoted, a string loses the blanks at its end and a number every blank (GW reads
  // "1 2" as 12); a NUL counts as a blank, as in PC-BASIC's reader.
  auto blank = [](char c) { return c == ' ' || c == '\0'; };
  if (f.quoted) return f;
  if (kind == FieldKind::kString) {
    while (!f.text.empty() && blank(f.text.back())) f.text.pop_back();
  } else {
    std::erase_if(f.text, blank);
  }
  return f;
}

}  // namespace

InputLine read_input_line(std::string_view typed, std::span<const FieldKind> fields) {
  const std::string line = gw_input_text(typed);
  // Every field a variable takes is read, also after a bad one, so each number past a
  // single's range prints its "Overflow" before ?Redo from start (PC-BASIC 2.0.5: `X,1E39`
  // for INPUT A,B); fields past the last variable are not read.
  InputLine out;
  std::vector<InputValue> values;
  std::size_t pos = 0;
  bool bad = false;
  for (std::size_t k = 0; k < fields.size(); ++k) {
    Field f = input_field(line, pos, fields[k]);
    const bool last = k + 1 == fields.size();
    if (f.bad || f.comma == last) bad = true;  // too few values, or too many
    InputValue v;
    v.kind = fields[k];
    if (fields[k] == FieldKind::kNumber) {
      auto n = core::parse_decimal(f.text, true);
      // &H10000 (past 16 bits) is ?Redo from start at INPUT, as in PC-BASIC and the
      // interpreter; a decimal number past a single's range is a warning (overflow).
      if (!n || (n->radix && n->overflow)) {
        bad = true;
      } else {
        v.parsed = *n;
        v.number = static_cast<double>(n->value);
        v.overflow = n->overflow;
        v.double_overflow = n->overflow && typed_as_double(f.text);
        out.read_overflows += v.overflow ? 1 : 0;
      }
    } else {
      v.text = std::move(f.text);
    }
    values.push_back(std::move(v));
    // The line ended: the missing fields are not read (nothing more to warn about).
    if (!f.comma && !last) break;
  }
  if (!bad) out.values = std::move(values);
  return out;
}

int InputLine::assign_overflows() const {
  int n = 0;
  if (values)
    for (const InputValue& v : *values) n += v.double_overflow ? 1 : 0;
  return n;
}

std::optional<std::vector<InputValue>> parse_input_line(std::string_view line,
                                                        std::span<const FieldKind> fields) {
  return read_input_line(line, fields).values;
}

std::optional<std::vector<InputValue>> basic_input(Printer& printer, InputSource& input,
                                                   std::string_view prompt,
                                                   std::span<const FieldKind> fields, bool echo,
                                                   bool question) {
  for (;;) {
    printer.write(prompt);
    if (question) printer.write("? ");
    printer.flush();
    auto line = input.read_line();
    // Input ended at the question: PC-BASIC prints nothing more, the prompt stays as is.
    if (!line) return std::nullopt;
    std::string typed = printer.typed_line(*line, echo);
    printer.newline();
    InputLine read = read_input_line(typed, fields);
    // As the interpreter's INPUT: "Overflow" for each number past a single's range as it
    // is read, then ?Redo from start, or one more for each such double as it is stored.
    int warnings = read.read_overflows + read.assign_overflows();
    for (int k = 0; k < warnings; ++k) {
      printer.print("Overflow");
      printer.newline();
    }
    if (read.values) return std::move(read.values);
    printer.print("?Redo from start");
    printer.newline();
  }
}

std::string c64_input_word(const std::string& line, std::size_t& pos, bool is_string) {
  while (pos < line.size() && line[pos] == ' ') ++pos;
  std::string word;
  if (is_string && pos < line.size() && line[pos] == '"') {
    std::size_t end = line.find('"', pos + 1);
    if (end == std::string::npos) end = line.size();
    word = line.substr(pos + 1, end - pos - 1);
    pos = std::min(line.size(), end + 1);
    while (pos < line.size() && line[pos] == ' ') ++pos;
  } else {
    std::size_t end = line.find_first_of(",:", pos);
    if (end == std::string::npos) end = line.size();
    word = line.substr(pos, end - pos);
    pos = end;
    if (is_string)
      while (!word.empty() && word.back() == ' ') word.pop_back();
  }
  return word;
}

bool c64_input_line_ends(const std::string& line, std::size_t pos) {
  return pos >= line.size() || line[pos] == ':';
}

bool c64_input_field_ends(const std::string& line, std::size_t pos) {
  return c64_input_line_ends(line, pos) || line[pos] == ',';
}

std::optional<double> c64_input_number(std::string_view field) {
  // Read as the C64 reads a typed number: core's one reader, also the interpreter's.
  auto value = core::c64_from_text(field);
  if (!value) return std::nullopt;
  return value->rounded().to_double();  // as the variable stores it
}

std::optional<std::vector<InputValue>> c64_input(Printer& printer, InputSource& input,
                                                 std::string_view prompt,
                                                 std::span<const FieldKind> fields, bool echo,
                                                 bool question, std::span<const InputValue> kept,
                                                 bool* overflowed) {
  // What an empty answer leaves: the variables as they were.
  std::vector<InputValue> values(fields.size());
  for (std::size_t k = 0; k < fields.size(); ++k) {
    values[k].kind = fields[k];
    if (k < kept.size() && kept[k].kind == fields[k]) values[k] = kept[k];
  }
  const std::vector<InputValue> before = values;
  // Asks (the prompt, or "??"), reads a line and ends the row; nullopt at the input's end.
  auto ask = [&](std::string_view text, bool mark) -> std::optional<std::string> {
    printer.write(text);
    if (mark) {
      printer.write("?");
      printer.spc(1);  // the C64's cursor-right
    }
    printer.flush();
    auto line = input.read_line();
    if (!line) return std::nullopt;
    if (echo) printer.typed_line(*line, true);
    printer.newline();
    return line;
  };
  for (;;) {
    values = before;
    auto typed = ask(prompt, question);
    if (!typed) return std::nullopt;
    std::string line = std::move(*typed);
    if (line.empty()) return values;
    std::size_t pos = 0;
    bool redo = false;
    for (std::size_t k = 0; k < fields.size() && !redo; ++k) {
      if (k > 0) {
        if (c64_input_line_ends(line, pos)) {
          auto more = ask("?", true);
          if (!more) return std::nullopt;
          line = std::move(*more);
          pos = 0;  // an empty line is an empty field: 0 or "" (c64_programs/input_more)
        } else {
          ++pos;  // the comma
        }
      }
      std::string word = c64_input_word(line, pos, fields[k] == FieldKind::kString);
      if (!c64_input_field_ends(line, pos)) {
        redo = true;  // text after a quoted string's closing quote
      } else if (fields[k] == FieldKind::kString) {
        values[k].text = std::move(word);
      } else if (core::c64_fin(word).overflow) {
        if (overflowed) *overflowed = true;
        return std::nullopt;
      } else if (auto n = c64_input_number(word)) {
        values[k].number = *n;
      } else {
        redo = true;
      }
    }
    if (redo) {
      printer.write("?REDO FROM START");
      printer.newline();
      continue;
    }
    if (pos < line.size()) {
      printer.write("?EXTRA IGNORED");
      printer.newline();
    }
    return values;
  }
}

std::optional<std::string> line_input(Printer& printer, InputSource& input, std::string_view prompt,
                                      bool echo) {
  printer.write(prompt);
  printer.flush();
  auto line = input.read_line();
  if (line) line = printer.typed_line(*line, echo);
  printer.newline();
  return line;
}

}  // namespace amazing::machine
