// The seed streams play's maze factories share (play_mazes.hpp).
#include "cli/play_mazes.hpp"

#include "cli/job.hpp"
#include "core/difficulty.hpp"

namespace amazing::cli {
namespace {

// --difficulty: a new maze's seed searched for from the seed drawn (the same band).
std::function<int16_t(int16_t)> grader(const Job& job) {
  if (!job.difficulty) return {};
  const core::MazeRecipe recipe{.algorithm = job.algorithm,
                                .width = job.size.width,
                                .height = job.size.length,
                                .variant = job.variant,
                                .braid = job.braid};
  const core::Difficulty band = *job.difficulty;
  return [recipe, band](int16_t from) {
    auto pick = core::choose_seed(recipe, band, from);
    return pick ? pick->seed : from;  // mazes too alike to grade: the seed drawn
  };
}

}  // namespace

core::GwRnd SeedStream::begin(const tui::MazeRequest& req) {
  if (!req.same_start) {
    if (first) {
      current_start = rnd;
    } else {
      current_seed = tui::next_seed(rnd);
      if (grade) current_seed = grade(*current_seed);
      current_start = core::GwRnd();
      current_start.randomize(*current_seed);
    }
  }
  first = false;
  return current_start;
}

SeedStream seed_stream(const PlayMazes& request) {
  const PlayStart& s = request.start;
  return SeedStream{s.rnd, s.made_from, request.job.seed, s.first, grader(request.job)};
}

core::C64Rnd C64SeedStream::begin(const tui::MazeRequest& req) {
  if (!req.same_start) {
    if (first) {
      current_start = rnd;
    } else {
      int n = rnd.draw(65534) - 32767;  // -32766..32767
      if (n == 0) n = -32767;           // X=RND(-(0)) would read the C64's clock
      current_seed = static_cast<int16_t>(n);
      current_start = core::C64Rnd();
      current_start.seed_statement(n);
    }
  }
  first = false;
  return current_start;
}

}  // namespace amazing::cli
