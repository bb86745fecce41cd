// --daily (gen, play): the maze of the day (core/daily.hpp) put into a Job: its size
// (unless --size is given), its maker and its seed, from the UTC date, or from
// AMAZING_DATE=YYYY-MM-DD when that is set (for tests, and to play another day's maze).
//   add_daily_option(app, daily);
//   ... parse ...
//   if (daily) if (auto why = apply_daily(job); !why.empty()) refuse why (exit 2)
#pragma once

#include <string>

#include "core/daily.hpp"
#include "core/result.hpp"

namespace CLI {
class App;
}

namespace amazing::cli {

struct Job;

void add_daily_option(CLI::App& app, bool& daily);

// The day: AMAZING_DATE when set (refused when it is not YYYY-MM-DD), else today in UTC.
core::Result<core::Date> daily_date();

// Sets job.size (unless --size was given), job.seed and job.algorithm or job.variant
// (fixed-exit for the 1978 walk) to the day's maze, and records them as given. The
// refusal ("" when none): --seed, --algorithm, --variant, --script, --scripts and --mask,
// which would make another maze, or a bad AMAZING_DATE.
std::string apply_daily(Job& job);

// "2026-11-26: a binary-tree maze, 24x13, seed -13417" for messages.
std::string daily_summary(const Job& job, const core::Date& date);

}  // namespace amazing::cli
