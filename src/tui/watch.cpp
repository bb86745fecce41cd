#include "tui/watch.hpp"

#include <algorithm>
#include <cmath>

#include "tui/keys.hpp"
#include "tui/play.hpp"
#include "tui/session.hpp"
#include "tui/viewport.hpp"

namespace amazing::tui {

core::Result<std::unique_ptr<Replay>> Replay::start(const Recipe& recipe) {
  std::unique_ptr<Replay> r(new Replay());
  r->ram_ = std::make_unique<core::Ram>(recipe.ram);
  auto maze = core::Maze::create(*r->ram_, recipe.width, recipe.height);
  if (!maze) return maze.error();
  r->maze_.emplace(std::move(maze).value());
  if (recipe.c64_start) {
    r->c64_ = *recipe.c64_start;
    r->walk_ = std::make_unique<core::AmazingWalk>(*r->maze_, r->c64_, recipe.variant);
  } else if (recipe.algorithm.empty()) {
    r->gw_ = recipe.start;
    r->walk_ = std::make_unique<core::AmazingWalk>(*r->maze_, r->gw_, recipe.variant);
  } else {
    r->gw_ = recipe.start;
    core::GeneratorOptions options;
    options.mask = recipe.mask.get();
    options.starts = recipe.starts;
    auto gen = core::make_generator(recipe.algorithm, *r->maze_, r->gw_, options);
    if (!gen) return gen.error();
    r->gen_ = std::move(gen).value();
  }
  return r;
}

bool Replay::done() const {
  return scan_left_ == 0 && (walk_ ? walk_->done() : gen_->done());
}

int Replay::advance() {
  const std::size_t cells = maze_->cells();
  if (scan_left_ > 0) {
    scan_at_ = scan_at_ + 1 == cells ? 0 : scan_at_ + 1;
    --scan_left_;
    return kScanCost;
  }
  if (done()) return 0;
  ++steps_;
  if (!walk_) {
    gen_->step();
    return kStepCost;
  }
  const std::size_t width = static_cast<std::size_t>(maze_->width());
  const std::size_t here =
      static_cast<std::size_t>(walk_->row()) * width + static_cast<std::size_t>(walk_->col());
  const bool closed = maze_->walls(walk_->col(), walk_->row()) == 0;
  const uint64_t scans = walk_->stats().scans;
  const bool had_exit = walk_->stats().exit_by_walk;
  walk_->step();
  // Stuck (lines 780/1000 -> 210), or the exit just made (lines 960-980): the listing
  // scans on in reading order from the next cell (from the first cell after an exit out of
  // a closed cell) to a visited cell with a way on, where the walk now stands. The walk
  // jumps there at once; the replay shows the cells the listing looked at on the way.
  const bool stuck = walk_->stats().scans != scans;
  const bool exit_made = !had_exit && walk_->stats().exit_by_walk;
  if ((stuck || exit_made) && !walk_->done()) {
    const std::size_t from = exit_made && closed ? 0 : (here + 1 == cells ? 0 : here + 1);
    const std::size_t to =
        static_cast<std::size_t>(walk_->row()) * width + static_cast<std::size_t>(walk_->col());
    scan_at_ = from;
    scan_left_ = (to + cells - from) % cells;
  }
  return kStepCost;
}

void Replay::finish() {
  scan_left_ = 0;
  if (walk_)
    walk_->run();
  else
    gen_->run();
}

std::optional<core::Cell> Replay::cursor() const {
  const int w = maze_->width(), h = maze_->height();
  if (scan_left_ > 0)
    return core::Cell{static_cast<int>(scan_at_ % static_cast<std::size_t>(w)),
                      static_cast<int>(scan_at_ / static_cast<std::size_t>(w))};
  if (done()) return std::nullopt;
  core::Cell c;
  if (walk_) {
    c = {walk_->col(), walk_->row()};
  } else {
    const core::CellPos p = gen_->cursor();
    c = {p.col, p.row};
    if (p.col < 0 && changed_) c = *changed_;
  }
  // A maker between cells (or past the last one) is at none.
  if (c.col < 0 || c.row < 0 || c.col >= w || c.row >= h) return std::nullopt;
  return c;
}

void Replay::note_changes() {
  if (!gen_ || gen_->cursor().col >= 0) return;
  const auto bytes = maze_->store().bytes();
  if (bytes.size() > kFollowBytes) return;
  constexpr uint8_t kWalls = core::kWallBits | (core::kWallBits << 4);  // both nibbles
  if (seen_.empty()) {
    seen_.resize(bytes.size());
    for (std::size_t i = 0; i < bytes.size(); ++i) seen_[i] = bytes[i] & kWalls;
    return;
  }
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const uint8_t now = bytes[i] & kWalls;
    const uint8_t diff = now ^ seen_[i];
    if (diff == 0) continue;
    seen_[i] = now;
    const std::size_t cell = i * 2 + ((diff & 0xF0) != 0 ? 1 : 0);  // the later of the two
    if (cell >= maze_->cells()) continue;
    const auto w = static_cast<std::size_t>(maze_->width());
    changed_ = core::Cell{static_cast<int>(cell % w), static_cast<int>(cell / w)};
  }
}

