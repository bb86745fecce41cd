#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli/args.hpp"

namespace {

using amazing::cli::ArgScanner;

std::string scan(std::vector<std::string> words) {
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  ArgScanner args(static_cast<int>(argv.size()), argv.data(), 0, "gen");
  while (args.next()) {
    if (args.is("--size"))
      args.value();
    else if (args.is("--transcript")) {
    } else
      args.unknown();
  }
  return args.error();
}

TEST(ArgScanner, RefusesAnOptionGivenTwice) {
  EXPECT_EQ(scan({"--size", "3x3"}), "");
  EXPECT_NE(scan({"--size", "3x3", "--size", "4x4"}).find("--size is given more than once"),
            std::string::npos);
  EXPECT_NE(scan({"--size=3x3", "--size", "4x4"}).find("--size"), std::string::npos);
  EXPECT_NE(scan({"--transcript", "--transcript"}).find("--transcript"), std::string::npos);
}

}  // namespace
