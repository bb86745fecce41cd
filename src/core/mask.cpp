#include "core/mask.hpp"

#include <algorithm>

namespace amazing::core {

Mask::Mask(int width, int height)
    : width_(width), height_(height), bits_((static_cast<std::size_t>(width) * height + 63) / 64) {}

void Mask::set(int col, int row, bool on) {
  std::size_t i = static_cast<std::size_t>(row) * width_ + col;
  uint64_t bit = uint64_t{1} << (i & 63);
  bool was = (bits_[i >> 6] & bit) != 0;
  if (on == was) return;
  if (on) {
    bits_[i >> 6] |= bit;
    ++masked_;
  } else {
    bits_[i >> 6] &= ~bit;
    --masked_;
  }
}

Status Mask::check() const {
  std::size_t open = cells() - masked_;
  if (open < 2) return Error{"the mask leaves fewer than two cells open; a maze needs at least two"};
  auto row_has_open = [&](int row) {
    for (int c = 0; c < width_; ++c)
      if (!masked(c, row)) return true;
    return false;
  };
  if (!row_has_open(0))
    return Error{"the mask covers the whole top row; leave a cell open there for the entrance"};
  if (!row_has_open(height_ - 1))
    return Error{"the mask covers the whole bottom row; leave a cell open there for the exit"};
  // Flood fill from the first open cell (validation only: O(cells) scratch is fine here).
  std::vector<uint8_t> seen(cells(), 0);
  std::vector<std::size_t> todo;
  std::size_t first = 0;
  while (masked(first)) ++first;
  seen[first] = 1;
  todo.push_back(first);
  std::size_t reached = 1;
  while (!todo.empty()) {
    std::size_t i = todo.back();
    todo.pop_back();
    int col = static_cast<int>(i % width_), row = static_cast<int>(i / width_);
    const int dc[4] = {0, 1, 0, -1}, dr[4] = {-1, 0, 1, 0};
    for (int d = 0; d < 4; ++d) {
      int c = col + dc[d], r = row + dr[d];
      if (c < 0 || r < 0 || c >= width_ || r >= height_) continue;
      std::size_t j = static_cast<std::size_t>(r) * width_ + c;
      if (masked(j) || seen[j]) continue;
      seen[j] = 1;
      ++reached;
      todo.push_back(j);
    }
  }
  if (reached != open) {
    for (std::size_t i = 0; i < cells(); ++i) {
      if (!masked(i) && !seen[i]) {
        return Error{"the mask cuts cell (" + std::to_string(i % width_ + 1) + "," +
                     std::to_string(i / width_ + 1) +
                     ") (column,row from 1) off from the rest; open a path to it or mask it"};
      }
    }
  }
  return Ok{};
}

Result<Mask> parse_mask(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    pos = end + 1;
    if (!line.empty() && line.front() == ';') continue;
    lines.push_back(line);
  }
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  if (lines.empty()) return Error{"the mask is empty; write one line per row, '#' for a masked cell"};
  std::size_t width = 0;
  for (auto l : lines) width = std::max(width, l.size());
  if (width < 1 || width > 100000 || lines.size() > 100000)
    return Error{"the mask must be 1 to 100000 cells in each direction"};
  // Short lines are padded, so a small file can describe a huge grid; check() needs a
  // byte of scratch a cell. Found by fuzzing: 65 KB of newlines made a 32000x33000 grid.
  if (width * lines.size() > kMaxMaskCells) {
    return Error{"the mask is " + std::to_string(width) + "x" + std::to_string(lines.size()) +
                 ", more than " + std::to_string(kMaxMaskCells) +
                 " cells (8192x8192); use a smaller grid"};
  }
  Mask mask(static_cast<int>(width), static_cast<int>(lines.size()));
  for (std::size_t r = 0; r < lines.size(); ++r) {
    for (std::size_t c = 0; c < lines[r].size(); ++c) {
      char ch = lines[r][c];
      if (ch == '#') {
        mask.set(static_cast<int>(c), static_cast<int>(r), true);
      } else if (ch != '.' && ch != ' ') {
        return Error{"mask line " + std::to_string(r + 1) + ", column " + std::to_string(c + 1) +
                     ": unexpected character '" + std::string(1, ch) +
                     "'; use '#' for a masked cell and '.' for an open one"};
      }
    }
  }
  return mask;
}

std::string format_mask(const Mask& mask) {
  std::string out;
  for (int r = 0; r < mask.height(); ++r) {
    for (int c = 0; c < mask.width(); ++c) out += mask.masked(c, r) ? '#' : '.';
    out += '\n';
  }
  return out;
}

}  // namespace amazing::core
