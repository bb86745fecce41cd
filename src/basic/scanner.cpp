// Scanner: see scanner.hpp.

#include "basic/scanner.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <utility>

#include "basic/number.hpp"
#include "basic/program.hpp"

namespace amazing::basic {
namespace {

struct KeywordSpelling {
  std::string_view text;
  Keyword keyword;
};

// Every GW-BASIC reserved word the subset knows, so names split as GW-BASIC splits them
// even where the statement itself is not supported.
constexpr std::array kKeywords = {
    KeywordSpelling{"PRINT", Keyword::kPrint},   KeywordSpelling{"INPUT", Keyword::kInput},
    KeywordSpelling{"LET", Keyword::kLet},       KeywordSpelling{"IF", Keyword::kIf},
    KeywordSpelling{"THEN", Keyword::kThen},     KeywordSpelling{"ELSE", Keyword::kElse},
    KeywordSpelling{"GOTO", Keyword::kGoto},     KeywordSpelling{"GOSUB", Keyword::kGosub},
    KeywordSpelling{"RETURN", Keyword::kReturn}, KeywordSpelling{"ON", Keyword::kOn},
    KeywordSpelling{"FOR", Keyword::kFor},       KeywordSpelling{"TO", Keyword::kTo},
    KeywordSpelling{"STEP", Keyword::kStep},     KeywordSpelling{"NEXT", Keyword::kNext},
    KeywordSpelling{"DIM", Keyword::kDim},       KeywordSpelling{"RANDOMIZE", Keyword::kRandomize},
    KeywordSpelling{"REM", Keyword::kRem},       KeywordSpelling{"END", Keyword::kEnd},
    KeywordSpelling{"STOP", Keyword::kStop},     KeywordSpelling{"DATA", Keyword::kData},
    KeywordSpelling{"READ", Keyword::kRead},     KeywordSpelling{"RESTORE", Keyword::kRestore},
    KeywordSpelling{"DEF", Keyword::kDef},       KeywordSpelling{"CLS", Keyword::kCls},
    KeywordSpelling{"SWAP", Keyword::kSwap},     KeywordSpelling{"WHILE", Keyword::kWhile},
    KeywordSpelling{"WEND", Keyword::kWend},     KeywordSpelling{"CLEAR", Keyword::kClear},
    KeywordSpelling{"RUN", Keyword::kRun},       KeywordSpelling{"LIST", Keyword::kList},
    KeywordSpelling{"NEW", Keyword::kNew},       KeywordSpelling{"LINE", Keyword::kLine},
    KeywordSpelling{"LOCATE", Keyword::kLocate}, KeywordSpelling{"WIDTH", Keyword::kWidth},
    KeywordSpelling{"KEY", Keyword::kKey},       KeywordSpelling{"COLOR", Keyword::kColor},
    KeywordSpelling{"BEEP", Keyword::kBeep},     KeywordSpelling{"POKE", Keyword::kPoke},
    KeywordSpelling{"OPTION", Keyword::kOption}, KeywordSpelling{"BASE", Keyword::kBase},
    KeywordSpelling{"ERROR", Keyword::kError},   KeywordSpelling{"RESUME", Keyword::kResume},
    KeywordSpelling{"TRON", Keyword::kTron},     KeywordSpelling{"TROFF", Keyword::kTroff},
    KeywordSpelling{"ERASE", Keyword::kErase},   KeywordSpelling{"WRITE", Keyword::kWrite},
    KeywordSpelling{"COMMON", Keyword::kCommon}, KeywordSpelling{"CHAIN", Keyword::kChain},
    KeywordSpelling{"CALL", Keyword::kCall},     KeywordSpelling{"OPEN", Keyword::kOpen},
    KeywordSpelling{"CLOSE", Keyword::kClose},   KeywordSpelling{"FIELD", Keyword::kField},
    KeywordSpelling{"GET", Keyword::kGet},       KeywordSpelling{"PUT", Keyword::kPut},
    KeywordSpelling{"SYSTEM", Keyword::kSystem}, KeywordSpelling{"DEFINT", Keyword::kDefint},
    KeywordSpelling{"DEFSNG", Keyword::kDefsng}, KeywordSpelling{"DEFDBL", Keyword::kDefdbl},
    KeywordSpelling{"DEFSTR", Keyword::kDefstr}, KeywordSpelling{"SCREEN", Keyword::kScreen},
    KeywordSpelling{"SOUND", Keyword::kSound},   KeywordSpelling{"PLAY", Keyword::kPlay},
    KeywordSpelling{"OUT", Keyword::kOut},       KeywordSpelling{"WAIT", Keyword::kWait},
    KeywordSpelling{"MID$", Keyword::kMid},      KeywordSpelling{"AND", Keyword::kAnd},
    KeywordSpelling{"OR", Keyword::kOr},         KeywordSpelling{"NOT", Keyword::kNot},
    KeywordSpelling{"XOR", Keyword::kXor},       KeywordSpelling{"EQV", Keyword::kEqv},
    KeywordSpelling{"IMP", Keyword::kImp},       KeywordSpelling{"MOD", Keyword::kMod},
    KeywordSpelling{"INT", Keyword::kInt},       KeywordSpelling{"ABS", Keyword::kAbs},
    KeywordSpelling{"SGN", Keyword::kSgn},       KeywordSpelling{"SQR", Keyword::kSqr},
    KeywordSpelling{"RND", Keyword::kRnd},       KeywordSpelling{"LEN", Keyword::kLen},
    KeywordSpelling{"LEFT$", Keyword::kLeft},    KeywordSpelling{"RIGHT$", Keyword::kRight},
    KeywordSpelling{"CHR$", Keyword::kChr},      KeywordSpelling{"ASC", Keyword::kAsc},
    KeywordSpelling{"STR$", Keyword::kStr},      KeywordSpelling{"VAL", Keyword::kVal},
    KeywordSpelling{"TAB(", Keyword::kTab},      KeywordSpelling{"SPC(", Keyword::kSpc},
    KeywordSpelling{"SIN", Keyword::kSin},       KeywordSpelling{"COS", Keyword::kCos},
    KeywordSpelling{"TAN", Keyword::kTan},       KeywordSpelling{"ATN", Keyword::kAtn},
    KeywordSpelling{"EXP", Keyword::kExp},       KeywordSpelling{"LOG", Keyword::kLog},
    KeywordSpelling{"FIX", Keyword::kFix},       KeywordSpelling{"CINT", Keyword::kCint},
    KeywordSpelling{"CSNG", Keyword::kCsng},     KeywordSpelling{"CDBL", Keyword::kCdbl},
    KeywordSpelling{"SPACE$", Keyword::kSpace},  KeywordSpelling{"STRING$", Keyword::kString},
    KeywordSpelling{"INSTR", Keyword::kInstr},   KeywordSpelling{"PEEK", Keyword::kPeek},
    KeywordSpelling{"POS", Keyword::kPos},       KeywordSpelling{"FRE", Keyword::kFre},
    KeywordSpelling{"INKEY$", Keyword::kInkey},  KeywordSpelling{"USR", Keyword::kUsr},
    KeywordSpelling{"FN", Keyword::kFn},         KeywordSpelling{"ERL", Keyword::kErl},
    KeywordSpelling{"ERR", Keyword::kErr},       KeywordSpelling{"HEX$", Keyword::kHex},
    KeywordSpelling{"OCT$", Keyword::kOct},      KeywordSpelling{"TIMER", Keyword::kTimer},
    KeywordSpelling{"USING", Keyword::kUsing},   KeywordSpelling{"LPRINT", Keyword::kLprint},
    KeywordSpelling{"CSRLIN", Keyword::kCsrlin}, KeywordSpelling{"INPUT$", Keyword::kInputChars},
    KeywordSpelling{"DATE$", Keyword::kDate},    KeywordSpelling{"EOF", Keyword::kEof},
    KeywordSpelling{"LOF", Keyword::kLof},       KeywordSpelling{"LOC", Keyword::kLoc},
    KeywordSpelling{"TIME$", Keyword::kTime},
    KeywordSpelling{"LSET", Keyword::kLset},     KeywordSpelling{"RSET", Keyword::kRset},
    KeywordSpelling{"MKI$", Keyword::kMki},      KeywordSpelling{"MKS$", Keyword::kMks},
    KeywordSpelling{"MKD$", Keyword::kMkd},      KeywordSpelling{"CVI", Keyword::kCvi},
    KeywordSpelling{"CVS", Keyword::kCvs},       KeywordSpelling{"CVD", Keyword::kCvd},
    KeywordSpelling{"VARPTR", Keyword::kVarptr}, KeywordSpelling{"VARPTR$", Keyword::kVarptrStr},
    KeywordSpelling{"CONT", Keyword::kCont},     KeywordSpelling{"LPOS", Keyword::kLpos},
    KeywordSpelling{"KILL", Keyword::kKill},     KeywordSpelling{"NAME", Keyword::kName},
    KeywordSpelling{"SHELL", Keyword::kShell},   KeywordSpelling{"RESET", Keyword::kReset},
    KeywordSpelling{"LOCK", Keyword::kLock},     KeywordSpelling{"UNLOCK", Keyword::kUnlock},
    KeywordSpelling{"IOCTL", Keyword::kIoctl},   KeywordSpelling{"MKDIR", Keyword::kMkdir},
    KeywordSpelling{"RMDIR", Keyword::kRmdir},   KeywordSpelling{"CHDIR", Keyword::kChdir},
    KeywordSpelling{"FILES", Keyword::kFiles},   KeywordSpelling{"PALETTE", Keyword::kPalette},
    KeywordSpelling{"PCOPY", Keyword::kPcopy},   KeywordSpelling{"VIEW", Keyword::kView},
    KeywordSpelling{"MOTOR", Keyword::kMotor},   KeywordSpelling{"STRIG", Keyword::kStrig},
    KeywordSpelling{"PEN", Keyword::kPen},       KeywordSpelling{"COM", Keyword::kCom},
    KeywordSpelling{"PSET", Keyword::kPset},     KeywordSpelling{"PRESET", Keyword::kPreset},
    KeywordSpelling{"DRAW", Keyword::kDraw},     KeywordSpelling{"CIRCLE", Keyword::kCircle},
    KeywordSpelling{"PAINT", Keyword::kPaint},   KeywordSpelling{"WINDOW", Keyword::kWindow},
    KeywordSpelling{"BSAVE", Keyword::kBsave},   KeywordSpelling{"BLOAD", Keyword::kBload},
    KeywordSpelling{"POINT", Keyword::kPoint},   KeywordSpelling{"STICK", Keyword::kStick},
    KeywordSpelling{"INP", Keyword::kInp},       KeywordSpelling{"ENVIRON", Keyword::kEnviron},
    KeywordSpelling{"PMAP", Keyword::kPmap},     KeywordSpelling{"ENVIRON$", Keyword::kEnvironStr},
    KeywordSpelling{"ERDEV", Keyword::kErdev},   KeywordSpelling{"ERDEV$", Keyword::kErdevStr},
    KeywordSpelling{"EXTERR", Keyword::kExterr}, KeywordSpelling{"IOCTL$", Keyword::kIoctlStr},
};

// Keywords that count even with a name character after them (FNA is FN A, USRX is USR X).
constexpr std::array kAtOnce = {Keyword::kFn, Keyword::kSpc, Keyword::kTab, Keyword::kUsr};

// GOTO and GOSUB also written with one space; GO SUB counts at once, GO TO at a name
// boundary (GO TOTAL is the name GO, then TOTAL). GO and TO with two blanks or more
// between them (`~` below) is GOTO at once; GO  SUB is no keyword (PC-BASIC's tokeniser).
struct GoSpelling {
  std::string_view text;
  Keyword keyword;
  bool at_once;
};
constexpr std::array kGoSpellings = {GoSpelling{"GO TO", Keyword::kGoto, false},
                                     GoSpelling{"GO SUB", Keyword::kGosub, true},
                                     GoSpelling{"GO~TO", Keyword::kGoto, true}};

char upper(char c) {
  return static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
}

// An E or D at text[k] that starts an exponent: not the start of ELSE or EQV (1ELSE, 1 EQV 2).
bool exponent_letter_at(std::string_view text, std::size_t k) {
  if (k >= text.size() || (upper(text[k]) != 'E' && upper(text[k]) != 'D')) return false;
  for (std::string_view word : {"ELSE", "EQV"}) {
    std::size_t n = 0;
    while (n < word.size() && k + n < text.size() && upper(text[k + n]) == word[n]) ++n;
    if (n == word.size()) return false;
  }
  return true;
}

// After E or D: an optional sign right after the letter (PC-BASIC: `1E -2` is 1E, then
// -2), and digits, blanks anywhere among them.
int read_exponent(std::string_view text, std::size_t& i, bool& spaced) {
  bool negative = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) {
    negative = text[i] == '-';
    ++i;
  }
  std::string digits;
  read_digits(text, i, digits, spaced);
  int value = 0;
  for (char c : digits) value = std::min(value * 10 + (c - '0'), 100000);
  return negative ? -value : value;
}

// A line number at text[i] (after GOTO and the like): its digits, blanks among them,
// ending before the digit that would take it past 65529 (PC-BASIC: GOTO 910 2 goes to
// 9102, GOTO 9100 2 to 9100 and GOTO 65530 to 6553, the rest junk); i ends past them
// when it was cut so, else stays.
bool line_number_cut(std::string_view text, std::size_t& i) {
  long line = 0;
  for (std::size_t k = i; blanks_before(text, k, is_digit); ++k) {
    line = line * 10 + (text[k] - '0');
    if (line > kMaxLineNumber) {
      i = k;
      return true;
    }
  }
  return false;
}

// Reads a numeric literal starting at text[i] (read_decimal, or a line number cut short).
// GW-BASIC stores the value it reads.
Token scan_number(std::string_view text, std::size_t& i, bool line_number = false) {
  const std::size_t start = i;
  std::string body;
  if (line_number && line_number_cut(text, i)) {
    for (char c : text.substr(start, i - start))
      if (!is_blank(c)) body += c;
  } else {
    const DecimalConstant n = read_decimal(text, i, !line_number);
    body = n.whole;
    if (n.point) body += "." + n.fraction;
    if (n.exponent_letter) body += n.exponent_letter + std::to_string(n.exponent);
    if (n.suffix == '!' || n.suffix == '#') body += n.suffix;
  }
  Token t;
  t.kind = TokenKind::kNumber;
  for (char c : text.substr(start, i - start))
    if (!is_blank(c)) t.text += c;
  auto parsed = parse_decimal(body, false);
  if (parsed) {
    t.number = parsed->value;
    t.integer = parsed->is_integer;
    t.overflow = parsed->overflow;
  }
  // A literal with more than 7 digits of precision, a # suffix or a D exponent is a double
  // in GW-BASIC (PRINT 123456789 shows 123456789); ! keeps it single (parse_decimal). A %
  // makes an integer only of what is one anyway: 40000% and 1.5% are singles, 1.23456789%
  // a double (PC-BASIC; LIST shows 40000% as 40000!, program_text.cpp).
  if (!t.integer && parsed && parsed->is_double) {
    t.is_double = true;
    t.integer = false;
    t.dnumber = parsed->dvalue < 0 ? -parsed->dvalue : parsed->dvalue;
    t.overflow = parsed->overflow;
  }
  return t;
}

Token symbol(std::string s) {
  Token t;
  t.kind = TokenKind::kSymbol;
  t.text = std::move(s);
  return t;
}

// The C64's keywords in its ROM's table order (the tokeniser takes the first that
// matches: INPUT# before INPUT, GOTO before GO), each with what it means here. The
// operators + - * / ^ AND OR > = < are tokens in the ROM too; as symbols here.
constexpr std::array kC64Keywords = {
    KeywordSpelling{"END", Keyword::kEnd},
    KeywordSpelling{"FOR", Keyword::kFor},
    KeywordSpelling{"NEXT", Keyword::kNext},
    KeywordSpelling{"DATA", Keyword::kData},
    KeywordSpelling{"INPUT#", Keyword::kInputFile},
    KeywordSpelling{"INPUT", Keyword::kInput},
    KeywordSpelling{"DIM", Keyword::kDim},
    KeywordSpelling{"READ", Keyword::kRead},
    KeywordSpelling{"LET", Keyword::kLet},
    KeywordSpelling{"GOTO", Keyword::kGoto},
    KeywordSpelling{"RUN", Keyword::kRun},
    KeywordSpelling{"IF", Keyword::kIf},
    KeywordSpelling{"RESTORE", Keyword::kRestore},
    KeywordSpelling{"GOSUB", Keyword::kGosub},
    KeywordSpelling{"RETURN", Keyword::kReturn},
    KeywordSpelling{"REM", Keyword::kRem},
    KeywordSpelling{"STOP", Keyword::kStop},
    KeywordSpelling{"ON", Keyword::kOn},
    KeywordSpelling{"WAIT", Keyword::kWait},
    KeywordSpelling{"LOAD", Keyword::kLoad},
    KeywordSpelling{"SAVE", Keyword::kSave},
    KeywordSpelling{"VERIFY", Keyword::kVerify},
    KeywordSpelling{"DEF", Keyword::kDef},
    KeywordSpelling{"POKE", Keyword::kPoke},
    KeywordSpelling{"PRINT#", Keyword::kPrintFile},
    KeywordSpelling{"PRINT", Keyword::kPrint},
    KeywordSpelling{"CONT", Keyword::kCont},
    KeywordSpelling{"LIST", Keyword::kList},
    KeywordSpelling{"CLR", Keyword::kClear},
    KeywordSpelling{"CMD", Keyword::kCmd},
    KeywordSpelling{"SYS", Keyword::kSys},
    KeywordSpelling{"OPEN", Keyword::kOpen},
    KeywordSpelling{"CLOSE", Keyword::kClose},
    KeywordSpelling{"GET", Keyword::kGet},
    KeywordSpelling{"NEW", Keyword::kNew},
    KeywordSpelling{"TAB(", Keyword::kTab},
    KeywordSpelling{"TO", Keyword::kTo},
    KeywordSpelling{"FN", Keyword::kFn},
    KeywordSpelling{"SPC(", Keyword::kSpc},
    KeywordSpelling{"THEN", Keyword::kThen},
    KeywordSpelling{"NOT", Keyword::kNot},
    KeywordSpelling{"STEP", Keyword::kStep},
    KeywordSpelling{"AND", Keyword::kAnd},
    KeywordSpelling{"OR", Keyword::kOr},
    KeywordSpelling{"SGN", Keyword::kSgn},
    KeywordSpelling{"INT", Keyword::kInt},
    KeywordSpelling{"ABS", Keyword::kAbs},
    KeywordSpelling{"USR", Keyword::kUsr},
    KeywordSpelling{"FRE", Keyword::kFre},
    KeywordSpelling{"POS", Keyword::kPos},
    KeywordSpelling{"SQR", Keyword::kSqr},
    KeywordSpelling{"RND", Keyword::kRnd},
    KeywordSpelling{"LOG", Keyword::kLog},
    KeywordSpelling{"EXP", Keyword::kExp},
    KeywordSpelling{"COS", Keyword::kCos},
    KeywordSpelling{"SIN", Keyword::kSin},
    KeywordSpelling{"TAN", Keyword::kTan},
    KeywordSpelling{"ATN", Keyword::kAtn},
    KeywordSpelling{"PEEK", Keyword::kPeek},
    KeywordSpelling{"LEN", Keyword::kLen},
    KeywordSpelling{"STR$", Keyword::kStr},
    KeywordSpelling{"VAL", Keyword::kVal},
    KeywordSpelling{"ASC", Keyword::kAsc},
    KeywordSpelling{"CHR$", Keyword::kChr},
    KeywordSpelling{"LEFT$", Keyword::kLeft},
    KeywordSpelling{"RIGHT$", Keyword::kRight},
    KeywordSpelling{"MID$", Keyword::kMid},
    KeywordSpelling{"GO", Keyword::kGo},
};

const KeywordSpelling* c64_keyword_spelling_at(std::string_view line, std::size_t i) {
  for (const auto& k : kC64Keywords) {
    if (line.size() - i < k.text.size()) continue;
    bool same = true;
    for (std::size_t n = 0; n < k.text.size() && same; ++n) same = upper(line[i + n]) == k.text[n];
    if (same) return &k;
  }
  return nullptr;
}

}  // namespace

