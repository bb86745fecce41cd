// What `amazing run --watch` watches (cli/run_watch.hpp): FILE and the .lua files under the
// lib folders; an edit, a new module, a removed file each count as a change, other files
// do not; and the save store's file name for a script (cli/save_store.hpp).
#include "cli/run_watch.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "cli/save_store.hpp"

namespace amazing::cli {
namespace {
namespace fs = std::filesystem;

void write(const fs::path& path, const std::string& text) {
  std::ofstream(path) << text;
}

// Polls past the watcher's 250 ms throttle.
bool changed_after_a_look(WatchedFiles& files) {
  std::this_thread::sleep_for(std::chrono::milliseconds(WatchedFiles::kPollMs + 30));
  return files.poll();
}

TEST(RunWatch, FileAndLibModulesAreWatched) {
  char tmpl[] = "/tmp/amazing-watch-XXXXXX";
  ASSERT_NE(mkdtemp(tmpl), nullptr);
  fs::path dir(tmpl);
  fs::create_directories(dir / "lib" / "sub");
  write(dir / "prog.lua", "print(1)\n");
  write(dir / "lib" / "sub" / "m.lua", "return 1\n");
  WatchedFiles files((dir / "prog.lua").string(), {(dir / "lib").string()});
  EXPECT_FALSE(changed_after_a_look(files));

  write(dir / "lib" / "notes.txt", "not a module\n");  // not watched
  EXPECT_FALSE(changed_after_a_look(files));

  write(dir / "lib" / "sub" / "m.lua", "return 22\n");  // a module edited
  EXPECT_TRUE(changed_after_a_look(files));
  EXPECT_TRUE(files.changed_flag());
  files.rearm();
  EXPECT_FALSE(files.changed_flag());
  EXPECT_FALSE(changed_after_a_look(files));

  write(dir / "lib" / "new.lua", "return 3\n");  // a module added
  EXPECT_TRUE(changed_after_a_look(files));
  files.rearm();

  fs::remove(dir / "prog.lua");  // an editor between writing and renaming
  EXPECT_TRUE(changed_after_a_look(files));
  files.rearm();
  write(dir / "prog.lua", "print(2)\n");  // and back
  EXPECT_TRUE(changed_after_a_look(files));
  fs::remove_all(dir);
}

TEST(RunWatch, ThePollLooksAtTheDiskAtMostEveryQuarterSecond) {
  char tmpl[] = "/tmp/amazing-watch-XXXXXX";
  ASSERT_NE(mkdtemp(tmpl), nullptr);
  fs::path dir(tmpl);
  write(dir / "prog.lua", "print(1)\n");
  WatchedFiles files((dir / "prog.lua").string(), {});
  write(dir / "prog.lua", "print(12)\n");
  EXPECT_FALSE(files.poll());  // right after rearm: not looked yet
  EXPECT_TRUE(changed_after_a_look(files));
  fs::remove_all(dir);
}

TEST(SaveStore, ANameIsTheScriptsBaseNameSanitised) {
  EXPECT_EQ(FileSaveStore::store_name("scripts/examples/maze_game.lua"), "maze_game");
  EXPECT_EQ(FileSaveStore::store_name("amazing.lua"), "amazing");
  EXPECT_EQ(FileSaveStore::store_name("wilson.lua"), "wilson");
  EXPECT_EQ(FileSaveStore::store_name("/a/b/my game!.lua"), "my_game_");
  EXPECT_EQ(FileSaveStore::store_name("../../.."), "_.");
  EXPECT_EQ(FileSaveStore::store_name(".hidden.lua"), "_hidden");
  EXPECT_EQ(FileSaveStore::store_name("dir/"), "script");
  EXPECT_EQ(FileSaveStore::store_name("a\\b\\c.lua"), "c");
  EXPECT_EQ(FileSaveStore::store_name(std::string(100, 'x') + ".lua"), std::string(64, 'x'));
  EXPECT_EQ(FileSaveStore::store_name("caf\xc3\xa9.lua"), "caf__");
}

TEST(SaveStore, TheFileIsInTheDataFolder) {
  ::setenv("XDG_DATA_HOME", "/tmp/xdg-data", 1);
  EXPECT_EQ(FileSaveStore::file_for("x/maze_game.lua"),
            fs::path("/tmp/xdg-data/amazing/saves/maze_game.save"));
  ::unsetenv("XDG_DATA_HOME");
  const char* home = std::getenv("HOME");
  if (home != nullptr && *home != '\0') {
    EXPECT_EQ(FileSaveStore::file_for("amazing.lua"),
              fs::path(home) / ".local/share/amazing/saves/amazing.save");
  }
}

}  // namespace
}  // namespace amazing::cli
