#!/usr/bin/env python3
"""Records what the C64's BASIC ROM computes for SIN, COS, TAN, ATN, EXP, LOG, SQR and ^,
byte for byte, into c64_math.txt (read by c64_math_test.cpp).

It runs cbmbasic (the C64's BASIC ROM statically recompiled, github.com/mist64/cbmbasic,
built with make outside this repository) on a BASIC program that, for each case typed to
its INPUT, POKEs the operands' five bytes into the variables X, Y and Z, evaluates the
function and PEEKs the two results' bytes:
  A = F(X)              (mode 0; ^: A = X^Y)
  A = F(Y*X)            (mode 1: the argument keeps the product's rounding byte; ^: X^(Z*Y))
  STR$(F(...))          (PRINT's text of the result, rounding byte and all)
  B = -C + F(...)       (the same call again, less C: A with 2 taken from its last mantissa
                        byte, borrowing from the bytes above; this keeps the difference in
                        the mantissa, so B shows the rounding byte A lost)
The cases are drawn from a fixed seed, so a second run writes the same file. Each case
is chosen not to stop the program with an error (the errors are in
../basic/c64_programs/trig.bas).

It also records how the ROM reads 600 decimal literals (FIN), into c64_fin.txt: each as
A=LITERAL, A's five bytes, then PRINT LITERAL (the FAC's rounding byte counts there).

Usage: tests/core/record_c64_math.py PATH/TO/cbmbasic
"""
import math
import os
import random
import re
import subprocess
import sys
import tempfile

FUNCTIONS = ["SIN", "COS", "TAN", "ATN", "EXP", "LOG", "SQR", "POW"]

PROGRAM_HEAD = """10 X=0:Y=0:Z=0:A=0:B=0:C=0:V=PEEK(45)+256*PEEK(46)
20 INPUT F,M,X0,X1,X2,X3,X4,Y0,Y1,Y2,Y3,Y4,Z0,Z1,Z2,Z3,Z4
30 IF F<0 THEN END
40 POKE V+2,X0:POKE V+3,X1:POKE V+4,X2:POKE V+5,X3:POKE V+6,X4
50 POKE V+9,Y0:POKE V+10,Y1:POKE V+11,Y2:POKE V+12,Y3:POKE V+13,Y4
60 POKE V+16,Z0:POKE V+17,Z1:POKE V+18,Z2:POKE V+19,Z3:POKE V+20,Z4
70 ON F+1 GOSUB 100,110,120,130,140,150,160,170
80 PRINT "R";PEEK(V+23);PEEK(V+24);PEEK(V+25);PEEK(V+26);PEEK(V+27);
90 PRINT PEEK(V+30);PEEK(V+31);PEEK(V+32);PEEK(V+33);PEEK(V+34);"T";S$:GOTO 20
190 FOR K=0 TO 4:POKE V+37+K,PEEK(V+23+K):NEXT:K=4:D=2
195 L=PEEK(V+37+K)-D:D=-(L<0):POKE V+37+K,L+256*D:K=K-1:IF D AND K>0 THEN 195
199 RETURN
"""


def function_lines():
    """Lines 100-175: each function's two modes; A, then B, then the text."""
    lines = []
    for n, f in enumerate(FUNCTIONS):
        plain, product = ("X^Y", "X^(Z*Y)") if f == "POW" else (f + "(X)", f + "(Y*X)")
        for line, condition, call in ((100 + 10 * n, "IF M THEN ", product),
                                      (105 + 10 * n, "", plain)):
            lines.append("%d %sA=%s:GOSUB 190:B=-C+%s:S$=STR$(%s):RETURN"
                         % (line, condition, call, call, call))
    return "\n".join(lines) + "\n"


PROGRAM = PROGRAM_HEAD + function_lines()


def pack(v):
    """v as five bytes, rounded to nearest (a value the C64 can hold exactly)."""
    if v == 0:
        return [0, 0, 0, 0, 0]
    m, e = math.frexp(abs(v))
    man = int(round(m * 2**32))
    if man >> 32:
        man >>= 1
        e += 1
    e = max(1, min(255, e + 128))
    b = [e, (man >> 24) & 0x7F, (man >> 16) & 0xFF, (man >> 8) & 0xFF, man & 0xFF]
    if v < 0:
        b[1] |= 0x80
    return b


