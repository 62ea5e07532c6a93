#!/usr/bin/env python3
"""Latency and throughput of `check` through the Python package's Gate (one
`pygate serve`), against spawning `pygate check` per call and against
Bandit's Python API, on the same 40-line file; and the server's RSS after
1,000 and after 100,000 checks.

Usage: bench/serve_latency.sh [--calls N]   (PYGATE: the binary, default build/release/pygate)
       bench/serve_latency.sh --before OLD_BINARY [--blocks N] [--calls N]
           Gate.check's p50 through one server of each binary, in alternating
           blocks of N calls (the machine's drift falls on both alike); only that.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python" / "src"))

import pygate  # noqa: E402

# A typical 40-line program of the kind an agent writes: allowed by safe_eval.
FORTY_LINES = '''"""Summaries of a list of readings."""
import math
import statistics
from collections import Counter


def clean(values):
    return [float(v) for v in values if v is not None and not math.isnan(float(v))]


def describe(values):
    values = clean(values)
    if not values:
        return {"count": 0}
    ordered = sorted(values)
    middle = len(ordered) // 2
    return {
        "count": len(values),
        "mean": statistics.fmean(values),
        "median": ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2,
        "stdev": statistics.pstdev(values),
        "min": ordered[0],
        "max": ordered[-1],
    }


def histogram(values, bins=5):
    values = clean(values)
    low, high = min(values), max(values)
    width = (high - low) / bins or 1.0
    counts = Counter(min(int((v - low) / width), bins - 1) for v in values)
    return [counts.get(i, 0) for i in range(bins)]


readings = [3.2, 4.8, None, 5.1, 2.9, 7.4, 6.6, float("nan"), 4.4, 5.9]
summary = describe(readings)
for key, value in summary.items():
    print(f"{key:>6}: {value}")
print("histogram:", histogram(readings))
print("done")
'''
assert FORTY_LINES.count("\n") == 40


def percentiles(samples_ns):
    ordered = sorted(samples_ns)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))] / 1e6  # noqa: E731
    return pick(0.50), pick(0.99)


def timed(call, count):
    samples = []
    for _ in range(count):
        start = time.perf_counter_ns()
        call()
        samples.append(time.perf_counter_ns() - start)
    return samples


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def pipelined_checks(binary, count, jobs=None):
    """Checks per second of one server fed by a pipelining client, and its RSS
    after the first 1,000 and after all `count` checks."""
    argv = [binary, "serve"] + (["--jobs", str(jobs)] if jobs else [])
    server = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=1 << 16)
    server.stdout.readline()
    line = (json.dumps({"id": 0, "op": "check", "code": FORTY_LINES})[:-1]).encode()

    def send(first, last):
        server.stdin.write(b"".join(line[:7] + str(i).encode() + line[8:] + b"}\n" for i in range(first, last)))
        server.stdin.flush()

    def receive(n):
        for _ in range(n):
            answer = server.stdout.readline()
            assert b'"decision":"allow"' in answer, answer[:200]

    send(0, 1000)
    receive(1000)
    rss_1k = rss_kb(server.pid)
    start = time.perf_counter()
    writer = threading.Thread(target=lambda: [send(i, min(i + 1000, count)) for i in range(1000, count, 1000)])
    writer.start()
    receive(count - 1000)
    elapsed = time.perf_counter() - start
    writer.join()
    rss_all = rss_kb(server.pid)
    server.stdin.close()
    server.wait()
    return (count - 1000) / elapsed, rss_1k, rss_all


def against_before(before, after, blocks, calls):
    """Gate.check's p50 of two binaries, one server each, block by block in turn."""
    samples = {before: [], after: []}
    gates = {binary: pygate.Gate(binary=binary) for binary in samples}
    try:
        for gate in gates.values():
            assert gate.check(FORTY_LINES).allowed
            for _ in range(200):
                gate.check(FORTY_LINES)
        for _ in range(blocks):
            for binary, gate in gates.items():
                samples[binary] += timed(lambda: gate.check(FORTY_LINES), calls)
    finally:
        for gate in gates.values():
            gate.close()
    print(f"serve_latency: {os.cpu_count()} cores, {time.strftime('%Y-%m-%d')}, Gate.check of a 40-line file, "
          f"{blocks} alternating blocks of {calls} calls per binary")
    for name, binary in (("before", before), ("after", after)):
        p50, p99 = percentiles(samples[binary])
        print(f"{name:7} {binary}: p50 {p50:.3f} ms, p99 {p99:.3f} ms")
    print(f"after / before p50: {percentiles(samples[after])[0] / percentiles(samples[before])[0]:.3f}x")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", help="an older binary: compare Gate.check's p50 with it, and nothing else")
    parser.add_argument("--blocks", type=int, default=10)
    parser.add_argument("--calls", type=int, default=10_000)
    parser.add_argument("--spawn-calls", type=int, default=1_000)
    parser.add_argument("--bandit-calls", type=int, default=300)
    parser.add_argument("--rss-checks", type=int, default=100_000)
    args = parser.parse_args()
    binary = os.environ.get("PYGATE", str(ROOT / "build" / "release" / "pygate"))
    os.environ["PYGATE"] = binary
    if args.before:
        against_before(args.before, binary, args.blocks, args.calls if args.calls != 10_000 else 500)
        return

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "readings.py"
        path.write_text(FORTY_LINES)

        with pygate.Gate() as gate:
            assert gate.check(FORTY_LINES).allowed
            for _ in range(200):
                gate.check(FORTY_LINES)
            gate_ns = timed(lambda: gate.check(FORTY_LINES), args.calls)
            threads, per_thread = 8, max(1, args.calls // 8)
            start = time.perf_counter()
            workers = [threading.Thread(target=lambda: [gate.check(FORTY_LINES) for _ in range(per_thread)])
                       for _ in range(threads)]
            for worker in workers:
                worker.start()
            for worker in workers:
                worker.join()
            gate_rate = threads * per_thread / (time.perf_counter() - start)

        spawn_ns = timed(lambda: subprocess.run([binary, "check", "--format", "json", "--fail-on", "never",
                                                 str(path)], capture_output=True, check=True), args.spawn_calls)

        bandit_ns = None
        try:
            from bandit.core import config as bandit_config, manager as bandit_manager

            def bandit_once():
                manager = bandit_manager.BanditManager(bandit_config.BanditConfig(), "file", quiet=True)
                manager.discover_files([str(path)])
                manager.run_tests()

            bandit_once()
            bandit_ns = timed(bandit_once, args.bandit_calls)
        except ImportError:
            pass

    rate, rss_1k, rss_all = pipelined_checks(binary, args.rss_checks)
    cores = os.cpu_count()
    print(f"serve_latency: {cores} cores, {time.strftime('%Y-%m-%d')}, pygate {pygate.__version__}, "
          f"check of a 40-line file (allowed by safe_eval)")
    rows = [("Gate.check (pygate serve)", gate_ns), ("spawn pygate check per call", spawn_ns)]
    if bandit_ns:
        rows.append(("Bandit API (BanditManager)", bandit_ns))
    print(f"{'':32} {'calls':>7} {'p50 ms':>9} {'p99 ms':>9} {'mean ms':>9}")
    for name, samples in rows:
        p50, p99 = percentiles(samples)
        print(f"{name:32} {len(samples):>7} {p50:>9.3f} {p99:>9.3f} {statistics.fmean(samples) / 1e6:>9.3f}")
    gate_p50 = percentiles(gate_ns)[0]
    print(f"p50 ratio: spawn / Gate.check = {percentiles(spawn_ns)[0] / gate_p50:.1f}x"
          + (f", Bandit / Gate.check = {percentiles(bandit_ns)[0] / gate_p50:.1f}x" if bandit_ns else ""))
    print(f"throughput: Gate.check from 8 threads {gate_rate:,.0f} checks/s; "
          f"a pipelining client {rate:,.0f} checks/s")
    print(f"server RSS: {rss_1k / 1024:.1f} MiB after 1,000 checks, {rss_all / 1024:.1f} MiB after "
          f"{args.rss_checks:,} ({(rss_all - rss_1k) / 1024:+.1f} MiB)")


if __name__ == "__main__":
    main()
