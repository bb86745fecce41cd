#include "conformance/oracle.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#ifndef AMAZING_ORACLE_DIR
#error "AMAZING_ORACLE_DIR must name the folder oracle.py writes"
#endif

namespace amazing::testing {
namespace {

struct Loaded {
  bool available = false;
  std::string reason;     // why the recordings are not available
  std::string live_note;  // why there is no live sample ("" when there is one)
  std::vector<OracleCase> cases;
};

std::string read_file(const std::string& path, bool* ok) {
  std::ifstream in(path, std::ios::binary);
  *ok = static_cast<bool>(in);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (std::size_t i; (i = s.find(sep, start)) != std::string::npos; start = i + 1)
    parts.push_back(s.substr(start, i - start));
  parts.push_back(s.substr(start));
  return parts;
}

bool require_oracle() {
  const char* req = std::getenv("AMAZING_REQUIRE_ORACLE");
  return req != nullptr && std::string(req) == "1";
}

// Adds the cases of one manifest (oracle.py's format: 8 tab-separated fields, the last the
// output's path, absolute or relative to `dir`; lines starting with # are comments).
// Returns "" or what is wrong.
std::string read_manifest(const std::string& dir, const std::string& manifest,
                          std::vector<OracleCase>* cases) {
  std::istringstream lines(manifest);
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line[0] == '#') continue;
    auto f = split(line, '\t');
    if (f.size() != 8) return "malformed manifest line: " + line;
    OracleCase c;
    c.id = f[0];
    c.listing = f[1];
    try {
      if (f[2] != "-") c.seed = static_cast<int16_t>(std::stoi(f[2]));
      c.width = std::stoi(f[3]);
      c.length = std::stoi(f[4]);
    } catch (const std::exception&) {
      return "malformed manifest line: " + line;
    }
    c.kind = f[5];
    // An empty field is no typed line at all (a program without input, the dialogue whose
    // input ends at the first question); no case types a single empty line.
    if (!f[6].empty()) c.input = split(f[6], '\x1f');
    for (std::string& typed : c.input) std::replace(typed.begin(), typed.end(), '\x1e', '\t');
    bool ok = false;
    const std::string path = f[7].rfind('/', 0) == 0 ? f[7] : dir + "/" + f[7];
    c.transcript = read_file(path, &ok);
    if (!ok) return "the oracle output " + path + " for " + c.id + " is missing";
    cases->push_back(std::move(c));
  }
  return "";
}

}  // namespace

// The asan preset sets AMAZING_ORACLE_EVERY=2: the sanitized run looks for memory errors in
// the same engines on the same code paths, and .ci/run has checked every case before it.
std::size_t oracle_every() {
  const char* every = std::getenv("AMAZING_ORACLE_EVERY");
  if (every == nullptr) return 1;
  const long n = std::strtol(every, nullptr, 10);
  return n > 1 ? static_cast<std::size_t>(n) : 1;
}

namespace {

Loaded load() {
  Loaded l;
  const std::string dir = AMAZING_ORACLE_DIR;
  const std::string rerun = " (ctest runs the oracle.recorded fixture first: ctest -R oracle)";
  bool ok = false;
  std::string status = read_file(dir + "/status.txt", &ok);
  if (!ok) {
    l.reason = "no oracle manifest in " + dir + rerun;
    return l;
  }
  if (status.rfind("ok", 0) != 0) {
    l.reason = "the recorded PC-BASIC outputs are not usable: " + status.substr(0, status.find('\n'));
    return l;
  }
  std::string manifest = read_file(dir + "/manifest.tsv", &ok);
  if (!ok) {
    l.reason = "the oracle's manifest.tsv is missing in " + dir + rerun;
    return l;
  }
  if (l.reason = read_manifest(dir, manifest, &l.cases); !l.reason.empty()) return l;
  if (l.cases.empty()) {
    l.reason = "the oracle's manifest lists no cases";
    return l;
  }
  const std::size_t every = oracle_every();
  if (every > 1) {
    std::size_t n = 0;
    std::erase_if(
        l.cases, [&n, every](const OracleCase& c) { return c.kind == "maze" && n++ % every != 0; });
  }
  const std::size_t recorded = l.cases.size();
  // The live sample (oracle.live): "# skipped: why" / "# failed: why" when it did not run.
  std::string live = read_file(dir + "/live.tsv", &ok);
  if (!ok) {
    l.live_note = "no live PC-BASIC sample (oracle.live did not run)";
  } else if (live.rfind("# skipped: ", 0) == 0 || live.rfind("# failed: ", 0) == 0) {
    l.live_note = "no live PC-BASIC sample: " + live.substr(2, live.find('\n') - 2);
  } else if (l.reason = read_manifest(dir, live, &l.cases); !l.reason.empty()) {
    return l;
  }
  std::printf(
      "oracle: %zu recorded cases (one maze case in %zu), %zu from the live PC-BASIC "
      "sample%s%s\n",
      recorded, every, l.cases.size() - recorded, l.live_note.empty() ? "" : "; ",
      l.live_note.c_str());
  l.available = true;
  return l;
}

}  // namespace

