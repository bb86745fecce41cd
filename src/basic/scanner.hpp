// Scanner: one program line's text -> tokens, the way GW-BASIC's tokeniser reads it.
//
// Keywords are recognised only when no letter, digit or '.' follows them (GW-BASIC and
// PC-BASIC read `TOTAL` as a name and `PRINTI` as a name too), except FN, SPC(, TAB( and
// USR; `GO TO` and `GO SUB` are GOTO and GOSUB. A name is a letter then letters, digits
// and dots; its type character ($ % ! #) is a separate token the parser joins to it.
// REM and ' keep the rest of the line as one token; DATA keeps its raw text up to ':'.
//   auto tokens = scan_line("FOR I=1 TO H");  // kKeyword(FOR) kName(I) kOp(=) ...
//   scan_line("FORI=1TOH", Dialect::kC64);    // the same tokens: the C64's tokeniser
#pragma once

#include <cctype>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/gw_number.hpp"
#include "machine/kind.hpp"

namespace amazing::basic {

// The character classes of BASIC text, one definition for the scanner, the prompt and the
// program files: a name is letters, digits and '.'.
inline bool is_letter(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) != 0;
}
inline bool is_digit(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) != 0;
}
inline bool is_name_char(char c) {
  return is_letter(c) || is_digit(c) || c == '.';
}
// A blank, which GW-BASIC reads past inside a number (1 2 is 12) and before many symbols.
inline bool is_blank(char c) {
  return c == ' ' || c == '\t';
}
// Moves i past blanks when the character after them passes `wanted`; true if it did.
template <typename Wanted>
bool blanks_before(std::string_view text, std::size_t& i, Wanted wanted) {
  std::size_t k = i;
  while (k < text.size() && is_blank(text[k])) ++k;
  if (k >= text.size() || !wanted(text[k])) return false;
  i = k;
  return true;
}

// A decimal constant as typed: its digits either side of the point, its exponent, its
// suffix, and whether blanks were read inside it (1 2 is 12, and no integer).
struct DecimalConstant {
  std::string whole, fraction;
  bool point = false, spaced = false;
  char exponent_letter = 0;  // 'E' or 'D'
  int exponent = 0;
  char suffix = 0;  // '!', '#' or '%'
};
// Reads a decimal constant from text[i] (a digit or a point), as GW-BASIC's tokeniser
// does, for running (the scanner) and for LIST (program_text.cpp) alike; i ends past it.
// Blanks may stand among the digits, before the point, before the exponent's letter (not
// ELSE's or EQV's) and among its digits, and before a ! or # (1 E 2 is 100, 7 # is 7#);
// the exponent's sign follows its letter at once (1E - 2 is 1 - 2); one point only (1.2.3
// is 1.2, then .3); no ! or # after an exponent (1E3! is 1000, then junk); a % after
// blanks is no suffix (the blanks go and the character stays: 1 % lists as 1%). With
// `spaced_tail` false (a line number: GOTO 20 # is GOTO 20, then #) no blank comes before
// the exponent's letter or a suffix.
DecimalConstant read_decimal(std::string_view text, std::size_t& i, bool spaced_tail = true);
// Digits from text[i], blanks between them going (`spaced` set when one did); appended to
// `digits`, i past the last.
void read_digits(std::string_view text, std::size_t& i, std::string& digits, bool& spaced);

enum class Keyword : uint8_t {
  kNone,
  // statements
  kPrint,
  kInput,
  kLet,
  kIf,
  kThen,
  kElse,
  kGoto,
  kGosub,
  kReturn,
  kOn,
  kFor,
  kTo,
  kStep,
  kNext,
  kDim,
  kRandomize,
  kRem,
  kEnd,
  kStop,
  kData,
  kRead,
  kRestore,
  kDef,
  kCls,
  kSwap,
  kWhile,
  kWend,
  kClear,
  kRun,
  kList,
  kNew,
  kLine,
  kLocate,
  kWidth,
  kKey,
  kColor,
  kBeep,
  kPoke,
  kOption,
  kBase,
  kError,
  kResume,
  kTron,
  kTroff,
  kErase,
  kWrite,
  kCommon,
  kChain,
  kCall,
  kOpen,
  kClose,
  kField,
  kGet,
  kPut,
  kLset,  // LSET, RSET: the pc's random files
  kRset,
  kSystem,
  kDefint,
  kDefsng,
  kDefdbl,
  kDefstr,
  kScreen,
  kSound,
  kPlay,
  kOut,
  kWait,
  kMid,  // MID$ as a statement too
  // operators
  kAnd,
  kOr,
  kNot,
  kXor,
  kEqv,
  kImp,
  kMod,
  // functions
  kInt,
  kAbs,
  kSgn,
  kSqr,
  kRnd,
  kLen,
  kLeft,
  kRight,
  kChr,
  kAsc,
  kStr,
  kVal,
  kTab,
  kSpc,
  kSin,
  kCos,
  kTan,
  kAtn,
  kExp,
  kLog,
  kFix,
  kCint,
  kCsng,
  kCdbl,
  kSpace,
  kString,
  kInstr,
  kPeek,
  kPos,
  kFre,
  kInkey,
  kUsr,
  kFn,
  kErl,
  kErr,
  kHex,
  kOct,
  kTimer,
  kUsing,
  kLprint,
  kCsrlin,
  kInputChars,  // INPUT$
  kDate,        // DATE$
  kEof,         // EOF(n), LOF(n), LOC(n): the pc's files
  kLof,
  kLoc,
  kMki,  // MKI$, MKS$, MKD$, CVI, CVS, CVD: the pc's numbers as bytes (random files)
  kMks,
  kMkd,
  kCvi,
  kCvs,
  kCvd,
  kTime,  // TIME$
  kVarptr,
  kVarptrStr,  // VARPTR$
  kLpos,
  kKill,  // the pc's disk statements: KILL, NAME, SHELL, RESET, LOCK, UNLOCK, IOCTL
  kName,
  kShell,
  kReset,
  kLock,
  kUnlock,
  kIoctl,
  kMkdir,
  kRmdir,
  kChdir,
  kFiles,
  // GW-BASIC's device statements and functions for hardware this machine does not have
  // (devices.hpp), the graphics statements (Illegal function call on the text screen),
  // BSAVE and BLOAD.
  kPcopy,
  kPalette,
  kView,
  kMotor,
  kStrig,
  kPen,
  kCom,
  kPset,
  kPreset,
  kCircle,
  kDraw,
  kPaint,
  kWindow,
  kBsave,
  kBload,
  kPoint,
  kPmap,
  kInp,
  kStick,
  kErdev,
  kErdevStr,  // ERDEV$
  kIoctlStr,  // IOCTL$
  kEnviron,
  kEnvironStr,  // ENVIRON$
  kExterr,
  // Commodore 64 BASIC V2's own keywords (only its scanner makes them; CONT the pc's too)
  kGo,  // GO, as in GO TO
  kCont,
  kCmd,
  kSys,
  kLoad,
  kSave,
  kVerify,
  kInputFile,  // INPUT#
  kPrintFile,  // PRINT#
  // The C64's clock variables TI and TI$ (the parser makes them of the name TI).
  kTi,
  kTiStr,
  kSt,  // the C64's ST, the status of the last input or output (c64_files.hpp)
};

