// amazing compare: runs the engines on the same input (W,L typed at the prompt, the same
// seed) and compares what they print, byte for byte. Prints IDENTICAL, or the first pair
// that differs with its first differing line and a short unified diff.

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "basic/listing.hpp"
#include "cli/args.hpp"
#include "cli/cli11_help.hpp"
#include "cli/commands.hpp"
#include "cli/job.hpp"
#include "cli/output.hpp"
#include "cli/engines/outside_judge.hpp"
#include "cli/lua_engine.hpp"
#include "core/amazing_text.hpp"
#include "core/amazing_walk.hpp"
#include "core/c64_rnd.hpp"
#include "core/render.hpp"
#include "lua/engine.hpp"
#include "machine/machine.hpp"
#include "machine/user_file.hpp"

namespace amazing::cli {
namespace {

// The help: usage, intro and footer; the options' lines come from their definitions
// in compare_command.
constexpr const char* kCompareUsage = "amazing compare --size WxL [options]";
constexpr const char* kCompareIntro =
    "Runs the engines on the same input -- W,L typed at the prompt of the original program, "
    "the same seed -- and compares the whole transcripts byte for byte (80 columns, as "
    "PC-BASIC prints them, CRLF read as LF).";
constexpr const char* kCompareFooter =
    "Prints IDENTICAL and exits 0 when every engine printed the same bytes; otherwise names "
    "the first pair that differs, its first differing line, a short unified diff, and exits "
    "1.\nExit 2: bad option, or a listing or engine that could not run (pcbasic or cbmbasic "
    "still running after --timeout is stopped and counts as one).\nThe outside judge works in "
    "a folder /tmp/amazing-compare-PID-XXXXXX that goes when the run ends, Ctrl-C and kill "
    "included; one left by a run that could not clean up (the whole session killed at once) "
    "is removed by the next compare.";

// A compare run: the job (size, seed, variant, listing, RAM, machine) and compare's own.
struct Options {
  Job job;
  bool variant_given = false;
  std::vector<std::string> engines = {"native", "lua", "basic", "pcbasic"};
  std::optional<uint64_t> max_steps;  // --max-steps, for basic
  unsigned judge_seconds = 0;         // --timeout or its default (judge_limit); 0: none
  bool c64 = false;                   // --machine c64
  // The lines typed at the program's prompts: --input "A|B|...", or "W,L" from --size.
  std::vector<std::string> lines;
};

// How long pcbasic or cbmbasic may run by default: a listing that loops (10 GOTO 10) must
// not hold compare for ever. PC-BASIC takes a few seconds to start and about a twentieth of
// a second a cell for the 1978 walk (11 s for 10x10, 52 s for 30x30 on a busy 2-core
// machine), so the default leaves room several times over: a base and a quarter of a
// second a cell of --size. With --input the size is not known: a fixed time.
constexpr unsigned kJudgeBaseSeconds = 60;
constexpr unsigned kJudgeCellsPerSecond = 4;
constexpr unsigned kJudgeInputSeconds = 600;
constexpr const char* kTimeoutHelp =
    "how long pcbasic or cbmbasic may run before it is stopped (a listing that loops never "
    "ends); default 60 seconds plus a quarter of a second a cell of --size (85 s for 10x10, "
    "about 43 minutes for 100x100), 600 s with --input; 0 = no limit";

unsigned judge_limit(const Options& o, std::optional<unsigned> timeout, bool size_given) {
  if (timeout) return *timeout;
  if (!size_given) return kJudgeInputSeconds;
  const uint64_t cells = static_cast<uint64_t>(o.job.size.width) * o.job.size.length;
  const uint64_t s = kJudgeBaseSeconds + cells / kJudgeCellsPerSecond;
  return static_cast<unsigned>(std::min<uint64_t>(s, 30u * 24 * 3600));  // alarm's range
}

// --timeout SECONDS: a whole number, 0 (no limit) to 30 days.
Result<unsigned> parse_timeout(std::string_view text) {
  unsigned v = 0;
  const char* end = text.data() + text.size();
  auto [stop, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ec != std::errc() || stop != end || v > 30u * 24 * 3600)
    return Error{"--timeout takes whole seconds, 0 (no limit) to 2592000 (30 days), not '" +
                 shown(text) + "'"};
  return v;
}

std::string typed(const Options& o) {
  return std::to_string(o.job.size.width) + "," + std::to_string(o.job.size.length);
}

// --input "A|B|...": the lines typed, in order (an empty line is typed too: "10,12||").
Result<std::vector<std::string>> parse_typed_lines(std::string_view text) {
  std::vector<std::string> lines;
  std::size_t from = 0;
  for (;;) {
    std::size_t bar = text.find('|', from);
    lines.emplace_back(text.substr(from, bar == std::string_view::npos ? text.npos : bar - from));
    if (bar == std::string_view::npos) break;
    from = bar + 1;
  }
  if (lines.size() > 1000)
    return Error{"--input: at most 1000 typed lines, not " + std::to_string(lines.size())};
  for (const auto& line : lines)
    if (line.find_first_of("\r\n") != std::string::npos)
      return Error{"--input: a typed line holds no line end; separate lines with |"};
  return lines;
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
    return i < l.size() ? "\"" + shown(l[i]) + "\"" : std::string("(no line: the output ends)");
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
      std::printf(" %s\n", shown(la[start + i]).c_str());
      ++i, ++j;
    } else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) {
      std::printf("-%s\n", shown(la[start + i]).c_str());
      ++i;
    } else {
      std::printf("+%s\n", shown(lb[start + j]).c_str());
      ++j;
    }
  }
  if (ea < la.size() || eb < lb.size()) std::printf("(diff cut after %zu lines)\n", kWindow);
}

