#include "core/generators/eller.hpp"

#include "core/maze.hpp"

namespace amazing::core {

EllerRows::EllerRows(int width, GwRnd& rnd)
    : width_(width),
      rnd_(rnd),
      label_(width),
      parent_(width),
      count_(width, 0),
      has_down_(width, 0),
      used_(width, 0) {
  for (int c = 0; c < width; ++c) label_[c] = parent_[c] = c;
}

std::size_t EllerRows::memory_bytes() const {
  return sizeof(*this) + label_.capacity() * 4 + parent_.capacity() * 4 + count_.capacity() * 4 +
         has_down_.capacity() + used_.capacity();
}

void EllerRows::next_row(uint8_t* out, bool last) {
  const int w = width_;
  auto pick2 = [this] {
    int v = rnd_.draw(2);
    return v > 2 ? 2 : v;
  };
  for (int c = 0; c < w; ++c) out[c] = 0;
  // Horizontal pass: join neighbours in different sets (always on the last row).
  // `a` carries the root of cell c's set along the row (a join makes it c+1's root too).
  int32_t a = w > 0 ? find(label_[0]) : 0;
  for (int c = 0; c + 1 < w; ++c) {
    int32_t b = find(label_[c + 1]);
    if (a != b && (last || pick2() == 1)) {
      out[c] |= kRightOpen;
      parent_[b] = a;
    } else {
      a = b;
    }
  }
  if (last) return;
  for (int c = 0; c < w; ++c) {
    label_[c] = find(label_[c]);
    ++count_[label_[c]];
  }
  // Vertical pass: every set sends at least one cell down.
  for (int c = 0; c < w; ++c) {
    int32_t l = label_[c];
    bool down;
    if (--count_[l] == 0 && !has_down_[l]) {
      down = true;
    } else {
      down = pick2() == 1;
    }
    if (down) {
      out[c] |= kDownOpen;
      has_down_[l] = 1;
      used_[l] = 1;
    } else {
      label_[c] = -1;
    }
  }
  // Cells that did not come down from above start sets of their own, with labels no set
  // continuing downward uses.
  int32_t next_free = 0;
  for (int c = 0; c < w; ++c) {
    if (label_[c] >= 0) continue;
    while (used_[next_free]) ++next_free;
    label_[c] = next_free++;
  }
  for (int l = 0; l < w; ++l) {
    parent_[l] = l;
    count_[l] = 0;
    has_down_[l] = 0;
    used_[l] = 0;
  }
}

}  // namespace amazing::core
