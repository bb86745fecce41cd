// The PC-BASIC oracle for conformance tests: PC-BASIC's outputs recorded in
// tests/conformance/recorded (checked and listed by the oracle.recorded fixture) plus a
// fresh sample run live by the oracle.live fixture, shared by every engine's test.
//
//   TEST(NativeConformance, Book) {
//     for (const OracleCase& c : oracle_cases_or_skip()) { ... c.transcript ... }
//   }
// Missing or stale recordings fail the test. Without PC-BASIC the live sample is left out
// with a note (a failure when AMAZING_REQUIRE_ORACLE=1). Link `amazing_oracle`, and add
// the tests with gtest_discover_tests(... PROPERTIES ${AMAZING_CONFORMANCE_PROPERTIES})
// (FIXTURES_REQUIRED oracle; each TEST its own CTest test, so a skip shows Skipped).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace amazing::testing {

struct OracleCase {
  std::string id;                  // "book/0042", "fixed/dialogue03", "program/zones"
  std::string listing;             // "book" | "fixed" | "fixed-exit" | a .bas path
  std::string kind;                // "maze" (one good W,L), "dialogue" (bad answers), "program"
  std::optional<int16_t> seed;     // N%=seed: RANDOMIZE N% before the program
  std::vector<std::string> input;  // the lines typed, in order
  int width = 0, length = 0;       // the W,L of a "maze" case (0 otherwise)
  std::string transcript;          // PC-BASIC's stdout, CRLF -> LF

  // The maze part of the transcript: what follows the four blank lines after the prompt.
  std::string maze() const;
};

// Every case, loaded once: the recorded ones, then the live sample's. Inside a TEST body:
// records a failure and returns an empty list when the recordings are unavailable (and a
// failure when AMAZING_REQUIRE_ORACLE=1 and the live sample did not run).
const std::vector<OracleCase>& oracle_cases_or_skip();

// AMAZING_ORACLE_EVERY=N (the asan test preset: 2): one recorded "maze" case in N is kept,
// every other case and the live sample all; 1 when unset. A test's minimum number of maze
// cases is divided by it.
std::size_t oracle_every();

// AMAZING_REQUIRE_ORACLE=1: what would skip (no PC-BASIC, no listings) must fail instead.
bool oracle_required();

// The cases of one kind for one listing ("book", "fixed", "fixed-exit").
std::vector<const OracleCase*> oracle_cases(const std::vector<OracleCase>& all,
                                            const std::string& listing,
                                            const std::string& kind = "maze");

// "" when equal; otherwise where the first difference is: line, column, both lines, and
// the bytes, for the test's failure message.
std::string first_difference(const std::string& expected, const std::string& actual);

// The amazing command line options for a case: --size W,L [--seed N] --variant V.
std::vector<std::string> gen_arguments(const OracleCase& c);

}  // namespace amazing::testing
