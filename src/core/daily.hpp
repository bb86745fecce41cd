// The maze of the day (`gen --daily`, `play --daily`): its size, maker and seed follow
// from the UTC date alone, so everyone gets the same maze on the same day.
//   auto date = parse_date("2026-11-26");            // Result<Date>: refused with the reason
//   DailyMaze d = daily_maze(days_since_epoch(*date), /*c64=*/false);
// The rule, with D the days since 1970-01-01 (README "The maze of the day"):
//   width  = 10 + (7 * D) mod 21          (10 to 30)
//   length = 10 + (13 * D) mod 16         (10 to 25)
//   maker  = kDailyMakers[D mod 14] on the pc (the 1978 walk as fixed-exit, then the 13
//            algorithms); on the c64 always the 1978 walk as fixed-exit
//   seed   = (25173 * D + 13849) mod 65535 - 32767, and 1 when that is 0
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/result.hpp"

namespace amazing::core {

struct Date {
  int year = 1970;
  int month = 1;
  int day = 1;
};

// YYYY-MM-DD, a real day from 1970-01-01 to 9999-12-31.
Result<Date> parse_date(std::string_view text);
std::string format_date(const Date& date);
int64_t days_since_epoch(const Date& date);
Date date_from_days(int64_t days);

// "amazing" is the 1978 walk (its fixed-exit revision, which always makes a perfect maze).
inline constexpr std::array<std::string_view, 14> kDailyMakers = {
    "amazing",     "whitney",   "restart", "backtracker",  "aldous-broder",
    "wilson",      "hunt-and-kill", "binary-tree", "sidewinder", "eller",
    "kruskal",     "prim",      "growing-tree", "recursive-division"};

struct DailyMaze {
  int width = 0;
  int length = 0;
  std::string_view maker;  // one of kDailyMakers
  int16_t seed = 1;        // never 0 (the C64 would read its clock)
};

DailyMaze daily_maze(int64_t day, bool c64);

}  // namespace amazing::core
