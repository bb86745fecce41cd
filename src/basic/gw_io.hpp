// GW-BASIC's (the pc's) input and output statements and functions beyond PRINT and INPUT,
// as PC-BASIC 2.0.5 runs them headless (stdout and redirected stdin; FACTS.md "Input and
// output statements"): WRITE, LINE INPUT, MID$(...)= , LPRINT; HEX$, OCT$, CSRLIN, INKEY$,
// INPUT$. The statement table (statements.cpp) and the function table (functions.cpp)
// point here.
//   10 WRITE 1,"A"          -> 1,"A"
//   20 K$=INKEY$            -> the next character of standard input ("" at its end)
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "basic/files.hpp"
#include "basic/program.hpp"

namespace amazing::basic {

class Runtime;
struct Num;

// A number taken as an unsigned 16-bit value, as TAB(, SPC(, HEX$, OCT$, PEEK, POKE and
// DEF SEG take it: rounded, -65536..65535 (a negative n is n + 65536); nullopt after an
// Overflow.
std::optional<int32_t> unsigned16(Runtime& rt, const Num& v);

// The next typed line for INPUT, LINE INPUT and RANDOMIZE: what INKEY$ or INPUT$ left of
// a line first, else a new line from the machine's input; nullopt at the input's end.
std::optional<std::string> next_typed_line(Runtime& rt);

void exec_write(Runtime& rt, const Stmt& s);
// The pc's files (gw_files.cpp): OPEN, CLOSE, INPUT #, LINE INPUT #; to_file runs PRINT #
// or WRITE # (`write`, the screen's statement) on the file s.file names.
void exec_open(Runtime& rt, const Stmt& s);
void exec_close(Runtime& rt, const Stmt& s);
// The disk's statements in a program (gw_files.cpp): KILL, NAME, SHELL, RESET, LOCK,
// UNLOCK, IOCTL, MKDIR, RMDIR, CHDIR and FILES.
void exec_kill(Runtime& rt, const Stmt& s);
void exec_name(Runtime& rt, const Stmt& s);
void exec_shell(Runtime& rt, const Stmt& s);
void exec_reset(Runtime& rt, const Stmt& s);
void exec_folder(Runtime& rt, const Stmt& s);
void exec_files(Runtime& rt, const Stmt& s);
void exec_lock(Runtime& rt, const Stmt& s);
void exec_input_file(Runtime& rt, const Stmt& s);
void exec_linput_file(Runtime& rt, const Stmt& s);
std::string input_chars_from_file(Runtime& rt, const Expr& file, int32_t n);  // INPUT$(n,f)
// WIDTH #f, n: the open file's line width (any mode; printer.hpp's file rules).
void exec_file_width(Runtime& rt, const Stmt& s);
// A file's or a device's WIDTH: 0..255, else Illegal function call (past an integer's
// range Overflow); nullopt after an error.
std::optional<int32_t> line_width(Runtime& rt, const Expr& e);
void to_file(Runtime& rt, const Stmt& s, void (*write)(Runtime&, const Stmt&));
Num fn_eof(Runtime& rt, const Expr& e);
Num fn_lof(Runtime& rt, const Expr& e);
Num fn_loc(Runtime& rt, const Expr& e);
std::string fn_ioctl(Runtime& rt, const Expr& e);  // IOCTL$
void ioctl_before_close(Runtime& rt, const Expr& e);  // IOCTL$(#n with no ')': n open
// Random files (gw_files.cpp): FIELD, GET, PUT, LSET and RSET; MKI$, MKS$, MKD$ (a
// number's bytes: an integer's two, low first, a single's and a double's MBF bytes) and
// CVI, CVS, CVD (back again; a string too short is Illegal function call).
void exec_field(Runtime& rt, const Stmt& s);
void exec_get(Runtime& rt, const Stmt& s);
void exec_put(Runtime& rt, const Stmt& s);
void exec_lset(Runtime& rt, const Stmt& s);
std::string fn_mki(Runtime& rt, const Expr& e);
std::string fn_mks(Runtime& rt, const Expr& e);
std::string fn_mkd(Runtime& rt, const Expr& e);
Num fn_cvi(Runtime& rt, const Expr& e);
Num fn_cvs(Runtime& rt, const Expr& e);
Num fn_cvd(Runtime& rt, const Expr& e);
// A string changed where it is (LSET, RSET, MID$ =): a FIELD variable's text goes into its
// buffer (every variable on that buffer shows it), any other's is assigned, kept in string
// space when it was there (in_space), else new there.
void store_in_place(Runtime& rt, const Target& t, std::string text, bool in_space);
// SWAP of two strings: their FIELD links before (field_links), crossed after (relink).
FieldSwap field_links(Runtime& rt, const Target& a, const Target& b);
void relink_swapped(Runtime& rt, const FieldSwap& links);
void exec_linput(Runtime& rt, const Stmt& s);
void exec_midset(Runtime& rt, const Stmt& s);
void exec_midcheck(Runtime& rt, const Stmt& s);  // kMidCheck
void exec_lprint(Runtime& rt, const Stmt& s);
// Runs `write` (a PRINT's or WRITE's items) on the line printer in the screen's place:
// LPRINT, and PRINT # to an LPT1: file.
void on_line_printer(Runtime& rt, const std::function<void()>& write);
// Runs `write` on the screen for a SCRN: file `f` (PRINT #, WRITE #): the screen's cursor
// moves, breaking lines by the file's width (WIDTH #; the screen's when opened; a full
// line ends with one line end), but headless PC-BASIC does not echo the text to standard
// output, so batch output shows none of it (a warning still shows).
void on_screen_file(Runtime& rt, const OpenFile& f, const std::function<void()>& write);
// Screen statements (exprs: the arguments, null where one is left out).
void exec_locate(Runtime& rt, const Stmt& s);
// WIDTH n (the screen: 40 or 80), WIDTH #f, n (exec_file_width), WIDTH "device", n.
void exec_width(Runtime& rt, const Stmt& s);
void exec_key(Runtime& rt, const Stmt& s);      // KEY ON, KEY OFF, KEY LIST
void exec_ignored(Runtime& rt, const Stmt& s);  // COLOR, BEEP: arguments checked, no output
// CLS (and WIDTH, SCREEN): the terminal's screen is cleared, only VIEW PRINT's rows when
// `rows_only`; the cursor goes to the first of those rows. Standard output shows nothing.
void clear_screen(Runtime& rt, bool rows_only = false);
// The cursor to the first column of the first scrolling row (VIEW PRINT's, or the top).
void home_text_cursor(Runtime& rt);
// The 25th row drawn again (PC-BASIC's redraw_bar): blank, and KEY ON's function-key line
// on it while that is shown. After KEY ON, KEY OFF, KEY n,"text", a new mode and CLS.
void redraw_key_line(Runtime& rt);
// The text screen's columns: the batch page's (80, or 40 after WIDTH 40 or in SCREEN 1), or
// the terminal screen's 40.
int text_columns(Runtime& rt);
// VIEW PRINT: the rows that scroll (0-based, both included), on the printer and the
// terminal's screen.
void set_scroll_area(Runtime& rt, int top, int bottom);

std::string fn_hex(Runtime& rt, const Expr& e);
std::string fn_oct(Runtime& rt, const Expr& e);
std::string fn_inkey(Runtime& rt, const Expr& e);
std::string fn_input_chars(Runtime& rt, const Expr& e);
void input_chars_before_close(Runtime& rt, const Expr& e);  // INPUT$(n[,#f] with no ')'
// DATE$: today as MM-DD-YYYY (RunOptions::today, else the host's local date).
void exec_set_date(Runtime& rt, const Stmt& s);
std::string fn_date(Runtime& rt, const Expr& e);
Num fn_csrlin(Runtime& rt, const Expr& e);

}  // namespace amazing::basic
