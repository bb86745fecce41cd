// SAVE and LOAD's bytes: see saved_program.hpp.

#include "basic/saved_program.hpp"
#include "basic/interpreter.hpp"
#include "basic/scanner.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <optional>
#include <set>

#include "basic/number.hpp"
#include "basic/program.hpp"

namespace amazing::basic {
namespace {

// The '+' token GW-BASIC stores after WHILE.
constexpr unsigned char kWhilePlus = 0xE9;

// A keyword and its code: one byte, or a prefix byte (0xFD, 0xFE, 0xFF) and one.
struct Token {
  std::string_view word;
  uint16_t code;
};

// GW-BASIC's keywords, from its documentation (PC-BASIC's token list).
constexpr Token kGwTokens[] = {
    {"END", 0x81},      {"FOR", 0x82},      {"NEXT", 0x83},      {"DATA", 0x84},
    {"INPUT", 0x85},    {"DIM", 0x86},      {"READ", 0x87},      {"LET", 0x88},
    {"GOTO", 0x89},     {"RUN", 0x8A},      {"IF", 0x8B},        {"RESTORE", 0x8C},
    {"GOSUB", 0x8D},    {"RETURN", 0x8E},   {"REM", 0x8F},       {"STOP", 0x90},
    {"PRINT", 0x91},    {"CLEAR", 0x92},    {"LIST", 0x93},      {"NEW", 0x94},
    {"ON", 0x95},       {"WAIT", 0x96},     {"DEF", 0x97},       {"POKE", 0x98},
    {"CONT", 0x99},     {"OUT", 0x9C},      {"LPRINT", 0x9D},    {"LLIST", 0x9E},
    {"WIDTH", 0xA0},    {"ELSE", 0xA1},     {"TRON", 0xA2},      {"TROFF", 0xA3},
    {"SWAP", 0xA4},     {"ERASE", 0xA5},    {"EDIT", 0xA6},      {"ERROR", 0xA7},
    {"RESUME", 0xA8},   {"DELETE", 0xA9},   {"AUTO", 0xAA},      {"RENUM", 0xAB},
    {"DEFSTR", 0xAC},   {"DEFINT", 0xAD},   {"DEFSNG", 0xAE},    {"DEFDBL", 0xAF},
    {"LINE", 0xB0},     {"WHILE", 0xB1},    {"WEND", 0xB2},      {"CALL", 0xB3},
    {"WRITE", 0xB7},    {"OPTION", 0xB8},   {"RANDOMIZE", 0xB9}, {"OPEN", 0xBA},
    {"CLOSE", 0xBB},    {"LOAD", 0xBC},     {"MERGE", 0xBD},     {"SAVE", 0xBE},
    {"COLOR", 0xBF},    {"CLS", 0xC0},      {"MOTOR", 0xC1},     {"BSAVE", 0xC2},
    {"BLOAD", 0xC3},    {"SOUND", 0xC4},    {"BEEP", 0xC5},      {"PSET", 0xC6},
    {"PRESET", 0xC7},   {"SCREEN", 0xC8},   {"KEY", 0xC9},       {"LOCATE", 0xCA},
    {"TO", 0xCC},       {"THEN", 0xCD},     {"TAB(", 0xCE},      {"STEP", 0xCF},
    {"USR", 0xD0},      {"FN", 0xD1},       {"SPC(", 0xD2},      {"NOT", 0xD3},
    {"ERL", 0xD4},      {"ERR", 0xD5},      {"STRING$", 0xD6},   {"USING", 0xD7},
    {"INSTR", 0xD8},    {"'", 0xD9},        {"VARPTR", 0xDA},    {"CSRLIN", 0xDB},
    {"POINT", 0xDC},    {"OFF", 0xDD},      {"INKEY$", 0xDE},    {">", 0xE6},
    {"=", 0xE7},        {"<", 0xE8},        {"+", 0xE9},         {"-", 0xEA},
    {"*", 0xEB},        {"/", 0xEC},        {"^", 0xED},         {"AND", 0xEE},
    {"OR", 0xEF},       {"XOR", 0xF0},      {"EQV", 0xF1},       {"IMP", 0xF2},
    {"MOD", 0xF3},      {"\\", 0xF4},       {"CVI", 0xFD81},     {"CVS", 0xFD82},
    {"CVD", 0xFD83},    {"MKI$", 0xFD84},   {"MKS$", 0xFD85},    {"MKD$", 0xFD86},
    {"EXTERR", 0xFD8B}, {"FILES", 0xFE81},  {"FIELD", 0xFE82},   {"SYSTEM", 0xFE83},
    {"NAME", 0xFE84},   {"LSET", 0xFE85},   {"RSET", 0xFE86},    {"KILL", 0xFE87},
    {"PUT", 0xFE88},    {"GET", 0xFE89},    {"RESET", 0xFE8A},   {"COMMON", 0xFE8B},
    {"CHAIN", 0xFE8C},  {"DATE$", 0xFE8D},  {"TIME$", 0xFE8E},   {"PAINT", 0xFE8F},
    {"COM", 0xFE90},    {"CIRCLE", 0xFE91}, {"DRAW", 0xFE92},    {"PLAY", 0xFE93},
    {"TIMER", 0xFE94},  {"ERDEV", 0xFE95},  {"IOCTL", 0xFE96},   {"CHDIR", 0xFE97},
    {"MKDIR", 0xFE98},  {"RMDIR", 0xFE99},  {"SHELL", 0xFE9A},   {"ENVIRON", 0xFE9B},
    {"VIEW", 0xFE9C},   {"WINDOW", 0xFE9D}, {"PMAP", 0xFE9E},    {"PALETTE", 0xFE9F},
    {"LCOPY", 0xFEA0},  {"CALLS", 0xFEA1},  {"PCOPY", 0xFEA5},   {"LOCK", 0xFEA7},
    {"UNLOCK", 0xFEA8}, {"LEFT$", 0xFF81},  {"RIGHT$", 0xFF82},  {"MID$", 0xFF83},
    {"SGN", 0xFF84},    {"INT", 0xFF85},    {"ABS", 0xFF86},     {"SQR", 0xFF87},
    {"RND", 0xFF88},    {"SIN", 0xFF89},    {"LOG", 0xFF8A},     {"EXP", 0xFF8B},
    {"COS", 0xFF8C},    {"TAN", 0xFF8D},    {"ATN", 0xFF8E},     {"FRE", 0xFF8F},
    {"INP", 0xFF90},    {"POS", 0xFF91},    {"LEN", 0xFF92},     {"STR$", 0xFF93},
    {"VAL", 0xFF94},    {"ASC", 0xFF95},    {"CHR$", 0xFF96},    {"PEEK", 0xFF97},
    {"SPACE$", 0xFF98}, {"OCT$", 0xFF99},   {"HEX$", 0xFF9A},    {"LPOS", 0xFF9B},
    {"CINT", 0xFF9C},   {"CSNG", 0xFF9D},   {"CDBL", 0xFF9E},    {"FIX", 0xFF9F},
    {"PEN", 0xFFA0},    {"STICK", 0xFFA1},  {"STRIG", 0xFFA2},   {"EOF", 0xFFA3},
    {"LOC", 0xFFA4},    {"LOF", 0xFFA5},
};

// Commodore 64 BASIC V2's keywords in the ROM's table order (0x80 up): crunching takes
// the first that matches, so INPUT# before INPUT and GOTO before GO.
constexpr std::string_view kC64Words[] = {
    "END",  "FOR",    "NEXT",    "DATA",   "INPUT#", "INPUT", "DIM",  "READ", "LET",  "GOTO",
    "RUN",  "IF",     "RESTORE", "GOSUB",  "RETURN", "REM",   "STOP", "ON",   "WAIT", "LOAD",
    "SAVE", "VERIFY", "DEF",     "POKE",   "PRINT#", "PRINT", "CONT", "LIST", "CLR",  "CMD",
    "SYS",  "OPEN",   "CLOSE",   "GET",    "NEW",    "TAB(",  "TO",   "FN",   "SPC(", "THEN",
    "NOT",  "STEP",   "+",       "-",      "*",      "/",     "^",    "AND",  "OR",   ">",
    "=",    "<",      "SGN",     "INT",    "ABS",    "USR",   "FRE",  "POS",  "SQR",  "RND",
    "LOG",  "EXP",    "COS",     "SIN",    "TAN",    "ATN",   "PEEK", "LEN",  "STR$", "VAL",
    "ASC",  "CHR$",   "LEFT$",   "RIGHT$", "MID$",   "GO",
};
constexpr uint8_t kC64First = 0x80;
constexpr uint8_t kC64Rem = 0x8F, kC64Data = 0x83;

// Where GW-BASIC keeps the program in memory: the first line's address (the links).
constexpr uint16_t kGwProgramStart = 0x126E;
constexpr uint16_t kC64ProgramStart = 0x0801;

// The two keys GW-BASIC's protected form is enciphered with (published by Paul Kocher,
// The Cryptogram computer supplement #19, 1994), 13 and 11 bytes long.
constexpr std::array<uint8_t, 13> kKey13 = {0xA9, 0x84, 0x8D, 0xCD, 0x75, 0x83, 0x43,
                                            0x63, 0x24, 0x83, 0x19, 0xF7, 0x9A};
constexpr std::array<uint8_t, 11> kKey11 = {0x1E, 0x1D, 0xC4, 0x77, 0x26, 0x97,
                                            0xE0, 0x74, 0x59, 0x88, 0x7C};

char upper(char c) {
  return static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
}
bool starts_with_nocase(std::string_view text, std::size_t i, std::string_view word) {
  if (text.size() - i < word.size()) return false;
  for (std::size_t k = 0; k < word.size(); ++k) {
    if (upper(text[i + k]) != word[k]) return false;
  }
  return true;
}

void put16(std::string& out, unsigned v) {
  out += static_cast<char>(v & 0xFF);
  out += static_cast<char>((v >> 8) & 0xFF);
}
unsigned get16(std::string_view b, std::size_t i) {
  return static_cast<unsigned char>(b[i]) |
         (static_cast<unsigned>(static_cast<unsigned char>(b[i + 1])) << 8);
}
void put_code(std::string& out, uint16_t code) {
  if (code > 0xFF) out += static_cast<char>(code >> 8);
  out += static_cast<char>(code & 0xFF);
}

// The end of DATA's raw text from i: the first ':' outside quotes, or the end.
std::size_t data_end(std::string_view text, std::size_t i) {
  bool quoted = false;
  for (; i < text.size(); ++i) {
    if (text[i] == '"') quoted = !quoted;
    if (text[i] == ':' && !quoted) break;
  }
  return i;
}
std::size_t string_end(std::string_view text, std::size_t i) {
  std::size_t end = text.find('"', i + 1);
  return end == std::string_view::npos ? text.size() : end + 1;
}

// ---- GW-BASIC: text -> tokens ---------------------------------------------------------

// The GW-BASIC keyword at text[i], as its tokeniser reads it: the longest that matches
// and is not followed by what would continue a name (FN and USR, and words ending in $ or
// '(', need nothing after them).
const Token* gw_keyword_at(std::string_view text, std::size_t i) {
  const Token* best = nullptr;
  for (const Token& t : kGwTokens) {
    if (!is_letter(t.word[0]) || !starts_with_nocase(text, i, t.word)) continue;
    std::size_t end = i + t.word.size();
    char last = t.word.back();
    bool complete = last == '$' || last == '(' || t.word == "FN" || t.word == "USR" ||
                    end >= text.size() || !is_name_char(text[end]);
    if (complete && (best == nullptr || t.word.size() > best->word.size())) best = &t;
  }
  return best;
}

const Token* gw_symbol(char c) {
  for (const Token& t : kGwTokens) {
    if (t.word.size() == 1 && t.word[0] == c && !is_letter(c) && c != '\'') return &t;
  }
  return nullptr;
}

// A numeric literal at text[i] (a digit or '.'), as GW-BASIC stores it.
void gw_number(std::string_view text, std::size_t& i, std::string& out) {
  std::size_t start = i;
  bool point = false, exponent = false;
  while (i < text.size() && (is_digit(text[i]) || (text[i] == '.' && !point))) {
    point = point || text[i] == '.';
    ++i;
  }
  if (i < text.size() && (upper(text[i]) == 'E' || upper(text[i]) == 'D')) {
    std::size_t j = i + 1;
    if (j < text.size() && (text[j] == '+' || text[j] == '-')) ++j;
    if (j < text.size() && is_digit(text[j])) {
      exponent = true;
      i = j;
      while (i < text.size() && is_digit(text[i])) ++i;
    }
  }
  char suffix =
      i < text.size() && (text[i] == '!' || text[i] == '#' || text[i] == '%') ? text[i] : 0;
  std::string literal(text.substr(start, i - start));
  if (suffix) ++i;
  auto parsed = parse_decimal(literal, false);
  Single value = parsed ? parsed->value : 0.0;
  bool integer = !point && !exponent && suffix != '!' && suffix != '#' && parsed &&
                 parsed->is_integer && value >= 0;
  if (integer) {
    int v = static_cast<int>(value);
    if (v <= 9) {  // 0x11..0x1A: the digits 0 to 9; 10 takes 0x0F and a byte
      out += static_cast<char>(0x11 + v);
    } else if (v <= 255) {
      out += '\x0F';
      out += static_cast<char>(v);
    } else {
      out += '\x1C';
      put16(out, static_cast<unsigned>(v));
    }
    return;
  }
  // A double by the rule of core::parse_decimal (a D exponent, or more than 7 digits of
  // precision), or by its # suffix.
  if (parsed && (suffix == '#' || (suffix != '!' && parsed->is_double))) {
    auto as_double = parse_decimal(literal + "#", false);
    long double d = as_double ? std::fabs(as_double->dvalue) : 0;
    out += '\x1F';
    // MBF double: 7 mantissa bytes (low first, the sign in the top bit of the last), then
    // the exponent (bias 128, the mantissa read as 0.1xxx in binary).
    uint64_t bytes = core::to_mbf_double(d);
    for (int k = 0; k < 8; ++k) out += static_cast<char>((bytes >> (8 * k)) & 0xFF);
    return;
  }
  uint32_t mbf = to_mbf(value);
  out += '\x1D';
  for (int k = 0; k < 4; ++k) out += static_cast<char>((mbf >> (8 * k)) & 0xFF);
}

// &H and &O constants: 0x0C / 0x0B and the 16-bit value.
void gw_radix(std::string_view text, std::size_t& i, std::string& out) {
  std::size_t j = i + 1;
  int base = 8;
  if (j < text.size() && upper(text[j]) == 'H')
    base = 16, ++j;
  else if (j < text.size() && upper(text[j]) == 'O')
    ++j;
  unsigned v = 0;
  while (j < text.size() && std::isxdigit(static_cast<unsigned char>(text[j])) &&
         (base == 16 || (text[j] >= '0' && text[j] <= '7'))) {
    int digit = is_digit(text[j]) ? text[j] - '0' : upper(text[j]) - 'A' + 10;
    v = (v * static_cast<unsigned>(base) + static_cast<unsigned>(digit)) & 0xFFFF;
    ++j;
  }
  out += base == 16 ? '\x0C' : '\x0B';
  put16(out, v);
  i = j;
}

std::string gw_tokenise(std::string_view text) {
  std::set<std::size_t> refs;
  for (const LineRef& r : line_refs(text)) refs.insert(r.pos);
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (c == '"') {
      std::size_t end = string_end(text, i);
      out.append(text.substr(i, end - i));
      i = end;
    } else if (c == '\'') {
      out += ":\x8F\xD9";
      out.append(text.substr(i + 1));
      break;
    } else if (refs.count(i) != 0) {
      // The line number, held at 65535 when longer (a listing may hold any digits).
      unsigned number = 0;
      for (; i < text.size() && is_digit(text[i]); ++i)
        number = std::min(number * 10 + static_cast<unsigned>(text[i] - '0'), 65535u);
      out += '\x0E';
      put16(out, number);
    } else if (is_digit(c) || (c == '.' && i + 1 < text.size() && is_digit(text[i + 1]))) {
      gw_number(text, i, out);
    } else if (c == '&') {
      gw_radix(text, i, out);
    } else if (is_letter(c)) {
      if (const Token* k = gw_keyword_at(text, i)) {
        if (k->word == "ELSE") out += ':';
        put_code(out, k->code);
        // GW-BASIC stores WHILE with a '+' token after it (PC-BASIC's tokeniser: WHILE ->
        // WHILE+; FRE(0) is one byte less for each WHILE), listed as WHILE alone.
        if (k->word == "WHILE") out += static_cast<char>(kWhilePlus);
        i += k->word.size();
        if (k->word == "REM") {
          out.append(text.substr(i));
          break;
        }
        if (k->word == "DATA") {
          std::size_t end = data_end(text, i);
          out.append(text.substr(i, end - i));
          i = end;
        }
      } else {
        std::size_t end = i;
        while (end < text.size() && is_name_char(text[end])) ++end;
        for (std::size_t k = i; k < end; ++k) out += upper(text[k]);
        i = end;
      }
    } else if (const Token* s = gw_symbol(c)) {
      put_code(out, s->code);
      ++i;
    } else {
      out += c;
      ++i;
    }
  }
  return out;
}

// ---- GW-BASIC: tokens -> text ---------------------------------------------------------

std::string_view gw_word(uint16_t code) {
  for (const Token& t : kGwTokens) {
    if (t.code == code) return t.word;
  }
  return {};
}

// The text a stored single or double LISTs as (program_text.hpp).
std::string gw_float_text(long double value, bool is_double) {
  return is_double ? gw_double_text(value) : gw_single_text(static_cast<Single>(value));
}

long double mbf_value(std::string_view b, std::size_t at, int bytes) {
  auto exp = static_cast<unsigned char>(b[at + bytes - 1]);
  if (exp == 0) return 0;
  bool negative = (static_cast<unsigned char>(b[at + bytes - 2]) & 0x80) != 0;
  uint64_t m = 0;
  for (int k = bytes - 2; k >= 0; --k) m = (m << 8) | static_cast<unsigned char>(b[at + k]);
  int mantissa_bits = (bytes - 1) * 8;
  m |= uint64_t{1} << (mantissa_bits - 1);
  long double v =
      std::ldexp(static_cast<long double>(m), static_cast<int>(exp) - 128 - mantissa_bits);
  return negative ? -v : v;
}

// &HFF, &O17: a 16-bit constant as LIST shows it.
std::string radix_text(unsigned v, bool hex) {
  static const char* kDigits = "0123456789ABCDEF";
  unsigned base = hex ? 16 : 8;
  std::string digits;
  do {
    digits.insert(digits.begin(), kDigits[v % base]);
    v /= base;
  } while (v != 0);
  return (hex ? "&H" : "&O") + digits;
}

// Reads one line's tokens from b[i] to its 0 byte; false if the bytes end first.
bool gw_detokenise(std::string_view b, std::size_t& i, std::string& out) {
  auto need = [&](std::size_t n) { return i + n <= b.size(); };
  while (i < b.size()) {
    auto c = static_cast<unsigned char>(b[i++]);
    if (c == 0) return true;
    if (c == '"') {
      out += '"';
      while (i < b.size() && b[i] != 0 && b[i] != '"') out += b[i++];
      if (i < b.size() && b[i] == '"') out += b[i++];
    } else if (c == ':' && need(1) && static_cast<unsigned char>(b[i]) == 0xA1) {
      continue;  // ":ELSE" lists as ELSE
    } else if (c == ':' && need(2) && static_cast<unsigned char>(b[i]) == 0x8F &&
               static_cast<unsigned char>(b[i + 1]) == 0xD9) {
      out += '\'';
      i += 2;
      while (i < b.size() && b[i] != 0) out += b[i++];
    } else if (c == 0x0B || c == 0x0C || c == 0x0D || c == 0x0E || c == 0x1C) {
      if (!need(2)) return false;
      unsigned v = get16(b, i);
      i += 2;
      if (c == 0x0C || c == 0x0B)
        out += radix_text(v, c == 0x0C);
      else
        out += std::to_string(c == 0x1C ? static_cast<int16_t>(v) : static_cast<int>(v));
    } else if (c == 0x0F) {
      if (!need(1)) return false;
      out += std::to_string(static_cast<unsigned char>(b[i++]));
    } else if (c >= 0x11 && c <= 0x1B) {
      out += std::to_string(c - 0x11);
    } else if (c == 0x1D || c == 0x1F) {
      int bytes = c == 0x1D ? 4 : 8;
      if (!need(static_cast<std::size_t>(bytes))) return false;
      out += gw_float_text(mbf_value(b, i, bytes), c == 0x1F);
      i += static_cast<std::size_t>(bytes);
    } else if (c >= 0xFD) {
      if (!need(1)) return false;
      out += gw_word(static_cast<uint16_t>((c << 8) | static_cast<unsigned char>(b[i++])));
    } else if (c >= 0x80) {
      std::string_view word = gw_word(c);
      out += word;
      if (word == "WHILE" && i < b.size() && static_cast<unsigned char>(b[i]) == kWhilePlus) ++i;
      if (c == 0x8F || c == 0xD9) {  // REM, ': the rest as it is
        while (i < b.size() && b[i] != 0) out += b[i++];
      } else if (c == 0x84) {  // DATA: up to ':' outside quotes
        bool quoted = false;
        while (i < b.size() && b[i] != 0 && (quoted || b[i] != ':')) {
          if (b[i] == '"') quoted = !quoted;
          out += b[i++];
        }
      }
    } else {
      out += static_cast<char>(c);
    }
  }
  return false;
}

// GW-BASIC's protection cipher, either way. Byte k of the program (counted from the one
// after the header, n = k - 1) is offset by the two key positions n % 11 and n % 13 and
// XORed with both keys; unprotecting takes off 11 - n % 11 and adds 13 - n % 13,
// protecting takes off 13 - n % 13 and adds 11 - n % 11, so each undoes the other.
std::string gw_cipher(std::string_view bytes, char header, bool protecting) {
  std::string out(bytes);
  out[0] = header;
  for (std::size_t k = 1; k < out.size(); ++k) {
    std::size_t n = k - 1;
    auto i11 = static_cast<unsigned>(n % 11), i13 = static_cast<unsigned>(n % 13);
    unsigned take = protecting ? 13 - i13 : 11 - i11;
    unsigned give = protecting ? 11 - i11 : 13 - i13;
    auto v = static_cast<uint8_t>(static_cast<uint8_t>(out[k]) - take);
    v ^= kKey11[i11] ^ kKey13[i13];
    out[k] = static_cast<char>(static_cast<uint8_t>(v + give));
  }
  return out;
}

// A protected file (0xFE) as its tokenised form (0xFF): LOAD.
std::string unprotect(std::string_view bytes) {
  return gw_cipher(bytes, '\xFF', false);
}

// The inverse of unprotect: SAVE "F",P.
std::string protect(std::string_view bytes) {
  return gw_cipher(bytes, '\xFE', true);
}

core::Result<ProgramLines> read_gw_tokenised(std::string_view b) {
  ProgramLines lines;
  std::size_t i = 1;
  while (i + 2 <= b.size()) {
    if (get16(b, i) == 0) return lines;
    if (i + 4 > b.size()) break;
    int number = static_cast<int>(get16(b, i + 2));
    i += 4;
    std::string text;
    if (!gw_detokenise(b, i, text)) break;
    lines[number] = text;
  }
  if (i >= b.size() && !lines.empty()) return lines;  // no end marker: what was there
  return core::Error{"the file ends inside a line"};
}

core::Result<ProgramLines> read_gw_ascii(std::string_view b) {
  std::size_t eof = b.find('\x1A');
  if (eof != std::string_view::npos) b = b.substr(0, eof);
  ProgramLines lines;
  std::size_t start = 0;
  while (start < b.size()) {
    std::size_t end = b.find_first_of("\r\n", start);
    if (end == std::string_view::npos) end = b.size();
    std::string_view line = b.substr(start, end - start);
    start = end + 1;
    if (end + 1 < b.size() && b[end] == '\r' && b[end + 1] == '\n') ++start;
    if (trim(line).empty()) continue;
    TypedLine t = split_typed(line);
    if (!t.number || *t.number > kMaxLineNumber) return core::Error{"Direct statement in file"};
    if (trim(t.text).empty()) continue;
    lines[static_cast<int>(*t.number)] = list_form(Dialect::kPc, t.text);
  }
  return lines;
}

// ---- the C64 ---------------------------------------------------------------------------

std::string c64_tokenise(std::string_view text) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (c == '"') {
      std::size_t end = string_end(text, i);
      out.append(text.substr(i, end - i));
      i = end;
      continue;
    }
    if (c == '?') {
      out += '\x99';
      ++i;
      continue;
    }
    int found = -1;
    if (!(c >= '0' && c <= ';')) {
      for (std::size_t k = 0; k < std::size(kC64Words); ++k) {
        if (text.substr(i, kC64Words[k].size()) == kC64Words[k]) {
          found = static_cast<int>(k);
          break;
        }
      }
    }
    if (found < 0) {
      out += c;
      ++i;
      continue;
    }
    auto code = static_cast<uint8_t>(kC64First + found);
    out += static_cast<char>(code);
    i += kC64Words[found].size();
    if (code == kC64Rem) {
      out.append(text.substr(i));
      break;
    }
    if (code == kC64Data) {
      std::size_t end = data_end(text, i);
      out.append(text.substr(i, end - i));
      i = end;
    }
  }
  return out;
}