void read_digits(std::string_view text, std::size_t& i, std::string& digits, bool& spaced) {
  while (true) {
    std::size_t k = i;
    if (!blanks_before(text, k, is_digit)) return;
    spaced = spaced || k != i;
    digits += text[k];
    i = k + 1;
  }
}

DecimalConstant read_decimal(std::string_view text, std::size_t& i, bool spaced_tail) {
  DecimalConstant n;
  read_digits(text, i, n.whole, n.spaced);
  if (blanks_before(text, i, [](char c) { return c == '.'; })) {
    n.point = true;
    ++i;
    read_digits(text, i, n.fraction, n.spaced);
  }
  auto tail = [&](std::size_t& k, auto wanted) {
    return spaced_tail ? blanks_before(text, k, wanted) : k < text.size() && wanted(text[k]);
  };
  std::size_t k = i;
  if (tail(k, [](char) { return true; }) && exponent_letter_at(text, k)) {
    n.exponent_letter = upper(text[k]);
    i = k + 1;
    n.exponent = read_exponent(text, i, n.spaced);
  }
  std::string_view suffixes = n.exponent_letter ? "%" : "!#%";
  auto single_or_double = [](char c) { return c == '!' || c == '#'; };
  if (i < text.size() && suffixes.find(text[i]) != std::string_view::npos) {
    n.suffix = text[i++];
  } else if (!n.exponent_letter && tail(i, single_or_double)) {
    n.suffix = text[i++];
  } else if (spaced_tail) {
    blanks_before(text, i, [](char c) { return c == '!' || c == '#' || c == '%'; });
  }
  return n;
}

