#!/usr/bin/env python3
"""Records what PC-BASIC prints for each mutant in tests/basic/mutants/mutants.txt into
tests/basic/mutants/NAME.out (CRLF -> LF), the outputs mutants_test.cpp compares the
interpreter with. The listings are read from ../shared/roms beside the repository (or
$AMAZING_ROMS); a mutant is made from a listing and its description, never stored.
Two PC-BASIC runs at a time; a run over 120 s is reported and recorded as nothing.
Usage: tests/basic/record_mutants.py [NAME ...]"""
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
MUTANTS = os.path.join(HERE, "mutants")
ROMS = os.environ.get("AMAZING_ROMS",
                      os.path.join(HERE, "..", "..", "..", "shared", "roms"))


def mutants():
    with open(os.path.join(MUTANTS, "mutants.txt")) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            yield line.split("|")


def apply(listing, op, number, old, new):
    """The mutant: the same rule as mutate() in mutants_test.cpp."""
    out = []
    done = False
    for line in listing.split("\n"):
        head = line.split(" ", 1)[0]
        if not done and head == number:
            done = True
            if op == "delete":
                continue
            at = line.find(old, len(head))
            if at < 0:
                raise SystemExit(f"line {number} has no {old!r}")
            line = line[:at] + new + line[at + len(old):]
        out.append(line)
    if not done:
        raise SystemExit(f"no line {number}")
    return "\n".join(out)


def record(fields):
    name, listing, op, number, old, new, typed = fields
    with open(os.path.join(ROMS, f"amazing-{listing}.bas")) as f:
        text = apply(f.read(), op, number, old, new)
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "PROG.BAS"), "w") as f:
            f.write(text)
        with open(os.path.join(tmp, "INPUT.TXT"), "w") as f:
            f.write(typed + "\r")
        try:
            with open(os.path.join(tmp, "INPUT.TXT")) as stdin:
                raw = subprocess.run(["pcbasic", "PROG.BAS", "-n", "-q"], cwd=tmp, stdin=stdin,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     timeout=120).stdout
        except subprocess.TimeoutExpired:
            return f"{name}: TIMEOUT (PC-BASIC did not finish; drop it from mutants.txt)"
    with open(os.path.join(MUTANTS, name + ".out"), "wb") as f:
        f.write(raw.replace(b"\r\n", b"\n"))
    return f"{name}: {len(raw)} bytes"


def main():
    wanted = set(sys.argv[1:])
    todo = [m for m in mutants() if not wanted or m[0] in wanted]
    with ThreadPoolExecutor(max_workers=2) as pool:
        for line in pool.map(record, todo):
            print(line, flush=True)


if __name__ == "__main__":
    main()
