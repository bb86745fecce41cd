#include "core/records.hpp"

#include <algorithm>
#include <charconv>

namespace amazing::core {
namespace {

constexpr std::string_view kTime = "time";
constexpr std::string_view kMoves = "moves";
constexpr std::string_view kOrder = "order";

bool read_int(std::string_view text, int& value) {
  const char* end = text.data() + text.size();
  auto r = std::from_chars(text.data(), end, value);
  return !text.empty() && r.ec == std::errc() && r.ptr == end;
}

std::vector<std::string_view> words(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t space = text.find(' ', start);
    if (space == std::string_view::npos) space = text.size();
    out.push_back(text.substr(start, space - start));
    start = space + 1;
  }
  return out;
}

bool maker_ok(std::string_view maker) {
  if (maker.empty() || maker.size() > 24) return false;
  return std::all_of(maker.begin(), maker.end(),
                     [](char c) { return (c >= 'a' && c <= 'z') || c == '-'; });
}

// The integer under `name` in a record's table; nullopt when missing or out of [lo, hi].
std::optional<int64_t> field(const SaveTable& table, std::string_view name, int64_t lo,
                             int64_t hi) {
  for (const auto& [k, v] : table.entries) {
    const auto* key = std::get_if<std::string>(&k);
    if (key == nullptr || *key != name) continue;
    const auto* value = std::get_if<int64_t>(&v);
    if (value == nullptr || *value < lo || *value > hi) return std::nullopt;
    return *value;
  }
  return std::nullopt;
}

}  // namespace

std::string record_key_name(const RecordKey& key) {
  std::string out = key.machine + " " + key.maker + " " + std::to_string(key.width) + "x" +
                    std::to_string(key.length);
  return out + (key.seed ? " seed " + std::to_string(*key.seed) : " no seed");
}

std::optional<RecordKey> parse_record_key(std::string_view name) {
  const auto w = words(name);
  if (w.size() != 5) return std::nullopt;
  RecordKey key;
  if (w[0] != "pc" && w[0] != "c64") return std::nullopt;
  key.machine = std::string(w[0]);
  if (!maker_ok(w[1])) return std::nullopt;
  key.maker = std::string(w[1]);
  const std::size_t x = w[2].find('x');
  if (x == std::string_view::npos || !read_int(w[2].substr(0, x), key.width) ||
      !read_int(w[2].substr(x + 1), key.length) || key.width < 1 || key.length < 1 ||
      key.width > 99999 || key.length > 99999)
    return std::nullopt;
  if (w[3] == "no" && w[4] == "seed") return key;
  int seed = 0;
  if (w[3] != "seed" || !read_int(w[4], seed) || seed < -32768 || seed > 32767) return std::nullopt;
  key.seed = seed;
  // Only the spelling record_key_name makes ("seed 07" would be a second name for 7).
  if (record_key_name(key) != name) return std::nullopt;
  return key;
}

std::string format_record_time(int64_t ms) {
  ms = std::clamp<int64_t>(ms, 0, kMaxRecordMs);
  const int64_t tenths = ms / 100;
  const int64_t secs = tenths / 10 % 60;
  std::string out = std::to_string(tenths / 600);
  out += ':';
  out += static_cast<char>('0' + secs / 10);
  out += static_cast<char>('0' + secs % 10);
  out += '.';
  out += static_cast<char>('0' + tenths % 10);
  return out;
}

Result<RecordBook> RecordBook::from_save(const SaveData& data) {
  RecordBook book;
  if (data.size() > kMaxRecords)
    return Error{"it holds " + std::to_string(data.size()) + " records, more than the " +
                 std::to_string(kMaxRecords) + " kept"};
  for (const auto& [name, value] : data) {
    auto key = parse_record_key(name);
    if (!key) return Error{"'" + name + "' does not name a maze (machine maker WxL seed N)"};
    const auto* table = std::get_if<SaveTable>(&value);
    if (table == nullptr || table->entries.size() != 3)
      return Error{"the record of '" + name + "' is not a table of time, moves and order"};
    auto ms = field(*table, kTime, 0, kMaxRecordMs);
    auto moves = field(*table, kMoves, 1, kMaxRecordMoves);
    auto order = field(*table, kOrder, 0, INT64_MAX / 2);
    if (!ms || !moves || !order)
      return Error{"the record of '" + name + "' has a time, moves or order out of range"};
    book.records_.emplace(std::move(*key), Record{*ms, *moves, *order});
  }
  return book;
}

SaveData RecordBook::to_save() const {
  SaveData data;
  for (const auto& [key, r] : records_) {
    SaveTable t;
    t.entries.emplace_back(std::string(kTime), r.best_ms);
    t.entries.emplace_back(std::string(kMoves), r.fewest_moves);
    t.entries.emplace_back(std::string(kOrder), r.order);
    data.emplace(record_key_name(key), std::move(t));
  }
  return data;
}

RecordNews RecordBook::add(const RecordKey& key, int64_t ms, int64_t moves) {
  ms = std::clamp<int64_t>(ms, 0, kMaxRecordMs);
  moves = std::clamp<int64_t>(moves, 1, kMaxRecordMoves);
  int64_t next_order = 0;
  for (const auto& [k, r] : records_) next_order = std::max(next_order, r.order + 1);
  RecordNews news;
  auto it = records_.find(key);
  if (it == records_.end()) {
    if (records_.size() >= kMaxRecords) {
      auto oldest = std::min_element(records_.begin(), records_.end(), [](auto& a, auto& b) {
        return a.second.order < b.second.order;
      });
      records_.erase(oldest);
    }
    news.first = true;
    news.now = Record{ms, moves, next_order};
    records_.emplace(key, news.now);
    return news;
  }
  Record& r = it->second;
  news.before = r;
  news.faster = ms < r.best_ms;
  news.shorter = moves < r.fewest_moves;
  if (news.faster) r.best_ms = ms;
  if (news.shorter) r.fewest_moves = moves;
  if (news.faster || news.shorter) r.order = next_order;
  news.now = r;
  return news;
}

std::optional<Record> RecordBook::find(const RecordKey& key) const {
  auto it = records_.find(key);
  if (it == records_.end()) return std::nullopt;
  return it->second;
}

std::vector<std::string> RecordBook::lines() const {
  // RecordKey's order is the listing's: machine, maker, width, length, no seed, seeds.
  std::vector<std::string> out;
  for (const auto& [key, r] : records_)
    out.push_back(record_key_name(key) + ": best time " + format_record_time(r.best_ms) +
                  ", fewest moves " + std::to_string(r.fewest_moves));
  return out;
}

}  // namespace amazing::core
