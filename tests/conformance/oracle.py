#!/usr/bin/env python3
"""Runs the PC-BASIC oracle once per conformance case and caches what it prints.

Every engine's conformance test (native, Lua, built-in BASIC) reads the same outputs, so
PC-BASIC runs once per case, several cases in parallel. The case list is made here and
written to OUT/manifest.tsv; outputs go to OUT/cache/<hash>.txt (CRLF -> LF) and are kept
between runs, keyed by the program text, seed and typed input.

When PC-BASIC or the listings are missing, OUT/status.txt says so and the script exits 0,
so the tests skip with that message -- unless AMAZING_REQUIRE_ORACLE=1, then it exits 1.
"""

import argparse
import concurrent.futures
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile

LISTINGS = {
    "book": "amazing-book.bas",
    "fixed": "amazing-fixed.bas",
    "fixed-exit": "amazing-fixed-exit.bas",
}
CASES_PER_LISTING = 210
SEP = "\x1f"  # joins the typed lines in the manifest


def standard_cases():
    """(width, length, seed) triples: widths 2..26, lengths 2..40, a quarter unseeded."""
    cases = []
    for i in range(CASES_PER_LISTING):
        width = 2 + (i * 7 + i // 25) % 25
        length = 2 + (i * 11 + i // 39) % 39
        seed = None if i % 4 == 0 else (i * 40503 + 12345) % 65536 - 32768
        cases.append((width, length, seed))
    # The corners of the range, unseeded and seeded.
    for width, length in ((2, 2), (26, 40), (2, 40), (26, 2)):
        cases.append((width, length, None))
        cases.append((width, length, 1))
    # After RANDOMIZE -28202 the 18th RND is at state 0xFFFFFF, where INT(RND(1)*2+1) is
    # 3 in single precision: at these sizes that draw is a two-way choice, and ON X GOTO
    # falls through to the line after it.
    for width, length in ((10, 5), (13, 6), (15, 2), (16, 4)):
        cases.append((width, length, -28202))
    return cases


# Dialogues with bad answers before (or instead of) a good one: what INPUT and line 102
# do with them, and how the 1978 program breaks on sizes it never checked.
DIALOGUES = [
    ["1,5", "4,3"],
    ["5,1", "3,3"],
    ["1,1", "2,2"],
    ["ab,5", "3,4"],
    ["7", "2,3"],
    ["3,4,5", "4,2"],
    ["", "3,3"],
    [" 3 , 2 "],
    ["0,5"],
    ["5,0"],
    ["-3,4"],
    ["4,-2"],
    ["2.5,3"],
    ["1E1,2"],
    ["&H3,2"],
    ["40000,2"],
]


def pcbasic_run(pcbasic, program_text, seed, lines, workdir):
    """What PC-BASIC prints for the program, seed and typed lines (CRLF -> LF)."""
    prog = os.path.join(workdir, "PROG.BAS")
    text = program_text
    if seed is not None:
        # S% is not used by the listings; line 5 runs before their first line (10).
        text = "5 S%%=%d:RANDOMIZE S%%\n" % seed + text
    with open(prog, "w", newline="\n") as f:
        f.write(text)
    stdin_path = os.path.join(workdir, "input.txt")
    with open(stdin_path, "wb") as f:
        # INPUT only completes on CR; the file must reach EOF (not /dev/null).
        f.write("".join(line + "\r" for line in lines).encode("latin-1"))
    with open(stdin_path, "rb") as stdin:
        proc = subprocess.run([pcbasic, prog, "-n", "-q"], stdin=stdin, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, cwd=workdir, timeout=300)
    return proc.stdout.replace(b"\r\n", b"\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--roms", required=True, help="folder with the three listings")
    ap.add_argument("--programs", help="folder of extra NAME.bas (+ NAME.in) test programs")
    ap.add_argument("--out", required=True, help="where manifest.tsv and cache/ go")
    ap.add_argument("--jobs", type=int, default=max(2, os.cpu_count() or 2))
    args = ap.parse_args()
    require = os.environ.get("AMAZING_REQUIRE_ORACLE") == "1"
    os.makedirs(os.path.join(args.out, "cache"), exist_ok=True)
    status_path = os.path.join(args.out, "status.txt")

    def unavailable(reason):
        with open(status_path, "w") as f:
            f.write("unavailable: " + reason + "\n")
        print("oracle unavailable: " + reason)
        if require:
            print("AMAZING_REQUIRE_ORACLE=1: failing")
            return 1
        return 0

    pcbasic = shutil.which("pcbasic")
    if not pcbasic:
        return unavailable("pcbasic is not installed (sudo apt-get install python3-pcbasic)")
    listings = {}
    for name, filename in LISTINGS.items():
        path = os.path.join(args.roms, filename)
        if not os.path.isfile(path):
            return unavailable("listing %s not found (expected the shared ROM set there)" % path)
        with open(path, encoding="latin-1") as f:
            listings[name] = (path, f.read())

    # id, listing, seed, width, length, kind, lines, program text
    cases = []
    for name in LISTINGS:
        for n, (w, l, seed) in enumerate(standard_cases()):
            cases.append(("%s/%04d" % (name, n), name, seed, w, l, "maze", ["%d,%d" % (w, l)],
                          listings[name][1]))
        for n, lines in enumerate(DIALOGUES):
            cases.append(("%s/dialogue%02d" % (name, n), name, None if n % 2 else 7, 0, 0,
                          "dialogue", lines, listings[name][1]))
    if args.programs and os.path.isdir(args.programs):
        for entry in sorted(os.listdir(args.programs)):
            if not entry.lower().endswith(".bas"):
                continue
            path = os.path.join(args.programs, entry)
            with open(path, encoding="latin-1") as f:
                text = f.read()
            lines = []
            inpath = path[:-4] + ".in"
            if os.path.isfile(inpath):
                with open(inpath, encoding="latin-1") as f:
                    lines = f.read().splitlines()
            cases.append(("program/" + entry[:-4], os.path.abspath(path), None, 0, 0, "program",
                          lines, text))

    def key(case):
        h = hashlib.sha256()
        h.update(repr((case[7], case[2], case[6])).encode("latin-1", "replace"))
        return h.hexdigest()[:32]

    todo = [c for c in cases
            if not os.path.isfile(os.path.join(args.out, "cache", key(c) + ".txt"))]
    print("oracle: %d cases, %d to run with PC-BASIC on %d workers"
          % (len(cases), len(todo), args.jobs))
    failures = []

    def work(case):
        with tempfile.TemporaryDirectory(prefix="amazing-oracle-") as tmp:
            out = pcbasic_run(pcbasic, case[7], case[2], case[6], tmp)
        final = os.path.join(args.out, "cache", key(case) + ".txt")
        with open(final + ".part", "wb") as f:
            f.write(out)
        os.replace(final + ".part", final)

    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(work, c): c for c in todo}
        for fut in concurrent.futures.as_completed(futures):
            try:
                fut.result()
            except Exception as e:  # a timeout or a crash of PC-BASIC: name the case
                failures.append("%s: %s" % (futures[fut][0], e))
    if failures:
        return unavailable("PC-BASIC failed on %d cases, first: %s" % (len(failures), failures[0]))

    with open(os.path.join(args.out, "manifest.tsv.part"), "w", encoding="latin-1") as f:
        for c in cases:
            seed = "-" if c[2] is None else str(c[2])
            f.write("\t".join([c[0], c[1], seed, str(c[3]), str(c[4]), c[5], SEP.join(c[6]),
                               "cache/" + key(c) + ".txt"]) + "\n")
    os.replace(os.path.join(args.out, "manifest.tsv.part"), os.path.join(args.out, "manifest.tsv"))
    with open(status_path, "w") as f:
        f.write("ok\n")
    print("oracle: ready in %s" % args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
