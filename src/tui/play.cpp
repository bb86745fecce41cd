#include "tui/play.hpp"

#include <algorithm>
#include <cstdio>
#include <utility>

#include "tui/terminal.hpp"

namespace amazing::tui {

using core::Cell;
using core::Direction;

char maze_glyph(const core::Maze& maze, int x, int y) {
  const int w = maze.width(), h = maze.height();
  if (x < 0 || y < 0 || x > 3 * w || y > 2 * h) return ' ';
  if (y % 2 == 0) {
    if (x % 3 == 0) return y == 0 || x == 3 * w ? '.' : ':';
    int col = x / 3;
    if (y == 0) return col == maze.entrance() ? ' ' : '-';  // lines 165-190
    return (maze.walls(col, y / 2 - 1) & core::kDownOpen) ? ' ' : '-';
  }
  if (x == 0) return 'I';
  if (x % 3 != 0) return ' ';
  return maze.walls(x / 3 - 1, (y - 1) / 2) < 2 ? 'I' : ' ';  // line 1013
}

std::string format_time(double seconds) {
  long s = seconds < 0 ? 0 : static_cast<long>(seconds);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
  return buf;
}

namespace {

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return out;
}

std::string fit(std::string s, std::size_t width) {
  s.resize(width, ' ');
  return s;
}


void put(std::vector<std::string>& screen, int row, int col, std::string_view text) {
  if (row < 0 || row >= kScreenRows) return;
  for (std::size_t i = 0; i < text.size(); ++i) {
    int c = col + static_cast<int>(i);
    if (c >= 0 && c < kScreenCols) screen[row][c] = text[i];
  }
}

}  // namespace

PlayGame::PlayGame(MazeFactory factory, PlayConfig config)
    : factory_(std::move(factory)), config_(config) {}

core::Status PlayGame::start(double now) {
  return make_maze({config_.variant, false}, now);
}

void PlayGame::start_with(OwnedMaze maze, double now) {
  current_ = std::move(maze);
  have_maze_ = true;
  reset(now);
}

core::Status PlayGame::make_maze(const MazeRequest& request, double now) {
  auto made = factory_(request);
  if (!made) {
    if (!have_maze_) return made.error();
    // A later maze that cannot be made (the 1978 program stops on a few: see
    // core::WalkStats::stopped_at_line) leaves the current one in play, and says why.
    notice_ = wrap_words(upper(made.error().message), kScreenCols - 4);
    notice_.insert(notice_.end(), {"", "N  THE NEXT MAZE", "ANY OTHER KEY: GO ON"});
    return core::Ok{};
  }
  current_ = std::move(made).value();
  have_maze_ = true;
  reset(now);
  return core::Ok{};
}

void PlayGame::reset(double now) {
  way_out_.reset();
  const core::Maze& m = current_.maze;
  player_ = {std::max(0, m.entrance()), 0};
  moves_ = 0;
  escaped_ = false;
  show_end_ = false;
  started_ = finished_ = now;
  solution_ = core::solve(m);
  verdict_ = core::judge(m);
  show_flaw_ = !flaw().empty();
  show_help_ = false;
  show_solvers_ = false;
  run_prefix_ = false;
  message_.clear();
  notice_.clear();
  finish_note_.clear();
  walked_.assign(m.cells(), false);
  sight_ = std::make_unique<core::Sight>(m);
  if (core::inside(m, player_)) {
    walked_[core::cell_index(m, player_)] = true;
    sight_->look_from(player_);
  }
  update_path();
}

bool PlayGame::walked(Cell c) const {
  return core::inside(current_.maze, c) && walked_[core::cell_index(current_.maze, c)];
}

void PlayGame::update_path() {
  path_.clear();
  if (!show_solution_ || escaped_) return;
  // One search from the exit serves every later move (a 1000x1000 maze takes ~0.1 s).
  if (!way_out_) way_out_ = std::make_unique<core::WayOut>(current_.maze);
  path_ = way_out_->path_from(player_);
}

