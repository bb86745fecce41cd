// string.find, string.match, string.gmatch and string.gsub for the sandbox: Lua 5.4's
// pattern language (reference manual §6.4.1) and the four functions' rules (§6.4),
// written here from the manual and held to the stock library's results and messages by
// tests/lua/patterns_diff_test.cpp. Lua's own matcher backtracks in C, where the count
// hook never fires, so ("a"):rep(40):find(("a*"):rep(30) .. "b") runs for hours in one
// call; this one charges every step it takes to the script's budget.
//
// Design. A pattern is first translated into a program: one Step per pattern item (a
// character test with its repetition, a capture mark, %b, %f, a back reference, the end
// anchor), with a 256-bit table for each set. Lua reports a malformed pattern only when
// matching gets to the bad item, so a bad item becomes a Step that raises the stock
// message when it is run. The program runs in a loop (no recursion) with an explicit
// stack of choice points, one per repetition that can still give or take a character.
// Captures need no undoing: every path to a step has passed the same capture marks, so
// a retried path rewrites what a failed one left. The run keeps the nesting count Lua
// keeps (a capture mark, or a repetition that matched, nests what follows; 200 levels at
// most), so "pattern too complex" comes exactly where the stock library raises it, and
// the choice stack never holds more than 200 entries.
//
// Lua errors unwind with longjmp: nothing here has a destructor. A short pattern's
// program lives in the matcher on the C stack, a long one (and gmatch's) in a userdata.

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "lua/host.hpp"

