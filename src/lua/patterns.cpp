// string.find, match, gmatch and gsub with Lua 5.4's pattern language, written for the
// sandbox so that matching counts: Lua's own matcher backtracks in C, where the count
// hook never fires, and ("a"):rep(40):find(("a*"):rep(30) .. "b") runs for hours in one
// call. Here every character test is a step charged against the script's budget.
//
// Lua errors unwind with longjmp: nothing in this file has a destructor.

#include <cctype>
#include <cstddef>
#include <cstring>

#include "lua/host.hpp"

namespace amazing::lua {

namespace {

constexpr int kMaxCaptures = 32;  // LUA_MAXCAPTURES
constexpr int kMaxDepth = 200;    // recursion of the matcher (Lua's MAXCCALLS)
constexpr std::ptrdiff_t kCapUnfinished = -1;
constexpr std::ptrdiff_t kCapPosition = -2;
constexpr char kEsc = '%';
constexpr const char* kSpecials = "^$*+?.([%-";
// Matcher steps are gathered and charged in batches.
constexpr uint64_t kChargeBatch = 4096;

struct Capture {
  const char* init;
  std::ptrdiff_t len;
};

struct Matcher {
  const char* src_init;
  const char* src_end;
  const char* p_end;
  lua_State* L;
  int depth;
  int level;
  uint64_t steps;
  Capture capture[kMaxCaptures];
};

inline void tick(Matcher* ms, uint64_t n = 1) {
  ms->steps += n;
  if (ms->steps >= kChargeBatch) {
    uint64_t steps = ms->steps;
    ms->steps = 0;
    charge(ms->L, steps);
  }
}

void settle(Matcher* ms) {
  uint64_t steps = ms->steps;
  ms->steps = 0;
  charge(ms->L, steps);
}

inline unsigned char uc(char c) {
  return static_cast<unsigned char>(c);
}

const char* do_match(Matcher* ms, const char* s, const char* p);

int check_capture(Matcher* ms, int l) {
  l -= '1';
  if (l < 0 || l >= ms->level || ms->capture[l].len == kCapUnfinished)
    return luaL_error(ms->L, "invalid capture index %%%d", l + 1);
  return l;
}

int capture_to_close(Matcher* ms) {
  int level = ms->level;
  for (--level; level >= 0; --level)
    if (ms->capture[level].len == kCapUnfinished) return level;
  return luaL_error(ms->L, "invalid pattern capture");
}

// The end of the single-character class that starts at p.
const char* class_end(Matcher* ms, const char* p) {
  switch (*p++) {
    case kEsc:
      if (p == ms->p_end) luaL_error(ms->L, "malformed pattern (ends with '%%')");
      return p + 1;
    case '[':
      if (*p == '^') ++p;
      do {  // the first character of a set is taken as it is, even ']'
        if (p == ms->p_end) luaL_error(ms->L, "malformed pattern (missing ']')");
        if (*(p++) == kEsc && p < ms->p_end) ++p;
      } while (*p != ']');
      return p + 1;
    default:
      return p;
  }
}

bool match_class(int c, int cl) {
  bool res;
  switch (std::tolower(cl)) {
    case 'a': res = std::isalpha(c); break;
    case 'c': res = std::iscntrl(c); break;
    case 'd': res = std::isdigit(c); break;
    case 'g': res = std::isgraph(c); break;
    case 'l': res = std::islower(c); break;
    case 'p': res = std::ispunct(c); break;
    case 's': res = std::isspace(c); break;
    case 'u': res = std::isupper(c); break;
    case 'w': res = std::isalnum(c); break;
    case 'x': res = std::isxdigit(c); break;
    default: return cl == c;
  }
  return std::isupper(cl) ? !res : res;
}

// p is at '[', ec at the set's closing ']'.
bool match_bracket(int c, const char* p, const char* ec) {
  bool found = true;
  if (*(p + 1) == '^') {
    found = false;
    ++p;
  }
  while (++p < ec) {
    if (*p == kEsc) {
      ++p;
      if (match_class(c, uc(*p))) return found;
    } else if (*(p + 1) == '-' && p + 2 < ec) {
      p += 2;
      if (uc(*(p - 2)) <= c && c <= uc(*p)) return found;
    } else if (uc(*p) == c) {
      return found;
    }
  }
  return !found;
}

bool single_match(Matcher* ms, const char* s, const char* p, const char* ep) {
  tick(ms);
  if (s >= ms->src_end) return false;
  int c = uc(*s);
  switch (*p) {
    case '.': return true;
    case kEsc: return match_class(c, uc(*(p + 1)));
    case '[': return match_bracket(c, p, ep - 1);
    default: return uc(*p) == c;
  }
}

const char* match_balance(Matcher* ms, const char* s, const char* p) {
  if (p + 1 >= ms->p_end) luaL_error(ms->L, "malformed pattern (missing arguments to '%%b')");
  if (s >= ms->src_end || *s != *p) return nullptr;
  char open = *p;
  char close = *(p + 1);
  int depth = 1;
  while (++s < ms->src_end) {
    tick(ms);
    if (*s == close) {
      if (--depth == 0) return s + 1;
    } else if (*s == open) {
      ++depth;
    }
  }
  return nullptr;
}

const char* max_expand(Matcher* ms, const char* s, const char* p, const char* ep) {
  std::ptrdiff_t i = 0;
  while (single_match(ms, s + i, p, ep)) ++i;
  while (i >= 0) {  // try the longest first, then give back one at a time
    const char* res = do_match(ms, s + i, ep + 1);
    if (res != nullptr) return res;
    --i;
  }
  return nullptr;
}

const char* min_expand(Matcher* ms, const char* s, const char* p, const char* ep) {
  for (;;) {
    const char* res = do_match(ms, s, ep + 1);
    if (res != nullptr) return res;
    if (!single_match(ms, s, p, ep)) return nullptr;
    ++s;
  }
}

const char* start_capture(Matcher* ms, const char* s, const char* p, std::ptrdiff_t what) {
  if (ms->level >= kMaxCaptures) luaL_error(ms->L, "too many captures");
  ms->capture[ms->level].init = s;
  ms->capture[ms->level].len = what;
  ms->level++;
  const char* res = do_match(ms, s, p);
  if (res == nullptr) ms->level--;
  return res;
}

const char* end_capture(Matcher* ms, const char* s, const char* p) {
  int l = capture_to_close(ms);
  ms->capture[l].len = s - ms->capture[l].init;
  const char* res = do_match(ms, s, p);
  if (res == nullptr) ms->capture[l].len = kCapUnfinished;
  return res;
}

const char* match_capture(Matcher* ms, const char* s, int l) {
  l = check_capture(ms, l);
  std::size_t len = static_cast<std::size_t>(ms->capture[l].len);
  tick(ms, len / 8 + 1);
  if (static_cast<std::size_t>(ms->src_end - s) >= len &&
      std::memcmp(ms->capture[l].init, s, len) == 0)
    return s + len;
  return nullptr;
}

const char* do_match(Matcher* ms, const char* s, const char* p) {
  if (ms->depth-- == 0) luaL_error(ms->L, "pattern too complex");
  for (;;) {
    tick(ms);
    if (p == ms->p_end) break;
    bool plain = false;
    switch (*p) {
      case '(':
        if (*(p + 1) == ')')
          s = start_capture(ms, s, p + 2, kCapPosition);
        else
          s = start_capture(ms, s, p + 1, kCapUnfinished);
        break;
      case ')':
        s = end_capture(ms, s, p + 1);
        break;
      case '$':
        if (p + 1 != ms->p_end) {
          plain = true;
          break;
        }
        s = s == ms->src_end ? s : nullptr;
        break;
      case kEsc:
        switch (*(p + 1)) {
          case 'b':
            s = match_balance(ms, s, p + 2);
            if (s != nullptr) {
              p += 4;
              continue;
            }
            break;
          case 'f': {
            p += 2;
            if (*p != '[') luaL_error(ms->L, "missing '[' after '%%f' in pattern");
            const char* ep = class_end(ms, p);
            int prev = s == ms->src_init ? '\0' : uc(*(s - 1));
            int cur = s < ms->src_end ? uc(*s) : '\0';
            if (!match_bracket(prev, p, ep - 1) && match_bracket(cur, p, ep - 1)) {
              p = ep;
              continue;
            }
            s = nullptr;
            break;
          }
          case '0': case '1': case '2': case '3': case '4':
          case '5': case '6': case '7': case '8': case '9':
            s = match_capture(ms, s, uc(*(p + 1)));
            if (s != nullptr) {
              p += 2;
              continue;
            }
            break;
          default:
            plain = true;
            break;
        }
        break;
      default:
        plain = true;
        break;
    }
    if (!plain) break;
    const char* ep = class_end(ms, p);
    if (!single_match(ms, s, p, ep)) {
      if (*ep == '*' || *ep == '?' || *ep == '-') {  // may match zero times
        p = ep + 1;
        continue;
      }
      s = nullptr;
      break;
    }
    switch (*ep) {
      case '?': {
        const char* res = do_match(ms, s + 1, ep + 1);
        if (res != nullptr) {
          s = res;
          break;
        }
        p = ep + 1;
        continue;
      }
      case '+':
        s = max_expand(ms, s + 1, p, ep);
        break;
      case '*':
        s = max_expand(ms, s, p, ep);
        break;
      case '-':
        s = min_expand(ms, s, p, ep);
        break;
      default:
        ++s;
        p = ep;
        continue;
    }
    break;
  }
  ms->depth++;
  return s;
}

void prepare(Matcher* ms, lua_State* L, const char* s, std::size_t ls, const char* p,
             std::size_t lp) {
  ms->L = L;
  ms->src_init = s;
  ms->src_end = s + ls;
  ms->p_end = p + lp;
  ms->steps = 0;
  ms->level = 0;
  ms->depth = kMaxDepth;
}

void reprepare(Matcher* ms) {
  ms->level = 0;
  ms->depth = kMaxDepth;
}

// Capture i of the match s..e (the whole match when there are no captures).
void push_one_capture(Matcher* ms, int i, const char* s, const char* e) {
  if (i >= ms->level) {
    if (i != 0) luaL_error(ms->L, "invalid capture index %%%d", i + 1);
    lua_pushlstring(ms->L, s, static_cast<std::size_t>(e - s));
    return;
  }
  std::ptrdiff_t l = ms->capture[i].len;
  if (l == kCapUnfinished) luaL_error(ms->L, "unfinished capture");
  if (l == kCapPosition)
    lua_pushinteger(ms->L, (ms->capture[i].init - ms->src_init) + 1);
  else
    lua_pushlstring(ms->L, ms->capture[i].init, static_cast<std::size_t>(l));
}

int push_captures(Matcher* ms, const char* s, const char* e) {
  int n = (ms->level == 0 && s != nullptr) ? 1 : ms->level;
  luaL_checkstack(ms->L, n, "too many captures");
  for (int i = 0; i < n; ++i) push_one_capture(ms, i, s, e);
  return n;
}

bool no_specials(const char* p, std::size_t lp) {
  for (std::size_t i = 0; i < lp; ++i)
    if (p[i] != '\0' && std::strchr(kSpecials, p[i]) != nullptr) return false;
  return true;
}

// A 1-based start position made 0-based and clipped (negative counts from the end).
std::size_t start_index(lua_Integer pos, std::size_t len) {
  if (pos > 0) return static_cast<std::size_t>(pos) - 1;
  if (pos == 0) return 0;
  if (pos < -static_cast<lua_Integer>(len)) return 0;
  return len - static_cast<std::size_t>(-pos);
}

int find_aux(lua_State* L, bool find) {
  std::size_t ls = 0;
  std::size_t lp = 0;
  const char* s = luaL_checklstring(L, 1, &ls);
  const char* p = luaL_checklstring(L, 2, &lp);
  std::size_t init = start_index(luaL_optinteger(L, 3, 1), ls);
  if (init > ls) {
    luaL_pushfail(L);
    return 1;
  }
  if (find && (lua_toboolean(L, 4) || no_specials(p, lp))) {
    charge(L, (ls - init) / 8);
    const void* hit = lp == 0 ? s + init : memmem(s + init, ls - init, p, lp);
    if (hit != nullptr) {
      const char* at = static_cast<const char*>(hit);
      lua_pushinteger(L, static_cast<lua_Integer>(at - s) + 1);
      lua_pushinteger(L, static_cast<lua_Integer>(at - s + lp));
      return 2;
    }
  } else {
    Matcher ms;
    bool anchor = *p == '^';
    if (anchor) ++p, --lp;
    prepare(&ms, L, s, ls, p, lp);
    const char* s1 = s + init;
    do {
      reprepare(&ms);
      const char* e = do_match(&ms, s1, p);
      if (e != nullptr) {
        settle(&ms);
        if (find) {
          lua_pushinteger(L, static_cast<lua_Integer>(s1 - s) + 1);
          lua_pushinteger(L, static_cast<lua_Integer>(e - s));
          return push_captures(&ms, nullptr, nullptr) + 2;
        }
        return push_captures(&ms, s1, e);
      }
    } while (s1++ < ms.src_end && !anchor);
    settle(&ms);
  }
  luaL_pushfail(L);
  return 1;
}

int str_find(lua_State* L) {
  return find_aux(L, true);
}

int str_match(lua_State* L) {
  return find_aux(L, false);
}

// gmatch's iterator: upvalues 1 the subject, 2 the pattern, 3 a userdata with the
// position to go on from and the end of the last match.
struct GmatchState {
  std::size_t pos;
  std::ptrdiff_t last;  // -1: none yet
};

int gmatch_next(lua_State* L) {
  std::size_t ls = 0;
  std::size_t lp = 0;
  const char* s = lua_tolstring(L, lua_upvalueindex(1), &ls);
  const char* p = lua_tolstring(L, lua_upvalueindex(2), &lp);
  auto* st = static_cast<GmatchState*>(lua_touserdata(L, lua_upvalueindex(3)));
  Matcher ms;
  prepare(&ms, L, s, ls, p, lp);
  for (const char* src = s + st->pos; src <= ms.src_end; ++src) {
    reprepare(&ms);
    const char* e = do_match(&ms, src, p);
    if (e != nullptr && (e - s) != st->last) {
      st->pos = static_cast<std::size_t>(e - s);
      st->last = e - s;
      settle(&ms);
      return push_captures(&ms, src, e);
    }
  }
  settle(&ms);
  st->pos = ls + 1;
  return 0;
}

int str_gmatch(lua_State* L) {
  std::size_t ls = 0;
  luaL_checklstring(L, 1, &ls);
  luaL_checkstring(L, 2);
  std::size_t init = start_index(luaL_optinteger(L, 3, 1), ls);
  if (init > ls) init = ls + 1;  // no match at all
  lua_settop(L, 2);
  auto* st = static_cast<GmatchState*>(lua_newuserdatauv(L, sizeof(GmatchState), 0));
  st->pos = init;
  st->last = -1;
  lua_pushcclosure(L, gmatch_next, 3);
  return 1;
}

void add_string(Matcher* ms, luaL_Buffer* b, const char* s, const char* e) {
  std::size_t l = 0;
  lua_State* L = ms->L;
  const char* news = lua_tolstring(L, 3, &l);
  const char* p;
  while ((p = static_cast<const char*>(std::memchr(news, kEsc, l))) != nullptr) {
    luaL_addlstring(b, news, static_cast<std::size_t>(p - news));
    ++p;
    if (*p == kEsc) {
      luaL_addchar(b, *p);
    } else if (*p == '0') {
      luaL_addlstring(b, s, static_cast<std::size_t>(e - s));
    } else if (std::isdigit(uc(*p))) {
      push_one_capture(ms, *p - '1', s, e);
      luaL_tolstring(L, -1, nullptr);
      lua_remove(L, -2);
      luaL_addvalue(b);
    } else {
      luaL_error(L, "invalid use of '%c' in replacement string", kEsc);
    }
    l -= static_cast<std::size_t>(p + 1 - news);
    news = p + 1;
  }
  luaL_addlstring(b, news, l);
}

// Adds the replacement of the match s..e; false when it kept the match as it was.
bool add_value(Matcher* ms, luaL_Buffer* b, const char* s, const char* e, int tr) {
  lua_State* L = ms->L;
  switch (tr) {
    case LUA_TFUNCTION: {
      lua_pushvalue(L, 3);
      int n = push_captures(ms, s, e);
      lua_call(L, n, 1);
      break;
    }
    case LUA_TTABLE:
      push_one_capture(ms, 0, s, e);
      lua_gettable(L, 3);
      break;
    default:
      add_string(ms, b, s, e);
      return true;
  }
  if (!lua_toboolean(L, -1)) {
    lua_pop(L, 1);
    luaL_addlstring(b, s, static_cast<std::size_t>(e - s));
    return false;
  }
  if (!lua_isstring(L, -1))
    return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1)) != 0;
  luaL_addvalue(b);
  return true;
}