std::string c64_detokenise(std::string_view b) {
  std::string out;
  bool quoted = false;
  for (char ch : b) {
    auto c = static_cast<unsigned char>(ch);
    if (ch == '"') quoted = !quoted;
    std::size_t k = c - kC64First;
    if (!quoted && c >= kC64First && k < std::size(kC64Words))
      out += kC64Words[k];
    else
      out += ch;
  }
  return out;
}

}  // namespace

std::size_t gw_keyword_length(std::string_view text, std::size_t i) {
  const auto* k = gw_keyword_at(text, i);
  return k == nullptr ? 0 : k->word.size();
}

std::string gw_tokenised_file(const ProgramLines& lines) {
  std::string out = "\xFF";
  unsigned address = kGwProgramStart;
  for (const auto& [number, text] : lines) {
    std::string body = gw_tokenise(text);
    address += static_cast<unsigned>(4 + body.size() + 1);
    put16(out, address);
    put16(out, static_cast<unsigned>(number));
    out += body;
    out += '\0';
  }
  out.append(2, '\0');
  out += '\x1A';
  return out;
}

std::string gw_protected_file(const ProgramLines& lines) {
  return protect(gw_tokenised_file(lines));
}

std::string gw_ascii_file(const ProgramLines& lines) {
  return program_text(lines, "\r\n") + "\x1A";
}

