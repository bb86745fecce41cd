#include "cli/atomic_file.hpp"

#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <utility>

namespace amazing::cli {

using core::Error;

namespace {

// The temporary the signal handler removes: plain data only (one file at a time: a
// command writes one --output or one --screenshot).
char g_pending[PATH_MAX];
volatile sig_atomic_t g_has_pending = 0;
const char* volatile g_stop_message = nullptr;

void set_pending(const std::string& temp) {
  g_has_pending = 0;
  std::atomic_signal_fence(std::memory_order_seq_cst);
  std::memcpy(g_pending, temp.c_str(), temp.size() + 1);
  std::atomic_signal_fence(std::memory_order_seq_cst);
  g_has_pending = 1;
}

// Blocks the fatal signals while the temporary is renamed or removed and forgotten, so
// the handler never sees the name half way (removed twice, or a name reused since).
class SignalsHeld {
 public:
  SignalsHeld() {
    sigset_t all;
    sigfillset(&all);
    sigprocmask(SIG_BLOCK, &all, &old_);
  }
  ~SignalsHeld() { sigprocmask(SIG_SETMASK, &old_, nullptr); }

 private:
  sigset_t old_;
};

std::string folder_of(const std::string& path) {
  auto slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

// Where a write to `path` lands when nothing is there yet: symbolic links followed to the
// file they would make, so that a link keeps pointing at the new bytes. A loop of links stops after
// 40 hops and is left to fail as opening it would.
std::string final_target(std::string path) {
  for (int hops = 0; hops < 40; ++hops) {
    struct stat st {};
    if (lstat(path.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return path;
    char link[PATH_MAX];
    ssize_t n = readlink(path.c_str(), link, sizeof link);
    if (n <= 0 || static_cast<std::size_t>(n) >= sizeof link) return path;
    std::string to(link, static_cast<std::size_t>(n));
    path = to[0] == '/' ? to : folder_of(path) + "/" + to;
  }
  return path;
}

mode_t new_file_mode() {
  mode_t mask = umask(0);  // umask can only be read by setting it
  umask(mask);
  return 0666 & ~mask;
}

constexpr int kCleanStops[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
constexpr int kOtherStops[] = {SIGPIPE,   SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU,  SIGXFSZ,
                               SIGVTALRM, SIGPROF, SIGPOLL, SIGPWR,  SIGSTKFLT};
constexpr int kCrashes[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGSYS, SIGTRAP};

void on_fatal_signal(int sig) {
  const bool had_file = g_has_pending != 0;
  if (had_file) unlink(g_pending);
  g_has_pending = 0;
  bool clean = had_file;
  for (int s : kCleanStops) clean = clean || s == sig;
  for (int s : kCrashes) clean = clean && s != sig;
  if (!clean) {
    // Ends as it would have without this handler (a crash dumps its core; a closed pipe
    // ends a `gen | head` silently): blocked while here, it is delivered on return.
    signal(sig, SIG_DFL);
    raise(sig);
    return;
  }
  if (const char* m = g_stop_message) {
    std::size_t n = 0;
    while (m[n] != '\0') ++n;
    [[maybe_unused]] ssize_t w = write(STDERR_FILENO, m, n);
  }
  _exit(128 + sig);
}

}  // namespace

void stop_cleanly_on_signals(const char* message) {
  g_stop_message = message;
  struct sigaction sa {};
  sa.sa_handler = on_fatal_signal;
  sigfillset(&sa.sa_mask);  // one handler at a time: a second signal waits for _exit
  auto install = [&sa](int sig) {
    struct sigaction old {};
    if (sigaction(sig, nullptr, &old) != 0) return;
    // nohup's SIGHUP, a background job's SIGINT: ignored before, ignored still. A
    // handler already there (a sanitizer's) stays too.
    if ((old.sa_flags & SA_SIGINFO) != 0 || old.sa_handler != SIG_DFL) return;
    sigaction(sig, &sa, nullptr);
  };
  for (int sig : kCleanStops) install(sig);
  for (int sig : kOtherStops) install(sig);
  for (int sig : kCrashes) install(sig);
}

core::Result<ReplacedFile> ReplacedFile::open(const std::string& path, const std::string& option) {
  if (path.empty()) return Error{option + " needs a file name"};
  auto cannot = [&](const std::string& why) {
    return Error{option + ": cannot write '" + path + "': " + why};
  };
  ReplacedFile file;
  file.option_ = option;
  file.shown_path_ = path;
  struct stat st {};
  const bool exists = ::stat(path.c_str(), &st) == 0;
  if (!exists && errno != ENOENT) return cannot(std::strerror(errno));
  if (exists && S_ISREG(st.st_mode)) {
    // The file itself, through any links (/dev/stdout on a file too): its folder holds
    // the temporary.
    char real[PATH_MAX];
    file.target_ = ::realpath(path.c_str(), real) ? std::string(real) : path;
  } else if (!exists) {
    file.target_ = final_target(path);  // a new file, perhaps at the end of a link
  }
  if (exists && S_ISDIR(st.st_mode))
    return Error{option + ": '" + path + "' is a folder; give a file name"};
  if (exists && !S_ISREG(st.st_mode)) {
    // A device or a FIFO: written as it is, as a shell's > writes it.
    file.fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (file.fd_ < 0) return cannot(std::strerror(errno));
    return file;
  }
  if (exists) {
    // Replacing is allowed where writing is: a read-only file stays refused.
    int probe = ::open(file.target_.c_str(), O_WRONLY | O_CLOEXEC | O_NONBLOCK);
    if (probe < 0) return cannot(std::strerror(errno));
    ::close(probe);
  }
  const std::string folder = folder_of(file.target_);
  const std::string base = file.target_.substr(file.target_.rfind('/') + 1);
  // A name stays under NAME_MAX (255) with the dot and ".amazing-XXXXXX" added.
  std::string temp = folder + "/." + base.substr(0, 200) + ".amazing-XXXXXX";
  if (temp.size() >= PATH_MAX) return cannot(std::strerror(ENAMETOOLONG));
  file.fd_ = mkostemp(temp.data(), O_CLOEXEC);
  if (file.fd_ < 0) {
    const int e = errno;
    if (e == EACCES || e == EROFS || e == EPERM)
      return cannot(std::string(std::strerror(e)) + " (the new file is written beside it in '" +
                    folder + "' first, and that folder cannot be written)");
    return cannot(std::strerror(e));
  }
  file.temp_ = temp;
  set_pending(temp);
  // mkstemp makes it 0600: the old file's owner and permissions, or a new file's.
  if (exists) {
    if (st.st_uid != geteuid() || st.st_gid != getegid()) {
      [[maybe_unused]] int r = fchown(file.fd_, st.st_uid, st.st_gid);  // root, or a group
    }
    fchmod(file.fd_, st.st_mode & 07777);
  } else {
    fchmod(file.fd_, new_file_mode());
  }
  return file;
}

ReplacedFile::ReplacedFile(ReplacedFile&& other) noexcept
    : option_(std::move(other.option_)),
      shown_path_(std::move(other.shown_path_)),
      target_(std::move(other.target_)),
      temp_(std::move(other.temp_)),
      fd_(std::exchange(other.fd_, -1)) {
  other.temp_.clear();
}

ReplacedFile& ReplacedFile::operator=(ReplacedFile&& other) noexcept {
  if (this != &other) {
    discard();
    option_ = std::move(other.option_);
    shown_path_ = std::move(other.shown_path_);
    target_ = std::move(other.target_);
    temp_ = std::move(other.temp_);
    other.temp_.clear();
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

ReplacedFile::~ReplacedFile() {
  discard();
}

core::Status ReplacedFile::commit() {
  if (fd_ < 0 && temp_.empty()) return core::Ok{};
  if (direct()) {
    const bool closed = ::close(std::exchange(fd_, -1)) == 0 || errno == EINTR;
    if (!closed)
      return Error{option_ + ": could not write '" + shown_path_ + "': " + std::strerror(errno)};
    return core::Ok{};
  }
  // On the disk before the name: a crash after the rename must not leave an empty file.
  if (::fsync(fd_) != 0 || ::close(std::exchange(fd_, -1)) != 0) {
    const std::string why = std::strerror(errno);
    discard();
    return Error{option_ + ": could not write '" + shown_path_ + "': " + why +
                 "; the old file is left as it was"};
  }
  SignalsHeld held;
  if (::rename(temp_.c_str(), target_.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    ::unlink(temp_.c_str());
    g_has_pending = 0;
    temp_.clear();
    return Error{option_ + ": could not put the new file in place of '" + shown_path_ +
                 "': " + why + "; the old file is left as it was"};
  }
  g_has_pending = 0;
  temp_.clear();
  return core::Ok{};
}

void ReplacedFile::discard() {
  if (fd_ >= 0) ::close(std::exchange(fd_, -1));
  if (temp_.empty()) return;
  SignalsHeld held;
  ::unlink(temp_.c_str());
  g_has_pending = 0;
  temp_.clear();
}

}  // namespace amazing::cli
