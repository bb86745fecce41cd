// machine::read_user_file (a user's file with a cap) and read_capped_line.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "machine/input.hpp"
#include "machine/user_file.hpp"

namespace {

using amazing::machine::LineRead;
using amazing::machine::read_capped_line;
using amazing::machine::read_user_file;

std::string temp_file(const std::string& content) {
  char name[] = "/tmp/amazing-cli-test-XXXXXX";
  int fd = mkstemp(name);
  EXPECT_GE(fd, 0);
  EXPECT_EQ(write(fd, content.data(), content.size()), static_cast<ssize_t>(content.size()));
  close(fd);
  return name;
}

TEST(ReadUserFile, ReadsASmallFile) {
  std::string path = temp_file("10 PRINT 1\n");
  auto text = read_user_file(path, 1024, "the listing");
  ASSERT_TRUE(text) << text.error().message;
  EXPECT_EQ(*text, "10 PRINT 1\n");
  unlink(path.c_str());
}

TEST(ReadUserFile, RefusesAFileOverTheCap) {
  std::string path = temp_file(std::string(2048, 'x'));
  auto text = read_user_file(path, 1024, "the listing");
  ASSERT_FALSE(text);
  EXPECT_NE(text.error().message.find(path), std::string::npos);
  EXPECT_NE(text.error().message.find("1 KiB"), std::string::npos) << text.error().message;
  EXPECT_TRUE(read_user_file(path, 2048, "the listing"));  // exactly the cap is fine
  unlink(path.c_str());
}

TEST(ReadUserFile, RefusesAFolder) {
  auto text = read_user_file("/tmp", 1024, "the script");
  ASSERT_FALSE(text);
  EXPECT_NE(text.error().message.find("/tmp"), std::string::npos);
  EXPECT_NE(text.error().message.find("folder"), std::string::npos) << text.error().message;
}

TEST(ReadUserFile, StopsAnEndlessDeviceAtTheCap) {
  auto text = read_user_file("/dev/zero", 1 << 20, "the script");
  ASSERT_FALSE(text);
  EXPECT_NE(text.error().message.find("/dev/zero"), std::string::npos);
  EXPECT_NE(text.error().message.find("1 MiB"), std::string::npos) << text.error().message;
}

TEST(ReadUserFile, NamesAMissingFileWithItsControlCharactersEscaped) {
  auto text = read_user_file("/nonexistent/\x1b[2J.lua", 1024, "the script");
  ASSERT_FALSE(text);
  EXPECT_NE(text.error().message.find("/nonexistent/\\x1b[2J.lua"), std::string::npos)
      << text.error().message;
  EXPECT_EQ(text.error().message.find('\x1b'), std::string::npos);
}

TEST(ReadCappedLine, LinesEndAndTooLong) {
  std::istringstream in("10,12\nlast");
  std::string line;
  EXPECT_EQ(read_capped_line(in, line, 8), LineRead::kLine);
  EXPECT_EQ(line, "10,12");
  EXPECT_EQ(read_capped_line(in, line, 8), LineRead::kLine);
  EXPECT_EQ(line, "last");
  EXPECT_EQ(read_capped_line(in, line, 8), LineRead::kEnd);

  std::istringstream longer("123456789\n");
  EXPECT_EQ(read_capped_line(longer, line, 8), LineRead::kTooLong);
  EXPECT_EQ(line, "12345678");
  std::istringstream exact("12345678\n");
  EXPECT_EQ(read_capped_line(exact, line, 8), LineRead::kLine);
  EXPECT_EQ(line, "12345678");
}

}  // namespace
