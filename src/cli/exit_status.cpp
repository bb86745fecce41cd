#include "cli/exit_status.hpp"

#include "basic/interpreter.hpp"
#include "core/result.hpp"
#include "lua/engine.hpp"

namespace amazing::cli {

Ending ending_of(const lua::RunResult& result) {
  switch (result.outcome) {
    case lua::Outcome::kOk:
      break;
    case lua::Outcome::kSyntaxError:
      return Ending::kLuaSyntax;
    case lua::Outcome::kStepLimit:
    case lua::Outcome::kMemoryLimit:
      return Ending::kLimit;
    case lua::Outcome::kOutOfRam:
      return Ending::kOutOfMemory;
    case lua::Outcome::kRefused:
      return Ending::kUsage;
    case lua::Outcome::kInterrupted:
      return Ending::kInterrupted;
    case lua::Outcome::kRuntimeError:
      // The 1978 walk that stops in maze-only mode says so, then ends with an error.
      if (!result.program_error) return Ending::kLuaError;
      break;
  }
  if (!result.program_error) return Ending::kOk;
  return result.program_error->out_of_memory ? Ending::kOutOfMemory : Ending::kBasicError;
}

Ending ending_of(const core::Error& error) {
  switch (error.kind) {
    case core::ErrorKind::kOutOfMemory:
      return Ending::kOutOfMemory;
    case core::ErrorKind::kWrite:
      return Ending::kWriteError;
    case core::ErrorKind::kLimit:
      return Ending::kLimit;
    case core::ErrorKind::kInvalid:
      break;
  }
  return Ending::kUsage;
}

Ending ending_of(const basic::RunResult& result) {
  switch (result.outcome) {
    case basic::Outcome::kError:
      return result.error.code == basic::ErrorCode::kOutOfMemory ? Ending::kOutOfMemory
                                                                 : Ending::kBasicError;
    case basic::Outcome::kStepLimit:
    case basic::Outcome::kHalted:
      return Ending::kLimit;
    case basic::Outcome::kInputEnded:
    case basic::Outcome::kEnded:
    case basic::Outcome::kStopped:
    case basic::Outcome::kSystem:
    case basic::Outcome::kCommand:
      break;
  }
  return Ending::kOk;
}

}  // namespace amazing::cli
