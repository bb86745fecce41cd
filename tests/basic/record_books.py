#!/usr/bin/env python3
"""Records what PC-BASIC prints for each program of BASIC Computer Games in ../shared/books
beside the repository (or $AMAZING_BOOKS), fed each typed-line stream of
tests/basic/books/streams (a.in: small numbers and yes/no answers; b.in: zeros, negatives,
big numbers and letters; c.in: 80 lines of 1), into tests/basic/books/NAME.STREAM.out
(CR LF -> LF): the outputs books_test.cpp compares the pc machine with. pcbasic from PATH
(Debian's python3-pcbasic), two runs at a time. A run still going after 60 s (a program
that never ends, or one waiting for a key) is stopped and its output so far is kept as
NAME.STREAM.endless. The listings are reference data and are never copied here.
Usage: tests/basic/record_books.py [NAME.bas ...]"""
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "books")
BOOKS = os.environ.get("AMAZING_BOOKS",
                       os.path.join(HERE, "..", "..", "..", "..", "shared", "books"))
STREAMS = ["a", "b", "c"]


def record(name, stream):
    stem = name[:-4]
    with tempfile.TemporaryDirectory() as work:
        with open(os.path.join(BOOKS, name), "rb") as f:
            listing = f.read()
        with open(os.path.join(work, "PROG.BAS"), "wb") as f:
            f.write(listing)
        with open(os.path.join(HERE, "streams", stream + ".in")) as f:
            typed = f.read().replace("\n", "\r\n").encode()
        endless = False
        try:
            out = subprocess.run(["pcbasic", "PROG.BAS", "-n", "-q"], cwd=work, input=typed,
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                 timeout=60).stdout
        except subprocess.TimeoutExpired as e:
            out, endless = e.stdout or b"", True
    for ext in ("out", "endless"):
        old = os.path.join(HERE, "%s.%s.%s" % (stem, stream, ext))
        if os.path.exists(old):
            os.remove(old)
    ext = "endless" if endless else "out"
    with open(os.path.join(HERE, "%s.%s.%s" % (stem, stream, ext)), "wb") as f:
        f.write(out.replace(b"\r\n", b"\n"))
    print("%s %s: %s, %d bytes" % (stem, stream, ext, len(out)), flush=True)


def main():
    names = sys.argv[1:] or sorted(n for n in os.listdir(BOOKS) if n.endswith(".bas"))
    with ThreadPoolExecutor(max_workers=2) as pool:
        for job in [pool.submit(record, n, s) for n in names for s in STREAMS]:
            job.result()


if __name__ == "__main__":
    main()
