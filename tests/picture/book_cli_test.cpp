// Puzzle books and the pictures' style through the real binary: gen --format pdf
// --answers (maze pages, then answer pages numbered to match), --per-page, --title,
// --wall-width, the colours, --marks; pages counted by pdfinfo, captions read by
// pdftotext, pages rasterised by pdftoppm (in grey for the shapes); every option that
// cannot apply refused with exit 2 and a message that says what to do.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "picture/picture.hpp"
#include "png_check.hpp"

namespace amazing::picture {
namespace {

const std::string kAmazing = AMAZING_BINARY;

struct Ran {
  int status = -1;
  std::string out;
};

Ran sh(const std::string& command) {
  Ran r;
  FILE* p = popen(command.c_str(), "r");
  if (!p) return r;
  char buf[65536];
  for (std::size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) r.out.append(buf, n);
  int st = pclose(p);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

std::string temp(const std::string& name) {
  return ::testing::TempDir() + "book_cli_" + std::to_string(getpid()) + "_" + name;
}

std::string slurp(const std::string& name) {
  std::ifstream f(name, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// A book made by `gen ARGS --format pdf --output FILE`.
struct Book {
  std::string file;
  Ran ran;
  Book(const std::string& name, const std::string& args) : file(temp(name)) {
    ran = sh(kAmazing + " gen " + args + " --format pdf --output '" + file + "' 2>&1");
  }
  ~Book() { std::remove(file.c_str()); }
  int pages() const {
    const std::string info = sh("pdfinfo '" + file + "'").out;
    const auto at = info.find("Pages:");
    return at == std::string::npos ? -1 : std::stoi(info.substr(at + 6));
  }
  std::string text(int page) const {
    const std::string p = std::to_string(page);
    return sh("pdftotext -f " + p + " -l " + p + " '" + file + "' -").out;
  }
  Image grey(int page) const {
    const std::string prefix = file + "-p" + std::to_string(page);
    const std::string p = std::to_string(page);
    sh("pdftoppm -png -gray -r 144 -singlefile -f " + p + " -l " + p + " '" + file + "' '" +
       prefix + "'");
    Image img = decode_png(slurp(prefix + ".png"));
    std::remove((prefix + ".png").c_str());
    return img;
  }
};

TEST(BookCli, CountThreeWithAnswersIsSixPagesNumberedToMatch) {
  Book book("three.pdf", "--size 12x9 --seed 4 --algorithm wilson --count 3 --answers");
  ASSERT_EQ(book.ran.status, 0) << book.ran.out;
  EXPECT_EQ(book.ran.out, "");
  ASSERT_EQ(book.pages(), 6);
  for (int n = 1; n <= 3; ++n) {
    const std::string maze = book.text(n), answer = book.text(3 + n);
    EXPECT_NE(maze.find("Maze " + std::to_string(n)), std::string::npos) << maze;
    EXPECT_EQ(maze.find("Answer"), std::string::npos) << maze;
    EXPECT_NE(answer.find("Answer " + std::to_string(n)), std::string::npos) << answer;
    EXPECT_EQ(answer.find("Maze"), std::string::npos) << answer;
  }
}

TEST(BookCli, PerPageMakesAGridOfMazesAndOfAnswers) {
  Book book("grid.pdf", "--size 8x8 --algorithm prim --count 6 --per-page 4 --answers");
  ASSERT_EQ(book.ran.status, 0) << book.ran.out;
  ASSERT_EQ(book.pages(), 4);  // mazes 1-4, 5-6, answers 1-4, 5-6
  const std::string p1 = book.text(1), p2 = book.text(2), p3 = book.text(3), p4 = book.text(4);
  for (const char* caption : {"Maze 1", "Maze 2", "Maze 3", "Maze 4"})
    EXPECT_NE(p1.find(caption), std::string::npos) << caption << "\n" << p1;
  EXPECT_NE(p2.find("Maze 6"), std::string::npos) << p2;
  EXPECT_NE(p3.find("Answer 4"), std::string::npos) << p3;
  EXPECT_NE(p4.find("Answer 5"), std::string::npos) << p4;
  EXPECT_EQ(p4.find("Answer 1"), std::string::npos) << p4;
  // Without --answers, only the maze pages.
  Book mazes("grid-only.pdf", "--size 8x8 --algorithm prim --count 6 --per-page 4");
  ASSERT_EQ(mazes.ran.status, 0) << mazes.ran.out;
  EXPECT_EQ(mazes.pages(), 2);
}

TEST(BookCli, TheTitleIsOnEveryPageWithoutItsControlCharacters) {
  Book book("title.pdf", "--size 6x6 --count 2 --answers --title \"$(printf 'Puzzles\\tfor\\033 Sam\\a')\"");
  ASSERT_EQ(book.ran.status, 0) << book.ran.out;
  ASSERT_EQ(book.pages(), 4);
  for (int page = 1; page <= 4; ++page)
    EXPECT_NE(book.text(page).find("Puzzles for Sam"), std::string::npos) << book.text(page);
  const std::string info = sh("pdfinfo '" + book.file + "'").out;
  EXPECT_NE(info.find("Title:           Puzzles for Sam\n"), std::string::npos) << info;
}

// The entrance and the exit of the maze `gen` prints as text for the same arguments.
struct Ends {
  int entrance = -1, exit = -1;
};
Ends ends_of(const std::string& args, int width) {
  std::vector<std::string> lines;
  std::istringstream in(sh(kAmazing + " gen " + args).out);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  Ends e;
  if (lines.size() < 3) return e;
  for (int col = 0; col < width; ++col) {
    if (lines.front().substr(3 * col + 1, 2) != "--" && e.entrance < 0) e.entrance = col;
    if (lines.back().substr(3 * col + 1, 2) != "--" && e.exit < 0) e.exit = col;
  }
  return e;
}

// Printed without colour, the book still shows the entrance (a triangle pointing in) and
// the exit (a disc).
TEST(BookCli, InGreyTheEntranceAndExitShowByShape) {
  const std::string args = "--size 9x7 --seed 12 --algorithm backtracker";
  const Ends ends = ends_of(args, 9);
  ASSERT_GE(ends.entrance, 0);
  ASSERT_GE(ends.exit, 0);
  Book book("grey.pdf", args + " --answers");
  ASSERT_EQ(book.ran.status, 0) << book.ran.out;
  Image img = book.grey(1);
  auto L = layout_for(9, 7, 0);
  const double px = img.width / PdfWriter::kPageWidth;
  const PageFit fit = fit_in_grid(L->width, L->height, 1, false, 0);
  const Mapping m{fit.scale * px, fit.x * px, fit.y * px};
  auto shape = [&](int col, int row) {
    return mark_shape(img, m.px(L->x(col) + L->wall) + 1, m.py(L->y(row) + L->wall) + 1,
                      m.px(L->x(col) + L->cell) - 1, m.py(L->y(row) + L->cell) - 1);
  };
  EXPECT_EQ(shape(ends.entrance, 0), Shape::kTriangleDown) << shape_name(shape(ends.entrance, 0));
  EXPECT_EQ(shape(ends.exit, 6), Shape::kDisc) << shape_name(shape(ends.exit, 6));
  // The same in a PNG that asks for shapes; a PNG keeps its squares unless asked.
  for (const char* marks : {"", " --marks shapes"}) {
    Image png = decode_png(sh(kAmazing + " gen " + args + " --format png --cell 40" + marks).out);
    auto P = layout_for(9, 7, 40);
    auto in = mark_shape(png, P->x(ends.entrance) + P->wall + 1, P->y(0) + P->wall + 1,
                         P->x(ends.entrance) + P->cell - 1, P->y(0) + P->cell - 1);
    EXPECT_EQ(in, *marks ? Shape::kTriangleDown : Shape::kSquare) << marks << shape_name(in);
  }
}

// Today's pictures do not change unless asked: the default PNG and SVG are those with
// --marks squares (and --marks shapes is another picture).
TEST(BookCli, DefaultPicturesAreUnchanged) {
  const std::string args = " gen --size 11x8 --seed 3 --algorithm eller --solution --format ";
  for (const char* format : {"png", "svg"}) {
    Ran plain = sh(kAmazing + args + format);
    Ran squares = sh(kAmazing + args + format + " --marks squares");
    Ran shapes = sh(kAmazing + args + format + " --marks shapes");
    ASSERT_EQ(plain.status, 0);
    ASSERT_EQ(squares.status, 0) << squares.out;
    EXPECT_TRUE(plain.out == squares.out) << format;
    EXPECT_FALSE(plain.out == shapes.out) << format;
  }
}

TEST(BookCli, WallWidthAndColourReachThePicture) {
  Ran r = sh(kAmazing + " gen --size 7x5 --seed 2 --format png --cell 12 --wall-width 4 "
                        "--wall-colour navy");
  ASSERT_EQ(r.status, 0) << r.out;
  Image img = decode_png(r.out);
  Ran text = sh(kAmazing + " gen --size 7x5 --seed 2");
  auto L = layout_for(7, 5, 12, 4);
  ASSERT_EQ(img.width, L->width);
  EXPECT_EQ(compare_text_walls(text.out, 7, 5, *L, img), 0);
  const unsigned char* p = img.at(L->x(0) + 3, L->y(2) + 6);  // inside the left border
  EXPECT_EQ(p[0], 0);
  EXPECT_EQ(p[1], 0);
  EXPECT_EQ(p[2], 128);
}

TEST(BookCli, OptionsThatCannotApplyAreRefused) {
  struct Case {
    std::string args, says;
  } cases[] = {
      {"--answers", "--answers makes a puzzle book, which is a PDF; add --format pdf"},
      {"--format png --answers", "add --format pdf"},
      {"--format svg --per-page 2", "--per-page makes a puzzle book"},
      {"--format json --title Hi", "--title makes a puzzle book"},
      {"--transcript --title Hi", "--title makes a puzzle book"},
      {"--wall-width 2", "--wall-width is for pictures"},
      {"--format unicode --wall-colour red", "--wall-colour is for pictures"},
      {"--marks shapes", "--marks is for pictures"},
      {"--exit-colour red", "--exit-colour is for pictures"},
      {"--format pdf --answers --solution", "leave out --solution"},
      {"--format png --solution-colour red", "add --solution"},
      {"--format png --wall-colour chartreuse", "--wall-colour: a colour is #rgb, #rrggbb"},
      {"--format png --entrance-colour '#12'", "--entrance-colour: a colour is"},
      {"--format png --marks circles", "--marks takes squares or shapes"},
      {"--format png --wall-width 0", "--wall-width takes a whole number 1..50"},
      {"--format png --cell 5 --wall-width 3", "a --cell of at least 6"},
      {"--format pdf --per-page 0", "--per-page takes a whole number 1..100"},
      {"--format pdf --per-page 101", "--per-page takes a whole number 1..100"},
      {"--format pdf --title \"$(printf '\\001\\002')\"", "--title: the title has nothing to show"},
      {"--format pdf --title " + std::string(101, 'x'), "at most 100"},
      {"--format pdf --answers --count 10001 --size 2x2",
       "--answers keeps every maze until the answer pages"},
      {"--format pdf --answers --count 9 --size 2048x2048 --ram unlimited",
       "make fewer or smaller mazes"},
      {"--machine c64 --answers", "add --format pdf"},
  };
  for (const auto& c : cases) {
    std::string args = c.args.find("--size") == std::string::npos ? "--size 8x6 " + c.args : c.args;
    Ran r = sh(kAmazing + " gen " + args + " --output /dev/null 2>&1");
    EXPECT_EQ(r.status, 2) << args << ": " << r.out;
    EXPECT_NE(r.out.find(c.says), std::string::npos) << args << ": " << r.out;
  }
}

TEST(BookCli, HelpNamesEveryBookOption) {
  Ran help = sh(kAmazing + " gen --help");
  for (const char* option : {"--answers", "--per-page", "--title", "--wall-width", "--wall-colour",
                             "--entrance-colour", "--exit-colour", "--solution-colour", "--marks"})
    EXPECT_NE(help.out.find(option), std::string::npos) << option;
}

}  // namespace
}  // namespace amazing::picture
