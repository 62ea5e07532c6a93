#!/usr/bin/python3
"""Throughput of pygate.dask.scan on one machine against a local pygate check,
for sizing a cluster (docs/python.md, "Dask").

Usage: bench/dask_scan.py [FOLDER] [--runs N] [--workers N] [--partition-size N]
  FOLDER defaults to /usr/lib/python3.11; PYGATE (default build/release/pygate)
  is the binary.

Times, each the median of N runs (default 3): `pygate check --format json` of
FOLDER (all cores); pygate.dask.scan of FOLDER on a LocalCluster of WORKERS
single-threaded worker processes (default 2) that is already running, and the
same with client=None (the cluster started and closed within the call). Each
Dask report is compared with the local one, entry for entry. Beside the wall
time, the CPU time of every process involved (this one, the cluster's, their
pygate processes), which says more than the wall time on a busy machine.
"""

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python" / "src"))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder", nargs="?", default="/usr/lib/python3.11")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--partition-size", type=int, default=64)
    args = parser.parse_args()
    binary = os.path.abspath(os.environ.get("PYGATE", ROOT / "build" / "release" / "pygate"))
    os.environ["PYGATE"] = binary
    os.environ["PYTHONPATH"] = str(ROOT / "python" / "src")

    import psutil
    import pygate.dask
    from distributed import Client, LocalCluster

    def cpu_of_this_tree():
        """CPU seconds of this process, its live descendants (the cluster's
        processes and their pygate serve) and its reaped children."""
        total = 0.0
        for process in [psutil.Process(), *psutil.Process().children(recursive=True)]:
            try:
                times = process.cpu_times()
                total += times.user + times.system
            except psutil.NoSuchProcess:
                pass
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        return total + children.ru_utime + children.ru_stime

    def local():
        start, cpu = time.perf_counter(), cpu_of_this_tree()
        out = subprocess.run([binary, "check", "--format", "json", "--fail-on", "never", "--no-progress",
                              args.folder], capture_output=True, check=True).stdout
        return (time.perf_counter() - start, cpu_of_this_tree() - cpu), json.loads(out)

    local_times = []
    for _ in range(args.runs):
        seconds, reference = local()
        local_times.append(seconds)
    files = reference["summary"]["files"]

    def on_dask(client):
        with tempfile.TemporaryDirectory() as folder:
            output = Path(folder) / "report.json"
            start, cpu = time.perf_counter(), cpu_of_this_tree()
            pygate.dask.scan([args.folder], "safe_eval", client, output=output, partition_size=args.partition_size)
            seconds = (time.perf_counter() - start, cpu_of_this_tree() - cpu)
            report = json.loads(output.read_text())
        assert report["files"] == reference["files"] and report["summary"] == reference["summary"]
        return seconds

    with LocalCluster(n_workers=args.workers, processes=True, threads_per_worker=1,
                      dashboard_address=":0") as cluster, Client(cluster) as client:
        on_dask(client)  # the workers' first import and gate start, not counted
        running = [on_dask(client) for _ in range(args.runs)]
    started = [on_dask(None) for _ in range(args.runs)] if args.workers == 2 else []

    def line(name, runs, with_cpu=True):
        wall = statistics.median(run[0] for run in runs)
        cpu = statistics.median(run[1] for run in runs)
        print(f"{name:58} {wall:7.3f} s  {files / wall:6.0f} files/s" +
              (f"  CPU {cpu:6.2f} s  {files / cpu:6.0f} files per CPU second" if with_cpu else ""))

    print(f"{files} files in {args.folder}, median of {args.runs} runs")
    line("pygate check --format json (all cores)", local_times)
    line(f"pygate.dask.scan, running LocalCluster of {args.workers} workers", running)
    if started:
        # The CPU of a cluster's processes that have ended is not all seen here: wall time only.
        line("pygate.dask.scan, client=None (cluster started and closed)", started, with_cpu=False)


if __name__ == "__main__":
    main()
