// The Lua prompt's history (tui/line_history.hpp): Up and Down through the lines entered.
#include "tui/line_history.hpp"

#include <gtest/gtest.h>

namespace amazing::tui {
namespace {

TEST(LineHistory, UpGoesBackDownComesBackToWhatWasTyped) {
  LineHistory h;
  h.add("1+1");
  h.add("x=2");
  h.start();
  EXPECT_EQ(h.older("pri"), "x=2");
  EXPECT_EQ(h.older("ignored"), "1+1");
  EXPECT_EQ(h.older(""), std::nullopt);  // the oldest
  EXPECT_EQ(h.newer(), "x=2");
  EXPECT_EQ(h.newer(), "pri");  // the line being typed
  EXPECT_EQ(h.newer(), std::nullopt);
}

TEST(LineHistory, BlankLinesAndRepeatsAreNotKept) {
  LineHistory h;
  h.add("a");
  h.add("a");
  h.add("   ");
  h.add("");
  EXPECT_EQ(h.size(), 1u);
}

TEST(LineHistory, KeepsTheNewestLinesOnly) {
  LineHistory h;
  for (std::size_t i = 0; i < LineHistory::kMaxLines + 10; ++i) h.add(std::to_string(i));
  EXPECT_EQ(h.size(), LineHistory::kMaxLines);
  h.start();
  std::optional<std::string> oldest;
  while (auto line = h.older("")) oldest = line;
  EXPECT_EQ(oldest, "10");
}

TEST(LineHistory, EmptyHistoryRecallsNothing) {
  LineHistory h;
  h.start();
  EXPECT_EQ(h.older("typed"), std::nullopt);
  EXPECT_EQ(h.newer(), std::nullopt);
}

}  // namespace
}  // namespace amazing::tui
