#include "core/plain_walk.hpp"

#include <array>

namespace amazing::core {
namespace {

constexpr std::array<Direction, 4> kOrder = {Direction::kUp, Direction::kRight, Direction::kDown,
                                             Direction::kLeft};

// "a", "a and b", "a, b and c".
std::string word_list(const std::vector<std::string>& words) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i > 0) out += i + 1 == words.size() ? " and " : ", ";
    out += words[i];
  }
  return out;
}

Direction step_between(Cell from, Cell to) {
  if (to.row < from.row) return Direction::kUp;
  if (to.row > from.row) return Direction::kDown;
  return to.col > from.col ? Direction::kRight : Direction::kLeft;
}

}  // namespace

std::string_view direction_word(Direction d) {
  switch (d) {
    case Direction::kUp:
      return "north";
    case Direction::kRight:
      return "east";
    case Direction::kDown:
      return "south";
    case Direction::kLeft:
      return "west";
  }
  return "";
}

std::vector<Direction> open_ways(const Maze& maze, Cell at) {
  std::vector<Direction> out;
  for (Direction d : kOrder) {
    if (d == Direction::kUp && at.row == 0) continue;  // the way in is closed behind you
    if (maze.open(at.col, at.row, d)) out.push_back(d);
  }
  return out;
}

std::string describe_place(const Maze& maze, Cell at) {
  std::string out =
      "row " + std::to_string(at.row + 1) + ", column " + std::to_string(at.col + 1) + ": ";
  std::vector<std::string> words;
  for (Direction d : open_ways(maze, at)) {
    std::string w(direction_word(d));
    if (d == Direction::kDown && at.row == maze.height() - 1) w += " (the exit)";
    words.push_back(w);
  }
  if (words.empty()) return out + "walls all round";
  return out + "open to the " + word_list(words);
}

std::string describe_way_out(const std::vector<Cell>& path) {
  if (path.empty()) return "there is no way out from here";
  const std::size_t moves = path.size();  // the last one leaves through the exit
  const Direction first = path.size() == 1 ? Direction::kDown : step_between(path[0], path[1]);
  return "the exit is " + std::to_string(moves) + (moves == 1 ? " move" : " moves") +
         " away; go " + std::string(direction_word(first)) + " first";
}

}  // namespace amazing::core
