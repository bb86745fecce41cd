// The pieces of the terminal layer that need no terminal: the too-small message and the
// --baud option.
#include <gtest/gtest.h>

#include "tui/session.hpp"
#include "tui/terminal.hpp"

namespace amazing::tui {
namespace {

TEST(TooSmall, NamesTheSizeNeededAndTheSizeNow) {
  auto msg = too_small_message(30, 20);
  std::string all;
  for (const auto& line : msg) {
    EXPECT_LE(line.size(), 30u) << line;
    all += line + "\n";
  }
  EXPECT_NE(all.find("TERMINAL TOO SMALL"), std::string::npos);
  EXPECT_NE(all.find("NEED 42x27"), std::string::npos);
  EXPECT_NE(all.find("HAVE 30x20"), std::string::npos);
}

TEST(TooSmall, NarrowWindowsGetShortLines) {
  for (int cols : {1, 5, 10, 12, 18}) {
    for (const auto& line : too_small_message(cols, 5))
      EXPECT_LE(static_cast<int>(line.size()), cols);
  }
  std::string all;
  for (const auto& line : too_small_message(10, 5)) all += line + "\n";
  EXPECT_NE(all.find("42x27"), std::string::npos);
}

TEST(Baud, InstantOrARate) {
  EXPECT_EQ(parse_baud("instant").value(), 0);
  EXPECT_EQ(parse_baud("0").value(), 0);
  EXPECT_EQ(parse_baud("300").value(), 300);
  EXPECT_EQ(parse_baud("9600").value(), 9600);
  EXPECT_FALSE(parse_baud("fast").ok());
  EXPECT_FALSE(parse_baud("10").ok());
  EXPECT_FALSE(parse_baud("").ok());
  EXPECT_FALSE(parse_baud("-300").ok());
  EXPECT_NE(parse_baud("fast").error().message.find("--baud"), std::string::npos);
}

}  // namespace
}  // namespace amazing::tui
