// Records: the best time and the fewest moves of each maze finished in `amazing play`,
// kept as core::SaveData (save_data.hpp), so the records file is the same typed, bounded
// text as a Lua script's saves. A maze is known by its machine, its maker (the 1978
// walk's revision or an algorithm's name), its size and its seed:
//   RecordKey key{"pc", "book", 10, 12, 7};     // record_key_name: "pc book 10x12 seed 7"
//   RecordBook book;                            // or RecordBook::from_save(decoded data)
//   RecordNews news = book.add(key, 42300, 38);  // news.first, news.faster, news.shorter
//   book.lines()   // "pc book 10x12 seed 7: best time 0:42.3, fewest moves 38", sorted
//   encode_save(book.to_save())                 // at most kMaxSaveBytes, always
// One line of the file a maze:
//   pc book 10x12 seed 7<TAB>t<TAB>s:time<TAB>i:42300<TAB>s:moves<TAB>i:38<TAB>s:order<TAB>i:5
// time in milliseconds; order counts the records set, so that a full book (kMaxRecords)
// forgets the maze whose record is the oldest to make room for a new one.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"
#include "core/save_data.hpp"

namespace amazing::core {

inline constexpr std::size_t kMaxRecords = 300;        // 300 lines stay far under 64 KB
inline constexpr int64_t kMaxRecordMs = 1000LL * 60 * 60 * 24 * 365;  // a year
inline constexpr int64_t kMaxRecordMoves = 1000000000;

struct RecordKey {
  std::string machine;  // "pc" or "c64"
  std::string maker;    // "book", "fixed", "fixed-exit" or an algorithm's name
  int width = 0;
  int length = 0;
  std::optional<int> seed;  // none: the power-on state

  auto operator<=>(const RecordKey&) const = default;
};

// "pc book 10x12 seed 7", "c64 fixed-exit 12x10 no seed": the key in the file and the
// start of the line that lists it.
std::string record_key_name(const RecordKey& key);
// The key a name stands for; nullopt when it is not one record_key_name makes.
std::optional<RecordKey> parse_record_key(std::string_view name);

struct Record {
  int64_t best_ms = 0;
  int64_t fewest_moves = 0;
  int64_t order = 0;  // larger: set more recently
};

// What a finish did to the records of its maze.
struct RecordNews {
  bool first = false;    // the maze had no record yet
  bool faster = false;   // a new best time (not on the first finish)
  bool shorter = false;  // fewer moves than before (not on the first finish)
  Record before;         // the record before this finish (first: none)
  Record now;            // the record after it
};

// "0:42.3": minutes, seconds and tenths (tenths cut, never rounded up).
std::string format_record_time(int64_t ms);

class RecordBook {
 public:
  // The records of a decoded file; an error names the entry that is not a record.
  static Result<RecordBook> from_save(const SaveData& data);
  SaveData to_save() const;

  // A finish in `ms` milliseconds and `moves` moves (both clamped to their bounds).
  RecordNews add(const RecordKey& key, int64_t ms, int64_t moves);
  std::optional<Record> find(const RecordKey& key) const;
  std::size_t size() const { return records_.size(); }
  // One line a record, sorted by machine, maker, width, length, then seed (no seed first).
  std::vector<std::string> lines() const;

 private:
  std::map<RecordKey, Record> records_;
};

}  // namespace amazing::core