std::string OracleCase::maze() const {
  // The prompt line, then four PRINTs (lines 120-150), then the maze.
  std::size_t at = transcript.rfind("WHAT ARE YOUR WIDTH AND LENGTH? ");
  if (at == std::string::npos) return "";
  at = transcript.find('\n', at);
  for (int i = 0; i < 4 && at != std::string::npos; ++i) at = transcript.find('\n', at + 1);
  return at == std::string::npos ? "" : transcript.substr(at + 1);
}

const std::vector<OracleCase>& oracle_cases_or_skip() {
  static const Loaded loaded = load();
  static const std::vector<OracleCase> none;
  // The recordings are part of the repository: without them the test fails, always.
  if (!loaded.available) {
    ADD_FAILURE() << "conformance: " << loaded.reason;
    return none;
  }
  if (!loaded.live_note.empty() && require_oracle())
    ADD_FAILURE() << "AMAZING_REQUIRE_ORACLE=1 but there is " << loaded.live_note;
  return loaded.cases;
}

bool oracle_required() { return require_oracle(); }

std::vector<const OracleCase*> oracle_cases(const std::vector<OracleCase>& all,
                                            const std::string& listing, const std::string& kind) {
  std::vector<const OracleCase*> out;
  for (const OracleCase& c : all)
    if (c.listing == listing && c.kind == kind) out.push_back(&c);
  return out;
}

std::string first_difference(const std::string& expected, const std::string& actual) {
  if (expected == actual) return "";
  std::size_t i = 0;
  while (i < expected.size() && i < actual.size() && expected[i] == actual[i]) ++i;
  std::size_t line_start = expected.rfind('\n', i == 0 ? 0 : i - 1);
  line_start = (line_start == std::string::npos || i == 0) ? 0 : line_start + 1;
  std::size_t line_no = 1;
  for (std::size_t k = 0; k < line_start; ++k) line_no += expected[k] == '\n';
  auto line_at = [&](const std::string& s) {
    if (line_start >= s.size()) return std::string("<end of output>");
    return s.substr(line_start, s.find('\n', line_start) - line_start);
  };
  auto byte_at = [&](const std::string& s) {
    if (i >= s.size()) return std::string("end of output");
    char b[16];
    std::snprintf(b, sizeof b, "0x%02x", static_cast<unsigned char>(s[i]));
    return std::string(b);
  };
  std::ostringstream m;
  m << "first difference at byte " << i << " (line " << line_no << ", column "
    << (i - line_start + 1) << "): expected " << byte_at(expected) << ", got " << byte_at(actual)
    << "\n  expected line: " << line_at(expected) << "\n  actual line:   " << line_at(actual);
  return m.str();
}

std::vector<std::string> gen_arguments(const OracleCase& c) {
  std::vector<std::string> args = {"--size", std::to_string(c.width) + "x" + std::to_string(c.length),
                                   "--variant", c.listing};
  if (c.seed) {
    args.push_back("--seed");
    args.push_back(std::to_string(*c.seed));
  }
  return args;
}

}  // namespace amazing::testing
