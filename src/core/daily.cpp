#include "core/daily.hpp"

#include <charconv>
#include <cstdio>

namespace amazing::core {
namespace {

bool leap(int y) {
  return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

int month_days(int y, int m) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return m == 2 && leap(y) ? 29 : kDays[m - 1];
}

bool digits(std::string_view text, int& value) {
  for (char c : text)
    if (c < '0' || c > '9') return false;
  auto r = std::from_chars(text.data(), text.data() + text.size(), value);
  return r.ec == std::errc() && r.ptr == text.data() + text.size();
}

}  // namespace

Result<Date> parse_date(std::string_view text) {
  std::string quoted(1, '\'');
  quoted += text.substr(0, 40);
  quoted += '\'';
  const Error bad{quoted + " is not a date; write it YYYY-MM-DD, for example 2026-11-26"};
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return bad;
  Date d;
  if (!digits(text.substr(0, 4), d.year) || !digits(text.substr(5, 2), d.month) ||
      !digits(text.substr(8, 2), d.day))
    return bad;
  if (d.year < 1970 || d.month < 1 || d.month > 12 || d.day < 1 ||
      d.day > month_days(d.year, d.month))
    return Error{quoted + " is not a day of the calendar from 1970-01-01 on; write it YYYY-MM-DD"};
  return d;
}

std::string format_date(const Date& date) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", date.year % 10000, date.month % 100,
                date.day % 100);
  return buf;
}

int64_t days_since_epoch(const Date& date) {
  int64_t days = 0;
  for (int y = 1970; y < date.year; ++y) days += leap(y) ? 366 : 365;
  for (int m = 1; m < date.month; ++m) days += month_days(date.year, m);
  return days + date.day - 1;
}

Date date_from_days(int64_t days) {
  Date d;
  if (days < 0) return d;
  while (days >= (leap(d.year) ? 366 : 365) && d.year < 9999) days -= leap(d.year) ? 366 : 365, ++d.year;
  while (d.month < 12 && days >= month_days(d.year, d.month)) days -= month_days(d.year, d.month), ++d.month;
  d.day = static_cast<int>(days) + 1;
  return d;
}

DailyMaze daily_maze(int64_t day, bool c64) {
  const int64_t D = day < 0 ? 0 : day;
  DailyMaze m;
  m.width = static_cast<int>(10 + (7 * D) % 21);
  m.length = static_cast<int>(10 + (13 * D) % 16);
  m.maker = c64 ? kDailyMakers[0] : kDailyMakers[static_cast<std::size_t>(D % 14)];
  const int64_t seed = (25173 * D + 13849) % 65535 - 32767;
  m.seed = static_cast<int16_t>(seed == 0 ? 1 : seed);
  return m;
}

}  // namespace amazing::core
