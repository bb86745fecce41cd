// Stepper: the controls shared by everything the play screen plays back step by step (the
// making of a maze, watch.hpp; a solver, solver_watch.hpp). No curses here.
//
//   stepper.tick(now);    // catches up with the clock at the current speed (not when paused)
//   stepper.key(' ');     // Space pauses and goes on; Right steps forward and Left back
//                         // (pausing); Home goes to the start and End to the end (paused);
//                         // + and - double and halve the speed; any other key leaves
//   stepper.leaving()     // a key asked to go back to the maze in play
// A stepper that reaches its end by itself is over (the maze's making goes back to play),
// unless it holds at its end (a solver waits there for a key); paused, it always waits.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tui/terminal.hpp"

namespace amazing::tui {

enum class Control { kFaster, kSlower, kPause, kForward, kBack, kStart, kEnd, kLeave };

// What a key does to a stepper (keys.hpp codes).
Control control_of(int key);

class Stepper {
 public:
  static constexpr int kMinSpeed = -6;  // 1/64 of the default
  static constexpr int kMaxSpeed = 12;  // 4096 times the default
  // Seconds the default speed gives a 12x10 maze (about), and the most it gives any.
  static constexpr double kSmallSeconds = 4.0;
  static constexpr double kLargeSeconds = 60.0;

  virtual ~Stepper() = default;

  void tick(double now);
  void key(int key);
  bool paused() const { return paused_; }
  bool leaving() const { return leaving_; }
  int speed() const { return speed_; }  // 0 is the default; each step doubles or halves
  double rate() const;                  // units a second at the current speed
  // Seconds until the next unit is due (for the input timeout), between 10 and 50 ms.
  double wait() const;
  // Over: back to the maze in play (a key asked, or the end reached unpaused by a stepper
  // that does not hold there).
  bool over() const { return leaving_ || (done() && !paused_ && !holds_at_end()); }

  virtual bool done() const = 0;  // at the end
  virtual bool holds_at_end() const { return false; }
  virtual std::vector<std::string> render() const = 0;
  virtual std::optional<Highlight> mark() const = 0;
  // Units played so far and in all (the paused line shows them).
  virtual uint64_t position() const = 0;
  virtual uint64_t length() const = 0;

 protected:
  // The default speed: about kSmallSeconds for a 12x10 maze's `work` units, bigger mazes
  // longer, as the square root of their size, up to kLargeSeconds.
  void set_pace(uint64_t work, int width, int height, double now);
  // One unit forward; its cost in units of the speed (0 at the end).
  virtual int forward() = 0;
  virtual void back() = 0;
  virtual void to_start() = 0;
  virtual void to_end() = 0;
  // After the position changed (by the clock or a key): follow it (the window, ...).
  virtual void moved() {}
  // "SPEED X2", "SPEED X1/4".
  std::string speed_text() const;
  // The hint line while paused: "PAUSED 12/480  SPACE: GO ON", cut to 40 characters.
  std::string paused_text() const;

 private:
  double base_rate_ = 30;  // units a second at speed 0
  int speed_ = 0;
  double last_ = 0;
  double credit_ = 0;  // units bought by the clock and not spent yet
  bool paused_ = false;
  bool leaving_ = false;
};

// Shows `stepper` on the terminal until it is over; input waits with a timeout (no busy
// loop), and Ctrl-C still ends the program. `hint`: the frame's bottom border; `palette`:
// the frame's colours (the C64's after its boot), else the terminal's own.
void run_stepper(Terminal& term, Stepper& stepper, const std::string& hint,
                 std::optional<Palette> palette = std::nullopt);

}  // namespace amazing::tui