std::string c64_prg_file(const ProgramLines& lines) {
  return c64_prg_file_in_order(C64MemoryLines(lines.begin(), lines.end()));
}

std::string c64_prg_file_in_order(const C64MemoryLines& lines) {
  std::string out;
  put16(out, kC64ProgramStart);
  unsigned address = kC64ProgramStart;
  for (const auto& [number, text] : lines) {
    std::string body = c64_tokenise(text);
    address += static_cast<unsigned>(4 + body.size() + 1);
    put16(out, address);
    put16(out, static_cast<unsigned>(number));
    out += body;
    out += '\0';
  }
  out.append(2, '\0');
  return out;
}

std::string program_memory(const ProgramLines& lines, Dialect dialect) {
  if (dialect == Dialect::kC64) return c64_prg_file(lines).substr(2);
  std::string file = gw_tokenised_file(lines);
  return '\0' + file.substr(1, file.size() - 2);
}

core::Result<LoadedProgram> read_gw_file(std::string_view bytes) {
  LoadedProgram loaded;
  if (!bytes.empty() && (bytes[0] == '\xFF' || bytes[0] == '\xFE')) {
    loaded.protected_program = bytes[0] == '\xFE';
    std::string plain = loaded.protected_program ? unprotect(bytes) : std::string(bytes);
    auto lines = read_gw_tokenised(plain);
    if (!lines) return lines.error();
    loaded.lines = std::move(lines).value();
    return loaded;
  }
  auto lines = read_gw_ascii(bytes);
  if (!lines) return lines.error();
  loaded.lines = std::move(lines).value();
  return loaded;
}

