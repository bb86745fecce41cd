// Line input with GW-BASIC INPUT semantics.
//
// An InputSource gives typed lines (without the line end): StdinSource reads standard
// input, ScriptedInput replays a list (tests, `--size` handed to a program).
//   ScriptedInput in({"10,12"});
//   auto v = basic_input(printer, in, "WHAT ARE YOUR WIDTH AND LENGTH",
//                        {FieldKind::kNumber, FieldKind::kNumber}, /*echo=*/true);
//   // prints "WHAT ARE YOUR WIDTH AND LENGTH? 10,12\n"; (*v)[0].number == 10
// INPUT "P";A,B prints the prompt and "? ", reads a line, splits it at commas (a string
// field may be quoted to hold commas; spaces inside a numeric field are ignored, as
// GW-BASIC ignores them), and reads numbers as GW-BASIC does (1, -2.5, 1E3, 1D3, &HFF,
// &O17; an empty field is 0). Too few or too many fields, or a field that is not a
// number, prints "?Redo from start" and asks again; a number past a single's range prints
// "Overflow" first (InputLine). `echo` writes the typed line back
// (PC-BASIC's output shows it; a real terminal already shows what was typed).
// nullopt: the input ended before an acceptable line came (nothing more is printed after
// the prompt, as in PC-BASIC).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/gw_number.hpp"
#include "machine/pc_keyboard.hpp"
#include "machine/printer.hpp"

namespace amazing::machine {

class InputSource {
 public:
  virtual ~InputSource() = default;
  // The next line without its line end ('\n', "\r\n" or '\r'); nullopt at end of input.
  virtual std::optional<std::string> read_line() = 0;
  // The first key typed ahead that one of `traps` takes (pc_keyboard.hpp), taken out of
  // what was typed: the trap's number (KeyTraps::match); -1 when none waits. Standard input
  // and scripted lines carry characters, never keys (headless PC-BASIC never traps a key).
  virtual int take_trap_key(const KeyTraps& /*traps*/) { return -1; }
  // While a line is typed (INPUT, LINE INPUT), a key one of `traps` takes is kept for its
  // trap (take_trap_key) instead of being typed, as PC-BASIC drops a trapped key from the
  // keyboard buffer; null: every key is typed. Not owned; the caller sets null again.
  virtual void hold_trap_keys(const KeyTraps* /*traps*/) {}
  // A live keyboard (a terminal): INKEY$, INPUT$ and the c64's GET take its keys one at a
  // time as they are typed, not echoed, without Enter. Standard input and scripted lines
  // are not live: a program reads them a line at a time, as headless PC-BASIC does.
  virtual bool live() const { return false; }
  // Live only: the bytes the machine's keyboard buffer gets for the next key typed (a pc
  // function key's text, CHR$(0) and a scan code, a PETSCII code); "" when none waits and
  // `wait` is false; with `wait`, the next key to come, or nullopt when a break (Ctrl-C,
  // the c64's RUN/STOP) came first.
  virtual std::optional<std::string> take_key(bool /*wait*/) { return std::string(); }
};

// The longest typed line read (INPUT, the plain dialogue): far more than any answer
// needs (GW-BASIC's own limit is 255 characters), small enough that endless input without
// a line end (`yes | tr -d '\n' | amazing`) stops with a message, not std::bad_alloc.
inline constexpr std::size_t kMaxInputLine = std::size_t{1} << 20;
// What every route says when standard input cannot be read (a folder, an I/O error).
inline constexpr const char* kStdinUnreadable =
    "cannot read standard input (a folder, or a read that failed); give a file or a pipe";

enum class LineRead { kLine, kEnd, kTooLong };
// One line from `in` into `line` without its '\n' (a '\r' before it stays). kEnd: the
// input ended before any character; a last line without '\n' is a kLine. kTooLong: more
// than `cap` characters came before a line end; `line` holds the first `cap`, the rest of
// the line is left unread. A read that fails (standard input a folder, an I/O error)
// ends the input as kEnd does, with in.bad() set so the caller can say so; never a throw.
LineRead read_capped_line(std::istream& in, std::string& line, std::size_t cap);

// Standard input, lines of at most kMaxInputLine characters: a longer one prints a
// message on stderr and ends the input (read_line returns nullopt; overlong() says why:
// the callers' exit 2); so does an input that cannot be read (a folder).
class StdinSource : public InputSource {
 public:
  std::optional<std::string> read_line() override;
  bool overlong() const { return overlong_; }

 private:
  bool overlong_ = false;
};

class ScriptedInput : public InputSource {
 public:
  explicit ScriptedInput(std::vector<std::string> lines) : lines_(std::move(lines)) {}
  std::optional<std::string> read_line() override;
  // Lines not read yet.
  std::size_t remaining() const { return lines_.size() - next_; }
  void push(std::string line) { lines_.push_back(std::move(line)); }

 private:
  std::vector<std::string> lines_;
  std::size_t next_ = 0;
};

// Reads from `first` until it ends, then from `then` (typed answers queued before a
// program runs, then the keyboard).
class ChainedInput : public InputSource {
 public:
  ChainedInput(InputSource& first, InputSource& then) : first_(&first), then_(&then) {}
  std::optional<std::string> read_line() override;

