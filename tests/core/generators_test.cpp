// Tests of the generators (src/core/generators), masks, the JSON maze format and the
// analysis: perfect mazes for every algorithm, stepping equals running, the RND contract,
// dead-end fingerprints and uniformity on 3x3.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/analysis.hpp"
#include "core/generators/eller.hpp"
#include "core/generators/generator.hpp"
#include "core/json.hpp"
#include "core/mask.hpp"
#include "core/maze.hpp"
#include "core/ram.hpp"
#include "core/rnd.hpp"

namespace amazing::core {
namespace {

struct Made {
  Maze maze;
  Markers markers;
  uint32_t rnd_state = 0;
  uint64_t steps = 0;
};

// One maze of `algo`, stepped or run at once.
Made make_maze(Ram& ram, std::string_view algo, int w, int h, GwRnd& rnd, bool stepped,
               const Mask* mask = nullptr, int starts = 0) {
  auto maze = Maze::create(ram, w, h);
  EXPECT_TRUE(maze.ok());
  Made m{std::move(maze).value(), {}, 0, 0};
  GeneratorOptions opt;
  opt.mask = mask;
  opt.starts = starts;
  auto gen = make_generator(algo, m.maze, rnd, opt);
  EXPECT_TRUE(gen.ok()) << (gen.ok() ? "" : gen.error().message);
  if (!gen.ok()) return m;
  if (stepped) {
    uint64_t guard = 0;
    while (!(*gen)->done() && ++guard < 100'000'000) (*gen)->step();
    m.steps = (*gen)->steps();
  } else {
    (*gen)->run();
  }
  EXPECT_TRUE((*gen)->done());
  m.markers = (*gen)->markers();
  m.rnd_state = rnd.state();
  return m;
}

std::vector<uint8_t> nibbles(const Maze& m) {
  std::vector<uint8_t> v;
  for (std::size_t i = 0; i < m.cells(); ++i) v.push_back(m.store().get(i));
  return v;
}

const std::vector<std::string_view>& all() { return generator_names(); }

TEST(Generators, NamesAreTheThirteenOfTheIssue) {
  std::set<std::string_view> names(all().begin(), all().end());
  for (auto n : {"whitney", "restart", "backtracker", "aldous-broder", "wilson", "hunt-and-kill",
                 "binary-tree", "sidewinder", "eller", "kruskal", "prim", "growing-tree",
                 "recursive-division"})
    EXPECT_TRUE(names.count(n)) << n;
  EXPECT_EQ(names.size(), 13u);
  Ram ram(kUnlimited);
  auto maze = Maze::create(ram, 4, 4);
  GwRnd rnd;
  auto gen = make_generator("no-such", *maze, rnd, {});
  ASSERT_FALSE(gen.ok());
  EXPECT_NE(gen.error().message.find("choose one of"), std::string::npos);
}

TEST(Generators, EveryAlgorithmMakesPerfectMazesOverSeedsAndSizes) {
  Ram ram(kUnlimited);
  const std::pair<int, int> sizes[] = {{2, 2}, {3, 5}, {7, 4}, {10, 12}, {25, 9}, {1, 6}, {6, 1}, {2, 30}};
  for (auto algo : all()) {
    for (auto [w, h] : sizes) {
      for (int seed = -3; seed < 12; ++seed) {
        GwRnd rnd;
        rnd.randomize(static_cast<int16_t>(seed * 977));
        Made m = make_maze(ram, algo, w, h, rnd, false);
        MazeStats s = analyze(m.maze);
        ASSERT_TRUE(s.perfect) << algo << " " << w << "x" << h << " seed " << seed;
        ASSERT_EQ(s.open_cells, static_cast<std::size_t>(w) * h) << algo;
        ASSERT_TRUE(s.has_entrance && s.has_exit) << algo;
        ASSERT_GT(s.solution_length, 0u) << algo;
        // Exactly one exit in the bottom row, and the scratch marks are gone.
        int exits = 0;
        for (int c = 0; c < w; ++c) exits += (m.maze.walls(c, h - 1) & kDownOpen) != 0;
        ASSERT_EQ(exits, 1) << algo;
        for (uint8_t v : nibbles(m.maze)) ASSERT_LE(v, 3) << algo;
      }
    }
  }
}

Mask ring_mask(int w, int h) {
  // A "ghost house": a block in the middle left out.
  Mask mask(w, h);
  for (int r = h / 3; r < h - h / 3; ++r)
    for (int c = w / 3; c < w - w / 3; ++c) mask.set(c, r, true);
  return mask;
}

Mask random_mask(int w, int h, GwRnd& rnd) {
  for (;;) {
    Mask mask(w, h);
    for (int r = 0; r < h; ++r)
      for (int c = 0; c < w; ++c)
        if (rnd.draw(5) == 1) mask.set(c, r, true);
    if (mask.check().ok()) return mask;
  }
}

TEST(Generators, MaskedMazesArePerfectAroundTheMask) {
  Ram ram(kUnlimited);
  GwRnd mask_rnd(12345);
  std::vector<Mask> masks = {ring_mask(12, 10), ring_mask(9, 9), random_mask(15, 11, mask_rnd),
                             random_mask(8, 20, mask_rnd), random_mask(30, 6, mask_rnd)};
  for (auto algo : all()) {
    for (const Mask& mask : masks) {
      if (!generator_supports_mask(algo)) {
        auto maze = Maze::create(ram, mask.width(), mask.height());
        GwRnd rnd;
        GeneratorOptions opt;
        opt.mask = &mask;
        auto gen = make_generator(algo, *maze, rnd, opt);
        ASSERT_FALSE(gen.ok()) << algo;
        EXPECT_NE(gen.error().message.find("cannot carve around a mask"), std::string::npos);
        continue;
      }
      for (int seed = 0; seed < 8; ++seed) {
        GwRnd rnd;
        rnd.randomize(static_cast<int16_t>(seed));
        Made m = make_maze(ram, algo, mask.width(), mask.height(), rnd, false, &mask);
        MazeStats s = analyze(m.maze, &mask);
        ASSERT_TRUE(s.perfect) << algo << " seed " << seed;
        ASSERT_EQ(s.left_out, mask.masked_count()) << algo;
        for (int r = 0; r < mask.height(); ++r) {
          for (int c = 0; c < mask.width(); ++c) {
            if (mask.masked(c, r)) {
              ASSERT_EQ(json_cell(m.maze, c, r), 0) << algo;
            }
          }
        }
        ASSERT_FALSE(mask.masked(m.maze.entrance(), 0));
        ASSERT_FALSE(mask.masked(*m.maze.exit(), mask.height() - 1));
      }
    }
  }
}

TEST(Generators, SteppingToTheEndEqualsRunningAtOnce) {
  Ram ram(kUnlimited);
  Mask mask = ring_mask(13, 11);
  for (auto algo : all()) {
    for (int seed : {1, 2, 300}) {
      for (const Mask* mk : std::vector<const Mask*>{nullptr, &mask}) {
        if (mk && !generator_supports_mask(algo)) continue;
        GwRnd a, b;
        a.randomize(static_cast<int16_t>(seed));
        b.randomize(static_cast<int16_t>(seed));
        Made run = make_maze(ram, algo, 13, 11, a, false, mk, 3);
        Made step = make_maze(ram, algo, 13, 11, b, true, mk, 3);
        EXPECT_EQ(nibbles(run.maze), nibbles(step.maze)) << algo;
        EXPECT_EQ(run.maze.entrance(), step.maze.entrance()) << algo;
        EXPECT_EQ(run.rnd_state, step.rnd_state) << algo;
        EXPECT_EQ(a.calls(), b.calls()) << algo;
        EXPECT_EQ(run.markers.starts, step.markers.starts) << algo;
        EXPECT_EQ(run.markers.ends, step.markers.ends) << algo;
        EXPECT_GT(step.steps, 1u) << algo;
      }
    }
  }
}

TEST(Generators, TheBranchFreeDrawsAreDraw) {
  // The fast loops step the state themselves: next_state/draw_at must be draw, and a
  // coin (draw(2) == 1) must be exactly "the state is below 2^23", over every state.
  // pick(2) and pick(4) (draw clamped to k) are the state's top bit(s) plus one.
  for (uint32_t s = 0; s < GwRnd::kModulus; ++s) {
    ASSERT_EQ(GwRnd::draw_at(s, 2) == 1, s < GwRnd::kModulus / 2) << s;
    ASSERT_EQ(std::min(GwRnd::draw_at(s, 2), 2), static_cast<int>(s >> 23) + 1) << s;
    ASSERT_EQ(std::min(GwRnd::draw_at(s, 4), 4), static_cast<int>(s >> 22) + 1) << s;
  }
  for (uint32_t s = 1; s < GwRnd::kModulus; s += 4099) {
    for (int k : {2, 3, 7, 1000, 4000, 16777215}) {
      GwRnd r(s);
      const uint32_t next = GwRnd::next_state(s);
      ASSERT_EQ(r.draw(k), GwRnd::draw_at(next, k)) << s << " " << k;
      ASSERT_EQ(r.state(), next);
    }
  }
}

TEST(Generators, BinaryTreeDrawsInTheDocumentedOrder) {
  // 3x2: entrance pick(3); (0,0) and (1,0) pick(2) each, 1 = right; (2,0) forced down;
  // bottom row forced right; exit pick(3).
  Ram ram(kUnlimited);
  for (int seed = 0; seed < 50; ++seed) {
    GwRnd rnd, mirror;
    rnd.randomize(static_cast<int16_t>(seed));
    mirror.randomize(static_cast<int16_t>(seed));
    Made m = make_maze(ram, "binary-tree", 3, 2, rnd, false);
    int entrance = mirror.draw(3) - 1;
    EXPECT_EQ(m.maze.entrance(), entrance);
    for (int c = 0; c < 2; ++c) {
      uint8_t want = mirror.draw(2) == 1 ? kRightOpen : kDownOpen;
      EXPECT_EQ(m.maze.walls(c, 0), want);
    }
    EXPECT_EQ(m.maze.walls(2, 0), kDownOpen);
    int exit = mirror.draw(3) - 1;
    EXPECT_EQ(*m.maze.exit(), exit);
    EXPECT_EQ(rnd.state(), mirror.state());
  }
}

TEST(Generators, BacktrackerMarksTheEndsOfTheLongestPath) {
  Ram ram(kUnlimited);
  for (int seed = 0; seed < 20; ++seed) {
    GwRnd rnd;
    rnd.randomize(static_cast<int16_t>(seed));
    Made m = make_maze(ram, "backtracker", 17, 13, rnd, false);
    ASSERT_EQ(m.markers.starts.size(), 1u);
    ASSERT_EQ(m.markers.ends.size(), 1u);
    MazeStats s = analyze(m.maze);
    // Distance between the markers, by a walk over the tree.
    auto a = m.markers.starts[0], b = m.markers.ends[0];
    std::map<std::pair<int, int>, int> dist;
    std::vector<std::pair<int, int>> todo = {{a.col, a.row}};
    dist[{a.col, a.row}] = 1;
    while (!todo.empty()) {
      auto [c, r] = todo.back();
      todo.pop_back();
      const int dc[4] = {0, 1, 0, -1}, dr[4] = {-1, 0, 1, 0};
      const Direction dd[4] = {Direction::kUp, Direction::kRight, Direction::kDown, Direction::kLeft};
      for (int d = 0; d < 4; ++d) {
        int nc = c + dc[d], nr = r + dr[d];
        if (nc < 0 || nr < 0 || nc >= 17 || nr >= 13 || !m.maze.open(c, r, dd[d])) continue;
        if (dist.count({nc, nr})) continue;
        dist[{nc, nr}] = dist[{c, r}] + 1;
        todo.push_back({nc, nr});
      }
    }
    EXPECT_EQ(static_cast<std::size_t>(dist[{b.col, b.row}]), s.longest_path);
  }
}

TEST(Generators, StartsPlacesNStartAndNEndMarkers) {
  Ram ram(kUnlimited);
  GwRnd rnd;
  Made m = make_maze(ram, "aldous-broder", 10, 8, rnd, false, nullptr, 4);
  ASSERT_EQ(m.markers.starts.size(), 4u);
  ASSERT_EQ(m.markers.ends.size(), 4u);
  EXPECT_EQ(m.markers.starts[0], (CellPos{0, 0}));
  EXPECT_EQ(m.markers.ends[0], (CellPos{9, 7}));
  std::set<std::pair<int, int>> seen;
  for (auto* l : {&m.markers.starts, &m.markers.ends})
    for (auto p : *l) seen.insert({p.col, p.row});
  EXPECT_EQ(seen.size(), 8u);
  // Too many markers for the maze is an error, not a hang.
  auto maze = Maze::create(ram, 2, 2);
  GeneratorOptions opt;
  opt.starts = 3;
  EXPECT_FALSE(make_generator("wilson", *maze, rnd, opt).ok());
}

TEST(Generators, RandomWalksThatStallAreRescuedAndStayPerfect) {
  // With a tiny stall limit the rescue path runs often; the mazes stay perfect and
  // stepping still equals running. (The real limit is the RND's period, 2^24 moves.)
  Ram ram(kUnlimited);
  Mask mask = ring_mask(14, 12);
  int rescued_differently = 0;  // the rescue really ran: the mazes differ from unstalled ones
  for (auto algo : {"aldous-broder", "wilson"}) {
    for (const Mask* mk : std::vector<const Mask*>{nullptr, &mask}) {
      for (int seed = 0; seed < 10; ++seed) {
        Made made[2];
        uint32_t state[2];
        for (int stepped = 0; stepped < 2; ++stepped) {
          GwRnd rnd;
          rnd.randomize(static_cast<int16_t>(seed));
          auto maze = Maze::create(ram, 14, 12);
          GeneratorOptions opt;
          opt.mask = mk;
          opt.stall_limit = 20;
          auto gen = make_generator(algo, *maze, rnd, opt);
          ASSERT_TRUE(gen.ok());
          if (stepped) {
            while (!(*gen)->done()) (*gen)->step();
          } else {
            (*gen)->run();
          }
          made[stepped].maze = std::move(maze).value();
          state[stepped] = rnd.state();
        }
        MazeStats s = analyze(made[0].maze, mk);
        ASSERT_TRUE(s.perfect) << algo << " seed " << seed;
        GwRnd plain;
        plain.randomize(static_cast<int16_t>(seed));
        Made unstalled = make_maze(ram, algo, 14, 12, plain, false, mk);
        rescued_differently += nibbles(unstalled.maze) != nibbles(made[0].maze);
        EXPECT_EQ(nibbles(made[0].maze), nibbles(made[1].maze)) << algo;
        EXPECT_EQ(state[0], state[1]) << algo;
      }
    }
  }
  EXPECT_GE(rescued_differently, 30);
}

double dead_end_share(std::string_view algo, Ram& ram) {
  GwRnd rnd;
  rnd.randomize(2026);
  std::size_t dead = 0, cells = 0;
  for (int i = 0; i < 1000; ++i) {
    Made m = make_maze(ram, algo, 20, 20, rnd, false);
    MazeStats s = analyze(m.maze);
    dead += s.dead_ends;
    cells += s.open_cells;
  }
  return static_cast<double>(dead) / static_cast<double>(cells);
}

TEST(Fingerprints, DeadEndSharesOn20x20Over1000Mazes) {
  Ram ram(kUnlimited);
  struct Band {
    const char* algo;
    double lo, hi;
  };
  // reference-facts.md section 5: backtracker and hunt-and-kill about 10%, Aldous-Broder
  // and Wilson about 29%, Kruskal 30%, binary tree 25%, sidewinder 27%.
  for (Band b : {Band{"backtracker", 0.08, 0.12}, Band{"hunt-and-kill", 0.08, 0.12},
                 Band{"aldous-broder", 0.275, 0.305}, Band{"wilson", 0.275, 0.305},
                 Band{"kruskal", 0.28, 0.32}, Band{"binary-tree", 0.23, 0.27},
                 Band{"sidewinder", 0.25, 0.29}}) {
    double share = dead_end_share(b.algo, ram);
    EXPECT_GE(share, b.lo) << b.algo;
    EXPECT_LE(share, b.hi) << b.algo;
    RecordProperty(std::string(b.algo) + "_dead_ends", std::to_string(share));
  }
}

// Chi-square of 96,000 3x3 mazes over the 192 spanning trees; also how many trees appeared.
std::pair<double, std::size_t> chi_square_3x3(std::string_view algo) {
  Ram ram(kUnlimited);
  GwRnd rnd;
  rnd.randomize(77);
  std::map<unsigned, int> counts;
  const int kSamples = 96000;
  for (int i = 0; i < kSamples; ++i) {
    Made m = make_maze(ram, algo, 3, 3, rnd, false);
    unsigned key = 0;
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 3; ++c) {
        uint8_t v = m.maze.walls(c, r);
        if (c < 2) key = key * 2 + ((v & kRightOpen) != 0);
        if (r < 2) key = key * 2 + ((v & kDownOpen) != 0);
      }
    }
    ++counts[key];
  }
  const double expected = kSamples / 192.0;
  double chi = 0;
  for (auto& [key, n] : counts) chi += (n - expected) * (n - expected) / expected;
  chi += (192 - static_cast<double>(counts.size())) * expected;  // trees never seen
  return {chi, counts.size()};
}

