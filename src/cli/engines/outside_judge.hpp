// The listing on an outside interpreter, the machine's own BASIC: PC-BASIC (pcbasic) on
// the pc machine, cbmbasic (the C64's ROM recompiled) on the c64. compare's judges.
//
//   reap_stale_folders();                        // folders of killed runs, once
//   if (!have_program("pcbasic")) ...            // on the PATH?
//   auto text = outside_transcript({job, typed, seconds});
//   if (judge_signal()) ...                      // Ctrl-C or kill stopped it (and us)
#pragma once

#include <string>

#include "cli/engine.hpp"
#include "core/result.hpp"

namespace amazing::cli {

// Runs job.machine's interpreter on the listing (--rom, or the --variant listing) with
// the seed and the typed lines; its standard output with CRLF read as LF. It runs in a
// temporary folder /tmp/amazing-compare-PID-XXXXXX that goes when it ends, however.
Result<std::string> outside_transcript(const TranscriptRequest& request);
// What pcbasic and cbmbasic refuse: the Lua and step options (they run the listing
// itself, outside this program).
std::string refuse_outside(const Job& job);
// Whether `name` is an executable on the PATH.
bool have_program(const char* name);
// Removes the folders of runs that were killed with their cleaner (see the .cpp).
void reap_stale_folders(const std::string& root = "/tmp");
// The signal (SIGINT, SIGTERM, SIGHUP) that stopped the last judge, 0 if none (SIGALRM,
// the time limit, is an error of the transcript instead).
int judge_signal();

}  // namespace amazing::cli