std::string_view c64_keyword_at(std::string_view line, std::size_t i) {
  const KeywordSpelling* k = i < line.size() ? c64_keyword_spelling_at(line, i) : nullptr;
  return k ? k->text : std::string_view();
}

std::string_view keyword_name(Keyword k) {
  for (const auto& s : kKeywords) {
    if (s.keyword == k) return s.text;
  }
  for (const auto& s : kC64Keywords) {
    if (s.keyword == k) return s.text;
  }
  return "?";
}

namespace {

// One line being scanned: the text, the place reached, the tokens so far. Each scan_*
// reads one token (or two: a keyword and its REM or DATA text) from text[i].
struct LineScanner {
  std::string_view text;
  std::size_t i = 0;
  std::vector<Token> out;

  // The rest of the line as one token (after REM or ').
  void rest(std::size_t from) {
    Token t;
    t.kind = TokenKind::kRest;
    t.text = std::string(text.substr(from));
    out.push_back(std::move(t));
    i = text.size();
  }

  void keyword(Keyword k, std::string_view spelling) {
    Token t;
    t.kind = TokenKind::kKeyword;
    t.keyword = k;
    t.text = std::string(spelling);
    out.push_back(std::move(t));
  }

  void scan_string() {
    std::size_t end = text.find('"', i + 1);
    Token t;
    t.kind = TokenKind::kString;
    if (end == std::string_view::npos) {  // an unclosed string runs to the end of line
      t.text = std::string(text.substr(i + 1));
      i = text.size();
    } else {
      t.text = std::string(text.substr(i + 1, end - i - 1));
      i = end + 1;
    }
    out.push_back(std::move(t));
  }

