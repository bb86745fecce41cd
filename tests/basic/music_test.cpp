// The pc's music (music.hpp): the queue's timing on the emulated clock, and what SOUND,
// PLAY and BEEP cost a program (PC-BASIC 2.0.5's sound.py; the counts a program sees are
// recorded from PC-BASIC in programs/music_queue.bas).
#include <gtest/gtest.h>

#include <string>

#include "basic/clock.hpp"
#include "basic/music.hpp"
#include "basic/run.hpp"

namespace amazing::basic {
namespace {

TEST(MusicQueue, TonesPlayOneAfterAnother) {
  MusicQueue q;
  q.put(0.0, 0.5, true);
  q.put(0.0, 0.5, true);
  q.put(0.2, 0.25, false);  // a gap counts for the length, not as a tone waiting
  EXPECT_EQ(q.length(0.1), 3u);
  EXPECT_EQ(q.waiting(0.1), 1);
  EXPECT_DOUBLE_EQ(q.until(0.1, 1), 1.0);  // the second tone ends at 1 s, the gap at 1.25
  EXPECT_DOUBLE_EQ(q.until(0.1, 0), 1.25);
  EXPECT_EQ(q.length(0.6), 2u);
  EXPECT_EQ(q.waiting(0.6), 0);
  EXPECT_DOUBLE_EQ(q.until(2.0, 1), 2.0);  // all played: no wait
  EXPECT_EQ(q.length(2.0), 0u);
  q.put(3.0, 1.0, true);  // after a silence a tone starts when it is put
  EXPECT_DOUBLE_EQ(q.until(3.0, 0), 4.0);
}

TEST(MusicQueue, ALoopingToneLastsUntilTheNextIsPut) {
  MusicQueue q;
  q.put(0.0, std::nullopt, true);
  EXPECT_EQ(q.length(100.0), 1u);
  EXPECT_DOUBLE_EQ(q.until(100.0, 0), 100.0);  // never ends: no one waits for it
  q.put(100.0, 0.5, true);                     // takes the loop's place
  EXPECT_EQ(q.length(100.0), 1u);
  EXPECT_EQ(q.length(100.5), 0u);
}

double run_seconds(const std::string& program) {
  BatchOptions o;
  o.max_steps = 1'000'000;
  BatchRun r = run_batch(program, o);
  EXPECT_EQ(r.result.outcome, Outcome::kEnded) << r.output;
  EmulatedClock clock(*machine::describe(Dialect::kPc).costs);
  return static_cast<double>(r.result.cycles) / clock.cpu_hz();
}

// A statement in the foreground waits until its last tone or gap plays: four quarter
// notes at T120 (half a second each, MN: 7/8 sounding) take 2 s less the last gap.
TEST(Music, ForegroundPlayTakesItsTimeOnTheEmulatedClock) {
  const double plain = run_seconds("10 A=1\n");
  EXPECT_NEAR(run_seconds("10 PLAY \"T120 L4 CDEF\"\n") - plain, 1.9375, 0.01);
  EXPECT_NEAR(run_seconds("10 PLAY \"MB T120 L4 CDEF\"\n") - plain, 0, 0.01);
  // SOUND waits for the tone before its own: two seconds of ticks (18.2 a second).
  EXPECT_NEAR(run_seconds("10 SOUND 440,18.2:SOUND 440,18.2\n") - plain, 1.0, 0.01);
  EXPECT_NEAR(run_seconds("10 SOUND 440,18.2:SOUND 440,0:SOUND 440,18.2\n") - plain, 0, 0.01);
}

TEST(Music, PlayTrapFiresWhenTheTonesWaitingDropBelowItsCount) {
  BatchOptions o;
  o.max_steps = 1'000'000;
  BatchRun r = run_batch(
      "10 ON PLAY(2) GOSUB 100: PLAY ON: PLAY \"MB L16 CDEFGAB\"\n"
      "20 IF N=0 THEN 20\n30 PRINT N; PLAY(0)\n40 END\n100 N=N+1: RETURN\n",
      o);
  EXPECT_EQ(r.output, " 1  1 \n");
}

}  // namespace
}  // namespace amazing::basic
