#include "cli/engines/outside_judge.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <csignal>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <vector>

#include "basic/listing.hpp"
#include "cli/job.hpp"
#include "machine/user_file.hpp"

namespace amazing::cli {
namespace {

// PC-BASIC's transcript read back: far more than the largest maze it can print.
constexpr std::size_t kMaxPcbasicOutput = std::size_t{256} << 20;

// The judge's temporary folders: /tmp/amazing-compare-PID-XXXXXX, each with a file
// "lock" that the compare that made it holds an flock on while it runs (the lock goes with
// the process, however it ends).
constexpr const char* kFolderPrefix = "amazing-compare-";
constexpr const char* kLockName = "lock";
constexpr std::time_t kYoungSeconds = 10;  // the moment between mkdtemp and flock

}  // namespace

// Removes the folders of compare runs that are gone but could not clean up: their cleaner
// was killed with them (a kill of the whole session or cgroup, the OOM killer). A folder
// goes only when it is this user's, is named as compare names them, is older than a few
// seconds (a run that just made it holds its lock a moment later), and its lock can be
// taken (a live owner holds it, whatever process namespace it is in) or, without a lock
// file, its process is gone.
void reap_stale_folders(const std::string& root) {
  DIR* d = opendir(root.c_str());
  if (!d) return;
  const std::time_t now = std::time(nullptr);
  std::vector<std::string> stale;
  while (dirent* e = readdir(d)) {
    const std::string name = e->d_name;
    if (name.rfind(kFolderPrefix, 0) != 0) continue;
    // PID-XXXXXX: digits, a dash, mkdtemp's six characters.
    const std::string rest = name.substr(std::string(kFolderPrefix).size());
    const auto dash = rest.find('-');
    long pid = 0;
    auto [stop, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), pid);
    if (ec != std::errc() || dash == std::string::npos || stop != rest.data() + dash ||
        rest.size() != dash + 7 || pid <= 0)
      continue;
    const std::string dir = root + "/" + name;
    struct stat st {};
    if (lstat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != geteuid()) continue;
    const std::string lock_path = dir + "/" + kLockName;
    int lock = open(lock_path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
    bool gone = false;
    if (lock >= 0) {
      struct stat ls {};
      gone = fstat(lock, &ls) == 0 && S_ISREG(ls.st_mode) && now - ls.st_mtime > kYoungSeconds &&
             flock(lock, LOCK_EX | LOCK_NB) == 0;
      close(lock);
    } else if (errno == ENOENT) {
      gone = now - st.st_mtime > kYoungSeconds && kill(static_cast<pid_t>(pid), 0) != 0 &&
             errno == ESRCH;
    }
    if (gone) stale.push_back(dir);
  }
  closedir(d);
  for (const auto& dir : stale) {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
}

bool have_program(const char* name) {
  const char* path = std::getenv("PATH");
  if (!path) return false;
  std::stringstream dirs(path);
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    if (dir.empty()) continue;
    if (access((std::filesystem::path(dir) / name).c_str(), X_OK) == 0) return true;
  }
  return false;
}

namespace {

// The pcbasic child while it runs, for the signal handler: its process group (its pid;
// 0 when none runs) and the signal that ended the wait.
volatile sig_atomic_t g_child_group = 0;
volatile sig_atomic_t g_signal = 0;
constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGALRM};

// Ctrl-C, kill, a hung-up terminal, or the time limit: PC-BASIC's whole process group
// goes (it runs in its own group, so the terminal's Ctrl-C does not reach it by itself).
void on_stop_signal(int sig) {
  g_signal = sig;
  if (g_child_group > 0) kill(-static_cast<pid_t>(g_child_group), SIGKILL);
}

// Removes `dir` when the parent is gone however it ended, SIGKILL included: a process of
// its own waits for the end of a pipe whose write end only the parent holds. It runs in a
// session of its own, so a kill of amazing's whole process group (kill -9 -PGID, a shell
// job killed) or its terminal's hang-up does not reach it. Returns the write end (closing
// it lets the cleaner go) and the cleaner's pid; {-1, -1} if it could not start (then only
// the parent cleans up, and reap_stale_folders after a SIGKILL). `lock` is the parent's
// lock on the folder, which the cleaner does not keep.
std::pair<int, pid_t> start_cleaner(const std::filesystem::path& dir, int lock) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return {-1, -1};
  std::fflush(nullptr);
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]), close(fds[1]);
    return {-1, -1};
  }
  if (pid == 0) {
    close(fds[1]);
    if (lock >= 0) close(lock);
    setsid();
    // The terminal's Ctrl-C reaches the whole foreground group; this one stays to clean.
    for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE}) std::signal(sig, SIG_IGN);
    // Not holding amazing's output open: a reader of its pipe sees the end with amazing.
    int null = open("/dev/null", O_RDWR);
    if (null >= 0) dup2(null, 0), dup2(null, 1), dup2(null, 2);
    char c;
    while (read(fds[0], &c, 1) < 0 && errno == EINTR) {
    }
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    _exit(0);
  }
  close(fds[0]);
  return {fds[1], pid};
}

// PC-BASIC on the same listing: the seed as a line 0 (S%=N:RANDOMIZE S%), the answer
// typed with a CR line end (PC-BASIC's INPUT needs it), stdout read with CRLF -> LF.
// On the c64 machine the judge is cbmbasic (the C64's ROM recompiled): the seed as the
// line 5 X=RND(-(N)) (as the recordings in shared/c64 were made), `cbmbasic PROG.BAS`.
// The judge runs in its own process group and dies with this process (PR_SET_PDEATHSIG);
// SIGINT/SIGTERM/SIGHUP kill it, remove the temporary folder and set g_signal.
}  // namespace

