// amazing compare: runs the engines on the same input (W,L typed at the prompt, the same
// seed) and compares what they print, byte for byte. Prints IDENTICAL, or the first pair
// that differs with its first differing line and a short unified diff.

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "basic/listing.hpp"
#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/lua_engine.hpp"
#include "core/amazing_text.hpp"
#include "core/amazing_walk.hpp"
#include "core/render.hpp"
#include "lua/engine.hpp"
#include "machine/machine.hpp"

namespace amazing::cli {
namespace {

constexpr const char* kCompareHelp = R"(usage: amazing compare --size WxL [options]

Runs the engines on the same input -- W,L typed at the prompt of the original
program, the same seed -- and compares the whole transcripts byte for byte (80
columns, as PC-BASIC prints them, CRLF read as LF).

  --size WxL        the answer typed at WHAT ARE YOUR WIDTH AND LENGTH?
  --seed N          N%=N: RANDOMIZE N% first (-32768..32767); default: power-on RND
  --variant V       book (default), fixed or fixed-exit
  --rom FILE        the listing basic and pcbasic run (default: the --variant listing
                    found in roms/, see roms/README.md)
  --ram SIZE        the machine's memory for native, lua and basic (default
                    unlimited here, so that any size can be compared)
  --max-steps N     BASIC statements the basic engine may run (default 100M, or
                    1000 a cell for bigger mazes; 0 = none)
  --engines LIST    comma-separated, from native, lua, basic, pcbasic (default: all
                    four; pcbasic is used when the pcbasic program is installed and
                    reported as unavailable otherwise)
  -h, --help        this help

Prints IDENTICAL and exits 0 when every engine printed the same bytes; otherwise
names the first pair that differs, its first differing line, a short unified diff,
and exits 1. Exit 2: bad option, or a listing or engine that could not run.
)";

struct Options {
  Size size;
  std::optional<int16_t> seed;
  core::Variant variant = core::Variant::kBook;
  bool variant_given = false;
  std::string rom;
  std::size_t ram = core::kUnlimited;
  std::vector<std::string> engines = {"native", "lua", "basic", "pcbasic"};
  std::optional<uint64_t> max_steps;  // --max-steps, for basic
};

std::string typed(const Options& o) {
  return std::to_string(o.size.width) + "," + std::to_string(o.size.length);
}

Result<std::string> native_transcript(const Options& o) {
  core::Ram ram(o.ram);
  core::GwRnd rnd;
  if (o.seed) rnd.randomize(*o.seed);
  auto run = core::run_amazing(ram, o.size.width, o.size.length, o.variant, rnd);
  if (!run) return run.error();
  std::string out = core::transcript_header(typed(o));
  core::TextRenderer renderer(80);
  if (int line = run->stats.stopped_at_line) {
    renderer.top(run->maze, out);
    return out + core::basic_stop_message(line) + "\n";
  }
  renderer.all(run->maze, out);
  return out;
}

Result<std::string> lua_transcript(const Options& o) {
  LuaOptions lua;
  auto script = load_script(lua, "amazing.lua");
  if (!script) return script.error();
  machine::StringSink sink;
  machine::ScriptedInput input({typed(o)});
  machine::MachineConfig config;
  config.ram = o.ram;
  config.batch = true;
  config.batch_width = 80;
  config.output = &sink;
  config.input = &input;
  config.echo = true;
  auto made = machine::Machine::create(config);
  if (!made) return made.error();
  if (o.seed) (*made)->rnd().randomize(*o.seed);
  lua::ScriptArgs args;
  args.width = o.size.width;
  args.length = o.size.length;
  args.seed = o.seed;
  args.variant = std::string(core::variant_name(o.variant));
  lua::RunResult result;
  {
    lua::Engine engine(**made, lua.limits);
    result = engine.run(script->source, script->name, args);
  }
  (*made)->flush();
  if (!result.ok()) return Error{result.message};
  return sink.text();
}

Result<std::string> basic_engine_transcript(const Options& o) {
  BasicGenRequest r;
  r.width = o.size.width;
  r.length = o.size.length;
  r.seed = o.seed;
  r.variant = o.variant;
  r.transcript = true;
  r.ram = o.ram;
  r.rom = o.rom;
  r.max_steps = o.max_steps;
  std::string note;
  auto text = basic_transcript(r, &note);
  if (!note.empty()) std::fprintf(stderr, "amazing compare: %s\n", note.c_str());
  return text;
}