C64Listing c64_list(const C64MemoryLines& lines, int from, int to) {
  C64Listing out;
  auto line =
      std::find_if(lines.begin(), lines.end(), [&](const auto& l) { return l.first >= from; });
  for (; line != lines.end(); ++line) {
    if (line->first > to) {
      out.past_range = true;
      break;
    }
    out.lines.push_back(std::to_string(line->first) + " " + line->second);
  }
  return out;
}

core::Result<C64MemoryLines> read_c64_prg_in_order(std::string_view b) {
  C64MemoryLines lines;
  std::size_t i = 2;
  while (i + 2 <= b.size()) {
    if (get16(b, i) == 0) return lines;
    if (i + 4 > b.size()) break;
    int number = static_cast<int>(get16(b, i + 2));
    std::size_t end = b.find('\0', i + 4);
    if (end == std::string_view::npos) break;
    lines.emplace_back(number, c64_detokenise(b.substr(i + 4, end - i - 4)));
    i = end + 1;
  }
  return core::Error{"the file ends inside a line"};
}

std::string c64_loaded_memory(std::string_view prg) {
  std::string memory(prg.substr(std::min<std::size_t>(2, prg.size())));
  std::size_t at = 0;
  while (at + 1 < memory.size() && memory[at + 1] != '\0') {
    std::size_t end = memory.find('\0', at + 5);
    if (end == std::string::npos) break;  // the ROM would read on past the loaded bytes
    const unsigned next = kC64ProgramStart + static_cast<unsigned>(end + 1);
    memory[at] = static_cast<char>(next & 0xFF);
    memory[at + 1] = static_cast<char>((next >> 8) & 0xFF);
    at = end + 1;
  }
  return memory;
}

core::Result<ProgramLines> read_c64_prg(std::string_view b) {
  auto in_order = read_c64_prg_in_order(b);
  if (!in_order) return in_order.error();
  ProgramLines lines;
  for (auto& [number, text] : *in_order) lines[number] = std::move(text);
  return lines;
}

}  // namespace amazing::basic

namespace amazing::basic {

std::size_t gw_program_bytes(std::string_view listing) {
  auto loaded = read_gw_file(listing);
  if (!loaded || loaded->lines.empty()) return kGwEmptyProgramBytes;
  // The file is 0xFF, the lines, a zero link and 0x1A; memory holds a zero, the lines and
  // the zero link.
  return gw_tokenised_file(loaded->lines).size() - 1;
}

}  // namespace amazing::basic
