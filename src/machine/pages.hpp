// Pages: the pc's text pages (GW-BASIC's SCREEN m,c,a,v and PCOPY). One page is live: the
// active page a, the one its owner prints to, clears, scrolls and reads back (the
// terminal's Screen, the batch run's TextPage); this store keeps the others, each as the
// owner's Page value, and knows the visual page v, the one the monitor shows. A page
// never written is blank (the owner's `blank()` makes one, in the attribute of the moment,
// only when one is needed).
// The cursor, the scrolling rows and the attribute are the screen's, shared by every page
// (PC-BASIC 2.0.5: one cursor position for all pages).
//
//   Pages<TextPage> pages;                 // page 0 active and shown
//   auto blank = [] { return TextPage(); };
//   pages.select(live, 1, 0, blank);       // live now holds page 1 (blank), page 0 is kept
//   pages.shown()                          // page 0: what the monitor shows (null: live)
//   pages.copy(live, 0, 1, blank);         // PCOPY 0,1: the live page 1 becomes page 0's copy
//   pages.stored(0)                        // page 0 kept (null: never written, blank)
//   pages.reset();                         // a new mode: every page blank, page 0 active
#pragma once

#include <algorithm>
#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

namespace amazing::machine {

template <class Page>
class Pages {
 public:
  // The most pages a mode has (SCREEN 7's 32): a page past it is taken as the last.
  static constexpr int kMost = 32;

  int active() const { return active_; }
  int visual() const { return visual_; }
  bool shows_active() const { return active_ == visual_; }

  // A new mode (SCREEN m, WIDTH): every stored page dropped, page 0 active and shown. The
  // live page is its owner's to clear.
  void reset() {
    stored_.clear();
    active_ = visual_ = 0;
  }

  // SCREEN ,,a,v: `live` is kept as the page that was active, and page a (or blank()) comes
  // into it; v is shown.
  template <class Blank>
  void select(Page& live, int active, int visual, Blank&& blank) {
    active = bound(active);
    visual = bound(visual);
    if (active != active_) {
      std::optional<Page>& next = slot(active);
      Page incoming = next ? std::move(*next) : blank();
      next.reset();
      slot(active_) = std::move(live);
      live = std::move(incoming);
    }
    active_ = active;
    visual_ = visual;
    if (!shows_active() && !slot(visual_)) slot(visual_) = blank();
  }

  // The visual page when it is not the live one; null when the live page is shown.
  const Page* shown() const {
    if (shows_active()) return nullptr;
    return &*stored_[static_cast<std::size_t>(visual_)];
  }

  // PCOPY from,to: page `to` becomes a copy of page `from` (either may be the live one).
  template <class Blank>
  void copy(Page& live, int from, int to, Blank&& blank) {
    from = bound(from);
    to = bound(to);
    if (from == to) return;
    const std::optional<Page>& source = slot(from);
    Page page = from == active_ ? live : source ? *source : blank();
    if (to == active_)
      live = std::move(page);
    else
      slot(to) = std::move(page);
  }

  // A page that is not the live one, for PEEK and POKE at its memory: null when it was
  // never written (it reads as blank); stored_or_blank() makes it so for a write.
  const Page* stored(int page) const {
    const auto at = static_cast<std::size_t>(bound(page));
    return at < stored_.size() && stored_[at] ? &*stored_[at] : nullptr;
  }
  template <class Blank>
  Page& stored_or_blank(int page, Blank&& blank) {
    std::optional<Page>& s = slot(bound(page));
    if (!s) s = blank();
    return *s;
  }

 private:
  static int bound(int page) { return std::clamp(page, 0, kMost - 1); }
  std::optional<Page>& slot(int page) {
    const auto at = static_cast<std::size_t>(page);
    if (stored_.size() <= at) stored_.resize(at + 1);
    return stored_[at];
  }

  std::vector<std::optional<Page>> stored_;
  int active_ = 0;
  int visual_ = 0;
};

}  // namespace amazing::machine
