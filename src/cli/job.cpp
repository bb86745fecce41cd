#include "cli/job.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <cstdio>
#include <functional>

#include "cli/cli11_help.hpp"
#include "cli/output.hpp"
#include "cli/picture_output.hpp"
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
                                    "--starts", "--cell", "--solution", "--ram", "--script"});
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
                                      "--algorithm", "--cell", "--solution"});
    if (o == "--format" && job.format == "text") o.clear();
    if (o == "--algorithm" && job.algorithm == "amazing") o.clear();
    if (!o.empty())
      return o + " and --transcript: the transcript is the 1978 program's session as the "
                 "machine printed it, one maze in text; leave out one of them";
  }
  if (!is_picture_format(job.format)) {
    if (auto o = first_given(job, {"--cell", "--solution"}); !o.empty())
      return o + " is for pictures; add --format png, svg or pdf";
  }
  if (!job.mask_file.empty() && job.algorithm != "amazing") {
    if (auto why = core::mask_refusal(job.algorithm); !why.empty()) return "--mask: " + why;
  }
  if (job.walk() && (job.starts > 0 || !job.mask_file.empty()))
    return "--mask and --starts need a generator other than the 1978 walk; add --algorithm "
           "NAME (for example backtracker)";
  return "";
}

}  // namespace

std::string refusal(const Job& job) {
  if (auto why = refuse_form(job); !why.empty()) return why;
  if (auto why = refuse_c64(job); !why.empty()) return why;
  if (auto why = machine_refusal(job.engine, job.machine); !why.empty()) return why;
  if (auto why = refuse_script_args(job); !why.empty()) return why;
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
  if (which & kOptRam)
    add_parsed(app, job, "--ram", job.ram, core::parse_ram_size, "SIZE",
               "the machine's memory: 48K (default), 64K, 8M, unlimited, ...");
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
    add_text(app, job, "--rom", job.rom, "FILE",
             "with --engine basic: run FILE instead of the --variant listing found in roms/ "
             "(see roms/README.md)");
  if (which & kOptLuaScript) {
    // require() looks in FILE's own lib/ first, then DIR/lib (lua_engine.hpp).
    auto& lib_dirs = job.lua.limits.lib_dirs;
    add_parsed(app, job, "--script", job.lua.script_file,
               [&lib_dirs](std::string_view v) -> Result<std::optional<std::string>> {
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
    add_text(app, job, "--mask", job.mask_file, "FILE",
             "leave out the cells marked '#' in FILE (a text grid, one line a row; '.' keeps a "
             "cell); its size is the maze size");
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
             "--output or a pipe. pdf puts each maze on its own A4 page (--count K: K pages)");
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
}

}  // namespace amazing::cli
