// Eller's rows (EllerRows, also streamed by gen) and the eller generator (twin of
// scripts/generators/eller.lua); see eller.hpp and algorithm.hpp.

#include "core/generators/eller.hpp"

#include "core/generators/algorithm.hpp"
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
  // Branch-free on the coins (a branch on a random coin mispredicts half the time): a
  // coin is the state after a step being below 2^23 (exactly pick(2) == 1; see
  // GwRnd::draw_at and generators_test), and the step is kept only where a draw is due.
  // The RND state and the arrays are local: `out` may alias anything, so members would
  // be reloaded after every store.
  const int w = width_;
  int32_t* const label = label_.data();
  int32_t* const parent = parent_.data();
  int32_t* const count = count_.data();
  uint8_t* const has_down = has_down_.data();
  uint8_t* const used = used_.data();
  uint32_t s = rnd_.state();
  uint64_t draws = 0;
  auto find = [parent](int32_t x) {
    while (parent[x] != x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  };
  for (int c = 0; c < w; ++c) out[c] = 0;
  // Horizontal pass: join neighbours in different sets (always on the last row).
  // `a` carries the root of cell c's set along the row (a join makes it c+1's root too).
  const uint32_t not_last = last ? 0u : 1u;
  int32_t a = w > 0 ? find(label[0]) : 0;
  for (int c = 0; c + 1 < w; ++c) {
    const int32_t b = find(label[c + 1]);
    const uint32_t differ = a != b;
    const uint32_t s1 = GwRnd::next_state(s);
    const uint32_t drew = differ & not_last;
    const uint32_t coin = s1 < (GwRnd::kModulus >> 1);
    const uint32_t keep = 0u - drew;
    s = (s1 & keep) | (s & ~keep);
    draws += drew;
    const uint32_t join = differ & (coin | (not_last ^ 1u));
    out[c] = static_cast<uint8_t>(out[c] | (join * kRightOpen));
    parent[b] = join ? a : b;  // b is a root: parent[b] == b unless joined
    a = join ? a : b;
  }
  if (last) {
    rnd_.advance_to(s, draws);
    return;
  }
  for (int c = 0; c < w; ++c) {
    label[c] = find(label[c]);
    ++count[label[c]];
  }
  // Vertical pass: every set sends at least one cell down.
  for (int c = 0; c < w; ++c) {
    const int32_t l = label[c];
    const uint32_t forced = (--count[l] == 0) & (has_down[l] == 0);
    const uint32_t s1 = GwRnd::next_state(s);
    const uint32_t coin = s1 < (GwRnd::kModulus >> 1);
    const uint32_t keep = forced - 1u;  // all ones when the cell draws
    s = (s1 & keep) | (s & ~keep);
    draws += forced ^ 1u;
    const uint32_t down = forced | coin;
    out[c] = static_cast<uint8_t>(out[c] | (down * kDownOpen));
    has_down[l] = static_cast<uint8_t>(has_down[l] | down);
    used[l] = static_cast<uint8_t>(used[l] | down);
    label[c] = down ? l : -1;
  }
  rnd_.advance_to(s, draws);
  // Cells that did not come down from above start sets of their own, with labels no set
  // continuing downward uses.
  int32_t next_free = 0;
  for (int c = 0; c < w; ++c) {
    if (label[c] >= 0) continue;
    while (used[next_free]) ++next_free;
    label[c] = next_free++;
  }
  for (int l = 0; l < w; ++l) {
    parent[l] = l;
    count[l] = 0;
    has_down[l] = 0;
    used[l] = 0;
  }
}

namespace {

// eller: see eller.hpp for the RND order; one move is one row.
class Eller final : public Generator {
 public:
  Eller(Maze& m, GwRnd& r, const GeneratorOptions& o)
      : Generator(m, r, o, "eller"), rows_(width_, r), buffer_(width_) {
    note_scratch(rows_.memory_bytes() + buffer_.capacity());
  }
  CellPos cursor() const override { return {0, row_}; }

 protected:
  bool carving_done() const override { return row_ >= height_; }
  void carve_step() override { row(); }

 private:
  void row() {
    rows_.next_row(buffer_.data(), row_ + 1 == height_);
    // Into the store without a branch per cell (OR-ing 0 changes nothing) and on locals
    // (the store's bytes may alias the members).
    const std::size_t base = static_cast<std::size_t>(row_) * width_;
    const uint8_t* const src = buffer_.data();
    const Nibbles cells = nib_;
    const std::size_t w = static_cast<std::size_t>(width_);
    for (std::size_t c = 0; c < w; ++c) cells.set_bits(base + c, src[c]);
    ++row_;
  }
  EllerRows rows_;
  std::vector<uint8_t> buffer_;
  int row_ = 0;
};

}  // namespace

std::unique_ptr<Generator> make_eller(Maze& maze, GwRnd& rnd, const GeneratorOptions& options) {
  return std::make_unique<Eller>(maze, rnd, options);
}

}  // namespace amazing::core
