#!/usr/bin/python3
"""What a warm run shares with its template, in memory: for each profile
that preloads modules, a `pygate serve` (as root, as the tests run it) runs
one warm run that prints its pid and sleeps, and /proc/PID/smaps_rollup of
the template and of the run are read while it sleeps.

    bench/warm_memory.py build/release/pygate

Prints, per profile, the template's resident and proportional memory, and
the run's resident memory split into what it shares (with the template, the
preloaded modules' pages) and what is its own (docs/runner.md#warm-runs).
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

PROGRAM = "import os, time\nprint(os.getpid(), flush=True)\ntime.sleep(2)\n"


def rollup(pid):
    sizes = {}
    with open(f"/proc/{pid}/smaps_rollup") as lines:
        for line in lines:
            parts = line.split()
            if len(parts) == 3 and parts[2] == "kB":
                sizes[parts[0].rstrip(":")] = int(parts[1])
    return sizes


def parent_of(pid):
    with open(f"/proc/{pid}/stat") as stat:
        return int(stat.read().rsplit(")", 1)[1].split()[1])


def measure(binary, profile):
    temp = tempfile.mkdtemp(prefix="pygate-warm-memory-")
    os.chmod(temp, 0o755)
    server = subprocess.Popen([binary, "serve", "--unsafe-skip-gate", "--profile", profile], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, env={**os.environ, "TMPDIR": temp}, bufsize=0)
    try:
        server.stdout.readline()  # hello
        server.stdin.write(json.dumps({"id": 1, "op": "run", "code": "print(1)"}).encode() + b"\n")
        first = json.loads(server.stdout.readline())["result"]
        assert first["warm"], first.get("warm_unavailable")
        server.stdin.write(json.dumps({"id": 2, "op": "run", "code": PROGRAM, "stream": True}).encode() + b"\n")
        pid = int(json.loads(server.stdout.readline())["data"].split()[0])
        template, run = rollup(parent_of(pid)), rollup(pid)
        server.stdout.readline()  # the run's answer
    finally:
        server.stdin.close()
        server.wait()
        shutil.rmtree(temp, ignore_errors=True)
    mib = lambda kb: kb / 1024  # noqa: E731
    shared = run["Shared_Clean"] + run["Shared_Dirty"]
    own = run["Private_Clean"] + run["Private_Dirty"]
    print(f"{profile}: template {mib(template['Rss']):.0f} MiB resident ({mib(template['Pss']):.0f} MiB "
          f"proportional); a warm run {mib(run['Rss']):.0f} MiB resident, {mib(shared):.0f} MiB shared, "
          f"{mib(own):.0f} MiB its own")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: bench/warm_memory.py PYGATE")
    for profile in ("data_processing", "plotting"):
        measure(os.path.abspath(sys.argv[1]), profile)


if __name__ == "__main__":
    main()
