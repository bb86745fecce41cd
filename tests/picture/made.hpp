// Test mazes for the picture tests: a maze made by a named generator (or the 1978 walk)
// from a seed, with its markers, in a Ram of its own; and its walls against a picture.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "core/amazing_walk.hpp"
#include "core/generators/generator.hpp"
#include "core/mask.hpp"
#include "core/ram.hpp"
#include "core/render.hpp"
#include "png_check.hpp"

namespace amazing::picture {

struct Made {
  core::Ram ram{core::kUnlimited};
  core::Maze maze;
  core::Markers markers;
};

inline std::unique_ptr<Made> generate(const std::string& algorithm, int w, int h, int seed,
                                            const core::Mask* mask = nullptr,
                                            int starts = 0) {
  auto made = std::make_unique<Made>();
  core::GwRnd rnd;
  rnd.randomize(static_cast<int16_t>(seed));
  if (algorithm == "amazing") {
    auto run = core::run_amazing(made->ram, w, h, core::Variant::kBook, rnd);
    EXPECT_TRUE(run.ok());
    made->maze = std::move(run->maze);
    return made;
  }
  auto maze = core::Maze::create(made->ram, w, h);
  EXPECT_TRUE(maze.ok());
  made->maze = std::move(*maze);
  core::GeneratorOptions opt;
  opt.mask = mask;
  opt.starts = starts;
  auto gen = core::make_generator(algorithm, made->maze, rnd, opt);
  EXPECT_TRUE(gen.ok()) << (gen.ok() ? "" : gen.error().message);
  (*gen)->run();
  made->markers = (*gen)->markers();
  return made;
}

// The walls of `maze` (its text form) against the picture in `img`.
inline int compare_walls(const core::Maze& maze, const Layout& L, const Image& img,
                         Mapping m = {}) {
  return compare_text_walls(core::render_text(maze), maze.width(), maze.height(), L, img, m);
}

}  // namespace amazing::picture
