// PRINT USING's format strings: how a field is recognised and how a value fills it, as
// PC-BASIC 2.0.5 does it (measured runs in tests/basic/programs/using*.bas; FACTS.md).

#include "basic/print_using.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "core/gw_number.hpp"

namespace amazing::basic {
namespace {

constexpr int kMaxDigitPlaces = 24;  // more digit places in a field: Illegal function call

// A magnitude and the precision it is held in: a single's 7 significant digits and E
// notation, or a double's 16 and D.
struct Magnitude {
  long double value;
  bool is_double;
  int digits() const { return is_double ? 16 : 7; }
  char exponent_letter() const { return is_double ? 'D' : 'E'; }
  core::DecimalDigits decimal(int n) const {
    return is_double ? core::decimal_digits(value, n)
                     : core::decimal_digits(static_cast<core::Single>(value), n);
  }
};

char at(std::string_view s, std::size_t i) {
  return i < s.size() ? s[i] : '\0';
}

// `!`, `&` or `\` spaces `\` at pos (advanced past it).
std::optional<UsingField> string_field(std::string_view format, std::size_t& pos) {
  UsingField f;
  char c = at(format, pos);
  if (c == '!' || c == '&') {
    f.kind = c == '!' ? UsingField::Kind::kFirst : UsingField::Kind::kWhole;
    f.text = std::string(1, c);
    ++pos;
    return f;
  }
  if (c != '\\') return std::nullopt;
  std::size_t end = pos + 1;
  while (at(format, end) == ' ') ++end;
  if (at(format, end) != '\\') return std::nullopt;
  f.kind = UsingField::Kind::kFixed;
  f.text = std::string(format.substr(pos, end + 1 - pos));
  pos = end + 1;
  return f;
}

// A number field at pos (advanced past it): [+] [** | $$ | **$] digits and point [^^^^]
// [+ | -], with at least one digit place.
std::optional<UsingField> number_field(std::string_view format, std::size_t& pos) {
  UsingField f;
  std::size_t i = pos;
  bool leading_plus = at(format, i) == '+';
  if (leading_plus) ++i;
  char c = at(format, i);
  if (c == '$' || c == '*') {
    if (at(format, i + 1) != c) return std::nullopt;
    i += 2;
    f.digits_before += c == '*' ? 2 : 1;
    if (c == '*' && at(format, i) == '$') ++i;
  }
  bool dot = at(format, i) == '.';
  if (dot || at(format, i) == '#') {
    if (dot) ++i;
    for (;; ++i) {
      c = at(format, i);
      if (!dot && c == '.') {
        dot = true;
      } else if (c == '#' || (!dot && c == ',')) {
        (dot ? f.decimals : f.digits_before) += 1;
        f.comma = f.comma || c == ',';
      } else {
        break;
      }
    }
  }
  if (f.digits_before + f.decimals == 0) return std::nullopt;
  if (format.substr(i, 4) == "^^^^") i += 4;
  if (!leading_plus && (at(format, i) == '-' || at(format, i) == '+')) ++i;
  f.kind = UsingField::Kind::kNumber;
  f.text = std::string(format.substr(pos, i - pos));
  pos = i;
  return f;
}

// Digits before the point in threes separated by commas.
std::string grouped(const std::string& digits) {
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// Digits with the point after `whole` of them (zeros added or put in front as needed).
std::string decimal_notation(const std::string& digits, int whole, bool force_dot, bool comma) {
  auto group = [&](std::string s) { return comma ? grouped(s) : s; };
  int count = static_cast<int>(digits.size());
  if (whole >= count) {
    std::string s = group(digits + std::string(static_cast<std::size_t>(whole - count), '0'));
    return force_dot ? s + "." : s;
  }
  if (whole > 0) return group(digits.substr(0, whole)) + "." + digits.substr(whole);
  return "." + std::string(static_cast<std::size_t>(-whole), '0') + digits;
}

// Digits with the point after `before` of them and an exponent: `exp10` is the power of
// ten of the last digit place.
std::string scientific_notation(const std::string& digits, int exp10, int before, bool force_dot,
                                bool comma, char letter) {
  std::string out = digits.substr(0, before);
  if (comma) out = grouped(out);
  if (static_cast<int>(digits.size()) > before)
    out += "." + digits.substr(before);
  else if (force_dot)
    out += ".";
  int exponent = exp10 - before + 1;
  std::string e = std::to_string(std::abs(exponent));
  if (e.size() < 2) e.insert(0, "0");
  return out + letter + (exponent < 0 ? "-" : "+") + e;
}

std::string digit_text(uint64_t mantissa, int width) {
  std::string s = std::to_string(mantissa);
  if (static_cast<int>(s.size()) < width) s.insert(0, width - s.size(), '0');
  return s;
}

// |value| with `decimals` digits after the point (rounded where the single's 7 significant
// digits reach beyond them).
std::string fixed_text(const Magnitude& value, int decimals, bool force_dot, bool comma) {
  if (value.value == 0) {
    if (force_dot) return "." + std::string(static_cast<std::size_t>(decimals), '0');
    return decimals ? std::string(static_cast<std::size_t>(decimals), '0') : "0";
  }
  core::DecimalDigits d = value.decimal(value.digits());
  int after = -d.exp10;
  if (after > decimals) {
    d = value.decimal(value.digits() - (after - decimals));  // {0, 0} for <= 0
    after = -d.exp10;
  }
  std::string digits = std::to_string(d.mantissa);
  int whole = static_cast<int>(digits.size()) - after;
  if (static_cast<int>(digits.size()) < decimals + whole)
    digits.append(static_cast<std::size_t>(decimals + whole) - digits.size(), '0');
  return decimal_notation(digits, whole, force_dot, comma);
}

// |value| in E notation with `before` digit places before the point, `decimals` after.
std::string scientific_text(const Magnitude& value, int before, int decimals, bool force_dot,
                            bool comma) {
  const std::string zero_exponent = std::string(1, value.exponent_letter()) + "+00";
  if (value.value == 0) {
    if (force_dot)
      return "." + std::string(static_cast<std::size_t>(decimals), '0') + zero_exponent;
    return value.is_double ? "0" + zero_exponent : zero_exponent;  // (PC-BASIC's odd 0D+00)
  }
  int work = std::min(value.digits(), before + decimals);
  // PC-BASIC takes one digit for a field with no digit places and then counts the exponent
  // one higher: PRINT USING "#^^^^";1 shows %.1E+01.
  core::DecimalDigits d = value.decimal(work == 0 ? 1 : work);
  std::string digits = digit_text(d.mantissa, work);
  while (!digits.empty() && digits.back() == '0') digits.pop_back();
  if (static_cast<int>(digits.size()) < before + decimals)
    digits.append(static_cast<std::size_t>(before + decimals) - digits.size(), '0');
  int exp10 = d.exp10 + (work == 0 ? 1 : 0) + before + decimals - 1;
  return scientific_notation(digits, exp10, before, force_dot, comma, value.exponent_letter());
}

}  // namespace

UsingStep UsingFormat::next() {
  UsingStep step;
  while (true) {
    if (pos_ >= format_.size()) {
      if (!any_field_) return step;  // no field at all: the caller's Illegal function call
      pos_ = 0;
      new_pass_ = true;
      continue;
    }
    std::string& literal = new_pass_ ? step.pending : step.trailing;
    if (format_[pos_] == '_') {  // the next character as it is (`_` when it is the last)
      literal += pos_ + 1 < format_.size() ? format_[pos_ + 1] : '_';
      pos_ += 2;
      continue;
    }
    std::optional<UsingField> field = string_field(format_, pos_);
    if (!field) field = number_field(format_, pos_);
    if (field) {
      any_field_ = true;
      new_pass_ = false;
      step.field = std::move(field);
      return step;
    }
    literal += format_[pos_++];
  }
}

std::string format_field(const UsingField& field, std::string_view value) {
  switch (field.kind) {
    case UsingField::Kind::kWhole:
      return std::string(value);
    case UsingField::Kind::kFirst:
    case UsingField::Kind::kFixed: {
      std::string s(value.substr(0, field.text.size()));
      s.resize(field.text.size(), ' ');
      return s;
    }
    case UsingField::Kind::kNumber:
      break;
  }
  return std::string(value);
}

std::optional<std::string> format_field(const UsingField& field, core::Single value) {
  return format_field_double(field, value, false);
}

std::optional<std::string> format_field_double(const UsingField& field, long double value,
                                               bool is_double) {
  if (field.digits_before + field.decimals > kMaxDigitPlaces) return std::nullopt;
  const std::string& tokens = field.text;
  const bool dollar = tokens.find('$') != std::string::npos;
  const bool force_dot = tokens.find('.') != std::string::npos;
  const bool negative = std::signbit(value);
  int before = field.digits_before;
  std::string out, sign_after;
  if (tokens.front() == '+') {
    out = negative ? "-" : "+";
  } else if (tokens.back() == '+') {
    sign_after = negative ? "-" : "+";
  } else if (tokens.back() == '-') {
    sign_after = negative ? "-" : " ";
  } else {
    out = negative ? "-" : "";
    // Without a sign place of its own the minus takes a digit place (not from $$).
    if (!dollar) before = std::max(before - 1, 0);
  }
  if (dollar) out += '$';
  const Magnitude magnitude{std::fabs(value), is_double};
  if (tokens.find('^') != std::string::npos)
    out += scientific_text(magnitude, before, field.decimals, force_dot, field.comma);
  else
    out += fixed_text(magnitude, field.decimals, force_dot, field.comma);
  out += sign_after;
  const std::size_t width = tokens.size();
  if (out.size() < width) {  // a zero before a bare point when there is room
    std::size_t point = out.front() == '+' || out.front() == '-' ? 1 : 0;
    if (at(out, point) == '.') out.insert(point, "0");
  }
  if (out.size() > width) return "%" + out;
  const char fill = tokens.find('*') != std::string::npos ? '*' : ' ';
  return std::string(width - out.size(), fill) + out;
}

}  // namespace amazing::basic
