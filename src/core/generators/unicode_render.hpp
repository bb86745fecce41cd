// UnicodeRenderer: a maze drawn with box-drawing characters, for `gen --format unicode`.
// Same grid as the classic text (3 columns a cell, 2 lines a row plus the top border):
//   ┌──┐  ┌──┬──┐
//   │S       │  │
//   ├──╴  ╷  ╵  │
// Walls join at their corners; the entrance and exit are gaps in the border; a cell left
// out by a mask is shaded (░░); start and end markers show as S and E.
//   std::string text = render_unicode(maze, markers);
#pragma once

#include <string>

#include "core/generators/generator.hpp"
#include "core/maze.hpp"

namespace amazing::core {

std::string render_unicode(const Maze& maze, const Markers& markers = {});

}  // namespace amazing::core
