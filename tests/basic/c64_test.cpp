// The interpreter on the c64 machine (Dialect::kC64) against what Commodore 64 BASIC V2
// printed (../shared/c64: recorded by running the C64 ROM's own code): every AMAZING
// transcript (power-on, seeded with the line X=RND(-(N)) before the program, the three
// that run out of memory, and the one given two answers), and every small program
// (numbers, err1..err17, input with input.in). Without ../shared the recordings are
// skipped with a message; AMAZING_REQUIRE_ORACLE=1 makes that a failure. A few facts from
// the recordings are also checked inline, so they hold without ../shared.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "basic/run.hpp"
#include "core/c64_rnd.hpp"
#include "support/files.hpp"

namespace amazing::basic {
namespace {

namespace fs = std::filesystem;
using amazing::test::slurp;

bool oracle_required() {
  const char* v = std::getenv("AMAZING_REQUIRE_ORACLE");
  return v != nullptr && std::string(v) == "1";
}

fs::path shared_dir() {
  return fs::path(AMAZING_SHARED_DIR);
}

// The recordings end their lines in CR LF; the interpreter prints LF.
std::string lf(std::string text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') continue;
    out += text[i];
  }
  return out;
}

BatchRun run_c64(const std::string& listing, std::vector<std::string> input,
                 std::optional<int16_t> seed = std::nullopt) {
  BatchOptions o;
  o.dialect = Dialect::kC64;
  o.input = std::move(input);
  o.seed = seed;
  o.max_steps = 200'000'000;
  return run_batch(listing, o);
}

// Where the recordings are, or empty after skipping (or failing) with a clear message.
#define NEED_RECORDINGS(dir)                                                             \
  if (!fs::is_directory(dir)) {                                                          \
    std::string why = "no C64 recordings at " + (dir).string() + " (../shared missing)"; \
    if (oracle_required()) FAIL() << why << " (AMAZING_REQUIRE_ORACLE=1)";               \
    GTEST_SKIP() << why;                                                                 \
  }

// A recording's name: VARIANT-WxL[-then-WxL]-(poweron|seedN), e.g. "fixed-exit-20x19-seed147",
// "book-1x5-then-6x4-poweron", "book-12x10-seed-2873". The listing, the typed answers
// ("W,L" each) and the seed; nullopt for a name of another form.
struct RecordingName {
  std::string variant;
  std::vector<std::string> input;
  std::optional<int16_t> seed;
};

std::optional<std::string> answer(const std::string& wxl) {
  std::size_t x = wxl.find('x');
  auto digits = [](const std::string& t) {
    return !t.empty() && t.find_first_not_of("0123456789") == std::string::npos;
  };
  if (x == std::string::npos || !digits(wxl.substr(0, x)) || !digits(wxl.substr(x + 1)))
    return std::nullopt;
  return wxl.substr(0, x) + "," + wxl.substr(x + 1);
}

std::optional<RecordingName> parse_recording_name(std::string stem) {
  RecordingName r;
  for (const char* v : {"fixed-exit", "fixed", "book"}) {
    const std::string prefix = std::string(v) + "-";
    if (stem.rfind(prefix, 0) == 0) {
      r.variant = v;
      stem.erase(0, prefix.size());
      break;
    }
  }
  if (r.variant.empty()) return std::nullopt;
  if (stem.size() > 8 && stem.compare(stem.size() - 8, 8, "-poweron") == 0) {
    stem.resize(stem.size() - 8);
  } else if (std::size_t at = stem.find("-seed"); at != std::string::npos) {
    const std::string n = stem.substr(at + 5);
    if (n.empty() || n.find_first_not_of("-0123456789") != std::string::npos) return std::nullopt;
    r.seed = static_cast<int16_t>(std::stoi(n));
    stem.resize(at);
  } else {
    return std::nullopt;
  }
  std::size_t then = stem.find("-then-");
  auto first = answer(stem.substr(0, then));
  if (!first) return std::nullopt;
  r.input.push_back(*first);
  if (then != std::string::npos) {
    auto second = answer(stem.substr(then + 6));
    if (!second) return std::nullopt;
    r.input.push_back(*second);
  }
  return r;
}

TEST(C64Interpreter, RecordingNamesAreRead) {
  auto a = parse_recording_name("book-1x5-then-6x4-poweron");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->variant, "book");
  EXPECT_EQ(a->input, (std::vector<std::string>{"1,5", "6,4"}));
  EXPECT_FALSE(a->seed);
  auto b = parse_recording_name("fixed-exit-20x19-seed-2873");
  ASSERT_TRUE(b);
  EXPECT_EQ(b->variant, "fixed-exit");
  EXPECT_EQ(b->input, (std::vector<std::string>{"20,19"}));
  EXPECT_EQ(b->seed, std::optional<int16_t>(-2873));
  EXPECT_FALSE(parse_recording_name("fixed-20y19-poweron"));
  EXPECT_FALSE(parse_recording_name("other-2x2-poweron"));
}