std::vector<std::string> PlayGame::flaw() const {
  std::vector<std::string> out;
  if (!config_.algorithm.empty()) return out;  // only the walk's revisions have flaws
  // Only the listing itself has line 695: not a script's maze, nor another revision's.
  const bool book = config_.variant == core::Variant::kBook && config_.script.empty();
  if (!verdict_.has_exit) {
    out = {"THIS MAZE HAS NO EXIT.", "THE 1978 PROGRAM SOMETIMES ENDS",
           "WITHOUT OPENING THE BOTTOM WALL."};
  } else if (!verdict_.exit_reachable) {
    out = {"THE EXIT CANNOT BE REACHED", "FROM THE ENTRANCE."};
  }
  if (verdict_.walled_off > 0) {
    if (!out.empty()) out.push_back("");
    out.push_back(std::to_string(verdict_.walled_off) +
                  (verdict_.walled_off == 1 ? " CELL IS WALLED OFF" : " CELLS ARE WALLED OFF"));
    out.push_back("AND CAN NEVER BE REACHED.");
    if (book) out.push_back("(THE BOOK LISTING'S LINE 695 BUG)");
  }
  return out;
}

core::Status PlayGame::handle(Action action, double now) {
  if (action == Action::kQuit) {
    quit_ = true;
    return core::Ok{};
  }
  if (action == Action::kNewMaze) return make_maze({config_.variant, false}, now);
  if (action == Action::kReplay) {
    start_watch(now);
    return core::Ok{};
  }
  if (action == Action::kFixedExit && config_.algorithm.empty()) {
    const core::Variant before = config_.variant;
    config_.variant = core::Variant::kFixedExit;
    auto status = make_maze({config_.variant, true}, now);
    // Not made (a notice says why): the maze in play, and so the status line and the
    // flaw notes, are still the old revision's.
    if (!notice_.empty()) config_.variant = before;
    return status;
  }
  message_.clear();
  if (show_solvers_) {  // the menu: up and down choose, Enter runs, any other key closes
    const std::size_t n = core::solvers().size();
    if (action == Action::kUp || action == Action::kRunUp)
      solver_choice_ = (solver_choice_ + n - 1) % n;
    else if (action == Action::kDown || action == Action::kRunDown)
      solver_choice_ = (solver_choice_ + 1) % n;
    else if (action == Action::kConfirm)
      start_solver(solver_choice_, now);
    else
      show_solvers_ = false;
    return core::Ok{};
  }
  // Any other key (kNone stands for keys with no meaning) closes a box; it does nothing else.
  if (show_flaw_ || show_help_ || !notice_.empty()) {
    show_flaw_ = show_help_ = false;
    notice_.clear();
    return core::Ok{};
  }
  if (escaped_) {
    // The end box offers the next maze (Enter); Esc closes it to look at the maze walked.
    if (action == Action::kConfirm) return make_maze({config_.variant, false}, now);
    if (action == Action::kClose) show_end_ = false;
    if (action == Action::kHelp) show_end_ = false, show_help_ = true;
    return core::Ok{};
  }
  if (action == Action::kNone || action == Action::kClose || action == Action::kConfirm) {
    run_prefix_ = false;
    return core::Ok{};
  }
  // g then a move key runs; g then anything else forgets the g.
  static constexpr std::pair<Action, Direction> kMoves[] = {
      {Action::kUp, Direction::kUp},
      {Action::kDown, Direction::kDown},
      {Action::kLeft, Direction::kLeft},
      {Action::kRight, Direction::kRight}};
  static constexpr std::pair<Action, Direction> kRuns[] = {
      {Action::kRunUp, Direction::kUp},
      {Action::kRunDown, Direction::kDown},
      {Action::kRunLeft, Direction::kLeft},
      {Action::kRunRight, Direction::kRight}};
  const bool prefixed = std::exchange(run_prefix_, false);
  for (const auto& [a, d] : kRuns)
    if (action == a) {
      run(d, now);
      return core::Ok{};
    }
  for (const auto& [a, d] : kMoves)
    if (action == a) {
      if (prefixed)
        run(d, now);
      else
        move(d, now);
      return core::Ok{};
    }
  switch (action) {
    case Action::kRunPrefix:
      run_prefix_ = !prefixed;
      break;
    case Action::kTrail:
      show_trail_ = !show_trail_;
      break;
    case Action::kSolvers:
      show_solvers_ = true;
      solver_choice_ = 0;  // the menu opens on its first line
      break;
    case Action::kHelp:
      show_help_ = true;
      break;
    case Action::kToggleSolution:
      show_solution_ = !show_solution_;
      update_path();
      break;
    default:
      break;
  }
  return core::Ok{};
}

