// SaveData: what a script keeps between runs with amazing.save / amazing.load, and the
// text of the one file that holds it (one file a script; the host does the reading and
// writing). Values are booleans, integers, floats, strings, and flat tables whose keys are
// integers or strings and whose values are the four others; a key of the store is 1 to
// kMaxSaveKey printable ASCII characters (it is data inside the file, never a file name).
//   SaveData data;
//   data["best"] = SaveValue{int64_t{42}};
//   std::string text = encode_save(data);       // at most kMaxSaveBytes for the host to keep
//   auto back = decode_save(text);              // Result<SaveData>: hostile text is refused
// The text is lines, never code: "amazing save 1", then one line a key:
//   KEY<TAB>VALUE                 VALUE: b:true, b:false, i:-12, f:0.5, s:text
//   KEY<TAB>t<TAB>K<TAB>V...      a table: K is i:N or s:text, V a VALUE
// In s:text the bytes below 32, 127 and '%' are written %XX (hex), so no line holds a tab
// or a line end of its own. decode_save refuses anything else (a size over the limit, an
// unknown line, a bad key, a key twice, a number that does not read back whole).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "core/result.hpp"

namespace amazing::core {

inline constexpr std::size_t kMaxSaveBytes = 64 * 1024;  // a script's whole file
inline constexpr std::size_t kMaxSaveKey = 64;

// A value inside a table (and the value of a key, except a table).
using SaveScalar = std::variant<bool, int64_t, double, std::string>;
using SaveTableKey = std::variant<int64_t, std::string>;
struct SaveTable {
  std::vector<std::pair<SaveTableKey, SaveScalar>> entries;
};
using SaveValue = std::variant<bool, int64_t, double, std::string, SaveTable>;
using SaveData = std::map<std::string, SaveValue>;

// Whether `key` may name a value: 1..kMaxSaveKey characters, each printable ASCII.
bool save_key_ok(std::string_view key);

// The file's text (keys in order, so the same data gives the same bytes).
std::string encode_save(const SaveData& data);

// The data of a file's text; an error says which line is wrong and why. Empty text is an
// empty store.
Result<SaveData> decode_save(std::string_view text);

}  // namespace amazing::core
