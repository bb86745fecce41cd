// The pc's music (music.hpp), as PC-BASIC 2.0.5's sound.py times it.
#include "basic/music.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string_view>

#include "basic/macro_text.hpp"
#include "basic/runtime.hpp"

namespace amazing::basic {

void MusicQueue::expire(double now) {
  while (!entries_.empty() && entries_.front().end <= now) entries_.pop_front();
}

void MusicQueue::put(double now, std::optional<double> seconds, bool counts) {
  expire(now);
  if (!entries_.empty() && std::isinf(entries_.back().end)) entries_.pop_back();
  const double start = entries_.empty() ? now : std::max(entries_.back().end, now);
  const double end = seconds ? start + *seconds : std::numeric_limits<double>::infinity();
  entries_.push_back({end, counts});
}

std::size_t MusicQueue::length(double now) {
  expire(now);
  return entries_.size();
}

int MusicQueue::waiting(double now) {
  expire(now);
  if (entries_.empty()) return 0;
  return static_cast<int>(
      std::count_if(entries_.begin() + 1, entries_.end(), [](const Entry& e) { return e.counts; }));
}

double MusicQueue::until(double now, std::size_t n) {
  expire(now);
  if (entries_.size() <= n) return now;
  const double end = entries_[entries_.size() - n - 1].end;
  return std::isinf(end) ? now : end;  // a looping tone is always the last: never so
}

namespace {

// The PC's timer ticks: 1193180 / 65536 a second (SOUND's durations count them).
constexpr double kTicksPerSecond = 1193180.0 / 65536.0;
// A SOUND shorter than this many ticks sounds until the next one (PC-BASIC: 1/44).
constexpr double kLoopTicks = 0.02272727248;
constexpr double kBeepSeconds = 0.25;

double now(Runtime& rt) {
  return rt.clock_.seconds();
}

// A note or pause of `seconds`: its tone for `fill` of them, then the gap.
void tone(Runtime& rt, std::optional<double> seconds, double fill) {
  MusicQueue& q = rt.music_.queue;
  if (!seconds) return q.put(now(rt), std::nullopt, true);
  q.put(now(rt), fill * *seconds, true);
  if (fill != 1) q.put(now(rt), (1 - fill) * *seconds, false);
}

// Until at most n are queued: the emulated clock moves on to then.
void wait_for_queue(Runtime& rt, std::size_t n) {
  const double from = now(rt);
  const double to = rt.music_.queue.until(from, n);
  if (to <= from) return;
  rt.clock_.cycles += static_cast<uint64_t>(std::ceil((to - from) * rt.clock_.cpu_hz()));
  rt.tick_now_ = true;  // a host keeping the machine's pace waits for the music now
}

void wait_after(Runtime& rt, bool foreground) {
  wait_for_queue(rt, foreground ? 1 : MusicQueue::kBackground);
}

// The music macro language as PLAY reads it (macro_text.hpp), each note queued as read.
class MusicText : MacroText {
 public:
  MusicText(Runtime& rt, std::string text) : MacroText(rt, std::move(text)) {}
  void play() {
    while (!rt_.failed()) {
      const int c = upper_next();
      if (c < 0) return;
      command(static_cast<char>(c));
    }
  }

 private:
  PlayState& state() { return rt_.music_.play; }

  // Each dot makes the note half as long again.
  double dotted(double length) {
    while (accept(".")) length *= 1.5;
    return length;
  }

  // A note A-G (# or + sharp, - flat: only those a keyboard has) or P, then a length
  // 0..64 (digits only; 0 or none: L's) and dots; P needs its length, and no dot after P0,
  // which plays nothing.
  void note(char name) {
    std::string key(1, name);
    if (accept("#+"))
      key += '#';
    else if (accept("-"))
      key += '-';
    long length = -1;
    if (digit()) length = literal();
    if (length > 64) return refuse();
    double whole = length > 0 ? 1.0 / static_cast<double>(length) : state().length;
    while (accept(".")) {
      if (name == 'P' && length == 0) return refuse();
      whole *= 1.5;
    }
    if (name == 'P') {
      if (length < 0) return refuse();
      if (length > 0) tone(rt_, whole * state().tempo, 1);
      return;
    }
    static constexpr std::string_view kNoKey[] = {"C-", "E#", "F-", "B#"};
    if (std::find(std::begin(kNoKey), std::end(kNoKey), key) != std::end(kNoKey)) return refuse();
    tone(rt_, whole * state().tempo, state().fill);
  }

  // N n: note n of 84 (0 a pause), as long as L says, and dots.
  void numbered() {
    const std::optional<long> n = ranged(0, 84);
    if (!n) return;
    const double seconds = dotted(state().length) * state().tempo;
    tone(rt_, seconds, *n == 0 ? 1 : state().fill);
  }

  // M N, L, S: how much of each note sounds; M F, B: foreground or background.
  void mode() {
    const int m = upper_next();
    PlayState& s = state();
    switch (m) {
      case 'N':
        s.fill = 7.0 / 8;
        return;
      case 'L':
        s.fill = 1;
        return;
      case 'S':
        s.fill = 3.0 / 4;
        return;
      case 'F':
      case 'B':
        s.foreground = m == 'F';
        return;
      default:
        return refuse();
    }
  }

  void command(char c) {
    PlayState& s = state();
    std::optional<long> v;
    switch (c) {
      case ';':
        return;
      case '<':
        s.octave = std::max(s.octave - 1, 0);
        return;
      case '>':
        s.octave = std::min(s.octave + 1, 6);
        return;
      case 'X':
        return splice();
      case 'N':
        return numbered();
      case 'L':
        if ((v = ranged(1, 64))) s.length = 1.0 / static_cast<double>(*v);
        return;
      case 'T':
        if ((v = ranged(32, 255))) s.tempo = 240.0 / static_cast<double>(*v);
        return;
      case 'O':
        if ((v = ranged(0, 6))) s.octave = static_cast<int>(*v);
        return;
      case 'M':
        return mode();
      default:
        if ((c >= 'A' && c <= 'G') || c == 'P') return note(c);
        return refuse();
    }
  }
};

}  // namespace

void play_music(Runtime& rt, const std::string& text) {
  if (text.empty()) return rt.raise(ErrorCode::kMissingOperand);
  MusicText(rt, text).play();
  if (!rt.failed()) wait_after(rt, rt.music_.play.foreground);
}

void sound(Runtime& rt, int frequency, double ticks) {
  if (ticks == 0) return rt.music_.queue.clear();
  if (frequency != 0 && (frequency < 37 || frequency > 32767))
    return rt.raise(ErrorCode::kIllegalFunctionCall);
  if (ticks < kLoopTicks) {
    tone(rt, std::nullopt, 1);
    return wait_after(rt, false);
  }
  tone(rt, ticks / kTicksPerSecond, 1);
  wait_after(rt, rt.music_.play.foreground);
}

void beep(Runtime& rt) {
  tone(rt, kBeepSeconds, 1);
  wait_after(rt, false);
}

int music_waiting(Runtime& rt) {
  return rt.music_.queue.waiting(now(rt));
}

bool play_trap_due(Runtime& rt) {
  Music& m = rt.music_;
  const int waiting = music_waiting(rt);
  const bool due = m.trap_last >= m.trap_below && waiting < m.trap_below;
  m.trap_last = waiting;
  return due;
}

}  // namespace amazing::basic