namespace amazing::lua {

namespace {

constexpr int kMaxCaptures = 32;          // Lua's LUA_MAXCAPTURES
constexpr int kMaxNesting = 200;          // Lua's limit on nested pattern items
constexpr uint64_t kChargeBatch = 4096;   // steps gathered before charging them
constexpr std::ptrdiff_t kUnclosed = -1;  // Capture::length of an open capture
constexpr std::ptrdiff_t kPosition = -2;  // Capture::length of a position capture ()
constexpr std::size_t kStop = SIZE_MAX;   // a parse function met a malformed item
constexpr uint32_t kInlineSteps = 48;
constexpr uint32_t kInlineSets = 4;

// ---- the program ----------------------------------------------------------------------

enum class Op : uint8_t {
  kChar,      // one byte: a
  kAny,       // '.'
  kClass,     // %a, %D, ...: class letter a
  kSet,       // [...]: sets[set]
  kBalance,   // %bxy: a = x, b = y
  kFrontier,  // %f[...]: sets[set]
  kBackref,   // %1-%9: capture a
  kOpen,      // '(': capture a
  kPosition,  // '()': capture a
  kClose,     // ')': capture a
  kAtEnd,     // a final '$'
  kDone,      // the pattern's end
  kFault,     // a malformed item: Fault a (b: the digit of a bad capture index)
};

enum class Rep : uint8_t { kOnce, kStar, kPlus, kLazy, kOptional };

enum class Fault : uint8_t {
  kEndsWithPercent,
  kMissingBracket,
  kFrontierBracket,
  kBalanceArgs,
  kCaptureIndex,
  kNoOpenCapture,
  kTooManyCaptures,
};

struct Step {
  Op op = Op::kDone;
  Rep rep = Rep::kOnce;
  uint8_t a = 0;
  uint8_t b = 0;
  uint32_t set = 0;
};

struct CharSet {
  uint64_t bits[4];
  void clear() { bits[0] = bits[1] = bits[2] = bits[3] = 0; }
  void add(unsigned c) { bits[c >> 6] |= uint64_t{1} << (c & 63); }
  bool has(unsigned c) const { return (bits[c >> 6] >> (c & 63)) & 1; }
  void invert() {
    for (uint64_t& word : bits) word = ~word;
  }
};

struct Program {
  const Step* steps = nullptr;
  const CharSet* sets = nullptr;
  int captures = 0;  // capture marks in the program (the capture count of a match)
};

// What gmatch's iterator keeps between calls, followed in its userdata by the program.
struct GmatchState {
  Program program;
  std::size_t next;      // where the next search starts
  std::size_t last_end;  // where the last match ended
  bool matched;          // last_end is set
};

// ---- character classes -----------------------------------------------------------------

// Whether byte c is in class %letter: <ctype.h> in the running locale ("C" here, as for
// Lua); an upper-case letter is the complement; any other letter stands for itself.
bool in_class(unsigned char letter, unsigned char c) {
  bool in;
  switch (std::tolower(letter)) {
    case 'a':
      in = std::isalpha(c);
      break;
    case 'c':
      in = std::iscntrl(c);
      break;
    case 'd':
      in = std::isdigit(c);
      break;
    case 'g':
      in = std::isgraph(c);
      break;
    case 'l':
      in = std::islower(c);
      break;
    case 'p':
      in = std::ispunct(c);
      break;
    case 's':
      in = std::isspace(c);
      break;
    case 'u':
      in = std::isupper(c);
      break;
    case 'w':
      in = std::isalnum(c);
      break;
    case 'x':
      in = std::isxdigit(c);
      break;
    case 'z':  // the zero byte: deprecated, still in 5.4
      in = c == 0;
      break;
    default:
      return letter == c;
  }
  return std::isupper(letter) ? !in : in;
}

bool is_class_letter(unsigned char letter) {
  return std::strchr("acdglpsuwxz", std::tolower(letter)) != nullptr && letter != 0;
}

// ---- translation ------------------------------------------------------------------------

// Builds a program; with null arrays it only counts steps and sets (the first pass).
struct Builder {
  const unsigned char* pat;
  std::size_t len;
  Step* steps = nullptr;
  CharSet* sets = nullptr;
  uint32_t step_count = 0;
  uint32_t set_count = 0;
  int captures = 0;
  int open[kMaxCaptures] = {};  // unclosed captures, innermost last
  int open_count = 0;
  uint64_t work = 0;  // steps of work done translating
};

void emit(Builder& b, Step step) {
  if (b.steps != nullptr) b.steps[b.step_count] = step;
  ++b.step_count;
}

std::size_t emit_fault(Builder& b, Fault fault, unsigned char digit = 0) {
  Step step;
  step.op = Op::kFault;
  step.a = static_cast<uint8_t>(fault);
  step.b = digit;
  emit(b, step);
  return kStop;
}

// The index just past the ']' closing the set whose '[' is at `open`, or 0 if none does.
// The set's first character (after a '^') never closes it, and '%' takes the next one.
std::size_t set_close(const Builder& b, std::size_t open) {
  std::size_t i = open + 1;
  if (i < b.len && b.pat[i] == '^') ++i;
  bool first = true;
  while (i < b.len) {
    if (b.pat[i] == ']' && !first) return i + 1;
    first = false;
    i += (b.pat[i] == '%' && i + 1 < b.len) ? 2 : 1;
  }
  return 0;
}

void add_class(CharSet& set, unsigned char letter) {
  for (unsigned c = 0; c < 256; ++c)
    if (in_class(letter, static_cast<unsigned char>(c))) set.add(c);
}

// Fills `set` from the items between `open` ('[') and `close` (its ']'): %x classes or
// escapes, x-y ranges (byte values), single bytes; a leading '^' complements.
void fill_set(Builder& b, CharSet& set, std::size_t open, std::size_t close) {
  const unsigned char* p = b.pat;
  std::size_t i = open + 1;
  bool complement = p[i] == '^';
  if (complement) ++i;
  set.clear();
  while (i < close) {
    if (p[i] == '%') {
      add_class(set, p[i + 1]);
      b.work += 32;
      i += 2;
    } else if (i + 2 < close && p[i + 1] == '-') {
      for (unsigned c = p[i]; c <= p[i + 2]; ++c) set.add(c);
      i += 3;
    } else {
      set.add(p[i]);
      i += 1;
    }
  }
  if (complement) set.invert();
}

uint32_t add_set(Builder& b, std::size_t open, std::size_t close) {
  if (b.sets != nullptr) fill_set(b, b.sets[b.set_count], open, close);
  return b.set_count++;
}

std::size_t parse_open(Builder& b, std::size_t i) {
  if (b.captures == kMaxCaptures) return emit_fault(b, Fault::kTooManyCaptures);
  Step step;
  step.a = static_cast<uint8_t>(b.captures++);
  if (i + 1 < b.len && b.pat[i + 1] == ')') {
    step.op = Op::kPosition;
    emit(b, step);
    return i + 2;
  }
  step.op = Op::kOpen;
  b.open[b.open_count++] = step.a;
  emit(b, step);
  return i + 1;
}

std::size_t parse_close(Builder& b, std::size_t i) {
  if (b.open_count == 0) return emit_fault(b, Fault::kNoOpenCapture);
  Step step;
  step.op = Op::kClose;
  step.a = static_cast<uint8_t>(b.open[--b.open_count]);
  emit(b, step);
  return i + 1;
}

// %bxy: i is at the '%'.
std::size_t parse_balance(Builder& b, std::size_t i) {
  if (i + 3 >= b.len) return emit_fault(b, Fault::kBalanceArgs);
  Step step;
  step.op = Op::kBalance;
  step.a = b.pat[i + 2];
  step.b = b.pat[i + 3];
  emit(b, step);
  return i + 4;
}

// %f[set]: i is at the '%'.
std::size_t parse_frontier(Builder& b, std::size_t i) {
  if (i + 2 >= b.len || b.pat[i + 2] != '[') return emit_fault(b, Fault::kFrontierBracket);
  std::size_t close = set_close(b, i + 2);
  if (close == 0) return emit_fault(b, Fault::kMissingBracket);
  Step step;
  step.op = Op::kFrontier;
  step.set = add_set(b, i + 2, close - 1);
  emit(b, step);
  return close;
}

bool capture_is_open(const Builder& b, int capture) {
  for (int k = 0; k < b.open_count; ++k)
    if (b.open[k] == capture) return true;
  return false;
}

// %0-%9: i is at the '%'. Only a closed capture can be referred to.
std::size_t parse_backref(Builder& b, std::size_t i) {
  unsigned char digit = b.pat[i + 1];
  int capture = digit - '1';
  if (capture < 0 || capture >= b.captures || capture_is_open(b, capture))
    return emit_fault(b, Fault::kCaptureIndex, digit);
  Step step;
  step.op = Op::kBackref;
  step.a = static_cast<uint8_t>(capture);
  emit(b, step);
  return i + 2;
}

Rep repetition(unsigned char c) {
  switch (c) {
    case '*':
      return Rep::kStar;
    case '+':
      return Rep::kPlus;
    case '-':
      return Rep::kLazy;
    case '?':
      return Rep::kOptional;
    default:
      return Rep::kOnce;
  }
}

// One character test (a byte, '.', %x, [set]) and the repetition after it.
std::size_t parse_single(Builder& b, std::size_t i) {
  Step step;
  std::size_t next = i + 1;
  unsigned char c = b.pat[i];
  if (c == '.') {
    step.op = Op::kAny;
  } else if (c == '%') {
    if (i + 1 >= b.len) return emit_fault(b, Fault::kEndsWithPercent);
    step.a = b.pat[i + 1];
    step.op = is_class_letter(step.a) ? Op::kClass : Op::kChar;
    next = i + 2;
  } else if (c == '[') {
    next = set_close(b, i);
    if (next == 0) return emit_fault(b, Fault::kMissingBracket);
    step.op = Op::kSet;
    step.set = add_set(b, i, next - 1);
  } else {
    step.op = Op::kChar;
    step.a = c;
  }
  if (next < b.len) {
    step.rep = repetition(b.pat[next]);
    if (step.rep != Rep::kOnce) ++next;
  }
  emit(b, step);
  return next;
}

// Translates the whole pattern (its '^' anchor already taken off).
void translate(Builder& b) {
  std::size_t i = 0;
  while (i < b.len) {
    unsigned char c = b.pat[i];
    unsigned char after = i + 1 < b.len ? b.pat[i + 1] : 0;
    b.work += 1;
    if (c == '(') {
      i = parse_open(b, i);
    } else if (c == ')') {
      i = parse_close(b, i);
    } else if (c == '$' && i + 1 == b.len) {
      Step step;
      step.op = Op::kAtEnd;
      emit(b, step);
      return;
    } else if (c == '%' && after == 'b') {
      i = parse_balance(b, i);
    } else if (c == '%' && after == 'f') {
      i = parse_frontier(b, i);
    } else if (c == '%' && after >= '0' && after <= '9') {
      i = parse_backref(b, i);
    } else {
      i = parse_single(b, i);
    }
    if (i == kStop) return;
  }
  emit(b, Step{});
}

// ---- the matcher -------------------------------------------------------------------------

struct Capture {
  std::size_t start;
  std::ptrdiff_t length;  // or kUnclosed, kPosition
};

// A point to come back to: the repetition of step `pc` that began at `pos`.
// kStar/kPlus: `count` more characters than the path now tried were taken; kLazy: the
// path took characters up to `pos`; kOptional: the path took the one character at pos.
struct Choice {
  std::size_t pos;
  std::size_t count;
  uint32_t pc;
  uint16_t depth;  // nesting of the repetition itself
  Rep rep;
};

// Where a path is: subject position, step, nesting (1 at the start, as in Lua).
struct Thread {
  std::size_t pos;
  uint32_t pc;
  int depth;
};

enum class Next { kGo, kFail, kMatched };

struct Matcher {
  lua_State* L;
  const unsigned char* subject;
  std::size_t length;
  Program program;
  uint64_t unpaid;
  int choice_count;
  Capture capture[kMaxCaptures];
  Choice choice[kMaxNesting + 1];
  Step inline_steps[kInlineSteps];
  CharSet inline_sets[kInlineSets];
};

void pay(Matcher& m) {
  uint64_t steps = m.unpaid;
  m.unpaid = 0;
  charge(m.L, steps);
}

inline void spend(Matcher& m, uint64_t steps) {
  m.unpaid += steps;
  if (m.unpaid >= kChargeBatch) pay(m);
}

[[noreturn]] void raise_fault(Matcher& m, const Step& step) {
  switch (static_cast<Fault>(step.a)) {
    case Fault::kEndsWithPercent:
      luaL_error(m.L, "malformed pattern (ends with '%%')");
      break;
    case Fault::kMissingBracket:
      luaL_error(m.L, "malformed pattern (missing ']')");
      break;
    case Fault::kFrontierBracket:
      luaL_error(m.L, "missing '[' after '%%f' in pattern");
      break;
    case Fault::kBalanceArgs:
      luaL_error(m.L, "malformed pattern (missing arguments to '%%b')");
      break;
    case Fault::kCaptureIndex:
      luaL_error(m.L, "invalid capture index %%%d", step.b - '0');
      break;
    case Fault::kNoOpenCapture:
      luaL_error(m.L, "invalid pattern capture");
      break;
    case Fault::kTooManyCaptures:
      luaL_error(m.L, "too many captures");
      break;
  }
  __builtin_unreachable();
}

// What follows a capture mark or a matched repetition is one level deeper.
void nest(Matcher& m, Thread& t) {
  if (t.depth >= kMaxNesting) luaL_error(m.L, "pattern too complex");
  ++t.depth;
}

bool accepts(const Matcher& m, const Step& step, std::size_t pos) {
  if (pos >= m.length) return false;
  unsigned char c = m.subject[pos];
  switch (step.op) {
    case Op::kChar:
      return c == step.a;
    case Op::kAny:
      return true;
    case Op::kClass:
      return in_class(step.a, c);
    default:
      return m.program.sets[step.set].has(c);
  }
}

void push_choice(Matcher& m, const Thread& t, Rep rep, std::size_t pos, std::size_t count) {
  m.choice[m.choice_count++] = Choice{pos, count, t.pc, static_cast<uint16_t>(t.depth), rep};
}

Next repeat(Matcher& m, const Step& step, Thread& t) {
  bool hit = accepts(m, step, t.pos);
  switch (step.rep) {
    case Rep::kOnce:
      if (!hit) return Next::kFail;
      ++t.pos;
      break;
    case Rep::kOptional:
      if (hit) {
        push_choice(m, t, Rep::kOptional, t.pos, 0);
        nest(m, t);
        ++t.pos;
      }
      break;
    case Rep::kLazy:
      if (hit) {
        push_choice(m, t, Rep::kLazy, t.pos, 0);
        nest(m, t);
      }
      break;
    case Rep::kStar:
    case Rep::kPlus: {
      if (!hit) {
        if (step.rep == Rep::kPlus) return Next::kFail;
        break;
      }
      std::size_t from = t.pos + (step.rep == Rep::kPlus ? 1 : 0);
      std::size_t count = 0;
      while (accepts(m, step, from + count)) ++count;
      spend(m, count);
      push_choice(m, t, Rep::kStar, from, count);
      nest(m, t);
      t.pos = from + count;
      break;
    }
  }
  ++t.pc;
  return Next::kGo;
}

Next balance(Matcher& m, const Step& step, Thread& t) {
  if (t.pos >= m.length || m.subject[t.pos] != step.a) return Next::kFail;
  std::size_t open = 1;
  for (std::size_t i = t.pos + 1; i < m.length; ++i) {
    unsigned char c = m.subject[i];
    if (c == step.b) {
      if (--open == 0) {
        spend(m, i - t.pos);
        t.pos = i + 1;
        ++t.pc;
        return Next::kGo;
      }
    } else if (c == step.a) {
      ++open;
    }
  }
  spend(m, m.length - t.pos);
  return Next::kFail;
}

// The byte before and at pos (0 off either end of the subject): outside, then inside.
Next frontier(Matcher& m, const Step& step, Thread& t) {
  unsigned char before = t.pos == 0 ? 0 : m.subject[t.pos - 1];
  unsigned char here = t.pos < m.length ? m.subject[t.pos] : 0;
  const CharSet& set = m.program.sets[step.set];
  if (set.has(before) || !set.has(here)) return Next::kFail;
  ++t.pc;
  return Next::kGo;
}

// A back reference to a position capture never matches (as in Lua).
Next backref(Matcher& m, const Step& step, Thread& t) {
  const Capture& cap = m.capture[step.a];
  if (cap.length < 0) return Next::kFail;
  auto n = static_cast<std::size_t>(cap.length);
  if (m.length - t.pos < n || std::memcmp(m.subject + cap.start, m.subject + t.pos, n) != 0)
    return Next::kFail;
  spend(m, n);
  t.pos += n;
  ++t.pc;
  return Next::kGo;
}

// Past a capture mark: what follows is one level deeper.
Next enter(Matcher& m, Thread& t) {
  nest(m, t);
  ++t.pc;
  return Next::kGo;
}

Next advance(Matcher& m, Thread& t) {
  const Step& step = m.program.steps[t.pc];
  switch (step.op) {
    case Op::kDone:
      return Next::kMatched;
    case Op::kAtEnd:
      return t.pos == m.length ? Next::kMatched : Next::kFail;
    case Op::kFault:
      raise_fault(m, step);
    case Op::kOpen:
      m.capture[step.a] = Capture{t.pos, kUnclosed};
      return enter(m, t);
    case Op::kPosition:
      m.capture[step.a] = Capture{t.pos, kPosition};
      return enter(m, t);
    case Op::kClose:
      m.capture[step.a].length = static_cast<std::ptrdiff_t>(t.pos - m.capture[step.a].start);
      return enter(m, t);
    case Op::kBalance:
      return balance(m, step, t);
    case Op::kFrontier:
      return frontier(m, step, t);
    case Op::kBackref:
      return backref(m, step, t);
    default:
      return repeat(m, step, t);
  }
}

// Takes the most recent choice that is not used up; false when none is left.
bool backtrack(Matcher& m, Thread& t) {
  while (m.choice_count > 0) {
    Choice& c = m.choice[m.choice_count - 1];
    spend(m, 1);
    if (c.rep == Rep::kOptional) {
      t = Thread{c.pos, c.pc + 1, c.depth};
      --m.choice_count;
      return true;
    }
    if (c.rep == Rep::kStar && c.count > 0) {
      --c.count;
      t = Thread{c.pos + c.count, c.pc + 1, c.depth + 1};
      return true;
    }
    if (c.rep == Rep::kLazy && accepts(m, m.program.steps[c.pc], c.pos)) {
      ++c.pos;
      t = Thread{c.pos, c.pc + 1, c.depth + 1};
      return true;
    }
    --m.choice_count;
  }
  return false;
}

// Whether the program matches the subject from `start`; *end is where the match ends.
bool attempt(Matcher& m, std::size_t start, std::size_t* end) {
  m.choice_count = 0;
  Thread t{start, 0, 1};
  for (;;) {
    spend(m, 1);
    Next next = advance(m, t);
    if (next == Next::kMatched) {
      *end = t.pos;
      return true;
    }
    if (next == Next::kFail && !backtrack(m, t)) return false;
  }
}

// ---- setting up ------------------------------------------------------------------------

std::size_t program_bytes(const Builder& b) {
  return b.set_count * sizeof(CharSet) + b.step_count * sizeof(Step);
}

// Translates pattern p into m.program. A program too long for the matcher's own arrays,
// or any with `header` > 0, goes into a new userdata (pushed) after `header` bytes;
// returns that userdata's start, or null when nothing was pushed.
void* compile(lua_State* L, Matcher& m, const char* p, std::size_t len, std::size_t header) {
  Builder count{reinterpret_cast<const unsigned char*>(p), len};
  translate(count);
  Builder b{count.pat, len};
  void* block = nullptr;
  if (header == 0 && count.step_count <= kInlineSteps && count.set_count <= kInlineSets) {
    b.steps = m.inline_steps;
    b.sets = m.inline_sets;
  } else {
    block = lua_newuserdatauv(L, header + program_bytes(count), 0);
    b.sets = reinterpret_cast<CharSet*>(static_cast<char*>(block) + header);
    b.steps = reinterpret_cast<Step*>(b.sets + count.set_count);
  }
  translate(b);
  m.program = Program{b.steps, b.sets, b.captures};
  m.unpaid += count.work + b.work;
  return block;
}

void bind(Matcher& m, lua_State* L, const char* s, std::size_t len) {
  m.L = L;
  m.subject = reinterpret_cast<const unsigned char*>(s);
  m.length = len;
}

// Lua's reading of a 1-based start position (negative counts from the end).
std::size_t start_index(lua_Integer pos, std::size_t len) {
  if (pos > 0) return static_cast<std::size_t>(pos);
  if (pos == 0 || pos < -static_cast<lua_Integer>(len)) return 1;
  return len + static_cast<std::size_t>(pos) + 1;
}

bool has_specials(const char* p, std::size_t len) {
  for (std::size_t i = 0; i < len; ++i)
    if (p[i] != '\0' && std::strchr("^$*+?.([%-", p[i]) != nullptr) return true;
  return false;
}

// ---- results ---------------------------------------------------------------------------

// Capture i of the match [s, e); with no captures in the pattern, capture 0 is the match.
void push_capture(const Matcher& m, int i, std::size_t s, std::size_t e) {
  lua_State* L = m.L;
  const char* subject = reinterpret_cast<const char*>(m.subject);
  if (i >= m.program.captures) {
    if (i != 0) luaL_error(L, "invalid capture index %%%d", i + 1);
    lua_pushlstring(L, subject + s, e - s);
    return;
  }
  const Capture& cap = m.capture[i];
  if (cap.length == kUnclosed) luaL_error(L, "unfinished capture");
  if (cap.length == kPosition)
    lua_pushinteger(L, static_cast<lua_Integer>(cap.start) + 1);
  else
    lua_pushlstring(L, subject + cap.start, static_cast<std::size_t>(cap.length));
}

// All captures, or the whole match when there are none and `whole` is set.
int push_captures(const Matcher& m, std::size_t s, std::size_t e, bool whole) {
  int n = (m.program.captures == 0 && whole) ? 1 : m.program.captures;
  luaL_checkstack(m.L, n, "too many captures");
  for (int i = 0; i < n; ++i) push_capture(m, i, s, e);
  return n;
}

// ---- find and match ----------------------------------------------------------------------

int plain_find(lua_State* L, const char* s, std::size_t ls, const char* p, std::size_t lp,
               std::size_t from) {
  charge(L, (ls - from + lp) / 8);
  const void* hit = lp == 0 ? s + from : memmem(s + from, ls - from, p, lp);
  if (hit == nullptr) {
    luaL_pushfail(L);
    return 1;
  }
  auto at = static_cast<std::size_t>(static_cast<const char*>(hit) - s);
  lua_pushinteger(L, static_cast<lua_Integer>(at) + 1);
  lua_pushinteger(L, static_cast<lua_Integer>(at + lp));
  return 2;
}

int find_or_match(lua_State* L, bool find) {
  std::size_t ls = 0;
  std::size_t lp = 0;
  const char* s = luaL_checklstring(L, 1, &ls);
  const char* p = luaL_checklstring(L, 2, &lp);
  std::size_t init = start_index(luaL_optinteger(L, 3, 1), ls);
  if (init > ls + 1) {
    luaL_pushfail(L);
    return 1;
  }
  if (find && (lua_toboolean(L, 4) || !has_specials(p, lp)))
    return plain_find(L, s, ls, p, lp, init - 1);
  bool anchored = lp > 0 && p[0] == '^';
  Matcher m;
  m.unpaid = 0;
  bind(m, L, s, ls);
  compile(L, m, p + anchored, lp - anchored, 0);
  for (std::size_t at = init - 1; at <= ls; ++at) {
    std::size_t end = 0;
    if (attempt(m, at, &end)) {
      pay(m);
      if (!find) return push_captures(m, at, end, true);
      lua_pushinteger(L, static_cast<lua_Integer>(at) + 1);
      lua_pushinteger(L, static_cast<lua_Integer>(end));
      return 2 + push_captures(m, at, end, false);
    }
    if (anchored) break;
  }
  pay(m);
  luaL_pushfail(L);
  return 1;
}

int str_find(lua_State* L) {
  return find_or_match(L, true);
}

int str_match(lua_State* L) {
  return find_or_match(L, false);
}

// ---- gmatch ------------------------------------------------------------------------------

// Upvalues: the subject, the pattern, the GmatchState (with its program).
int gmatch_next(lua_State* L) {
  std::size_t ls = 0;
  const char* s = lua_tolstring(L, lua_upvalueindex(1), &ls);
  auto* state = static_cast<GmatchState*>(lua_touserdata(L, lua_upvalueindex(3)));
  Matcher m;
  m.unpaid = 0;
  m.program = state->program;
  bind(m, L, s, ls);
  for (std::size_t at = state->next; at <= ls; ++at) {
    std::size_t end = 0;
    if (attempt(m, at, &end) && !(state->matched && end == state->last_end)) {
      state->next = state->last_end = end;
      state->matched = true;
      pay(m);
      return push_captures(m, at, end, true);
    }
  }
  pay(m);
  return 0;
}

// A '^' in gmatch's pattern is an ordinary character (Lua 5.4.4 does not anchor there).
int str_gmatch(lua_State* L) {
  std::size_t ls = 0;
  std::size_t lp = 0;
  luaL_checklstring(L, 1, &ls);
  const char* p = luaL_checklstring(L, 2, &lp);
  // A start past the end + 1 finds nothing, not even an empty match at the end.
  std::size_t init = start_index(luaL_optinteger(L, 3, 1), ls);
  if (init > ls + 1) init = ls + 2;
  lua_settop(L, 2);
  Matcher m;
  m.unpaid = 0;
  m.L = L;
  auto* state = static_cast<GmatchState*>(compile(L, m, p, lp, sizeof(GmatchState)));
  state->program = m.program;
  state->next = init - 1;
  state->last_end = 0;
  state->matched = false;
  pay(m);
  lua_pushcclosure(L, gmatch_next, 3);
  return 1;
}

// ---- gsub --------------------------------------------------------------------------------

// The replacement string (argument 3): %0 the match, %1-%9 captures, %% a '%'.
void add_template(Matcher& m, luaL_Buffer* b, std::size_t s, std::size_t e) {
  lua_State* L = m.L;
  std::size_t lr = 0;
  const char* r = lua_tolstring(L, 3, &lr);
  std::size_t i = 0;
  while (i < lr) {
    const void* percent = std::memchr(r + i, '%', lr - i);
    std::size_t stop = percent == nullptr ? lr : static_cast<const char*>(percent) - r;
    luaL_addlstring(b, r + i, stop - i);
    spend(m, (stop - i) / 8 + 1);
    if (stop == lr) return;
    char c = stop + 1 < lr ? r[stop + 1] : '\0';
    if (c == '%') {
      luaL_addchar(b, '%');
    } else if (c == '0') {
      luaL_addlstring(b, reinterpret_cast<const char*>(m.subject) + s, e - s);
    } else if (c >= '1' && c <= '9') {
      push_capture(m, c - '1', s, e);
      luaL_addvalue(b);
    } else {
      luaL_error(L, "invalid use of '%c' in replacement string", '%');
    }
    i = stop + 2;
  }
}

// Adds what replaces the match [s, e): from the template, or the table's or function's
// value for it (false or nil keep the match).
void add_replacement(Matcher& m, luaL_Buffer* b, std::size_t s, std::size_t e, int kind) {
  lua_State* L = m.L;
  if (kind == LUA_TFUNCTION) {
    lua_pushvalue(L, 3);
    int n = push_captures(m, s, e, true);
    lua_call(L, n, 1);
  } else if (kind == LUA_TTABLE) {
    push_capture(m, 0, s, e);
    lua_gettable(L, 3);
  } else {
    add_template(m, b, s, e);
    return;
  }
  if (!lua_toboolean(L, -1)) {
    lua_pop(L, 1);
    luaL_addlstring(b, reinterpret_cast<const char*>(m.subject) + s, e - s);
  } else if (!lua_isstring(L, -1)) {
    luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
  } else {
    luaL_addvalue(b);
  }
}

int str_gsub(lua_State* L) {
  std::size_t ls = 0;
  std::size_t lp = 0;
  const char* s = luaL_checklstring(L, 1, &ls);
  const char* p = luaL_checklstring(L, 2, &lp);
  int kind = lua_type(L, 3);
  lua_Integer max = luaL_optinteger(L, 4, static_cast<lua_Integer>(ls) + 1);
  luaL_argexpected(
      L, kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION || kind == LUA_TTABLE,
      3, "string/function/table");
  lua_settop(L, 4);
  bool anchored = lp > 0 && p[0] == '^';
  Matcher m;
  m.unpaid = 0;
  bind(m, L, s, ls);
  compile(L, m, p + anchored, lp - anchored, 0);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  std::size_t at = 0;
  std::size_t last_end = 0;
  bool matched = false;
  lua_Integer n = 0;
  while (n < max) {
    std::size_t end = 0;
    if (attempt(m, at, &end) && !(matched && end == last_end)) {
      ++n;
      add_replacement(m, &b, at, end, kind);
      at = last_end = end;
      matched = true;
    } else if (at < ls) {
      luaL_addchar(&b, s[at++]);
    } else {
      break;
    }
    if (anchored) break;
  }
  pay(m);
  luaL_addlstring(&b, s + at, ls - at);
  luaL_pushresult(&b);
  lua_pushinteger(L, n);
  return 2;
}

}  // namespace

void install_counted_patterns(lua_State* L) {
  lua_pushcfunction(L, str_find);
  lua_setfield(L, -2, "find");
  lua_pushcfunction(L, str_match);
  lua_setfield(L, -2, "match");
  lua_pushcfunction(L, str_gmatch);
  lua_setfield(L, -2, "gmatch");
  lua_pushcfunction(L, str_gsub);
  lua_setfield(L, -2, "gsub");
}

}  // namespace amazing::lua
