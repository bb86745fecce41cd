// PlayGame: walking a maze in the 40x25 screen. No curses here: the game takes actions
// and the time, and renders 25 lines of 40 characters that the front end shows as they are.
//
//   PlayGame game(factory, {.width = 10, .length = 12, .variant = core::Variant::kBook});
//   game.start(now);                      // makes the first maze
//   game.handle(Action::kDown, now);      // walls block; leaving through the exit escapes
//   game.render(now)                      // status line, maze window, message line
//   game.quit()                           // true after q (at once; it asks nothing)
// Screen layout: line 0 status (moves, time, seed, size, maker), lines 1-23 a window on
// the maze that follows the player, line 24 messages. Boxes (help, escaped, a flawed maze) are drawn
// over the window; Esc closes a box and never quits; after an escape, Enter makes the
// next maze; r replays the making of the maze (watching(), watch.hpp). The maze is
// drawn as the listing prints it; the player is "<>" and the shortest way out (s) is "**".
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/amazing_walk.hpp"
#include "core/analysis.hpp"
#include "core/maze.hpp"
#include "core/ram.hpp"
#include "core/result.hpp"
#include "core/rnd.hpp"
#include "core/solve.hpp"
#include "core/walking.hpp"
#include "tui/keys.hpp"
#include "tui/solver_watch.hpp"
#include "tui/viewport.hpp"
#include "tui/watch.hpp"

namespace amazing::tui {

inline constexpr int kScreenCols = 40;
inline constexpr int kScreenRows = 25;
inline constexpr int kViewTop = 1;    // first line of the maze window
inline constexpr int kViewRows = 23;  // lines in the maze window
inline constexpr std::string_view kPlayerGlyph = "<>";
inline constexpr std::string_view kPathGlyph = "**";
inline constexpr std::string_view kTrailGlyph = "..";  // a cell walked, with t

// A maze with what keeps its memory alive: the core::Ram it lives in, or the whole machine
// whose RAM holds it (declared first, so the maze goes before its memory does).
// `seed`: the N of RANDOMIZE N (`--seed N`) that makes this maze again from the power-on
// state, or none (the power-on state itself, or a maker that cannot say).
// `recipe`: how to make it again step by step for r (watch.hpp), or none (a Lua script's
// maze: the game says its making cannot be replayed).
struct OwnedMaze {
  std::shared_ptr<void> owner;
  core::Maze maze;
  std::optional<int16_t> seed;
  std::optional<Recipe> recipe;

  OwnedMaze() = default;
  OwnedMaze(std::shared_ptr<void> o, core::Maze m, std::optional<int16_t> s = std::nullopt,
            std::optional<Recipe> r = std::nullopt)
      : owner(std::move(o)), maze(std::move(m)), seed(s), recipe(std::move(r)) {}
  OwnedMaze(OwnedMaze&&) noexcept = default;
  // The old maze must give its cells back to its RAM before that RAM can go.
  OwnedMaze& operator=(OwnedMaze&& other) noexcept {
    maze = std::move(other.maze);
    owner = std::move(other.owner);
    seed = other.seed;
    recipe = std::move(other.recipe);
    return *this;
  }
};

// The seed of the next maze, drawn from a running generator (so a run of new mazes is
// the same every time), each one a `--seed N` that makes its maze again on its own.
inline int16_t next_seed(core::GwRnd& rnd) {
  return static_cast<int16_t>(rnd.draw(65536) - 32769);
}

struct MazeRequest {
  core::Variant variant = core::Variant::kBook;
  // True: start from the random-number state that made the current maze (the same seed
  // in another revision). False: draw on from where the generator is now (a new maze).
  bool same_start = false;
};
using MazeFactory = std::function<core::Result<OwnedMaze>(const MazeRequest&)>;

// A maze walked out of (PlayConfig::on_finish): what records are kept by.
struct Finish {
  int width = 0;
  int length = 0;
  std::optional<int16_t> seed;
  core::Variant variant = core::Variant::kBook;
  std::string algorithm;  // PlayConfig's
  std::string script;     // PlayConfig's
  int moves = 0;
  double seconds = 0;
};

struct PlayConfig {
  core::Variant variant = core::Variant::kBook;
  // Empty: the 1978 walk (variant applies, flawed mazes are explained, f replays the seed
  // as fixed-exit). Otherwise a generator's name (core/generators): its mazes are always
  // perfect, so there is no flaw notice and f does nothing; the status line names it.
  std::string algorithm = {};
  // Non-empty: the mazes come from this Lua script (its name, shown on the status line in
  // place of the revision); the flaw notice then tells what is wrong without blaming the
  // book listing's line 695, which the script need not share.
  std::string script = {};
  // Called once each time the player escapes; the lines it gives (upper case, at most
  // 36 characters: "NEW RECORD TIME!") go in the finish box.
  std::function<std::vector<std::string>(const Finish&)> on_finish = {};
  // --fog: the maze window shows only the cells seen so far (core::Sight: along straight
  // open corridors from each cell stood on) and the walls round them, inside the maze's
  // outline (its four sides, the entrance and the exit gap always shown).
  bool fog = false;
};

// One character of the maze picture at (x, y), exactly as core::TextRenderer prints it
// unwrapped; ' ' outside the picture.
char maze_glyph(const core::Maze& maze, int x, int y);

class PlayGame {
 public:
  PlayGame(MazeFactory factory, PlayConfig config);

