// One description of a run, shared by the commands, and the one table of engines.
//
//   Job job;                                   // size, seed, machine, engine, format, ...
//   CLI::App app;
//   use_help_layout(app, "gen", {usage, intro, footer});     // cli11_help.hpp
//   add_job_options(app, job, kGenOptions);    // --size, --seed, --engine, ... (one wording)
//   if (auto code = parse_command_line(app, "gen", argc, argv, 2, args)) return *code;
//   if (auto why = refusal(job); !why.empty()) ...   // what the engine cannot honour
//
// An engine is a row of engines() (engine.hpp): its name, what it refuses, what it can
// do. Commands never decide an engine's abilities themselves: they ask the table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/args.hpp"
#include "cli/engine.hpp"
#include "cli/lua_engine.hpp"
#include "cli/pace.hpp"
#include "core/amazing_walk.hpp"
#include "core/difficulty.hpp"
#include "core/ram.hpp"
#include "core/result.hpp"
#include "picture/picture.hpp"

namespace CLI {
class App;
}

namespace amazing::cli {

// A run: what to make, on which machine, by which engine, in which form.
struct Job {
  EngineKind engine = EngineKind::kNative;
  MachineKind machine = MachineKind::kPc;
  Size size;                 // width x length in cells; 0x0 until given
  std::optional<int16_t> seed;
  core::Variant variant = core::Variant::kBook;
  std::string algorithm = "amazing";  // the 1978 walk, or a generator's name
  std::size_t ram = core::kDefaultRam;
  LuaOptions lua;            // --script, --scripts, --max-steps, --lua-mem
  std::string rom;           // --rom FILE (basic)
  std::string format = "text";
  int count = 1;
  bool stats = false;
  std::string mask_file;
  int starts = 0;
  bool transcript = false;
  int cell = 0;              // --cell (pictures; 0: the default)
  bool solution = false;     // --solution (pictures)
  std::optional<std::string> output;  // --output FILE
  int braid = 0;             // --braid P, in ten-thousandths (core/braid.hpp); 0: none
  std::optional<core::Difficulty> difficulty;  // --difficulty: the seed is searched for
  // Pictures' look and puzzle books (kOptPictureStyle).
  picture::Style style;      // --wall-width, --wall-colour, --entrance-colour, --exit-colour,
                             // --solution-colour, --marks
  bool answers = false;      // --answers (pdf)
  int per_page = 1;          // --per-page N (pdf)
  std::string title;         // --title TEXT (pdf), made fit by picture::book_title
  Speed speed = Speed::kWarp;  // --speed: a BASIC program's run paced to the machine's clock

  // The options the user gave, by name ("--format"), so refusals can name them.
  std::vector<std::string> given;
  bool has(std::string_view option) const;
  // Whether the maze is the 1978 walk (amazing.lua, the listing, the native walk).
  bool walk() const { return algorithm == "amazing" && !lua.script_file; }
};

// The first of `options` the job was given, or "" (for refusals that name it).
std::string first_given(const Job& job, std::initializer_list<std::string_view> options);

// Everything wrong with the job before it runs, in one place: the engine's refusals,
// the machine's, the format's. "" when the job can run.
std::string refusal(const Job& job);

// Which job options a command offers (a bit each).
enum JobOption : unsigned {
  kOptSize = 1u << 0,
  kOptSeed = 1u << 1,
  kOptVariant = 1u << 2,
  kOptMachine = 1u << 3,
  kOptRam = 1u << 4,
  kOptEngine = 1u << 5,
  kOptLuaScript = 1u << 6,  // --script, --scripts
  kOptRom = 1u << 7,
  kOptTranscript = 1u << 8,
  kOptMaker = 1u << 9,        // --algorithm
  kOptFormat = 1u << 10,      // --format, --output, --cell, --solution, --count, --stats
  kOptLuaLimits = 1u << 11,   // --max-steps, --lua-mem
  kOptMaskStarts = 1u << 12,  // --mask, --starts
  kOptGrade = 1u << 13,       // --braid, --difficulty
  kOptPictureStyle = 1u << 16,  // --wall-width, colours, --marks, --answers, --per-page, --title
  kOptSpeed = 1u << 17,         // --speed original|warp
  kOptLua = kOptLuaScript | kOptLuaLimits,
  kOptAlgorithm = kOptMaker | kOptMaskStarts,
};
inline constexpr unsigned kGenOptions = kOptSize | kOptSeed | kOptVariant | kOptMachine |
                                        kOptRam | kOptEngine | kOptLua | kOptRom |
                                        kOptTranscript | kOptAlgorithm | kOptFormat |
                                        kOptGrade | kOptPictureStyle | kOptSpeed;

// --speed original where `what` runs no BASIC program paced to the machine's clock: the
// refusal naming it ("" when the job does not ask for it).
std::string refuse_unpaced_speed(const Job& job, std::string_view what);

// --difficulty: picks job.seed (searched from the --seed given, or 0; core/difficulty.hpp)
// for the job's maker and says which on stderr ("amazing CMD: --difficulty hard: seed 17
// ..."). Nothing without --difficulty. False (after the message) when none can be found.
bool choose_difficulty_seed(Job& job, std::string_view command);

// Registers the job's options on `app`, each with its one help text; values are parsed
// with the parsers of args.hpp, so every command says the same about a bad value.
// `engines` are the engines --engine offers (its help lists them).
void add_job_options(CLI::App& app, Job& job, unsigned which,
                     const std::vector<EngineKind>& engines = {EngineKind::kNative,
                                                               EngineKind::kLua,
                                                               EngineKind::kBasic});
}  // namespace amazing::cli
