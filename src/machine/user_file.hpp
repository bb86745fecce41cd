// Reading a file the user named (a Lua script, a BASIC listing, a mask) with a size cap:
// a file past the cap, a folder, or something that never ends (/dev/zero, a pipe fed for
// ever) is refused with a message naming the path, the cap and what to do, instead of
// reading gigabytes until std::bad_alloc.
//
//   auto text = machine::read_user_file(path, machine::kMaxProgramBytes, "the script");
//   if (!text) ... text.error().message  // "cannot read the script x.lua: it is a folder..."
// Every path in a message goes through core::printable.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "core/result.hpp"

namespace amazing::machine {

// An open file descriptor (from ::open), closed when the Fd goes; movable, not copyable.
// get() is -1 when there is none.
class Fd {
 public:
  explicit Fd(int fd = -1) : fd_(fd) {}
  ~Fd();
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  Fd(Fd&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  Fd& operator=(Fd&& other) noexcept {
    swap(*this, other);
    return *this;
  }
  friend void swap(Fd& a, Fd& b) noexcept { std::swap(a.fd_, b.fd_); }
  int get() const { return fd_; }

 private:
  int fd_;
};

// Programs (Lua scripts, BASIC listings): the largest shipped one is a few kilobytes.
inline constexpr std::size_t kMaxProgramBytes = std::size_t{16} << 20;
// Masks: one character a cell, so about 4096x4096 cells.
inline constexpr std::size_t kMaxMaskBytes = std::size_t{16} << 20;

// "16 MiB", "1 MiB", "512 KiB", "100 bytes".
std::string describe_bytes(std::size_t bytes);

// The whole file at `path`, at most `cap` bytes. `what` names it in messages ("the
// script"). Errors: missing or unreadable, a folder, a regular file larger than `cap`,
// a device/pipe that gave more than `cap` bytes, or a pipe that gave nothing (a named
// pipe with no writer is opened without waiting, so it cannot hang the command).
core::Result<std::string> read_user_file(const std::string& path, std::size_t cap,
                                         std::string_view what);

// The regular file at `relative` ("lib/a/b.lua", parts joined by '/') inside `folder`,
// read without leaving the folder: `folder` is opened as the user named it, then each
// part of `relative` without following a symbolic link (openat with O_NOFOLLOW), the
// last one only if it is a plain file (no folder, pipe, device or socket is opened),
// at most `cap` bytes. nullopt: it (or a folder on its way) does not exist. Errors say
// which path is what, then `rule` ("modules must be plain files inside DIR/lib"):
// "DIR/lib/x.lua is a symbolic link; modules must be plain files inside DIR/lib".
core::Result<std::optional<std::string>> read_file_in_folder(const std::string& folder,
                                                             std::string_view relative,
                                                             std::size_t cap,
                                                             std::string_view rule);

}  // namespace amazing::machine
