#include "machine/user_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "core/text.hpp"

namespace amazing::machine {
Fd::~Fd() {
  if (fd_ >= 0) ::close(fd_);
}

std::string describe_bytes(std::size_t bytes) {
  if (bytes >= (std::size_t{1} << 20) && bytes % (std::size_t{1} << 20) == 0)
    return std::to_string(bytes >> 20) + " MiB";
  if (bytes >= 1024 && bytes % 1024 == 0) return std::to_string(bytes >> 10) + " KiB";
  return std::to_string(bytes) + " bytes";
}

namespace {

// Reads the open `fd` (described by `st`) to its end, at most `cap` bytes; `head` starts
// the messages ("cannot read the script x.lua").
core::Result<std::string> read_capped(int fd, const struct stat& st, std::size_t cap,
                                      const std::string& head) {
  const std::string too_big = head + ": it is larger than " + describe_bytes(cap) +
                              ", the most this command reads; give a smaller file";
  if (S_ISREG(st.st_mode) && static_cast<unsigned long long>(st.st_size) > cap)
    return core::Error{too_big};
  std::string text;
  if (S_ISREG(st.st_mode)) text.reserve(static_cast<std::size_t>(st.st_size));
  char buf[65536];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
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

}  // namespace

core::Result<std::string> read_user_file(const std::string& path, std::size_t cap,
                                         std::string_view what) {
  const std::string head = "cannot read " + std::string(what) + " " + core::printable(path);
  // O_NONBLOCK: opening a named pipe must not wait for a writer that may never come.
  Fd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
  if (fd.get() < 0) {
    int err = errno;
    if (err == ENOENT) return core::Error{head + ": no such file; check the path"};
    if (err == EACCES) return core::Error{head + ": permission denied; check the file's mode"};
    if (err == ENXIO)
      return core::Error{head +
                         ": it is a socket or a device that is not there; give a regular file"};
    return core::Error{head + ": " + std::strerror(err)};
  }
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) return core::Error{head + ": " + std::strerror(errno)};
  if (S_ISDIR(st.st_mode))
    return core::Error{head + ": it is a folder, not a file; name the file inside it"};
  bool pipe = S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode);
  if (!S_ISREG(st.st_mode)) {
    // A pipe with a writer (a <(...) or a fed /dev/stdin) and a device are read as they
    // come, up to the cap; a named pipe without a writer reads as empty at once.
    int flags = ::fcntl(fd.get(), F_GETFL);
    if (flags >= 0) ::fcntl(fd.get(), F_SETFL, flags & ~O_NONBLOCK);
  }
  auto text = read_capped(fd.get(), st, cap, head);
  if (text && pipe && text->empty())
    return core::Error{head +
                       ": it is a pipe and nothing was written to it (a named pipe needs a "
                       "program writing to it); give a regular file"};
  return text;
}

core::Result<std::optional<std::string>> read_file_in_folder(const std::string& folder,
                                                             std::string_view relative,
                                                             std::size_t cap,
                                                             std::string_view rule) {
  std::string shown = folder;  // the path so far, for messages
  auto fail = [&](std::string_view what) {
    return core::Error{core::printable(shown) + " " + std::string(what) + "; " + std::string(rule)};
  };
  Fd dir(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (dir.get() < 0) {
    int err = errno;
    if (err == ENOENT) return std::optional<std::string>();
    return core::Error{"cannot open the folder " + core::printable(folder) + ": " +
                       std::strerror(err)};
  }
  int parent = dir.get();
  Fd inner(-1);  // the folder opened last below `folder`
  std::string_view rest = relative;
  for (;;) {
    std::size_t slash = rest.find('/');
    std::string part(rest.substr(0, slash));
    bool last = slash == std::string_view::npos;
    shown += "/" + part;
    if (part.empty() || part == "." || part == "..") return fail("is not a plain path");
    // Looked at without following a link, and nothing but a folder or a plain file is
    // opened (opening a pipe or a device can wait or act).
    struct stat st {};
    if (::fstatat(parent, part.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
      int err = errno;
      if (err == ENOENT) return std::optional<std::string>();
      return core::Error{"cannot read " + core::printable(shown) + ": " + std::strerror(err)};
    }
    if (S_ISLNK(st.st_mode)) return fail("is a symbolic link");
    if (!last) {
      if (!S_ISDIR(st.st_mode)) return fail("is not a folder");
      int fd = ::openat(parent, part.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (fd < 0) {
        int err = errno;
        if (err == ELOOP || err == ENOTDIR) return fail("changed while it was read");
        return core::Error{"cannot read " + core::printable(shown) + ": " + std::strerror(err)};
      }
      Fd next(fd);
      swap(inner, next);  // the folder before is closed with `next`
      parent = inner.get();
      rest = rest.substr(slash + 1);
      continue;
    }
    if (S_ISDIR(st.st_mode)) return fail("is a folder");
    if (S_ISFIFO(st.st_mode)) return fail("is a named pipe (FIFO)");
    if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) return fail("is a device");
    if (S_ISSOCK(st.st_mode)) return fail("is a socket");
    if (!S_ISREG(st.st_mode)) return fail("is not a plain file");
    Fd file(::openat(parent, part.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
    if (file.get() < 0) {
      int err = errno;
      if (err == ELOOP) return fail("is a symbolic link");
      if (err == EACCES)
        return core::Error{"cannot read " + core::printable(shown) +
                           ": permission denied; check the file's mode"};
      return core::Error{"cannot read " + core::printable(shown) + ": " + std::strerror(err)};
    }
    // What was opened is what was looked at: a plain file (it may have been swapped).
    if (::fstat(file.get(), &st) != 0 || !S_ISREG(st.st_mode)) return fail("is not a plain file");
    auto text = read_capped(file.get(), st, cap, "cannot read " + core::printable(shown));
    if (!text) return text.error();
    return std::optional<std::string>(std::move(text).value());
  }
}

}  // namespace amazing::machine
