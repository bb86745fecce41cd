#!/usr/bin/env python3
"""PC-BASIC's outputs for the conformance cases: recorded in the repository, plus a live sample.

Every engine's conformance test (native, Lua, built-in BASIC) reads the same outputs. Running
PC-BASIC ~750 times takes ~25 minutes, so its outputs for the fixed case list are recorded in
tests/conformance/recorded/ (manifest.tsv plus one file per case, byte for byte) and only a
small fresh sample runs live on each test run.

  oracle.py --record [--cache DIR]
      Re-records: runs PC-BASIC only for the cases whose key (program text, seed, typed lines)
      changed or that have no recording, and removes the recordings of cases that are gone.
      --cache DIR reuses outputs of an older oracle run (DIR/<key>.txt) instead of PC-BASIC.
  oracle.py --check --out OUT          (the CTest fixture oracle.recorded)
      Checks that the recordings cover the case list and are not stale, and writes
      OUT/manifest.tsv for the engines' tests. No PC-BASIC needed. Fails on a missing or stale
      recording, naming the command that re-records.
  oracle.py --live --out OUT           (the CTest fixture oracle.live)
      Runs PC-BASIC on a small fresh sample (AMAZING_ORACLE_SAMPLE cases, default 8: random
      sizes 2..26 x 2..40 and seeds across the three listings) drawn with a printed seed
      (AMAZING_ORACLE_SAMPLE_SEED repeats a draw) and writes OUT/live.tsv, which the engines'
      tests read too. Without PC-BASIC or the listings, or with AMAZING_ORACLE_SAMPLE=0, it
      exits 77 (CTest: Skipped) with the reason, or 1 when AMAZING_REQUIRE_ORACLE=1.
"""

import argparse
import concurrent.futures
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE_ROOT = os.path.dirname(os.path.dirname(HERE))
DEFAULT_RECORDED = os.path.join(HERE, "recorded")
DEFAULT_ROMS = os.path.join(os.path.dirname(SOURCE_ROOT), "shared", "roms")
DEFAULT_PROGRAMS = os.path.join(SOURCE_ROOT, "tests", "basic", "programs")
RECORD_COMMAND = "tests/conformance/oracle.py --record"
SKIP = 77  # CTest SKIP_RETURN_CODE of oracle.live

LISTINGS = {
    "book": "amazing-book.bas",
    "fixed": "amazing-fixed.bas",
    "fixed-exit": "amazing-fixed-exit.bas",
}
CASES_PER_LISTING = 210
SEP = "\x1f"  # joins the typed lines in OUT's manifests (read by oracle.cpp)
TAB = "\x1e"  # stands for a tab typed in a line there (the manifest is tab-separated)
MAX_OUTPUT = 4 << 20  # bytes of PC-BASIC output accepted per case
MAX_SAMPLE = 200
PCBASIC_TIMEOUT = 300  # seconds per case


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
    # Bad answers the engines once answered each their own way.
    [",12", "3,3"],
    ["3.7,2.2", "3,3"],
    ["2,-1", "3,3"],
    ["4,3,", "3,3"],
    [],
    ["5,1"],
    ["2,40000"],
    ["3,2.5"],
    # INPUT's Overflow warning, and a negative subscript (Illegal function call in 265).
    ["&H10000,2"],
    ["-0.4,3"],
    ["2,-0.4"],
    ["1E40,2"],
    # "Overflow" as each field past a single's range is read, also on a
    # line then redone; a double (1D39) warns again as it is stored.
    ["1E39", "3,3"],
    ["X,1E39", "3,3"],
    ["1E39,1E39,1E39", "2,2"],
    ["1D39,5"],
]


# The edges of GW-BASIC's memory (60300 bytes for program and variables, as PC-BASIC has
# it; core/listing_memory.hpp): (listing, width, length, seed). Line 110's DIM does not
# fit, or a simple variable made after it does not: Out of memory in 110, 160, 165, 195,
# 200, or after the whole walk at 1010 or 1015 (PC-BASIC takes many minutes for those two;
# they were recorded once with `--cache DIR` from a run of their own).
MEMORY_CASES = [
    ("book", 84, 84, None),      # 160 (Q=0)
    ("book", 84, 84, 5),         # 110: the seed's line and S% take the bytes Q needed
    ("book", 100, 100, None),    # 110
    ("book", 32767, 2, None),    # 110
    ("book", 22, 313, None),     # 165 (FOR I)
    ("book", 28, 248, None),     # 195 (C=1)
    ("book", 18, 379, None),     # 200 (R, S)
    ("book", 75, 94, 5),         # 165
    ("fixed", 28, 248, None),    # 195
    ("fixed-exit", 26, 266, None),  # 200
    ("book", 21, 327, 5),        # 1010 (FOR J), after the whole walk
    ("fixed-exit", 54, 130, 5),  # 1015
]


