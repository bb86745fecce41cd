// The pc's music as PC-BASIC 2.0.5 keeps it headless (sound.py: no sound, the same timing;
// FACTS.md "Music"): SOUND, PLAY and BEEP put tones on one queue, which plays them one after
// another on the emulated clock (basic/clock.hpp). A statement in the foreground (SOUND, and
// PLAY until its MB) then waits until only its last tone or gap is left to play; in the
// background, or after BEEP, only while 33 are queued. Waiting moves the emulated clock on,
// so TIMER sees the music's time and --speed original takes it. PLAY(n) counts the tones
// waiting behind the one playing; ON PLAY(n) fires when that count drops below n.
//
//   MusicQueue q;
//   q.put(0.0, 0.5, true);  q.put(0.0, 0.5, true);  // two half-second tones put at 0 s
//   q.waiting(0.1) == 1;                             // the first plays until 0.5 s
//   q.until(0.1, 1) == 0.5;                          // when one is left
#pragma once

#include <cstddef>
#include <deque>
#include <optional>
#include <string>

namespace amazing::basic {

class Runtime;

class MusicQueue {
 public:
  // Tones and gaps queued at most before a statement in the background waits: 32 waiting
  // and one playing.
  static constexpr std::size_t kBackground = 33;
  // A tone of `seconds` (a gap, the silence after a note that is not legato: counts false)
  // put at emulated time `now`: it plays when those before it have. nullopt: a tone that
  // plays until the next one is put (SOUND's duration under 1/44 of a tick), which then
  // takes its place.
  void put(double now, std::optional<double> seconds, bool counts);
  // Tones and gaps not yet played at `now`, the one playing included.
  std::size_t length(double now);
  // The tones waiting at `now` behind the one playing (PLAY(n)).
  int waiting(double now);
  // The emulated time from which at most n are left (`now` if that is already so).
  double until(double now, std::size_t n);
  void clear() { entries_.clear(); }

 private:
  struct Entry {
    double end;  // the emulated second it has played; infinity while it loops
    bool counts;
  };
  void expire(double now);
  std::deque<Entry> entries_;
};

// PLAY's settings, kept from one PLAY to the next.
struct PlayState {
  int octave = 4;
  double fill = 7.0 / 8;   // the part of a note that sounds: MN; ML 1, MS 3/4
  double tempo = 2.0;      // seconds a whole note lasts: 240 / T (T120)
  double length = 0.25;    // a note's length in whole notes: 1 / L (L4)
  bool foreground = true;  // MF; MB puts it in the background
};

struct Music {
  MusicQueue queue;
  PlayState play;
  int trap_below = 1;  // ON PLAY(n)'s n
  int trap_last = 0;   // the tones waiting when ON PLAY's trap last looked
  // CLEAR, RUN, NEW, CHAIN: the music stops and PLAY's settings start again.
  void reset() { *this = Music(); }
};

// PLAY "music": each note, pause and setting as it is read (an error stops it there, the
// notes before it queued), then the wait of MF or MB. An empty text is Missing operand.
void play_music(Runtime& rt, const std::string& text);
// SOUND f, d (f an integer, d -65535..65535, both checked): d 0 stops the music; otherwise
// f 37..32767 (Illegal function call) sounds for d ticks of 1/18.2 s, in the foreground.
void sound(Runtime& rt, int frequency, double ticks);
// BEEP: a quarter-second tone, in the background.
void beep(Runtime& rt);
// PLAY(n): the tones waiting.
int music_waiting(Runtime& rt);
// ON PLAY(n)'s trap, before each statement while it is on: true when the tones waiting
// dropped from n or more to fewer than n since it last looked.
bool play_trap_due(Runtime& rt);

}  // namespace amazing::basic