  // Whether the text at `at` spells `spelling` (letters in either case).
  bool spelled_at(std::size_t at, std::string_view spelling) const {
    return spelled_length(at, spelling) == spelling.size();
  }
  // How many characters of the text at `at` spell `spelling`, a `~` in it standing for two
  // blanks or more (`GO    TO`); npos when they do not.
  std::size_t spelled_length(std::size_t at, std::string_view spelling) const {
    std::size_t k = at;
    for (char c : spelling) {
      if (c == '~') {
        std::size_t from = k;
        while (k < text.size() && text[k] == ' ') ++k;
        if (k - from < 2) return std::string_view::npos;
        continue;
      }
      if (k >= text.size() || upper(text[k]) != c) return std::string_view::npos;
      ++k;
    }
    return k - at;
  }

  // A keyword or a name, from a letter. The keyword is the longest spelling (kKeywords,
  // kGoSpellings) the text starts with here that meets its end rule: most must not be
  // followed by a name character, so TOTAL and PRINTI are names; FN, SPC(, TAB(, USR and
  // GO SUB count wherever they end. No keyword: a name, the run of name characters; a
  // keyword ending in '$' that a name character follows stays inside it (LEFT$X).
  void scan_word() {
    std::size_t best = 0;
    Keyword found = Keyword::kNone;
    auto consider = [&](std::string_view spelling, Keyword k, bool at_once) {
      std::size_t length = spelled_length(i, spelling);
      if (length == std::string_view::npos || length <= best) return;
      const std::size_t end = i + length;
      if (!at_once && end < text.size() && is_name_char(text[end])) return;
      best = length;
      found = k;
    };
    for (const auto& k : kKeywords) {
      consider(k.text, k.keyword,
               std::find(kAtOnce.begin(), kAtOnce.end(), k.keyword) != kAtOnce.end());
    }
    for (const auto& g : kGoSpellings) consider(g.text, g.keyword, g.at_once);
    if (found != Keyword::kNone) {
      keyword(found, keyword_name(found));
      i += best;
      if (found == Keyword::kRem) rest(i);
      if (found == Keyword::kData) scan_data();
      return;
    }
    std::size_t end = i;
    auto spells_keyword = [&](std::size_t to) {
      return std::any_of(kKeywords.begin(), kKeywords.end(), [&](const KeywordSpelling& k) {
        return k.text.size() == to - i && spelled_at(i, k.text);
      });
    };
    while (end < text.size() && (is_name_char(text[end]) || spells_keyword(end + 1))) ++end;
    Token t;
    t.kind = TokenKind::kName;
    for (std::size_t n = i; n < end; ++n) t.text += upper(text[n]);
    out.push_back(std::move(t));
    i = end;
  }

