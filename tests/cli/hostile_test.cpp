// The real amazing binary against hostile input: endless files and lines,
// folders where files belong, control characters in everything echoed, output that
// cannot be written, repeated options, terminals without cursor addressing, Ctrl-C and
// SIGKILL while PC-BASIC (here a fake one on PATH) runs. Every wait is bounded by a
// count of polls; no test asserts on time.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "support/run.hpp"

namespace {

namespace fs = std::filesystem;

using Outcome = amazing::test::Ran;

// Where standard input comes from (/dev/null unless given) and standard output goes
// (captured unless given).
using Io = amazing::test::RunOptions;
Io from(const std::string& path) {
  Io io;
  io.input_path = path;
  return io;
}
Io to(const std::string& path, const std::string& in = "/dev/null") {
  Io io;
  io.input_path = in;
  io.output_path = path;
  return io;
}

// Runs the binary with `args`; stdout (unless sent elsewhere) and stderr captured.
Outcome run(const std::vector<std::string>& args, const Io& io = {}) {
  return amazing::test::run_amazing(args, "", io);
}

std::string temp_dir() {
  char name[] = "/tmp/amazing-cli-hostile-XXXXXX";
  EXPECT_NE(mkdtemp(name), nullptr);
  return name;
}

std::string write_file(const std::string& path, const std::string& text, bool executable = false) {
  std::ofstream(path, std::ios::binary) << text;
  if (executable) chmod(path.c_str(), 0755);
  return path;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// No terminal control byte of the attack reached the output raw.
void expect_no_raw_controls(const Outcome& r) {
  for (const std::string* s : {&r.out, &r.err}) {
    EXPECT_FALSE(contains(*s, "\x1b")) << "ESC reached the output:\n" << *s;
    EXPECT_FALSE(contains(*s, "\x07")) << "BEL reached the output:\n" << *s;
  }
}

const std::string kAttack = "\x1b[2J\x1b]0;pwned\x07";

// ---- 3: unbounded reads -------------------------------------------------------------

TEST(HostileInput, EndlessFilesAreRefusedWithTheCap) {
  const std::vector<std::vector<std::string>> commands = {
      {"run", "/dev/zero"},
      {"basic", "/dev/zero"},
      {"gen", "--algorithm", "backtracker", "--mask", "/dev/zero"},
      {"gen", "--size", "3x3", "--engine", "basic", "--rom", "/dev/zero"},
      {"gen", "--size", "3x3", "--engine", "lua", "--script", "/dev/zero"},
      {"compare", "--size", "3x3", "--rom", "/dev/zero", "--engines", "native,basic"},
  };
  for (const auto& c : commands) {
    Outcome r = run(c);
    EXPECT_EQ(r.code, 2) << c[0] << " " << c[1] << ": " << r.err;
    EXPECT_TRUE(contains(r.err, "/dev/zero") && contains(r.err, "16 MiB")) << r.err;
  }
}

TEST(HostileInput, FoldersAreErrorsNamingThePath) {
  std::string dir = temp_dir();
  const std::vector<std::vector<std::string>> commands = {
      {"run", dir},
      {"basic", dir},
      {"gen", "--size", "3x3", "--engine", "lua", "--script", dir},
      {"gen", "--size", "3x3", "--engine", "basic", "--rom", dir},
      {"gen", "--algorithm", "backtracker", "--mask", dir},
      {"compare", "--size", "3x3", "--rom", dir},
      {"stats", dir},
  };
  for (const auto& c : commands) {
    Outcome r = run(c);
    EXPECT_EQ(r.code, 2) << c[0] << ": " << r.err;
    EXPECT_TRUE(contains(r.err, dir) && contains(r.err, "folder")) << c[0] << ": " << r.err;
  }
  fs::remove_all(dir);
}

// A read that fails (standard input a folder: EISDIR; a file whose read is an I/O error)
// is a message and exit 2, never an exception out of the stream buffer (abort, 134).
TEST(HostileInput, StatsSaysWhenItsInputCannotBeRead) {
  std::string dir = temp_dir();
  Outcome r = run({"stats"}, from(dir));
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_TRUE(contains(r.err, "cannot read standard input")) << r.err;
  EXPECT_FALSE(contains(r.err, "terminate")) << r.err;
  Outcome mem = run({"stats", "/proc/self/mem"});
  EXPECT_EQ(mem.code, 2) << mem.err;
  EXPECT_TRUE(contains(mem.err, "cannot read '/proc/self/mem'")) << mem.err;
  fs::remove_all(dir);
}

// Standard input a folder is no empty input: every command that reads typed lines says it
// cannot read it and exits 2 (it stopped silently with 0, as at the input's end).
TEST(HostileInput, StandardInputAFolderIsAnError) {
  std::string dir = temp_dir();
  const std::vector<std::vector<std::string>> commands = {
      {},        {"--machine", "c64"},
      {"basic"}, {"basic", "--machine", "c64"},
      {"run"},   {"play", "--plain", "--size", "4x3"},
  };
  for (const auto& c : commands) {
    Outcome r = run(c, from(dir));
    std::string name = c.empty() ? "amazing" : c[0];
    EXPECT_EQ(r.code, 2) << name << ": " << r.err;
    EXPECT_TRUE(contains(r.err, "cannot read standard input")) << name << ": " << r.err;
  }
  fs::remove_all(dir);
}

// An empty name (an unset shell variable: --rom "$ROM") is refused by the option's
// name, never read as the option left out (the built-in listing, script or no mask).
TEST(HostileInput, EmptyFileNamesAreRefusedByTheOption) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> commands = {
      {"--rom", {"gen", "--size", "3x3", "--engine", "basic", "--rom", ""}},
      {"--rom", {"compare", "--size", "3x3", "--engines", "native,basic", "--rom", ""}},
      {"--mask", {"gen", "--size", "3x3", "--algorithm", "backtracker", "--mask", ""}},
      {"--script", {"gen", "--size", "3x3", "--engine", "lua", "--script", ""}},
      {"--scripts", {"gen", "--size", "3x3", "--engine", "lua", "--scripts", ""}},
      {"--script", {"play", "--plain", "--size", "3x3", "--script", ""}},
  };
  for (const auto& [option, args] : commands) {
    Outcome r = run(args);
    EXPECT_EQ(r.code, 2) << args[0] << " " << option << ": " << r.err;
    EXPECT_TRUE(contains(r.err, option + " needs a")) << r.err;
    EXPECT_TRUE(contains(r.err, "not an empty one")) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
}

TEST(HostileInput, EndlessLinesStopWithAMessage) {
  std::string dir = temp_dir();
  std::string bas = write_file(dir + "/in.bas", "10 INPUT A$\n20 PRINT LEN(A$)\n");
  std::string lua = write_file(dir + "/in.lua", "local s = amazing.input_line('? ')\n");
  Io zero = from("/dev/zero");
  Outcome dialogue = run({}, zero);  // stdin not a terminal: the plain dialogue
  EXPECT_EQ(dialogue.code, 2);
  EXPECT_TRUE(contains(dialogue.err, "longer than")) << dialogue.err;
  Outcome basic = run({"basic", "--batch", bas}, zero);
  EXPECT_EQ(basic.code, 2);
  EXPECT_TRUE(contains(basic.err, "longer than")) << basic.err;
  Outcome script = run({"run", "--batch", lua}, zero);
  EXPECT_EQ(script.code, 2);
  EXPECT_TRUE(contains(script.err, "longer than")) << script.err;
  // play --plain skips a line over its 4096 keys, but not one that never ends.
  Outcome plain = run({"play", "--plain", "--size", "3x3"}, zero);
  EXPECT_EQ(plain.code, 2);
  EXPECT_TRUE(contains(plain.err, "longer than 1048576")) << plain.err;
  Outcome stats = run({"stats"}, zero);
  EXPECT_EQ(stats.code, 2);
  EXPECT_TRUE(contains(stats.err, "line 1") && contains(stats.err, "256 MiB")) << stats.err;
  fs::remove_all(dir);
}

// The cap on a stats line holds what gen writes: the largest maze of the default 48K.
TEST(HostileInput, TheLargest48KMazeReadsBackIntoStats) {
  std::string dir = temp_dir();
  Outcome gen = run({"gen", "--algorithm", "backtracker", "--size", "313x313", "--format", "json",
                     "--seed", "3"});
  ASSERT_EQ(gen.code, 0) << gen.err;
  Outcome too_big = run({"gen", "--algorithm", "backtracker", "--size", "314x314"});
  ASSERT_EQ(too_big.code, 3) << "313x313 is no longer the largest 48K maze";
  std::string json = write_file(dir + "/maze.json", gen.out);
  Outcome stats = run({"stats", json});
  EXPECT_EQ(stats.code, 0) << stats.err;
  EXPECT_TRUE(contains(stats.out, "313x313")) << stats.out;
  fs::remove_all(dir);
}

// ---- 7: terminal injection ----------------------------------------------------------

TEST(HostileInput, ControlCharactersNeverReachTheTerminalRaw) {
  std::string dir = temp_dir();
  std::string lua = write_file(dir + "/evil.lua", "error('" + kAttack + "')\n");
  Outcome script = run({"run", "--batch", lua});
  EXPECT_EQ(script.code, 70);
  EXPECT_TRUE(contains(script.err, "\\x1b[2J")) << script.err;
  expect_no_raw_controls(script);

  Outcome gen_script = run({"gen", "--size", "3x3", "--engine", "lua", "--script", lua});
  EXPECT_NE(gen_script.code, 0);
  expect_no_raw_controls(gen_script);

  // A file name in a message.
  Outcome missing = run({"run", dir + "/" + kAttack + ".lua"});
  EXPECT_EQ(missing.code, 2);
  expect_no_raw_controls(missing);
  Outcome unknown = run({kAttack});
  EXPECT_EQ(unknown.code, 2);
  expect_no_raw_controls(unknown);
  Outcome option = run({"gen", "--size", kAttack});
  EXPECT_EQ(option.code, 2);
  expect_no_raw_controls(option);

  // The JSON "algorithm" string fed to stats, in \u escapes and raw.
  Outcome gen = run({"gen", "--algorithm", "backtracker", "--size", "3x3", "--format", "json"});
  ASSERT_EQ(gen.code, 0);
  std::string line = gen.out;
  line.replace(line.find("backtracker"), 11, "\\u001b[2J\\u001b]0;pwned\\u0007");
  Outcome stats = run({"stats", write_file(dir + "/evil.json", line)});
  EXPECT_EQ(stats.code, 0) << stats.err;
  expect_no_raw_controls(stats);

  // INPUT's echo in a batch transcript, BASIC and Lua; the program still gets the bytes.
  std::string typed = write_file(dir + "/attack.txt", kAttack + "\n");
  std::string bas = write_file(dir + "/len.bas", "10 INPUT A$\n20 PRINT LEN(A$)\n");
  Outcome basic = run({"basic", "--batch", bas}, from(typed));
  EXPECT_EQ(basic.code, 0) << basic.err;
  EXPECT_TRUE(contains(basic.out, "\\x1b[2J") && contains(basic.out, " 14 ")) << basic.out;
  expect_no_raw_controls(basic);
  std::string lua_len = write_file(dir + "/len.lua", "amazing.print(#amazing.input_line('? '))\n");
  Outcome lua_input = run({"run", "--batch", lua_len}, from(typed));
  EXPECT_EQ(lua_input.code, 0) << lua_input.err;
  EXPECT_TRUE(contains(lua_input.out, " 14 ")) << lua_input.out;
  expect_no_raw_controls(lua_input);

  // The plain dialogue shows the typed line back.
  Outcome dialogue = run({}, from(write_file(dir + "/typed.txt", kAttack + "\n2,2\n")));
  EXPECT_EQ(dialogue.code, 0) << dialogue.err;
  expect_no_raw_controls(dialogue);
  fs::remove_all(dir);
}

// ---- 9: messages ----------------------------------------------------------------------

TEST(HostileInput, OutputThatCannotBeWrittenIsAnError) {
  const std::vector<std::vector<std::string>> commands = {
      {"--help"},
      {"--version"},
      {"gen", "--help"},
      {"compare", "--size", "3x3", "--engines", "native,lua"},
      {"gen", "--size", "10x10"},
      {"stats", "--help"},
  };
  for (const auto& c : commands) {
    Outcome r = run(c, to("/dev/full"));
    EXPECT_NE(r.code, 0) << c[0];
    EXPECT_TRUE(contains(r.err, "write error") || contains(r.err, "could not write")) << r.err;
  }
  std::string dir = temp_dir();
  Outcome dialogue = run({}, to("/dev/full", write_file(dir + "/typed.txt", "10,10\n")));
  EXPECT_EQ(dialogue.code, 4);
  EXPECT_TRUE(contains(dialogue.err, "write error")) << "silent exit 4: " << dialogue.err;
  fs::remove_all(dir);
}

TEST(HostileInput, ARepeatedOptionIsRefusedByName) {
  Outcome gen = run({"gen", "--size", "3x3", "--size", "4x4"});
  EXPECT_EQ(gen.code, 2);
  EXPECT_TRUE(contains(gen.err, "--size")) << gen.err;
  EXPECT_TRUE(gen.out.empty());
  Outcome seed = run({"compare", "--size", "3x3", "--seed=1", "--seed", "2"});
  EXPECT_EQ(seed.code, 2);
  EXPECT_TRUE(contains(seed.err, "--seed")) << seed.err;
}

// ---- terminals (a pseudo-terminal of our own) -------------------------------------------

// `args` on an 80x30 terminal of type `term`; `steps` are (text to wait for, keys to type).
// `out` is what the program wrote to the terminal; standard error is kept off it.
Outcome run_on_pty(const std::vector<std::string>& args, const std::string& term,
                   const std::vector<std::pair<std::string, std::string>>& steps) {
  amazing::test::PtyOptions o;
  o.rows = 30;
  o.cols = 80;
  o.env = {"TERM=" + term, "NO_COLOR=1"};
  o.steps = steps;
  return amazing::test::run_amazing_on_pty(args, o);
}

TEST(HostileTerminal, DumbTerminalIsRefusedNotDrawnOn) {
  // Keys typed at once: a program that started the screen anyway quits on them (exit 0).
  Outcome r = run_on_pty({"play", "--size", "5x5"}, "dumb", {{"", "qqq"}});
  EXPECT_EQ(r.code, 2) << r.out << r.err;
  EXPECT_TRUE(contains(r.err, "TERM=dumb") && contains(r.err, "cursor")) << r.err;
  EXPECT_FALSE(contains(r.out, "AMAZING")) << "drew on a dumb terminal:\n" << r.out;
}

TEST(HostileTerminal, DumbTerminalWithoutACommandGetsThePlainDialogue) {
  Outcome r = run_on_pty({}, "dumb", {{"LENGTH?", "2,2\r"}});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_TRUE(contains(r.err, "TERM=dumb") && contains(r.err, "plain dialogue")) << r.err;
  EXPECT_TRUE(contains(r.out, ":--:--.")) << r.out;  // the 2x2 maze's last line
  EXPECT_FALSE(contains(r.out, "\x1b")) << r.out;
}

// The prompts of run and basic fall back to standard input too, and say why: the Lua one
// shows no prompt there, so without the message the terminal would stay blank.
TEST(HostileTerminal, DumbTerminalPromptsSayWhyThereIsNoScreen) {
  Outcome lua = run_on_pty({"run"}, "dumb", {{"", "x = 6*7\rx\r\x04"}});
  EXPECT_EQ(lua.code, 0) << lua.out << lua.err;
  EXPECT_TRUE(contains(lua.err, "TERM=dumb") && contains(lua.err, "Lua prompt reads lines"))
      << lua.err;
  EXPECT_TRUE(contains(lua.out, "42")) << lua.out;
  Outcome basic = run_on_pty({"basic"}, "dumb", {{"Ok", "SYSTEM\r"}});
  EXPECT_EQ(basic.code, 0) << basic.out << basic.err;
  EXPECT_TRUE(contains(basic.err, "TERM=dumb") && contains(basic.err, "the prompt reads lines"))
      << basic.err;
}

TEST(HostileTerminal, BootScreenOutOfMemoryShowsTheMachinesMessage) {
  // 1000000,1000000 is past what DIM takes: the authentic "Overflow in 110" (as PC-BASIC says it),
  // then the machine asks again instead of stopping; 5,5 then makes a maze.
  Outcome r = run_on_pty({"play"}, "xterm",
                        {{"LENGTH?", "1000000,1000000\r"}, {"Overflow in 110", "5,5\r"},
                         {":--", "q"}});
  std::size_t overflow = r.out.find("Overflow in 110");
  ASSERT_NE(overflow, std::string::npos) << r.out << r.err;
  EXPECT_TRUE(contains(r.out.substr(overflow), ":--")) << "no maze after asking again";
  EXPECT_FALSE(contains(r.err, "traceback")) << r.err;
  EXPECT_FALSE(contains(r.err, "amazing.lua:")) << r.err;
  // 1000,1000 is past GW-BASIC's 60300 bytes: "Out of memory in 110", as PC-BASIC says it,
  // and the machine asks again.
  Outcome gw = run_on_pty({"play"}, "xterm",
                          {{"LENGTH?", "1000,1000\r"}, {"Out of memory in 110", "5,5\r"},
                           {":--", "q"}});
  EXPECT_TRUE(contains(gw.out, "Out of memory in 110")) << gw.out << gw.err;
  // 84,84: the arrays fit and Q=0 at line 160 does not; the machine asks again there too.
  Outcome late = run_on_pty({"play"}, "xterm",
                            {{"LENGTH?", "84,84\r"}, {"Out of memory in 160", "5,5\r"},
                             {":--", "q"}});
  EXPECT_TRUE(contains(late.out, "Out of memory in 160")) << late.out << late.err;
  EXPECT_TRUE(contains(late.out.substr(late.out.find("Out of memory in 160")), ":--"))
      << "no maze after asking again: " << late.err;
  // With --ram 48K the machine's own RAM bounds it: the maze store does not fit, and the
  // machine's OUT OF MEMORY message says what would.
  Outcome oom = run_on_pty({"play", "--ram", "48K"}, "xterm",
                           {{"LENGTH?", "1000,1000\r"}, {"PRESS A KEY", "x"}});
  EXPECT_EQ(oom.code, 3) << oom.err;
  EXPECT_TRUE(contains(oom.err, "amazing play: ?OUT OF MEMORY ERROR: a 1000x1000 maze")) << oom.err;
  EXPECT_FALSE(contains(oom.err, "traceback")) << oom.err;
}

// ---- 6: Ctrl-C and children ---------------------------------------------------------

class FakePcbasic : public ::testing::Test {
 protected:
  void SetUp() override {
    // Orphans (the fake pcbasic, the cleaner) come to this process, so they can be
    // waited for instead of lingering as zombies of init.
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    dir_ = temp_dir();
    fs::create_directory(dir_ + "/bin");
    // Records its pid and its folder (the temporary one), then sleeps for ever.
    write_file(dir_ + "/bin/pcbasic",
               "#!/bin/sh\necho $$ $(pwd) > " + dir_ + "/started.tmp\nmv " + dir_ +
                   "/started.tmp " + dir_ + "/started\nexec sleep 100000\n",
               true);
    listing_ = write_file(dir_ + "/loop.bas", "10 GOTO 10\n");
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Starts `amazing compare` with the fake pcbasic first on PATH; waits for it to start.
  amazing::test::Child& start_compare() {
    amazing::test::RunOptions o;
    o.env = {"PATH=" + dir_ + "/bin:" + std::getenv("PATH")};
    amazing_ = std::make_unique<amazing::test::Child>(
        std::vector<std::string>{amazing::test::amazing_binary(), "compare", "--size", "3x3",
                                 "--rom", listing_, "--engines", "pcbasic,native"},
        "", o);
    for (int polls = 0; polls < 600 && !fs::exists(dir_ + "/started"); ++polls)
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    std::ifstream started(dir_ + "/started");
    started >> child_ >> temp_;
    return *amazing_;
  }

  // The fake pcbasic died (and was reaped, by amazing or by this subreaper).
  bool child_gone() {
    for (int polls = 0; polls < 600; ++polls) {
      int status;
      waitpid(child_, &status, WNOHANG);  // reaps it if it came here
      if (kill(child_, 0) != 0 && errno == ESRCH) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return false;
  }
  bool temp_gone() {
    for (int polls = 0; polls < 600; ++polls) {
      while (waitpid(-1, nullptr, WNOHANG) > 0) {
      }
      if (!fs::exists(temp_)) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return false;
  }

  std::string dir_, listing_, temp_;
  pid_t child_ = 0;
  std::unique_ptr<amazing::test::Child> amazing_;
};

TEST_F(FakePcbasic, CtrlCStopsPcbasicAndRemovesTheTemporaryFolder) {
  amazing::test::Child& amazing = start_compare();
  ASSERT_GT(child_, 0) << "the fake pcbasic never started";
  ASSERT_TRUE(contains(temp_, "amazing-compare-")) << temp_;
  EXPECT_TRUE(fs::exists(temp_));
  amazing.signal(SIGINT);
  const Outcome r = amazing.wait();
  EXPECT_TRUE(!r.signaled && r.code == 130)
      << "status " << r.code << (r.signaled ? " (signal)" : "");
  EXPECT_TRUE(child_gone()) << "pcbasic " << child_ << " still runs";
  EXPECT_TRUE(temp_gone()) << temp_ << " is left behind";
}

TEST_F(FakePcbasic, SigtermStopsPcbasicToo) {
  amazing::test::Child& amazing = start_compare();
  ASSERT_GT(child_, 0);
  amazing.signal(SIGTERM);
  const Outcome r = amazing.wait();
  EXPECT_TRUE(!r.signaled && r.code == 128 + SIGTERM) << r.code;
  EXPECT_TRUE(child_gone());
  EXPECT_TRUE(temp_gone()) << temp_;
}

TEST_F(FakePcbasic, SigkillOfAmazingTakesPcbasicAndTheFolderWithIt) {
  amazing::test::Child& amazing = start_compare();
  ASSERT_GT(child_, 0);
  amazing.signal(SIGKILL);
  amazing.wait();
  EXPECT_TRUE(child_gone()) << "pcbasic " << child_ << " outlived amazing";
  EXPECT_TRUE(temp_gone()) << temp_ << " is left behind";
}

}  // namespace
