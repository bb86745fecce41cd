// What play asks of an engine: the factory of a game's mazes (engine.hpp, play_mazes), and
// the seed streams the engines' factories share. The first maze is made as given (after
// RANDOMIZE N, or X=RND(-(N)) on the c64, with --seed N, else from power-on); every new
// maze after it gets a seed of its own, drawn from where the generator stands, so each
// maze is one `--seed N` away from being made again (the status line shows N). "The same
// start" (f) replays the state that made the current maze.
//
//   PlayMazes request{job, script};              // job: size, seed, variant, algorithm, ...
//   tui::PlayGame game(engine_info(job.engine).play_mazes(request), config);
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "core/c64_rnd.hpp"
#include "core/rnd.hpp"
#include "tui/play.hpp"

namespace amazing::cli {

struct Job;           // job.hpp
struct LoadedScript;  // lua_engine.hpp

// Where the machine's RND stands when the factory takes over, and the state that made the
// maze on screen (both the power-on or seeded state when the factory makes the first maze).
struct PlayStart {
  core::GwRnd rnd;  // the pc's
  core::GwRnd made_from;
  core::C64Rnd c64_rnd;  // the c64's
  core::C64Rnd c64_made_from;
  bool first = true;  // the factory makes the first maze (false: the boot dialogue made it)
};

// What play asks: the mazes of `job` (its size, seed, variant, algorithm, RAM, braid,
// difficulty; its machine picks the RND), made by `script` for the Lua engine.
struct PlayMazes {
  const Job& job;
  const LoadedScript* script = nullptr;
  PlayStart start = {};
};

// The pc's stream of seeds: `begin` gives the state the requested maze starts from.
struct SeedStream {
  core::GwRnd rnd;            // where the generator stands: draws the next maze's seed
  core::GwRnd current_start;  // the state that made the current maze
  std::optional<int16_t> current_seed;
  bool first = true;  // the next request is the first maze, made as given
  // --difficulty: the seed drawn for a new maze is the start of the search (the first
  // maze's was chosen with the options); empty without.
  std::function<int16_t(int16_t)> grade = {};

  core::GwRnd begin(const tui::MazeRequest& req);
};

// The pc's seed stream for a request: its start, the job's seed and --difficulty's grading.
SeedStream seed_stream(const PlayMazes& request);

// The Commodore 64's: each new seed a whole number other than 0 drawn from the C64's RND,
// so `--machine c64 --seed N` makes it again.
struct C64SeedStream {
  core::C64Rnd rnd;
  core::C64Rnd current_start;
  std::optional<int16_t> current_seed;
  bool first = true;

  core::C64Rnd begin(const tui::MazeRequest& req);
};

}  // namespace amazing::cli
