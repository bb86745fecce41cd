// Watching a maze being made: the making of the maze in play run again, one step at a
// time, from the same random-number state into a fresh maze (the maze in play and the
// player are not touched). No curses here: the models take the time and keys and render
// 25 lines of 40 characters; run_watch (watch.cpp) is the thin loop that shows them.
//
//   Recipe r{.width = 12, .height = 10, .variant = core::Variant::kBook, .start = rnd};
//   auto replay = Replay::start(r);          // Result<unique_ptr<Replay>>: a fresh maze
//   while (!(*replay)->done()) (*replay)->advance();  // a step, or one cell of a scan
//
//   auto watch = Watch::create(r, game.maze(), now);  // checks the replay ends in game.maze()
//   watch->tick(now);             // catches up with the clock at the current speed
//   watch->key('+');              // faster ('-' slower); Space pauses, the arrows step
//                                 // forward and back, Home and End jump (stepper.hpp);
//                                 // any other key finishes at once
//   watch->render()               // status line, maze window (follows the cursor), hint line
//   watch->mark()                 // where on the screen the cell being worked on is
// The 1978 walk's scan (lines 210-250: stuck, it looks at every cell after the current one
// in reading order until it finds a visited cell with a way on) is shown cell by cell.
// The default speed makes a 12x10 maze in about four seconds; bigger mazes take longer
// (at most about a minute) at a higher speed; + and - double and halve it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/amazing_walk.hpp"
#include "core/c64_rnd.hpp"
#include "core/generators/generator.hpp"
#include "core/mask.hpp"
#include "core/maze.hpp"
#include "core/ram.hpp"
#include "core/result.hpp"
#include "core/rnd.hpp"
#include "core/solve.hpp"
#include "tui/stepper.hpp"
#include "tui/terminal.hpp"

namespace amazing::tui {

// How a maze was made: enough to make it again, step by step.
struct Recipe {
  int width = 0;
  int height = 0;
  std::size_t ram = core::kDefaultRam;  // the replay's own memory (the maze in play keeps its)
  std::string algorithm = {};           // empty: the 1978 walk; else a core/generators name
  core::Variant variant = core::Variant::kBook;  // the walk's revision
  core::GwRnd start = {};                        // the RND state before the maze's first draw
  std::optional<core::C64Rnd> c64_start = {};    // set: the walk on the C64's RND instead
  std::shared_ptr<const core::Mask> mask = {};   // a generator's --mask, if any
  int starts = 0;                                // a generator's --starts
};

// The maker of a recipe's maze, stepped.
class Replay {
 public:
  // Cost of what advance() did, in the units the watch's speed counts: a step of the
  // maker is worth several scanned cells (the listing's scan was quick too).
  static constexpr int kStepCost = 4;
  static constexpr int kScanCost = 1;

  static core::Result<std::unique_ptr<Replay>> start(const Recipe& recipe);
  Replay(const Replay&) = delete;
  Replay& operator=(const Replay&) = delete;

  bool done() const;
  // One unit: the next cell of a scan being shown, else one step of the maker (which may
  // start a scan). Returns its cost (0 when done).
  int advance();
  // To the end at once (the rest of a scan is skipped).
  void finish();

  const core::Maze& maze() const { return *maze_; }
  // The cell being worked on (or looked at by the scan), always inside the grid; none
  // when the maker is at no cell.
  std::optional<core::Cell> cursor() const;
  bool scanning() const { return scan_left_ > 0; }
  uint64_t steps() const { return steps_; }
  // For makers that name no cell (kruskal, recursive-division): compares the walls with
  // those at the last call, and the cursor is then the last cell (in reading order) whose
  // walls changed in between. The watch calls it once a frame. Mazes of at most
  // kFollowBytes bytes (a copy of the walls is kept).
  void note_changes();
  static constexpr std::size_t kFollowBytes = std::size_t{16} << 20;

 private:
  Replay() = default;

  std::unique_ptr<core::Ram> ram_;
  std::optional<core::Maze> maze_;
  core::GwRnd gw_;
  core::C64Rnd c64_;
  std::unique_ptr<core::AmazingWalk> walk_;
  std::unique_ptr<core::Generator> gen_;
  std::size_t scan_at_ = 0;    // the cell the scan looks at now
  std::size_t scan_left_ = 0;  // cells still to show before the scan's find
  std::vector<uint8_t> seen_;  // note_changes: the wall bits at its last call
  std::optional<core::Cell> changed_;
  uint64_t steps_ = 0;
};

// The same maze: size, entrance and every cell's walls.
bool same_maze(const core::Maze& a, const core::Maze& b);

class Watch : public Stepper {
 public:
  // Runs the recipe once to the end to count its work (the default speed comes from it)
  // and to check that it makes `target` (an error says so if not), then starts again.
  static core::Result<std::unique_ptr<Watch>> create(const Recipe& recipe, const core::Maze& target,
                                                     double now, std::string label = {});

  // To the end at once.
  void finish() { to_end(); }
  bool done() const override { return replay_->done(); }

  std::vector<std::string> render() const override;
  std::optional<Highlight> mark() const override;
  uint64_t position() const override { return units_; }
  uint64_t length() const override { return total_units_; }
  const Replay& replay() const { return *replay_; }

 protected:
  int forward() override;
  // A maker cannot run backwards: back makes the maze again from the start up to the
  // unit before (a moment on a big maze).
  void back() override;
  void to_start() override;
  void to_end() override;
  void moved() override;

 private:
  Watch() = default;
  // A fresh replay played up to `units` (the walls compared just before the last unit, so
  // a maker that names no cell shows the cell that unit changed).
  void replay_to(uint64_t units);

  Recipe recipe_;
  std::unique_ptr<Replay> replay_;
  std::string label_;
  uint64_t units_ = 0;        // advance() calls so far
  uint64_t total_units_ = 0;  // advance() calls from the start to the end
  core::Cell focus_{0, 0};    // the window follows the cursor, and stays where it last was
};

// Shows `watch` on the terminal until it is over (run_stepper): Space pauses, the arrows
// step, Home and End jump, + and - change the speed, another key goes back to play.
// `palette`: the frame's colours (the C64's after its boot), else the terminal's own.
void run_watch(Terminal& term, Watch& watch, std::optional<Palette> palette = std::nullopt);

}  // namespace amazing::tui