// The engines compare runs: every row of the engine table (job.hpp).
std::vector<EngineKind> all_engines() {
  std::vector<EngineKind> kinds;
  for (const auto& e : engines()) kinds.push_back(e.kind);
  return kinds;
}

// --engines: a comma-separated list of engine names, each kept once, in order.
// Every name between commas is an engine (an empty one too is refused), each named once,
// and at least two: one engine has nothing to be compared with.
Result<std::vector<std::string>> parse_engines(std::string_view text) {
  std::vector<std::string> list;
  for (std::size_t start = 0;;) {
    const std::size_t comma = text.find(',', start);
    const std::string e(
        text.substr(start, comma == std::string_view::npos ? comma : comma - start));
    if (auto kind = engine_from(e, all_engines(), "--engines"); !kind) return kind.error();
    if (std::find(list.begin(), list.end(), e) != list.end())
      return Error{"--engines: " + e + " is named twice; name each engine once"};
    list.push_back(e);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  if (list.size() < 2)
    return Error{"--engines: " + list.front() +
                 " alone has nothing to be compared with; give two engines or more, for "
                 "example native,lua"};
  return list;
}

}  // namespace

namespace {

// The engines to compare: --engines, or the machine's default; why they cannot run ("" when
// they can). `typed_lines`: --input gave the dialogue.
std::string choose_engines(Options& o, const std::optional<std::vector<std::string>>& engines,
                           bool typed_lines) {
  if (engines)
    o.engines = *engines;
  else if (o.c64)
    o.engines = {"native", "lua", "basic", "cbmbasic"};
  // The c64's native engine makes a maze for a whole W,L; it does not run the dialogue.
  if (o.c64 && typed_lines) {
    if (engines && std::find(o.engines.begin(), o.engines.end(), "native") != o.engines.end())
      return "native on the c64 machine makes mazes for a whole W,L only, not a dialogue of "
             "typed lines; use lua, basic and cbmbasic with --input";
    o.engines.erase(std::remove(o.engines.begin(), o.engines.end(), "native"), o.engines.end());
  }
  // Each judge runs one machine's BASIC: comparing it with the other machine would only
  // ever say DIFFERENT.
  for (const auto& e : o.engines) {
    if (auto why = machine_refusal(*engine_from(e, all_engines()), o.job.machine); !why.empty())
      return why;
  }
  return "";
}

// A known --rom decides the variant the native and Lua engines reproduce; false (after the
// message) when --variant says another.
bool settle_variant(Options& o) {
  if (o.job.rom.empty()) return true;
  auto listing = basic::load_listing(o.job.rom);
  if (!listing) {
    print_error("compare", listing.error().message);
    return false;
  }
  if (!listing->variant) return true;
  if (o.variant_given && *listing->variant != o.job.variant) {
    std::fprintf(stderr,
                 "amazing compare: %s is the %s listing, but --variant %s was given; "
                 "drop one of them\n",
                 shown(o.job.rom).c_str(),
                 std::string(core::variant_name(*listing->variant)).c_str(),
                 std::string(core::variant_name(o.job.variant)).c_str());
    return false;
  }
  o.job.variant = *listing->variant;
  return true;
}

// An engine's name and the session it printed.
using Transcript = std::pair<std::string, std::string>;

// Each engine's session through its row, an unavailable one left out with a note; the
// exit status when one fails or the judge is interrupted.
std::optional<int> run_engines(const Options& o, std::vector<Transcript>& outputs) {
  for (const auto& e : o.engines) {
    const EngineInfo& engine = engine_info(*engine_from(e, all_engines()));
    if (engine.unavailable) {
      if (auto why = engine.unavailable(); !why.empty()) {
        std::fprintf(stderr, "amazing compare: %s: unavailable (%s); compared without it\n",
                     e.c_str(), why.c_str());
        continue;
      }
    }
    Result<std::string> text = engine.transcript({o.job, o.lines, o.judge_seconds});
    if (int sig = judge_signal()) {
      // Ctrl-C (or kill) while pcbasic ran: it is gone and so is its folder.
      std::fprintf(stderr, "amazing compare: interrupted; pcbasic stopped\n");
      return 128 + sig;
    }
    if (!text) {
      print_error("compare", e + ": " + text.error().message);
      return kExitUsage;
    }
    outputs.emplace_back(e, std::move(*text));
  }
  return std::nullopt;
}

// IDENTICAL (0) when every engine printed the same bytes, else DIFFERENT and the first
// difference (1).
int compare_transcripts(const std::vector<Transcript>& outputs) {
  if (outputs.size() < 2) {
    std::fprintf(stderr, "amazing compare: fewer than two engines could run; nothing to compare\n");
    return kExitUsage;
  }
  for (std::size_t k = 1; k < outputs.size(); ++k) {
    if (outputs[k].second != outputs[0].second) {
      std::printf("DIFFERENT: %s and %s\n", outputs[0].first.c_str(), outputs[k].first.c_str());
      print_diff(outputs[0].first, outputs[0].second, outputs[k].first, outputs[k].second);
      return kExitCheckFailed;
    }
  }
  std::printf("IDENTICAL\n");
  std::string names;
  for (const auto& [name, text] : outputs) names += (names.empty() ? "" : ", ") + name;
  std::fprintf(stderr, "amazing compare: %s printed the same %zu bytes\n", names.c_str(),
               outputs[0].second.size());
  return kExitOk;
}

}  // namespace

