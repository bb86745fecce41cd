// Listings: the BASIC programs the machine runs, recognised by SHA-256 the way emulators
// recognise ROM dumps. The three AMAZING revisions are known by hash (roms/README.md);
// any other file still runs, reported as unrecognised.
//   auto listing = find_listing(core::Variant::kBook);   // searches rom_search_dirs()
//   auto other = load_listing("my.bas");                 // listing->variant: nullopt
#pragma once

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/amazing_walk.hpp"
#include "core/result.hpp"

namespace amazing::basic {

struct KnownListing {
  std::string_view file;    // the usual file name
  std::string_view sha256;  // of the exact bytes
  core::Variant variant;
  std::string_view what;
};

const std::array<KnownListing, 3>& known_listings();
const KnownListing& known_listing(core::Variant variant);

struct Listing {
  std::string text;
  std::string path;
  std::string sha256;
  std::optional<core::Variant> variant;  // nullopt: not one of the known listings
};

// The SHA-256 of the bytes, as 64 lower-case hex digits.
std::string sha256_hex(std::string_view bytes);

// Reads a listing file and recognises it. Fails with a message naming the file.
core::Result<Listing> load_listing(const std::filesystem::path& path);

// Where listings are looked for, in order: $AMAZING_ROM_DIR, ./roms, the program's own
// roms/ and shared/roms (machine::data_dir: PREFIX/share/amazing when installed; in a build
// tree, links to the source tree's roms/ and to ../shared/roms beside it).
std::vector<std::filesystem::path> rom_search_dirs();

// The listing of a variant: a file with the known name in a search folder, or failing
// that any .bas file there whose hash matches. The error says where to put the file.
core::Result<Listing> find_listing(
    core::Variant variant, const std::vector<std::filesystem::path>& dirs = rom_search_dirs());

}  // namespace amazing::basic