void PlayGame::start_watch(double now) {
  auto cannot = [&](std::string why) {
    notice_ = wrap_words(upper(why), kScreenCols - 4);
    notice_.insert(notice_.end(), {"", "ANY KEY: GO ON"});
  };
  if (!current_.recipe) {
    cannot(config_.script.empty()
               ? "The making of this maze cannot be replayed."
               : "This maze was made by the Lua script " + config_.script +
                     ", whose making cannot be replayed: only the 1978 walk and the "
                     "built-in algorithms can be watched.");
    return;
  }
  // "12X10 BOOK": the size and the maker, as the status line names them.
  const std::string maker = config_.algorithm.empty()
                                ? std::string(core::variant_name(current_.recipe->variant))
                                : config_.algorithm;
  std::string label = std::to_string(current_.maze.width());
  label += 'X';
  label += std::to_string(current_.maze.height());
  label += ' ';
  label += upper(maker);
  auto watch = Watch::create(*current_.recipe, current_.maze, now, label);
  if (!watch) {
    cannot("The making of this maze cannot be replayed: " + watch.error().message + ".");
    return;
  }
  watch_ = std::move(watch).value();
  watch_began_ = now;
}

void PlayGame::end_watch(double now) {
  watch_.reset();
  resume_clock(now);
}

void PlayGame::resume_clock(double now) {
  // Watching is not walking: the clock moves on by the time it took.
  if (!escaped_ && now > watch_began_) started_ += now - watch_began_;
}

void PlayGame::start_solver(std::size_t which, double now) {
  show_solvers_ = false;
  const auto list = core::solvers();
  if (which >= list.size()) return;
  auto made = SolverWatch::create(list[which], current_.maze, player_, now);
  if (!made) {
    notice_ = wrap_words(upper(made.error().message), kScreenCols - 4);
    notice_.insert(notice_.end(), {"", "ANY KEY: GO ON"});
    return;
  }
  solving_ = std::move(made).value();
  watch_began_ = now;
}

void PlayGame::end_solving(double now) {
  solving_.reset();
  resume_clock(now);
}

void PlayGame::step_to(Cell c, double now) {
  for (Direction d : {Direction::kUp, Direction::kRight, Direction::kDown, Direction::kLeft})
    if (core::neighbour(player_, d) == c) return move(d, now);
}

void PlayGame::run(Direction d, double now) {
  if (escaped_) return;
  // From the exit cell, down is out: one move, as without the run.
  if (d == Direction::kDown && core::is_exit_cell(current_.maze, player_)) return move(d, now);
  for (Cell c : core::run_along(current_.maze, player_, d)) step_to(c, now);
}

Origin PlayGame::view_origin() const {
  const core::Maze& m = current_.maze;
  return maze_view_origin(m.width(), m.height(), kScreenCols, kViewRows, player_.col,
                          escaped_ ? m.height() - 1 : player_.row);
}

