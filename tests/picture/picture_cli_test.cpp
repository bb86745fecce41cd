// gen --format png|svg|pdf, --output, --cell, --solution and play --screenshot through
// the real binary: the pictures decode, show the walls that `amazing gen` prints as text
// for the same seed, and the refusals (binary to a terminal, several mazes in one PNG)
// say what to do.

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "picture/picture.hpp"
#include "png_check.hpp"
#include "support/files.hpp"
#include "support/run.hpp"

namespace amazing::picture {
namespace {

using test::Ran;
using test::slurp;
using test::words;

// `a` then `b`.
std::vector<std::string> operator+(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// amazing ARGS: standard output and error apart.
Ran run(const std::vector<std::string>& args) {
  return test::run_amazing(args);
}
// amazing ARGS with standard error in `out` too (as 2>&1).
Ran run_merged(const std::vector<std::string>& args) {
  test::RunOptions o;
  o.merge_stderr = true;
  return test::run_amazing(args, "", o);
}

// A folder of this test's own (CTest runs tests in parallel).
std::string temp(const std::string& name) {
  static const test::TempDir dir("amazing-picture-cli");
  return (dir / name).string();
}

class GenPng : public ::testing::TestWithParam<const char*> {};

TEST_P(GenPng, ThePictureHasTheWallsOfTheText) {
  const std::string algorithm = GetParam();
  const std::vector<std::string> args = words("gen --size 17x13 --seed 42 --algorithm " + algorithm);
  Ran text = run(args);
  ASSERT_EQ(text.code, 0);
  const std::string file = temp(algorithm + ".png");
  Ran png = run_merged(args + std::vector<std::string>{"--format", "png", "--solution", "--output", file});
  ASSERT_EQ(png.code, 0) << png.out;
  EXPECT_EQ(png.out, "");
  Image img = decode_png(slurp(file));
  auto L = layout_for(17, 13, 0);
  ASSERT_EQ(img.width, L->width);
  ASSERT_EQ(img.height, L->height);
  EXPECT_EQ(compare_text_walls(text.out, 17, 13, *L, img), 0) << algorithm;
  std::remove(file.c_str());
}

INSTANTIATE_TEST_SUITE_P(Makers, GenPng,
                         ::testing::Values("amazing", "whitney", "backtracker", "aldous-broder",
                                           "hunt-and-kill", "sidewinder", "prim"));

// The Lua engine's mazes are drawn from the maze its script publishes: the same maze as
// native, so the same picture bytes.
TEST(GenPicture, LuaMazesGiveTheNativePicture) {
  for (const char* algorithm : {"amazing", "wilson", "recursive-division"}) {
    const std::string args = std::string("gen --size 15x11 --seed 9 --algorithm ") + algorithm +
                             " --format png --solution --engine ";
    Ran native = run(words(args + "native"));
    Ran lua = run(words(args + "lua"));
    ASSERT_EQ(native.code, 0) << algorithm;
    ASSERT_EQ(lua.code, 0) << algorithm;
    EXPECT_GT(native.out.size(), 100u);
    EXPECT_TRUE(native.out == lua.out) << algorithm;
  }
  // The listing's maze (the basic engine) is drawn from the text it printed, read back by
  // the host: the same picture, when the listings (../shared/roms) are there.
  Ran native = run(words("gen --size 8x6 --format png"));
  Ran basic = run(words("gen --size 8x6 --engine basic --format png"));
  if (basic.code == 0) {
    EXPECT_TRUE(basic.out == native.out);
  } else {
    EXPECT_NE(basic.err.find("listing"), std::string::npos) << basic.err;
  }
}

// A run that fails leaves no empty or half-written --output file behind.
TEST(GenPicture, AFailedRunLeavesNoOutputFile) {
  const std::string file = temp("failed.png");
  Ran r = run_merged(words("gen --size 2000x2000 --format png --output") + std::vector<std::string>{file});
  EXPECT_EQ(r.code, 3) << r.out;  // more than the 48K machine holds
  EXPECT_NE(r.out.find("OUT OF MEMORY"), std::string::npos) << r.out;
  EXPECT_FALSE(std::filesystem::exists(file)) << file;
  std::filesystem::remove(file);
}

TEST(GenPicture, PngStreamsToAPipeWithTheCellAsked) {
  Ran r = run(words("gen --size 8x6 --seed 1 --format png --cell 20"));
  ASSERT_EQ(r.code, 0);
  Image img = decode_png(r.out);
  EXPECT_EQ(img.width, layout_for(8, 6, 20)->width);
}

TEST(GenPicture, BinaryToATerminalIsRefusedWithAWayOut) {
  for (const char* format : {"png", "pdf"}) {
    test::PtyOptions o;
    o.env = {"TERM=xterm"};
    Ran r = test::run_amazing_on_pty(words(std::string("gen --size 8x6 --format ") + format), o);
    EXPECT_EQ(r.code, 2) << format;
    EXPECT_NE(r.err.find("standard output is a terminal; add --output FILE"), std::string::npos)
        << r.err;
    EXPECT_EQ(r.out.find("PNG"), std::string::npos) << "no picture bytes on the terminal";
  }
}

TEST(GenPicture, PdfGivesOnePageAMaze) {
  const std::string file = temp("count.pdf");
  Ran r = run_merged(words("gen --size 30x40 --algorithm kruskal --count 4 --format pdf --output") +
                     std::vector<std::string>{file});
  ASSERT_EQ(r.code, 0) << r.out;
  const std::string pdfinfo = test::find_in_path("pdfinfo");
  ASSERT_FALSE(pdfinfo.empty()) << "pdfinfo is not installed (apt-get install poppler-utils)";
  Ran info = test::run_program({pdfinfo, file});
  EXPECT_NE(info.out.find("Pages:           4\n"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("(A4)"), std::string::npos) << info.out;
  std::remove(file.c_str());
}

TEST(GenPicture, SeveralMazesInOnePngOrSvgAreRefused) {
  for (const char* format : {"png", "svg"}) {
    Ran r = run(words("gen --size 8x6 --count 2 --format " + std::string(format)));
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("holds one maze"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("--format pdf"), std::string::npos) << r.err;
  }
}

TEST(GenPicture, SvgIsTextWithTheLayoutsSize) {
  Ran r = run(words("gen --size 9x5 --algorithm eller --starts 1 --format svg"));
  ASSERT_EQ(r.code, 0);
  auto L = layout_for(9, 5, 0);
  EXPECT_EQ(r.out.rfind("<?xml", 0), 0u);
  EXPECT_NE(r.out.find("width=\"" + std::to_string(L->width) + "pt\""), std::string::npos);
  EXPECT_NE(r.out.find("</svg>"), std::string::npos);
}

TEST(GenOutput, OutputWorksForTextToo) {
  const std::string file = temp("maze.txt");
  Ran plain = run(words("gen --size 10x12 --seed 3"));
  Ran to_file = run(words("gen --size 10x12 --seed 3 --output") + std::vector<std::string>{file});
  ASSERT_EQ(to_file.code, 0);
  EXPECT_EQ(to_file.out, "");
  EXPECT_EQ(slurp(file), plain.out);
  std::remove(file.c_str());
}

TEST(GenOutput, BadValuesAreRefusedWithAMessage) {
  struct Case {
    std::string args, says;
  } cases[] = {
      {"--format png --cell 0", "--cell takes"},
      {"--format png --cell 1", "--cell takes"},
      {"--size 3000x1500 --format svg --ram unlimited", "use --format png"},
      {"--format png --cell 101", "--cell takes"},
      {"--format png --cell 1e3", "--cell takes"},
      {"--solution", "is for pictures"},
      {"--cell 5", "is for pictures"},
      {"--format png --output /", "is a folder"},
      {"--format png --output /nonexistent-dir/x.png", "cannot write"},
      {"--format png --stats --output /dev/null", "--stats prints text"},
      {"--format gif", "png, svg or pdf"},
      {"--size 20000x10 --format png --output /dev/null", "more than 32000"},
  };
  for (const auto& c : cases) {
    std::string args = c.args.find("--size") == std::string::npos ? "--size 8x6 " + c.args : c.args;
    Ran r = run_merged(words("gen " + args));
    EXPECT_EQ(r.code, 2) << args << ": " << r.out;
    EXPECT_NE(r.out.find(c.says), std::string::npos) << args << ": " << r.out;
  }
}

TEST(PlayScreenshot, WritesTheFirstScreenAsAPng) {
  const std::string plain = temp("screen.png"), solved = temp("screen-solved.png");
  const std::vector<std::string> args =
      words("play --size 12x10 --seed 5 --variant fixed-exit --screenshot");
  Ran a = run_merged(args + std::vector<std::string>{plain});
  Ran b = run_merged(args + std::vector<std::string>{solved, "--solution"});
  ASSERT_EQ(a.code, 0) << a.out;
  ASSERT_EQ(b.code, 0) << b.out;
  Image ia = decode_png(slurp(plain)), ib = decode_png(slurp(solved));
  EXPECT_EQ(ia.width, 2 * kScreenBorder + 40 * kScreenCellWidth);
  EXPECT_EQ(ia.height, 2 * kScreenBorder + 25 * kScreenCellHeight);
  EXPECT_NE(ia.rgb, ib.rgb) << "--solution shows the way out";
  Ran no_size = run_merged(words("play --screenshot x.png"));
  EXPECT_EQ(no_size.code, 2);
  EXPECT_NE(no_size.out.find("--screenshot needs --size"), std::string::npos) << no_size.out;
  std::remove(plain.c_str());
  std::remove(solved.c_str());
}

}  // namespace
}  // namespace amazing::picture
