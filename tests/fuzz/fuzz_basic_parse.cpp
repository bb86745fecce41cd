// Fuzz target: the BASIC scanner and parser (src/basic) on arbitrary listing text.
// Every line goes through scan_line, the whole text through parse_program; a parsed
// program must have its lines in increasing order and find each of them by number.
// The listing's SHA-256 (how listings are recognised) must be 64 hex digits.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "basic/listing.hpp"
#include "basic/program.hpp"
#include "basic/scanner.hpp"

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  using namespace amazing::basic;
  // Listings are a few KB; bigger inputs only make the run slower, not more interesting.
  if (size > 16384) return 0;
  std::string_view text(reinterpret_cast<const char*>(data), size);

  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    auto tokens = scan_line(text.substr(pos, end - pos));
    check(!tokens.empty() && tokens.back().kind == TokenKind::kEnd);
    for (const auto& t : tokens) {
      if (t.kind == TokenKind::kKeyword) check(!keyword_name(t.keyword).empty());
    }
    pos = end + 1;
  }

  auto program = parse_program(text);
  if (program) {
    const auto& lines = program->lines;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (i > 0) check(lines[i - 1].number < lines[i].number);
      check(program->find_line(lines[i].number) == static_cast<int>(i));
    }
  }

  auto hash = sha256_hex(text);
  check(hash.size() == 64);
  for (char c : hash) check((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'));
  return 0;
}