TEST(Uniformity, AldousBroderAndWilsonPassChiSquareOn3x3) {
  for (auto algo : {"aldous-broder", "wilson"}) {
    auto [chi, trees] = chi_square_3x3(algo);
    EXPECT_EQ(trees, 192u) << algo;
    EXPECT_LT(chi, 257.0) << algo;  // 191 degrees of freedom, p = 0.001
    RecordProperty(std::string(algo) + "_chi_square", std::to_string(chi));
  }
}

TEST(Uniformity, BacktrackerIsNotUniformOn3x3) {
  auto [chi, trees] = chi_square_3x3("backtracker");
  EXPECT_LT(trees, 192u);
  EXPECT_GT(chi, 257.0);
  RecordProperty("backtracker_trees", std::to_string(trees));
  RecordProperty("backtracker_chi_square", std::to_string(chi));
}

TEST(Eller, StreamsRowsWithMemoryIndependentOfLength) {
  GwRnd a;
  EllerRows rows(50, a);
  std::size_t before = rows.memory_bytes();
  std::vector<uint8_t> buf(50);
  for (int i = 0; i < 20000; ++i) rows.next_row(buf.data(), false);
  rows.next_row(buf.data(), true);
  EXPECT_EQ(rows.memory_bytes(), before);
  for (int c = 0; c < 50; ++c) EXPECT_FALSE(buf[c] & kDownOpen);  // the last row ends it
}

