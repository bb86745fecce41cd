// The play screen in words (`amazing play --plain`): where the player is and which ways
// are open, for a screen reader or a terminal without cursor control. Rows and columns
// count from 1 at the top left, as a reader says them; north is up the screen.
//   describe_place(maze, {2, 0})  -> "row 1, column 3: open to the south and east"
//   describe_way_out(path)        -> "the exit is 12 moves away; go south first"
// Up from the entrance is a wall (the game never lets the player back out that way);
// down from an exit cell is "south (the exit)".
#pragma once

#include <string>
#include <vector>

#include "core/maze.hpp"
#include "core/solve.hpp"

namespace amazing::core {

// "north", "east", "south", "west".
std::string_view direction_word(Direction d);

// The directions a player at `at` can move in, in the order north, east, south, west.
std::vector<Direction> open_ways(const Maze& maze, Cell at);

std::string describe_place(const Maze& maze, Cell at);

// `path`: core::WayOut::path_from(at) (at ... exit cell); empty: no way out from here.
std::string describe_way_out(const std::vector<Cell>& path);

}  // namespace amazing::core
