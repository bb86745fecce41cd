// Listings and their hashes: see listing.hpp. SHA-256 as in FIPS 180-4.

#include "basic/listing.hpp"
#include "basic/program_text.hpp"
#include "basic/saved_program.hpp"
#include "machine/data_dir.hpp"
#include "machine/user_file.hpp"

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <system_error>

namespace amazing::basic {
namespace {

constexpr std::array<KnownListing, 3> kKnown = {{
    {"amazing-book.bas", "5eb3d21a70f23769089521703f19bba85def4d7d6469d7b04264cc4d54234611",
     core::Variant::kBook, "BASIC Computer Games (1978) as printed, with the line 695 bug"},
    {"amazing-fixed.bas", "deb21016855a888a3b7106752e43cdd1f4cc7fb8180914ce49584030601d4c47",
     core::Variant::kFixed, "line 695 corrected to GOTO 710"},
    {"amazing-fixed-exit.bas", "3f6fa3f264d148267a8216a4d9b57bdbaf2cf0c7fb346a4b60a8fe00728cd9f7",
     core::Variant::kFixedExit, "fixed, plus lines 1010-1014: always an exit"},
}};

constexpr uint32_t kRound[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

uint32_t rotr(uint32_t x, int n) {
  return (x >> n) | (x << (32 - n));
}

void compress(uint32_t h[8], const unsigned char* block) {
  uint32_t w[64];
  for (int i = 0; i < 16; ++i) {
    w[i] = (uint32_t{block[4 * i]} << 24) | (uint32_t{block[4 * i + 1]} << 16) |
           (uint32_t{block[4 * i + 2]} << 8) | uint32_t{block[4 * i + 3]};
  }
  for (int i = 16; i < 64; ++i) {
    uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
    uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
  }
  uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
  for (int i = 0; i < 64; ++i) {
    uint32_t s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
    uint32_t ch = (e & f) ^ (~e & g);
    uint32_t t1 = k + s1 + ch + kRound[i] + w[i];
    uint32_t s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
    uint32_t maj = (a & b) ^ (a & c) ^ (b & c);
    uint32_t t2 = s0 + maj;
    k = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
  }
  h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += k;
}

}  // namespace

const std::array<KnownListing, 3>& known_listings() {
  return kKnown;
}

const KnownListing& known_listing(core::Variant variant) {
  for (const auto& k : kKnown) {
    if (k.variant == variant) return k;
  }
  return kKnown[0];
}

std::string sha256_hex(std::string_view bytes) {
  uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  std::size_t full = bytes.size() / 64 * 64;
  for (std::size_t i = 0; i < full; i += 64)
    compress(h, reinterpret_cast<const unsigned char*>(bytes.data() + i));
  unsigned char tail[128] = {};
  std::size_t rest = bytes.size() % 64;  // < 64, so tail[rest] is in bounds
  for (std::size_t i = 0; i < rest; ++i) tail[i] = static_cast<unsigned char>(bytes[full + i]);
  tail[rest] = 0x80;
  std::size_t len = rest + 1 + 8 <= 64 ? 64 : 128;
  uint64_t bits = static_cast<uint64_t>(bytes.size()) * 8;
  for (int i = 0; i < 8; ++i) tail[len - 1 - i] = static_cast<unsigned char>(bits >> (8 * i));
  compress(h, tail);
  if (len == 128) compress(h, tail + 64);
  static const char* kHex = "0123456789abcdef";
  std::string out;
  for (uint32_t v : h) {
    for (int s = 28; s >= 0; s -= 4) out += kHex[(v >> s) & 15];
  }
  return out;
}

core::Result<Listing> load_listing(const std::filesystem::path& path) {
  // Capped, and a folder or an endless device is an error (machine/user_file.hpp).
  auto text = machine::read_user_file(path.string(), machine::kMaxProgramBytes, "the listing");
  if (!text) return core::Error{text.error().message + " (see roms/README.md)"};
  Listing listing;
  listing.text = std::move(text).value();
  listing.path = path.string();
  // A program the machines SAVEd (GW-BASIC tokenised 0xFF or protected 0xFE; a C64 PRG,
  // loaded at $0801) runs as the text LIST would show; ASCII never starts with these bytes.
  const auto first = [&](std::size_t i) {
    return i < listing.text.size() ? static_cast<unsigned char>(listing.text[i]) : 0u;
  };
  if (first(0) == 0xFF || first(0) == 0xFE) {
    auto loaded = read_gw_file(listing.text);
    if (!loaded)
      return core::Error{listing.path + ": not a GW-BASIC program: " + loaded.error().message};
    listing.text = program_text(loaded->lines);
  } else if (first(0) == 0x01 && first(1) == 0x08) {
    auto loaded = read_c64_prg(listing.text);
    if (!loaded)
      return core::Error{listing.path + ": not a C64 BASIC program: " + loaded.error().message};
    listing.text = program_text(*loaded);
  }
  listing.sha256 = sha256_hex(listing.text);
  for (const auto& k : kKnown) {
    if (k.sha256 == listing.sha256) listing.variant = k.variant;
  }
  return listing;
}

std::vector<std::filesystem::path> rom_search_dirs() {
  std::vector<std::filesystem::path> dirs;
  if (const char* env = std::getenv("AMAZING_ROM_DIR"); env && *env) dirs.emplace_back(env);
  dirs.emplace_back("roms");
  if (auto data = machine::data_dir()) {
    dirs.push_back(*data / "roms");
    dirs.push_back(*data / "shared" / "roms");  // a build tree's link to ../shared
  }
  return dirs;
}

core::Result<Listing> find_listing(core::Variant variant,
                                   const std::vector<std::filesystem::path>& dirs) {
  const KnownListing& want = known_listing(variant);
  std::error_code ec;
  for (const auto& dir : dirs) {
    auto candidate = dir / want.file;
    if (std::filesystem::is_regular_file(candidate, ec)) {
      auto listing = load_listing(candidate);
      if (listing && listing->variant == variant) return listing;
    }
  }
  // A renamed copy is still found by its hash.
  for (const auto& dir : dirs) {
    if (!std::filesystem::is_directory(dir, ec)) continue;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
      if (entry.path().extension() != ".bas" && entry.path().extension() != ".BAS") continue;
      auto listing = load_listing(entry.path());
      if (listing && listing->variant == variant) return listing;
    }
  }
  // Users put their copies in the program's roms/ folder (roms/README.md): the source
  // tree's for a build tree (its share/amazing/roms is a link to it), PREFIX/share/amazing/
  // roms for an installed copy.
  std::string where = "roms/";
  if (auto data = machine::data_dir()) {
    std::error_code ec;
    auto roms = std::filesystem::canonical(*data / "roms", ec);
    where = (ec ? *data / "roms" : roms).string() + "/";
  }
  std::string message = "no listing found for --variant " +
                        std::string(core::variant_name(variant)) + ": put " +
                        std::string(want.file) + " (sha256 " + std::string(want.sha256) + ") in " +
                        where + " (see roms/README.md), or pass --rom FILE. Looked in:";
  for (const auto& d : dirs) {
    message += ' ';
    message += d.string();
  }
  return core::Error{message};
}

}  // namespace amazing::basic
