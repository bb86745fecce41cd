// The files a command writes for the user never lose data (the issue "data is lost"):
// gen --output and play --screenshot replace the old file only when the run made its
// output, through a temporary beside it; a failed run, an exception or any fatal signal
// leaves the old file exactly as it was (bytes and mode) and no temporary; devices and
// FIFOs are written directly. compare's temporary folders do not outlive a SIGKILL of
// its whole process group, a later compare removes folders whose owner is gone, and the
// outside judge has a documented time limit. The real binary runs as a user runs it;
// every wait is a bounded count of polls, and no test asserts on time.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <memory>
#include <vector>

#include "support/files.hpp"
#include "support/run.hpp"

namespace {

namespace fs = std::filesystem;

using amazing::test::Ran;
using amazing::test::slurp;

void put(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

unsigned mode_of(const fs::path& path) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) return 0;
  return st.st_mode & 07777;
}

class OutputSafety : public ::testing::Test {
 protected:
  void SetUp() override {
    // Orphans (a fake pcbasic, compare's cleaner) come to this process to be reaped.
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    char name[] = "/tmp/amazing-output-safety-XXXXXX";
    ASSERT_NE(mkdtemp(name), nullptr);
    dir_ = name;
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  // Starts the binary with `args`; `env` entries are added (PATH=...); `own_group` puts it
  // in a process group of its own (signal() then reaches the whole group).
  std::unique_ptr<amazing::test::Child> start(const std::vector<std::string>& args,
                                              const std::vector<std::string>& env = {},
                                              bool own_group = false) {
    std::vector<std::string> argv = {amazing::test::amazing_binary()};
    argv.insert(argv.end(), args.begin(), args.end());
    amazing::test::RunOptions o;
    o.env = env;
    o.own_group = own_group;
    return std::make_unique<amazing::test::Child>(argv, "", o);
  }

  Ran run(const std::vector<std::string>& args, const std::vector<std::string>& env = {}) {
    return start(args, env)->wait();
  }

  // The temporaries gen and play leave beside `file` (there must be none after a run).
  std::vector<fs::path> temporaries_of(const fs::path& file) {
    std::vector<fs::path> found;
    const std::string prefix = "." + file.filename().string() + ".amazing-";
    for (const auto& e : fs::directory_iterator(file.parent_path()))
      if (e.path().filename().string().rfind(prefix, 0) == 0) found.push_back(e.path());
    return found;
  }

  fs::path old_file(const std::string& name, unsigned mode = 0640) {
    fs::path p = dir_ / name;
    put(p, kOld);
    chmod(p.c_str(), mode);
    return p;
  }

  void expect_untouched(const fs::path& file, unsigned mode, const std::string& what) {
    const std::string now = slurp(file);
    EXPECT_TRUE(now == kOld) << what << ": the old file was changed (" << now.size()
                             << " bytes now, " << (fs::exists(file) ? "there" : "gone") << ")";
    EXPECT_EQ(mode_of(file), mode) << what;
    EXPECT_TRUE(temporaries_of(file).empty()) << what << ": a temporary is left behind";
  }

  const std::string kOld = "the maze I kept\n";
  fs::path dir_;
};

// ---- 1: a run that fails leaves the old file ------------------------------------------

TEST_F(OutputSafety, AFailedGenLeavesTheOldOutputFileAsItWas) {
  put(dir_ / "boom.lua", "error('boom')\n");
  struct Case {
    std::vector<std::string> args;
    int code;
    const char* what;
  };
  const std::vector<Case> cases = {
      {{"gen", "--size", "5x5", "--engine", "basic", "--rom", (dir_ / "mistyped.bas").string()},
       2,
       "a mistyped --rom"},
      {{"gen", "--size", "1000x1000"}, 3, "out of memory"},
      {{"gen", "--algorithm", "backtracker", "--size", "4000x4000", "--ram", "unlimited",
        "--format", "png", "--cell", "10"},
       2,
       "a picture too large"},
      {{"gen", "--size", "5x5", "--engine", "lua", "--script", (dir_ / "boom.lua").string()},
       70,
       "a Lua error"},
      {{"gen", "--size", "5x5", "--seed", "99999"}, 2, "a bad --seed"},
  };
  for (const auto& c : cases) {
    const fs::path file = old_file("maze.txt");
    std::vector<std::string> args = c.args;
    args.insert(args.end(), {"--output", file.string()});
    Ran r = run(args);
    EXPECT_EQ(r.code, c.code) << c.what << ": " << r.err;
    expect_untouched(file, 0640, c.what);
  }
}

TEST_F(OutputSafety, ARunThatMadeItsMazeReplacesTheFileKeepingItsMode) {
  const fs::path file = old_file("maze.txt", 0604);
  Ran expected = run({"gen", "--size", "6x5", "--seed", "3"});
  ASSERT_EQ(expected.code, 0) << expected.err;
  Ran r = run({"gen", "--size", "6x5", "--seed", "3", "--output", file.string()});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(slurp(file), expected.out);
  EXPECT_EQ(mode_of(file), 0604u);
  EXPECT_TRUE(temporaries_of(file).empty());

  // A new file: 0666 less the umask, as any program makes it.
  const mode_t before = umask(027);
  Ran fresh = run({"gen", "--size", "6x5", "--seed", "3", "--output", (dir_ / "new.txt").string()});
  umask(before);
  EXPECT_EQ(fresh.code, 0) << fresh.err;
  EXPECT_EQ(mode_of(dir_ / "new.txt"), 0640u);

  // A symbolic link stays one, pointing at the new bytes.
  const fs::path target = old_file("target.txt", 0600);
  fs::create_symlink("target.txt", dir_ / "link.txt");
  Ran linked =
      run({"gen", "--size", "6x5", "--seed", "3", "--output", (dir_ / "link.txt").string()});
  EXPECT_EQ(linked.code, 0) << linked.err;
  EXPECT_TRUE(fs::is_symlink(dir_ / "link.txt"));
  EXPECT_EQ(slurp(target), expected.out);
  EXPECT_EQ(mode_of(target), 0600u);
}

TEST_F(OutputSafety, TheListingsOwnStopKeepsWhatItPrinted) {
  // Seed -28202: the 7th 2x2 maze stops the 1978 program at line 195 (exit 5); the six
  // mazes before it and the seventh's top border are what it made, and they are kept.
  const std::vector<std::string> args = {"gen", "--size", "2x2",   "--count",
                                         "40",  "--seed", "-28202"};
  Ran expected = run(args);
  ASSERT_EQ(expected.code, 5) << expected.err;
  const fs::path file = old_file("mazes.txt");
  std::vector<std::string> with_output = args;
  with_output.insert(with_output.end(), {"--output", file.string()});
  Ran r = run(with_output);
  EXPECT_EQ(r.code, 5) << r.err;
  EXPECT_EQ(slurp(file), expected.out);
  EXPECT_EQ(mode_of(file), 0640u);
  EXPECT_TRUE(temporaries_of(file).empty());
}

TEST_F(OutputSafety, EveryFatalSignalLeavesTheOldOutputFile) {
  const int signals[] = {SIGINT,  SIGTERM, SIGHUP,  SIGQUIT, SIGPIPE,
                         SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU, SIGXFSZ};
  for (int sig : signals) {
    const fs::path file = old_file("mazes.json");
    auto child = start({"gen", "--algorithm", "backtracker", "--size", "100x100", "--count",
                        "1000000", "--format", "json", "--output", file.string()});
    // Until the run has written something (to its temporary, or -- before the fix -- to
    // the file itself).
    for (int polls = 0; polls < 2000; ++polls) {
      bool written = slurp(file) != kOld;
      for (const auto& t : temporaries_of(file)) written = written || fs::file_size(t) > 0;
      if (written) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    child->signal(sig);
    Ran r = child->wait();
    EXPECT_FALSE(r.signaled) << strsignal(sig) << ": died by the signal";
    EXPECT_EQ(r.code, 128 + sig) << strsignal(sig);
    EXPECT_TRUE(contains(r.err, "left as it was")) << strsignal(sig) << ": " << r.err;
    expect_untouched(file, 0640, strsignal(sig));
  }
}

TEST_F(OutputSafety, DevicesAndFifosAreWrittenDirectly) {
  Ran null = run({"gen", "--size", "5x5", "--output", "/dev/null"});
  EXPECT_EQ(null.code, 0) << null.err;
  EXPECT_TRUE(fs::is_character_file("/dev/null"));
  EXPECT_TRUE(temporaries_of("/dev/null").empty());

  // /dev/stdout on a pipe is the pipe (a link to no file): written directly too.
  std::string piped;
  {
    const Ran p = run({"gen", "--size", "5x5", "--seed", "1", "--output", "/dev/stdout"});
    piped = p.out;
    EXPECT_EQ(p.code, 0) << piped;
  }

  const fs::path fifo = dir_ / "pipe";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  std::string got;
  std::thread reader([&] { got = slurp(fifo); });
  Ran r = run({"gen", "--size", "5x5", "--seed", "1", "--output", fifo.string()});
  reader.join();
  Ran expected = run({"gen", "--size", "5x5", "--seed", "1"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(got, expected.out);
  EXPECT_EQ(piped, expected.out);
  EXPECT_TRUE(fs::is_fifo(fifo));
  EXPECT_TRUE(temporaries_of(fifo).empty());
}

// ---- play --screenshot ------------------------------------------------------------------

TEST_F(OutputSafety, ScreenshotReplacesOnlyAWholePicture) {
  const fs::path file = old_file("play.png", 0644);
  Ran oom = run({"play", "--size", "1000x1000", "--screenshot", file.string()});
  EXPECT_EQ(oom.code, 3) << oom.err;
  expect_untouched(file, 0644, "play out of memory");

  Ran ok = run({"play", "--size", "5x5", "--seed", "2", "--screenshot", file.string()});
  EXPECT_EQ(ok.code, 0) << ok.err;
  EXPECT_EQ(slurp(file).substr(0, 8), "\x89PNG\r\n\x1a\n");
  EXPECT_EQ(mode_of(file), 0644u);
  EXPECT_TRUE(temporaries_of(file).empty());
}

// ---- 2: a folder is bad usage for both ----------------------------------------------------

TEST_F(OutputSafety, AFolderIsBadUsageForOutputAndScreenshotAlike) {
  Ran gen = run({"gen", "--size", "5x5", "--output", dir_.string()});
  EXPECT_EQ(gen.code, 2) << gen.err;
  EXPECT_TRUE(contains(gen.err, "--output: '" + dir_.string() + "' is a folder; give a file name"))
      << gen.err;
  Ran play = run({"play", "--size", "5x5", "--screenshot", dir_.string()});
  EXPECT_EQ(play.code, 2) << play.err;
  EXPECT_TRUE(
      contains(play.err, "--screenshot: '" + dir_.string() + "' is a folder; give a file name"))
      << play.err;
  EXPECT_TRUE(gen.out.empty() && play.out.empty());
}

// ---- 3 and 4: compare's judge ---------------------------------------------------------

class FakeJudge : public OutputSafety {
 protected:
  void SetUp() override {
    OutputSafety::SetUp();
    fs::create_directory(dir_ / "bin");
    // Writes its pid and its folder (compare's temporary one), then sleeps for ever.
    const fs::path script = dir_ / "bin" / "pcbasic";
    put(script, "#!/bin/sh\necho $$ $(pwd) > " + (dir_ / "started.tmp").string() + "\nmv " +
                    (dir_ / "started.tmp").string() + " " + (dir_ / "started").string() +
                    "\nexec sleep 100000\n");
    chmod(script.c_str(), 0755);
    put(dir_ / "loop.bas", "10 GOTO 10\n");
    path_ = "PATH=" + (dir_ / "bin").string() + ":" + std::getenv("PATH");
  }

  std::vector<std::string> compare_args(const std::vector<std::string>& more = {}) {
    std::vector<std::string> a = {
        "compare",   "--size",        "3x3", "--rom", (dir_ / "loop.bas").string(),
        "--engines", "pcbasic,native"};
    a.insert(a.end(), more.begin(), more.end());
    return a;
  }

  // Waits for the fake pcbasic to start; its pid and folder.
  bool wait_started() {
    for (int polls = 0; polls < 600 && !fs::exists(dir_ / "started"); ++polls)
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    std::ifstream started(dir_ / "started");
    return static_cast<bool>(started >> judge_ >> folder_);
  }

  bool gone(const fs::path& p) {
    for (int polls = 0; polls < 300; ++polls) {
      while (waitpid(-1, nullptr, WNOHANG) > 0) {
      }
      if (!fs::exists(p)) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return false;
  }
  bool judge_gone() {
    for (int polls = 0; polls < 300; ++polls) {
      while (waitpid(-1, nullptr, WNOHANG) > 0) {
      }
      if (kill(judge_, 0) != 0 && errno == ESRCH) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return false;
  }

  std::string path_;
  pid_t judge_ = 0;
  std::string folder_;
};

TEST_F(FakeJudge, SigkillOfTheWholeProcessGroupLeavesNoFolder) {
  auto child = start(compare_args(), {path_}, /*own_group=*/true);
  ASSERT_TRUE(wait_started()) << "the fake pcbasic never started";
  ASSERT_TRUE(contains(folder_, "/tmp/amazing-compare-" + std::to_string(child->pid()) + "-"))
      << folder_;
  child->signal(SIGKILL);  // amazing and everything in its group at once
  Ran r = child->wait();
  EXPECT_TRUE(r.signaled);
  EXPECT_TRUE(judge_gone()) << "pcbasic " << judge_ << " outlived amazing";
  EXPECT_TRUE(gone(folder_)) << folder_ << " is left behind";
}

TEST_F(FakeJudge, TheJudgeIsStoppedAtTheTimeoutWithAMessage) {
  Ran r = run(compare_args({"--timeout", "1"}), {path_});
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_TRUE(contains(r.err, "pcbasic was still running after 1 second and was stopped")) << r.err;
  EXPECT_TRUE(contains(r.err, "--timeout")) << r.err;
  ASSERT_TRUE(wait_started());
  EXPECT_TRUE(judge_gone()) << "pcbasic " << judge_ << " outlived its time";
  EXPECT_TRUE(gone(folder_)) << folder_;

  Ran bad = run({"compare", "--size", "3x3", "--timeout", "soon"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_TRUE(contains(bad.err, "--timeout takes whole seconds")) << bad.err;
}

TEST_F(OutputSafety, CompareHelpStatesTheJudgesTimeLimit) {
  Ran help = run({"compare", "--help"});
  EXPECT_EQ(help.code, 0);
  EXPECT_TRUE(contains(help.out, "--timeout SECONDS")) << help.out;
  EXPECT_TRUE(contains(help.out, "default 60 seconds")) << help.out;
}

TEST_F(OutputSafety, ANewCompareRemovesTheFoldersOfRunsThatAreGone) {
  // A pid that is gone: a child that has ended and been waited for.
  pid_t dead = fork();
  if (dead == 0) _exit(0);
  waitpid(dead, nullptr, 0);
  const auto an_hour_ago = fs::file_time_type::clock::now() - std::chrono::hours(1);
  auto make = [&](const std::string& name, bool old) {
    fs::path f = fs::path("/tmp") / name;
    fs::create_directory(f);
    put(f / "lock", "");
    put(f / "OUT.TXT", "left behind");
    if (old) fs::last_write_time(f / "lock", an_hour_ago), fs::last_write_time(f, an_hour_ago);
    return f;
  };
  const std::string mine = std::to_string(getpid());
  const fs::path stale = make("amazing-compare-" + std::to_string(dead) + "-qZ3xY1", true);
  // Its pid alive but another process now (the lock is free): stale too.
  const fs::path reused = make("amazing-compare-" + mine + "-aB4cD5", true);
  // A live owner holds its lock: it stays, however old.
  const fs::path live = make("amazing-compare-" + mine + "-eF6gH7", true);
  int lock = open((live / "lock").c_str(), O_RDONLY);
  ASSERT_EQ(flock(lock, LOCK_EX), 0);
  // Just made (its owner takes the lock a moment later): it stays.
  const fs::path young = make("amazing-compare-" + std::to_string(dead) + "-iJ8kL9", false);
  // Not named as compare names its folders: never touched.
  const fs::path other = make("amazing-compare-notmine", true);

  Ran r = run({"compare", "--size", "3x3", "--engines", "native,lua"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_FALSE(fs::exists(stale)) << stale << " of a run that is gone is still there";
  EXPECT_FALSE(fs::exists(reused)) << reused;
  EXPECT_TRUE(fs::exists(live)) << "the folder of a live run was removed";
  EXPECT_TRUE(fs::exists(young));
  EXPECT_TRUE(fs::exists(other));
  close(lock);
  for (const auto& f : {stale, reused, live, young, other}) fs::remove_all(f);
}

}  // namespace
