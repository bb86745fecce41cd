// The 1978 listing run as it runs on sizes that are not a maze's: from line 110 on when H
// or V is not a whole number from 2 up (0, a fraction, an empty field). Lines 110-1073
// transliterated with H and V as the singles INPUT read, the arrays as DIM W(H,V) makes
// them, and every subscript checked, so the output and the BASIC error that stops it are
// PC-BASIC's (Subscript out of range in 195 for 0,5; in 400 or 700 for 2.5,3).
//
//   std::string printed;
//   ListingEnd end = listing_walk(2.5f, 3, Variant::kBook, rnd, printed);
//   if (end.error()) ... end.message() ...   // "Subscript out of range in 400"
#pragma once

#include <string>

#include "core/amazing_walk.hpp"
#include "core/rnd.hpp"

namespace amazing::core {

// How the listing's run ended.
struct ListingEnd {
  enum Kind {
    kEnded,                // it ran to its END
    kSubscriptOutOfRange,  // at `line`
    kIllegalFunctionCall,  // a negative subscript, at `line`
    kTooLong,              // it walks on without end (200 million steps): no BASIC error
  };
  Kind kind = kEnded;
  int line = 0;
  bool error() const { return kind == kSubscriptOutOfRange || kind == kIllegalFunctionCall; }
  // The BASIC error as GW-BASIC words it ("Subscript out of range in 195"); "" otherwise.
  std::string message() const;
};

// Runs the listing from line 110 for H=h, V=v (both >= 0 once rounded: line 110 was checked
// by the caller), drawing from `rnd`; `out` gets what it prints.
ListingEnd listing_walk(float h, float v, Variant variant, GwRnd& rnd, std::string& out);

}  // namespace amazing::core