class Case:
    """One run of a program: its id, what it runs, the seed and the typed lines."""

    def __init__(self, case_id, listing, seed, width, length, kind, lines, text):
        self.id = case_id
        self.listing = listing  # "book" | "fixed" | "fixed-exit" | a path relative to SOURCE_ROOT
        self.seed = seed
        self.width = width
        self.length = length
        self.kind = kind  # "maze" | "dialogue" | "memory" | "program"
        self.lines = lines
        self.text = text  # the program text, or None when the listing is not available

    def key(self):
        h = hashlib.sha256()
        h.update(repr((self.text, self.seed, self.lines)).encode("latin-1", "replace"))
        return h.hexdigest()[:32]

    def params(self):
        """What the case is, without the program text: to check recordings without listings."""
        return (self.listing, self.seed, self.width, self.length, self.kind, self.lines)


def read_text(path):
    with open(path, encoding="latin-1") as f:
        return f.read()


def load_listings(roms):
    """{name: text}, or None when one of the three is missing."""
    listings = {}
    for name, filename in LISTINGS.items():
        path = os.path.join(roms, filename)
        if not os.path.isfile(path):
            return None
        listings[name] = read_text(path)
    return listings


def case_list(listings, programs):
    """The fixed cases. listings None: the listing cases carry no text (their keys unknown)."""
    cases = []
    for name in LISTINGS:
        text = listings[name] if listings else None
        for n, (w, l, seed) in enumerate(standard_cases()):
            cases.append(Case("%s/%04d" % (name, n), name, seed, w, l, "maze", ["%d,%d" % (w, l)],
                              text))
        for n, lines in enumerate(DIALOGUES):
            cases.append(Case("%s/dialogue%02d" % (name, n), name, None if n % 2 else 7, 0, 0,
                              "dialogue", lines, text))
        for n, (listing, w, l, seed) in enumerate(MEMORY_CASES):
            if listing == name:
                cases.append(Case("%s/memory%02d" % (name, n), name, seed, w, l, "memory",
                                  ["%d,%d" % (w, l)], text))
    for entry in sorted(os.listdir(programs)):
        if not entry.lower().endswith(".bas"):
            continue
        path = os.path.join(programs, entry)
        lines = []
        inpath = path[:-4] + ".in"
        if os.path.isfile(inpath):
            lines = read_text(inpath).splitlines()
        rel = os.path.relpath(os.path.abspath(path), SOURCE_ROOT)
        cases.append(Case("program/" + entry[:-4], rel, None, 0, 0, "program", lines,
                          read_text(path)))
    return cases


def pcbasic_run(pcbasic, program_text, seed, lines, workdir):
    """What PC-BASIC prints for the program, seed and typed lines (CRLF -> LF)."""
    prog = os.path.join(workdir, "PROG.BAS")
    text = program_text
    if seed is not None:
        # S% is not used by the listings; line 5 runs before their first line (10).
        text = "5 S%%=%d:RANDOMIZE S%%\n" % seed + text
    with open(prog, "w", newline="\n", encoding="latin-1") as f:
        f.write(text)
    stdin_path = os.path.join(workdir, "input.txt")
    with open(stdin_path, "wb") as f:
        # INPUT only completes on CR; the file must reach EOF (not /dev/null).
        f.write("".join(line + "\r" for line in lines).encode("latin-1"))
    with open(stdin_path, "rb") as stdin:
        # TMPDIR: PC-BASIC's own temporary folder goes in workdir, so one killed by the
        # timeout leaves nothing behind in /tmp.
        proc = subprocess.run([pcbasic, prog, "-n", "-q"], stdin=stdin, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, cwd=workdir, timeout=PCBASIC_TIMEOUT,
                              env=dict(os.environ, TMPDIR=workdir))
    if len(proc.stdout) > MAX_OUTPUT:
        raise RuntimeError("PC-BASIC printed more than %d bytes" % MAX_OUTPUT)
    if proc.returncode < 0:
        raise RuntimeError("PC-BASIC was killed by signal %d" % -proc.returncode)
    if not proc.stdout:  # every case prints something: PC-BASIC did not run it
        raise RuntimeError("PC-BASIC printed nothing (exit status %d)" % proc.returncode)
    return proc.stdout.replace(b"\r\n", b"\n")


