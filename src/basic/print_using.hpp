// PRINT USING (pc): GW-BASIC's format strings, as PC-BASIC 2.0.5 runs them. Pure text: the
// interpreter evaluates the values and writes the pieces through its Printer.
//
// Walk a format with UsingFormat; each next() gives the literal text up to the next field
// and the field; format each value with format_field:
//   UsingFormat f("Total: ##.##");         // PRINT USING "Total: ##.##";A;B
//   UsingStep step = f.next();             // step.pending = "Total: ", step.field = ##.##
//   format_field(*step.field, 3.14159f)    // -> " 3.14"
// Fields: `!` (first character), `&` (the whole string), `\  \` (as wide as the backslashes
// and the spaces between); numbers: `#` digits, `.`, `,` before the point (groups of
// three), `+` in front or behind (the sign), `-` behind (minus or a space), `**` (fill with
// stars, two digits), `$$` (a dollar sign before the number, one digit), `**$`, `^^^^`
// (E notation). `_` makes the next character literal. A number too wide for its field gets
// `%` in front. FACTS.md ("PRINT USING") has the runs behind each rule.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/gw_number.hpp"

namespace amazing::basic {

struct UsingField {
  enum class Kind { kFirst, kWhole, kFixed, kNumber } kind = Kind::kNumber;  // ! & \ \ number
  std::string text;       // the field as written in the format
  int digits_before = 0;  // kNumber: digit places before the point (** two, $$ one)
  int decimals = 0;       // kNumber: digit places after the point
  bool comma = false;     // kNumber: a `,` before the point groups the digits in threes
};

// What the walk meets before a field. `trailing` follows the previous field in the same
// pass over the format: GW-BASIC writes it at once, a character at a time, before it asks
// for the next value. `pending` starts a new pass (from the format's start): it is written
// in one piece only when a value is there for the field. field is null when the format has
// no field at all (PRINT USING "abc";1 writes "abc", then Illegal function call).
struct UsingStep {
  std::string trailing;
  std::string pending;
  std::optional<UsingField> field;
};

class UsingFormat {
 public:
  explicit UsingFormat(std::string_view format) : format_(format) {}
  // The literals up to the next field and that field; at the format's end the walk starts
  // again from its start.
  UsingStep next();

 private:
  std::string format_;
  std::size_t pos_ = 0;
  bool new_pass_ = true;
  bool any_field_ = false;
};

// A string field: `!` the first character, `&` all of it, `\  \` padded or cut to its
// width.
std::string format_field(const UsingField& field, std::string_view value);
// A number field (an integer is formatted as a single). nullopt when the field has more
// than 24 digit places (Illegal function call).
std::optional<std::string> format_field(const UsingField& field, core::Single value);
// A single (is_double false: value must be one) or a double, its digits to 16 places and
// D for E.
std::optional<std::string> format_field_double(const UsingField& field, long double value,
                                               bool is_double);

}  // namespace amazing::basic