TEST(Eller, TheGeneratorIsTheStreamBetweenEntranceAndExit) {
  Ram ram(kUnlimited);
  GwRnd rnd, mirror;
  Made m = make_maze(ram, "eller", 9, 7, rnd, false);
  EXPECT_EQ(m.maze.entrance(), mirror.draw(9) - 1);
  EllerRows rows(9, mirror);
  std::vector<uint8_t> buf(9);
  for (int r = 0; r < 7; ++r) {
    rows.next_row(buf.data(), r == 6);
    for (int c = 0; c < 9; ++c) {
      uint8_t got = m.maze.walls(c, r);
      if (r == 6) got &= ~kDownOpen;  // the exit
      EXPECT_EQ(got, buf[c]) << c << "," << r;
    }
  }
  EXPECT_EQ(*m.maze.exit(), mirror.draw(9) - 1);
  EXPECT_EQ(rnd.state(), mirror.state());
}

TEST(Json, RoundTripKeepsWallsEntranceExitAndMarkers) {
  Ram ram(kUnlimited);
  Mask mask = ring_mask(11, 9);
  for (auto algo : {"wilson", "backtracker"}) {
    GwRnd rnd;
    rnd.randomize(5);
    Made m = make_maze(ram, algo, 11, 9, rnd, false, &mask, algo[0] == 'w' ? 2 : 0);
    std::string line = maze_to_json(m.maze, algo, 5, m.markers);
    EXPECT_EQ(line.find('\n'), std::string::npos);
    auto rec = parse_maze_json(line);
    ASSERT_TRUE(rec.ok()) << rec.error().message;
    EXPECT_EQ(rec->algorithm, algo);
    EXPECT_EQ(rec->seed, 5);
    EXPECT_EQ(rec->markers.starts, m.markers.starts);
    EXPECT_EQ(rec->markers.ends, m.markers.ends);
    auto back = maze_from_record(*rec, ram);
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(nibbles(*back), nibbles(m.maze));
    EXPECT_EQ(back->entrance(), m.maze.entrance());
    EXPECT_EQ(back->exit(), m.maze.exit());
  }
}