  // DATA keeps its text up to a ':' outside quotes.
  void scan_data() {
    std::size_t k = i;
    bool quoted = false;
    while (k < text.size() && (quoted || text[k] != ':')) {
      if (text[k] == '"') quoted = !quoted;
      ++k;
    }
    Token d;
    d.kind = TokenKind::kRest;
    d.text = std::string(text.substr(i, k - i));
    out.push_back(std::move(d));
    i = k;
  }

  // &H and &O constants (read_radix).
  void scan_radix() {
    std::size_t j = i;
    const long v = static_cast<long>(read_radix(text, j).value);
    Token t;
    t.kind = TokenKind::kNumber;
    t.text = std::string(text.substr(i, j - i));
    t.integer = true;
    t.overflow = v > 0xFFFF;  // no digits (`&H` alone) is 0 (PC-BASIC)
    t.number = static_cast<Single>(v >= 0x8000 ? v - 0x10000 : v);
    out.push_back(std::move(t));
    i = j;
  }

  // A symbol ("<=" also written "=<", blanks between the two too: `1> =1` is -1 on both
  // machines, programs/relation_blanks; [ ] as ( )), or a character BASIC has no use for.
  void scan_symbol() {
    char c = text[i];
    std::size_t j = i + 1;
    while (j < text.size() && text[j] == ' ') ++j;
    if ((c == '<' || c == '>' || c == '=') && j < text.size()) {
      std::string two{c, text[j]};
      for (std::string_view pair : {"<=", "=<", ">=", "=>", "<>", "><"}) {
        if (two != pair) continue;
        out.push_back(symbol(two == "=<" ? "<=" : two == "=>" ? ">=" : two == "><" ? "<>" : two));
        i = j + 1;
        return;
      }
    }
    if (std::string_view("+-*/^\\=<>(),;:$%!#[]").find(c) != std::string_view::npos) {
      char s = c == '[' ? '(' : c == ']' ? ')' : c;
      out.push_back(symbol(std::string(1, s)));
    } else {
      Token t;
      t.kind = TokenKind::kOther;
      t.text = std::string(1, c);
      out.push_back(std::move(t));
    }
    ++i;
  }