 private:
  InputSource* first_;
  InputSource* then_;
};

enum class FieldKind { kNumber, kString };

struct InputValue {
  FieldKind kind = FieldKind::kNumber;
  double number = 0;
  std::string text;
  bool overflow = false;  // the number passed a single's range: INPUT prints "Overflow"
  // It was typed as a double (1D39, 17 digits): storing it in a single variable prints
  // "Overflow" once more (PC-BASIC: `1D39,5` for INPUT A,B warns twice).
  bool double_overflow = false;
  // kNumber: the number as read, with its type (integer, single, double) for the
  // interpreter's INPUT to store as GW-BASIC does.
  core::ParsedNumber parsed;
};

// What GW-BASIC's INPUT and LINE INPUT get of a typed line (PC-BASIC's console): its
// first kGwInputChars characters, the blanks at their end (space, tab, LF) dropped; the
// echo shows the line whole. A field that reaches kGwInputChars characters (digits of a
// number, or a string with its inner blanks) is ?Redo from start: 256 letters for INPUT
// A$, 255 digits for INPUT C (tests/basic/programs/input_255).
inline constexpr std::size_t kGwInputChars = 255;
std::string gw_input_text(std::string_view typed);
bool gw_field_too_long(std::string_view field, bool is_string);

// A typed line read against INPUT's fields, as PC-BASIC reads it: values, or nullopt for
// "?Redo from start"; read_overflows counts the "Overflow" lines printed while the fields
// were read, before either (every field a variable takes is read, also after a bad one:
// `X,1E39` for INPUT A,B prints Overflow, then ?Redo from start; `1E39` for A,B too).
struct InputLine {
  std::optional<std::vector<InputValue>> values;
  int read_overflows = 0;
  // The "Overflow" lines storing the values prints (a double past the range, stored in a
  // single); 0 when the line is redone.
  int assign_overflows() const;
};
InputLine read_input_line(std::string_view line, std::span<const FieldKind> fields);
// Typed as a double: a D exponent, a # or more than 7 digits of precision (not with !).
bool typed_as_double(std::string_view field);

// A number as GW-BASIC's INPUT reads one field (spaces ignored, empty = 0); nullopt when
// the field is not a number.
std::optional<double> parse_basic_number(std::string_view field);

// Splits one typed line into `fields.size()` values with INPUT's rules; nullopt when INPUT
// would answer "?Redo from start" (read_input_line's values).
std::optional<std::vector<InputValue>> parse_input_line(std::string_view line,
                                                        std::span<const FieldKind> fields);

// INPUT: prompt (plus "? " when `question`), read, re-ask with "?Redo from start" until a
// line fits `fields`.
std::optional<std::vector<InputValue>> basic_input(Printer& printer, InputSource& input,
                                                   std::string_view prompt,
                                                   std::span<const FieldKind> fields, bool echo,
                                                   bool question = true);
inline std::optional<std::vector<InputValue>> basic_input(Printer& printer, InputSource& input,
                                                          std::string_view prompt,
                                                          std::initializer_list<FieldKind> fields,
                                                          bool echo, bool question = true) {
  return basic_input(printer, input, prompt,
                     std::span<const FieldKind>(fields.begin(), fields.size()), echo, question);
}

// INPUT on the Commodore 64 (BASIC V2, as shared/c64/programs/input records it): the
// prompt, then "?" and a cursor-right when `question`; the typed line ends the row (shown
// again only with `echo`). An empty line leaves the variables as they were: `kept` (the
// values are returned unchanged; missing ones are 0 or ""). Too few fields ask "??" and a
// cursor-right for the rest on a new line (an empty one is an empty field, 0 or "", and
// "??" asks again while fields are missing: c64_programs/input_more); a field that is
// not a number prints ?REDO FROM START and the whole INPUT again; text after the last
// field prints ?EXTRA IGNORED. Numbers are read as the C64's FIN reads them (spaces
// ignored, digits, one point, E exponent; empty is 0; no &H), rounded to its 32-bit
// mantissa. nullopt: the input ended, or (*overflowed set) a number field passed the
// C64's range, where the C64 stops with ?OVERFLOW  ERROR in the INPUT's line (printed by
// the caller, who knows the line).
std::optional<std::vector<InputValue>> c64_input(Printer& printer, InputSource& input,
                                                 std::string_view prompt,
                                                 std::span<const FieldKind> fields, bool echo,
                                                 bool question,
                                                 std::span<const InputValue> kept = {},
                                                 bool* overflowed = nullptr);
// One field of a line typed at the C64's INPUT, from line[pos]: a quoted string
// (is_string; pos moves past its closing quote and the spaces after it), or the text up
// to the next comma or colon (pos moves there; a string's trailing spaces dropped).
std::string c64_input_word(const std::string& line, std::size_t& pos, bool is_string);
// Whether the typed line is used up at pos: its end, or a colon, which the C64's INPUT
// takes for the line's end (its CHRGOT says "end" for both): "5:4" for A,B asks ?? for
// B, and for A alone it is 5 and ?EXTRA IGNORED (c64_programs/input_colon).
bool c64_input_line_ends(const std::string& line, std::size_t pos);
// Whether a field ends at pos: the line ends there or a comma follows. Anything else
// (text after a quoted string's closing quote: "GH"X) is ?REDO FROM START.
bool c64_input_field_ends(const std::string& line, std::size_t pos);
// A number as the C64's INPUT reads one field; nullopt for ?REDO FROM START.
std::optional<double> c64_input_number(std::string_view field);

// LINE INPUT: prompt as given (no "? "), one whole line.
std::optional<std::string> line_input(Printer& printer, InputSource& input, std::string_view prompt,
                                      bool echo);

}  // namespace amazing::machine
