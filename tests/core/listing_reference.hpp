// A line-by-line transliteration of the AMAZING listing (lines 160-1014), GOTO for GOTO,
// with its naive O(cells) dead-end scan. ON X GOTO with X past its list falls through
// to the next line, as GW-BASIC does (X=3 of INT(RND(1)*2+1) at RND state 0xFFFFFF). Tests only: it is the independent reference the
// structured walk in src/core must match cell for cell, at sizes PC-BASIC cannot check.
#pragma once

#include <vector>

#include "core/amazing_walk.hpp"
#include "core/rnd.hpp"

namespace amazing::testref {

struct ListingResult {
  int entrance = 0;               // X of line 160, 1-based
  std::vector<std::vector<int>> v;  // V(R,S), [R][S], 1-based
  int stopped_at_line = 0;        // "Subscript out of range in" this line, or 0
};

inline ListingResult run_listing(int H, int VV, core::Variant variant, core::GwRnd& rnd) {
  std::vector<std::vector<int>> W(H + 1, std::vector<int>(VV + 1, 0));
  std::vector<std::vector<int>> V(H + 1, std::vector<int>(VV + 1, 0));
  int Q = 0, Z = 0, X = 0, C = 0, R = 0, S = 0;
  int line = 160;
  ListingResult result;
  for (;;) {
    switch (line) {
      case 160: Q = 0; Z = 0; X = rnd.draw(H); result.entrance = X; line = 195; break;
      case 195: if (X > H) { result.stopped_at_line = 195; result.v = V; return result; }
                C = 1; W[X][1] = C; C = C + 1; R = X; S = 1; line = 260; break;
      case 210: if (R != H) { line = 240; break; }
                if (S != VV) { R = 1; S = S + 1; line = 250; break; }
                R = 1; S = 1; line = 250; break;
      case 240: R = R + 1; line = 250; break;
      case 250: line = W[R][S] == 0 ? 210 : 260; break;
      case 260: if (R - 1 == 0 || W[R - 1][S] != 0) { line = 530; break; }
                if (S - 1 == 0 || W[R][S - 1] != 0) { line = 390; break; }
                if (R == H || W[R + 1][S] != 0) { line = 330; break; }
                X = rnd.draw(3); line = X == 1 ? 790 : X == 2 ? 820 : 860; break;
      case 330: if (S != VV) { line = W[R][S + 1] != 0 ? 370 : 350; break; }
                if (Z == 1) { line = 370; break; }
                Q = 1; line = 350; break;
      case 350: X = rnd.draw(3); line = X == 1 ? 790 : X == 2 ? 820 : 910; break;
      case 370: X = rnd.draw(2); line = X == 1 ? 790 : X == 2 ? 820 : 390; break;
      case 390: if (R == H || W[R + 1][S] != 0) { line = 470; break; }
                if (S != VV) { line = W[R][S + 1] != 0 ? 450 : 430; break; }
                if (Z == 1) { line = 450; break; }
                Q = 1; line = 430; break;
      case 430: X = rnd.draw(3); line = X == 1 ? 790 : X == 2 ? 860 : 910; break;
      case 450: X = rnd.draw(2); line = X == 1 ? 790 : X == 2 ? 860 : 470; break;
      case 470: if (S != VV) { line = W[R][S + 1] != 0 ? 790 : 500; break; }
                if (Z == 1) { line = 790; break; }
                Q = 1; line = 500; break;
      case 500: X = rnd.draw(2); line = X == 1 ? 790 : X == 2 ? 910 : 790; break;  // 520 GOTO 790
      case 530: if (S - 1 == 0 || W[R][S - 1] != 0) { line = 670; break; }
                if (R == H || W[R + 1][S] != 0) { line = 610; break; }
                if (S != VV) { line = W[R][S + 1] != 0 ? 590 : 570; break; }
                if (Z == 1) { line = 590; break; }
                Q = 1; line = 570; break;
      case 570: X = rnd.draw(3); line = X == 1 ? 820 : X == 2 ? 860 : 910; break;
      case 590: X = rnd.draw(2); line = X == 1 ? 820 : X == 2 ? 860 : 610; break;
      case 610: if (S != VV) { line = W[R][S + 1] != 0 ? 820 : 640; break; }
                if (Z == 1) { line = 820; break; }
                Q = 1; line = 640; break;
      case 640: X = rnd.draw(2); line = X == 1 ? 820 : X == 2 ? 910 : 820; break;  // 660 GOTO 820
      case 670: if (R == H || W[R + 1][S] != 0) { line = 740; break; }
                if (S != VV) { line = W[R][S + 1] != 0 ? 860 : 710; break; }
                if (Z == 1) { line = 860; break; }
                Q = 1;
                line = variant == core::Variant::kBook ? 830 : 710;  // line 695
                break;
      case 710: X = rnd.draw(2); line = X == 1 ? 860 : X == 2 ? 910 : 860; break;  // 730 GOTO 860
      case 740: if (S != VV) { line = W[R][S + 1] != 0 ? 210 : 910; break; }
                if (Z == 1) { line = 210; break; }
                Q = 1; line = 910; break;
      case 790: W[R - 1][S] = C; C = C + 1; V[R - 1][S] = 2; R = R - 1;
                if (C == H * VV + 1) { line = 1010; break; }
                Q = 0; line = 260; break;
      case 820: W[R][S - 1] = C; line = 830; break;
      case 830: C = C + 1; V[R][S - 1] = 1; S = S - 1;
                if (C == H * VV + 1) { line = 1010; break; }
                Q = 0; line = 260; break;
      case 860: W[R + 1][S] = C; C = C + 1; V[R][S] = V[R][S] == 0 ? 2 : 3; R = R + 1;
                if (C == H * VV + 1) { line = 1010; break; }
                line = 530; break;
      case 910: if (Q == 1) { line = 960; break; }
                W[R][S + 1] = C; C = C + 1; V[R][S] = V[R][S] == 0 ? 1 : 3; S = S + 1;
                if (C == H * VV + 1) { line = 1010; break; }
                line = 260; break;
      case 960: Z = 1;
                if (V[R][S] == 0) { V[R][S] = 1; Q = 0; R = 1; S = 1; line = 250; break; }
                V[R][S] = 3; Q = 0; line = 210; break;
      case 1010:
        if (variant == core::Variant::kFixedExit && Z != 1) {
          X = rnd.draw(H);
          if (X > H) { result.stopped_at_line = 1012; result.v = V; return result; }
          V[X][VV] = V[X][VV] == 0 ? 1 : 3;
        }
        result.v = V;
        return result;
      default:
        return result;  // unreachable: every line above sets the next one
    }
  }
}

}  // namespace amazing::testref
