#include "cli/job.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <cstdio>
#include <functional>

#include "cli/cli11_help.hpp"
#include "cli/output.hpp"
#include "cli/picture_output.hpp"
#include "core/braid.hpp"
#include "core/generators/generator.hpp"

namespace amazing::cli {

bool Job::has(std::string_view option) const {
  return std::find(given.begin(), given.end(), option) != given.end();
}

namespace {

bool is_maze_format(std::string_view f) {
  return f == "text" || f == "unicode" || f == "json" || is_picture_format(f);
}

}  // namespace

std::string first_given(const Job& job, std::initializer_list<std::string_view> options) {
  for (auto o : options)
    if (job.has(o)) return std::string(o);
  return "";
}

namespace {

// Arguments after -- are a Lua script's (its arg table): another engine has no script.
std::string refuse_script_args(const Job& job) {
  if (job.lua.script_args.empty() || job.engine == EngineKind::kLua) return "";
  return "-- " + shown(job.lua.script_args.front()) +
         ": the arguments after -- go to a Lua script (arg[1], ...); add --engine lua "
         "(with --script FILE or --algorithm NAME), or leave them out";
}

// The c64 machine runs the 1978 walk in the listing's text: anything else would be the
// pc machine's output under another name, so it is refused, never ignored.
std::string refuse_c64(const Job& job) {
  if (job.machine != MachineKind::kC64) return "";
  std::string o = first_given(job, {"--algorithm", "--mask", "--format", "--count", "--stats",
                                    "--starts", "--cell", "--solution", "--ram", "--script",
                                    "--braid", "--difficulty"});
  if (o == "--algorithm" && job.algorithm == "amazing") o.clear();
  if (o == "--format" && job.format == "text") o.clear();
  if (!o.empty())
    return o +
           " is not available with --machine c64 (it runs the 1978 listing's walk in text on "
           "the C64's 38911 bytes); use --machine pc";
  if (job.seed && *job.seed == 0)
    return "--seed 0 on the c64 machine would be X=RND(-(0)), which reads the C64's clock; "
           "give a seed other than 0";
  return "";
}

std::string refuse_form(const Job& job) {
  if (!is_maze_format(job.format))
    return "unknown --format '" + shown(job.format) +
           "'; use text, unicode, json, png, svg or pdf";
  if (job.algorithm != "amazing") {
    const auto& names = core::generator_names();
    if (std::find(names.begin(), names.end(), job.algorithm) == names.end()) {
      std::string list = "amazing";
      for (auto n : names) list += ", " + std::string(n);
      return "unknown algorithm '" + shown(job.algorithm) + "'; choose one of: " + list;
    }
  }
  if (job.transcript) {
    std::string o = first_given(job, {"--format", "--count", "--stats", "--mask", "--starts",
                                      "--algorithm", "--cell", "--solution", "--braid",
                                      "--difficulty"});
    if (o == "--format" && job.format == "text") o.clear();
    if (o == "--algorithm" && job.algorithm == "amazing") o.clear();
    if (!o.empty())
      return o + " and --transcript: the transcript is the 1978 program's session as the "
                 "machine printed it, one maze in text; leave out one of them";
  }
  if (!is_picture_format(job.format)) {
    if (auto o = first_given(job, {"--cell", "--solution", "--wall-width", "--wall-colour",
                                   "--entrance-colour", "--exit-colour", "--solution-colour",
                                   "--marks"});
        !o.empty())
      return o + " is for pictures; add --format png, svg or pdf";
  }
  if (job.format != "pdf") {
    if (auto o = first_given(job, {"--answers", "--per-page", "--title"}); !o.empty())
      return o + " makes a puzzle book, which is a PDF; add --format pdf";
  }
  if (job.answers && job.solution)
    return "--solution and --answers: --answers draws the solutions on their own pages after "
           "the mazes; leave out --solution";
  if (job.has("--solution-colour") && !job.solution && !job.answers)
    return "--solution-colour colours the solution, which is not drawn; add --solution (or "
           "--answers with --format pdf)";
  if (!job.mask_file.empty() && job.algorithm != "amazing") {
    if (auto why = core::mask_refusal(job.algorithm); !why.empty()) return "--mask: " + why;
  }
  if (job.walk() && (job.starts > 0 || !job.mask_file.empty()))
    return "--mask and --starts need a generator other than the 1978 walk; add --algorithm "
           "NAME (for example backtracker)";
  return "";
}

// --difficulty measures the built-in makers' mazes natively, one maze from one seed.
std::string refuse_difficulty(const Job& job) {
  if (!job.has("--difficulty")) return "";
  if (job.has("--count") && job.count != 1)
    return "--difficulty chooses the seed of one maze; --count K runs the RND on from one maze "
           "to the next (leave out one of them)";
  if (!job.mask_file.empty())
    return "--difficulty grades mazes without a mask (its reference mazes have none); leave "
           "out --mask or --difficulty";
  if (job.lua.script_file || job.lua.scripts_dir)
    return std::string(job.lua.script_file ? "--script" : "--scripts") +
           " and --difficulty: the seed is chosen by measuring the built-in makers' mazes, "
           "which a script of your own may not make; leave out one of them";
  return "";
}

}  // namespace

std::string refuse_unpaced_speed(const Job& job, std::string_view what) {
  if (job.speed != Speed::kOriginal) return "";
  return "--speed original: " + std::string(what) +
         " is not paced to the machine's clock; leave out --speed (warp is the default) or "
         "run the listing with amazing basic (the prompt or a FILE), or gen --engine basic";
}

std::string refusal(const Job& job) {
  if (auto why = refuse_form(job); !why.empty()) return why;
  if (job.engine != EngineKind::kBasic) {
    std::string what = "the " + std::string(engine_info(job.engine).name) +
                       " engine runs no BASIC program (add --engine basic)";
    if (auto why = refuse_unpaced_speed(job, what); !why.empty()) return why;
  }
  if (auto why = refuse_c64(job); !why.empty()) return why;
  if (auto why = machine_refusal(job.engine, job.machine); !why.empty()) return why;
  if (auto why = refuse_script_args(job); !why.empty()) return why;
  if (auto why = refuse_difficulty(job); !why.empty()) return why;
  return engine_info(job.engine).refuse(job);
}

// ---- Options through CLI11, help from their definitions ----

namespace {

// A value option parsed by one of our parsers (its message is the error); the job
// remembers that it was given, so refusals can name it.
template <typename T, typename Parse>
CLI::Option* add_parsed(CLI::App& app, Job& job, const std::string& name, T& out, Parse parse,
                        const std::string& value_name, const std::string& text) {
  return add_parsed_option(
      app, name, out,
      [&job, name, parse](std::string_view v) {
        job.given.push_back(name);
        return parse(v);
      },
      value_name, text);
}

CLI::Option* add_text(CLI::App& app, Job& job, const std::string& name, std::string& out,
                      const std::string& value_name, const std::string& text) {
  return app
      .add_option_function<std::string>(
          name,
          [&out, &job, name](const std::string& v) {
            out = v;
            job.given.push_back(name);
          },
          text)
      ->type_name(value_name);
}

CLI::Option* add_switch(CLI::App& app, Job& job, const std::string& name, bool& out,
                        const std::string& text) {
  return app.add_flag_callback(
      name,
      [&out, &job, name]() {
        out = true;
        job.given.push_back(name);
      },
      text);
}

// A whole number in lo..hi, for --count and --starts.
std::function<Result<int>(std::string_view)> whole_number(std::string name, int lo, int hi) {
  return [name, lo, hi](std::string_view v) -> Result<int> {
    int n = 0;
    const char* end = v.data() + v.size();
    auto [stop, ec] = std::from_chars(v.data(), end, n);  // no overflow: ec says so
    const bool ok = !v.empty() && v[0] >= '0' && v[0] <= '9' && ec == std::errc() && stop == end;
    if (!ok || n < lo || n > hi)
      return Error{name + " takes a whole number " + std::to_string(lo) + ".." +
                   std::to_string(hi) + ", not '" + std::string(v) + "'"};
    return n;
  };
}

// A colour option: picture::parse_colour, its message naming the option.
std::function<Result<picture::Colour>(std::string_view)> colour_option(std::string name) {
  return [name](std::string_view v) -> Result<picture::Colour> {
    auto c = picture::parse_colour(v);
    if (!c) return Error{name + ": " + c.error().message};
    return c;
  };
}

Result<picture::Marks> parse_marks(std::string_view v) {
  if (v == "squares") return picture::Marks::kSquares;
  if (v == "shapes") return picture::Marks::kShapes;
  return Error{"--marks takes squares or shapes, not '" + std::string(v) + "'"};
}

// The pictures' look and the puzzle book (gen --format png|svg|pdf).
void add_picture_style_options(CLI::App& app, Job& job) {
  add_parsed(app, job, "--wall-width", job.style.wall_width,
             whole_number("--wall-width", 1, picture::kMaxWallWidth), "PIXELS",
             "png/svg/pdf: the walls' thickness in the cell's pixels (default a fifth of "
             "--cell; at most half the cell: --wall-width 4 needs --cell 8 or more)");
  const std::string names = picture::colour_names();
  add_parsed(app, job, "--wall-colour", job.style.wall, colour_option("--wall-colour"), "C",
             "png/svg/pdf: the walls' colour, #rgb, #rrggbb or a name (" + names +
                 "); default near-black #141414");
  add_parsed(app, job, "--entrance-colour", job.style.entrance,
             colour_option("--entrance-colour"), "C",
             "png/svg/pdf: the entrance mark's colour (default green #1a9e2e)");
  add_parsed(app, job, "--exit-colour", job.style.exit, colour_option("--exit-colour"), "C",
             "png/svg/pdf: the exit mark's colour (default blue #1f59d9)");
  add_parsed(app, job, "--solution-colour", job.style.solution,
             colour_option("--solution-colour"), "C",
             "png/svg/pdf with --solution or --answers: the solution's colour (default red "
             "#db1f1f)");
  add_parsed(app, job, "--marks", job.style.marks, parse_marks, "M",
             "png/svg/pdf: how the entrance and exit are marked: squares (the default) or "
             "shapes, a triangle pointing in at the entrance and a disc at the exit, which "
             "show in a printout without colour too; a puzzle book (--answers, --per-page, "
             "--title) uses shapes unless --marks squares");
  add_switch(app, job, "--answers", job.answers,
             "pdf: a puzzle book: the mazes first, captioned Maze 1, Maze 2, ..., then each "
             "maze again with its solution, captioned Answer 1, Answer 2, ..., on pages of "
             "their own (--count 3: 6 pages); at most 10000 mazes and 33554432 cells in all");
  add_parsed(app, job, "--per-page", job.per_page,
             whole_number("--per-page", 1, picture::PdfWriter::kMaxPerPage), "N",
             "pdf: N mazes a page, in the grid that draws them largest, each captioned "
             "(the answer pages too); 1..100, default 1");
  add_parsed(app, job, "--title", job.title,
             [](std::string_view v) -> Result<std::string> {
               auto t = picture::book_title(v);
               if (!t) return Error{"--title: " + t.error().message};
               return t;
             },
             "TEXT",
             "pdf: a title line at the top of every page (and the PDF's title): at most 100 "
             "characters; control and invisible characters are left out");
}

std::string engine_help(const std::vector<EngineKind>& offered) {
  std::string s = "what runs the program: ";
  for (std::size_t i = 0; i < offered.size(); ++i) {
    const auto& e = engine_info(offered[i]);
    s += std::string(e.name) + " (" + std::string(e.summary) + ")";
    s += i + 1 < offered.size() ? ", " : ". ";
  }
  return s + "Every engine prints the same bytes; an option an engine cannot honour is "
             "refused, never ignored.";
}

}  // namespace

void add_job_options(CLI::App& app, Job& job, unsigned which,
                     const std::vector<EngineKind>& offered) {
  if (which & kOptSize)
    add_parsed(app, job, "--size", job.size, parse_size, "WxL",
               "width and length in cells, as the original asks (10x12: 10 wide)");
  if (which & kOptSeed)
    add_parsed(app, job, "--seed", job.seed, parse_seed, "N",
               "run N%=N: RANDOMIZE N% first (-32768..32767); without it the generator starts "
               "in its power-on state, like the real machine");
  if (which & kOptVariant)
    add_parsed(app, job, "--variant", job.variant, parse_variant_option, "V",
               "the listing revision: book (1978, default), fixed (line 695 corrected) or "
               "fixed-exit (fixed, and always an exit)");
  if (which & kOptTranscript)
    add_switch(app, job, "--transcript", job.transcript,
               "print the whole session as the machine shows it: banner, prompt with the typed "
               "W,L, blank lines, then the maze (80-column wrap on the pc)");
  if (which & kOptSpeed)
    add_parsed(app, job, "--speed", job.speed, parse_speed, "MODE",
               "how fast the BASIC program runs: warp (default) as fast as the host goes, or "
               "original at the real machine's pace (an NTSC C64, or an IBM PC 5150 at "
               "4.77 MHz), the host waiting for the emulated clock that TI, TI$ and TIMER "
               "read (which is the same under both)");
  if (which & kOptRam)
    add_parsed(app, job, "--ram", job.ram, core::parse_ram_size, "SIZE",
               "the machine's memory: 48K (default), 64K, 8M, unlimited, ... The maze store "
               "takes half a byte a cell. Without --ram the 1978 program's run on the pc "
               "(--transcript, the dialogue, --engine basic, amazing basic) has what "
               "GW-BASIC has, 60300 bytes as PC-BASIC gives them: both arrays take 4 bytes a "
               "cell of (W+1)x(L+1), so 83x83 runs and 84x84 stops (Out of memory in 160; "
               "in 110 with a --seed), exit 3. --ram SIZE gives the machine that memory "
               "instead, for every engine");
  if (which & kOptMachine)
    add_parsed(app, job, "--machine", job.machine, parse_machine_kind, "M",
               "pc (default): GW-BASIC's machine, as PC-BASIC prints it. c64: a Commodore 64 "
               "(BASIC V2): its RND and 5-byte arithmetic, so other mazes; --seed N is the "
               "line X=RND(-(N)) before the program (N=0 refused: it reads the clock); "
               "--transcript prints what the C64 printed: TABs and the space after the "
               "prompt's ? as cursor-rights (ESC [ C), the typed W,L not echoed, no 80-column "
               "wrap. Memory: the C64's 38911 BASIC bytes. The native and lua engines keep a "
               "maze in a nibble store of W*L/2 bytes: native holds up to 77,822 cells "
               "(278x278), lua 75,822 (275x275: the screen's 1000 bytes are in use). The "
               "listing's run (--transcript, and --engine basic) holds what a C64 holds: "
               "?OUT OF MEMORY  ERROR IN 110 past 59x59, or at a later line where a variable "
               "made after the arrays does not fit (exit 3). Only the 1978 walk in text: --algorithm, "
               "--mask, --format, --count, --stats, --starts, --ram are refused with --machine "
               "c64");
  if (which & kOptEngine)
    add_parsed(app, job, "--engine", job.engine,
               [offered](std::string_view v) { return engine_from(v, offered); }, "E",
               engine_help(offered));
  if (which & kOptRom)
    add_parsed(app, job, "--rom", job.rom,
               [](std::string_view v) { return parse_path("--rom", "file", v); }, "FILE",
               "with --engine basic: run FILE instead of the --variant listing found in "
               "roms/ (see roms/README.md)");
  if (which & kOptLuaScript) {
    // require() looks in FILE's own lib/ first, then DIR/lib (lua_engine.hpp).
    auto& lib_dirs = job.lua.limits.lib_dirs;
    add_parsed(app, job, "--script", job.lua.script_file,
               [&lib_dirs](std::string_view v) -> Result<std::optional<std::string>> {
                 auto named = parse_path("--script", "file", v);
                 if (!named) return named.error();
                 lib_dirs.insert(lib_dirs.begin(), lib_beside(v));
                 return std::optional<std::string>(std::string(v));
               },
               "FILE",
               "with --engine lua: run FILE instead of the built-in amazing.lua (or "
               "generators/NAME.lua); a script that makes mazes hands each to the host with "
               "amazing.publish (see scripts/README.md), which checks and prints it. "
               "require(NAME) finds FILE's own lib/NAME.lua first (then --scripts DIR/lib, "
               "then the built-in modules); arguments after -- are its arg[1], arg[2], ... "
               "(gen: --script or --scripts without --engine runs --engine lua)");
    add_parsed(app, job, "--scripts", job.lua.scripts_dir,
               [&lib_dirs](std::string_view v) -> Result<std::optional<std::string>> {
                 auto named = parse_path("--scripts", "folder", v);
                 if (!named) return named.error();
                 lib_dirs.push_back(std::string(v) + "/lib");
                 return std::optional<std::string>(std::string(v));
               },
               "DIR",
               "with --engine lua: DIR laid out as the repository's scripts/: amazing.lua, "
               "generators/NAME.lua (--algorithm NAME) and lib/ (the modules require finds "
               "before the built-in ones) are taken from DIR; with --script FILE, only "
               "DIR/lib is used");
  }
  if (which & kOptLuaLimits) {
    add_parsed(app, job, "--max-steps", job.lua.limits.max_steps,
               [&job](std::string_view v) {
                 job.lua.max_steps_given = true;
                 return parse_max_steps(v);
               },
               "N",
               "with --engine lua: Lua instruction budget (default 2G, or 1000 a cell for "
               "bigger mazes; 0 = none; 100M instructions take 0.5 to 1.6 s of CPU, so 2G "
               "about 11 to 32 s). With --engine basic: BASIC statements (default 100M, or "
               "1000 a cell for bigger mazes; 0 = none; 100M take 1 to 18 s of CPU, a bare "
               "GOTO loop to FOR, arrays and RND). Past it the run stops, exit 6");
    add_parsed(app, job, "--lua-mem", job.lua.limits.memory,
               [&job](std::string_view v) {
                 job.lua.memory_given = true;
                 return parse_lua_mem(v);
               },
               "SIZE",
               "with --engine lua: Lua memory cap (default 64M, or 128 bytes a cell for "
               "bigger mazes)");
  }
  if (which & kOptMaker)
    add_text(app, job, "--algorithm", job.algorithm, "NAME",
             "the maze maker: amazing (the 1978 walk, default), whitney, restart, backtracker, "
             "aldous-broder, wilson, hunt-and-kill, binary-tree, sidewinder, eller, kruskal, "
             "prim, growing-tree, recursive-division (all draw from the same RND; with "
             "--engine lua, scripts/generators/NAME.lua makes the same maze)");
  if (which & kOptMaskStarts) {
    add_parsed(app, job, "--mask", job.mask_file,
               [](std::string_view v) { return parse_path("--mask", "file", v); }, "FILE",
               "leave out the cells marked '#' in FILE (a text grid, one line a row; '.' "
               "keeps a cell); its size is the maze size");
    add_parsed(app, job, "--starts", job.starts, whole_number("--starts", 0, 1000000), "N",
               "N start and N end markers (a start top-left, an end bottom-right)");
  }
  if (which & kOptFormat) {
    add_text(app, job, "--format", job.format, "F",
             "text (classic, default), unicode (box drawing) or json (one object a line: "
             "algorithm, width, height, seed, cells, starts, ends, and with --mask the masked "
             "cells as mask); png, svg or pdf: a picture "
             "to print (drawn with cairo: dark walls on white, the entrance green, the exit "
             "blue, --starts markers, --mask cells grey). png and pdf are binary: give "
             "--output or a pipe. pdf puts each maze on its own A4 page (--count K: K pages), "
             "or makes a puzzle book with --answers, --per-page and --title");
    add_parsed(app, job, "--output", job.output,
               [](std::string_view v) -> Result<std::optional<std::string>> {
                 return std::optional<std::string>(std::string(v));
               },
               "FILE", "write to FILE instead of standard output (any --format)");
    add_parsed(app, job, "--cell", job.cell, parse_cell, "PIXELS",
               "png/svg/pdf: the size of a cell, 2..100 (default 10, smaller for big mazes so "
               "the picture stays within 4000x4000, never below 2); svg and pdf hold mazes of "
               "up to 2048x2048 cells");
    add_switch(app, job, "--solution", job.solution,
               "png/svg/pdf: draw the shortest way from entrance to exit in red");
    add_parsed(app, job, "--count", job.count, whole_number("--count", 1, 1000000), "K",
               "K mazes, the RND stream running on from one to the next (not re-seeded: maze n "
               "depends on all before it). In json each object keeps \"seed\" as the --seed "
               "given and adds \"index\" (0..K-1): the maze is the index-th made after "
               "RANDOMIZE seed");
    add_switch(app, job, "--stats", job.stats,
               "add statistics to each maze (see 'amazing stats --help')");
  }
  if (which & kOptGrade) {
    add_parsed(app, job, "--braid", job.braid, core::parse_braid_share, "P",
               "remove the share P (0..1, e.g. 0.5) of the dead ends by opening a wall at "
               "each, so the maze has loops: in reading order, chosen with the maze's own RND "
               "(round(P x dead ends) of them go), each opened towards a neighbour that is also a "
               "dead end when there is one; --braid 1 leaves no dead end (unless a cell "
               "has no other neighbour). Every algorithm, native and lua alike (the same "
               "bytes); not --engine basic, --transcript or --machine c64");
    add_parsed(app, job, "--difficulty", job.difficulty, core::parse_difficulty, "D",
               "easy, medium or hard: use the first seed from --seed (default 0) on whose maze "
               "ranks in that third against the 100 mazes of seeds 0..99 of the same kind and "
               "size, by solution length and dead ends (a share of the cells each; see "
               "README); the seed chosen is said on standard error (and is json's \"seed\"). "
               "Mazes of up to 250,000 cells; not with --count, --mask or --script");
  }
  if (which & kOptPictureStyle) add_picture_style_options(app, job);
}

bool choose_difficulty_seed(Job& job, std::string_view command) {
  if (!job.difficulty) return true;
  core::MazeRecipe recipe{.algorithm = job.algorithm, .width = job.size.width,
                          .height = job.size.length, .variant = job.variant,
                          .starts = job.starts, .braid = job.braid};
  const int16_t start = job.seed.value_or(0);
  auto pick = core::choose_seed(recipe, *job.difficulty, start);
  if (!pick) {
    print_error(std::string(command), pick.error().message);
    return false;
  }
  job.seed = pick->seed;
  std::fprintf(stderr,
               "amazing %s: --difficulty %s: seed %d (solution %.1f%% of the cells, dead ends "
               "%.1f%%; harder than %.0f%% of the reference mazes; %d seed%s tried from %d)\n",
               std::string(command).c_str(),
               std::string(core::difficulty_name(*job.difficulty)).c_str(),
               pick->seed, 100 * pick->measures.solution, 100 * pick->measures.dead_ends,
               100 * pick->percentile, pick->tried, pick->tried == 1 ? "" : "s", start);
  return true;
}

}  // namespace amazing::cli
