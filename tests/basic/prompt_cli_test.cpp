// `amazing basic` without FILE: the machine at its prompt, run as a user runs it, with a
// recorded session of ../shared/prompt on standard input (skipped without the recordings,
// a failure with AMAZING_REQUIRE_ORACLE=1).

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "prompt_helpers.hpp"

namespace {

namespace fs = std::filesystem;
using amazing::basic::prompt_testing::comparable;
using amazing::basic::prompt_testing::read_bytes;

fs::path prompt_dir() {
  return fs::path(AMAZING_SHARED_DIR) / "prompt";
}

bool required() {
  const char* v = std::getenv("AMAZING_REQUIRE_ORACLE");
  return v != nullptr && std::string_view(v) == "1";
}

fs::path temp_path(const std::string& name) {
  return fs::temp_directory_path() /
         ("amazing_prompt_cli_" + std::to_string(getpid()) + "_" + name);
}


struct Ran {
  std::string out;
  int code = -1;
};

// Runs the binary with `args`, standard input from `input_file` (or empty), standard
// error kept apart.
Ran run(const std::string& args, const fs::path& input_file = {}) {
  fs::path empty = temp_path("empty");
  if (input_file.empty()) std::ofstream(empty).flush();
  std::string cmd = std::string(AMAZING_BINARY) + " " + args + " < " +
                    (input_file.empty() ? empty : input_file).string() + " 2>/dev/null";
  Ran r;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  char buf[4096];
  std::size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  int status = pclose(p);
  fs::remove(empty);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}


TEST(PromptCli, RecordedSessionsThroughTheBinary) {
  if (!fs::is_directory(prompt_dir())) {
    if (required()) FAIL() << "AMAZING_REQUIRE_ORACLE=1 but " << prompt_dir() << " is missing";
    GTEST_SKIP() << "no prompt recordings at " << prompt_dir();
  }
  fs::path disk = temp_path("disk");
  for (auto [machine, name] : {std::pair{"pc", "p09"}, std::pair{"c64", "c03"}}) {
    fs::path dir = prompt_dir() / machine;
    Ran r = run(std::string("basic --machine ") + machine + " --disk " + disk.string(),
                dir / (std::string(name) + ".txt"));
    const bool c64 = std::string_view(machine) == "c64";
    EXPECT_EQ(r.code, 0) << machine << "/" << name;
    EXPECT_EQ(comparable(r.out, c64),
              comparable(read_bytes(dir / (std::string(name) + ".out")), c64))
        << machine << "/" << name;
  }
  // The pc's banner: the whole output starts with Ok and its 0xFF, as PC-BASIC's does.
  Ran pc = run("basic --batch --disk " + disk.string());
  EXPECT_EQ(pc.out, "Ok\xFF\n");
  Ran c64 = run("basic --machine c64 --disk " + disk.string());
  EXPECT_EQ(c64.out,
            "\x1b[2J\x1b[;H\n    **** COMMODORE 64 BASIC V2 ****\n\n 64K RAM SYSTEM  38911 BASIC "
            "BYTES FREE\n\nREADY.\n");
  fs::remove_all(disk);
}

TEST(PromptCli, HelpShowsThePromptAndDiskIsOnlyForThePrompt) {
  Ran help = run("basic --help");
  EXPECT_EQ(help.code, 0);
  EXPECT_NE(help.out.find("amazing basic [FILE.bas]"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("--disk"), std::string::npos);
  EXPECT_NE(help.out.find("| amazing basic"), std::string::npos);
  fs::path file = temp_path("one.bas");
  std::ofstream(file) << "10 PRINT 1\n";
  EXPECT_EQ(run("basic " + file.string() + " --disk /tmp").code, 2);
  EXPECT_EQ(run("basic --seed 3").code, 2);
  fs::remove(file);
}

}  // namespace
