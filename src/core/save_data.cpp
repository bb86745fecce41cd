#include "core/save_data.hpp"

#include <charconv>
#include <system_error>

namespace amazing::core {
namespace {

constexpr std::string_view kHeader = "amazing save 1";
constexpr char kHex[] = "0123456789ABCDEF";

bool escaped_byte(unsigned char c) {
  return c < 0x20 || c == 0x7F || c == '%';
}

void append_escaped(std::string& out, std::string_view text) {
  for (char ch : text) {
    auto c = static_cast<unsigned char>(ch);
    if (escaped_byte(c)) {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += ch;
    }
  }
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// s:text back to its bytes; false when an escape is broken or a byte should have been one.
bool unescape(std::string_view text, std::string& out) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      if (escaped_byte(static_cast<unsigned char>(text[i]))) return false;
      out += text[i];
      continue;
    }
    if (i + 2 >= text.size()) return false;  // a cut-short %X
    int hi = hex_digit(text[i + 1]), lo = hex_digit(text[i + 2]);
    if (hi < 0 || lo < 0) return false;
    out += static_cast<char>(hi * 16 + lo);
    i += 2;
  }
  return true;
}

struct TokenWriter {
  std::string& out;
  void operator()(bool b) const { out += b ? "b:true" : "b:false"; }
  void operator()(int64_t i) const { out += "i:" + std::to_string(i); }
  void operator()(double d) const {
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, d);
    out += "f:";
    out.append(buf, r.ptr);
  }
  void operator()(const std::string& s) const {
    out += "s:";
    append_escaped(out, s);
  }
  void operator()(const SaveTable& t) const {
    out += 't';
    for (const auto& [k, v] : t.entries) {
      out += '\t';
      std::visit(*this, k);
      out += '\t';
      std::visit(*this, v);
    }
  }
};

template <typename T>
bool read_number(std::string_view text, T& value) {
  const char* end = text.data() + text.size();
  auto r = std::from_chars(text.data(), end, value);
  return !text.empty() && r.ec == std::errc() && r.ptr == end;
}

// One b:/i:/f:/s: token; false when it is none of them.
bool read_scalar(std::string_view token, SaveScalar& value) {
  if (token.size() < 2 || token[1] != ':') return false;
  std::string_view body = token.substr(2);
  switch (token[0]) {
    case 'b':
      if (body != "true" && body != "false") return false;
      value = body == "true";
      return true;
    case 'i': {
      int64_t i = 0;
      if (!read_number(body, i)) return false;
      value = i;
      return true;
    }
    case 'f': {
      double d = 0;
      if (!read_number(body, d)) return false;
      value = d;
      return true;
    }
    case 's': {
      std::string s;
      if (!unescape(body, s)) return false;
      value = std::move(s);
      return true;
    }
    default:
      return false;
  }
}

bool read_table_key(std::string_view token, SaveTableKey& key) {
  SaveScalar scalar;
  if (token.empty() || (token[0] != 'i' && token[0] != 's')) return false;
  if (!read_scalar(token, scalar)) return false;
  if (auto* i = std::get_if<int64_t>(&scalar))
    key = *i;
  else
    key = std::get<std::string>(std::move(scalar));
  return true;
}

std::vector<std::string_view> split_tabs(std::string_view line) {
  std::vector<std::string_view> fields;
  std::size_t start = 0;
  while (true) {
    std::size_t tab = line.find('\t', start);
    fields.push_back(line.substr(start, tab == std::string_view::npos ? tab : tab - start));
    if (tab == std::string_view::npos) return fields;
    start = tab + 1;
  }
}

SaveValue to_value(SaveScalar scalar) {
  return std::visit([](auto&& v) -> SaveValue { return SaveValue(std::move(v)); },
                    std::move(scalar));
}

// One KEY<TAB>... line into `data`; an error message, or "" when it was read.
std::string read_line(std::string_view line, SaveData& data) {
  std::vector<std::string_view> fields = split_tabs(line);
  if (fields.size() < 2) return "a line without a value";
  std::string key(fields[0]);
  if (!save_key_ok(key)) return "a key that is not 1 to 64 printable characters";
  if (data.count(key) != 0) return "the key '" + key + "' comes twice";
  if (fields[1] != "t") {
    SaveScalar scalar;
    if (fields.size() != 2 || !read_scalar(fields[1], scalar))
      return "the value of '" + key + "' is not b:, i:, f:, s: or t";
    data.emplace(std::move(key), to_value(std::move(scalar)));
    return "";
  }
  if (fields.size() % 2 != 0) return "the table '" + key + "' has a key without a value";
  SaveTable table;
  std::vector<SaveTableKey> seen;
  for (std::size_t i = 2; i < fields.size(); i += 2) {
    SaveTableKey k;
    SaveScalar v;
    if (!read_table_key(fields[i], k) || !read_scalar(fields[i + 1], v))
      return "the table '" + key + "' has an entry that is not i:/s: and a value";
    table.entries.emplace_back(std::move(k), std::move(v));
  }
  std::map<SaveTableKey, bool> keys;
  for (const auto& entry : table.entries)
    if (!keys.emplace(entry.first, true).second) return "the table '" + key + "' has a key twice";
  data.emplace(std::move(key), std::move(table));
  return "";
}

}  // namespace

bool save_key_ok(std::string_view key) {
  if (key.empty() || key.size() > kMaxSaveKey) return false;
  for (char c : key)
    if (c < 0x20 || c > 0x7E) return false;
  return true;
}

std::string encode_save(const SaveData& data) {
  std::string out(kHeader);
  out += '\n';
  for (const auto& [key, value] : data) {
    out += key;
    out += '\t';
    std::visit(TokenWriter{out}, value);
    out += '\n';
  }
  return out;
}

Result<SaveData> decode_save(std::string_view text) {
  SaveData data;
  if (text.empty()) return data;
  if (text.size() > kMaxSaveBytes)
    return Error{"it is larger than " + std::to_string(kMaxSaveBytes / 1024) + " KB"};
  if (text.back() != '\n') return Error{"its last line is cut short"};
  std::size_t start = 0;
  int number = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++number;
    if (number == 1) {
      if (line != kHeader) return Error{"it does not start with \"amazing save 1\""};
      continue;
    }
    std::string why = read_line(line, data);
    if (!why.empty()) return Error{"line " + std::to_string(number) + ": " + why};
  }
  return data;
}

}  // namespace amazing::core
