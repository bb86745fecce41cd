// amazing gen: one maze to stdout, the maze alone or the whole transcript of the program.

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "cli/lua_engine.hpp"
#include "cli/output.hpp"
#include "cli/picture_output.hpp"
#include "core/amazing_text.hpp"
#include "core/amazing_walk.hpp"
#include "core/c64_rnd.hpp"
#include "core/generators/generator.hpp"
#include "core/ram.hpp"
#include "core/render.hpp"

namespace amazing::cli {
namespace {

constexpr const char* kGenHelp = R"(usage: amazing gen --size WxL [options]

Prints one maze of AMAZING (BASIC Computer Games, 1978), exactly as the original
program prints it for the same random numbers.

  --size WxL        width and length in cells, as the original asks (10x12: 10 wide)
  --seed N          run N%=N: RANDOMIZE N% first (-32768..32767); without it the
                    generator starts in its power-on state, like the real machine
  --variant V       the listing revision: book (1978, default), fixed (line 695
                    corrected) or fixed-exit (fixed, and always an exit)
  --transcript      print the whole session as PC-BASIC shows it: banner, prompt
                    with the typed W,L, blank lines, then the maze (80-column wrap)
  --ram SIZE        the machine's memory: 48K (default), 64K, 8M, unlimited, ...
  --machine M       pc (default): GW-BASIC's machine, as PC-BASIC prints it. c64: a
                    Commodore 64 (BASIC V2): its RND and 5-byte arithmetic, so other
                    mazes; --seed N is the line X=RND(-(N)) before the program
                    (N=0 refused: it reads the clock); --transcript prints what the
                    C64 printed: TABs and the space after the prompt's ? as cursor-
                    rights (ESC [ C), the typed W,L not echoed, no 80-column wrap.
                    Memory: the C64's 38911 BASIC bytes. The native and lua engines
                    keep a maze in a nibble store of W*L/2 bytes: native holds up to
                    77,822 cells (278x278), lua 75,822 (275x275: the screen's 1000
                    bytes are in use); the listing on --engine basic holds what a C64
                    holds (59x59; bigger: ?OUT OF MEMORY  ERROR IN 110, exit 3). Only the 1978 walk: --algorithm, --mask, --format,
                    --count, --stats, --starts, --ram are refused with --machine c64
  --engine E        what runs the program: native (built-in C++, default), lua
                    (scripts/amazing.lua on the emulated machine) or basic (the
                    original listing on the built-in BASIC interpreter); same output.
                    With --algorithm NAME, lua runs scripts/generators/NAME.lua
                    (built in; --scripts DIR takes DIR/NAME.lua): the same maze as
                    native, one maze only (text, png, svg or pdf)
  --rom FILE        with --engine basic: run FILE instead of the --variant listing
                    found in roms/ (see roms/README.md)
  --script FILE     with --engine lua: run FILE instead of the built-in amazing.lua
  --scripts DIR     with --engine lua: take amazing.lua from DIR
  --max-steps N     with --engine lua: Lua instruction budget (default 2G, or
                    1000 a cell for bigger mazes; 0 = none). With --engine
                    basic: BASIC statements (default 100M, or 1000 a cell for
                    bigger mazes; 0 = none); past it the run stops, exit 2
  --lua-mem SIZE    with --engine lua: Lua memory cap (default 64M)
  --algorithm NAME  the maze maker: amazing (the 1978 walk, default), whitney,
                    restart, backtracker, aldous-broder, wilson, hunt-and-kill,
                    binary-tree, sidewinder, eller, kruskal, prim, growing-tree,
                    recursive-division (all draw from the same RND)
  --mask FILE       leave out the cells marked '#' in FILE (a text grid, one line a
                    row; '.' keeps a cell); its size is the maze size
  --starts N        N start and N end markers (a start top-left, an end bottom-right)
  --format F        text (classic, default), unicode (box drawing) or json (one
                    object a line: algorithm, width, height, seed, cells, starts, ends);
                    png, svg or pdf: a picture to print (drawn with cairo: dark walls
                    on white, the entrance green, the exit blue, --starts markers,
                    --mask cells grey). png and pdf are binary: give --output or a
                    pipe. pdf puts each maze on its own A4 page (--count K: K pages)
  --output FILE     write to FILE instead of standard output (any --format)
  --cell PIXELS     png/svg/pdf: the size of a cell, 2..100 (default 10, smaller for
                    big mazes so the picture stays within 4000x4000, never below 2);
                    svg and pdf hold mazes of up to 2048x2048 cells
  --solution        png/svg/pdf: draw the shortest way from entrance to exit in red
  --count K         K mazes, the RND stream running on from one to the next (not
                    re-seeded: maze n depends on all before it). In json each object
                    keeps "seed" as the --seed given and adds "index" (0..K-1): the
                    maze is the index-th made after RANDOMIZE seed
  --stats           add statistics to each maze (see 'amazing stats --help')
  -h, --help        this help

Output is the maze rows only, top border to last row, LF line ends, never wrapped.
Exit status: 0 done, 2 bad option or size, 3 the maze does not fit in --ram, 4 write
error, 5 the 1978 program stops with "Subscript out of range" for this RND stream and
size (its RND at state 0xFFFFFF picks column W+1; W a power of two): what it printed
up to there is written (the top border; with --transcript the error line too).
With --engine basic, 5 also for any other BASIC error that stops the listing.
)";

// The engines that can print the maze; add new ones here, in parse_engine and in the
// switch at the end of gen_command.
enum class Engine { kNative, kLua, kBasic };

Result<Engine> parse_engine(std::string_view text) {
  if (text == "native") return Engine::kNative;
  if (text == "lua") return Engine::kLua;
  if (text == "basic") return Engine::kBasic;
  return Error{"--engine: '" + std::string(text) + "' is not an engine; use native, lua or basic"};
}

struct GenOptions {
  Engine engine = Engine::kNative;
  MachineKind machine = MachineKind::kPc;
  LuaOptions lua;
  Size size;
  std::optional<int16_t> seed;
  core::Variant variant = core::Variant::kBook;
  bool transcript = false;
  std::size_t ram = core::kDefaultRam;
  std::string rom;  // --rom FILE, for --engine basic
};

// Prints the 1978 walk's maze as the listing does: `header` (the transcript's dialogue, or
// nothing), the top border, then the rows -- or, when the listing stopped (`stopped` is its
// line), the machine's `stop_text` after the border (transcript only) and `explanation` on
// stderr. `wrap` is the machine's line width (0: never wrapped).
int print_walk(const core::Maze& maze, int stopped, const std::string& header, int wrap,
               const std::string& stop_text, const std::string& explanation) {
  StdoutWriter out;
  const bool transcript = !header.empty();
  out.write(header);
  core::TextRenderer renderer(wrap);
  renderer.top(maze, out.buffer());  // the listing prints it before the walk
  if (stopped && transcript) out.write(stop_text);
  for (int r = 0; r < maze.height() && !stopped; ++r) {
    renderer.row(maze, r, out.buffer());
    out.maybe_flush();
  }
  if (!out.flush()) {
    std::fprintf(stderr, "amazing gen: write error: could not write the maze to standard output\n");
    return kExitIo;
  }
  if (stopped) {
    print_error("gen", explanation);
    return kExitProgramStopped;
  }
  return kExitOk;
}

// The native engine on the Commodore 64: the walk drawing from C64Rnd, in the C64's memory.
int run_native_c64(const GenOptions& opt) {
  core::Ram ram(kC64FreeBytes);
  core::C64Rnd rnd;
  if (opt.seed && !rnd.seed_statement(*opt.seed)) {
    print_error("gen",
                "--seed 0 on the c64 machine would be X=RND(-(0)), which reads the "
                "C64's clock; give a seed other than 0");
    return kExitUsage;
  }
  auto run = core::run_amazing(ram, opt.size.width, opt.size.length, opt.variant, rnd);
  if (!run) {
    print_error("gen", c64_too_big(opt.size.width, opt.size.length));
    return kExitOutOfMemory;
  }
  const int stopped = run->stats.stopped_at_line;
  // The C64's error: a line end first, then the message (no line end after it).
  return print_walk(run->maze, stopped, opt.transcript ? c64_transcript_header() : "", 0,
                    "\n?BAD SUBSCRIPT  ERROR IN " + std::to_string(stopped),
                    "the listing stops at line " + std::to_string(stopped) +
                        " with ?BAD SUBSCRIPT ERROR: INT(RND(1)*" + std::to_string(opt.size.width) +
                        "+1) came out " + std::to_string(opt.size.width + 1) + ", outside DIM W(" +
                        std::to_string(opt.size.width) + ",...)");
}

int run_native(const GenOptions& opt) {
  if (opt.machine == MachineKind::kC64) return run_native_c64(opt);
  core::Ram ram(opt.ram);
  core::GwRnd rnd;
  if (opt.seed) rnd.randomize(*opt.seed);
  auto run = core::run_amazing(ram, opt.size.width, opt.size.length, opt.variant, rnd);
  if (!run) {
    print_error("gen", run.error().message);
    return kExitOutOfMemory;
  }
  const int stopped = run->stats.stopped_at_line;
  std::string header;
  if (opt.transcript) {
    header = core::transcript_header(std::to_string(opt.size.width) + "," +
                                     std::to_string(opt.size.length));
  }
  return print_walk(run->maze, stopped, header, opt.transcript ? 80 : 0,
                    core::basic_stop_message(stopped) + "\n",
                    core::explain_stop(stopped, opt.size.width));
}

}  // namespace

std::string c64_too_big(int width, int length) {
  return "?OUT OF MEMORY: a " + std::to_string(width) + "x" + std::to_string(length) +
         " maze needs " + std::to_string(core::Maze::bytes_for(width, length)) +
         " bytes for its maze store; the c64 machine has " + std::to_string(kC64FreeBytes) +
         " bytes (the lua engine " + std::to_string(kC64FreeBytes - 1000) +
         " after the 1000 of its screen; see --machine in 'amazing gen --help'); use "
         "--machine pc for bigger mazes";
}

std::string c64_transcript_header() {
  auto rights = [](int n) {
    std::string s;
    for (int i = 0; i < n; ++i) s += "\x1b[C";
    return s;
  };
  return rights(core::kBannerTitleTab) + std::string(core::kBannerTitle) + "\n" +
         rights(core::kBannerCreditTab) + std::string(core::kBannerCredit) + "\n" + "\n\n\n\n" +
         "WHAT ARE YOUR WIDTH AND LENGTH?" + rights(1) + "\n" + "\n\n\n\n";
}

static int run_gen(int argc, char** argv) {
  ArgScanner args(argc, argv, 2, "gen");
  GenOptions opt;
  std::optional<Size> size;
  MazeGenRequest request;             // --algorithm, --mask, ... (gen_mazes in stats_command.cpp)
  std::optional<std::string> output;  // --output FILE
  bool use_request = false;
  bool ram_given = false;
  while (args.next()) {
    if (args.is("--help")) {
      std::fputs(kGenHelp, stdout);
      return kExitOk;
    } else if (args.option("--size", parse_size, size) ||
               args.option("--seed", parse_seed, opt.seed) ||
               args.option("--variant", parse_variant_option, opt.variant) ||
               args.option("--ram", core::parse_ram_size, opt.ram) ||
               args.option("--engine", parse_engine, opt.engine) ||
               args.option("--machine", parse_machine_kind, opt.machine)) {
      if (args.is("--ram")) ram_given = true;
    } else if (args.is("--transcript")) {
      opt.transcript = true;
    } else if (args.is("--algorithm")) {
      if (auto v = args.value())
        request.algorithm = *v, use_request = *v != "amazing" || use_request;
    } else if (args.is("--mask")) {
      if (auto v = args.value()) request.mask_file = *v, use_request = true;
    } else if (args.is("--format")) {
      if (auto v = args.value()) request.format = *v, use_request = true;
    } else if (args.is("--stats")) {
      request.stats = use_request = true;
    } else if (args.is("--starts") || args.is("--count")) {
      bool starts = args.is("--starts");
      if (auto v = args.value()) {
        char* end = nullptr;
        long n = std::strtol(v->c_str(), &end, 10);
        if (v->empty() || *end != '\0' || n < (starts ? 0 : 1) || n > 1000000)
          args.fail(std::string(starts ? "--starts" : "--count") + " takes a whole number " +
                    (starts ? "0" : "1") + "..1000000, not '" + *v + "'");
        else
          (starts ? request.starts : request.count) = static_cast<int>(n), use_request = true;
      }
    } else if (args.option("--cell", parse_cell, request.cell)) {
    } else if (args.is("--solution")) {
      request.solution = true;
    } else if (args.is("--output")) {
      if (auto v = args.value()) output = *v;
    } else if (args.is("--rom")) {
      if (auto v = args.value()) opt.rom = *v;
    } else if (scan_lua_option(args, opt.lua)) {
      // --script, --scripts, --max-steps, --lua-mem
    } else {
      args.unknown();
    }
  }
  if (!args.failed() && !args.positional().empty()) {
    args.fail("unexpected argument '" + args.positional().front() + "' (see 'amazing gen --help')");
  }
  const bool have_size = size.has_value();
  if (have_size) opt.size = *size;
  if (!args.failed() && !have_size && request.mask_file.empty()) {
    args.fail("--size WxL is required, for example: amazing gen --size 10x12");
  }
  if (args.failed()) {
    print_error("gen", args.error());
    return kExitUsage;
  }
  if (request.cell != 0 || request.solution) use_request = true;  // gen_mazes checks them
  if (opt.machine == MachineKind::kC64) {
    // The c64 machine runs the 1978 walk in the listing's text: anything else would be
    // the pc machine's output under another name, so it is refused, never ignored.
    std::string refused;
    if (request.algorithm != "amazing")
      refused = "--algorithm " + request.algorithm;
    else if (!request.mask_file.empty())
      refused = "--mask";
    else if (request.format != "text")
      refused = "--format " + request.format;
    else if (request.count != 1)
      refused = "--count";
    else if (request.stats)
      refused = "--stats";
    else if (request.starts != 0)
      refused = "--starts";
    else if (request.cell != 0)
      refused = "--cell";
    else if (request.solution)
      refused = "--solution";
    else if (ram_given)
      refused = "--ram";
    if (!refused.empty()) {
      print_error("gen", refused +
                             " is not available with --machine c64 (it runs the 1978 "
                             "listing's walk in text on the C64's 38911 bytes); use --machine pc");
      return kExitUsage;
    }
    if (opt.seed && *opt.seed == 0) {
      print_error("gen",
                  "--seed 0 on the c64 machine would be X=RND(-(0)), which reads the "
                  "C64's clock; give a seed other than 0");
      return kExitUsage;
    }
  }
  if (output) {
    if (auto st = send_stdout_to(*output); !st) {
      print_error("gen", st.error().message);
      return kExitUsage;
    }
  }
  if (opt.engine != Engine::kNative && request.algorithm != "amazing") {
    // The other makers exist natively and as scripts/generators/NAME.lua; the Lua engine
    // runs the script, which prints the maze itself (the same bytes as native).
    std::string why;
    if (opt.engine == Engine::kBasic)
      why = "--engine basic runs the 1978 listing only; use --engine native or lua";
    else if ((request.format != "text" && !is_picture_format(request.format)) ||
             request.count != 1 || request.stats || request.starts != 0 ||
             !request.mask_file.empty() || opt.transcript)
      why =
          "--engine lua --algorithm prints one maze in the text format only (no --format "
          "unicode/json, --count, --stats, --starts, --mask or --transcript); use "
          "--engine native for those";
    else if (std::find(core::generator_names().begin(), core::generator_names().end(),
                       request.algorithm) == core::generator_names().end())
      why = "unknown algorithm '" + request.algorithm + "' (see 'amazing gen --help')";
    if (!why.empty()) {
      print_error("gen", why);
      return kExitUsage;
    }
    LuaGenRequest lua_request{opt.size, opt.seed, opt.variant, false, opt.ram, opt.lua};
    lua_request.script = request.algorithm + ".lua";
    if (is_picture_format(request.format)) return run_lua_picture(lua_request, request);
    return run_lua_gen(lua_request);
  }
  if (opt.engine != Engine::kNative && is_picture_format(request.format)) {
    // The 1978 walk's picture: from scripts/amazing.lua's maze with --engine lua.
    if (opt.engine == Engine::kBasic) {
      print_error("gen",
                  "--engine basic prints the listing's text only; draw the picture "
                  "with --engine native or lua (the same maze)");
      return kExitUsage;
    }
    request.width = opt.size.width, request.height = opt.size.length;
    return run_lua_picture(LuaGenRequest{opt.size, opt.seed, opt.variant, false, opt.ram, opt.lua},
                           request);
  }
  if (use_request) {
    if (have_size) request.width = opt.size.width, request.height = opt.size.length;
    request.seed = opt.seed;
    request.variant = opt.variant;
    request.ram = opt.ram;
    return gen_mazes(request);
  }
  switch (opt.engine) {
    case Engine::kNative:
      return run_native(opt);
    case Engine::kLua: {
      LuaGenRequest lua_request{opt.size, opt.seed, opt.variant, opt.transcript, opt.ram, opt.lua};
      lua_request.c64 = opt.machine == MachineKind::kC64;
      return run_lua_gen(lua_request);
    }
    case Engine::kBasic: {
      BasicGenRequest basic_request{opt.size.width,
                                    opt.size.length,
                                    opt.seed,
                                    opt.variant,
                                    opt.transcript,
                                    opt.ram,
                                    opt.rom,
                                    opt.lua.max_steps_given
                                        ? std::optional<uint64_t>(opt.lua.limits.max_steps)
                                        : std::nullopt};
      basic_request.c64 = opt.machine == MachineKind::kC64;
      return run_basic_gen(basic_request);
    }
  }
  return run_native(opt);
}

int gen_command(int argc, char** argv) {
  int rc = run_gen(argc, argv);
  // A failed run leaves no empty or half-written --output file behind; a listing that
  // stopped (exit 5) printed what it printed, which is kept.
  if (rc != kExitOk && rc != kExitProgramStopped) discard_stdout_file();
  return rc;
}

}  // namespace amazing::cli