def run_all(pcbasic, cases, jobs):
    """{case id: output bytes} for every case, PC-BASIC on `jobs` workers; raises on a failure."""
    outputs = {}
    failures = []

    def work(case):
        with tempfile.TemporaryDirectory(prefix="amazing-oracle-") as tmp:
            return pcbasic_run(pcbasic, case.text, case.seed, case.lines, tmp)

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(work, c): c for c in cases}
        for fut in concurrent.futures.as_completed(futures):
            try:
                outputs[futures[fut].id] = fut.result()
            except Exception as e:  # a timeout or a crash of PC-BASIC: name the case
                failures.append("%s: %s" % (futures[fut].id, e))
    if failures:
        raise RuntimeError("PC-BASIC failed on %d cases, first: %s" % (len(failures),
                                                                       sorted(failures)[0]))
    return outputs


# recorded/manifest.tsv: one line per case, the columns below; `lines` is a JSON list.
RECORD_COLUMNS = ["id", "listing", "seed", "width", "length", "kind", "lines", "key", "sha256"]


def recording_path(recorded, case_id):
    return os.path.join(recorded, case_id + ".txt")


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def read_recorded_manifest(recorded):
    """{id: row dict}; {} when there is no manifest. Raises ValueError on a malformed line."""
    path = os.path.join(recorded, "manifest.tsv")
    rows = {}
    if not os.path.isfile(path):
        return rows
    with open(path, encoding="utf-8", newline="\n") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            fields = line.split("\t")
            if len(fields) != len(RECORD_COLUMNS):
                raise ValueError("%s line %d: %d fields, expected %d"
                                 % (path, n, len(fields), len(RECORD_COLUMNS)))
            row = dict(zip(RECORD_COLUMNS, fields))
            row["seed"] = None if row["seed"] == "-" else int(row["seed"])
            row["width"], row["length"] = int(row["width"]), int(row["length"])
            row["lines"] = json.loads(row["lines"])
            rows[row["id"]] = row
    return rows


def row_params(row):
    return (row["listing"], row["seed"], row["width"], row["length"], row["kind"], row["lines"])


def record(args):
    pcbasic = shutil.which("pcbasic")
    listings = load_listings(args.roms)
    if listings is None:
        print("oracle.py --record: the three listings are needed in %s" % args.roms)
        return 1
    cases = case_list(listings, args.programs)
    old = read_recorded_manifest(args.recorded)
    outputs = {}
    todo = []
    reused = 0
    for c in cases:
        row = old.get(c.id)
        path = recording_path(args.recorded, c.id)
        if row and row["key"] == c.key() and os.path.isfile(path):
            with open(path, "rb") as f:
                data = f.read()
            if sha256(data) == row["sha256"]:
                outputs[c.id] = data
                continue
        cached = os.path.join(args.cache, c.key() + ".txt") if args.cache else None
        if cached and os.path.isfile(cached) and os.path.getsize(cached) > 0:
            with open(cached, "rb") as f:
                outputs[c.id] = f.read()
            reused += 1
            continue
        todo.append(c)
    print("oracle.py --record: %d cases, %d unchanged, %d from %s, %d to run with PC-BASIC"
          % (len(cases), len(cases) - len(todo) - reused, reused, args.cache, len(todo)))
    if todo:
        if not pcbasic:
            print("pcbasic is not installed (sudo apt-get install python3-pcbasic)")
            return 1
        try:
            outputs.update(run_all(pcbasic, todo, args.jobs))
        except RuntimeError as e:
            print(e)
            return 1
    keep = set()
    for c in cases:
        path = recording_path(args.recorded, c.id)
        keep.add(os.path.abspath(path))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path + ".part", "wb") as f:
            f.write(outputs[c.id])
        os.replace(path + ".part", path)
    removed = 0
    for root, _dirs, files in os.walk(args.recorded, topdown=False):
        for name in files:
            path = os.path.abspath(os.path.join(root, name))
            if name != "manifest.tsv" and path not in keep and root != args.recorded:
                os.remove(path)
                removed += 1
        if root != args.recorded and not os.listdir(root):
            os.rmdir(root)
    manifest = os.path.join(args.recorded, "manifest.tsv")
    with open(manifest + ".part", "w", encoding="utf-8", newline="\n") as f:
        f.write("# PC-BASIC's outputs for the conformance cases; written by %s.\n"
                % RECORD_COMMAND)
        f.write("# " + "\t".join(RECORD_COLUMNS) + "\n")
        for c in cases:
            f.write("\t".join([c.id, c.listing, "-" if c.seed is None else str(c.seed),
                               str(c.width), str(c.length), c.kind,
                               json.dumps(c.lines, ensure_ascii=True), c.key(),
                               sha256(outputs[c.id])]) + "\n")
    os.replace(manifest + ".part", manifest)
    print("oracle.py --record: %d recordings in %s, %d stale ones removed"
          % (len(cases), args.recorded, removed))
    return 0


