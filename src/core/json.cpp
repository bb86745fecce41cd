#include "core/json.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <iterator>
#include <nlohmann/json.hpp>
#include <utility>

namespace amazing::core {

uint8_t json_cell(const Maze& m, int col, int row) {
  uint8_t v = 0;
  uint8_t here = m.walls(col, row);
  if (row == 0 ? col == m.entrance() : (m.walls(col, row - 1) & kDownOpen) != 0) v |= kJsonUp;
  if (col + 1 < m.width() && (here & kRightOpen)) v |= kJsonRight;
  if (here & kDownOpen) v |= kJsonDown;
  if (col > 0 && (m.walls(col - 1, row) & kRightOpen)) v |= kJsonLeft;
  return v;
}

namespace {

using Ordered = nlohmann::ordered_json;

// Text joined by appending (GCC 12 warns, wrongly, about literal + temporary string).
std::string cat(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (std::string_view p : parts) out += p;
  return out;
}

// nlohmann's dump, never throwing: names come from our own tables or from text the reader
// already checked as UTF-8, and anything else has its bad bytes replaced.
std::string dump(const Ordered& value) {
  return value.dump(-1, ' ', false, Ordered::error_handler_t::replace);
}

// ,"key":value -- a member appended to an object that is being written.
void append_member(std::string& out, std::string_view key, const Ordered& value) {
  out += ',';
  out += dump(Ordered(key));
  out += ':';
  out += dump(value);
}

Ordered positions_json(const std::vector<CellPos>& positions) {
  Ordered list = Ordered::array();
  for (const CellPos& p : positions) list.push_back(Ordered::array({p.col, p.row}));
  return list;
}

// nlohmann writes a double in its shortest form (0.175); the statistics have always had
// six decimals (0.175000), so that lines compare as text across versions. A flat object
// is written member by member: doubles as %.6f, everything else by nlohmann.
std::string dump_fixed(const Ordered& object) {
  std::string out = "{";
  for (const auto& member : object.items()) {
    if (out.size() > 1) out += ',';
    out += dump(Ordered(member.key()));
    out += ':';
    if (member.value().is_number_float()) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.6f", member.value().get<double>());
      out += buf;
    } else {
      out += dump(member.value());
    }
  }
  out += '}';
  return out;
}

// The text for nlohmann's lexer, counting the characters it has taken: an error found in
// a SAX event (nesting too deep) can then say where it is. The lexer reads a bracket and
// reports it before reading on, so the count at start_array/start_object is exact.
class CountingIterator {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  CountingIterator(const char* p, std::size_t* count) : p_(p), count_(count) {}
  reference operator*() const { return *p_; }
  CountingIterator& operator++() {
    ++p_;
    ++*count_;
    return *this;
  }
  CountingIterator operator++(int) {
    CountingIterator before = *this;
    ++*this;
    return before;
  }
  bool operator==(const CountingIterator& other) const { return p_ == other.p_; }
  bool operator!=(const CountingIterator& other) const { return p_ != other.p_; }

 private:
  const char* p_;
  std::size_t* count_;
};

// Builds a MazeRecord from nlohmann's SAX events: the cells go straight into bytes, keys
// other than the maze's are skipped without being kept, and every event checks its
// place (a cell is 0..15, a width a whole number, ...). Returning false stops the parse.
class RecordReader : public nlohmann::json_sax<nlohmann::json> {
 public:
  explicit RecordReader(const std::size_t* taken) : taken_(taken) {}

  bool null() override { return scalar(Got{"null"}); }
  bool boolean(bool) override { return scalar(Got{"true or false"}); }
  bool number_integer(number_integer_t v) override { return scalar(Got{"", v}); }
  bool number_unsigned(number_unsigned_t v) override {
    // Past int64: no field takes it, so it is only described.
    if (v > static_cast<number_unsigned_t>(INT64_MAX)) return scalar(Got{"a number that large"});
    return scalar(Got{"", static_cast<int64_t>(v)});
  }
  bool number_float(number_float_t, const string_t& text) override {
    return scalar(Got{cut(text, 40)});
  }
  bool string(string_t& v) override {
    if (depth_ == 1 && field_ == Field::kAlgorithm) {
      record_.algorithm = std::move(v);
      return true;
    }
    return scalar(Got{"a string"});
  }
  bool binary(binary_t&) override { return fail("binary values are not JSON text"); }

  bool start_object(std::size_t) override { return open(Got{"an object"}, false); }
  bool start_array(std::size_t) override { return open(Got{"an array"}, true); }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }

