// PEEK and POKE on the c64 machine: the parts of the Commodore 64's memory map a BASIC
// program can see, each kept where this machine keeps that state (FACTS.md "The C64's
// memory map"). One table of regions; an address in none of them is plain RAM.

#include <algorithm>

#include "basic/runtime.hpp"
#include "machine/charset.hpp"

namespace amazing::basic {
namespace {

constexpr long kAddresses = 65536;
constexpr long kProgramStart = 2049;  // TXTTAB: the first line's link
constexpr long kBasicEnd = 40960;     // MEMSIZ: the top of BASIC's RAM
constexpr long kScreen = 1024;        // the video matrix, 40x25 screen codes
constexpr long kColourRam = 55296;    // one colour nibble a cell
constexpr long kTextColour = 646;     // COLOR: the colour of what is printed next
constexpr long kBorder = 53280;       // the VIC-II's border and background colours
constexpr long kJiffyClock = 160;     // TI: three bytes, high byte first
constexpr long kRndSeed = 139;        // RND's seed: a packed 5-byte number
constexpr long kPointers = 43;        // TXTTAB .. MEMSIZ, seven 16-bit pointers

// ---- the regions ---------------------------------------------------------------------------

// BASIC's pointers at 43..56, low byte first: TXTTAB (the program), VARTAB (its end and
// the variables' start), ARYTAB (the arrays'), STREND (their end), FRETOP (the strings'
// bottom), FRESPC (the last string made: none here, 0 as after power-on) and MEMSIZ.
long pointer(const Runtime& rt, long index) {
  long arrays = 0;
  for (const ArrayData& a : rt.arrays_) arrays += a.defined ? a.reserved : 0;
  const long strend = kBasicEnd - rt.free_;
  const long vartab = kProgramStart + rt.program_bytes_;
  const long fretop = kBasicEnd - rt.string_bytes_;
  const long values[] = {kProgramStart, vartab, strend - arrays, strend, fretop, 0, kBasicEnd};
  return values[index];
}
int peek_pointers(Runtime& rt, long a) {
  long value = pointer(rt, (a - kPointers) / 2);
  return static_cast<int>((a - kPointers) % 2 == 0 ? value & 255 : value >> 8);
}

int peek_seed(Runtime& rt, long a) {
  return rt.c64_rnd_.seed()[static_cast<std::size_t>(a - kRndSeed)];
}
void poke_seed(Runtime& rt, long a, uint8_t v) {
  core::C64Float::Packed seed = rt.c64_rnd_.seed();
  seed[static_cast<std::size_t>(a - kRndSeed)] = v;
  rt.c64_rnd_.set_seed(seed);
}

// CHARAC ($07): the byte ^ reads its sign from (Runtime::c64_charac_).
int peek_charac(Runtime& rt, long) {
  return rt.c64_charac_;
}
void poke_charac(Runtime& rt, long, uint8_t v) {
  rt.c64_charac_ = v;
}

int peek_clock(Runtime& rt, long a) {
  return static_cast<int>(rt.clock_.jiffies() >> (8 * (kJiffyClock + 2 - a)) & 255);
}
void poke_clock(Runtime& rt, long a, uint8_t v) {
  const int shift = 8 * static_cast<int>(kJiffyClock + 2 - a);
  uint32_t j = rt.clock_.jiffies() & ~(255u << shift);
  rt.clock_.set_jiffies(j | static_cast<uint32_t>(v) << shift);
}

// NDX ($C6): the keys in the keyboard buffer (at most 10), here what is left of the typed
// line GET and WAIT took (Runtime::keys_); POKE 198,0 empties it, a smaller count drops
// the keys past it.
constexpr std::size_t kKeyBuffer = 10;
int peek_keys(Runtime& rt, long) {
  return static_cast<int>(std::min(rt.keys_.size(), kKeyBuffer));
}
void poke_keys(Runtime& rt, long, uint8_t v) {
  if (v < rt.keys_.size()) rt.keys_.resize(v);
}

// A screen code: the cell's character, plus 128 when it shows reversed (RVS ON).
int peek_screen(Runtime& rt, long a) {
  const int row = static_cast<int>(a - kScreen) / machine::Screen::kColumns;
  const int col = static_cast<int>(a - kScreen) % machine::Screen::kColumns;
  machine::Screen& screen = rt.machine_.screen();
  const uint8_t code = machine::c64_screen_code(static_cast<uint8_t>(screen.at(row, col)));
  return screen.reversed_at(row, col) ? code | 128 : code;
}
void poke_screen(Runtime& rt, long a, uint8_t v) {
  const std::size_t cell = static_cast<std::size_t>(a - kScreen);
  machine::Screen& screen = rt.machine_.screen();
  rt.machine_.poke(screen.address() + cell, machine::c64_petscii(v));
  screen.set_reversed(static_cast<int>(cell) / machine::Screen::kColumns,
                      static_cast<int>(cell) % machine::Screen::kColumns, v >= 128);
}

int peek_colour(Runtime& rt, long a) {
  const int cell = static_cast<int>(a - kColourRam);
  return machine::attribute_fg(rt.machine_.screen().attribute_at(cell / machine::Screen::kColumns,
                                                                 cell % machine::Screen::kColumns));
}
void poke_colour(Runtime& rt, long a, uint8_t v) {
  const int cell = static_cast<int>(a - kColourRam);
  machine::Screen& screen = rt.machine_.screen();
  screen.set_colour(cell / machine::Screen::kColumns, cell % machine::Screen::kColumns, v & 15);
}

int peek_text_colour(Runtime& rt, long) {
  return machine::attribute_fg(rt.machine_.screen().attribute());
}
void poke_text_colour(Runtime& rt, long, uint8_t v) {
  rt.c64_set_text_colour(v & 15);
}

// The border and background colour registers: the VIC-II gives its four unused bits as 1s
// (PEEK(53281) is 246 at power-on: blue).
int peek_border(Runtime& rt, long a) {
  return 0xF0 | rt.machine_.screen().c64_frame_colour(a == kBorder ? 0 : 1);
}
void poke_border(Runtime& rt, long a, uint8_t v) {
  rt.machine_.screen().set_c64_frame_colour(a == kBorder ? 0 : 1, v & 15);
}

// The 6510's port: its data direction register and the memory configuration, as the
// KERNAL sets them at power-on (cbmbasic, no 6510, gives 0 0).
int peek_port(Runtime&, long a) {
  return a == 0 ? 47 : 55;
}
// The ROMs (BASIC at 40960, the KERNAL at 57344): their bytes are not part of this
// machine; they read as 0 (as in cbmbasic), and a POKE there goes to the RAM beneath them,
// which PEEK does not see.
// Plain RAM: what a POKE left there (0 before any).
int peek_ram(Runtime& rt, long a) {
  return rt.c64_ram_.empty() ? 0 : rt.c64_ram_[static_cast<std::size_t>(a)];
}
// BASIC's RAM from 2048: the zero before the program, the program as the C64 tokenised
// it (up to VARTAB), then RAM. The variables, arrays and strings are not laid out here:
// they read as what was POKEd there (0); a POKE into the program does not change it.
int peek_basic_ram(Runtime& rt, long a) {
  const long i = a - kProgramStart;
  return i >= 0 && i < static_cast<long>(rt.program_memory_.size()) ? byte_at(rt.program_memory_, i)
                                                                    : peek_ram(rt, a);
}
int peek_rom(Runtime&, long) {
  return 0;
}
void poke_ignored(Runtime&, long, uint8_t) {}

struct Region {
  long first, last;
  int (*peek)(Runtime& rt, long address);
  void (*poke)(Runtime& rt, long address, uint8_t value);  // null: plain RAM takes it
};
constexpr Region kRegions[] = {
    {0, 1, peek_port, poke_ignored},
    {7, 7, peek_charac, poke_charac},
    {kPointers, kPointers + 13, peek_pointers, poke_ignored},
    {kRndSeed, kRndSeed + 4, peek_seed, poke_seed},
    {kJiffyClock, kJiffyClock + 2, peek_clock, poke_clock},
    {kC64KeyCount, kC64KeyCount, peek_keys, poke_keys},
    {kTextColour, kTextColour, peek_text_colour, poke_text_colour},
    {kScreen, kScreen + 999, peek_screen, poke_screen},
    {kProgramStart - 1, kBasicEnd - 1, peek_basic_ram, nullptr},
    {40960, 49151, peek_rom, nullptr},
    {kBorder, kBorder + 1, peek_border, poke_border},
    {kColourRam, kColourRam + 999, peek_colour, poke_colour},
    {57344, 65535, peek_rom, nullptr},
};

const Region* region(long address) {
  for (const Region& r : kRegions) {
    if (address >= r.first && address <= r.last) return &r;
  }
  return nullptr;
}

// An address as the ROM's GETADR takes it: 0..65535, a fraction cut off; anything else
// (also any negative number) is ?ILLEGAL QUANTITY.
long address_of(Runtime& rt, const Num& n) {
  core::C64Float v = c64_value(rt, n);
  if (rt.failed()) return -1;
  long double x = v.to_double();
  if (x < 0 || x >= kAddresses) {
    rt.raise(ErrorCode::kIllegalFunctionCall);
    return -1;
  }
  return static_cast<long>(x);
}

}  // namespace

int c64_peek(Runtime& rt, const Num& address) {
  long a = address_of(rt, address);
  if (a < 0) return -1;
  const Region* r = region(a);
  return r != nullptr ? r->peek(rt, a) : peek_ram(rt, a);
}

void c64_poke(Runtime& rt, const Num& address, const Num& value) {
  long a = address_of(rt, address);
  if (a < 0) return;
  core::C64Float v = c64_value(rt, value);
  long double x = v.to_double();
  if (rt.failed()) return;
  if (x < 0 || x >= 256) {  // GETBYT
    rt.raise(ErrorCode::kIllegalFunctionCall);
    return;
  }
  const Region* r = region(a);
  if (r != nullptr && r->poke != nullptr) {
    r->poke(rt, a, static_cast<uint8_t>(x));
    return;
  }
  if (rt.c64_ram_.empty()) rt.c64_ram_.assign(kAddresses, 0);
  rt.c64_ram_[static_cast<std::size_t>(a)] = static_cast<uint8_t>(x);
}

}  // namespace amazing::basic
