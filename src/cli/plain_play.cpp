#include "cli/plain_play.hpp"

#include <istream>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "core/plain_walk.hpp"
#include "core/solve.hpp"
#include "machine/input.hpp"
#include "tui/keys.hpp"

namespace amazing::cli {
namespace {

constexpr const char* kPlainHelp =
    "keys: h, j, k, l or w, a, capital S, d (or the arrow keys) move west, south, north, "
    "east; s says how far the exit is; Enter alone says where you are; n a new maze; f this "
    "seed as fixed-exit (the 1978 walk); ? these keys; q quits. Type keys, then Enter.";

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

// A box's upper-case lines as one sentence of plain words.
std::string sentence(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) {
    if (l.empty()) continue;
    if (!out.empty()) out += ' ';
    out += lower(l);
  }
  return out;
}

class PlainGame {
 public:
  PlainGame(tui::PlayGame& game, std::ostream& out, const std::function<double()>& clock)
      : game_(game), out_(out), clock_(clock) {}

  void introduce() {
    const core::Maze& m = game_.maze();
    const auto seed = game_.seed();
    say("a " + std::to_string(m.width()) + " by " + std::to_string(m.height()) +
        " maze" + (seed ? ", seed " + std::to_string(*seed) : std::string(", no seed")) +
        ". you enter at the top; the exit is a gap in the bottom row. ? lists the keys.");
    if (game_.showing_flaw()) {
      say(sentence(game_.flaw()) + " n makes a new maze, f this seed as fixed-exit.");
      (void)game_.handle(tui::Action::kNone, clock_());  // the box closes; nothing else
    }
    say(core::describe_place(m, game_.player()));
  }

  // One key; false when it quits.
  bool key(int code) {
    const tui::Action a = tui::play_action(code);
    switch (a) {
      case tui::Action::kQuit:
        say("bye.");
        return false;
      case tui::Action::kUp:
      case tui::Action::kDown:
      case tui::Action::kLeft:
      case tui::Action::kRight:
        move(a);
        return true;
      case tui::Action::kToggleSolution:
        way_out();
        return true;
      case tui::Action::kHelp:
        say(kPlainHelp);
        return true;
      case tui::Action::kNewMaze:
      case tui::Action::kFixedExit:
        new_maze(a);
        return true;
      case tui::Action::kConfirm:
        if (game_.escaped()) new_maze(a);
        else say(core::describe_place(game_.maze(), game_.player()));
        return true;
      case tui::Action::kReplay:
        say("r watches the maze being made on the play screen; not with --plain.");
        return true;
      default:
        say("that key does nothing here; ? lists the keys.");
        return true;
    }
  }

  void enter_alone() { key(tui::kKeyEnter); }

 private:
  void say(const std::string& line) { out_ << line << '\n' << std::flush; }

  void move(tui::Action a) {
    if (game_.escaped()) {
      say("you are out of the maze: Enter or n for the next one, q quits.");
      return;
    }
    const core::Cell before = game_.player();
    (void)game_.handle(a, clock_());
    if (game_.escaped()) {
      finished();
      return;
    }
    if (game_.player() == before) {
      const char* dir = a == tui::Action::kUp     ? "north"
                        : a == tui::Action::kDown ? "south"
                        : a == tui::Action::kLeft ? "west"
                                                  : "east";
      say(std::string("a wall to the ") + dir + ". " +
          core::describe_place(game_.maze(), game_.player()));
      return;
    }
    say(core::describe_place(game_.maze(), game_.player()));
  }

  void finished() {
    const std::size_t fewest = game_.solution().fewest_moves();
    std::string line = "you escaped in " + std::to_string(game_.moves()) + " moves (fewest " +
                       "possible " + std::to_string(fewest) + ")";
    if (static_cast<std::size_t>(game_.moves()) == fewest) line += ", a perfect run";
    say(line + ".");
    if (!game_.finish_note().empty()) say(sentence(game_.finish_note()) + ".");
    say("Enter or n for the next maze, q quits.");
  }

  void way_out() {
    if (game_.escaped()) {
      say("you are out of the maze.");
      return;
    }
    core::WayOut out(game_.maze());
    say(core::describe_way_out(out.path_from(game_.player())) + ".");
  }

  void new_maze(tui::Action a) {
    (void)game_.handle(a, clock_());
    if (!game_.notice().empty()) {
      say(sentence(game_.notice()));
      (void)game_.handle(tui::Action::kNone, clock_());
      return;
    }
    introduce();
  }

  tui::PlayGame& game_;
  std::ostream& out_;
  const std::function<double()>& clock_;
};

}  // namespace

std::vector<int> plain_keys(std::string_view line) {
  std::vector<int> keys;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const bool csi = line[i] == 27 && i + 2 < line.size() &&
                     (line[i + 1] == '[' || line[i + 1] == 'O');
    const std::size_t arrow = csi ? std::string_view("ABCD").find(line[i + 2]) : std::string_view::npos;
    if (arrow != std::string_view::npos) {
      static constexpr int kArrows[] = {tui::kKeyUp, tui::kKeyDown, tui::kKeyRight, tui::kKeyLeft};
      keys.push_back(kArrows[arrow]);
      i += 2;
      continue;
    }
    keys.push_back(static_cast<unsigned char>(line[i]));
  }
  return keys;
}

namespace {

// Skips the rest of a line too long to read, up to machine::kMaxInputLine characters:
// false when it has not ended by then (an endless device, as /dev/zero).
bool skip_rest_of_line(std::istream& in) {
  char c = 0;
  for (std::size_t n = 0; n < machine::kMaxInputLine; ++n)
    if (!in.get(c) || c == '\n') return true;
  return false;
}

}  // namespace

int run_plain_play(tui::PlayGame& game, std::istream& in, std::ostream& out,
                   const std::function<double()>& clock) {
  PlainGame plain(game, out, clock);
  plain.introduce();
  std::string line;
  while (true) {
    const auto read = machine::read_capped_line(in, line, kMaxPlainLine);
    if (read == machine::LineRead::kEnd && in.bad()) {
      print_error("play", machine::kStdinUnreadable);
      return kExitUsage;
    }
    if (read == machine::LineRead::kEnd) return 0;
    if (read == machine::LineRead::kTooLong) {
      out << "that line is longer than " << kMaxPlainLine
          << " characters and was not read; type fewer keys a line.\n"
          << std::flush;
      if (skip_rest_of_line(in)) continue;
      print_error("play", "an input line is longer than " + std::to_string(machine::kMaxInputLine) +
                              " characters without a line end (a device?); the input ends "
                              "there: type a few keys a line");
      return kExitUsage;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) {
      plain.enter_alone();
      continue;
    }
    for (int code : plain_keys(line)) {
      if (code == ' ' || code == ',' || code == '\t') continue;  // keys may be spaced out
      if (!plain.key(code)) return 0;
    }
  }
}

}  // namespace amazing::cli
