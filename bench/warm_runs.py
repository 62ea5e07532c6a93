#!/usr/bin/env python3
"""Warm runs against cold runs and a bare interpreter, in one invocation.

1. The three-line pandas program through `Gate.run` under data_processing:
   warm (forked from the server's template), cold (`warm=False`) and bare
   `python3 -I` of the same file, p50 and p90 end to end.
2. `print(1)` warm and cold.
3. Warm pandas runs per second from 4 client threads.
4. The fork floor: what one fork of an interpreter holding numpy and pandas
   costs on this machine (the parent's CPU time, and the child's, which
   exits at once), the part of a warm run no template can avoid.
5. The template's RSS and PSS, and the PSS 8 concurrent warm runs add
   (each sleeping while its memory is read; needs root to read their /proc).
   The server runs with --max-runs 8.

Usage: bench/warm_runs.sh [--warm N] [--cold N] [--seconds S]
(PYGATE: the binary, default build/release/pygate)
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python" / "src"))

import pygate  # noqa: E402
from process_tree import descendants, memory_kb, parent_of  # noqa: E402

PANDAS = "import pandas as pd\ndf = pd.DataFrame({'a': [1, 2, 3]})\nprint(df['a'].sum())\n"


def percentile(samples, q):
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def timed(call, count):
    samples = []
    for _ in range(count):
        start = time.perf_counter()
        call()
        samples.append((time.perf_counter() - start) * 1000.0)
    return samples


def describe(name, samples):
    return f"{name}: p50 {percentile(samples, 0.5):.1f} ms, p90 {percentile(samples, 0.9):.1f} ms ({len(samples)} runs)"


FORK_FLOOR = """
import gc, os, resource, time
import numpy, pandas
gc.freeze()
def cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return (usage.ru_utime + usage.ru_stime) * 1000
parent, child = [], []
for _ in range(20):
    before = cpu()
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    parent.append(cpu() - before)
    _, _, usage = os.wait4(pid, 0)
    child.append((usage.ru_utime + usage.ru_stime) * 1000)
parent.sort(); child.sort()
print(f"{parent[10]:.1f} {child[10]:.1f}")
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--warm", type=int, default=100)
    parser.add_argument("--cold", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    binary = os.environ.get("PYGATE", str(ROOT / "build" / "release" / "pygate"))
    print(f"warm_runs: {os.cpu_count()} cores, {time.strftime('%Y-%m-%d')}, {binary}")

    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "pandas3.py"
        script.write_text(PANDAS)
        bare = timed(lambda: subprocess.run(["/usr/bin/python3", "-I", str(script)], check=True,
                                            stdout=subprocess.DEVNULL), args.cold)

        floor = subprocess.run(["/usr/bin/python3", "-I", "-c", FORK_FLOOR], check=True, capture_output=True,
                               text=True, env={"OPENBLAS_NUM_THREADS": "1", "PATH": "/usr/bin:/bin"}).stdout.split()

    with pygate.Gate(profile="data_processing", binary=binary, max_runs=8) as gate:
        first = gate.run(PANDAS)
        assert first.ok and first.warm, (first.status, first.warm_unavailable)

        def warm_pandas():
            result = gate.run(PANDAS)
            assert result.ok and result.warm, result.warm_unavailable

        def cold_pandas():
            result = gate.run(PANDAS, warm=False)
            assert result.ok and not result.warm

        warm = timed(warm_pandas, args.warm)
        cold = timed(cold_pandas, args.cold)
        warm_print = timed(lambda: gate.run("print(1)\n"), args.warm)
        cold_print = timed(lambda: gate.run("print(1)\n", warm=False), args.cold)

        # Throughput: 4 threads, warm pandas runs, for a fixed time.
        done = []
        stop = time.monotonic() + args.seconds

        def client():
            count = 0
            while time.monotonic() < stop:
                warm_pandas()
                count += 1
            done.append(count)

        threads = [threading.Thread(target=client) for _ in range(4)]
        started = time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        rate = sum(done) / (time.monotonic() - started)

        # Memory: the template, then 8 concurrent warm runs sleeping.
        # The server is this process's child running `pygate serve`; the
        # template is the interpreter its template worker started, and the
        # template's own children are the spare and the runs.
        servers = [pid for pid, command in descendants(os.getpid()) if b"serve" in command]
        server = servers[0] if servers else None
        tree = descendants(server) if server else []
        workers = {pid for pid, command in tree if b"serve-template-worker" in command}
        templates = [pid for pid, _ in tree if parent_of(pid) in workers]
        template_rss = sum(memory_kb(pid, "Rss") for pid in templates)
        template_pss = sum(memory_kb(pid, "Pss") for pid in templates)
        spares = [pid for pid, _ in tree if parent_of(pid) in templates]
        sleepers = [threading.Thread(target=lambda: gate.run("import time\ntime.sleep(3)\n")) for _ in range(8)]
        for thread in sleepers:
            thread.start()
        time.sleep(1.5)
        children = [pid for pid, _ in descendants(server) if parent_of(pid) in templates and pid not in spares]
        added_pss = sum(memory_kb(pid, "Pss") for pid in children)
        for thread in sleepers:
            thread.join()

    print(describe("pandas, warm Gate.run", warm))
    print(describe("pandas, cold Gate.run", cold))
    print(describe("pandas, bare python3 -I", bare))
    print(f"  warm is {percentile(cold, 0.5) / percentile(warm, 0.5):.1f}x faster than cold (p50)")
    print(describe("print(1), warm Gate.run", warm_print))
    print(describe("print(1), cold Gate.run", cold_print))
    print(f"warm pandas runs per second, 4 threads: {rate:.0f}")
    print(f"fork floor (numpy and pandas imported, median of 20): parent {floor[0]} ms CPU, "
          f"child that exits at once {floor[1]} ms CPU")
    print(f"template: RSS {template_rss / 1024:.1f} MiB, PSS {template_pss / 1024:.1f} MiB "
          f"({len(templates)} template, {len(spares)} spare child)")
    print(f"8 concurrent warm runs add PSS {added_pss / 1024:.1f} MiB in all ({len(children)} processes)")


if __name__ == "__main__":
    main()