core::Status PlayGame::click(int row, int col, double now) {
  if (show_solvers_ || show_flaw_ || show_help_ || !notice_.empty() || escaped_)
    return handle(Action::kNone, now);  // as any key: closes a box
  message_.clear();
  run_prefix_ = false;
  const core::Maze& m = current_.maze;
  const Origin o = view_origin();
  if (row < kViewTop || row >= kViewTop + kViewRows) return core::Ok{};
  const int px = col + o.x, py = row - kViewTop + o.y;
  // Only the inside of a cell: two characters between its walls.
  if (py <= 0 || py >= 2 * m.height() || py % 2 == 0 || px <= 0 || px >= 3 * m.width() ||
      px % 3 == 0)
    return core::Ok{};
  const Cell target{px / 3, py / 2};
  if (config_.fog && !sight_->seen(target)) return core::Ok{};  // nothing known there
  const std::vector<Cell> way =
      core::path_between(m, player_, target, config_.fog ? &sight_->cells() : nullptr);
  if (way.empty()) {
    message_ = config_.fog ? "NO WAY THERE THAT YOU HAVE SEEN" : "NO OPEN WAY THERE";
    return core::Ok{};
  }
  for (std::size_t i = 1; i < way.size(); ++i) step_to(way[i], now);
  return core::Ok{};
}

char PlayGame::glyph(int x, int y) const {
  const core::Maze& m = current_.maze;
  const int w = m.width(), h = m.height();
  if (!config_.fog || x <= 0 || y <= 0 || x >= 3 * w || y >= 2 * h) return maze_glyph(m, x, y);
  // Inside: a wall or corner shows when a cell it touches was seen.
  const int right = x / 3, below = y / 2;  // the cell right of / below this character
  const bool on_col = x % 3 == 0, on_row = y % 2 == 0;
  auto seen = [&](int c, int r) { return sight_->seen(c, r); };
  bool shown = false;
  if (!on_row && !on_col) shown = true;  // a cell's inside: blank either way
  else if (!on_row) shown = seen(right - 1, below) || seen(right, below);
  else if (!on_col) shown = seen(right, below - 1) || seen(right, below);
  else
    shown = seen(right - 1, below - 1) || seen(right, below - 1) || seen(right - 1, below) ||
            seen(right, below);
  return shown ? maze_glyph(m, x, y) : ' ';
}

void PlayGame::move(Direction d, double now) {
  if (escaped_) return;
  const core::Maze& m = current_.maze;
  // The entrance is where the player came in: up from it is a wall like any other.
  if (d == Direction::kUp && player_.row == 0) return;
  if (!m.open(player_.col, player_.row, d)) return;
  ++moves_;
  if (d == Direction::kDown && player_.row == m.height() - 1) {
    escaped_ = true;  // out through the exit
    show_end_ = true;
    finished_ = now;
    path_.clear();
    if (config_.on_finish)
      finish_note_ = config_.on_finish({m.width(), m.height(), current_.seed, config_.variant,
                                        config_.algorithm, config_.script, moves_,
                                        finished_ - started_});
    return;
  }
  switch (d) {
    case Direction::kUp:
      --player_.row;
      break;
    case Direction::kDown:
      ++player_.row;
      break;
    case Direction::kLeft:
      --player_.col;
      break;
    case Direction::kRight:
      ++player_.col;
      break;
  }
  walked_[core::cell_index(m, player_)] = true;
  sight_->look_from(player_);
  update_path();
}

