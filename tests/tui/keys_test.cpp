// The play view's key map: arrows, hjkl and WASD move; s, ?, n, f, q do what the help says.
#include "tui/keys.hpp"

#include <gtest/gtest.h>

namespace amazing::tui {
namespace {

TEST(Keys, ArrowsMove) {
  EXPECT_EQ(play_action(kKeyUp), Action::kUp);
  EXPECT_EQ(play_action(kKeyDown), Action::kDown);
  EXPECT_EQ(play_action(kKeyLeft), Action::kLeft);
  EXPECT_EQ(play_action(kKeyRight), Action::kRight);
}

TEST(Keys, VimKeysMoveInEitherCase) {
  EXPECT_EQ(play_action('h'), Action::kLeft);
  EXPECT_EQ(play_action('j'), Action::kDown);
  EXPECT_EQ(play_action('k'), Action::kUp);
  EXPECT_EQ(play_action('l'), Action::kRight);
  EXPECT_EQ(play_action('H'), Action::kLeft);
  EXPECT_EQ(play_action('J'), Action::kDown);
  EXPECT_EQ(play_action('K'), Action::kUp);
  EXPECT_EQ(play_action('L'), Action::kRight);
}

TEST(Keys, WasdMovesAndLowerCaseSShowsTheSolution) {
  EXPECT_EQ(play_action('w'), Action::kUp);
  EXPECT_EQ(play_action('a'), Action::kLeft);
  EXPECT_EQ(play_action('d'), Action::kRight);
  EXPECT_EQ(play_action('W'), Action::kUp);
  EXPECT_EQ(play_action('A'), Action::kLeft);
  EXPECT_EQ(play_action('D'), Action::kRight);
  EXPECT_EQ(play_action('S'), Action::kDown);
  EXPECT_EQ(play_action('s'), Action::kToggleSolution);
}

TEST(Keys, Commands) {
  EXPECT_EQ(play_action('?'), Action::kHelp);
  EXPECT_EQ(play_action('n'), Action::kNewMaze);
  EXPECT_EQ(play_action('N'), Action::kNewMaze);
  EXPECT_EQ(play_action('f'), Action::kFixedExit);
  EXPECT_EQ(play_action('q'), Action::kQuit);
  EXPECT_EQ(play_action('Q'), Action::kQuit);
  EXPECT_EQ(play_action(kKeyCtrlC), Action::kQuit);
  EXPECT_EQ(play_action(27), Action::kClose);  // Esc closes a box, never quits
  EXPECT_EQ(play_action(kKeyEnter), Action::kConfirm);
  EXPECT_EQ(play_action(' '), Action::kConfirm);
}

TEST(Keys, OtherKeysMeanNothing) {
  for (int key :
       {int{'x'}, int{'z'}, int{'1'}, kKeyBackspace, kKeyResize, kKeyNone})
    EXPECT_EQ(play_action(key), Action::kNone) << key;
}

TEST(Keys, Names) {
  EXPECT_EQ(action_name(Action::kToggleSolution), "solution");
  EXPECT_EQ(action_name(Action::kQuit), "quit");
  EXPECT_EQ(action_name(Action::kClose), "close");
  EXPECT_EQ(action_name(Action::kConfirm), "confirm");
}

// amazing.inkey()'s names (scripts/README.md): words for the keys that print nothing.
TEST(InkeyNames, SpecialKeysAreWords) {
  EXPECT_EQ(key_name(kKeyUp), "up");
  EXPECT_EQ(key_name(kKeyRight), "right");
  EXPECT_EQ(key_name(kKeyEnter), "enter");
  EXPECT_EQ(key_name(27), "escape");
  EXPECT_EQ(key_name('\t'), "tab");
  EXPECT_EQ(key_name(kKeyHome), "home");
  EXPECT_EQ(key_name(kKeyEnd), "end");
  EXPECT_EQ(key_name(kKeyPageUp), "pageup");
  EXPECT_EQ(key_name(kKeyPageDown), "pagedown");
  EXPECT_EQ(key_name(kKeyInsert), "insert");
  EXPECT_EQ(key_name(kKeyDelete), "delete");
  EXPECT_EQ(key_name(kKeyF1), "f1");
  EXPECT_EQ(key_name(kKeyF1 + 9), "f10");
  EXPECT_EQ(key_name(kKeyF12), "f12");
  EXPECT_EQ(key_name('a'), "a");
  EXPECT_EQ(key_name(kKeyResize), "");
  EXPECT_EQ(key_name(kKeyPasteStart), "");
  EXPECT_EQ(key_name(kKeyF12 + 1), "");
}

// Feeds the bytes of `text` one at a time, as curses reads them.
std::vector<std::string> feed_all(KeyDecoder& d, std::string_view text) {
  std::vector<std::string> keys;
  for (char c : text)
    for (std::string& k : d.feed(static_cast<unsigned char>(c))) keys.push_back(k);
  return keys;
}

using Keys = std::vector<std::string>;

TEST(KeyDecoder, AUtf8CharacterIsOneKey) {
  KeyDecoder d;
  EXPECT_EQ(feed_all(d, "\xC3"), Keys{});
  EXPECT_TRUE(d.waiting());
  EXPECT_EQ(feed_all(d, "\xA9"), Keys{"\u00e9"});  // é
  EXPECT_FALSE(d.waiting());
  EXPECT_EQ(feed_all(d, "\u20ac"), Keys{"\u20ac"});              // €, three bytes
  EXPECT_EQ(feed_all(d, "\U0001F600"), Keys{"\U0001F600"});      // four bytes
  EXPECT_EQ(feed_all(d, "a\u00e9b"), (Keys{"a", "\u00e9", "b"}));
}

TEST(KeyDecoder, ALoneInvalidByteIsOneKey) {
  KeyDecoder d;
  // A Latin-1 é (0xE9) starts a three-byte sequence that never comes.
  EXPECT_EQ(feed_all(d, "\xE9"), Keys{});
  EXPECT_EQ(feed_all(d, "a"), (Keys{"\xE9", "a"}));
  EXPECT_EQ(feed_all(d, "\xE9"), Keys{});
  EXPECT_EQ(d.flush(), Keys{"\xE9"});  // nothing more came
  EXPECT_FALSE(d.waiting());
  // Bytes that start nothing: a continuation byte alone, 0xC0, 0xFF.
  EXPECT_EQ(feed_all(d, "\xA9"), Keys{"\xA9"});
  EXPECT_EQ(feed_all(d, "\xC0\xFF"), (Keys{"\xC0", "\xFF"}));
}

TEST(KeyDecoder, InvalidSequencesAreTheirBytes) {
  KeyDecoder d;
  EXPECT_EQ(feed_all(d, "\xE0\x80\x80"), (Keys{"\xE0", "\x80", "\x80"}));  // overlong
  EXPECT_EQ(feed_all(d, "\xED\xA0\x80"), (Keys{"\xED", "\xA0", "\x80"}));  // a surrogate
  EXPECT_EQ(feed_all(d, "\xE2\x82" "a"), (Keys{"\xE2", "\x82", "a"}));   // cut short
}

TEST(KeyDecoder, ASpecialKeyEndsACharacterCutShortAndIsNamed) {
  KeyDecoder d;
  EXPECT_EQ(feed_all(d, "\xC3"), Keys{});
  EXPECT_EQ(d.feed(kKeyF1), (Keys{"\xC3", "f1"}));
  EXPECT_EQ(d.feed(kKeyPageDown), Keys{"pagedown"});
  EXPECT_EQ(d.feed(27), Keys{"escape"});
  EXPECT_EQ(d.feed(kKeyResize), Keys{});
}

}  // namespace
}  // namespace amazing::tui
