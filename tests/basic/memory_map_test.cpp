// PEEK, POKE and VARPTR where the recordings cannot pin them: the C64's screen, colour
// RAM, clock and 6510 port (cbmbasic has no screen and reads its host's clock), the pc's
// text screen as the machine's screen, and array bytes PC-BASIC fails to PEEK
// (FACTS.md "The C64's memory map", "PEEK, POKE, VARPTR on the pc").

#include <gtest/gtest.h>

#include <string>

#include "basic/interpreter.hpp"
#include "basic/run.hpp"
#include "machine/charset.hpp"
#include "machine/machine.hpp"

namespace amazing::basic {
namespace {

// What a c64 program printed, its cursor-rights (after each number) taken out.
std::string c64_output(std::string_view program) {
  BatchOptions o;
  o.dialect = Dialect::kC64;
  o.max_steps = 100'000;
  std::string out = run_batch(program, o).output;
  for (std::size_t at; (at = out.find("\x1b[C")) != std::string::npos;) out.erase(at, 3);
  return out;
}

std::string pc_output(std::string_view program) {
  BatchOptions o;
  o.max_steps = 100'000;
  return run_batch(program, o).output;
}

// Runs `program` on a batch machine of `dialect` and gives the machine's screen.
// With `on_screen`, the program prints on the machine's screen (as on a terminal).
struct ScreenRun {
  machine::StringSink out;
  std::unique_ptr<machine::Machine> m;
  std::unique_ptr<Program> program;
  ScreenRun(std::string_view text, Dialect dialect, bool on_screen = false) {
    machine::MachineConfig config;
    config.batch = !on_screen;
    config.output = &out;
    config.rules = dialect == Dialect::kC64 ? machine::Rules::kC64 : machine::Rules::kPc;
    m = std::make_unique<machine::Machine>(config);
    program = std::make_unique<Program>(std::move(parse_program(text, dialect)).value());
    Interpreter basic(*program, *m, dialect);
    RunOptions o;
    set_memory(o, text, dialect, std::nullopt, true);
    basic.run(o);
  }
};

TEST(MemoryMap, C64ScreenCodesOfPrintedText) {
  // PRINT "A@ 1" writes row 0; PEEK reads screen codes: A 1, @ 0, blank 32, 1 49.
  EXPECT_EQ(c64_output("10 PRINT \"A@ 1\"\n20 PRINT PEEK(1024);PEEK(1025);PEEK(1026);PEEK(1027);"
                       "PEEK(1064)\n"),
            "A@ 1\n 1 0 32 49 32\n");
}

TEST(MemoryMap, C64PokeWritesTheScreen) {
  ScreenRun r("10 POKE 1024+40*3+5,1:POKE 1024+40*3+6,0:POKE 1024+40*3+7,65\n", Dialect::kC64);
  EXPECT_EQ(r.m->screen().at(3, 5), 'A');
  EXPECT_EQ(r.m->screen().at(3, 6), '@');
  EXPECT_EQ(static_cast<uint8_t>(r.m->screen().at(3, 7)), 97);  // the spade, PETSCII 97
  EXPECT_EQ(c64_output("10 POKE 1100,65:POKE 1101,129:PRINT PEEK(1100);PEEK(1101)\n"),
            " 65 129\n");  // a reverse A (screen code 1 + 128) reads back reversed
  ScreenRun reversed("10 POKE 1024,129:POKE 1025,1\n", Dialect::kC64);
  EXPECT_TRUE(reversed.m->screen().reversed_at(0, 0));
  EXPECT_FALSE(reversed.m->screen().reversed_at(0, 1));
}

// RVS ON (CHR$(18)) makes what PRINT writes next reversed, its screen code plus 128, until
// RVS OFF (CHR$(146)) or the line end.
TEST(MemoryMap, C64RvsOnPrintsReversedScreenCodes) {
  EXPECT_EQ(c64_output("10 PRINT CHR$(18);\"AB\";CHR$(146);\"C\";CHR$(18);\"D\"\n"
                       "20 PRINT \"E\":PRINT PEEK(1024);PEEK(1025);PEEK(1026);PEEK(1027);"
                       "PEEK(1064)\n"),
            "\x1b[7mAB\x1b[0mC\x1b[7mD\nE\n 129 130 3 132 5\n");
}

TEST(MemoryMap, C64ColoursAndFrame) {
  EXPECT_EQ(c64_output("10 PRINT PEEK(55296);PEEK(53280);PEEK(53281)\n"
                       "20 POKE 55296,2:POKE 53281,0:PRINT PEEK(55296);PEEK(53281)\n"),
            " 14 254 246\n 2 240\n");
  ScreenRun r("10 POKE 55296+41,7:POKE 53281,0\n", Dialect::kC64);
  EXPECT_EQ(machine::attribute_fg(r.m->screen().attribute_at(1, 1)), 7);
  EXPECT_EQ(machine::attribute_bg(r.m->screen().attribute_at(1, 1)), 0);
  EXPECT_EQ(machine::attribute_bg(r.m->screen().attribute_at(20, 30)), 0);
}

// COLOR (646) is the colour what is printed next takes, power-on light blue (14): a colour
// code sets it (not in quote mode, where it is shown), a POKE too.
TEST(MemoryMap, C64ColourCodesSetTheTextColour) {
  EXPECT_EQ(c64_output("10 PRINT PEEK(646);CHR$(28);PEEK(646);CHR$(34);CHR$(5);PEEK(646)\n"
                       "20 POKE 646,23:PRINT PEEK(646)\n"),
            " 14\x1b[0;31;40m 2\"\x05 2\x1d\r 7\n");  // in quote mode: CHR$(29), a bare CR
  ScreenRun r("10 PRINT CHR$(28);\"A\";CHR$(158);\"B\";:POKE 646,1:PRINT \"C\"\n", Dialect::kC64,
              true);
  EXPECT_EQ(r.m->screen().line(0).substr(0, 3), "ABC");
  EXPECT_EQ(machine::attribute_fg(r.m->screen().attribute_at(0, 0)), 2);
  EXPECT_EQ(machine::attribute_fg(r.m->screen().attribute_at(0, 1)), 7);
  EXPECT_EQ(machine::attribute_fg(r.m->screen().attribute_at(0, 2)), 1);
  EXPECT_EQ(machine::attribute_bg(r.m->screen().attribute_at(0, 2)), 6);
}

TEST(MemoryMap, C64JiffyClock) {
  // TI is 0 at power-on; POKEing 160-162 sets it (a few statements later it still reads
  // the same jiffy: each takes well under 1/60 s).
  EXPECT_EQ(c64_output("10 PRINT PEEK(160);PEEK(161);PEEK(162)\n"
                       "20 POKE 160,1:POKE 161,2:POKE 162,3:PRINT TI;PEEK(161)\n"),
            " 0 0 0\n 66051 2\n");
}

TEST(MemoryMap, C64PortRomAndRam) {
  EXPECT_EQ(c64_output("10 POKE 40960,5:POKE 65535,5:POKE 828,9\n"
                       "20 PRINT PEEK(0);PEEK(1);PEEK(40960);PEEK(65535);PEEK(828)\n"),
            " 47 55 0 0 9\n");
}

// Quote mode on the screen (machine/c64_screen.hpp): after CHR$(34) the control codes take
// a cell each, whose screen code is the reverse character's; after the closing quote a
// cursor-down moves again.
TEST(MemoryMap, C64QuoteModeShowsControlCodesOnTheScreen) {
  ScreenRun r("10 PRINT CHR$(34);\"A\";CHR$(147);\"B\";CHR$(17);\"C\";CHR$(34);CHR$(17);\"D\"\n",
              Dialect::kC64, true);
  EXPECT_EQ(r.m->screen().line(0).substr(0, 7),
            "\"A\x93"
            "B\x11"
            "C\"");
  EXPECT_EQ(r.m->screen().line(1).substr(0, 8), "       D");
  EXPECT_EQ(machine::c64_screen_code(static_cast<uint8_t>(r.m->screen().at(0, 2))), 211);
  EXPECT_EQ(machine::c64_screen_code(static_cast<uint8_t>(r.m->screen().at(0, 4))), 145);
}

TEST(MemoryMap, C64ScreenCodesOfEveryCharacter) {
  for (int p = 0; p < 256; ++p) {
    uint8_t code = machine::c64_screen_code(static_cast<uint8_t>(p));
    bool control = p < 32 || (p >= 128 && p < 160);
    EXPECT_EQ(code >= 128, control) << p;
    // A printable character below the repeated ones comes back as itself.
    if (!control && p < 192) {
      EXPECT_EQ(machine::c64_petscii(code), p) << p;
    }
  }
  EXPECT_EQ(machine::c64_screen_code('A'), 1);
  EXPECT_EQ(machine::c64_screen_code(255), 94);
  EXPECT_EQ(machine::c64_screen_code(147), 211);  // CLR shows as a reverse heart
}

// In batch mode the text memory is the printer's page (PC-BASIC's headless 80x25 screen:
// 160 bytes a row), on a terminal the machine's 40x25 Screen.
TEST(MemoryMap, PcTextScreenIsTheMachineScreen) {
  ScreenRun r("10 DEF SEG=&HB800:POKE 2*(80*2+3),ASC(\"Q\"):POKE 2*(80*2+3)+1,&H1E\n",
              Dialect::kPc);
  ASSERT_NE(r.m->text_page(), nullptr);
  EXPECT_EQ(r.m->text_page()->at(2, 3), 'Q');
  EXPECT_EQ(r.m->text_page()->attribute_at(2, 3), 0x1E);
  machine::Machine terminal;  // no batch output: the machine's Screen, 80 bytes a row
  const std::string poke = "10 DEF SEG=&HB800:POKE 2*(40*2+3),ASC(\"Q\")\n";
  Program program = std::move(parse_program(poke, Dialect::kPc)).value();
  Interpreter basic(program, terminal, Dialect::kPc);
  basic.run(RunOptions{});
  EXPECT_EQ(terminal.text_page(), nullptr);
  EXPECT_EQ(terminal.screen().at(2, 3), 'Q');
  EXPECT_EQ(pc_output("10 DEF SEG=&HB800:POKE 10,65:PRINT PEEK(10);PEEK(11)\n"), " 65  7 \n");
}

// Every array's bytes, not only the last one's (PC-BASIC fails on the first).
TEST(MemoryMap, PcArrayBytes) {
  EXPECT_EQ(pc_output("10 P=0:DIM A%(2),B(2):A%(1)=258:B(2)=1.5:P=VARPTR(A%(1))\n"
                      "20 PRINT PEEK(P);PEEK(P+1);PEEK(P-11);PEEK(P-10)\n"
                      "30 P=VARPTR(B(2)):PRINT PEEK(P+2);PEEK(P+3)\n"),
            " 2  1  2  65 \n 64  129 \n");
}

TEST(MemoryMap, PcStringDescriptorAndFunctionRecord) {
  EXPECT_EQ(pc_output("10 P=0:A$=\"HELLO\":P=VARPTR(A$):PRINT PEEK(P);PEEK(P-4)\n"
                      "20 DEF FNQ(Z)=Z:PRINT VARPTR(Z)-VARPTR(A$)\n"),
            " 5  3 \n 15 \n");  // A$'s last 3 bytes, FNQ's 8, Z's type and name
}

}  // namespace
}  // namespace amazing::basic