std::string PlayGame::status_line(double now) const {
  const std::string time = format_time((escaped_ ? finished_ : now) - started_);
  const std::string moves = "MOVES " + std::to_string(moves_);
  // The seed, so the maze can be made again (`--seed N`); the power-on state has none.
  const std::string seed =
      current_.seed ? "SEED " + std::to_string(*current_.seed) : "NO SEED";
  const std::string maker = !config_.algorithm.empty() ? config_.algorithm
                            : !config_.script.empty()  ? config_.script
                                                       : std::string(core::variant_name(config_.variant));
  std::string right = std::to_string(current_.maze.width()) + "X" +
                      std::to_string(current_.maze.height()) + " " + upper(maker);
  // Roomy while it fits; then one space between the parts; then "TIME" goes; last the
  // maker's name is cut at its end (the size, the seed and the counts always show).
  std::string left;
  for (int squeeze = 0; squeeze < 3; ++squeeze) {
    const std::string gap = squeeze == 0 ? "  " : " ";
    left = moves + gap + (squeeze == 2 ? "" : "TIME ") + time + gap + seed;
    if (left.size() + gap.size() + right.size() <= kScreenCols) break;
  }
  left = left.substr(0, kScreenCols);
  std::size_t room = kScreenCols - std::min<std::size_t>(left.size() + 1, kScreenCols);
  if (right.size() > room) right.resize(room);
  return fit(left + std::string(kScreenCols - left.size() - right.size(), ' ') + right,
             kScreenCols);
}

void PlayGame::draw_box(std::vector<std::string>& screen,
                        const std::vector<std::string>& text) const {
  std::size_t inner = 0;
  for (const auto& line : text) inner = std::max(inner, line.size());
  inner = std::min<std::size_t>(inner + 2, kScreenCols - 2);
  int h = static_cast<int>(text.size()) + 2;
  int left = (kScreenCols - static_cast<int>(inner) - 2) / 2;
  int top = kViewTop + std::max(0, (kViewRows - h) / 2);
  std::string edge(inner + 2, '-');
  edge.front() = edge.back() = '+';
  put(screen, top, left, edge);
  for (std::size_t i = 0; i < text.size(); ++i) {
    std::string line(1, '|');
    line += fit(' ' + text[i], inner);
    line += '|';
    put(screen, top + 1 + static_cast<int>(i), left, line);
  }
  put(screen, top + h - 1, left, edge);
}

