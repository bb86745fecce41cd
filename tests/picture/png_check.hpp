// Test helpers shared by the picture tests: PNG decoding with libpng and the comparison
// of a picture's wall pixels with the text form's walls.
#pragma once

#include <gtest/gtest.h>
#include <png.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "picture/picture.hpp"

namespace amazing::picture {

struct Image {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;
  bool dark(int x, int y) const {
    const unsigned char* p = &rgb[(static_cast<std::size_t>(y) * width + x) * 3];
    return p[0] + p[1] + p[2] < 150;
  }
  const unsigned char* at(int x, int y) const {
    return &rgb[(static_cast<std::size_t>(y) * width + x) * 3];
  }
};

inline Image decode_png(const std::string& bytes) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  Image out;
  if (!png_image_begin_read_from_memory(&image, bytes.data(), bytes.size())) {
    ADD_FAILURE() << "not a PNG: " << image.message;
    return out;
  }
  image.format = PNG_FORMAT_RGB;
  out.width = static_cast<int>(image.width);
  out.height = static_cast<int>(image.height);
  out.rgb.resize(PNG_IMAGE_SIZE(image));
  if (!png_image_finish_read(&image, nullptr, out.rgb.data(), 0, nullptr))
    ADD_FAILURE() << "bad PNG: " << image.message;
  return out;
}

inline Sink to_string(std::string& s) {
  return [&s](const void* p, std::size_t n) {
    s.append(static_cast<const char*>(p), n);
    return true;
  };
}

// Maps a point of the picture (layout units) to a pixel of the image.
struct Mapping {
  double scale = 1, x = 0, y = 0;
  int px(double ux) const { return static_cast<int>(x + ux * scale); }
  int py(double uy) const { return static_cast<int>(y + uy * scale); }
};

// Compares every wall of the text form (as core::render_text or `amazing gen` prints a
// width x height maze) with the image; returns the count of mismatches (and reports the
// first few).
inline int compare_text_walls(const std::string& text, int width, int height, const Layout& L,
                              const Image& img, Mapping m = {}) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  EXPECT_EQ(lines.size(), static_cast<std::size_t>(2 * height + 1));
  if (lines.size() != static_cast<std::size_t>(2 * height + 1)) return -1;
  int bad = 0;
  auto check = [&](bool wall_in_text, double ux, double uy, const char* what, int col, int row) {
    int x = m.px(ux), y = m.py(uy);
    bool dark = img.dark(x, y);
    if (dark != wall_in_text) {
      if (++bad <= 5)
        ADD_FAILURE() << what << " at col " << col << " row " << row << ": text says "
                      << (wall_in_text ? "wall" : "open") << ", pixel (" << x << "," << y
                      << ") is " << (dark ? "dark" : "light");
    }
  };
  const double t = L.wall, c = L.cell;
  const double mid = t + (c - t) / 2.0;  // the middle of a wall segment, from its start
  for (int col = 0; col < width; ++col)
    check(lines[0].substr(3 * col + 1, 2) == "--", L.x(col) + mid, L.y(0) + t / 2, "top", col, 0);
  for (int r = 0; r < height; ++r) {
    const std::string& cells = lines[2 * r + 1];
    const std::string& floor = lines[2 * r + 2];
    check(cells[0] == 'I', L.x(0) + t / 2, L.y(r) + mid, "left border", 0, r);
    for (int col = 0; col < width; ++col) {
      check(cells[3 * col + 3] == 'I', L.x(col + 1) + t / 2, L.y(r) + mid, "right wall", col, r);
      check(floor.substr(3 * col + 1, 2) == "--", L.x(col) + mid, L.y(r + 1) + t / 2, "floor",
            col, r);
    }
  }
  return bad;
}

// The shape of the mark (the entrance's or exit's) drawn inside a box of the image: the
// inked pixels (not near white; grey printouts included) are found, and the width of ink
// across their bounding box at a tenth, a half and nine tenths of its height tells a
// square (all full), a triangle pointing down (wide, half, narrow) and a disc (narrow,
// full, narrow) apart.
enum class Shape { kNone, kSquare, kTriangleDown, kDisc, kOther };
inline const char* shape_name(Shape s) {
  const char* names[] = {"none", "square", "triangle pointing down", "disc", "other"};
  return names[static_cast<int>(s)];
}
inline Shape mark_shape(const Image& img, int x0, int y0, int x1, int y1) {
  auto ink = [&](int x, int y) {
    const unsigned char* p = img.at(x, y);
    return p[0] + p[1] + p[2] < 3 * 200;
  };
  int bx0 = x1, by0 = y1, bx1 = x0 - 1, by1 = y0 - 1;
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x)
      if (ink(x, y)) bx0 = std::min(bx0, x), bx1 = std::max(bx1, x), by0 = std::min(by0, y),
                     by1 = std::max(by1, y);
  if (bx1 < bx0 || bx1 - bx0 < 6 || by1 - by0 < 6) return Shape::kNone;
  auto width_at = [&](double f) {
    const int y = by0 + static_cast<int>(f * (by1 - by0) + 0.5);
    int n = 0;
    for (int x = bx0; x <= bx1; ++x) n += ink(x, y);
    return static_cast<double>(n) / (bx1 - bx0 + 1);
  };
  const double top = width_at(0.1), mid = width_at(0.5), bottom = width_at(0.9);
  if (top > 0.85 && mid > 0.85 && bottom > 0.85) return Shape::kSquare;
  if (top > 0.75 && mid > 0.35 && mid < 0.65 && bottom < 0.3) return Shape::kTriangleDown;
  if (mid > 0.85 && top < 0.8 && bottom < 0.8 && std::abs(top - bottom) < 0.15)
    return Shape::kDisc;
  return Shape::kOther;
}

}  // namespace amazing::picture