bool have_program(const char* name) {
  const char* path = std::getenv("PATH");
  if (!path) return false;
  std::stringstream dirs(path);
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    if (dir.empty()) continue;
    if (access((std::filesystem::path(dir) / name).c_str(), X_OK) == 0) return true;
  }
  return false;
}

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// PC-BASIC on the same listing: the seed as a line 0 (S%=N:RANDOMIZE S%), the answer
// typed with a CR line end (PC-BASIC's INPUT needs it), stdout read with CRLF -> LF.
Result<std::string> pcbasic_transcript(const Options& o) {
  Result<basic::Listing> listing =
      o.rom.empty() ? basic::find_listing(o.variant) : basic::load_listing(o.rom);
  if (!listing) return listing.error();
  char dir_template[] = "/tmp/amazing-compare-XXXXXX";
  char* dir = mkdtemp(dir_template);
  if (!dir) return Error{"could not make a temporary folder for pcbasic"};
  std::filesystem::path tmp(dir);
  {
    std::ofstream prog(tmp / "PROG.BAS", std::ios::binary);
    if (o.seed) prog << "0 S%=" << *o.seed << ":RANDOMIZE S%\n";
    prog << listing->text;
    std::ofstream in(tmp / "INPUT.TXT", std::ios::binary);
    in << typed(o) << "\r\n";
  }
  std::string cmd = "cd " + shell_quote(tmp.string()) +
                    " && timeout 3600 pcbasic PROG.BAS -n -q < INPUT.TXT > OUT.TXT 2> ERR.TXT";
  int status = std::system(cmd.c_str());
  std::ifstream out(tmp / "OUT.TXT", std::ios::binary);
  std::stringstream raw;
  raw << out.rdbuf();
  std::error_code ec;
  std::filesystem::remove_all(tmp, ec);
  if (status != 0 && raw.str().empty()) {
    return Error{"pcbasic failed (exit status " + std::to_string(WEXITSTATUS(status)) + ")"};
  }
  std::string text;
  const std::string& r = raw.str();
  for (std::size_t i = 0; i < r.size(); ++i) {
    if (r[i] == '\r' && i + 1 < r.size() && r[i + 1] == '\n') continue;
    text += r[i];
  }
  return text;
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    auto end = text.find('\n', start);
    if (end == std::string::npos) {
      lines.push_back(text.substr(start));
      break;
    }
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// Prints a unified diff hunk around the first differing line (a window of lines,
// aligned by longest common subsequence).
void print_diff(const std::string& name_a, const std::string& a, const std::string& name_b,
                const std::string& b) {
  auto la = split_lines(a), lb = split_lines(b);
  std::size_t first = 0;
  while (first < la.size() && first < lb.size() && la[first] == lb[first]) ++first;
  std::printf("first difference at line %zu:\n", first + 1);
  auto show = [](const std::vector<std::string>& l, std::size_t i) {
    return i < l.size() ? "\"" + l[i] + "\"" : std::string("(no line: the output ends)");
  };
  std::printf("  %-8s %s\n", (name_a + ":").c_str(), show(la, first).c_str());
  std::printf("  %-8s %s\n", (name_b + ":").c_str(), show(lb, first).c_str());
  constexpr std::size_t kContext = 3, kWindow = 16;
  std::size_t start = first > kContext ? first - kContext : 0;
  std::size_t ea = std::min(la.size(), first + kWindow), eb = std::min(lb.size(), first + kWindow);
  std::size_t n = ea - start, m = eb - start;
  std::vector<std::vector<int>> lcs(n + 1, std::vector<int>(m + 1, 0));
  for (std::size_t i = n; i-- > 0;) {
    for (std::size_t j = m; j-- > 0;) {
      lcs[i][j] = la[start + i] == lb[start + j] ? lcs[i + 1][j + 1] + 1
                                                 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  std::printf("--- %s\n+++ %s\n@@ -%zu,%zu +%zu,%zu @@\n", name_a.c_str(), name_b.c_str(),
              start + 1, n, start + 1, m);
  std::size_t i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && la[start + i] == lb[start + j]) {
      std::printf(" %s\n", la[start + i].c_str());
      ++i, ++j;
    } else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) {
      std::printf("-%s\n", la[start + i].c_str());
      ++i;
    } else {
      std::printf("+%s\n", lb[start + j].c_str());
      ++j;
    }
  }
  if (ea < la.size() || eb < lb.size()) std::printf("(diff cut after %zu lines)\n", kWindow);
}

}  // namespace

