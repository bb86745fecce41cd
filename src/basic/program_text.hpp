// Program text at the prompt: a typed line split into its number and its text, the text
// as the machine LISTs it back, and the line numbers a line refers to (RENUM, SAVE).
//
// The prompt keeps each line as LIST shows it. GW-BASIC (kPc) upper-cases everything but
// string literals, REM/' remarks and DATA, and `?` becomes PRINT: `10 print "x"` LISTs as
// `10 PRINT "x"`. On the C64 (kC64) letters typed in either case are the C64's own
// (upper-case) letters, so `list` and `LIST` are the same command; `?` becomes PRINT.
//   TypedLine t = split_typed("20 print a");   // t.number == 20, t.text == "print a"
//   list_form(Dialect::kPc, t.text)            // "PRINT A"
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "basic/interpreter.hpp"
#include "core/gw_number.hpp"

namespace amazing::basic {

// The stored program: line number -> the line's text as LIST shows it (after "10 ").
using ProgramLines = std::map<int, std::string>;

struct TypedLine {
  std::optional<long> number;  // the line number typed first, if any (may be out of range)
  std::string text;            // the rest, after the number and the space that follows
};
TypedLine split_typed(std::string_view typed);

// The text as the machine LISTs it back (see above). The C64 drops every space between
// the line number and the text; GW-BASIC keeps all but the first.
//
// GW-BASIC stores numeric constants as binary tokens, so LIST shows them in its own form
// (rules observed in PC-BASIC 2.0.5, recorded in tests/basic/data/list_numbers):
//   1.50 -> 1.5   0.5 -> .5   007 -> 7   1.0 -> 1!   1E3 -> 1000!   40000 -> 40000!
//   123456789 -> 123456789#  (more than 7 significant digits: a double)   1D3 -> 1000#
//   &hff -> &HFF   &17 -> &O17   1 2 -> 12! (blanks inside a number go)   1AND 2 -> 1 AND 2
// Line numbers after GOTO, GOSUB, THEN, ELSE, RESTORE, RUN, RESUME, LIST, LLIST, DELETE,
// EDIT, AUTO, RENUM and ERL= lose their leading zeros (GOTO 010 -> GOTO 10) and stay
// whole numbers (GOTO 40000). Strings, remarks, DATA, and digits that follow a variable
// name (B%1.50, A$ 007) or are part of one (A1, GOTO010) stay as typed. The C64 keeps
// numbers as typed.
std::string list_form(Dialect dialect, std::string_view text);

// The next line of a listing or an ASCII file (LF, CR LF or CR ends it), taken off it.
std::string_view take_line(std::string_view& text);
// A listing typed in line by line: each numbered line (up to the machine's highest
// number, not empty) as the machine stores it (list_form).
ProgramLines typed_in(std::string_view listing, Dialect dialect);

// A GW-BASIC constant as LIST shows it: a single as PRINT shows it without the sign's
// space, with ! when it would read as an integer (1000!); a double likewise with # unless
// it has a D exponent (1.5#, 1D+20).
std::string gw_single_text(core::Single value);
std::string gw_double_text(long double value);

// The whole program as LIST shows it, "10 PRINT ..." a line, each ending in `eol`.
std::string program_text(const ProgramLines& lines, std::string_view eol = "\n");

// A line number a statement refers to: after GOTO, GOSUB, THEN, ELSE, RESTORE, RUN (and
// each number of ON ... GOTO/GOSUB's list), outside strings, remarks and DATA.
struct LineRef {
  std::size_t pos = 0, len = 0;  // where its digits are in the text
  long value = 0;
};
std::vector<LineRef> line_refs(std::string_view text);

// A line number as the prompt's commands read one (LIST, DELETE, EDIT, RUN, RENUM, AUTO)
// at text[i]: digits, with spaces between them skipped as both machines' readers skip
// them ("1 0" is 10, "10 20" is 1020), and the spaces after; i moves past them. nullopt:
// no digit at i, or past 65529 (i then undefined).
std::optional<int> line_number_at(std::string_view text, std::size_t& i);

// A range as LIST, LLIST and DELETE take it: "", "110", "110-120", "-110", "120-" (line
// numbers as line_number_at reads them). With `dot` (pc), "." is GW-BASIC's current line
// (Dot::line: the line last stored, listed or edited); while there is none it leaves its
// end of the range open, as PC-BASIC does (`LIST .` then lists everything). nullopt: not
// a range (Syntax error).
struct LineRange {
  int from = 0, to = 65529;
};
struct Dot {
  std::optional<int> line;
};
// A number past max_line is no line (the C64's LINGET: past 63999, ?SYNTAX).
std::optional<LineRange> parse_range(std::string_view text, std::optional<Dot> dot = std::nullopt,
                                     int max_line = kMaxLineNumber);

// The text with its spaces at both ends removed.
std::string_view trim(std::string_view text);

}  // namespace amazing::basic
