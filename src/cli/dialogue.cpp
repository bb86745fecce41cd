// amazing with no arguments (and stdin/stdout not both a terminal): the original dialogue
// on standard input and output, driven by the native engine.

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/args.hpp"
#include "cli/cli11_help.hpp"
#include "cli/commands.hpp"
#include "cli/job.hpp"
#include "cli/lua_engine.hpp"
#include "cli/output.hpp"
#include "core/amazing_text.hpp"
#include "core/amazing_walk.hpp"
#include "core/c64_rnd.hpp"
#include "core/maze.hpp"
#include "core/ram.hpp"
#include "core/render.hpp"
#include "core/text.hpp"
#include "lua/engine.hpp"
#include "machine/input.hpp"
#include "machine/machine.hpp"

namespace amazing::cli {
namespace {

// GW-BASIC's CINT (DIM rounds its subscripts so): half away from zero.
long cint(float x) { return std::lround(x); }

// What the listing does from line 110 on when H or V is not a whole number from 2 up (0,
// a fraction, an empty field): lines 110-1073 transliterated with H and V as the singles
// INPUT read, the arrays as DIM W(H,V) makes them, and every subscript checked, so the
// output and the BASIC error that stops it are PC-BASIC's (Subscript out of range in 195
// for 0,5; in 400 or 700 for 2.5,3). `out` gets what is printed; the result is the
// error line ("" when the program ran to its END).
std::string listing_walk(float h, float v, core::Variant variant, core::GwRnd& rnd,
                         std::string& out) {
  const long hn = cint(h), vn = cint(v);  // 0 <= hn, vn (checked at line 110 by the caller)
  const std::size_t cols = static_cast<std::size_t>(hn) + 1;
  std::vector<float> w(cols * (static_cast<std::size_t>(vn) + 1), 0.0f);
  std::vector<float> vv(w.size(), 0.0f);
  int line = 0;
  bool negative = false;  // a negative subscript is an Illegal function call in GW-BASIC
  auto in_range = [&](long r, long s) { return r >= 0 && r <= hn && s >= 0 && s <= vn; };
  auto idx = [&](long r, long s) { return static_cast<std::size_t>(s) * cols + static_cast<std::size_t>(r); };
  auto pick = [&](float k) {
    float t = rnd.rnd(1.0f) * k;
    t = t + 1.0f;
    return static_cast<long>(std::floor(t));
  };
  const float hv1 = static_cast<float>(h * v) + 1.0f;  // H*V+1 in single precision
  long q = 0, z = 0, x = 0, r = 0, s = 0, c = 0;
  uint64_t steps = 0;
  const uint64_t kMaxSteps = 200'000'000;  // the listing scans forever on no grid we reach
#define AT(arr, rr, ss, ln) \
  if (!in_range((rr), (ss))) { line = (ln); negative = (rr) < 0 || (ss) < 0; goto stop; } \
  float& arr##_ref = arr[idx((rr), (ss))]
  // Lines 120-150.
  out += "\n\n\n\n";
  // 160-190.
  x = pick(h);
  for (float i = 1; i <= h; i += 1) out += (i == static_cast<float>(x)) ? ".  " : ".--";
  out += ".\n";
  // 195-200.
  c = 1;
  { AT(w, x, 1, 195); w_ref = static_cast<float>(c); }
  c = c + 1;
  r = x, s = 1;
  goto L260;
L210:
  if (++steps > kMaxSteps) return "too long";
  if (static_cast<float>(r) != h) goto L240;
  if (static_cast<float>(s) != v) goto L230;
  r = 1, s = 1;
  goto L250;
L230:
  r = 1, s = s + 1;
  goto L250;
L240:
  r = r + 1;
L250: {
  AT(w, r, s, 250);
  if (w_ref == 0) goto L210;
}
L260:
  if (++steps > kMaxSteps) return "too long";
  if (r - 1 == 0) goto L530;
  { AT(w, r - 1, s, 265); if (w_ref != 0) goto L530; }
  if (s - 1 == 0) goto L390;
  { AT(w, r, s - 1, 280); if (w_ref != 0) goto L390; }
  if (static_cast<float>(r) == h) goto L330;
  { AT(w, r + 1, s, 300); if (w_ref != 0) goto L330; }
  x = pick(3);
  if (x == 1) goto L790;
  if (x == 2) goto L820;
  goto L860;
L330:
  if (static_cast<float>(s) != v) goto L340;
  if (z == 1) goto L370;
  q = 1;
  goto L350;
L340: { AT(w, r, s + 1, 340); if (w_ref != 0) goto L370; }
L350:
  x = pick(3);
  if (x == 1) goto L790;
  if (x == 2) goto L820;
  goto L910;
L370:
  x = pick(2);
  if (x == 1) goto L790;
  goto L820;
L390:
  if (static_cast<float>(r) == h) goto L470;
  { AT(w, r + 1, s, 400); if (w_ref != 0) goto L470; }
  if (static_cast<float>(s) != v) goto L420;
  if (z == 1) goto L450;
  q = 1;
  goto L430;
L420: { AT(w, r, s + 1, 420); if (w_ref != 0) goto L450; }
L430:
  x = pick(3);
  if (x == 1) goto L790;
  if (x == 2) goto L860;
  goto L910;
L450:
  x = pick(2);
  if (x == 1) goto L790;
  goto L860;
L470:
  if (static_cast<float>(s) != v) goto L490;
  if (z == 1) goto L520;
  q = 1;
  goto L500;
L490: { AT(w, r, s + 1, 490); if (w_ref != 0) goto L520; }
L500:
  x = pick(2);
  if (x == 1) goto L790;
  goto L910;
L520:
  goto L790;
L530:
  if (s - 1 == 0) goto L670;
  { AT(w, r, s - 1, 540); if (w_ref != 0) goto L670; }
  if (static_cast<float>(r) == h) goto L610;
  { AT(w, r + 1, s, 547); if (w_ref != 0) goto L610; }
  if (static_cast<float>(s) != v) goto L560;
  if (z == 1) goto L590;
  q = 1;
  goto L570;
L560: { AT(w, r, s + 1, 560); if (w_ref != 0) goto L590; }
L570:
  x = pick(3);
  if (x == 1) goto L820;
  if (x == 2) goto L860;
  goto L910;
L590:
  x = pick(2);
  if (x == 1) goto L820;
  goto L860;
L610:
  if (static_cast<float>(s) != v) goto L630;
  if (z == 1) goto L660;
  q = 1;
  goto L640;
L630: { AT(w, r, s + 1, 630); if (w_ref != 0) goto L660; }
L640:
  x = pick(2);
  if (x == 1) goto L820;
  goto L910;
L660:
  goto L820;
L670:
  if (static_cast<float>(r) == h) goto L740;
  { AT(w, r + 1, s, 680); if (w_ref != 0) goto L740; }
  if (static_cast<float>(s) != v) goto L700;
  if (z == 1) goto L730;
  q = 1;
  if (variant == core::Variant::kBook) goto L830;  // line 695 as printed in 1978
  goto L710;
L700: { AT(w, r, s + 1, 700); if (w_ref != 0) goto L730; }
L710:
  x = pick(2);
  if (x == 1) goto L860;
  goto L910;
L730:
  goto L860;
L740:
  if (static_cast<float>(s) != v) goto L760;
  if (z == 1) goto L780;
  q = 1;
  goto L770;
L760: { AT(w, r, s + 1, 760); if (w_ref != 0) goto L780; }
L770:
  goto L910;
L780:
  goto L210;
L790: { AT(w, r - 1, s, 790); w_ref = static_cast<float>(c); }
  c = c + 1;
  { AT(vv, r - 1, s, 800); vv_ref = 2; }
  r = r - 1;
  if (static_cast<float>(c) == hv1) goto L1010;
  q = 0;
  goto L260;
L820: { AT(w, r, s - 1, 820); w_ref = static_cast<float>(c); }
L830:
  c = c + 1;
  { AT(vv, r, s - 1, 840); vv_ref = 1; }
  s = s - 1;
  if (static_cast<float>(c) == hv1) goto L1010;
  q = 0;
  goto L260;
L860: { AT(w, r + 1, s, 860); w_ref = static_cast<float>(c); }
  c = c + 1;
  { AT(vv, r, s, 870); vv_ref = vv_ref == 0 ? 2 : 3; }
  r = r + 1;
  if (static_cast<float>(c) == hv1) goto L1010;
  goto L530;
L910:
  if (q == 1) goto L960;
  { AT(w, r, s + 1, 920); w_ref = static_cast<float>(c); }
  c = c + 1;
  { AT(vv, r, s, 920); vv_ref = vv_ref == 0 ? 1 : 3; }
  s = s + 1;
  if (static_cast<float>(c) == hv1) goto L1010;
  goto L260;
L960:
  z = 1;
  {
    AT(vv, r, s, 970);
    if (vv_ref != 0) { vv_ref = 3; q = 0; goto L210; }
    vv_ref = 1;
  }
  q = 0, r = 1, s = 1;
  goto L250;
L1010:
  if (variant == core::Variant::kFixedExit && z != 1) {
    x = pick(h);
    AT(vv, x, static_cast<long>(cint(v)), 1012);
    vv_ref = vv_ref == 0 ? 1 : 3;
  }
  for (float j = 1; j <= v; j += 1) {
    out += "I";
    for (float i = 1; i <= h; i += 1) {
      AT(vv, cint(i), cint(j), variant == core::Variant::kFixedExit ? 1018 : 1013);
      out += vv_ref < 2 ? "  I" : "   ";
    }
    out += "\n";
    for (float i = 1; i <= h; i += 1) {
      AT(vv, cint(i), cint(j), 1045);
      out += (vv_ref == 0 || vv_ref == 2) ? ":--" : ":  ";
    }
    out += ".\n";
  }
  return "";
#undef AT
stop:
  return (negative ? "Illegal function call in " : "Subscript out of range in ") +
         std::to_string(line);
}

// The exit code after the last write: kExitIo, with a message, when standard output did
// not take everything (a full disk, a closed descriptor), otherwise `code`.
int finish(StdoutWriter& writer, int code) {
  if (writer.flush() && std::fflush(stdout) == 0 && !std::ferror(stdout)) return code;
  std::fprintf(stderr, "amazing: write error: the maze could not be written to standard "
                       "output (disk full, or the output closed?)\n");
  return kExitIo;
}

int run_dialogue(core::Variant variant, std::optional<int16_t> seed, std::size_t ram_bytes);
int run_c64_dialogue(core::Variant variant, std::optional<int16_t> seed);

constexpr const char* kDialogueUsage =
    "amazing [--variant V] [--seed N] [--ram SIZE] [--machine M] < answers";

constexpr const char* kDialogueIntro =
    "Without a terminal, amazing runs the 1978 program's dialogue on standard input and "
    "output, exactly as PC-BASIC prints it for the listing: the banner, WHAT ARE YOUR WIDTH "
    "AND LENGTH?, the typed line echoed, and the maze -- or the listing's own message for a "
    "bad answer (?Redo from start, MEANINGLESS DIMENSIONS, Subscript out of range in 195, "
    "...).";

constexpr const char* kDialogueFooter =
    "The play screen's other options (--baud, --algorithm, --script, ...) need a terminal.";

}  // namespace

int dialogue_command(int argc, char** argv) {
  // The job's options (job.hpp), worded for the dialogue.
  Job job;
  CLI::App app;
  use_help_layout(app, "", {kDialogueUsage, kDialogueIntro, kDialogueFooter});
  auto job_option = [&](unsigned which, const char* name, const char* text) {
    add_job_options(app, job, which);
    app.get_option(name)->description(text);
  };
  job_option(kOptVariant, "--variant", "the listing revision: book (default), fixed, fixed-exit");
  job_option(kOptSeed, "--seed",
             "N%=N: RANDOMIZE N% before the program (-32768..32767); without it the RND "
             "starts in its power-on state");
  job_option(kOptRam, "--ram",
             "the machine's memory (default 48K), which decides how large a maze fits");
  job_option(kOptMachine, "--machine",
             "pc (default) or c64: the dialogue as a Commodore 64 printed it (its shared/c64 "
             "recordings): TABs and the space after the prompt's ? as cursor-rights (ESC [ C), "
             "no echo of the answer, its RND (--seed N is X=RND(-(N)), not 0), its INPUT (?REDO "
             "FROM START, ?? for a missing number, ?EXTRA IGNORED) and its 38911 bytes; --ram "
             "is refused");
  auto refuse = [](const std::string& why) {
    std::fprintf(stderr, "amazing: %s\n", core::printable(why).c_str());
    return kExitUsage;
  };
  // An option of the play screen is named as one, not as unknown: it needs a terminal.
  const std::vector<std::string> play_names = play_option_names();
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--") break;
    const std::string name(arg.substr(0, arg.find('=')));
    if (app.get_option_no_throw(name) == nullptr &&
        std::find(play_names.begin(), play_names.end(), name) != play_names.end())
      return refuse(name +
                    " needs the play screen, which needs a terminal; without one the dialogue "
                    "takes --variant, --seed, --ram and --machine (see 'amazing --help')");
  }
  std::vector<std::string> arguments;
  if (auto code = parse_command_line(app, "", argc, argv, 1, arguments)) return *code;
  if (job.machine == MachineKind::kC64 && job.has("--ram"))
    return refuse(
        "--ram is not available with --machine c64 (a Commodore 64 has its 38911 "
        "BASIC bytes); use --machine pc");
  if (job.machine == MachineKind::kC64 && job.seed && *job.seed == 0)
    return refuse(
        "--seed 0 on the c64 machine would be X=RND(-(0)), which reads the C64's "
        "clock; give a seed other than 0");
  if (!arguments.empty())
    return refuse("'" + arguments.front() + "' is not an option of the dialogue");
  if (job.machine == MachineKind::kC64) return run_c64_dialogue(job.variant, job.seed);
  return run_dialogue(job.variant, job.seed, job.ram);
}

