#include <gtest/gtest.h>
TEST(C64Maze, Placeholder) {}