  // Makes the first maze; an error (out of memory, a failing script) ends the game.
  core::Status start(double now);
  // Uses a maze that already exists (the one the boot dialogue printed).
  void start_with(OwnedMaze maze, double now);
  core::Status handle(Action action, double now);
  // A click on (row, col) of the 40x25 screen: on a cell of the maze window, the player
  // walks there along the shortest open way (in the fog: through cells seen), a move a
  // cell; elsewhere nothing. A box open: the click closes it, as a key does.
  core::Status click(int row, int col, double now);

  std::vector<std::string> render(double now) const;

  const core::Maze& maze() const { return current_.maze; }
  core::Cell player() const { return player_; }
  int moves() const { return moves_; }
  bool escaped() const { return escaped_; }
  bool quit() const { return quit_; }
  bool showing_solution() const { return show_solution_; }
  bool showing_help() const { return show_help_; }
  bool showing_end() const { return escaped_ && show_end_; }
  std::optional<int16_t> seed() const { return current_.seed; }
  core::Variant variant() const { return config_.variant; }
  const core::Solution& solution() const { return solution_; }
  // The plain-words problem with this maze, or empty when it is a proper maze.
  std::vector<std::string> flaw() const;
  bool showing_flaw() const { return show_flaw_; }
  // What PlayConfig::on_finish said about the last escape (empty before one).
  const std::vector<std::string>& finish_note() const { return finish_note_; }
  // Why the last new maze asked for could not be made (the current one stays), or empty.
  const std::vector<std::string>& notice() const { return notice_; }
  // After r: the making of the maze in play being replayed (the front end shows it with
  // run_watch, then calls end_watch); null otherwise. The maze in play is not touched.
  Watch* watching() const { return watch_.get(); }
  // The replay is over; the clock does not count the time spent watching.
  void end_watch(double now);
  // After m and a choice: a solver being watched on the maze in play (the front end shows
  // it with run_stepper, then calls end_solving); null otherwise.
  SolverWatch* solving() const { return solving_.get(); }
  void end_solving(double now);
  bool showing_solvers() const { return show_solvers_; }
  bool showing_trail() const { return show_trail_; }
  // Cells the player has stood on in this maze (row-major), shown with t.
  bool walked(core::Cell c) const;
  // What the player has seen (all of it counts only with PlayConfig::fog).
  const core::Sight& sight() const { return *sight_; }
  // g was pressed: the next move key runs.
  bool run_pending() const { return run_prefix_; }

 private:
  core::Status make_maze(const MazeRequest& request, double now);
  void reset(double now);
  void move(core::Direction d, double now);
  // One move onto the neighbouring cell c.
  void step_to(core::Cell c, double now);
  void run(core::Direction d, double now);
  void start_solver(std::size_t which, double now);
  void resume_clock(double now);
  Origin view_origin() const;
  // The maze picture's character at (x, y), as the fog lets it show.
  char glyph(int x, int y) const;
  void update_path();
  std::string status_line(double now) const;
  void draw_box(std::vector<std::string>& screen, const std::vector<std::string>& text) const;
  void start_watch(double now);

  MazeFactory factory_;
  PlayConfig config_;
  OwnedMaze current_;
  core::Solution solution_;                // from the entrance: the fewest moves possible
  core::Verdict verdict_;                  // the flaws, judged as amazing stats judges them
  std::vector<core::Cell> path_;           // from the player: what s shows
  std::unique_ptr<core::WayOut> way_out_;  // made when s is first pressed on a maze
  core::Cell player_;
  int moves_ = 0;
  double started_ = 0;
  double finished_ = 0;
  bool escaped_ = false;
  bool quit_ = false;
  bool show_solution_ = false;
  bool show_help_ = false;
  bool show_flaw_ = false;
  bool show_end_ = false;  // the "you escaped" box (Esc closes it)
  bool have_maze_ = false;
  std::vector<std::string> notice_;
  std::vector<std::string> finish_note_;
  std::unique_ptr<Watch> watch_;
  double watch_began_ = 0;
  std::unique_ptr<SolverWatch> solving_;
  bool show_solvers_ = false;  // the menu of solvers (m)
  std::size_t solver_choice_ = 0;
  bool show_trail_ = false;
  bool run_prefix_ = false;
  std::string message_;        // said once on the message line (a click with no way)
  std::vector<bool> walked_;   // the trail, row-major
  std::unique_ptr<core::Sight> sight_;
};

// "1:05" for 65 seconds.
std::string format_time(double seconds);

}  // namespace amazing::tui
