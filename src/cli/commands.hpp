// The subcommands of the amazing binary; each returns the process exit code.
#pragma once

namespace amazing::cli {

// Exit codes: 0 success, 1 a difference or a failed check, 2 bad usage or input,
// 3 out of memory (the maze does not fit the machine's RAM), 4 an output error.
inline constexpr int kExitOk = 0;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitOutOfMemory = 3;
inline constexpr int kExitIo = 4;

int gen_command(int argc, char** argv);
int dialogue_command(int argc, char** argv);
// The 40x25 screen on the terminal; options start at argv[first].
int play_command(int argc, char** argv, int first);

}  // namespace amazing::cli
