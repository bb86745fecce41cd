#!/usr/bin/env python3
"""Random differential test of the pc machine's control flow against PC-BASIC 2.0.5.

fuzz_pcbasic.py compares expressions a line at a time; this one generates whole random
programs whose lines jump about: IF ... THEN ... ELSE (nested, THEN n), GOTO, GOSUB and
RETURN (RETURN n too), ON n GOTO/GOSUB, FOR/NEXT (NEXT I,J, NEXT without a variable),
WHILE/WEND, READ/DATA/RESTORE, END and STOP, and errors met along the way (ERROR n, a
division by zero, SQR(-1), a line that is not there, RETURN without GOSUB) with an ON
ERROR handler that RESUMEs in one of its ways, or none. Every line first counts a step
and ends the run after a few hundred, so a program that loops ends in both interpreters.
Each line PRINTs its number as it runs, so the outputs are the path the program took;
they are compared whole, and a differing program is cut down line by line (each
remaining line removed while the difference stays) to a small case to record.

Known and left (FACTS.md, "FOR/NEXT"): a zero-trip FOR closed by the first variable of
`NEXT J,I` is a Syntax error in PC-BASIC and goes on with I here, so a program that meets
one differs from there on.

Usage (from the source root, after building amazing):
  python3 tests/basic/fuzz_flow.py --seed 1 --programs 60
      [--lines 14] [--jobs 2] [--amazing build/amazing] [--cache /tmp/gwflow-cache]
      [--shrink N]   cut down the first N differing programs (default 3; PC-BASIC runs)
The same seed generates the same programs; cached PC-BASIC outputs make a rerun quick.
"""

import argparse
import concurrent.futures
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fuzz_pcbasic import pcbasic, run  # noqa: E402  (the runners and PC-BASIC's cache)

GUARD = "C=C+1:ON C\\300 GOTO 9990"
VARS = ["I", "J", "K"]


class Flow:
    def __init__(self, rng, numbers):
        self.r = rng
        self.numbers = numbers  # the program's line numbers (jump targets)

    def target(self):
        r = self.r
        if r.random() < 0.06:
            return r.choice([15, 9999, 25])  # (mostly) not a line: Undefined line number
        return r.choice(self.numbers)

    def cond(self):
        r = self.r
        k = r.random()
        if k < 0.08:
            return "SQR(-1)"
        if k < 0.12:
            return "1/0"
        if k < 0.15:
            return '"A"'
        v = r.choice(VARS + ["C", "X"])
        return "%s %s %d" % (v, r.choice(["<", ">", "=", "<>", "<=", ">="]), r.randrange(-1, 6))

    def simple(self, depth=0):
        """One statement that is not an IF's whole line."""
        r = self.r
        k = r.randrange(30)
        if k < 4:
            return 'PRINT "%s";%s' % (r.choice("PQRS"), r.choice(VARS + ["X", "C MOD 7"]))
        if k < 7:
            v = r.choice(VARS + ["X"])
            return "%s=%s%s" % (v, v, r.choice(["+1", "-1", "*2", "+3"]))
        if k < 9:
            return "GOTO %d" % self.target()
        if k < 11:
            return "GOSUB %d" % self.target()
        if k < 13:
            return "RETURN" if r.random() < 0.8 else "RETURN %d" % self.target()
        if k < 15:
            n = r.randrange(1, 4)
            lst = ",".join(str(self.target()) for _ in range(n))
            return "ON %s %s %s" % (r.choice(["X", "I", "J", "C MOD 4"]),
                                    r.choice(["GOTO", "GOSUB"]), lst)
        if k < 17:
            v = r.choice(VARS)
            return "FOR %s=%d TO %d%s" % (v, r.randrange(-1, 3), r.randrange(0, 4),
                                           r.choice(["", "", " STEP -1", " STEP 2"]))
        if k < 20:
            return r.choice(["NEXT", "NEXT I", "NEXT J", "NEXT K", "NEXT J,I", "NEXT I,J"])
        if k < 21:
            return "WHILE %s" % self.cond()
        if k < 22:
            return "WEND"
        if k < 23:
            return "READ D%s:PRINT D%s" % ((r.choice("AB"),) * 2)
        if k < 24:
            return r.choice(["RESTORE", "RESTORE %d" % self.target(), "DATA %d,%d" % (r.randrange(9), r.randrange(9))])
        if k < 25:
            return r.choice(["ERROR %d" % r.randrange(1, 80), "X=1/0", "X=SQR(-1)", 'X="A"+1', "X=LOG(0)"])
        if k < 26:
            return r.choice(["END", "STOP", "X=X"])
        if k < 27:
            return r.choice(["ON ERROR GOTO 9000", "ON ERROR GOTO 9100", "ON ERROR GOTO 0"])
        if k < 28 and depth < 2:
            return self.if_stmt(depth + 1)
        return "X=X+%d" % r.randrange(1, 3)

    def stmts(self, depth, most=2):
        return ":".join(self.simple(depth) for _ in range(self.r.randrange(1, most + 1)))

    def if_stmt(self, depth=0):
        r = self.r
        head = "IF %s THEN " % self.cond()
        then = str(self.target()) if r.random() < 0.25 else self.stmts(depth)
        if r.random() < 0.4:
            other = str(self.target()) if r.random() < 0.3 else self.stmts(depth)
            return head + then + " ELSE " + other
        return head + then

    def line(self, n):
        r = self.r
        body = self.if_stmt() if r.random() < 0.3 else self.stmts(0, 3)
        return "%d %s:PRINT \"%d\";:%s" % (n, GUARD, n, body)


