#include "core/ram.hpp"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <new>

namespace amazing::core {

RamBlock::RamBlock(RamBlock&& other) noexcept
    : ram_(other.ram_), address_(other.address_), bytes_(other.bytes_) {
  other.ram_ = nullptr;
  other.bytes_ = {};
}

RamBlock& RamBlock::operator=(RamBlock&& other) noexcept {
  if (this != &other) {
    reset();
    ram_ = other.ram_;
    address_ = other.address_;
    bytes_ = other.bytes_;
    other.ram_ = nullptr;
    other.bytes_ = {};
  }
  return *this;
}

RamBlock::~RamBlock() { reset(); }

void RamBlock::reset() {
  if (ram_ != nullptr) ram_->release(address_);
  ram_ = nullptr;
  bytes_ = {};
}

std::size_t Ram::used() const {
  std::size_t total = 0;
  for (const Region& r : regions_) total += r.size;
  return total;
}

Result<RamBlock> Ram::allocate(std::size_t bytes, std::string_view what) {
  // First fit in the address space; the few regions a machine has keep this cheap.
  std::size_t address = 0;
  auto pos = regions_.begin();
  for (; pos != regions_.end(); ++pos) {
    if (pos->address - address >= bytes) break;
    address = pos->address + pos->size;
  }
  bool fits = unlimited() || (address <= capacity_ && capacity_ - address >= bytes);
  if (!fits) {
    return Error{"?OUT OF MEMORY ERROR: " + std::string(what) + " needs " +
                 std::to_string(bytes) + " bytes of RAM, but the machine has " +
                 format_ram_size(capacity_) + " (" + std::to_string(capacity_) + " bytes) with " +
                 std::to_string(used()) + " in use. Run with --ram " + ram_option_for(bytes) +
                 " (or --ram unlimited).",
                 ErrorKind::kOutOfMemory};
  }
  // A zero-byte request still gets a distinct (empty) region so release stays simple.
  std::unique_ptr<uint8_t[]> data(new (std::nothrow) uint8_t[bytes == 0 ? 1 : bytes]());
  if (!data) {
    return Error{"?OUT OF MEMORY ERROR: " + std::string(what) + " needs " + std::to_string(bytes) +
                 " bytes, and this computer could not provide them. Try a smaller size.",
                 ErrorKind::kOutOfMemory};
  }
  std::span<uint8_t> span(data.get(), bytes);
  regions_.insert(pos, Region{address, bytes, std::move(data)});
  return RamBlock(this, address, span);
}

void Ram::release(std::size_t address) {
  auto it = std::find_if(regions_.begin(), regions_.end(),
                         [&](const Region& r) { return r.address == address; });
  assert(it != regions_.end());
  regions_.erase(it);
}

const Ram::Region* Ram::find(std::size_t address) const {
  // Regions are sorted: the last one starting at or before the address may hold it.
  auto it = std::upper_bound(regions_.begin(), regions_.end(), address,
                             [](std::size_t a, const Region& r) { return a < r.address; });
  if (it == regions_.begin()) return nullptr;
  --it;
  return address - it->address < it->size ? &*it : nullptr;
}

uint8_t Ram::peek(std::size_t address) const {
  const Region* r = find(address);
  return r ? r->data[address - r->address] : 0;
}

void Ram::poke(std::size_t address, uint8_t value) {
  const Region* r = find(address);
  if (r) r->data[address - r->address] = value;
}

std::string Ram::ram_option_for(std::size_t needed) const {
  std::size_t want = used() + needed;
  // Round up to a whole number of K (or M when large), the way users write it.
  std::size_t unit = want > 16u * 1024 * 1024 ? 1024u * 1024 : 1024u;
  std::size_t rounded = (want + unit - 1) / unit * unit;
  return format_ram_size(rounded);
}

Result<std::size_t> parse_ram_size(std::string_view text) {
  auto bad = [&] {
    return Error{"--ram: '" + std::string(text) +
                 "' is not a memory size; use a byte count or a number with K, M or G "
                 "(48K, 64K, 8M), or 'unlimited'"};
  };
  if (text == "unlimited") return kUnlimited;
  if (text.empty()) return bad();
  std::size_t multiplier = 1;
  char last = text.back();
  if (last == 'k' || last == 'K') multiplier = 1024;
  if (last == 'm' || last == 'M') multiplier = 1024 * 1024;
  if (last == 'g' || last == 'G') multiplier = 1024 * 1024 * 1024;
  std::string_view digits = multiplier == 1 ? text : text.substr(0, text.size() - 1);
  std::size_t n = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  if (ec != std::errc() || end != digits.data() + digits.size() || digits.empty()) return bad();
  if (n == 0) return Error{"--ram: the machine needs some memory; use at least 1K"};
  if (n > kUnlimited / 2 / multiplier) return Error{"--ram: '" + std::string(text) +
                                                    "' is too large; use 'unlimited'"};
  return n * multiplier;
}

std::string format_ram_size(std::size_t bytes) {
  if (bytes == kUnlimited) return "unlimited";
  const std::size_t m = 1024 * 1024;
  if (bytes % (1024 * m) == 0 && bytes > 0) return std::to_string(bytes / (1024 * m)) + "G";
  if (bytes % m == 0 && bytes > 0) return std::to_string(bytes / m) + "M";
  if (bytes % 1024 == 0 && bytes > 0) return std::to_string(bytes / 1024) + "K";
  return std::to_string(bytes);
}

}  // namespace amazing::core
