// Records (core/records.hpp), the maze of the day (core/daily.hpp) and the play screen
// in words (core/plain_walk.hpp).
#include <gtest/gtest.h>

#include <algorithm>

#include "core/daily.hpp"
#include "core/generators/generator.hpp"
#include "core/maze.hpp"
#include "core/plain_walk.hpp"
#include "core/ram.hpp"
#include "core/records.hpp"
#include "core/save_data.hpp"
#include "core/solve.hpp"

namespace amazing::core {
namespace {

RecordKey key(std::string maker, int w, int l, std::optional<int> seed) {
  return RecordKey{"pc", std::move(maker), w, l, seed};
}

TEST(Records, FirstFinishThenOnlyBetterOnesCount) {
  RecordBook book;
  RecordNews n = book.add(key("book", 10, 12, 7), 42300, 40);
  EXPECT_TRUE(n.first);
  EXPECT_FALSE(n.faster || n.shorter);
  n = book.add(key("book", 10, 12, 7), 50000, 38);  // slower, shorter
  EXPECT_FALSE(n.first);
  EXPECT_FALSE(n.faster);
  EXPECT_TRUE(n.shorter);
  EXPECT_EQ(n.before.fewest_moves, 40);
  EXPECT_EQ(n.now.best_ms, 42300);
  EXPECT_EQ(n.now.fewest_moves, 38);
  n = book.add(key("book", 10, 12, 7), 42300, 38);  // equal is no record
  EXPECT_FALSE(n.faster || n.shorter || n.first);
  n = book.add(key("book", 10, 12, 7), 41000, 39);
  EXPECT_TRUE(n.faster);
  EXPECT_FALSE(n.shorter);
  EXPECT_EQ(book.size(), 1u);
}

TEST(Records, LinesAreSortedAndStable) {
  RecordBook book;
  book.add(key("prim", 20, 20, 5), 61000, 77);
  book.add(key("book", 10, 12, 7), 42399, 38);
  book.add(key("book", 10, 12, std::nullopt), 9000, 20);
  book.add(key("book", 10, 12, -3), 1000, 21);
  book.add(RecordKey{"c64", "fixed-exit", 12, 10, 1}, 125000, 30);
  book.add(key("book", 9, 30, 7), 1000, 50);
  std::vector<std::string> want = {
      "c64 fixed-exit 12x10 seed 1: best time 2:05.0, fewest moves 30",
      "pc book 9x30 seed 7: best time 0:01.0, fewest moves 50",
      "pc book 10x12 no seed: best time 0:09.0, fewest moves 20",
      "pc book 10x12 seed -3: best time 0:01.0, fewest moves 21",
      "pc book 10x12 seed 7: best time 0:42.3, fewest moves 38",
      "pc prim 20x20 seed 5: best time 1:01.0, fewest moves 77",
  };
  EXPECT_EQ(book.lines(), want);
}

TEST(Records, RoundTripThroughTheSaveText) {
  RecordBook book;
  book.add(key("book", 10, 12, 7), 42300, 38);
  book.add(key("wilson", 30, 25, std::nullopt), 3000, 90);
  const std::string text = encode_save(book.to_save());
  EXPECT_NE(text.find("pc book 10x12 seed 7\tt\ts:time\ti:42300\ts:moves\ti:38\ts:order\ti:0\n"),
            std::string::npos)
      << text;
  auto data = decode_save(text);
  ASSERT_TRUE(data.ok());
  auto back = RecordBook::from_save(*data);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->lines(), book.lines());
}

TEST(Records, DamagedEntriesAreRefused) {
  auto refused = [](std::string text) {
    auto data = decode_save("amazing save 1\n" + text);
    if (!data.ok()) return true;
    return !RecordBook::from_save(*data).ok();
  };
  EXPECT_FALSE(refused("pc book 10x12 seed 7\tt\ts:time\ti:5\ts:moves\ti:3\ts:order\ti:0\n"));
  EXPECT_TRUE(refused("pc book 10x12 seed 07\tt\ts:time\ti:5\ts:moves\ti:3\ts:order\ti:0\n"));
  EXPECT_TRUE(refused("vic20 book 10x12 seed 7\tt\ts:time\ti:5\ts:moves\ti:3\ts:order\ti:0\n"));
  EXPECT_TRUE(refused("pc book 10x12 seed 7\tt\ts:time\ti:-5\ts:moves\ti:3\ts:order\ti:0\n"));
  EXPECT_TRUE(refused("pc book 10x12 seed 7\tt\ts:time\ti:5\ts:moves\ti:0\ts:order\ti:0\n"));
  EXPECT_TRUE(refused("pc book 10x12 seed 7\ti:5\n"));
  EXPECT_TRUE(refused("pc book 10x12 seed 99999\tt\ts:time\ti:5\ts:moves\ti:3\ts:order\ti:0\n"));
}

TEST(Records, AFullBookForgetsTheOldestRecordAndStaysSmall) {
  RecordBook book;
  for (int i = 0; i < static_cast<int>(kMaxRecords) + 20; ++i)
    book.add(RecordKey{"c64", "recursive-division", 99999, 99999, -32768 + i}, kMaxRecordMs,
             kMaxRecordMoves);
  EXPECT_EQ(book.size(), kMaxRecords);
  EXPECT_FALSE(book.find(RecordKey{"c64", "recursive-division", 99999, 99999, -32768}));
  EXPECT_TRUE(book.find(RecordKey{"c64", "recursive-division", 99999, 99999, -32768 + 319}));
  EXPECT_LE(encode_save(book.to_save()).size(), kMaxSaveBytes);
}

TEST(Daily, DatesAreReadStrictly) {
  auto d = parse_date("2026-11-26");
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(days_since_epoch(*d), 20783);
  EXPECT_EQ(format_date(date_from_days(20783)), "2026-11-26");
  EXPECT_EQ(days_since_epoch(*parse_date("1970-01-01")), 0);
  EXPECT_EQ(days_since_epoch(*parse_date("2000-03-01")), 11017);
  EXPECT_FALSE(parse_date("2026-02-29").ok());
  EXPECT_TRUE(parse_date("2024-02-29").ok());
  EXPECT_FALSE(parse_date("2026-13-01").ok());
  EXPECT_FALSE(parse_date("26-11-26").ok());
  EXPECT_FALSE(parse_date("2026-11-2x").ok());
  EXPECT_FALSE(parse_date("1969-12-31").ok());
  EXPECT_FALSE(parse_date("+026-11-26").ok());
  for (int64_t day : {0, 365, 11016, 20783, 2932896})
    EXPECT_EQ(days_since_epoch(date_from_days(day)), day);
}

TEST(Daily, TheRuleAsTheReadmeStatesIt) {
  // D = 20783 (2026-11-26): 10 + 145481 % 21 = 24, 10 + 270179 % 16 = 13,
  // makers[20783 % 14 = 7] = binary-tree, (25173 * 20783 + 13849) % 65535 - 32767.
  DailyMaze m = daily_maze(20783, false);
  EXPECT_EQ(m.width, 24);
  EXPECT_EQ(m.length, 13);
  EXPECT_EQ(m.maker, "binary-tree");
  EXPECT_EQ(m.seed, static_cast<int16_t>((25173LL * 20783 + 13849) % 65535 - 32767));
  EXPECT_EQ(daily_maze(20783, true).maker, "amazing");
  for (int64_t day = 0; day < 3000; ++day) {
    DailyMaze d = daily_maze(day, false);
    EXPECT_NE(d.seed, 0);
    EXPECT_GE(d.width, 10);
    EXPECT_LE(d.width, 30);
    EXPECT_GE(d.length, 10);
    EXPECT_LE(d.length, 25);
  }
  for (auto maker : kDailyMakers) {
    if (maker == "amazing") continue;
    const auto& names = generator_names();
    EXPECT_NE(std::find(names.begin(), names.end(), maker), names.end()) << maker;
  }
}

TEST(PlainWalk, SaysWhereAndWhichWays) {
  Ram ram(4096);
  auto maze = Maze::create(ram, 3, 2);
  ASSERT_TRUE(maze.ok());
  // Entrance over column 2 (index 1); (1,0) open right and down; (2,0) closed;
  // (1,1) open right; (2,1) down: the exit.
  maze->set_entrance(1);
  maze->set_walls(1, 0, kDownOpen | kRightOpen);
  maze->set_walls(1, 1, kRightOpen);
  maze->set_walls(2, 1, kDownOpen);
  EXPECT_EQ(describe_place(*maze, {1, 0}), "row 1, column 2: open to the east and south");
  EXPECT_EQ(describe_place(*maze, {1, 1}), "row 2, column 2: open to the north and east");
  EXPECT_EQ(describe_place(*maze, {2, 1}),
            "row 2, column 3: open to the south (the exit) and west");
  EXPECT_EQ(describe_place(*maze, {0, 0}), "row 1, column 1: walls all round");
  WayOut out(*maze);
  EXPECT_EQ(describe_way_out(out.path_from({1, 0})), "the exit is 3 moves away; go south first");
  EXPECT_EQ(describe_way_out(out.path_from({2, 1})), "the exit is 1 move away; go south first");
  EXPECT_EQ(describe_way_out(out.path_from({0, 0})), "there is no way out from here");
}

}  // namespace
}  // namespace amazing::core
