#include "tui/solver_watch.hpp"

#include <cstdio>

#include "core/walking.hpp"
#include "tui/play.hpp"
#include "tui/viewport.hpp"

namespace amazing::tui {

core::Result<std::unique_ptr<SolverWatch>> SolverWatch::create(const core::SolverInfo& solver,
                                                               const core::Maze& maze,
                                                               core::Cell start, double now) {
  if (maze.cells() > kMaxCells)
    return core::Error{"This maze is too big to watch a solver on (at most " +
                       std::to_string(kMaxCells) + " cells)."};
  std::unique_ptr<SolverWatch> w(new SolverWatch());
  w->maze_ = &maze;
  w->title_ = std::string(solver.title);
  w->start_ = start;
  w->run_ = solver.run(maze, start, core::kMaxSolverSteps);
  w->marks_.assign(maze.cells(), core::Mark::kNone);
  w->values_.assign(maze.cells(), 0);
  w->undo_.reserve(w->run_.steps.size());
  w->set_pace(w->run_.steps.size(), maze.width(), maze.height(), now);
  return w;
}

int SolverWatch::forward() {
  if (done()) return 0;
  const core::SolverStep& s = run_.steps[pos_++];
  const std::size_t i = core::cell_index(*maze_, s.cell);
  undo_.push_back({marks_[i], values_[i]});
  marks_[i] = s.mark;
  values_[i] = s.value;
  return 1;
}

void SolverWatch::back() {
  if (pos_ == 0) return;
  const core::SolverStep& s = run_.steps[--pos_];
  const std::size_t i = core::cell_index(*maze_, s.cell);
  marks_[i] = undo_.back().mark;
  values_[i] = undo_.back().value;
  undo_.pop_back();
}

void SolverWatch::to_start() {
  while (pos_ > 0) back();
}

void SolverWatch::to_end() {
  while (!done()) forward();
}

core::Mark SolverWatch::mark_at(core::Cell c) const {
  return core::inside(*maze_, c) ? marks_[core::cell_index(*maze_, c)] : core::Mark::kNone;
}

core::Cell SolverWatch::cursor() const {
  return pos_ == 0 ? start_ : run_.steps[pos_ - 1].cell;
}

std::string SolverWatch::cell_text(core::Cell c) const {
  switch (mark_at(c)) {
    case core::Mark::kNone:
      return "  ";
    case core::Mark::kVisited:
      return "..";
    case core::Mark::kDead:
      return "xx";
    case core::Mark::kPath:
      return std::string(kPathGlyph);
    case core::Mark::kFlood: {
      char buf[8];
      std::snprintf(buf, sizeof buf, "%2u", values_[core::cell_index(*maze_, c)] % 100);
      return buf;
    }
  }
  return "  ";
}

std::vector<std::string> SolverWatch::render() const {
  std::vector<std::string> screen(kScreenRows, std::string(kScreenCols, ' '));
  const core::Maze& m = *maze_;
  const std::string right = speed_text();
  std::string left = "SOLVING: " + title_;
  left.resize(kScreenCols - right.size() - 1, ' ');
  screen[0] = left + ' ' + right;
  const core::Cell focus = cursor();
  const Origin o =
      maze_view_origin(m.width(), m.height(), kScreenCols, kViewRows, focus.col, focus.row);
  for (int y = 0; y < kViewRows; ++y) {
    for (int x = 0; x < kScreenCols; ++x) {
      const int px = o.x + x, py = o.y + y;
      char ch = maze_glyph(m, px, py);
      // Inside a cell: its mark.
      if (py > 0 && py % 2 == 1 && px > 0 && px % 3 != 0 && px < 3 * m.width() &&
          py < 2 * m.height()) {
        const core::Cell c{px / 3, py / 2};
        ch = cell_text(c)[static_cast<std::size_t>(px % 3 - 1)];
      }
      screen[kViewTop + y][x] = ch;
    }
  }
  std::string hint = done()     ? run_.outcome
                     : paused() ? paused_text()
                                : "+ FASTER  - SLOWER  SPACE PAUSE";
  if (done() && hint.size() + 11 <= static_cast<std::size_t>(kScreenCols)) hint += "  ESC: BACK";
  hint.resize(kScreenCols, ' ');
  screen[kScreenRows - 1] = hint;
  return screen;
}

std::optional<Highlight> SolverWatch::mark() const {
  const core::Maze& m = *maze_;
  const core::Cell c = cursor();
  const Origin o = maze_view_origin(m.width(), m.height(), kScreenCols, kViewRows, c.col, c.row);
  const int y = cell_text_y(c.row) - o.y, x = cell_text_x(c.col) - o.x;
  if (y < 0 || y >= kViewRows || x < 0 || x + 2 > kScreenCols) return std::nullopt;
  return Highlight{kViewTop + y, x, 2};
}

}  // namespace amazing::tui
