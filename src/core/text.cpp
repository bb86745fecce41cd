#include "core/text.hpp"

#include <cstdint>

namespace amazing::core {
namespace {

void hex_escape(std::string& out, unsigned char c) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += "\\x";
  out += kHex[c >> 4];
  out += kHex[c & 15];
}

// Length of the valid UTF-8 sequence starting at text[i] (2..4), or 0 if there is none
// (overlong forms, surrogates and values past U+10FFFF are not valid).
std::size_t utf8_length(std::string_view text, std::size_t i, uint32_t& code) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
  unsigned char c = b(0);
  std::size_t len = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
  if (c >= 0xF5) len = 0;
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

}  // namespace

std::string printable(std::string_view text, Newlines newlines) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
      ++i;
    } else if (c == '\n') {
      out += newlines == Newlines::kKeep ? "\n" : "\\n";
      ++i;
    } else if (c == '\t' && newlines == Newlines::kKeep) {
      out += '\t';
      ++i;
    } else if (c == '\t' || c == '\r') {
      out += c == '\t' ? "\\t" : "\\r";
      ++i;
    } else if (c < 0x80) {
      hex_escape(out, c);  // C0 controls and DEL
      ++i;
    } else {
      uint32_t code = 0;
      std::size_t len = utf8_length(text, i, code);
      if (len == 0) {
        hex_escape(out, c);
        ++i;
      } else if (code >= 0x80 && code <= 0x9F) {
        static constexpr char kHex[] = "0123456789abcdef";
        out += "\\u00";
        out += kHex[code >> 4];
        out += kHex[code & 15];
        i += len;
      } else {
        out.append(text.substr(i, len));
        i += len;
      }
    }
  }
  return out;
}

}  // namespace amazing::core