TEST(Json, CellBitsFollowTheIssue) {
  // 2x1: entrance over (0,0), passage between the two, exit under (1,0).
  Ram ram(kUnlimited);
  auto maze = Maze::create(ram, 2, 1);
  maze->set_entrance(0);
  maze->set_walls(0, 0, kRightOpen);
  maze->set_walls(1, 0, kDownOpen);
  EXPECT_EQ(maze_to_json(*maze, "x", std::nullopt, {}),
            R"({"algorithm":"x","width":2,"height":1,"seed":null,"cells":[3,12],"starts":[],"ends":[]})");
}

TEST(Json, BadInputGivesClearErrors) {
  Ram ram(kUnlimited);
  EXPECT_FALSE(parse_maze_json("").ok());
  EXPECT_FALSE(parse_maze_json("{\"width\":2}").ok());
  EXPECT_FALSE(parse_maze_json("{\"width\":2,\"height\":1,\"cells\":[3,16]}").ok());
  auto rec = parse_maze_json(R"({"width":2,"height":1,"cells":[3,4],"extra":{"a":[1,2.5e3,"x"]}})");
  ASSERT_TRUE(rec.ok()) << rec.error().message;
  auto maze = maze_from_record(*rec, ram);  // (0,0) opens right, (1,0) does not open left
  ASSERT_FALSE(maze.ok());
  EXPECT_NE(maze.error().message.find("disagree"), std::string::npos);
  auto short_cells = parse_maze_json(R"({"width":2,"height":2,"cells":[0,0,0]})");
  ASSERT_TRUE(short_cells.ok());
  EXPECT_FALSE(maze_from_record(*short_cells, ram).ok());
}

