#include "support/run.hpp"

#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <optional>
#include <cstdlib>
#include <stdexcept>
#include <thread>

#include "support/files.hpp"

#ifndef AMAZING_BINARY
#error "the support library is built with AMAZING_BINARY, the binary's path"
#endif

namespace amazing::test {

namespace {

using namespace std::chrono_literals;

// In the child: default signal actions (a test runner may ignore SIGPIPE), the
// environment's additions, then the program; 127 when it cannot be run.
[[noreturn]] void exec_program(const std::vector<std::string>& argv,
                               const std::vector<std::string>& env) {
  for (int sig = 1; sig < NSIG; ++sig) ::signal(sig, SIG_DFL);
  for (const auto& e : env) {
    const auto eq = e.find('=');
    if (eq != std::string::npos) setenv(e.substr(0, eq).c_str(), e.substr(eq + 1).c_str(), 1);
  }
  std::vector<char*> raw;
  for (const auto& a : argv) raw.push_back(const_cast<char*>(a.c_str()));
  raw.push_back(nullptr);
  execv(raw[0], raw.data());
  _exit(127);
}

// Opens `path` onto `fd` in the child (126 when it cannot).
void redirect(const std::string& path, int flags, int fd) {
  const int opened = open(path.c_str(), flags, 0600);
  if (opened < 0) _exit(126);
  dup2(opened, fd);
  close(opened);
}

int status_code(int status) {
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// Waits for `pid` at most `limit` (a pidfd's poll, else polls of waitpid); SIGKILL after.
int wait_bounded(pid_t pid, std::chrono::milliseconds limit, bool* timed_out) {
  int status = 0;
  const int pidfd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
  if (pidfd >= 0) {
    pollfd p{pidfd, POLLIN, 0};
    int ready;
    while ((ready = poll(&p, 1, static_cast<int>(limit.count()))) < 0 && errno == EINTR) {
    }
    close(pidfd);
    if (ready == 0) *timed_out = true;
  } else {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (waitpid(pid, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > end) {
        *timed_out = true;
        break;
      }
      std::this_thread::sleep_for(5ms);
    }
    if (!*timed_out) return status;
  }
  if (*timed_out) kill(pid, SIGKILL);
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

}  // namespace

const std::string& amazing_binary() {
  static const std::string path = [] {
    const char* env = std::getenv("AMAZING_BINARY");
    return std::string(env && *env ? env : AMAZING_BINARY);
  }();
  return path;
}

// The pipes and the thread that reads them into `out` and `err`.
struct Child::Io {
  std::optional<TempDir> dir;  // the input text, as a file (only when there is one)
  int out_pipe[2] = {-1, -1}, err_pipe[2] = {-1, -1};
  std::string out, err;
  std::atomic<bool> ended{false};
  std::thread reader;

  void read_all() {
    pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
    std::string* into[2] = {&out, &err};
    int open_fds = (fds[0].fd >= 0) + (fds[1].fd >= 0);
    std::optional<std::chrono::steady_clock::time_point> give_up;
    char buf[65536];
    while (open_fds > 0) {
      if (ended && !give_up) give_up = std::chrono::steady_clock::now() + 2s;
      if (give_up && std::chrono::steady_clock::now() > *give_up) break;
      const int ready = poll(fds, 2, 100);
      if (ready < 0 && errno != EINTR) break;
      for (int k = 0; k < 2 && ready > 0; ++k) {
        if (fds[k].fd < 0 || !(fds[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        const ssize_t n = read(fds[k].fd, buf, sizeof buf);
        if (n > 0) {
          into[k]->append(buf, static_cast<std::size_t>(n));
        } else if (n == 0 || errno != EINTR) {
          fds[k].fd = -1;
          --open_fds;
        }
      }
    }
  }
  ~Io() {
    if (reader.joinable()) {
      ended = true;
      reader.join();
    }
    for (int fd : {out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]})
      if (fd >= 0) close(fd);
  }
};

Child::Child(const std::vector<std::string>& argv, const std::string& input,
             const RunOptions& options)
    : io_(std::make_unique<Io>()), options_(options) {
  if (argv.empty()) throw std::invalid_argument("Child: no program to run");
  std::string in = options.input_path.empty() ? "/dev/null" : options.input_path;
  if (options.input_path.empty() && !input.empty()) {
    io_->dir.emplace("amazing-run");
    in = write_file(*io_->dir / "in", input);
  }
  const bool capture_out = options.output_path.empty();
  if ((capture_out && pipe2(io_->out_pipe, O_CLOEXEC) != 0) ||
      (!options.merge_stderr && pipe2(io_->err_pipe, O_CLOEXEC) != 0))
    throw std::runtime_error("Child: no pipe");
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("Child: fork failed");
  if (pid_ == 0) {
    if (options.own_group) setpgid(0, 0);
    if (!options.cwd.empty() && chdir(options.cwd.c_str()) != 0) _exit(126);
    redirect(in, O_RDONLY, 0);
    if (capture_out)
      dup2(io_->out_pipe[1], 1);
    else
      redirect(options.output_path, O_WRONLY, 1);
    if (options.merge_stderr)
      dup2(1, 2);
    else
      dup2(io_->err_pipe[1], 2);
    exec_program(argv, options.env);
  }
  if (options.own_group) setpgid(pid_, pid_);  // either side may run first
  for (int* end : {&io_->out_pipe[1], &io_->err_pipe[1]}) {
    if (*end >= 0) close(*end);
    *end = -1;
  }
  io_->reader = std::thread([io = io_.get()] { io->read_all(); });
}

Child::~Child() {
  if (pid_ > 0 && !reaped_) {
    kill(options_.own_group ? -pid_ : pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
}

void Child::signal(int sig) const {
  if (pid_ > 0 && !reaped_) kill(options_.own_group ? -pid_ : pid_, sig);
}

Ran Child::wait() {
  Ran r;
  if (reaped_) return r;
  const int status = wait_bounded(pid_, options_.limit, &r.timed_out);
  reaped_ = true;
  r.signaled = WIFSIGNALED(status);
  r.code = status_code(status);
  io_->ended = true;
  if (io_->reader.joinable()) io_->reader.join();
  r.out = std::move(io_->out);
  r.err = std::move(io_->err);
  return r;
}

Ran run_program(const std::vector<std::string>& argv, const std::string& input,
                const RunOptions& options) {
  return Child(argv, input, options).wait();
}

std::string find_in_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  const std::string dirs = path ? path : "/usr/bin:/bin";
  std::size_t start = 0;
  while (start <= dirs.size()) {
    std::size_t colon = dirs.find(':', start);
    if (colon == std::string::npos) colon = dirs.size();
    const std::string dir = colon > start ? dirs.substr(start, colon - start) : ".";
    const std::string candidate = dir + "/" + name;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
    start = colon + 1;
  }
  return "";
}

std::vector<std::string> words(const std::string& literal) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= literal.size()) {
    std::size_t space = literal.find(' ', start);
    if (space == std::string::npos) space = literal.size();
    if (space > start) out.push_back(literal.substr(start, space - start));
    start = space + 1;
  }
  return out;
}

Ran run_amazing(const std::vector<std::string>& args, const std::string& input,
                const RunOptions& options) {
  std::vector<std::string> argv = {amazing_binary()};
  argv.insert(argv.end(), args.begin(), args.end());
  return run_program(argv, input, options);
}

namespace {

// Reads the terminal into `screen` until `text` shows (true), or the program ends or a
// minute of polls passes; with an empty `text`, until the program ends.
bool read_until(int master, std::string& screen, const std::string& text) {
  char buf[4096];
  for (int polls = 0; polls < 600; ++polls) {
    if (!text.empty() && screen.find(text) != std::string::npos) return true;
    pollfd p{master, POLLIN, 0};
    const int ready = poll(&p, 1, 100);
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;
    const ssize_t n = read(master, buf, sizeof buf);
    if (n <= 0) return text.empty() || screen.find(text) != std::string::npos;
    screen.append(buf, static_cast<std::size_t>(n));
  }
  return false;
}

}  // namespace

Ran run_amazing_on_pty(const std::vector<std::string>& args, const PtyOptions& options) {
  Ran r;
  TempDir dir("amazing-pty");
  const std::string err = (dir / "err").string();
  std::vector<std::string> argv = {amazing_binary()};
  argv.insert(argv.end(), args.begin(), args.end());
  winsize ws{};
  ws.ws_row = static_cast<unsigned short>(options.rows);
  ws.ws_col = static_cast<unsigned short>(options.cols);
  int master = -1;
  const pid_t pid = forkpty(&master, nullptr, nullptr, &ws);
  if (pid < 0) return r;
  if (pid == 0) {
    redirect(err, O_WRONLY | O_CREAT | O_TRUNC, 2);
    if (options.stdin_null) redirect("/dev/null", O_RDONLY, 0);
    exec_program(argv, options.env);
  }
  for (const auto& [wait_for, keys] : options.steps) {
    if (!wait_for.empty() && !read_until(master, r.out, wait_for)) break;
    if (write(master, keys.data(), keys.size()) < 0) break;
  }
  read_until(master, r.out, "");
  close(master);
  const int status = wait_bounded(pid, 60s, &r.timed_out);
  r.signaled = WIFSIGNALED(status);
  r.code = status_code(status);
  r.err = slurp(err);
  return r;
}

Ran run_amazing_merged(const std::vector<std::string>& args, const std::string& input) {
  RunOptions o;
  o.merge_stderr = true;
  return run_amazing(args, input, o);
}

}  // namespace amazing::test