int str_gsub(lua_State* L) {
  std::size_t srcl = 0;
  std::size_t lp = 0;
  const char* src = luaL_checklstring(L, 1, &srcl);
  const char* p = luaL_checklstring(L, 2, &lp);
  const char* lastmatch = nullptr;
  int tr = lua_type(L, 3);
  lua_Integer max_s = luaL_optinteger(L, 4, static_cast<lua_Integer>(srcl) + 1);
  luaL_argexpected(L,
                   tr == LUA_TNUMBER || tr == LUA_TSTRING || tr == LUA_TFUNCTION ||
                       tr == LUA_TTABLE,
                   3, "string/function/table");
  bool anchor = *p == '^';
  if (anchor) ++p, --lp;
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  Matcher ms;
  prepare(&ms, L, src, srcl, p, lp);
  lua_Integer n = 0;
  bool changed = false;
  while (n < max_s) {
    reprepare(&ms);
    const char* e = do_match(&ms, src, p);
    if (e != nullptr && e != lastmatch) {
      ++n;
      changed = add_value(&ms, &b, src, e, tr) || changed;
      src = lastmatch = e;
    } else if (src < ms.src_end) {
      luaL_addchar(&b, *src++);
    } else {
      break;
    }
    if (anchor) break;
  }
  settle(&ms);
  if (!changed) {
    lua_pushvalue(L, 1);
  } else {
    luaL_addlstring(&b, src, static_cast<std::size_t>(ms.src_end - src));
    luaL_pushresult(&b);
  }
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