namespace {

// The Commodore 64's dialogue: scripts/amazing.lua on the Lua engine as a C64 (as the
// c64 boot screen runs it), on a batch machine with the C64's rules and bytes, reading
// standard input; nothing typed is echoed (the C64's recordings came from a pipe, and a
// terminal shows the typing itself).
// Keeps the last bytes printed: how the C64 program ended (its error message) decides the
// exit code.
class TailSink : public machine::OutputSink {
 public:
  void put(std::string_view text) override {
    tail_ += text;
    if (tail_.size() > 256) tail_.erase(0, tail_.size() - 128);
  }
  const std::string& tail() const { return tail_; }

 private:
  std::string tail_;
};

int run_c64_dialogue(core::Variant variant, std::optional<int16_t> seed) {
  auto script = load_script(LuaOptions{}, "amazing.lua");
  if (!script) {
    std::fprintf(stderr, "amazing: %s\n", script.error().message.c_str());
    return kExitUsage;
  }
  machine::MachineConfig config;
  config.ram = kC64FreeBytes;
  config.batch = true;
  config.batch_width = 0;  // the C64's lines are as long as printed (no break written)
  config.rules = machine::Rules::kC64;
  config.echo = false;
  machine::StdoutSink out;
  TailSink tail;
  machine::TeeSink tee(out, tail);
  config.output = &tee;
  auto made = machine::Machine::create(config);
  if (!made) {
    std::fprintf(stderr, "amazing: %s\n", made.error().message.c_str());
    return kExitOutOfMemory;
  }
  machine::Machine& m = **made;
  core::C64Rnd rnd;
  if (seed) rnd.seed_statement(*seed);  // 0 was refused with the options
  lua::RunResult result;
  {
    lua::ScriptArgs args;
    args.seed = seed;
    args.variant = std::string(core::variant_name(variant));
    lua::Engine engine(m, lua::Limits{});
    engine.use_c64(&rnd);
    result = engine.run(script->source, script->name, args);
  }
  m.flush();
  out.flush();
  if (!result.ok()) {
    std::fflush(stdout);
    // The input ended (or was too long): the message alone, as the pc dialogue says it.
    std::string text = lua_failure_text(result);
    if (result.outcome == lua::Outcome::kRuntimeError)
      text = result.message.substr(0, result.message.find("\nstack traceback"));
    std::fprintf(stderr, "\namazing: %s\n", text.c_str());
    return result.exit_code() == lua::kExitOutOfRam ? kExitOutOfMemory : kExitUsage;
  }
  if (!out.ok()) {
    std::fprintf(stderr, "amazing: write error: the dialogue could not be written to standard "
                         "output (disk full, or the output closed?)\n");
    return kExitIo;
  }
  // The program's own ends: out of the C64's memory (3), or another BASIC error (5).
  const std::string& t = tail.tail();
  std::size_t at = t.rfind("\n?");
  if (at != std::string::npos && t.find("  ERROR IN ", at) != std::string::npos &&
      t.find('\n', at + 1) == std::string::npos) {
    if (t.compare(at + 1, 14, "?OUT OF MEMORY") == 0) {
      std::fprintf(stderr, "\namazing: the listing's arrays and variables do not fit the "
                           "C64's 38911 bytes (59x59 is about the largest maze); use "
                           "--machine pc for bigger mazes\n");
      return kExitOutOfMemory;
    }
    std::fprintf(stderr, "\n");
    return kExitProgramStopped;
  }
  return kExitOk;
}

}  // namespace

