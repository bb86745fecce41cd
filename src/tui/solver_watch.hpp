// SolverWatch: a solver (core/solvers) run on the maze in play, drawn as it goes with the
// controls of every replay (stepper.hpp): Space pauses, the arrows step forward and back,
// Home and End jump to the start and the end, + and - change the speed, another key goes
// back to the maze in play. At its end it holds there, saying what the solver found. No
// curses here.
//
//   auto w = SolverWatch::create(*find_solver("pledge"), game.maze(), {3, 4}, now);
//   w->tick(now);  w->key(' ');  w->render();  w->mark()   // as Watch
// Each cell shows the last mark a step put on it: ".." visited, "xx" turned back from or
// filled, the flood's distance from the start (its last two digits), "**" the route; the
// cell of the latest step is highlighted. The solver's whole run is made at the start
// (at most core::kMaxSolverSteps steps), so stepping back is as quick as stepping on.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/maze.hpp"
#include "core/result.hpp"
#include "core/solve.hpp"
#include "core/solvers/solver.hpp"
#include "tui/stepper.hpp"

namespace amazing::tui {

class SolverWatch : public Stepper {
 public:
  // The most cells of a maze a solver is watched on (its marks are kept a cell each).
  static constexpr std::size_t kMaxCells = std::size_t{1} << 22;

  // `maze` must outlive the watch and not change meanwhile (the maze in play).
  static core::Result<std::unique_ptr<SolverWatch>> create(const core::SolverInfo& solver,
                                                           const core::Maze& maze,
                                                           core::Cell start, double now);

  bool done() const override { return pos_ == run_.steps.size(); }
  bool holds_at_end() const override { return true; }
  std::vector<std::string> render() const override;
  std::optional<Highlight> mark() const override;
  uint64_t position() const override { return pos_; }
  uint64_t length() const override { return run_.steps.size(); }
  const core::SolverRun& run() const { return run_; }
  core::Mark mark_at(core::Cell c) const;

 protected:
  int forward() override;
  void back() override;
  void to_start() override;
  void to_end() override;

 private:
  SolverWatch() = default;
  core::Cell cursor() const;
  std::string cell_text(core::Cell c) const;

  const core::Maze* maze_ = nullptr;
  std::string title_;
  core::Cell start_;
  core::SolverRun run_;
  std::size_t pos_ = 0;  // steps applied
  std::vector<core::Mark> marks_;
  std::vector<uint32_t> values_;
  struct Before {
    core::Mark mark;
    uint32_t value;
  };
  std::vector<Before> undo_;  // what step i replaced (applied steps only)
};

}  // namespace amazing::tui
