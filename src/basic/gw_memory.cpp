// PEEK, POKE, VARPTR and VARPTR$ on the pc machine: GW-BASIC's memory as PC-BASIC 2.0.5
// emulates it (FACTS.md "The pc's memory map"). A PEEK or POKE address is DEF SEG's
// segment * 16 + the offset; GW-BASIC's data segment holds its own pointers, the program
// and the variables and arrays (laid out from the order they were made), the text screen
// is at segment &HB800.

#include <algorithm>
#include <cmath>
#include <cstring>

#include "basic/devices.hpp"
#include "basic/gw_io.hpp"
#include "basic/runtime.hpp"

namespace amazing::basic {
namespace {

constexpr uint32_t kDataSegment = kGwDataSegment;
constexpr uint32_t kVideoSegment = 0xA000;  // from here on: video memory
constexpr uint32_t kTextSegment = 0xB800;   // the colour text screen
constexpr uint32_t kFontSegment = 0xC000;   // the RAM font, then the ROM: not modelled
constexpr uint32_t kRomSegment = 0xF000;
constexpr long kCodeStart = 4717;  // the program: a zero, its lines, two zeros

// ---- the variables' records ------------------------------------------------------------------

// A name as PC-BASIC keeps it: the letters and the type character (A is A!).
std::string full_name(std::string name, Type type) {
  while (!name.empty() && std::string_view("%$!#").find(name.back()) != std::string_view::npos)
    name.pop_back();
  constexpr char kSigil[] = {'!', '%', '$', '#'};  // by Type
  return name + kSigil[static_cast<int>(type)];
}
// Byte `offset` of a record's type-and-name part, as PC-BASIC 2.0.5 shows it: the type
// byte, the first letter, the second (0 for a one-letter name), the count of the others
// past the third, then each from the fourth on as letter - 'A' + 0xC1 (the third is not
// shown: PC-BASIC's own off-by-one, kept as it reads).
int name_byte(const std::string& name, Type type, long offset) {
  const long n = static_cast<long>(name.size());
  switch (offset) {
    case 0:
      return static_cast<int>(gw_value_bytes(type));
    case 1:
      return static_cast<unsigned char>(name[0]);
    case 2:
      return n > 2 ? static_cast<unsigned char>(name[1]) : 0;
    case 3:
      return n > 3 ? static_cast<int>(n - 3) : 0;
    default:
      return (static_cast<unsigned char>(name[static_cast<std::size_t>(offset - 1)]) - 'A' + 0xC1) &
             255;
  }
}

// A record's name as PC-BASIC keeps it: a variable's with its type character; a DEF FN
// function's without the FN, its first letter + 128 (FNA is chr(193) and "!").
std::string record_name(const Program& p, const Runtime::Made& m) {
  if (m.function) {
    std::string name = p.functions[static_cast<std::size_t>(m.slot)].name.substr(2);
    name[0] = static_cast<char>(name[0] + 128);
    return full_name(name, m.type);
  }
  const auto& names = m.type == Type::kInteger  ? p.integers
                      : m.type == Type::kString ? p.strings
                      : m.type == Type::kDouble ? p.doubles
                                                : p.singles;
  return full_name(names[static_cast<std::size_t>(m.slot)], m.type);
}
long record_size(const Program& p, const Runtime::Made& m) {
  return gw_record_head(record_name(p, m)) + gw_value_bytes(m.type);
}

// The bytes of a value as GW-BASIC stores it, low byte first (singles and doubles in
// Microsoft Binary Format; a string as its descriptor: length, then its address).
void put_le(uint8_t* out, uint64_t v, long n) {
  for (long k = 0; k < n; ++k) out[k] = static_cast<uint8_t>(v >> (8 * k));
}
void single_bytes(Single v, uint8_t* out) {
  put_le(out, core::to_mbf(v), 4);
}
void string_bytes(const std::string& s, uint8_t* out) {
  out[0] = static_cast<uint8_t>(s.size());
  put_le(out + 1, 0, 2);  // where the text is: string space is not laid out here
}
void scalar_bytes(const Runtime& rt, const Runtime::Made& m, uint8_t* out) {
  const auto k = static_cast<std::size_t>(m.slot);
  if (m.function) {  // where the body is in the program: not kept here
    put_le(out, 0, gw_value_bytes(m.type));
    return;
  }
  switch (m.type) {
    case Type::kInteger:
      put_le(out, static_cast<uint16_t>(rt.integers_[k]), 2);
      return;
    case Type::kString:
      string_bytes(rt.strings_[k], out);
      return;
    case Type::kDouble:
      put_le(out, core::to_mbf_double(rt.doubles_[k]), 8);
      return;
    case Type::kSingle:
      single_bytes(rt.singles_[k], out);
      return;
  }
}
void element_bytes(const ArrayData& a, Type type, long i, uint8_t* out) {
  const long size = gw_value_bytes(type);
  if (type == Type::kString) {
    string_bytes(a.strings[static_cast<std::size_t>(i)], out);
  } else {  // singles and doubles are kept as their MBF bytes, low byte first
    std::memcpy(out, a.block.data() + i * size, static_cast<std::size_t>(size));
  }
}

long var_start(const Runtime& rt) {
  return kCodeStart + rt.program_bytes_;
}
// Where the simple variables end and the arrays begin.
long arrays_start(const Runtime& rt) {
  long at = var_start(rt);
  for (const Runtime::Made& m : rt.made_) at += record_size(rt.program_, m);
  return at;
}
// An array's record: the type and name, the bytes after it (2), the dimensions (1), the
// elements per dimension (2 each), then the elements.
long array_header(const std::string& name, std::size_t dimensions) {
  return gw_record_head(name) + 3 + 2 * static_cast<long>(dimensions);
}
long array_bytes(const Runtime& rt, int slot) {
  const ArrayData& a = rt.arrays_[static_cast<std::size_t>(slot)];
  const ArrayInfo& info = rt.program_.arrays[static_cast<std::size_t>(slot)];
  return array_header(full_name(info.name, info.type), a.bounds.size()) +
         static_cast<long>(a.count) * gw_value_bytes(info.type);
}
// An array's first element.
long array_data(const Runtime& rt, int slot) {
  long at = arrays_start(rt);
  for (int s : rt.dimmed_) {
    if (s == slot) break;
    at += array_bytes(rt, s);
  }
  const ArrayInfo& info = rt.program_.arrays[static_cast<std::size_t>(slot)];
  return at + array_header(full_name(info.name, info.type),
                           rt.arrays_[static_cast<std::size_t>(slot)].bounds.size());
}

// A byte of the simple variables' records, or -1 past them.
int scalar_memory(const Runtime& rt, long address) {
  long at = var_start(rt);
  for (const Runtime::Made& m : rt.made_) {
    const std::string name = record_name(rt.program_, m);
    const long head = gw_record_head(name), size = gw_value_bytes(m.type);
    if (address < at + head) return name_byte(name, m.type, address - at);
    if (address < at + head + size) {
      uint8_t bytes[8];
      scalar_bytes(rt, m, bytes);
      return bytes[address - at - head];
    }
    at += head + size;
  }
  return -1;
}
// A byte of the arrays' records, or -1 past them.
int array_memory(const Runtime& rt, long address) {
  long at = arrays_start(rt);
  for (int slot : rt.dimmed_) {
    const ArrayData& a = rt.arrays_[static_cast<std::size_t>(slot)];
    const ArrayInfo& info = rt.program_.arrays[static_cast<std::size_t>(slot)];
    const std::string name = full_name(info.name, info.type);
    const long size = gw_value_bytes(info.type), head = array_header(name, a.bounds.size());
    const long offset = address - at;
    if (offset < gw_record_head(name)) return name_byte(name, info.type, offset);
    if (offset < head) {
      // The bytes after this field, the dimensions and each one's element count.
      std::vector<uint8_t> rest(static_cast<std::size_t>(head - gw_record_head(name)));
      put_le(rest.data(), static_cast<uint64_t>(array_bytes(rt, slot) - gw_record_head(name) - 2),
             2);
      rest[2] = static_cast<uint8_t>(a.bounds.size());
      for (std::size_t d = 0; d < a.bounds.size(); ++d)
        put_le(rest.data() + 3 + 2 * d, static_cast<uint64_t>(a.bounds[d] + 1 - rt.base_), 2);
      return rest[static_cast<std::size_t>(offset - gw_record_head(name))];
    }
    if (offset < head + static_cast<long>(a.count) * size) {
      uint8_t bytes[8];
      element_bytes(a, info.type, (offset - head) / size, bytes);
      return bytes[(offset - head) % size];
    }
    at += head + static_cast<long>(a.count) * size;
  }
  return -1;
}

// GW-BASIC's own bytes at the start of its data segment that programs read (PC-BASIC):
// a signature, the memory size, where the program, variables and arrays start and end.
int basic_memory(const Runtime& rt, long address) {
  constexpr int kSignature[] = {0, 0, 0x10, 0x82};
  if (address < 4) return kSignature[address];
  const long arrays = arrays_start(rt);
  long end = arrays;
  for (int s : rt.dimmed_) end += array_bytes(rt, s);
  const struct {
    long address, value;
  } kPointers[] = {{0x2C, rt.gw_memory_size_},
                   {0x30, kCodeStart + 1},
                   {0x358, var_start(rt)},
                   {0x35A, arrays},
                   {0x35C, end}};
  for (auto p : kPointers) {
    if (address == p.address) return static_cast<int>(p.value & 255);
    if (address == p.address + 1) return static_cast<int>(p.value >> 8 & 255);
  }
  return 0;
}

// A byte of GW-BASIC's data segment: the variables, the program's tokenised bytes, the
// file buffers (0 here) and BASIC's own bytes.
int data_memory(const Runtime& rt, long offset) {
  if (offset >= var_start(rt)) {
    int v = scalar_memory(rt, offset);
    if (v < 0) v = array_memory(rt, offset);
    return std::max(v, 0);
  }
  if (offset >= kCodeStart) return byte_at(rt.program_memory_, offset - kCodeStart);
  return basic_memory(rt, offset);
}

// The text screen at &HB800: a character and its attribute a cell, row by row (the
// machine's 40x25 screen: 80 bytes a row, GW-BASIC's WIDTH 40 page; in batch mode the
// printer's page, 160 bytes a row at PC-BASIC's width 80). Each page has 2K at width 40
// (8 pages), 4K at 80 (4), page p from p times that on, whichever page is active: PC-BASIC
// reads page 1's first cell at 2048 (programs/peek_pages). The bytes past a page's 25
// rows read 0.
long page_bytes(Runtime& rt) {
  return text_columns(rt) == 40 ? 2048 : 4096;
}
long text_bytes(Runtime& rt) {
  return page_bytes(rt) * machine::text_pages(text_columns(rt));
}
struct TextCell {
  int page, row, col;
  bool attribute;
  bool inside;  // on one of the page's 25 rows
};
TextCell text_cell(Runtime& rt, long offset) {
  const long in_page = offset % page_bytes(rt);
  const int cell = static_cast<int>(in_page / 2), columns = text_columns(rt);
  return {static_cast<int>(offset / page_bytes(rt)), cell / columns, cell % columns,
          in_page % 2 == 1, cell < machine::Screen::kRows * columns};
}
int text_memory(Runtime& rt, long offset) {
  const TextCell c = text_cell(rt, offset);
  return c.inside ? rt.machine_.text_page_byte(c.page, c.row, c.col, c.attribute) : 0;
}
void set_text_memory(Runtime& rt, long offset, uint8_t v) {
  const TextCell c = text_cell(rt, offset);
  if (c.inside) rt.machine_.set_text_page_byte(c.page, c.row, c.col, c.attribute, v);
}

// The machine's ID byte in ROM (F000:FFFE): an IBM PC.
constexpr long kMachineId = kRomSegment * 16 + 0xFFFE;

int peek_physical(Runtime& rt, long address) {
  const long text = address - kTextSegment * 16;
  if (address == kMachineId) return 0xFF;
  if (address >= kFontSegment * 16) return 0;
  if (text >= 0 && text < text_bytes(rt)) return text_memory(rt, text);
  if (address >= kVideoSegment * 16) return 0;
  if (address >= kDataSegment * 16) return data_memory(rt, address - kDataSegment * 16);
  return 0;  // the BIOS's low memory: not modelled
}

// Only the text screen takes a byte written into memory.
void poke_physical(Runtime& rt, long address, uint8_t v) {
  const long text = address - kTextSegment * 16;
  if (text >= 0 && text < text_bytes(rt)) set_text_memory(rt, text, v);
}

}  // namespace

long gw_value_bytes(Type type) {
  constexpr long kBytes[] = {4, 2, 3, 8};  // by Type
  return kBytes[static_cast<int>(type)];
}

long gw_record_head(std::string_view name) {
  while (!name.empty() && std::string_view("%$!#").find(name.back()) != std::string_view::npos)
    name.remove_suffix(1);
  return 1 + std::max<long>(3, static_cast<long>(name.size()) + 1);
}

int gw_screen_cell(Runtime& rt, int row, int col, bool attribute) {
  const int columns = text_columns(rt);
  if (col >= columns) return attribute ? 7 : machine::Screen::kBlank;
  return rt.machine_.text_page_byte(rt.machine_.active_page(), row, col, attribute);
}

int gw_peek(Runtime& rt, const Num& address) {
  auto offset = unsigned16(rt, address);
  if (!offset) return -1;
  return peek_physical(rt, static_cast<long>(rt.segment_) * 16 + *offset);
}

// PEEK and POKE addresses are unsigned 16-bit offsets (unsigned16: PEEK(-1) is
// PEEK(65535)). Only the text screen takes a POKE: GW-BASIC's data segment does not (PC-BASIC
// ignores a POKE into the program, the variables or the file buffers), nor do ROM and the BIOS
// area.
void gw_poke(Runtime& rt, const Num& address, const Num& value) {
  auto offset = unsigned16(rt, address);
  if (!offset) return;
  int32_t v = rt.to_int(value);
  if (rt.failed()) return;
  if (v < 0 || v > 255) {
    rt.raise(ErrorCode::kIllegalFunctionCall);
    return;
  }
  poke_physical(rt, static_cast<long>(rt.segment_) * 16 + *offset, static_cast<uint8_t>(v));
}

// ---- BSAVE and BLOAD (devices.hpp) -------------------------------------------------------

namespace {

constexpr char kBlockMark = '\xFD';    // a BSAVE file's first byte
constexpr std::size_t kBlockHead = 7;  // the mark, segment, offset, length
void put16(std::string& out, uint32_t v) {
  out += static_cast<char>(v & 0xFF);
  out += static_cast<char>(v >> 8 & 0xFF);
}
uint32_t get16(std::string_view b, std::size_t i) {
  return static_cast<unsigned char>(b[i]) |
         static_cast<uint32_t>(static_cast<unsigned char>(b[i + 1])) << 8;
}
std::optional<uint32_t> unsigned_argument(Runtime& rt, const Expr& e) {
  Num n = rt.eval_num(e);
  if (rt.failed()) return std::nullopt;
  std::optional<int32_t> v = unsigned16(rt, n);
  if (!v) return std::nullopt;
  return static_cast<uint32_t>(*v);
}

void bsave(Runtime& rt, const std::string& name, const Stmt& s) {
  std::optional<uint32_t> offset = unsigned_argument(rt, *s.exprs[1]);
  std::optional<uint32_t> length = offset ? unsigned_argument(rt, *s.exprs[2]) : std::nullopt;
  if (!length) return;
  std::string out(1, kBlockMark);
  put16(out, rt.segment_);
  put16(out, *offset);
  put16(out, *length);
  const long from = static_cast<long>(rt.segment_) * 16 + *offset;
  for (long k = 0; k < static_cast<long>(*length); ++k)
    out += static_cast<char>(peek_physical(rt, from + k));
  out += '\x1A';  // DOS's end mark, as PC-BASIC writes it
  if (ErrorCode e = rt.files_.save_block(name, out); e != ErrorCode::kNone) rt.raise(e);
}

// The file's bytes after its 7-byte head go to its segment (PC-BASIC does not take DEF SEG's),
// at the offset given or its own; a last &H1A is the end mark, not a byte.
void bload(Runtime& rt, const std::string& name, const Stmt& s) {
  std::optional<uint32_t> offset;
  if (s.exprs.size() > 1 && !(offset = unsigned_argument(rt, *s.exprs[1]))) return;
  std::string bytes;
  if (ErrorCode e = rt.files_.load_block(name, bytes); e != ErrorCode::kNone) return rt.raise(e);
  // The first byte is not looked at (PC-BASIC): a text file of 7 bytes or more loads.
  if (bytes.size() < kBlockHead) return rt.raise(ErrorCode::kBadFileMode);
  std::string_view data = std::string_view(bytes).substr(kBlockHead);
  if (!data.empty() && data.back() == '\x1A') data.remove_suffix(1);
  const long to = static_cast<long>(get16(bytes, 1)) * 16 + offset.value_or(get16(bytes, 3));
  for (std::size_t k = 0; k < data.size(); ++k)
    poke_physical(rt, to + static_cast<long>(k), static_cast<uint8_t>(data[k]));
}

}  // namespace

void exec_bsave(Runtime& rt, const Stmt& s) {
  const std::string name = rt.eval_str(*s.exprs[0]);
  if (rt.failed()) return;
  if (s.mode == 'S') return bsave(rt, name, s);
  bload(rt, name, s);
}

// VARPTR(variable): where its value is in the data segment, as an unsigned 16-bit integer.
// A variable never assigned, or an array never dimensioned, is Illegal function call.
std::string gw_varptr_text(Runtime& rt, const Expr& var) {
  auto at = gw_varptr(rt, var);
  if (!at) return {};
  return {static_cast<char>(gw_value_bytes(at->second)), static_cast<char>(at->first & 255),
          static_cast<char>(at->first >> 8 & 255)};
}

std::optional<GwValue> gw_value_at(Runtime& rt, long address) {
  long at = var_start(rt);
  for (const Runtime::Made& m : rt.made_) {
    const long value = at + gw_record_head(record_name(rt.program_, m));
    if (value == address && !m.function) {
      Expr e;
      e.kind = ExprKind::kVariable;
      e.type = m.type;
      e.slot = m.slot;
      if (m.type == Type::kString) return GwValue{m.type, make_int(0), rt.eval_str(e)};
      return GwValue{m.type, rt.eval_num(e), {}};
    }
    at += record_size(rt.program_, m);
  }
  for (int slot : rt.dimmed_) {
    const ArrayData& a = rt.arrays_[static_cast<std::size_t>(slot)];
    const Type type = rt.program_.arrays[static_cast<std::size_t>(slot)].type;
    const long offset = address - array_data(rt, slot), size = gw_value_bytes(type);
    if (offset < 0 || offset % size != 0 || offset / size >= static_cast<long>(a.count)) continue;
    const long i = offset / size;
    if (type == Type::kString)
      return GwValue{type, make_int(0), a.strings[static_cast<std::size_t>(i)]};
    return GwValue{type, rt.load_element(type, slot, i), {}};
  }
  return std::nullopt;
}

std::optional<std::pair<long, Type>> gw_varptr(Runtime& rt, const Expr& var) {
  if (var.kind == ExprKind::kVariable) {
    long at = var_start(rt);
    for (const Runtime::Made& m : rt.made_) {
      if (!m.function && m.type == var.type && m.slot == var.slot)
        return std::pair(at + gw_record_head(record_name(rt.program_, m)), m.type);
      at += record_size(rt.program_, m);
    }
  } else if (var.kind == ExprKind::kArray &&
             rt.arrays_[static_cast<std::size_t>(var.slot)].defined) {
    // The element's place from its subscripts, which are not checked against the bounds.
    const ArrayData& a = rt.arrays_[static_cast<std::size_t>(var.slot)];
    long index = 0, area = 1;
    for (std::size_t k = 0; k < var.args.size() && !rt.failed(); ++k) {
      index += area * (rt.eval_int(*var.args[k]) - rt.base_);
      if (k < a.bounds.size()) area *= a.bounds[k] + 1 - rt.base_;
    }
    if (rt.failed()) return std::nullopt;
    return std::pair(array_data(rt, var.slot) + index * gw_value_bytes(var.type), var.type);
  }
  rt.raise(ErrorCode::kIllegalFunctionCall);
  return std::nullopt;
}

}  // namespace amazing::basic