TEST(C64Interpreter, EveryAmazingRecordingMatches) {
  fs::path dir = shared_dir() / "c64" / "amazing";
  NEED_RECORDINGS(dir);
  int count = 0, matched = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".out") continue;
    std::string stem = entry.path().stem().string();
    auto name = parse_recording_name(stem);
    ASSERT_TRUE(name) << "unexpected recording name " << stem;
    fs::path rom = shared_dir() / "roms" / ("amazing-" + name->variant + ".bas");
    const std::vector<std::string>& input = name->input;
    std::optional<int16_t> seed = name->seed;
    BatchRun r = run_c64(slurp(rom), input, seed);
    ASSERT_TRUE(r.parsed) << rom << ": " << r.load_error;
    ++count;
    std::string want = lf(slurp(entry.path()));
    if (r.output == want)
      ++matched;
    else
      ADD_FAILURE() << stem << " differs from the C64's recording";
  }
  EXPECT_EQ(count, 66) << "recordings run";
  EXPECT_EQ(matched, count);
}

TEST(C64Interpreter, EveryProgramRecordingMatches) {
  fs::path dir = shared_dir() / "c64" / "programs";
  NEED_RECORDINGS(dir);
  int count = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".bas") continue;
    fs::path in = entry.path();
    in.replace_extension(".in");
    fs::path out = entry.path();
    out.replace_extension(".out");
    std::vector<std::string> input;
    if (fs::exists(in)) input = amazing::test::crlf_lines_of(slurp(in));
    BatchRun r = run_c64(slurp(entry.path()), input);
    ASSERT_TRUE(r.parsed) << entry.path() << ": " << r.load_error;
    EXPECT_EQ(r.output, lf(slurp(out))) << entry.path().filename();
    ++count;
  }
  EXPECT_EQ(count, 19);  // numbers, err1..err17, input
}

// "the book listing leaves 36447 (with that line in front of it) before it runs"; which
// N the measured line had is not recorded (each digit is a byte), so within a few bytes.
// (The memory recordings themselves are exact: 59x59 fits, 59x60 does not.)
TEST(C64Interpreter, ProgramBytesAsTheC64StoresThem) {
  fs::path rom = shared_dir() / "roms" / "amazing-book.bas";
  NEED_RECORDINGS(rom.parent_path());
  std::string listing = "5 X=RND(-(1))\n" + slurp(rom);
  long free = static_cast<long>(kC64BasicBytes - c64_program_bytes(listing));
  EXPECT_NEAR(free, 36447, 8);
  EXPECT_EQ(c64_program_bytes("10 PRINT \"AB\";TAB(3)\n20 REM PRINT\n"), 2u + 15 + 12);
}

TEST(C64Interpreter, NumbersPrintWithACursorRight) {
  BatchRun r = run_c64("10 PRINT 1;-1;1/3;1E10\n20 PRINT \"A\";TAB(3);\"B\"\n", {});
  EXPECT_EQ(r.output, " 1\x1b[C-1\x1b[C .333333333\x1b[C 1E+10\x1b[C\nA\x1b[C\x1b[CB\n");
}

