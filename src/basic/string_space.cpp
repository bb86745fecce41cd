// String space: see Runtime in runtime.hpp. Both machines take a string's bytes from the
// top of BASIC's free memory when a program makes it (an operator, a string function,
// INPUT, assigning another variable's string, which copies it) and get back the bytes of
// strings no variable holds only by garbage collection: when something does not fit, at
// GW-BASIC's FRE("") and at every FRE on the C64 (FACTS.md "String space").

#include "basic/runtime.hpp"

namespace amazing::basic {
namespace {

// GW-BASIC wants more bytes free than it takes (free <= need is out of memory); the C64
// takes its last byte.
long bytes_to_spare(const Runtime& rt) {
  return rt.dialect_.index == kGwBasic.index ? 1 : 0;
}

}  // namespace

bool Runtime::room_for(long need, long min_left) {
  if (!count_free_ || bytes_free() - need >= min_left) return true;
  collect_strings();
  return bytes_free() - need >= min_left;
}

bool Runtime::make_string(long n) {
  if (n > 0 && !room_for(n, bytes_to_spare(*this))) {
    raise(dialect_.index == kGwBasic.index ? ErrorCode::kOutOfStringSpace
                                           : ErrorCode::kOutOfMemory);
    return false;
  }
  string_bytes_ += n;
  last_string_ = n;
  origin_ = Origin::kTemporary;
  return true;
}

void Runtime::collect_strings() {
  long live = 0;
  for (std::size_t k = 0; k < strings_.size(); ++k)
    if (str_stored_[k]) live += static_cast<long>(strings_[k].size());
  for (const ArrayData& a : arrays_) {
    for (std::size_t k = 0; k < a.stored.size(); ++k)
      if (a.stored[k]) live += static_cast<long>(a.strings[k].size());
  }
  string_bytes_ = string_mark_ = live;
  last_string_ = 0;
}

void Runtime::free_temporary() {
  if (string_mark_ != string_bytes_) string_bytes_ -= last_string_;
  last_string_ = 0;
  string_mark_ = string_bytes_;
}

}  // namespace amazing::basic
