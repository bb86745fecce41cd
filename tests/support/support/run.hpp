// Running the amazing binary (or any program) from a test: an argument vector, never a
// shell string, so no word needs quoting; standard input from a text, a file or
// /dev/null; standard output and error captured; every run bounded in time (then killed).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace amazing::test {

// How a run ended and what it wrote.
struct Ran {
  int code = -1;           // the exit status, or 128 + the signal that ended it
  bool signaled = false;   // ended by a signal
  bool timed_out = false;  // killed by the time limit (code then says SIGKILL)
  std::string out, err;
};

struct RunOptions {
  std::string input_path;           // standard input from this file instead of the input text
  std::string output_path;          // standard output into this file or device (not captured)
  std::vector<std::string> env;     // NAME=VALUE set for the program
  std::string cwd;                  // its working folder ("": the test's)
  bool own_group = false;           // a process group of its own (signal() reaches all of it)
  bool merge_stderr = false;        // standard error into `out`, as 2>&1
  std::chrono::seconds limit{120};  // then SIGKILL
};

// The binary under test: $AMAZING_BINARY (set by amazing_binary_test), else the path the
// support library was built with.
const std::string& amazing_binary();
// `amazing ARGS` without a terminal, `input` typed; standard error in `out` (as 2>&1).
Ran run_amazing_merged(const std::vector<std::string>& args, const std::string& input = "");

// A program started and not yet waited for; killed and reaped if it is still running when
// the object goes. Its standard output and error are pipes, read as they come by a thread
// of its own (so a program never blocks on a full pipe); after the program ends, what a
// process it left behind still holds open is read for 2 s at most.
class Child {
 public:
  Child(const std::vector<std::string>& argv, const std::string& input = "",
        const RunOptions& options = {});
  ~Child();
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;

  pid_t pid() const { return pid_; }
  // Sends `sig` to the program (to its whole group when it has its own).
  void signal(int sig) const;
  // Waits until it ends (at most the options' limit, then kills it) and reads its outputs.
  Ran wait();

 private:
  struct Io;
  std::unique_ptr<Io> io_;
  RunOptions options_;
  pid_t pid_ = -1;
  bool reaped_ = false;
};

// argv[0] is the program's path; `input` is its standard input (empty: /dev/null).
Ran run_program(const std::vector<std::string>& argv, const std::string& input = "",
                const RunOptions& options = {});

// The path of program `name` found on $PATH, or "" when it is not there.
std::string find_in_path(const std::string& name);

// The words of an option list written in the test ("gen --size 5x5"), split at spaces.
// Only for such literals: a path, a typed answer or anything from outside goes in as an
// element of its own, so nothing ever needs quoting.
std::vector<std::string> words(const std::string& literal);

// amazing ARGS.
Ran run_amazing(const std::vector<std::string>& args, const std::string& input = "",
                const RunOptions& options = {});

// The binary on a pseudo-terminal of rows x cols (standard output, and input unless
// stdin_null); standard error on a file. `steps`: text to wait for on the screen ("":
// none, the keys go at once), then keys to type. `out` holds what the program wrote to
// the terminal.
struct PtyOptions {
  int rows = 25, cols = 80;
  std::vector<std::string> env;  // NAME=VALUE (TERM=...)
  bool stdin_null = false;
  std::vector<std::pair<std::string, std::string>> steps;
};
Ran run_amazing_on_pty(const std::vector<std::string>& args, const PtyOptions& options);

}  // namespace amazing::test