int compare_command(int argc, char** argv) {
  Options o;
  // --size, --seed, --variant, --rom, --ram and --machine are the job's (job.hpp: one
  // parser and one message each for every command), worded here for what compare does
  // with them; --max-steps (the basic engine's alone) and --engines are compare's own.
  Job job;
  job.ram = core::kUnlimited;  // any size can be compared
  std::optional<std::vector<std::string>> engines;
  CLI::App app;
  use_help_layout(app, "compare", {kCompareUsage, kCompareIntro, kCompareFooter});
  auto job_option = [&](unsigned which, const char* name, const char* text) {
    add_job_options(app, job, which);
    app.get_option(name)->description(text);
  };
  job_option(kOptSize, "--size", "the answer typed at WHAT ARE YOUR WIDTH AND LENGTH?");
  job_option(kOptSeed, "--seed", "N%=N: RANDOMIZE N% first (-32768..32767); default: power-on RND");
  job_option(kOptVariant, "--variant", "book (default), fixed or fixed-exit");
  job_option(kOptSpeed, "--speed",
             "the basic engine's run: warp (default) as fast as the host goes, or original at "
             "the real machine's pace (the others are not paced)");
  job_option(kOptRom, "--rom",
             "the listing basic and pcbasic run (default: the --variant listing found in roms/, "
             "see roms/README.md)");
  job_option(kOptRam, "--ram",
             "the machine's memory for native, lua and basic (default unlimited here, so that "
             "any size can be compared)");
  add_parsed_option(app, "--max-steps", o.max_steps, parse_max_steps, "N",
                    "BASIC statements the basic engine may run (default 100M, or 1000 a cell "
                    "for bigger mazes; 0 = none)");
  std::optional<unsigned> timeout;
  add_parsed_option(app, "--timeout", timeout, parse_timeout, "SECONDS", kTimeoutHelp);
  std::optional<std::vector<std::string>> lines;
  add_parsed_option(app, "--input", lines, parse_typed_lines, "\"A|B|...\"",
                    "the lines typed at the program's prompts, separated by |, instead of "
                    "--size's W,L: a dialogue with bad answers, as \"0,5\" or \"x|10,12\"; "
                    "typed lines that run out at a prompt end the transcript there, as "
                    "PC-BASIC's. On --machine c64 the native engine makes mazes for a whole "
                    "W,L only, so it is left out (refused when named)");
  add_parsed_option(app, "--engines", engines, parse_engines, "LIST",
                    "comma-separated, two or more of " + engine_names(all_engines()) +
                        " (default: native, lua, basic and the machine's outside judge: "
                        "pcbasic on pc, cbmbasic on c64, used when that program is on the PATH "
                        "and reported as unavailable otherwise)");
  job_option(kOptMachine, "--machine",
             "pc (default) or c64: compare what a Commodore 64 prints (its RND and arithmetic; "
             "--seed N is X=RND(-(N)) before the listing, N not 0; cursor-rights as ESC [ C, "
             "the answer not echoed, no 80-column wrap; the C64's 38911 bytes, so --ram is "
             "refused). cbmbasic (the C64's BASIC ROM recompiled, github.com/mist64/cbmbasic) "
             "is its judge; pcbasic is refused there. Every engine runs out of the C64's memory "
             "where the C64 does: ?OUT OF MEMORY  ERROR IN 110 past about 59x59 (the arrays), "
             "or later at a variable made after them (160, 165, 195, 200, 1010)");
  std::vector<std::string> positional;
  if (auto code = parse_command_line(app, "compare", argc, argv, 2, positional)) return *code;
  // What is wrong with a well-formed command line, said the same way.
  auto refuse = [](const std::string& what) {
    print_error("compare", what + "; see 'amazing compare --help'");
    return kExitUsage;
  };
  if (!positional.empty()) return refuse("unexpected argument '" + positional.front() + "'");
  if (lines && job.has("--size"))
    return refuse("--size and --input both say what is typed; give one (--size 10x12 is "
                  "--input 10,12)");
  if (!lines && !job.has("--size"))
    return refuse("--size WxL is required, for example: amazing compare --size 10x12 --seed 7");
  o.job = job;
  o.variant_given = job.has("--variant");
  o.c64 = job.machine == MachineKind::kC64;
  o.lines = lines ? *lines : std::vector<std::string>{typed(o)};
  o.judge_seconds = judge_limit(o, timeout, !lines);
  const bool ram_given = job.has("--ram");
  if (auto why = choose_engines(o, engines, lines.has_value()); !why.empty())
    return refuse("--engines: " + why);
  if (o.c64 && ram_given)
    return refuse("--ram is not available with --machine c64 (the C64 has 38911 bytes)");
  if (o.c64 && o.job.seed && *o.job.seed == 0)
    return refuse("--seed 0 on the c64 machine would be X=RND(-(0)), which reads the C64's "
                  "clock; give a seed other than 0");
  if (!settle_variant(o)) return kExitUsage;
  // Folders of earlier runs that were killed with their cleaner (a SIGKILL to the whole
  // session): nothing else removes them.
  reap_stale_folders();
  if (o.max_steps) o.job.lua.limits.max_steps = *o.max_steps, o.job.lua.max_steps_given = true;
  std::vector<Transcript> outputs;
  if (auto code = run_engines(o, outputs)) return *code;
  return compare_transcripts(outputs);
}

}  // namespace amazing::cli
