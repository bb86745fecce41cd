// The pcbasic engine: the listing on PC-BASIC, GW-BASIC as a Python program,
// outside this program (outside_judge.hpp): compare's judge on the pc machine.
#include "cli/engine.hpp"
#include "cli/engines/outside_judge.hpp"
#include "cli/job.hpp"

namespace amazing::cli {
namespace {

std::string unavailable() {
  return have_program("pcbasic") ? "" : "the pcbasic program is not installed; on Debian: apt install python3-pcbasic";
}

}  // namespace

EngineInfo pcbasic_engine() {
  EngineInfo e{EngineKind::kPcBasic, "pcbasic",
               "the listing on PC-BASIC, when installed", true, false,
               refuse_outside};
  e.transcript = outside_transcript;
  e.unavailable = unavailable;
  return e;
}

}  // namespace amazing::cli