def manifest_line(case_id, listing, seed, width, length, kind, lines, path):
    if lines == [""]:  # oracle.cpp reads an empty field as no typed line at all
        raise ValueError("%s: a single empty typed line cannot be told from none" % case_id)
    return "\t".join([case_id, listing, "-" if seed is None else str(seed), str(width),
                      str(length), kind, SEP.join(l.replace("\t", TAB) for l in lines),
                      path]) + "\n"


def write_atomically(path, text):
    with open(path + ".part", "w", encoding="latin-1", newline="\n") as f:
        f.write(text)
    os.replace(path + ".part", path)


def check(args):
    """The fixture: the recordings cover the case list; OUT/manifest.tsv lists them."""
    os.makedirs(args.out, exist_ok=True)
    status_path = os.path.join(args.out, "status.txt")
    for stale in ("manifest.tsv", "live.tsv", status_path):
        path = os.path.join(args.out, stale)
        if os.path.exists(path):
            os.remove(path)

    def fail(reason):
        write_atomically(status_path, "failed: " + reason + "\n")
        print("oracle recordings: FAILED: " + reason)
        return 1

    listings = load_listings(args.roms)
    try:
        rows = read_recorded_manifest(args.recorded)
    except (ValueError, json.JSONDecodeError) as e:
        return fail("%s (re-record with %s)" % (e, RECORD_COMMAND))
    cases = case_list(listings, args.programs)
    problems = []
    for c in cases:
        row = rows.get(c.id)
        if row is None:
            problems.append("%s has no recording" % c.id)
        elif row_params(row) != c.params():
            problems.append("%s is stale: its size, seed or typed lines changed" % c.id)
        elif c.text is not None and row["key"] != c.key():
            problems.append("%s is stale: the program text changed" % c.id)
        else:
            path = recording_path(args.recorded, c.id)
            try:
                with open(path, "rb") as f:
                    data = f.read(MAX_OUTPUT + 1)
            except OSError:
                problems.append("%s: the recording %s is missing" % (c.id, path))
                continue
            if sha256(data) != row["sha256"]:
                problems.append("%s: %s is not the recorded bytes (line endings changed? the "
                                "files are -text in .gitattributes)" % (c.id, path))
    ids = {c.id for c in cases}
    for extra in sorted(set(rows) - ids):
        problems.append("%s is recorded but no longer a case" % extra)
    if problems:
        return fail("%d of %d recordings missing or stale, first: %s. Re-record with %s"
                    % (len(problems), len(cases), problems[0], RECORD_COMMAND))
    text = ""
    for c in cases:
        listing = c.listing if c.kind != "program" else os.path.join(SOURCE_ROOT, c.listing)
        text += manifest_line(c.id, listing, c.seed, c.width, c.length, c.kind, c.lines,
                              os.path.abspath(recording_path(args.recorded, c.id)))
    write_atomically(os.path.join(args.out, "manifest.tsv"), text)
    write_atomically(status_path, "ok\n")
    if listings is None:
        print("oracle recordings: the listings are not in %s: the recordings' program text is "
              "not checked, and the BASIC engine's conformance tests skip" % args.roms)
    print("oracle recordings: %d cases recorded and current; %s written"
          % (len(cases), os.path.join(args.out, "manifest.tsv")))
    return 0