TEST(C64Interpreter, ErrorsAsTheC64PrintsThem) {
  EXPECT_EQ(run_c64("10 GOTO 999\n", {}).output, "\n?UNDEF'D STATEMENT  ERROR IN 10");
  EXPECT_EQ(run_c64("10 DIM A(5):A(6)=1\n", {}).output, "\n?BAD SUBSCRIPT  ERROR IN 10");
  // 2 x 63x63 x 5 bytes is more than 38911, 2 x 60x60 x 5 is not.
  EXPECT_EQ(run_c64("10 DIM W(200,200)\n", {}).output, "\n?OUT OF MEMORY  ERROR IN 10");
  EXPECT_EQ(run_c64("10 DIM W(62,62),V(62,62)\n", {}).output, "\n?OUT OF MEMORY  ERROR IN 10");
  EXPECT_EQ(run_c64("10 DIM W(59,59),V(59,59)\n", {}).output, "");
}

TEST(C64Interpreter, InputRules) {
  const std::string prog = "10 INPUT \"N\";A,B\n20 PRINT A+B\n";
  EXPECT_EQ(run_c64(prog, {"X,2", "1,2"}).output,
            "N?\x1b[C\n?REDO FROM START\nN?\x1b[C\n 3\x1b[C\n");
  EXPECT_EQ(run_c64(prog, {"4", "5"}).output, "N?\x1b[C\n??\x1b[C\n 9\x1b[C\n");
  EXPECT_EQ(run_c64(prog, {"1,2,3"}).output, "N?\x1b[C\n?EXTRA IGNORED\n 3\x1b[C\n");
}

TEST(C64Interpreter, ReadAndStop) {
  BatchRun r = run_c64("10 READ A,B\n20 PRINT A+B\n30 STOP\n40 DATA .1,.2\n", {});
  EXPECT_EQ(r.output, " .3\x1b[C\n\nBREAK IN 30");
  EXPECT_EQ(r.result.outcome, Outcome::kStopped);
  EXPECT_EQ(run_c64("10 READ A\n20 DATA X\n", {}).output, "\n?SYNTAX  ERROR IN 20");
}

// A power infinite even in the host's long double is ?OVERFLOW (it used to give a number
// whose PRINT never ended: c64_from_double took the infinity apart with frexp).
TEST(C64Interpreter, PowerPastEveryRangeIsOverflow) {
  EXPECT_EQ(run_c64("10 PRINT 12^23456789\n", {}).output, "\n?OVERFLOW  ERROR IN 10");
  EXPECT_EQ(run_c64("10 A=-(9^99999999):PRINT A\n", {}).output, "\n?OVERFLOW  ERROR IN 10");
}

