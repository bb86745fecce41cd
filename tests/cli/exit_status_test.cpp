// One exit status per outcome on every route (README.md, "Exit statuses"): each outcome --
// the program ended, a BASIC error, out of memory, a limit, bad usage, Ctrl-C -- through
// gen with each engine, the plain dialogue (`echo W,L | amazing`), `amazing basic FILE
// --batch` and `amazing run scripts/amazing.lua --batch`, on the pc and the c64, exits with
// the status the one table (cli/exit_status.hpp) gives it; and README.md shows that table.
#include <gtest/gtest.h>
#include <signal.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/exit_status.hpp"

namespace {

namespace fs = std::filesystem;
using amazing::cli::Ending;
using amazing::cli::exit_status;

const std::string kBin = AMAZING_BINARY;
const fs::path kSource = AMAZING_SOURCE_DIR;
const fs::path kListing = fs::path(AMAZING_SHARED_DIR) / "roms" / "amazing-book.bas";

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Ran {
  int code = -1;
  std::string err;
};

// `amazing ARGS` (shell words) with `typed` on standard input.
Ran run(const std::string& args, const std::string& typed) {
  const fs::path dir = fs::temp_directory_path() / ("amazing-exit-" + std::to_string(getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "in", std::ios::binary) << typed;
  const std::string cmd = "'" + kBin + "' " + args + " <'" + (dir / "in").string() +
                          "' >/dev/null 2>'" + (dir / "err").string() + "'";
  const int status = std::system(cmd.c_str());
  Ran r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.err = slurp(dir / "err");
  fs::remove_all(dir);
  return r;
}

struct Route {
  std::string name;
  // The command for a machine ("pc"/"c64") and the typed W,L; `extra` is added options.
  std::string args;
  bool typed;  // W,L go to standard input (the dialogue); otherwise --size WxL
};

// Every route that runs the 1978 program, on `machine`.
std::vector<Route> routes(const std::string& machine) {
  const std::string m = " --machine " + machine;
  const std::string listing = "'" + kListing.string() + "'";
  const std::string script = "'" + (kSource / "scripts" / "amazing.lua").string() + "'";
  return {
      {"gen --engine native --transcript", "gen --engine native --transcript" + m, false},
      {"gen --engine lua --transcript", "gen --engine lua --transcript" + m, false},
      {"gen --engine basic --transcript", "gen --engine basic --transcript" + m, false},
      {"the dialogue", m.substr(1), true},
      {"amazing basic FILE --batch", "basic " + listing + " --batch" + m, true},
      {"amazing run amazing.lua --batch", "run " + script + " --batch" + m, true},
  };
}

std::string command(const Route& r, const std::string& w_l, const std::string& extra,
                    std::string* typed) {
  std::string size = w_l;
  size[size.find(',')] = 'x';
  *typed = r.typed ? w_l + "\n" : "";
  return r.args + (r.typed ? "" : " --size " + size) + extra;
}

void expect_on_every_route(const std::string& machine, const std::string& w_l, Ending ending,
                           const std::string& extra = "") {
  for (const Route& r : routes(machine)) {
    std::string typed;
    const std::string args = command(r, w_l, extra, &typed);
    Ran got = run(args, typed);
    EXPECT_EQ(got.code, exit_status(ending))
        << r.name << " on the " << machine << " for " << w_l << ": amazing " << args << "\n"
        << got.err;
  }
}

class ExitStatus : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!fs::exists(kListing)) GTEST_SKIP() << kListing << " is missing (the book's listing)";
  }
};

TEST_F(ExitStatus, TheProgramEndedIsZeroEverywhere) {
  expect_on_every_route("pc", "6,5", Ending::kOk);
  expect_on_every_route("c64", "6,5", Ending::kOk);
}

