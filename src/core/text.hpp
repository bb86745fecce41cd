// Text from outside (a script's error, a listing's line, a JSON string, a file name) made
// safe to show on a terminal: control characters and the invisible characters that
// reorder or hide text become visible escapes, so a message cannot clear the screen, set
// the window title, ring the bell, or show its characters in another order than they
// are (the "Trojan Source" bidi overrides).
//
//   printable("a\x1b[2Jb")         == "a\\x1b[2Jb"
//   printable("one\ntwo")          == "one\\ntwo"
//   printable("abc\u202edef")      == "abc\\u202edef"
//   printable("one\ntwo", Newlines::kKeep) == "one\ntwo"  (multi-line text that is ours,
//                                                        such as a Lua stack traceback)
//
// The one rule, for our messages (printable) and for a program's output shown on a
// terminal (VisibleProgramText):
// - C0 controls (U+0000..U+001F) and DEL as \xHH; \t, \n and \r as \t, \n, \r, except
//   that kKeep (and a program's output) leaves line feeds and tabs as they are.
// - C1 controls (U+0080..U+009F) written in UTF-8 as \u0080..\u009f (U+009B is CSI and
//   U+009D OSC on terminals that take 8-bit controls).
// - Bytes that are not valid UTF-8 (a lone 0x9B among them; overlong forms, surrogates,
//   values past U+10FFFF, a sequence cut short) as \xHH, each byte.
// - Format characters that reorder or hide text, as \uHHHH (\UHHHHHHHH past U+FFFF):
//     bidi: U+061C ALM, U+200E LRM, U+200F RLM, U+202A..U+202E (LRE RLE PDF LRO RLO),
//           U+2066..U+2069 (LRI RLI FSI PDI);
//     line and paragraph separators U+2028, U+2029 (some terminals and viewers break
//           the line there);
//     invisible: U+00AD soft hyphen, U+180E, U+200B zero width space, U+2060..U+2064
//           (word joiner, invisible operators), U+206A..U+206F (deprecated format
//           controls), U+FEFF (byte order mark / zero width no-break space), U+FFF9..U+FFFB
//           (interlinear annotation, which hides the annotated text), U+E0000..U+E007F
//           (tag characters: invisible ASCII).
//   Kept: U+200C and U+200D (zero width non-joiner and joiner), which Persian, the Indic
//   scripts and emoji sequences need and which neither reorder nor hide text; variation
//   selectors, for the same reason.
// - Everything else passes unchanged: printable ASCII, a backslash (as itself), and valid
//   UTF-8 (é, €, box drawing, CJK, emoji).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace amazing::core {

enum class Newlines { kEscape, kKeep };

// `text` by the rule above.
std::string printable(std::string_view text, Newlines newlines = Newlines::kEscape);

// A program's output (what a listing or a Lua script printed) for a terminal, made
// visible and never obeyed: the rule above with line feeds and tabs kept, and ESC [ C --
// the cursor-right the c64 machine writes for its CHR$(29), after each number and for
// TAB, SPC and the comma -- as the blank it leaves on a fresh line. Text comes in pieces
// as it is printed: a piece may end inside a UTF-8 sequence or an ESC [ C, whose bytes
// wait for the next piece (or finish()).
//   VisibleProgramText v; v.add("\x1b]0;pwned\x07") == "\\x1b]0;pwned\\x07"
//   v.add("1\x1b") + v.add("[C2") == "1 2"
class VisibleProgramText {
 public:
  std::string add(std::string_view piece);
  // What is still held, escaped (the output ended inside a sequence).
  std::string finish();

 private:
  std::string held_;
};

// UTF-8 by the rule above, for code that reads it a byte at a time (the keyboard,
// tui/keys.hpp): how many bytes a sequence that starts with `lead` has (2..4; 0 for a
// byte that starts none), and the length of the valid sequence at text[i] (2..4, its code
// point in `code`), or 0 when there is none there (cut short, overlong, a surrogate,
// past U+10FFFF).
std::size_t utf8_expected(unsigned char lead);
std::size_t utf8_length(std::string_view text, std::size_t i, uint32_t& code);

// `text` with what the rule above escapes left out instead: controls, bytes that are not
// UTF-8, and the reordering and invisible format characters go; tabs, line feeds and
// carriage returns become spaces. For text from outside that is drawn, not printed
// (a picture's title line).
//   visible_only("a\tb\x1b[2J\u202ec") == "a b[2Jc"
std::string visible_only(std::string_view text);

// A whole output at once: VisibleProgramText's add then finish.
std::string visible_program_text(std::string_view text);

}  // namespace amazing::core
