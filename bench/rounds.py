#!/usr/bin/env python3
"""Times commands in turn, round after round (bench/compare.sh, bench/corpora.sh).

Usage: rounds.py OUT.json RUNS WARMUP [NAME ARGC ARG...]...

Each command is its name, the number of its arguments, then the arguments
(the program first). Every round runs every command once, in the order
given, with its output discarded; the first WARMUP rounds are not timed.
OUT.json gets {NAME: [seconds of each timed round]}. A command that fails
stops the script with its name.

Why rounds: on a shared VM the machine's speed drifts by several percent
within a minute. Timing one command's runs in a block and then the next
command's puts that drift into their ratio; within a round the commands
see the same machine, so a ratio taken round by round cancels it.
"""
import json
import subprocess
import sys
import time


def parse_commands(words):
    commands = {}
    while words:
        name, count, words = words[0], int(words[1]), words[2:]
        commands[name], words = words[:count], words[count:]
    return commands


def main():
    out, runs, warmup = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    commands = parse_commands(sys.argv[4:])
    times = {name: [] for name in commands}
    for round_number in range(warmup + runs):
        for name, argv in commands.items():
            start = time.perf_counter()
            done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            elapsed = time.perf_counter() - start
            if done.returncode != 0:
                sys.exit(f"rounds.py: {name} exited with status {done.returncode}: {' '.join(argv)}")
            if round_number >= warmup:
                times[name].append(elapsed)
    with open(out, "w") as file:
        json.dump(times, file)


if __name__ == "__main__":
    main()