  // ---- the C64's tokeniser (Dialect::kC64) ----------------------------------------------

  // A name: a letter, then letters and digits up to the next keyword, spaces between
  // them skipped; the C64 knows it by its first two characters.
  void scan_c64_name() {
    std::string name;
    std::size_t j = i;
    while (true) {
      name += upper(text[j]);
      ++j;
      std::size_t k = j;
      while (k < text.size() && text[k] == ' ') ++k;
      if (k >= text.size() || !std::isalnum(static_cast<unsigned char>(text[k])) ||
          c64_keyword_spelling_at(text, k) != nullptr)
        break;
      j = k;
    }
    Token t;
    t.kind = TokenKind::kName;
    t.text = name.substr(0, 2);
    out.push_back(std::move(t));
    i = j;
  }

  // A number as the C64's FIN reads it: digits and one point (spaces between skipped; a
  // second point starts the next number: `1.2.3` is 1.2 and .3, c64_programs/
  // literal_two_points), an E exponent with its sign; no D, no type character.
  void scan_c64_number() {
    std::size_t j = i;
    bool point = false;
    auto skip_digits = [&] {
      while (j < text.size()) {
        std::size_t k = j;
        while (k < text.size() && text[k] == ' ') ++k;
        if (k < text.size() &&
            (std::isdigit(static_cast<unsigned char>(text[k])) || (text[k] == '.' && !point))) {
          point = point || text[k] == '.';
          j = k + 1;
        } else {
          break;
        }
      }
    };
    skip_digits();
    std::size_t k = j;
    while (k < text.size() && text[k] == ' ') ++k;
    // An E that starts a keyword (EXP, END) is that keyword: the tokeniser crunched it
    // before FIN reads the number (`5EXP(1)` is 5 and EXP(1); c64_programs/literal_exp).
    if (k < text.size() && upper(text[k]) == 'E' && c64_keyword_spelling_at(text, k) == nullptr) {
      j = k + 1;
      while (j < text.size() && text[j] == ' ') ++j;
      if (j < text.size() && (text[j] == '+' || text[j] == '-')) ++j;
      while (j < text.size() &&
             (std::isdigit(static_cast<unsigned char>(text[j])) || text[j] == ' '))
        ++j;
      while (j > i && text[j - 1] == ' ') --j;
    }
    std::string digits;
    for (char c : text.substr(i, j - i))
      if (c != ' ') digits += upper(c);
    std::size_t at = 0;
    Token t = scan_number(digits, at);
    i = j;
    out.push_back(std::move(t));
  }