int native_dialogue(const NativeDialogue& how, std::istream& in,
                    const std::function<void(std::string_view)>& write,
                    const std::function<void(std::string_view)>& complain) {
  const core::Variant variant = how.variant;
  const std::size_t ram_bytes = how.ram;
  std::string out;
  out += std::string(core::kBannerTitleTab - 1, ' ') + std::string(core::kBannerTitle) + "\n";
  out += std::string(core::kBannerCreditTab - 1, ' ') + std::string(core::kBannerCredit) + "\n";
  out += "\n\n\n\n";
  write(out);

  int width = 0;
  int length = 0;
  core::GwRnd rnd;
  if (how.seed) rnd.randomize(*how.seed);
  for (;;) {
    write(core::kPrompt);
    std::string line;
    machine::LineRead got = machine::read_capped_line(in, line, machine::kMaxInputLine);
    if (got != machine::LineRead::kLine) {
      // PC-BASIC prints nothing more when the input ends at INPUT: the prompt stays as is.
      if (got == machine::LineRead::kTooLong) {
        complain("\namazing: the answer is longer than " +
                 std::to_string(machine::kMaxInputLine) +
                 " characters without a line end; type the width and length, such as 10,12, "
                 "and Enter\n");
      } else {
        complain("\namazing: the input ended before a width and length were given\n");
      }
      return kExitUsage;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    // The typed line shown back: control characters as escapes, never raw to the terminal.
    if (how.echo) write(core::printable(line) + "\n");
    // Line 100: INPUT ...;H,V wants exactly two numbers, read as INPUT reads them.
    static constexpr machine::FieldKind kTwo[] = {machine::FieldKind::kNumber,
                                                  machine::FieldKind::kNumber};
    machine::InputLine read = machine::read_input_line(line, kTwo);
    // A typed number past a single's range: INPUT warns as it reads the field (also when
    // the line is then redone: `1E39` alone), and takes the largest single.
    const int warnings = read.read_overflows + read.assign_overflows();
    for (int k = 0; k < warnings; ++k) write("Overflow\n");
    if (!read.values) {
      write(std::string(core::kRedo) + "\n");
      continue;
    }
    const auto& values = read.values;
    const float h = static_cast<float>((*values)[0].number);
    const float v = static_cast<float>((*values)[1].number);
    // Line 102.
    if (h == 1 || v == 1) {
      write(std::string(core::kMeaningless) + "\n");
      continue;
    }
    // Line 110, DIM W(H,V): the subscripts are rounded to integers.
    const long hn = std::lround(h), vn = std::lround(v);
    if (hn > 32767 || vn > 32767 || hn < -32768 || vn < -32768) {
      write("Overflow in 110\xFF\n");
      return kExitProgramStopped;
    }
    if (hn < 0 || vn < 0) {
      write("Illegal function call in 110\xFF\n");
      return kExitProgramStopped;
    }
    if (h >= 2 && v >= 2 && h == std::floor(h) && v == std::floor(v)) {
      width = static_cast<int>(h);
      length = static_cast<int>(v);
      break;
    }
    // Anything else (0, an empty field, a fraction) runs on as the listing runs, to its
    // BASIC error; the arrays are no bigger than the nibble store holds for a real maze.
    // Whether the machine holds the arrays is decided as for a whole size: by its RAM
    // and the nibble store (PC-BASIC's own limit, Out of memory in 110, is not ours).
    {
      core::Ram probe_ram(ram_bytes);
      auto probe = core::Maze::create(probe_ram, static_cast<int>(std::max(hn, 2L)),
                                      static_cast<int>(std::max(vn, 2L)));
      if (!probe) {
        complain(probe.error().message + "\n");
        return kExitOutOfMemory;
      }
    }
    std::string printed;
    std::string error = listing_walk(h, v, variant, rnd, printed);
    write(printed);
    if (error.empty()) return kExitOk;
    if (error == "too long") {
      complain("amazing: the 1978 program walks on without end for this size\n");
      return kExitProgramStopped;
    }
    write(error + "\xFF\n");
    return kExitProgramStopped;
  }
  write("\n\n\n\n");

  core::Ram ram(ram_bytes);
  auto run = core::run_amazing(ram, width, length, variant, rnd);
  if (!run) {
    complain(run.error().message + "\n");
    return kExitOutOfMemory;
  }
  std::string buffer;
  core::TextRenderer renderer(80);
  renderer.top(run->maze, buffer);
  if (int line = run->stats.stopped_at_line) {
    // As the 1978 program does (unreachable in 48K from power-on, but not in more RAM).
    write(buffer + core::basic_stop_message(line) + "\n");
    return kExitProgramStopped;
  }
  for (int r = 0; r < run->maze.height(); ++r) {
    renderer.row(run->maze, r, buffer);
    if (buffer.size() >= StdoutWriter::kFlushAt) write(buffer), buffer.clear();
  }
  write(buffer);
  return kExitOk;
}

namespace {

// The plain dialogue on standard input and output; a failed write is an error (exit 4).
int run_dialogue(core::Variant variant, std::optional<int16_t> seed, std::size_t ram_bytes) {
  NativeDialogue how;
  how.variant = variant;
  how.seed = seed;
  how.ram = ram_bytes;
  how.echo = !isatty(STDIN_FILENO);  // a terminal echoes what is typed by itself
  StdoutWriter writer;
  const int code = native_dialogue(
      how, std::cin,
      [&writer](std::string_view text) {
        writer.write(text);
        writer.flush();  // the prompt shows before the answer is read
      },
      [&writer](std::string_view text) {
        writer.flush();
        std::fputs(std::string(text).c_str(), stderr);
      });
  return finish(writer, code);
}

}  // namespace

}  // namespace amazing::cli