def live(args):
    """The fixture: PC-BASIC on a fresh random sample, listed in OUT/live.tsv."""
    require = os.environ.get("AMAZING_REQUIRE_ORACLE") == "1"
    os.makedirs(args.out, exist_ok=True)
    live_path = os.path.join(args.out, "live.tsv")
    if os.path.exists(live_path):
        os.remove(live_path)

    def unavailable(reason):
        write_atomically(live_path, "# skipped: " + reason + "\n")
        if require:
            print("oracle live sample: FAILED (AMAZING_REQUIRE_ORACLE=1): " + reason)
            return 1
        print("oracle live sample: skipped: " + reason)
        return SKIP

    try:
        count = int(os.environ.get("AMAZING_ORACLE_SAMPLE", "8"))
        seed_text = os.environ.get("AMAZING_ORACLE_SAMPLE_SEED", "")
        sample_seed = int(seed_text) if seed_text else random.SystemRandom().randrange(1 << 31)
    except ValueError:
        print("AMAZING_ORACLE_SAMPLE and AMAZING_ORACLE_SAMPLE_SEED must be whole numbers")
        return 1
    if not 0 <= count <= MAX_SAMPLE:
        print("AMAZING_ORACLE_SAMPLE must be 0..%d" % MAX_SAMPLE)
        return 1
    if count == 0:
        return unavailable("AMAZING_ORACLE_SAMPLE=0")
    pcbasic = shutil.which("pcbasic")
    if not pcbasic:
        return unavailable("pcbasic is not installed (sudo apt-get install python3-pcbasic)")
    listings = load_listings(args.roms)
    if listings is None:
        return unavailable("the listings are not in %s" % args.roms)
    rng = random.Random(sample_seed)
    names = list(LISTINGS)
    cases = []
    for n in range(count):
        name = names[n % len(names)]
        w, l = rng.randint(2, 26), rng.randint(2, 40)
        seed = rng.randint(-32768, 32767)
        cases.append(Case("%s/live%02d" % (name, n), name, seed, w, l, "maze",
                          ["%d,%d" % (w, l)], listings[name]))
    print("oracle live sample: %d cases, sample seed %d (AMAZING_ORACLE_SAMPLE_SEED=%d "
          "draws them again): %s" % (count, sample_seed, sample_seed,
                                      ", ".join("%s %dx%d seed %d" % (c.id, c.width, c.length,
                                                                       c.seed) for c in cases)))
    try:
        outputs = run_all(pcbasic, cases, args.jobs)
    except RuntimeError as e:
        write_atomically(live_path, "# failed: %s\n" % e)
        print("oracle live sample: FAILED: %s" % e)
        return 1
    folder = os.path.join(args.out, "live")
    os.makedirs(folder, exist_ok=True)
    text = "# sample seed %d\n" % sample_seed
    for n, c in enumerate(cases):
        path = os.path.join(folder, "%02d.txt" % n)
        with open(path, "wb") as f:
            f.write(outputs[c.id])
        text += manifest_line(c.id, c.listing, c.seed, c.width, c.length, c.kind, c.lines,
                              os.path.abspath(path))
    write_atomically(live_path, text)
    print("oracle live sample: ready in %s" % live_path)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--record", action="store_true", help="re-record tests/conformance/recorded")
    mode.add_argument("--check", action="store_true", help="check the recordings, write OUT")
    mode.add_argument("--live", action="store_true", help="run the live sample into OUT")
    ap.add_argument("--roms", default=DEFAULT_ROMS, help="folder with the three listings")
    ap.add_argument("--programs", default=DEFAULT_PROGRAMS,
                    help="folder of extra NAME.bas (+ NAME.in) test programs")
    ap.add_argument("--recorded", default=DEFAULT_RECORDED, help="the recordings' folder")
    ap.add_argument("--out", help="where the engines' tests read manifest.tsv and live.tsv")
    ap.add_argument("--cache", help="--record: an old oracle cache folder of <key>.txt to reuse")
    ap.add_argument("--jobs", type=int, default=max(2, os.cpu_count() or 2))
    args = ap.parse_args()
    args.recorded = os.path.abspath(args.recorded)
    if not 1 <= args.jobs <= 64:
        ap.error("--jobs must be 1..64")
    if args.record:
        return record(args)
    if not args.out:
        ap.error("--check and --live need --out")
    return check(args) if args.check else live(args)


if __name__ == "__main__":
    sys.exit(main())
