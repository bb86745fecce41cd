// Result<T>: a value or an Error whose message says what was wrong and what to do.
// Bad user input travels as a returned Error (never an exception); misuse inside the
// program is an assert.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace amazing::core {

// What kind of failure an Error is, so the host can answer it (cli/exit_status.hpp maps
// kinds to exit statuses) without reading the message.
enum class ErrorKind {
  kInvalid,      // bad input or a bad request (the default)
  kOutOfMemory,  // the machine's RAM (--ram) or the host could not hold it
  kWrite,        // output that could not be written
  kLimit,        // a limit on the run (steps, output) stopped it
};

struct Error {
  std::string message;
  ErrorKind kind = ErrorKind::kInvalid;
};

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}  // NOLINT: implicit by design
  Result(Error error) : v_(std::move(error)) {}  // NOLINT: implicit by design

  bool ok() const { return std::holds_alternative<T>(v_); }
  explicit operator bool() const { return ok(); }

  T& value() & {
    assert(ok());
    return std::get<T>(v_);
  }
  const T& value() const& {
    assert(ok());
    return std::get<T>(v_);
  }
  T&& value() && {
    assert(ok());
    return std::get<T>(std::move(v_));
  }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T&& operator*() && { return std::move(*this).value(); }

  const Error& error() const {
    assert(!ok());
    return std::get<Error>(v_);
  }

 private:
  std::variant<T, Error> v_;
};

// For operations that return nothing but may fail.
struct Ok {};
using Status = Result<Ok>;

}  // namespace amazing::core