  void scan_c64_token() {
    char c = text[i];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      ++i;
    } else if (c == '"') {
      scan_string();
    } else if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') {
      scan_c64_number();
    } else if (c == '?') {
      keyword(Keyword::kPrint, "PRINT");
      ++i;
    } else if (c == kC64Pi) {
      // The pi character (the screen editor gives the pi key as 255, $E67C): the ROM's
      // constant, a number (parse_number reads it from its 5 bytes).
      Token t;
      t.kind = TokenKind::kNumber;
      t.text = std::string(1, c);
      t.number = 3.14159265f;
      out.push_back(std::move(t));
      ++i;
    } else if (const KeywordSpelling* k = c64_keyword_spelling_at(text, i)) {
      i += k->text.size();
      // GO TO: the C64 reads GO followed by TO as GOTO.
      if (k->keyword == Keyword::kTo && !out.empty() && out.back().is(Keyword::kGo)) {
        out.back().keyword = Keyword::kGoto;
        out.back().text = "GOTO";
        return;
      }
      keyword(k->keyword, k->text);
      if (k->keyword == Keyword::kRem) rest(i);
      if (k->keyword == Keyword::kData) scan_data();
    } else if (is_letter(c)) {
      scan_c64_name();
    } else if (c == '$' || c == '%' ||
               std::string_view("+-*/^=<>(),;:").find(c) != std::string_view::npos) {
      scan_symbol();
    } else {
      Token t;
      t.kind = TokenKind::kOther;
      t.text = std::string(1, c);
      out.push_back(std::move(t));
      ++i;
    }
  }

  // Whether a number here is a line number: after GOTO, GOSUB, THEN, ELSE, RESTORE,
  // RESUME or RETURN and the commas of their lists. GW-BASIC's tokeniser stores it as a
  // line number, which ends before it passes 65529 (scan_number; PC-BASIC: GOTO 9100 2
  // jumps to 9100, RESTORE 9000 2 and ON KEY(1) GOSUB 9100 2 are Syntax errors).
  bool line_number_here() const {
    static constexpr Keyword kLineKeywords[] = {
        Keyword::kGoto,    Keyword::kGosub,  Keyword::kThen,  Keyword::kElse,
        Keyword::kRestore, Keyword::kResume, Keyword::kReturn};
    for (auto it = out.rbegin(); it != out.rend(); ++it) {
      if (it->kind == TokenKind::kKeyword)
        return std::find(std::begin(kLineKeywords), std::end(kLineKeywords), it->keyword) !=
               std::end(kLineKeywords);
      if (it->kind != TokenKind::kNumber && !it->is(",")) return false;
    }
    return false;
  }

  void scan_token() {
    char c = text[i];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      ++i;
    } else if (c == '"') {
      scan_string();
    } else if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') {
      out.push_back(scan_number(text, i, line_number_here()));
    } else if (c == '\'') {
      keyword(Keyword::kRem, "'");
      rest(i + 1);
    } else if (c == '?') {
      keyword(Keyword::kPrint, "PRINT");
      ++i;
    } else if (is_letter(c)) {
      scan_word();
    } else if (c == '&') {
      scan_radix();
    } else {
      scan_symbol();
    }
  }
};

}  // namespace

