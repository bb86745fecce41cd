// Test helpers shared by the picture tests: PNG decoding with libpng and the comparison
// of a picture's wall pixels with the text form's walls.
#pragma once

#include <gtest/gtest.h>
#include <png.h>

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

}  // namespace amazing::picture
