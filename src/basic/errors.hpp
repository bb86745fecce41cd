// BASIC errors as values: a GW-BASIC error number and the line it happened in, printed the
// way GW-BASIC prints it ("Syntax error in 110"). One error stops the program.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace amazing::basic {

// GW-BASIC's error numbers (the ones this interpreter raises by name; ERROR n raises any
// of 1..255, whose message errors.cpp's one table gives).
enum class ErrorCode : uint8_t {
  kNone = 0,
  kNextWithoutFor = 1,
  kSyntax = 2,
  kReturnWithoutGosub = 3,
  kOutOfData = 4,
  kIllegalFunctionCall = 5,
  kOverflow = 6,
  kOutOfMemory = 7,
  kUndefinedLine = 8,
  kSubscriptOutOfRange = 9,
  kDuplicateDefinition = 10,
  kDivisionByZero = 11,
  kTypeMismatch = 13,
  kOutOfStringSpace = 14,
  kCantContinue = 17,
  kNoResume = 19,
  kResumeWithoutError = 20,
  kStringTooLong = 15,
  kStringFormulaTooComplex = 16,  // the C64's ?FORMULA TOO COMPLEX (its temporary strings)
  kUndefinedFunction = 18,
  kLineBufferOverflow = 23,
  kForWithoutNext = 26,
  kMissingOperand = 22,
  kWhileWithoutWend = 29,
  kWendWithoutWhile = 30,
  kFieldOverflow = 50,
  kBadFileNumber = 52,
  kFileNotFound = 53,
  kBadFileMode = 54,
  kFileAlreadyOpen = 55,
  kDeviceIoError = 57,
  kFileAlreadyExists = 58,
  kDiskFull = 61,
  kInputPastEnd = 62,
  kBadRecordNumber = 63,
  kPermissionDenied = 70,
  kBadFileName = 64,
  kDirectStatementInFile = 66,
  kPathFileAccessError = 75,
  kPathNotFound = 76,
  kAdvancedFeature = 73,  // a GW-BASIC statement this subset does not run
  kTooManyFiles = 67,
  kDeviceUnavailable = 68,  // the C64's ?DEVICE NOT PRESENT
  // The C64 KERNAL's own I/O errors (c64_files.cpp), with no GW-BASIC number: ERROR n on
  // the pc never raises them (they have no message there).
  kNotInputFile = 240,
  kNotOutputFile = 241,
  kMissingFileName = 242,
  kIllegalDeviceNumber = 243,
  kFileData = 244,
};

// "Syntax error", "NEXT without FOR", ... as GW-BASIC spells them; "Unprintable error"
// for a number GW-BASIC has no message for.
std::string_view error_message(ErrorCode code);

struct BasicError {
  ErrorCode code = ErrorCode::kNone;
  int line = -1;  // -1: not in a program line
  // A Syntax error found as the line was read: where in the line's text after its number
  // (0 the blank LIST shows after the number), for the edit line the pc's prompt then
  // shows; -1 else.
  long edit_at = -1;
  // "Syntax error in 110" (no trailing byte; see Interpreter for the 0xFF GW-BASIC adds)
  std::string text() const;
};

}  // namespace amazing::basic