std::vector<std::string> PlayGame::render(double now) const {
  std::vector<std::string> screen(kScreenRows, std::string(kScreenCols, ' '));
  const core::Maze& m = current_.maze;
  screen[0] = status_line(now);

  const Origin o = view_origin();
  for (int y = 0; y < kViewRows; ++y)
    for (int x = 0; x < kScreenCols; ++x) screen[kViewTop + y][x] = glyph(o.x + x, o.y + y);

  // Picture coordinates -> screen, clipped to the window.
  auto mark = [&](int px, int py, std::string_view glyph) {
    int y = py - o.y;
    if (y < 0 || y >= kViewRows) return;
    put(screen, kViewTop + y, px - o.x, glyph);
  };
  if (show_trail_) {  // the cells in the window the player has stood on
    const int col0 = std::max(0, (o.x - 1) / 3), row0 = std::max(0, (o.y - 1) / 2);
    for (int row = row0; row < m.height() && row <= row0 + kViewRows / 2 + 1; ++row)
      for (int col = col0; col < m.width() && col <= col0 + kScreenCols / 3 + 1; ++col)
        if (walked({col, row})) mark(cell_text_x(col), cell_text_y(row), kTrailGlyph);
  }
  for (std::size_t i = 0; i < path_.size(); ++i) {
    const Cell& c = path_[i];
    mark(cell_text_x(c.col), cell_text_y(c.row), kPathGlyph);
    if (i + 1 < path_.size()) {  // the gap between this cell and the next
      const Cell& n = path_[i + 1];
      if (n.row != c.row)
        mark(cell_text_x(c.col), cell_text_y(std::min(c.row, n.row)) + 1, kPathGlyph);
      else
        mark(cell_text_x(std::max(c.col, n.col)) - 1, cell_text_y(c.row), "*");
    } else {
      mark(cell_text_x(c.col), cell_text_y(c.row) + 1, kPathGlyph);  // out through the exit
    }
  }
  if (escaped_)
    mark(cell_text_x(player_.col), cell_text_y(player_.row) + 1, kPlayerGlyph);
  else
    mark(cell_text_x(player_.col), cell_text_y(player_.row), kPlayerGlyph);

  std::string message;
  if (escaped_) {
    message = "YOU ESCAPED!  ENTER/N NEXT MAZE  Q QUIT";
  } else if (!flaw().empty()) {
    message = !verdict_.has_exit          ? "NO EXIT!  N NEW MAZE  F FIXED-EXIT"
              : !verdict_.exit_reachable ? "EXIT UNREACHABLE! N NEW  F FIXED-EXIT"
                                         : "WALLED-OFF CELLS  N NEW  F FIXED-EXIT";
  } else if (!message_.empty()) {
    message = message_;
  } else if (run_prefix_) {
    message = "RUN WHICH WAY? (A MOVE KEY)";
  } else if (show_solution_ && path_.empty()) {
    message = "NO WAY OUT FROM HERE";
  } else {
    message = "? HELP  S SOLUTION  N NEW  Q QUIT";
  }
  screen[kScreenRows - 1] = fit(message, kScreenCols);

  if (!notice_.empty()) {
    draw_box(screen, notice_);
  } else if (show_solvers_) {
    std::vector<std::string> text = {"WATCH A SOLVER", ""};
    const auto list = core::solvers();
    for (std::size_t i = 0; i < list.size(); ++i)
      text.push_back((i == solver_choice_ ? "> " : "  ") + std::string(list[i].title));
    text.insert(text.end(), {"", "FROM WHERE YOU STAND.", "UP/DOWN CHOOSE, ENTER RUNS IT,",
                             "ESC CLOSES THIS."});
    draw_box(screen, text);
  } else if (show_help_) {
    std::vector<std::string> keys = {
        "KEYS", "", "MOVE    ARROW KEYS, H J K L,", "        W A D AND SHIFT-S",
        "RUN     SHIFT/CTRL-ARROW, OR G", "        THEN A MOVE KEY",
        "CLICK   GO TO THAT CELL", "T       SHOW/HIDE YOUR TRAIL",
        "S       SHOW/HIDE THE WAY OUT", "M       WATCH A SOLVER", "N       A NEW MAZE",
        "F       THIS SEED AS FIXED-EXIT", "R       WATCH THIS MAZE BEING MADE",
        "?       THIS HELP", "Q       QUIT", "", "ENTER AT THE TOP, LEAVE THROUGH",
        "THE GAP IN THE BOTTOM WALL.", "", "ESC OR ANY KEY CLOSES THIS"};
    if (!config_.algorithm.empty())  // f: the walk only
      keys.erase(std::find(keys.begin(), keys.end(), "F       THIS SEED AS FIXED-EXIT"));
    draw_box(screen, keys);
  } else if (escaped_ && show_end_) {
    std::vector<std::string> text = {"YOU ESCAPED!", "",
                                     "MOVES MADE:      " + std::to_string(moves_),
                                     "FEWEST POSSIBLE: " + std::to_string(solution_.fewest_moves()),
                                     "TIME:            " + format_time(finished_ - started_)};
    if (static_cast<std::size_t>(moves_) == solution_.fewest_moves())
      text.push_back("A PERFECT RUN!");
    text.insert(text.end(), finish_note_.begin(), finish_note_.end());
    text.push_back("");
    text.push_back("ENTER  THE NEXT MAZE");
    text.push_back("ESC    LOOK AT THIS ONE");
    text.push_back("Q      QUIT");
    draw_box(screen, text);
  } else if (show_flaw_) {
    std::vector<std::string> text = flaw();
    text.push_back("");
    text.push_back("N  A NEW MAZE");
    if (config_.variant != core::Variant::kFixedExit) text.push_back("F  THIS SEED AS FIXED-EXIT");
    text.push_back("ANY OTHER KEY: EXPLORE ANYWAY");
    draw_box(screen, text);
  }
  return screen;
}

}  // namespace amazing::tui
