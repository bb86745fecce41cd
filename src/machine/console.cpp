#include "machine/console.hpp"

namespace amazing::machine {

std::string ScriptedConsole::inkey() {
  if (keys_.empty()) return {};
  std::string key = std::move(keys_.front());
  keys_.pop_front();
  return key;
}

}  // namespace amazing::machine
