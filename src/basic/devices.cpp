// GW-BASIC's device statements (devices.hpp) as PC-BASIC 2.0.5 runs them headless.
#include "basic/devices.hpp"

#include <cmath>

#include "basic/gw_io.hpp"
#include "basic/runtime.hpp"

namespace amazing::basic {
namespace {

bool refused(const DeviceArgRule& rule, double v) {
  return v < rule.lo || v > rule.hi || (v >= rule.gap_lo && v <= rule.gap_hi);
}

// One argument read and checked; its value (0 for a string, a line, one left out).
std::optional<double> device_argument(Runtime& rt, const DeviceArgRule& rule, const Expr* e) {
  if (!e || rule.kind == DeviceArg::kNone) return 0.0;
  double v = 0;
  switch (rule.kind) {
    case DeviceArg::kText:
      rt.eval_str(*e);
      return rt.failed() ? std::nullopt : std::optional<double>(0.0);
    case DeviceArg::kPort: {
      Num n = rt.eval_num(*e);
      if (rt.failed()) return std::nullopt;
      std::optional<int32_t> port = unsigned16(rt, n);
      if (!port) return std::nullopt;
      return static_cast<double>(*port);
    }
    case DeviceArg::kInt:
      v = rt.eval_int(*e);
      break;
    default:
      v = static_cast<double>(rt.eval_num(*e).as_double());
      break;
  }
  if (rt.failed()) return std::nullopt;
  if (refused(rule, v)) {
    rt.raise(ErrorCode::kIllegalFunctionCall);
    return std::nullopt;
  }
  return v;
}

}  // namespace

void exec_device(Runtime& rt, const Stmt& s) {
  const DeviceStatement& rule = kDeviceStatements[s.slot];
  double values[4] = {};
  for (std::size_t i = 0; i < s.exprs.size() && i < std::size(values); ++i) {
    std::optional<double> v = device_argument(rt, rule.args[i], s.exprs[i].get());
    if (!v) return;
    values[i] = *v;
  }
  if (!s.lines.empty() && rt.program_.find_line(s.lines[0]) < 0)
    return rt.raise(ErrorCode::kUndefinedLine);
  if (rule.form != DeviceForm::kWait) return;
  // No port answers here: INP gives 0 (as PC-BASIC's INP(0)), so WAIT p, a, x goes on
  // only when x AND a is not 0.
  const auto mask = static_cast<int>(values[1]), flip = static_cast<int>(values[2]);
  if ((flip & mask) != 0) return;
  rt.next_line_ = rt.line_;
  rt.next_stmt_ = rt.stmt_;
}

}  // namespace amazing::basic
