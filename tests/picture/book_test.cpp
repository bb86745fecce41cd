// The pictures' style (wall width and colours, the entrance and exit marked by shape) and
// puzzle books (PdfBook: maze pages, then answer pages numbered to match, several mazes
// a page, a title line), checked on the decoded PNG and on PDF pages rasterised by
// poppler-utils (pdftoppm, in grey as a printer without colour sees them; pdftotext for
// the captions; pdfinfo for the page count).

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/solve.hpp"
#include "core/text.hpp"
#include "made.hpp"
#include "picture/picture.hpp"
#include "png_check.hpp"

namespace amazing::picture {
namespace {

std::string shell(const std::string& command) {
  std::string out;
  FILE* p = popen(command.c_str(), "r");
  if (!p) return out;
  char buf[4096];
  for (std::size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  pclose(p);
  return out;
}

std::string temp_name(const std::string& suffix) {
  return ::testing::TempDir() + "book_test_" + std::to_string(getpid()) + suffix;
}

std::string slurp(const std::string& name) {
  std::ifstream f(name, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// A PDF written to a file, its pages read back through poppler-utils.
struct PdfFile {
  std::string name;
  explicit PdfFile(const std::string& bytes) : name(temp_name(".pdf")) {
    std::ofstream(name, std::ios::binary) << bytes;
  }
  ~PdfFile() { std::remove(name.c_str()); }
  std::string info() const { return shell("pdfinfo '" + name + "' 2>&1"); }
  std::string text(int page) const {
    const std::string p = std::to_string(page);
    return shell("pdftotext -f " + p + " -l " + p + " '" + name + "' - 2>&1");
  }
  // The page at 144 dpi (grey: as a printer without colour prints it).
  Image raster(int page, bool grey = false) const {
    const std::string prefix = name + "-p" + std::to_string(page);
    shell("pdftoppm -png -r 144 " + std::string(grey ? "-gray " : "") + "-singlefile -f " +
          std::to_string(page) + " -l " + std::to_string(page) + " '" + name + "' '" + prefix +
          "' 2>&1");
    Image img = decode_png(slurp(prefix + ".png"));
    std::remove((prefix + ".png").c_str());
    return img;
  }
};

// Where slot `slot` of a page of per_page puts a picture of layout L, in the pixels of a 144 dpi raster.
Mapping slot_mapping(const Image& img, int per_page, bool titled, int slot, const Layout& L) {
  const double px = img.width / PdfWriter::kPageWidth;
  PageFit fit = fit_in_grid(L.width, L.height, per_page, titled, slot);
  return Mapping{fit.scale * px, fit.x * px, fit.y * px};
}

// The Title: line of pdfinfo's answer.
std::string title_of(const std::string& info) {
  const auto at = info.find("Title:");
  if (at == std::string::npos) return "";
  const auto start = info.find_first_not_of(' ', at + 6);
  return info.substr(start, info.find('\n', start) - start);
}

// Pixels of the solution's red.
int red_pixels(const Image& img) {
  int n = 0;
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) {
      const unsigned char* p = img.at(x, y);
      n += p[0] > 180 && p[1] < 90 && p[2] < 90;
    }
  return n;
}

// The room inside cell (col, row) (between its walls), mapped into the image.
struct Box {
  int x0, y0, x1, y1;
};
Box room(const Layout& L, int col, int row, Mapping m = {}) {
  const double t = L.wall, c = L.cell;
  // A pixel in from each side: the walls' anti-aliased edges are not the mark.
  return {m.px(L.x(col) + t) + 1, m.py(L.y(row) + t) + 1, m.px(L.x(col) + c) - 1,
          m.py(L.y(row) + c) - 1};
}
Shape shape_in(const Image& img, Box b) { return mark_shape(img, b.x0, b.y0, b.x1, b.y1); }

// ---- Style ----

TEST(Style, WallWidthAndColourAreDrawn) {
  auto made = generate("backtracker", 9, 7, 5);
  PictureOptions opt;
  opt.cell = 16;
  opt.style.wall_width = 5;
  opt.style.wall = Colour{0, 0, 0.5};  // navy: still dark for the wall check
  std::string png;
  ASSERT_TRUE(write_png(made->maze, opt, to_string(png)).ok());
  Image img = decode_png(png);
  auto L = layout_for(9, 7, 16, 5);
  ASSERT_TRUE(L.ok());
  EXPECT_EQ(L->wall, 5);
  ASSERT_EQ(img.width, L->width);
  EXPECT_EQ(compare_walls(made->maze, *L, img), 0);
  // The left border: 5 navy pixels, then the room.
  const int y = L->y(3) + L->cell / 2;
  for (int x = L->x(0); x < L->x(0) + 5; ++x) {
    const unsigned char* p = img.at(x, y);
    EXPECT_EQ(p[0], 0);
    EXPECT_EQ(p[1], 0);
    EXPECT_EQ(p[2], 128) << x;
  }
  EXPECT_FALSE(img.dark(L->x(0) + 5, y));
}

TEST(Style, TheColoursOfTheMarksAndTheSolutionAreTheStyles) {
  auto made = generate("prim", 8, 8, 3);
  PictureOptions opt;
  opt.cell = 24;
  opt.solution = true;
  opt.style.entrance = Colour{1, 0, 1};
  opt.style.exit = Colour{0, 1, 1};
  opt.style.solution = Colour{1, 0.5, 0};
  std::string png;
  ASSERT_TRUE(write_png(made->maze, opt, to_string(png)).ok());
  Image img = decode_png(png);
  auto L = layout_for(8, 8, 24);
  auto centre = [&](int col, int row) {
    return img.at(L->x(col) + L->wall + (L->cell - L->wall) / 2,
                  L->y(row) + L->wall + (L->cell - L->wall) / 2);
  };
  auto is = [](const unsigned char* p, int r, int g, int b) {
    return p[0] == r && p[1] == g && p[2] == b;
  };
  EXPECT_TRUE(is(centre(made->maze.entrance(), 0), 255, 0, 255));
  EXPECT_TRUE(is(centre(*made->maze.exit(), 7), 0, 255, 255));
  auto path = core::solve(made->maze).path;
  ASSERT_GT(path.size(), 2u);
  EXPECT_TRUE(is(centre(path[1].col, path[1].row), 255, 128, 0));
}

TEST(Layout, AWallIsAtMostHalfTheCell) {
  EXPECT_TRUE(layout_for(5, 5, 10, 5).ok());
  auto thick = layout_for(5, 5, 10, 6);
  ASSERT_FALSE(thick.ok());
  EXPECT_NE(thick.error().message.find("--cell of at least 12"), std::string::npos)
      << thick.error().message;
  EXPECT_FALSE(layout_for(5, 5, 100, kMaxWallWidth + 1).ok());
  EXPECT_FALSE(layout_for(5, 5, 10, -1).ok());
  // The default cell of a big maze shrinks; a wall given stays and must still fit.
  EXPECT_FALSE(layout_for(1000, 1000, 0, 3).ok());
  EXPECT_EQ(layout_for(1000, 1000, 0, 1)->wall, 1);
}

TEST(Colour, HexAndNamesAndClearErrors) {
  EXPECT_EQ(*parse_colour("#fff"), (Colour{1, 1, 1}));
  EXPECT_EQ(*parse_colour("#000000"), (Colour{0, 0, 0}));
  auto c = parse_colour("#1A6b2E");
  ASSERT_TRUE(c.ok());
  EXPECT_NEAR(c->r, 0x1a / 255.0, 1e-9);
  EXPECT_NEAR(c->g, 0x6b / 255.0, 1e-9);
  EXPECT_NEAR(c->b, 0x2e / 255.0, 1e-9);
  EXPECT_EQ(*parse_colour("Navy"), (Colour{0, 0, 0.5}));
  EXPECT_EQ(*parse_colour("grey"), *parse_colour("gray"));
  for (const char* bad : {"", "#", "#12345", "#1234567", "#ggg", "chartreuse", "red ", "1a6b2e"}) {
    auto e = parse_colour(bad);
    ASSERT_FALSE(e.ok()) << bad;
    EXPECT_NE(e.error().message.find("#rrggbb"), std::string::npos) << e.error().message;
    EXPECT_NE(e.error().message.find("navy"), std::string::npos) << e.error().message;
  }
  // A long value is cut short in the message.
  EXPECT_LT(parse_colour(std::string(5000, 'x')).error().message.size(), 400u);
}

// ---- Marks ----

TEST(Marks, SquaresByDefaultShapesWhenAsked) {
  auto made = generate("backtracker", 7, 6, 11);
  const auto& maze = made->maze;
  for (Marks marks : {Marks::kSquares, Marks::kShapes}) {
    PictureOptions opt;
    opt.cell = 40;
    opt.style.marks = marks;
    std::string png;
    ASSERT_TRUE(write_png(maze, opt, to_string(png)).ok());
    Image img = decode_png(png);
    auto L = layout_for(7, 6, 40);
    const Shape in = shape_in(img, room(*L, maze.entrance(), 0));
    const Shape out = shape_in(img, room(*L, *maze.exit(), 5));
    if (marks == Marks::kSquares) {
      EXPECT_EQ(in, Shape::kSquare) << shape_name(in);
      EXPECT_EQ(out, Shape::kSquare) << shape_name(out);
    } else {
      EXPECT_EQ(in, Shape::kTriangleDown) << shape_name(in);
      EXPECT_EQ(out, Shape::kDisc) << shape_name(out);
    }
  }
}

TEST(Marks, TheDefaultPictureIsTheOneWithSquares) {
  auto made = generate("kruskal", 12, 9, 2);
  PictureOptions plain, squares;
  squares.style.marks = Marks::kSquares;
  std::string a, b;
  ASSERT_TRUE(write_png(made->maze, plain, to_string(a)).ok());
  ASSERT_TRUE(write_png(made->maze, squares, to_string(b)).ok());
  EXPECT_EQ(a, b);
}

// ---- Titles ----

TEST(BookTitle, ControlsGoAndTheLengthIsBounded) {
  EXPECT_EQ(*book_title("  Puzzles\tfor\nSam\x1b\x07 "), "Puzzles for Sam");
  EXPECT_EQ(*book_title("abc\xe2\x80\xae" "def\xff"), "abcdef");  // RLO, a stray byte
  EXPECT_EQ(*book_title("Caf\xc3\xa9"), "Caf\xc3\xa9");
  EXPECT_TRUE(book_title(std::string(kMaxTitleChars, 'x')).ok());
  std::string accents;
  for (std::size_t i = 0; i < kMaxTitleChars; ++i) accents += "\xc3\xa9";
  EXPECT_TRUE(book_title(accents).ok()) << "characters are counted, not bytes";
  auto long_title = book_title(std::string(kMaxTitleChars + 1, 'x'));
  ASSERT_FALSE(long_title.ok());
  EXPECT_NE(long_title.error().message.find("at most 100"), std::string::npos);
  EXPECT_FALSE(book_title("\x01\x02 \t").ok());
  EXPECT_FALSE(book_title("").ok());
}

TEST(VisibleOnly, LeavesOutWhatPrintableEscapes) {
  EXPECT_EQ(core::visible_only("a\tb\x1b[2J\xe2\x80\xae" "c"), "a b[2Jc");
  EXPECT_EQ(core::visible_only("\xc2\x9b" "x\x7f"), "x");  // C1 CSI, DEL
  EXPECT_EQ(core::visible_only("z\xe2\x80\x8dw"), "z\xe2\x80\x8dw");  // ZWJ stays
}

// ---- Books ----

struct Mazes {
  std::vector<std::unique_ptr<Made>> made;
  explicit Mazes(int n, int w = 10, int h = 8) {
    for (int i = 0; i < n; ++i) made.push_back(generate("backtracker", w, h, 100 + i));
  }
  std::string book(BookOptions options, int* pages = nullptr) const {
    std::string pdf;
    PdfBook b(to_string(pdf), std::move(options));
    for (const auto& m : made) {
      PictureOptions opt;
      opt.style.marks = Marks::kShapes;
      EXPECT_TRUE(b.add(m->maze, opt).ok());
    }
    EXPECT_TRUE(b.finish().ok());
    if (pages) *pages = b.pages();
    return pdf;
  }
};

TEST(Book, AnswersFollowTheMazesOnPagesOfTheirOwnNumberedToMatch) {
  Mazes mazes(3);
  int pages = 0;
  PdfFile pdf(mazes.book({.answers = true, .per_page = 1, .title = ""}, &pages));
  EXPECT_EQ(pages, 6);
  EXPECT_NE(pdf.info().find("Pages:           6\n"), std::string::npos) << pdf.info();
  for (int n = 1; n <= 3; ++n) {
    const std::string maze_text = pdf.text(n), answer_text = pdf.text(3 + n);
    EXPECT_NE(maze_text.find("Maze " + std::to_string(n)), std::string::npos) << maze_text;
    EXPECT_EQ(maze_text.find("Answer"), std::string::npos) << maze_text;
    EXPECT_NE(answer_text.find("Answer " + std::to_string(n)), std::string::npos) << answer_text;
    // The same maze on both pages, the solution only on the answer's.
    const core::Maze& maze = mazes.made[n - 1]->maze;
    auto L = layout_for(maze.width(), maze.height(), 0);
    for (int page : {n, 3 + n}) {
      Image img = pdf.raster(page);
      EXPECT_EQ(compare_walls(maze, *L, img, slot_mapping(img, 1, false, 0, *L)), 0)
          << "page " << page;
      if (page == n)
        EXPECT_EQ(red_pixels(img), 0) << "page " << page;
      else
        EXPECT_GT(red_pixels(img), 500) << "page " << page;
    }
  }
}

TEST(Book, PerPagePutsSeveralMazesOnAPageAndTheAnswersToo) {
  Mazes mazes(5, 12, 9);
  int pages = 0;
  PdfFile pdf(mazes.book({.answers = true, .per_page = 2, .title = ""}, &pages));
  EXPECT_EQ(pages, 6);  // mazes 1-2, 3-4, 5; answers 1-2, 3-4, 5
  const std::string p1 = pdf.text(1), p3 = pdf.text(3), p4 = pdf.text(4), p6 = pdf.text(6);
  EXPECT_NE(p1.find("Maze 1"), std::string::npos) << p1;
  EXPECT_NE(p1.find("Maze 2"), std::string::npos) << p1;
  EXPECT_NE(p3.find("Maze 5"), std::string::npos) << p3;
  EXPECT_EQ(p3.find("Maze 6"), std::string::npos) << p3;
  EXPECT_NE(p4.find("Answer 1"), std::string::npos) << p4;
  EXPECT_NE(p4.find("Answer 2"), std::string::npos) << p4;
  EXPECT_NE(p6.find("Answer 5"), std::string::npos) << p6;
  // Maze 2 sits in the second slot of page 1, answer 2 in the second slot of page 4.
  const core::Maze& maze = mazes.made[1]->maze;
  auto L = layout_for(12, 9, 0);
  for (int page : {1, 4}) {
    Image img = pdf.raster(page);
    EXPECT_EQ(compare_walls(maze, *L, img, slot_mapping(img, 2, false, 1, *L)), 0)
        << "page " << page;
  }
}

TEST(Book, WithoutAnswersOnlyTheMazePages) {
  Mazes mazes(7, 6, 6);
  int pages = 0;
  PdfFile pdf(mazes.book({.answers = false, .per_page = 4, .title = ""}, &pages));
  EXPECT_EQ(pages, 2);
  EXPECT_NE(pdf.text(2).find("Maze 7"), std::string::npos);
  EXPECT_EQ(red_pixels(pdf.raster(1)) + red_pixels(pdf.raster(2)), 0);
}

TEST(Book, TheTitleLineIsOnEveryPageAndInTheDocument) {
  Mazes mazes(2, 5, 5);
  PdfFile pdf(mazes.book({.answers = true, .per_page = 1, .title = "Puzzles for Sam"}));
  EXPECT_EQ(title_of(pdf.info()), "Puzzles for Sam") << pdf.info();
  for (int page = 1; page <= 4; ++page)
    EXPECT_NE(pdf.text(page).find("Puzzles for Sam"), std::string::npos) << page;
  // Under the title the maze is where fit_in_grid says (titled).
  Image img = pdf.raster(1);
  const core::Maze& maze = mazes.made[0]->maze;
  auto L = layout_for(5, 5, 0);
  EXPECT_EQ(compare_walls(maze, *L, img, slot_mapping(img, 1, true, 0, *L)), 0);
}

// In grey, as a printer without colour prints it, the entrance is a triangle and the
// exit a disc (on the maze pages: on the answer pages the solution runs through them).
TEST(Book, TheEntranceAndExitShowByShapeInGrey) {
  Mazes mazes(2, 8, 6);
  PdfFile pdf(mazes.book({.answers = false, .per_page = 2, .title = "Grey"}));
  auto L = layout_for(8, 6, 0);
  Image img = pdf.raster(1, /*grey=*/true);
  for (int slot = 0; slot < 2; ++slot) {
    const core::Maze& maze = mazes.made[slot]->maze;
    Mapping m = slot_mapping(img, 2, true, slot, *L);
    const Shape in = shape_in(img, room(*L, maze.entrance(), 0, m));
    const Shape out = shape_in(img, room(*L, *maze.exit(), 5, m));
    EXPECT_EQ(in, Shape::kTriangleDown) << "slot " << slot << ": " << shape_name(in);
    EXPECT_EQ(out, Shape::kDisc) << "slot " << slot << ": " << shape_name(out);
  }
}

TEST(Book, AnswersKeepABoundedNumberOfCells) {
  core::Ram ram(core::kUnlimited);
  auto big = core::Maze::create(ram, 2048, 2048);  // walls only: nothing is drawn here
  ASSERT_TRUE(big.ok());
  big->set_entrance(0);
  std::string pdf;
  PdfBook book(to_string(pdf), {.answers = true, .per_page = 100, .title = ""});
  const std::size_t fit = kMaxAnswerCells / big->cells();
  for (std::size_t i = 0; i < fit; ++i) ASSERT_TRUE(book.add(*big, {}).ok()) << i;
  auto over = book.add(*big, {});
  ASSERT_FALSE(over.ok());
  EXPECT_NE(over.error().message.find("keeps every maze"), std::string::npos);
}

TEST(Book, APageSaysWhatIsWrongWithIt) {
  Mazes mazes(1, 4, 4);
  std::string bytes;
  PdfWriter pdf(to_string(bytes));
  PageItem item{&mazes.made[0]->maze, {}, "Maze 1"};
  EXPECT_FALSE(pdf.add_page({}, PageFrame{1, ""}).ok());
  EXPECT_FALSE(pdf.add_page({item, item}, PageFrame{1, ""}).ok());
  EXPECT_FALSE(pdf.add_page({item}, PageFrame{0, ""}).ok());
  EXPECT_FALSE(pdf.add_page({item}, PageFrame{PdfWriter::kMaxPerPage + 1, ""}).ok());
  EXPECT_TRUE(pdf.add_page({item}, PageFrame{1, "x\x1b"}).ok());
  EXPECT_TRUE(pdf.finish().ok());
}

// Every slot of every grid lies inside the page's margins, below the title band, and no
// two overlap; the grid draws the pictures no smaller than one column or one row would.
TEST(Grid, SlotsStayOnThePageAndApart) {
  using P = PdfWriter;
  for (auto [w, h] : {std::pair{100, 100}, {300, 60}, {60, 400}, {1000, 999}})
    for (int per = 1; per <= P::kMaxPerPage; per += (per < 12 ? 1 : 11))
      for (bool titled : {false, true}) {
        std::vector<PageFit> fits;
        for (int s = 0; s < per; ++s) fits.push_back(fit_in_grid(w, h, per, titled, s));
        const double top = P::kPageMargin + (titled ? P::kTitleBand : 0);
        for (int s = 0; s < per; ++s) {
          const PageFit& f = fits[s];
          const std::string where = std::to_string(w) + "x" + std::to_string(h) + " per " +
                                    std::to_string(per) + " slot " + std::to_string(s);
          EXPECT_GT(f.scale, 0) << where;
          EXPECT_GE(f.x, P::kPageMargin - 1e-6) << where;
          EXPECT_GE(f.y, top - 1e-6) << where;
          EXPECT_LE(f.x + w * f.scale, P::kPageWidth - P::kPageMargin + 1e-6) << where;
          EXPECT_LE(f.y + h * f.scale, P::kPageHeight - P::kPageMargin + 1e-6) << where;
          for (int o = 0; o < s; ++o) {
            const PageFit& g = fits[o];
            const bool apart = f.x >= g.x + w * g.scale || g.x >= f.x + w * f.scale ||
                               f.y >= g.y + h * g.scale || g.y >= f.y + h * f.scale;
            EXPECT_TRUE(apart) << where << " and " << o;
          }
        }
      }
  // Four square mazes go two by two (larger than in one column or one row).
  const PageFit a = fit_in_grid(100, 100, 4, false, 0), d = fit_in_grid(100, 100, 4, false, 3);
  EXPECT_GT(d.x, a.x);
  EXPECT_GT(d.y, a.y);
  EXPECT_GT(a.scale * 100, (P::kPageHeight - 2 * P::kPageMargin) / 4);
}

}  // namespace
}  // namespace amazing::picture