def jitter(rng, v):
    """v with its last mantissa bits changed at random."""
    b = pack(v)
    if b[0] != 0:
        b[4] ^= rng.randrange(256)
    return b


def log_uniform(rng, lo, hi):
    return math.exp(rng.uniform(math.log(lo), math.log(hi)))


def signed(rng, v):
    return -v if rng.random() < 0.5 else v


def unary_argument(rng, f):
    """A value for F that keeps the ROM from stopping with an error."""
    kind = rng.randrange(4)
    if f in ("SIN", "COS", "TAN"):
        if kind == 0:
            return signed(rng, log_uniform(rng, 1e-6, 1e6))
        if kind == 1:  # near multiples of pi/4, where the folding changes branch
            return rng.randrange(-40, 41) * math.pi / 4 * (1 + rng.uniform(-1e-7, 1e-7))
        if kind == 2:
            return signed(rng, log_uniform(rng, 1e6, 1e30))
        return rng.uniform(-10, 10)
    if f == "ATN":
        if kind == 0:
            return signed(rng, log_uniform(rng, 1e-30, 1e30))
        return rng.uniform(-4, 4)
    if f == "EXP":
        if kind == 0:
            return signed(rng, log_uniform(rng, 1e-12, 87))
        if kind == 1:
            return rng.uniform(-130, 87)
        return rng.uniform(-3, 3)
    if f in ("LOG", "SQR"):
        if kind == 0:
            return log_uniform(rng, 1e-38, 1e38)
        if kind == 1:
            return rng.uniform(0.5, 2)
        return log_uniform(rng, 1e-3, 1e6)
    raise ValueError(f)


def power_operands(rng):
    """base, exponent of a ^ that neither overflows nor is Illegal."""
    kind = rng.randrange(4)
    if kind == 0:  # a negative base with an integer exponent
        base = -log_uniform(rng, 0.1, 20)
        return base, float(rng.randrange(-12, 13))
    if kind == 1:  # integer powers of integers, as programs write them
        return float(rng.randrange(0, 30)), float(rng.randrange(0, 8))
    base = log_uniform(rng, 1e-3, 1e3)
    limit = 80 / max(abs(math.log(base)), 1e-3)
    return base, rng.uniform(-min(limit, 40), min(limit, 40))


def cases(rng, per_function):
    out = []
    for f in FUNCTIONS:
        for i in range(per_function):
            mode = i % 2
            if f == "POW":
                base, e = power_operands(rng)
                x = pack(base)
                if mode and base < 0:  # an integer product: Z a power of two
                    k = rng.randrange(-3, 4)
                    y, zz = pack(math.ldexp(e, -k)), pack(math.ldexp(1.0, k))
                elif mode:
                    z = rng.uniform(0.5, 2)
                    y, zz = jitter(rng, e / z), pack(z)
                else:
                    y, zz = jitter(rng, e) if e != int(e) else pack(e), pack(0)
            else:
                v = unary_argument(rng, f)
                if mode:
                    y = pack(rng.uniform(0.5, 2))
                    x = jitter(rng, v / decode(y))
                else:
                    y = pack(0)
                    x = jitter(rng, v)
                zz = pack(0)
            out.append((f, mode, x, y, zz))
    return out


def decode(b):
    if b[0] == 0:
        return 0.0
    man = ((b[1] | 0x80) << 24) | (b[2] << 16) | (b[3] << 8) | b[4]
    v = math.ldexp(man, b[0] - 128 - 32)
    return -v if b[1] & 0x80 else v


