// amazing with no arguments (and stdin/stdout not both a terminal): the original dialogue
// on standard input and output, driven by the native engine.

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "core/amazing_text.hpp"
#include "core/amazing_walk.hpp"
#include "core/ram.hpp"
#include "core/render.hpp"
#include "core/text.hpp"
#include "machine/input.hpp"

namespace amazing::cli {
namespace {

std::string trim(const std::string& s) {
  auto b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  auto e = s.find_last_not_of(" \t");
  return s.substr(b, e - b + 1);
}

// A number as GW-BASIC's INPUT reads it: decimal with optional sign and exponent, or &H
// hex / &O octal. nullopt when the field is not a number (INPUT answers ?Redo from start).
std::optional<double> parse_basic_number(const std::string& field) {
  std::string f = trim(field);
  if (f.empty()) return std::nullopt;
  if (f[0] == '&') {
    int base = 8;
    std::size_t start = 1;
    if (f.size() > 1 && (f[1] == 'H' || f[1] == 'h')) base = 16, start = 2;
    else if (f.size() > 1 && (f[1] == 'O' || f[1] == 'o')) start = 2;
    std::string digits = f.substr(start);
    if (digits.empty()) return std::nullopt;
    char* end = nullptr;
    long v = std::strtol(digits.c_str(), &end, base);
    if (*end != '\0') return std::nullopt;
    return static_cast<double>(v);
  }
  for (char c : f) {
    if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '+' || c == '-' ||
          c == 'e' || c == 'E' || c == 'd' || c == 'D'))
      return std::nullopt;
  }
  std::string g = f;
  for (char& c : g)
    if (c == 'd' || c == 'D') c = 'E';
  char* end = nullptr;
  double v = std::strtod(g.c_str(), &end);
  if (end == g.c_str() || *end != '\0') return std::nullopt;
  return v;
}

// The exit code after the last write: kExitIo, with a message, when standard output did
// not take everything (a full disk, a closed descriptor), otherwise `code`.
int finish(StdoutWriter& writer, int code) {
  if (writer.flush() && std::fflush(stdout) == 0 && !std::ferror(stdout)) return code;
  std::fprintf(stderr, "amazing: write error: the maze could not be written to standard "
                       "output (disk full, or the output closed?)\n");
  return kExitIo;
}

}  // namespace

int dialogue_command(int, char**) {
  const bool echo = !isatty(STDIN_FILENO);  // a terminal echoes what is typed by itself
  std::string out;
  out += std::string(core::kBannerTitleTab - 1, ' ') + std::string(core::kBannerTitle) + "\n";
  out += std::string(core::kBannerCreditTab - 1, ' ') + std::string(core::kBannerCredit) + "\n";
  out += "\n\n\n\n";
  std::fputs(out.c_str(), stdout);

  int width = 0;
  int length = 0;
  for (;;) {
    std::fputs(core::kPrompt.data(), stdout);
    std::fflush(stdout);
    std::string line;
    machine::LineRead got = machine::read_capped_line(std::cin, line, machine::kMaxInputLine);
    if (got != machine::LineRead::kLine) {
      std::fputs("\n", stdout);
      std::fflush(stdout);
      if (got == machine::LineRead::kTooLong) {
        std::fprintf(stderr,
                     "amazing: the answer is longer than %zu characters without a line end; "
                     "type the width and length, such as 10,12, and Enter\n",
                     machine::kMaxInputLine);
      } else {
        std::fprintf(stderr, "amazing: the input ended before a width and length were given\n");
      }
      return kExitUsage;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    // The typed line shown back: control characters as escapes, never raw to the terminal.
    if (echo) std::printf("%s\n", core::printable(line).c_str());
    // Line 100: INPUT ...;H,V wants exactly two numbers.
    std::vector<std::string> fields;
    std::size_t start = 0;
    for (std::size_t comma; (comma = line.find(',', start)) != std::string::npos; start = comma + 1)
      fields.push_back(line.substr(start, comma - start));
    fields.push_back(line.substr(start));
    std::optional<double> h, v;
    if (fields.size() == 2) h = parse_basic_number(fields[0]), v = parse_basic_number(fields[1]);
    if (!h || !v) {
      std::printf("%s\n", core::kRedo.data());
      continue;
    }
    // Line 102.
    if (*h == 1 || *v == 1) {
      std::printf("%s\n", core::kMeaningless.data());
      continue;
    }
    // The 1978 program breaks with a BASIC error on these; here the user may try again.
    if (*h < 2 || *v < 2 || *h != std::floor(*h) || *v != std::floor(*v) ||
        *h > core::NibbleStore::kMaxDimension || *v > core::NibbleStore::kMaxDimension) {
      std::printf("SIZES MUST BE WHOLE NUMBERS FROM 2 TO %d.  TRY AGAIN.\n",
                  core::NibbleStore::kMaxDimension);
      continue;
    }
    width = static_cast<int>(*h);
    length = static_cast<int>(*v);
    break;
  }
  std::fputs("\n\n\n\n", stdout);

  core::Ram ram;
  core::GwRnd rnd;
  auto run = core::run_amazing(ram, width, length, core::Variant::kBook, rnd);
  if (!run) {
    std::fflush(stdout);
    std::fprintf(stderr, "%s\n", run.error().message.c_str());
    return kExitOutOfMemory;
  }
  StdoutWriter writer;
  core::TextRenderer renderer(80);
  renderer.top(run->maze, writer.buffer());
  if (int line = run->stats.stopped_at_line) {
    // As the 1978 program does (unreachable in 48K from power-on, but not in more RAM).
    writer.write(core::basic_stop_message(line) + "\n");
    return finish(writer, kExitProgramStopped);
  }
  for (int r = 0; r < run->maze.height(); ++r) {
    renderer.row(run->maze, r, writer.buffer());
    writer.maybe_flush();
  }
  return finish(writer, kExitOk);
}

}  // namespace amazing::cli
