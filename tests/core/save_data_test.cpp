// The save store's file text (core/save_data.hpp): every kind reads back as it was, and
// hostile or damaged text is refused with the line that is wrong, never half read.
#include "core/save_data.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace amazing::core {
namespace {

// GCC 12 warns that a moved std::variant<int64_t, std::string> key "may be used
// uninitialized" in the emplace_backs below (a known false positive of its variant moves).
// Clang has no such warning and, under -Werror, refuses the unknown name.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
SaveData every_kind() {
  SaveData data;
  data["yes"] = SaveValue{true};
  data["no"] = SaveValue{false};
  data["int"] = SaveValue{int64_t{-9007199254740993}};
  data["max"] = SaveValue{std::numeric_limits<int64_t>::max()};
  data["float"] = SaveValue{0.1};
  data["inf"] = SaveValue{-std::numeric_limits<double>::infinity()};
  data["text"] = SaveValue{std::string("tab\there\nnew line 100% \x7f\x01 caf\xc3\xa9")};
  data["empty"] = SaveValue{std::string()};
  data["odd key: ../x %20\\"] = SaveValue{std::string("k")};
  SaveTable t;
  t.entries.emplace_back(SaveTableKey{int64_t{1}}, SaveScalar{int64_t{12}});
  t.entries.emplace_back(SaveTableKey{std::string("name\tx")}, SaveScalar{std::string("A%B")});
  t.entries.emplace_back(SaveTableKey{int64_t{-3}}, SaveScalar{2.5});
  t.entries.emplace_back(SaveTableKey{std::string("1")}, SaveScalar{true});
  data["table"] = SaveValue{t};
  data["empty table"] = SaveValue{SaveTable{}};
  return data;
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

TEST(SaveData, EveryKindReadsBackAsItWas) {
  SaveData data = every_kind();
  std::string text = encode_save(data);
  auto back = decode_save(text);
  ASSERT_TRUE(back.ok()) << back.error().message << "\n" << text;
  ASSERT_EQ(back->size(), data.size());
  for (const auto& [key, value] : data) {
    ASSERT_EQ(back->count(key), 1u) << key;
    const SaveValue& got = back->at(key);
    ASSERT_EQ(got.index(), value.index()) << key;
    if (auto* t = std::get_if<SaveTable>(&value)) {
      const auto& gt = std::get<SaveTable>(got);
      ASSERT_EQ(gt.entries.size(), t->entries.size());
      for (std::size_t i = 0; i < t->entries.size(); ++i) {
        EXPECT_EQ(gt.entries[i].first, t->entries[i].first);
        EXPECT_EQ(gt.entries[i].second, t->entries[i].second);
      }
    } else {
      EXPECT_EQ(encode_save({{key, got}}), encode_save({{key, value}})) << key;
    }
  }
  EXPECT_EQ(std::get<double>(back->at("float")), 0.1);
  EXPECT_EQ(std::get<std::string>(back->at("text")),
            "tab\there\nnew line 100% \x7f\x01 caf\xc3\xa9");
  // Lines only: each entry is one line, no byte of a value breaks one.
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), static_cast<long>(data.size() + 1));
}

TEST(SaveData, EmptyTextIsAnEmptyStore) {
  auto back = decode_save("");
  ASSERT_TRUE(back.ok());
  EXPECT_TRUE(back->empty());
  EXPECT_EQ(encode_save({}), "amazing save 1\n");
}

TEST(SaveData, KeysArePrintableAndShort) {
  EXPECT_TRUE(save_key_ok("best time"));
  EXPECT_TRUE(save_key_ok("../x"));  // data, never a path
  EXPECT_TRUE(save_key_ok(std::string(kMaxSaveKey, 'k')));
  EXPECT_FALSE(save_key_ok(""));
  EXPECT_FALSE(save_key_ok(std::string(kMaxSaveKey + 1, 'k')));
  EXPECT_FALSE(save_key_ok("a\tb"));
  EXPECT_FALSE(save_key_ok("a\nb"));
  EXPECT_FALSE(save_key_ok("caf\xc3\xa9"));
}

TEST(SaveData, DamagedTextIsRefusedWithTheLine) {
  struct Case {
    std::string text;
    std::string says;
  };
  const Case cases[] = {
      {"amazing save 2\n", "does not start with"},
      {"return os.exit()\n", "does not start with"},
      {"amazing save 1\nk\ti:1", "cut short"},
      {"amazing save 1\nk\n", "line 2: a line without a value"},
      {"amazing save 1\nk\ti:12x\n", "line 2"},
      {"amazing save 1\nk\ti:99999999999999999999\n", "line 2"},
      {"amazing save 1\nk\tf:\n", "line 2"},
      {"amazing save 1\nk\tb:yes\n", "line 2"},
      {"amazing save 1\nk\ts:50%\n", "line 2"},
      {"amazing save 1\nk\ts:%4g\n", "line 2"},
      {"amazing save 1\nk\ts:a\rb\n", "line 2"},
      {"amazing save 1\nk\tx:1\n", "line 2"},
      {"amazing save 1\nk\ti:1\ti:2\n", "line 2"},
      {"amazing save 1\nk\ti:1\nk\ti:2\n", "line 3: the key 'k' comes twice"},
      {"amazing save 1\n\ti:1\n", "line 2: a key"},
      {"amazing save 1\nk\tt\ti:1\n", "without a value"},
      {"amazing save 1\nk\tt\tb:true\ti:1\n", "not i:/s:"},
      {"amazing save 1\nk\tt\ti:1\tt\n", "not i:/s:"},
      {"amazing save 1\nk\tt\ti:1\ti:1\ti:1\ti:2\n", "has a key twice"},
      {"amazing save 1\n" + std::string(kMaxSaveBytes, 'x') + "\n", "larger than 64 KB"},
  };
  for (const Case& c : cases) {
    auto back = decode_save(c.text);
    ASSERT_FALSE(back.ok()) << c.text;
    EXPECT_NE(back.error().message.find(c.says), std::string::npos)
        << c.text << " -> " << back.error().message;
  }
}

}  // namespace
}  // namespace amazing::core