TEST_F(ExitStatus, InputEndingAtThePromptIsZeroEverywhere) {
  // PC-BASIC leaves the prompt and the program stops silently when its input ends at INPUT
  // (src/basic/FACTS.md, INPUT; pcbasic itself exits 0): every route that reads W,L from
  // standard input ends as a program that ran to its END, at once or after an answer the
  // listing asks again for (1,1: MEANINGLESS DIMENSIONS).
  int checked = 0;
  for (const std::string machine : {"pc", "c64"}) {
    for (const Route& r : routes(machine)) {
      if (!r.typed) continue;  // gen takes a maze's size only
      for (const std::string typed : {"", "1,1\n"}) {
        Ran got = run(r.args, typed);
        EXPECT_EQ(got.code, exit_status(Ending::kOk))
            << r.name << " on the " << machine << " after '" << typed << "': " << got.err;
        ++checked;
      }
    }
  }
  EXPECT_EQ(checked, 2 * 3 * 2);
}

TEST_F(ExitStatus, ABasicErrorIsFiveEverywhere) {
  // 0,5: the listing stops with Subscript out of range in 195 (?BAD SUBSCRIPT on the c64).
  for (const Route& r : routes("pc")) {
    if (!r.typed) continue;  // gen takes a maze's size only
    std::string typed = "0,5\n";
    Ran got = run(r.args, typed);
    EXPECT_EQ(got.code, exit_status(Ending::kBasicError)) << r.name << ": " << got.err;
  }
  for (const Route& r : routes("c64")) {
    if (!r.typed) continue;
    Ran got = run(r.args, "0,5\n");
    EXPECT_EQ(got.code, exit_status(Ending::kBasicError)) << r.name << " (c64): " << got.err;
  }
  // gen: the walk that stops by itself (RND at 0xFFFFFF: the 7th 2x2 maze of seed -28202),
  // native and lua (basic runs the listing once).
  for (const std::string engine : {"native", "lua"}) {
    Ran got = run("gen --size 2x2 --count 40 --seed -28202 --engine " + engine, "");
    EXPECT_EQ(got.code, exit_status(Ending::kBasicError)) << engine << ": " << got.err;
  }
  // gen --engine basic: a listing that stops on a BASIC error of its own.
  const fs::path rom = fs::temp_directory_path() / ("amazing-err-" + std::to_string(getpid()) + ".bas");
  std::ofstream(rom) << "10 INPUT H,V\n20 X=W(20)\n";
  for (const std::string form : {"", " --transcript"}) {
    Ran got = run("gen --engine basic --size 5x5 --rom '" + rom.string() + "'" + form, "");
    EXPECT_EQ(got.code, exit_status(Ending::kBasicError)) << form << ": " << got.err;
  }
  fs::remove(rom);
}

TEST_F(ExitStatus, OutOfMemoryIsThreeEverywhere) {
  // The C64's 38911 bytes: ?OUT OF MEMORY  ERROR IN 110 past 59x59.
  expect_on_every_route("c64", "60,60", Ending::kOutOfMemory);
  // The pc's 48K: the nibble store (or the listing's arrays) does not fit.
  expect_on_every_route("pc", "1000,1000", Ending::kOutOfMemory);
  for (const std::string engine : {"native", "lua", "basic"}) {
    Ran got = run("gen --size 1000x1000 --engine " + engine, "");
    EXPECT_EQ(got.code, exit_status(Ending::kOutOfMemory)) << engine << ": " << got.err;
  }
}

TEST_F(ExitStatus, TheStepLimitIsSixOnEveryRouteThatHasOne) {
  for (const std::string machine : {"pc", "c64"}) {
    for (const Route& r : routes(machine)) {
      if (r.name.find("native") != std::string::npos || r.name == "the dialogue")
        continue;  // no steps to count: --max-steps is refused there
      std::string typed;
      const std::string args = command(r, "30,30", " --max-steps 1000", &typed);
      Ran got = run(args, typed);
      EXPECT_EQ(got.code, exit_status(Ending::kLimit)) << r.name << " (" << machine << "): amazing "
                                                       << args << "\n" << got.err;
    }
  }
  for (const std::string engine : {"lua", "basic"}) {
    Ran got = run("gen --size 30x30 --max-steps 1000 --engine " + engine, "");
    EXPECT_EQ(got.code, exit_status(Ending::kLimit)) << engine << ": " << got.err;
  }
}

