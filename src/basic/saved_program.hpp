// The bytes SAVE writes and LOAD reads, as the real machines write them.
//
// pc (GW-BASIC, as PC-BASIC 2.0.5 writes them):
//   tokenised  0xFF, then each line: the link (the next line's address in GW-BASIC's
//              memory, the program starting at 0x126E), the line number, the line's
//              tokens (keywords as one byte or 0xFD/0xFE/0xFF and one; numbers as 0x0E line
//              numbers, 0x11-0x1B for 0-10, 0x0F byte, 0x1C integer, 0x1D/0x1F MBF), 0x00;
//              then 0x00 0x00 and 0x1A. ELSE is stored as ":ELSE", ' as ":REM'".
//   ASCII      each line as LIST shows it, CR LF; then 0x1A (SAVE "F",A).
//   protected  0xFE and the tokenised bytes enciphered (SAVE "F",P): LOAD reads it.
// c64 (the C64 ROM): a PRG, load address 0x0801, then each line's link pointer, line
// number, the text with keywords as one byte (0x80-0xCB; numbers stay text), 0x00; then
// 0x00 0x00.
// The token tables are facts from the machines' documentation (PC-BASIC's token list,
// the C64's keyword list), not code taken from them.
//   std::string bytes = gw_tokenised_file(lines);   // what SAVE "HELLO" writes
//   auto back = read_gw_file(bytes);                // back->lines == lines
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "basic/program_text.hpp"
#include "core/result.hpp"

namespace amazing::basic {

std::string gw_tokenised_file(const ProgramLines& lines);

// How many characters of text from i GW-BASIC's tokeniser reads as one keyword (PRINT,
// TAB(, INKEY$, the FN of FNA), 0 for none: GOTO10 is a name, not GOTO and 10.
std::size_t gw_keyword_length(std::string_view text, std::size_t i);
std::string gw_ascii_file(const ProgramLines& lines);
std::string gw_protected_file(const ProgramLines& lines);
std::string c64_prg_file(const ProgramLines& lines);
// The program as the machine holds it in memory, for PEEK: on the pc GW-BASIC's bytes from
// its data segment's offset 4717 (a zero, the tokenised lines, two zeros: as SAVE writes
// them without the 0xFF and 0x1A); on the c64 from 2049 (the PRG without its load address).
std::string program_memory(const ProgramLines& lines, Dialect dialect);

struct LoadedProgram {
  ProgramLines lines;
  bool protected_program = false;  // pc: a 0xFE file (LIST refuses it)
};
// Any of the pc's three forms. Fails for a line without a number in an ASCII file
// ("Direct statement in file") or a tokenised file that ends inside a line.
core::Result<LoadedProgram> read_gw_file(std::string_view bytes);
// A PRG; the load address is not checked (LOAD "F",8 puts a BASIC program where BASIC
// starts, whatever it says).
core::Result<ProgramLines> read_c64_prg(std::string_view bytes);
// The lines as memory holds them after LOAD, in the file's order, a line number perhaps
// more than once or out of order (the 1541's directory: block counts as line numbers).
using C64MemoryLines = std::vector<std::pair<int, std::string>>;
core::Result<C64MemoryLines> read_c64_prg_in_order(std::string_view bytes);
std::string c64_prg_file_in_order(const C64MemoryLines& lines);
// What the C64's LIST ($A6C9) shows of memory's lines, typed or in a program: from the
// first line numbered `from` or more (FNDLIN), each line after a CR, the ROM printing that
// CR before it looks at the number, so the first line past `to` gets one too (past_range).
struct C64Listing {
  std::vector<std::string> lines;  // "10 PRINT", in memory's order
  bool past_range = false;
};
C64Listing c64_list(const C64MemoryLines& lines, int from, int to);
// What LOAD leaves in the C64's memory from the start of BASIC ($0801): the PRG's bytes
// after its load address, every one of them, with the link pointers made again as the
// ROM's LINKPRG ($A533) makes them (each line's link the address after the zero that ends
// it, looked for from its fifth byte; a link whose high byte is zero ends the walk).
// SAVE writes these bytes back (after the load address $0801), so a program LOADed
// (the 1541's directory too: "USR" and "FRE" in it are letters, not keywords) is saved
// byte for byte.
std::string c64_loaded_memory(std::string_view prg);

}  // namespace amazing::basic
