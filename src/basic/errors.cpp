// BASIC error messages: see errors.hpp.

#include "basic/errors.hpp"

namespace amazing::basic {

std::string_view error_message(ErrorCode code) {
  switch (code) {
    case ErrorCode::kNone:
      return "No error";
    case ErrorCode::kNextWithoutFor:
      return "NEXT without FOR";
    case ErrorCode::kSyntax:
      return "Syntax error";
    case ErrorCode::kReturnWithoutGosub:
      return "RETURN without GOSUB";
    case ErrorCode::kOutOfData:
      return "Out of DATA";
    case ErrorCode::kIllegalFunctionCall:
      return "Illegal function call";
    case ErrorCode::kOverflow:
      return "Overflow";
    case ErrorCode::kOutOfMemory:
      return "Out of memory";
    case ErrorCode::kUndefinedLine:
      return "Undefined line number";
    case ErrorCode::kSubscriptOutOfRange:
      return "Subscript out of range";
    case ErrorCode::kDuplicateDefinition:
      return "Duplicate Definition";
    case ErrorCode::kDivisionByZero:
      return "Division by zero";
    case ErrorCode::kTypeMismatch:
      return "Type mismatch";
    case ErrorCode::kUndefinedFunction:
      return "Undefined user function";
    case ErrorCode::kStringTooLong:
      return "String too long";
    case ErrorCode::kLineBufferOverflow:
      return "Line buffer overflow";
    case ErrorCode::kForWithoutNext:
      return "FOR without NEXT";
    case ErrorCode::kMissingOperand:
      return "Missing operand";
    case ErrorCode::kAdvancedFeature:
      return "Advanced Feature";
  }
  return "Unprintable error";
}

std::string BasicError::text() const {
  std::string s(error_message(code));
  if (line >= 0) s += " in " + std::to_string(line);
  return s;
}

}  // namespace amazing::basic
