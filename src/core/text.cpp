#include "core/text.hpp"

#include <cstdint>

namespace amazing::core {
namespace {

constexpr char kHex[] = "0123456789abcdef";

void hex_escape(std::string& out, unsigned char c) {
  out += "\\x";
  out += kHex[c >> 4];
  out += kHex[c & 15];
}

// \uHHHH, or \UHHHHHHHH past U+FFFF.
void code_escape(std::string& out, uint32_t code) {
  const int digits = code > 0xFFFF ? 8 : 4;
  out += code > 0xFFFF ? "\\U" : "\\u";
  for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4) out += kHex[(code >> shift) & 15];
}

}  // namespace

// The bytes of a UTF-8 sequence that starts with `lead` (2..4), or 0 for a byte that
// starts none.
std::size_t utf8_expected(unsigned char lead) {
  if (lead >= 0xC2 && lead <= 0xDF) return 2;
  if (lead >= 0xE0 && lead <= 0xEF) return 3;
  if (lead >= 0xF0 && lead <= 0xF4) return 4;
  return 0;
}

// Length of the valid UTF-8 sequence starting at text[i] (2..4), or 0 if there is none
// (overlong forms, surrogates and values past U+10FFFF are not valid).
std::size_t utf8_length(std::string_view text, std::size_t i, uint32_t& code) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
  unsigned char c = b(0);
  std::size_t len = utf8_expected(c);
  if (len == 0 || i + len > text.size()) return 0;
  code = c & (len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07);
  for (std::size_t k = 1; k < len; ++k) {
    if ((b(k) & 0xC0) != 0x80) return 0;
    code = (code << 6) | (b(k) & 0x3F);
  }
  if ((len == 3 && code < 0x800) || (len == 4 && code < 0x10000) || code > 0x10FFFF ||
      (code >= 0xD800 && code <= 0xDFFF))
    return 0;
  return len;
}

namespace {

// The code points above U+007F that are escaped (the list in text.hpp).
bool escaped_code(uint32_t code) {
  if (code <= 0x9F) return true;  // C1 controls
  switch (code) {
    case 0x00AD:  // soft hyphen
    case 0x061C:  // arabic letter mark
    case 0x180E:  // mongolian vowel separator
    case 0x200B:  // zero width space
    case 0x200E:  // left-to-right mark
    case 0x200F:  // right-to-left mark
    case 0x2028:  // line separator
    case 0x2029:  // paragraph separator
    case 0xFEFF:  // byte order mark, zero width no-break space
      return true;
    default:
      break;
  }
  return (code >= 0x202A && code <= 0x202E) ||  // LRE RLE PDF LRO RLO
         (code >= 0x2060 && code <= 0x2064) ||  // word joiner, invisible operators
         (code >= 0x2066 && code <= 0x2069) ||  // LRI RLI FSI PDI
         (code >= 0x206A && code <= 0x206F) ||  // deprecated format controls
         (code >= 0xFFF9 && code <= 0xFFFB) ||  // interlinear annotation
         (code >= 0xE0000 && code <= 0xE007F);  // tag characters
}

constexpr std::string_view kC64Right = "\x1b[C";

struct Rule {
  bool keep_lines = false;             // line feeds and tabs as they are
  bool cursor_right_as_blank = false;  // ESC [ C as a space
};

void append_escaped(std::string& out, std::string_view text, Rule rule) {
  out.reserve(out.size() + text.size());
  for (std::size_t i = 0; i < text.size();) {
    auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
      ++i;
    } else if ((c == '\n' || c == '\t') && rule.keep_lines) {
      out += static_cast<char>(c);
      ++i;
    } else if (c == '\n' || c == '\t' || c == '\r') {
      out += c == '\n' ? "\\n" : c == '\t' ? "\\t" : "\\r";
      ++i;
    } else if (c == 0x1B && rule.cursor_right_as_blank && text.substr(i, 3) == kC64Right) {
      out += ' ';
      i += 3;
    } else if (c < 0x80) {
      hex_escape(out, c);  // C0 controls and DEL
      ++i;
    } else {
      uint32_t code = 0;
      std::size_t len = utf8_length(text, i, code);
      if (len == 0) {
        hex_escape(out, c);
        ++i;
      } else {
        if (escaped_code(code))
          code_escape(out, code);
        else
          out.append(text.substr(i, len));
        i += len;
      }
    }
  }
}

// Where the bytes that may still become a UTF-8 sequence or an ESC [ C start at the end
// of `text` (text.size() when none do).
std::size_t unfinished_tail(std::string_view text) {
  const std::size_t n = text.size();
  if (n >= 1 && text[n - 1] == '\x1b') return n - 1;
  if (n >= 2 && text.substr(n - 2) == "\x1b[") return n - 2;
  for (std::size_t back = 1; back <= 3 && back <= n; ++back) {
    auto c = static_cast<unsigned char>(text[n - back]);
    if ((c & 0xC0) == 0x80) continue;  // a continuation byte: look further back
    std::size_t want = utf8_expected(c);
    return want > back ? n - back : n;
  }
  return n;
}

}  // namespace

std::string printable(std::string_view text, Newlines newlines) {
  std::string out;
  append_escaped(out, text, Rule{.keep_lines = newlines == Newlines::kKeep});
  return out;
}

std::string visible_only(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
      ++i;
    } else if (c == '\t' || c == '\n' || c == '\r') {
      out += ' ';
      ++i;
    } else if (c < 0x80) {
      ++i;  // C0 controls and DEL
    } else {
      uint32_t code = 0;
      std::size_t len = utf8_length(text, i, code);
      if (len == 0) {
        ++i;
        continue;
      }
      if (!escaped_code(code)) out.append(text.substr(i, len));
      i += len;
    }
  }
  return out;
}

std::string VisibleProgramText::add(std::string_view piece) {
  held_ += piece;
  std::size_t cut = unfinished_tail(held_);
  std::string out;
  append_escaped(out, std::string_view(held_).substr(0, cut),
                 Rule{.keep_lines = true, .cursor_right_as_blank = true});
  held_.erase(0, cut);
  return out;
}

std::string VisibleProgramText::finish() {
  std::string out;
  append_escaped(out, held_, Rule{.keep_lines = true, .cursor_right_as_blank = true});
  held_.clear();
  return out;
}

std::string visible_program_text(std::string_view text) {
  VisibleProgramText visible;
  return visible.add(text) + visible.finish();
}

}  // namespace amazing::core
