#include "core/difficulty.hpp"

#include <algorithm>
#include <vector>

#include "core/braid.hpp"
#include "core/ram.hpp"

namespace amazing::core {
namespace {

// The share of `sorted` below x, ties counting half.
double rank_in(const std::vector<double>& sorted, double x) {
  const auto lo = std::lower_bound(sorted.begin(), sorted.end(), x);
  const auto hi = std::upper_bound(lo, sorted.end(), x);
  const double below = static_cast<double>(lo - sorted.begin());
  const double equal = static_cast<double>(hi - lo);
  return (below + equal / 2) / static_cast<double>(sorted.size());
}

// The reference mazes' measures, sorted, and their scores, sorted.
struct Reference {
  std::vector<double> solution, dead_ends, scores;
  double score(const Measures& m) const {
    return (rank_in(solution, m.solution) + rank_in(dead_ends, m.dead_ends)) / 2;
  }
  double percentile(const Measures& m) const { return rank_in(scores, score(m)); }
};

bool in_band(double percentile, Difficulty band) {
  switch (band) {
    case Difficulty::kEasy: return percentile < 1.0 / 3;
    case Difficulty::kMedium: return percentile >= 1.0 / 3 && percentile < 2.0 / 3;
    case Difficulty::kHard: return percentile >= 2.0 / 3;
  }
  return false;
}

Result<Measures> measure_seed(const MazeRecipe& recipe, int16_t seed) {
  Ram ram(kUnlimited);
  GwRnd rnd;
  rnd.randomize(seed);
  auto made = make_recipe_maze(ram, recipe, rnd);
  if (!made) return made.error();
  if (made->stopped_at_line != 0) return Measures{};
  return measure(made->maze, recipe.mask);
}

}  // namespace

Result<Difficulty> parse_difficulty(std::string_view text) {
  if (text == "easy") return Difficulty::kEasy;
  if (text == "medium") return Difficulty::kMedium;
  if (text == "hard") return Difficulty::kHard;
  return Error{"--difficulty takes easy, medium or hard, not '" + std::string(text) + "'"};
}

std::string_view difficulty_name(Difficulty d) {
  static constexpr std::string_view kNames[] = {"easy", "medium", "hard"};
  return kNames[static_cast<int>(d)];
}

Result<RecipeMaze> make_recipe_maze(Ram& ram, const MazeRecipe& recipe, GwRnd& rnd) {
  RecipeMaze out;
  if (recipe.algorithm == "amazing") {
    auto run = run_amazing(ram, recipe.width, recipe.height, recipe.variant, rnd);
    if (!run) return run.error();
    out.maze = std::move(run->maze);
    out.stopped_at_line = run->stats.stopped_at_line;
  } else {
    auto maze = Maze::create(ram, recipe.width, recipe.height);
    if (!maze) return maze.error();
    out.maze = std::move(maze).value();
    GeneratorOptions opt;
    opt.mask = recipe.mask;
    opt.starts = recipe.starts;
    auto gen = make_generator(recipe.algorithm, out.maze, rnd, opt);
    if (!gen) return gen.error();
    (*gen)->run();
    out.markers = (*gen)->markers();
  }
  if (out.stopped_at_line == 0) braid(out.maze, recipe.braid, rnd, recipe.mask);
  return out;
}

Measures measure(const Maze& maze, const Mask* mask) {
  const MazeStats s = analyze(maze, mask);
  Measures m;
  m.graded = s.verdict.exit_reachable && s.open_cells > 0;
  m.solution = s.share(s.solution_length);
  m.dead_ends = s.share(s.dead_ends);
  return m;
}

Result<SeedChoice> choose_seed(const MazeRecipe& recipe, Difficulty band, int16_t start) {
  const std::size_t cells =
      static_cast<std::size_t>(recipe.width) * static_cast<std::size_t>(recipe.height);
  if (cells > kMaxGradedCells)
    return Error{"--difficulty grades mazes of up to " + std::to_string(kMaxGradedCells) +
                 " cells (500x500) against " + std::to_string(kReferenceSeeds) +
                 " reference mazes; this one has " + std::to_string(cells) +
                 "; choose a smaller --size or leave out --difficulty"};
  Reference ref;
  std::vector<Measures> sample;
  for (int s = 0; s < kReferenceSeeds; ++s) {
    auto m = measure_seed(recipe, static_cast<int16_t>(s));
    if (!m) return m.error();
    if (!m->graded) continue;
    sample.push_back(*m);
    ref.solution.push_back(m->solution);
    ref.dead_ends.push_back(m->dead_ends);
  }
  if (sample.empty())
    return Error{"--difficulty: none of the " + std::to_string(kReferenceSeeds) +
                 " reference mazes has a reachable exit, so they cannot be graded; use "
                 "--variant fixed-exit"};
  std::sort(ref.solution.begin(), ref.solution.end());
  std::sort(ref.dead_ends.begin(), ref.dead_ends.end());
  for (const Measures& m : sample) ref.scores.push_back(ref.score(m));
  std::sort(ref.scores.begin(), ref.scores.end());
  int seed = start;
  for (int tried = 1; tried <= kMaxTries; ++tried) {
    auto m = measure_seed(recipe, static_cast<int16_t>(seed));
    if (!m) return m.error();
    if (m->graded) {
      const double p = ref.percentile(*m);
      if (in_band(p, band))
        return SeedChoice{static_cast<int16_t>(seed), *m, p, tried};
    }
    seed = seed == 32767 ? -32768 : seed + 1;
  }
  return Error{"--difficulty " + std::string(difficulty_name(band)) + ": none of the " +
               std::to_string(kMaxTries) + " seeds from " + std::to_string(start) +
               " makes a maze in that band (the mazes of this size and kind are too alike "
               "to grade); try a bigger --size or leave out --difficulty"};
}

}  // namespace amazing::core