  bool key(string_t& k) override {
    if (depth_ != 1) return true;  // inside a value nobody reads
    field_ = Field::kOther;
    for (std::size_t i = 0; i < std::size(kFields); ++i) {
      if (k == kFields[i]) {
        field_ = static_cast<Field>(i);
        if (seen_[i]) return fail(cat({"\"", k, "\" is given twice; a maze object has each key once"}));
        seen_[i] = true;
      }
    }
    return true;
  }

  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::detail::exception& ex) override {
    // "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error
    // while parsing value - invalid literal; last read: '...'": the part after the
    // column, cut short (the last token may be a long string), at the character.
    std::string what = ex.what();
    auto column = what.find(", column ");
    auto colon = column == std::string::npos ? column : what.find(": ", column);
    if (colon != std::string::npos) {
      what.erase(0, colon + 2);
    } else if (auto bracket = what.find("] "); bracket != std::string::npos) {
      what.erase(0, bracket + 2);
    }
    error_ = at(position, cut(what, 240));
    return false;
  }

  // After the parse: the record, or what is wrong.
  Result<MazeRecord> result(bool parsed) {
    if (!parsed) return Error{error_.empty() ? "JSON maze: not a maze object" : error_};
    if (!seen_[static_cast<int>(Field::kWidth)] || !seen_[static_cast<int>(Field::kHeight)] ||
        !seen_[static_cast<int>(Field::kCells)])
      return Error{"a maze object needs \"width\", \"height\" and \"cells\""};
    return std::move(record_);
  }

 private:
  // The keys the reader keeps, in the order of kFields; kOther is any other key.
  enum class Field { kAlgorithm, kWidth, kHeight, kSeed, kCells, kStarts, kEnds, kMask, kOther };
  static constexpr const char* kFields[] = {"algorithm", "width", "height", "seed",
                                            "cells",     "starts", "ends",   "mask"};
  // A value as the messages name it: a whole number (`what` empty) or its description.
  struct Got {
    explicit Got(std::string described) : what(std::move(described)) {}
    Got(std::string empty, int64_t number) : what(std::move(empty)), integer(number) {}
    std::string what;
    std::optional<int64_t> integer;
    std::string shown() const { return integer ? std::to_string(*integer) : what; }
  };

  // `text` (a number's or a token's text, any length) in at most `max` characters.
  static std::string cut(const std::string& text, std::size_t max) {
    if (text.size() <= max) return text;
    const std::size_t tail = max / 4, head = max - tail - 5;
    return cat({std::string_view(text).substr(0, head), " ... ",
                std::string_view(text).substr(text.size() - tail)});
  }
  static std::string at(std::size_t position, std::string_view what) {
    return cat({"JSON maze, character ", std::to_string(position), ": ", what});
  }
  bool fail(std::string_view what) {
    error_ = cat({"JSON maze: ", what});
    return false;
  }
  std::string_view key_name() const { return kFields[static_cast<int>(field_)]; }
  // The keys whose value is a list of [column,row] pairs, and where a pair goes.
  bool pairs() const {
    return field_ == Field::kStarts || field_ == Field::kEnds || field_ == Field::kMask;
  }
  std::vector<CellPos>& pair_list() {
    if (field_ == Field::kMask) return *record_.mask;
    return field_ == Field::kStarts ? record_.markers.starts : record_.markers.ends;
  }
  bool whole(const Got& got, int& out) {
    if (!got.integer || *got.integer < INT32_MIN || *got.integer > INT32_MAX) {
      return fail(
          cat({"\"", key_name(), "\" is a whole number (at most 2147483647), not ", got.shown()}));
    }
    out = static_cast<int>(*got.integer);
    return true;
  }
  std::string cell_rule(const Got& got) const {
    return cat({"cell ", std::to_string(record_.cells.size() + 1),
                " of \"cells\": a cell is a number 0..15 (bits 1 up, 2 right, 4 down, 8 left), "
                "not ",
                got.shown()});
  }
  std::string pair_rule() const {
    return cat({"\"", key_name(), "\" is a list of [column,row] pairs of whole numbers"});
  }

  // A value that is not an array or object, at the current depth.
  bool scalar(const Got& got) {
    if (depth_ == 0) return fail("expected '{' at the start of a maze object");
    if (field_ == Field::kOther) return true;
    if (depth_ == 1) {
      switch (field_) {
        case Field::kAlgorithm:
          if (got.what == "null") return true;
          return fail(cat({"\"algorithm\" is a name in quotes or null, not ", got.shown()}));
        case Field::kWidth: return whole(got, record_.width);
        case Field::kHeight: return whole(got, record_.height);
        case Field::kSeed: {
          if (got.what == "null") return true;
          int seed = 0;
          if (!whole(got, seed)) return false;
          record_.seed = seed;
          return true;
        }
        case Field::kCells:
          return fail(cat({"\"cells\" is a list of numbers 0..15, not ", got.shown()}));
        default: return fail(cat({pair_rule(), ", not ", got.shown()}));
      }
    }
    if (field_ == Field::kCells) {
      if (!got.integer || *got.integer < 0 || *got.integer > 15) return fail(cell_rule(got));
      record_.cells.push_back(static_cast<uint8_t>(*got.integer));
      return true;
    }
    // "starts", "ends" or "mask": depth 2 holds pairs, depth 3 their two numbers.
    if (depth_ == 2 || pair_len_ >= 2) return fail(pair_rule());
    int& slot = pair_len_ == 0 ? pair_.col : pair_.row;
    if (!whole(got, slot)) return false;
    ++pair_len_;
    return true;
  }

  bool open(const Got& got, bool array) {
    if (depth_ == 0 && array) return fail("expected '{' at the start of a maze object");
    if (depth_ >= 1 && field_ != Field::kOther) {
      if (depth_ == 1) {
        // "cells", "starts", "ends" and "mask" open their list; any other key says what
        // it takes.
        if (!array || !(pairs() || field_ == Field::kCells)) return scalar(got);
        if (field_ == Field::kMask) record_.mask.emplace();
      } else if (depth_ == 2 && pairs() && array) {
        pair_len_ = 0;
      } else {
        return fail(field_ == Field::kCells ? cell_rule(got)
                                            : cat({pair_rule(), ", not ", got.shown()}));
      }
    }
    if (++depth_ > kMaxJsonDepth) {
      error_ = at(*taken_, cat({"nested more than ", std::to_string(kMaxJsonDepth),
                                " levels deep; a maze object needs 3"}));
      return false;
    }
    return true;
  }

  bool close() {
    if (depth_ == 3 && pairs()) {
      if (pair_len_ != 2) return fail(pair_rule());
      pair_list().push_back(pair_);
    }
    --depth_;
    if (depth_ == 1) field_ = Field::kOther;  // the key's value is over
    return true;
  }

  const std::size_t* taken_;
  MazeRecord record_;
  int depth_ = 0;  // arrays and objects open around the current event
  Field field_ = Field::kOther;
  bool seen_[std::size(kFields)] = {};
  CellPos pair_;
  int pair_len_ = 0;
  std::string error_;
};

}  // namespace

