// The terminal is not ours (the issue): what a listing or a Lua script prints reaches a
// terminal made visible, never obeyed, while a pipe gets the program's bytes exactly; our
// own messages (errors, stats) never carry control or bidi format characters from input,
// terminal or not. The real binary runs on a pseudo-terminal of the test's own (forkpty)
// and on pipes; every wait is bounded by a count of polls.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/files.hpp"
#include "support/run.hpp"

namespace {

namespace fs = std::filesystem;

// What the attack looks like once made visible, and its raw bytes.
const std::string kTitleShown = "\\x1b]0;pwned\\x07";
const std::string kClearShown = "\\x1b[2J";
const std::string kTitleRaw = "\x1b]0;pwned\x07";
const std::string kClearRaw = "\x1b[2J";
const std::string kRloRaw = "\xe2\x80\xae";  // U+202E RIGHT-TO-LEFT OVERRIDE
const std::string kRloShown = "\\u202e";

using Outcome = amazing::test::Ran;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

const std::vector<std::string> kEnv = {"TERM=xterm", "NO_COLOR=1"};

// The binary with its standard output (and input, unless `stdin_null`) on an 80x25
// pseudo-terminal; standard error apart.
Outcome on_terminal(const std::vector<std::string>& args, bool stdin_null = false) {
  amazing::test::PtyOptions o;
  o.rows = 25;
  o.cols = 80;
  o.env = kEnv;
  o.stdin_null = stdin_null;
  return amazing::test::run_amazing_on_pty(args, o);
}

// The binary with standard output and standard error on pipes, standard input empty.
Outcome on_pipe(const std::vector<std::string>& args) {
  amazing::test::RunOptions o;
  o.env = kEnv;
  return amazing::test::run_amazing(args, "", o);
}

std::string printable_for_failure(const std::string& text) {
  std::string out;
  for (unsigned char c : text) {
    if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
    } else {
      char hex[8];
      std::snprintf(hex, sizeof hex, "<%02x>", c);
      out += hex;
    }
  }
  return out;
}

// No ESC, BEL, C1 CSI/OSC or right-to-left override anywhere in `text`.
void expect_nothing_raw(const std::string& text, const std::string& what) {
  EXPECT_FALSE(contains(text, "\x1b")) << what << ": " << printable_for_failure(text);
  EXPECT_FALSE(contains(text, "\x07")) << what << ": " << printable_for_failure(text);
  EXPECT_FALSE(contains(text, "\xc2\x9b")) << what << ": " << printable_for_failure(text);
  EXPECT_FALSE(contains(text, kRloRaw)) << what << ": " << printable_for_failure(text);
}

