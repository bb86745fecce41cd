#include "tui/keys.hpp"

#include "core/text.hpp"

namespace amazing::tui {

Action play_action(int key) {
  switch (key) {
    case kKeyShiftUp:
    case kKeyCtrlUp:
      return Action::kRunUp;
    case kKeyShiftDown:
    case kKeyCtrlDown:
      return Action::kRunDown;
    case kKeyShiftLeft:
    case kKeyCtrlLeft:
      return Action::kRunLeft;
    case kKeyShiftRight:
    case kKeyCtrlRight:
      return Action::kRunRight;
    case 'g':
    case 'G':
      return Action::kRunPrefix;
    case 't':
    case 'T':
      return Action::kTrail;
    case 'm':
    case 'M':
      return Action::kSolvers;
    case kKeyUp:
    case 'k':
    case 'K':
    case 'w':
    case 'W':
      return Action::kUp;
    case kKeyDown:
    case 'j':
    case 'J':
    case 'S':
      return Action::kDown;
    case kKeyLeft:
    case 'h':
    case 'H':
    case 'a':
    case 'A':
      return Action::kLeft;
    case kKeyRight:
    case 'l':
    case 'L':
    case 'd':
    case 'D':
      return Action::kRight;
    case '?':
      return Action::kHelp;
    case 's':
      return Action::kToggleSolution;
    case 'n':
    case 'N':
      return Action::kNewMaze;
    case 'f':
    case 'F':
      return Action::kFixedExit;
    case 'q':
    case 'Q':
    case kKeyCtrlC:
      return Action::kQuit;
    case 'r':
    case 'R':
      return Action::kReplay;
    case 27:
      return Action::kClose;
    case kKeyEnter:
    case ' ':
      return Action::kConfirm;
    default:
      return Action::kNone;
  }
}

std::string_view action_name(Action a) {
  switch (a) {
    case Action::kNone:
      return "none";
    case Action::kUp:
      return "up";
    case Action::kDown:
      return "down";
    case Action::kLeft:
      return "left";
    case Action::kRight:
      return "right";
    case Action::kHelp:
      return "help";
    case Action::kToggleSolution:
      return "solution";
    case Action::kNewMaze:
      return "new maze";
    case Action::kFixedExit:
      return "fixed-exit";
    case Action::kQuit:
      return "quit";
    case Action::kClose:
      return "close";
    case Action::kConfirm:
      return "confirm";
    case Action::kReplay:
      return "replay";
    case Action::kRunUp:
      return "run up";
    case Action::kRunDown:
      return "run down";
    case Action::kRunLeft:
      return "run left";
    case Action::kRunRight:
      return "run right";
    case Action::kRunPrefix:
      return "run";
    case Action::kTrail:
      return "trail";
    case Action::kSolvers:
      return "solvers";
  }
  return "?";
}

namespace {

struct NamedKey {
  int key;
  const char* name;
};

constexpr NamedKey kNamedKeys[] = {
    {kKeyUp, "up"},         {kKeyDown, "down"},         {kKeyLeft, "left"},
    {kKeyRight, "right"},   {kKeyHome, "home"},         {kKeyEnd, "end"},
    {kKeyPageUp, "pageup"}, {kKeyPageDown, "pagedown"}, {kKeyInsert, "insert"},
    {kKeyDelete, "delete"}, {kKeyEnter, "enter"},       {kKeyBackspace, "backspace"},
    {27, "escape"},         {'\t', "tab"},
};

}  // namespace

std::string key_name(int key) {
  for (const NamedKey& k : kNamedKeys)
    if (k.key == key) return k.name;
  if (key >= kKeyF1 && key <= kKeyF12) return "f" + std::to_string(key - kKeyF1 + 1);
  if (key >= 0 && key < 256) return std::string(1, static_cast<char>(key));
  return {};
}

std::vector<std::string> KeyDecoder::flush() {
  std::vector<std::string> keys;
  for (char byte : held_) keys.emplace_back(1, byte);
  held_.clear();
  return keys;
}

std::vector<std::string> KeyDecoder::feed(int key) {
  const bool byte = key >= 0 && key < 256;
  const auto b = static_cast<unsigned char>(key);
  if (byte && !held_.empty() && (b & 0xC0) == 0x80) {
    held_ += static_cast<char>(b);
    if (held_.size() < core::utf8_expected(static_cast<unsigned char>(held_[0]))) return {};
    uint32_t code = 0;
    if (core::utf8_length(held_, 0, code) != held_.size()) return flush();  // overlong, ...
    std::vector<std::string> keys{held_};
    held_.clear();
    return keys;
  }
  std::vector<std::string> keys = flush();  // a character cut short by this key
  if (byte && core::utf8_expected(b) != 0) {
    held_ = std::string(1, static_cast<char>(b));
    return keys;
  }
  if (std::string name = key_name(key); !name.empty()) keys.push_back(std::move(name));
  return keys;
}

}  // namespace amazing::tui