std::string maze_to_json(const Maze& maze, std::string_view algorithm, std::optional<int> seed,
                         const Markers& markers, const JsonExtras& extras) {
  Ordered head = Ordered::object();
  head["algorithm"] = algorithm;
  head["width"] = maze.width();
  head["height"] = maze.height();
  head["seed"] = seed ? Ordered(*seed) : Ordered(nullptr);
  std::string out = dump(head);
  // The cells are written here as digits rather than through a tree of values: a tree
  // costs 16 bytes a cell, about 1.4 GB for the 89 million cells a line may hold.
  out.reserve(maze.cells() * 3 + 128);
  out.pop_back();  // the object stays open for the cells
  out += ',';
  out += dump(Ordered("cells"));
  out += ":[";
  for (int row = 0; row < maze.height(); ++row) {
    for (int col = 0; col < maze.width(); ++col) {
      if (row || col) out += ',';
      unsigned v = json_cell(maze, col, row);
      if (v >= 10) out += '1', v -= 10;
      out += static_cast<char>('0' + v);
    }
  }
  out += ']';
  append_member(out, "starts", positions_json(markers.starts));
  append_member(out, "ends", positions_json(markers.ends));
  if (extras.mask != nullptr) {
    std::vector<CellPos> masked;
    for (int row = 0; row < extras.mask->height(); ++row)
      for (int col = 0; col < extras.mask->width(); ++col)
        if (extras.mask->masked(col, row)) masked.push_back(CellPos{col, row});
    append_member(out, "mask", positions_json(masked));
  }
  if (extras.index) append_member(out, "index", *extras.index);
  if (extras.stats) {
    out += ',';
    out += dump(Ordered("stats"));
    out += ':';
    out += stats_json(*extras.stats);  // six-decimal shares: see dump_fixed
  }
  out += '}';
  return out;
}

