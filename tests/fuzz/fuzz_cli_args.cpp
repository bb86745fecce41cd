// Fuzz target: option parsing (src/cli/args, the value parsers of every subcommand) and
// the `amazing gen` entry point. The input is an argument vector, arguments separated by
// NUL bytes. First, each option's value is fed to its parser (args.hpp); then gen_command
// runs on it when it names only options that keep the run small and on this machine: the
// default 48K RAM bounds the maze, and options that read files (--mask, --rom, --script,
// --scripts), lift the RAM limit (--ram) or repeat the work (--count) are left out, and so
// are the random-walk makers (wilson, aldous-broder), slow on long thin mazes by nature.
// gen's standard output goes to /dev/null; it opens no terminal.
#include <fcntl.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/lua_engine.hpp"
#include "core/nibble_store.hpp"
#include "core/ram.hpp"
#include "tui/session.hpp"

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

void quiet_stdout() {
  static bool done = false;
  if (done) return;
  done = true;
  std::fflush(stdout);
  int null = open("/dev/null", O_WRONLY);
  if (null >= 0) {
    dup2(null, STDOUT_FILENO);
    close(null);
  }
}

// Returns the cells of the last --size given (0 if none parsed).
long long scan(std::vector<char*>& argv) {
  using namespace amazing;
  std::optional<cli::Size> size;
  std::optional<int16_t> seed;
  core::Variant variant = core::Variant::kBook;
  std::size_t ram = core::kDefaultRam;
  uint64_t steps = 0;
  std::size_t mem = 0;
  int baud = 0;
  // Each "--name value" or "--name=value" whose name has a value parser: the parser
  // either takes the value or says why not, never anything else.
  auto feed = [](auto parse, std::string_view value, auto& out) {
    auto parsed = parse(value);
    if (parsed)
      out = std::move(parsed).value();
    else
      check(!parsed.error().message.empty());
  };
  for (std::size_t i = 2; i < argv.size(); ++i) {
    std::string_view word = argv[i];
    if (word.rfind("--", 0) != 0) continue;
    const std::size_t eq = word.find('=');
    std::string_view name = word.substr(0, eq);
    std::string_view value;
    if (eq != std::string_view::npos)
      value = word.substr(eq + 1);
    else if (i + 1 < argv.size())
      value = argv[i + 1];
    if (name == "--size") feed(cli::parse_size, value, size);
    if (name == "--seed") feed(cli::parse_seed, value, seed);
    if (name == "--variant") feed(cli::parse_variant_option, value, variant);
    if (name == "--ram") feed(core::parse_ram_size, value, ram);
    if (name == "--max-steps") feed(cli::parse_max_steps, value, steps);
    if (name == "--lua-mem") feed(cli::parse_lua_mem, value, mem);
    if (name == "--baud") feed(tui::parse_baud, value, baud);
  }
  if (size) {
    check(size->width >= 2 && size->length >= 2);
    check(size->width <= core::NibbleStore::kMaxDimension &&
          size->length <= core::NibbleStore::kMaxDimension);
  }
  if (ram != core::kDefaultRam) {
    // The RAM size prints back to text that reads as the same size.
    auto again = core::parse_ram_size(core::format_ram_size(ram));
    check(again.ok() && *again == ram);
  }
  return size ? static_cast<long long>(size->width) * size->length : 0;
}

bool small_gen(const std::vector<std::string>& words) {
  static constexpr std::string_view kAllowed[] = {
      "--size", "--seed", "--variant", "--transcript", "--algorithm", "--format",
      "--starts", "--stats", "--help", "-h"};
  for (const auto& w : words) {
    // The random-walk makers take time growing with the square of the long side: a 6800x7
    // maze (it fits 48K) takes wilson more than 10 s under the sanitizers. Not a bug, but
    // every such input would be a libFuzzer timeout.
    if (w.find("wilson") != std::string::npos || w.find("aldous") != std::string::npos)
      return false;
    if (w.rfind("--", 0) != 0 || w.size() <= 2) continue;
    std::string_view name(w);
    name = name.substr(0, name.find('='));
    bool ok = false;
    for (auto a : kAllowed) ok = ok || name == a;
    if (!ok) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  if (size > 1024) return 0;
  quiet_stdout();
  std::vector<std::string> words = {"amazing", "gen"};
  std::string_view all(reinterpret_cast<const char*>(data), size);
  std::size_t pos = 0;
  while (pos <= all.size() && words.size() < 34) {
    std::size_t end = all.find('\0', pos);
    if (end == std::string_view::npos) end = all.size();
    words.emplace_back(all.substr(pos, end - pos));
    pos = end + 1;
  }
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  long long cells = scan(argv);
  // eller streams a row at a time, so 48K does not bound its maze: keep mazes small.
  if (cells <= 100000 && small_gen(words)) {
    int status = amazing::cli::gen_command(static_cast<int>(argv.size()), argv.data());
    check(status >= 0 && status <= 5);
  }
  return 0;
}