TEST_F(ExitStatus, BadUsageIsTwoEverywhere) {
  for (const std::string machine : {"pc", "c64"})
    expect_on_every_route(machine, "6,5", Ending::kUsage, " --no-such-option");
  for (const std::string engine : {"native", "lua", "basic"}) {
    Ran got = run("gen --size 5x5 --no-such-option --engine " + engine, "");
    EXPECT_EQ(got.code, exit_status(Ending::kUsage)) << engine << ": " << got.err;
    got = run("gen --size 0x5 --engine " + engine, "");
    EXPECT_EQ(got.code, exit_status(Ending::kUsage)) << engine << ": " << got.err;
  }
}

bool catches_sigint(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("SigCgt:", 0) != 0) continue;
    return (std::stoull(line.substr(7), nullptr, 16) & (1ull << (SIGINT - 1))) != 0;
  }
  return false;
}

// Starts `amazing ARGS` (standard output to /dev/null), waits until it catches SIGINT,
// sends it, and returns how it ended with what it said on standard error.
Ran interrupt(const std::vector<std::string>& args, const std::string& typed = "") {
  int err[2], in[2];
  if (pipe(err) != 0 || pipe(in) != 0) return {};
  char buf[4096];
  pid_t pid = fork();
  if (pid == 0) {
    dup2(in[0], 0), dup2(err[1], 2);
    int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    for (int fd : {in[0], in[1], err[0], err[1]}) close(fd);
    signal(SIGINT, SIG_DFL);
    std::vector<char*> argv{const_cast<char*>(kBin.c_str())};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(kBin.c_str(), argv.data());
    _exit(127);
  }
  close(in[0]), close(err[1]);
  if (!typed.empty()) {
    [[maybe_unused]] ssize_t w = write(in[1], typed.data(), typed.size());
  }
  // Ready when the process catches SIGINT (its handler is in: /proc/PID/status SigCgt),
  // bounded so a run that never installs one fails instead of hanging.
  for (int tries = 0; tries < 20000 && !catches_sigint(pid); ++tries) usleep(1000);
  kill(pid, SIGINT);
  Ran r;
  for (ssize_t n; (n = read(err[0], buf, sizeof buf)) > 0;) r.err.append(buf, static_cast<std::size_t>(n));
  int status = 0;
  waitpid(pid, &status, 0);
  close(in[1]), close(err[0]);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status) + 1000;
  return r;
}

TEST_F(ExitStatus, CtrlCIs130WithOneLineOnTheBatchRoutes) {
  const fs::path dir = fs::temp_directory_path() / ("amazing-int-" + std::to_string(getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "loop.bas") << "10 PRINT \"READY TO LOOP\"\n20 GOTO 20\n";
  std::ofstream(dir / "loop.lua") << "print('ready to loop') while true do end\n";
  const std::vector<std::pair<std::string, Ran>> runs = {
      {"basic FILE", interrupt({"basic", (dir / "loop.bas").string(), "--batch", "--max-steps", "0"})},
      {"run FILE --batch",
       interrupt({"run", (dir / "loop.lua").string(), "--batch", "--max-steps", "0"})},
      {"the Lua prompt --batch",
       interrupt({"run", "--batch", "--max-steps", "0"}, "print('ready') while true do end\n")},
  };
  for (const auto& [name, r] : runs) {
    EXPECT_EQ(r.code, exit_status(Ending::kInterrupted)) << name << ": " << r.err;
    EXPECT_NE(r.err.find("stopped (Ctrl-C)"), std::string::npos) << name << ": " << r.err;
    // One line, after a line end that ends what the program printed.
    EXPECT_EQ(r.err.find('\n', 1), r.err.size() - 1) << name << ": " << r.err;
  }
  fs::remove_all(dir);
}

// README.md's "Exit statuses" shows the table row for row.
TEST(ExitStatusTable, TheReadmeShowsTheTable) {
  const std::string readme = slurp(kSource / "README.md");
  const auto at = readme.find("### Exit statuses");
  ASSERT_NE(at, std::string::npos);
  std::string table = readme.substr(at, readme.find("\n## ", at) - at);
  for (const auto& row : amazing::cli::kEndings) {
    const std::string line =
        "| " + std::to_string(row.status) + " | " + std::string(row.meaning) + " |\n";
    EXPECT_NE(table.find(line), std::string::npos) << "README.md lacks: " << line;
  }
}

}  // namespace
