// A file the user names for a command's output (gen --output, play --screenshot) is
// replaced whole or not at all: the bytes go to a temporary file beside it
// (".NAME.amazing-XXXXXX" in the same folder, so that rename(2) can put it in place), and
// only a run that made its output renames it over the old file. A run that fails, an
// exception on the way, or a fatal signal leaves the old file exactly as it was and
// removes the temporary. A device or a FIFO (/dev/null, /dev/stdout on a pipe) is written
// directly, as a shell's > does: there is nothing to replace.
//
//   auto file = ReplacedFile::open(path, "--output");    // refusals: a folder, no access
//   if (!file) return fail(file.error().message);
//   stop_cleanly_on_signals("\namazing gen: stopped ...\n");  // once, before or after
//   write(file->fd(), ...);
//   if (made_it) st = file->commit(); else file->discard();  // the destructor discards
#pragma once

#include <string>

#include "core/result.hpp"

namespace amazing::cli {

class ReplacedFile {
 public:
  // `option` names the option in messages ("--output: 'x' is a folder; give a file name").
  // A symbolic link is followed: the file it points at is replaced and the link stays. An
  // existing file keeps its permissions (and, where allowed, its owner and group); a new
  // one gets 0666 less the umask, as any file a program creates. A file that cannot be
  // written (read-only, say) is refused as opening it for writing would be.
  static core::Result<ReplacedFile> open(const std::string& path, const std::string& option);

  ReplacedFile(ReplacedFile&& other) noexcept;
  ReplacedFile& operator=(ReplacedFile&& other) noexcept;
  ReplacedFile(const ReplacedFile&) = delete;
  ReplacedFile& operator=(const ReplacedFile&) = delete;
  ~ReplacedFile();  // discard() unless committed

  int fd() const { return fd_; }                 // open for writing until commit() or discard()
  bool direct() const { return temp_.empty(); }  // a device or FIFO: no temporary

  // The new bytes reach the disk (fsync) and take the old file's place. A failure says
  // why; the old file is then still there, and the temporary is removed.
  core::Status commit();
  // The old file stays as it was; the temporary goes. Nothing to undo for a device.
  void discard();

 private:
  ReplacedFile() = default;
  std::string option_, shown_path_, target_, temp_;
  int fd_ = -1;
};

// The fatal signals whose default action ends the program (INT, TERM, HUP, QUIT, PIPE,
// ALRM, USR1, USR2, XCPU, XFSZ, VTALRM, PROF, POLL, PWR, STKFLT), from now on: the pending
// temporary of a ReplacedFile is removed, `message` (a string literal) is written to
// standard error, and the program ends with 128 + the signal, as a shell reports it. A
// signal the caller's parent ignores (nohup's SIGHUP, a background job's SIGINT) stays
// ignored. Without a pending file, PIPE, ALRM, USR1 and the rest end the program as
// before (no message), and INT, TERM, HUP and QUIT end it with the message. Crashes (SEGV,
// BUS, FPE, ILL, ABRT, SYS, TRAP) remove the temporary and then crash as they would.
// The handler only calls unlink, write, signal, raise and _exit.
void stop_cleanly_on_signals(const char* message);

}  // namespace amazing::cli