class TerminalSafety : public ::testing::Test {
 protected:
  void SetUp() override {
    char name[] = "/tmp/amazing-terminal-safety-XXXXXX";
    ASSERT_NE(mkdtemp(name), nullptr);
    dir_ = name;
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string write(const std::string& name, const std::string& text) {
    std::string path = dir_ + "/" + name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
  // A listing that sets the window title, clears the screen and prints a right-to-left
  // override between A and B.
  std::string evil_listing() {
    return write("evil.bas",
                 "10 PRINT CHR$(27)+\"]0;pwned\"+CHR$(7)\n"
                 "20 PRINT CHR$(27)+\"[2J\"\n"
                 "30 PRINT \"A" +
                     kRloRaw +
                     "B\"\n"
                     "40 END\n");
  }
  std::string evil_script() {
    return write("evil.lua",
                 "amazing.print(\"\\27]0;pwned\\7\")\n"
                 "amazing.print(\"\\27[2J\")\n"
                 "amazing.print(\"A\\u{202E}B\")\n");
  }
  std::string dir_;
};

// On the terminal: the attack shown, nothing raw. On a pipe: the program's bytes.
void expect_shown_on_terminal_raw_on_pipe(const std::vector<std::string>& args,
                                          bool stdin_null = false) {
  std::string what;
  for (const auto& a : args) what += a + " ";
  Outcome term = on_terminal(args, stdin_null);
  EXPECT_EQ(term.code, 0) << what << term.err;
  EXPECT_TRUE(contains(term.out, kTitleShown)) << what << printable_for_failure(term.out);
  EXPECT_TRUE(contains(term.out, kClearShown)) << what << printable_for_failure(term.out);
  EXPECT_TRUE(contains(term.out, "A" + kRloShown + "B")) << what << printable_for_failure(term.out);
  expect_nothing_raw(term.out, what + "(terminal)");
  expect_nothing_raw(term.err, what + "(stderr)");

  Outcome piped = on_pipe(args);
  EXPECT_EQ(piped.code, 0) << what << piped.err;
  EXPECT_TRUE(contains(piped.out, kTitleRaw)) << what << printable_for_failure(piped.out);
  EXPECT_TRUE(contains(piped.out, kClearRaw)) << what << printable_for_failure(piped.out);
  EXPECT_TRUE(contains(piped.out, "A" + kRloRaw + "B")) << what << printable_for_failure(piped.out);
  EXPECT_FALSE(contains(piped.out, kTitleShown)) << what;
}

TEST_F(TerminalSafety, AListingOnTheC64IsShownNotObeyed) {
  // Output to a terminal, input from elsewhere: the printed road (with the keyboard on a
  // terminal too the program runs on the screen prompt, which stays up after it).
  expect_shown_on_terminal_raw_on_pipe({"basic", evil_listing(), "--machine", "c64"},
                                       /*stdin_null=*/true);
}

TEST_F(TerminalSafety, AListingInBatchOnThePcIsShownNotObeyed) {
  std::string listing = evil_listing();
  expect_shown_on_terminal_raw_on_pipe({"basic", listing, "--batch"});
  // A terminal for output only (input from a file): the 40-column batch road.
  expect_shown_on_terminal_raw_on_pipe({"basic", listing}, /*stdin_null=*/true);
}

TEST_F(TerminalSafety, GenWithTheListingIsShownNotObeyed) {
  std::string listing = evil_listing();
  for (const char* machine : {"pc", "c64"}) {
    expect_shown_on_terminal_raw_on_pipe(
        {"gen", "--engine", "basic", "--rom", listing, "--size", "3x3", "--machine", machine});
    expect_shown_on_terminal_raw_on_pipe({"gen", "--engine", "basic", "--rom", listing, "--size",
                                          "3x3", "--machine", machine, "--transcript"});
  }
}

TEST_F(TerminalSafety, ALuaScriptIsShownNotObeyed) {
  std::string script = evil_script();
  expect_shown_on_terminal_raw_on_pipe({"run", script, "--batch"});
  expect_shown_on_terminal_raw_on_pipe({"run", script, "--batch", "--machine", "c64"});
  // No --batch but no keyboard: the screen's text copied to the terminal.
  expect_shown_on_terminal_raw_on_pipe({"run", script}, /*stdin_null=*/true);
  // (--script is refused with --machine c64.)
  expect_shown_on_terminal_raw_on_pipe(
      {"gen", "--engine", "lua", "--script", script, "--size", "3x3", "--transcript"});
}

// The C64's cursor-right (ESC [ C) is the blank it leaves: its transcript on a terminal
// reads as it did, with no escape sequence in it.
TEST(TerminalSafetyC64, TheCursorRightIsABlankOnATerminal) {
  const std::vector<std::string> args = {"gen", "--size",    "4x3", "--seed",
                                         "7",   "--machine", "c64", "--transcript"};
  Outcome piped = on_pipe(args);
  ASSERT_EQ(piped.code, 0) << piped.err;
  ASSERT_TRUE(contains(piped.out, "\x1b[C"));
  std::string expected;  // the pipe's bytes, cursor-rights as blanks, LF as the pty's CR LF
  for (std::size_t i = 0; i < piped.out.size(); ++i) {
    if (piped.out.compare(i, 3, "\x1b[C") == 0) {
      expected += ' ';
      i += 2;
    } else if (piped.out[i] == '\n') {
      expected += "\r\n";
    } else {
      expected += piped.out[i];
    }
  }
  Outcome term = on_terminal(args);
  EXPECT_EQ(term.code, 0) << term.err;
  EXPECT_EQ(printable_for_failure(term.out), printable_for_failure(expected));
  EXPECT_TRUE(contains(term.out, std::string(20, ' ') + "AMAZING PROGRAM"));
}

// stats shows a maze's name made printable, on a terminal and on a pipe alike: the name is
// ours to print, not the program's.
TEST_F(TerminalSafety, StatsNeverEchoesRawJsonStrings) {
  Outcome gen = on_pipe({"gen", "--algorithm", "backtracker", "--size", "3x3", "--format", "json"});
  ASSERT_EQ(gen.code, 0) << gen.err;
  ASSERT_TRUE(contains(gen.out, "\"backtracker\""));
  for (const std::string& name : {std::string("\\u202e"), kRloRaw}) {
    std::string line = gen.out;
    line.replace(line.find("\"backtracker\""), 13,
                 "\"abc" + name + "\\u001b]0;pwned\\u0007\\u2066\\u200f\\u2028xyz\"");
    std::string file = write("evil.json", line);
    for (const Outcome& r : {on_terminal({"stats", file}), on_pipe({"stats", file})}) {
      EXPECT_EQ(r.code, 0) << r.err;
      EXPECT_TRUE(contains(r.out, "abc" + kRloShown + "\\x1b]0;pwned\\x07\\u2066\\u200f\\u2028xyz"))
          << printable_for_failure(r.out);
      expect_nothing_raw(r.out, "stats");
      EXPECT_FALSE(contains(r.out, "\xe2\x81\xa6")) << printable_for_failure(r.out);  // U+2066
      EXPECT_FALSE(contains(r.out, "\xe2\x80\xa8")) << printable_for_failure(r.out);  // U+2028
    }
  }
  // A JSON string with a raw control character: the refusal quotes what it read.
  std::string file = write("bad.json", "{\"algorithm\":\"x" + kRloRaw + "y\x1b[2J\"}\n");
  Outcome bad = on_pipe({"stats", file});
  EXPECT_NE(bad.code, 0);
  EXPECT_TRUE(contains(bad.err, "x" + kRloShown + "y")) << printable_for_failure(bad.err);
  expect_nothing_raw(bad.err, "stats error");
}

// Our messages: file names, option values (CLI11's refusals too), a Lua error.
TEST_F(TerminalSafety, MessagesNeverCarryBidiOrControlsFromInput) {
  const std::string evil = "x" + kRloRaw +
                           "\xc2\x9b"
                           "2J\x1b]0;t\x07"
                           "y";
  std::vector<std::vector<std::string>> commands = {
      {"run", dir_ + "/" + evil + ".lua"},
      {"basic", dir_ + "/" + evil + ".bas"},
      {"stats", dir_ + "/" + evil + ".json"},
      {"gen", "--size", evil},
      {"gen", "--size", "3x3", "--format", evil},
      {"gen", "--size", "3x3", "--algorithm", evil},
      {"gen", "--size", "3x3", "--seed", evil},
      {"stats", "--json=" + evil},
      {"compare", "--size", "3x3", "--engines", evil},
      {"play", "--size", evil},
      {"gen", "--size", "3x3", evil},
      {evil},
  };
  std::string lua = write("error.lua", "error('" + std::string("a\\u{202E}b\\27[2J") + "')\n");
  commands.push_back({"run", lua, "--batch"});
  commands.push_back({"gen", "--engine", "lua", "--script", lua, "--size", "3x3"});
  // A fake traceback in an error() string is text, not lines.
  std::string fake = write("fake.lua", "error('a\\nstack traceback:\\n\\tfake')\n");
  commands.push_back({"run", fake, "--batch"});
  for (const auto& c : commands) {
    std::string what = printable_for_failure(c.back());
    Outcome r = on_pipe(c);
    EXPECT_NE(r.code, 0) << what;
    EXPECT_FALSE(r.err.empty()) << what;
    expect_nothing_raw(r.err, what);
    EXPECT_FALSE(contains(r.err, "\n\tfake")) << printable_for_failure(r.err);
    Outcome term = on_terminal(c);
    expect_nothing_raw(term.err, what + " (terminal)");
    expect_nothing_raw(term.out, what + " (terminal)");
  }
}

}  // namespace