Result<std::string> outside_transcript(const TranscriptRequest& request) {
  const Job& job = request.job;
  const bool c64 = job.machine == MachineKind::kC64;
  const unsigned judge_seconds = request.judge_seconds;
  Result<basic::Listing> listing =
      job.rom.empty() ? basic::find_listing(job.variant) : basic::load_listing(job.rom);
  if (!listing) return listing.error();
  std::string dir_template =
      "/tmp/" + std::string(kFolderPrefix) + std::to_string(getpid()) + "-XXXXXX";
  char* dir = mkdtemp(dir_template.data());
  const std::string judge = c64 ? "cbmbasic" : "pcbasic";
  if (!dir) return Error{"could not make a temporary folder for " + judge};
  std::filesystem::path tmp(dir);
  // Held while this process lives: the folder is in use (reap_stale_folders).
  int lock = open((tmp / kLockName).c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (lock >= 0 && flock(lock, LOCK_EX) != 0) close(lock), lock = -1;
  auto [cleaner_pipe, cleaner] = start_cleaner(tmp, lock);
  auto clean_up = [&, cleaner_pipe = cleaner_pipe, cleaner = cleaner] {
    std::error_code ec;
    std::filesystem::remove_all(tmp, ec);
    if (lock >= 0) close(lock);
    if (cleaner_pipe >= 0) close(cleaner_pipe);
    if (cleaner > 0) waitpid(cleaner, nullptr, 0);
  };
  {
    std::ofstream prog(tmp / "PROG.BAS", std::ios::binary);
    if (job.seed && c64)
      prog << "5 X=RND(-(" << *job.seed << "))\n";
    else if (job.seed)
      prog << "0 S%=" << *job.seed << ":RANDOMIZE S%\n";
    prog << listing->text;
    std::ofstream in(tmp / "INPUT.TXT", std::ios::binary);
    for (const auto& line : request.typed) in << line << (c64 ? "\n" : "\r\n");
    if (!prog || !in) {
      clean_up();
      return Error{"could not write " + judge + "'s input to " + tmp.string()};
    }
  }
  // The handlers first, so no signal falls between the fork and the wait.
  struct sigaction sa {}, previous[std::size(kStopSignals)];
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  g_signal = 0;
  for (std::size_t k = 0; k < std::size(kStopSignals); ++k)
    sigaction(kStopSignals[k], &sa, &previous[k]);
  std::fflush(nullptr);
  const pid_t parent = getpid();
  pid_t child = fork();
  if (child == 0) {
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(127);  // the parent died before prctl
    for (int sig : kStopSignals) std::signal(sig, SIG_DFL);
    std::signal(SIGQUIT, SIG_DFL);
    if (chdir(tmp.c_str()) != 0) _exit(127);
    int in = open("INPUT.TXT", O_RDONLY);
    int out = open("OUT.TXT", O_WRONLY | O_CREAT | O_TRUNC, 0600);
    int err = open("ERR.TXT", O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (in < 0 || out < 0 || err < 0) _exit(127);
    dup2(in, 0), dup2(out, 1), dup2(err, 2);
    // The judge's own temporary files go in the folder removed after it (PC-BASIC killed
    // at --timeout would otherwise leave /tmp/pcbasic-* behind).
    setenv("TMPDIR", tmp.c_str(), 1);
    if (c64)
      execlp("cbmbasic", "cbmbasic", "PROG.BAS", static_cast<char*>(nullptr));
    else
      execlp("pcbasic", "pcbasic", "PROG.BAS", "-n", "-q", static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  if (child > 0) {
    setpgid(child, child);  // also here: the group exists before anyone signals it
    g_child_group = child;
    if (g_signal) kill(-child, SIGKILL);  // a signal came before the group was known
    alarm(judge_seconds);
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    alarm(0);
    g_child_group = 0;
  }
  for (std::size_t k = 0; k < std::size(kStopSignals); ++k)
    sigaction(kStopSignals[k], &previous[k], nullptr);
  if (child < 0) {
    clean_up();
    return Error{"could not start " + judge + " (fork failed)"};
  }
  std::string raw;
  if (!g_signal) {
    auto out = machine::read_user_file((tmp / "OUT.TXT").string(), kMaxPcbasicOutput,
                                       judge + "'s output");
    if (out) raw = std::move(out).value();
  }
  clean_up();
  if (g_signal == SIGALRM)
    return Error{judge + " was still running after " + std::to_string(judge_seconds) +
                 (judge_seconds == 1 ? " second" : " seconds") +
                 " and was stopped (a listing that loops never ends); give --timeout "
                 "SECONDS for a longer run, or --timeout 0 for no limit"};
  if (g_signal) return Error{"interrupted"};
  bool failed = !WIFEXITED(status) || WEXITSTATUS(status) != 0;
  if (failed && raw.empty()) {
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
      return Error{judge + " could not be started (exit status 127)"};
    return Error{judge + " failed (" +
                 (WIFEXITED(status) ? "exit status " + std::to_string(WEXITSTATUS(status))
                                    : "killed by signal " + std::to_string(WTERMSIG(status))) +
                 ")"};
  }
  std::string text;
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '\r' && i + 1 < raw.size() && raw[i + 1] == '\n') continue;
    text += raw[i];
  }
  return text;
}


std::string refuse_outside(const Job& job) {
  if (auto o = first_given(job, {"--script", "--scripts", "--lua-mem", "--max-steps", "--braid",
                                 "--difficulty"});
      !o.empty())
    return o + " is not for " + std::string(engine_info(job.engine).name) +
           ", which runs the listing itself";
  return "";
}

int judge_signal() {
  return g_signal == SIGALRM ? 0 : static_cast<int>(g_signal);
}

}  // namespace amazing::cli