def run_cases(cbm, todo):
    """The results of the cases up to the first that stops the program with an error (its
    error's name, e.g. ?DIVISION BY ZERO, is the last result); cbmbasic then reads the
    rest of what is typed as direct commands and ends."""
    lines = [",".join(str(n) for n in [FUNCTIONS.index(f), mode] + x + y + z)
             for f, mode, x, y, z in todo]
    lines.append("-1" + ",0" * 16)
    with tempfile.TemporaryDirectory() as work:
        with open(os.path.join(work, "PROG.BAS"), "w", newline="") as p:
            p.write(PROGRAM.replace("\n", "\r\n"))
        run = subprocess.run([cbm, "PROG.BAS"], cwd=work, input="\n".join(lines) + "\n",
                             capture_output=True, text=True, timeout=600)
    text = run.stdout.replace("\x1b[C", " ")
    results = [[int(v) for v in r.split()] + [t] for r, t in
               re.findall(r"R((?:\s+\d+){10})\s*T([ -][0-9.E+-]+)", text)]
    if len(results) < len(todo):
        error = re.search(r"\?([A-Z ]+?)  ERROR IN 1[0-9][0-9]", text)
        if not error:
            sys.exit("cbmbasic stopped after %d cases:\n%s" % (len(results), text[-400:]))
        results.append("?" + error.group(1))
    return results


def literals(rng):
    out = []
    for _ in range(600):
        kind = rng.randrange(6)
        if kind == 0:
            text = str(rng.randrange(0, 10**rng.randrange(1, 12)))
        elif kind == 1:
            text = "%.*f" % (rng.randrange(1, 9), rng.uniform(0, 1000))
        elif kind == 2:
            text = "." + str(rng.randrange(1, 10**rng.randrange(1, 12)))
        elif kind == 3:
            text = "%de%d" % (rng.randrange(1, 99999), rng.randrange(-38, 33))
        elif kind == 4:
            text = "%.*fE%d" % (rng.randrange(1, 8), rng.uniform(1, 10), rng.randrange(-39, 38))
        else:
            text = "%.*f" % (rng.randrange(1, 12), rng.uniform(0, 10))
        out.append(text.upper())
    return out


def record_literals(cbm, here):
    todo = literals(random.Random(5))
    lines = ["10 A=0:V=PEEK(45)+256*PEEK(46)"]
    for n, text in enumerate(todo):
        lines.append("%d A=%s:GOSUB 9000:PRINT %s" % (20 + n, text, text))
    lines += ["8999 END", '9000 PRINT "R";:FOR J=2 TO 6:PRINT PEEK(V+J);:NEXT:RETURN']
    with tempfile.TemporaryDirectory() as work:
        with open(os.path.join(work, "PROG.BAS"), "w", newline="") as p:
            p.write("\r\n".join(lines) + "\r\n")
        run = subprocess.run([cbm, "PROG.BAS"], cwd=work, capture_output=True, text=True,
                             timeout=600, stdin=subprocess.DEVNULL)
    found = re.findall(r"R((?:\s+\d+){5})\s*([ -][0-9.E+-]+)",
                       run.stdout.replace("\x1b[C", " "))
    if len(found) != len(todo):
        sys.exit("cbmbasic read %d of %d literals" % (len(found), len(todo)))
    with open(os.path.join(here, "c64_fin.txt"), "w") as out:
        out.write("# LITERAL -> A's bytes and PRINT's text, as tests/core/record_c64_math.py\n")
        out.write("# recorded them with cbmbasic (the C64's BASIC ROM).\n")
        for text, (bytes_, printed) in zip(todo, found):
            b = "".join("%02X" % int(v) for v in bytes_.split())
            out.write("%s -> %s %s\n" % (text, b, printed))
    print("%d literals" % len(todo))


def main():
    cbm = sys.argv[1]
    here = os.path.dirname(os.path.abspath(__file__))
    rng = random.Random(64)
    todo = cases(rng, 600)
    results = []  # per case: the ten bytes, or the error's name
    while len(results) < len(todo):
        results += run_cases(cbm, todo[len(results):])
    hexes = lambda b: "".join("%02X" % n for n in b)
    with open(os.path.join(here, "c64_math.txt"), "w") as out:
        out.write("# FUNCTION MODE X Y Z -> A B STR$, as tests/core/record_c64_math.py recorded them\n")
        out.write("# with cbmbasic (the C64's BASIC ROM); see that script for what they mean.\n")
        for (f, mode, x, y, z), r in zip(todo, results):
            got = r if isinstance(r, str) else hexes(r[:5]) + " " + hexes(r[5:10]) + " " + r[10]
            out.write("%s %d %s %s %s -> %s\n" % (f, mode, hexes(x), hexes(y), hexes(z), got))
    print("%d cases" % len(todo))
    record_literals(cbm, here)


if __name__ == "__main__":
    main()
