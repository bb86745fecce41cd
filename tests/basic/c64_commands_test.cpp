// LIST, NEW, CONT, WAIT and SYS in a C64 program, and the pi character, where cbmbasic (the
// recorder of c64_programs/ and data/prompt/c64/) cannot show what a C64 does: a wait or
// a loop that never ends, SYS (cbmbasic runs no machine code: "unknown PC"), CMD's file
// and the pi character's byte, which the recordings' comparison drops. The facts and
// their ROM addresses are in src/basic/FACTS.md ("The c64 machine").
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "basic/prompt.hpp"
#include "basic/run.hpp"
#include "support/files.hpp"

namespace amazing::basic {
namespace {

namespace fs = std::filesystem;

const std::string R = "\x1b[C";  // the cursor-right after a number on the screen

BatchRun run(const std::string& listing, std::vector<std::string> input = {},
             uint64_t max_steps = 1'000'000) {
  BatchOptions o;
  o.dialect = Dialect::kC64;
  o.input = std::move(input);
  o.max_steps = max_steps;
  return run_batch(listing, o);
}

std::string prompt(const std::vector<std::string>& typed, const fs::path& disk = {}) {
  PromptOptions o;
  o.dialect = Dialect::kC64;
  o.max_steps = 1'000'000;
  o.disk = disk;
  return run_prompt(typed, o);
}

// CONT in a program goes back to OLDTXT, the CONT itself: it never ends (cbmbasic ran it
// until killed); here the step limit ends it, as Ctrl-C would.
TEST(C64Commands, ContInAProgramRunsItselfForever) {
  BatchRun r = run("10 PRINT \"A\"\n20 CONT\n30 PRINT \"B\"\n", {}, 10'000);
  EXPECT_EQ(r.result.outcome, Outcome::kStepLimit);
  EXPECT_EQ(r.output, "A\n");
}

// WAIT on memory nothing changes waits until the step limit; the jiffy clock moves with
// the emulated clock, so WAIT 162,1 (TI's low byte odd) ends after one jiffy.
TEST(C64Commands, WaitEndsWhenTheMemoryChanges) {
  BatchRun still = run("10 WAIT 830,1:PRINT \"B\"\n", {}, 10'000);
  EXPECT_EQ(still.result.outcome, Outcome::kStepLimit);
  EXPECT_EQ(still.output, "");
  BatchRun clock = run("10 WAIT 162,1:PRINT \"T\";PEEK(162)\n");
  EXPECT_EQ(clock.result.outcome, Outcome::kEnded);
  EXPECT_EQ(clock.output, "T 1" + R + "\n");
}

// WAIT 198,1 waits for a key in the keyboard buffer: a typed line's keys arrive one by
// one (the count passes 1), GET then takes the first; with nothing more typed the run ends
// as INPUT's does. POKE 198,0 empties the buffer.
TEST(C64Commands, WaitForAKeyTakesATypedLine) {
  BatchRun r =
      run("10 POKE 198,0:WAIT 198,1:GET A$:PRINT A$;PEEK(198)\n"
          "20 WAIT 198,2:GET A$:PRINT A$:POKE 198,0:PRINT PEEK(198)\n",
          {"YES"});
  EXPECT_EQ(r.output, "Y 3" + R + "\nE\n 0" + R + "\n");
  BatchRun none = run("10 WAIT 198,1:PRINT \"K\"\n");
  EXPECT_EQ(none.result.outcome, Outcome::kInputEnded);
  EXPECT_EQ(none.output, "");
}

// SYS 64738 is the reset: the screen cleared, the power-on message, BASIC started cold
// (the program gone). SYS into the cassette buffer, zeroed at power-on, meets BRK: the
// screen cleared and BASIC started warm (the program stops, no CONT). Other machine code
// cannot run here: ?SYNTAX.
TEST(C64Commands, SysResetsOrBreaksOrCannotRun) {
  BatchRun reset = run("10 PRINT \"A\":SYS 64738:PRINT \"B\"\n");
  EXPECT_EQ(reset.output,
            "A\n\x1b[2J\x1b[;H\n    **** COMMODORE 64 BASIC V2 ****\n\n"
            " 64K RAM SYSTEM  38911 BASIC BYTES FREE\n");
  EXPECT_TRUE(reset.result.program_erased);
  BatchRun brk = run("10 SYS 828:PRINT \"B\"\n");
  EXPECT_EQ(brk.output, "\x1b[2J\x1b[;H");
  EXPECT_EQ(brk.result.outcome, Outcome::kEnded);
  EXPECT_EQ(run("10 POKE 828,96:SYS 828\n").output, "\n?SYNTAX  ERROR IN 10");
  EXPECT_EQ(run("10 SYS 49152\n").output, "\n?SYNTAX  ERROR IN 10");
  const std::string typed = prompt({"10 PRINT 1", "SYS 64738", "LIST", "PRINT 2"});
  EXPECT_NE(typed.find("BYTES FREE\n\nREADY.\n\nREADY.\n 2" + R), std::string::npos) << typed;
  const std::string cold = prompt({"10 SYS 64738", "RUN", "CONT"});
  EXPECT_NE(cold.find("BYTES FREE\n\nREADY.\n\n?CAN'T CONTINUE  ERROR"), std::string::npos) << cold;
  const std::string warm = prompt({"10 SYS 828:PRINT 1", "RUN", "CONT", "LIST"});
  EXPECT_NE(warm.find("\x1b[2J\x1b[;H\nREADY.\n\n?CAN'T CONTINUE  ERROR\nREADY.\n\n10 SYS 828"),
            std::string::npos)
      << warm;
}

// LIST in a program writes through CHROUT: under CMD its lines go to the file, and so does
// the READY. the run stops at.
TEST(C64Commands, ListInAProgramGoesToCmdsFile) {
  const fs::path disk = fs::temp_directory_path() / "amazing-c64-commands-list";
  fs::remove_all(disk);
  fs::create_directories(disk);
  prompt({"10 OPEN 1,8,1,\"L\":CMD 1:LIST", "RUN", "CLOSE 1"}, disk);
  EXPECT_EQ(amazing::test::slurp(disk / "L.prg"),
            "\r\r10 OPEN 1,8,1,\"L\":CMD 1:LIST\r\nREADY.\r\n");
  fs::remove_all(disk);
}

// The pi character (255) is the ROM's pi in an expression and itself in LIST (the
// recordings' comparison drops 255: data/prompt/c64/pi has the rest).
TEST(C64Commands, PiIsANumberAndListsAsItself) {
  EXPECT_EQ(run("10 PRINT \xFF;2\xFF:LIST\n").output,
            " 3.14159265" + R + " 2" + R + " 3.14159265" + R + "\n\n10 PRINT \xFF;2\xFF:LIST");
  const std::string typed = prompt({"10 A=\xFF", "LIST"});
  EXPECT_NE(typed.find("\n10 A=\xFF\nREADY."), std::string::npos) << typed;
}

}  // namespace
}  // namespace amazing::basic
