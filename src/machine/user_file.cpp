#include "machine/user_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/text.hpp"

namespace amazing::machine {
namespace {

class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

}  // namespace

std::string describe_bytes(std::size_t bytes) {
  if (bytes >= (std::size_t{1} << 20) && bytes % (std::size_t{1} << 20) == 0)
    return std::to_string(bytes >> 20) + " MiB";
  if (bytes >= 1024 && bytes % 1024 == 0) return std::to_string(bytes >> 10) + " KiB";
  return std::to_string(bytes) + " bytes";
}

core::Result<std::string> read_user_file(const std::string& path, std::size_t cap,
                                         std::string_view what) {
  const std::string head = "cannot read " + std::string(what) + " " + core::printable(path);
  Fd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() < 0) {
    int err = errno;
    if (err == ENOENT) return core::Error{head + ": no such file; check the path"};
    if (err == EACCES) return core::Error{head + ": permission denied; check the file's mode"};
    return core::Error{head + ": " + std::strerror(err)};
  }
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) return core::Error{head + ": " + std::strerror(errno)};
  if (S_ISDIR(st.st_mode))
    return core::Error{head + ": it is a folder, not a file; name the file inside it"};
  const std::string too_big = head + ": it is larger than " + describe_bytes(cap) +
                              ", the most this command reads; give a smaller file";
  if (S_ISREG(st.st_mode) && static_cast<unsigned long long>(st.st_size) > cap)
    return core::Error{too_big};
  std::string text;
  if (S_ISREG(st.st_mode)) text.reserve(static_cast<std::size_t>(st.st_size));
  char buf[65536];
  for (;;) {
    ssize_t n = ::read(fd.get(), buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      int err = errno;
      if (err == EISDIR) return core::Error{head + ": it is a folder, not a file"};
      return core::Error{head + ": " + std::strerror(err)};
    }
    if (n == 0) break;
    if (text.size() + static_cast<std::size_t>(n) > cap) {
      if (S_ISREG(st.st_mode)) return core::Error{too_big};
      return core::Error{head + ": it gave more than " + describe_bytes(cap) +
                         " without ending (a device or a pipe?); give a regular file"};
    }
    text.append(buf, static_cast<std::size_t>(n));
  }
  return text;
}

}  // namespace amazing::machine
