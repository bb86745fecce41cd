#include "core/listing_walk.hpp"

#include <cmath>
#include <cstdint>
#include <vector>

namespace amazing::core {

std::string ListingEnd::message() const {
  if (kind == kSubscriptOutOfRange) return "Subscript out of range in " + std::to_string(line);
  if (kind == kIllegalFunctionCall) return "Illegal function call in " + std::to_string(line);
  return "";
}

namespace {

// GW-BASIC's CINT (DIM rounds its subscripts so): half away from zero.
long cint(float x) { return std::lround(x); }

}  // namespace

ListingEnd listing_walk(float h, float v, Variant variant, GwRnd& rnd, std::string& out) {
  const long hn = cint(h), vn = cint(v);  // 0 <= hn, vn (checked at line 110 by the caller)
  const std::size_t cols = static_cast<std::size_t>(hn) + 1;
  std::vector<float> w(cols * (static_cast<std::size_t>(vn) + 1), 0.0f);
  std::vector<float> vv(w.size(), 0.0f);
  int line = 0;
  bool negative = false;  // a negative subscript is an Illegal function call in GW-BASIC
  auto in_range = [&](long r, long s) { return r >= 0 && r <= hn && s >= 0 && s <= vn; };
  auto idx = [&](long r, long s) { return static_cast<std::size_t>(s) * cols + static_cast<std::size_t>(r); };
  auto pick = [&](float k) {
    float t = rnd.rnd(1.0f) * k;
    t = t + 1.0f;
    return static_cast<long>(std::floor(t));
  };
  const float hv1 = static_cast<float>(h * v) + 1.0f;  // H*V+1 in single precision
  long q = 0, z = 0, x = 0, r = 0, s = 0, c = 0;
  uint64_t steps = 0;
  const uint64_t kMaxSteps = 200'000'000;  // the listing scans forever on no grid we reach
#define AT(arr, rr, ss, ln) \
  if (!in_range((rr), (ss))) { line = (ln); negative = (rr) < 0 || (ss) < 0; goto stop; } \
  float& arr##_ref = arr[idx((rr), (ss))]
  // Lines 120-150.
  out += "\n\n\n\n";
  // 160-190.
  x = pick(h);
  for (float i = 1; i <= h; i += 1) out += (i == static_cast<float>(x)) ? ".  " : ".--";
  out += ".\n";
  // 195-200.
  c = 1;
  { AT(w, x, 1, 195); w_ref = static_cast<float>(c); }
  c = c + 1;
  r = x, s = 1;
  goto L260;
L210:
  if (++steps > kMaxSteps) return ListingEnd{ListingEnd::kTooLong, 0};
  if (static_cast<float>(r) != h) goto L240;
  if (static_cast<float>(s) != v) goto L230;
  r = 1, s = 1;
  goto L250;
L230:
  r = 1, s = s + 1;
  goto L250;
L240:
  r = r + 1;
L250: {
  AT(w, r, s, 250);
  if (w_ref == 0) goto L210;
}
L260:
  if (++steps > kMaxSteps) return ListingEnd{ListingEnd::kTooLong, 0};
  if (r - 1 == 0) goto L530;
  { AT(w, r - 1, s, 265); if (w_ref != 0) goto L530; }
  if (s - 1 == 0) goto L390;
  { AT(w, r, s - 1, 280); if (w_ref != 0) goto L390; }
  if (static_cast<float>(r) == h) goto L330;
  { AT(w, r + 1, s, 300); if (w_ref != 0) goto L330; }
  x = pick(3);
  if (x == 1) goto L790;
  if (x == 2) goto L820;
  goto L860;
L330:
  if (static_cast<float>(s) != v) goto L340;
  if (z == 1) goto L370;
  q = 1;
  goto L350;
L340: { AT(w, r, s + 1, 340); if (w_ref != 0) goto L370; }
L350:
  x = pick(3);
  if (x == 1) goto L790;
  if (x == 2) goto L820;
  goto L910;
L370:
  x = pick(2);
  if (x == 1) goto L790;
  goto L820;
L390:
  if (static_cast<float>(r) == h) goto L470;
  { AT(w, r + 1, s, 400); if (w_ref != 0) goto L470; }
  if (static_cast<float>(s) != v) goto L420;
  if (z == 1) goto L450;
  q = 1;
  goto L430;
L420: { AT(w, r, s + 1, 420); if (w_ref != 0) goto L450; }
L430:
  x = pick(3);
  if (x == 1) goto L790;
  if (x == 2) goto L860;
  goto L910;
L450:
  x = pick(2);
  if (x == 1) goto L790;
  goto L860;
L470:
  if (static_cast<float>(s) != v) goto L490;
  if (z == 1) goto L520;
  q = 1;
  goto L500;
L490: { AT(w, r, s + 1, 490); if (w_ref != 0) goto L520; }
L500:
  x = pick(2);
  if (x == 1) goto L790;
  goto L910;
L520:
  goto L790;
L530:
  if (s - 1 == 0) goto L670;
  { AT(w, r, s - 1, 540); if (w_ref != 0) goto L670; }
  if (static_cast<float>(r) == h) goto L610;
  { AT(w, r + 1, s, 547); if (w_ref != 0) goto L610; }
  if (static_cast<float>(s) != v) goto L560;
  if (z == 1) goto L590;
  q = 1;
  goto L570;
L560: { AT(w, r, s + 1, 560); if (w_ref != 0) goto L590; }
L570:
  x = pick(3);
  if (x == 1) goto L820;
  if (x == 2) goto L860;
  goto L910;
L590:
  x = pick(2);
  if (x == 1) goto L820;
  goto L860;
L610:
  if (static_cast<float>(s) != v) goto L630;
  if (z == 1) goto L660;
  q = 1;
  goto L640;
L630: { AT(w, r, s + 1, 630); if (w_ref != 0) goto L660; }
L640:
  x = pick(2);
  if (x == 1) goto L820;
  goto L910;
L660:
  goto L820;
L670:
  if (static_cast<float>(r) == h) goto L740;
  { AT(w, r + 1, s, 680); if (w_ref != 0) goto L740; }
  if (static_cast<float>(s) != v) goto L700;
  if (z == 1) goto L730;
  q = 1;
  if (variant == Variant::kBook) goto L830;  // line 695 as printed in 1978
  goto L710;
L700: { AT(w, r, s + 1, 700); if (w_ref != 0) goto L730; }
L710:
  x = pick(2);
  if (x == 1) goto L860;
  goto L910;
L730:
  goto L860;
L740:
  if (static_cast<float>(s) != v) goto L760;
  if (z == 1) goto L780;
  q = 1;
  goto L770;
L760: { AT(w, r, s + 1, 760); if (w_ref != 0) goto L780; }
L770:
  goto L910;
L780:
  goto L210;
L790: { AT(w, r - 1, s, 790); w_ref = static_cast<float>(c); }
  c = c + 1;
  { AT(vv, r - 1, s, 800); vv_ref = 2; }
  r = r - 1;
  if (static_cast<float>(c) == hv1) goto L1010;
  q = 0;
  goto L260;
L820: { AT(w, r, s - 1, 820); w_ref = static_cast<float>(c); }
L830:
  c = c + 1;
  { AT(vv, r, s - 1, 840); vv_ref = 1; }
  s = s - 1;
  if (static_cast<float>(c) == hv1) goto L1010;
  q = 0;
  goto L260;
L860: { AT(w, r + 1, s, 860); w_ref = static_cast<float>(c); }
  c = c + 1;
  { AT(vv, r, s, 870); vv_ref = vv_ref == 0 ? 2 : 3; }
  r = r + 1;
  if (static_cast<float>(c) == hv1) goto L1010;
  goto L530;
L910:
  if (q == 1) goto L960;
  { AT(w, r, s + 1, 920); w_ref = static_cast<float>(c); }
  c = c + 1;
  { AT(vv, r, s, 920); vv_ref = vv_ref == 0 ? 1 : 3; }
  s = s + 1;
  if (static_cast<float>(c) == hv1) goto L1010;
  goto L260;
L960:
  z = 1;
  {
    AT(vv, r, s, 970);
    if (vv_ref != 0) { vv_ref = 3; q = 0; goto L210; }
    vv_ref = 1;
  }
  q = 0, r = 1, s = 1;
  goto L250;
L1010:
  if (variant == Variant::kFixedExit && z != 1) {
    x = pick(h);
    AT(vv, x, static_cast<long>(cint(v)), 1012);
    vv_ref = vv_ref == 0 ? 1 : 3;
  }
  for (float j = 1; j <= v; j += 1) {
    out += "I";
    for (float i = 1; i <= h; i += 1) {
      AT(vv, cint(i), cint(j), variant == Variant::kFixedExit ? 1018 : 1013);
      out += vv_ref < 2 ? "  I" : "   ";
    }
    out += "\n";
    for (float i = 1; i <= h; i += 1) {
      AT(vv, cint(i), cint(j), 1045);
      out += (vv_ref == 0 || vv_ref == 2) ? ":--" : ":  ";
    }
    out += ".\n";
  }
  return ListingEnd{};
#undef AT
stop:
  return ListingEnd{negative ? ListingEnd::kIllegalFunctionCall : ListingEnd::kSubscriptOutOfRange,
                    line};
}


}  // namespace amazing::core
