#!/usr/bin/env python3
"""Two builds of pygate against each other and against the parse floor, in
one invocation, interleaved round by round (floor, then the old build, then
the new), so that the VM's drift over minutes falls on all three alike; each
ratio is the median of the rounds' own ratios.

    bench/compare_builds.py OLD_BUILD_DIR NEW_BUILD_DIR [CORPUS] [--rounds N] [--jobs N]

A build directory holds `pygate` and `pygate-parse-floor` (the floor is the
new build's). Prints the medians; writes nothing."""

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path


def timed(argv):
    start = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if done.returncode not in (0, 1, 3):
        sys.exit(f"compare_builds: {argv[0]} exited {done.returncode}")
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("corpus", nargs="?", default="/usr/lib/python3.11")
    parser.add_argument("--rounds", type=int, default=16)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    old, new = Path(args.old) / "pygate", Path(args.new) / "pygate"
    floor = Path(args.new) / "pygate-parse-floor"
    for binary in (old, new, floor):
        if not binary.exists():
            sys.exit(f"compare_builds: missing {binary}")
    check = ["check", "--jobs", str(args.jobs), "--format", "json", "--fail-on", "never", "--output", "/dev/null",
             args.corpus]
    timed([str(new), *check])  # warm the page cache
    rows = []
    for _ in range(args.rounds):
        f = timed([str(floor), "--jobs", str(args.jobs), args.corpus])
        a = timed([str(old), *check])
        b = timed([str(new), *check])
        rows.append((f, a, b))
    median = statistics.median
    print(f"corpus {args.corpus}, --jobs {args.jobs}, {args.rounds} interleaved rounds")
    print(f"floor {median(r[0] for r in rows):.3f} s, old {median(r[1] for r in rows):.3f} s, "
          f"new {median(r[2] for r in rows):.3f} s")
    print(f"old / floor {median(r[1] / r[0] for r in rows):.3f}x")
    print(f"new / floor {median(r[2] / r[0] for r in rows):.3f}x")
    print(f"new / old   {median(r[2] / r[1] for r in rows):.3f}x")


if __name__ == "__main__":
    main()