// Which BASIC a text is read as: the machine's Kind (machine/kind.hpp). kPc is GW-BASIC
// (the pc machine); kC64 is Commodore 64 BASIC V2 (the c64 machine): see interpreter.hpp
// for what each runs.
using Dialect = machine::Kind;

enum class TokenKind : uint8_t {
  kEnd,      // end of the line
  kNumber,   // a numeric literal
  kString,   // a string literal (quotes removed)
  kName,     // a variable or array name, upper-cased, without its type character
  kKeyword,  // see Keyword
  kSymbol,   // one of + - * / ^ \ = < > ( ) , ; : $ % ! # and "<=" ">=" "<>"
  kRest,     // the rest of a REM/' or the raw text of DATA
  kOther,    // a character BASIC has no use for here (a syntax error if parsed)
};

// The C64's pi character (PETSCII 255, the pi key): in an expression the number pi, as
// its ROM holds it ($AEA8: 82 49 0F DA A1, 3.14159265); LIST shows the character.
inline constexpr char kC64Pi = '\xFF';

struct Token {
  TokenKind kind = TokenKind::kEnd;
  Keyword keyword = Keyword::kNone;
  std::string text;         // name, string, symbol, or literal text
  core::Single number = 0;  // kNumber: the value GW-BASIC stores
  bool integer = false;     // kNumber: an integer literal (-32768..32767, no point/exponent)
  bool overflow = false;    // kNumber: beyond the single-precision range (double: its range)
  bool is_double = false;   // kNumber: more than 7 digits, a # suffix or a D exponent
  long double dnumber = 0;  // kNumber, is_double: the value (56-bit mantissa)
  // Where the token stands in the line's text: [at, end) (for the edit line GW-BASIC
  // shows after a Syntax error, its cursor where the error was found).
  std::size_t at = 0, end = 0;
  bool is(std::string_view symbol) const { return kind == TokenKind::kSymbol && text == symbol; }
  bool is(Keyword k) const { return kind == TokenKind::kKeyword && keyword == k; }
  // A name spelled `word` (upper case): the words of a statement that are no keywords
  // (OPEN's AS, OUTPUT, APPEND).
  bool is_name(std::string_view word) const { return kind == TokenKind::kName && text == word; }
};

// The tokens of one line (after its line number), always ending in a kEnd token.
// Dialect::kC64 reads the line as the C64's tokeniser crunches it: its own keywords only,
// found anywhere outside strings, REM text and DATA text, also inside what looks like a
// name (FORI=1TO3 is FOR I = 1 TO 3; TOTAL is TO T A L, SCORE is S C OR E); a name is a
// letter then letters and digits (spaces between them skipped, as CHRGET skips them),
// known by its first two characters (the token's text is those two); GO TO is GOTO; no
// ' REM, no &H, no D exponent, no type characters but $ and %.
std::vector<Token> scan_line(std::string_view text, Dialect dialect = Dialect::kPc);

// The C64 keyword at line[i] (letters in either case), as its tokeniser finds it: the
// first in the ROM's table order that the text starts with, or empty.
std::string_view c64_keyword_at(std::string_view line, std::size_t i);

// An &H or &O constant (& alone is octal) at text[i], i moved past it: hex digits, none
// after a blank, or octal digits and the blanks among and after them, as PC-BASIC's
// tokeniser reads them (`&O 2` is 2, `& 17` 15, `&H 1` &H then 1). `value` stops at
// 0x10000, past 16 bits (Overflow). The one reader for running and for LIST.
struct RadixConstant {
  bool hex = false;
  unsigned long value = 0;
};
RadixConstant read_radix(std::string_view text, std::size_t& i);

// The keyword's spelling, for messages ("LEFT$", "TAB(").
std::string_view keyword_name(Keyword k);

}  // namespace amazing::basic