TEST(Mask, ParsesTextGridsAndChecksShape) {
  auto mask = parse_mask("; ghost house\n....\r\n.##.\n..\n");
  ASSERT_TRUE(mask.ok()) << mask.error().message;
  EXPECT_EQ(mask->width(), 4);
  EXPECT_EQ(mask->height(), 3);
  EXPECT_EQ(mask->masked_count(), 2u);
  EXPECT_TRUE(mask->masked(1, 1));
  EXPECT_FALSE(mask->masked(3, 2));
  EXPECT_TRUE(mask->check().ok());
  EXPECT_EQ(format_mask(*mask), "....\n.##.\n....\n");
  auto bad = parse_mask("..x.\n");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("line 1, column 3"), std::string::npos);
  EXPECT_FALSE(parse_mask("####\n....\n")->check().ok());  // no entrance possible
  EXPECT_FALSE(parse_mask("..#.\n..#.\n")->check().ok());  // cut in two
}

TEST(Analysis, CountsAHandMadeMaze) {
  // 3x2:  entrance over (1,0); (0,0)-(1,0)-(2,0), (1,0) down to (1,1), (0,1)-(1,1),
  // (2,0) down to (2,1), exit under (2,1). Cells: (0,0) dead end, (1,0) junction,
  // (2,0) turn, (0,1) dead end, (1,1) turn, (2,1) dead end.
  Ram ram(kUnlimited);
  auto maze = Maze::create(ram, 3, 2);
  maze->set_entrance(1);
  maze->set_walls(0, 0, kRightOpen);
  maze->set_walls(1, 0, kRightOpen | kDownOpen);
  maze->set_walls(2, 0, kDownOpen);
  maze->set_walls(0, 1, kRightOpen);
  maze->set_walls(1, 1, 0);
  maze->set_walls(2, 1, kDownOpen);
  MazeStats s = analyze(*maze);
  EXPECT_TRUE(s.perfect);
  EXPECT_EQ(s.dead_ends, 3u);
  EXPECT_EQ(s.junctions, 1u);
  EXPECT_EQ(s.turns, 2u);
  EXPECT_EQ(s.longest_path, 5u);     // (0,1)-(1,1)-(1,0)-(2,0)-(2,1)
  EXPECT_EQ(s.solution_length, 3u);  // (1,0)-(2,0)-(2,1)
  maze->set_walls(0, 1, kRightOpen | kDownOpen);  // a second exit is fine for analysis...
  maze->set_walls(0, 0, kRightOpen | kDownOpen);  // ...but this closes a loop
  s = analyze(*maze);
  EXPECT_TRUE(s.connected);
  EXPECT_FALSE(s.perfect);
}

}  // namespace
}  // namespace amazing::core