// GW-BASIC's own functions (FIX, CINT, CSNG, CDBL, INSTR, SPACE$, STRING$) are no keywords
// on the C64: FIX(X) is the array element FI(X), CINT(X) the variable C and INT(X)
// (gwonly_*). Keywords are crunched anywhere (crunch_*: FORI=1TO3, IFA=1THEN30, TOTAL is
// TO T A L, a name is known by two characters); a line over 88 characters is ?STRING TOO
// LONG, typed (input_long*) or in the listing (long_*, which then does not run). A colon
// typed at INPUT ends the line there, as its end does (input_colon: "5:4" is 5 and ?EXTRA
// IGNORED; "AB:CD" then "EF" is AB and EF). FRE and
// the bytes a variable takes when first assigned (fre, latemem: ?OUT OF MEMORY at a new
// variable once an array fills the memory). SIN, COS, TAN, ATN, EXP, LOG, SQR and ^ as the
// ROM's series compute them, and where they stop with an error (trig*). LIST, NEW, WAIT
// and SYS in a program (list_*, new_*, wait_*, sys_*: LIST lists and the run stops). Each
// c64_programs/NAME.out is what cbmbasic (the C64 ROM recompiled) printed for NAME.bas,
// typed NAME.in's lines if there is one, recorded by tests/basic/record_c64.sh; they are
// in this repository, so this always runs.
TEST(C64Interpreter, GwBasicOnlyFunctionsAreWhatTheC64MakesOfTheirNames) {
  const fs::path dir = fs::path(AMAZING_BASIC_TESTS_DIR) / "c64_programs";
  int checked = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".bas") continue;
    fs::path out = entry.path();
    out.replace_extension(".out");
    ASSERT_TRUE(fs::exists(out)) << out;
    fs::path in = entry.path();
    in.replace_extension(".in");
    std::vector<std::string> typed;
    if (fs::exists(in)) typed = amazing::test::crlf_lines_of(slurp(in));
    // Each program on an empty disk of its own (files_*.bas write and read files there).
    const fs::path disk = fs::temp_directory_path() /
                          ("amazing-c64-programs-" + entry.path().stem().string());
    fs::remove_all(disk);
    fs::create_directories(disk);
    BatchOptions o;
    o.dialect = Dialect::kC64;
    o.input = typed;
    o.max_steps = 200'000'000;
    o.disk = disk;
    BatchRun r = run_batch(slurp(entry.path()), o);
    fs::remove_all(disk);
    EXPECT_EQ(r.output, lf(slurp(out))) << entry.path().filename();
    ++checked;
  }
  EXPECT_EQ(checked, 170);
}

// USR(x) jumps through $0311, which BASIC's cold start sets to ?ILLEGAL QUANTITY ($E3C6:
// $B248) until a program pokes a routine there; the argument is read first (cbmbasic
// stops on it, "unknown PC=$B248": its recompiled ROM cannot jump there).
TEST(C64Interpreter, UsrIsIllegalQuantity) {
  EXPECT_EQ(run_c64("10 PRINT \"A\";USR(1)\n", {}).output, "A\n?ILLEGAL QUANTITY  ERROR IN 10");
  EXPECT_EQ(run_c64("10 PRINT USR(\"X\")\n", {}).output, "\n?TYPE MISMATCH  ERROR IN 10");
}

// POS is the KERNAL's PLOT column ($B39E), from 0 in the logical line: after "AB" it is 2,
// after " 2" and its cursor-right 5 (cbmbasic, whose PLOT always says 0, cannot show it:
// c64_programs/pos has column 0 only).
TEST(C64Interpreter, PosIsTheColumnFromZero) {
  EXPECT_EQ(run_c64("10 PRINT \"AB\";POS(0);POS(0)\n", {}).output, "AB 2\x1b[C 5\x1b[C\n");
}

// The cursor's column is the C64's, in a logical line of 80 (two linked rows): after 100
// cursor-rights it is 20, so TAB(25) moves 5 more. (It used to count on without end: a
// signed int that overflowed after 2^31 columns, when one TAB wrote 6.4 GB.)
TEST(C64Interpreter, TheColumnStaysInTheLogicalLine) {
  auto rights = [](int n) {
    std::string s;
    for (int k = 0; k < n; ++k) s += "\x1b[C";
    return s;
  };
  EXPECT_EQ(run_c64("10 PRINT SPC(50);SPC(50);TAB(25);\"X\"\n", {}).output, rights(105) + "X\n");
  // 79 characters, then the 80th: the next one starts a new logical line at column 0.
  EXPECT_EQ(run_c64("10 PRINT SPC(79);\"A\";TAB(3);\"B\"\n", {}).output,
            rights(79) + "A" + rights(3) + "B\n");
  // The comma after 85 columns: column 5, so 5 to the next multiple of 10.
  EXPECT_EQ(run_c64("10 PRINT SPC(85),\"C\"\n", {}).output, rights(90) + "C\n");
}

