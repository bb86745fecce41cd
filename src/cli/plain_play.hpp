// play --plain: the game in plain lines of text, for a screen reader or a terminal
// without cursor control, on any standard input and output (a terminal, a pipe, a file).
// It reads a line of keys at a time (the play screen's keys: h j k l, w a S d, the arrows'
// escape sequences when a terminal sends them; s, ?, n, f, q) and answers each key with a
// line: where the player is and which ways are open (core/plain_walk.hpp), the way out
// when s asks, the finish and its record. The rules are the play screen's own
// (tui::PlayGame, which has no curses in it); only the words differ.
//   tui::PlayGame game(factory, config);
//   game.start(clock());
//   int rc = run_plain_play(game, std::cin, std::cout, clock);   // 0 at q or end of input
// (2: a line that does not end within machine::kMaxInputLine characters)
#pragma once

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "tui/play.hpp"

namespace amazing::cli {

// The longest line of keys read (a longer one is refused with a message and skipped;
// one that has not ended within machine::kMaxInputLine characters ends the game, exit 2).
inline constexpr std::size_t kMaxPlainLine = 4096;

// The key codes in a typed line (tui/keys.hpp): bytes as themselves, ESC [ A..D and
// ESC O A..D as the arrows.
std::vector<int> plain_keys(std::string_view line);

int run_plain_play(tui::PlayGame& game, std::istream& in, std::ostream& out,
                   const std::function<double()>& clock);

}  // namespace amazing::cli
