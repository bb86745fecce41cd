#include "core/json.hpp"

#include <cctype>
#include <charconv>
#include <cstdio>
#include <cstring>

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

void append_escaped(std::string& out, std::string_view s) {
  out += '"';
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += c;
    }
  }
  out += '"';
}

void append_positions(std::string& out, const std::vector<CellPos>& v) {
  out += '[';
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (i) out += ',';
    out += '[' + std::to_string(v[i].col) + ',' + std::to_string(v[i].row) + ']';
  }
  out += ']';
}

class Parser {
 public:
  explicit Parser(std::string_view text) : t_(text) {}

  Result<MazeRecord> record() {
    MazeRecord rec;
    bool have_w = false, have_h = false, have_cells = false;
    ws();
    if (!eat('{')) return fail("expected '{' at the start of a maze object");
    ws();
    if (!eat('}')) {
      for (;;) {
        ws();
        std::string key;
        if (!string(key)) return fail("expected a key in quotes");
        ws();
        if (!eat(':')) return fail("expected ':' after \"" + key + "\"");
        ws();
        bool ok;
        if (key == "algorithm") {
          ok = null() || string(rec.algorithm);
        } else if (key == "width") {
          ok = integer(rec.width) && (have_w = true);
        } else if (key == "height") {
          ok = integer(rec.height) && (have_h = true);
        } else if (key == "seed") {
          int s = 0;
          ok = null() || (integer(s) && (rec.seed = s, true));
        } else if (key == "cells") {
          ok = cells(rec.cells) && (have_cells = true);
        } else if (key == "starts") {
          ok = positions(rec.markers.starts);
        } else if (key == "ends") {
          ok = positions(rec.markers.ends);
        } else {
          ok = skip_value();
        }
        if (!ok) return fail(error_.empty() ? "bad value for \"" + key + "\"" : error_);
        ws();
        if (eat('}')) break;
        if (!eat(',')) return fail("expected ',' or '}'");
      }
    }
    ws();
    if (pos_ != t_.size()) return fail("unexpected text after the maze object");
    if (!have_w || !have_h || !have_cells)
      return Error{"a maze object needs \"width\", \"height\" and \"cells\""};
    return rec;
  }

 private:
  Error fail(const std::string& what) {
    return Error{"JSON maze, character " + std::to_string(pos_ + 1) + ": " + what};
  }
  void ws() {
    while (pos_ < t_.size() && std::isspace(static_cast<unsigned char>(t_[pos_]))) ++pos_;
  }
  bool eat(char c) {
    if (pos_ < t_.size() && t_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  bool literal(std::string_view word) {
    if (t_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }
  bool null() { return literal("null"); }
  bool string(std::string& out) {
    if (!eat('"')) return false;
    out.clear();
    while (pos_ < t_.size()) {
      char c = t_[pos_++];
      if (c == '"') return true;
      if (c == '\\') {
        if (pos_ >= t_.size()) return false;
        char e = t_[pos_++];
        switch (e) {
          case 'n': out += '\n'; break;
          case 't': out += '\t'; break;
          case 'r': out += '\r'; break;
          case 'b': out += '\b'; break;
          case 'f': out += '\f'; break;
          case 'u':
            if (pos_ + 4 > t_.size()) return false;
            out += '?';  // names are ASCII; other characters are not needed here
            pos_ += 4;
            break;
          default: out += e; break;
        }
      } else {
        out += c;
      }
    }
    return false;
  }
  bool integer(int& out) {
    const char* b = t_.data() + pos_;
    const char* e = t_.data() + t_.size();
    auto [p, ec] = std::from_chars(b, e, out);
    if (ec != std::errc()) {
      error_ = "expected a whole number";
      return false;
    }
    pos_ += static_cast<std::size_t>(p - b);
    return true;
  }
  bool cells(std::vector<uint8_t>& out) {
    if (!eat('[')) return false;
    ws();
    if (eat(']')) return true;
    for (;;) {
      ws();
      int v = 0;
      if (!integer(v)) return false;
      if (v < 0 || v > 15) {
        error_ = "a cell is a number 0..15 (bits 1 up, 2 right, 4 down, 8 left), not " +
                 std::to_string(v);
        return false;
      }
      out.push_back(static_cast<uint8_t>(v));
      ws();
      if (eat(']')) return true;
      if (!eat(',')) return false;
    }
  }
  bool positions(std::vector<CellPos>& out) {
    if (!eat('[')) return false;
    ws();
    if (eat(']')) return true;
    for (;;) {
      ws();
      CellPos p;
      if (!eat('[')) return false;
      ws();
      if (!integer(p.col)) return false;
      ws();
      if (!eat(',')) return false;
      ws();
      if (!integer(p.row)) return false;
      ws();
      if (!eat(']')) return false;
      out.push_back(p);
      ws();
      if (eat(']')) return true;
      if (!eat(',')) return false;
    }
  }
  bool skip_value(int depth = 0) {
    if (depth > 64) return false;
    ws();
    if (pos_ >= t_.size()) return false;
    char c = t_[pos_];
    if (c == '"') {
      std::string s;
      return string(s);
    }
    if (c == '{' || c == '[') {
      char close = c == '{' ? '}' : ']';
      ++pos_;
      ws();
      if (eat(close)) return true;
      for (;;) {
        if (c == '{') {
          std::string k;
          ws();
          if (!string(k)) return false;
          ws();
          if (!eat(':')) return false;
        }
        if (!skip_value(depth + 1)) return false;
        ws();
        if (eat(close)) return true;
        if (!eat(',')) return false;
      }
    }
    if (literal("true") || literal("false") || literal("null")) return true;
    std::size_t start = pos_;
    while (pos_ < t_.size() && (std::isdigit(static_cast<unsigned char>(t_[pos_])) ||
                                std::strchr("+-.eE", t_[pos_]) != nullptr))
      ++pos_;
    return pos_ > start;
  }

  std::string_view t_;
  std::size_t pos_ = 0;
  std::string error_;
};

}  // namespace

std::string maze_to_json(const Maze& maze, std::string_view algorithm, std::optional<int> seed,
                         const Markers& markers, std::string_view extra) {
  std::string out;
  out.reserve(maze.cells() * 3 + 128);
  out += "{\"algorithm\":";
  append_escaped(out, algorithm);
  out += ",\"width\":" + std::to_string(maze.width());
  out += ",\"height\":" + std::to_string(maze.height());
  out += ",\"seed\":" + (seed ? std::to_string(*seed) : std::string("null"));
  out += ",\"cells\":[";
  for (int row = 0; row < maze.height(); ++row) {
    for (int col = 0; col < maze.width(); ++col) {
      if (row || col) out += ',';
      unsigned v = json_cell(maze, col, row);
      if (v >= 10) out += '1', v -= 10;
      out += static_cast<char>('0' + v);
    }
  }
  out += "],\"starts\":";
  append_positions(out, markers.starts);
  out += ",\"ends\":";
  append_positions(out, markers.ends);
  if (!extra.empty()) {
    out += ',';
    out += extra;
  }
  out += '}';
  return out;
}

Result<MazeRecord> parse_maze_json(std::string_view text) { return Parser(text).record(); }

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
  return maze;
}

}  // namespace amazing::core
