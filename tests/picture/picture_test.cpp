// The pictures against the text form: every wall position of the text rendering is
// sampled in the decoded PNG (libpng here, independent of the writer's cairo), for several
// generators, a book maze with walled-off cells, masks, markers and the solution drawn in.
// PDF through poppler-utils (pdfinfo, pdftoppm), SVG parsed minimally.

#include <gtest/gtest.h>
#include <png.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "core/amazing_walk.hpp"
#include "core/generators/generator.hpp"
#include "core/mask.hpp"
#include "core/ram.hpp"
#include "core/render.hpp"
#include "core/solve.hpp"
#include "picture/picture.hpp"
#include "made.hpp"
#include "png_check.hpp"
#include "support/files.hpp"
#include "support/run.hpp"

namespace amazing::picture {
namespace {

class PngWalls : public ::testing::TestWithParam<std::tuple<std::string, int>> {};

TEST_P(PngWalls, EveryWallOfTheTextIsDarkAndNoOther) {
  const auto& [algorithm, cell] = GetParam();
  for (bool solution : {false, true}) {
    auto made = generate(algorithm, 23, 17, 11, nullptr, algorithm == "wilson" ? 3 : 0);
    PictureOptions opt;
    opt.cell = cell;
    opt.solution = solution;
    opt.markers = &made->markers;
    std::string png;
    ASSERT_TRUE(write_png(made->maze, opt, to_string(png)).ok());
    Image img = decode_png(png);
    auto L = layout_for(23, 17, cell);
    ASSERT_TRUE(L.ok());
    EXPECT_EQ(img.width, L->width);
    EXPECT_EQ(img.height, L->height);
    EXPECT_EQ(compare_walls(made->maze, *L, img), 0) << algorithm << " cell " << cell;
    // Opaque white ground: the corners of the margin.
    const unsigned char* p = img.at(0, 0);
    EXPECT_EQ(p[0] + p[1] + p[2], 3 * 255);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Generators, PngWalls,
    ::testing::Combine(::testing::Values("amazing", "backtracker", "wilson", "kruskal", "eller",
                                         "recursive-division", "binary-tree"),
                       ::testing::Values(0, 2, 3, 10, 17)));

// A book maze (1978 listing, line 695 as printed) with walled-off cells: some seed in the
// first hundred makes one, and it is drawn as it is.
TEST(PngWalls, FlawedBookMazeIsDrawnAsItIs) {
  int found = -1;
  for (int seed = 0; seed < 200 && found < 0; ++seed) {
    auto made = generate("amazing", 12, 10, seed);
    if (core::solve(made->maze).unreachable > 0) found = seed;
  }
  ASSERT_GE(found, 0) << "no flawed book maze among the seeds tried";
  auto made = generate("amazing", 12, 10, found);
  PictureOptions opt;
  opt.solution = true;
  std::string png;
  ASSERT_TRUE(write_png(made->maze, opt, to_string(png)).ok());
  auto L = layout_for(12, 10, 0);
  EXPECT_EQ(compare_walls(made->maze, *L, decode_png(png)), 0);
}

TEST(PngWalls, MaskedCellsAreShadedAndWalledOff) {
  auto mask = core::parse_mask(
      "..........\n"
      "..........\n"
      "...####...\n"
      "...####...\n"
      "..........\n"
      "..........\n");
  ASSERT_TRUE(mask.ok());
  auto made = generate("backtracker", 10, 6, 5, &*mask, 2);
  PictureOptions opt;
  opt.mask = &*mask;
  opt.markers = &made->markers;
  opt.solution = true;
  std::string png;
  ASSERT_TRUE(write_png(made->maze, opt, to_string(png)).ok());
  Image img = decode_png(png);
  auto L = layout_for(10, 6, 0);
  EXPECT_EQ(compare_walls(made->maze, *L, img), 0);
  // The middle of a masked cell is grey, of an open cell off the path white or marked.
  const unsigned char* grey = img.at(L->x(4) + L->cell / 2, L->y(2) + L->cell / 2);
  EXPECT_EQ(grey[0], grey[2]);
  EXPECT_GT(grey[0], 150);
  EXPECT_LT(grey[0], 230);
}

TEST(PngWalls, MarkersAndSolutionAreColoured) {
  auto made = generate("backtracker", 8, 8, 3);
  ASSERT_FALSE(made->markers.starts.empty());  // the longest path's ends
  PictureOptions opt;
  opt.cell = 20;
  opt.markers = &made->markers;
  opt.solution = true;
  std::string png;
  ASSERT_TRUE(write_png(made->maze, opt, to_string(png)).ok());
  Image img = decode_png(png);
  auto L = layout_for(8, 8, 20);
  auto centre = [&](int col, int row) {
    return img.at(L->x(col) + L->wall + (L->cell - L->wall) / 2,
                  L->y(row) + L->wall + (L->cell - L->wall) / 2);
  };
  const unsigned char* entrance = centre(made->maze.entrance(), 0);
  EXPECT_GT(entrance[1], entrance[0] + 60) << "the entrance is green";
  const unsigned char* exit = centre(*made->maze.exit(), 7);
  EXPECT_GT(exit[2], exit[0] + 60) << "the exit is blue";
  const auto s = made->markers.starts[0];
  const unsigned char* start = centre(s.col, s.row);
  EXPECT_GT(start[0], 200);  // orange
  EXPECT_GT(start[0], start[2] + 100);
  // Some cell of the solution other than the entrance and exit: red on its path line.
  auto path = core::solve(made->maze).path;
  ASSERT_GT(path.size(), 2u);
  const unsigned char* red = centre(path[1].col, path[1].row);
  EXPECT_GT(red[0], 180);
  EXPECT_LT(red[1], 80);
}

// 4000 px wide: the PNG is drawn in strips of about 260 pixel rows, each with the maze
// rows that reach into it; the seams must not lose or add a wall.
TEST(PngWalls, WideMazeDrawnInStripsHasEveryWall) {
  auto made = generate("kruskal", 397, 90, 8);
  PictureOptions opt;
  opt.solution = true;
  std::string png;
  ASSERT_TRUE(write_png(made->maze, opt, to_string(png)).ok());
  Image img = decode_png(png);
  auto L = layout_for(397, 90, 0);
  ASSERT_EQ(L->cell, 10);
  EXPECT_EQ(img.height, L->height);
  EXPECT_EQ(compare_walls(made->maze, *L, img), 0);
}

TEST(Layout, DefaultCellShrinksBigMazesToFitAndNeverBelowTwo) {
  EXPECT_EQ(layout_for(20, 20, 0)->cell, 10);
  auto L = layout_for(1000, 1000, 0);
  EXPECT_LE(L->width, kFitPixels);
  EXPECT_EQ(L->cell, 3);
  EXPECT_EQ(layout_for(2000, 300, 0)->cell, kMinCell);
  EXPECT_EQ(layout_for(20, 20, 7)->cell, 7);
  EXPECT_FALSE(layout_for(20, 20, kMaxCell + 1).ok());
  EXPECT_FALSE(layout_for(20, 20, 1).ok());
  EXPECT_TRUE(check_vector_size(2048, 2048).ok());
  EXPECT_FALSE(check_vector_size(2049, 2048).ok());
  EXPECT_FALSE(layout_for(20000, 20, 0).ok());  // 40000 px: refused, not attempted
}

TEST(Sink, AWriteFailureIsAnErrorNotACrash) {
  auto made = generate("kruskal", 30, 30, 1);
  int calls = 0;
  Sink failing = [&](const void*, std::size_t) { return ++calls < 2; };
  auto st = write_png(made->maze, {}, failing);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.error().message.find("could not write"), std::string::npos);
  calls = 0;
  EXPECT_FALSE(write_svg(made->maze, {}, failing).ok());
  calls = 0;
  PdfWriter pdf(failing);
  auto page = pdf.add_page(made->maze, {});
  EXPECT_FALSE(page.ok() && pdf.finish().ok());
}

// A minimal XML check: declarations, comments, and start/end tags that nest.
bool well_formed(const std::string& s, std::string& why) {
  std::vector<std::string> stack;
  for (std::size_t i = s.find('<'); i != std::string::npos; i = s.find('<', i)) {
    if (s.compare(i, 4, "<!--") == 0) {
      i = s.find("-->", i);
      if (i == std::string::npos) return why = "open comment", false;
      continue;
    }
    std::size_t end = s.find('>', i);
    if (end == std::string::npos) return why = "open tag", false;
    std::string tag = s.substr(i + 1, end - i - 1);
    i = end;
    if (tag.empty()) return why = "empty tag", false;
    if (tag[0] == '?' || tag[0] == '!') continue;
    if (tag.back() == '/') continue;
    std::string name = tag.substr(tag[0] == '/' ? 1 : 0);
    name = name.substr(0, name.find_first_of(" \t\r\n"));
    if (tag[0] == '/') {
      if (stack.empty() || stack.back() != name) return why = "unbalanced </" + name + ">", false;
      stack.pop_back();
    } else {
      stack.push_back(name);
    }
  }
  if (!stack.empty()) return why = "<" + stack.back() + "> not closed", false;
  return true;
}

TEST(Svg, WellFormedWithTheLayoutsSize) {
  auto made = generate("prim", 15, 9, 4, nullptr, 2);
  PictureOptions opt;
  opt.solution = true;
  opt.markers = &made->markers;
  std::string svg;
  ASSERT_TRUE(write_svg(made->maze, opt, to_string(svg)).ok());
  std::string why;
  EXPECT_TRUE(well_formed(svg, why)) << why;
  auto L = layout_for(15, 9, 0);
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_NE(svg.find("width=\"" + std::to_string(L->width) + "pt\""), std::string::npos) << svg.substr(0, 300);
  EXPECT_NE(svg.find("height=\"" + std::to_string(L->height) + "pt\""), std::string::npos);
}

// Writes `bytes` to a temporary file; returns its name.
std::string temp_file(const std::string& bytes, const std::string& suffix) {
  std::string name = ::testing::TempDir() + "picture_test_" + std::to_string(getpid()) + suffix;
  std::ofstream(name, std::ios::binary) << bytes;
  return name;
}

// Runs a program of poppler-utils (found on PATH); its standard output and error.
std::string run(const std::string& program, const std::vector<std::string>& args) {
  std::vector<std::string> argv = {test::find_in_path(program)};
  if (argv[0].empty()) return program + " is not installed (apt-get install poppler-utils)";
  argv.insert(argv.end(), args.begin(), args.end());
  test::RunOptions o;
  o.merge_stderr = true;
  return test::run_program(argv, "", o).out;
}

TEST(Pdf, OnePageAMazeOnA4AndTheWallsOfTheText) {
  std::vector<std::unique_ptr<Made>> mazes;
  mazes.push_back(generate("amazing", 9, 7, 21));
  mazes.push_back(generate("sidewinder", 14, 30, 2));
  mazes.push_back(generate("growing-tree", 40, 12, 9));
  std::string pdf;
  {
    PdfWriter writer(to_string(pdf));
    for (auto& m : mazes) {
      PictureOptions opt;
      opt.solution = true;
      ASSERT_TRUE(writer.add_page(m->maze, opt).ok());
    }
    ASSERT_TRUE(writer.finish().ok());
    EXPECT_EQ(writer.pages(), 3);
  }
  const std::string file = temp_file(pdf, ".pdf");
  const std::string info = run("pdfinfo", {file});
  EXPECT_NE(info.find("Pages:           3\n"), std::string::npos) << info;
  EXPECT_NE(info.find("595.28 x 841.89 pts (A4)"), std::string::npos) << info;
  // Each page at 144 dpi (two pixels a point: the thinnest walls, 2.5 pt, are solid in
  // their middle), sampled like the PNG.
  for (int page = 1; page <= 3; ++page) {
    const std::string prefix = file + "-p" + std::to_string(page);
    run("pdftoppm", {"-png", "-r", "144", "-singlefile", "-f", std::to_string(page), "-l",
                     std::to_string(page), file, prefix});
    Image img = decode_png(test::slurp(prefix + ".png"));
    ASSERT_GE(img.width, 1190);  // pdftoppm rounds 2 x 595.28 up or down
    ASSERT_LE(img.width, 1191);
    const double px = img.width / PdfWriter::kPageWidth;  // pixels a point
    const core::Maze& maze = mazes[page - 1]->maze;
    auto L = layout_for(maze.width(), maze.height(), 0);
    PageFit fit = fit_to_page(L->width, L->height);
    EXPECT_EQ(compare_walls(maze, *L, img, Mapping{fit.scale * px, fit.x * px, fit.y * px}), 0) << "page " << page;
    std::remove((prefix + ".png").c_str());
  }
  std::remove(file.c_str());
}

TEST(Pdf, AWriterWithNoPageIsAnError) {
  std::string pdf;
  PdfWriter writer(to_string(pdf));
  EXPECT_FALSE(writer.finish().ok());
}

TEST(Screen, FortyByTwentyFiveCharactersOnTheMachinesBlue) {
  std::vector<std::string> lines(25, std::string(40, ' '));
  lines[0] = "#" + std::string(39, ' ');
  lines[24] = std::string(39, ' ') + "\xe2\x96\x88";  // a full block in the last cell
  lines[12] = "\xff\x01 bad bytes are shown, not trusted";
  std::string png;
  ASSERT_TRUE(write_screen_png(lines, to_string(png)).ok());
  Image img = decode_png(png);
  EXPECT_EQ(img.width, 2 * kScreenBorder + 40 * kScreenCellWidth);
  EXPECT_EQ(img.height, 2 * kScreenBorder + 25 * kScreenCellHeight);
  auto bright_in_cell = [&](int col, int row) {
    int n = 0;
    for (int y = 0; y < kScreenCellHeight; ++y)
      for (int x = 0; x < kScreenCellWidth; ++x) {
        const unsigned char* p =
            img.at(kScreenBorder + col * kScreenCellWidth + x, kScreenBorder + row * kScreenCellHeight + y);
        n += p[0] > 180 && p[1] > 180;
      }
    return n;
  };
  EXPECT_GT(bright_in_cell(0, 0), 5);
  EXPECT_GT(bright_in_cell(39, 24), 100);  // the block fills most of its cell
  EXPECT_EQ(bright_in_cell(1, 0), 0);
  EXPECT_EQ(bright_in_cell(20, 5), 0);
  // The play screen's colours: the player yellow, the way out green.
  std::vector<std::string> play(25, std::string(40, ' '));
  play[3] = "I <>**";
  std::string coloured;
  ASSERT_TRUE(write_screen_png(play, to_string(coloured), true).ok());
  Image ic = decode_png(coloured);
  auto count = [&](int col, int row, auto pred) {
    int n = 0;
    for (int y = 0; y < kScreenCellHeight; ++y)
      for (int x = 0; x < kScreenCellWidth; ++x)
        n += pred(ic.at(kScreenBorder + col * kScreenCellWidth + x,
                        kScreenBorder + row * kScreenCellHeight + y));
    return n;
  };
  auto yellow = [](const unsigned char* p) { return p[0] > 200 && p[1] > 180 && p[2] < 100; };
  auto green = [](const unsigned char* p) { return p[1] > 200 && p[0] < 150 && p[2] < 150; };
  EXPECT_GT(count(2, 3, yellow), 3);
  EXPECT_GT(count(4, 3, green), 3);
  EXPECT_EQ(count(0, 3, yellow) + count(0, 3, green), 0) << "walls stay white";
  const unsigned char* ground = img.at(1, 1);
  EXPECT_LT(ground[0], 30);
  EXPECT_GT(ground[2], 100);
}

}  // namespace
}  // namespace amazing::picture