Result<MazeRecord> parse_maze_json(std::string_view text) {
  std::size_t taken = 0;
  RecordReader reader(&taken);
  bool parsed = false;
  try {
    parsed = nlohmann::json::sax_parse(CountingIterator(text.data(), &taken),
                                       CountingIterator(text.data() + text.size(), &taken),
                                       &reader);
  } catch (const nlohmann::json::exception& e) {
    return Error{cat({"JSON maze: ", e.what()})};
  }
  return reader.result(parsed);
}

std::string stats_json(const MazeStats& s) {
  Ordered j = Ordered::object();
  j["width"] = s.width;
  j["height"] = s.height;
  j["perfect"] = s.perfect;
  j["reason"] = s.verdict.reason();
  j["connected"] = s.connected;
  j["acyclic"] = s.acyclic;
  j["exit_reachable"] = s.verdict.exit_reachable;
  j["cells"] = s.open_cells;
  j["left_out"] = s.left_out;
  j["walled_off"] = s.walled_off;
  j["passages"] = s.passages;
  j["dead_ends"] = s.share(s.dead_ends);
  j["straights"] = s.share(s.straights);
  j["turns"] = s.share(s.turns);
  j["junctions"] = s.share(s.junctions);
  j["crossroads"] = s.share(s.crossroads);
  j["longest_path"] = s.longest_path;
  j["solution_length"] = s.solution_length;
  return dump_fixed(j);
}

Result<Maze> maze_from_record(const MazeRecord& r, Ram& ram) {
  const int w = r.width, h = r.height;
  if (w < 1 || h < 1) return Error{"a maze needs a width and height of at least 1"};
  if (r.cells.size() != static_cast<std::size_t>(w) * static_cast<std::size_t>(h)) {
    return Error{"\"cells\" has " + std::to_string(r.cells.size()) + " numbers but a " +
                 std::to_string(w) + "x" + std::to_string(h) + " maze has " +
                 std::to_string(static_cast<std::size_t>(w) * h) + " cells"};
  }
  auto maze = Maze::create(ram, w, h);
  if (!maze) return maze.error();
  auto at = [&](int c, int row) { return r.cells[static_cast<std::size_t>(row) * w + c]; };
  auto where = [](int c, int row) {
    std::string s(1, '(');
    s += std::to_string(c);
    s += ',';
    s += std::to_string(row);
    s += ')';
    return s;
  };
  int entrances = 0, exits = 0;
  for (int row = 0; row < h; ++row) {
    for (int c = 0; c < w; ++c) {
      uint8_t v = at(c, row);
      bool right_ok = c + 1 < w ? ((v & kJsonRight) != 0) == ((at(c + 1, row) & kJsonLeft) != 0)
                                : (v & kJsonRight) == 0;
      bool down_ok = row + 1 < h ? ((v & kJsonDown) != 0) == ((at(c, row + 1) & kJsonUp) != 0) : true;
      if (c == 0 && (v & kJsonLeft)) right_ok = false;
      if (!right_ok)
        return Error{"cell " + where(c, row) + " and its right-hand neighbour disagree about the wall between them (or it opens the side border)"};
      if (!down_ok)
        return Error{"cell " + where(c, row) + " and the cell below disagree about the wall between them"};
      if (row == 0 && (v & kJsonUp)) {
        ++entrances;
        maze->set_entrance(c);
      }
      if (row + 1 == h && (v & kJsonDown)) ++exits;
      maze->set_walls(c, row,
                      static_cast<uint8_t>(((v & kJsonDown) ? kDownOpen : 0) |
                                           ((v & kJsonRight) ? kRightOpen : 0)));
    }
  }
  if (entrances > 1) return Error{"the top row has " + std::to_string(entrances) + " entrances; a maze has one"};
  if (exits > 1) return Error{"the bottom row has " + std::to_string(exits) + " exits; a maze has one"};
  for (const CellPos& p : r.mask ? *r.mask : std::vector<CellPos>{}) {
    if (p.col < 0 || p.row < 0 || p.col >= w || p.row >= h)
      return Error{"\"mask\" cell " + where(p.col, p.row) + " is off the " + std::to_string(w) +
                   "x" + std::to_string(h) + " maze"};
    if (at(p.col, p.row) != 0)
      return Error{"\"mask\" cell " + where(p.col, p.row) +
                   " has an opening; a masked cell is closed on every side (0)"};
  }
  return maze;
}

std::optional<Mask> record_mask(const MazeRecord& r) {
  if (!r.mask) return std::nullopt;
  Mask mask(r.width, r.height);
  for (const CellPos& p : *r.mask) mask.set(p.col, p.row, true);
  return mask;
}

}  // namespace amazing::core