bool same_maze(const core::Maze& a, const core::Maze& b) {
  if (a.width() != b.width() || a.height() != b.height() || a.entrance() != b.entrance())
    return false;
  for (int row = 0; row < a.height(); ++row)
    for (int col = 0; col < a.width(); ++col)
      if (a.walls(col, row) != b.walls(col, row)) return false;
  return true;
}

core::Result<std::unique_ptr<Watch>> Watch::create(const Recipe& recipe, const core::Maze& target,
                                                   double now, std::string label) {
  // A rehearsal: the work to do sets the default speed, and the end must be the maze in
  // play (a replay that ended elsewhere would show the making of another maze).
  uint64_t work = 0, units = 0;
  {
    auto rehearsal = Replay::start(recipe);
    if (!rehearsal) return rehearsal.error();
    for (int cost; (cost = (*rehearsal)->advance()) > 0; ++units)
      work += static_cast<uint64_t>(cost);
    if (!same_maze((*rehearsal)->maze(), target))
      return core::Error{"replaying its making gives another maze, so it is not shown"};
  }
  auto replay = Replay::start(recipe);
  if (!replay) return replay.error();
  std::unique_ptr<Watch> w(new Watch());
  w->recipe_ = recipe;
  w->replay_ = std::move(replay).value();
  w->label_ = std::move(label);
  w->total_units_ = units;
  w->set_pace(work, recipe.width, recipe.height, now);
  w->replay_->note_changes();  // the walls to compare the first frame's with
  if (auto c = w->replay_->cursor()) w->focus_ = *c;
  return w;
}

int Watch::forward() {
  const int cost = replay_->advance();
  if (cost > 0) ++units_;
  return cost;
}

void Watch::replay_to(uint64_t units) {
  auto fresh = Replay::start(recipe_);
  if (!fresh) return;  // it started once, so it starts again; if not, stay where it is
  replay_ = std::move(fresh).value();
  replay_->note_changes();
  units_ = 0;
  // A maker that names no cell is followed by the walls it changed: compared unit by unit
  // over the last few units (where the latest change is), not over the whole way there.
  constexpr uint64_t kCompared = 64;
  while (units_ + 1 < units) {
    if (forward() == 0) break;
    if (units_ + kCompared >= units) replay_->note_changes();
  }
  replay_->note_changes();
  if (units_ < units) forward();
}

void Watch::back() {
  if (units_ > 0) replay_to(units_ - 1);
}

void Watch::to_start() {
  replay_to(0);
}

void Watch::to_end() {
  replay_->finish();
  units_ = total_units_;
}

void Watch::moved() {
  replay_->note_changes();
  if (auto c = replay_->cursor()) focus_ = *c;
}

std::vector<std::string> Watch::render() const {
  std::vector<std::string> screen(kScreenRows, std::string(kScreenCols, ' '));
  const core::Maze& m = replay_->maze();
  std::string left = "MAKING " + label_;
  const std::string right = speed_text();
  left.resize(kScreenCols - right.size() - 1, ' ');
  screen[0] = left + ' ' + right;
  const Origin o =
      maze_view_origin(m.width(), m.height(), kScreenCols, kViewRows, focus_.col, focus_.row);
  for (int y = 0; y < kViewRows; ++y)
    for (int x = 0; x < kScreenCols; ++x) screen[kViewTop + y][x] = maze_glyph(m, o.x + x, o.y + y);
  std::string hint = paused()              ? paused_text()
                     : replay_->done()     ? "DONE"
                     : replay_->scanning() ? "SCANNING FOR A CELL TO GO ON FROM"
                                           : "+ FASTER  - SLOWER  ANY OTHER KEY: DONE";
  hint.resize(kScreenCols, ' ');
  screen[kScreenRows - 1] = hint;
  return screen;
}

std::optional<Highlight> Watch::mark() const {
  const auto c = replay_->cursor();
  if (!c) return std::nullopt;
  const core::Maze& m = replay_->maze();
  const Origin o =
      maze_view_origin(m.width(), m.height(), kScreenCols, kViewRows, focus_.col, focus_.row);
  const int y = cell_text_y(c->row) - o.y, x = cell_text_x(c->col) - o.x;
  if (y < 0 || y >= kViewRows || x < 0 || x + 2 > kScreenCols) return std::nullopt;
  return Highlight{kViewTop + y, x, 2};
}

void run_watch(Terminal& term, Watch& watch, std::optional<Palette> palette) {
  run_stepper(term, watch, "SPACE PAUSES, ARROWS STEP, HOME/END", palette);
}

}  // namespace amazing::tui
