// The cbmbasic engine: the listing on cbmbasic, the Commodore 64's BASIC ROM recompiled,
// outside this program (outside_judge.hpp): compare's judge on the c64 machine.
#include "cli/engine.hpp"
#include "cli/engines/outside_judge.hpp"
#include "cli/job.hpp"

namespace amazing::cli {
namespace {

std::string unavailable() {
  return have_program("cbmbasic") ? "" : "no cbmbasic program on the PATH; it builds with make from github.com/mist64/cbmbasic";
}

}  // namespace

EngineInfo cbmbasic_engine() {
  EngineInfo e{EngineKind::kCbmBasic, "cbmbasic",
               "the listing on the C64's own BASIC ROM (github.com/mist64/cbmbasic), when on the PATH", false, true,
               refuse_outside};
  e.transcript = outside_transcript;
  e.unavailable = unavailable;
  return e;
}

}  // namespace amazing::cli