// A runaway program's output is bounded by the step limit, as on the pc: each character
// and cursor-right counts as a step, so `PRINT SPC(255);:GOTO 10` stops after about three
// bytes a step (it printed 765 bytes every two statements: 12 GB in a minute).
TEST(C64Interpreter, TheStepLimitBoundsWhatARunawayProgramPrints) {
  BatchOptions o;
  o.dialect = Dialect::kC64;
  o.max_steps = 1'000'000;
  BatchRun r = run_batch("10 PRINT SPC(255);:GOTO 10\n", o);
  EXPECT_EQ(r.result.outcome, Outcome::kStepLimit);
  EXPECT_FALSE(r.output_limited);
  EXPECT_LE(r.output.size(), 3 * o.max_steps);
  EXPECT_GE(r.output.size(), 2 * o.max_steps);
  EXPECT_EQ(r.result.steps, o.max_steps);
  // A program that prints little runs as many statements as before.
  BatchRun quiet = run_batch("10 A=A+1:GOTO 10\n", o);
  EXPECT_EQ(quiet.result.outcome, Outcome::kStepLimit);
  EXPECT_EQ(quiet.result.steps, o.max_steps);
}

TEST(C64Interpreter, SeedLineAndRnd) {
  // X=RND(-(-1)) is an ordinary step: the first power-on value (rnd-seeded.tsv).
  BatchRun a = run_c64("10 PRINT RND(1)\n", {});
  BatchRun b = run_c64("10 PRINT X\n", {}, -1);
  EXPECT_EQ(a.output, b.output);
  EXPECT_NE(run_c64("10 PRINT RND(1)\n", {}, 7).output, a.output);
}

// RND(0) reads CIA 1's timer A at the emulated clock (FACTS.md: modelled, not recorded):
// the same program gets the same values on every run; each value is the ROM's RND(0) of
// the timer at some cycle (its mantissa timer-low, 0, timer-high, 0 before normalising),
// the seed RND(1) goes on from.
TEST(C64Interpreter, RndZeroReadsTheTimerAtTheEmulatedClock) {
  const std::string listing =
      "10 A=RND(0):FOR I=1 TO 37:NEXT:B=RND(0):C=RND(1)\n"
      "20 FOR I=139 TO 143:PRINT PEEK(I);:NEXT:PRINT\n30 PRINT A;B;C\n";
  const BatchRun first = run_c64(listing, {});
  EXPECT_EQ(first.output, run_c64(listing, {}).output);
  // Which timer values give A and B: each must be one of the 17046 a period has.
  auto from_timer = [](const std::string& printed) {
    std::vector<int> found;
    for (uint16_t t = 0; t <= core::C64Cia1::kNtscTimerLatch; ++t) {
      core::C64Cia1 cia;
      cia.timer_a = t;
      core::C64Rnd r;
      if (r.from_cia(cia).to_string() == printed) found.push_back(t);
    }
    return found;
  };
  const std::string line = first.output.substr(first.output.rfind('\n', first.output.size() - 2) + 1);
  std::vector<std::string> printed;
  for (std::size_t at = 0; at < line.size();) {
    std::size_t end = line.find("\x1b[C", at);
    if (end == std::string::npos) break;
    printed.push_back(line.substr(at, end - at));
    at = end + 3;
  }
  ASSERT_EQ(printed.size(), 3u) << first.output;
  const std::vector<int> a = from_timer(printed[0]), b = from_timer(printed[1]);
  ASSERT_FALSE(a.empty()) << printed[0];
  ASSERT_FALSE(b.empty()) << printed[1];
  // The timer counts down: the loop between them took some hundreds of cycles.
  EXPECT_NE(a, b);
  // RND(1) goes on from B's seed as from any other.
  core::C64Cia1 cia;
  cia.timer_a = static_cast<uint16_t>(b.front());
  core::C64Rnd r;
  r.from_cia(cia);
  EXPECT_EQ(printed[2], r.next().to_string());
}

}  // namespace
}  // namespace amazing::basic
