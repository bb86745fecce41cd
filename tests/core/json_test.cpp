// The JSON maze format (core/json): the bytes gen --format json and stats --json write are
// pinned (key order, number format, no spaces), and the reader is strict and bounded:
// anything that is not exactly one JSON object with the maze's keys is refused with a
// message that says what is wrong, and deep nesting is refused before it costs memory.

#include <gtest/gtest.h>

#include <string>

#include "core/amazing_walk.hpp"
#include "core/analysis.hpp"
#include "core/generators/generator.hpp"
#include "core/json.hpp"
#include "core/mask.hpp"
#include "core/maze.hpp"
#include "core/ram.hpp"
#include "core/rnd.hpp"

namespace amazing::core {
namespace {

Maze book_walk(Ram& ram, int w, int h, std::optional<int> seed) {
  GwRnd rnd;
  if (seed) rnd.randomize(*seed);
  auto run = run_amazing(ram, w, h, Variant::kBook, rnd);
  EXPECT_TRUE(run.ok());
  return std::move(run->maze);
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The error message of a line that must be refused.
std::string refusal(const std::string& line) {
  auto rec = parse_maze_json(line);
  EXPECT_FALSE(rec.ok()) << line.substr(0, 200);
  return rec ? std::string() : rec.error().message;
}

TEST(JsonWrite, StatsBytesArePinned) {
  Ram ram(kUnlimited);
  Maze flawed = book_walk(ram, 10, 12, std::nullopt);
  EXPECT_EQ(stats_json(analyze(flawed)),
            R"({"width":10,"height":12,"perfect":false,"reason":"exit unreachable, 32 walled off, 1 loop","connected":false,"acyclic":false,"exit_reachable":false,"cells":120,"left_out":0,"walled_off":32,"passages":118,"dead_ends":0.175000,"straights":0.258333,"turns":0.400000,"junctions":0.158333,"crossroads":0.000000,"longest_path":47,"solution_length":0})");
  Maze perfect = book_walk(ram, 7, 5, 11);
  EXPECT_EQ(stats_json(analyze(perfect)),
            R"({"width":7,"height":5,"perfect":true,"reason":"","connected":true,"acyclic":true,"exit_reachable":true,"cells":35,"left_out":0,"walled_off":0,"passages":34,"dead_ends":0.171429,"straights":0.314286,"turns":0.400000,"junctions":0.114286,"crossroads":0.000000,"longest_path":29,"solution_length":10})");
}

TEST(JsonWrite, MazeBytesArePinned) {
  Ram ram(kUnlimited);
  Maze m = book_walk(ram, 4, 3, -7);
  Markers markers;
  markers.starts = {{0, 0}, {3, 2}};
  markers.ends = {{1, 2}};
  EXPECT_EQ(maze_to_json(m, "a \"quoted\\name\"", -7, markers, JsonExtras{2, nullptr}),
            R"({"algorithm":"a \"quoted\\name\"","width":4,"height":3,"seed":-7,"cells":[5,2,10,12,5,2,12,5,1,0,3,9],"starts":[[0,0],[3,2]],"ends":[[1,2]],"index":2})");
  EXPECT_EQ(maze_to_json(m, "amazing", std::nullopt, {}),
            R"({"algorithm":"amazing","width":4,"height":3,"seed":null,"cells":[5,2,10,12,5,2,12,5,1,0,3,9],"starts":[],"ends":[]})");
}

TEST(JsonWrite, ExtrasAreIndexThenStats) {
  Ram ram(kUnlimited);
  Maze m = book_walk(ram, 5, 4, 2);
  MazeStats s = analyze(m);
  const std::string plain = maze_to_json(m, "amazing", 2, {});
  EXPECT_EQ(maze_to_json(m, "amazing", 2, {}, JsonExtras{}), plain);
  EXPECT_EQ(maze_to_json(m, "amazing", 2, {}, JsonExtras{3, nullptr}),
            plain.substr(0, plain.size() - 1) + ",\"index\":3}");
  EXPECT_EQ(maze_to_json(m, "amazing", 2, {}, JsonExtras{std::nullopt, &s}),
            plain.substr(0, plain.size() - 1) + ",\"stats\":" + stats_json(s) + "}");
  EXPECT_EQ(maze_to_json(m, "amazing", 2, {}, JsonExtras{0, &s}),
            plain.substr(0, plain.size() - 1) + ",\"index\":0,\"stats\":" + stats_json(s) + "}");
}

TEST(JsonRead, AcceptsWhatTheWriterWritesAndIgnoresOtherKeys) {
  Ram ram(kUnlimited);
  Maze m = book_walk(ram, 9, 6, 3);
  Markers markers;
  markers.starts = {{2, 1}};
  MazeStats stats = analyze(m);
  auto rec = parse_maze_json(maze_to_json(m, "amazing", 3, markers, JsonExtras{4, &stats}));
  ASSERT_TRUE(rec.ok()) << rec.error().message;
  EXPECT_EQ(rec->algorithm, "amazing");
  EXPECT_EQ(rec->width, 9);
  EXPECT_EQ(rec->height, 6);
  EXPECT_EQ(rec->seed, 3);
  EXPECT_EQ(rec->cells.size(), 54u);
  EXPECT_EQ(rec->markers.starts, markers.starts);
  auto spaced = parse_maze_json(
      " { \"width\" : 2 , \"height\" : 1 , \"seed\" : null , \"algorithm\" : null ,"
      " \"cells\" : [ 3 , 12 ] , \"x\" : {\"y\":[1,2.5e3,true,\"\\u0041\"]} } ");
  ASSERT_TRUE(spaced.ok()) << spaced.error().message;
  EXPECT_EQ(spaced->cells, (std::vector<uint8_t>{3, 12}));
  EXPECT_FALSE(spaced->seed.has_value());
}

TEST(JsonRead, TheMaskRoundTrips) {
  // 3x2 with (1,0) masked: the entrance over (0,0), down, along the bottom row, up to
  // (2,0); the exit under (2,1).
  Ram ram(kUnlimited);
  auto m = Maze::create(ram, 3, 2);
  m->set_entrance(0);
  m->set_walls(0, 0, kDownOpen);
  m->set_walls(0, 1, kRightOpen);
  m->set_walls(1, 1, kRightOpen);
  m->set_walls(2, 0, kDownOpen);
  m->set_walls(2, 1, kDownOpen);
  Mask mask(3, 2);
  mask.set(1, 0, true);
  JsonExtras extras;
  extras.mask = &mask;
  extras.index = 1;
  const std::string line = maze_to_json(*m, "mine", 2, {}, extras);
  EXPECT_TRUE(has(line, R"("starts":[],"ends":[],"mask":[[1,0]],"index":1})")) << line;
  EXPECT_FALSE(has(maze_to_json(*m, "mine", 2, {}), "mask"));  // only with a mask
  auto rec = parse_maze_json(line);
  ASSERT_TRUE(rec.ok()) << rec.error().message;
  ASSERT_TRUE(rec->mask.has_value());
  EXPECT_EQ(*rec->mask, (std::vector<CellPos>{{1, 0}}));
  auto back = maze_from_record(*rec, ram);
  ASSERT_TRUE(back.ok()) << back.error().message;
  std::optional<Mask> read = record_mask(*rec);
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(format_mask(*read), format_mask(mask));
  EXPECT_EQ(format_stats(analyze(*back, &*read)), format_stats(analyze(*m, &mask)));
  EXPECT_FALSE(record_mask(*parse_maze_json(maze_to_json(*m, "mine", 2, {}))).has_value());
  // A masked cell off the grid, or with an opening, is refused.
  std::string off = line;
  off.replace(off.find("[[1,0]]"), 7, "[[3,0]]");
  auto rec_off = parse_maze_json(off);
  ASSERT_TRUE(rec_off.ok());
  auto bad = maze_from_record(*rec_off, ram);
  ASSERT_FALSE(bad.ok());
  EXPECT_TRUE(has(bad.error().message, "\"mask\" cell (3,0) is off the 3x2 maze")) << bad.error().message;
  std::string opening = line;
  opening.replace(opening.find("[[1,0]]"), 7, "[[0,0]]");
  bad = maze_from_record(*parse_maze_json(opening), ram);
  ASSERT_FALSE(bad.ok());
  EXPECT_TRUE(has(bad.error().message, "has an opening")) << bad.error().message;
  EXPECT_TRUE(has(refusal(R"({"width":2,"height":1,"cells":[3,12],"mask":[1]})"), "\"mask\" is a list of [column,row] pairs"));
}

TEST(JsonRead, RefusesWhatIsNotStrictJson) {
  EXPECT_TRUE(has(refusal(""), "character"));
  EXPECT_TRUE(has(refusal("{\"width\":2,\"height\":1,\"cells\":[3,12],}"), "character 38"));
  EXPECT_TRUE(has(refusal("{\"width\":2,\"height\":1,\"cells\":[3,12]} x"), "character"));
  EXPECT_TRUE(has(refusal("{\"width\":02,\"height\":1,\"cells\":[3,12]}"), "character"));
  EXPECT_TRUE(has(refusal("{'width':2}"), "character 2"));
  // Not UTF-8 in a string.
  EXPECT_TRUE(has(refusal("{\"algorithm\":\"\xff\",\"width\":2,\"height\":1,\"cells\":[3,12]}"),
                  "character"));
  EXPECT_TRUE(has(refusal("[1,2]"), "expected '{'"));
  EXPECT_TRUE(has(refusal("{\"width\":2,\"height\":1,\"cells\":[3,12]}{}"), "character"));
}

TEST(JsonRead, RefusesWrongValuesByName) {
  EXPECT_TRUE(has(refusal("{\"width\":2}"), "needs \"width\", \"height\" and \"cells\""));
  EXPECT_TRUE(has(refusal("{\"width\":2.5,\"height\":1,\"cells\":[3,12]}"), "\"width\""));
  EXPECT_TRUE(has(refusal("{\"width\":\"2\",\"height\":1,\"cells\":[3,12]}"), "whole number"));
  EXPECT_TRUE(has(refusal("{\"width\":2,\"height\":99999999999,\"cells\":[3,12]}"), "\"height\""));
  EXPECT_TRUE(has(refusal("{\"width\":2,\"height\":1,\"cells\":[3,16]}"), "0..15"));
  EXPECT_TRUE(has(refusal("{\"width\":2,\"height\":1,\"cells\":[3,16]}"), "cell 2"));
  EXPECT_TRUE(has(refusal("{\"width\":2,\"height\":1,\"cells\":[3,-1]}"), "0..15"));
  EXPECT_TRUE(has(refusal("{\"width\":2,\"height\":1,\"cells\":[3,[12]]}"), "0..15"));
  EXPECT_TRUE(has(refusal("{\"width\":2,\"height\":1,\"cells\":[3,1.0]}"), "0..15"));
  EXPECT_TRUE(has(refusal("{\"width\":2,\"width\":3,\"height\":1,\"cells\":[3,12]}"),
                  "\"width\" is given twice"));
  EXPECT_TRUE(has(refusal("{\"width\":2,\"height\":1,\"cells\":[3,12],\"seed\":\"7\"}"),
                  "\"seed\""));
  EXPECT_TRUE(has(refusal("{\"width\":2,\"height\":1,\"cells\":[3,12],\"starts\":[[1]]}"),
                  "\"starts\""));
  EXPECT_TRUE(has(refusal("{\"width\":2,\"height\":1,\"cells\":[3,12],\"ends\":[[1,2,3]]}"),
                  "\"ends\""));
  EXPECT_TRUE(has(refusal("{\"width\":2,\"height\":1,\"cells\":[3,12],\"algorithm\":5}"),
                  "\"algorithm\""));
}

TEST(JsonRead, DeepNestingIsRefusedEarly) {
  // 64 levels inside an unknown key are fine; far more are refused by their depth, at
  // the first bracket past the limit (not after reading the rest).
  std::string ok = "{\"width\":2,\"height\":1,\"cells\":[3,12],\"x\":" + std::string(60, '[') +
                   std::string(60, ']') + "}";
  EXPECT_TRUE(parse_maze_json(ok).ok());
  std::string deep = "{\"x\":" + std::string(1'000'000, '[');
  std::string why = refusal(deep);
  EXPECT_TRUE(has(why, "nested")) << why;
  EXPECT_TRUE(has(why, "character")) << why;
  EXPECT_TRUE(has(refusal(std::string(100'000, '[')), "expected '{'"));
}

TEST(JsonRead, LongTokensAreCutInMessages) {
  std::string line = "{\"width\":2,\"height\":1,\"cells\":[3,12],\"x\":\"" +
                     std::string(100'000, 'a') + "}";
  std::string why = refusal(line);
  EXPECT_LT(why.size(), 400u) << why.substr(0, 400);
  // A long number where a whole one belongs is shown cut (found by fuzz_json: the cut
  // once reached before the start of the text).
  std::string number = "{\"width\":2,\"height\":1,\"cells\":[3,1" + std::string(100, '5') + ".5]}";
  why = refusal(number);
  EXPECT_TRUE(has(why, "cell 2")) << why;
  EXPECT_TRUE(has(why, "not 15555") && has(why, "5555 ... 5555")) << why;
  EXPECT_LT(why.size(), 200u) << why;
}

}  // namespace
}  // namespace amazing::core