def program(rng, nlines):
    numbers = [100 + 10 * i for i in range(nlines)]
    g = Flow(rng, numbers)
    out = ["10 DEFINT C: X=1: ON ERROR GOTO 9000"]
    out += [g.line(n) for n in numbers]
    out.append('9000 C=C+1:PRINT "E";ERR;ERL;:ON C\\300 GOTO 9990')
    out.append("9010 " + rng.choice(["RESUME NEXT"] * 5 + ["RESUME", "RESUME %d" % rng.choice(numbers), "RETURN", "END"]))
    out.append('9100 C=C+1:PRINT "F";ERR;ERL;:ON C\\300 GOTO 9990:RESUME NEXT')
    out.append('9990 PRINT "STOP AT";C:END')
    return out


def text_of(lines):
    return "".join(line + "\r\n" for line in lines)


def outputs(lines, amazing, cache):
    text = text_of(lines)
    return pcbasic(text, cache), run([amazing, "basic"], text, ["--max-steps", "200000"])


def shrink(lines, amazing, cache):
    """Removes each line in turn (not the first or the handler's) while the outputs differ."""
    i = 1
    while i < len(lines):
        if lines[i].startswith(("9000 ", "9010 ", "9990 ")):
            i += 1
            continue
        trial = lines[:i] + lines[i + 1:]
        theirs, ours = outputs(trial, amazing, cache)
        if theirs != ours:
            lines = trial
        else:
            i += 1
    return lines


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--programs", type=int, default=60)
    ap.add_argument("--lines", type=int, default=14)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--amazing", default="build/amazing")
    ap.add_argument("--cache", default="/tmp/gwflow-cache")
    ap.add_argument("--shrink", type=int, default=3)
    a = ap.parse_args()
    os.makedirs(a.cache, exist_ok=True)
    amazing = os.path.abspath(a.amazing)
    progs = [program(random.Random("flow:%d:%d" % (a.seed, i)), a.lines) for i in range(a.programs)]
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        results = list(ex.map(lambda p: outputs(p, amazing, a.cache), progs))
    differ = shrunk = 0
    for i, (lines, (theirs, ours)) in enumerate(zip(progs, results)):
        if theirs == ours:
            continue
        differ += 1
        print("== program %d differs" % i)
        if shrunk < a.shrink:
            shrunk += 1
            lines = shrink(lines, amazing, a.cache)
            theirs, ours = outputs(lines, amazing, a.cache)
        print("\n".join(lines))
        print("  pcbasic: %r\n  ours:    %r" % (theirs[-400:], ours[-400:]))
    print("programs %d, differing %d" % (len(progs), differ))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