int compare_command(int argc, char** argv) {
  ArgScanner args(argc, argv, 2, "compare");
  Options o;
  std::optional<Size> size;
  std::optional<core::Variant> variant;
  while (args.next()) {
    if (args.is("--help")) {
      std::fputs(kCompareHelp, stdout);
      return kExitOk;
    } else if (args.option("--size", parse_size, size) ||
               args.option("--seed", parse_seed, o.seed) ||
               args.option("--variant", parse_variant_option, variant)) {
    } else if (args.is("--rom")) {
      if (auto v = args.value()) o.rom = *v;
    } else if (args.option("--ram", core::parse_ram_size, o.ram)) {
    } else if (args.option("--max-steps", parse_max_steps, o.max_steps)) {
    } else if (args.is("--engines")) {
      if (auto v = args.value()) {
        o.engines.clear();
        std::stringstream list(*v);
        std::string e;
        while (std::getline(list, e, ',')) {
          if (e != "native" && e != "lua" && e != "basic" && e != "pcbasic") {
            args.fail("--engines: '" + e + "' is not an engine; use native, lua, basic, pcbasic");
            break;
          }
          if (std::find(o.engines.begin(), o.engines.end(), e) == o.engines.end())
            o.engines.push_back(e);
        }
      }
    } else {
      args.unknown();
    }
  }
  if (!args.failed() && !args.positional().empty())
    args.fail("unexpected argument '" + args.positional().front() +
              "' (see 'amazing compare --help')");
  if (size) o.size = *size;
  if (variant) o.variant = *variant, o.variant_given = true;
  if (!args.failed() && !size)
    args.fail("--size WxL is required, for example: amazing compare --size 10x12 --seed 7");
  if (args.failed()) {
    std::fprintf(stderr, "amazing compare: %s\n", args.error().c_str());
    return kExitUsage;
  }
  // A known --rom decides the variant the native and Lua engines reproduce.
  if (!o.rom.empty()) {
    auto listing = basic::load_listing(o.rom);
    if (!listing) {
      std::fprintf(stderr, "amazing compare: %s\n", listing.error().message.c_str());
      return kExitUsage;
    }
    if (listing->variant) {
      if (o.variant_given && *listing->variant != o.variant) {
        std::fprintf(stderr,
                     "amazing compare: %s is the %s listing, but --variant %s was given; "
                     "drop one of them\n",
                     o.rom.c_str(), std::string(core::variant_name(*listing->variant)).c_str(),
                     std::string(core::variant_name(o.variant)).c_str());
        return kExitUsage;
      }
      o.variant = *listing->variant;
    }
  }
  std::vector<std::pair<std::string, std::string>> outputs;
  for (const auto& e : o.engines) {
    Result<std::string> text = Error{""};
    if (e == "native") {
      text = native_transcript(o);
    } else if (e == "lua") {
      text = lua_transcript(o);
    } else if (e == "basic") {
      text = basic_engine_transcript(o);
    } else {
      if (!have_program("pcbasic")) {
        std::fprintf(stderr,
                     "amazing compare: pcbasic: unavailable (the pcbasic program is not "
                     "installed; on Debian: apt install python3-pcbasic); compared without it\n");
        continue;
      }
      text = pcbasic_transcript(o);
    }
    if (!text) {
      std::fprintf(stderr, "amazing compare: %s: %s\n", e.c_str(), text.error().message.c_str());
      return kExitUsage;
    }
    outputs.emplace_back(e, std::move(*text));
  }
  if (outputs.size() < 2) {
    std::fprintf(stderr, "amazing compare: fewer than two engines could run; nothing to compare\n");
    return kExitUsage;
  }
  for (std::size_t k = 1; k < outputs.size(); ++k) {
    if (outputs[k].second != outputs[0].second) {
      std::printf("DIFFERENT: %s and %s\n", outputs[0].first.c_str(), outputs[k].first.c_str());
      print_diff(outputs[0].first, outputs[0].second, outputs[k].first, outputs[k].second);
      return 1;
    }
  }
  std::printf("IDENTICAL\n");
  std::string names;
  for (const auto& [name, text] : outputs) names += (names.empty() ? "" : ", ") + name;
  std::fprintf(stderr, "amazing compare: %s printed the same %zu bytes\n", names.c_str(),
               outputs[0].second.size());
  return kExitOk;
}

}  // namespace amazing::cli