RadixConstant read_radix(std::string_view text, std::size_t& i) {
  RadixConstant r;
  ++i;  // the &
  r.hex = i < text.size() && upper(text[i]) == 'H';
  if (i < text.size() && (r.hex || upper(text[i]) == 'O')) ++i;
  for (; i < text.size(); ++i) {
    const char c = upper(text[i]);
    if (!r.hex && is_blank(c)) continue;
    const bool digit =
        r.hex ? std::isxdigit(static_cast<unsigned char>(c)) != 0 : c >= '0' && c <= '7';
    if (!digit) break;
    r.value = std::min(r.value * (r.hex ? 16 : 8) +
                           static_cast<unsigned long>(is_digit(c) ? c - '0' : c - 'A' + 10),
                       0x10000UL);
  }
  return r;
}

std::vector<Token> scan_line(std::string_view text, Dialect dialect) {
  LineScanner scanner;
  scanner.text = text;
  while (scanner.i < text.size()) {
    const std::size_t start = scanner.i, made = scanner.out.size();
    if (dialect == Dialect::kC64)
      scanner.scan_c64_token();
    else
      scanner.scan_token();
    for (std::size_t k = made; k < scanner.out.size(); ++k) {
      scanner.out[k].at = start;
      scanner.out[k].end = scanner.i;
    }
  }
  Token end;
  end.at = end.end = text.size();
  scanner.out.push_back(std::move(end));
  return std::move(scanner.out);
}

}  // namespace amazing::basic
