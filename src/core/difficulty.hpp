// Graded mazes (--difficulty easy|medium|hard): the seed whose maze falls in a band of
// solution length and dead ends, measured against reference mazes of the same kind.
//
//   MazeRecipe r{.algorithm = "wilson", .width = 20, .height = 20};
//   auto pick = choose_seed(r, Difficulty::kHard, 0);   // Result<SeedChoice>
//   pick->seed   // the first seed from 0 on (0, 1, 2, ...) whose maze is hard
//
// How a maze is graded, exactly:
//  * A recipe's maze for seed s is the one gen's native engine makes after RANDOMIZE s
//    (make_recipe_maze: the 1978 walk or a generator, its markers, then the braid pass).
//    A maze whose exit the entrance does not reach (the 1978 book revision's flaws) or
//    whose walk stopped is not graded and never chosen.
//  * Two measures: the solution's share of the open cells (solution length / cells) and
//    the dead ends' share (dead ends / cells), as `stats` counts them.
//  * The reference: the mazes of seeds 0 .. kReferenceSeeds-1 for the same recipe (size,
//    algorithm, revision, mask, starts, braid). A measure's rank is the share of the
//    reference mazes below it, ties counting half (a percentile, 0..1); a maze's score is
//    the mean of its two ranks; its percentile is the score's rank among the reference
//    mazes' scores, the same way.
//  * Bands: easy below 1/3, medium from 1/3 to below 2/3, hard from 2/3 on; so about a
//    third of the mazes fall in each band.
//  * The search tries s, s+1, ... (wrapping from 32767 to -32768) from the seed given and
//    takes the first maze in the band; after kMaxTries seeds it gives up (mazes too
//    alike to spread over three bands, as in very small mazes).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/amazing_walk.hpp"
#include "core/analysis.hpp"
#include "core/generators/generator.hpp"
#include "core/mask.hpp"
#include "core/maze.hpp"
#include "core/result.hpp"

namespace amazing::core {

enum class Difficulty { kEasy, kMedium, kHard };

inline constexpr int kReferenceSeeds = 100;
inline constexpr int kMaxTries = 1000;
// The largest maze graded (cells): the reference alone makes 100 of them.
inline constexpr std::size_t kMaxGradedCells = 250'000;

// "easy", "medium", "hard"; anything else is an error naming them.
Result<Difficulty> parse_difficulty(std::string_view text);
std::string_view difficulty_name(Difficulty d);

// What gen's native engine makes, without its RND: the same maker, size, revision, mask,
// --starts and --braid (ten-thousandths, braid.hpp).
struct MazeRecipe {
  std::string algorithm = "amazing";  // "amazing": the 1978 walk; else a generator's name
  int width = 0;
  int height = 0;
  Variant variant = Variant::kBook;
  const Mask* mask = nullptr;
  int starts = 0;
  int braid = 0;
};

// A maze the recipe made: the maze, its markers and whether its making stopped (the
// walk's RND at the top of its range: the listing's Subscript out of range).
struct RecipeMaze {
  Maze maze;
  Markers markers;
  int stopped_at_line = 0;
};

// Makes the recipe's maze from `rnd` into `ram` (the 1978 walk or a generator, then
// braid(maze, recipe.braid, rnd, recipe.mask) unless it stopped).
Result<RecipeMaze> make_recipe_maze(Ram& ram, const MazeRecipe& recipe, GwRnd& rnd);

// The two measures of a maze (0..1 each); `graded` false when the exit cannot be reached.
struct Measures {
  bool graded = false;
  double solution = 0;  // solution length / open cells
  double dead_ends = 0;  // dead ends / open cells
};
Measures measure(const Maze& maze, const Mask* mask);

struct SeedChoice {
  int16_t seed = 0;
  Measures measures;
  double percentile = 0;  // the maze's score among the reference's, 0..1
  int tried = 0;          // seeds tried before it was found, itself included
};

// The first seed from `start` on whose maze is in `band` (see the file comment).
// Fails for a maze of more than kMaxGradedCells cells, or when no seed in kMaxTries is.
Result<SeedChoice> choose_seed(const MazeRecipe& recipe, Difficulty band, int16_t start);

}  // namespace amazing::core
