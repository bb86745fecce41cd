#!/usr/bin/env python3
"""Runs the NBS Minimal BASIC test programs under PC-BASIC and under `amazing basic`
and says which print differently.

The programs (P001.BAS .. P208.BAS, NBS 1980) are not part of this repository: get them
from the public repository jorgicor/bas55 (its tests/ folder) into a folder of your own and
give that folder:

    tests/basic/nbs/compare_nbs.py FOLDER [--amazing build/src/cli/amazing]
                                   [--cache DIR] [--only P001,P002] [--jobs 2]

Each program runs with no typed input (a program that asks ends at its first INPUT in
both). PC-BASIC (`pcbasic PROG.BAS -n -q`, CRLF line ends, its stdout with CRLF taken as
LF) is slow, so its outputs are kept in --cache (default FOLDER/pcbasic-out) and read from
there on the next run: delete the folder after changing PC-BASIC. A program PC-BASIC does
not finish within --timeout seconds is counted apart, as are the programs left out: those
whose output depends on PC-BASIC reading 0E22 as a tiny non-zero number (a PC-BASIC bug,
not GW-BASIC's).
Prints one line a program that differs (with the first differing line of each) and the
totals; exit status 0 when the run completed, whatever the differences.
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile


def pcbasic_output(prog, cache, timeout):
    """PC-BASIC's stdout for prog (LF line ends), from the cache when there; None when it
    did not finish."""
    name = os.path.basename(prog)
    cached = os.path.join(cache, name + ".out")
    if os.path.exists(cached):
        with open(cached, "rb") as f:
            data = f.read()
        return None if data == b"<timeout>\n" else data
    with tempfile.TemporaryDirectory() as work:
        with open(prog, "rb") as f:
            text = f.read().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
        with open(os.path.join(work, "PROG.BAS"), "wb") as f:
            f.write(text)
        # PC-BASIC prints nothing at all with its input from /dev/null: an empty file.
        with open(os.path.join(work, "INPUT.TXT"), "wb"):
            pass
        try:
            with open(os.path.join(work, "INPUT.TXT"), "rb") as typed:
                run = subprocess.run(["pcbasic", "PROG.BAS", "-n", "-q"], cwd=work,
                                     stdin=typed, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, timeout=timeout)
            data = run.stdout.replace(b"\r\n", b"\n")
        except subprocess.TimeoutExpired:
            data = None
    with open(cached, "wb") as f:
        f.write(b"<timeout>\n" if data is None else data)
    return data


def amazing_output(prog, amazing, timeout):
    try:
        run = subprocess.run([amazing, "basic", prog], stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             timeout=timeout)
        return run.stdout.replace(b"\r\n", b"\n")
    except subprocess.TimeoutExpired:
        return b"<timeout>\n"


def left_out(prog):
    """Why the program is not compared, or None."""
    with open(prog, "rb") as f:
        text = f.read().upper()
    # A zero with a non-zero exponent (0E22, 000.000E22): PC-BASIC reads a tiny non-zero.
    if re.search(rb"(?<![0-9A-Z.])[+-]?0*\.?0+E[+-]?0*[1-9]", text):
        return "0E22"
    return None


def first_difference(a, b):
    la, lb = a.split(b"\n"), b.split(b"\n")
    for k in range(max(len(la), len(lb))):
        x = la[k] if k < len(la) else b"<end>"
        y = lb[k] if k < len(lb) else b"<end>"
        if x != y:
            return k + 1, x, y
    return 0, b"", b""


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--amazing",
                        default=os.path.join(here, "..", "..", "..", "build", "src", "cli",
                                             "amazing"))
    parser.add_argument("--cache")
    parser.add_argument("--only", help="comma-separated names (P001,P002)")
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()

    cache = args.cache or os.path.join(args.folder, "pcbasic-out")
    os.makedirs(cache, exist_ok=True)
    names = sorted(n for n in os.listdir(args.folder) if re.fullmatch(r"P\d{3}\.BAS", n))
    if args.only:
        wanted = {w.strip().upper() for w in args.only.split(",")}
        names = [n for n in names if n[:-4] in wanted]
    progs = [os.path.join(args.folder, n) for n in names]

    skipped, unfinished, same, differ = [], [], [], []
    compared = []
    for prog in progs:
        why = left_out(prog)
        if why:
            skipped.append((os.path.basename(prog), why))
        else:
            compared.append(prog)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        truths = list(pool.map(lambda p: pcbasic_output(p, cache, args.timeout), compared))
    for prog, truth in zip(compared, truths):
        name = os.path.basename(prog)[:-4]
        if truth is None:
            unfinished.append(name)
            continue
        ours = amazing_output(prog, args.amazing, args.timeout)
        if ours == truth:
            same.append(name)
        else:
            line, x, y = first_difference(truth, ours)
            differ.append(name)
            print(f"{name} differs at line {line}: pcbasic {x[:70]!r} amazing {y[:70]!r}")
    for name, why in skipped:
        print(f"{name[:-4]} left out ({why})")
    for name in unfinished:
        print(f"{name} PC-BASIC did not finish")
    finished = len(same) + len(differ)
    print(f"same: {len(same)} of {finished} PC-BASIC finished; differ: {len(differ)}; "
          f"left out: {len(skipped)}; PC-BASIC unfinished: {len(unfinished)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
