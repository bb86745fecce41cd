// BASIC error messages: see errors.hpp.

#include "basic/errors.hpp"

namespace amazing::basic {
namespace {

// GW-BASIC's messages by error number, as PC-BASIC 2.0.5 spells them; a number with no
// message (21, 28, 31..49, 56, 59, 60, 65, 78..255, which ERROR n may raise) prints as
// "Unprintable error".
struct ErrorText {
  int number;
  std::string_view text;
};
constexpr ErrorText kErrorTexts[] = {
    {0, "No error"},
    {1, "NEXT without FOR"},
    {2, "Syntax error"},
    {3, "RETURN without GOSUB"},
    {4, "Out of DATA"},
    {5, "Illegal function call"},
    {6, "Overflow"},
    {7, "Out of memory"},
    {8, "Undefined line number"},
    {9, "Subscript out of range"},
    {10, "Duplicate Definition"},
    {11, "Division by zero"},
    {12, "Illegal direct"},
    {13, "Type mismatch"},
    {14, "Out of string space"},
    {15, "String too long"},
    {16, "String formula too complex"},
    {17, "Can't continue"},
    {18, "Undefined user function"},
    {19, "No RESUME"},
    {20, "RESUME without error"},
    {22, "Missing operand"},
    {23, "Line buffer overflow"},
    {24, "Device Timeout"},
    {25, "Device Fault"},
    {26, "FOR without NEXT"},
    {27, "Out of paper"},
    {29, "WHILE without WEND"},
    {30, "WEND without WHILE"},
    {50, "FIELD overflow"},
    {51, "Internal error"},
    {52, "Bad file number"},
    {53, "File not found"},
    {54, "Bad file mode"},
    {55, "File already open"},
    {57, "Device I/O error"},
    {58, "File already exists"},
    {61, "Disk full"},
    {62, "Input past end"},
    {63, "Bad record number"},
    {64, "Bad file name"},
    {66, "Direct statement in file"},
    {67, "Too many files"},
    {68, "Device Unavailable"},
    {69, "Communication buffer overflow"},
    {70, "Permission Denied"},
    {71, "Disk not Ready"},
    {72, "Disk media error"},
    {73, "Advanced Feature"},
    {74, "Rename across disks"},
    {75, "Path/File access error"},
    {76, "Path not found"},
    {77, "Deadlock"},
};

}  // namespace

std::string_view error_message(ErrorCode code) {
  for (const ErrorText& e : kErrorTexts) {
    if (e.number == static_cast<int>(code)) return e.text;
  }
  return "Unprintable error";
}

std::string BasicError::text() const {
  std::string s(error_message(code));
  if (line >= 0) s += " in " + std::to_string(line);
  return s;
}

}  // namespace amazing::basic
