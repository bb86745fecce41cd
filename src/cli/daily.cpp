#include "cli/daily.hpp"

#include <cstdlib>
#include <ctime>

#include <CLI/CLI.hpp>

#include "cli/job.hpp"

namespace amazing::cli {

void add_daily_option(CLI::App& app, bool& daily) {
  app.add_flag("--daily", daily,
               "the maze of the day: its size, maker (the 1978 walk as fixed-exit, or an "
               "algorithm) and seed follow from today's UTC date, the same for everyone "
               "(README, 'The maze of the day'); --size still sets the size; "
               "AMAZING_DATE=YYYY-MM-DD picks another day");
}

core::Result<core::Date> daily_date() {
  if (const char* env = std::getenv("AMAZING_DATE"); env != nullptr) {
    auto date = core::parse_date(env);
    if (!date) return core::Error{"AMAZING_DATE: " + date.error().message};
    return date;
  }
  const std::time_t now = std::time(nullptr);
  return core::date_from_days(static_cast<int64_t>(now / 86400));
}

std::string apply_daily(Job& job) {
  for (const char* o : {"--seed", "--algorithm", "--variant", "--script", "--scripts", "--mask"})
    if (job.has(o))
      return std::string("--daily chooses the maze (its seed and maker"
                         ", and its size unless --size is given); leave out ") +
             o;
  auto date = daily_date();
  if (!date) return date.error().message;
  const auto day = core::daily_maze(core::days_since_epoch(*date),
                                    job.machine == MachineKind::kC64);
  if (!job.has("--size")) {
    job.size = Size{day.width, day.length};
    job.given.emplace_back("--size");
  }
  job.seed = day.seed;
  job.given.emplace_back("--seed");
  if (day.maker == "amazing") {
    job.variant = core::Variant::kFixedExit;
    job.given.emplace_back("--variant");
  } else {
    job.algorithm = std::string(day.maker);
    job.given.emplace_back("--algorithm");
  }
  return "";
}

std::string daily_summary(const Job& job, const core::Date& date) {
  const std::string maker =
      job.algorithm == "amazing" ? "1978 walk (fixed-exit)" : job.algorithm;
  return core::format_date(date) + ": a " + maker + " maze, " + std::to_string(job.size.width) +
         "x" + std::to_string(job.size.length) + ", seed " +
         (job.seed ? std::to_string(*job.seed) : std::string("none"));
}

}  // namespace amazing::cli
