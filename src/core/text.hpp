// Text from outside (a script's error, a listing's line, a JSON string, a file name) made
// safe to show on a terminal: control characters become visible escapes, so a message
// cannot clear the screen, set the window title or ring the bell.
//
//   printable("a\x1b[2Jb")         == "a\\x1b[2Jb"
//   printable("one\ntwo")          == "one\\ntwo"
//   printable("one\ntwo", Newlines::kKeep) == "one\ntwo"  (multi-line text that is ours,
//                                                        such as a Lua stack traceback)
#pragma once

#include <string>
#include <string_view>

namespace amazing::core {

enum class Newlines { kEscape, kKeep };

// C0 controls and DEL as \xHH (\t, \n and \r as \t, \n, \r, except that kKeep leaves
// line feeds and tabs as they are; a backslash stays a backslash); the C1 controls
// U+0080..U+009F, written in UTF-8, as \u0080..\u009f; bytes that are not valid UTF-8 as
// \xHH. Printable ASCII and valid UTF-8 pass unchanged.
std::string printable(std::string_view text, Newlines newlines = Newlines::kEscape);

}  // namespace amazing::core
